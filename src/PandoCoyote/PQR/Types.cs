using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Quorums;

namespace PandoCoyote.PQR;

/// <summary>
/// Quorum sizes of a PQR deployment (brief PQR §5): <paramref name="N"/> replicas, phase-1 quorum <paramref name="Q1"/>,
/// phase-2 quorum <paramref name="Q2"/>, read quorum <paramref name="Rq"/>. Built by <see cref="Checked"/>, which refuses
/// a set that breaks F1 (q1 + q2 &gt; n) or F2 (rq + q2 &gt; n) through the repository's quorum validator, or by
/// <see cref="Unchecked"/> for the parameter mutants M3 and M14.
/// </summary>
public sealed record PqrParams(int N, int Q1, int Q2, int Rq)
{
    /// <summary>Validated parameters; a broken constraint throws an <see cref="ArgumentException"/> naming it.</summary>
    public static PqrParams Checked(int n, int q1, int q2, int rq)
    {
        var report = QuorumConstraints.Validate("pqr", new Dictionary<string, int> { ["n"] = n, ["q1"] = q1, ["q2"] = q2, ["rq"] = rq });
        if (!report.Valid) throw new ArgumentException(report.Explain());
        return new PqrParams(n, q1, q2, rq);
    }

    /// <summary>Parameters taken as given (a parameter mutant); only the ranges are checked, so the actors can run.</summary>
    public static PqrParams Unchecked(int n, int q1, int q2, int rq)
    {
        if (n < 1 || q1 < 1 || q2 < 1 || rq < 1 || q1 > n || q2 > n || rq > n)
            throw new ArgumentException($"pqr n={n} q1={q1} q2={q2} rq={rq}: every quorum size must be in 1..n, even unchecked");
        return new PqrParams(n, q1, q2, rq);
    }

    /// <inheritdoc/>
    public override string ToString() => $"n={N} q1={Q1} q2={Q2} rq={Rq}";
}

/// <summary>
/// The mutants of brief PQR §8 (and ours, MC, MX, MQ, MA), each the one-rule change of the TLA+ override with the same
/// letter in <c>configs/PQR/MCPQR.tla</c> and of the P switch in <c>p-models/PQR/PSrc/Types.p</c>. M3 and M14 are
/// parameter mutants (<see cref="PqrParams.Unchecked"/>); M12 is FillTo switched off.
/// </summary>
public enum PqrMutant
{
    /// <summary>The protocol as specified.</summary>
    None,
    /// <summary>M1: replies carry the newest log value for the key; the read returns the top reply's value at once.</summary>
    M1BareQuorumRead,
    /// <summary>M2: the read returns the value of the reply with the highest lastExec at once.</summary>
    M2NaiveCommitted,
    /// <summary>M4: rinse on the lowest reported maxAcc.</summary>
    M4MinTarget,
    /// <summary>M5: the rinse succeeds once slot T is committed at the replica, executed or not.</summary>
    M5RinseCommitted,
    /// <summary>M6: after the rinse, return the value the top phase-1 reply carried.</summary>
    M6CapturedValue,
    /// <summary>M7: replicas report the highest contiguous accepted slot.</summary>
    M7Contiguous,
    /// <summary>M8: rinse-free if any reply has maxAcc = lastExec, returning that reply's value.</summary>
    M8WeakGuard,
    /// <summary>M9: replies of the client's earlier reads on the key count too.</summary>
    M9StaleReplies,
    /// <summary>M10 (PerKey): "key in progress" scans lastExec+1 .. maxAcc−1 only.</summary>
    M10PerKeyOffByOne,
    /// <summary>M11 (PerKey): the rinse waits for exeK ≥ T instead of lastExec ≥ T.</summary>
    M11RinseOnKey,
    /// <summary>M13: a P1b reports accepted, not committed, entries.</summary>
    M13P1bNoCommitted,
    /// <summary>M15: ack a write when chosen, and a new leader puts pending writes into holes.</summary>
    M15AckAtCommit,
    /// <summary>M16: execution applies a retried Put again (no session de-duplication).</summary>
    M16NoDedup,
    /// <summary>M17: an acceptor accepts a P2a below its promise.</summary>
    M17AcceptBelow,
    /// <summary>M18: a restarted replica's high-water marks read 0.</summary>
    M18Amnesia,
    /// <summary>MC (ours): commit with Q2 − 1 P2bs.</summary>
    MCCommitShort,
    /// <summary>MX (ours): execute accepted entries that are not committed.</summary>
    MXExecUncommitted,
    /// <summary>MQ (ours): commit only with a P2b from every replica (a liveness mutant).</summary>
    MQWaitAll,
    /// <summary>MA (ours): never return without a rinse.</summary>
    MAAlwaysRinse,
    /// <summary>MPV (node-local family): the promise is not durable; a restart rebuilds it from the highest ballot in the log (breaks N2).</summary>
    MPVPromiseVolatile,
    /// <summary>MDA (node-local family): the leader counts P2b messages, not senders, so a duplicate or re-answered P2b counts twice (breaks N4).</summary>
    MDADuplicateAcks,
    /// <summary>MNS (node-local family): a new leader's next free slot is the highest reported slot, not the one after it (breaks N3).</summary>
    MNSNextSlotOffByOne,
    /// <summary>MBO (node-local family): a candidate's ballot is its promise + 1, without the owner check (breaks N5).</summary>
    MBOBallotNotOwned,
    /// <summary>MSL (selection family): a new leader re-proposes, for each slot, the command reported at the lowest ballot instead of the highest.</summary>
    MSLLowestBallot,
    /// <summary>MSA (selection family): a new leader re-proposes, for each slot, the first uncommitted command a Phase-1 reply reported, whatever its ballot (breaks N6).</summary>
    MSAAnyReport,
}

