using System.Text;
using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Codec;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Quorums;

namespace PandoCoyote.RSPaxos;

/// <summary>
/// Quorum and code sizes of one RS-Paxos group (brief RSPaxos §5): <paramref name="N"/> acceptors, a value is coded into
/// N shares of which any <paramref name="X"/> rebuild it, read (phase-1) quorum <paramref name="QR"/>, write (phase-2)
/// quorum <paramref name="QW"/>. Built by <see cref="Checked"/>, which refuses a set that breaks RS1 (QR + QW − N ≥ X)
/// through the repository's quorum validator, or by <see cref="Unchecked"/> for the parameter mutants M1 and M2.
/// </summary>
public sealed record RspParams(int N, int X, int QR, int QW)
{
    /// <summary>Validated parameters; a broken constraint throws an <see cref="ArgumentException"/> naming it.</summary>
    public static RspParams Checked(int n, int x, int qr, int qw)
    {
        var report = QuorumConstraints.Validate("rspaxos", new Dictionary<string, int> { ["n"] = n, ["x"] = x, ["qr"] = qr, ["qw"] = qw });
        if (!report.Valid) throw new ArgumentException(report.Explain());
        return new RspParams(n, x, qr, qw);
    }

    /// <summary>Parameters taken as given (a parameter mutant); only the ranges are checked, so the actors can run.</summary>
    public static RspParams Unchecked(int n, int x, int qr, int qw)
    {
        if (n < 1 || x < 1 || qr < 1 || qw < 1 || x > n || qr > n || qw > n)
            throw new ArgumentException($"rspaxos n={n} x={x} qr={qr} qw={qw}: x and every quorum size must be in 1..n, even unchecked");
        return new RspParams(n, x, qr, qw);
    }

    /// <summary>The code θ(X, N): X data shares and N − X parity shares. One immutable codec per (X, N), shared by every
    /// actor and monitor (building the parity matrix per call showed up in the monitors' per-accept check).</summary>
    public ReedSolomon Codec() => Codecs.GetOrAdd((X, N - X), static k => new ReedSolomon(k.Item1, k.Item2));

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<(int, int), ReedSolomon> Codecs = new();

    /// <inheritdoc/>
    public override string ToString() => $"n={N} x={X} qr={QR} qw={QW}";
}

/// <summary>
/// The mutants of brief RSPaxos §8 that the implementation can show (and ours, MB), each the one-rule change of the TLA+
/// override with the same name in <c>configs/RSPaxos/MCRSPaxos.tla</c> where the single-decree model has it. M1 and M2 are
/// parameter mutants (<see cref="RspParams.Unchecked"/>); M13 needs log truncation on (<see cref="RspSettings.Gc"/>).
/// </summary>
public enum RspMutant
{
    /// <summary>The protocol as specified.</summary>
    None,
    /// <summary>M3: SelectValue counts shares per (ballot, vid) instead of per vid across ballots.</summary>
    M3PerBallotShares,
    /// <summary>M4: SelectValue takes the lowest-ballot rebuildable vid.</summary>
    M4LowestBallot,
    /// <summary>M5: accepting does not raise the promise, and the accepted entry is overwritten by a lower ballot.</summary>
    M5NoRaiseOnAccept,
    /// <summary>M6: an acceptor accepts whatever its promise.</summary>
    M6AcceptAny,
    /// <summary>M7: the leader decides an instance after QW − 1 Accepted.</summary>
    M7DecideShort,
    /// <summary>M8: the promise is not made durable: after a restart it falls back to the highest accepted ballot.</summary>
    M8PromiseNotDurable,
    /// <summary>M9: the leader numbers shares by position in its send list, which skips itself.</summary>
    M9ShareByPosition,
    /// <summary>M9 (third form): a catch-up share is re-encoded with the leader's own index instead of the asker's.</summary>
    M9CatchUpOwnIndex,
    /// <summary>M10: a vid counts as rebuildable, and a recovery read decodes, with X − 1 shares (the missing one read as zeros).</summary>
    M10DecodeShort,
    /// <summary>M11 (first form): the new leader takes over before the old leader's lease has run out (the follower drops the lease after Δ, not Δ + δ).</summary>
    M11LeaseTooShort,
    /// <summary>M11 (second form): a new leader serves FAST reads before it is ready (before it applied the instances it took over).</summary>
    M11NotReady,
    /// <summary>M12: a recovery read gathers shares by key, not by (instance, vid).</summary>
    M12SharesByKey,
    /// <summary>MB (ours): a resent Accept is coded afresh under a new vid in the same ballot.</summary>
    MBNewVidOnResend,
    /// <summary>MX (ours): a server applies an accepted instance as if it were decided.</summary>
    MXApplyUndecided,
    /// <summary>M13: a server drops an applied log entry once its share is in the local store, before a checkpoint flushes it.</summary>
    M13TruncateUnflushed,
    /// <summary>MQ (ours, a liveness mutant): the leader decides only with an Accepted from every member.</summary>
    MQWaitAll,
    /// <summary>MDA (node-local family): the leader counts Accepted messages, not senders, so a duplicate or re-answered Accepted counts twice (breaks N4).</summary>
    MDADuplicateAcks,
    /// <summary>MBO (node-local family): a candidate's ballot is its promise + 1, without the owner check (breaks N5).</summary>
    MBOBallotNotOwned,
}

