using System.Globalization;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.P;

/// <summary>The parsed result of a <c>p check</c> run.</summary>
/// <param name="Verdict">What was found: the monitor is the property, the catalogue ID comes from its assertion message;
/// the detail is the checker's error line, or an explanation for an error.</param>
/// <param name="Schedules">Schedules explored (up to the first bug).</param>
/// <param name="Seconds">P's own time measurement.</param>
/// <param name="MaxDepth">Longest schedule in steps.</param>
/// <param name="TracePath">The bug trace (text log), when one was written.</param>
public sealed record PCheckResult(Verdict Verdict, long? Schedules, double? Seconds, long? MaxDepth, string? TracePath)
{
    /// <summary>
    /// The process was stopped by a signal from outside (exit 143 = SIGTERM, 137 = SIGKILL) before it wrote a summary:
    /// the run says nothing about the model.
    /// </summary>
    public bool Signalled { get; init; }

    /// <summary>A result that is an error with no statistics.</summary>
    public static PCheckResult Failure(VerdictKind kind, string detail) => new(new Verdict(kind, Detail: detail), null, null, null, null);

    /// <summary>Schedules / Seconds, when both are known and positive.</summary>
    public double? SchedulesPerSecond => Schedules is > 0 && Seconds is > 0 ? Schedules.Value / Seconds.Value : null;
}

/// <summary>What P's coverage report (<c>BugFinding/*.coverage.txt</c>) says about one run.</summary>
/// <param name="TotalEventCoverage">P's "Total event coverage" in percent (events handled over events each state declares).</param>
/// <param name="Reached">Witness events the <c>Reached</c> monitor received, over all schedules.</param>
/// <param name="NotReached">Witness events it declares but never received.</param>
public sealed record PCoverage(double? TotalEventCoverage, IReadOnlyList<string> Reached, IReadOnlyList<string> NotReached)
{
    /// <summary>
    /// The node-local rule monitors of the run (those observing <c>eLocalConfig</c>, p-models/Common/PSpec/LocalRules.p)
    /// that received no event besides the configuration: they were asserted but judged nothing.
    /// </summary>
    public IReadOnlyList<string> SilentRules { get; init; } = [];

    /// <summary>The one-line summary printed after a passing test.</summary>
    public string Line => string.Create(CultureInfo.InvariantCulture,
        $"witnesses reached {Reached.Count}/{Reached.Count + NotReached.Count}{(NotReached.Count > 0 ? $" (not: {string.Join(", ", NotReached)})" : "")}, event coverage {TotalEventCoverage?.ToString("0.0", CultureInfo.InvariantCulture) ?? "?"}%");
}

/// <summary>
/// Reads what <c>p check -o DIR</c> leaves behind: the exit code, <c>DIR/BugFinding/*_pchecker_summary.txt</c>
/// (bugs, schedules, max_depth, time_seconds) and, for a bug, the first <c>&lt;ErrorLog&gt;</c> line of the
/// bug's text trace. Monitors in this repository start every assertion message with
/// <c>Monitor [CATALOGUE-ID]:</c>; a liveness bug is reported by P as
/// <c>Namespace.Monitor detected liveness bug in hot state 'S' ...</c> when a schedule ends with the monitor hot,
/// and as <c>... detected potential liveness bug in hot state 'S'</c> when a schedule that never ends reaches the
/// step bound with the monitor hot (P's bounded form of "hot forever").
/// </summary>
public static partial class PCheckOutput
{
    [GeneratedRegex(@"Assertion Failed: (?<loc>\S+:\d+:\d+) (?<mon>[A-Za-z_][A-Za-z0-9_]*) \[(?<id>[A-Z][A-Za-z0-9-]*)\]: (?<msg>.*)$")]
    private static partial Regex MonitorAssertion();

    [GeneratedRegex(@"(?:[A-Za-z_][A-Za-z0-9_]*\.)*(?<mon>[A-Za-z_][A-Za-z0-9_]*) detected (?:potential )?liveness bug in hot state '(?<state>[^']*)'")]
    private static partial Regex LivenessBug();

    [GeneratedRegex(@"^(?<k>[a-z_]+):(?<v>.*)$", RegexOptions.Multiline)]
    private static partial Regex SummaryLine();

