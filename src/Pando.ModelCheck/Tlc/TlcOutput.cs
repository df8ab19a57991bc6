using System.Globalization;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.Tlc;

/// <summary>One message of TLC's <c>-tool</c> output: <c>@!@!@STARTMSG code:class @!@!@</c> ... <c>@!@!@ENDMSG code @!@!@</c>.</summary>
/// <param name="Code">TLC's message code (e.g. 2110 invariant violated).</param>
/// <param name="Severity">TLC's message class: 0 info, 1 error, 2 TLC bug, 3 warning, 4 state.</param>
/// <param name="Text">The message body without the markers, trimmed.</param>
public sealed record TlcMessage(int Code, int Severity, string Text);

/// <summary>TLC message codes the harness understands (TLC 2.15, tlc2.output.EC / MP).</summary>
public static class TlcCodes
{
    /// <summary>Invariant violated by an initial state.</summary>
    public const int InvariantViolatedInitial = 2107;
    /// <summary>Invariant violated.</summary>
    public const int InvariantViolated = 2110;
    /// <summary>Action property violated (a [][A]_v property; TLC exits 13 for these).</summary>
    public const int ActionPropertyViolated = 2112;
    /// <summary>Deadlock reached.</summary>
    public const int Deadlock = 2114;
    /// <summary>Temporal properties violated (the property is not named).</summary>
    public const int TemporalViolated = 2116;
    /// <summary>"The behavior up to this point is:" trace header.</summary>
    public const int TraceHeader = 2121;
    /// <summary>"Back to state" closing a liveness lasso.</summary>
    public const int BackToState = 2122;
    /// <summary>"The following behavior constitutes a counter-example:" liveness trace header.</summary>
    public const int CounterExampleHeader = 2264;
    /// <summary>A state of an error trace.</summary>
    public const int TraceState = 2217;
    /// <summary>A stuttering step ending an error trace.</summary>
    public const int Stuttering = 2218;
    /// <summary>An ASSUME is false.</summary>
    public const int AssumptionFalse = 2104;
    /// <summary>Model checking completed, no error.</summary>
    public const int Success = 2193;
    /// <summary>Depth of the state graph.</summary>
    public const int SearchDepth = 2194;
    /// <summary>Final "N states generated, M distinct states found" line.</summary>
    public const int Stats = 2199;
    /// <summary>Progress line during exhaustive checking.</summary>
    public const int Progress = 2200;
    /// <summary>Progress line during simulation.</summary>
    public const int SimulationProgress = 2209;
    /// <summary>Version banner.</summary>
    public const int Version = 2262;
    /// <summary>Final statistics of a simulation run ("The number of states generated: N").</summary>
    public const int SimulationStats = 2210;
    /// <summary>Progress report of a simulation run (traces and average length so far).</summary>
    public const int SimulationTraces = 2269;
}

/// <summary>Statistics TLC reported for one run.</summary>
/// <param name="Distinct">Distinct states found (null in simulation mode).</param>
/// <param name="Generated">States generated.</param>
/// <param name="Depth">Depth of the state graph (exhaustive) or null.</param>
/// <param name="Queue">States left on the queue when TLC stopped.</param>
public sealed record TlcStats(long? Distinct, long? Generated, int? Depth, long? Queue);

/// <summary>What one TLC run concluded, from its tool-mode output and exit code.</summary>
public sealed record TlcResult
{
    /// <summary>The verdict kind.</summary>
    public required VerdictKind Kind { get; init; }
    /// <summary>Violated invariant/property name, ASSUME name, or null.</summary>
    public string? Property { get; init; }
    /// <summary>For an ASSUME failure: the source location TLC gave.</summary>
    public SourceLocation? AssumptionAt { get; init; }
    /// <summary>For an action property reached through INSTANCE: where TLC located the violated formula (it names no property then).</summary>
    public SourceLocation? ViolationAt { get; init; }
    /// <summary>Statistics (last seen).</summary>
    public required TlcStats Stats { get; init; }
    /// <summary>The counterexample, when TLC printed one.</summary>
    public TlcTrace? Trace { get; init; }
    /// <summary>For errors: TLC's error messages.</summary>
    public string? ErrorText { get; init; }
    /// <summary>TLC's process exit code (null when killed).</summary>
    public int? ExitCode { get; init; }
    /// <summary>TLC version banner.</summary>
    public string? Version { get; init; }