/// <summary>A value id (brief §2.2): the proposer and its counter; a value rebuilt and proposed again keeps its vid.</summary>
public sealed record RspVid(int Pid, int Ctr)
{
    /// <inheritdoc/>
    public override string ToString() => $"vid({Pid}.{Ctr})";
}

/// <summary>Log entry kinds (brief §2.2 Meta.op; deletes are not exercised).</summary>
public enum RspOp { /** a write of a value */ Put, /** a hole filled by a new leader */ NoOp, /** a consistent read's mark (§4.5) */ ReadMark }

/// <summary>
/// An entry's clear-text metadata (brief §2.2): the op and key travel in clear, only the value is coded; the client and
/// request number for de-duplication; the value's length and digest (FNV-1a) so a decode can be checked.
/// </summary>
public sealed record RspMeta(RspOp Op, int Key, int Client, int Seq, int Len, ulong Digest)
{
    /// <summary>The metadata of a NoOp.</summary>
    public static RspMeta NoOp(int key = -1) => new(RspOp.NoOp, key, -1, 0, 0, 0);
    /// <inheritdoc/>
    public override string ToString() => Op switch
    {
        RspOp.Put => $"Put(k{Key}) of c{Client}#{Seq}",
        RspOp.ReadMark => $"ReadMark(k{Key}) of c{Client}#{Seq}",
        _ => "NoOp",
    };
}

/// <summary>One coded share (brief §2.2 Share): its index and bytes.</summary>
public sealed record RspShare(int Idx, byte[] Bytes);

/// <summary>
/// Values: client c's j-th write carries the number 10c + j; its bytes are a text that begins with the number, of a
/// length that varies with it (so padding to a multiple of X is exercised). Every key starts at <see cref="Init"/>.
/// </summary>
public static class RspValues
{
    /// <summary>The initial value of every key (read as NOT_FOUND).</summary>
    public const int Init = 0;
    /// <summary>What a read reports when the bytes it returned are not any value's (a garbage decode).</summary>
    public const int Garbage = -1;

    /// <summary>The bytes of value <paramref name="v"/>.</summary>
    public static byte[] Bytes(int v)
    {
        var sb = new StringBuilder($"v{v}:");
        while (sb.Length < 13 + v % 7) sb.Append((char)('a' + sb.Length % 26));
        return Encoding.ASCII.GetBytes(sb.ToString());
    }

    /// <summary>The number a value's bytes carry, or <see cref="Garbage"/>.</summary>
    public static int Parse(byte[]? bytes)
    {
        if (bytes is null) return Init;
        var s = Encoding.ASCII.GetString(bytes);
        int colon = s.IndexOf(':');
        return s.StartsWith('v') && colon > 1 && int.TryParse(s[1..colon], out var v) && Bytes(v).AsSpan().SequenceEqual(bytes) ? v : Garbage;
    }