/// <summary>How reads are served: PQR (brief §4.3–4.5) or one of the baselines of brief §4.9.</summary>
public enum PqrReadMode
{
    /// <summary>Paxos quorum reads with the rinse phase, client-driven, from followers.</summary>
    Pqr,
    /// <summary>Baseline "Paxos": a read is a Get command ordered in the log; the leader answers after executing it.</summary>
    LogRead,
    /// <summary>
    /// Baseline "Paxos read from leader": the leader answers from its executed state. The paper protects it with leases
    /// whose length and drift bound it does not give (brief §11); here it runs only with a stable leader, where no lease
    /// is needed, so it is a message-count baseline, not a safety claim under leader change.
    /// </summary>
    LeaderRead,
}

/// <summary>A log command: a Put (client, opId, key, value), a Get (the LogRead baseline) or a NoOp.</summary>
public sealed record PqrCmd(PqrCmdKind Kind, int Client, int OpId, int Key, int Val)
{
    /// <summary>The NoOp (brief §2.6).</summary>
    public static readonly PqrCmd NoOp = new(PqrCmdKind.NoOp, -1, 0, -1, 0);
    /// <summary>True for a Put.</summary>
    public bool IsPut => Kind == PqrCmdKind.Put;
    /// <summary>The operation id used by the monitors: 100 × client + opId.</summary>
    public int Op => 100 * Client + OpId;
    /// <inheritdoc/>
    public override string ToString() => Kind switch
    {
        PqrCmdKind.Put => $"Put(k{Key}, {Val}) of op {Op}",
        PqrCmdKind.Get => $"Get(k{Key}) of op {Op}",
        _ => "NoOp",
    };
}

/// <summary>Kinds of log commands.</summary>
public enum PqrCmdKind { /** no operation (fills a hole) */ NoOp, /** write a key */ Put, /** read a key through the log (LogRead baseline) */ Get }

/// <summary>A log entry (brief §2.1): the ballot it was accepted or learned in, its command, and whether it is known chosen.</summary>
public sealed record PqrEntry(int Bal, PqrCmd Cmd, bool Committed);

/// <summary>The protocol messages (brief §3), sent through the network wrapped in <see cref="PqrMsg"/>.</summary>
public sealed class PqrMsg(object body) : Event
{
    /// <summary>One of the records below.</summary>
    public object Body { get; } = body;
    /// <inheritdoc/>
    public override string ToString() => Body.ToString() ?? "";
}

/// <summary>§3.1 a client's write (or, LogRead/LeaderRead baselines, read) to the replica it believes leads.</summary>
public sealed record ClientRequest(ActorId Client, PqrCmd Cmd);
/// <summary>§3.1 the leader's answer: the slot the command took effect in, and for a read the value.</summary>
public sealed record ClientReply(int OpId, int Slot, int Val);
/// <summary>§3.1 a replica that does not lead points the client at the leader it believes in.</summary>
public sealed record Redirect(int From, int OpId, int Hint);
/// <summary>§3.2 Prepare.</summary>
public sealed record P1a(int From, int Bal);
/// <summary>§3.2 one reported log entry of a promise.</summary>
public sealed record P1bEntry(int Slot, int Bal, PqrCmd Cmd, bool Committed);
/// <summary>§3.2 Promise with the reported entries.</summary>
public sealed record P1b(int From, int Bal, IReadOnlyList<P1bEntry> Entries);
/// <summary>§3.2 Accept.</summary>
public sealed record P2a(int From, int Bal, int Slot, PqrCmd Cmd);
/// <summary>§3.2 Accepted.</summary>
public sealed record P2b(int From, int Bal, int Slot);
/// <summary>§4.2 a refusal naming the higher promise (liveness only).</summary>
public sealed record Nack(int Bal, int Promised);
/// <summary>§3.2 phase 3: the slot is chosen with this command.</summary>
public sealed record Commit(int Bal, int Slot, PqrCmd Cmd);
/// <summary>§3.2 [PROPOSED] FillTo: a leader proposes NoOps up to this slot.</summary>
public sealed record FillTo(int UpTo);
/// <summary>§3.3 phase 1 of a read.</summary>
public sealed record QRead(ActorId Client, int OpId, int Key);
/// <summary>§3.3 a quorum-read reply: one atomic snapshot of the replica.</summary>
public sealed record QReadReply(int From, int OpId, int Key, int MaxAcc, int LastExec, int AccK, int ExeK, bool Busy, int Val);
/// <summary>§3.3 phase 2 of a read: wait until executed through <paramref name="Target"/>.</summary>
public sealed record Rinse(ActorId Client, int OpId, int Key, int Target);
/// <summary>§3.3 a rinse reply (sent once it would end the read: the parked variant of §4.4).</summary>
public sealed record RinseReply(int From, int OpId, int Key, int LastExec, int ExeK, bool ComT, int Val);

