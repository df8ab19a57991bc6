using Microsoft.Coyote.Actors;
using Microsoft.Coyote.Specifications;
using Monitor = Microsoft.Coyote.Specifications.Monitor;
using PandoCoyote.Shared.Ballots;

namespace PandoCoyote.Pando;

// ---------------------------------------------------------------------------------------------------------------
// Observations: what the actors tell the monitors. Each names the TLA+ action of specs/Pando.tla it reports,
// and is the twin of an eMon* event of p-models/Pando/PSpec/Observations.p.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A notification to the monitors; <see cref="Body"/> is one of the records below.</summary>
public sealed class Observation(object body) : Monitor.Event
{
    /// <summary>The observation.</summary>
    public object Body { get; } = body;
}

/// <summary>The deployment's parameters, sent to every monitor before any actor runs.</summary>
public sealed record ObsConfig(PandoParams Params);
/// <summary>A site accepted (ver, bal, vid) of a key holding its split of <paramref name="Value"/> (TLA+ Vote).</summary>
public sealed record ObsVoted(int Site, int Key, int Ver, Ballot Bal, int Vid, string Value);
/// <summary>A proposer sent phase 2 for (ver, bal, vid) (TLA+ ProposeFast, ProposeRecover, ReadWriteBack).</summary>
public sealed record ObsProposed(int Key, int Ver, Ballot Bal, int Vid, string Value, Kind Kind);
/// <summary>A site set its commit mark to vid while holding <paramref name="Held"/> (TLA+ Commit).</summary>
public sealed record ObsCommitMarked(int Site, int Key, int Ver, int Vid, int Held);
/// <summary>A read of version ver began (TLA+ ReadStart).</summary>
public sealed record ObsReadStarted(int Rid, int Key, int Ver);
/// <summary>A read returned vid (0 = EMPTY) with the value it decoded (TLA+ ReadFastReturn, ReadReturnAfterWriteBack, ReadReturnNone).</summary>
public sealed record ObsReadReturned(int Rid, int Key, int Ver, int Vid, string? Value);
/// <summary>A CPUT returned OK (own vid chosen), CONFLICT(other), or CONFLICT(⊥) when Other = 0.</summary>
public sealed record ObsCputReturned(int Op, int Key, int Ver, int Vid, bool Ok, int Other);
/// <summary>A client operation began: a CPUT of (ver, value) or a GET of ver, by front-end <paramref name="Client"/>.</summary>
public sealed record ObsInvoked(int Op, int Client, bool IsGet, int Key, int Ver, string? Value);
/// <summary>A client operation returned: CPUT OK or CONFLICT; GET with its value (null = EMPTY).</summary>
public sealed record ObsResponded(int Op, bool Ok, string? Value);
/// <summary>
/// The client got an answer for operation <paramref name="Op"/>: any of OK, CONFLICT, CONFLICT(⊥), a value, EMPTY or
/// RETRY (a GET that gave up after its bounded restarts, brief Q9). Unlike <see cref="ObsResponded"/>, which feeds the
/// history and leaves unknown outcomes pending, this marks the end of the client's wait (brief L2, L3).
/// </summary>
public sealed record ObsAnswered(int Op, bool IsGet, string Outcome);
/// <summary>What a site durably holds after a change (a vote, GC, a disk loss): per (key, version) its vid and split, and each key's GC floor.</summary>
public sealed record ObsSiteHoldings(int Site, IReadOnlyDictionary<(int Key, int Ver), (int Vid, Split Split)> Holds, IReadOnlyDictionary<int, int> Floors);
/// <summary>The leader started a run for a version (left side of TLA+ LeaderDecidesProp).</summary>
public sealed record ObsLeaderStarted(int Key, int Ver);
/// <summary>The leader learned the outcome of a version.</summary>
public sealed record ObsLeaderDecided(int Key, int Ver);

