using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Quorums;

namespace PandoCoyote.Alia;

/// <summary>
/// One epoch's configuration as the root chooses it (brief Alia §4.1, §5.1): the members of each subquorum and the
/// owners of each tag. Ownership is kept as a relation (tag → owning subquorums) so that the invalid configurations
/// X3/X4 and mutant M9 can be expressed; <see cref="AliaLayout.Check"/> refuses a relation that is not a total function.
/// The TLA+ twin is <c>Config</c> of <c>specs/AliaHandoff.tla</c> (<c>mem</c>, <c>own</c>).
/// </summary>
/// <param name="Members">Members of each subquorum (replica indexes 0..N−1); an empty list is a subquorum that does not exist in this epoch.</param>
/// <param name="Owners">For each tag, the subquorums that own it.</param>
public sealed record AliaConfig(IReadOnlyList<IReadOnlyList<int>> Members, IReadOnlyList<IReadOnlyList<int>> Owners)
{
    /// <summary>The tags subquorum <paramref name="sq"/> owns (TLA+ ScopeIn).</summary>
    public IEnumerable<int> Scope(int sq) => Enumerable.Range(0, Owners.Count).Where(t => Owners[t].Contains(sq));
}

/// <summary>
/// A deployment of Alia's data plane: replicas, subquorums, tags, objects and the configurations of epochs 0..E that the
/// root will choose (the root tier itself is <c>specs/AliaRoot.tla</c>; here it is an oracle, as in MC-B). Instance
/// (i, x) of subquorum i in epoch x has index <see cref="Inst"/>.
/// </summary>
/// <param name="Name">The layout's name (brief §5.4 and §7).</param>
/// <param name="N">Replicas in the universe.</param>
/// <param name="Subquorums">Subquorum names (A, B, ...).</param>
/// <param name="Tags">Tag names.</param>
/// <param name="TagOf">The tag of each object (objects are 0..).</param>
/// <param name="Configs">The configuration of each epoch, from epoch 0.</param>
public sealed record AliaLayout(string Name, int N, IReadOnlyList<string> Subquorums, IReadOnlyList<string> Tags,
    IReadOnlyList<int> TagOf, IReadOnlyList<AliaConfig> Configs)
{
    /// <summary>The last epoch.</summary>
    public int LastEpoch => Configs.Count - 1;
    /// <summary>Instances: one per subquorum per epoch.</summary>
    public int Instances => Subquorums.Count * Configs.Count;
    /// <summary>The index of instance (subquorum <paramref name="sq"/>, epoch <paramref name="x"/>).</summary>
    public int Inst(int sq, int x) => sq + Subquorums.Count * x;
    /// <summary>The subquorum of an instance.</summary>
    public int SqOf(int inst) => inst % Subquorums.Count;
    /// <summary>The epoch of an instance.</summary>
    public int EpochOf(int inst) => inst / Subquorums.Count;
    /// <summary>"B1": subquorum name and epoch.</summary>
    public string InstName(int inst) => $"{Subquorums[SqOf(inst)]}{EpochOf(inst)}";
    /// <summary>The objects of a tag (TLA+ ObjsOf).</summary>
    public IEnumerable<int> ObjsOf(int tag) => Enumerable.Range(0, TagOf.Count).Where(o => TagOf[o] == tag);
    /// <summary>The tags instance <paramref name="inst"/> owns (TLA+ Scope).</summary>
    public IEnumerable<int> Scope(int inst) => Configs[EpochOf(inst)].Scope(SqOf(inst));
    /// <summary>The instances of epoch x − 1 that owned tag t, for an instance of epoch x (TLA+ Sources).</summary>
    public IEnumerable<int> Sources(int inst, int t)
    {
        int x = EpochOf(inst);
        return x == 0 ? [] : Configs[x - 1].Owners[t].Select(k => Inst(k, x - 1));
    }

    /// <summary>
    /// TLA+ ValidCfg (brief §5.1) of one configuration: null when valid, else the first broken conjunct, named as in the
    /// brief's invalid rows X1–X4.
    /// </summary>
    public string? CheckConfig(int x)
    {
        var c = Configs[x];
        if (c.Members.Count != Subquorums.Count) return $"epoch {x}: {c.Members.Count} member lists for {Subquorums.Count} subquorums";
        if (c.Owners.Count != Tags.Count) return $"epoch {x}: {c.Owners.Count} owner lists for {Tags.Count} tags";
        for (int i = 0; i < Subquorums.Count; i++)
            foreach (var r in c.Members[i])
            {
                if (r < 0 || r >= N) return $"epoch {x}: subquorum {Subquorums[i]} names replica r{r + 1}, outside the universe of {N} (each subquorum is a set of replicas)";
                for (int j = i + 1; j < Subquorums.Count; j++)
                    if (c.Members[j].Contains(r))
                        return $"epoch {x}: replica r{r + 1} is in subquorums {Subquorums[i]} and {Subquorums[j]} (X1: each replica is in at most one subquorum per epoch)";
            }
        for (int t = 0; t < Tags.Count; t++)
        {
            var own = c.Owners[t];
            if (own.Count == 0) return $"epoch {x}: tag {Tags[t]} has no owner (X4: ownership must be total)";
            if (own.Distinct().Count() > 1) return $"epoch {x}: tag {Tags[t]} is owned by {string.Join(" and ", own.Select(i => Subquorums[i]))} (X3: ownership must be a function)";
            if (own[0] < 0 || own[0] >= Subquorums.Count || c.Members[own[0]].Count == 0)
                return $"epoch {x}: tag {Tags[t]} is owned by a subquorum with no members (X2: every tag is owned by a non-empty subquorum)";
        }
        return null;
    }

    /// <summary>
    /// Validates the layout before any actor starts: the root quorum through the repository's quorum validator
    /// (<see cref="QuorumConstraints"/>, protocol "alia": AL1 2·qroot &gt; n), then every epoch's configuration
    /// (<see cref="CheckConfig"/>) unless <paramref name="uncheckedConfigs"/> (mutant M9: the root does not check ValidCfg).
    /// A broken constraint throws an <see cref="ArgumentException"/> naming it.
    /// </summary>
    public AliaLayout Check(int qroot, bool uncheckedConfigs)
    {
        var report = QuorumConstraints.Validate("alia", new Dictionary<string, int> { ["n"] = N, ["qroot"] = qroot });
        if (!report.Valid) throw new ArgumentException(report.Explain());
        if (TagOf.Any(t => t < 0 || t >= Tags.Count)) throw new ArgumentException($"layout {Name}: an object's tag is not a tag of the layout");
        if (!uncheckedConfigs)
            for (int x = 0; x < Configs.Count; x++)
                if (CheckConfig(x) is { } bad) throw new ArgumentException($"layout {Name}: invalid configuration, {bad}");
        return this;
    }

    private static AliaConfig Cfg(int[][] members, params int[][] owners) =>
        new([.. members.Select(m => (IReadOnlyList<int>)m)], [.. owners.Select(o => (IReadOnlyList<int>)o)]);

    /// <summary>
    /// The named layouts. V2 is the brief's MC-B (§7) with one object per tag; V2Chain adds MC-B3's epoch 2 (t1 goes
    /// back to A: a release chain); V5 is MC-C, the Fig. 2 crossing (§4.7.3); V4 is the brief's layout for the Coyote
    /// tests (N = 5, a three-member subquorum) with the two tags swapping owners; X1–X4 are the brief's invalid
    /// configurations (§5.4), refused unless mutant M9 is on (X3 is M9's instance: t1 owned by A and B in epoch 1).
    /// </summary>
    public static AliaLayout Named(string name)
    {
        int[][] v2e0 = [[0, 1], [2]], v2e1 = [[0], [1, 2]];
        return name switch
        {
            "V2" => new("V2", 3, ["A", "B"], ["t1", "t2"], [0, 1], [Cfg(v2e0, [0], [1]), Cfg(v2e1, [1], [1])]),
            "V2Chain" => new("V2Chain", 3, ["A", "B"], ["t1", "t2"], [0, 1], [Cfg(v2e0, [0], [1]), Cfg(v2e1, [1], [1]), Cfg(v2e0, [0], [1])]),
            "V5" => new("V5", 3, ["A", "B", "C"], ["b", "d", "f"], [0, 1, 2],
                [Cfg([[0], [1], [2]], [0], [1], [2]), Cfg([[0], [1], [2]], [1], [2], [1])]),
            "V4" => new("V4", 5, ["A", "B"], ["t1", "t2"], [0, 1],
                [Cfg([[0, 1, 2], [3, 4]], [0], [1]), Cfg([[0, 1], [2, 3, 4]], [1], [0])]),
            "X1" => new("X1", 3, ["A", "B"], ["t1", "t2"], [0, 1], [Cfg(v2e0, [0], [1]), Cfg([[0, 1], [1, 2]], [1], [1])]),
            "X2" => new("X2", 3, ["A", "B"], ["t1", "t2"], [0, 1], [Cfg(v2e0, [0], [1]), Cfg([[0, 1], []], [0], [1])]),
            "X3" => new("X3", 3, ["A", "B"], ["t1", "t2"], [0, 1], [Cfg(v2e0, [0], [1]), Cfg(v2e1, [0, 1], [1])]),
            "X4" => new("X4", 3, ["A", "B"], ["t1", "t2"], [0, 1], [Cfg(v2e0, [0], [1]), Cfg(v2e1, [], [1])]),
            _ => throw new ArgumentException($"layout \"{name}\": use V2, V2Chain, V4, V5 (valid) or X1, X2, X3, X4 (invalid, brief §5.4)"),
        };
    }
}

