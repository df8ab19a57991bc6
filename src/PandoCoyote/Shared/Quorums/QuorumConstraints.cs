using System.Globalization;

namespace PandoCoyote.Shared.Quorums;

/// <summary>Misuse of the validator: unknown protocol or parameter, missing or non-integer value.</summary>
public sealed class QuorumUsageException(string message) : ArgumentException(message);

/// <summary>One checked constraint: its id, the rule, the rule with the numbers filled in, and the outcome.</summary>
public sealed record ConstraintResult(string Id, string Rule, string WithNumbers, bool Holds, bool WarningOnly, string Protects)
{
    /// <inheritdoc/>
    public override string ToString() =>
        $"{Id,-4} {Rule,-32} {WithNumbers,-28} {(Holds ? "ok" : WarningOnly ? "WARNING" : "BROKEN")}  ({Protects})";
}

/// <summary>The outcome of validating one parameter set.</summary>
public sealed record QuorumReport(string Protocol, IReadOnlyDictionary<string, int> Parameters, IReadOnlyList<ConstraintResult> Results)
{
    /// <summary>Valid when every constraint that is not a warning holds.</summary>
    public bool Valid => Results.All(r => r.Holds || r.WarningOnly);

    /// <summary>The constraints that are broken (not warnings).</summary>
    public IEnumerable<ConstraintResult> Broken => Results.Where(r => !r.Holds && !r.WarningOnly);

    /// <summary>One message naming every broken constraint, for refusing a deployment.</summary>
    public string Explain() => Valid ? $"{Protocol} parameters are valid" :
        $"invalid {Protocol} parameters ({string.Join(" ", Parameters.Select(p => $"{p.Key}={p.Value}"))}): " +
        string.Join("; ", Broken.Select(b => $"{b.Id} {b.Rule} fails ({b.WithNumbers})"));
}

/// <summary>
/// The quorum-size constraints of every protocol in the repository, each named as in its brief:
/// Pando C1–C4 (+ C4′ as a warning), RS-Paxos, ABD A1–A2, CAS C1–C5, flexible Paxos / PQR, Alia's
/// root majority. Parameters are sizes; every subset of a size is a quorum (threshold systems).
/// </summary>
public static class QuorumConstraints
{
    private sealed record ProtocolSpec(string Name, string[] Required, string[] Optional, string About,
        Func<Func<string, int>, IEnumerable<ConstraintResult>> Check);

    private static ConstraintResult C(string id, string rule, string numbers, bool holds, string protects, bool warning = false) =>
        new(id, rule, numbers, holds, warning, protects);

    private static string S(int v) => v.ToString(CultureInfo.InvariantCulture);

    private static ConstraintResult Range(string name, int v, int lo, int hi) =>
        C("R", $"{lo} <= {name} <= {(hi == int.MaxValue ? "∞" : name == "k" || name.StartsWith('q') ? "n" : S(hi))}", $"{name} = {S(v)}", v >= lo && v <= hi, "well-formed parameter");