/// <summary>One operation of a client's script.</summary>
public sealed record PqrOp(bool Write, int Key);

/// <summary>
/// One PQR run's settings shared by every actor: quorum sizes, read mode (WholeLog or PerKey, §4.5), rinse-free reads,
/// FillTo, keys, the mutant, whether clients and leaders resend on timeouts (off in the liveness runs), the read mode
/// (PQR or a baseline) and, with <paramref name="Thrifty"/>, the message-count runs: quorum reads sent to exactly RQ
/// followers (otherwise a read asks RQ followers or, half of the time, every replica) and, without timers, a rinse to one
/// replier and no FillTo (otherwise, without timers, every replier is rinsed and FillTo goes out at once).
/// </summary>
public sealed record PqrSettings(PqrParams P, bool PerKey, bool RinseFree, bool UseFillTo, int Keys, PqrMutant Mutant, bool Resend,
    PqrReadMode ReadMode = PqrReadMode.Pqr, bool Thrifty = false, bool DupCheck = true)
{
    /// <summary>The owner of ballot b &gt; 0: replica (b − 1) mod n (ballot 1, the brief's b0, is replica 0's).</summary>
    public int Owner(int b) => (b - 1) % P.N;

    /// <summary>§4.4 RinseOK: the replica executed through T (M5: slot T is committed there; M11: it executed a write to the key at T or later).</summary>
    public bool RinseOk(RinseReply m, int target) => Mutant switch
    {
        PqrMutant.M5RinseCommitted => m.ComT,
        PqrMutant.M11RinseOnKey => m.ExeK >= target,
        _ => m.LastExec >= target,
    };
}

/// <summary>The creation event of a replica.</summary>
public sealed class ReplicaInit(int id, PqrSettings settings, ActorId net, IReadOnlyList<ActorId> replicas) : Event
{
    /// <summary>Replica index 0..n−1 (replica 0 leads ballot 1 from the start, brief §7 "stable").</summary>
    public int Id { get; } = id;
    /// <summary>The run's settings.</summary>
    public PqrSettings Settings { get; } = settings;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Every replica, by index (filled before any message is delivered).</summary>
    public IReadOnlyList<ActorId> Replicas { get; } = replicas;
}

/// <summary>The creation event of a client.</summary>
public sealed class ClientInit(int id, PqrSettings settings, ActorId net, IReadOnlyList<ActorId> replicas, IReadOnlyList<PqrOp> script) : Event
{
    /// <summary>Client id 1.. (client c's j-th operation writes 10c + j, so written values are unique).</summary>
    public int Id { get; } = id;
    /// <summary>The run's settings.</summary>
    public PqrSettings Settings { get; } = settings;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Every replica, by index.</summary>
    public IReadOnlyList<ActorId> Replicas { get; } = replicas;
    /// <summary>The operations, run one at a time.</summary>
    public IReadOnlyList<PqrOp> Script { get; } = script;
}

/// <summary>The common part of the PQR actors: protocol messages go through the network wrapped in <see cref="PqrMsg"/>, and observations go to every PQR monitor (unregistered ones ignore them).</summary>
public abstract class PqrActor<TInit> : Shared.Network.NetActor<TInit> where TInit : Event
{
    /// <summary>Sends a protocol message to <paramref name="to"/> through the network.</summary>
    protected void SendMsg(ActorId to, object body) => Route(to, new PqrMsg(body));

    /// <summary>Tells the monitors.</summary>
    protected void Observe(object o)
    {
        var e = new PqrObservation(o);
        foreach (var m in PqrMonitors.All) Monitor(m, e);
    }
}

/// <summary>The environment tells the standby replica to start an election (TLA+ StartElection at a point of its choosing).</summary>
public sealed class TakeOver : Event;

/// <summary>Values: every key starts at <see cref="Init"/>; written values are 10c + j &gt; 0.</summary>
public static class PqrValues
{
    /// <summary>The initial value of every key (brief §2.1 InitVal).</summary>
    public const int Init = 0;
}
