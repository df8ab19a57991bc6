using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Testing;
using Monitor = Microsoft.Coyote.Specifications.Monitor;

namespace PandoCoyote.Alia.Root;

// ---------------------------------------------------------------------------------------------------------------
// Observations of the root tier (the ghost of specs/AliaRoot.tla): each names the TLA+ action it reports.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A notification to the root-tier monitors; <see cref="Body"/> is one of the records below.</summary>
public sealed class RootObservation(object body) : Monitor.Event
{
    /// <summary>The observation.</summary>
    public object Body { get; } = body;
}

/// <summary>The run's settings, sent to every monitor before any actor runs.</summary>
public sealed record ObsRootConfig(RootSettings Settings);
/// <summary>
/// TLA+ Promise / Accept (and ProxyPromise / ProxyAccept): the act of <paramref name="Voter"/>'s vote, performed and
/// persisted by <paramref name="By"/>: the voter itself, or in CUSTODY its custodian (the ghost behind ALIA-S4). A
/// promise's <paramref name="Epoch"/> is 0; in CUSTODY a promise is also reported once per slot it covers.
/// </summary>
public sealed record ObsAct(int Voter, VoteKind Kind, Ballot Bal, int Epoch, int By);
/// <summary>TLA+ GiveCustody: <paramref name="Voter"/> handed its vote for <paramref name="Slot"/> to <paramref name="Custodian"/> (−1: M15's lapse, TLA+ RevokeCustody).</summary>
public sealed record ObsCustody(int Voter, int Slot, int Custodian);
/// <summary>TLA+ BecomeLeader / Decide: a quorum declaration (the ghost <c>tally</c>).</summary>
public sealed record ObsTally(VoteKind Kind, Ballot Bal, int Epoch, IReadOnlySet<int> Ids);
/// <summary>TLA+ Propose and BecomeLeader's re-proposals: a RootAccept for <paramref name="Epoch"/> with <paramref name="Cfg"/>.</summary>
public sealed record ObsProposed(int Epoch, string Cfg, Ballot Bal);
/// <summary>TLA+ Decide: the leader declared <paramref name="Cfg"/> chosen for <paramref name="Epoch"/> (the ghost <c>chosenCfgs</c>).</summary>
public sealed record ObsDecided(int Epoch, string Cfg, Ballot Bal);
/// <summary>TLA+ Learn and BecomeLeader's learned slots: <paramref name="Replica"/> set rChosen for <paramref name="Epoch"/>.</summary>
public sealed record ObsLearned(int Replica, int Epoch, string Cfg);
/// <summary>
/// The acceptor state after a change (Promise, Accept, Recover): the promise and the highest accepted ballot of any slot;
/// with a nonzero <paramref name="Slot"/>, the proxy a custodian keeps for <paramref name="Replica"/>'s vote in that slot.
/// </summary>
public sealed record ObsAcceptor(int Replica, Ballot Promised, Ballot MaxAccepted, int Slot = 0);
/// <summary>TLA+ Alia Announce: <paramref name="Replica"/> told the data plane that <paramref name="Epoch"/>'s configuration is <paramref name="Cfg"/>.</summary>
public sealed record ObsAnnounced(int Replica, int Epoch, string Cfg);
/// <summary>A change of a replica's promise, from <paramref name="Old"/> to <paramref name="New"/> (Promise, Accept, Recover); with a nonzero <paramref name="Slot"/>, of the proxy kept for its vote in that slot.</summary>
public sealed record ObsPromise(int Replica, Ballot Old, Ballot New, int Slot = 0);

/// <summary>The base of the root-tier monitors. Messages read <c>[ALIA-…] Name: …</c>.</summary>
public abstract class RootMonitor : Monitor
{
    /// <summary>The number of replicas.</summary>
    protected int N { get; private set; }

    /// <summary>Records the settings, then checks the observation.</summary>
    protected void OnObservation(Monitor.Event e)
    {
        var body = ((RootObservation)e).Body;
        if (body is ObsRootConfig c) N = c.Settings.N;
        else Check(body);
    }

    /// <summary>Checks the property after an observation.</summary>
    protected abstract void Check(object observation);

