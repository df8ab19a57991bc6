using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Histories;
using PandoCoyote.Shared.Testing;
using Monitor = Microsoft.Coyote.Specifications.Monitor;

namespace PandoCoyote.Alia;

// ---------------------------------------------------------------------------------------------------------------
// Observations: what the actors tell the monitors (the ghost of brief Alia §6). Each names the TLA+ action of
// specs/AliaHandoff.tla it reports; the P twins are the eAMon* events of p-models/Alia/PSpec/Observations.p.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A notification to the Alia monitors; <see cref="Body"/> is one of the records below.</summary>
public sealed class AliaObservation(object body) : Monitor.Event
{
    /// <summary>The observation.</summary>
    public object Body { get; } = body;
}

/// <summary>The run's settings, sent to every monitor before any actor runs.</summary>
public sealed record ObsConfig(AliaSettings Settings);
/// <summary>TLA+ RootReveal: epoch <paramref name="Epoch"/> is chosen; <paramref name="Invalid"/> is the broken ValidCfg conjunct, if any.</summary>
public sealed record ObsReveal(int Epoch, string? Invalid);
/// <summary>TLA+ StartInstance / Choose(Install): tag <paramref name="Tag"/> became active at instance <paramref name="Inst"/> with these object states.</summary>
public sealed record ObsActive(int Inst, int Epoch, int Tag, IReadOnlyDictionary<int, Kv> Objs);
/// <summary>TLA+ Choose(EpochChange), or an Install after the close: the tag is sealed at the instance with this snapshot.</summary>
public sealed record ObsSealed(int Inst, int Tag, Snap Snap);
/// <summary>TLA+ Choose(Install): instance <paramref name="Inst"/> installed tag <paramref name="Tag"/> from <paramref name="From"/>.</summary>
public sealed record ObsInstalled(int Inst, int From, int Tag, Snap Snap);
/// <summary>TLA+ Choose(Op) took effect at the instance with result <paramref name="Res"/>.</summary>
public sealed record ObsEffect(int Inst, int Cid, int Sn, int Obj, bool Put, Kv Res);
/// <summary>TLA+ Invoke.</summary>
public sealed record ObsInvoke(int Cid, int Sn, int Obj, bool Put, int Val);
/// <summary>TLA+ Complete: the client received <paramref name="Res"/>.</summary>
public sealed record ObsReply(int Cid, int Sn, int Obj, bool Put, Kv Res);
/// <summary>TLA+ Retire: the instance truncated its log; <paramref name="AllAcked"/> says whether every tag of its scope was acknowledged.</summary>
public sealed record ObsRetired(int Inst, bool AllAcked);
/// <summary>
/// With real instance Paxos: a member of <paramref name="Inst"/> applied slot <paramref name="Slot"/> (0: the initial
/// state), producing these observations. Every member applies the same chosen prefix, so the monitors take the first
/// report of each (instance, slot) as the chosen state's step (TLA+ Choose) and ignore the others.
/// </summary>
public sealed record ObsApplied(int Inst, int Slot, string Entry, IReadOnlyList<object> Obs);
/// <summary>With real instance Paxos: member <paramref name="Member"/> learned that <paramref name="Entry"/> is chosen in slot <paramref name="Slot"/> of the instance.</summary>
public sealed record ObsCommitted(int Inst, int Slot, int Member, string Entry);

/// <summary>Unwraps <see cref="ObsApplied"/>: the first report of each (instance, slot) counts, repeats are dropped.</summary>
public sealed class AppliedFilter
{
    private readonly HashSet<(int, int)> _seen = [];

    /// <summary>The observations an incoming one stands for.</summary>
    public IEnumerable<object> Expand(object body) => body switch
    {
        ObsApplied a => _seen.Add((a.Inst, a.Slot)) ? a.Obs : [],
        _ => [body],
    };
}

