using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Pando;

/// <summary>Client workloads of a test run.</summary>
public enum Workload
{
    /// <summary>Two writers race for version 1 (the first delegated), a third FE reads it twice.</summary>
    Conflict,
    /// <summary>Two writers each write version 1 then version 2 (sites prune on commit: GC), a reader reads both.</summary>
    Versions,
    /// <summary>One front-end writes version 1, then reads it: no contention (the latency model).</summary>
    Single,
    /// <summary>Two clients, each writes version 1 (one delegated) and then reads it back.</summary>
    Duel,
    /// <summary>Two clients: one writes version 1, the other version 2 straight away (refused by the no-gap rule; M16 drops it), then reads.</summary>
    Gap,
    /// <summary>Four clients: three writers (one delegated) each write versions 1 and 2 (GC on commit), a reader reads both twice.</summary>
    Crowd,
    /// <summary>Two keys on the same sites, each with its own leader: two writers (one delegated) write versions 1 and 2 of
    /// both keys in opposite orders (GC on commit, per key), a reader reads every version of both keys.</summary>
    Keys,
}

/// <summary>Where each role runs, by data-center name of <see cref="Geo"/> (the network's timed mode).</summary>
/// <param name="Sites">The N data sites' data centers, in site order.</param>
/// <param name="Delegate">The delegate's data center.</param>
/// <param name="Leader">The leader's data center.</param>
/// <param name="Client">The front-end's data center.</param>
/// <param name="Delegated">The front-end uses the delegate (partial delegation) or writes directly.</param>
public sealed record GeoPlacement(IReadOnlyList<string> Sites, string Delegate, string Leader, string Client, bool Delegated);