/// <summary>
/// The mutants of brief Alia §8 that the data plane can show, each the one-rule change of the TLA+ override with the
/// same name in <c>configs/Alia/MCAliaHandoff.tla</c> and of the P switch in <c>p-models/Alia/PSrc/Types.p</c>.
/// </summary>
public enum AliaMutant
{
    /// <summary>The protocol as specified.</summary>
    None,
    /// <summary>M5: EpochStart makes the whole scope active (serve before the handoff).</summary>
    M5ServeBeforeHandoff,
    /// <summary>M6: the releaser answers for a tag still active with its current state.</summary>
    M6ReplyBeforeSeal,
    /// <summary>M7: Apply(Op) checks the scope instead of the active set.</summary>
    M7SealNotEnforced,
    /// <summary>M8: the releaser answers for a tag still pending in it, with the initial state (a release chain).</summary>
    M8ReleasePending,
    /// <summary>M9: the root does not check ValidCfg (an owner relation with two owners is revealed).</summary>
    M9NoCfgCheck,
    /// <summary>M10: the old instance never closes; the acquirer takes over from the initial state after a timeout.</summary>
    M10NoClose,
    /// <summary>M14: a snapshot omits the session table.</summary>
    M14NoSessions,
    /// <summary>M16: retire once every tag of the scope is sealed, before the acks (a lost reply is never re-sent).</summary>
    M16RetireBeforeAck,
    /// <summary>M11 (real instance Paxos only): a SubAccepted is counted for any instance the leader leads with that ballot, without checking its instance.</summary>
    M11CrossInstance,
    /// <summary>MQ (ours; real instance Paxos only): an instance quorum is half the members (2·votes ≥ members), so two halves can decide apart.</summary>
    MQHalfQuorum,
    /// <summary>MAB (node-local family; real instance Paxos only): a member accepts a SubAccept below its promise (breaks N1).</summary>
    MABAcceptBelow,
    /// <summary>MPV (node-local family; real instance Paxos only): the promise is not durable; a restart rebuilds it from the highest accepted ballot (breaks N2).</summary>
    MPVPromiseVolatile,
    /// <summary>MNS (node-local family; real instance Paxos only): a new instance leader's next free slot is the highest reported slot, not the one after it (breaks N3).</summary>
    MNSNextSlotOffByOne,
    /// <summary>MDA (node-local family; real instance Paxos only): the leader counts SubAccepted messages, not senders (breaks N4).</summary>
    MDADuplicateAcks,
    /// <summary>MBR (node-local family; real instance Paxos only): a restarted member that led its instance runs Phase 1 again with its old ballot (breaks N5).</summary>
    MBRBallotReused,
    /// <summary>MSL (selection family; real instance Paxos only): a new instance leader re-proposes the entry reported at the lowest ballot instead of the highest.</summary>
    MSLLowestBallot,
    /// <summary>MSA (selection family; real instance Paxos only): a new instance leader re-proposes the first entry a SubPromise reported for a slot, whatever its ballot (breaks N6).</summary>
    MSAAnyReport,
}

