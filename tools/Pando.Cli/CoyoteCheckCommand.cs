using System.Diagnostics;
using System.Globalization;
using System.Text;
using Pando.ModelCheck.Coyote;
using PandoCoyote.Shared.Testing;

namespace Pando.Cli;

/// <summary>
/// <c>./pando check --coyote</c>: runs the C# implementations under Coyote's systematic testing engine, one test of
/// <c>tests/coyote.json</c> at a time (Coyote keeps process-wide state), and judges each with the shared vocabulary.
/// </summary>
public static class CoyoteCheckCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando check --coyote [selection] [options]

        Runs each test of tests/coyote.json under Coyote (actors over the simulated network, the catalogue's monitors
        registered), with the tier's iteration count and the test's seed and strategy, and compares the result with the
        test's expectation:
          pass                     no monitor violated in all the tier's iterations
          violates Monitor [ID]    the first bug is an assertion of that monitor naming that catalogue ID
                                   (a bug test registers only that monitor, as the P bug tests assert only theirs)
          liveness Monitor [ID]    the first bug is that monitor left hot (fair strategy)
        Any other bug (an unhandled event, an exception) fails the test. On a bug, the reproducible trace and a readable
        log are written to .pando/out/coyote/NAME/ and can be replayed with --replay.

        selection (default: every test):
          --test NAME       this test (repeatable)
          --protocol P      the tests of protocol P (repeatable)

        options:
          --tier fast|full  the iteration count of that tier (default fast, as ./pando test and CI); a test whose
                            manifest "tier" is full runs only with --tier full (or when named with --test)
          --list            list the selected tests, expectations and iteration counts; run nothing
          --record          write each as-expected run's iterations, seconds and iterations/s into the manifest and
                            docs/benchmarks/coyote.md
          --jobs N          run the tests in N processes at once (default: number of cores); Coyote keeps
                            process-wide state, so each process runs its share one test at a time, longest first
          --replay FILE     replay a saved trace of the single test named with --test, and print what it finds
          --manifest F      manifest (default: tests/coyote.json)
          --shard I/N       run shard I of N of the selection (balanced on recorded seconds) and write its report to
                            .pando/out/shards; ./pando shards merge joins the shards' reports
          --help            this text

        Exit codes: 0 all as expected, 1 some test failed, 2 bad input.
        """;

    /// <summary>Options.</summary>
    public sealed record Options : LevelOptions
    {
        /// <summary>A trace to replay.</summary>
        public string? Replay { get; init; }
        /// <summary>Processes running tests at once (<c>--jobs</c>), or null for the number of cores.</summary>
        public int? Jobs { get; init; }
        /// <summary>Internal (<c>--shard-out FILE</c>): this process is one of several; write its results to FILE.</summary>
        public string? ShardOut { get; init; }
        /// <summary>Where a <c>--shard</c> run writes its report (null: .pando/out/shards).</summary>
        public string? ShardReportDir { get; init; }
    }

    /// <summary>Parses the command line (without --coyote).</summary>
    public static Options Parse(IReadOnlyList<string> argv)
    {
        var o = LevelOptions.Parse("check --coyote", argv, new Options(), Help, new Dictionary<string, string>(),
            (o, t, a) => t switch
            {
                "--replay" => o with { Replay = a.Value(t) },
                "--jobs" => o with { Jobs = a.IntValue(t, 1) },
                "--shard-out" => o with { ShardOut = a.Value(t) },
                _ => null,
            });
        if (o.Replay is not null && o.Names.Count != 1) throw new UsageError("check --coyote: --replay needs exactly one --test NAME (the test whose trace it is)");
        return o;
    }

    /// <summary>Runs the command (argv without --coyote).</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var o = Parse(argv);
        if (o.Replay is not null) return Replay(o);
        var summary = Execute(o);
        return summary is null || summary.Failed == 0 ? 0 : 1;
    }

    private static (CoyoteTestManifest Manifest, string Path, List<CoyoteTestEntry> Tests) Select(Options o)
    {
        var root = Program.RepoRoot();
        var path = o.ManifestPath ?? Path.Combine(root, "tests", "coyote.json");
        var manifest = CoyoteTestManifest.Load(path);
        // Full-tier tests run only with --tier full, unless named with --test.
        var inTier = o.Names.Count > 0 ? manifest.Tests : manifest.Tests.Where(t => t.RunsIn(o.Tier)).ToList();
        var tests = EntrySelection.Apply(inTier, o.Names, o.Protocols, path, "./pando check --coyote --list");
        if (o.Shard is { } sh && o.ShardOut is null) tests = [.. sh.Select(tests, t => t.Name, t => t.Stats?.Seconds ?? 0)];
        foreach (var t in tests) Build(t, o.Tier, o.ManifestPath);         // a bad deployment is bad input: nothing runs
        return (manifest, path, tests);
    }

    /// <summary>The scenario of a manifest entry; a deployment the builder refuses is an <see cref="InputError"/>.</summary>
    public static Scenario Build(CoyoteTestEntry t, Tier tier, string? manifestPath = null)
    {
        var strategy = t.Strategy switch { "prioritization" => Strategy.Prioritization, "fair" => Strategy.Fair, _ => Strategy.Random };
        var only = t.Expect.Kind is VerdictKind.Violates or VerdictKind.Liveness ? t.Expect.Property : null;
        // Liveness monitors are registered for every test under the fair strategy (a passing one proves they stay cool)
        // and for every test that expects a liveness violation.
        var liveness = t.Expect.Kind == VerdictKind.Liveness || strategy == Strategy.Fair;
        try
        {
            return t.Protocol switch
            {
                "Pando" => PandoCoyote.Pando.PandoScenarios.Scenario(t.Name, t.Deployment, only, liveness,
                    (uint)t.Iterations(tier), t.Seed, strategy, t.MaxSteps),
                "LEGOStore" => PandoCoyote.LEGOStore.LegoScenarios.Scenario(t.Name, t.Deployment, only,
                    (uint)t.Iterations(tier), t.Seed, strategy, t.MaxSteps, liveness),
                "PQR" => PandoCoyote.PQR.PqrScenarios.Scenario(t.Name, t.Deployment, only,
                    (uint)t.Iterations(tier), t.Seed, strategy, t.MaxSteps, liveness),
                "RSPaxos" => PandoCoyote.RSPaxos.RspScenarios.Scenario(t.Name, t.Deployment, only,
                    (uint)t.Iterations(tier), t.Seed, strategy, t.MaxSteps, liveness),
                "Alia" => PandoCoyote.Alia.AliaScenarios.Scenario(t.Name, t.Deployment, only,
                    (uint)t.Iterations(tier), t.Seed, strategy, t.MaxSteps, liveness),
                _ => throw new ArgumentException($"protocol {t.Protocol} has no C# implementation yet"),
            };
        }
        catch (ArgumentException e)
        {
            throw new InputError($"{manifestPath ?? "tests/coyote.json"}: test {t.Name}: {e.Message}");
        }
    }

    /// <summary>
    /// A passing test fails as NOT REACHED when a path it names as a witness was never reached, or, in a test expected to
    /// pass, when a node-local rule it registered never judged an observation (docs/local-rules.md).
    /// </summary>
    public static Judgement Witnessed(Judgement j, CoyoteTestEntry t, IReadOnlyDictionary<string, long> reached)
    {
        var missing = t.Reaches.Where(w => reached.GetValueOrDefault(w) == 0)
            .Concat(t.Expect.Kind == VerdictKind.Pass ? LocalRules.Unexercised(reached).Select(LocalRules.CheckedWitness) : []).ToList();
        return !j.Ok || missing.Count == 0 ? j
            : new Judgement(false, $"NOT REACHED: the run passed but never reached {string.Join(", ", missing.Select(m => $"\"{m}\""))}");
    }

    /// <summary>The shared verdict of a Coyote result.</summary>
    public static Verdict VerdictOf(CoyoteResult r, CoyoteTestEntry t, double seconds) =>
        seconds > t.TimeLimitSeconds ? new Verdict(VerdictKind.Timeout, Detail: $"took {seconds:0} s, over its time limit of {t.TimeLimitSeconds} s")
        : r.Kind switch
        {
            CoyoteVerdict.Pass => new Verdict(VerdictKind.Pass, Detail: r.Message),
            CoyoteVerdict.Violates => new Verdict(VerdictKind.Violates, r.Monitor, r.Id, r.Message),
            CoyoteVerdict.Liveness => new Verdict(VerdictKind.Liveness, r.Monitor, null, r.Message),
            _ => new Verdict(VerdictKind.Error, Detail: r.Message),
        };

    /// <summary>Runs the selected tests, prints the outcome, and returns the level's counts (null for --list).</summary>
    public static LevelSummary? Execute(Options o)
    {
        var clock = Stopwatch.StartNew();
        var (_, path, tests) = Select(o);
        if (o.List)
        {
            int w = tests.Max(t => t.Name.Length), we = tests.Max(t => t.Expect.ToString().Length);
            foreach (var t in tests)
                Console.WriteLine($"{t.Name.PadRight(w)}  {t.Expect.ToString().PadRight(we)}  {t.Iterations(o.Tier),7} iterations  seed {t.Seed}  {t.Strategy,-14}  {t.Description}");
            Console.WriteLine($"{tests.Count} test(s), tier {o.Tier.Text()}");
            return null;
        }
        int jobs = Math.Min(o.ShardOut is null ? o.Jobs ?? Environment.ProcessorCount : 1, tests.Count);
        if (o.ShardOut is null)
            Console.WriteLine($"Coyote: {tests.Count} test(s), tier {o.Tier.Text()}, {(jobs <= 1 ? "one at a time" : $"{jobs} processes, each one test at a time")}");
        var rows = new List<(CoyoteTestEntry Test, CoyoteResult Result, Judgement Judgement, IReadOnlyDictionary<string, long> Coverage)>();
        if (jobs > 1)
            rows.AddRange(RunSharded(o, path, tests, jobs));
        else
            foreach (var t in tests)
            {
                var (r, j, reached) = RunOne(t, o.Tier);
                rows.Add((t, r, j, reached));
                Console.WriteLine(Line(t, r, j));
            }
        if (o.ShardOut is not null)
        {
            ShardFile.Write(o.ShardOut, rows.Select(x => (x.Test.Name, x.Result, x.Coverage)));
            return new LevelSummary("coyote", rows.Count(x => x.Judgement.Ok), rows.Count(x => !x.Judgement.Ok), clock.Elapsed.TotalSeconds);
        }
        Console.WriteLine();
        foreach (var (t, r, j, _) in rows.Where(x => !x.Judgement.Ok))
        {
            Console.WriteLine($"FAILED {t.Name}: {j.Message}");
            if (r.TracePath is { } tr) Console.WriteLine($"  trace: {tr}  (replay: ./pando check --coyote --test {t.Name} --replay {tr})");
            if (r.LogPath is { } lg) PrintLogs(lg, "  ");
        }
        var report = Report(rows, o.Tier);
        var outDir = Path.Combine(Program.RepoRoot(), ".pando", "out", "coyote");
        Directory.CreateDirectory(outDir);
        File.WriteAllText(Path.Combine(outDir, "report.md"), report);
        if (o.Record)
        {
            var stats = rows.Where(x => x.Judgement.Ok).ToDictionary(x => x.Test.Name, x => new RecordedStats
            {
                Tier = o.Tier, Iterations = x.Result.Iterations, Seconds = x.Result.Seconds, IterationsPerSecond = x.Result.IterationsPerSecond,
            });
            // The manifest keeps the fast tier's numbers (what CI runs); a full-tier run has its own benchmark page.
            if (o.Tier == Tier.Fast) JsonFiles.RecordStats(path, "tests", stats);
            var bench = Path.Combine(Program.RepoRoot(), "docs", "benchmarks", o.Tier == Tier.Fast ? "coyote.md" : "coyote-full.md");
            MarkdownReport.WriteMerged(bench, report, keepWideTables: true);
            Console.WriteLine(o.Tier == Tier.Fast ? $"recorded statistics of {stats.Count} test(s) in {path} and {bench}"
                                                  : $"recorded statistics of {stats.Count} test(s) in {bench}");
        }
        int failed = rows.Count(x => !x.Judgement.Ok);
        if (o.Shard is { } shard)
            Console.WriteLine($"shard report: {ShardReport.Of("coyote", shard, o.Tier, rows.Select(x => (x.Test.Name, x.Judgement))).Write(o.ShardReportDir ?? ShardsCommand.DefaultDir)}");
        var summary = new LevelSummary("coyote", rows.Count - failed, failed, clock.Elapsed.TotalSeconds);
        Console.WriteLine(summary.Line);
        return summary;
    }

    /// <summary>
    /// Runs one manifest test in this process and judges it as <c>./pando check --coyote</c> does (expectation and
    /// witnesses). The xunit project tests/Coyote.Manifest.Tests calls it, one case per manifest entry (the test command
    /// of <c>./pando mutate</c>).
    /// </summary>
    public static Judgement RunJudged(CoyoteTestEntry t, Tier tier) => RunOne(t, tier).Judgement;

    private static (CoyoteResult Result, Judgement Judgement, IReadOnlyDictionary<string, long> Reached) RunOne(CoyoteTestEntry t, Tier tier)
    {
        Coverage.Reset();
        var r = CoyoteRunner.Run(Build(t, tier), quiet: true);
        DrawMessages(r.LogPath);
        var reached = Coverage.Snapshot();
        return (r, Judged(t, r, reached), reached);
    }

    private static Judgement Judged(CoyoteTestEntry t, CoyoteResult r, IReadOnlyDictionary<string, long> reached) =>
        Witnessed(Judge.Compare(t.Expect, VerdictOf(r, t, r.Seconds), "Coyote", $" in {r.Iterations} iterations"), t, reached);

    private static string Line(CoyoteTestEntry t, CoyoteResult r, Judgement j) => string.Create(CultureInfo.InvariantCulture,
        $"  {(j.Ok ? "ok    " : "FAILED")} {t.Name}: {(r.Kind == CoyoteVerdict.Pass ? $"no bug in {r.Iterations} iterations" : $"{r.Monitor}{(r.Id is null ? "" : $" [{r.Id}]")} after {r.Iterations} iteration(s)")} ({r.Seconds:0.0} s, {r.IterationsPerSecond:0} it/s)");

    /// <summary>
    /// Runs the tests in <paramref name="jobs"/> child processes of this command (<c>--shard-out</c>), each given a share
    /// of the tests balanced by recorded seconds, longest first. Each child runs its share one test at a time, prints its
    /// lines and writes its results to a file; this process judges them. A Coyote run is a function of its test and seed,
    /// so the verdicts are those of a sequential run; only the wall clock changes.
    /// </summary>
    private static IEnumerable<(CoyoteTestEntry, CoyoteResult, Judgement, IReadOnlyDictionary<string, long>)> RunSharded(
        Options o, string manifestPath, IReadOnlyList<CoyoteTestEntry> tests, int jobs)
    {
        var shares = Enumerable.Range(0, jobs).Select(_ => (Seconds: 0.0, Tests: new List<CoyoteTestEntry>())).ToArray();
        foreach (var t in tests.OrderByDescending(t => t.Stats?.Seconds ?? 0))
        {
            int k = Array.FindIndex(shares, x => x.Seconds == shares.Min(y => y.Seconds));
            shares[k].Tests.Add(t);
            shares[k].Seconds += t.Stats?.Seconds ?? 1;
        }
        var dir = Path.Combine(Program.RepoRoot(), ".pando", "out", "coyote", "shards");
        if (Directory.Exists(dir)) Directory.Delete(dir, recursive: true);
        Directory.CreateDirectory(dir);
        var self = typeof(CoyoteCheckCommand).Assembly.Location;
        var sync = new object();
        var exits = new int?[jobs];
        Parallel.For(0, jobs, new ParallelOptions { MaxDegreeOfParallelism = jobs }, k =>
        {
            var psi = new ProcessStartInfo("dotnet") { WorkingDirectory = Program.RepoRoot() };
            foreach (var arg in (string[])[self, "check", "--coyote", "--tier", o.Tier.Text(), "--manifest", manifestPath,
                         "--shard-out", Path.Combine(dir, $"shard{k}.json")])
                psi.ArgumentList.Add(arg);
            foreach (var t in shares[k].Tests) { psi.ArgumentList.Add("--test"); psi.ArgumentList.Add(t.Name); }
            // Each test has its own time limit inside the child; this bound only stops a child that hangs outright.
            var bound = TimeSpan.FromSeconds(shares[k].Tests.Sum(t => (double)t.TimeLimitSeconds) + 300);
            exits[k] = Pando.ModelCheck.Core.BoundedProcess.Run(psi, bound, line => { lock (sync) Console.WriteLine(line); });
        });
        for (int k = 0; k < jobs; k++)
        {
            var file = Path.Combine(dir, $"shard{k}.json");
            var results = File.Exists(file) ? ShardFile.Read(file) : new Dictionary<string, (CoyoteResult, IReadOnlyDictionary<string, long>)>();
            foreach (var t in shares[k].Tests)
            {
                if (results.TryGetValue(t.Name, out var rc))
                    yield return (t, rc.Item1, Judged(t, rc.Item1, rc.Item2), rc.Item2);
                else
                {
                    var why = $"its Coyote process {(exits[k] is { } c ? $"exited with code {c}" : "was stopped after its time limit")} before reporting this test";
                    var r = new CoyoteResult(CoyoteVerdict.Error, null, null, why, 0, 0, null, null, null);
                    yield return (t, r, new Judgement(false, why), new Dictionary<string, long>());
                }
            }
        }
    }

    /// <summary>The results file of one child process of a sharded run.</summary>
    private static class ShardFile
    {
        private sealed record Row(string Name, string Kind, string? Id, string? Monitor, string Message, long Iterations,
            double Seconds, string? TracePath, string? LogPath, Dictionary<string, long> Coverage);

        public static void Write(string path, IEnumerable<(string Name, CoyoteResult R, IReadOnlyDictionary<string, long> Coverage)> rows) =>
            File.WriteAllText(path, System.Text.Json.JsonSerializer.Serialize(rows.Select(x => new Row(x.Name, x.R.Kind.ToString(), x.R.Id,
                x.R.Monitor, x.R.Message, x.R.Iterations, x.R.Seconds, x.R.TracePath, x.R.LogPath, new Dictionary<string, long>(x.Coverage))).ToList()));

        public static Dictionary<string, (CoyoteResult, IReadOnlyDictionary<string, long>)> Read(string path) =>
            (System.Text.Json.JsonSerializer.Deserialize<List<Row>>(File.ReadAllText(path)) ?? [])
                .ToDictionary(r => r.Name, r => (new CoyoteResult(Enum.Parse<CoyoteVerdict>(r.Kind), r.Id, r.Monitor, r.Message, r.Iterations,
                    r.Seconds, r.TracePath, r.LogPath, null), (IReadOnlyDictionary<string, long>)r.Coverage));
    }

    private static int Replay(Options o)
    {
        var (_, _, tests) = Select(o);
        var t = tests.Single();
        if (!File.Exists(o.Replay)) throw new InputError($"--replay {o.Replay}: no such file");
        var r = CoyoteRunner.Run(Build(t, o.Tier) with { Iterations = 1 }, File.ReadAllText(o.Replay!), quiet: true);
        DrawMessages(r.LogPath);
        Console.WriteLine(r.Kind == CoyoteVerdict.Pass ? "replay: no bug (the trace does not reproduce one for this test)" : $"replay: {r.Message}");
        if (r.LogPath is { } lg) PrintLogs(lg, "");
        return r.Kind == CoyoteVerdict.Pass ? 1 : 0;
    }

    // A bug's files beside Coyote's own readable log: the messages step by step, and the same steps drawn.
    private static void PrintLogs(string readable, string indent)
    {
        var dir = Path.GetDirectoryName(readable)!;
        Console.WriteLine($"{indent}messages: {Path.Combine(dir, "messages.txt")} (sender → receiver: message, per step)");
        if (File.Exists(Path.Combine(dir, "messages.svg"))) Console.WriteLine($"{indent}picture: {Path.Combine(dir, "messages.svg")}");
        Console.WriteLine($"{indent}Coyote's log: {readable}");
    }

    /// <summary>Draws the failing iteration's messages (messages.msc, written by the runner) as messages.svg.</summary>
    public static void DrawMessages(string? readableLog)
    {
        if (readableLog is null) return;
        var msc = Path.Combine(Path.GetDirectoryName(readableLog)!, "messages.msc");
        if (!File.Exists(msc)) return;
        File.WriteAllText(Path.ChangeExtension(msc, ".svg"), SequenceChart.SvgOfFile(msc));
    }

    /// <summary>The Markdown report (also the benchmark page written by --record).</summary>
    public static string Report(IReadOnlyList<(CoyoteTestEntry Test, CoyoteResult Result, Judgement Judgement, IReadOnlyDictionary<string, long> Coverage)> rows, Tier tier)
    {
        var sb = MarkdownReport.Start("Coyote runs", $"./pando check --coyote --tier {tier.Text()} --record");
        sb.AppendLine(CultureInfo.InvariantCulture, $"Command: `./pando check --coyote --tier {tier.Text()} --record` (Coyote 1.7.11, actors only, one test at a time, fixed seed). Machine: {Environment.ProcessorCount} cores, .NET {Environment.Version}.");
        sb.AppendLine("For a test that expects a bug, \"iterations\" counts the iterations up to and including the first buggy one.");
        sb.AppendLine();
        sb.AppendLine("| test | expectation | result | iterations | seconds | iterations/s |");
        sb.AppendLine("|---|---|---|---:|---:|---:|");
        foreach (var (t, r, j, _) in rows)
        {
            var res = !j.Ok ? "**FAILED**" : r.Kind == CoyoteVerdict.Pass ? "no bug" : $"{r.Monitor}{(r.Id is null ? "" : $" [{r.Id}]")}";
            sb.AppendLine(CultureInfo.InvariantCulture, $"| `{t.Name}` | {t.Expect} | {res} | {r.Iterations} | {r.Seconds:0.0} | {r.IterationsPerSecond:0.0} |");
        }
        // Coverage of the passing tests: how often each protocol path was reached over all iterations.
        var passing = rows.Where(x => x.Test.Expect.Kind == VerdictKind.Pass).ToList();
        var paths = passing.SelectMany(x => x.Coverage.Keys).Distinct().Order(StringComparer.Ordinal).ToList();
        if (passing.Count > 0 && paths.Count > 0)
        {
            sb.AppendLine();
            sb.AppendLine("## Coverage of the passing tests");
            sb.AppendLine();
            sb.AppendLine("Times each path was reached over all iterations of the test (src/PandoCoyote/Shared/Testing/Coverage.cs); \"—\" = never.");
            sb.AppendLine("A test's `reaches` field in tests/coyote.json names the paths it must reach, or it fails as NOT REACHED.");
            sb.AppendLine();
            sb.AppendLine("| path | " + string.Join(" | ", passing.Select(x => $"`{x.Test.Name.Replace("Pando_", "", StringComparison.Ordinal)}`")) + " |");
            sb.AppendLine("|---|" + string.Concat(passing.Select(_ => "---:|")));
            foreach (var p in paths)
                sb.AppendLine($"| {p} | " + string.Join(" | ", passing.Select(x => x.Coverage.TryGetValue(p, out var n) ? n.ToString(CultureInfo.InvariantCulture) : "—")) + " |");
        }
        return sb.ToString();
    }
}