    /// <summary>The verdict in the shared vocabulary. A property TLC did not name shows as <c>?</c> with its location.</summary>
    public Verdict Verdict => new(Kind, Property ?? UnnamedProperty, null,
        Kind == VerdictKind.Error ? $"exit {ExitCode?.ToString(CultureInfo.InvariantCulture) ?? "-"}: {ErrorText}" : ErrorText);

    private string? UnnamedProperty => Kind is VerdictKind.Violates or VerdictKind.Liveness or VerdictKind.Assumption
        ? (ViolationAt ?? AssumptionAt) is { } at ? $"? ({at})" : "?"
        : null;

    /// <summary>Short text form, in the same words as <see cref="Expectation"/>.</summary>
    public string VerdictText => Verdict.Text;
}

/// <summary>A source position TLC reported (an ASSUME that is false, or a violated formula).</summary>
public sealed record SourceLocation(string Module, int Line, int Column)
{
    /// <inheritdoc/>
    public override string ToString() => $"module {Module} line {Line} col {Column}";
}

/// <summary>Parses TLC's <c>-tool</c> output. Works line by line so it can also feed live progress.</summary>
public sealed partial class TlcOutputParser
{
    [GeneratedRegex(@"^@!@!@STARTMSG (\d+):(\d+) @!@!@$")]
    private static partial Regex StartRx();
    [GeneratedRegex(@"^@!@!@ENDMSG (\d+) @!@!@$")]
    private static partial Regex EndRx();
    [GeneratedRegex(@"([\d,]+) states generated.*?(-?[\d,]+) distinct states found.*?(-?[\d,]+) states left on queue")]
    private static partial Regex StatsRx();
    [GeneratedRegex(@"The number of states generated: ([\d,]+)")]
    private static partial Regex SimStatsRx();
    [GeneratedRegex(@"depth of the complete state graph search is (\d+)")]
    private static partial Regex DepthRx();
    [GeneratedRegex(@"^Invariant (\S+) is violated")]
    private static partial Regex InvariantRx();
    // Named ("Action property P is violated") or, for a property reached through INSTANCE,
    // located ("Action property line 32, col 17 to line 32, col 29 of module Consensus is violated").
    [GeneratedRegex(@"^Action property (?:line (\d+), col (\d+) to line \d+, col \d+ of module (\w+)|(\S+)) is violated")]
    private static partial Regex ActionPropertyRx();
    [GeneratedRegex(@"^Assumption line (\d+), col (\d+) to line \d+, col \d+ of module (\w+) is false")]
    private static partial Regex AssumptionRx();

    private readonly List<TlcMessage> _messages = [];
    private readonly List<string> _loose = [];
    private int? _code, _severity;
    private readonly List<string> _body = [];

    /// <summary>Messages completed so far.</summary>
    public IReadOnlyList<TlcMessage> Messages => _messages;

    /// <summary>Raised for each completed message (used for live progress).</summary>
    public event Action<TlcMessage>? MessageCompleted;

    /// <summary>Feeds one line of TLC's standard output.</summary>
    public void Feed(string line)
    {
        var start = StartRx().Match(line);
        if (start.Success)
        {
            _code = int.Parse(start.Groups[1].Value, CultureInfo.InvariantCulture);
            _severity = int.Parse(start.Groups[2].Value, CultureInfo.InvariantCulture);
            _body.Clear();
            return;
        }
        var end = EndRx().Match(line);
        if (end.Success && _code is { } code)
        {
            var msg = new TlcMessage(code, _severity ?? 0, string.Join('\n', _body).Trim());
            _messages.Add(msg);
            _code = null;
            MessageCompleted?.Invoke(msg);
            return;
        }
        if (_code is not null) _body.Add(line);
        else _loose.Add(line);
    }

    /// <summary>Parses a whole output at once.</summary>
    public static TlcResult Parse(string output, int? exitCode)
    {
        var p = new TlcOutputParser();
        foreach (var line in output.Split('\n')) p.Feed(line.TrimEnd('\r'));
        return p.Result(exitCode);
    }

    /// <summary>Statistics from a progress or final stats message, or null when the message carries none.</summary>
    public static TlcStats? StatsOf(TlcMessage m)
    {
        if (m.Code is TlcCodes.Progress or TlcCodes.Stats or TlcCodes.SimulationProgress)
        {
            var s = StatsRx().Match(m.Text);
            if (s.Success)
            {
                long distinct = ParseLong(s.Groups[2].Value);
                return new TlcStats(distinct < 0 ? null : distinct, ParseLong(s.Groups[1].Value), null,
                    ParseLong(s.Groups[3].Value) is var q and >= 0 ? q : null);
            }
        }
        return null;
    }