/// <summary>
/// One Pando deployment under test: parameters (validated), mutant, faults and workload. <see cref="Setup"/>
/// registers every catalogue monitor and creates the network, the N data sites, a delegate, the leader and the
/// front-ends; <see cref="Scenario"/> wraps it for the Coyote runner.
/// </summary>
public sealed record PandoSystem(PandoParams Params, FaultPlan Faults, Workload Workload = Workload.Conflict,
    Mutant Mutant = Mutant.None, bool LeaderTimeouts = true, bool CheckLiveness = false)
{
    /// <summary>
    /// The safety monitors to register (null = all). A bug test registers only the monitor its mutant must violate,
    /// as the P bug tests do: a mutant usually breaks several properties, and the test states which one it proves caught.
    /// </summary>
    public IReadOnlyList<Type>? Only { get; init; }

    /// <summary>Placement of the roles on data centers (timed network mode), or null.</summary>
    public GeoPlacement? Placement { get; init; }

    /// <summary>GETs restart on a timeout (false: the PANDO-L3 negative control, a read that can wait forever).</summary>
    public bool ReadTimeouts { get; init; } = true;

    /// <summary>Clients read CONFLICT(⊥) as a definite CONFLICT (finding F6's negative control).</summary>
    public bool StaleAsConflict { get; init; }

    private bool Watches<T>() => Only is null || Only.Contains(typeof(T));

    /// <summary>The setup of one iteration.</summary>
    public void Setup(IActorRuntime rt)
    {
        var config = new Observation(new ObsConfig(Params));
        // Registers a watched monitor and gives it the deployment's parameters.
        void Use<T>() where T : Microsoft.Coyote.Specifications.Monitor
        {
            if (!Watches<T>()) return;
            rt.RegisterMonitor<T>();
            rt.Monitor<T>(config);
        }
        Use<AgreementMonitor>(); Use<StrongStabilityMonitor>(); Use<OneProposalPerBallotMonitor>(); Use<CommitSoundMonitor>();
        Use<ReadsChosenMonitor>(); Use<ReadsFreshMonitor>(); Use<CputTruthfulMonitor>(); Use<LinearizableMonitor>();
        Use<NoDataLossMonitor>(); Use<RecoverableMonitor>(); Use<GcSafeMonitor>(); Use<NoGapsMonitor>();
        if (CheckLiveness) { Use<LeaderDecidesMonitor>(); Use<CputReturnsMonitor>(); Use<ReadsReturnMonitor>(); }
        // The node-local rules PANDO-N1, N2, N3, N5 (Shared/Testing/LocalRules.cs); Pando's quorums are not plain counts, so N4 is not used.
        // N6 takes its erasure-coded form (SelectsRebuildable: the highest-ballot vid with K splits in the 1b replies), not
        // the plain highest-ballot rule.
        foreach (var (name, type) in LocalRules.Monitors)
            if (name is not "QuorumDistinct" and not "SelectsHighest" && (Only is null || Only.Contains(type))) LocalRules.Register(rt, name, "PANDO");

        var net = rt.CreateActor(typeof(Network), new NetworkSetup([], Faults) { DropTarget = PartialAccepts, DupTarget = RecoveryReplies, CrashTarget = DurableSteps });
        var sites = new List<ActorId>();
        for (int i = 0; i < Params.N; i++) sites.Add(rt.CreateActor(typeof(DataSite), new PandoInit(i, Params, Mutant, net, sites) { Timed = Faults.Timed }));
        var del = rt.CreateActor(typeof(Delegate), new PandoInit(0, Params, Mutant, net, sites) { Timed = Faults.Timed });
        var scripts = Scripts();
        int keys = scripts.SelectMany(x => x.Item2).Max(o => o.Key) + 1;
        // One leader per key (brief §2.4).
        var leaders = Enumerable.Range(0, keys).Select(k => rt.CreateActor(typeof(Leader),
            new PandoInit(0, Params, Mutant, net, sites) { Key = k, LeaderTimeouts = LeaderTimeouts, Timed = Faults.Timed })).ToList();
        // Sites may crash under every plan with crashes; the delegate and the leaders (re-elected on restart) only
        // when crashed nodes come back, so "permanent" means at most f sites down for good.
        var placement = new Dictionary<ActorId, int>();
        if (Placement is { } g)
        {
            if (g.Sites.Count != Params.N) throw new ArgumentException($"placement names {g.Sites.Count} sites, the deployment has N = {Params.N}");
            for (int i = 0; i < sites.Count; i++) placement[sites[i]] = Geo.Index(g.Sites[i]);
            placement[del] = Geo.Index(g.Delegate);
            foreach (var l in leaders) placement[l] = Geo.Index(g.Leader);
        }
        var crashable = Faults.Restart && Faults.MaxCrashes > 0 ? [.. sites, del, .. leaders] : sites;
        // The network learns every placement before any front-end starts sending.
        var fes = scripts.Select(_ => rt.CreateActorId(typeof(FrontEnd))).ToList();
        if (Placement is { } gp) foreach (var f in fes) placement[f] = Geo.Index(gp.Client);
        rt.SendEvent(net, new NetworkSetup(crashable, Faults)
        {
            Placement = placement, StartingSenders = Faults.Timed ? fes.Count : 0, DropTarget = PartialAccepts, DupTarget = RecoveryReplies,
            CrashTarget = DurableSteps,
        });
        for (int i = 0; i < scripts.Length; i++)
            rt.CreateActor(fes[i], typeof(FrontEnd), new PandoInit(i + 1, Params, Mutant, net, sites)
            {
                Delegate = scripts[i].Item1 ? del : null, Leaders = leaders, Ops = scripts[i].Item2, StaleAsConflict = StaleAsConflict,
                ReadTimeouts = ReadTimeouts,
                Timed = Faults.Timed,
            });
    }

    // The windows of the targeted faults (FaultPlan.TargetDrops, TargetDups): a proposer's Phase-2 PROPOSE (losing some
    // leaves a vid's splits at a few sites only), and the replies a proposer counts (a duplicate must not count twice).
    private static string? PartialAccepts(Event e) => e is Msg { Body: Propose } ? "Propose" : null;
    private static string? RecoveryReplies(Event e) => e is Msg { Body: Promise or Accepted } m ? m.Body.GetType().Name : null;
    // The window of the targeted crashes (FaultPlan.TargetCrashes): a data site's steps after which its promise or its
    // vote must already be durable.
    private static string? DurableSteps(Event e) => e is Msg { Body: Prepare or Propose } m ? m.Body.GetType().Name : null;

    /// <summary>The workload's clients: whether each uses the delegate, and its operations in order.</summary>
    private (bool, Op[])[] Scripts()
    {
        static Op W(int key, int ver, int vid, string value) => new(true, ver, vid, value) { Key = key };
        static Op R(int key, int ver) => new(false, ver) { Key = key };
        return Workload switch
        {
            Workload.Conflict => new[] { (true, new Op[] { new(true, 1, 11, "alpha") }),
                                         (false, new Op[] { new(true, 1, 21, "bravo") }),
                                         (false, new Op[] { new(false, 1), new(false, 1) }) },
            Workload.Versions => new[] { (true, new Op[] { new(true, 1, 11, "alpha"), new(true, 2, 12, "alpha2") }),
                                         (false, new Op[] { new(true, 1, 21, "bravo"), new(true, 2, 22, "bravo2") }),
                                         (false, new Op[] { new(false, 1), new(false, 2) }) },
            Workload.Duel => new[] { (true, new Op[] { new(true, 1, 11, "alpha"), new(false, 1) }),
                                     (false, new Op[] { new(true, 1, 21, "bravo"), new(false, 1) }) },
            Workload.Gap => new[] { (true, new Op[] { new(true, 1, 11, "alpha"), new(false, 1) }),
                                    (false, new Op[] { new(true, 2, 22, "bravo2"), new(false, 2) }) },
            Workload.Crowd => new[] { (true, new Op[] { new(true, 1, 11, "alpha"), new(true, 2, 12, "alpha2") }),
                                      (false, new Op[] { new(true, 1, 21, "bravo"), new(true, 2, 22, "bravo2") }),
                                      (false, new Op[] { new(true, 1, 31, "charlie"), new(true, 2, 32, "charlie2") }),
                                      (false, new Op[] { new(false, 1), new(false, 2), new(false, 1), new(false, 2) }) },
            // Vids are unique per (key, version): the first digit names the writer.
            Workload.Keys => new[] { (true, new[] { W(0, 1, 11, "alpha"), W(1, 1, 12, "xray"), W(0, 2, 13, "alpha2") }),
                                     (false, new[] { W(1, 1, 21, "yankee"), W(0, 1, 22, "bravo"), W(1, 2, 23, "yankee2") }),
                                     (false, new[] { R(0, 1), R(1, 1), R(0, 2), R(1, 2) }) },
            _ => new[] { (Placement?.Delegated ?? true, new Op[] { new(true, 1, 11, "alpha"), new(false, 1) }) },
        };
    }

    /// <summary>A Coyote scenario of this deployment.</summary>
    public Scenario Scenario(string name, uint iterations, uint seed = 1, Strategy strategy = Strategy.Random, uint maxSteps = 3000) =>
        new(name, Setup, iterations, maxSteps, seed, CheckLiveness ? Strategy.Fair : strategy);
}
