using System.Globalization;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.P;

/// <summary>What one <c>p check</c> run found.</summary>
public enum PVerdictKind
{
    /// <summary>No bug in the schedules explored.</summary>
    Pass,
    /// <summary>A spec monitor's assertion failed.</summary>
    Violates,
    /// <summary>A spec monitor ended a schedule in a hot state.</summary>
    Liveness,
    /// <summary>Anything else: another assertion, an unhandled event, a checker error, a timeout.</summary>
    Error,
}

/// <summary>The parsed result of a <c>p check</c> run.</summary>
/// <param name="Kind">Verdict.</param>
/// <param name="Monitor">The violated monitor (Violates, Liveness).</param>
/// <param name="PropertyId">The catalogue ID in the assertion message (Violates).</param>
/// <param name="Message">The checker's error line, or an explanation for Error.</param>
/// <param name="Schedules">Schedules explored (up to the first bug).</param>
/// <param name="Seconds">P's own time measurement.</param>
/// <param name="MaxDepth">Longest schedule in steps.</param>
/// <param name="TracePath">The bug trace (text log), when one was written.</param>
public sealed record PCheckResult(PVerdictKind Kind, string? Monitor, string? PropertyId, string Message,
    long? Schedules, double? Seconds, long? MaxDepth, string? TracePath)
{
    /// <summary>Schedules / Seconds, when both are known and positive.</summary>
    public double? SchedulesPerSecond => Schedules is > 0 && Seconds is > 0 ? Schedules.Value / Seconds.Value : null;
}

/// <summary>
/// Reads what <c>p check -o DIR</c> leaves behind: the exit code, <c>DIR/BugFinding/*_pchecker_summary.txt</c>
/// (bugs, schedules, max_depth, time_seconds) and, for a bug, the first <c>&lt;ErrorLog&gt;</c> line of the
/// bug's text trace. Monitors in this repository start every assertion message with
/// <c>Monitor [CATALOGUE-ID]:</c>; a liveness bug is reported by P as
/// <c>Namespace.Monitor detected liveness bug in hot state 'S' ...</c>.
/// </summary>
public static partial class PCheckOutput
{
    [GeneratedRegex(@"Assertion Failed: (?<loc>\S+:\d+:\d+) (?<mon>[A-Za-z_][A-Za-z0-9_]*) \[(?<id>[A-Z][A-Za-z0-9-]*)\]: (?<msg>.*)$")]
    private static partial Regex MonitorAssertion();

    [GeneratedRegex(@"(?:[A-Za-z_][A-Za-z0-9_]*\.)*(?<mon>[A-Za-z_][A-Za-z0-9_]*) detected liveness bug in hot state '(?<state>[^']*)'")]
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
            return new PCheckResult(PVerdictKind.Error, null, null,
                $"p check exited with {exitCode} and wrote no summary; its output ends with:\n{Tail(stdout, 15)}", null, null, null, null);
        if (bugs == 0)
            return exitCode == 0
                ? new PCheckResult(PVerdictKind.Pass, null, null, $"no bug in {schedules} schedules", schedules, seconds, depth, null)
                : new PCheckResult(PVerdictKind.Error, null, null, $"p check exited with {exitCode} but reported no bug:\n{Tail(stdout, 15)}", schedules, seconds, depth, null);
        var trace = Directory.EnumerateFiles(bugDir, "*.txt")
            .Where(f => !f.EndsWith("_pchecker_summary.txt", StringComparison.Ordinal) && !f.EndsWith(".coverage.txt", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal).FirstOrDefault();
        var error = trace is null ? null : File.ReadLines(trace).FirstOrDefault(l => l.StartsWith("<ErrorLog>", StringComparison.Ordinal));
        if (error is null)
            return new PCheckResult(PVerdictKind.Error, null, null, $"p check reported {bugs} bug(s) but no <ErrorLog> line was found in the trace", schedules, seconds, depth, trace);
        error = error["<ErrorLog>".Length..].Trim();
        return Classify(error, schedules, seconds, depth, trace);
    }

    /// <summary>Classifies one <c>&lt;ErrorLog&gt;</c> text.</summary>
    public static PCheckResult Classify(string error, long? schedules, double? seconds, long? depth, string? trace)
    {
        if (MonitorAssertion().Match(error) is { Success: true } a)
            return new PCheckResult(PVerdictKind.Violates, a.Groups["mon"].Value, a.Groups["id"].Value, error, schedules, seconds, depth, trace);
        if (LivenessBug().Match(error) is { Success: true } l)
            return new PCheckResult(PVerdictKind.Liveness, l.Groups["mon"].Value, null, error, schedules, seconds, depth, trace);
        return new PCheckResult(PVerdictKind.Error, null, null, error, schedules, seconds, depth, trace);
    }

    /// <summary>Compares a result with an expectation; null when they agree, else the failure message.</summary>
    public static string? Judge(PExpectation expect, PCheckResult r, long budget)
    {
        string Found() => r.Kind switch
        {
            PVerdictKind.Pass => $"no bug in {r.Schedules ?? budget} schedules",
            PVerdictKind.Violates => $"violates {r.Monitor} ({r.Message})",
            PVerdictKind.Liveness => $"liveness {r.Monitor} ({r.Message})",
            _ => $"error: {r.Message}",
        };
        if (r.Kind == PVerdictKind.Error) return $"ERROR: {r.Message}";
        return expect.Kind switch
        {
            PExpectKind.Pass when r.Kind == PVerdictKind.Pass => null,
            PExpectKind.Pass => $"UNEXPECTED {Found()}",
            _ when r.Kind == PVerdictKind.Pass => $"MISSING VIOLATION: expected {expect}, found no bug in {r.Schedules ?? budget} schedules",
            PExpectKind.Violates when r.Kind == PVerdictKind.Violates && r.Monitor == expect.Monitor => null,
            PExpectKind.Liveness when r.Kind == PVerdictKind.Liveness && r.Monitor == expect.Monitor => null,
            _ => $"WRONG VIOLATION: expected {expect}, found {Found()}",
        };
    }

    private static string Tail(string s, int lines)
    {
        var all = s.Split('\n');
        return string.Join('\n', all.Skip(Math.Max(0, all.Length - lines)));
    }
}
