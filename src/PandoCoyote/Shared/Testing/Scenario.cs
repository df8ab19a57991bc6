using System.Diagnostics;
using System.Text.RegularExpressions;
using Microsoft.Coyote;
using Microsoft.Coyote.Actors;
using Microsoft.Coyote.SystematicTesting;

namespace PandoCoyote.Shared.Testing;

/// <summary>How Coyote picks the next step.</summary>
public enum Strategy
{
    /// <summary>Uniformly random choices at every step.</summary>
    Random,
    /// <summary>Priority-based (PCT): few priority changes per run; finds ordering bugs with short witnesses; does not check liveness.</summary>
    Prioritization,
    /// <summary>Fair priority-based exploration: liveness monitors are checked (a monitor hot too long is a bug).</summary>
    Fair,
}

/// <summary>
/// One systematic test: what to create (actors and monitors, in <see cref="Setup"/>), how many iterations,
/// how long each may be, with which seed and strategy. The fault switches live in the setup (the network's
/// <c>FaultPlan</c>).
/// </summary>
/// <param name="Name">Names the output folder under <c>.pando/out/coyote/</c>.</param>
/// <param name="Setup">Registers monitors and creates the actors of one iteration.</param>
/// <param name="Iterations">Test iterations (schedules).</param>
/// <param name="MaxSteps">Scheduling steps per iteration.</param>
/// <param name="Seed">Seed of Coyote's random choices.</param>
/// <param name="Strategy">Exploration strategy.</param>
public sealed record Scenario(string Name, Action<IActorRuntime> Setup, uint Iterations = 100, uint MaxSteps = 5000,
    uint Seed = 1, Strategy Strategy = Strategy.Random)
{
    /// <summary>The Coyote configuration (telemetry always off).</summary>
    public Configuration Configuration()
    {
        var c = Microsoft.Coyote.Configuration.Create()
            .WithTestingIterations(Iterations)
            .WithMaxSchedulingSteps(MaxSteps)
            .WithRandomGeneratorSeed(Seed)
            .WithTelemetryEnabled(false);
        return Strategy switch
        {
            Strategy.Random => c.WithRandomStrategy(),
            Strategy.Prioritization => c.WithPrioritizationStrategy(isFair: false),
            _ => c.WithPrioritizationStrategy(isFair: true),
        };
    }
}

/// <summary>What one scenario run found.</summary>
/// <param name="Kind">Pass, violates (a monitor assertion), liveness (a hot monitor), or error (anything else).</param>
/// <param name="Id">The catalogue ID at the start of the assertion message (<c>[PANDO-S1] ...</c>), when there is one.</param>
/// <param name="Monitor">The violated monitor (its catalogue name, without the C# "Monitor" suffix).</param>
/// <param name="Message">Coyote's first bug report, or a summary of a clean run.</param>
/// <param name="Iterations">Iterations run (up to and including the buggy one).</param>
/// <param name="Seconds">Wall-clock seconds.</param>
/// <param name="TracePath">The reproducible trace written for a bug.</param>
/// <param name="LogPath">The readable log written for a bug.</param>
/// <param name="ReproducibleTrace">The trace text, for replay.</param>
public sealed record CoyoteResult(CoyoteVerdict Kind, string? Id, string? Monitor, string Message, long Iterations,
    double Seconds, string? TracePath, string? LogPath, string? ReproducibleTrace)
{
    /// <summary>Iterations per second.</summary>
    public double IterationsPerSecond => Seconds > 0 ? Iterations / Seconds : 0;
}

/// <summary>The verdict kinds of a Coyote run (the harness maps them to the shared vocabulary).</summary>
public enum CoyoteVerdict
{
    /// <summary>No bug in all iterations.</summary>
    Pass,
    /// <summary>A monitor assertion naming a catalogue ID failed.</summary>
    Violates,
    /// <summary>A liveness monitor stayed hot.</summary>
    Liveness,
    /// <summary>Any other bug: an unhandled event, an exception, an assertion without an ID.</summary>
    Error,
}

/// <summary>
/// Runs scenarios under Coyote's <see cref="TestingEngine"/> (actors only, no binary rewriting). On a bug it
/// writes the reproducible trace and the readable log under <c>.pando/out/coyote/NAME/</c>.
/// </summary>
public static partial class CoyoteRunner
{
    // Monitor assertions in this repository read "[ID] MonitorName: what went wrong".
    [GeneratedRegex(@"\[(?<id>[A-Z][A-Z0-9]*-[A-Za-z0-9]+)\] (?<mon>[A-Za-z_][A-Za-z0-9_]*):")]
    private static partial Regex IdRx();

