using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Alia;

/// <summary>A reply the state machine asks its host to send to a client.</summary>
public sealed record ReplyOut(ActorId Client, ClientReply Reply);
/// <summary>An acknowledgement the state machine asks its host to send to the members of instance <paramref name="From"/>.</summary>
public sealed record AckOut(int From, IReadOnlyList<int> Tags);

/// <summary>What applying one entry produced: observations for the monitors and messages for the host to send.</summary>
public sealed class Applied
{
    /// <summary>Observations (<see cref="ObsActive"/>, <see cref="ObsSealed"/>, <see cref="ObsInstalled"/>, <see cref="ObsEffect"/>).</summary>
    public List<object> Obs { get; } = [];
    /// <summary>Messages: <see cref="ReplyOut"/> and <see cref="AckOut"/>.</summary>
    public List<object> Out { get; } = [];
}

/// <summary>
/// The instance state machine of brief §4.6, deterministic, with every ownership check at apply time (TLA+ Apply and
/// its parts in <c>specs/AliaHandoff.tla</c>). Its state is a function of the applied prefix of the instance's log, so
/// two members that applied the same prefix are in the same state. Both hosts use it: the abstract
/// <see cref="Instance"/> (instance Paxos as a chosen log) and each member of a real instance in <see cref="Replica"/>.
/// </summary>
public sealed class InstanceState
{
    private readonly AliaLayout _l;
    private readonly AliaMutant _mutant;
    private readonly int _inst, _x;

    /// <summary>Tags this instance may serve now.</summary>
    public HashSet<int> Active { get; } = [];
    /// <summary>Tags assigned by the configuration, not yet installed.</summary>
    public HashSet<int> Pending { get; } = [];
    /// <summary>Tags released (sealed by EpochChange, or installed after it).</summary>
    public HashSet<int> Sealed { get; } = [];
    /// <summary>EpochChange has been applied.</summary>
    public bool Closed { get; private set; }
    private readonly Dictionary<int, Kv> _kv = [];
    private readonly Dictionary<int, Sess> _sess = [];
    private readonly Dictionary<int, Snap> _frozen = [];

    /// <summary>
    /// The state before any entry (brief §2.4): epoch 0's scope is active (genesis), a later epoch's scope pending.
    /// <paramref name="genesis"/> receives the activations of epoch 0.
    /// </summary>
    public InstanceState(AliaLayout l, AliaMutant mutant, int inst, Applied genesis)
    {
        _l = l; _mutant = mutant; _inst = inst; _x = l.EpochOf(inst);
        foreach (var t in l.Scope(inst)) foreach (var o in l.ObjsOf(t)) _kv[o] = Kv.Init;
        foreach (var t in l.Scope(inst))
            if (_x == 0) Activate(t, genesis);
            else Pending.Add(t);
    }

    /// <summary>The tags of the instance's scope (TLA+ Scope).</summary>
    public IEnumerable<int> Scope => _l.Scope(_inst);

    /// <summary>The result recorded for client <paramref name="cid"/>'s operation <paramref name="sn"/>, if it is its latest.</summary>
    public Kv? Recorded(int cid, int sn) => _sess.TryGetValue(cid, out var s) && s.Sn == sn ? s.Res : null;

    private void Activate(int t, Applied a)
    {
        Active.Add(t);
        a.Obs.Add(new ObsActive(_inst, _x, t, _l.ObjsOf(t).ToDictionary(o => o, o => _kv[o])));
    }

    /// <summary>TLA+ SnapshotOf (M14: without the session table).</summary>
    public Snap SnapshotOf(int t) =>
        new(_l.ObjsOf(t).ToDictionary(o => o, o => _kv[o]),
            _mutant == AliaMutant.M14NoSessions ? new Dictionary<int, Sess>() : new Dictionary<int, Sess>(_sess));

    /// <summary>
    /// §4.7.2 TryReply (TLA+ ReplyReady, ReplySnap): the frozen snapshots of the requested tags this instance has sealed.
    /// M6 also answers for active tags with the current state; M8 also for pending tags with the initial state.
    /// </summary>
    public Dictionary<int, Snap> ReplySnaps(IEnumerable<int> tags)
    {
        var snaps = new Dictionary<int, Snap>();
        foreach (var t in tags)
        {
            if (Sealed.Contains(t)) snaps[t] = _frozen[t];
            else if (_mutant == AliaMutant.M6ReplyBeforeSeal && Active.Contains(t)) snaps[t] = SnapshotOf(t);
            else if (_mutant == AliaMutant.M8ReleasePending && Pending.Contains(t)) snaps[t] = Snap.Initial(_l, t);
        }
        return snaps;
    }

    /// <summary>
    /// Tags whose Install the acquirer acknowledged (§4.7.1 HandoffAck). Not part of the log: the host keeps it as long
    /// as it keeps this state (a replica loses both in a crash; the acquirer re-sends).
    /// </summary>
    public HashSet<int> Acked { get; } = [];