/// <summary>Vote bookkeeping shared by the monitors: chosen = q2 sites voted for the same vid in the same ballot.</summary>
public sealed class VoteTable
{
    private readonly Dictionary<(int Key, int Ver, Ballot Bal, int Vid), HashSet<int>> _votes = [];
    private readonly Dictionary<(int Key, int Ver, int Vid), string> _values = [];
    /// <summary>q2 of the deployment.</summary>
    public int Q2 { get; set; } = int.MaxValue;

    /// <summary>Records a vote; returns true when it made (ver, bal, vid) chosen (or it already was).</summary>
    public bool Add(ObsVoted v)
    {
        if (!_votes.TryGetValue((v.Key, v.Ver, v.Bal, v.Vid), out var s)) _votes[(v.Key, v.Ver, v.Bal, v.Vid)] = s = [];
        s.Add(v.Site);
        _values.TryAdd((v.Key, v.Ver, v.Vid), v.Value);
        return s.Count >= Q2;
    }

    /// <summary>The vids chosen for a version of a key.</summary>
    public IReadOnlySet<int> Chosen(int key, int ver) =>
        _votes.Where(kv => kv.Key.Key == key && kv.Key.Ver == ver && kv.Value.Count >= Q2).Select(kv => kv.Key.Vid).ToHashSet();

    /// <summary>The (ballot, vid) pairs chosen for a version of a key.</summary>
    public IEnumerable<(Ballot Bal, int Vid)> ChosenAt(int key, int ver) =>
        _votes.Where(kv => kv.Key.Key == key && kv.Key.Ver == ver && kv.Value.Count >= Q2).Select(kv => (kv.Key.Bal, kv.Key.Vid));

    /// <summary>Some version of the key above ver is chosen.</summary>
    public bool LaterChosen(int key, int ver) => _votes.Any(kv => kv.Key.Key == key && kv.Key.Ver > ver && kv.Value.Count >= Q2);

    /// <summary>The value bytes (as text) a site held when voting for vid.</summary>
    public string? ValueOf(int key, int ver, int vid) => _values.TryGetValue((key, ver, vid), out var v) ? v : null;

    /// <summary>How monitors name a version in their messages: "version 2" on key 0, "key 1 version 2" otherwise.</summary>
    internal static string Name(int key, int ver) => key == 0 ? $"version {ver}" : $"key {key} version {ver}";

    internal static string Show(IEnumerable<int> s) => "{" + string.Join(", ", s.Order()) + "}";
}

/// <summary>
/// The base of Pando's safety monitors: every monitor sees every observation and keeps the vote table; each
/// subclass asserts one catalogue property. Assertion messages start with <c>[ID] Name:</c>.
/// </summary>
public abstract class PandoMonitor : Monitor
{
    /// <summary>Votes seen so far.</summary>
    protected VoteTable Votes { get; } = new();

    /// <summary>Handles one observation: keeps the vote table, then lets the subclass check.</summary>
    protected void OnObservation(Monitor.Event e)
    {
        var body = ((Observation)e).Body;
        switch (body)
        {
            case ObsConfig c: Votes.Q2 = c.Params.Q2; break;
            case ObsVoted v: Votes.Add(v); break;
        }
        Check(body);
    }

    /// <summary>Checks the property after an observation.</summary>
    protected abstract void Check(object observation);

    /// <summary>Fails the run with the message (built only on failure; passed as an argument, never as a format).</summary>
    protected void Require(bool ok, Func<string> message)
    {
        if (!ok) Assert(false, "{0}", message());
    }
}

