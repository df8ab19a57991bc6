using System.Globalization;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Quorums;

namespace PandoCoyote.Planning;

/// <summary>The protocols the planner deploys.</summary>
public enum PlanProtocol
{
    /// <summary>LEGOStore's ABD: replication, two phases per operation.</summary>
    Abd,
    /// <summary>LEGOStore's CAS: coded atomic storage, three-phase PUT, two-phase GET.</summary>
    Cas,
    /// <summary>Pando: Paxos on erasure-coded splits, partial delegation, one-round reads.</summary>
    Pando,
    /// <summary>RS-Paxos: Paxos on Reed–Solomon shares with a stable leader.</summary>
    RsPaxos,
}

/// <summary>
/// One client site's part of a deployment. <see cref="Quorums"/>: ABD Q1, Q2; CAS Q1..Q4 (brief LEGOStore §10.3 iq^k);
/// Pando the Phase-1a set of its writes and the set its GETs read from; RS-Paxos none (the leader's quorum serves every
/// client). <see cref="Delegate"/>: Pando's delegate data center, or the client's own for direct execution.
/// </summary>
public sealed record ClientPlan(int Dc, IReadOnlyList<int[]> Quorums, int Delegate = -1);

/// <summary>
/// A concrete deployment: the data centers holding data (<see cref="Sites"/>), the code dimension <see cref="K"/> (1 for
/// replication), the quorum sizes <see cref="Q"/> (ABD q1, q2; CAS q1..q4; Pando q1a, q1b, q2; RS-Paxos qr, qw) and each
/// client site's quorum sets; RS-Paxos adds its leader and the leader's write quorum.
/// </summary>
public sealed record Deployment(PlanProtocol Protocol, int[] Sites, int K, IReadOnlyList<int> Q, IReadOnlyList<ClientPlan> Clients,
    int Leader = -1, int[]? LeaderQuorum = null)
{
    /// <summary>The quorum sizes under the validator's names.</summary>
    public IReadOnlyDictionary<string, int> Sizes(int f) => Protocol switch
    {
        PlanProtocol.Abd => new Dictionary<string, int> { ["m"] = Sites.Length, ["q1"] = Q[0], ["q2"] = Q[1], ["f"] = f },
        PlanProtocol.Cas => new Dictionary<string, int> { ["m"] = Sites.Length, ["k"] = K, ["q1"] = Q[0], ["q2"] = Q[1], ["q3"] = Q[2], ["q4"] = Q[3], ["f"] = f },
        PlanProtocol.Pando => new Dictionary<string, int> { ["n"] = Sites.Length, ["k"] = K, ["f"] = f, ["q1a"] = Q[0], ["q1b"] = Q[1], ["q2"] = Q[2] },
        _ => new Dictionary<string, int> { ["n"] = Sites.Length, ["x"] = K, ["qr"] = Q[0], ["qw"] = Q[1] },
    };

    /// <summary>The repository's quorum validator on these sizes (RS-Paxos's f rules are in <see cref="PlanModel.RsFaultRules"/>).</summary>
    public QuorumReport Validate(int f) => QuorumConstraints.Validate(PlanModel.ValidatorName(Protocol), Sizes(f));

    /// <summary>Storage overhead: servers holding data over the code dimension.</summary>
    public double Overhead => (double)Sites.Length / K;

    /// <summary>Short text: protocol, sizes, sites.</summary>
    public string Describe()
    {
        string sites = string.Join(", ", Sites.Select(s => Geo.Sites[s]));
        return Protocol switch
        {
            PlanProtocol.Abd => $"ABD m={Sites.Length} q1={Q[0]} q2={Q[1]} on {sites}",
            PlanProtocol.Cas => $"CAS m={Sites.Length} k={K} q1={Q[0]} q2={Q[1]} q3={Q[2]} q4={Q[3]} on {sites}",
            PlanProtocol.Pando => $"Pando n={Sites.Length} k={K} q1a={Q[0]} q1b={Q[1]} q2={Q[2]} on {sites}",
            _ => $"RS-Paxos n={Sites.Length} x={K} qr={Q[0]} qw={Q[1]} on {sites}, leader {Geo.Sites[Leader]}",
        };
    }
}

