using PandoCoyote.Shared.Network;

namespace PandoCoyote.Planning;

/// <summary>A deployment the planner chose, with its cost and latencies.</summary>
public sealed record PlanResult(Deployment Deployment, Evaluation Evaluation);

/// <summary>
/// The optimizer (LEGOStore brief §10.3; Pando brief §10.1): the cheapest deployment of one protocol that meets the
/// workload's SLOs and tolerates f failures. The search is exact over the candidate data centers:
/// <list type="bullet">
/// <item>every subset of them as the data-holding sites, and every code dimension;</item>
/// <item>every quorum-size vector that is minimal among the valid ones (the repository's quorum validator; RS-Paxos's
/// f rules). A larger quorum never lowers a cost or a latency, so a non-minimal vector is never needed;</item>
/// <item>for each client site and quorum, the cheapest members among those within a latency threshold, for every
/// threshold. A quorum's latency is its slowest member and its cost a sum over members, so the cheapest quorum under
/// a latency budget is the cheapest q members within it, and trying every threshold (every member's latency) for
/// all but the last phase of an operation, which takes the rest of the budget, is exhaustive;</item>
/// <item>Pando: every data center as the delegate, or none; RS-Paxos: every site as the leader.</item>
/// </list>
/// The cost and latency of each choice come from <see cref="PlanModel"/>; a brute-force enumeration of every quorum
/// set checks the result on small cases (tests).
/// </summary>
public static class Planner
{
    private const double Inf = double.PositiveInfinity;

    /// <summary>The cheapest feasible deployment, or null when none meets the SLOs.</summary>
    public static PlanResult? Best(PlanProtocol protocol, PlanWorkload w)
    {
        var dcs = w.Dcs;
        var clients = w.ClientDcs.ToArray();
        Deployment? best = null;
        double bestCost = Inf;
        for (int mask = 1; mask < 1 << dcs.Count; mask++)
        {
            var sites = Enumerable.Range(0, dcs.Count).Where(b => (mask >> b & 1) != 0).Select(b => dcs[b]).ToArray();
            foreach (var (cost, d) in protocol switch
            {
                PlanProtocol.Abd => Abd(w, sites, clients),
                PlanProtocol.Cas => Cas(w, sites, clients),
                PlanProtocol.Pando => PandoPlans(w, sites, clients),
                _ => Rs(w, sites, clients),
            })
                if (cost < bestCost - PlanModel.Eps * Math.Max(1, bestCost == Inf ? 1 : bestCost)) { bestCost = cost; best = d(); }
        }
        return best is null ? null : new PlanResult(best, PlanModel.Evaluate(best, w));
    }

    /// <summary>The code dimensions a placement on <paramref name="sites"/> (m of them) allows (every quorum ≤ m − f and the decoding overlap need k ≤ m − 2f; 1 for ABD) within the overhead bound, with their storage cost.</summary>
    private static IEnumerable<(int K, double Storage)> Codes(PlanProtocol p, PlanWorkload w, int[] sites)
    {
        int m = sites.Length;
        for (int k = 1; k <= (p == PlanProtocol.Abd ? Math.Min(1, m - 2 * w.F) : m - 2 * w.F); k++)
            if ((double)m / k <= w.MaxOverhead + PlanModel.Eps && (w.FixedK is null || w.FixedK == k))
                yield return (k, PlanModel.Storage(sites, PlanModel.StoredBytes(p, w, k), w.Objects).Total);
    }

    private static double GetBudget(PlanWorkload w) => w.HasGets ? w.GetSloMs : Inf;
    private static double PutBudget(PlanWorkload w) => w.HasPuts ? w.PutSloMs : Inf;

    // ------------------------------------------------------------------ ABD