    private static readonly ProtocolSpec[] Specs =
    [
        new("pando", ["n", "k", "f", "q1a", "q1b", "q2"], [], "Pando (brief Pando §5): n sites, k data splits, f failures, quorum sizes q1a/q1b/q2",
            p =>
            {
                int n = p("n"), k = p("k"), f = p("f"), a = p("q1a"), b = p("q1b"), q2 = p("q2");
                return
                [
                    Range("n", n, 1, int.MaxValue), Range("k", k, 1, n), Range("f", f, 0, n - 1),
                    Range("q1a", a, 1, n), Range("q1b", b, 1, n), Range("q2", q2, 1, n),
                    C("C1", "q1a + q2 >= n + 1", $"{a} + {q2} = {a + q2} >= {n + 1}", a + q2 >= n + 1, "a Phase-1a quorum meets every Phase-2 quorum"),
                    C("C2", "q1b + q2 >= n + k", $"{b} + {q2} = {b + q2} >= {n + k}", b + q2 >= n + k, "a Phase-1b quorum holds k splits of a chosen value"),
                    C("C3", "q1a >= k", $"{a} >= {k}", a >= k, "the read fast path can decode"),
                    C("C4", "q1b <= n - f and q2 <= n - f", $"{b} <= {n - f}, {q2} <= {n - f}", b <= n - f && q2 <= n - f, "liveness with f sites down"),
                    C("C4'", "q1a <= q1b", $"{a} <= {b}", a <= b, "1b wait extends the 1a wait (performance)", warning: true),
                ];
            }),
        new("rspaxos", ["n", "x", "qr", "qw"], [], "RS-Paxos (brief RSPaxos §5): n acceptors, x shares to decode, read/write quorum sizes",
            p =>
            {
                int n = p("n"), x = p("x"), qr = p("qr"), qw = p("qw");
                return
                [
                    Range("n", n, 1, int.MaxValue), Range("x", x, 1, n), Range("qr", qr, 1, n), Range("qw", qw, 1, n),
                    C("RS1", "qr + qw - n >= x", $"{qr} + {qw} - {n} = {qr + qw - n} >= {x}", qr + qw - n >= x, "a new proposer can rebuild any chosen value"),
                ];
            }),
        new("abd", ["m", "q1", "q2"], ["f"], "ABD (brief LEGOStore §5.1): m servers, phase quorum sizes q1, q2, optional f",
            p =>
            {
                int m = p("m"), q1 = p("q1"), q2 = p("q2"), f = p("f");
                var r = new List<ConstraintResult> { Range("m", m, 1, int.MaxValue), Range("q1", q1, 1, m), Range("q2", q2, 1, m),
                    C("A1", "q1 + q2 > m", $"{q1} + {q2} = {q1 + q2} > {m}", q1 + q2 > m, "phase 1 sees every completed write (linearizability)") };
                if (f >= 0) r.Add(C("A2", "q1 <= m - f and q2 <= m - f", $"{q1} <= {m - f}, {q2} <= {m - f}", q1 <= m - f && q2 <= m - f, "termination with f servers down"));
                return r;
            }),
        new("cas", ["m", "k", "q1", "q2", "q3", "q4"], ["f"], "CAS (brief LEGOStore §5.2): m servers, code dimension k, quorum sizes q1..q4, optional f",
            p =>
            {
                int m = p("m"), k = p("k"), q1 = p("q1"), q2 = p("q2"), q3 = p("q3"), q4 = p("q4"), f = p("f");
                var r = new List<ConstraintResult> { Range("m", m, 1, int.MaxValue), Range("k", k, 1, m),
                    Range("q1", q1, 1, m), Range("q2", q2, 1, m), Range("q3", q3, 1, m), Range("q4", q4, 1, m),
                    C("C1", "q1 + q3 > m", $"{q1} + {q3} = {q1 + q3} > {m}", q1 + q3 > m, "phase 1 sees the fin tag of every completed PUT"),
                    C("C2", "q1 + q4 > m", $"{q1} + {q4} = {q1 + q4} > {m}", q1 + q4 > m, "phase 1 sees the fin label of every completed GET"),
                    C("C3", "q2 + q4 >= m + k", $"{q2} + {q4} = {q2 + q4} >= {m + k}", q2 + q4 >= m + k, "a GET phase-2 quorum holds k symbols of a finalized tag"),
                    C("C4", "q4 >= k", $"{q4} >= {k}", q4 >= k, "decodability (implied by C3)") };
                if (f >= 0) r.Add(C("C5", "q1..q4 <= m - f", $"max = {Math.Max(Math.Max(q1, q2), Math.Max(q3, q4))} <= {m - f}", Math.Max(Math.Max(q1, q2), Math.Max(q3, q4)) <= m - f, "termination with f servers down"));
                return r;
            }),
        new("pqr", ["n", "q1", "q2", "rq"], [], "Flexible Paxos with Paxos Quorum Reads (brief PQR §5): n replicas, phase quorums q1, q2, read quorum rq",
            p =>
            {
                int n = p("n"), q1 = p("q1"), q2 = p("q2"), rq = p("rq");
                return
                [
                    Range("n", n, 1, int.MaxValue), Range("q1", q1, 1, n), Range("q2", q2, 1, n), Range("rq", rq, 1, n),
                    C("F1", "q1 + q2 > n", $"{q1} + {q2} = {q1 + q2} > {n}", q1 + q2 > n, "a new leader sees every chosen value (agreement)"),
                    C("F2", "rq + q2 > n", $"{rq} + {q2} = {rq + q2} > {n}", rq + q2 > n, "a quorum read sees every accepted write"),
                ];
            }),
        new("alia", ["n", "qroot"], ["f"], "Alia (brief Alia §5.2): n replicas in the universe, root quorum size qroot, optional f",
            p =>
            {
                int n = p("n"), q = p("qroot"), f = p("f");
                var r = new List<ConstraintResult> { Range("n", n, 1, int.MaxValue), Range("qroot", q, 1, n),
                    C("AL1", "2 * qroot > n", $"2 * {q} = {2 * q} > {n}", 2 * q > n, "root quorums are majorities of all replicas and intersect") };
                if (f >= 0) r.Add(C("AL2", "qroot <= n - f", $"{q} <= {n - f}", q <= n - f, "root progress with f replicas down"));
                return r;
            }),
    ];

