using System.Text;
using System.Text.RegularExpressions;
using Microsoft.Coyote.Actors;
using Microsoft.Coyote.Actors.Timers;
using Microsoft.Coyote.Runtime;
using PandoCoyote.Shared.Network;

namespace PandoCoyote.Shared.Testing;

/// <summary>
/// The protocol-level story of one Coyote iteration, for a reader: every message the network delivers, as
/// "sender → receiver: message with its fields", and every fault it injects (loss is what is never delivered, a crash,
/// a restart, a timeout). Coyote's own readable trace names events by type only (every protocol message travels in one
/// envelope type); this journal prints the envelope's contents. It is a runtime log (<see cref="IActorRuntimeLog"/>)
/// registered on each iteration's runtime, so no protocol code changes; the runner keeps the last iteration's journal,
/// which for a bug is the failing one, and writes it beside Coyote's trace (<c>messages.txt</c>, and the same steps as a
/// sequence chart in <c>messages.msc</c> that the harness draws as <c>messages.svg</c>).
/// </summary>
public sealed partial class MessageJournal : IActorRuntimeLog
{
    /// <summary>One entry: a delivery from <see cref="From"/> to <see cref="To"/>, or a note on <see cref="To"/> (From null).</summary>
    public sealed record Entry(string? From, string To, string Text);

    private readonly List<Entry> _entries = [];
    private readonly List<SpecStep> _steps = [];

    /// <summary>The spec steps the actors reported (<see cref="SpecStep"/>), when <see cref="SpecTraceMonitor"/> is registered.</summary>
    public IReadOnlyList<SpecStep> Steps => _steps;
    private readonly Dictionary<Event, string> _senders = new(ReferenceEqualityComparer.Instance);
    private int _sent;

    /// <summary>Entries in order.</summary>
    public IReadOnlyList<Entry> Entries => _entries;

    /// <summary>Messages handed to the network that it never delivered (lost, cut by a partition, or in flight at the end).</summary>
    public int Undelivered => _sent - _entries.Count(e => e.From is not null);

    [GeneratedRegex(@"^(?:[A-Za-z_][A-Za-z0-9_]*\.)+")]
    private static partial Regex Namespace();

    // "PandoCoyote.Pando.FrontEnd(8)" reads as "FrontEnd(8)".
    private static string Short(string actor) => Namespace().Replace(actor, "");

    [GeneratedRegex(@"\b(?:[A-Za-z_][A-Za-z0-9_]*\.)+(?=[A-Z][A-Za-z0-9_]*\(\d+\))")]
    private static partial Regex ActorNamespace();

    // A message's fields as its record prints them, with actor ids shortened and byte arrays (coded splits) not spelled out.
    private static string Body(Event e) =>
        ActorNamespace().Replace(e.ToString() ?? e.GetType().Name, "").Replace("System.Byte[]", "bytes");

    /// <inheritdoc/>
    public void OnSendEvent(ActorId targetActorId, string senderName, string senderType, string senderStateName, Event e,
        Guid eventGroupId, bool isTargetHalted)
    {
        if (e is NetSend send)
        {
            _senders[send.Payload] = Short(senderName);
            _sent++;
            return;
        }
        if (senderType != typeof(Network.Network).FullName) return;
        var to = Short(targetActorId.ToString());
        switch (e)
        {
            case NetTimeout: _entries.Add(new(null, to, "timeout")); break;
            case Crash: _entries.Add(new(null, to, "crashes")); break;
            case Restart: _entries.Add(new(null, to, "restarts from its durable state")); break;
            case NetworkSetup or Deliver: break;
            default:
                if (_senders.TryGetValue(e, out var from)) _entries.Add(new(from, to, Body(e)));
                break;
        }
    }

    /// <summary>The steps as text: "n. sender → receiver: message", faults as "n. node: what happened".</summary>
    public string ToText(string title)
    {
        var sb = new StringBuilder();
        sb.AppendLine(title);
        sb.AppendLine();
        int n = 0;
        foreach (var e in _entries)
            sb.AppendLine(e.From is null ? $"{++n,4}. {e.To}: {e.Text}" : $"{++n,4}. {e.From} → {e.To}: {e.Text}");
        sb.AppendLine();
        sb.AppendLine($"{Undelivered} message(s) handed to the network were never delivered (lost, cut off, or still in flight at the end).");
        return sb.ToString();
    }