    private static IEnumerable<(double, Func<Deployment>)> Abd(PlanWorkload w, int[] sites, int[] clients)
    {
        int m = sites.Length, f = w.F;
        if (Codes(PlanProtocol.Abd, w, sites).FirstOrDefault() is not (1, var storage)) yield break;
        double budget = Math.Min(GetBudget(w), PutBudget(w));       // GET and PUT both take Q1 then Q2
        var tables = clients.Select(i => (T0: Table(sites, j => Geo.RoundTrip(i, j), j => PlanModel.AbdMember(w, i, j, 0).Total),
                                          T1: Table(sites, j => Geo.RoundTrip(i, j), j => PlanModel.AbdMember(w, i, j, 1).Total))).ToArray();
        for (int q1 = f + 1; q1 <= m - f; q1++)
        {
            int q2 = m + 1 - q1;
            double total = storage;
            var picks = new (int H1, int H2)[clients.Length];
            for (int c = 0; c < clients.Length && total < Inf; c++)
            {
                var (t0, t1) = tables[c];
                double bc = Inf;
                for (int h1 = 0; h1 < t0.T.Length; h1++)
                {
                    int h2 = t1.Index(budget - t0.T[h1]);
                    if (h2 < 0) continue;
                    double v = t0.Cost(h1, q1) + t1.Cost(h2, q2);
                    if (v < bc) { bc = v; picks[c] = (h1, h2); }
                }
                total += bc;
            }
            if (total == Inf) continue;
            int qq1 = q1;
            yield return (total, () => new Deployment(PlanProtocol.Abd, sites, 1, [qq1, q2],
                [.. clients.Select((i, c) => new ClientPlan(i, [tables[c].T0.Set(picks[c].H1, qq1), tables[c].T1.Set(picks[c].H2, q2)]))]));
        }
    }

    // ------------------------------------------------------------------ CAS

    private static IEnumerable<(double, Func<Deployment>)> Cas(PlanWorkload w, int[] sites, int[] clients)
    {
        int m = sites.Length, f = w.F;
        double gb = GetBudget(w), pb = PutBudget(w);
        var q1Tables = clients.Select(i => Table(sites, j => Geo.RoundTrip(i, j), j => PlanModel.CasMember(w, i, j, 0, 1).Total)).ToArray();
        var q3Tables = clients.Select(i => Table(sites, j => Geo.RoundTrip(i, j), j => PlanModel.CasMember(w, i, j, 2, 1).Total)).ToArray();
        foreach (var (k, storage) in Codes(PlanProtocol.Cas, w, sites))
        {
            int kk = k;
            var q2Tables = clients.Select(i => Table(sites, j => Geo.RoundTrip(i, j), j => PlanModel.CasMember(w, i, j, 1, kk).Total)).ToArray();
            var q4Tables = clients.Select(i => Table(sites, j => Geo.RoundTrip(i, j), j => PlanModel.CasMember(w, i, j, 3, kk).Total)).ToArray();
            for (int q1 = f + 1; q1 <= m - f; q1++)
            {
                int q3 = m + 1 - q1;
                for (int q4 = Math.Max(k, m + 1 - q1); q4 <= m - f; q4++)
                {
                    int q2 = Math.Max(1, m + k - q4);
                    if (q2 > m - f) continue;
                    double total = storage;
                    var picks = new (int H1, int H2, int H3, int H4)[clients.Length];
                    for (int c = 0; c < clients.Length && total < Inf; c++)
                    {
                        var (t1, t2, t3, t4) = (q1Tables[c], q2Tables[c], q3Tables[c], q4Tables[c]);
                        double bc = Inf;
                        for (int h1 = 0; h1 < t1.T.Length; h1++)
                        {
                            double c1 = t1.Cost(h1, q1);
                            if (c1 == Inf) continue;
                            int h4 = t4.Index(gb - t1.T[h1]);
                            if (h4 < 0) continue;
                            double c4 = t4.Cost(h4, q4);
                            for (int h2 = 0; h2 < t2.T.Length; h2++)
                            {
                                int h3 = t3.Index(pb - t1.T[h1] - t2.T[h2]);
                                if (h3 < 0) break;                          // thresholds ascend: later h2 leave less
                                double v = c1 + c4 + t2.Cost(h2, q2) + t3.Cost(h3, q3);
                                if (v < bc) { bc = v; picks[c] = (h1, h2, h3, h4); }
                            }
                        }
                        total += bc;
                    }
                    if (total == Inf) continue;
                    int a = q1, b = q2, cc = q3, d = q4;
                    yield return (total, () => new Deployment(PlanProtocol.Cas, sites, kk, [a, b, cc, d],
                        [.. clients.Select((i, c) => new ClientPlan(i, [q1Tables[c].Set(picks[c].H1, a), q2Tables[c].Set(picks[c].H2, b),
                            q3Tables[c].Set(picks[c].H3, cc), q4Tables[c].Set(picks[c].H4, d)]))]));
                }
            }
        }
    }

