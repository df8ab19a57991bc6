using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Alia;

/// <summary>
/// One instance (i, x) of Alia's data plane (brief §4.4–4.8): the state machine of §4.6 with every ownership check at
/// apply time, the leader's request handling (§4.8.2), and both sides of the handoff (§4.7). Each handler names the
/// action of <c>specs/AliaHandoff.tla</c> it mirrors; the P twin is <c>p-models/Alia/PSrc/Instance.p</c>.
/// <para>
/// Instance Paxos is abstracted to the instance's chosen log, as in the TLA+ and P models: a proposal is a
/// <see cref="Chosen"/> message the instance sends to itself through the network, and its delivery is the entry being
/// chosen and applied. The network reorders proposals (pipelining), loses them (a leader change drops a proposal) and
/// repeats them (a re-proposal), so every order of choice that instance Paxos allows is explored; what is not modelled
/// is disagreement inside an instance (ALIA-S13, mutant M11). A crash takes a majority of the subquorum down for a
/// while: the chosen state survives (it is replicated), messages are ignored while down, timers restart on recovery.
/// </para>
/// </summary>
[OnEventDoAction(typeof(AliaMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class Instance : AliaActor<InstanceInit>
{
    private AliaLayout L = null!;
    private AliaMutant _mutant;
    private int _me, _x;

    // the chosen state (§4.6), durable
    private InstanceState _s = null!;
    private bool _started, _retired;
    private readonly HashSet<int> _replied = [];

    // volatile
    private bool _knowsNext, _ticking, _down;

    /// <inheritdoc/>
    protected override ActorId NetOf(InstanceInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize()
    {
        L = Init.Settings.Layout;
        _mutant = Init.Settings.Mutant;
        _me = Init.Inst;
        _x = L.EpochOf(_me);
        var genesis = new Applied();
        _s = new InstanceState(L, _mutant, _me, genesis);
        Emit(genesis);
        if (_x == 0) Start();                                     // genesis: epoch 0 is chosen before the run
    }

    private void OnMsg(Event e)
    {
        if (_down || _retired) return;                            // a retired instance has truncated its log (§4.7.2)
        switch (((AliaMsg)e).Body)
        {
            case NewEpoch m: OnNewEpoch(m.Epoch); break;
            case Chosen m: if (_started) Emit(_s.Apply(m.Entry)); TryRetire(); break;
            case ClientRequest m: OnRequest(m); break;
            case HandoffRequest m: OnHandoffRequest(m); break;
            case HandoffReply m: OnHandoffReply(m); break;
            case HandoffAck m: _s.Acked.UnionWith(m.Tags); TryRetire(); break;
        }
    }

    /// <summary>Reports what an apply produced and sends its messages.</summary>
    private void Emit(Applied a)
    {
        foreach (var o in a.Obs) Observe(o);
        foreach (var o in a.Out)
            switch (o)
            {
                case ReplyOut r: SendMsg(r.Client, r.Reply); break;
                case AckOut k: SendMsg(Init.Instances[k.From], new HandoffAck(k.From, k.Tags)); break;
            }
    }

    private void OnCrash() => _down = true;

    private void OnRestart()
    {
        if (!_down) return;
        _down = false;
        _ticking = false;
        Coverage.Hit("alia: an instance recovered its chosen state");
        Arm();
    }

    /// <summary>TLA+ RootReveal seen by this instance: StartInstance for its own epoch; ProposeClose for a later one.</summary>
    private void OnNewEpoch(int e)
    {
        if (e >= _x && !_started) Start();                      // epoch e is chosen, so epoch x is (root contiguity, ALIA-S3)
        if (e > _x) { _knowsNext = true; ProposeClose(); Arm(); }
    }

    /// <summary>
    /// TLA+ StartInstance (§4.4): created from Cfg(x) alone, EpochStart applied (M5: the whole scope becomes active).
    /// The first handoff requests go out at once.
    /// </summary>
    private void Start()
    {
        _started = true;
        if (_x > 0) Emit(_s.Apply(new EpochStartEntry()));
        if (_s.Pending.Count > 0) RequestHandoffs();
        Arm();
    }

    /// <summary>TLA+ ProposeClose (§4.4 CloseInstance): an outdated instance proposes EpochChange (M10: never).</summary>
    private void ProposeClose()
    {
        if (_knowsNext && _started && !_s.Closed && _mutant != AliaMutant.M10NoClose) Propose(new CloseEntry());
    }

    private void Propose(object entry) => SendMsg(Id, new Chosen(entry));

    /// <summary>Timers run only while there is work: a close to get chosen, or tags to acquire.</summary>
    private void Arm()
    {
        if (_ticking || _retired || _down) return;
        if ((_knowsNext && _started && !_s.Closed && _mutant != AliaMutant.M10NoClose) || (_started && _s.Pending.Count > 0))
        {
            _ticking = true;
            StartTimer();
        }
    }

    private void OnTimeout(Event e)
    {
        if (_down || _retired || ((NetTimeout)e).Id != CurrentTimer) return;
        _ticking = false;
        ProposeClose();
        if (_started && _s.Pending.Count > 0)
        {
            // M10 (TLA+ ForceTakeover): the acquirer gives up on the releaser and installs the initial state.
            if (_mutant == AliaMutant.M10NoClose && RandomInteger(3) == 0)
                Propose(ForceTakeover(L, _me, _s.Pending));
            else RequestHandoffs();
        }
        Arm();
    }

    /// <summary>M10's TLA+ ForceTakeover: an Install of the pending tags with their initial snapshots.</summary>
    internal static InstallEntry ForceTakeover(AliaLayout l, int inst, IEnumerable<int> pending)
    {
        var tags = pending.Order().ToList();
        return new InstallEntry(tags, l.Sources(inst, tags[0]).First(), tags.ToDictionary(t => t, t => Snap.Initial(l, t)));
    }

    /// <summary>§4.7.1 RequestHandoff, to the previous owner of each pending tag (re-sent on every timeout until installed).</summary>
    private void RequestHandoffs()
    {
        foreach (var (k, tags) in _s.HandoffSources())
            SendMsg(Init.Instances[k], new HandoffRequest(tags, _me) { Source = k });
    }

    /// <summary>
    /// TLA+ SendReply (§4.7.2 TryReply): the request tells this instance that a later epoch exists, so it proposes its
    /// close; it answers for the tags it has sealed, with their frozen snapshots (M6, M8: see <see cref="InstanceState.ReplySnaps"/>).
    /// </summary>
    private void OnHandoffRequest(HandoffRequest m)
    {
        if (!_started) return;
        _knowsNext = true;
        ProposeClose();
        var snaps = _s.ReplySnaps(m.Tags);
        if (snaps.Count > 0)
        {
            foreach (var t in snaps.Keys) if (!_replied.Add(t * 1000 + m.Acq)) Coverage.Hit("alia: a handoff reply was re-sent");
            SendMsg(Init.Instances[m.Acq], new HandoffReply([.. snaps.Keys.Order()], _me, snaps) { To = m.Acq });
        }
        Arm();
    }

    /// <summary>TLA+ ReceiveReply: propose an Install of the tags still pending.</summary>
    private void OnHandoffReply(HandoffReply m)
    {
        if (!_started) return;
        var tags = m.Tags.Where(_s.Pending.Contains).ToList();
        if (tags.Count > 0) Propose(new InstallEntry(tags, m.From, tags.ToDictionary(t => t, t => m.Snaps[t])));
    }

    /// <summary>TLA+ Retire (ALIA-S15): the instance truncates its log and stops once <see cref="InstanceState.RetireReady"/>.</summary>
    private void TryRetire()
    {
        if (_retired || !_s.RetireReady) return;
        _retired = true;
        Observe(_s.Retirement());
    }

    /// <summary>
    /// TLA+ ProposeOp (§4.8.2 at the leader): a request whose result is in the session table is answered from it; one on
    /// an active tag is proposed (the check that counts is the one at apply time); anything else is ignored, and the
    /// client retries elsewhere.
    /// </summary>
    private void OnRequest(ClientRequest r)
    {
        if (!_started) return;
        if (_s.Recorded(r.Cid, r.Sn) is { } res)
        {
            Coverage.Hit("alia: a retried request was answered from the session table");
            SendMsg(r.Client, new ClientReply(r.Sn, res));
            return;
        }
        if (_s.Active.Contains(L.TagOf[r.Obj])) Propose(new OpEntry(r.Client, r.Cid, r.Sn, r.Obj, r.Put, r.Val));
    }
}

/// <summary>The common part of the Alia actors: messages go through the network in <see cref="AliaMsg"/>; observations go to every Alia monitor.</summary>
public abstract class AliaActor<TInit> : NetActor<TInit> where TInit : Event
{
    /// <summary>Sends a protocol message through the network.</summary>
    protected void SendMsg(ActorId to, object body) => Route(to, new AliaMsg(body));

    /// <summary>Tells the monitors (unregistered ones ignore it).</summary>
    protected void Observe(object o)
    {
        var e = new AliaObservation(o);
        foreach (var m in AliaMonitors.All) Monitor(m, e);
    }
}