/// <summary>An object's state in an instance: version (the number of Puts applied) and value (TLA+ KV).</summary>
public readonly record struct Kv(int Ver, int Val)
{
    /// <summary>The initial state of every object (TLA+ InitKV).</summary>
    public static readonly Kv Init = new(0, 0);
}

/// <summary>A client's session entry (brief §4.6, TLA+ Session): its latest applied operation and the result.</summary>
public readonly record struct Sess(int Sn, Kv Res);

/// <summary>
/// A tag's frozen snapshot (TLA+ SnapshotOf): the states of its objects and the session table. <see cref="Key"/> is a
/// canonical text used to compare snapshots (ALIA-S10).
/// </summary>
public sealed record Snap(IReadOnlyDictionary<int, Kv> Objs, IReadOnlyDictionary<int, Sess> Sessions)
{
    /// <summary>Canonical text: objects and sessions in key order.</summary>
    public string Key =>
        string.Join(",", Objs.OrderBy(p => p.Key).Select(p => $"o{p.Key}={p.Value.Ver}:{p.Value.Val}")) + "|" +
        string.Join(",", Sessions.OrderBy(p => p.Key).Select(p => $"c{p.Key}={p.Value.Sn}:{p.Value.Res.Ver}:{p.Value.Res.Val}"));

