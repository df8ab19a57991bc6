using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Alia;

/// <summary>
/// One deployment of Alia's data plane under test: settings (layout validated), faults, client scripts.
/// <see cref="Setup"/> registers the monitors and creates the network, one <see cref="Instance"/> per subquorum and
/// epoch, the <see cref="RootOracle"/> and the clients. Instances of every epoch but the last may crash and restart.
/// </summary>
public sealed record AliaSystem(AliaSettings Settings, FaultPlan Faults, IReadOnlyList<IReadOnlyList<AliaOp>> Scripts, bool CheckLiveness = false)
{
    /// <summary>Real instance Paxos among the replicas (<see cref="Replica"/>) instead of one abstract <see cref="Instance"/> per instance.</summary>
    public bool Paxos { get; init; }
    /// <summary>With <see cref="Paxos"/>: how many times the environment makes a random replica run for leader of its instances.</summary>
    public int Takeovers { get; init; }

    /// <summary>
    /// The root tier driving the data plane (brief §7 MC-D, the twin of specs/Alia.tla): one
    /// <see cref="Root.RootReplica"/> per replica chooses each epoch's configuration and tells the data plane of every
    /// epoch it learns, in place of the <see cref="RootOracle"/>. Null: the oracle.
    /// </summary>
    public Root.RootSettings? RootTier { get; init; }

    /// <summary>The monitors to register, by catalogue name (null = every safety monitor).</summary>
    public IReadOnlyList<string>? Only { get; init; }

    /// <summary>The setup of one iteration.</summary>
    public void Setup(IActorRuntime rt)
    {
        // The node-local rules (ALIA-N1..N5) watch real instance Paxos; abstract instances have no ballots to report.
        foreach (var name in Only ?? [.. AliaMonitors.Safety.Keys, .. RootTier is null ? [] : Root.RootMonitors.Safety.Keys, .. Paxos ? LocalRules.Monitors.Keys : []])
        {
            if (LocalRules.Monitors.ContainsKey(name)) LocalRules.Register(rt, name, "ALIA");
            else if (Root.RootMonitors.Safety.ContainsKey(name)) Root.RootMonitors.Register(rt, name, RootTier!);
            else AliaMonitors.Register(rt, name, Settings);
        }
        if (CheckLiveness && Only is null)
            foreach (var name in AliaMonitors.Liveness.Keys) AliaMonitors.Register(rt, name, Settings);
        var l = Settings.Layout;
        var net = rt.CreateActor(typeof(Network), new NetworkSetup([], Faults) { DropTarget = AliaScenarios.PartialAccepts, DupTarget = AliaScenarios.CountedReplies, CrashTarget = AliaScenarios.DurableSteps });
        // The root: the oracle, or the root tier's replicas (the first one answers catch-up requests of real instance Paxos).
        List<ActorId> roots = RootTier is { } rs ? [.. Enumerable.Range(0, rs.N).Select(_ => rt.CreateActorId(typeof(Root.RootReplica)))] : [];
        var root = RootTier is null ? rt.CreateActorId(typeof(RootOracle)) : roots[0];
        // The nodes the root and the clients talk to: the replicas (real instance Paxos), or the abstract instances.
        List<ActorId> nodes;
        if (Paxos)
        {
            nodes = [.. Enumerable.Range(0, l.N).Select(_ => rt.CreateActorId(typeof(Replica)))];
            rt.SendEvent(net, new NetworkSetup([.. nodes, .. roots], Faults) { DropTarget = AliaScenarios.PartialAccepts, DupTarget = AliaScenarios.CountedReplies, CrashTarget = AliaScenarios.DurableSteps });
            for (int r = 0; r < nodes.Count; r++) rt.CreateActor(nodes[r], typeof(Replica), new ReplicaInit(r, Settings, net, nodes, root));
        }
        else
        {
            nodes = [.. Enumerable.Range(0, l.Instances).Select(_ => rt.CreateActorId(typeof(Instance)))];
            rt.SendEvent(net, new NetworkSetup([.. nodes.Where((_, i) => l.EpochOf(i) < l.LastEpoch), .. roots], Faults) { DropTarget = AliaScenarios.PartialAccepts, DupTarget = AliaScenarios.CountedReplies, CrashTarget = AliaScenarios.DurableSteps });
            for (int i = 0; i < nodes.Count; i++) rt.CreateActor(nodes[i], typeof(Instance), new InstanceInit(i, Settings, net, nodes));
        }
        if (RootTier is { } tier)
        {
            for (int r = 0; r < roots.Count; r++)
                rt.CreateActor(roots[r], typeof(Root.RootReplica), new Root.RootReplicaInit(r, tier, net, roots, announce: nodes));
            rt.CreateActor(typeof(Elector), new ElectorInit(net, roots, tier.Elections, () => new Root.RootMsg(new Root.RunForLeader())));
        }
        else rt.CreateActor(root, typeof(RootOracle), new RootInit(Settings, net, nodes));
        if (Takeovers > 0) rt.CreateActor(typeof(Elector), new ElectorInit(net, nodes, Takeovers, () => new AliaMsg(new TakeOver())));
        for (int c = 0; c < Scripts.Count; c++) rt.CreateActor(typeof(Client), new ClientInit(c + 1, net, nodes, Scripts[c]));
    }
}

