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
}

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

    /// <summary>Clients read CONFLICT(⊥) as a definite CONFLICT (finding F6's negative control).</summary>
    public bool StaleAsConflict { get; init; }

    private bool Watches<T>() => Only is null || Only.Contains(typeof(T));

    /// <summary>The setup of one iteration.</summary>
    public void Setup(IActorRuntime rt)
    {
        if (Watches<AgreementMonitor>()) rt.RegisterMonitor<AgreementMonitor>();
        if (Watches<StrongStabilityMonitor>()) rt.RegisterMonitor<StrongStabilityMonitor>();
        if (Watches<OneProposalPerBallotMonitor>()) rt.RegisterMonitor<OneProposalPerBallotMonitor>();
        if (Watches<CommitSoundMonitor>()) rt.RegisterMonitor<CommitSoundMonitor>();
        if (Watches<ReadsChosenMonitor>()) rt.RegisterMonitor<ReadsChosenMonitor>();
        if (Watches<ReadsFreshMonitor>()) rt.RegisterMonitor<ReadsFreshMonitor>();
        if (Watches<CputTruthfulMonitor>()) rt.RegisterMonitor<CputTruthfulMonitor>();
        if (Watches<LinearizableMonitor>()) rt.RegisterMonitor<LinearizableMonitor>();
        if (CheckLiveness) rt.RegisterMonitor<LeaderDecidesMonitor>();
        var config = new Observation(new ObsConfig(Params));
        if (Watches<AgreementMonitor>()) rt.Monitor<AgreementMonitor>(config);
        if (Watches<StrongStabilityMonitor>()) rt.Monitor<StrongStabilityMonitor>(config);
        if (Watches<OneProposalPerBallotMonitor>()) rt.Monitor<OneProposalPerBallotMonitor>(config);
        if (Watches<CommitSoundMonitor>()) rt.Monitor<CommitSoundMonitor>(config);
        if (Watches<ReadsChosenMonitor>()) rt.Monitor<ReadsChosenMonitor>(config);
        if (Watches<ReadsFreshMonitor>()) rt.Monitor<ReadsFreshMonitor>(config);
        if (Watches<CputTruthfulMonitor>()) rt.Monitor<CputTruthfulMonitor>(config);

        var net = rt.CreateActor(typeof(Network), new NetworkSetup([], Faults));
        var sites = new List<ActorId>();
        for (int i = 0; i < Params.N; i++) sites.Add(rt.CreateActor(typeof(DataSite), new PandoInit(i, Params, Mutant, net, sites)));
        var del = rt.CreateActor(typeof(Delegate), new PandoInit(0, Params, Mutant, net, sites));
        var leader = rt.CreateActor(typeof(Leader), new PandoInit(0, Params, Mutant, net, sites) { LeaderTimeouts = LeaderTimeouts });
        // Sites may crash under every plan with crashes; the delegate and the leader (re-elected on restart) only
        // when crashed nodes come back, so "permanent" means at most f sites down for good.
        rt.SendEvent(net, new NetworkSetup(Faults.Restart && Faults.MaxCrashes > 0 ? [.. sites, del, leader] : sites, Faults));
        var scripts = Workload == Workload.Conflict
            ? new[] { (true, new Op[] { new(true, 1, 11, "alpha") }),
                      (false, new Op[] { new(true, 1, 21, "bravo") }),
                      (false, new Op[] { new(false, 1), new(false, 1) }) }
            : new[] { (true, new Op[] { new(true, 1, 11, "alpha"), new(true, 2, 12, "alpha2") }),
                      (false, new Op[] { new(true, 1, 21, "bravo"), new(true, 2, 22, "bravo2") }),
                      (false, new Op[] { new(false, 1), new(false, 2) }) };
        int fe = 1;
        foreach (var (delegated, ops) in scripts)
            rt.CreateActor(typeof(FrontEnd), new PandoInit(fe++, Params, Mutant, net, sites)
            {
                Delegate = delegated ? del : null, Leader = leader, Ops = ops, StaleAsConflict = StaleAsConflict,
            });
    }

    /// <summary>A Coyote scenario of this deployment.</summary>
    public Scenario Scenario(string name, uint iterations, uint seed = 1, Strategy strategy = Strategy.Random, uint maxSteps = 3000) =>
        new(name, Setup, iterations, maxSteps, seed, CheckLiveness ? Strategy.Fair : strategy);
}