    /// <summary>Parses a run. <paramref name="stdout"/> is used only to explain errors.</summary>
    public static PCheckResult Parse(int exitCode, string outDir, string stdout)
    {
        var bugDir = Path.Combine(outDir, "BugFinding");
        var summaryFile = Directory.Exists(bugDir) ? Directory.EnumerateFiles(bugDir, "*_pchecker_summary.txt").FirstOrDefault() : null;
        long? bugs = null, schedules = null, depth = null; double? seconds = null;
        if (summaryFile is not null)
        {
            foreach (Match m in SummaryLine().Matches(File.ReadAllText(summaryFile)))
            {
                var v = m.Groups["v"].Value.Trim();
                switch (m.Groups["k"].Value)
                {
                    case "bugs": bugs = long.Parse(v, CultureInfo.InvariantCulture); break;
                    case "schedules": schedules = long.Parse(v, CultureInfo.InvariantCulture); break;
                    case "max_depth": depth = long.Parse(v, CultureInfo.InvariantCulture); break;
                    case "time_seconds": seconds = double.Parse(v, CultureInfo.InvariantCulture); break;
                }
            }
        }
        if (bugs is null)
            return PCheckResult.Failure(VerdictKind.Error, $"p check exited with {exitCode} and wrote no summary; its output ends with:\n{Tail(stdout, 15)}")
                with { Signalled = exitCode is 137 or 143 };
        if (bugs == 0)
            return exitCode == 0
                ? new PCheckResult(new Verdict(VerdictKind.Pass, Detail: $"no bug in {schedules} schedules"), schedules, seconds, depth, null)
                : new PCheckResult(new Verdict(VerdictKind.Error, Detail: $"p check exited with {exitCode} but reported no bug:\n{Tail(stdout, 15)}"), schedules, seconds, depth, null);
        var trace = Directory.EnumerateFiles(bugDir, "*.txt")
            .Where(f => !f.EndsWith("_pchecker_summary.txt", StringComparison.Ordinal) && !f.EndsWith(".coverage.txt", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal).FirstOrDefault();
        var error = trace is null ? null : File.ReadLines(trace).FirstOrDefault(l => l.StartsWith("<ErrorLog>", StringComparison.Ordinal));
        if (error is null)
            return new PCheckResult(new Verdict(VerdictKind.Error, Detail: $"p check reported {bugs} bug(s) but no <ErrorLog> line was found in the trace"), schedules, seconds, depth, trace);
        error = error["<ErrorLog>".Length..].Trim();
        return Classify(error, schedules, seconds, depth, trace);
    }

    /// <summary>Classifies one <c>&lt;ErrorLog&gt;</c> text.</summary>
    public static PCheckResult Classify(string error, long? schedules, double? seconds, long? depth, string? trace)
    {
        if (MonitorAssertion().Match(error) is { Success: true } a)
            return new PCheckResult(new Verdict(VerdictKind.Violates, a.Groups["mon"].Value, a.Groups["id"].Value, error), schedules, seconds, depth, trace);
        if (LivenessBug().Match(error) is { Success: true } l)
            return new PCheckResult(new Verdict(VerdictKind.Liveness, l.Groups["mon"].Value, null, error), schedules, seconds, depth, trace);
        return new PCheckResult(new Verdict(VerdictKind.Error, Detail: error), schedules, seconds, depth, trace);
    }

    [GeneratedRegex(@"^Total event coverage: (?<p>[0-9.]+)%", RegexOptions.Multiline)]
    private static partial Regex TotalCoverage();

    /// <summary>
    /// Reads the coverage report: the total, and the events the <c>Reached</c> monitor received and did not receive
    /// (its section lists "Events received:" and "Events not covered:"). Null when there is no report.
    /// </summary>
    public static PCoverage? ReadCoverage(string outDir)
    {
        var bugDir = Path.Combine(outDir, "BugFinding");
        var file = Directory.Exists(bugDir) ? Directory.EnumerateFiles(bugDir, "*.coverage.txt").FirstOrDefault() : null;
        if (file is null) return null;
        var text = File.ReadAllText(file);
        double? total = TotalCoverage().Match(text) is { Success: true } m ? double.Parse(m.Groups["p"].Value, CultureInfo.InvariantCulture) : null;
        List<string> reached = [], missing = [];
        bool inReached = false;
        string? monitor = null;
        var received = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);
        var observed = new Dictionary<string, HashSet<string>>(StringComparer.Ordinal);
        foreach (var raw in text.Split('\n'))
        {
            var line = raw.Trim();
            if (line.StartsWith("Monitor: ", StringComparison.Ordinal) || line.StartsWith("StateMachine: ", StringComparison.Ordinal))
            {
                inReached = line == "Monitor: Reached";
                monitor = line.StartsWith("Monitor: ", StringComparison.Ordinal) ? line["Monitor: ".Length..] : null;
                if (monitor is not null) { received.TryAdd(monitor, []); observed.TryAdd(monitor, []); }
            }
            else if (line.StartsWith("Events received:", StringComparison.Ordinal))
            {
                var names = Names(line["Events received:".Length..]).ToList();
                if (inReached) reached.AddRange(names);
                if (monitor is not null) { received[monitor].UnionWith(names); observed[monitor].UnionWith(names); }
            }
            else if (line.StartsWith("Events not covered:", StringComparison.Ordinal))
            {
                var names = Names(line["Events not covered:".Length..]).ToList();
                if (inReached) missing.AddRange(names);
                if (monitor is not null) observed[monitor].UnionWith(names);
            }
        }
        var silent = observed.Where(kv => kv.Value.Contains(LocalConfigEvent) && !received[kv.Key].Any(e => e != LocalConfigEvent))
            .Select(kv => kv.Key).Order(StringComparer.Ordinal).ToList();
        return new PCoverage(total, reached.Distinct().Order(StringComparer.Ordinal).ToList(), missing.Distinct().Order(StringComparer.Ordinal).ToList())
            { SilentRules = silent };

        static IEnumerable<string> Names(string list) => list.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }

