using System.Globalization;
using Pando.ModelCheck.Coyote;
using Pando.ModelCheck.Trace;
using PandoCoyote.LEGOStore;
using PandoCoyote.Shared.Testing;

namespace Pando.Cli;

/// <summary><c>./pando validate</c>: trace validation, Coyote iterations checked by TLC to be behaviours of the spec.</summary>
public static class ValidateCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando validate --test NAME [--iterations N] [--seed S] [--mutant M]

        Trace validation (docs/trace-validation.md): runs the Coyote test NAME of tests/coyote.json for N iterations
        (default 20) with its seed (or S), records every iteration's spec steps (each C# handler reports the TLA+
        action it commits to, with the fields the spec leaves open), writes them as one TLA+ module and runs TLC once
        on the protocol's trace spec, which follows each log with the spec's own actions. A log is validated when some
        behaviour of the spec takes every one of its events; otherwise the first event none could take is printed: the
        implementation did something the spec does not allow (or the spec is missing a behaviour).
          --test NAME       a Coyote test with a trace spec: today LEGOStore's static ABD and CAS (params ABD… or
                            CAS…, no reconfiguration; configs/LEGOStore/TraceABD.tla, TraceCAS.tla). For a bug test,
                            the failing iteration is validated and the report says whether its log left the spec
                            before the monitor fired
          --iterations N    iterations to record and validate (default 20)
          --seed S          Coyote's seed (default: the test's)
          --mutant M        run the test's deployment with mutant M switched on (e.g. the divergence mutants DT and
                            DW of LEGOStore, which no monitor catches); the run must still pass its monitors
          --help            this text

        Exit codes: 0 every log validated, 1 some log diverged (or the test itself failed), 2 bad input.
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("validate", argv);
        string? name = null, mutant = null; int iterations = 20; uint? seed = null;
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            switch (t)
            {
                case "--help" or "-h": throw new HelpRequested(Help);
                case "--test": name = a.Value(t); break;
                case "--iterations": iterations = a.IntValue(t, 1); break;
                case "--seed": seed = (uint)a.IntValue(t, 0); break;
                case "--mutant": mutant = a.Value(t); break;
                default: throw a.Unknown(t);
            }
        }
        if (name is null) throw new UsageError("validate: --test NAME is required");
        var root = Program.RepoRoot();
        var manifest = CoyoteTestManifest.Load(Path.Combine(root, "tests", "coyote.json"));
        var test = manifest.Tests.FirstOrDefault(x => x.Name == name)
                   ?? throw new InputError($"--test {name}: no test of that name in tests/coyote.json (see ./pando check --coyote --list)");
        if (mutant is not null)
        {
            if (!LegoScenarios.MutantNames.ContainsKey(mutant))
                throw new InputError($"--mutant {mutant}: not a LEGOStore mutant (known: {string.Join(", ", LegoScenarios.MutantNames.Keys)})");
            test = test with { Deployment = new Dictionary<string, string>(test.Deployment) { ["mutant"] = mutant } };
        }
        var summary = Validate(root, test, iterations, seed);
        return summary.AllMatched ? 0 : 1;
    }

    /// <summary>The outcome of one validation run.</summary>
    public sealed record Summary(string Test, int Logs, int Matched, int Events, double CoyoteSeconds, double TlcSeconds,
        IReadOnlyList<(TraceMatch Match, string? Event)> Divergent)
    {
        /// <summary>Every log validated.</summary>
        public bool AllMatched => Matched == Logs;
    }

    /// <summary>Records and validates <paramref name="iterations"/> iterations of <paramref name="test"/>; prints the outcome.</summary>
    public static Summary Validate(string root, CoyoteTestEntry test, int iterations, uint? seed = null)
    {
        var d = test.Deployment;
        if (test.Protocol != "LEGOStore" || !d.TryGetValue("params", out var ps) || d.ContainsKey("reconfig")
            || !(ps.StartsWith("ABD", StringComparison.Ordinal) || ps.StartsWith("CAS", StringComparison.Ordinal)))
            throw new InputError($"--test {test.Name}: no trace spec for this test yet (trace validation covers static ABD and CAS: LEGOStore tests with params ABD… or CAS… and no reconfiguration)");
        bool cas = ps.StartsWith("CAS", StringComparison.Ordinal);
        var spec = cas ? "CAS" : "ABD";
        bool bugTest = test.Expect.Kind != Pando.ModelCheck.Core.VerdictKind.Pass;
        var system = LegoScenarios.Build(d, null);
        // A bug test runs as its manifest entry says (it stops at its bug) and only the failing iteration is validated.
        var scenario = CoyoteCheckCommand.Build(test, Pando.ModelCheck.Core.Tier.Fast);
        if (!bugTest) scenario = scenario with { Iterations = (uint)iterations };
        if (seed is { } sd) scenario = scenario with { Seed = sd };
        var steps = new List<IReadOnlyList<SpecStep>>();
        Console.WriteLine(bugTest ? $"validate: recording {test.Name} up to its bug (seed {scenario.Seed})"
                                  : $"validate: recording {iterations} iteration(s) of {test.Name} (seed {scenario.Seed})");
        var run = CoyoteRunner.Run(scenario, quiet: true, specTraces: steps);
        if (!bugTest && run.Kind != CoyoteVerdict.Pass)
            throw new InputError($"--test {test.Name}: the run itself failed ({run.Message}); fix that first (./pando check --coyote --test {test.Name})");
        if (bugTest)
        {
            if (run.Kind == CoyoteVerdict.Pass) throw new InputError($"--test {test.Name}: expected {test.Expect} but the run found no bug");
            Console.WriteLine($"validate: the bug ({run.Message.Split('\n')[0]}) in iteration {run.Iterations}; validating that iteration's log");
            steps.RemoveRange(0, steps.Count - 1);
        }

        var traces = steps.Select(s => (IReadOnlyList<string>)[.. s.Select(x => x.ToTla())]).ToList();
        int Field(SpecStep s, string f) => Convert.ToInt32(s.Fields.First(x => x.Field == f).Value, CultureInfo.InvariantCulture);
        var invokes = steps.SelectMany(s => s).Where(s => s.Action == "Invoke").ToList();
        int nc = Math.Max(1, invokes.Select(s => Field(s, "c")).DefaultIfEmpty(1).Max());
        var plan = Enumerable.Range(1, nc).Select(c =>
            "<<" + string.Join(", ", Enumerable.Repeat("\"ANY\"", invokes.Where(s => Field(s, "c") == c).Select(s => Field(s, "n")).DefaultIfEmpty(0).Max())) + ">>");
        // Values are strings in the logs ("v11", "v0", "GARBAGE"): CAS.tla compares a symbol with the string NoSym, and
        // TLC compares strings with strings only.
        var values = invokes.Where(s => (string)s.Fields.First(x => x.Field == "kind").Value == "PUT")
            .Select(s => SpecStep.Tla(s.Fields.First(x => x.Field == "v").Value)).Distinct().Order(StringComparer.Ordinal).ToList();
        var p = system.Params;
        var constants = new List<(string, string)>
        {
            ("TrServers", $"0 .. {p.M - 1}"),
            ("TrNC", $"{nc}"),
            ("TrValues", "{" + string.Join(", ", values.DefaultIfEmpty(SpecStep.Tla(LegoValues.Show(LegoValues.V0 + 1)))) + "}"),
            ("TrInitValue", SpecStep.Tla(LegoValues.Show(LegoValues.V0))),
            ("TrQ1", $"{p.Q1}"),
            ("TrQ2", $"{p.Q2}"),
            ("TrF", "0"),
            ("TrPlan", "<<" + string.Join(", ", plan) + ">>"),
            ("TrOptGet", p.OptGet ? "TRUE" : "FALSE"),
        };
        if (cas)
            constants.AddRange([
                ("TrGarbage", SpecStep.Tla(LegoValues.Show(LegoValues.Garbage))), ("TrK", $"{p.K}"), ("TrQ3", $"{p.Q3}"), ("TrQ4", $"{p.Q4}"),
                ("TrDelta", $"{p.Delta}"), ("TrArtGuard", p.PaperGuard ? "FALSE" : "TRUE"), ("TrMaxAttempts", $"{LegoInit.DefaultMaxAttempts}"),
                ("TrAckCopies", "6"),
            ]);
        var data = TraceValidator.DataModule($"Trace{spec}Data", constants, traces);
        var tools = ToolchainLocator.Locate(root);
        var work = Path.Combine(root, ".pando", "out", "validate", test.Name);
        var (matches, _, seconds) = TraceValidator.Run(tools, Path.Combine(root, "configs", "LEGOStore", $"Trace{spec}.tla"),
            [Path.Combine(root, "specs")], $"Trace{spec}Data", data, traces, work, TimeSpan.FromMinutes(20));
        var divergent = matches.Where(m => !m.Ok).Select(m => (m, (string?)traces[m.Index - 1].ElementAtOrDefault(m.Matched))).ToList();
        int events = traces.Sum(t => t.Count);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"validate: {traces.Count} log(s), {events} events, Coyote {run.Seconds:0.0} s, TLC {seconds:0.0} s ({seconds / Math.Max(1, traces.Count):0.00} s per log); logs in {work}"));
        foreach (var (m, ev) in divergent)
            Console.WriteLine(bugTest
                ? $"  DIVERGES at event {m.Matched + 1} of {m.Length} (the monitor fired after event {m.Length}): {ev}"
                : $"  DIVERGES log {m.Index} (iteration {m.Index}): events 1..{m.Matched} of {m.Length} matched; no behaviour of the spec takes event {m.Matched + 1}: {ev}");
        if (bugTest && divergent.Count == 0)
            Console.WriteLine($"  every one of the {events} events is a step of the spec: only the monitor catches this bug");
        Console.WriteLine(divergent.Count == 0 ? $"validate: all {traces.Count} log(s) are behaviours of specs/{spec}.tla" : $"validate: {divergent.Count} of {traces.Count} log(s) diverge");
        return new Summary(test.Name, traces.Count, traces.Count - divergent.Count, events, run.Seconds, seconds, divergent);
    }
}