/// <summary>The base of the Alia monitors: keeps the settings, lets the subclass check one catalogue property. Messages read <c>[ALIA-…] Name: …</c>.</summary>
public abstract class AliaMonitor : Monitor
{
    /// <summary>The run's layout.</summary>
    protected AliaLayout L { get; private set; } = null!;

    private readonly AppliedFilter _filter = new();

    /// <summary>Records the settings, then checks each observation (a member's applied slot once).</summary>
    protected void OnObservation(Monitor.Event e)
    {
        var body = ((AliaObservation)e).Body;
        if (body is ObsConfig c) L = c.Settings.Layout;
        foreach (var o in _filter.Expand(body)) Check(o);
    }

    /// <summary>Checks the property after an observation.</summary>
    protected abstract void Check(object observation);

    /// <summary>Fails the run with the message (built only on failure).</summary>
    protected void Require(bool ok, Func<string> message)
    {
        if (!ok) Assert(false, "{0}", message());
    }
}

/// <summary>The holders of each tag, from activations and seals (the chosen states' active sets: TLA+ Holders).</summary>
public sealed class Holders
{
    private readonly Dictionary<int, HashSet<int>> _h = [];

    /// <summary>Updates from an observation.</summary>
    public void See(object o)
    {
        switch (o)
        {
            case ObsActive a: Of(a.Tag).Add(a.Inst); break;
            case ObsSealed s: Of(s.Tag).Remove(s.Inst); break;
        }
    }

    /// <summary>The instances where tag <paramref name="t"/> is active.</summary>
    public HashSet<int> Of(int t) => _h.TryGetValue(t, out var s) ? s : _h[t] = [];
}

/// <summary>ALIA-S7 ConfigWellFormed (TLA+ ConfigWellFormedInv, brief §5.1): every revealed configuration satisfies ValidCfg.</summary>
public sealed class ConfigWellFormedMonitor : AliaMonitor
{
    [Start] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsReveal r) Require(r.Invalid is null, () => $"[ALIA-S7] ConfigWellFormed: the root revealed an invalid configuration for {r.Invalid}");
    }
}

/// <summary>ALIA-S8 SingleHolder (TLA+ SingleHolderInv): at most one instance serves a tag at any time.</summary>
public sealed class SingleHolderMonitor : AliaMonitor
{
    private readonly Holders _h = new();
    [Start] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        _h.See(o);
        if (o is ObsActive a)
            Require(_h.Of(a.Tag).Count <= 1, () => $"[ALIA-S8] SingleHolder: tag {L.Tags[a.Tag]} is active at {string.Join(" and ", _h.Of(a.Tag).Order().Select(L.InstName))}");
    }
}

/// <summary>
/// ALIA-S9 OpsOnlyAtHolder (TLA+ OpsOnlyAtHolderInv): every operation takes effect at the holder of its object's tag;
/// per object, Puts carry versions 1, 2, 3, ... and every Get the version of the latest Put.
/// </summary>
public sealed class OpsOnlyAtHolderMonitor : AliaMonitor
{
    private readonly Holders _h = new();
    private readonly Dictionary<int, int> _last = [];
    [Start] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        _h.See(o);
        if (o is not ObsEffect e) return;
        int t = L.TagOf[e.Obj], last = _last.GetValueOrDefault(e.Obj);
        Require(_h.Of(t).Contains(e.Inst), () => $"[ALIA-S9] OpsOnlyAtHolder: op {e.Cid}.{e.Sn} on o{e.Obj + 1} took effect at {L.InstName(e.Inst)}, which does not hold {L.Tags[t]}");
        if (e.Put)
        {
            Require(e.Res.Ver == last + 1, () => $"[ALIA-S9] OpsOnlyAtHolder: Put {e.Cid}.{e.Sn} on o{e.Obj + 1} has version {e.Res.Ver} after version {last}");
            _last[e.Obj] = e.Res.Ver;
        }
        else Require(e.Res.Ver == last, () => $"[ALIA-S9] OpsOnlyAtHolder: Get {e.Cid}.{e.Sn} on o{e.Obj + 1} read version {e.Res.Ver}; the latest Put is version {last}");
    }
}

