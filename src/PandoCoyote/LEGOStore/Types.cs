using System.Globalization;
using System.Text;
using Microsoft.Coyote.Actors;
using PandoCoyote.Pando;
using PandoCoyote.Shared.Codec;
using PandoCoyote.Shared.Quorums;

namespace PandoCoyote.LEGOStore;

/// <summary>
/// A tag ⟨z, writer⟩ (brief LEGOStore §2.2): PUTs are ordered by z, ties broken by the writer's id. T0 = ⟨0, 0⟩ is the
/// initial value's tag. TLA+ TagLT in specs/ABD.tla and specs/CAS.tla.
/// </summary>
public readonly record struct Tag(int Z, int Writer) : IComparable<Tag>, Shared.Testing.ITlaValue
{
    /// <summary>The initial value's tag.</summary>
    public static readonly Tag T0 = new(0, 0);

    /// <inheritdoc/>
    public string Tla => $"<<{Z}, {Writer}>>";

    /// <summary>The tag as a ballot ⟨z, writer⟩, for the node-local rules.</summary>
    public Shared.Ballots.Ballot AsBallot() => new(Z, Writer);

    /// <inheritdoc/>
    public int CompareTo(Tag other) => Z != other.Z ? Z.CompareTo(other.Z) : Writer.CompareTo(other.Writer);

    /// <summary>Tag order.</summary>
    public static bool operator <(Tag a, Tag b) => a.CompareTo(b) < 0;
    /// <summary>Tag order.</summary>
    public static bool operator >(Tag a, Tag b) => a.CompareTo(b) > 0;
    /// <summary>Tag order.</summary>
    public static bool operator <=(Tag a, Tag b) => a.CompareTo(b) <= 0;
    /// <summary>Tag order.</summary>
    public static bool operator >=(Tag a, Tag b) => a.CompareTo(b) >= 0;

    /// <summary>The larger of two tags.</summary>
    public static Tag Max(Tag a, Tag b) => a >= b ? a : b;

    /// <inheritdoc/>
    public override string ToString() => $"⟨{Z},{Writer}⟩";
}

/// <summary>The two protocols of one LEGOStore configuration (brief §4.2–4.5).</summary>
public enum LegoProtocol
{
    /// <summary>ABD: full replication, two-phase PUT and GET (write-back).</summary>
    Abd,
    /// <summary>CAS: k-of-m coded symbols with pre/fin labels, three-phase PUT, two-phase GET (metadata write-back).</summary>
    Cas,
}

/// <summary>
/// One LEGOStore configuration of one key: the protocol, m servers, code dimension k (1 for ABD), fault budget f,
/// quorum sizes (ABD uses q1, q2), the optimized GET and its guard, and CAS's GC depth δ (0 = off).
/// <see cref="Abd"/> and <see cref="Cas"/> run the repository's quorum validator (brief §5.1 A1–A2, §5.2 C1–C5) first, so an invalid
/// set never starts actors unless a test asks for it on purpose (the parameter mutants M1, M9, M10).
/// </summary>
public sealed record LegoParams(LegoProtocol Protocol, int M, int K, int F, int Q1, int Q2, int Q3, int Q4)
{
    /// <summary>The optimized GET (brief §4.2 A4, §4.4): wait for more phase-1 replies and skip phase 2 when safe.</summary>
    public bool OptGet { get; init; }
    /// <summary>CAS fast path with the paper's plain cache-hit guard instead of the artifact's "q4 replies carry the tag".</summary>
    public bool PaperGuard { get; init; }
    /// <summary>CAS garbage collection depth δ (brief §4.6): a server keeps the symbols of its δ highest fin tags and above; 0 = off.</summary>
    public int Delta { get; init; }

    /// <summary>"ABD" or "CAS": the prefix of the catalogue IDs a monitor asserts.</summary>
    public string IdPrefix => Protocol == LegoProtocol.Abd ? "ABD" : "CAS";

    /// <summary>The write quorum a completed operation's tag must reach (brief §6.1 Wq: q2 for ABD, min(q3, q4) for CAS).</summary>
    public int Wq => Protocol == LegoProtocol.Abd ? Q2 : Math.Min(Q3, Q4);