    // ------------------------------------------------------------------ Pando

    private static IEnumerable<(double, Func<Deployment>)> PandoPlans(PlanWorkload w, int[] sites, int[] clients)
    {
        int n = sites.Length, f = w.F, dcs = PriceTable.Count;
        double gb = GetBudget(w), pb = PutBudget(w);
        // Per client site and delegate d (d = the site itself: direct), whatever k and q2 are: the Phase-1a table (via d)
        // and the Phase-2 reply delays from d back to the front-end, sorted (the q2-th is when Phase 2 ends).
        var prep = clients.Select(i => Enumerable.Range(0, dcs).Select(d =>
            Table(sites, s => Geo.Delay(i, s) + Geo.Delay(s, d), s => PlanModel.PandoPrepareMember(w, i, s, d).Total)).ToArray()).ToArray();
        var back = clients.Select(i => Enumerable.Range(0, dcs).Select(d =>
            sites.Select(s => Geo.Delay(d, s) + Geo.Delay(s, i)).Order().ToArray()).ToArray()).ToArray();
        foreach (var (k, storage) in Codes(PlanProtocol.Pando, w, sites))
        {
            int kk = k;
            var reads = clients.Select(i => Table(sites, s => Geo.RoundTrip(i, s), s => PlanModel.PandoReadMember(w, i, s, kk).Total)).ToArray();
            var fixedWrite = clients.Select(i => Enumerable.Range(0, dcs).Select(d => PlanModel.PandoWriteFixed(w, i, d, sites, kk).Total).ToArray()).ToArray();
            for (int q2 = f + k; q2 <= n - f; q2++)
            {
                int q1a = Math.Max(k, n + 1 - q2), q1b = n + k - q2;
                double total = storage;
                var picks = new (int Read, int Del, int Prep)[clients.Length];
                for (int c = 0; c < clients.Length && total < Inf; c++)
                {
                    int i = clients[c];
                    int hr = reads[c].Index(gb);
                    if (hr < 0 || reads[c].Cost(hr, q1a) == Inf) { total = Inf; break; }
                    double bc = Inf;
                    for (int d = 0; d < dcs; d++)
                    {
                        double budget1 = pb - back[c][d][q2 - 1];
                        if (d != i && Geo.Delay(i, d) > budget1 + PlanModel.Eps) continue;
                        int hp = prep[c][d].Index(budget1);
                        if (hp < 0) continue;
                        double v = prep[c][d].Cost(hp, q1a) + fixedWrite[c][d];
                        if (v < bc) { bc = v; picks[c] = (hr, d, hp); }
                    }
                    total += bc + reads[c].Cost(hr, q1a);
                }
                if (total == Inf) continue;
                int a = q1a, b = q1b, q = q2;
                var pk = picks;
                yield return (total, () => new Deployment(PlanProtocol.Pando, sites, kk, [a, b, q],
                    [.. clients.Select((i, c) => new ClientPlan(i, [prep[c][pk[c].Del].Set(pk[c].Prep, a), reads[c].Set(pk[c].Read, a)], pk[c].Del))]));
            }
        }
    }

