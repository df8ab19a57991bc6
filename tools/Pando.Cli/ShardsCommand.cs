namespace Pando.Cli;

/// <summary><c>./pando shards merge</c>: joins the reports that <c>--shard I/N</c> runs wrote (docs/harness.md, "Shards").</summary>
public static class ShardsCommand
{
    /// <summary>Where <c>--shard</c> writes its report.</summary>
    public static string DefaultDir => Path.Combine(Program.RepoRoot(), ".pando", "out", "shards");

    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando shards merge [--dir DIR]

        Joins the shard reports (LEVEL-shard-I-of-N.json) that ./pando check --shard I/N, --p --shard I/N and
        --coyote --shard I/N wrote, level by level: how many entries passed, every failure with its message, and the
        shards of each level that have no report. Exits 0 only when every level is complete and nothing failed.

          --dir DIR   folder of the reports (default: .pando/out/shards; a CI job downloads every shard's report there)
          --help      this text

        Exit codes: 0 complete and as expected, 1 a failure or a missing shard, 2 bad input.
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("shards", argv);
        string? verb = null, dir = null;
        for (var t = a.Next(); t is not null; t = a.Next())
            switch (t)
            {
                case "--help" or "-h": throw new HelpRequested(Help);
                case "--dir": dir = a.Value(t); break;
                case "merge" when verb is null: verb = t; break;
                default: throw a.Unknown(t);
            }
        if (verb is null) throw new UsageError("shards: say what to do (merge)");
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
}