/// <summary>
/// ALIA-S10 HandoffFaithful (TLA+ HandoffFaithfulInv): an Install of tag t at instance J of epoch x comes from an owner
/// of t in epoch x − 1, and carries exactly the snapshot that owner froze when it sealed t.
/// </summary>
public sealed class HandoffFaithfulMonitor : AliaMonitor
{
    private readonly Dictionary<(int Inst, int Tag), string> _frozen = [];
    [Start] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsSealed s: _frozen[(s.Inst, s.Tag)] = s.Snap.Key; break;
            case ObsInstalled i:
                Require(L.Sources(i.Inst, i.Tag).Contains(i.From), () => $"[ALIA-S10] HandoffFaithful: {L.InstName(i.Inst)} installed {L.Tags[i.Tag]} from {L.InstName(i.From)}, which did not own it in the previous epoch");
                Require(_frozen.TryGetValue((i.From, i.Tag), out var k) && k == i.Snap.Key,
                    () => $"[ALIA-S10] HandoffFaithful: {L.InstName(i.Inst)} installed {L.Tags[i.Tag]} as [{i.Snap.Key}], but {L.InstName(i.From)} " +
                          (_frozen.TryGetValue((i.From, i.Tag), out var f) ? $"sealed it as [{f}]" : "never sealed it"));
                break;
        }
    }
}

/// <summary>
/// ALIA-S11 NoLostAckedWrite (TLA+ NoLostAckedWriteInv, the brief's runtime form): when a tag becomes active, each of
/// its objects holds every Put a client saw acknowledged.
/// </summary>
public sealed class NoLostAckedWriteMonitor : AliaMonitor
{
    private readonly Dictionary<int, int> _acked = [];
    [Start] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsReply { Put: true } r: _acked[r.Obj] = Math.Max(_acked.GetValueOrDefault(r.Obj), r.Res.Ver); break;
            case ObsActive a:
                foreach (var (obj, kv) in a.Objs)
                    Require(kv.Ver >= _acked.GetValueOrDefault(obj), () => $"[ALIA-S11] NoLostAckedWrite: {L.Tags[a.Tag]} became active at {L.InstName(a.Inst)} with o{obj + 1} at version {kv.Ver}, but version {_acked[obj]} was acknowledged");
                break;
        }
    }
}

/// <summary>
/// ALIA-S12 Linearizable, in two forms. The white-box form is TLA+ LinearizableInv, with commit order as the witness,
/// per object: (a) a Get takes effect with the latest Put's result; (b) an operation completed before another was
/// invoked took effect before it; (c) every operation takes effect at most once; (d) every reply is the result recorded
/// when the operation took effect. The black-box form checks the client-visible history (Put of a value, Get returning a
/// value, per object) with the repository's linearizability checker after every reply; it uses no protocol internals.
/// </summary>
public sealed class LinearizableMonitor : AliaMonitor
{
    private readonly Dictionary<int, Kv> _effects = [];
    private readonly HashSet<int> _done = [];
    private readonly Dictionary<int, int[]> _before = [];
    private readonly Dictionary<int, Kv> _last = [];
    private readonly KvOpHistory _history = new(0);
    [Start] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Watching : State;