    // ------------------------------------------------------------------ RS-Paxos

    private static IEnumerable<(double, Func<Deployment>)> Rs(PlanWorkload w, int[] sites, int[] clients)
    {
        int n = sites.Length, f = w.F;
        double gb = GetBudget(w), pb = PutBudget(w);
        foreach (var (x, storage) in Codes(PlanProtocol.RsPaxos, w, sites))
        {
            foreach (var leader in sites)
            {
                // Every client's request crosses to the leader and back around the leader's Accept round.
                double budget = clients.Min(i => Math.Min(gb, pb) - Geo.RoundTrip(i, leader));
                int xx = x;
                var table = Table(sites, s => Geo.RoundTrip(leader, s), s => PlanModel.RsMember(w, leader, s, xx).Total);
                int h = table.Index(budget);
                if (h < 0) continue;
                double fixedPart = storage + clients.Sum(i => PlanModel.RsClientPart(w, i, leader).Total);
                for (int qw = x + f; qw <= n - f; qw++)
                {
                    int qr = n + x - qw;
                    double v = table.Cost(h, qw);
                    if (v == Inf) continue;
                    int l = leader, q = qw;
                    yield return (fixedPart + v, () => new Deployment(PlanProtocol.RsPaxos, sites, xx, [qr, q],
                        [.. clients.Select(i => new ClientPlan(i, []))], l, table.Set(h, q)));
                }
            }
        }
    }

    // ------------------------------------------------------------------ the cheapest q members within a latency threshold

    private static Cheapest Table(int[] members, Func<int, double> latency, Func<int, double> cost) =>
        new(members, [.. members.Select(latency)], [.. members.Select(cost)]);

    /// <summary>
    /// For each distinct member latency T[h] (ascending), the members within it sorted by cost and the prefix sums, so
    /// the cheapest q members within a budget cost one lookup.
    /// </summary>
    private sealed class Cheapest
    {
        private readonly int[] _members;
        private readonly int[][] _order;
        private readonly double[][] _prefix;

        /// <summary>Distinct latencies, ascending.</summary>
        public readonly double[] T;

        public Cheapest(int[] members, double[] lat, double[] cost)
        {
            _members = members;
            T = [.. lat.Distinct().Order()];
            _order = new int[T.Length][];
            _prefix = new double[T.Length][];
            for (int h = 0; h < T.Length; h++)
            {
                double th = T[h];
                _order[h] = [.. Enumerable.Range(0, members.Length).Where(j => lat[j] <= th).OrderBy(j => cost[j]).ThenBy(j => lat[j])];
                _prefix[h] = new double[_order[h].Length + 1];
                for (int q = 1; q <= _order[h].Length; q++) _prefix[h][q] = _prefix[h][q - 1] + cost[_order[h][q - 1]];
            }
        }

        /// <summary>The largest threshold index within <paramref name="budget"/>, or −1.</summary>
        public int Index(double budget)
        {
            int h = -1;
            while (h + 1 < T.Length && T[h + 1] <= budget + PlanModel.Eps) h++;
            return h;
        }

        /// <summary>The cheapest q members within T[h]; infinity when fewer are within it.</summary>
        public double Cost(int h, int q) => q < _prefix[h].Length ? _prefix[h][q] : Inf;

        /// <summary>Those members (data-center indices).</summary>
        public int[] Set(int h, int q) => [.. _order[h].Take(q).Select(j => _members[j]).Order()];
    }
}

/// <summary>A plan with the reason it is what it is: the constraint that binds, or why nothing is feasible.</summary>
/// <param name="Protocol">The protocol planned.</param>
/// <param name="Result">The cheapest feasible deployment, or null.</param>
/// <param name="Binding">What limits the choice: the SLOs that cost money, or none.</param>
/// <param name="Infeasible">Why no deployment is feasible (null when one is).</param>
public sealed record PlanOutcome(PlanProtocol Protocol, PlanResult? Result, string Binding, string? Infeasible);

