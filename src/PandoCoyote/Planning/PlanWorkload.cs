using System.Globalization;
using System.Text;
using PandoCoyote.Shared.Network;

namespace PandoCoyote.Planning;

/// <summary>What the planner minimizes.</summary>
public enum PlanObjective
{
    /// <summary>Cost per hour, within the SLOs.</summary>
    Cost,
    /// <summary>The worst client site's GET latency, within the PUT SLO, the overhead and the budget.</summary>
    GetLatency,
    /// <summary>The worst client site's PUT latency, within the GET SLO, the overhead and the budget.</summary>
    PutLatency,
}

/// <summary>Bad planner input: the message names the parameter and the rule it breaks.</summary>
public sealed class PlanInputException(string message) : ArgumentException(message);

/// <summary>
/// What a deployment must serve (LEGOStore brief §10.3, Table 4): a group of <see cref="Objects"/> keys of
/// <see cref="ObjectBytes"/> each, <see cref="Rate"/> requests per second in all with a fraction
/// <see cref="ReadRatio"/> of GETs, coming from data center i with weight <see cref="Clients"/>[i]; latency SLOs for
/// GET and PUT (worst case over the client sites, the papers' proxy for a tail), and <see cref="F"/> data-center
/// failures to tolerate. <see cref="Candidates"/> are the data centers that may hold data.
/// </summary>
public sealed record PlanWorkload(double ObjectBytes, double ReadRatio, double Rate, IReadOnlyList<double> Clients,
    double GetSloMs, double PutSloMs, int F, double Objects = 1, double MetadataBytes = 100, IReadOnlyList<int>? Candidates = null,
    double MaxOverhead = double.PositiveInfinity)
{
    /// <summary>What to minimize: cost (LEGOStore's objective), or the worst-site GET or PUT latency within the other bounds (Pando's ConfigManager bounds two of latency, latency and cost and optimizes the third).</summary>
    public PlanObjective Minimize { get; init; } = PlanObjective.Cost;

    /// <summary>Only this code dimension (k for CAS and Pando, x for RS-Paxos; ABD is k = 1), or null for any.</summary>
    public int? FixedK { get; init; }

    /// <summary>Largest cost allowed, $/hour (used when minimizing a latency).</summary>
    public double BudgetPerHour { get; init; } = double.PositiveInfinity;

    /// <summary>The data centers that may hold data (all nine by default).</summary>
    public IReadOnlyList<int> Dcs => Candidates ?? [.. Enumerable.Range(0, PriceTable.Count)];

    /// <summary>The client data centers (weight above zero).</summary>
    public IEnumerable<int> ClientDcs => Enumerable.Range(0, Clients.Count).Where(i => Clients[i] > 0);

    /// <summary>GETs per second from data center <paramref name="i"/>.</summary>
    public double GetRate(int i) => Rate * Clients[i] * ReadRatio;

    /// <summary>PUTs per second from data center <paramref name="i"/>.</summary>
    public double PutRate(int i) => Rate * Clients[i] * (1 - ReadRatio);

    /// <summary>Whether the GET SLO applies (some GETs are issued).</summary>
    public bool HasGets => ReadRatio > 0;

    /// <summary>Whether the PUT SLO applies (some PUTs are issued).</summary>
    public bool HasPuts => ReadRatio < 1;

    /// <summary>Client weights with an equal share at each of <paramref name="dcs"/> (data-center indices) and none elsewhere.</summary>
    public static double[] EqualShares(IReadOnlyCollection<int> dcs)
    {
        var w = new double[PriceTable.Count];
        foreach (var i in dcs) w[i] = 1.0 / dcs.Count;
        return w;
    }

    /// <summary>Client weights with an equal share at each named data center (names as in <see cref="Geo.Sites"/>).</summary>
    public static double[] EqualShares(params string[] names) => EqualShares([.. names.Select(Geo.Index)]);

    /// <summary>Client weights spread evenly over all nine data centers.</summary>
    public static double[] Everywhere => EqualShares([.. Geo.Sites]);

    /// <summary>The parameters <see cref="Parse"/> accepts, with their meaning.</summary>
    public static readonly IReadOnlyList<(string Key, string About)> Keys =
    [
        ("size", "object size in bytes; suffixes B, KB, MB (binary: 1 KB = 1024 B); default 1KB"),
        ("reads", "fraction of requests that are GETs, 0..1, or HR (30:1), RW (1:1), HW (1:30); default RW"),
        ("rate", "requests per second for the whole group of objects; default 200"),
        ("clients", "where requests come from: Tokyo, Sydney+Tokyo (equal shares), Tokyo:0.7,Sydney:0.3, or all; default all"),
        ("slo", "both latency SLOs in ms (get-slo and put-slo set each one); default 1000"),
        ("get-slo", "GET latency SLO in ms, worst client site"),
        ("put-slo", "PUT latency SLO in ms, worst client site"),
        ("f", "data-center failures to tolerate; default 1"),
        ("objects", "number of objects of this shape sharing the deployment (storage); default 1"),
        ("metadata", "bytes of protocol metadata per message (tag, ballot, ids); default 100"),
        ("dcs", "data centers that may hold data, comma-separated; default all nine"),
        ("exclude", "data centers that may not hold data, comma-separated"),
        ("overhead", "largest storage overhead allowed (servers / k); default none"),
        ("minimize", "cost (default), get or put: the worst-site latency of that operation, within the other SLO, overhead and budget"),
        ("budget", "largest cost allowed in $/hour (with minimize=get or put); default none"),
        ("k", "only this code dimension (CAS and Pando k, RS-Paxos x; ABD replicates, k = 1); default any"),
    ];

    /// <summary>Parses key=value arguments; a malformed one throws <see cref="PlanInputException"/> naming it.</summary>
    public static PlanWorkload Parse(IEnumerable<string> assignments)
    {
        var seen = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var a in assignments)
        {
            int eq = a.IndexOf('=');
            if (eq <= 0) throw new PlanInputException($"\"{a}\" is not key=value (keys: {string.Join(", ", Keys.Select(k => k.Key))})");
            var key = a[..eq].Trim().ToLowerInvariant();
            if (!Keys.Any(k => k.Key == key)) throw new PlanInputException($"unknown parameter \"{key}\" (keys: {string.Join(", ", Keys.Select(k => k.Key))})");
            if (!seen.TryAdd(key, a[(eq + 1)..].Trim())) throw new PlanInputException($"{key} is given twice");
        }
        string? Get(string k) => seen.TryGetValue(k, out var v) ? v : null;
        double size = Get("size") is { } s ? Bytes("size", s, min: 1) : 1024;
        double reads = Get("reads") is { } r ? ReadRatioOf(r) : 0.5;
        double rate = Get("rate") is { } rt ? Number("rate", rt, "must be a number of requests per second above 0", v => v > 0) : 200;
        double slo = Get("slo") is { } sl ? Number("slo", sl, "must be a latency in ms above 0", v => v > 0) : 1000;
        double getSlo = Get("get-slo") is { } g ? Number("get-slo", g, "must be a latency in ms above 0", v => v > 0) : slo;
        double putSlo = Get("put-slo") is { } p ? Number("put-slo", p, "must be a latency in ms above 0", v => v > 0) : slo;
        int f = Get("f") is { } fs ? (int)Number("f", fs, "must be a whole number of failures, 0 or more", v => v >= 0 && v == Math.Floor(v) && v < 100) : 1;
        double objects = Get("objects") is { } o ? Number("objects", o, "must be a number of objects, 1 or more", v => v >= 1) : 1;
        double md = Get("metadata") is { } m ? Bytes("metadata", m, min: 0) : 100;
        double overhead = Get("overhead") is { } ov ? Number("overhead", ov, "must be a storage overhead of 1 or more", v => v >= 1) : double.PositiveInfinity;
        var clients = ClientsOf(Get("clients") ?? "all");
        IReadOnlyList<int>? dcs = Get("dcs") is { } d ? DcList("dcs", d) : null;
        if (Get("exclude") is { } ex)
        {
            var drop = DcList("exclude", ex).ToHashSet();
            dcs = [.. (dcs ?? [.. Enumerable.Range(0, PriceTable.Count)]).Where(i => !drop.Contains(i))];
            if (dcs.Count == 0) throw new PlanInputException("exclude: every data center is excluded; none is left to hold data");
        }
        var objective = (Get("minimize") ?? "cost").ToLowerInvariant() switch
        {
            "cost" => PlanObjective.Cost,
            "get" => PlanObjective.GetLatency,
            "put" => PlanObjective.PutLatency,
            var other => throw new PlanInputException($"minimize: \"{other}\" is not cost, get or put"),
        };
        double budget = Get("budget") is { } bu ? Number("budget", bu, "must be a cost in $/hour above 0", v => v > 0) : double.PositiveInfinity;
        if (objective == PlanObjective.Cost && Get("budget") is not null)
            throw new PlanInputException("budget: applies only with minimize=get or minimize=put (minimize=cost already returns the cheapest)");
        if (objective == PlanObjective.GetLatency && Get("get-slo") is not null)
            throw new PlanInputException("get-slo: cannot bound the GET latency that minimize=get minimizes");
        if (objective == PlanObjective.PutLatency && Get("put-slo") is not null)
            throw new PlanInputException("put-slo: cannot bound the PUT latency that minimize=put minimizes");
        if (objective == PlanObjective.GetLatency && reads == 0) throw new PlanInputException("minimize: get, but reads=0 issues no GETs");
        if (objective == PlanObjective.PutLatency && reads == 1) throw new PlanInputException("minimize: put, but reads=1 issues no PUTs");
        int? fixedK = Get("k") is { } ks ? (int)Number("k", ks, "must be a whole code dimension, 1 or more", v => v >= 1 && v == Math.Floor(v) && v <= 64) : null;
        return new PlanWorkload(size, reads, rate, clients,
            objective == PlanObjective.GetLatency && Get("slo") is null ? double.PositiveInfinity : getSlo,
            objective == PlanObjective.PutLatency && Get("slo") is null ? double.PositiveInfinity : putSlo,
            f, objects, md, dcs, overhead) { Minimize = objective, BudgetPerHour = budget, FixedK = fixedK };
    }

    private static double Number(string key, string text, string rule, Func<double, bool> ok)
    {
        if (!double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var v) || double.IsNaN(v) || double.IsInfinity(v) || !ok(v))
            throw new PlanInputException($"{key}: \"{text}\" {rule}");
        return v;
    }

    private static double Bytes(string key, string text, double min)
    {
        var t = text.Trim().ToUpperInvariant();
        double unit = 1;
        foreach (var (suffix, mult) in new[] { ("KB", 1024.0), ("MB", 1024.0 * 1024), ("GB", 1024.0 * 1024 * 1024), ("B", 1.0) })
            if (t.EndsWith(suffix, StringComparison.Ordinal)) { unit = mult; t = t[..^suffix.Length]; break; }
        if (!double.TryParse(t, NumberStyles.Float, CultureInfo.InvariantCulture, out var v) || double.IsNaN(v) || double.IsInfinity(v) || v * unit < min)
            throw new PlanInputException($"{key}: \"{text}\" must be a size in bytes of at least {min} (suffixes B, KB, MB, GB)");
        return v * unit;
    }

    private static double ReadRatioOf(string text) => text.ToUpperInvariant() switch
    {
        "HR" => 30.0 / 31,
        "RW" => 0.5,
        "HW" => 1.0 / 31,
        _ => Number("reads", text, "must be a fraction of GETs between 0 and 1, or HR, RW, HW", v => v is >= 0 and <= 1),
    };

    /// <summary>The index of a data center from a forgiving spelling ("Los Angeles", "los-angeles", "SaoPaulo").</summary>
    public static int DcIndex(string key, string name)
    {
        string Norm(string s) => new string(s.Normalize(NormalizationForm.FormD).Where(ch => char.IsLetter(ch) && ch < 128).ToArray()).ToLowerInvariant();
        var n = Norm(name);
        for (int i = 0; i < Geo.Sites.Count; i++) if (Norm(Geo.Sites[i]) == n) return i;
        throw new PlanInputException($"{key}: unknown data center \"{name}\" (known: {string.Join(", ", Geo.Sites)})");
    }

    private static IReadOnlyList<int> DcList(string key, string text)
    {
        var list = text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).Select(x => DcIndex(key, x)).ToList();
        if (list.Count == 0) throw new PlanInputException($"{key}: name at least one data center");
        if (list.Distinct().Count() != list.Count) throw new PlanInputException($"{key}: a data center is named twice");
        return list;
    }

    private static IReadOnlyList<double> ClientsOf(string text)
    {
        if (text.Equals("all", StringComparison.OrdinalIgnoreCase)) return Everywhere;
        var w = new double[PriceTable.Count];
        if (text.Contains(':'))
        {
            foreach (var part in text.Split(',', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries))
            {
                var kv = part.Split(':', StringSplitOptions.TrimEntries);
                if (kv.Length != 2) throw new PlanInputException($"clients: \"{part}\" is not Name:share");
                int i = DcIndex("clients", kv[0]);
                if (w[i] > 0) throw new PlanInputException($"clients: {Geo.Sites[i]} is named twice");
                w[i] = Number("clients", kv[1], $"is not a share above 0 for {Geo.Sites[i]}", v => v > 0);
            }
            double sum = w.Sum();
            if (Math.Abs(sum - 1) > 1e-6) throw new PlanInputException($"clients: the shares add up to {sum.ToString("0.###", CultureInfo.InvariantCulture)}, not 1");
            return w;
        }
        var names = text.Split('+', StringSplitOptions.TrimEntries | StringSplitOptions.RemoveEmptyEntries).Select(x => DcIndex("clients", x)).ToList();
        if (names.Count == 0) throw new PlanInputException("clients: name at least one data center");
        if (names.Distinct().Count() != names.Count) throw new PlanInputException("clients: a data center is named twice");
        return EqualShares(names);
    }
}