    /// <summary>The configuration event every node-local rule monitor observes (p-models/Common/PSpec/LocalRules.p).</summary>
    public const string LocalConfigEvent = "eLocalConfig";

    /// <summary>
    /// A passing test fails as NOT REACHED when a witness it names was never received, or when a node-local rule it
    /// asserts received no observation (the twin of the Coyote rule "every registered rule judged an observation").
    /// </summary>
    public static Judgement CheckReached(Judgement j, PTestEntry t, PCheckResult r, PCoverage? c)
    {
        if (!j.Ok || r.Verdict.Kind != VerdictKind.Pass) return j;
        if (c is null)
            return t.Reaches.Count == 0 ? j : new Judgement(false, "NOT REACHED: the run passed but wrote no coverage report to check its witnesses against");
        var missing = t.Reaches.Where(w => !c.Reached.Contains(w)).ToList();
        if (missing.Count > 0) return new Judgement(false, $"NOT REACHED: the run passed but never reached {string.Join(", ", missing)}");
        return c.SilentRules.Count == 0 ? j : new Judgement(false,
            $"NOT REACHED: the run passed but the node-local rule(s) {string.Join(", ", c.SilentRules)} it asserts received no observation (drop them from the test's assert list, or make the run reach the step they judge)");
    }

    /// <summary>
    /// The suite rule for witnesses: when a run includes every passing test of a protocol, each witness event the project
    /// declares (the union of the coverage reports' received and not-covered lists) must have been received by at least
    /// one of them. Returns the witnesses no test reached (empty when the rule holds). A test's own <c>reaches</c> list
    /// holds only witnesses it reached on every seed of the calibration sweep; this rule covers the rarer ones, which
    /// one seed may miss in one test but all tests together do not.
    /// </summary>
    public static IReadOnlyList<string> SuiteNotReached(IEnumerable<PCoverage?> passingRuns)
    {
        var runs = passingRuns.Where(c => c is not null).Select(c => c!).ToList();
        var declared = runs.SelectMany(c => c.Reached.Concat(c.NotReached)).ToHashSet(StringComparer.Ordinal);
        var reached = runs.SelectMany(c => c.Reached).ToHashSet(StringComparer.Ordinal);
        return declared.Where(w => !reached.Contains(w)).Order(StringComparer.Ordinal).ToList();
    }

    /// <summary>Judges a P run with the shared <see cref="Judge"/>.</summary>
    public static Judgement Judge(Expectation expect, PCheckResult r, long schedules) =>
        Core.Judge.Compare(expect, r.Verdict, "P", $" in {r.Schedules ?? schedules} schedules");

    private static string Tail(string s, int lines)
    {
        var all = s.Split('\n');
        return string.Join('\n', all.Skip(Math.Max(0, all.Length - lines)));
    }
}