/// <summary>Explains a plan: which constraint binds, or which cannot be met and by how much.</summary>
public static class PlanExplainer
{
    /// <summary>Plans <paramref name="p"/> for <paramref name="w"/> and says what binds or why nothing fits.</summary>
    public static PlanOutcome Plan(PlanProtocol p, PlanWorkload w)
    {
        if (w.Minimize != PlanObjective.Cost) return MinimizeLatency(p, w);
        var best = Planner.Best(p, w);
        var free = Planner.Best(p, w with { GetSloMs = double.PositiveInfinity, PutSloMs = double.PositiveInfinity });
        if (free is null && p == PlanProtocol.Abd && w.FixedK is > 1)
            return new(p, null, "", $"ABD replicates whole values (k = 1), and k = {w.FixedK} was asked for");
        if (free is null)
        {
            string over = double.IsPositiveInfinity(w.MaxOverhead) ? "" : $" within storage overhead {w.MaxOverhead:0.##}";
            string withK = w.FixedK is { } fk ? $" with k = {fk}" : "";
            return new(p, null, "", $"no deployment on the {w.Dcs.Count} candidate data centers tolerates f = {w.F}{withK}{over}: " +
                $"{Name(p)} needs at least {2 * w.F + (w.FixedK ?? 1)} data-holding sites (every quorum ≤ sites − f and the quorum intersections)");
        }
        if (best is null)
        {
            var getOnly = w with { PutSloMs = double.PositiveInfinity };
            var putOnly = w with { GetSloMs = double.PositiveInfinity };
            if (w.HasGets && Planner.Best(p, getOnly) is null)
            {
                var (lat, site) = MinWorst(p, w, get: true);
                return new(p, null, "", $"the GET SLO of {w.GetSloMs:0.#} ms cannot be met: the lowest worst-site GET latency {Name(p)} reaches is {lat:0.0} ms (client site {site})");
            }
            if (w.HasPuts && Planner.Best(p, putOnly) is null)
            {
                var (lat, site) = MinWorst(p, w, get: false);
                return new(p, null, "", $"the PUT SLO of {w.PutSloMs:0.#} ms cannot be met: the lowest worst-site PUT latency {Name(p)} reaches is {lat:0.0} ms (client site {site})");
            }
            return new(p, null, "", $"the GET SLO of {w.GetSloMs:0.#} ms and the PUT SLO of {w.PutSloMs:0.#} ms can each be met, but no {Name(p)} deployment meets both");
        }
        double c = best.Evaluation.Cost.Total;
        if (free.Evaluation.Cost.Total >= c - 1e-12) return new(p, best, "none: the cheapest deployment of any latency meets both SLOs", null);
        var binds = new List<string>();
        double saveGet = c - (Planner.Best(p, w with { GetSloMs = double.PositiveInfinity })?.Evaluation.Cost.Total ?? c);
        double savePut = c - (Planner.Best(p, w with { PutSloMs = double.PositiveInfinity })?.Evaluation.Cost.Total ?? c);
        string Worst(bool get)
        {
            var l = best.Evaluation.Latencies.MaxBy(x => get ? x.GetMs : x.PutMs)!;
            return $"{Geo.Sites[l.Dc]} at {(get ? l.GetMs : l.PutMs):0.0} ms";
        }
        if (saveGet > 1e-12) binds.Add($"the GET SLO ({w.GetSloMs:0.#} ms; worst site {Worst(true)}): without it ${saveGet:0.0000}/h cheaper");
        if (savePut > 1e-12) binds.Add($"the PUT SLO ({w.PutSloMs:0.#} ms; worst site {Worst(false)}): without it ${savePut:0.0000}/h cheaper");
        if (binds.Count == 0) binds.Add($"the two SLOs together (either alone would not): without both ${c - free.Evaluation.Cost.Total:0.0000}/h cheaper");
        return new(p, best, string.Join("; ", binds), null);
    }

