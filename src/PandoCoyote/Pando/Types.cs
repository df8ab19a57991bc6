using System.Text;
using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Codec;
using PandoCoyote.Shared.Quorums;

namespace PandoCoyote.Pando;

/// <summary>
/// A Pando deployment's parameters (brief §5.1): N data sites, K splits to decode, threshold quorum sizes.
/// <see cref="Create"/> runs the repository's quorum validator first, so an invalid set (X1–X8) never starts
/// actors unless a test asks for it on purpose (the parameter mutants M1 and M2).
/// </summary>
public sealed record PandoParams(int N, int K, int Q1a, int Q1b, int Q2, int F = 1)
{
    /// <summary>Validates the set against constraints C1–C4 and returns it; throws naming the broken constraints.</summary>
    public static PandoParams Create(int n, int k, int f, int q1a, int q1b, int q2)
    {
        var report = QuorumConstraints.Validate("pando", [$"n={n}", $"k={k}", $"f={f}", $"q1a={q1a}", $"q1b={q1b}", $"q2={q2}"]);
        if (!report.Valid) throw new InvalidDeploymentException(report);
        return new PandoParams(n, k, q1a, q1b, q2, f);
    }

    /// <summary>An unvalidated set, for the parameter mutants only (brief §8, M1 = X1, M2 = X3).</summary>
    public static PandoParams Unchecked(int n, int k, int f, int q1a, int q1b, int q2) => new(n, k, q1a, q1b, q2, f);

    /// <summary>The Reed–Solomon code of the deployment: K data splits and N − K parity splits.</summary>
    public ReedSolomon Code() => new(K, N - K);

    /// <summary>Brief §5.1 V1: classic majority Paxos, N=3, K=1, quorums 2/2/2.</summary>
    public static PandoParams V1 => Create(3, 1, 1, 2, 2, 2);
    /// <summary>V2: the paper's Fig. 5 example, N=4, K=2, quorums 2/3/3.</summary>
    public static PandoParams V2 => Create(4, 2, 1, 2, 3, 3);
    /// <summary>V4: N=5, K=2, quorums 2/3/4.</summary>
    public static PandoParams V4 => Create(5, 2, 1, 2, 3, 4);
    /// <summary>V5: N=5, K=2, quorums 3/4/3 (a 1b quorum can hold two recoverable values).</summary>
    public static PandoParams V5 => Create(5, 2, 1, 3, 4, 3);
    /// <summary>V7: N=6, K=2, f=2, quorums 3/4/4.</summary>
    public static PandoParams V7 => Create(6, 2, 2, 3, 4, 4);
}

/// <summary>A deployment refused by the quorum validator; the message names each broken constraint.</summary>
public sealed class InvalidDeploymentException(QuorumReport report) : ArgumentException(report.Explain())
{
    /// <summary>The validator's report.</summary>
    public QuorumReport Report { get; } = report;
}

/// <summary>
/// Mutants (brief §8): each is a one-rule change behind this switch, named like the TLA+ overrides in
/// configs/Pando/MCPando.tla and the P enum tMutant. M1 and M2 are parameter mutants (X1, X3): no switch.
/// </summary>
public enum Mutant
{
    /// <summary>The protocol as specified.</summary>
    None,
    /// <summary>M3: recovery adopts the lowest-ballot recoverable vid.</summary>
    M3LowestRecovery,
    /// <summary>M4: Phase 1 counts an accepted but uncommitted slot as empty.</summary>
    M4UncommittedLooksEmpty,
    /// <summary>M5: recover from the 1a replies alone (skip the 1b wait).</summary>
    M5RecoverOn1a,
    /// <summary>M6: a read returns a recoverable vid without writing it back.</summary>
    M6ReadNoWriteBack,
    /// <summary>M7: a site marks cmt when it accepts.</summary>
    M7CmtOnVote,
    /// <summary>M9: after a delegate timeout the FE runs Phase 2 at the delegated ballot.</summary>
    M9ReuseDelegatedBallot,
    /// <summary>M10: the FE treats any Phase-2 quorum of its ballot as its own success.</summary>
    M10OkWithoutVid,
    /// <summary>M11: a recovered value is re-proposed under the proposer's own vid (mixed-vid splits).</summary>
    M11FreshVidOnRecovery,
    /// <summary>M12: a pruned slot is answered as if empty (no floor / STALE).</summary>
    M12GcForgetsSlot,
    /// <summary>M12b: a site prunes older versions when it accepts a newer one, not when it learns it committed.</summary>
    M12bPruneOnAccept,
    /// <summary>M13: a restarted site forgets its promise (ppn falls back to apn).</summary>
    M13RestartLosesPromise,
    /// <summary>M14: ballots compared by round only.</summary>
    M14RoundOnlyCompare,
    /// <summary>M16: the front-end writes version i without knowing version i-1 is decided (the no-gap rule off).</summary>
    M16NoGapRuleOff,
    /// <summary>
    /// MK1 (ours, not in brief §8; C# only): a site keeps one GC floor for all its keys, so committing version 2 of
    /// one key prunes and STALEs the other key's version 1. Shows the two-key workloads check that keys stay apart.
    /// </summary>
    MK1SharedFloor,
    /// <summary>MBR (node-local family, C# only): a restarted leader keeps its old term, so its runs reuse ballots ⟨round, term⟩ it started before the crash (breaks N5).</summary>
    MBRTermNotBumped,
}

