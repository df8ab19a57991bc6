using System.Globalization;
using Monitor = Microsoft.Coyote.Specifications.Monitor;

namespace PandoCoyote.Shared.Testing;

/// <summary>A value that prints itself as a TLA+ value in a trace (a tag as <c>&lt;&lt;z, w&gt;&gt;</c>, …).</summary>
public interface ITlaValue
{
    /// <summary>The TLA+ text of the value.</summary>
    string Tla { get; }
}

/// <summary>A set in a trace (TLA+ <c>{a, b}</c>): e.g. the replies a phase used, as (server, tag) pairs.</summary>
public sealed class TlaSet(IEnumerable<object> items) : ITlaValue
{
    // Copied now: the caller's collection (a phase's replies) changes after the step is reported.
    private readonly List<object> _items = [.. items];

    /// <inheritdoc/>
    public string Tla => "{" + string.Join(", ", _items.Select(SpecStep.Tla).Distinct().Order(StringComparer.Ordinal)) + "}";
}

/// <summary>
/// One step of a protocol's TLA+ spec, as the implementation takes it: the spec action's name and the fields the trace
/// spec needs to match it (who, which operation, the value or tag chosen). A handler reports it at the point it commits
/// to the step (trace validation, docs/trace-validation.md). Fields are formatted only when a trace is recorded.
/// </summary>
public sealed class SpecStep(string action, params (string Field, object Value)[] fields) : Monitor.Event
{
    /// <summary>The TLA+ action.</summary>
    public string Action { get; } = action;
    /// <summary>The fields, in order.</summary>
    public IReadOnlyList<(string Field, object Value)> Fields { get; } = fields;

    /// <summary>The step as a TLA+ record: <c>[a |-> "Action", f1 |-> v1, …]</c>.</summary>
    public string ToTla() =>
        "[a |-> " + Tla(Action) + string.Concat(Fields.Select(f => $", {f.Field} |-> {Tla(f.Value)}")) + "]";

    /// <summary>A value as TLA+ text: integers, strings, booleans, <see cref="ITlaValue"/>s and sequences of these.</summary>
    public static string Tla(object v) => v switch
    {
        int or long => Convert.ToString(v, CultureInfo.InvariantCulture)!,
        bool b => b ? "TRUE" : "FALSE",
        string s => "\"" + s.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\"",
        ITlaValue t => t.Tla,
        System.Collections.IEnumerable e => "<<" + string.Join(", ", e.Cast<object>().Select(Tla)) + ">>",
        _ => throw new ArgumentException($"no TLA+ form for a {v.GetType().Name} in a spec step"),
    };
}

/// <summary>
/// Receives the <see cref="SpecStep"/>s of an iteration when a trace is being recorded (the runner registers it only
/// then; actors report to it unconditionally and an unregistered monitor costs nothing). It checks nothing: the
/// <see cref="MessageJournal"/> reads the steps as the runtime hands them to this monitor.
/// </summary>
public sealed class SpecTraceMonitor : Monitor
{
    [Start]
    [OnEventDoAction(typeof(SpecStep), nameof(Record))]
    private sealed class Recording : State;

    private void Record() { }
}
