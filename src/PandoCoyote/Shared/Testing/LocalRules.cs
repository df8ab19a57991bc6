using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using Monitor = Microsoft.Coyote.Specifications.Monitor;

namespace PandoCoyote.Shared.Testing;

// ---------------------------------------------------------------------------------------------------------------
// Node-local rules (catalogue letter N, the same five rules in every protocol that has ballots).
//
// The global invariants (Agreement, linearizability, ...) fail only when a wrong step has already led somewhere
// visible, and a random schedule often ends before that. The rules below look at one node's own step and fail at
// the first wrong one: an acceptor voting under its promise, a promise that goes down (also across a restart, where
// it must come back from durable storage), two values under one ballot in one slot, a quorum counted with a repeated
// sender or with a reply to another ballot, a ballot started twice. Each protocol maps its own state onto these
// observations in its handlers (a PQR log entry, an RS-Paxos share's value id, an Alia root slot); the catalogue
// (docs/invariants.json) lists them as <PROTOCOL>-N1 ... N6. N6 (a new leader's value choice) has two forms: plain
// Paxos's highest-ballot rule (SelectsHighest: PQR, Alia's instance Paxos) and its erasure-coded form, the highest
// rebuildable value id (SelectsRebuildable: RS-Paxos, Pando's recovery).
// ---------------------------------------------------------------------------------------------------------------

/// <summary>An acceptor's promise after a step (a Phase-1 answer, a vote that raised it, a restart reloading it).</summary>
/// <param name="Node">The acceptor (unique in the run: a process holding several acceptor states names each).</param>
/// <param name="Promised">The promise now.</param>
/// <param name="Action">The TLA+ action the step mirrors.</param>
public sealed record LocalPromise(string Node, Ballot Promised, string Action);

/// <summary>
/// An acceptor voted for <paramref name="Value"/> in (slot, ballot); <paramref name="Promised"/> is its promise after the vote.
/// A slot names the consensus instance it belongs to where there are several (Alia: "i3/5").
/// </summary>
public sealed record LocalVote(string Node, string Slot, Ballot Bal, string Value, Ballot Promised, string Action);

/// <summary>A proposer sent <paramref name="Value"/> for (slot, ballot) to the acceptors (a Phase-2a, a re-proposal).</summary>
public sealed record LocalPropose(string Proposer, string Slot, Ballot Bal, string Value, string Action);

/// <summary>One reply counted in a quorum: its sender, the ballot it answers, and its consensus group ("" where there is one).</summary>
public readonly record struct Counted(string From, Ballot Bal, string Group = "")
{
    /// <inheritdoc/>
    public override string ToString() => Group.Length > 0 ? $"{From} ({Group}, {Bal})" : $"{From} ({Bal})";
}

/// <summary>
/// A node acted on a quorum of replies: <paramref name="Replies"/> are the replies it counted, <paramref name="Needed"/> how
/// many distinct senders the phase needs, <paramref name="Bal"/> the ballot the node is running in group
/// <paramref name="Group"/> ("" for a protocol with one group).
/// </summary>
public sealed record LocalQuorum(string Node, string Phase, Ballot Bal, IReadOnlyList<Counted> Replies, int Needed, string Action, string Group = "");

/// <summary>
/// A proposer started ballot <paramref name="Bal"/> (its first Phase-1a, or its first use of the ballot) in the consensus
/// group <paramref name="Group"/> (one Paxos instance: "" for a protocol with one group, the instance for Alia).
/// </summary>
public sealed record LocalBallotStart(string Proposer, string Group, Ballot Bal, string Action);

/// <summary>One value a Phase-1 reply reported for a slot: the acceptor, the ballot it voted in, the value, and whether it is known chosen.</summary>
public readonly record struct Reported(string From, Ballot Bal, string Value, bool Chosen = false)
{
    /// <inheritdoc/>
    public override string ToString() => $"{Value} at {Bal} from {From}{(Chosen ? " (chosen)" : "")}";
}

/// <summary>
/// A proposer that won Phase 1 of <paramref name="Bal"/> picked <paramref name="Value"/> for <paramref name="Slot"/>, having
/// heard <paramref name="Reports"/> for that slot from its Phase-1 quorum (every reply as received, not a summary).
/// </summary>
public sealed record LocalSelect(string Proposer, string Slot, Ballot Bal, IReadOnlyList<Reported> Reports, string Value, string Action);