    /// <summary>
    /// The epoch and configuration that an observation says was declared chosen, learned or announced, with who did it;
    /// epoch 0 for any other observation.
    /// </summary>
    protected static (int Epoch, string Cfg, string Who) ConfigOf(object o) => o switch
    {
        ObsDecided d => (d.Epoch, d.Cfg, $"declared chosen in ballot {d.Bal}"),
        ObsLearned l => (l.Epoch, l.Cfg, $"learned by r{l.Replica}"),
        ObsAnnounced a => (a.Epoch, a.Cfg, $"announced by r{a.Replica}"),
        _ => (0, "", ""),
    };

    /// <summary>Who holds an acceptor state: the replica, or a custodian's proxy for its vote in one slot.</summary>
    protected static string Holder(int replica, int slot) => slot == 0 ? $"r{replica}" : $"the proxy of r{replica}'s vote for slot {slot}";

    /// <summary>Fails the run with the message (built only on failure).</summary>
    protected void Require(bool ok, Func<string> message)
    {
        if (!ok) Assert(false, "{0}", message());
    }
}

/// <summary>ALIA-S1 RootAgreement (TLA+ RootAgreementInv): one configuration per epoch, declared or learned.</summary>
public sealed class RootAgreementMonitor : RootMonitor
{
    private readonly Dictionary<int, (string Cfg, string Who)> _first = [];
    [Start] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsAnnounced) return;       // an announcement repeats what its replica learned
        var (e, cfg, who) = ConfigOf(o);
        if (e == 0) return;
        if (!_first.TryGetValue(e, out var f)) { _first[e] = (cfg, who); return; }
        Require(f.Cfg == cfg, () => $"[ALIA-S1] RootAgreement: epoch {e} has two configurations, {f.Cfg} ({f.Who}) and {cfg} ({who})");
    }
}

/// <summary>ALIA-S2 RootValidity (TLA+ RootValidityInv): a configuration declared chosen was proposed for its epoch.</summary>
public sealed class RootValidityMonitor : RootMonitor
{
    private readonly HashSet<(int, string)> _proposed = [];
    [Start] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsProposed p) _proposed.Add((p.Epoch, p.Cfg));
        if (o is ObsDecided d)
            Require(_proposed.Contains((d.Epoch, d.Cfg)), () => $"[ALIA-S2] RootValidity: {d.Cfg} was declared chosen for epoch {d.Epoch} in ballot {d.Bal}, but nobody proposed it for that epoch");
    }
}

/// <summary>ALIA-S3 RootContiguity (TLA+ RootContiguityInv): epoch e is chosen only after epoch e − 1 (alpha = 1).</summary>
public sealed class RootContiguityMonitor : RootMonitor
{
    private readonly HashSet<int> _decided = [];
    [Start] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsDecided d) return;
        Require(d.Epoch == 1 || _decided.Contains(d.Epoch - 1), () => $"[ALIA-S3] RootContiguity: epoch {d.Epoch} was chosen before epoch {d.Epoch - 1}");
        _decided.Add(d.Epoch);
    }
}

/// <summary>
/// ALIA-S4 TallyHonesty (TLA+ TallyHonestyInv, §4.3.2 R1): every id in a quorum declaration performed that act itself,
/// or (CUSTODY, brief §6.1 S4: <c>a.by = Custodian(id, T.epoch)</c>) its custodian for that slot did. A custody, once
/// given, stands for good here (C4), so after M15's lapse the replica's own acts for the slot do not count.
/// </summary>
public sealed class TallyHonestyMonitor : RootMonitor
{
    private readonly HashSet<(int, VoteKind, Ballot, int)> _acts = [];
    private readonly Dictionary<(int, int), int> _custodian = [];
    [Start] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsCustody c && c.Custodian >= 0) _custodian.TryAdd((c.Voter, c.Slot), c.Custodian);
        if (o is ObsAct a && a.By == (a.Epoch > 0 && _custodian.TryGetValue((a.Voter, a.Epoch), out var by) ? by : a.Voter))
            _acts.Add((a.Voter, a.Kind, a.Bal, a.Epoch));
        if (o is not ObsTally t) return;
        var phantom = t.Ids.Where(id => !_acts.Contains((id, t.Kind, t.Bal, t.Epoch))).ToList();
        Require(phantom.Count == 0, () => $"[ALIA-S4] TallyHonesty: the {t.Kind} quorum of ballot {t.Bal}{(t.Epoch > 0 ? $", epoch {t.Epoch}" : "")} counts {string.Join(", ", phantom.Select(p => $"r{p}"))}, who never performed that act{(_custodian.Count > 0 ? " (itself, or its custodian for the slot)" : "")}");
    }
}

