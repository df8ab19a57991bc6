using Microsoft.Coyote;
using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Shared.Network;

/// <summary>
/// The faults one test run may inject. Every fault is drawn from Coyote's controlled randomness, so the
/// testing engine explores it and a saved trace replays it. Budgets bound each run so schedules stay finite.
/// </summary>
/// <param name="Reorder">Deliver any message in flight next (true), or first-in first-out (false).</param>
/// <param name="MaxDrops">Messages the network may lose in one run.</param>
/// <param name="MaxDuplicates">Messages the network may deliver twice (the copy stays in flight and may come much later).</param>
/// <param name="MaxCrashes">Node crashes in one run.</param>
/// <param name="Restart">Crashed nodes come back from their durable state; otherwise a crash is permanent.</param>
/// <param name="PartitionRounds">Times a partition may cut one node off (it heals after some deliveries).</param>
/// <param name="FaultOdds">At each delivery, a fault is injected with probability 1/FaultOdds (while budget remains).</param>
/// <param name="TimerOdds">While messages are in flight, a pending timeout fires with probability 1/TimerOdds per delivery.</param>
/// <param name="Timed">Virtual time instead of random order: every message is delivered at its send time plus the one-way
/// delay of its link (<see cref="NetworkSetup.Placement"/>), earliest first; a timeout fires <see cref="TimeoutMs"/> after it
/// was set. Used by the latency model; no faults are injected in this mode, and nothing in the protocols reads the time
/// for a safety decision.</param>
/// <param name="TimeoutMs">Timeout length in virtual ms (timed mode).</param>
/// <param name="DiskLoss">A restarted node has lost its disk as well (the disk-loss mutant).</param>
/// <param name="DropOdds">While the drop budget lasts, a delivered message is lost with probability 1/DropOdds.</param>
/// <param name="TargetDrops">Targeted faults: messages of the window <see cref="NetworkSetup.DropTarget"/> names (say, a new
/// leader's Phase-2a, to leave partial accepts behind) that the network may lose, on top of <paramref name="MaxDrops"/>.</param>
/// <param name="TargetDups">Targeted faults: messages of the window <see cref="NetworkSetup.DupTarget"/> names (say, promises
/// and shares a recovery counts) that the network may deliver twice, on top of <paramref name="MaxDuplicates"/>.</param>
/// <param name="TargetOdds">A targeted message is lost or duplicated with probability 1/TargetOdds while its budget lasts:
/// likely, where the random faults above are rare.</param>
/// <param name="TargetCrashes">Targeted crashes: the recipient of a message of the window <see cref="NetworkSetup.CrashTarget"/>
/// names (say, an acceptor that has just voted) crashes right after handling it, with probability 1/TargetOdds, while this
/// budget lasts and no other node is down; on top of <paramref name="MaxCrashes"/>, and it restarts like any crashed node.</param>
public sealed record FaultPlan(bool Reorder = true, int MaxDrops = 0, int MaxDuplicates = 0, int MaxCrashes = 0,
    bool Restart = true, int PartitionRounds = 0, int FaultOdds = 12, int TimerOdds = 30, bool Timed = false, double TimeoutMs = 10_000, bool DiskLoss = false,
    int DropOdds = 8, int TargetDrops = 0, int TargetDups = 0, int TargetOdds = 2, int TargetCrashes = 0)
{
    /// <summary>Virtual-time delivery over the links' delays, no faults: the latency model.</summary>
    public static readonly FaultPlan Latency = new(Reorder: false, Timed: true);

    /// <summary>No faults at all, in-order delivery: the happy path.</summary>
    public static readonly FaultPlan None = new(Reorder: false);

    /// <summary>Short text for test names and reports.</summary>
    public override string ToString() =>
        $"{(Reorder ? "reorder" : "fifo")}, drops≤{MaxDrops}, dups≤{MaxDuplicates}, crashes≤{MaxCrashes}{(MaxCrashes > 0 ? Restart ? " (restart)" : " (permanent)" : "")}, partitions≤{PartitionRounds}";
}

/// <summary>An event that carries the virtual time (ms) at which the network delivered it (timed mode; 0 otherwise).</summary>
public interface ITimed
{
    /// <summary>Delivery time in virtual ms.</summary>
    double At { get; set; }
}