    private static int Op(int cid, int sn) => 100 * cid + sn;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsInvoke i:
                _before[Op(i.Cid, i.Sn)] = [.. _done];
                _history.Invoke(Op(i.Cid, i.Sn), i.Cid, i.Put, i.Obj, i.Val);
                break;
            case ObsEffect e:
            {
                int k = Op(e.Cid, e.Sn);
                Require(!_effects.ContainsKey(k), () => $"[ALIA-S12] Linearizable: op {e.Cid}.{e.Sn} took effect twice (again at {L.InstName(e.Inst)})");
                foreach (var p in _before.GetValueOrDefault(k, []))
                    Require(_effects.ContainsKey(p), () => $"[ALIA-S12] Linearizable: op {e.Cid}.{e.Sn} took effect before op {p / 100}.{p % 100}, which completed before it was invoked");
                var last = _last.GetValueOrDefault(e.Obj, Kv.Init);
                if (e.Put) _last[e.Obj] = e.Res;
                else Require(e.Res == last, () => $"[ALIA-S12] Linearizable: Get {e.Cid}.{e.Sn} on o{e.Obj + 1} read {e.Res}; the latest Put wrote {last}");
                _effects[k] = e.Res;
                break;
            }
            case ObsReply r:
            {
                int k = Op(r.Cid, r.Sn);
                Require(_effects.TryGetValue(k, out var eff) && eff == r.Res,
                    () => $"[ALIA-S12] Linearizable: op {r.Cid}.{r.Sn} was answered {r.Res}, " + (_effects.TryGetValue(k, out var x) ? $"but it took effect as {x}" : "but it never took effect"));
                _done.Add(k);
                var bad = r.Put ? _history.WriteDone(k) : _history.ReadDone(k, r.Res.Val);
                Require(bad is null, () => "[ALIA-S12] Linearizable: the client history is not linearizable: " + bad);
                break;
            }
        }
    }
}

/// <summary>
/// ALIA-S13 InstanceLogAgreement (brief §6.1 S13; real instance Paxos only): two members of an instance never learn
/// different entries as chosen in the same slot.
/// </summary>
public sealed class InstanceLogAgreementMonitor : AliaMonitor
{
    private readonly Dictionary<(int Inst, int Slot), (int Member, string Entry)> _chosen = [];
    [Start] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsCommitted c) return;
        if (_chosen.TryGetValue((c.Inst, c.Slot), out var first))
            Require(first.Entry == c.Entry, () => $"[ALIA-S13] InstanceLogAgreement: slot {c.Slot} of {L.InstName(c.Inst)} is {first.Entry} at r{first.Member + 1} but {c.Entry} at r{c.Member + 1}");
        else _chosen[(c.Inst, c.Slot)] = (c.Member, c.Entry);
    }
}

/// <summary>ALIA-S15 NoTruncateBeforeAck (TLA+ NoTruncateBeforeAckInv, a guard): an instance retires only after every tag of its scope was acknowledged.</summary>
public sealed class NoTruncateBeforeAckMonitor : AliaMonitor
{
    [Start] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsRetired r) Require(r.AllAcked, () => $"[ALIA-S15] NoTruncateBeforeAck: {L.InstName(r.Inst)} retired before every tag of its scope was acknowledged");
    }
}

/// <summary>
/// ALIA-L3 TransitionCompletes (TLA+ TransitionCompletesProp): every tag becomes active at its owner in the last epoch.
/// Hot from the start (the root reveals epoch 1 at once) until it is; a fair run that ends or stays hot fails.
/// </summary>
public sealed class TransitionCompletesMonitor : Monitor
{
    private AliaLayout _l = null!;
    private readonly HashSet<int> _moved = [];
    private readonly AppliedFilter _filter = new();
    [Start] [Hot] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Moving : State;
    [Cold] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Moved : State;

    private void OnObservation(Monitor.Event e)
    {
        foreach (var o in _filter.Expand(((AliaObservation)e).Body))
            switch (o)
            {
                case ObsConfig c: _l = c.Settings.Layout; break;
                case ObsActive a when a.Epoch == _l.LastEpoch:
                    _moved.Add(a.Tag);
                    if (_moved.Count == _l.Tags.Count) { Coverage.Hit("alia: every tag reached its owner in the last epoch"); RaiseGotoStateEvent<Moved>(); }
                    break;
            }
    }
}

