namespace Pando.Cli;

/// <summary><c>./pando shards merge</c>: joins the reports that <c>--shard I/N</c> runs wrote (docs/harness.md, "Shards").</summary>
public static class ShardsCommand
{
    /// <summary>Where <c>--shard</c> writes its report.</summary>
    public static string DefaultDir => Path.Combine(Program.RepoRoot(), ".pando", "out", "shards");

    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando shards merge [--dir DIR]
               ./pando shards long-run --test NAME [--iterations N] [--shards K] [--out FILE]

        Joins the shard reports (LEVEL-shard-I-of-N.json) that ./pando check --shard I/N, --p --shard I/N and
        --coyote --shard I/N wrote, level by level: how many entries passed, every failure with its message, and the
        shards of each level that have no report. Exits 0 only when every level is complete and nothing failed.

          --dir DIR   folder of the reports (default: .pando/out/shards; a CI job downloads every shard's report there)

        long-run: one Coyote test of tests/coyote.json run to N iterations (default 100000) of one random sequence, as
        N/10000 parts of 10,000 iterations dealt to K shards (default: parts/2) that run one after the other, two
        processes each. Coyote's seed s+1 replays seed s's sequence shifted by one iteration (docs/coyote.md), so part k
        runs seed S + 10000k, the next 10,000 iterations of the sequence that starts at the test's seed S. Each part is
        judged like the test itself (its expectation and witnesses); the summary goes to FILE
        (e.g. docs/benchmarks/coyote-long.md).
          --help      this text

        Exit codes: 0 complete and as expected, 1 a failure or a missing shard, 2 bad input.
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("shards", argv);
        string? verb = null, dir = null, test = null, outFile = null;
        long iterations = 100_000;
        int? shards = null;
        for (var t = a.Next(); t is not null; t = a.Next())
            switch (t)
            {
                case "--help" or "-h": throw new HelpRequested(Help);
                case "--dir": dir = a.Value(t); break;
                case "--test": test = a.Value(t); break;
                case "--iterations": iterations = a.IntValue(t, PartIterations); break;
                case "--shards": shards = a.IntValue(t, 1); break;
                case "--out": outFile = a.Value(t); break;
                case "merge" or "long-run" when verb is null: verb = t; break;
                default: throw a.Unknown(t);
            }
        if (verb is null) throw new UsageError("shards: say what to do (merge, long-run)");
        if (verb == "long-run") return LongRun(test, iterations, shards, outFile);
        var levels = ShardReport.Merge(dir ?? DefaultDir);
        foreach (var l in levels)
        {
            var state = l.Missing.Count > 0 ? $"INCOMPLETE: shard(s) {string.Join(", ", l.Missing.Select(i => $"{i}/{l.Count}"))} missing" : "complete";
            Console.WriteLine($"{l.Level} ({l.Tier.Text()} tier, {l.Count} shard(s)): {l.Passed} passed, {l.Failed.Count} failed, {state}");
            foreach (var (name, why) in l.Failed.OrderBy(kv => kv.Key, StringComparer.Ordinal)) Console.WriteLine($"  FAILED {name}: {why}");
        }
        bool ok = levels.All(l => l.Ok);
        Console.WriteLine(ok ? "shards: every level complete and as expected" : "shards: NOT complete or not as expected");
        return ok ? 0 : 1;
    }

    /// <summary>Iterations of one part of a long run.</summary>
    public const int PartIterations = 10_000;