    /// <summary>
    /// TLA+ RetireReady (§4.7.2): closed, nothing pending, every tag of the scope acknowledged. M16: every tag of the
    /// scope sealed, acknowledged or not.
    /// </summary>
    public bool RetireReady =>
        Closed && Pending.Count == 0 && (_mutant == AliaMutant.M16RetireBeforeAck ? Scope.All(Sealed.Contains) : Scope.All(Acked.Contains));

    /// <summary>TLA+ Retire, for the monitors: whether every tag of the scope was acknowledged (ALIA-S15).</summary>
    public ObsRetired Retirement()
    {
        bool allAcked = Scope.All(Acked.Contains);
        Coverage.Hit(allAcked ? "alia: an instance retired after its acks" : "alia: an instance retired before its acks (M16)");
        return new ObsRetired(_inst, allAcked);
    }

    /// <summary>§4.7.1 RequestHandoff: each previous owner of a pending tag, with the pending tags it owned.</summary>
    public IEnumerable<(int Source, IReadOnlyList<int> Tags)> HandoffSources() =>
        Pending.SelectMany(t => _l.Sources(_inst, t).Select(k => (k, t))).GroupBy(p => p.k)
            .Select(g => (g.Key, (IReadOnlyList<int>)[.. g.Select(p => p.t).Order()]));

    /// <summary>TLA+ Apply: one chosen entry, in log order.</summary>
    public Applied Apply(object entry)
    {
        var a = new Applied();
        switch (entry)
        {
            case EpochStartEntry:
                if (_mutant == AliaMutant.M5ServeBeforeHandoff)                      // M5: the whole scope at once
                    foreach (var t in Pending.Order().ToList()) { Pending.Remove(t); Activate(t, a); }
                break;
            case CloseEntry: ApplyClose(a); break;
            case InstallEntry e: ApplyInstall(e, a); break;
            case OpEntry e: ApplyOp(e, a); break;
        }
        return a;
    }

    /// <summary>TLA+ ApplyClose (EpochChange, §4.4): seal every active tag with its snapshot; later entries cannot touch them.</summary>
    private void ApplyClose(Applied a)
    {
        if (Closed) return;
        Closed = true;
        foreach (var t in Active.Order().ToList())
        {
            _frozen[t] = SnapshotOf(t);
            Sealed.Add(t);
            a.Obs.Add(new ObsSealed(_inst, t, _frozen[t]));
        }
        Active.Clear();
    }

    /// <summary>
    /// TLA+ ApplyInstall (§4.7.1): for each tag still pending, load its objects and merge its session table; the tag
    /// becomes active, or sealed at once if the instance has already closed (a release chain). Duplicates are no-ops.
    /// </summary>
    private void ApplyInstall(InstallEntry e, Applied a)
    {
        foreach (var t in e.Tags.Where(Pending.Contains).ToList())
        {
            var snap = e.Snaps[t];
            a.Obs.Add(new ObsInstalled(_inst, e.From, t, snap));
            foreach (var (o, kv) in snap.Objs) _kv[o] = kv;
            foreach (var (c, s) in snap.Sessions)
                if (!_sess.TryGetValue(c, out var mine) || mine.Sn < s.Sn) _sess[c] = s;
            Pending.Remove(t);
            if (!Closed)
            {
                Activate(t, a);
                Coverage.Hit("alia: a tag became active through an Install");
            }
            else
            {
                _frozen[t] = SnapshotOf(t);
                Sealed.Add(t);
                a.Obs.Add(new ObsSealed(_inst, t, _frozen[t]));
                Coverage.Hit("alia: a tag was installed after its acquirer closed (release chain)");
            }
        }
        if (e.Tags.Count > 0) a.Out.Add(new AckOut(e.From, e.Tags));
    }

    /// <summary>
    /// TLA+ ApplyOp (§4.6): an operation takes effect only if its tag is active here (M7: in the scope) and the client's
    /// session has not seen it; a duplicate of the latest operation is answered with the recorded result.
    /// </summary>
    private void ApplyOp(OpEntry e, Applied a)
    {
        int t = _l.TagOf[e.Obj];
        bool allowed = _mutant == AliaMutant.M7SealNotEnforced ? Scope.Contains(t) : Active.Contains(t);
        if (!allowed)
        {
            if (Sealed.Contains(t)) Coverage.Hit("alia: an op on a sealed tag was rejected at apply");
            return;
        }
        if (_sess.TryGetValue(e.Cid, out var s) && s.Sn >= e.Sn)
        {
            if (s.Sn == e.Sn) a.Out.Add(new ReplyOut(e.Client, new ClientReply(e.Sn, s.Res)));
            return;
        }
        var kv = _kv[e.Obj];
        if (e.Put) kv = new Kv(kv.Ver + 1, e.Val);
        _kv[e.Obj] = kv;
        _sess[e.Cid] = new Sess(e.Sn, kv);
        a.Obs.Add(new ObsEffect(_inst, e.Cid, e.Sn, e.Obj, e.Put, kv));
        if (!e.Put && _x > 0 && kv.Ver > 0) Coverage.Hit("alia: a Get at a later epoch's instance read a written version");
        a.Out.Add(new ReplyOut(e.Client, new ClientReply(e.Sn, kv)));
    }
}
