using System.Globalization;
using System.Text;
using Pando.ModelCheck;
using Pando.ModelCheck.P;

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
          pass                no bug in the whole schedule budget
          violates Monitor    the first bug is an assertion of that spec monitor (its message names the catalogue ID)
          liveness Monitor    the first bug is that monitor left in a hot state
        Any other bug (another monitor, an unhandled event, a checker error) fails the test.

        selection (default: every test):
          --test NAME       this test case (repeatable)
          --project P       the test cases of p-models/P (repeatable)

        options:
          --budget fast|full  schedule counts to use (default: full; ./pando test uses fast)
          --list            list the selected tests, expectations and budgets; run nothing
          --record          write each as-expected run's schedules, seconds and schedules/second into the manifest,
                            and the table docs/benchmarks/pchecker.md
          --jobs N          run at most N test cases at once (default: number of cores)
          --manifest F      manifest (default: p-models/tests.json)
          --out DIR         output folder (default: .pando/out/p); bug traces are kept there
          --help            this text

        Exit codes: 0 all as expected, 1 some test failed, 2 bad input or P could not be installed or compiled.
        """;

    /// <summary>Runs the command (argv without the --p flag).</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("check --p", argv);
        var names = new List<string>(); var projects = new List<string>();
        string budget = "full"; string? manifestPath = null, outDir = null;
        bool list = false, record = false; int? jobs = null;
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            switch (t)
            {
                case "--help" or "-h": Console.WriteLine(Help); return 0;
                case "--test": names.Add(a.Value(t)); break;
                case "--project": projects.Add(a.Value(t)); break;
                case "--budget": budget = a.Value(t); break;
                case "--list": list = true; break;
                case "--record": record = true; break;
                case "--jobs": jobs = a.IntValue(t, 1); break;
                case "--manifest": manifestPath = a.Value(t); break;
                case "--out": outDir = a.Value(t); break;
                default: throw a.Unknown(t);
            }
        }
        if (!PTestManifest.Budgets.Contains(budget)) throw new UsageError($"check --p: --budget must be fast or full, got \"{budget}\"");
        var root = Program.RepoRoot();
        manifestPath ??= Path.Combine(root, "p-models", "tests.json");
        var manifest = PTestManifest.Load(manifestPath);
        foreach (var n in names.Where(n => manifest.Tests.All(t => t.Name != n)))
            throw new InputError($"no P test named {n} in {manifestPath} (see ./pando check --p --list)");
        foreach (var p in projects.Where(p => manifest.Tests.All(t => t.Project != p)))
            throw new InputError($"no P test of project {p} in {manifestPath}");
        var tests = manifest.Tests.Where(t => (names.Count == 0 || names.Contains(t.Name)) && (projects.Count == 0 || projects.Contains(t.Project))).ToList();
        if (list)
        {
            int w = tests.Max(t => t.Name.Length), we = tests.Max(t => t.Expect.ToString().Length);
            foreach (var t in tests)
                Console.WriteLine($"{t.Name.PadRight(w)}  {t.Expect.ToString().PadRight(we)}  {t.Schedules(budget),7} schedules  seed {t.Seed}  {t.Description}");
            Console.WriteLine($"{tests.Count} test(s), budget {budget}");
            return 0;
        }
        outDir = Path.GetFullPath(outDir ?? Path.Combine(root, ".pando", "out", "p"));
        Directory.CreateDirectory(outDir);
        var checker = new PChecker(root, outDir);
        int j = jobs ?? Environment.ProcessorCount;
        Console.WriteLine($"P: {tests.Count} test case(s), budget {budget}, {j} at a time");
        checker.Restore();
        var sync = new object();
        checker.Started += t => { lock (sync) Console.WriteLine($"  start  {t.Name} ({t.Expect}, {t.Schedules(budget)} schedules, seed {t.Seed})"); };
        checker.Finished += o => { lock (sync) Console.WriteLine($"  {(o.Failure is null ? "ok    " : "FAILED")} {o.Test.Name}: {Describe(o)}"); };
        var outcomes = checker.RunAll(manifest, tests, budget, j, CancellationToken.None);

        Console.WriteLine();
        foreach (var o in outcomes.Where(o => o.Failure is not null))
        {
            Console.WriteLine($"FAILED {o.Test.Name}: {o.Failure}");
            if (o.Result.TracePath is { } tr) Console.WriteLine($"  bug trace: {tr}");
            Console.WriteLine($"  checker output: {o.LogPath}");
            Console.WriteLine($"  command: (cd p-models/{o.Test.Project} && {o.CommandLine})");
        }
        var report = Report(outcomes, budget);
        File.WriteAllText(Path.Combine(outDir, "report.md"), report);
        if (record)
        {
            var ok = outcomes.Where(o => o.Failure is null && o.Result.SchedulesPerSecond is not null).ToDictionary(o => o.Test.Name,
                o => new PRecordedStats(budget, o.Result.Schedules!.Value, o.Result.Seconds!.Value, o.Result.SchedulesPerSecond!.Value, o.Result.MaxDepth));
            PTestManifest.RecordStats(manifestPath, ok);
            var bench = Path.Combine(root, "docs", "benchmarks", "pchecker.md");
            File.WriteAllText(bench, report);
            Console.WriteLine($"recorded statistics of {ok.Count} test(s) in {manifestPath} and {bench}");
        }
        int failed = outcomes.Count(o => o.Failure is not null);
        Console.WriteLine($"report: {Path.Combine(outDir, "report.md")}");
        Console.WriteLine($"p tests: {outcomes.Count - failed} passed, {failed} failed");
        return failed == 0 ? 0 : 1;
    }

    private static string Describe(PTestOutcome o)
    {
        var r = o.Result;
        var rate = r.SchedulesPerSecond is { } sps ? $", {sps:0.#} schedules/s" : "";
        var what = r.Kind switch
        {
            PVerdictKind.Pass => $"no bug in {r.Schedules} schedules",
            PVerdictKind.Violates => $"{r.Monitor} [{r.PropertyId}] violated after {r.Schedules} schedule(s)",
            PVerdictKind.Liveness => $"{r.Monitor} hot at the end after {r.Schedules} schedule(s)",
            _ => "error",
        };
        return string.Create(CultureInfo.InvariantCulture, $"{what} ({r.Seconds ?? o.WallSeconds:0.0} s{rate})");
    }

    /// <summary>The Markdown report (also the benchmark table written by --record).</summary>
    public static string Report(IReadOnlyList<PTestOutcome> outcomes, string budget)
    {
        var sb = new StringBuilder();
        sb.AppendLine("# P checker runs");
        sb.AppendLine();
        sb.AppendLine(CultureInfo.InvariantCulture, $"<!-- Written by ./pando check --p --budget {budget} --record; do not edit by hand. -->");
        sb.AppendLine();
        sb.AppendLine(CultureInfo.InvariantCulture, $"Command: `./pando check --p --budget {budget} --record` (P 3.1.0, `p check` random strategy, one test case per run, fixed seed).");
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
            var res = o.Failure is null ? (r.Kind == PVerdictKind.Pass ? "no bug" : $"{r.Monitor}{(r.PropertyId is null ? "" : $" [{r.PropertyId}]")}") : "**FAILED**";
            var rate = r.SchedulesPerSecond?.ToString("0.0", CultureInfo.InvariantCulture) ?? "-";
            sb.AppendLine(CultureInfo.InvariantCulture, $"| `{o.Test.Name}` | {o.Test.Expect} | {res} | {r.Schedules?.ToString(CultureInfo.InvariantCulture) ?? "-"} | {r.Seconds?.ToString("0.0", CultureInfo.InvariantCulture) ?? "-"} | {rate} | {r.MaxDepth?.ToString(CultureInfo.InvariantCulture) ?? "-"} |");
        }
        return sb.ToString();
    }
}