/// <summary>A message to route: the network forwards <see cref="Payload"/> to <see cref="Destination"/>.</summary>
public sealed class NetSend(ActorId destination, Event payload, ActorId? source = null) : Event
{
    /// <summary>The sender (for the link delay in timed mode).</summary>
    public ActorId? Source { get; } = source;

    /// <summary>Where the message goes.</summary>
    public ActorId Destination { get; } = destination;
    /// <summary>The protocol message.</summary>
    public Event Payload { get; } = payload;
}

/// <summary>Asks the network to deliver <see cref="NetTimeout"/> with this id to the owner, some time later.</summary>
public sealed class NetTimer(ActorId owner, int id) : Event
{
    /// <summary>Who gets the timeout.</summary>
    public ActorId Owner { get; } = owner;
    /// <summary>The owner's timer id (owners ignore stale ids).</summary>
    public int Id { get; } = id;
}

/// <summary>A timeout. It may always be spurious: on an asynchronous network a timeout is only a guess.</summary>
public sealed class NetTimeout(int id) : Event, ITimed
{
    /// <inheritdoc/>
    public double At { get; set; }

    /// <summary>The owner's timer id.</summary>
    public int Id { get; } = id;
}

/// <summary>Tells a node it has crashed: it must drop its volatile state and ignore messages until <see cref="Restart"/>.</summary>
public sealed class Crash : Event;

/// <summary>Tells a crashed node to come back from its durable state (or, with <see cref="DiskLost"/>, with nothing).</summary>
public sealed class Restart(bool diskLost = false) : Event
{
    /// <summary>The node's disk was lost too: it comes back empty (a mutant: no protocol survives this unnoticed).</summary>
    public bool DiskLost { get; } = diskLost;
}

/// <summary>Setup of the network: the nodes that faults may hit, and the plan.</summary>
public sealed class NetworkSetup(IReadOnlyList<ActorId> crashable, FaultPlan plan) : Event
{
    /// <summary>Timed mode: how many actors send at start-up and will say <see cref="NetAck"/> when done (the network delivers nothing before).</summary>
    public int StartingSenders { get; init; }
    /// <summary>Timed mode: the data center (index into <see cref="Geo"/>) of each actor; unlisted actors are local (0 ms).</summary>
    public IReadOnlyDictionary<ActorId, int> Placement { get; init; } = new Dictionary<ActorId, int>();
    /// <summary>Called with (source, destination, payload) for every message handed to the network (message-count benchmarks; measurement only).</summary>
    public Action<ActorId?, ActorId, Event>? Tally { get; init; }

    /// <summary>Targeted loss: names the window a message belongs to (null: not targeted); see <see cref="FaultPlan.TargetDrops"/>.</summary>
    public Func<Event, string?>? DropTarget { get; init; }
    /// <summary>Targeted duplication: names the window a message belongs to (null: not targeted); see <see cref="FaultPlan.TargetDups"/>.</summary>
    public Func<Event, string?>? DupTarget { get; init; }
    /// <summary>Targeted crash: names the window a delivered message belongs to (null: not targeted); see <see cref="FaultPlan.TargetCrashes"/>.</summary>
    public Func<Event, string?>? CrashTarget { get; init; }

    /// <summary>Nodes that may crash or be partitioned (data sites).</summary>
    public IReadOnlyList<ActorId> Crashable { get; } = crashable;
    /// <summary>The faults allowed.</summary>
    public FaultPlan Plan { get; } = plan;
}

internal sealed class Deliver : Event;

/// <summary>
/// Timed mode: an actor has finished handling what the network delivered (or its start-up), so every message it sent
/// meanwhile is already queued at the network. The network delivers the next message only then, which keeps delivery in
/// virtual-time order (a conservative discrete-event simulation).
/// </summary>
public sealed class NetAck : Event;

/// <summary>
/// The simulated network. Coyote delivers events in order and never loses them, so every protocol message goes
/// through this actor: it keeps the messages in flight and, at each step, picks the next one (any one when
/// reordering is on), or loses it, or delivers it and keeps a copy for later (duplication), within the plan's
/// budgets. It also holds pending timeouts (delivered now and then, and surely once nothing else is in flight),
/// and injects crashes, restarts and partitions at random points spread over the whole run.
/// In specs/Pando.tla the same freedom comes from the message set <c>sent</c>; in p-models it is the P
/// <c>Network</c> machine.
/// </summary>
[OnEventDoAction(typeof(NetworkSetup), nameof(OnSetup))]
[OnEventDoAction(typeof(NetSend), nameof(OnSend))]
[OnEventDoAction(typeof(NetTimer), nameof(OnTimer))]
[OnEventDoAction(typeof(Deliver), nameof(OnDeliver))]
[OnEventDoAction(typeof(NetAck), nameof(OnAck))]
public sealed class Network : Actor
{
    private readonly record struct Envelope(ActorId Destination, Event Payload, bool IsTimer, double DueAt = 0, long Seq = 0);