    /// <summary>FNV-1a over the bytes (the valueDigest of §2.2).</summary>
    public static ulong Digest(ReadOnlySpan<byte> bytes)
    {
        ulong h = 14695981039346656037UL;
        foreach (var b in bytes) { h ^= b; h *= 1099511628211UL; }
        return h;
    }
}

/// <summary>The protocol messages (brief §3), sent through the network wrapped in <see cref="RspMsg"/>.</summary>
public sealed class RspMsg(object body) : Event, ITimed
{
    /// <summary>One of the records below.</summary>
    public object Body { get; } = body;
    /// <inheritdoc/>
    public double At { get; set; }
    /// <inheritdoc/>
    public override string ToString() => Body.ToString() ?? "";
}

/// <summary>§3 ClientWrite.</summary>
public sealed record ClientWrite(ActorId Client, int Cid, int Seq, int Key, byte[] Value);
/// <summary>§3 ClientRead, FAST (at a lease-holding leader) or CONSISTENT (a READMARK in the log).</summary>
public sealed record ClientRead(ActorId Client, int Cid, int Seq, int Key, bool Fast);
/// <summary>§3 ClientReply: the value for a read (null: NOT_FOUND), and how it was served.</summary>
public sealed record ClientReply(int Seq, byte[]? Value, string Path);
/// <summary>§3 ClientReply REDIRECT.</summary>
public sealed record Redirect(int From, int Seq, int Hint);
/// <summary>§3 Prepare: one promise for every instance from <paramref name="FromInst"/> on (batch prepare).</summary>
public sealed record Prepare(int From, int Bal, int FromInst);
/// <summary>§3 one accepted entry reported by a Promise.</summary>
/// <paramref name="Decided"/>: a checkpointed share of a truncated instance (§4.9), reported as decided with this vid.
public sealed record PromiseEntry(int Slot, int Bal, RspVid Vid, RspShare Share, RspMeta Meta, bool Decided = false);
/// <summary>§3 Promise with the acceptor's accepted entries.</summary>
public sealed record Promise(int From, int Bal, IReadOnlyList<PromiseEntry> Entries);
/// <summary>§3 Accept: a different share for each destination.</summary>
public sealed record Accept(int From, int Slot, int Bal, RspVid Vid, RspShare Share, RspMeta Meta);
/// <summary>§3 Accepted.</summary>
public sealed record Accepted(int From, int Slot, int Bal, RspVid Vid);
/// <summary>§3 Nack [PROPOSED]: a refusal naming the higher promise (liveness only).</summary>
public sealed record Nack(int Bal, int Promised);
/// <summary>§3 Commit: the instance is decided with this vid (and its clear-text metadata; no value bytes).</summary>
public sealed record Commit(int Slot, RspVid Vid, RspMeta Meta);
/// <summary>§3 ShareRequest [PROPOSED]: a recovery read asks for the share of (slot, vid) (M12: any share of the key).</summary>
public sealed record ShareRequest(int From, int ReqId, int Slot, RspVid Vid, int Key);
/// <summary>§3 ShareReply.</summary>
public sealed record ShareReply(int From, int ReqId, int Slot, RspVid Vid, RspShare Share, RspMeta Meta);
/// <summary>§4.7 CatchUpRequest: a server asks the leader for every decided instance after <paramref name="After"/>.</summary>
public sealed record CatchUpRequest(int From, int After);
/// <summary>§4.7 CatchUpShare: a decided instance with the asker's share, re-encoded by the leader from the full value (none when the leader holds only a share).</summary>
public sealed record CatchUpShare(int From, int Slot, RspVid Vid, RspMeta Meta, RspShare? Share);

/// <summary>One operation of a client's script: a write, or a FAST or CONSISTENT read, of a key.</summary>
public sealed record RspOpSpec(bool Write, int Key, bool Fast = false);