/// <summary>Cost per hour, in dollars, by kind.</summary>
public readonly record struct Cost(double Network, double Storage, double Vm)
{
    /// <summary>The sum.</summary>
    public double Total => Network + Storage + Vm;

    /// <summary>Sum of two costs.</summary>
    public static Cost operator +(Cost a, Cost b) => new(a.Network + b.Network, a.Storage + b.Storage, a.Vm + b.Vm);

    /// <inheritdoc/>
    public override string ToString() => string.Create(CultureInfo.InvariantCulture,
        $"${Total:0.0000}/h (network {Network:0.0000}, storage {Storage:0.0000}, VMs {Vm:0.0000})");
}

/// <summary>One client site's worst-case operation latencies, ms.</summary>
public sealed record SiteLatency(int Dc, double GetMs, double PutMs);

/// <summary>A deployment's cost and latencies on a workload.</summary>
public sealed record Evaluation(Cost Cost, IReadOnlyList<SiteLatency> Latencies)
{
    /// <summary>The slowest client site's GET.</summary>
    public double WorstGet => Latencies.Max(l => l.GetMs);

    /// <summary>The slowest client site's PUT.</summary>
    public double WorstPut => Latencies.Max(l => l.PutMs);

    /// <summary>Whether every client site meets the SLOs that apply.</summary>
    public bool Meets(PlanWorkload w) => (!w.HasGets || WorstGet <= w.GetSloMs + PlanModel.Eps) && (!w.HasPuts || WorstPut <= w.PutSloMs + PlanModel.Eps);
}

/// <summary>
/// The latency and cost formulas, per protocol, shared by the optimizer and the brute-force check. Every message carries
/// <see cref="PlanWorkload.MetadataBytes"/> of metadata plus its payload (a value, a split of size/k, or nothing) and
/// is billed at its sender's outbound price to the receiver's data center (LEGOStore brief §10.3 Eq. 2 counts only the
/// payload-bearing legs; here requests and acknowledgements carry their metadata too). Latency is the worst case the
/// papers use: a phase waits for the slowest member of the quorum it contacts, with propagation delay only (no transfer
/// time, storage or coding). VMs: one VM per 600 request-phases per second reaching a data center
/// (<see cref="PriceTable.VmPerRequestRate"/>). Storage: each data-holding site stores a value (replication) or one
/// split of size/k, plus metadata, per object.
/// </summary>
public static class PlanModel
{
    /// <summary>Tolerance for comparing latencies and costs.</summary>
    public const double Eps = 1e-9;

    /// <summary>The validator's protocol name.</summary>
    public static string ValidatorName(PlanProtocol p) => p switch
    {
        PlanProtocol.Abd => "abd", PlanProtocol.Cas => "cas", PlanProtocol.Pando => "pando", _ => "rspaxos",
    };

    /// <summary>RS-Paxos's fault-tolerance rules beyond the validator's RS1 (brief RSPaxos §5): progress with f down, and a chosen value's shares surviving f lost disks.</summary>
    public static IEnumerable<string> RsFaultRules(int n, int x, int qr, int qw, int f)
    {
        if (Math.Max(qr, qw) > n - f) yield return $"F_live: max(qr, qw) = {Math.Max(qr, qw)} > n - f = {n - f}";
        if (qw - x < f) yield return $"F_data: qw - x = {qw - x} < f = {f}";
    }

    private static double PerHour(double bytesPerSecond, double pricePerGB) => bytesPerSecond * 3600 / PriceTable.BytesPerGB * pricePerGB;

    /// <summary>A request from <paramref name="src"/> to <paramref name="j"/> and its reply to <paramref name="dst"/>, at <paramref name="rate"/> per second: transfer plus the VM share at j.</summary>
    public static Cost Exchange(int src, int j, int dst, double reqBytes, double replyBytes, double rate) =>
        new(PerHour(rate * reqBytes, PriceTable.Network(src, j)) + PerHour(rate * replyBytes, PriceTable.Network(j, dst)), 0,
            rate * PriceTable.VmPerRequestRate * PriceTable.VmHour[j]);