/// <summary>The creation event of the <see cref="Elector"/>.</summary>
public sealed class ElectorInit(ActorId net, IReadOnlyList<ActorId> replicas, int rounds, Func<Event> message) : Event
{
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Every replica.</summary>
    public IReadOnlyList<ActorId> Replicas { get; } = replicas;
    /// <summary>How many election timeouts to fire.</summary>
    public int Rounds { get; } = rounds;
    /// <summary>The message that tells a replica to run for leader.</summary>
    public Func<Event> Message { get; } = message;
}

/// <summary>
/// The environment's election timeouts: at points the network's timer chooses, a replica chosen at random is told to
/// run for leader, <c>Rounds</c> times per run. For real instance Paxos (§4.5 SubElectionTimeout) the replica runs for
/// leader of every instance it is a member of; for the root tier (<see cref="Root.RootReplica"/>, §4.2 rootTimer) it
/// runs for root leader.
/// </summary>
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
public sealed class Elector : NetActor<ElectorInit>
{
    private int _fired;

    /// <inheritdoc/>
    protected override ActorId NetOf(ElectorInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize() => StartTimer();

    private void OnTimeout(Event e)
    {
        if (((NetTimeout)e).Id != CurrentTimer) return;
        Route(Init.Replicas[RandomInteger(Init.Replicas.Count)], Init.Message());
        if (++_fired < Init.Rounds) StartTimer();
    }
}

/// <summary>
/// Builds an Alia deployment from the plain fields of a <c>tests/coyote.json</c> entry. Fields: <c>layout</c> (V2, V2Chain,
/// V4, V5; X1–X4 are refused, naming the broken ValidCfg conjunct, unless <c>mutant</c> is M9), <c>qroot</c> (root quorum
/// size, default a majority; validated by the quorum validator, AL1), <c>faults</c> (none, reorder, chaos: loss ≤ 2,
/// duplication ≤ 2, one crash-restart; crashstop: the same with the crash for good, made for the root tier's liveness
/// runs), <c>workload</c> (rw: client 1 puts o1 twice, client 2 gets o1 twice, brief MC-B;
/// busy: two clients put and get every object; one: one client puts then gets the last object, brief MC-C),
/// <c>mutant</c> (none, M5, M6, M7, M8, M9, M10, M14, M16; M11, MQ and the node-local family MAB, MPV, MNS, MDA, MBR need real instance Paxos), <c>instances</c> (abstract:
/// instance Paxos as a chosen log, the twin of the TLA+ and P models; paxos: real instance Paxos among the replicas),
/// <c>takeovers</c> (paxos only: election timeouts the environment fires, default 1), <c>root</c> (oracle, the default; paxos:
/// the root tier's replicas choose each epoch and announce it, brief §7 MC-D), with root paxos <c>mode</c> (relay, the
/// default, or paper_literal: mutant M1 end to end) and <c>elections</c> (root election timeouts, default 3),
/// <c>routing</c> (random, the default; forward: §4.8.2 forwarding and redirects, paxos only).
/// </summary>
public static class AliaScenarios
{
    /// <summary>Mutant names as in the brief (§8) and the TLA+ cfgs.</summary>
    public static readonly IReadOnlyDictionary<string, AliaMutant> MutantNames = new Dictionary<string, AliaMutant>
    {
        ["none"] = AliaMutant.None, ["M5"] = AliaMutant.M5ServeBeforeHandoff, ["M6"] = AliaMutant.M6ReplyBeforeSeal,
        ["M7"] = AliaMutant.M7SealNotEnforced, ["M8"] = AliaMutant.M8ReleasePending, ["M9"] = AliaMutant.M9NoCfgCheck,
        ["M10"] = AliaMutant.M10NoClose, ["M11"] = AliaMutant.M11CrossInstance, ["M14"] = AliaMutant.M14NoSessions,
        ["M16"] = AliaMutant.M16RetireBeforeAck, ["MQ"] = AliaMutant.MQHalfQuorum,
        ["MAB"] = AliaMutant.MABAcceptBelow, ["MPV"] = AliaMutant.MPVPromiseVolatile, ["MNS"] = AliaMutant.MNSNextSlotOffByOne,
        ["MDA"] = AliaMutant.MDADuplicateAcks, ["MBR"] = AliaMutant.MBRBallotReused, ["MSL"] = AliaMutant.MSLLowestBallot, ["MSA"] = AliaMutant.MSAAnyReport,
    };

