using System.Globalization;
using System.Text;
using PandoCoyote.Planning;
using PandoCoyote.Shared.Network;

namespace Pando.Cli;

/// <summary><c>./pando plan &lt;protocol|all&gt; key=value...</c>: the cheapest deployment meeting a workload's SLOs.</summary>
public static class PlanCommand
{
    /// <summary>Help text.</summary>
    public static string Help => $"""
        usage: ./pando plan <abd|cas|pando|rspaxos|all> [key=value ...]
               ./pando plan reproduce [--out FILE]     the papers' examples recomputed (docs/planning/reproduction.md)
               ./pando plan frontier --out DIR         latency–cost frontiers as SVG (docs/planning/)

        Finds the cheapest deployment of the protocol (or of each, with `all`) on the nine data centers of the
        LEGOStore paper's Tables 1–2 that meets the SLOs and tolerates f data-center failures, by exact search
        (src/PandoCoyote/Planning). Prints the deployment, its cost per hour, each client site's GET and PUT latency,
        the quorums each site uses, and the constraint that binds; an infeasible workload gets the SLO or constraint
        that cannot be met. Exit codes: 0 a deployment found, 1 infeasible, 2 bad input.

        keys:
          {string.Join("\n  ", PlanWorkload.Keys.Select(k => $"{k.Key,-9} {k.About}"))}

        data centers: {string.Join(", ", Geo.Sites)}

        example: ./pando plan all size=1KB objects=1000000 rate=500 reads=HR clients=Tokyo f=1
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        if (argv.Contains("--help") || argv.Contains("-h")) { Console.WriteLine(Help); return 0; }
        if (argv.Count == 0) throw new UsageError("plan: name a protocol (abd, cas, pando, rspaxos, all), reproduce or frontier");
        if (argv[0] == "reproduce") return Reproduce(argv.Skip(1).ToList());
        if (argv[0] == "frontier") return Frontier(argv.Skip(1).ToList());
        PlanProtocol[] protocols = argv[0].ToLowerInvariant() switch
        {
            "abd" => [PlanProtocol.Abd],
            "cas" => [PlanProtocol.Cas],
            "pando" => [PlanProtocol.Pando],
            "rspaxos" or "rs-paxos" => [PlanProtocol.RsPaxos],
            "all" => Enum.GetValues<PlanProtocol>(),
            _ => throw new UsageError($"plan: unknown protocol \"{argv[0]}\" (abd, cas, pando, rspaxos, all; or reproduce, frontier)"),
        };
        PlanWorkload w;
        try { w = PlanWorkload.Parse(argv.Skip(1)); }
        catch (PlanInputException e) { throw new InputError("plan: " + e.Message); }
        Console.WriteLine(Describe(w));
        var outcomes = protocols.Select(p => PlanExplainer.Plan(p, w)).ToList();
        foreach (var o in outcomes) Console.Write(Format(o, w));
        if (protocols.Length > 1)
        {
            Console.WriteLine();
            Console.WriteLine("summary, cheapest first:");
            foreach (var o in outcomes.OrderBy(o => o.Result?.Evaluation.Cost.Total ?? double.PositiveInfinity))
                Console.WriteLine(o.Result is { } r
                    ? Inv($"  {PlanExplainer.Name(o.Protocol),-9} ${r.Evaluation.Cost.Total:0.0000}/h   worst GET {r.Evaluation.WorstGet:0.0} ms   worst PUT {r.Evaluation.WorstPut:0.0} ms   {r.Deployment.Describe()}")
                    : $"  {PlanExplainer.Name(o.Protocol),-9} infeasible: {o.Infeasible}");
        }
        return outcomes.Any(o => o.Result is not null) ? 0 : 1;
    }

    private static string Inv(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);

    /// <summary>One line describing a workload.</summary>
    public static string Describe(PlanWorkload w)
    {
        string clients = string.Join(", ", w.ClientDcs.Select(i => Inv($"{Geo.Sites[i]} {w.Clients[i] * 100:0.#}%")));
        string dcs = w.Candidates is null ? "all nine data centers" : string.Join(", ", w.Dcs.Select(i => Geo.Sites[i]));
        static string Slo(double ms) => double.IsPositiveInfinity(ms) ? "none" : Inv($"{ms:0.#} ms");
        string objective = w.Minimize switch
        {
            PlanObjective.GetLatency => "minimize the worst-site GET latency",
            PlanObjective.PutLatency => "minimize the worst-site PUT latency",
            _ => "minimize cost",
        };
        return Inv($"workload: {w.Objects:#,0} object(s) of {w.ObjectBytes:#,0} B, {w.Rate:0.##} req/s, {w.ReadRatio * 100:0.#}% GETs, clients {clients}; ") +
               $"SLO GET {Slo(w.GetSloMs)}, PUT {Slo(w.PutSloMs)}; f = {w.F}; metadata {w.MetadataBytes:0} B; data on {dcs}" +
               (double.IsPositiveInfinity(w.MaxOverhead) ? "" : Inv($"; overhead ≤ {w.MaxOverhead:0.##}")) +
               (double.IsPositiveInfinity(w.BudgetPerHour) ? "" : Inv($"; budget ${w.BudgetPerHour:0.####}/h")) + $"; {objective}";
    }

    /// <summary>The printed plan of one protocol.</summary>
    public static string Format(PlanOutcome o, PlanWorkload w)
    {
        var sb = new StringBuilder();
        sb.AppendLine();
        if (o.Result is not { } r) { sb.AppendLine($"{PlanExplainer.Name(o.Protocol)}: infeasible: {o.Infeasible}"); return sb.ToString(); }
        var d = r.Deployment;
        var report = d.Validate(w.F);
        sb.AppendLine(Inv($"{d.Describe()}   (storage overhead {d.Overhead:0.##}; quorum validator: {(report.Valid ? "valid" : report.Explain())})"));
        sb.AppendLine($"  cost: {r.Evaluation.Cost}");
        sb.AppendLine($"  {"client site",-12} {"share",6} {"GET ms",8} {"PUT ms",8}  quorums");
        foreach (var (c, l) in d.Clients.Zip(r.Evaluation.Latencies))
            sb.AppendLine(Inv($"  {Geo.Sites[c.Dc],-12} {w.Clients[c.Dc] * 100,5:0.#}% {l.GetMs,8:0.0} {l.PutMs,8:0.0}  {Quorums(d, c)}"));
        sb.AppendLine($"  binding: {o.Binding}");
        return sb.ToString();
    }

    private static string Set(IEnumerable<int> s) => "{" + string.Join(", ", s.Select(i => Geo.Sites[i])) + "}";

    private static string Quorums(Deployment d, ClientPlan c) => d.Protocol switch
    {
        PlanProtocol.Abd => $"Q1 {Set(c.Quorums[0])}  Q2 {Set(c.Quorums[1])}",
        PlanProtocol.Cas => $"Q1 {Set(c.Quorums[0])}  Q2 {Set(c.Quorums[1])}  Q3 {Set(c.Quorums[2])}  Q4 {Set(c.Quorums[3])}",
        PlanProtocol.Pando => $"{(c.Delegate == c.Dc ? "direct" : "delegate " + Geo.Sites[c.Delegate])}; Phase 1a {Set(c.Quorums[0])}; reads {Set(c.Quorums[1])}",
        _ => $"via leader {Geo.Sites[d.Leader]}, Accept quorum {Set(d.LeaderQuorum!)}",
    };

    private static int Reproduce(IReadOnlyList<string> argv)
    {
        var a = new Args("plan reproduce", argv);
        string? outFile = null;
        for (var t = a.Next(); t is not null; t = a.Next())
            switch (t) { case "--out": outFile = a.Value(t); break; default: throw a.Unknown(t); }
        var text = Reproduction.Markdown();
        if (outFile is null) Console.Write(text);
        else { File.WriteAllText(outFile, text); Console.WriteLine($"wrote {outFile}"); }
        return 0;
    }

    private static int Frontier(IReadOnlyList<string> argv)
    {
        var a = new Args("plan frontier", argv);
        string? dir = null;
        for (var t = a.Next(); t is not null; t = a.Next())
            switch (t) { case "--out": dir = a.Value(t); break; default: throw a.Unknown(t); }
        if (dir is null) throw new UsageError("plan frontier: --out DIR is required (the SVG files are written there)");
        if (!Directory.Exists(dir)) throw new InputError($"plan frontier: --out {dir}: no such directory");
        foreach (var (file, svg) in Frontiers.Charts())
        {
            File.WriteAllText(Path.Combine(dir, file), svg);
            Console.WriteLine($"wrote {Path.Combine(dir, file)}");
        }
        return 0;
    }
}