    /// <summary>One message from <paramref name="a"/> to <paramref name="b"/> at <paramref name="rate"/> per second; with <paramref name="handled"/>, the VM share at b.</summary>
    public static Cost Hop(int a, int b, double bytes, double rate, bool handled) =>
        new(PerHour(rate * bytes, PriceTable.Network(a, b)), 0, handled ? rate * PriceTable.VmPerRequestRate * PriceTable.VmHour[b] : 0);

    /// <summary>Storage per hour: every site keeps <paramref name="bytesPerObject"/> for each object.</summary>
    public static Cost Storage(IEnumerable<int> sites, double bytesPerObject, double objects) =>
        new(0, sites.Sum(s => PriceTable.StorageGbMonth[s] / PriceTable.HoursPerMonth * objects * bytesPerObject / PriceTable.BytesPerGB), 0);

    /// <summary>A phase from <paramref name="src"/> to every member of <paramref name="set"/>, replies to <paramref name="dst"/>: the slowest member.</summary>
    public static double Phase(int src, IEnumerable<int> set, int dst) => set.Max(j => Geo.Delay(src, j) + Geo.Delay(j, dst));

    // ------------------------------------------------------------------ per-member terms (used by the optimizer too)

    /// <summary>ABD (brief LEGOStore §4.2): member j of client i's quorum t (0 = Q1 query, 1 = Q2 write / write-back). GET: Q1 returns values, Q2 writes the value back; PUT: Q1 returns tags, Q2 receives the value.</summary>
    public static Cost AbdMember(PlanWorkload w, int i, int j, int t)
    {
        double md = w.MetadataBytes, val = w.ObjectBytes + md, g = w.GetRate(i), p = w.PutRate(i);
        return t == 0 ? Exchange(i, j, i, md, val, g) + Exchange(i, j, i, md, md, p)
                      : Exchange(i, j, i, val, md, g + p);
    }

    /// <summary>CAS (brief LEGOStore §4.4): member j of client i's quorum t (0 = Q1 query of PUT and GET, 1 = Q2 pre-write of a split, 2 = Q3 fin, 3 = Q4 GET's fin-read returning a split).</summary>
    public static Cost CasMember(PlanWorkload w, int i, int j, int t, int k)
    {
        double md = w.MetadataBytes, split = w.ObjectBytes / k + md, g = w.GetRate(i), p = w.PutRate(i);
        return t switch
        {
            0 => Exchange(i, j, i, md, md, g + p),
            1 => Exchange(i, j, i, split, md, p),
            2 => Exchange(i, j, i, md, md, p),
            _ => Exchange(i, j, i, md, split, g),
        };
    }

    /// <summary>Pando GET fast path (brief Pando §4.7): FETCH to member s of FE i's read set, which answers with its split.</summary>
    public static Cost PandoReadMember(PlanWorkload w, int i, int s, int k) => Exchange(i, s, i, w.MetadataBytes, w.ObjectBytes / k + w.MetadataBytes, w.GetRate(i));

    /// <summary>Pando CPUT Phase 1 (brief §4.4): the FE's PREPARE to member s of its 1a set, the promise to delegate d.</summary>
    public static Cost PandoPrepareMember(PlanWorkload w, int i, int s, int d) => Exchange(i, s, d, w.MetadataBytes, w.MetadataBytes, w.PutRate(i));

    /// <summary>
    /// Pando CPUT, the part that does not depend on the 1a set: the value to the delegate (none when d = i, direct
    /// execution), Phase 2 from d to every site with its split and ACCEPTED to the FE (the brief §10.4 target set is all
    /// sites, so every FE's 1a quorum holds k splits and reads stay on the fast path), and the COMMIT to every site.
    /// </summary>
    public static Cost PandoWriteFixed(PlanWorkload w, int i, int d, int[] sites, int k)
    {
        double md = w.MetadataBytes, p = w.PutRate(i);
        var c = d == i ? default : Hop(i, d, w.ObjectBytes + md, p, handled: true);
        foreach (var s in sites) c += Exchange(d, s, i, w.ObjectBytes / k + md, md, p) + Hop(i, s, md, p, handled: true);
        return c;
    }