    private static readonly string[] Fields = ["layout", "qroot", "faults", "workload", "mutant", "instances", "takeovers", "root", "mode", "elections", "routing"];

    // The windows of the targeted faults (real instance Paxos): an instance leader's SubAccept (losing some leaves partial
    // accepts for the next leader), and the replies a leader counts (a duplicate must not count twice).
    internal static string? PartialAccepts(Event e) => e is AliaMsg { Body: SubAccept } ? "SubAccept" : null;
    internal static string? CountedReplies(Event e) => e is AliaMsg { Body: SubPromise or SubAccepted } m ? m.Body.GetType().Name : null;
    // The window of the targeted crashes (FaultPlan.TargetCrashes): a replica's steps after which its promise or its vote
    // must already be durable.
    internal static string? DurableSteps(Event e) => e is AliaMsg { Body: SubPrepare or SubAccept } m ? m.Body.GetType().Name : null;

    /// <summary>The named fault plans (the P config AliaFaulty of p-models/Alia/PTst/Harness.p is "chaos"; "crashstop" is chaos with the crash for good).</summary>
    public static FaultPlan Faults(string name) => name switch
    {
        "none" => FaultPlan.None,
        "reorder" => new FaultPlan(Reorder: true),
        "chaos" => new FaultPlan(Reorder: true, MaxDrops: 2, MaxDuplicates: 2, MaxCrashes: 1, Restart: true, TimerOdds: 10),
        "crashstop" => Faults("chaos") with { Restart = false },
        // Conflict-forcing (issue 46, real instance Paxos with several takeovers): SubAccepts lost on purpose (up to 8, odds
        // 1/2 each: partial accepts), SubPromise and SubAccepted replies duplicated on purpose (up to 4), one crash-restart.
        "conflict" => new FaultPlan(Reorder: true, MaxCrashes: 1, Restart: true, TimerOdds: 10, TargetDrops: 8, TargetDups: 4, TargetOdds: 2),
        // Crash points (issue 46, real instance Paxos): the chaos faults plus up to two replicas crashing right after they
        // promise (SubPrepare) or vote (SubAccept), odds 1/3 each, each restarting from its durable state.
        "crash-points" => Faults("chaos") with { TargetCrashes = 2, TargetOdds = 3 },
        _ => throw new ArgumentException($"faults \"{name}\": use none, reorder, chaos, crashstop, conflict or crash-points"),
    };

    /// <summary>The client scripts of a workload on a layout.</summary>
    public static IReadOnlyList<IReadOnlyList<AliaOp>> Scripts(string workload, AliaLayout l)
    {
        int objs = l.TagOf.Count;
        return workload switch
        {
            "rw" => [[new(true, 0), new(true, 0)], [new(false, 0), new(false, 0)]],
            "busy" =>
            [
                [.. Enumerable.Range(0, objs).SelectMany(o => new AliaOp[] { new(true, o), new(false, (o + 1) % objs) })],
                [.. Enumerable.Range(0, objs).SelectMany(o => new AliaOp[] { new(false, o), new(true, (o + 1) % objs) })],
            ],
            "one" => [[new(true, objs - 1), new(false, objs - 1)]],
            _ => throw new ArgumentException($"workload \"{workload}\": use rw, busy or one"),
        };
    }