/// <summary>ALIA-S5 TallyIsMajority (TLA+ TallyIsMajorityInv, §4.3.2 R3): every quorum declaration holds a strict majority of the universe.</summary>
public sealed class TallyIsMajorityMonitor : RootMonitor
{
    [Start] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsTally t)
            Require(2 * t.Ids.Count > N, () => $"[ALIA-S5] TallyIsMajority: the {t.Kind} quorum of ballot {t.Bal} has {t.Ids.Count} distinct ids ({string.Join(", ", t.Ids.Order().Select(p => $"r{p}"))}), not a majority of {N}");
    }
}

/// <summary>ALIA-S6 AcceptorMonotonicity, state part (TLA+ AcceptedBelowPromiseInv): an accepted ballot is never above the promise.</summary>
public sealed class AcceptedBelowPromiseMonitor : RootMonitor
{
    [Start] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsAcceptor a)
            Require(a.MaxAccepted <= a.Promised, () => $"[ALIA-S6] AcceptedBelowPromise: {Holder(a.Replica, a.Slot)} accepted at {a.MaxAccepted} but its promise is {a.Promised}");
    }
}

/// <summary>ALIA-S6a AcceptorMonotonicity, action part (TLA+ AcceptorMonotonicProp): a promise never decreases, across crashes too.</summary>
public sealed class AcceptorMonotonicMonitor : RootMonitor
{
    [Start] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsPromise p)
            Require(p.New >= p.Old, () => $"[ALIA-S6a] AcceptorMonotonic: the promise of {Holder(p.Replica, p.Slot)} went down from {p.Old} to {p.New}");
    }
}

/// <summary>
/// ALIA-S16 DelegationDiscipline, CUSTODY part (TLA+ DelegationDisciplineProp, §4.3.4 C4): a replica's custody for a
/// slot, once given, never changes. RELAY's and PAPER_LITERAL's delegations are routes, not state (see the catalogue).
/// </summary>
public sealed class DelegationDisciplineMonitor : RootMonitor
{
    private readonly Dictionary<(int, int), int> _custodian = [];
    [Start] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsCustody c) return;
        if (!_custodian.TryGetValue((c.Voter, c.Slot), out var had)) { _custodian[(c.Voter, c.Slot)] = c.Custodian; return; }
        Require(had == c.Custodian, () => $"[ALIA-S16] DelegationDiscipline: r{c.Voter}'s vote for slot {c.Slot} was in r{had}'s custody, and now {(c.Custodian < 0 ? "in nobody's: r" + c.Voter + " votes itself again" : "in r" + c.Custodian + "'s")}");
    }
}

/// <summary>
/// ALIA-S17 DataPlaneFollowsRoot (TLA+ DataPlaneFollowsRootInv of specs/Alia.tla): the data plane runs, for each
/// epoch, the configuration of the first announcement it gets; every configuration decided, learned or announced for
/// that epoch, before or after, is that one. Only a deployment with the data plane attached announces.
/// </summary>
public sealed class DataPlaneFollowsRootMonitor : RootMonitor
{
    private readonly Dictionary<int, (string Cfg, int By)> _running = [];
    private readonly Dictionary<int, HashSet<string>> _seen = [];
    [Start] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        var (e, cfg, _) = ConfigOf(o);
        if (e == 0) return;
        if (!_seen.TryGetValue(e, out var set)) _seen[e] = set = [];
        set.Add(cfg);
        if (o is ObsAnnounced an && !_running.ContainsKey(e)) _running[e] = (an.Cfg, an.Replica);
        if (_running.TryGetValue(e, out var run))
            Require(set.All(c => c == run.Cfg), () =>
                $"[ALIA-S17] DataPlaneFollowsRoot: the data plane runs {run.Cfg} for epoch {e} (announced by r{run.By}), but the root tier also chose {string.Join(", ", set.Where(c => c != run.Cfg))}");
    }
}