    private readonly List<Envelope> _inFlight = [];
    private IReadOnlyList<ActorId> _crashable = [];
    private FaultPlan _plan = FaultPlan.None;
    private int _drops, _dups, _crashes, _partitions, _targetDrops, _targetDups, _targetCrashes;
    private Func<Event, string?>? _dropTarget, _dupTarget, _crashTarget;
    private readonly HashSet<ActorId> _down = [];
    private readonly HashSet<ActorId> _dead = [];
    private ActorId? _cutOff;
    private int _healIn;
    private bool _ticking;
    private IReadOnlyDictionary<ActorId, int> _placement = new Dictionary<ActorId, int>();
    private Action<ActorId?, ActorId, Event>? _tally;
    private double _now;
    private long _seq;
    private int _awaitingAcks;

    /// <inheritdoc/>
    protected override Task OnInitializeAsync(Event initialEvent)
    {
        if (initialEvent is NetworkSetup s) OnSetup(s);
        return Task.CompletedTask;
    }

    private void OnSetup(Event e)
    {
        var s = (NetworkSetup)e;
        _crashable = s.Crashable;
        _plan = s.Plan;
        _placement = s.Placement;
        _tally = s.Tally;
        _awaitingAcks = s.StartingSenders;
        _dropTarget = s.DropTarget ?? _dropTarget;
        _dupTarget = s.DupTarget ?? _dupTarget;
        _crashTarget = s.CrashTarget ?? _crashTarget;
    }

    private void OnAck()
    {
        _awaitingAcks--;
        if (_awaitingAcks == 0 && !_ticking && _inFlight.Count > 0) { _ticking = true; SendEvent(Id, new Deliver()); }
    }

    private void OnSend(Event e)
    {
        var m = (NetSend)e;
        _tally?.Invoke(m.Source, m.Destination, m.Payload);
        double delay = m.Source is { } src && _placement.TryGetValue(src, out var a) && _placement.TryGetValue(m.Destination, out var b) ? Geo.Delay(a, b) : 0;
        Enqueue(new Envelope(m.Destination, m.Payload, false, _now + delay, ++_seq));
    }

    private void OnTimer(Event e)
    {
        var t = (NetTimer)e;
        Enqueue(new Envelope(t.Owner, new NetTimeout(t.Id), true, _now + _plan.TimeoutMs, ++_seq));
    }

    private void Enqueue(Envelope env)
    {
        _inFlight.Add(env);
        if (!_ticking && (!_plan.Timed || _awaitingAcks == 0)) { _ticking = true; SendEvent(Id, new Deliver()); }
    }

    private void OnDeliver()
    {
        if (_plan.Timed) { DeliverTimed(); return; }
        InjectFault();
        if (_inFlight.Count == 0) { _ticking = false; return; }
        int i = Pick();
        var env = _inFlight[i];
        bool toPartitioned = !env.IsTimer && _cutOff is { } cut && env.Destination == cut;
        // Targeted faults first: a message of a named window is lost or duplicated with high odds while its budget lasts.
        if (!env.IsTimer && !toPartitioned && _targetDrops < _plan.TargetDrops && _dropTarget?.Invoke(env.Payload) is { } dropWindow
            && RandomInteger(_plan.TargetOdds) == 0)
        {
            _targetDrops++;
            Coverage.Hit($"net: targeted loss ({dropWindow})");
            _inFlight.RemoveAt(i);
        }
        else if (!env.IsTimer && !toPartitioned && _targetDups < _plan.TargetDups && _dupTarget?.Invoke(env.Payload) is { } dupWindow
            && RandomInteger(_plan.TargetOdds) == 0)
        {
            _targetDups++;
            Coverage.Hit($"net: targeted duplicate ({dupWindow})");
            SendEvent(env.Destination, env.Payload);                // the copy stays in flight
            CrashAfter(env);
        }
        else if (!env.IsTimer && (_drops < _plan.MaxDrops && RandomInteger(_plan.DropOdds) == 0 || toPartitioned))
        {
            if (!toPartitioned) _drops++;
            Coverage.Hit(toPartitioned ? "net: cut by partition" : "net: message lost");
            _inFlight.RemoveAt(i);                                   // loss (or cut by a partition)
        }
        else if (!env.IsTimer && _dups < _plan.MaxDuplicates && RandomInteger(8) == 0)
        {
            _dups++;
            Coverage.Hit("net: message duplicated");
            SendEvent(env.Destination, env.Payload);                // duplication: a copy stays in flight
        }
        else
        {
            _inFlight.RemoveAt(i);
            SendEvent(env.Destination, env.Payload);
            CrashAfter(env);
        }
        SendEvent(Id, new Deliver());
    }