    /// <summary>The Reed–Solomon code of a CAS configuration: k data symbols and m − k parity symbols.</summary>
    public ReedSolomon Code() => new(K, M - K);

    /// <summary>An ABD configuration, validated against A1–A2.</summary>
    public static LegoParams Abd(int m, int f, int q1, int q2) =>
        Validated(new(LegoProtocol.Abd, m, 1, f, q1, q2, 0, 0), "abd", [$"m={m}", $"f={f}", $"q1={q1}", $"q2={q2}"]);

    /// <summary>A CAS configuration, validated against C1–C5.</summary>
    public static LegoParams Cas(int m, int k, int f, int q1, int q2, int q3, int q4) =>
        Validated(new(LegoProtocol.Cas, m, k, f, q1, q2, q3, q4), "cas", [$"m={m}", $"k={k}", $"f={f}", $"q1={q1}", $"q2={q2}", $"q3={q3}", $"q4={q4}"]);

    private static LegoParams Validated(LegoParams p, string protocol, string[] args)
    {
        var report = QuorumConstraints.Validate(protocol, args);
        if (!report.Valid) throw new InvalidDeploymentException(report);
        return p;
    }

    /// <inheritdoc/>
    public override string ToString() => Protocol == LegoProtocol.Abd
        ? $"ABD m={M} f={F} q1={Q1} q2={Q2}{(OptGet ? " opt" : "")}"
        : $"CAS m={M} k={K} f={F} q=({Q1},{Q2},{Q3},{Q4}){(OptGet ? PaperGuard ? " opt(paper guard)" : " opt" : "")}{(Delta > 0 ? $" δ={Delta}" : "")}";
}

/// <summary>
/// Mutants (brief LEGOStore §8 and the TLA+ overrides of configs/LEGOStore/MCABD.tla and MCCAS.tla): each is a
/// one-rule change behind this switch. M1, M9 and M10 are parameter mutants (an unvalidated quorum set): no switch.
/// </summary>
public enum LegoMutant
{
    /// <summary>The protocol as specified.</summary>
    None,
    /// <summary>M2 (ABD): a GET returns after phase 1, never writing back (MCABD MutantM2GetWritesBack).</summary>
    M2NoWriteBack,
    /// <summary>M3 (ABD): the fast path waits for q1 replies and needs only q1 of them at the highest tag (MCABD MutantM3*).</summary>
    M3FastPathAtQ1,
    /// <summary>M4: a new tag without the writer's id, ⟨z + 1, 0⟩ (MutantM4NewTag).</summary>
    M4TagWithoutWriter,
    /// <summary>M5 (CAS): a server answers a query with its highest tag of any label (MutantM5QueryTag).</summary>
    M5QueryAnyLabel,
    /// <summary>M6 (CAS): a PUT finalizes after its first pre-write ack (MutantM6PreNeed).</summary>
    M6FinEarly,
    /// <summary>M7 (CAS): a GET's phase 2 does not label its tag fin (MutantM7ReadLabelsFin).</summary>
    M7ReadNoFin,
    /// <summary>M8 (CAS): a GET's phase 2 completes as soon as it holds k symbols (MutantM8ReadDone).</summary>
    M8ReadAtK,
    /// <summary>M15: a phase counts reply messages, not distinct servers (MutantM15CountsAsQuorum; needs duplication).</summary>
    M15CountMessages,
    /// <summary>M19 (CAS): GC keeps one fin version fewer than δ (MutantM19Collected).</summary>
    M19GcOffByOne,
    /// <summary>MR (ABD): a GET returns the value of any phase-1 reply, not of the highest tag (MutantMRReadValues).</summary>
    MRReadAnyValue,
    /// <summary>MS: ABD stores a write whatever its tag; CAS lets a pre-write reset a held entry to pre (MutantMSStores, MutantMSPreEntry).</summary>
    MSServerRegresses,
    /// <summary>M11 (reconfiguration): the controller's query quorum one too small, m − q2 (MCLEGOReconfig MutantM11Qr).</summary>
    M11QrTooSmall,
    /// <summary>M12 (reconfiguration): old servers do not pause on RcQuery (MutantM12PausesOnQuery).</summary>
    M12NoPause,
    /// <summary>M13 (reconfiguration): the controller publishes before the new servers acknowledge RcWrite (MutantM13RcWriteNeed).</summary>
    M13PublishEarly,
    /// <summary>M18 (reconfiguration): a closed server serves tagged requests whatever their tag (MutantM18ServesWhenClosed).</summary>
    M18ClosedServesAll,
    /// <summary>M17 (reconfiguration): RcWrite to a CAS target waits for q3 acks only, not max(q2, q3) (MutantM17RcWriteNeed).</summary>
    M17RcWriteQ3,
    /// <summary>MC (ours, reconfiguration): a client refused with OperationFail restarts in the configuration it had cached (MCLEGOReconfig MutantMCRestartConfig).</summary>
    MCStaleRestart,
    /// <summary>MP (ours, chains): the controller starts the next reconfiguration as soon as it begins writing to the successor, before publishing it (MCLEGOReconfig MutantMPNextMayStart).</summary>
    MPStartBeforePublish,
    /// <summary>
    /// DT (divergence, ABD and CAS): a PUT takes the tag ⟨z + 2, writer⟩ instead of the spec's NewTag ⟨z + 1, writer⟩. Tags stay
    /// unique and increasing, so every history is still linearizable and no monitor fires; only trace validation sees
    /// a step the spec does not allow.
    /// </summary>
    DTSkipTag,
    /// <summary>
    /// DW (divergence, ABD and CAS): with the optimized GET, a GET whose phase-1 replies allow the fast path takes the
    /// second phase anyway (ABD: a write-back; CAS: a read-fin although its cache holds the value). An extra round that
    /// changes no outcome (no monitor fires); the spec's GetQueried returns at once there.
    /// </summary>
    DWAlwaysWriteBack,
}

