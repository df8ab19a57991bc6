using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Quorums;

namespace PandoCoyote.Alia.Root;

/// <summary>How delegated votes travel (brief Alia §4.3.5, the constant <c>DelegationMode</c> of specs/AliaRoot.tla).</summary>
public enum DelegationMode
{
    /// <summary>§4.3.2, the repository's design: every replica performs and persists its own acceptor acts; a delegate only forwards them.</summary>
    Relay,
    /// <summary>§4.3.3, the seed's literal scheme (mutant M1, finding F3): a delegate votes for the replicas it believes delegated to it.</summary>
    PaperLiteral,
    /// <summary>
    /// §4.3.4, the alternative: before it acts on a slot a replica may hand its vote for that slot to a custodian, for
    /// good (C1, C4); the custodian keeps a proxy promise and accepted value for it and answers for it (C3), and the
    /// replica never answers for that slot itself (C2).
    /// </summary>
    Custody,
}

/// <summary>The root-tier mutants (brief §8 and ours), each one rule of specs/AliaRoot.tla overridden in configs/Alia/MCAliaRoot.tla.</summary>
public enum RootMutant
{
    /// <summary>The protocol as specified.</summary>
    None,
    /// <summary>M2: the tally is a sum of the voter counts of the messages, not the set of ids (a vote arriving twice counts twice).</summary>
    M2SumCount,
    /// <summary>M3: a majority of the replicas believed alive: when its retry timer fires, a candidate or leader takes the silent replicas for dead.</summary>
    M3LiveMajority,
    /// <summary>M4: the threshold is off by one, <c>2|ids| ≥ N</c> (needs an even N).</summary>
    M4OffByOne,
    /// <summary>M13: RootAccept is accepted whatever the promise.</summary>
    M13AcceptAnyBallot,
    /// <summary>MR (ours): accepting does not raise the promise.</summary>
    MRNoRaise,
    /// <summary>MP (ours): the promise is not durable; a restarted replica falls back to the highest ballot it accepted.</summary>
    MPPromiseLost,
    /// <summary>MA (ours): alpha = 2, a leader opens the next slot before the current one is chosen.</summary>
    MAAlphaTwo,
    /// <summary>MV (ours): the leader commits a configuration other than the one it proposed.</summary>
    MVOtherValue,
    /// <summary>M12: a nuclear leader (§4.10) ignores what its Phase-1 quorum reported accepted for the slot after its commit point and proposes its own configuration there.</summary>
    M12NuclearIgnoresPhase1,
    /// <summary>M17: the tally counts the senders of the messages, not their voters, against a majority of the subquorums of the current configuration (<see cref="RootSettings.M17Subquorums"/>).</summary>
    M17SenderCount,
    /// <summary>MU (ours, liveness): a quorum is every replica. Safe, but one replica down for good blocks every election (ALIA-L1).</summary>
    MUUnanimity,
    /// <summary>M15: in CUSTODY a custody lapses (on a root event, as a heartbeat-based lapse would) and the replica answers for the slot itself again.</summary>
    M15CustodyRevoked,
    /// <summary>MZ (ours, finding F8): in CUSTODY the proxy starts at Zero, as the brief's §4.3.4 C3 reads, not at the replica's promise.</summary>
    MZProxyFromZero,
}

/// <summary>
/// One run of the root tier: <paramref name="N"/> replicas (the fixed universe, all root acceptors), root slots
/// 1..<paramref name="MaxEpoch"/>, the delegation mode, a mutant, and <paramref name="Elections"/> election timeouts the
/// environment fires (brief §4.2 RootStartElection). With <paramref name="Heartbeats"/> (the liveness runs) a leader
/// sends heartbeats and a replica that heard one since its last election timeout lets the timeout pass (§2.1 rootTimer).
/// </summary>
public sealed record RootSettings(int N, int MaxEpoch, DelegationMode Mode, RootMutant Mutant, int Elections, bool Heartbeats = false)
{
    /// <summary>The root quorum of §4.3.2 R3: a strict majority of the universe.</summary>
    public int Quorum => N / 2 + 1;

    /// <summary>M17's count of subquorums: two, as in the brief's layout V3 (A = {r1, r2}, B = {r3}, spare r4); the root tier's configurations are opaque, so the number is fixed, as in configs/Alia/MCAliaRoot.tla.</summary>
    public const int M17Subquorums = 2;

    /// <summary>Refuses settings that break a constraint, naming it; the quorum goes through the shared validator (AL1).</summary>
    public RootSettings Check()
    {
        var report = QuorumConstraints.Validate("alia", new Dictionary<string, int> { ["n"] = N, ["qroot"] = Quorum });
        if (!report.Valid) throw new ArgumentException(report.Explain());
        if (N < 3) throw new ArgumentException($"n = {N}: the root tier needs at least 3 replicas (brief §7 MC-A), so that delegation and a crash leave a quorum");
        if (MaxEpoch < 1) throw new ArgumentException($"epochs = {MaxEpoch}: at least one root slot is needed");
        if (Elections < 1) throw new ArgumentException($"elections = {Elections}: at least one election is needed, or nothing is ever chosen");
        if (Mutant == RootMutant.M4OffByOne && N % 2 == 1)
            throw new ArgumentException($"mutant M4 needs an even n (2|ids| ≥ n differs from 2|ids| > n only then): n = {N}");
        if (Mutant == RootMutant.M12NuclearIgnoresPhase1 && Mode != DelegationMode.Relay)
            throw new ArgumentException("mutant M12 needs mode relay: nuclear elections (§4.10) are modelled for RELAY only");
        if (Mutant == RootMutant.M17SenderCount && N < 4)
            throw new ArgumentException($"mutant M17 needs n ≥ 4 (two senders of {N} are already a majority): n = {N}");
        if (Mutant == RootMutant.M15CustodyRevoked && Mode != DelegationMode.Custody)
            throw new ArgumentException("mutant M15 needs mode custody: it revokes a custody (§4.3.4 C4)");
        if (Mutant == RootMutant.MZProxyFromZero && Mode != DelegationMode.Custody)
            throw new ArgumentException("mutant MZ needs mode custody: it starts a custodian's proxy at Zero (§4.3.4 C3)");
        if (Mutant == RootMutant.MAAlphaTwo && MaxEpoch < 2) throw new ArgumentException("mutant MA needs epochs ≥ 2: it opens slot 2 before slot 1 is chosen");
        return this;
    }
}