    /// <summary>Pando CPUT latency with delegate d (brief §4.11): max(d(F,D), slowest 1a member via D) + the q2-th fastest Phase-2 reply to F.</summary>
    public static double PandoPut(int i, int d, IEnumerable<int> prepareSet, int[] sites, int q2) =>
        Math.Max(d == i ? 0 : Geo.Delay(i, d), Phase(i, prepareSet, d)) + Geo.QthFastest(sites.Select(s => Geo.Delay(d, s) + Geo.Delay(s, i)), q2);

    /// <summary>RS-Paxos (brief RSPaxos §4.4–4.5): client i's request to leader L and the reply; a write carries the value in, a CONSISTENT read (a READMARK instance) carries it out.</summary>
    public static Cost RsClientPart(PlanWorkload w, int i, int leader)
    {
        double md = w.MetadataBytes, val = w.ObjectBytes + md;
        return Hop(i, leader, val, w.PutRate(i), true) + Hop(leader, i, md, w.PutRate(i), false)
             + Hop(i, leader, md, w.GetRate(i), true) + Hop(leader, i, val, w.GetRate(i), false);
    }

    /// <summary>RS-Paxos: member s of the leader's write quorum, over every client: an Accept with a share (writes) or a READMARK (reads), and the reply.</summary>
    public static Cost RsMember(PlanWorkload w, int leader, int s, int x)
    {
        double md = w.MetadataBytes, puts = w.ClientDcs.Sum(w.PutRate), gets = w.ClientDcs.Sum(w.GetRate);
        return Exchange(leader, s, leader, w.ObjectBytes / x + md, md, puts) + Exchange(leader, s, leader, md, md, gets);
    }

    /// <summary>Bytes each data-holding site stores per object.</summary>
    public static double StoredBytes(PlanProtocol p, PlanWorkload w, int k) =>
        (p == PlanProtocol.Abd ? w.ObjectBytes : w.ObjectBytes / k) + w.MetadataBytes;

    // ------------------------------------------------------------------ a whole deployment

    /// <summary>Cost per hour and each client site's latencies of a concrete deployment.</summary>
    public static Evaluation Evaluate(Deployment d, PlanWorkload w)
    {
        var cost = Storage(d.Sites, StoredBytes(d.Protocol, w, d.K), w.Objects);
        var lat = new List<SiteLatency>();
        foreach (var c in d.Clients)
        {
            int i = c.Dc;
            switch (d.Protocol)
            {
                case PlanProtocol.Abd:
                    for (int t = 0; t < 2; t++) foreach (var j in c.Quorums[t]) cost += AbdMember(w, i, j, t);
                    double abd = Phase(i, c.Quorums[0], i) + Phase(i, c.Quorums[1], i);
                    lat.Add(new SiteLatency(i, abd, abd));
                    break;
                case PlanProtocol.Cas:
                    for (int t = 0; t < 4; t++) foreach (var j in c.Quorums[t]) cost += CasMember(w, i, j, t, d.K);
                    double q1 = Phase(i, c.Quorums[0], i);
                    lat.Add(new SiteLatency(i, q1 + Phase(i, c.Quorums[3], i), q1 + Phase(i, c.Quorums[1], i) + Phase(i, c.Quorums[2], i)));
                    break;
                case PlanProtocol.Pando:
                    foreach (var s in c.Quorums[0]) cost += PandoPrepareMember(w, i, s, c.Delegate);
                    foreach (var s in c.Quorums[1]) cost += PandoReadMember(w, i, s, d.K);
                    cost += PandoWriteFixed(w, i, c.Delegate, d.Sites, d.K);
                    lat.Add(new SiteLatency(i, Phase(i, c.Quorums[1], i), PandoPut(i, c.Delegate, c.Quorums[0], d.Sites, d.Q[2])));
                    break;
                default:
                    cost += RsClientPart(w, i, d.Leader);
                    double rs = Geo.RoundTrip(i, d.Leader) + Phase(d.Leader, d.LeaderQuorum!, d.Leader);
                    lat.Add(new SiteLatency(i, rs, rs));
                    break;
            }
        }
        if (d.Protocol == PlanProtocol.RsPaxos) foreach (var s in d.LeaderQuorum!) cost += RsMember(w, d.Leader, s, d.K);
        return new Evaluation(cost, lat);
    }
}
