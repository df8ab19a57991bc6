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
          --tier fast|full  the schedule count of that tier (default fast, as ./pando test and CI; full: long runs);
                            a test with "tier": "full" in the manifest runs only in the full tier (or when named)
          --list            list the selected tests, expectations and schedule counts; run nothing
          --record          write each as-expected run's schedules, seconds and schedules/second into the manifest,
                            and the table docs/benchmarks/pchecker.md
          --jobs N          run at most N test cases at once (default: number of cores)
          --seed N|commit   run every test with this seed instead of the manifest's; "commit" derives it from the
                            checked-out commit (what CI does, through PANDO_P_SEED=commit), and the seed is printed
                            so a failing run can be replayed with --seed N --test NAME
          --seeds A..B      seed sweep: run every selected test once per seed A..B and print, per test, the schedules
                            to its first bug on each seed (with --record: docs/benchmarks/p-seeds.md), and for passing
                            tests how many seeds reached each witness (a sweep of passing tests only records
                            docs/benchmarks/p-witnesses.md); the budgets and `reaches` lists of p-models/tests.json
                            are calibrated from it
          --manifest F      manifest (default: p-models/tests.json)
          --shard I/N       run shard I of N of the selection (with --seeds: of the test-seed runs), balanced on recorded
                            seconds, and write its report to .pando/out/shards (./pando shards merge joins them); the suite
                            rule for witnesses applies only to a run that holds all of a protocol's passing tests
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
        /// <summary>A seed for every test ("commit" or a number), or null for the manifest's (or PANDO_P_SEED).</summary>
        public string? Seed { get; init; }
        /// <summary>A seed sweep, inclusive.</summary>
        public (long From, long To)? Seeds { get; init; }
    }

    private static readonly Dictionary<string, string> Aliases = new() { ["--project"] = "--protocol", ["--budget"] = "--tier" };

    /// <summary>Parses the command line (without the --p flag).</summary>
    public static Options Parse(IReadOnlyList<string> argv) =>
        LevelOptions.Parse("check --p", argv, new Options(), Help, Aliases, (o, t, a) => t switch
        {
            "--jobs" => o with { Jobs = a.IntValue(t, 1) },
            "--out" => o with { OutDir = a.Value(t) },
            "--seed" => o with { Seed = a.Value(t) },
            "--seeds" => o with { Seeds = ParseRange(a.Value(t)) },
            _ => null,
        });

    private static (long, long) ParseRange(string v)
    {
        var parts = v.Split("..");
        if (parts.Length == 2 && long.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out var a)
            && long.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var b) && a <= b && b - a < 1000)
            return (a, b);
        throw new InputError($"--seeds {v}: expected A..B with 0 <= A <= B and at most 1000 seeds, e.g. --seeds 1..10");
    }

    /// <summary>
    /// The seed that overrides the manifest's, from --seed or the environment variable PANDO_P_SEED: a number, or
    /// "commit" for one derived from the checked-out commit (the first 7 hex digits of HEAD). Null: the manifest's.
    /// </summary>
    public static (long Seed, string Origin)? SeedOverride(string? option, string root)
    {
        var (text, from) = option is not null ? (option, "--seed") : (Environment.GetEnvironmentVariable("PANDO_P_SEED"), "PANDO_P_SEED");
        if (string.IsNullOrWhiteSpace(text)) return null;
        if (text == "commit")
        {
            var head = GitHead(root) ?? throw new InputError($"{from}=commit: could not read the checked-out commit (git rev-parse HEAD failed)");
            return (Convert.ToInt64(head[..7], 16), $"from commit {head[..10]}");
        }
        if (long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n <= uint.MaxValue) return (n, $"from {from}");
        throw new InputError($"{from} {text}: a seed is a number from 0 to {uint.MaxValue} or \"commit\"");
    }

    private static string? GitHead(string root)
    {
        try
        {
            var psi = new ProcessStartInfo("git", ["rev-parse", "HEAD"]) { WorkingDirectory = root, RedirectStandardOutput = true, RedirectStandardError = true };
            using var p = Process.Start(psi)!;
            var outText = p.StandardOutput.ReadToEnd().Trim();
            p.WaitForExit();
            return p.ExitCode == 0 && outText.Length >= 10 && outText.All(Uri.IsHexDigit) ? outText : null;
        }
        catch (System.ComponentModel.Win32Exception) { return null; }
    }

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
        // A full-tier test runs with --tier full, or when named with --test.
        if (opt.Names.Count == 0) tests = tests.Where(t => t.RunsIn(tier)).ToList();
        if (opt.Shard is { } sh && opt.Seeds is null) tests = [.. sh.Select(tests, t => t.Name, t => t.Stats?.Seconds ?? 0)];
        if (opt.Seeds is not null && opt.Seed is not null) throw new InputError("--seeds runs a seed sweep; it cannot be combined with --seed");
        var seed = opt.Seeds is null ? SeedOverride(opt.Seed, root) : null;
        // A pinned bug test keeps its manifest seed under the environment's (CI's) seed in the fast tier; --seed overrides all.
        if (seed is { } sd)
            tests = tests.Select(t => t.PinnedSeed && opt.Seed is null && tier == Tier.Fast ? t : t with { Seed = sd.Seed }).ToList();
        if (opt.Seeds is { } range) return Sweep(opt, manifest, tests, range, root, clock);
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
        if (seed is { } used)
        {
            var pinned = tests.Where(t => t.Seed != used.Seed).Select(t => $"{t.Name} (seed {t.Seed})").ToList();
            Console.WriteLine($"P seed {used.Seed} ({used.Origin}) for every test{(pinned.Count == 0 ? "" : $" but the pinned {string.Join(", ", pinned)}")}; replay one with ./pando check --p --seed {used.Seed} --test NAME");
        }
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
        var suiteFailures = SuiteWitnesses(manifest, tests, outcomes, tier);
        var report = Report(outcomes, tier);
        File.WriteAllText(Path.Combine(outDir, "report.md"), report);
        if (opt.Record && seed is not null) throw new InputError("--record keeps the manifest's seeds: run it without --seed or PANDO_P_SEED");
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
            MarkdownReport.WriteMerged(bench, report);
            Console.WriteLine($"recorded statistics of {ok.Count} test(s) in {manifestPath} and {bench}");
        }
        int failed = outcomes.Count(o => !o.Judgement.Ok) + suiteFailures;
        if (opt.Shard is { } shard)
            Console.WriteLine($"shard report: {ShardReport.Of("p", shard, tier, outcomes.Select(o => (o.Test.Name, o.Judgement))).Write(ShardsCommand.DefaultDir)}");
        var summary = new LevelSummary("p tests", outcomes.Count - failed + suiteFailures, failed, clock.Elapsed.TotalSeconds);
        Console.WriteLine($"report: {Path.Combine(outDir, "report.md")}");
        Console.WriteLine(summary.Line);
        return summary;
    }

    /// <summary>
    /// The suite rule (<see cref="PCheckOutput.SuiteNotReached"/>) for every protocol whose passing tests of the tier all
    /// ran and passed (a passing test kept for the full tier does not switch the rule off in the fast tier): prints the
    /// witnesses none of them reached and returns how many protocols failed it.
    /// </summary>
    private static int SuiteWitnesses(PTestManifest manifest, IReadOnlyList<PTestEntry> selected, IReadOnlyList<PTestOutcome> outcomes, Tier tier)
    {
        int failed = 0;
        var names = selected.Select(t => t.Name).ToHashSet(StringComparer.Ordinal);
        foreach (var g in manifest.Tests.Where(t => t.Expect.Kind == VerdictKind.Pass && t.RunsIn(tier)).GroupBy(t => t.Protocol))
        {
            if (!g.All(t => names.Contains(t.Name))) continue;     // a partial selection: the suite rule does not apply
            var runs = outcomes.Where(o => o.Test.Protocol == g.Key && o.Test.Expect.Kind == VerdictKind.Pass).ToList();
            if (runs.Any(o => o.Result.Verdict.Kind != VerdictKind.Pass)) continue;   // already failed on its own
            var missing = PCheckOutput.SuiteNotReached(runs.Select(o => o.Coverage));
            if (missing.Count == 0)
                Console.WriteLine($"witnesses of {g.Key}: every declared witness reached by at least one of its {runs.Count} passing tests");
            else
            {
                Console.WriteLine($"FAILED witnesses of {g.Key}: NOT REACHED by any of its {runs.Count} passing tests: {string.Join(", ", missing)}");
                failed++;
            }
        }
        return failed;
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
        var cov = v.Kind == VerdictKind.Pass && o.Coverage is { } c ? "; " + c.Line : "";
        return string.Create(CultureInfo.InvariantCulture, $"{what} ({r.Seconds ?? o.WallSeconds:0.0} s{rate}){cov}");
    }

    /// <summary>--seeds A..B: every selected test once per seed; the schedules to the first bug (or none) per seed.</summary>
    private static LevelSummary Sweep(Options opt, PTestManifest manifest, IReadOnlyList<PTestEntry> tests, (long From, long To) range, string root, Stopwatch clock)
    {
        var tier = opt.Tier;
        var outDir = Path.GetFullPath(opt.OutDir ?? Path.Combine(root, ".pando", "out", "p-seeds"));
        Directory.CreateDirectory(outDir);
        var runs = tests.SelectMany(t => Enumerable.Range((int)range.From, (int)(range.To - range.From + 1))
            .Select(s => t with { Seed = s, RunTag = $"s{s}" })).ToList();
        // A sharded sweep deals (test, seed) runs to the shards.
        if (opt.Shard is { } sh) runs = [.. sh.Select(runs, t => $"{t.Name}/{t.Seed}", t => t.Stats?.Seconds ?? 0)];
        var checker = new PChecker(root, outDir);
        int j = opt.Jobs ?? Environment.ProcessorCount;
        Console.WriteLine($"P seed sweep: {tests.Count} test case(s) x seeds {range.From}..{range.To}, tier {tier.Text()}, {j} at a time");
        checker.Restore();
        var sync = new object();
        checker.Finished += o => { lock (sync) Console.WriteLine($"  {(o.Judgement.Ok ? "ok    " : "FAILED")} {o.Test.Name} seed {o.Test.Seed}: {Describe(o)}"); };
        var outcomes = checker.RunAll(manifest, runs, tier, j, CancellationToken.None);
        var sb = MarkdownReport.Start("P checker: schedules to the first bug over several seeds", $"./pando check --p --seeds {range.From}..{range.To} --record");
        sb.AppendLine(CultureInfo.InvariantCulture, $"Command: `./pando check --p --seeds {range.From}..{range.To} --record` (P 3.1.0, random strategy, tier {tier.Text()} schedule caps).");
        sb.AppendLine("For each test that expects a bug: the schedules explored up to and including the first buggy one, per seed; a");
        sb.AppendLine("`-` is a seed on which the bug was not found within the cap (the test fails). The fast budget of a bug test");
        sb.AppendLine("in p-models/tests.json must be at least 10 times the worst seed's count, so CI's varying seed finds it.");
        sb.AppendLine("For a passing test: the seconds of each seed's run (no bug expected).");
        sb.AppendLine("The fast caps set from this table are in p-models/tests.json (`schedules.fast`).");
        sb.AppendLine();
        sb.AppendLine(CultureInfo.InvariantCulture, $"| test | expectation | {string.Join(" | ", Enumerable.Range((int)range.From, (int)(range.To - range.From + 1)).Select(s => $"seed {s}"))} | worst | 10 × worst |");
        sb.AppendLine(CultureInfo.InvariantCulture, $"|---|---|{string.Concat(Enumerable.Repeat("---:|", (int)(range.To - range.From + 1)))}---:|---:|");
        foreach (var g in outcomes.GroupBy(o => o.Test.Name))
        {
            var t = g.First().Test;
            var bug = t.Expect.Kind != VerdictKind.Pass;
            var cells = g.OrderBy(o => o.Test.Seed).Select(o => !o.Judgement.Ok ? "-" : bug
                ? (o.Result.Schedules?.ToString(CultureInfo.InvariantCulture) ?? "?")
                : string.Create(CultureInfo.InvariantCulture, $"{o.Result.Seconds ?? o.WallSeconds:0} s")).ToList();
            long? worstN = bug && g.All(o => o.Judgement.Ok) ? g.Max(o => o.Result.Schedules ?? 0) : null;
            var worst = bug ? worstN?.ToString(CultureInfo.InvariantCulture) ?? "not found" : "";
            var tenfold = worstN is { } wn ? (10 * wn).ToString(CultureInfo.InvariantCulture) : "";
            sb.AppendLine(CultureInfo.InvariantCulture, $"| `{t.Name}` | {t.Expect} | {string.Join(" | ", cells)} | {worst} | {tenfold} |");
        }
        var passing = outcomes.Where(o => o.Test.Expect.Kind == VerdictKind.Pass).GroupBy(o => o.Test.Name).ToList();
        if (passing.Count > 0)
        {
            int n = (int)(range.To - range.From + 1);
            sb.AppendLine();
            sb.AppendLine("Witness calibration of the passing tests: how many of the seeds reached each witness event (tier's schedule");
            sb.AppendLine(CultureInfo.InvariantCulture, $"count). A test's `reaches` list in p-models/tests.json names only witnesses reached on all {n} seeds;");
            sb.AppendLine("the rarer ones are covered by the suite rule (every declared witness reached by some passing test of the run).");
            sb.AppendLine();
            sb.AppendLine(CultureInfo.InvariantCulture, $"| test | on all {n} seeds | on some seeds (seeds reaching it) | on none |");
            sb.AppendLine("|---|---|---|---|");
            foreach (var g in passing)
            {
                var covs = g.Select(o => o.Coverage).Where(c => c is not null).Select(c => c!).ToList();
                var declared = covs.SelectMany(c => c.Reached.Concat(c.NotReached)).Distinct().Order(StringComparer.Ordinal).ToList();
                var count = declared.ToDictionary(w => w, w => covs.Count(c => c.Reached.Contains(w)));
                string Names(IEnumerable<string> ws) => string.Join(", ", ws);
                sb.AppendLine(CultureInfo.InvariantCulture,
                    $"| `{g.Key}` | {Names(declared.Where(w => count[w] == n))} | {Names(declared.Where(w => count[w] > 0 && count[w] < n).Select(w => $"{w} ({count[w]})"))} | {Names(declared.Where(w => count[w] == 0))} |");
            }
        }
        var report = sb.ToString();
        File.WriteAllText(Path.Combine(outDir, "report.md"), report);
        Console.WriteLine();
        Console.Write(report);
        if (opt.Record)
        {
            // A sweep of passing tests only is the witness calibration; it must not overwrite the bug tests' table.
            var file = tests.All(t => t.Expect.Kind == VerdictKind.Pass) ? "p-witnesses.md" : "p-seeds.md";
            var bench = Path.Combine(root, "docs", "benchmarks", file);
            MarkdownReport.WriteMerged(bench, report);
            Console.WriteLine($"recorded {bench}");
        }
        int failed = outcomes.Count(o => !o.Judgement.Ok);
        var summary = new LevelSummary("p seed runs", outcomes.Count - failed, failed, clock.Elapsed.TotalSeconds);
        Console.WriteLine(summary.Line);
        return summary;
    }

    /// <summary>The Markdown report (also the benchmark table written by --record).</summary>
    public static string Report(IReadOnlyList<PTestOutcome> outcomes, Tier tier)
    {
        var sb = MarkdownReport.Start("P checker runs", $"./pando check --p --tier {tier.Text()} --record");
        sb.AppendLine(CultureInfo.InvariantCulture, $"Command: `./pando check --p --tier {tier.Text()} --record` (P 3.1.0, `p check` random strategy, one test case per run, fixed seed).");
        sb.AppendLine(CultureInfo.InvariantCulture, $"Machine: {Environment.ProcessorCount} cores, .NET {Environment.Version}. Seconds are P's own measurement of the exploration.");
        sb.AppendLine("For a test that expects a bug, \"schedules\" is the number of schedules explored up to and including the first buggy one,");
        sb.AppendLine("and its seconds include writing the bug trace (several seconds for a schedule of a few thousand steps), so its");
        sb.AppendLine("schedules/s is not a throughput figure: the passing tests give the throughput.");
        sb.AppendLine();
        sb.AppendLine("Witnesses: the reachability events (`eWit...`) a passing run received over all its schedules, out of those the");
        sb.AppendLine("project declares; the test's `reaches` list must be among them. Event coverage is P's own figure.");
        sb.AppendLine();
        sb.AppendLine("| test | expectation | result | schedules | seconds | schedules/s | longest schedule (steps) | witnesses, event coverage |");
        sb.AppendLine("|---|---|---|---:|---:|---:|---:|---|");
        foreach (var o in outcomes)
        {
            var r = o.Result;
            var res = o.Judgement.Ok ? (r.Verdict.Kind == VerdictKind.Pass ? "no bug" : $"{r.Verdict.Property}{(r.Verdict.Id is null ? "" : $" [{r.Verdict.Id}]")}") : "**FAILED**";
            var rate = r.SchedulesPerSecond?.ToString("0.0", CultureInfo.InvariantCulture) ?? "-";
            sb.AppendLine(CultureInfo.InvariantCulture, $"| `{o.Test.Name}` | {o.Test.Expect} | {res} | {r.Schedules?.ToString(CultureInfo.InvariantCulture) ?? "-"} | {r.Seconds?.ToString("0.0", CultureInfo.InvariantCulture) ?? "-"} | {rate} | {r.MaxDepth?.ToString(CultureInfo.InvariantCulture) ?? "-"} | {(r.Verdict.Kind == VerdictKind.Pass && o.Coverage is { } c ? c.Line : "")} |");
        }
        return sb.ToString();
    }
}
