using Microsoft.Coyote.Actors;

namespace PandoCoyote.Shared.Network;

/// <summary>
/// The common part of every protocol actor: it is created with an event of type <typeparamref name="TInit"/>, sends
/// every protocol message through the <see cref="Network"/> actor (never directly: Coyote would deliver in order) and
/// keeps numbered timers, of which only the newest is current.
/// </summary>
public abstract class NetActor<TInit> : Actor where TInit : Event
{
    /// <summary>The creation event.</summary>
    protected TInit Init { get; private set; } = null!;
    /// <summary>The network.</summary>
    protected ActorId Net { get; private set; } = null!;
    private int _timer;

    /// <inheritdoc/>
    protected override Task OnInitializeAsync(Event initialEvent)
    {
        Init = (TInit)initialEvent;
        Net = NetOf(Init);
        Configure(Init);
        Initialize();
        return Task.CompletedTask;
    }

    /// <summary>The network actor named by the creation event.</summary>
    protected abstract ActorId NetOf(TInit init);

    /// <summary>The protocol base class reads its fields from the creation event (before <see cref="Initialize"/>).</summary>
    protected virtual void Configure(TInit init) { }

    /// <summary>Actor-specific initialisation.</summary>
    protected virtual void Initialize() { }

    /// <summary>Hands a protocol message to the network for <paramref name="to"/>.</summary>
    protected void Route(ActorId to, Event message) => SendEvent(Net, new NetSend(to, message, Id));

    /// <summary>Starts a new timer; earlier timers become stale.</summary>
    protected int StartTimer()
    {
        _timer++;
        SendEvent(Net, new NetTimer(Id, _timer));
        return _timer;
    }

    /// <summary>Reports a node-local observation (<see cref="Testing.LocalRules"/>) to the node-local monitors.</summary>
    protected void ObserveLocal(object observation)
    {
        var e = new Testing.LocalObservation(observation);
        foreach (var m in Testing.LocalRules.All) Monitor(m, e);
    }

    /// <summary>
    /// Reports the TLA+ action this handler has just committed to, with the fields the trace spec matches (trace
    /// validation: a recorded iteration is checked by TLC to be a behaviour of the spec).
    /// </summary>
    protected void SpecStep(string action, params (string Field, object Value)[] fields) =>
        Monitor(typeof(Testing.SpecTraceMonitor), new Testing.SpecStep(action, fields));

    /// <summary>The id of the current timer.</summary>
    protected int CurrentTimer => _timer;

    /// <summary>The network runs in virtual time (<see cref="FaultPlan.Timed"/>): the actor acknowledges what it handled.</summary>
    protected virtual bool TimedNetwork => false;

    /// <summary>Timed network mode: tell the network this actor has finished handling a delivery (see <see cref="NetAck"/>).</summary>
    protected override Task OnEventHandledAsync(Event e)
    {
        if (TimedNetwork && e is ITimed) SendEvent(Net, new NetAck());
        return Task.CompletedTask;
    }

    /// <summary>Timed network mode: an actor that sends at start-up says so once its start-up sends are all queued.</summary>
    protected void StartUpSent()
    {
        if (TimedNetwork) SendEvent(Net, new NetAck());
    }
}