/// <summary>
/// PANDO-S1 Agreement (TLA+ AgreementInv, VersionAgreementInv; P monitor Agreement): for every version at most
/// one vid is chosen; and PANDO-S1v: all chosen proposals of a version carry the same value bytes.
/// </summary>
public sealed class AgreementMonitor : PandoMonitor
{
    private readonly Dictionary<(int Key, int Ver), string> _chosenValue = [];

    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsVoted v || !Votes.Chosen(v.Key, v.Ver).Contains(v.Vid)) return;
        var chosen = Votes.Chosen(v.Key, v.Ver);
        Require(chosen.Count <= 1, () => $"[PANDO-S1] Agreement: {VoteTable.Name(v.Key, v.Ver)} has two chosen vids {VoteTable.Show(chosen)} (latest: vid {v.Vid} at ballot {v.Bal})");
        if (_chosenValue.TryGetValue((v.Key, v.Ver), out var earlier))
            Require(earlier == v.Value, () => $"[PANDO-S1v] Agreement: {VoteTable.Name(v.Key, v.Ver)} chose value \"{earlier}\" and value \"{v.Value}\"");
        else _chosenValue[(v.Key, v.Ver)] = v.Value;
    }
}

/// <summary>PANDO-S2 Strong stability (TLA+ StrongStabilityInv): once vid x is chosen at ballot b, every proposal at a higher ballot carries x.</summary>
public sealed class StrongStabilityMonitor : PandoMonitor
{
    private readonly Dictionary<(int Key, int Ver, Ballot Bal), int> _proposals = [];

    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsProposed p:
                _proposals[(p.Key, p.Ver, p.Bal)] = p.Vid;
                foreach (var (b, x) in Votes.ChosenAt(p.Key, p.Ver).Where(c => Ballots.Lt(c.Bal, p.Bal, Mutant.None)))
                    Require(x == p.Vid, () => $"[PANDO-S2] StrongStability: {VoteTable.Name(p.Key, p.Ver)}: vid {x} chosen at {b} but ballot {p.Bal} proposed vid {p.Vid}");
                break;
            // Only when this vote makes (ballot, vid) chosen at this very ballot: a late vote for a chosen vid at a
            // lower ballot (the vid was chosen higher up) chooses nothing at its own ballot.
            case ObsVoted v when Votes.ChosenAt(v.Key, v.Ver).Contains((v.Bal, v.Vid)):
                foreach (var ((_, ver, c), x) in _proposals.Where(kv => kv.Key.Key == v.Key && kv.Key.Ver == v.Ver && Ballots.Lt(v.Bal, kv.Key.Bal, Mutant.None)))
                    Require(x == v.Vid, () => $"[PANDO-S2] StrongStability: {VoteTable.Name(v.Key, ver)}: vid {v.Vid} chosen at {v.Bal} but ballot {c} proposed vid {x}");
                break;
        }
    }
}

/// <summary>PANDO-S4 One proposal per ballot (TLA+ OneProposalPerBallotInv).</summary>
public sealed class OneProposalPerBallotMonitor : PandoMonitor
{
    private readonly Dictionary<(int Key, int Ver, Ballot Bal), int> _proposals = [];

    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsProposed p) return;
        if (_proposals.TryGetValue((p.Key, p.Ver, p.Bal), out var x))
            Require(x == p.Vid, () => $"[PANDO-S4] OneProposalPerBallot: {VoteTable.Name(p.Key, p.Ver)}, ballot {p.Bal} proposed vid {x} and vid {p.Vid}");
        _proposals[(p.Key, p.Ver, p.Bal)] = p.Vid;
    }
}

/// <summary>PANDO-S8 Commit marks are sound (TLA+ CommitSoundInv): a site marks x committed only when x is chosen and it holds x.</summary>
public sealed class CommitSoundMonitor : PandoMonitor
{
    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsCommitMarked c) return;
        Require(Votes.Chosen(c.Key, c.Ver).Contains(c.Vid), () => $"[PANDO-S8] CommitSound: site {c.Site} marked vid {c.Vid} committed for {VoteTable.Name(c.Key, c.Ver)}, but it is not chosen");
        Require(c.Held == c.Vid, () => $"[PANDO-S8] CommitSound: site {c.Site} marked vid {c.Vid} committed for {VoteTable.Name(c.Key, c.Ver)} while holding vid {c.Held}");
    }
}