    /// <summary>
    /// The last <paramref name="maxRows"/> steps as a sequence chart in the text form the harness draws (docs/guide.md,
    /// "Pictures"), ending with <paramref name="bug"/>.
    /// </summary>
    public string ToChart(string title, string bug, int maxRows = 400)
    {
        var shown = _entries.Skip(Math.Max(0, _entries.Count - maxRows)).ToList();
        var lanes = shown.SelectMany(e => e.From is null ? [e.To] : new[] { e.From, e.To }).Distinct()
            .OrderBy(l => l.Split('(')[0], StringComparer.Ordinal).ThenBy(l => l.Length).ThenBy(l => l, StringComparer.Ordinal).ToList();
        if (lanes.Count == 0) lanes.Add("system");
        static string Clean(string s) => s.Replace('\n', ' ').Replace('\r', ' ');
        var sb = new StringBuilder();
        sb.AppendLine($"title {Clean(title)}");
        sb.AppendLine($"lanes {string.Join(' ', lanes.Select(l => l.Replace(' ', '_')))}");
        if (shown.Count < _entries.Count) sb.AppendLine($"step the first {_entries.Count - shown.Count} deliveries are in messages.txt");
        foreach (var e in shown)
        {
            var text = Clean(e.Text);
            if (text.Length > 110) text = text[..109] + "…";
            sb.AppendLine(e.From is null || e.From == e.To
                ? $"note {e.To.Replace(' ', '_')}: {(e.From is null ? text : "to itself: " + text)}"
                : $"{e.From.Replace(' ', '_')} -> {e.To.Replace(' ', '_')}: {text}");
        }
        sb.AppendLine($"bad {lanes[0]} {lanes[^1]}: {Clean(bug.Split('\n')[0])}");
        return sb.ToString();
    }

    // The rest of the runtime log is not needed here.

    /// <inheritdoc/>
    public void OnCreateActor(ActorId id, string creatorName, string creatorType) { }
    /// <inheritdoc/>
    public void OnCreateStateMachine(ActorId id, string creatorName, string creatorType) { }
    /// <inheritdoc/>
    public void OnExecuteAction(ActorId id, string handlingStateName, string currentStateName, string actionName) { }
    /// <inheritdoc/>
    public void OnRaiseEvent(ActorId id, string stateName, Event e) { }
    /// <inheritdoc/>
    public void OnHandleRaisedEvent(ActorId id, string stateName, Event e) { }
    /// <inheritdoc/>
    public void OnEnqueueEvent(ActorId id, Event e) { }
    /// <inheritdoc/>
    public void OnDequeueEvent(ActorId id, string stateName, Event e) { }
    /// <inheritdoc/>
    public void OnReceiveEvent(ActorId id, string stateName, Event e, bool wasBlocked) { }
    /// <inheritdoc/>
    public void OnWaitEvent(ActorId id, string stateName, Type eventType) { }
    /// <inheritdoc/>
    public void OnWaitEvent(ActorId id, string stateName, params Type[] eventTypes) { }
    /// <inheritdoc/>
    public void OnStateTransition(ActorId id, string stateName, bool isEntry) { }
    /// <inheritdoc/>
    public void OnGotoState(ActorId id, string currentStateName, string newStateName) { }
    /// <inheritdoc/>
    public void OnPushState(ActorId id, string currentStateName, string newStateName) { }
    /// <inheritdoc/>
    public void OnPopState(ActorId id, string currentStateName, string restoredStateName) { }
    /// <inheritdoc/>
    public void OnDefaultEventHandler(ActorId id, string stateName) { }
    /// <inheritdoc/>
    public void OnEventHandlerTerminated(ActorId id, string stateName, DequeueStatus dequeueStatus) { }
    /// <inheritdoc/>
    public void OnHalt(ActorId id, int inboxSize) { }
    /// <inheritdoc/>
    public void OnPopStateUnhandledEvent(ActorId id, string stateName, Event e) { }
    /// <inheritdoc/>
    public void OnExceptionThrown(ActorId id, string stateName, string actionName, Exception ex) { }
    /// <inheritdoc/>
    public void OnExceptionHandled(ActorId id, string stateName, string actionName, Exception ex) { }
    /// <inheritdoc/>
    public void OnCreateTimer(TimerInfo info) { }
    /// <inheritdoc/>
    public void OnStopTimer(TimerInfo info) { }
    /// <inheritdoc/>
    public void OnCreateMonitor(string monitorType) { }
    /// <inheritdoc/>
    public void OnMonitorExecuteAction(string monitorType, string stateName, string actionName) { }
    /// <inheritdoc/>
    public void OnMonitorProcessEvent(string monitorType, string stateName, string senderName, string senderType,
        string senderStateName, Microsoft.Coyote.Specifications.Monitor.Event e)
    {
        if (e is SpecStep step && monitorType == typeof(SpecTraceMonitor).FullName) _steps.Add(step);
    }
    /// <inheritdoc/>
    public void OnMonitorRaiseEvent(string monitorType, string stateName, Microsoft.Coyote.Specifications.Monitor.Event e) { }
    /// <inheritdoc/>
    public void OnMonitorStateTransition(string monitorType, string stateName, bool isEntry, bool? isInHotState) { }
    /// <inheritdoc/>
    public void OnMonitorError(string monitorType, string stateName, bool? isInHotState) { }
    /// <inheritdoc/>
    public void OnRandom(bool result, string callerName, string callerType) { }
    /// <inheritdoc/>
    public void OnRandom(int result, string callerName, string callerType) { }
    /// <inheritdoc/>
    public void OnAssertionFailure(string error) { }
    /// <inheritdoc/>
    public void OnCompleted() { }
}