    /// <summary>The lowest worst-site latency of one operation <paramref name="p"/> can reach (the other SLO dropped), by bisection on the planner's feasibility, to 0.01 ms.</summary>
    public static (double Ms, string Site) MinWorst(PlanProtocol p, PlanWorkload w, bool get)
    {
        var found = Lowest(p, w with { GetSloMs = double.PositiveInfinity, PutSloMs = double.PositiveInfinity }, get, double.PositiveInfinity);
        if (found is null) return (double.PositiveInfinity, "none");
        var worst = found.Evaluation.Latencies.MaxBy(x => get ? x.GetMs : x.PutMs)!;
        return (get ? worst.GetMs : worst.PutMs, Geo.Sites[worst.Dc]);
    }

    /// <summary>
    /// The cheapest deployment among those with the lowest worst-site latency of one operation, within <paramref name="w"/>'s
    /// other bounds and <paramref name="budget"/>: bisection on that operation's SLO (feasibility is monotone in it), to 0.01 ms.
    /// </summary>
    public static PlanResult? Lowest(PlanProtocol p, PlanWorkload w, bool get, double budget)
    {
        double bound = get ? w.GetSloMs : w.PutSloMs;
        return Tightest(ms => Planner.Best(p, get ? w with { GetSloMs = Math.Min(ms, bound) } : w with { PutSloMs = Math.Min(ms, bound) }) is { } r
                              && r.Evaluation.Cost.Total <= budget + 1e-12 ? r : null,
                        r => get ? r.Evaluation.WorstGet : r.Evaluation.WorstPut);
    }

    /// <summary>
    /// The plan at the tightest latency bound that is still feasible: <paramref name="at"/> plans under a bound (null when
    /// nothing fits; feasibility only grows with the bound), <paramref name="latency"/> is what the bound limits.
    /// Bisection from the unbounded plan's latency down, to 0.01 ms; null when nothing fits at all.
    /// </summary>
    public static PlanResult? Tightest(Func<double, PlanResult?> at, Func<PlanResult, double> latency)
    {
        var found = at(double.PositiveInfinity);
        if (found is null) return null;
        double lo = 0, hi = latency(found);
        while (hi - lo > 0.01)
        {
            double mid = (lo + hi) / 2;
            if (at(mid) is { } r) { hi = mid; found = r; } else lo = mid;
        }
        return found;
    }

    private static PlanOutcome MinimizeLatency(PlanProtocol p, PlanWorkload w)
    {
        bool get = w.Minimize == PlanObjective.GetLatency;
        string op = get ? "GET" : "PUT";
        var best = Lowest(p, w, get, w.BudgetPerHour);
        if (best is null)
        {
            var cheapest = Plan(p, w with { Minimize = PlanObjective.Cost, BudgetPerHour = double.PositiveInfinity });
            if (cheapest.Result is null) return cheapest;
            return new(p, null, "", $"the budget of ${w.BudgetPerHour:0.####}/h is below the cheapest {Name(p)} deployment within the other bounds (${cheapest.Result.Evaluation.Cost.Total:0.0000}/h)");
        }
        var l = best.Evaluation.Latencies.MaxBy(x => get ? x.GetMs : x.PutMs)!;
        string budget = double.IsPositiveInfinity(w.BudgetPerHour) ? "" : $" within ${w.BudgetPerHour:0.####}/h";
        return new(p, best, $"objective: the lowest worst-site {op} latency{budget}, {(get ? l.GetMs : l.PutMs):0.0} ms at {Geo.Sites[l.Dc]}; the cheapest deployment reaching it", null);
    }

    /// <summary>Display name.</summary>
    public static string Name(PlanProtocol p) => p switch
    {
        PlanProtocol.Abd => "ABD", PlanProtocol.Cas => "CAS", PlanProtocol.Pando => "Pando", _ => "RS-Paxos",
    };
}