    /// <summary>The initial snapshot of a tag (TLA+ InitialSnap).</summary>
    public static Snap Initial(AliaLayout l, int tag) => new(l.ObjsOf(tag).ToDictionary(o => o, _ => Kv.Init), new Dictionary<int, Sess>());
}

// ---------------------------------------------------------------------------------------------------------------
// Log entries (brief §4.6). EpochStart is applied when the instance starts.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A client's Get or Put of object <paramref name="Obj"/> (TLA+ OpEntry).</summary>
public sealed record OpEntry(ActorId Client, int Cid, int Sn, int Obj, bool Put, int Val);
/// <summary>An Install of tags from instance <paramref name="From"/>, with their snapshots (TLA+ InstallEntry).</summary>
public sealed record InstallEntry(IReadOnlyList<int> Tags, int From, IReadOnlyDictionary<int, Snap> Snaps);
/// <summary>EpochChange, the tombstone that seals every active tag (TLA+ EC).</summary>
public sealed record CloseEntry;
/// <summary>EpochStart, the first entry of an instance (§4.4; under M5 it activates the whole scope).</summary>
public sealed record EpochStartEntry;
/// <summary>A no-op that fills a hole found by a new instance leader (§4.5).</summary>
public sealed record NoopEntry;

/// <summary>Canonical text of a log entry, to compare what two members committed in one slot (ALIA-S13).</summary>
public static class Entries
{
    /// <summary>The entry as text: equal texts mean equal entries.</summary>
    public static string Key(object entry) => entry switch
    {
        OpEntry e => $"op {e.Cid}.{e.Sn} o{e.Obj + 1} {(e.Put ? $"put {e.Val}" : "get")}",
        InstallEntry e => $"install [{string.Join(",", e.Tags)}] from {e.From} " + string.Join(";", e.Tags.Select(t => e.Snaps[t].Key)),
        CloseEntry => "EpochChange",
        EpochStartEntry => "EpochStart",
        NoopEntry => "Noop",
        _ => entry.ToString() ?? "",
    };
}

// ---------------------------------------------------------------------------------------------------------------
// Messages (brief §3.3–3.6), wrapped in AliaMsg so they travel through the network.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A protocol message through the network; <see cref="Body"/> is one of the records below.</summary>
public sealed class AliaMsg(object body) : Event
{
    /// <summary>The message.</summary>
    public object Body { get; } = body;
    /// <inheritdoc/>
    public override string ToString() => Body.ToString() ?? "";
}