    private static int LongRun(string? name, long iterations, int? shardCount, string? outFile)
    {
        if (name is null) throw new UsageError("shards long-run: name the Coyote test with --test NAME");
        if (iterations % PartIterations != 0) throw new InputError($"--iterations {iterations}: use a multiple of {PartIterations}");
        var root = Program.RepoRoot();
        var manifestPath = Path.Combine(root, "tests", "coyote.json");
        var doc = System.Text.Json.Nodes.JsonNode.Parse(File.ReadAllText(manifestPath))!.AsObject();
        var entry = doc["tests"]!.AsArray().OfType<System.Text.Json.Nodes.JsonObject>().FirstOrDefault(e => e["name"]?.GetValue<string>() == name)
            ?? throw new InputError($"--test {name}: no such test in tests/coyote.json (see ./pando check --coyote --list)");
        int parts = (int)(iterations / PartIterations);
        int k = shardCount ?? Math.Max(1, parts / 2);
        if (k > parts) throw new InputError($"--shards {k}: more shards than parts ({parts} parts of {PartIterations} iterations)");
        long seed = entry["seed"]!.GetValue<long>();
        var tests = new System.Text.Json.Nodes.JsonArray();
        for (int p = 0; p < parts; p++)
        {
            var e = (System.Text.Json.Nodes.JsonObject)entry.DeepClone();
            e["name"] = $"{name}_part{p + 1}";
            e["seed"] = seed + (long)p * PartIterations;
            e["iterations"] = new System.Text.Json.Nodes.JsonObject { ["fast"] = PartIterations, ["full"] = PartIterations };
            e["tier"] = "full";
            e["timeLimitSeconds"] = 3600;
            e["stats"] = null;
            tests.Add(e);
        }
        var dir = Path.Combine(root, ".pando", "out", "long");
        Directory.CreateDirectory(dir);
        var derived = Path.Combine(dir, name + ".json");
        File.WriteAllText(derived, new System.Text.Json.Nodes.JsonObject { ["$comment"] = $"derived by ./pando shards long-run from {name}", ["tests"] = tests }
            .ToJsonString(new System.Text.Json.JsonSerializerOptions { WriteIndented = true }));
        var reports = Path.Combine(dir, name + "-shards");
        if (Directory.Exists(reports)) Directory.Delete(reports, recursive: true);
        var clock = System.Diagnostics.Stopwatch.StartNew();
        for (int i = 1; i <= k; i++)
        {
            Console.WriteLine($"== {name}: shard {i}/{k}");
            CoyoteCheckCommand.Execute(new CoyoteCheckCommand.Options { ManifestPath = derived, Tier = Tier.Full, Shard = new Shard(i, k), Jobs = 2, ShardReportDir = reports });
        }
        var merged = ShardReport.Merge(reports).Single();
        var ok = merged.Ok && merged.Passed == parts;
        var sb = new System.Text.StringBuilder();
        sb.AppendLine("# A Coyote test run to many iterations, by shards");
        sb.AppendLine();
        sb.AppendLine($"<!-- Written by ./pando shards long-run --test {name} --iterations {iterations}; do not edit by hand. -->");
        sb.AppendLine();
        sb.AppendLine($"Command: `./pando shards long-run --test {name} --iterations {iterations} --shards {k}` on {Environment.ProcessorCount} cores.");
        sb.AppendLine($"The test's deployment and expectation ({entry["expect"]!.GetValue<string>()}) over {parts} parts of {PartIterations:N0} iterations, part p");
        sb.AppendLine($"at seed {seed} + {PartIterations:N0}·(p − 1): consecutive windows of the one random sequence seeded at {seed}, so the parts");
        sb.AppendLine($"together are one run of {iterations:N0} iterations. The parts were dealt to {k} shards run one after the other");
        sb.AppendLine("(two processes each) and joined by `./pando shards merge`. Each part is judged like the test (verdict and witnesses).");
        sb.AppendLine();
        sb.AppendLine($"Result: {(ok ? $"all {parts} parts as expected" : $"{merged.Passed} of {parts} parts as expected; failures: {string.Join("; ", merged.Failed.Select(kv => $"{kv.Key}: {kv.Value}"))}; missing shards: {string.Join(", ", merged.Missing)}")}");
        sb.AppendLine($"in {clock.Elapsed.TotalMinutes:0.0} minutes of wall time ({iterations / clock.Elapsed.TotalSeconds:0} iterations/s over both cores).");
        Console.WriteLine(sb.ToString());
        if (outFile is not null) File.WriteAllText(outFile, sb.ToString());
        return ok ? 0 : 1;
    }
}