/// <summary>One coded piece a Phase-1 reply reported for a slot: the acceptor, the ballot it voted in, the value id, the share's index.</summary>
public readonly record struct Piece(string From, Ballot Bal, string Vid, int ShareIdx)
{
    /// <inheritdoc/>
    public override string ToString() => $"{Vid} share {ShareIdx} at {Bal} from {From}";
}

/// <summary>
/// A proposer of an erasure-coded Paxos (RS-Paxos §4.3) that won Phase 1 of <paramref name="Bal"/> picked value id
/// <paramref name="Vid"/> for <paramref name="Slot"/>, having heard <paramref name="Pieces"/> for that slot from its Phase-1
/// quorum; a value id is rebuildable from <paramref name="Threshold"/> distinct share indices (the code's true threshold,
/// not a mutant's). <paramref name="Own"/>: the proposal is the proposer's own value (RS-Paxos: a NoOp under a fresh value
/// id; Pando: its request's value under the request's vid, which a request keeps across its attempts), not one rebuilt.
/// </summary>
public sealed record LocalRebuildSelect(string Proposer, string Slot, Ballot Bal, IReadOnlyList<Piece> Pieces, int Threshold, string Vid, string Action,
    bool Own = false);

/// <summary>The event carrying one of the observations above to the node-local monitors.</summary>
public sealed class LocalObservation(object body) : Monitor.Event
{
    /// <summary>The observation, or a <see cref="LocalConfig"/>.</summary>
    public object Body { get; } = body;
}

/// <summary>Sent once, at registration: the catalogue prefix of the protocol under test (PQR, RSP, ALIA, ...).</summary>
public sealed record LocalConfig(string Prefix);

/// <summary>The base of the node-local monitors: the catalogue prefix, and a failure helper.</summary>
public abstract class LocalRuleMonitor : Monitor
{
    private string _prefix = "?";

    /// <summary>The rule's number (1..6) and name.</summary>
    protected abstract (int N, string Name) Rule { get; }

    /// <summary>Dispatches an observation.</summary>
    protected void OnObservation(Monitor.Event e)
    {
        var body = ((LocalObservation)e).Body;
        if (body is LocalConfig c)
        {
            _prefix = c.Prefix;
            Coverage.Hit(LocalRules.RegisteredWitness($"{_prefix}-N{Rule.N}"));
            return;
        }
        if (Check(body)) Coverage.Hit(LocalRules.CheckedWitness($"{_prefix}-N{Rule.N}"));
    }

    /// <summary>Checks one observation; true when the observation was one this rule judges (a witness that it looked).</summary>
    protected abstract bool Check(object o);

    /// <summary>Fails the run with <c>[PREFIX-Nk] Name: message</c>.</summary>
    protected void Require(bool ok, Func<string> message)
    {
        if (!ok) Assert(false, "{0}", $"[{_prefix}-N{Rule.N}] {Rule.Name}: {message()}");
    }
}