    /// <summary>Concludes the run: verdict, property, stats, trace.</summary>
    /// <param name="exitCode">TLC's exit code, or null when the process was killed.</param>
    public TlcResult Result(int? exitCode)
    {
        long? distinct = null, generated = null, queue = null;
        int? depth = null;
        VerdictKind? kind = null;
        string? property = null;
        SourceLocation? assumption = null, violationAt = null;
        bool success = false;
        var errors = new List<string>();
        string? version = null;
        foreach (var m in _messages)
        {
            if (StatsOf(m) is { } st)
            {
                distinct = st.Distinct ?? distinct;
                generated = st.Generated ?? generated;
                queue = st.Queue ?? queue;
            }
            switch (m.Code)
            {
                case TlcCodes.Version: version = m.Text; break;
                case TlcCodes.SearchDepth:
                    if (DepthRx().Match(m.Text) is { Success: true } d) depth = int.Parse(d.Groups[1].Value, CultureInfo.InvariantCulture);
                    break;
                case TlcCodes.Success: success = true; break;
                case TlcCodes.InvariantViolated or TlcCodes.InvariantViolatedInitial:
                    kind ??= VerdictKind.Violates;
                    property ??= InvariantRx().Match(m.Text) is { Success: true } iv ? iv.Groups[1].Value : null;
                    break;
                case TlcCodes.ActionPropertyViolated:
                    kind ??= VerdictKind.Violates;
                    if (ActionPropertyRx().Match(m.Text) is { Success: true } ap)
                    {
                        if (ap.Groups[4].Success) property ??= ap.Groups[4].Value;
                        else violationAt ??= new SourceLocation(ap.Groups[3].Value,
                            int.Parse(ap.Groups[1].Value, CultureInfo.InvariantCulture), int.Parse(ap.Groups[2].Value, CultureInfo.InvariantCulture));
                    }
                    break;
                case TlcCodes.TemporalViolated: kind ??= VerdictKind.Liveness; break;
                case TlcCodes.Deadlock: kind ??= VerdictKind.Deadlock; break;
                case TlcCodes.AssumptionFalse:
                    kind ??= VerdictKind.Assumption;
                    if (AssumptionRx().Match(m.Text) is { Success: true } a)
                        assumption ??= new SourceLocation(a.Groups[3].Value,
                            int.Parse(a.Groups[1].Value, CultureInfo.InvariantCulture), int.Parse(a.Groups[2].Value, CultureInfo.InvariantCulture));
                    break;
                case TlcCodes.TraceHeader or TlcCodes.CounterExampleHeader or TlcCodes.TraceState
                    or TlcCodes.Stuttering or TlcCodes.BackToState:
                    break;
                default:
                    if (m.Severity is 1 or 2) errors.Add(m.Text);
                    break;
            }
            if (m.Code == TlcCodes.SimulationStats && SimStatsRx().Match(m.Text) is { Success: true } sim) generated = ParseLong(sim.Groups[1].Value);
        }
        if (kind is null)
        {
            // A pass needs exit code 0 and, for exhaustive runs, TLC's own "no error has been found";
            // a killed run (no exit code) never passes.
            bool finishedCleanly = exitCode == 0 && (success || IsSimulation());
            if (errors.Count > 0 || !finishedCleanly)
                kind = VerdictKind.Error;
            else kind = VerdictKind.Pass;
        }
        if (kind == VerdictKind.Error && errors.Count == 0)
        {
            var tail = _loose.Where(l => l.Trim().Length > 0).TakeLast(15);
            errors.Add(exitCode is null ? "TLC was stopped before it finished." :
                $"TLC exited with code {exitCode} without an error message. Last output:\n" + string.Join('\n', tail));
        }
        return new TlcResult
        {
            Kind = kind.Value,
            Property = property,
            AssumptionAt = assumption,
            ViolationAt = violationAt,
            Stats = new TlcStats(distinct, generated, depth, queue),
            Trace = TlcTrace.FromMessages(_messages),
            ErrorText = errors.Count > 0 ? string.Join("\n\n", errors) : null,
            ExitCode = exitCode,
            Version = version,
        };
    }

    private bool IsSimulation() => _messages.Any(m => m.Code is TlcCodes.SimulationProgress or TlcCodes.SimulationStats or TlcCodes.SimulationTraces);

    private static long ParseLong(string s) => long.Parse(s.Replace(",", ""), CultureInfo.InvariantCulture);
}