/// <summary>
/// PANDO-S12 Reads return chosen values (TLA+ ReadsChosenInv), checked on the decoded bytes too: a read that
/// returns a vid returns one chosen for that version, with the value that was chosen.
/// </summary>
public sealed class ReadsChosenMonitor : PandoMonitor
{
    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsReadReturned { Vid: not 0 } r) return;
        Require(Votes.Chosen(r.Key, r.Ver).Contains(r.Vid), () => $"[PANDO-S12] ReadsChosen: read {r.Rid} returned vid {r.Vid} for {VoteTable.Name(r.Key, r.Ver)}, which is not chosen");
        Require(r.Value == Votes.ValueOf(r.Key, r.Ver, r.Vid), () => $"[PANDO-S12] ReadsChosen: read {r.Rid} decoded \"{r.Value}\" for vid {r.Vid}, but the chosen value is \"{Votes.ValueOf(r.Key, r.Ver, r.Vid)}\"");
    }
}

/// <summary>PANDO-S13 Reads are fresh (TLA+ ReadsFreshInv): if a vid was chosen before the read began, the read returns it.</summary>
public sealed class ReadsFreshMonitor : PandoMonitor
{
    private readonly Dictionary<int, IReadOnlySet<int>> _atStart = [];

    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsReadStarted s: _atStart[s.Rid] = Votes.Chosen(s.Key, s.Ver); break;
            case ObsReadReturned r when _atStart.TryGetValue(r.Rid, out var before) && before.Count > 0:
                Require(before.Contains(r.Vid), () => $"[PANDO-S13] ReadsFresh: read {r.Rid} of {VoteTable.Name(r.Key, r.Ver)} returned vid {r.Vid}, but {VoteTable.Show(before)} was chosen before it began");
                break;
        }
    }
}

/// <summary>PANDO-S14 CPUT outcomes are truthful (TLA+ CputTruthfulInv).</summary>
public sealed class CputTruthfulMonitor : PandoMonitor
{
    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsCputReturned r) return;
        var chosen = Votes.Chosen(r.Key, r.Ver);
        if (r.Ok) Require(chosen.Contains(r.Vid), () => $"[PANDO-S14] CputTruthful: CPUT {r.Op} returned OK for vid {r.Vid}, {VoteTable.Name(r.Key, r.Ver)}, but chosen is {VoteTable.Show(chosen)}");
        else if (r.Other != 0) Require(r.Other != r.Vid && chosen.Contains(r.Other), () => $"[PANDO-S14] CputTruthful: CPUT {r.Op} (vid {r.Vid}) returned CONFLICT({r.Other}) for {VoteTable.Name(r.Key, r.Ver)}, but chosen is {VoteTable.Show(chosen)}");
        else Require(Votes.LaterChosen(r.Key, r.Ver), () => $"[PANDO-S14] CputTruthful: CPUT {r.Op} returned CONFLICT(none) for {VoteTable.Name(r.Key, r.Ver)}, but no later version of the key is chosen");
    }
}

/// <summary>
/// PANDO-L1 A stable leader eventually decides (TLA+ LeaderDecidesProp; P monitor LeaderDecides): hot from a
/// leader run's start until the leader learns that version's outcome.
/// </summary>
public sealed class LeaderDecidesMonitor : PendingMonitor
{
    /// <inheritdoc/>
    protected override (int? Started, int? Ended) Track(object body) => body switch
    {
        ObsLeaderStarted s => (s.Key * 1000 + s.Ver, null),
        ObsLeaderDecided d => (null, d.Key * 1000 + d.Ver),
        _ => (null, null),
    };

    /// <inheritdoc/>
    protected override string Watched => "a leader run";
}

/// <summary>
/// The shape of Pando's liveness monitors: hot while some started thing (a leader run, a client operation) has not
/// ended. Under Coyote's fair strategy a run that ends, or reaches its step bound, with the monitor hot is a liveness
/// bug. Each subclass says which observations start and end what.
/// </summary>
public abstract class PendingMonitor : Monitor
{
    private readonly HashSet<int> _pending = [];

    /// <summary>The key an observation starts or ends (null: neither).</summary>
    protected abstract (int? Started, int? Ended) Track(object body);

