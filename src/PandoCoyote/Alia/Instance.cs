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
    private bool _started, _closed, _retired;
    private readonly HashSet<int> _active = [], _pending = [], _sealed = [], _acked = [], _replied = [];
    private readonly Dictionary<int, Kv> _kv = [];
    private readonly Dictionary<int, Sess> _sess = [];
    private readonly Dictionary<int, Snap> _frozen = [];

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
        foreach (var t in L.Scope(_me)) foreach (var o in L.ObjsOf(t)) _kv[o] = Kv.Init;
        if (_x == 0) Start();                                     // genesis: epoch 0 is chosen before the run
    }

    private void OnMsg(Event e)
    {
        if (_down || _retired) return;                            // a retired instance has truncated its log (§4.7.2)
        switch (((AliaMsg)e).Body)
        {
            case NewEpoch m: OnNewEpoch(m.Epoch); break;
            case Chosen m: if (_started) Apply(m.Entry); break;
            case ClientRequest m: OnRequest(m); break;
            case HandoffRequest m: OnHandoffRequest(m); break;
            case HandoffReply m: OnHandoffReply(m); break;
            case HandoffAck m: OnHandoffAck(m); break;
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
    /// TLA+ StartInstance (§4.4): created from Cfg(x) alone, EpochStart applied: in epoch 0 the scope is active, later
    /// its tags are pending until installed (M5: active at once). The first handoff requests go out at once.
    /// </summary>
    private void Start()
    {
        _started = true;
        foreach (var t in L.Scope(_me))
        {
            if (_x == 0 || _mutant == AliaMutant.M5ServeBeforeHandoff) Activate(t);
            else _pending.Add(t);
        }
        if (_pending.Count > 0) RequestHandoffs();
        Arm();
    }

    private void Activate(int t)
    {
        _active.Add(t);
        Observe(new ObsActive(_me, _x, t, L.ObjsOf(t).ToDictionary(o => o, o => _kv[o])));
    }

    /// <summary>TLA+ ProposeClose (§4.4 CloseInstance): an outdated instance proposes EpochChange (M10: never).</summary>
    private void ProposeClose()
    {
        if (_knowsNext && _started && !_closed && _mutant != AliaMutant.M10NoClose) Propose(new CloseEntry());
    }

    private void Propose(object entry) => SendMsg(Id, new Chosen(entry));

    /// <summary>Timers run only while there is work: a close to get chosen, or tags to acquire.</summary>
    private void Arm()
    {
        if (_ticking || _retired || _down) return;
        if ((_knowsNext && _started && !_closed && _mutant != AliaMutant.M10NoClose) || (_started && _pending.Count > 0))
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
        if (_started && _pending.Count > 0)
        {
            // M10 (TLA+ ForceTakeover): the acquirer gives up on the releaser and installs the initial state.
            if (_mutant == AliaMutant.M10NoClose && RandomInteger(3) == 0)
                Propose(new InstallEntry([.. _pending], L.Sources(_me, _pending.First()).First(), _pending.ToDictionary(t => t, t => Snap.Initial(L, t))));
            else RequestHandoffs();
        }
        Arm();
    }

    /// <summary>§4.7.1 RequestHandoff, to the previous owner of each pending tag (re-sent on every timeout until installed).</summary>
    private void RequestHandoffs()
    {
        foreach (var g in _pending.SelectMany(t => L.Sources(_me, t).Select(k => (k, t))).GroupBy(p => p.k))
            SendMsg(Init.Instances[g.Key], new HandoffRequest([.. g.Select(p => p.t).Order()], _me));
    }

    /// <summary>
    /// TLA+ SendReply (§4.7.2 TryReply): the request tells this instance that a later epoch exists, so it proposes its
    /// close; it answers for the tags it has sealed, with their frozen snapshots. M6 also answers for active tags with
    /// the current state; M8 also for pending tags with the initial state.
    /// </summary>
    private void OnHandoffRequest(HandoffRequest m)
    {
        if (!_started) return;
        _knowsNext = true;
        ProposeClose();
        var snaps = new Dictionary<int, Snap>();
        foreach (var t in m.Tags)
        {
            if (_sealed.Contains(t)) snaps[t] = _frozen[t];
            else if (_mutant == AliaMutant.M6ReplyBeforeSeal && _active.Contains(t)) snaps[t] = SnapshotOf(t);
            else if (_mutant == AliaMutant.M8ReleasePending && _pending.Contains(t)) snaps[t] = Snap.Initial(L, t);
        }
        if (snaps.Count > 0)
        {
            foreach (var t in snaps.Keys) if (!_replied.Add(t * 1000 + m.Acq)) Coverage.Hit("alia: a handoff reply was re-sent");
            SendMsg(Init.Instances[m.Acq], new HandoffReply([.. snaps.Keys.Order()], _me, snaps));
        }
        Arm();
    }

    /// <summary>TLA+ ReceiveReply: propose an Install of the tags still pending.</summary>
    private void OnHandoffReply(HandoffReply m)
    {
        if (!_started) return;
        var tags = m.Tags.Where(_pending.Contains).ToList();
        if (tags.Count > 0) Propose(new InstallEntry(tags, m.From, tags.ToDictionary(t => t, t => m.Snaps[t])));
    }

    /// <summary>TLA+ Retire's input (§4.7.2): the acquirer's acknowledgement of installed tags.</summary>
    private void OnHandoffAck(HandoffAck m)
    {
        _acked.UnionWith(m.Tags);
        TryRetire();
    }

    /// <summary>
    /// TLA+ Retire: once closed, with nothing pending, and every tag of the scope acknowledged, the instance truncates
    /// its log and stops (ALIA-S15). M16: once every tag of the scope is sealed, acknowledged or not.
    /// </summary>
    private void TryRetire()
    {
        if (_retired || !_closed || _pending.Count > 0) return;
        var scope = L.Scope(_me).ToList();
        bool ready = _mutant == AliaMutant.M16RetireBeforeAck ? scope.All(_sealed.Contains) : scope.All(_acked.Contains);
        if (!ready) return;
        _retired = true;
        Coverage.Hit(_mutant == AliaMutant.M16RetireBeforeAck ? "alia: an instance retired before its acks (M16)" : "alia: an instance retired after its acks");
        Observe(new ObsRetired(_me, scope.All(_acked.Contains)));
    }

    /// <summary>
    /// TLA+ ProposeOp (§4.8.2 at the leader): a request whose result is in the session table is answered from it; one on
    /// an active tag is proposed (the check that counts is the one at apply time); anything else is ignored, and the
    /// client retries elsewhere.
    /// </summary>
    private void OnRequest(ClientRequest r)
    {
        if (!_started) return;
        if (_sess.TryGetValue(r.Cid, out var s) && s.Sn == r.Sn)
        {
            Coverage.Hit("alia: a retried request was answered from the session table");
            SendMsg(r.Client, new ClientReply(r.Sn, s.Res));
            return;
        }
        if (_active.Contains(L.TagOf[r.Obj])) Propose(new OpEntry(r.Client, r.Cid, r.Sn, r.Obj, r.Put, r.Val));
    }

    /// <summary>TLA+ SnapshotOf (M14: without the session table).</summary>
    private Snap SnapshotOf(int t) =>
        new(L.ObjsOf(t).ToDictionary(o => o, o => _kv[o]),
            _mutant == AliaMutant.M14NoSessions ? new Dictionary<int, Sess>() : new Dictionary<int, Sess>(_sess));

    /// <summary>TLA+ Choose: §4.6 Apply, in the order entries are chosen.</summary>
    private void Apply(object entry)
    {
        switch (entry)
        {
            case CloseEntry: ApplyClose(); break;
            case InstallEntry e: ApplyInstall(e); break;
            case OpEntry e: ApplyOp(e); break;
        }
    }

    /// <summary>TLA+ ApplyClose (EpochChange, §4.4): seal every active tag with its snapshot; later entries cannot touch them.</summary>
    private void ApplyClose()
    {
        if (_closed) return;
        _closed = true;
        foreach (var t in _active.Order().ToList())
        {
            _frozen[t] = SnapshotOf(t);
            _sealed.Add(t);
            Observe(new ObsSealed(_me, t, _frozen[t]));
        }
        _active.Clear();
        TryRetire();
    }

    /// <summary>
    /// TLA+ ApplyInstall (§4.7.1): for each tag still pending, load its objects and merge its session table; the tag
    /// becomes active, or sealed at once if the instance has already closed (a release chain). The acknowledgement goes
    /// to the releaser named in the entry.
    /// </summary>
    private void ApplyInstall(InstallEntry e)
    {
        foreach (var t in e.Tags.Where(_pending.Contains).ToList())
        {
            var snap = e.Snaps[t];
            Observe(new ObsInstalled(_me, e.From, t, snap));
            foreach (var (o, kv) in snap.Objs) _kv[o] = kv;
            foreach (var (c, s) in snap.Sessions)
                if (!_sess.TryGetValue(c, out var mine) || mine.Sn < s.Sn) _sess[c] = s;
            _pending.Remove(t);
            if (!_closed)
            {
                Activate(t);
                Coverage.Hit("alia: a tag became active through an Install");
            }
            else
            {
                _frozen[t] = SnapshotOf(t);
                _sealed.Add(t);
                Observe(new ObsSealed(_me, t, _frozen[t]));
                Coverage.Hit("alia: a tag was installed after its acquirer closed (release chain)");
            }
        }
        if (e.Tags.Count > 0) SendMsg(Init.Instances[e.From], new HandoffAck(e.Tags));
        TryRetire();
    }

    /// <summary>
    /// TLA+ ApplyOp (§4.6): an operation takes effect only if its tag is active here (M7: in the scope) and the client's
    /// session has not seen it; a duplicate of the latest operation is answered with the recorded result.
    /// </summary>
    private void ApplyOp(OpEntry e)
    {
        int t = L.TagOf[e.Obj];
        bool allowed = _mutant == AliaMutant.M7SealNotEnforced ? L.Scope(_me).Contains(t) : _active.Contains(t);
        if (!allowed)
        {
            if (_sealed.Contains(t)) Coverage.Hit("alia: an op on a sealed tag was rejected at apply");
            return;
        }
        if (_sess.TryGetValue(e.Cid, out var s) && s.Sn >= e.Sn)
        {
            if (s.Sn == e.Sn) SendMsg(e.Client, new ClientReply(e.Sn, s.Res));
            return;
        }
        var kv = _kv[e.Obj];
        if (e.Put) kv = new Kv(kv.Ver + 1, e.Val);
        _kv[e.Obj] = kv;
        _sess[e.Cid] = new Sess(e.Sn, kv);
        Observe(new ObsEffect(_me, e.Cid, e.Sn, e.Obj, e.Put, kv));
        if (!e.Put && _x > 0 && kv.Ver > 0) Coverage.Hit("alia: a Get at a later epoch's instance read a written version");
        SendMsg(e.Client, new ClientReply(e.Sn, kv));
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