/// <summary>The root acts a vote reports (TLA+ message types "Promise" and "Accepted").</summary>
public enum VoteKind
{
    /// <summary>Phase 1b.</summary>
    Promise,
    /// <summary>Phase 2b.</summary>
    Accepted,
}

/// <summary>What a replica reports for one slot in its promise (§4.2 on RootPrepare): a value it learned, or one it accepted at <paramref name="VBal"/>.</summary>
public sealed record SlotReport(int Voter, int Epoch, bool Chosen, Ballot VBal, string Cfg);

/// <summary>The key of one acceptor act: kind, ballot, slot (0 for a promise) and the candidate it answers.</summary>
public readonly record struct ActKey(VoteKind Kind, Ballot Bal, int Epoch, int Cand);

/// <summary>
/// §3.1 RootPrepare: candidate <paramref name="Cand"/> asks for promises on <paramref name="Bal"/> for slots from
/// <paramref name="Low"/> on; <paramref name="Nuclear"/> marks a nuclear election (§4.10), whose promises go directly.
/// </summary>
public sealed record RootPrepare(Ballot Bal, int Cand, int Low, bool Nuclear = false);
/// <summary>
/// §3.1 RootPromise / RootAccepted: the acts of <paramref name="Voters"/>, sent by <paramref name="Via"/>, a voter
/// answering for itself or (<paramref name="Forwarded"/>) a delegate forwarding the votes it holds. CUSTODY (§4.3.4):
/// a nonzero <paramref name="ProxySlot"/> marks a custodian's act on the proxy it keeps for its one voter's vote in that
/// slot; a replica's own promise covers every slot from the prepare's low on except <paramref name="Excluded"/>, the
/// slots whose vote it handed to a custodian (C2).
/// </summary>
public sealed record RootVote(ActKey Key, IReadOnlySet<int> Voters, IReadOnlyList<SlotReport> Reports, int Via, bool Forwarded = false,
    int ProxySlot = 0, IReadOnlySet<int>? Excluded = null);
/// <summary>§3.1 RootAccept: the leader asks to accept <paramref name="Cfg"/> for slot <paramref name="Epoch"/>.</summary>
public sealed record RootAccept(Ballot Bal, int Epoch, string Cfg, int Leader);
/// <summary>§3.1 RootCommit: <paramref name="Cfg"/> is chosen for <paramref name="Epoch"/>.</summary>
public sealed record RootCommit(int Epoch, string Cfg);
/// <summary>§3.1 RootNack: the replica has promised <paramref name="Promised"/>, above <paramref name="Bal"/>.</summary>
public sealed record RootNack(Ballot Bal, Ballot Promised);
/// <summary>§3.2 RelayVote: a delegated replica's own act, routed through its delegate (RELAY).</summary>
public sealed record RelayVote(int Voter, ActKey Key, IReadOnlyList<SlotReport> Reports);
/// <summary>§3.2 Delegate: <paramref name="From"/> delegates its vote to the receiver for <paramref name="Budget"/> root events.</summary>
public sealed record Delegate(int From, int Budget);
/// <summary>
/// §3.2 Delegate in CUSTODY (§4.3.4 C1): <paramref name="From"/> hands its vote for slot <paramref name="Slot"/> to the
/// receiver, for good, with its promise (<paramref name="Promise"/>) as the proxy's starting promise; it is re-sent as a
/// reminder whenever the replica ignores a request for that slot, and a custodian keeps the first it gets.
/// </summary>
public sealed record Custody(int From, int Slot, Ballot Promise);
/// <summary>The environment's election timeout (§4.2 rootTimer fired): the receiver runs for root leader.</summary>
public sealed record RunForLeader;
/// <summary>§2.1 the root leader's heartbeat (liveness runs only): a replica that promised at most <paramref name="Bal"/> takes its leader for alive.</summary>
public sealed record RootHeartbeat(Ballot Bal, int Leader);

/// <summary>The envelope of every root-tier message on the network.</summary>
public sealed class RootMsg(object body) : Event
{
    /// <summary>The message.</summary>
    public object Body { get; } = body;
}

/// <summary>
/// The creation event of a <see cref="RootReplica"/>. <paramref name="announce"/>: the data-plane nodes to tell of every
/// epoch the replica learns (the root tier driving the data plane, brief §4.4 and §7 MC-D); null when the root tier
/// runs alone.
/// </summary>
public sealed class RootReplicaInit(int me, RootSettings settings, ActorId net, IReadOnlyList<ActorId> replicas,
    IReadOnlyList<ActorId>? announce = null) : Event
{
    /// <summary>The data-plane nodes told of every learned epoch, or null.</summary>
    public IReadOnlyList<ActorId>? Announce { get; } = announce;
    /// <summary>This replica's index.</summary>
    public int Me { get; } = me;
    /// <summary>The run's settings.</summary>
    public RootSettings Settings { get; } = settings;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Every replica, by index.</summary>
    public IReadOnlyList<ActorId> Replicas { get; } = replicas;
}