/// <summary>The root reveals that epoch <paramref name="Epoch"/> is chosen (TLA+ RootReveal, brief §4.4 NewEpoch).</summary>
public sealed record NewEpoch(int Epoch);
/// <summary>§4.5 RootCatchupReq: <paramref name="Who"/> heard of an epoch it does not know; the root answers with the latest.</summary>
public sealed record RootCatchup(ActorId Who);
/// <summary>A proposal reaching the instance's chosen log (TLA+ Choose): instance Paxos abstracted, see <see cref="Instance"/>.</summary>
public sealed record Chosen(object Entry);
/// <summary>§4.7.1: acquirer <paramref name="Acq"/> asks instance <see cref="Source"/> for <paramref name="Tags"/>.</summary>
public sealed record HandoffRequest(IReadOnlyList<int> Tags, int Acq)
{
    /// <summary>The instance asked (a replica may be a member of several).</summary>
    public int Source { get; init; }
}
/// <summary>§4.7.2 TryReply (TLA+ SendReply): the sealed snapshots of <paramref name="Tags"/> from instance <paramref name="From"/>.</summary>
public sealed record HandoffReply(IReadOnlyList<int> Tags, int From, IReadOnlyDictionary<int, Snap> Snaps)
{
    /// <summary>The acquiring instance.</summary>
    public int To { get; init; }
}
/// <summary>§4.7.1: the acquirer applied the Install of <paramref name="Tags"/> released by instance <paramref name="From"/>.</summary>
public sealed record HandoffAck(int From, IReadOnlyList<int> Tags);
/// <summary>§4.8.1: a client's request (TLA+ ProposeOp's input).</summary>
public sealed record ClientRequest(ActorId Client, int Cid, int Sn, int Obj, bool Put, int Val);
/// <summary>The result recorded for request (client, <paramref name="Sn"/>) (TLA+ Complete's input).</summary>
public sealed record ClientReply(int Sn, Kv Res);
/// <summary>§3.6 Forward (routing: forward): a replica passes a client's request on, <paramref name="Hops"/> hops so far.</summary>
public sealed record Forward(ClientRequest Req, int Hops);
/// <summary>§3.6 Redirect (routing: forward): after too many hops, the client is told the members of the tag's owner in <paramref name="Epoch"/>.</summary>
public sealed record Redirect(int Sn, int Epoch, IReadOnlyList<int> Members);

/// <summary>The creation event of an <see cref="Instance"/>.</summary>
public sealed class InstanceInit(int inst, AliaSettings settings, ActorId net, IReadOnlyList<ActorId> instances) : Event
{
    /// <summary>The instance index (<see cref="AliaLayout.Inst"/>).</summary>
    public int Inst { get; } = inst;
    /// <summary>The run's settings.</summary>
    public AliaSettings Settings { get; } = settings;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Every instance, by index.</summary>
    public IReadOnlyList<ActorId> Instances { get; } = instances;
}

/// <summary>One client operation of a script: a Put (true) or a Get of object <paramref name="Obj"/>.</summary>
public sealed record AliaOp(bool Put, int Obj);

/// <summary>The creation event of a <see cref="Client"/>.</summary>
public sealed class ClientInit(int id, ActorId net, IReadOnlyList<ActorId> targets, IReadOnlyList<AliaOp> script) : Event
{
    /// <summary>Client id 1.. (its j-th operation, if a Put, writes 100 · id + j: written values are unique).</summary>
    public int Id { get; } = id;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Where requests may go (one chosen at random): every instance, or with real instance Paxos every replica.</summary>
    public IReadOnlyList<ActorId> Targets { get; } = targets;
    /// <summary>The operations, one at a time.</summary>
    public IReadOnlyList<AliaOp> Script { get; } = script;
}

/// <summary>The creation event of the <see cref="RootOracle"/>.</summary>
public sealed class RootInit(AliaSettings settings, ActorId net, IReadOnlyList<ActorId> targets) : Event
{
    /// <summary>The run's settings.</summary>
    public AliaSettings Settings { get; } = settings;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Who learns of new epochs: every instance, or with real instance Paxos every replica.</summary>
    public IReadOnlyList<ActorId> Targets { get; } = targets;
}

/// <summary>A run's settings: the validated layout and the mutant.</summary>
public sealed record AliaSettings(AliaLayout Layout, AliaMutant Mutant, bool Forwarding = false);