    /// <summary>What a started key is, for the coverage line that shows the monitor watched something.</summary>
    protected abstract string Watched { get; }

    [Start]
    [Cold]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Idle : State;

    [Hot]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Waiting : State;

    private void OnObservation(Monitor.Event e)
    {
        var (started, ended) = Track(((Observation)e).Body);
        if (started is { } k)
        {
            _pending.Add(k);
            PandoCoyote.Shared.Testing.Coverage.Hit($"liveness: {GetType().Name.Replace("Monitor", "", StringComparison.Ordinal)} watched {Watched}");
        }
        else if (ended is { } x) _pending.Remove(x);
        else return;
        if (_pending.Count > 0) RaiseGotoStateEvent<Waiting>(); else RaiseGotoStateEvent<Idle>();
    }
}

/// <summary>
/// The base of the monitors over what sites durably hold (<see cref="ObsSiteHoldings"/>): the last holdings of
/// every site and the newest chosen version.
/// </summary>
public abstract class HoldingsMonitor : PandoMonitor
{
    /// <summary>Each site's last reported holdings.</summary>
    protected Dictionary<int, ObsSiteHoldings> Sites { get; } = [];
    /// <summary>The deployment.</summary>
    protected PandoParams? Params { get; private set; }

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsConfig c: Params = c.Params; return;
            case ObsSiteHoldings h: Sites[h.Site] = h; break;
            default: return;
        }
        CheckHoldings();
    }

    /// <summary>Checks after a site's holdings changed.</summary>
    protected abstract void CheckHoldings();

    /// <summary>The keys some site holds or has pruned.</summary>
    protected IEnumerable<int> Keys => Sites.Values.SelectMany(s => s.Holds.Keys.Select(h => h.Key).Concat(s.Floors.Keys)).Distinct().Order();

    /// <summary>The newest version of the key with a chosen vid, and that vid (0, 0 when none).</summary>
    protected (int Ver, int Vid) NewestChosen(int key)
    {
        for (int v = Sites.Values.SelectMany(s => s.Holds.Keys).Where(h => h.Key == key).Select(h => h.Ver).DefaultIfEmpty(0).Max(); v >= 1; v--)
            if (Votes.Chosen(key, v).FirstOrDefault() is var x and not 0) return (v, x);
        return (0, 0);
    }

    /// <summary>The sites holding vid for (key, ver), with their splits.</summary>
    protected List<(int Site, Split Split)> Holders(int key, int ver, int vid) =>
        Sites.Values.Where(s => s.Holds.TryGetValue((key, ver), out var h) && h.Vid == vid).Select(s => (s.Site, s.Holds[(key, ver)].Split)).ToList();
}

/// <summary>
/// PANDO-S9 No data loss, in its multi-version form S9m (TLA+ NoDataLossInv, LatestNotLostInv): some whole Phase-2
/// quorum, i.e. at least q2 sites, still holds the newest chosen version's vid.
/// </summary>
public sealed class NoDataLossMonitor : HoldingsMonitor
{
    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void CheckHoldings()
    {
        foreach (var key in Keys)
        {
            var (ver, vid) = NewestChosen(key);
            if (ver == 0) continue;
            var holders = Holders(key, ver, vid);
            Require(holders.Count >= Params!.Q2, () => $"[PANDO-S9] NoDataLoss: {VoteTable.Name(key, ver)}'s chosen vid {vid} is held by {holders.Count} site(s) {VoteTable.Show(holders.Select(h => h.Site))}, fewer than q2 = {Params.Q2}");
        }
    }
}

/// <summary>
/// PANDO-S10 Recoverable from every 1b quorum (TLA+ RecoverableInv; paper constraint 2): every q1b sites hold at least
/// K splits of the newest chosen vid, i.e. at least K + N − q1b sites hold it; and K of those splits really decode to the
/// chosen value (the first K and the last K holders by split index, so parity splits are decoded too).
/// </summary>
public sealed class RecoverableMonitor : HoldingsMonitor
{
    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void CheckHoldings()
    {
        foreach (var key in Keys) CheckKey(key);
    }