/// <summary>
/// One RS-Paxos run's settings shared by every actor: sizes, the mutant, whether actors resend on timeouts (off in the
/// liveness runs), the number of keys, whether the network runs in virtual time (the latency model), and whether servers
/// catch up on shares they lack (§4.7), and whether servers checkpoint their stores and truncate their logs (§4.9).
/// </summary>
public sealed record RspSettings(RspParams P, RspMutant Mutant, bool Resend, int Keys = 2, bool Timed = false, bool CatchUp = true, bool Gc = false)
{
    /// <summary>The owner of ballot b &gt; 0: server (b − 1) mod n (ballot 1 is server 0's, the initial leader).</summary>
    public int Owner(int b) => (b - 1) % P.N;

    /// <summary>Shares needed to decode (M10: one fewer).</summary>
    public int DecodeThreshold => Mutant == RspMutant.M10DecodeShort ? Math.Max(1, P.X - 1) : P.X;

    /// <summary>
    /// Rebuilds a value from shares of one vid: with the threshold met by distinct indices, decodes with the real codec;
    /// M10 lets one index be missing and reads it as zeros.
    /// </summary>
    public byte[] Decode(IReadOnlyCollection<RspShare> shares, int len)
    {
        var codec = P.Codec();
        var parts = shares.GroupBy(s => s.Idx).Select(g => (g.Key, g.First().Bytes)).ToList();
        if (parts.Count < P.X)
        {
            int splitLen = codec.SplitLength(len);
            for (int i = 0; parts.Count < P.X && i < P.N; i++)
                if (parts.All(p => p.Key != i)) parts.Add((i, new byte[splitLen]));
        }
        return codec.Decode(parts, len);
    }
}

/// <summary>The creation event of a server.</summary>
public sealed class ServerInit(int id, RspSettings settings, ActorId net, IReadOnlyList<ActorId> servers) : Event
{
    /// <summary>Server index 0..n−1 = its share index (brief §2.2 ShareIndex(a) = a). Server 0 leads ballot 1 from the start.</summary>
    public int Id { get; } = id;
    /// <summary>The run's settings.</summary>
    public RspSettings Settings { get; } = settings;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Every server, by index.</summary>
    public IReadOnlyList<ActorId> Servers { get; } = servers;
    /// <summary>The environment actor to tell when a lease is given up (null without leader change).</summary>
    public ActorId? Elector { get; init; }
}

/// <summary>The creation event of a client.</summary>
public sealed class ClientInit(int id, RspSettings settings, ActorId net, IReadOnlyList<ActorId> servers, IReadOnlyList<RspOpSpec> script) : Event
{
    /// <summary>Client id 1.. (client c's j-th operation writes 10c + j, so written values are unique).</summary>
    public int Id { get; } = id;
    /// <summary>The run's settings.</summary>
    public RspSettings Settings { get; } = settings;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Every server, by index.</summary>
    public IReadOnlyList<ActorId> Servers { get; } = servers;
    /// <summary>The operations, run one at a time.</summary>
    public IReadOnlyList<RspOpSpec> Script { get; } = script;
}

/// <summary>The common part of the RS-Paxos actors: messages go through the network, observations to every RS-Paxos monitor (unregistered ones ignore them), and in virtual time each delivery is acknowledged.</summary>
public abstract class RspActor<TInit> : NetActor<TInit> where TInit : Event
{
    /// <summary>The run's settings.</summary>
    protected abstract RspSettings Settings { get; }

    /// <summary>Sends a protocol message to <paramref name="to"/> through the network.</summary>
    protected void SendMsg(ActorId to, object body) => Route(to, new RspMsg(body));

    /// <summary>Tells the monitors.</summary>
    protected void Observe(object o)
    {
        var e = new RspObservation(o);
        foreach (var m in RspMonitors.All) Monitor(m, e);
    }

    /// <inheritdoc/>
    protected override bool TimedNetwork => Settings.Timed;
}

/// <summary>The environment tells a server to start an election (brief §4.6: it won the election log's next term).</summary>
public sealed class TakeOver : Event;

/// <summary>The environment tells the leader its lease has run out (brief §4.6: no FAST reads from now on).</summary>
public sealed class LeaseExpired : Event;

/// <summary>The leader's answer to <see cref="LeaseExpired"/>: it serves no more FAST reads.</summary>
public sealed class LeaseGone : Event;