/// <summary>
/// ALIA-L1 RootProgress (TLA+ RootProgressProp): every root slot of the run gets a configuration. Hot from the start
/// until each slot 1..MaxEpoch has been declared chosen; a fair run that ends hot, or stays hot too long, fails. The
/// deployment keeps firing election timeouts for ever (the stable leader of the TLA+ property comes from a window
/// without one, which the fair strategy gives), and its faults are bounded, so the brief's assumption holds.
/// </summary>
public sealed class RootProgressMonitor : Monitor
{
    private int _slots;
    private readonly HashSet<int> _chosen = [];
    [Start] [Hot] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class Pending : State;
    [Cold] [OnEventDoAction(typeof(RootObservation), nameof(OnObservation))] private sealed class AllChosen : State;

    private void OnObservation(Monitor.Event e)
    {
        switch (((RootObservation)e).Body)
        {
            case ObsRootConfig c: _slots = c.Settings.MaxEpoch; break;
            case ObsDecided d:
                _chosen.Add(d.Epoch);
                if (_chosen.Count == _slots) { Coverage.Hit("alia-root: every root slot was chosen"); RaiseGotoStateEvent<AllChosen>(); }
                break;
        }
    }
}

/// <summary>The root-tier monitors (registered by the deployment, fed by the replicas' observations).</summary>
public static class RootMonitors
{
    /// <summary>The safety monitors, by catalogue name (the C# class is the name + "Monitor").</summary>
    public static readonly IReadOnlyDictionary<string, Type> Safety = new Dictionary<string, Type>
    {
        ["RootAgreement"] = typeof(RootAgreementMonitor), ["RootValidity"] = typeof(RootValidityMonitor),
        ["RootContiguity"] = typeof(RootContiguityMonitor), ["TallyHonesty"] = typeof(TallyHonestyMonitor),
        ["TallyIsMajority"] = typeof(TallyIsMajorityMonitor), ["AcceptedBelowPromise"] = typeof(AcceptedBelowPromiseMonitor),
        ["AcceptorMonotonic"] = typeof(AcceptorMonotonicMonitor), ["DataPlaneFollowsRoot"] = typeof(DataPlaneFollowsRootMonitor),
        ["DelegationDiscipline"] = typeof(DelegationDisciplineMonitor),
    };

    /// <summary>The liveness monitors (checked under the fair strategy), by catalogue name.</summary>
    public static readonly IReadOnlyDictionary<string, Type> Liveness = new Dictionary<string, Type>
    {
        ["RootProgress"] = typeof(RootProgressMonitor),
    };

    /// <summary>The names of the monitors a deployment registers by default: the safety ones, and the liveness ones when it checks liveness.</summary>
    public static IReadOnlyList<string> Names(bool liveness) => liveness ? [.. Safety.Keys, .. Liveness.Keys] : [.. Safety.Keys];

    /// <summary>Every monitor type.</summary>
    public static readonly Type[] All = [.. Safety.Values, .. Liveness.Values];

    private static readonly Dictionary<Type, Action<IActorRuntime, Monitor.Event>> Registrars = new()
    {
        [typeof(RootAgreementMonitor)] = Use<RootAgreementMonitor>, [typeof(RootValidityMonitor)] = Use<RootValidityMonitor>,
        [typeof(RootContiguityMonitor)] = Use<RootContiguityMonitor>, [typeof(TallyHonestyMonitor)] = Use<TallyHonestyMonitor>,
        [typeof(TallyIsMajorityMonitor)] = Use<TallyIsMajorityMonitor>, [typeof(AcceptedBelowPromiseMonitor)] = Use<AcceptedBelowPromiseMonitor>,
        [typeof(AcceptorMonotonicMonitor)] = Use<AcceptorMonotonicMonitor>, [typeof(DataPlaneFollowsRootMonitor)] = Use<DataPlaneFollowsRootMonitor>,
        [typeof(DelegationDisciplineMonitor)] = Use<DelegationDisciplineMonitor>, [typeof(RootProgressMonitor)] = Use<RootProgressMonitor>,
    };

    private static void Use<T>(IActorRuntime rt, Monitor.Event config) where T : Monitor
    {
        rt.RegisterMonitor<T>();
        rt.Monitor<T>(config);
    }

    /// <summary>Registers the monitor named <paramref name="name"/> and hands it the settings.</summary>
    public static void Register(IActorRuntime rt, string name, RootSettings s) =>
        Registrars[Safety.TryGetValue(name, out var t) ? t : Liveness[name]](rt, new RootObservation(new ObsRootConfig(s)));
}