    private void CheckKey(int key)
    {
        var (ver, vid) = NewestChosen(key);
        if (ver == 0) return;
        var p = Params!;
        var holders = Holders(key, ver, vid).OrderBy(h => h.Split.Index).ToList();
        int need = p.K + p.N - p.Q1b;
        Require(holders.Count >= need, () => $"[PANDO-S10] Recoverable: {VoteTable.Name(key, ver)}'s chosen vid {vid} is held by {holders.Count} site(s) {VoteTable.Show(holders.Select(h => h.Site))}; some 1b quorum of {p.Q1b} then holds fewer than K = {p.K} splits (needs {need} holders)");
        var value = Votes.ValueOf(key, ver, vid);
        if (value is null || holders.Count < p.K) return;
        foreach (var pick in new[] { holders.Take(p.K), holders.Skip(holders.Count - p.K) })
        {
            var splits = pick.Select(h => h.Split).ToList();
            var decoded = Values.Decode(p, splits);
            Require(decoded == value, () => $"[PANDO-S10] Recoverable: splits {string.Join(",", splits.Select(s => s.Index))} of {VoteTable.Name(key, ver)}'s chosen vid {vid} decode to \"{decoded}\", not \"{value}\"");
        }
    }
}

/// <summary>
/// PANDO-S18 Garbage collection is safe (TLA+ GCSafeInv): every version up to a site's floor is chosen (a site prunes
/// only below a version it knows is committed, and that version becomes its floor).
/// </summary>
public sealed class GcSafeMonitor : HoldingsMonitor
{
    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void CheckHoldings()
    {
        // A site's floor is the committed version it pruned below (1: nothing pruned), so versions 1..floor are chosen.
        foreach (var s in Sites.Values)
            foreach (var (key, floor) in s.Floors.Where(f => f.Value > 1))
                for (int v = 1; v <= floor; v++)
                {
                    int ver = v;
                    Require(Votes.Chosen(key, ver).Count > 0, () => $"[PANDO-S18] GcSafe: site {s.Site} pruned key {key} below version {floor}, but {VoteTable.Name(key, ver)} is not chosen");
                }
    }
}

/// <summary>
/// PANDO-S15 No gaps (TLA+ NoGapsInv): a site votes for version i &gt; 1 only once version i − 1 is chosen.
/// </summary>
public sealed class NoGapsMonitor : PandoMonitor
{
    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsVoted v && v.Ver > 1)
            Require(Votes.Chosen(v.Key, v.Ver - 1).Count > 0, () => $"[PANDO-S15] NoGaps: site {v.Site} voted for {VoteTable.Name(v.Key, v.Ver)} (vid {v.Vid}) while version {v.Ver - 1} of the key is not chosen");
    }
}

/// <summary>
/// Liveness shared by <see cref="CputReturnsMonitor"/> and <see cref="ReadsReturnMonitor"/>: hot while an operation of
/// the watched kind has been invoked and not yet answered (<see cref="ObsAnswered"/>).
/// </summary>
public abstract class OperationsReturnMonitor : PendingMonitor
{
    /// <summary>True for the monitor of GETs, false for CPUTs.</summary>
    protected abstract bool Gets { get; }

    /// <inheritdoc/>
    protected override (int? Started, int? Ended) Track(object body) => body switch
    {
        ObsInvoked i when i.IsGet == Gets => (i.Op, null),
        ObsAnswered a when a.IsGet == Gets => (null, a.Op),
        _ => (null, null),
    };

    /// <inheritdoc/>
    protected override string Watched => "an operation";
}

/// <summary>
/// PANDO-L2 Every CPUT returns (brief L2; TLA+ CputReturnsProp in specs/PandoDuel.tla): with at most f sites down for good, no message loss, a
/// leader that stays up, and fair scheduling, every CPUT a front-end starts is answered (OK, CONFLICT or CONFLICT(⊥)).
/// </summary>
public sealed class CputReturnsMonitor : OperationsReturnMonitor
{
    /// <inheritdoc/>
    protected override bool Gets => false;
}