    /// <summary>Protocol names.</summary>
    public static IEnumerable<string> Protocols => Specs.Select(s => s.Name);

    /// <summary>Usage line of a protocol (its parameters).</summary>
    public static string Usage(string protocol)
    {
        var s = Find(protocol);
        return $"{s.Name} {string.Join(" ", s.Required.Select(x => x + "=N"))}{string.Concat(s.Optional.Select(x => $" [{x}=N]"))} — {s.About}";
    }

    private static ProtocolSpec Find(string protocol) =>
        Specs.FirstOrDefault(s => s.Name == protocol.ToLowerInvariant())
        ?? throw new QuorumUsageException($"unknown protocol \"{protocol}\" (protocols: {string.Join(", ", Protocols)})");

    /// <summary>Validates "key=value" arguments; usage errors throw <see cref="QuorumUsageException"/>.</summary>
    public static QuorumReport Validate(string protocol, IEnumerable<string> assignments)
    {
        var spec = Find(protocol);
        var values = new Dictionary<string, int>(StringComparer.Ordinal);
        foreach (var a in assignments)
        {
            var eq = a.IndexOf('=');
            if (eq <= 0) throw new QuorumUsageException($"\"{a}\" is not key=value");
            var key = a[..eq].ToLowerInvariant();
            var text = a[(eq + 1)..];
            if (!spec.Required.Contains(key) && !spec.Optional.Contains(key))
                throw new QuorumUsageException($"{spec.Name}: unknown parameter \"{key}\" (parameters: {string.Join(", ", spec.Required.Concat(spec.Optional))})");
            if (!int.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var v))
                throw new QuorumUsageException($"{spec.Name}: {key} must be an integer, got \"{text}\"");
            if (!values.TryAdd(key, v)) throw new QuorumUsageException($"{spec.Name}: {key} is given twice");
        }
        var missing = spec.Required.Where(r => !values.ContainsKey(r)).ToList();
        if (missing.Count > 0) throw new QuorumUsageException($"{spec.Name}: missing {string.Join(", ", missing)} (usage: {Usage(spec.Name)})");
        return Validate(spec.Name, values);
    }

    /// <summary>Validates a complete parameter set.</summary>
    public static QuorumReport Validate(string protocol, IReadOnlyDictionary<string, int> parameters)
    {
        var spec = Find(protocol);
        foreach (var r in spec.Required)
            if (!parameters.ContainsKey(r)) throw new QuorumUsageException($"{spec.Name}: missing {r}");
        int Get(string k) => parameters.TryGetValue(k, out var v) ? v : -1;
        var results = spec.Check(Get).ToList();
        // A range failure makes the derived constraints meaningless; keep them but they will say so.
        return new QuorumReport(spec.Name, parameters, results);
    }
}
