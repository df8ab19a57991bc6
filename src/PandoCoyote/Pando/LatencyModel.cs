using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Pando;

/// <summary>
/// Brief §4.11's latency anatomy of Pando's operations, without the storage term: d(x, y) is the one-way delay,
/// rtt(x, y) = d(x, y) + d(y, x) (the table is not exactly symmetric, so a round trip is the sum of both
/// directions), and kth_q is the q-th smallest of a multiset. The Coyote simulator's virtual-time latencies must
/// equal these on a deployment without faults or contention (a test), which is what lets the simulator stand in
/// for the formulas and the formulas for the planner.
/// </summary>
public static class LatencyModel
{
    /// <summary>
    /// Runs one front-end's CPUT of version 1 then GET of version 1 on the simulator in virtual time (no faults, no
    /// contention) and returns the two measured operations.
    /// </summary>
    public static IReadOnlyList<LatencySample> Simulate(PandoParams p, GeoPlacement placement)
    {
        var system = new PandoSystem(p, FaultPlan.Latency, Workload.Single) { Placement = placement };
        return Latencies.Measure(new Scenario("latency", system.Setup, Iterations: 1, MaxSteps: 5000));
    }

    /// <summary>CPUT with partial delegation, common case: T1 = max(d(F,D), kth_q1a{d(F,s)+d(s,D)}), T2 = kth_q2{d(D,s)+d(s,F)}.</summary>
    public static double CputDelegated(PandoParams p, int[] sites, int fe, int del)
    {
        double t1 = Math.Max(Geo.Delay(fe, del), Geo.QthFastest(sites.Select(s => Geo.Delay(fe, s) + Geo.Delay(s, del)), p.Q1a));
        double t2 = Geo.QthFastest(sites.Select(s => Geo.Delay(del, s) + Geo.Delay(s, fe)), p.Q2);
        return t1 + t2;
    }

    /// <summary>CPUT direct from the FE: kth_q1a{rtt(F,s)} + kth_q2{rtt(F,s)}.</summary>
    public static double CputDirect(PandoParams p, int[] sites, int fe) =>
        Geo.QthFastest(sites.Select(s => Geo.RoundTrip(fe, s)), p.Q1a) + Geo.QthFastest(sites.Select(s => Geo.RoundTrip(fe, s)), p.Q2);

    /// <summary>GET on the fast path: kth_q1a{rtt(F,s)} (plus the site's storage read, not modelled).</summary>
    public static double GetFast(PandoParams p, int[] sites, int fe) => Geo.QthFastest(sites.Select(s => Geo.RoundTrip(fe, s)), p.Q1a);
}
