using PandoCoyote.LEGOStore;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Planning;

/// <summary>
/// The Coyote simulator's virtual-time latencies of ABD and CAS deployments (the network in timed mode, no faults, one
/// client), to hold <see cref="PlanModel"/>'s latency formulas to the actors: a client sends each phase to every server
/// and continues at the q-th reply, so its latency is the planner's formula with each quorum the q nearest servers.
/// Pando and RS-Paxos have their own (<see cref="Pando.LatencyModel"/>, <see cref="RSPaxos.LatencyModel"/>).
/// </summary>
public static class LegoSimulation
{
    /// <summary>One client at <paramref name="clientSite"/> runs a PUT then a GET (two-phase, no fast path) against servers placed on <paramref name="serverSites"/>; returns the two samples.</summary>
    public static IReadOnlyList<LatencySample> PutThenGet(LegoParams p, int[] serverSites, int clientSite)
    {
        if (serverSites.Length != p.M) throw new ArgumentException($"{serverSites.Length} sites for m = {p.M} servers");
        var system = new LegoSystem(p with { OptGet = false }, FaultPlan.Latency)
        {
            Placement = (serverSites, clientSite),
            Ops = [[new LegoOp(true, 11), new LegoOp(false)]],
            Only = ["RealTimeOrder"],
        };
        return Latencies.Measure(new Scenario("lego-latency", system.Setup, Iterations: 1, MaxSteps: 5000));
    }
}