/// <summary>
/// Values and their coding. A PUT writes a value id (client c's j-th PUT writes 10c + j; 0 is the initial value v0);
/// its bytes are "value-NNN" (fixed length, so symbols of different values have the same size and decoding a mix of
/// them gives bytes that name no value: GARBAGE, brief §2.2).
/// </summary>
public static class LegoValues
{
    /// <summary>The initial value v0.</summary>
    public const int V0 = 0;
    /// <summary>What decoding symbols of different values yields.</summary>
    public const int Garbage = -1;
    /// <summary>Byte length of every value.</summary>
    public const int Length = 9;

    /// <summary>The bytes of a value id.</summary>
    public static byte[] Bytes(int id) => Encoding.ASCII.GetBytes($"value-{id.ToString("D3", CultureInfo.InvariantCulture)}");

    /// <summary>The m symbols of a value (server i stores symbol i).</summary>
    public static byte[][] Encode(LegoParams p, int id) => p.Code().Encode(Bytes(id));

    /// <summary>Decodes k symbols (index, bytes) to a value id, or <see cref="Garbage"/>.</summary>
    public static int Decode(LegoParams p, IEnumerable<(int Index, byte[] Symbol)> symbols)
    {
        var list = symbols.OrderBy(s => s.Index).Take(p.K).ToList();
        if (list.Any(s => s.Index >= p.K)) Shared.Testing.Coverage.Hit("lego: decoded with parity symbols");
        var text = Encoding.ASCII.GetString(p.Code().Decode(list, Length));
        return text.StartsWith("value-", StringComparison.Ordinal) && int.TryParse(text.AsSpan(6), NumberStyles.None, CultureInfo.InvariantCulture, out var id)
            ? id : Garbage;
    }

    /// <summary>How messages and monitors print a value id.</summary>
    public static string Show(int id) => id switch { V0 => "v0", Garbage => "GARBAGE", _ => $"v{id}" };
}

// ---------------------------------------------------------------------------------------------------------------
// Messages (brief LEGOStore §3.1, §3.2). Each request names the operation, its attempt (a CAS GET's RETRY is a new
// attempt) and the phase, so a client uses only replies to its current phase; replies name the replying server.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A protocol message between LEGOStore actors (travels through the Network actor).</summary>
public sealed class LegoMsg(object body) : Event, Shared.Network.ITimed
{
    /// <inheritdoc/>
    public double At { get; set; }
    /// <summary>One of the records below.</summary>
    public object Body { get; } = body;
    /// <inheritdoc/>
    public override string ToString() => Body.ToString() ?? "";
}

