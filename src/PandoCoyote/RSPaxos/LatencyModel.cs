using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.RSPaxos;

/// <summary>
/// The latency anatomy of RS-Paxos's paths (brief RSPaxos §4.10) on the nine-data-center table, without storage,
/// coding or transfer time: d(x, y) is the one-way delay, rtt(x, y) = d(x, y) + d(y, x) (every server's own site
/// included: the leader's Accept to itself crosses its data center, 2 ms there and back), kth_q the q-th smallest. The
/// Coyote simulator's virtual-time latencies must equal these on a deployment without faults or contention (a test).
/// </summary>
public static class LatencyModel
{
    /// <summary>
    /// Runs one client at <paramref name="clientSite"/> against a stable leader (server 0) on the simulator in virtual
    /// time: a write of k0, a FAST read of k0, a CONSISTENT read of k0. <paramref name="sites"/>[i] is server i's data
    /// center, so sites[0] is the leader's.
    /// </summary>
    public static IReadOnlyList<LatencySample> Simulate(RspParams p, int[] sites, int clientSite)
    {
        if (sites.Length != p.N) throw new ArgumentException($"{sites.Length} sites for n = {p.N} servers");
        var system = new RspSystem(new RspSettings(p, RspMutant.None, Resend: false, Timed: true), FaultPlan.Latency, RspWorkload.W1R2)
        {
            Scripts = [[new RspOpSpec(true, 0), new RspOpSpec(false, 0, Fast: true), new RspOpSpec(false, 0)]],
            Placement = (sites, [clientSite]),
        };
        return Latencies.Measure(new Scenario("rsp-latency", system.Setup, Iterations: 1, MaxSteps: 5000));
    }

    /// <summary>Steady-state write (fast path): d(C, L) + kth_QW{rtt(L, s)} + d(L, C).</summary>
    public static double Write(RspParams p, int[] sites, int client) =>
        Geo.Delay(client, sites[0]) + Geo.QthFastest(sites.Select(s => Geo.RoundTrip(sites[0], s)), p.QW) + Geo.Delay(sites[0], client);

    /// <summary>A CONSISTENT read is a READMARK instance: the same as a write.</summary>
    public static double ConsistentRead(RspParams p, int[] sites, int client) => Write(p, sites, client);

    /// <summary>A FAST read at the lease-holding leader with the value cached: d(C, L) + d(L, C).</summary>
    public static double FastRead(int[] sites, int client) => Geo.RoundTrip(client, sites[0]);

    /// <summary>The first write after a takeover (slow path, formula only): a batch Prepare round to QR, then the fast path.</summary>
    public static double WriteAfterTakeover(RspParams p, int[] sites, int client) =>
        Geo.QthFastest(sites.Select(s => Geo.RoundTrip(sites[0], s)), p.QR) + Write(p, sites, client);
}
