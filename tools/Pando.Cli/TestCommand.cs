using System.Diagnostics;
using System.Globalization;
using System.Xml.Linq;
using Pando.ModelCheck.Tlc;

namespace Pando.Cli;

/// <summary>
/// <c>./pando test</c>: every level's fast tier in one process. Runs the xunit projects of the solution
/// (already built by the <c>./pando</c> script), the TLC fast tier and the P tests with their fast schedule
/// counts, then prints one summary table and the closing <c>total:</c> line. Counts come from structured
/// results (xunit's TRX files, the harness's own verdicts), never from parsing console text.
/// </summary>
public static class TestCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando test [--no-check | --smoke] [--jobs N]

        Every checking level's fast tier, as CI runs it (the ./pando script builds the solution first):
          1. xunit     every test project of pando.slnx (dotnet test, Release, no build) but tests/Coyote.Manifest.Tests,
                       whose cases are the Coyote fast tier that level 4 runs
          2. models    TLC on the fast tier of configs/models.json (as ./pando check)
          3. p tests   every P test case with its fast schedule count (as ./pando check --p)
          4. coyote    every Coyote test of tests/coyote.json with its fast iteration count (as ./pando check --coyote)
        then one summary table and the line "total: N passed, M failed".

          --no-check   run only the xunit level
          --smoke      about a minute, no xunit: at each of TLC, P and Coyote one passing Pando check (with its
                       witnesses) and one mutant that must be caught (the models and tests named in SmokeSet below)
          --jobs N     TLC models, P tests and Coyote processes: at most N at once (default: number of cores)
          --help       this text

        Exit codes: 0 everything passed, 1 a test, model or P test failed (or no xunit test ran), 2 bad input.
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("test", argv);
        bool check = true, smoke = false; int? jobs = null;
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            switch (t)
            {
                case "--help" or "-h": throw new HelpRequested(Help);
                case "--no-check": check = false; break;
                case "--smoke": smoke = true; break;
                case "--jobs": jobs = a.IntValue(t, 1); break;
                default: throw a.Unknown(t);
            }
        }
        if (smoke && !check) throw new UsageError("test: --smoke and --no-check exclude each other");
        var root = Program.RepoRoot();
        var levels = new List<LevelSummary>();
        if (smoke)
        {
            Console.WriteLine("== TLC models (smoke)");
            levels.Add(CheckCommand.Execute(new CheckCommand.Options { Jobs = jobs, Selection = new Selection { Names = [.. SmokeSet.Tlc] } })!);
            Console.WriteLine("== P tests (smoke)");
            levels.Add(PCheckCommand.Execute(new PCheckCommand.Options { Jobs = jobs, Names = [.. SmokeSet.P] })!);
            Console.WriteLine("== Coyote tests (smoke)");
            levels.Add(CoyoteCheckCommand.Execute(new CoyoteCheckCommand.Options { Jobs = jobs, Names = [.. SmokeSet.Coyote] })!);
            return Summarize(levels);
        }
        Console.WriteLine("== xunit");
        levels.Add(Xunit(root));
        if (check)
        {
            Console.WriteLine("== TLC models (fast tier)");
            levels.Add(CheckCommand.Execute(new CheckCommand.Options { Jobs = jobs })!);
            Console.WriteLine("== P tests (fast tier)");
            levels.Add(PCheckCommand.Execute(new PCheckCommand.Options { Jobs = jobs, Tier = Tier.Fast })!);
            Console.WriteLine("== Coyote tests (fast tier)");
            levels.Add(CoyoteCheckCommand.Execute(new CoyoteCheckCommand.Options { Jobs = jobs, Tier = Tier.Fast })!);
        }
        return Summarize(levels);
    }

    /// <summary>
    /// What <c>--smoke</c> runs: Pando's instance B2w (two ballots, a writer; exhaustive, with its witness) and mutant
    /// M4 in TLC; a faulty V1 run and M4 in P; a V2 run with loss, duplication and reordering and M4 in Coyote. Each
    /// level shows it can pass a correct model and catch a planted bug, in about a minute in all.
    /// </summary>
    public static class SmokeSet
    {
        /// <summary>TLC models.</summary>
        public static readonly string[] Tlc = ["Pando_B2w", "Pando_B2w_witness_NothingChosen", "Pando_M4_UncommittedLooksEmpty_violates_Agreement"];
        /// <summary>P test cases.</summary>
        public static readonly string[] P = ["tcV1Faults", "tcM4Agreement"];
        /// <summary>Coyote tests.</summary>
        public static readonly string[] Coyote = ["Pando_V2_chaos_conflict", "Pando_M4_Agreement"];
    }

    private static int Summarize(List<LevelSummary> levels)
    {
        Console.WriteLine();
        Console.WriteLine("level      passed  failed  seconds");
        foreach (var l in levels)
            Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{l.Level,-9}  {l.Passed,6}  {l.Failed,6}  {l.Seconds,7:0}"));
        Console.WriteLine();
        foreach (var l in levels) Console.WriteLine(l.Line);
        int passed = levels.Sum(l => l.Passed), failed = levels.Sum(l => l.Failed);
        Console.WriteLine($"total: {passed} passed, {failed} failed");
        return failed == 0 ? 0 : 1;
    }

    /// <summary>Runs <c>dotnet test</c> on the solution with a TRX logger and counts the results from the TRX files.</summary>
    private static LevelSummary Xunit(string root)
    {
        var clock = Stopwatch.StartNew();
        var results = Path.Combine(root, ".pando", "out", "test", "xunit");
        if (Directory.Exists(results)) Directory.Delete(results, recursive: true);
        Directory.CreateDirectory(results);
        var psi = new ProcessStartInfo("dotnet") { WorkingDirectory = root };
        // tests/Coyote.Manifest.Tests holds the Coyote fast tier as xunit cases, so that `dotnet test` alone explores every
        // protocol; here the Coyote level below runs the same cases through the harness (two processes at once), so the
        // filter keeps them from running twice.
        foreach (var arg in (string[])["test", Path.Combine(root, "pando.slnx"), "-c", "Release", "--no-build", "-nologo",
                     "--filter", "FullyQualifiedName!~Coyote.Manifest.Tests", "--logger", "trx", "--results-directory", results])
            psi.ArgumentList.Add(arg);
        var code = Pando.ModelCheck.Core.BoundedProcess.Run(psi, TimeSpan.FromHours(1), Console.WriteLine);
        var trx = Directory.EnumerateFiles(results, "*.trx", SearchOption.AllDirectories).ToList();
        int passed = 0, failed = 0;
        foreach (var f in trx)
        {
            var counters = XDocument.Load(f).Descendants().FirstOrDefault(e => e.Name.LocalName == "Counters")
                           ?? throw new InputError($"{f}: a TRX file without <Counters>");
            int Attr(string n) => int.Parse(counters.Attribute(n)?.Value ?? "0", CultureInfo.InvariantCulture);
            passed += Attr("passed");
            failed += Attr("failed") + Attr("error") + Attr("timeout") + Attr("aborted");
        }
        if (code != 0 && failed == 0)
        {
            Console.WriteLine($"pando: dotnet test {(code is null ? "was stopped after its time limit" : $"exited with {code}")} but its TRX files record no failure; counting it as one");
            failed = 1;
        }
        if (passed + failed == 0)
        {
            Console.WriteLine("pando: no xunit test ran (no TRX result was written)");
            failed = 1;
        }
        return new LevelSummary("xunit", passed, failed, clock.Elapsed.TotalSeconds);
    }
}