/// <summary>Ballot comparison with the M14 hook (brief §4.1: ⟨round, tag⟩ ordered lexicographically).</summary>
public static class Ballots
{
    /// <summary>a &lt; b; <see cref="Ballot.None"/> is below every ballot. M14 drops the tag tie-break.</summary>
    public static bool Lt(Ballot a, Ballot b, Mutant m)
    {
        if (a.Round != b.Round) return a.Round < b.Round;
        if (m == Mutant.M14RoundOnlyCompare && a.Round >= 0) return false;
        return a.Tag < b.Tag;
    }

    /// <summary>a ≤ b.</summary>
    public static bool Le(Ballot a, Ballot b, Mutant m) => !Lt(b, a, m);
}

/// <summary>Proposal kinds: a client write, or a reader's write-back (brief §3, field kind).</summary>
public enum Kind
{
    /// <summary>A write.</summary>
    Write,
    /// <summary>A reader's write-back.</summary>
    Read,
}

/// <summary>One site's erasure-coded split of a value: its index in the code, the bytes, and the value's length.</summary>
public sealed record Split(int Index, byte[] Bytes, int Length);

/// <summary>Encoding and decoding of values as real Reed–Solomon splits.</summary>
public static class Values
{
    /// <summary>The N splits of a value.</summary>
    public static Split[] Encode(PandoParams p, string value)
    {
        var bytes = Encoding.UTF8.GetBytes(value);
        var splits = p.Code().Encode(bytes).Select((s, i) => new Split(i, s, bytes.Length)).ToArray();
        foreach (var s in splits) ValueHint.Set(s, value);
        return splits;
    }

    /// <summary>Decodes a value from at least K splits (of one vid).</summary>
    public static string Decode(PandoParams p, IEnumerable<Split> splits)
    {
        var list = splits.Take(p.K).ToList();
        if (list.Any(s => s.Index >= p.K)) Shared.Testing.Coverage.Hit("decode used parity splits");
        return Encoding.UTF8.GetString(p.Code().Decode(list.Select(s => (s.Index, s.Bytes)), list[0].Length));
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Protocol messages (brief §3). Every message travels inside a Msg through the Network actor. Vid 0 means none (⊥).
// Every message names its key: keys are independent Paxos instances (brief §2) sharing the same actors.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A protocol message between Pando actors.</summary>
public sealed class Msg(object body) : Event, PandoCoyote.Shared.Network.ITimed
{
    /// <inheritdoc/>
    public double At { get; set; }

    /// <summary>One of the message records below.</summary>
    public object Body { get; } = body;
    /// <inheritdoc/>
    public override string ToString() => Body.ToString() ?? "";
}

/// <summary>Phase 1: PREPARE (replies go to <paramref name="ReplyTo"/>: the FE, its delegate, the leader, a reader).</summary>
public sealed record Prepare(int Key, int Ver, Ballot Bal, ActorId ReplyTo, Kind Kind);
/// <summary>Phase 1 reply: the site's accepted state for the version (its split of the accepted value).</summary>
public sealed record Promise(int From, int Key, int Ver, Ballot Bal, Ballot Apn, int Vid, Split? Split, int Cmt);
/// <summary>A refusal in phase 1 or 2, with the site's promise.</summary>
public sealed record Nack(int From, int Key, int Ver, Ballot Bal, Ballot Ppn, int Phase);
/// <summary>The version was pruned: a later version is committed (brief §4.8).</summary>
public sealed record Stale(int From, int Key, int Ver, Ballot Bal, int Floor);
/// <summary>Phase 2: each site gets its own split of the value.</summary>
public sealed record Propose(int Key, int Ver, Ballot Bal, int Vid, Split Split, ActorId ReplyTo, Kind Kind);
/// <summary>Phase 2 reply.</summary>
public sealed record Accepted(int From, int Key, int Ver, Ballot Bal, int Vid);
/// <summary>The asynchronous third phase: mark the vid committed.</summary>
public sealed record Commit(int Key, int Ver, Ballot Bal, int Vid);
/// <summary>A reader's FETCH (brief §4.7).</summary>
public sealed record Fetch(int Key, int Ver, int Rid, ActorId ReplyTo);
/// <summary>FETCH reply.</summary>
public sealed record Fetched(int From, int Key, int Ver, int Rid, int Floor, Ballot Apn, int Vid, Split? Split, int Cmt);
/// <summary>DELEGATE: the FE hands its value to the delegate for a delegated ballot.</summary>
public sealed record DelegateRequest(int Key, int Ver, Ballot Bal, int Vid, string Value, ActorId Fe);
/// <summary>Why a delegated attempt failed.</summary>
public enum DelegateFailure
{
    /// <summary>A 1b quorum is impossible.</summary>
    Nacked,
    /// <summary>A later version exists.</summary>
    Stale,
    /// <summary>A commit mark named the chosen vid.</summary>
    Known,
}
/// <summary>The delegate's failure report.</summary>
public sealed record DelegateFailed(int Key, int Ver, Ballot Bal, DelegateFailure Reason, int CmtSeen);
/// <summary>The FE hands the write to the leader (brief §4.5).</summary>
public sealed record LeaderWrite(int Key, int Ver, int Vid, string Value, ActorId Fe);
/// <summary>The leader's answer: the vid chosen for the version (0: a later version was chosen).</summary>
public sealed record LeaderResult(int Key, int Ver, int Vid);