    // A targeted crash: the Crash is queued right behind the delivered message, so the node handles the message (votes,
    // answers, starts Phase 2) and then goes down, the moment where a slip in what it keeps durable shows.
    private void CrashAfter(Envelope env)
    {
        if (env.IsTimer || _targetCrashes >= _plan.TargetCrashes || _down.Count > 0 || _dead.Contains(env.Destination)
            || !_crashable.Contains(env.Destination) || _crashTarget?.Invoke(env.Payload) is not { } window || RandomInteger(_plan.TargetOdds) != 0)
            return;
        _targetCrashes++;
        SendEvent(env.Destination, new Crash());
        Coverage.Hit($"net: targeted crash after ({window})");
        if (_plan.Restart) _down.Add(env.Destination);
        else _dead.Add(env.Destination);
    }

    // Timed mode: the earliest message (ties in send order) goes next, and the clock moves to its time.
    private void DeliverTimed()
    {
        if (_inFlight.Count == 0) { _ticking = false; return; }
        int i = 0;
        for (int j = 1; j < _inFlight.Count; j++)
            if (_inFlight[j].DueAt < _inFlight[i].DueAt || (_inFlight[j].DueAt == _inFlight[i].DueAt && _inFlight[j].Seq < _inFlight[i].Seq)) i = j;
        var env = _inFlight[i];
        _inFlight.RemoveAt(i);
        _now = env.DueAt;
        if (env.Payload is ITimed timed) timed.At = _now;
        _ticking = false;                                    // the next delivery waits for the recipient's NetAck
        _awaitingAcks++;
        SendEvent(env.Destination, env.Payload);
    }

    // Reordering: any message may go next; a timeout goes next only with probability 1/TimerOdds while
    // messages are in flight, and surely once none are.
    private int Pick()
    {
        int messages = _inFlight.Count(x => !x.IsTimer);
        bool timer = messages == 0 || (_inFlight.Count > messages && RandomInteger(_plan.TimerOdds) == 0);
        var candidates = Enumerable.Range(0, _inFlight.Count).Where(j => _inFlight[j].IsTimer == timer).ToList();
        return _plan.Reorder ? candidates[RandomInteger(candidates.Count)] : candidates[0];
    }

    private void InjectFault()
    {
        if (_cutOff is not null && --_healIn <= 0) _cutOff = null;          // the partition heals
        if (_crashable.Count == 0 || RandomInteger(_plan.FaultOdds) != 0) return;
        if (_down.Count > 0 && _plan.Restart && RandomBoolean())
        {
            var back = _down.First();
            _down.Remove(back);
            SendEvent(back, new Restart(_plan.DiskLoss));
            Coverage.Hit("net: node restarted");
        }
        else if (_crashes < _plan.MaxCrashes && _down.Count == 0 && RandomBoolean())
        {
            var alive = _crashable.Where(n => !_dead.Contains(n)).ToList();
            var victim = alive[RandomInteger(alive.Count)];
            _crashes++;
            SendEvent(victim, new Crash());
            Coverage.Hit("net: node crashed");
            if (_plan.Restart) _down.Add(victim);
            else _dead.Add(victim);                                      // permanent: never restarted, never picked again
        }
        else if (_partitions < _plan.PartitionRounds && _cutOff is null)
        {
            _partitions++;
            _cutOff = _crashable[RandomInteger(_crashable.Count)];
            _healIn = 5 + RandomInteger(20);
            Coverage.Hit("net: partition");
        }
    }
}