/// <summary>Where a reply goes and what it answers.</summary>
public readonly record struct PhaseId(ActorId ReplyTo, int Op, int Attempt, int Phase);

/// <summary>Phase-1 query: ABD AbdQueryTag/AbdQueryVal, CAS CasQuery (the highest fin tag).</summary>
public sealed record Query(PhaseId Id);
/// <summary>Phase-1 reply: the server's tag (CAS: its highest fin tag) and, for ABD, its value.</summary>
public sealed record QueryReply(int Server, PhaseId Id, Tag Tag, int Value);
/// <summary>ABD AbdWrite: store (tag, value) if the tag is higher.</summary>
public sealed record AbdWrite(PhaseId Id, Tag Tag, int Value);
/// <summary>CAS CasPre: store this server's symbol of the tag's value, labelled pre.</summary>
public sealed record CasPre(PhaseId Id, Tag Tag, byte[] Symbol);
/// <summary>CAS CasFin: label the tag fin.</summary>
public sealed record CasFin(PhaseId Id, Tag Tag);
/// <summary>CAS CasReadFin (GET phase 2): label the tag fin and send the symbol held for it.</summary>
public sealed record CasReadFin(PhaseId Id, Tag Tag);
/// <summary>Acknowledgement of AbdWrite, CasPre or CasFin.</summary>
public sealed record Ack(int Server, PhaseId Id, Tag Tag);
/// <summary>Reply to CasReadFin: the symbol of the tag, or null when the server has none (never had it, or collected it).</summary>
public sealed record ReadReply(int Server, PhaseId Id, Tag Tag, byte[]? Symbol);

/// <summary>One client operation: a PUT of a value id, or a GET.</summary>
public sealed record LegoOp(bool IsPut, int Value = 0);

/// <summary>What every LEGOStore actor is created with.</summary>
public sealed class LegoInit(int id, LegoParams p, LegoMutant mutant, ActorId net, IReadOnlyList<ActorId> servers) : Event
{
    /// <summary>The actor's index (servers 0..m−1, clients 1..).</summary>
    public int Id { get; } = id;
    /// <summary>The configuration.</summary>
    public LegoParams Params { get; } = p;
    /// <summary>The mutant switched on.</summary>
    public LegoMutant Mutant { get; } = mutant;
    /// <summary>The network actor.</summary>
    public ActorId Net { get; } = net;
    /// <summary>The configuration's servers, by index.</summary>
    public IReadOnlyList<ActorId> Servers { get; } = servers;
    /// <summary>Clients only: the operations, run one at a time.</summary>
    public IReadOnlyList<LegoOp> Ops { get; init; } = [];
    /// <summary>The attempts a GET may make unless a deployment sets <see cref="MaxAttempts"/> (no deployment does; the CAS trace spec's TrMaxAttempts is this).</summary>
    public const int DefaultMaxAttempts = 4;
    /// <summary>Clients only: attempts a GET may make before it gives up (a RETRY starts a new attempt).</summary>
    public int MaxAttempts { get; init; } = DefaultMaxAttempts;
    /// <summary>Servers: the configuration the server belongs to (1 = old, 2 = new); 1 without reconfiguration.</summary>
    public int Cfg { get; init; } = 1;
    /// <summary>Clients: the configurations by number (index 0 = configuration 1), when a reconfiguration runs.</summary>
    public IReadOnlyList<(LegoParams Params, IReadOnlyList<ActorId> Servers)> Configs { get; init; } = [];
    /// <summary>Clients: the metadata service (null: no reconfiguration).</summary>
    public ActorId? Mds { get; init; }
    /// <summary>The network runs in virtual time (latency model): acknowledge every delivery.</summary>
    public bool Timed { get; init; }
}

