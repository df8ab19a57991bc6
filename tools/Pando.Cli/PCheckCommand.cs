using System.Globalization;
using System.Text;
using System.Diagnostics;

namespace Pando.Cli;

/// <summary><c>./pando check --p</c>: compile the P models and run their test cases with <c>p check</c>.</summary>
public static class PCheckCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando check --p [selection] [options]

        Installs the pinned P checker (dotnet tool restore), compiles every P project involved (p compile), then runs
        each test case of p-models/tests.json on its own (p check -tc NAME -s N --seed S), at most --jobs at once, and
        compares what the checker found with the test's expectation:
          pass                     no bug in all the tier's schedules
          violates Monitor [ID]    the first bug is an assertion of that spec monitor whose message names that catalogue ID
          liveness Monitor [ID]    the first bug is that monitor left in a hot state (P names only the monitor)
        Any other bug (another monitor, an unhandled event, a checker error) fails the test.

        selection (default: every test):
          --test NAME       this test case (repeatable)
          --protocol P      the test cases of the P project p-models/P (repeatable)

        options:
          --tier fast|full  the schedule count of that tier (default fast, as ./pando test and CI; full: long runs)
          --list            list the selected tests, expectations and schedule counts; run nothing
          --record          write each as-expected run's schedules, seconds and schedules/second into the manifest,
                            and the table docs/benchmarks/pchecker.md
          --jobs N          run at most N test cases at once (default: number of cores)
          --manifest F      manifest (default: p-models/tests.json)
          --out DIR         output folder (default: .pando/out/p); bug traces are kept there
          --help            this text

        Exit codes: 0 all as expected, 1 some test failed, 2 bad input or P could not be installed or compiled.
        """;

    /// <summary>The options of one P check.</summary>
    public sealed record Options : LevelOptions
    {
        /// <summary>Tests at once.</summary>
        public int? Jobs { get; init; }
        /// <summary>Output folder, or null for .pando/out/p.</summary>
        public string? OutDir { get; init; }
    }

    private static readonly Dictionary<string, string> Aliases = new() { ["--project"] = "--protocol", ["--budget"] = "--tier" };

    /// <summary>Parses the command line (without the --p flag).</summary>
    public static Options Parse(IReadOnlyList<string> argv) =>
        LevelOptions.Parse("check --p", argv, new Options(), Help, Aliases, (o, t, a) => t switch
        {
            "--jobs" => o with { Jobs = a.IntValue(t, 1) },
            "--out" => o with { OutDir = a.Value(t) },
            _ => null,
        });

    /// <summary>Runs the command (argv without the --p flag).</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var summary = Execute(Parse(argv));
        return summary is null || summary.Failed == 0 ? 0 : 1;
    }

    /// <summary>Runs the selected P tests, prints the outcome, and returns the level's counts (null for --list).</summary>
    public static LevelSummary? Execute(Options opt)
    {
        var clock = Stopwatch.StartNew();
        var tier = opt.Tier;
        var root = Program.RepoRoot();
        var manifestPath = opt.ManifestPath ?? Path.Combine(root, "p-models", "tests.json");
        var manifest = PTestManifest.Load(manifestPath);
        var tests = EntrySelection.Apply(manifest.Tests, opt.Names, opt.Protocols, manifestPath, "./pando check --p --list");
        if (opt.List)
        {
            int w = tests.Max(t => t.Name.Length), we = tests.Max(t => t.Expect.ToString().Length);
            foreach (var t in tests)
                Console.WriteLine($"{t.Name.PadRight(w)}  {t.Expect.ToString().PadRight(we)}  {t.Schedules(tier),7} schedules  seed {t.Seed}  {t.Description}");
            Console.WriteLine($"{tests.Count} test(s), tier {tier.Text()}");
            return null;
        }
        var outDir = Path.GetFullPath(opt.OutDir ?? Path.Combine(root, ".pando", "out", "p"));
        Directory.CreateDirectory(outDir);
        var checker = new PChecker(root, outDir);
        int j = opt.Jobs ?? Environment.ProcessorCount;
        Console.WriteLine($"P: {tests.Count} test case(s), tier {tier.Text()}, {j} at a time");
        checker.Restore();
        var sync = new object();
        checker.Started += t => { lock (sync) Console.WriteLine($"  start  {t.Name} ({t.Expect}, {t.Schedules(tier)} schedules, seed {t.Seed})"); };
        checker.Finished += o => { lock (sync) Console.WriteLine($"  {(o.Judgement.Ok ? "ok    " : "FAILED")} {o.Test.Name}: {Describe(o)}"); };
        var outcomes = checker.RunAll(manifest, tests, tier, j, CancellationToken.None);

        Console.WriteLine();
        foreach (var o in outcomes.Where(o => !o.Judgement.Ok))
        {
            Console.WriteLine($"FAILED {o.Test.Name}: {o.Judgement.Message}");
            if (o.Result.TracePath is { } tr) Console.WriteLine($"  bug trace: {tr}");
            Console.WriteLine($"  checker output: {o.LogPath}");
            Console.WriteLine($"  command: (cd p-models/{o.Test.Protocol} && {o.CommandLine})");
        }
        var report = Report(outcomes, tier);
        File.WriteAllText(Path.Combine(outDir, "report.md"), report);
        if (opt.Record)
        {
            var ok = outcomes.Where(o => o.Judgement.Ok && o.Result.SchedulesPerSecond is not null).ToDictionary(o => o.Test.Name,
                o => new RecordedStats
                {
                    Tier = tier, Schedules = o.Result.Schedules, Seconds = o.Result.Seconds,
                    SchedulesPerSecond = o.Result.SchedulesPerSecond, Depth = o.Result.MaxDepth,
                });
            JsonFiles.RecordStats(manifestPath, "tests", ok);
            var bench = Path.Combine(root, "docs", "benchmarks", "pchecker.md");
            File.WriteAllText(bench, report);
            Console.WriteLine($"recorded statistics of {ok.Count} test(s) in {manifestPath} and {bench}");
        }
        int failed = outcomes.Count(o => !o.Judgement.Ok);
        var summary = new LevelSummary("p tests", outcomes.Count - failed, failed, clock.Elapsed.TotalSeconds);
        Console.WriteLine($"report: {Path.Combine(outDir, "report.md")}");
        Console.WriteLine(summary.Line);
        return summary;
    }

    private static string Describe(PTestOutcome o)
    {
        var r = o.Result;
        var rate = r.SchedulesPerSecond is { } sps ? $", {sps:0.#} schedules/s" : "";
        var v = r.Verdict;
        var what = v.Kind switch
        {
            VerdictKind.Pass => $"no bug in {r.Schedules} schedules",
            VerdictKind.Violates => $"{v.Property} [{v.Id}] violated after {r.Schedules} schedule(s)",
            VerdictKind.Liveness => $"{v.Property} hot at the end after {r.Schedules} schedule(s)",
            _ => v.Kind.ToString().ToLowerInvariant(),
        };
        return string.Create(CultureInfo.InvariantCulture, $"{what} ({r.Seconds ?? o.WallSeconds:0.0} s{rate})");
    }

    /// <summary>The Markdown report (also the benchmark table written by --record).</summary>
    public static string Report(IReadOnlyList<PTestOutcome> outcomes, Tier tier)
    {
        var sb = new StringBuilder();
        sb.AppendLine("# P checker runs");
        sb.AppendLine();
        sb.AppendLine(CultureInfo.InvariantCulture, $"<!-- Written by ./pando check --p --tier {tier.Text()} --record; do not edit by hand. -->");
        sb.AppendLine();
        sb.AppendLine(CultureInfo.InvariantCulture, $"Command: `./pando check --p --tier {tier.Text()} --record` (P 3.1.0, `p check` random strategy, one test case per run, fixed seed).");
        sb.AppendLine(CultureInfo.InvariantCulture, $"Machine: {Environment.ProcessorCount} cores, .NET {Environment.Version}. Seconds are P's own measurement of the exploration.");
        sb.AppendLine("For a test that expects a bug, \"schedules\" is the number of schedules explored up to and including the first buggy one,");
        sb.AppendLine("and its seconds include writing the bug trace (several seconds for a schedule of a few thousand steps), so its");
        sb.AppendLine("schedules/s is not a throughput figure: the passing tests give the throughput.");
        sb.AppendLine();
        sb.AppendLine("| test | expectation | result | schedules | seconds | schedules/s | longest schedule (steps) |");
        sb.AppendLine("|---|---|---|---:|---:|---:|---:|");
        foreach (var o in outcomes)
        {
            var r = o.Result;
            var res = o.Judgement.Ok ? (r.Verdict.Kind == VerdictKind.Pass ? "no bug" : $"{r.Verdict.Property}{(r.Verdict.Id is null ? "" : $" [{r.Verdict.Id}]")}") : "**FAILED**";
            var rate = r.SchedulesPerSecond?.ToString("0.0", CultureInfo.InvariantCulture) ?? "-";
            sb.AppendLine(CultureInfo.InvariantCulture, $"| `{o.Test.Name}` | {o.Test.Expect} | {res} | {r.Schedules?.ToString(CultureInfo.InvariantCulture) ?? "-"} | {r.Seconds?.ToString("0.0", CultureInfo.InvariantCulture) ?? "-"} | {rate} | {r.MaxDepth?.ToString(CultureInfo.InvariantCulture) ?? "-"} |");
        }
        return sb.ToString();
    }
}