/// <summary>
/// PANDO-L3 Every GET returns (brief L3; TLA+ ReadsReturnProp in specs/PandoDuel.tla): under L2's assumptions, once the writers stop every GET
/// is answered: a value, EMPTY, or RETRY after its bounded restarts (brief Q9).
/// </summary>
public sealed class ReadsReturnMonitor : OperationsReturnMonitor
{
    /// <inheritdoc/>
    protected override bool Gets => true;
}

/// <summary>
/// PANDO-S17 Linearizable (brief S17, black-box): the client-visible history of each key, with a GET of one version and
/// CPUT, is linearizable with respect to <see cref="PandoCoyote.Shared.Histories.VersionLogModel"/>. Checked with the
/// repository's linearizability checker each time an operation returns (operations still pending, and GETs that gave
/// up, count as unknown outcomes), so a violation stops the run with its trace.
/// </summary>
public sealed class LinearizableMonitor : Monitor
{
    // One history per key: keys are independent registers, and a history is linearizable iff each key's is
    // (linearizability is local, Herlihy and Wing), so each key is checked alone.
    private readonly Dictionary<int, PandoCoyote.Shared.Histories.HistoryRecorder<PandoCoyote.Shared.Histories.VersionLogInput, PandoCoyote.Shared.Histories.VersionLogOutput>> _histories = [];
    private readonly Dictionary<int, (int Key, int Id)> _ids = [];

    [Start]
    [OnEventDoAction(typeof(Observation), nameof(OnObservation))]
    private sealed class Watching : State;

    private void OnObservation(Monitor.Event e)
    {
        switch (((Observation)e).Body)
        {
            case ObsInvoked i:
                if (!_histories.TryGetValue(i.Key, out var h)) _histories[i.Key] = h = new();
                _ids[i.Op] = (i.Key, h.Invoke(i.Client, new(i.IsGet, i.Ver, i.Value)));
                break;
            case ObsResponded r when _ids.TryGetValue(r.Op, out var id):
                var history = _histories[id.Key];
                history.Return(id.Id, new(r.Ok, r.Value));
                var result = PandoCoyote.Shared.Histories.LinearizabilityChecker.Check(new PandoCoyote.Shared.Histories.VersionLogModel(), history.Operations());
                if (!result.Linearizable)
                    Assert(false, "{0}", $"[PANDO-S17] Linearizable: the history of key {id.Key} is not linearizable: " +
                        string.Join("; ", history.Operations().Select(o => new PandoCoyote.Shared.Histories.VersionLogModel().Describe(o))) +
                        "\nhistory (./pando lincheck --model version-log FILE):\n" + PandoCoyote.Shared.Histories.VersionLogFormat.Write(history.Operations()));
                break;
        }
    }
}

/// <summary>The monitors of a Pando run, in one place (registered by the deployment, fed by <c>Observe</c>).</summary>
public static class PandoMonitors
{
    /// <summary>Every safety monitor.</summary>
    public static readonly Type[] Safety =
    [
        typeof(AgreementMonitor), typeof(StrongStabilityMonitor), typeof(OneProposalPerBallotMonitor), typeof(CommitSoundMonitor),
        typeof(ReadsChosenMonitor), typeof(ReadsFreshMonitor), typeof(CputTruthfulMonitor), typeof(LinearizableMonitor),
        typeof(NoDataLossMonitor), typeof(RecoverableMonitor), typeof(GcSafeMonitor), typeof(NoGapsMonitor),
    ];

    /// <summary>Every liveness monitor (registered only by the tests that check liveness, under the fair strategy).</summary>
    public static readonly Type[] Liveness = [typeof(LeaderDecidesMonitor), typeof(CputReturnsMonitor), typeof(ReadsReturnMonitor)];
}