/// <summary>
/// N1 VoteRespectsPromise: an acceptor votes in a ballot only if that ballot is at least the promise it held before
/// the vote, and after the vote its promise covers the ballot (Paxos Phase 2b: accept b only if b ≥ promised).
/// </summary>
public sealed class VoteRespectsPromiseMonitor : LocalRuleMonitor
{
    private readonly Dictionary<string, Ballot> _promise = [];
    [Start] [OnEventDoAction(typeof(LocalObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override (int N, string Name) Rule => (1, "VoteRespectsPromise");
    /// <inheritdoc/>
    protected override bool Check(object o)
    {
        switch (o)
        {
            case LocalPromise p: _promise[p.Node] = p.Promised; return false;
            case LocalVote v:
                var before = _promise.GetValueOrDefault(v.Node, Ballot.None);
                Require(v.Bal >= before, () => $"{v.Node} voted for {v.Value} in slot {v.Slot} at ballot {v.Bal}, below its promise {before} ({v.Action})");
                Require(v.Promised >= v.Bal, () => $"{v.Node} voted at ballot {v.Bal} in slot {v.Slot} but its promise is {v.Promised} afterwards ({v.Action})");
                _promise[v.Node] = v.Promised;
                return true;
        }
        return false;
    }
}

/// <summary>
/// N2 PromiseMonotone: an acceptor's promise never decreases, across crash-restarts too (the promise is durable, so a
/// restarted acceptor must report at least the promise it held when it crashed).
/// </summary>
public sealed class PromiseMonotoneMonitor : LocalRuleMonitor
{
    private readonly Dictionary<string, (Ballot Bal, string Action)> _promise = [];
    [Start] [OnEventDoAction(typeof(LocalObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override (int N, string Name) Rule => (2, "PromiseMonotone");
    /// <inheritdoc/>
    protected override bool Check(object o)
    {
        var (node, now, action) = o switch
        {
            LocalPromise p => (p.Node, p.Promised, p.Action),
            LocalVote v => (v.Node, v.Promised, v.Action),
            _ => (null, Ballot.None, ""),
        };
        if (node is null) return false;
        bool compared = _promise.TryGetValue(node, out var last);
        if (compared)
            Require(now >= last.Bal, () => $"{node}'s promise went down from {last.Bal} (after {last.Action}) to {now} ({action})");
        _promise[node] = (now, action);
        return compared;
    }
}

/// <summary>
/// N3 BallotBindsValue: in each slot, every proposal and every vote of one ballot carries one value. A ballot belongs to
/// one proposer incarnation, which proposes once per slot; two values under one ballot mean a proposer changed its mind,
/// reused a ballot after a restart, or an acceptor recorded the wrong value.
/// </summary>
public sealed class BallotBindsValueMonitor : LocalRuleMonitor
{
    private readonly Dictionary<(string Slot, Ballot Bal), (string Value, string Who)> _first = [];
    [Start] [OnEventDoAction(typeof(LocalObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override (int N, string Name) Rule => (3, "BallotBindsValue");
    /// <inheritdoc/>
    protected override bool Check(object o)
    {
        var (slot, bal, value, who) = o switch
        {
            LocalPropose p => (p.Slot, p.Bal, p.Value, $"{p.Proposer} proposed ({p.Action})"),
            LocalVote v => (v.Slot, v.Bal, v.Value, $"{v.Node} voted ({v.Action})"),
            _ => ("", Ballot.None, (string?)null, ""),
        };
        if (value is null) return false;
        if (!_first.TryGetValue((slot, bal), out var f)) { _first[(slot, bal)] = (value, who); return false; }
        Require(f.Value == value, () => $"slot {slot}, ballot {bal}: {who} {value}, but {f.Who} {f.Value}");
        return true;
    }
}

/// <summary>
/// N4 QuorumDistinct: a node acts on a quorum only with enough distinct senders, each reply answering the ballot (and
/// the consensus group) the node is running: a duplicate, a late reply of an earlier ballot, or a reply meant for another
/// instance is never counted.
/// </summary>
public sealed class QuorumDistinctMonitor : LocalRuleMonitor
{
    [Start] [OnEventDoAction(typeof(LocalObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override (int N, string Name) Rule => (4, "QuorumDistinct");
    /// <inheritdoc/>
    protected override bool Check(object o)
    {
        if (o is not LocalQuorum q) return false;
        var where = q.Group.Length > 0 ? $"{q.Group}, " : "";
        var stale = q.Replies.FirstOrDefault(r => r.Bal != q.Bal || r.Group != q.Group);
        Require(q.Replies.All(r => r.Bal == q.Bal && r.Group == q.Group), () => $"{q.Node} counted the reply of {stale} in its {q.Phase} quorum of ({where}{q.Bal}) ({q.Action})");
        int distinct = q.Replies.Select(r => r.From).Distinct().Count();
        Require(distinct >= q.Needed, () =>
            $"{q.Node} acted on a {q.Phase} quorum of ({where}{q.Bal}) with {distinct} distinct senders of {q.Needed} needed (counted: {string.Join(", ", q.Replies.Select(r => r.From))}) ({q.Action})");
        return true;
    }
}

/// <summary>
/// N5 BallotFresh: in each consensus group every ballot is started once: no proposer starts a ballot that it or another
/// proposer started before, also after a restart (the proposer must derive its next ballot from durable state).
/// </summary>
public sealed class BallotFreshMonitor : LocalRuleMonitor
{
    private readonly Dictionary<(string Group, Ballot Bal), string> _started = [];
    [Start] [OnEventDoAction(typeof(LocalObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override (int N, string Name) Rule => (5, "BallotFresh");
    /// <inheritdoc/>
    protected override bool Check(object o)
    {
        if (o is not LocalBallotStart b) return false;
        var where = b.Group.Length > 0 ? $" in {b.Group}" : "";
        if (_started.TryGetValue((b.Group, b.Bal), out var first))
            Require(false, () => $"{b.Proposer} started ballot {b.Bal}{where} ({b.Action}), which {first} started before");
        else _started[(b.Group, b.Bal)] = $"{b.Proposer} ({b.Action})";
        return true;
    }
}

/// <summary>
/// N6 SelectsHighest (Paxos Phase 2a's value rule): a proposer that won Phase 1 proposes, in each slot, a value its
/// Phase-1 quorum reported as chosen if there is one, else a value reported at the highest ballot reported for that
/// slot. It chooses freely only where nothing was reported. A wrong pick (the lowest ballot's, the first reply's, its
/// own client's) is caught at the proposal, before it can be chosen over a value that was.
/// </summary>
public sealed class SelectsHighestMonitor : LocalRuleMonitor
{
    [Start] [OnEventDoAction(typeof(LocalObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override (int N, string Name) Rule => (6, "SelectsHighest");
    /// <inheritdoc/>
    protected override bool Check(object o)
    {
        if (o is not LocalSelect s || s.Reports.Count == 0) return false;
        var chosen = s.Reports.Where(r => r.Chosen).Select(r => r.Value).ToHashSet();
        if (chosen.Count > 0)
        {
            Require(chosen.Contains(s.Value), () => $"{s.Proposer} proposed {s.Value} for slot {s.Slot} at ballot {s.Bal}, but its Phase-1 quorum reported {string.Join(" / ", chosen)} as chosen ({s.Action}; reports: {string.Join(", ", s.Reports)})");
            return true;
        }
        var top = s.Reports.Max(r => r.Bal);
        var allowed = s.Reports.Where(r => r.Bal == top).Select(r => r.Value).ToHashSet();
        Require(allowed.Contains(s.Value), () => $"{s.Proposer} proposed {s.Value} for slot {s.Slot} at ballot {s.Bal}, but the highest ballot its Phase-1 quorum reported is {top} with {string.Join(" / ", allowed)} ({s.Action}; reports: {string.Join(", ", s.Reports)})");
        return true;
    }
}

/// <summary>
/// N6 SelectsRebuildable (RS-Paxos §4.3 SelectValue, the erasure-coded form of N6): a proposer that won Phase 1 groups
/// the reported pieces of a slot by value id across ballots; a value id with <c>Threshold</c> distinct share indices is
/// rebuildable. If some value id is rebuildable, it proposes one whose highest reported ballot is the highest among
/// the rebuildable ones; otherwise it proposes a value of its own (a NoOp, its own request), never a rebuilt one.
/// Grouping by ballot, counting a repeated index, taking the lowest ballot, a short threshold or a fresh id for a rebuilt
/// value is caught at the proposal. RS-Paxos (§3.2 phase 1(c)) and Pando's recovery (ProposeRecover: RecoverableIn,
/// BestRecoverable with K splits) share this rule.
/// </summary>
public sealed class SelectsRebuildableMonitor : LocalRuleMonitor
{
    [Start] [OnEventDoAction(typeof(LocalObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override (int N, string Name) Rule => (6, "SelectsRebuildable");
    /// <inheritdoc/>
    protected override bool Check(object o)
    {
        if (o is not LocalRebuildSelect s || s.Pieces.Count == 0) return false;
        var rebuildable = s.Pieces.GroupBy(p => p.Vid)
            .Where(g => g.Select(p => p.ShareIdx).Distinct().Count() >= s.Threshold)
            .ToDictionary(g => g.Key, g => g.Max(p => p.Bal));
        string Heard() => $"{s.Action}; pieces: {string.Join(", ", s.Pieces)}";
        if (rebuildable.Count == 0)
        {
            Require(s.Own, () => $"{s.Proposer} proposed {s.Vid} for slot {s.Slot} at ballot {s.Bal}, not a value of its own, though no value id its Phase-1 quorum reported has {s.Threshold} distinct shares ({Heard()})");
            return true;
        }
        var top = rebuildable.Values.Max();
        var allowed = rebuildable.Where(kv => kv.Value == top).Select(kv => kv.Key).ToHashSet();
        Require(allowed.Contains(s.Vid), () => $"{s.Proposer} proposed {s.Vid} for slot {s.Slot} at ballot {s.Bal}, but the rebuildable value id of the highest ballot ({top}) is {string.Join(" / ", allowed)} ({Heard()})");
        return true;
    }
}

/// <summary>The node-local monitors by catalogue name, and their registration.</summary>
public static class LocalRules
{
    /// <summary>Every node-local monitor, by name (the C# class is the name + "Monitor").</summary>
    public static readonly IReadOnlyDictionary<string, Type> Monitors = new Dictionary<string, Type>
    {
        ["VoteRespectsPromise"] = typeof(VoteRespectsPromiseMonitor), ["PromiseMonotone"] = typeof(PromiseMonotoneMonitor),
        ["BallotBindsValue"] = typeof(BallotBindsValueMonitor), ["QuorumDistinct"] = typeof(QuorumDistinctMonitor),
        ["BallotFresh"] = typeof(BallotFreshMonitor), ["SelectsHighest"] = typeof(SelectsHighestMonitor),
        ["SelectsRebuildable"] = typeof(SelectsRebuildableMonitor),
    };

    /// <summary>The coverage key a rule (<c>PQR-N4</c>) hits once per run when it is registered.</summary>
    public static string RegisteredWitness(string rule) => $"local: {rule} registered";

    /// <summary>
    /// The coverage key a rule hits each time it judged an observation: N1 a vote, N2 a promise compared with the
    /// node's last one, N3 a second proposal or vote of one (slot, ballot), N4 a quorum, N5 a ballot start. A passing
    /// test in which a registered rule never judged anything fails as NOT REACHED: a handler that stopped reporting
    /// would otherwise leave its rule silently blind.
    /// </summary>
    public static string CheckedWitness(string rule) => $"local: {rule} judged an observation";

    /// <summary>The rules registered in a run (by their coverage) that never judged an observation.</summary>
    public static IEnumerable<string> Unexercised(IReadOnlyDictionary<string, long> reached) =>
        reached.Keys.Where(k => k.StartsWith("local: ", StringComparison.Ordinal) && k.EndsWith(" registered", StringComparison.Ordinal))
            .Select(k => k["local: ".Length..^" registered".Length])
            .Where(rule => reached.GetValueOrDefault(CheckedWitness(rule)) == 0);

    /// <summary>N1..N5, the rules of every protocol with ballots (N6 only where the value choice is the highest-ballot rule).</summary>
    public static readonly string[] BallotRules = ["VoteRespectsPromise", "PromiseMonotone", "BallotBindsValue", "QuorumDistinct", "BallotFresh"];

    /// <summary>Every node-local monitor type (the actors send every observation to each; Coyote ignores unregistered ones).</summary>
    public static readonly Type[] All = [.. Monitors.Values];

    /// <summary>Registers the named monitor with the protocol's catalogue prefix (PQR, RSP, ALIA, ...).</summary>
    public static void Register(IActorRuntime rt, string name, string prefix)
    {
        var config = new LocalObservation(new LocalConfig(prefix));
        switch (name)
        {
            case "VoteRespectsPromise": Use<VoteRespectsPromiseMonitor>(rt, config); break;
            case "PromiseMonotone": Use<PromiseMonotoneMonitor>(rt, config); break;
            case "BallotBindsValue": Use<BallotBindsValueMonitor>(rt, config); break;
            case "QuorumDistinct": Use<QuorumDistinctMonitor>(rt, config); break;
            case "BallotFresh": Use<BallotFreshMonitor>(rt, config); break;
            case "SelectsHighest": Use<SelectsHighestMonitor>(rt, config); break;
            case "SelectsRebuildable": Use<SelectsRebuildableMonitor>(rt, config); break;
            default: throw new ArgumentException($"\"{name}\" is not a node-local monitor ({string.Join(", ", Monitors.Keys)})");
        }
    }

    private static void Use<T>(IActorRuntime rt, Monitor.Event config) where T : Monitor
    {
        rt.RegisterMonitor<T>();
        rt.Monitor<T>(config);
    }
}