    // "liveness bug ... at the end of program execution" when the run ends hot; "potential liveness bug" when a fair run
    // that never ends (timers keep firing) stays hot past Coyote's temperature threshold.
    [GeneratedRegex(@"(?:[A-Za-z_][A-Za-z0-9_]*\.)*(?<mon>[A-Za-z_][A-Za-z0-9_]*)'? detected (?:potential )?liveness bug in hot state")]
    private static partial Regex LivenessRx();

    /// <summary>Where outputs go: PANDO_ROOT/.pando/out/coyote, or the working folder's .pando/out/coyote.</summary>
    public static string OutputRoot =>
        Path.Combine(Environment.GetEnvironmentVariable("PANDO_ROOT") is { Length: > 0 } r ? r : FindRoot(), ".pando", "out", "coyote");

    private static string FindRoot()
    {
        for (var d = new DirectoryInfo(Directory.GetCurrentDirectory()); d is not null; d = d.Parent)
            if (File.Exists(Path.Combine(d.FullName, "pando.slnx"))) return d.FullName;
        return Directory.GetCurrentDirectory();
    }

    /// <summary>
    /// Runs a scenario; with <paramref name="replayTrace"/>, replays that trace instead of exploring. With
    /// <paramref name="quiet"/>, Coyote's own progress lines are not printed (the caller prints its results).
    /// </summary>
    /// <param name="s">The scenario.</param>
    /// <param name="replayTrace">A saved trace to replay instead of exploring.</param>
    /// <param name="quiet">Do not print Coyote's progress lines.</param>
    /// <param name="specTraces">When given, every iteration's <see cref="SpecStep"/>s are appended to it, one list per
    /// iteration in order (trace validation); the actors' reports are recorded only then.</param>
    public static CoyoteResult Run(Scenario s, string? replayTrace = null, bool quiet = false, List<IReadOnlyList<SpecStep>>? specTraces = null)
    {
        if (!quiet) return Explore(s, replayTrace, specTraces);
        var stdout = Console.Out;
        Console.SetOut(TextWriter.Null);
        try { return Explore(s, replayTrace, specTraces); }
        finally { Console.SetOut(stdout); }
    }

    private static CoyoteResult Explore(Scenario s, string? replayTrace, List<IReadOnlyList<SpecStep>>? specTraces)
    {
        var config = s.Configuration();
        if (replayTrace is not null) config = config.WithReproducibleTrace(replayTrace);
        var sw = Stopwatch.StartNew();
        // Each iteration gets a fresh message journal; the engine stops at the first bug, so the last one is the bug's.
        MessageJournal? journal = null;
        using var engine = TestingEngine.Create(config, (IActorRuntime rt) =>
        {
            journal = new MessageJournal();
            rt.RegisterLog(journal);
            if (specTraces is not null)
            {
                rt.RegisterMonitor<SpecTraceMonitor>();
                specTraces.Add(journal.Steps);
            }
            s.Setup(rt);
        });
        long iterations = 0;
        engine.RegisterStartIterationCallBack(i => iterations = i + 1);
        engine.Run();
        sw.Stop();
        var report = engine.TestReport;
        if (report.NumOfFoundBugs == 0)
            return new CoyoteResult(CoyoteVerdict.Pass, null, null, $"no bug in {iterations} iterations", iterations, sw.Elapsed.TotalSeconds, null, null, null);
        var bug = report.BugReports.First();
        var dir = Path.Combine(OutputRoot, s.Name);
        Directory.CreateDirectory(dir);
        var trace = Path.Combine(dir, "trace.schedule");
        File.WriteAllText(trace, engine.ReproducibleTrace);
        var log = Path.Combine(dir, "readable.txt");
        File.WriteAllText(log, engine.ReadableTrace ?? bug);
        if (journal is not null)
        {
            var title = $"{s.Name}: the failing iteration's messages";
            File.WriteAllText(Path.Combine(dir, "messages.txt"), journal.ToText(title) + "\n" + bug + "\n");
            File.WriteAllText(Path.Combine(dir, "messages.msc"), journal.ToChart(title, bug));
        }
        var (kind, id, monitor) = Classify(bug);
        return new CoyoteResult(kind, id, monitor, bug, iterations, sw.Elapsed.TotalSeconds, trace, log, engine.ReproducibleTrace);
    }

    /// <summary>Classifies a bug report: a monitor assertion carries <c>[ID]</c>; a hot monitor is liveness.</summary>
    public static (CoyoteVerdict Kind, string? Id, string? Monitor) Classify(string bug)
    {
        if (LivenessRx().Match(bug) is { Success: true } l)
        {
            var mon = l.Groups["mon"].Value;
            return (CoyoteVerdict.Liveness, null, mon.EndsWith("Monitor", StringComparison.Ordinal) ? mon[..^"Monitor".Length] : mon);
        }
        if (IdRx().Match(bug) is { Success: true } m) return (CoyoteVerdict.Violates, m.Groups["id"].Value, m.Groups["mon"].Value);
        return (CoyoteVerdict.Error, null, null);
    }
}