    /// <summary>The deployment described by the fields; <paramref name="only"/> names the one monitor a bug test watches.</summary>
    public static AliaSystem Build(IReadOnlyDictionary<string, string> fields, string? only, bool liveness = false)
    {
        foreach (var k in fields.Keys)
            if (!Fields.Contains(k)) throw new ArgumentException($"deployment field \"{k}\" is unknown (Alia: {string.Join(", ", Fields)})");
        string F(string k, string dflt) => fields.TryGetValue(k, out var v) ? v : dflt;
        var mutantName = F("mutant", "none");
        var mutant = MutantNames.TryGetValue(mutantName, out var m) ? m
            : throw new ArgumentException($"mutant \"{mutantName}\": use one of {string.Join(", ", MutantNames.Keys)}");
        var layout = AliaLayout.Named(F("layout", "V2"));
        int qroot = layout.N / 2 + 1;
        if (fields.TryGetValue("qroot", out var q) && !int.TryParse(q, out qroot)) throw new ArgumentException($"qroot \"{q}\": must be an integer");
        layout.Check(qroot, uncheckedConfigs: mutant == AliaMutant.M9NoCfgCheck);
        if (mutant == AliaMutant.M8ReleasePending && layout.LastEpoch < 2)
            throw new ArgumentException($"mutant M8 needs a release chain (layout V2Chain): layout {layout.Name} has no epoch 2");
        bool paxos = F("instances", "abstract") switch
        {
            "abstract" => false, "paxos" => true,
            var v => throw new ArgumentException($"instances \"{v}\": use abstract (instance Paxos as a chosen log) or paxos (real instance Paxos)"),
        };
        if (mutant is AliaMutant.M11CrossInstance or AliaMutant.MQHalfQuorum or AliaMutant.MABAcceptBelow or AliaMutant.MPVPromiseVolatile
                or AliaMutant.MNSNextSlotOffByOne or AliaMutant.MDADuplicateAcks or AliaMutant.MBRBallotReused or AliaMutant.MSLLowestBallot or AliaMutant.MSAAnyReport && !paxos)
            throw new ArgumentException($"mutant {mutantName} needs real instance Paxos (instances paxos): the abstract instances have no ballots or quorums");
        int takeovers = 1;
        if (fields.TryGetValue("takeovers", out var tk))
        {
            if (!int.TryParse(tk, out takeovers) || takeovers < 0) throw new ArgumentException($"takeovers \"{tk}\": must be a whole number");
            if (!paxos) throw new ArgumentException("takeovers needs instances paxos: abstract instances have no leaders");
        }
        Root.RootSettings? rootTier = F("root", "oracle") switch
        {
            "oracle" => null,
            "paxos" => RootTierOf(layout, F("mode", "relay"), Root.RootScenarios.IntField(fields, "elections", 3)),
            var v => throw new ArgumentException($"root \"{v}\": use oracle (epochs revealed at random points) or paxos (the root tier chooses them)"),
        };
        if (rootTier is null && (fields.ContainsKey("mode") || fields.ContainsKey("elections")))
            throw new ArgumentException("mode and elections are root-tier fields: they need root paxos");
        bool forwarding = F("routing", "random") switch
        {
            "random" => false, "forward" => true,
            var v => throw new ArgumentException($"routing \"{v}\": use random (clients pick a node, nodes ignore what they cannot serve) or forward (§4.8.2 forwarding and redirects)"),
        };
        if (forwarding && !paxos) throw new ArgumentException("routing forward needs instances paxos: abstract instances have no members or leaders to forward to");
        var settings = new AliaSettings(layout, mutant, forwarding);
        var sys = new AliaSystem(settings, Faults(F("faults", "chaos")), Scripts(F("workload", "rw"), layout), liveness)
            { Paxos = paxos, Takeovers = paxos ? takeovers : 0, RootTier = rootTier };
        var known = AliaMonitors.Safety.Keys.Concat(AliaMonitors.Liveness.Keys).Concat(rootTier is null ? [] : Root.RootMonitors.Safety.Keys)
            .Concat(paxos ? LocalRules.Monitors.Keys : []).ToList();
        if (only is not null && !known.Contains(only))
            throw new ArgumentException($"monitor \"{only}\" is not an Alia monitor ({string.Join(", ", known)})");
        return sys with { Only = only is null ? null : [only] };
    }

    /// <summary>
    /// The root tier of a data-plane deployment (root paxos): one root replica per replica of the layout, one root slot per
    /// epoch after the genesis, checked like a root-tier deployment (the quorum validator, AL1).
    /// </summary>
    private static Root.RootSettings RootTierOf(AliaLayout layout, string mode, int elections) =>
        new Root.RootSettings(layout.N, layout.LastEpoch, Root.RootScenarios.ModeOf(mode), Root.RootMutant.None, elections).Check();

    /// <summary>
    /// The scenario of one manifest entry: the data plane, or with <c>tier: root</c> the root tier
    /// (<see cref="Root.RootScenarios"/>, with the liveness monitor ALIA-L1 under the fair strategy).
    /// </summary>
    public static Scenario Scenario(string name, IReadOnlyDictionary<string, string> fields, string? only,
        uint iterations, uint seed, Strategy strategy, uint maxSteps, bool liveness = false)
    {
        switch (fields.TryGetValue("tier", out var tier) ? tier : "data")
        {
            case "root":
                return Root.RootScenarios.Scenario(name, fields, only, iterations, seed, strategy, maxSteps, liveness);
            case "data":
                var rest = fields.Where(kv => kv.Key != "tier").ToDictionary(kv => kv.Key, kv => kv.Value);
                return new(name, Build(rest, only, liveness).Setup, iterations, maxSteps, seed, liveness ? Strategy.Fair : strategy);
            case var t:
                throw new ArgumentException($"tier \"{t}\": use data (the data plane, the default) or root (the root tier)");
        }
    }
}