/// <summary>ALIA-L5 ClientTermination (TLA+ ClientTerminationProp): hot while an invoked operation has not completed.</summary>
public sealed class ClientTerminationMonitor : Monitor
{
    private readonly HashSet<int> _pending = [];
    [Start] [Cold] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Idle : State;
    [Hot] [OnEventDoAction(typeof(AliaObservation), nameof(OnObservation))] private sealed class Waiting : State;

    private void OnObservation(Monitor.Event e)
    {
        switch (((AliaObservation)e).Body)
        {
            case ObsInvoke i: _pending.Add(100 * i.Cid + i.Sn); break;
            case ObsReply r: _pending.Remove(100 * r.Cid + r.Sn); break;
            default: return;
        }
        if (_pending.Count > 0) RaiseGotoStateEvent<Waiting>(); else RaiseGotoStateEvent<Idle>();
    }
}

/// <summary>The Alia monitors (registered by the deployment, fed by the actors' observations).</summary>
public static class AliaMonitors
{
    /// <summary>The safety monitors, by catalogue name (the C# class is the name + "Monitor").</summary>
    public static readonly IReadOnlyDictionary<string, Type> Safety = new Dictionary<string, Type>
    {
        ["ConfigWellFormed"] = typeof(ConfigWellFormedMonitor), ["SingleHolder"] = typeof(SingleHolderMonitor),
        ["OpsOnlyAtHolder"] = typeof(OpsOnlyAtHolderMonitor), ["HandoffFaithful"] = typeof(HandoffFaithfulMonitor),
        ["NoLostAckedWrite"] = typeof(NoLostAckedWriteMonitor), ["Linearizable"] = typeof(LinearizableMonitor),
        ["NoTruncateBeforeAck"] = typeof(NoTruncateBeforeAckMonitor), ["InstanceLogAgreement"] = typeof(InstanceLogAgreementMonitor),
    };

    /// <summary>The liveness monitors (registered under the fair strategy).</summary>
    public static readonly IReadOnlyDictionary<string, Type> Liveness = new Dictionary<string, Type>
    {
        ["TransitionCompletes"] = typeof(TransitionCompletesMonitor), ["ClientTermination"] = typeof(ClientTerminationMonitor),
    };

    /// <summary>Every monitor type.</summary>
    public static readonly Type[] All = [.. Safety.Values, .. Liveness.Values];

    private static readonly Dictionary<Type, Action<IActorRuntime, Monitor.Event>> Registrars = new()
    {
        [typeof(ConfigWellFormedMonitor)] = Use<ConfigWellFormedMonitor>, [typeof(SingleHolderMonitor)] = Use<SingleHolderMonitor>,
        [typeof(OpsOnlyAtHolderMonitor)] = Use<OpsOnlyAtHolderMonitor>, [typeof(HandoffFaithfulMonitor)] = Use<HandoffFaithfulMonitor>,
        [typeof(NoLostAckedWriteMonitor)] = Use<NoLostAckedWriteMonitor>, [typeof(LinearizableMonitor)] = Use<LinearizableMonitor>,
        [typeof(NoTruncateBeforeAckMonitor)] = Use<NoTruncateBeforeAckMonitor>, [typeof(InstanceLogAgreementMonitor)] = Use<InstanceLogAgreementMonitor>,
        [typeof(TransitionCompletesMonitor)] = Use<TransitionCompletesMonitor>, [typeof(ClientTerminationMonitor)] = Use<ClientTerminationMonitor>,
    };

    private static void Use<T>(IActorRuntime rt, Monitor.Event config) where T : Monitor
    {
        rt.RegisterMonitor<T>();
        rt.Monitor<T>(config);
    }

    /// <summary>Registers the monitor named <paramref name="name"/> and hands it the settings.</summary>
    public static void Register(IActorRuntime rt, string name, AliaSettings s) =>
        Registrars[Safety.TryGetValue(name, out var x) ? x : Liveness[name]](rt, new AliaObservation(new ObsConfig(s)));
}