// ---------------------------------------------------------------------------------------------------------------
// Reconfiguration (brief §4.7, one reconfiguration between ABD and CAS configurations; TLA+ specs/LEGOReconfig.tla).
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A closed old server refuses a request: restart the operation in configuration <paramref name="Next"/> (brief §4.1 MOVED).</summary>
public sealed record OperationFail(int Server, PhaseId Id, int Next);
/// <summary>Controller → old servers: pause and report the stored pair (RcQuery).</summary>
public sealed record RcQuery(ActorId Controller);
/// <summary>An old server's stored pair (RcReply); a CAS server reports its highest fin tag and no value. <paramref name="Cfg"/>: the replying server's configuration.</summary>
public sealed record RcReply(int Server, Tag Tag, int Value, int Cfg = 1);
/// <summary>Controller → old CAS servers: the symbol held for the tag (RcGet; answered even while paused or closed).</summary>
public sealed record RcGet(ActorId Controller, Tag Tag);
/// <summary>
/// An old CAS server's symbol of the tag, or null when it holds none, and its highest fin tag (RcGetReply; the finMax
/// field is the brief's proposed extra for the GC fallback, §4.7.2).
/// </summary>
public sealed record RcGetReply(int Server, Tag Tag, byte[]? Symbol, Tag FinMax, int Cfg = 1);
/// <summary>
/// Controller → new servers: store the handed-over pair (RcWrite). To a CAS server it carries that server's symbol
/// of the value, stored labelled fin.
/// </summary>
public sealed record RcWrite(ActorId Controller, Tag Tag, int Value, byte[]? Symbol = null);
/// <summary>Controller → old servers: close, serving tags up to rTag (RcFinish).</summary>
public sealed record RcFinish(ActorId Controller, Tag RTag);
/// <summary>A server of configuration <paramref name="Cfg"/> acknowledges RcWrite (Phase 2) or RcFinish (Phase 3).</summary>
public sealed record RcAck(int Server, int Phase, int Cfg = 1);
/// <summary>Controller → metadata service: configuration <paramref name="Cfg"/> is current, with the handed-over tag.</summary>
public sealed record MdsPublish(int Cfg, Tag RTag);
/// <summary>Client → metadata service: which configuration is current?</summary>
public sealed record MdsAsk(ActorId Client, int Op);
/// <summary>The metadata service's answer.</summary>
public sealed record MdsReply(int Op, int Cfg);

/// <summary>
/// One reconfiguration of the key from an old configuration to a new one on other servers, each ABD or CAS (brief
/// §4.7). Qr, the controller's query quorum, is the paper's m − Wq + 1 or the brief's m − min(q1, Wq) + 1 (finding
/// F2), with Wq = q2 for ABD and min(q3, q4) for CAS.
/// </summary>
/// <param name="New">The new configuration.</param>
/// <param name="PaperQr">Use the paper's Qr (finding F2) instead of the brief's safe rule.</param>
public sealed record LegoReconfig(LegoParams New, bool PaperQr)
{
    /// <summary>
    /// A second reconfiguration, from <see cref="New"/> to this configuration, started once the first has published
    /// and m − f old servers have acknowledged FINISH (a chain c1 → c2 → c3, brief §4.7.4; TLA+ LEGOReconfig with three
    /// configurations). Null: one reconfiguration.
    /// </summary>
    public LegoParams? Then { get; init; }

    /// <summary>The configurations in order, the first being <paramref name="old"/> (index 0 = configuration 1).</summary>
    public IReadOnlyList<LegoParams> Chain(LegoParams old) => Then is { } t ? [old, New, t] : [old, New];

    /// <summary>Qr of the old configuration <paramref name="old"/> (M11: one below the paper's rule).</summary>
    public int Qr(LegoParams old, LegoMutant mutant) =>
        mutant == LegoMutant.M11QrTooSmall ? old.M - old.Wq
        : PaperQr ? old.M - old.Wq + 1 : old.M - Math.Min(old.Q1, old.Wq) + 1;

    /// <summary>
    /// TLA+ RcWriteNeed: the RcWrite acks the controller waits for before it publishes (brief §5.3 RC3: q2 for an ABD
    /// target, max(q2, q3) for a CAS one; M17: q3 for CAS).
    /// </summary>
    public static int RcWriteNeed(LegoParams target, LegoMutant mutant) =>
        target.Protocol == LegoProtocol.Abd ? target.Q2
        : mutant == LegoMutant.M17RcWriteQ3 ? target.Q3 : Math.Max(target.Q2, target.Q3);
}
