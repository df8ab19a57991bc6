using System.Globalization;
using System.Diagnostics;
using Pando.ModelCheck.Tlc;

namespace Pando.Cli;

/// <summary><c>./pando check</c>: run the model-checking suite.</summary>
public static class CheckCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando check [selection] [options]

        Runs TLC on the selected models of the manifest (parallel up to the number of cores, each with its own
        metadir under .pando/out/check/meta), compares each verdict with the model's expectation, prints a summary,
        and writes .pando/out/check/report.json and report.md (counterexamples as step tables).

        The P models are checked by ./pando check --p, the C# implementations under Coyote by ./pando check --coyote
        (see their --help).

        selection (default: every model of the fast tier):
          --protocol P    models of protocol P (repeatable), e.g. --protocol Pando
          --model NAME    this model, whatever its tier (repeatable)
          --tag T         models with tag T (repeatable)
          --tier fast|full  models of this tier (fast: what ./pando test and CI run; full: long runs on request)
          --all           every tier

        options:
          --list          list the selected models and their expectations; run nothing
          --record        after the run, write the statistics of every model that ran as expected into the manifest
          --strict        fail when a passing model's distinct-state count differs from the recorded one
          --shard I/N     run shard I of N of the selection (balanced on recorded seconds; a witness stays with the passing
                          model on its cfg) and write its report to .pando/out/shards (./pando shards merge joins them)
          --separate-witnesses  run every witness model on its own (with TLC's trace to the witnessed state) instead of
                          checking it during the run of its selected passing model (docs/harness.md, "Folded witnesses")
          --jobs N        run at most N models at once (default: number of cores)
          --manifest F    manifest file (default: configs/models.json)
          --out DIR       output folder (default: .pando/out/check)
          --help          this text

        A model fails when TLC's verdict differs from its expectation, in either direction: an expected-pass model
        that violates something, and an expected-violation model that passes or violates something else
        ("missing violation"). Exit codes: 0 all as expected, 1 some model failed, 2 bad input (nothing run).
        """;

    /// <summary>The options of one TLC check.</summary>
    public sealed record Options
    {
        /// <summary>Which models.</summary>
        public Selection Selection { get; init; } = new();
        /// <summary>List only.</summary>
        public bool List { get; init; }
        /// <summary>Write statistics into the manifest.</summary>
        public bool Record { get; init; }
        /// <summary>Fail on state-count drift.</summary>
        public bool Strict { get; init; }
        /// <summary>--separate-witnesses: no witness folded into its passing model's run.</summary>
        public bool SeparateWitnesses { get; init; }
        /// <summary>--shard I/N: only shard I of N of the selection (a witness stays with the passing model on its cfg).</summary>
        public Shard? Shard { get; init; }
        /// <summary>Models at once.</summary>
        public int? Jobs { get; init; }
        /// <summary>Manifest file, or null for configs/models.json.</summary>
        public string? ManifestPath { get; init; }
        /// <summary>Output folder, or null for .pando/out/check.</summary>
        public string? OutDir { get; init; }
    }

    private static readonly Dictionary<string, string> Aliases = new() { ["--spec"] = "--protocol" };

    /// <summary>Parses the command line (without <c>--p</c>).</summary>
    public static Options Parse(IReadOnlyList<string> argv)
    {
        var a = new Args("check", argv);
        var protocols = new List<string>(); var names = new List<string>(); var tags = new List<string>();
        Tier? tier = null; bool all = false;
        var o = new Options();
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            switch (a.Canonical(t, Aliases))
            {
                case "--help" or "-h": throw new HelpRequested(Help);
                case "--protocol": protocols.Add(a.Value(t)); break;
                case "--model": names.Add(a.Value(t)); break;
                case "--tag": tags.Add(a.Value(t)); break;
                case "--tier": tier = a.TierValue(t); break;
                case "--all": all = true; break;
                case "--list": o = o with { List = true }; break;
                case "--record": o = o with { Record = true }; break;
                case "--strict": o = o with { Strict = true }; break;
                case "--separate-witnesses": o = o with { SeparateWitnesses = true }; break;
                case "--shard": o = o with { Shard = Shard.Parse(a.Value(t)) }; break;
                case "--jobs": o = o with { Jobs = a.IntValue(t, 1) }; break;
                case "--manifest": o = o with { ManifestPath = a.Value(t) }; break;
                case "--out": o = o with { OutDir = a.Value(t) }; break;
                default: throw a.Unknown(t);
            }
        }
        if (all && tier is not null) throw new UsageError("check: --all and --tier exclude each other");
        return o with { Selection = new Selection { Protocols = protocols, Names = names, Tags = tags, Tier = tier, AllTiers = all } };
    }

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        if (argv.Contains("--p")) return PCheckCommand.Run(argv.Where(x => x != "--p").ToList());
        if (argv.Contains("--coyote")) return CoyoteCheckCommand.Run(argv.Where(x => x != "--coyote").ToList());
        var summary = Execute(Parse(argv));
        return summary is null || summary.Failed == 0 ? 0 : 1;
    }

    /// <summary>Runs TLC on the selected models, prints the outcome, and returns the level's counts (null for --list).</summary>
    public static LevelSummary? Execute(Options o)
    {
        var clock = Stopwatch.StartNew();
        var root = o.ManifestPath is null ? Program.RepoRoot() : null;
        var manifestPath = o.ManifestPath ?? Path.Combine(root!, "configs", "models.json");
        var manifest = Manifest.Load(manifestPath);
        var models = o.Selection.Apply(manifest);
        if (models.Count == 0) throw new InputError("the selection matches no model (see ./pando check --list --all)");
        if (o.Shard is { } sh) models = sh.Select(models, m => m.CfgPath, m => m.Stats?.Seconds ?? 0);
        if (o.List) { PrintList(models); return null; }

        root ??= SafeRoot(manifestPath);
        var tools = ToolchainLocator.Locate(root);
        var outDir = Path.GetFullPath(o.OutDir ?? Path.Combine(root, ".pando", "out", "check"));
        var session = new CheckSession(tools, manifest, outDir);
        var (j, w) = CheckSession.Plan(models.Count, o.Jobs);
        Console.WriteLine($"checking {models.Count} model(s): {j} at a time, {w} TLC worker(s) each · java {tools.JavaMajor} · TLC jar from {tools.JarSource}");
        using var display = new ProgressDisplay(!Console.IsOutputRedirected);
        session.Started += display.Started;
        session.Progress += display.Progress;
        session.Finished += display.Finished;
        using var cts = new CancellationTokenSource();
        Console.CancelKeyPress += (_, e) => { e.Cancel = true; cts.Cancel(); };
        var reports = session.Run(models, new CheckOptions(o.Jobs, o.Strict, FoldWitnesses: !o.SeparateWitnesses), cts.Token);
        display.Stop();

        Console.WriteLine();
        Console.Write(Reports.SummaryTable(reports, markdown: false));
        var (json, md) = Reports.Write(outDir, tools, reports);
        foreach (var r in reports.Where(r => !r.Judgement.Ok))
        {
            Console.WriteLine();
            Console.WriteLine($"FAILED {r.Model.Name}: {r.Judgement.Message}");
            if (r.Run.Result.Trace is { } tr && r.Model.Expect.Kind == VerdictKind.Pass) Console.Write(tr.ToText());
            if (r.Run.Result.Kind == VerdictKind.Error && r.Run.Result.ErrorText is { } e) Console.WriteLine(Indent(e));
            Console.WriteLine($"  TLC output: {r.Run.LogPath}");
        }
        foreach (var r in reports.Where(r => r.Judgement.Ok && r.Judgement.Drift is not null))
            Console.WriteLine($"note: {r.Model.Name}: {r.Judgement.Drift} (re-record with --record, or fail on it with --strict)");
        if (o.Record)
        {
            // A witness reached in its passing model's run has no run of its own: its recorded statistics stay.
            var stats = reports.Where(r => r.Judgement.Ok && r.Run.FoldedInto is null).ToDictionary(r => r.Model.Name, r => new RecordedStats
            {
                Distinct = r.Run.Result.Stats.Distinct, Generated = r.Run.Result.Stats.Generated,
                Depth = r.Run.Result.Stats.Depth, Seconds = r.Run.Seconds,
            });
            JsonFiles.RecordStats(manifestPath, "models", stats);
            Console.WriteLine($"recorded statistics of {stats.Count} model(s) in {manifestPath}");
        }
        int failed = reports.Count(r => !r.Judgement.Ok);
        if (o.Shard is { } shard)
            Console.WriteLine($"shard report: {ShardReport.Of("tlc", shard, ShardTier(models), reports.Select(r => (r.Model.Name, r.Judgement))).Write(ShardsCommand.DefaultDir)}");
        var summary = new LevelSummary("models", reports.Count - failed, failed, clock.Elapsed.TotalSeconds);
        Console.WriteLine();
        Console.WriteLine($"reports: {json}, {md}");
        Console.WriteLine(summary.Line);
        Console.WriteLine(failed == 0
            ? $"check: all {reports.Count} model(s) as expected"
            : $"check: {failed} of {reports.Count} model(s) NOT as expected");
        return summary;
    }

    // The tier a TLC shard ran: full when any full-tier model was selected (--tier full or --all), else fast.
    private static Tier ShardTier(IReadOnlyList<ModelEntry> models) => models.Any(m => m.Tier == Tier.Full) ? Tier.Full : Tier.Fast;

    private static string SafeRoot(string manifestPath)
    {
        try { return Program.RepoRoot(); }
        catch (InputError) { return Path.GetDirectoryName(Path.GetFullPath(manifestPath))!; }
    }

    private static void PrintList(IReadOnlyList<ModelEntry> models)
    {
        int w = models.Max(m => m.Name.Length);
        int we = models.Max(m => m.Expect.ToString().Length);
        foreach (var m in models)
        {
            var mode = m.Mode == CheckMode.Simulate ? $"simulate {m.Simulation!.Traces}x{m.Simulation.Depth}" : "exhaustive";
            var last = m.Stats is { } s ? $"{s.Distinct?.ToString("N0", CultureInfo.InvariantCulture) ?? "-"} states, {s.Seconds?.ToString("0.0", CultureInfo.InvariantCulture) ?? "-"} s" : "not recorded";
            Console.WriteLine($"{m.Name.PadRight(w)}  {m.Expect.ToString().PadRight(we)}  {m.Tier.Text(),-4}  {mode,-20}  {last}");
        }
        Console.WriteLine($"{models.Count} model(s)");
    }

    private static string Indent(string s) => string.Join('\n', s.Split('\n').Select(l => "  " + l));
}
