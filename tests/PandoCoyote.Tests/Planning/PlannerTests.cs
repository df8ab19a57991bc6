using PandoCoyote.LEGOStore;
using PandoCoyote.Planning;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Quorums;
using Xunit;

namespace PandoCoyote.Tests.Planning;

/// The planner's formulas against hand computation and the simulator, its search against brute force, and its input errors.
public class PlannerTests
{
    private static int D(string name) => Geo.Index(name);
    private const double Inf = double.PositiveInfinity;

    private static double[] Clients(params (string Dc, double Share)[] xs)
    {
        var w = new double[PriceTable.Count];
        foreach (var (dc, s) in xs) w[D(dc)] = s;
        return w;
    }

    // ------------------------------------------------------------------ formulas, by hand

    [Fact]
    public void Abd_cost_and_latency_match_a_hand_computation()
    {
        // 1,000 B objects, 100 B metadata, 1 req/s from Tokyo, half GETs; ABD on Tokyo, Singapore, Oregon.
        var w = new PlanWorkload(1000, 0.5, 1, Clients(("Tokyo", 1)), Inf, Inf, 1);
        int tok = D("Tokyo"), sin = D("Singapore"), ore = D("Oregon");
        var d = new Deployment(PlanProtocol.Abd, [tok, sin, ore], 1, [2, 2], [new ClientPlan(tok, [[tok, sin], [tok, ore]])]);
        var e = PlanModel.Evaluate(d, w);
        // Latency: Q1 waits for Singapore (35 + 36 ms), Q2 for Oregon (45 + 47.5 ms).
        Assert.Equal(71 + 92.5, e.Latencies[0].GetMs, 9);
        Assert.Equal(71 + 92.5, e.Latencies[0].PutMs, 9);
        // Network, in bytes × $/GB per second (Tokyo's own traffic is free): GET query to Singapore 0.5 × (100 × 0.12 +
        // 1100 × 0.09); PUT query 0.5 × (100 × 0.12 + 100 × 0.09); value to Oregon 1 × (1100 × 0.12 + 100 × 0.08).
        double perSecond = 0.5 * (100 * 0.12 + 1100 * 0.09) + 0.5 * (100 * 0.12 + 100 * 0.09) + (1100 * 0.12 + 100 * 0.08);
        Assert.Equal(perSecond * 3600 / (1 << 30), e.Cost.Network, 12);
        // VMs: one request-phase per second at Tokyo twice, Singapore and Oregon once, one VM per 600.
        Assert.Equal((2 * 0.0261 + 0.0253 + 0.0215) / 600, e.Cost.Vm, 12);
        // Storage: 1,100 B at each site, $/GB·month over 730 hours.
        Assert.Equal((0.052 + 0.044 + 0.04) / 730 * 1100 / (1 << 30), e.Cost.Storage, 15);
    }

    [Fact]
    public void Cas_get_takes_two_phases_and_put_three()
    {
        var w = new PlanWorkload(3000, 0.5, 2, Clients(("Oregon", 1)), Inf, Inf, 1);
        int[] s = [D("Oregon"), D("Los Angeles"), D("Virginia"), D("Tokyo"), D("London")];
        int ore = D("Oregon"), la = D("Los Angeles"), va = D("Virginia"), tok = D("Tokyo");
        // CAS(5, 3): q1 = 3, q2 = 4, q3 = 3, q4 = 4 (C1 3+3 > 5, C2 3+4 > 5, C3 4+4 >= 8).
        var d = new Deployment(PlanProtocol.Cas, s, 3, [3, 4, 3, 4], [new ClientPlan(ore, [[ore, la, va], [ore, la, va, tok], [ore, la, va], [ore, la, va, tok]])]);
        Assert.True(d.Validate(1).Valid);
        var e = PlanModel.Evaluate(d, w);
        double rva = Geo.RoundTrip(ore, va), rtok = Geo.RoundTrip(ore, tok);
        Assert.Equal(rva + rtok, e.Latencies[0].GetMs, 9);
        Assert.Equal(rva + rtok + rva, e.Latencies[0].PutMs, 9);
        // The pre-write carries a third of the value: Tokyo's share of the PUT network is 1 × (1000 + 100) × 0.08 out and 100 × 0.12 back.
        var tokyoPre = PlanModel.CasMember(w, ore, tok, 1, 3);
        Assert.Equal(1 * (1100 * 0.08 + 100 * 0.12) * 3600 / (1 << 30), tokyoPre.Network, 12);
    }

    [Fact]
    public void Pando_and_rspaxos_latencies_are_the_simulator_checked_formulas()
    {
        // The planner's Pando and RS-Paxos latencies, with each set the nearest quorum, equal the formulas that
        // tests/PandoCoyote.Tests/{Pando,RSPaxos} hold to the Coyote simulator on the same deployments.
        int[] sites = [D("Los Angeles"), D("Oregon"), D("Virginia"), D("Tokyo")];
        var v2 = PandoCoyote.Pando.PandoParams.V2;
        foreach (var fe in Enumerable.Range(0, PriceTable.Count))
        {
            int del = D("Oregon");
            var prep = sites.OrderBy(s => Geo.Delay(fe, s) + Geo.Delay(s, del)).Take(v2.Q1a);
            Assert.Equal(PandoCoyote.Pando.LatencyModel.CputDelegated(v2, sites, fe, del), PlanModel.PandoPut(fe, del, prep, sites, v2.Q2), 9);
            var near = sites.OrderBy(s => Geo.RoundTrip(fe, s)).Take(v2.Q1a);
            Assert.Equal(PandoCoyote.Pando.LatencyModel.CputDirect(v2, sites, fe), PlanModel.PandoPut(fe, fe, near, sites, v2.Q2), 9);
            Assert.Equal(PandoCoyote.Pando.LatencyModel.GetFast(v2, sites, fe), PlanModel.Phase(fe, near, fe), 9);
            var rsp = PandoCoyote.RSPaxos.RspParams.Checked(4, 2, 3, 3);
            var w = new PlanWorkload(1000, 0.5, 1, Clients((Geo.Sites[fe], 1)), Inf, Inf, 1);
            var quorum = sites.OrderBy(s => Geo.RoundTrip(sites[0], s)).Take(3).ToArray();
            var d = new Deployment(PlanProtocol.RsPaxos, sites, 2, [3, 3], [new ClientPlan(fe, [])], sites[0], quorum);
            Assert.Equal(PandoCoyote.RSPaxos.LatencyModel.Write(rsp, sites, fe), PlanModel.Evaluate(d, w).Latencies[0].PutMs, 9);
        }
    }

    public static TheoryData<string, string, string> LegoDeployments => new()
    {
        { "abd 3 2 2", "Tokyo,Singapore,Oregon", "Tokyo" },
        { "abd 5 3 3", "Virginia,London,Frankfurt,Oregon,São Paulo", "Los Angeles" },
        { "cas 5 3 4 4 4 4", "Tokyo,Sydney,Singapore,Virginia,Oregon", "Sydney" },
        { "cas 5 1 2 4 4 4", "Virginia,London,Frankfurt,Oregon,Los Angeles", "Tokyo" },
        { "cas 4 2 3 3 2 3", "Los Angeles,Oregon,Virginia,Tokyo", "São Paulo" },
    };

    [Theory]
    [MemberData(nameof(LegoDeployments))]
    public void Abd_and_cas_latencies_equal_the_simulators(string sizes, string servers, string client)
    {
        var n = sizes.Split(' ');
        int[] q = [.. n.Skip(1).Select(int.Parse)];
        var p = n[0] == "abd" ? LegoParams.Abd(q[0], 1, q[1], q[2]) : LegoParams.Cas(q[0], q[1], 1, q[2], q[3], q[4], q[5]);
        int[] sites = [.. servers.Split(',').Select(D)];
        int c = D(client);
        var samples = LegoSimulation.PutThenGet(p, sites, c);
        Assert.Equal(2, samples.Count);
        // The planner's formula with every quorum the q nearest servers (the simulated client waits for the q-th reply).
        int[] Near(int size) => [.. sites.OrderBy(s => Geo.RoundTrip(c, s)).Take(size)];
        var d = p.Protocol == LegoProtocol.Abd
            ? new Deployment(PlanProtocol.Abd, sites, 1, [p.Q1, p.Q2], [new ClientPlan(c, [Near(p.Q1), Near(p.Q2)])])
            : new Deployment(PlanProtocol.Cas, sites, p.K, [p.Q1, p.Q2, p.Q3, p.Q4], [new ClientPlan(c, [Near(p.Q1), Near(p.Q2), Near(p.Q3), Near(p.Q4)])]);
        var e = PlanModel.Evaluate(d, new PlanWorkload(1000, 0.5, 1, Clients((client, 1)), Inf, Inf, 1));
        Assert.Equal("put", samples[0].Operation);
        Assert.Equal(e.Latencies[0].PutMs, samples[0].Milliseconds, 6);
        Assert.Equal("get", samples[1].Operation);
        Assert.Equal(e.Latencies[0].GetMs, samples[1].Milliseconds, 6);
    }

    // ------------------------------------------------------------------ the search against brute force

    /// Every size-subset of <paramref name="of"/>, from the repository's threshold quorum family.
    private static IEnumerable<int[]> Subsets(int[] of, int size) =>
        new ThresholdQuorums(of.Length, size).Quorums().Select(q => q.Order().Select(j => of[j]).ToArray());

    private static IEnumerable<int[]> AllSubsets(IReadOnlyList<int> of) =>
        Enumerable.Range(1, (1 << of.Count) - 1).Select(m => Enumerable.Range(0, of.Count).Where(b => (m >> b & 1) != 0).Select(b => of[b]).ToArray());

    /// Every size vector the validator accepts (not only the minimal ones), with its code dimension.
    private static IEnumerable<(int K, int[] Q)> AllSizes(PlanProtocol p, int m, int f)
    {
        var r = Enumerable.Range(1, m).ToArray();
        foreach (var k in p == PlanProtocol.Abd ? [1] : r)
            foreach (var q in p switch
            {
                PlanProtocol.Abd => from a in r from b in r select new[] { a, b },
                PlanProtocol.Cas => from a in r from b in r from c in r from d in r select new[] { a, b, c, d },
                PlanProtocol.Pando => from a in r from b in r from c in r select new[] { a, b, c },
                _ => from a in r from b in r select new[] { a, b },
            })
            {
                var d = new Deployment(p, new int[m], k, q, []);
                if (!d.Validate(f).Valid) continue;
                if (p == PlanProtocol.Pando && q[0] > q[1]) continue;          // C4' (a warning in the validator, a rule for plans)
                if (p == PlanProtocol.RsPaxos && PlanModel.RsFaultRules(m, k, q[0], q[1], f).Any()) continue;
                yield return (k, q);
            }
    }

    /// The cheapest feasible deployment by enumerating every placement, size vector and quorum set (and delegate, leader).
    private static double BruteForce(PlanProtocol p, PlanWorkload w)
    {
        double best = Inf;
        foreach (var sites in AllSubsets(w.Dcs))
            foreach (var (k, q) in AllSizes(p, sites.Length, w.F))
            {
                if ((double)sites.Length / k > w.MaxOverhead + 1e-9) continue;
                double storage = PlanModel.Storage(sites, PlanModel.StoredBytes(p, w, k), w.Objects).Total;
                if (p == PlanProtocol.RsPaxos)
                {
                    foreach (var leader in sites)
                        foreach (var wq in Subsets(sites, q[1]))
                        {
                            var d = new Deployment(p, sites, k, q, [.. w.ClientDcs.Select(i => new ClientPlan(i, []))], leader, wq);
                            var e = PlanModel.Evaluate(d, w);
                            if (e.Meets(w)) best = Math.Min(best, e.Cost.Total);
                        }
                    continue;
                }
                // Clients are independent given the sizes: each one's cheapest feasible choice, over every quorum set.
                double total = storage;
                foreach (var i in w.ClientDcs)
                {
                    IEnumerable<ClientPlan> choices = p switch
                    {
                        PlanProtocol.Abd => from a in Subsets(sites, q[0]) from b in Subsets(sites, q[1]) select new ClientPlan(i, [a, b]),
                        PlanProtocol.Cas => from a in Subsets(sites, q[0]) from b in Subsets(sites, q[1]) from c in Subsets(sites, q[2]) from d in Subsets(sites, q[3]) select new ClientPlan(i, [a, b, c, d]),
                        _ => from del in Enumerable.Range(0, PriceTable.Count) from a in Subsets(sites, q[0]) from r in Subsets(sites, q[0]) select new ClientPlan(i, [a, r], del),
                    };
                    double bc = Inf;
                    foreach (var c in choices)
                    {
                        var e = PlanModel.Evaluate(new Deployment(p, sites, k, q, [c]), w);
                        if (e.Meets(w)) bc = Math.Min(bc, e.Cost.Total - storage);
                    }
                    total += bc;
                }
                best = Math.Min(best, total);
            }
        return best;
    }

    public static TheoryData<string, double, double, double> SmallCases => new()
    {
        // protocol, read ratio, GET SLO, PUT SLO: loose, tight and infeasible budgets on four candidate data centers.
        { "Abd", 0.5, 1000, 1000 }, { "Abd", 0.9, 200, 400 }, { "Abd", 0.5, 100, 100 },
        { "Cas", 0.5, 1000, 1000 }, { "Cas", 0.9, 300, 500 }, { "Cas", 0.1, 250, 1000 }, { "Cas", 0.5, 120, 120 },
        { "Pando", 0.5, 1000, 1000 }, { "Pando", 0.9, 150, 250 }, { "Pando", 0.2, 300, 200 }, { "Pando", 0.5, 60, 60 },
        { "RsPaxos", 0.5, 1000, 1000 }, { "RsPaxos", 0.5, 250, 250 }, { "RsPaxos", 0.5, 80, 80 },
    };

    [Theory]
    [MemberData(nameof(SmallCases))]
    public void Search_finds_the_brute_force_optimum(string protocol, double reads, double getSlo, double putSlo)
    {
        var p = Enum.Parse<PlanProtocol>(protocol);
        var w = new PlanWorkload(2048, reads, 100, Clients(("Tokyo", 0.6), ("Virginia", 0.4)), getSlo, putSlo, 1, Objects: 50_000,
            Candidates: [D("Tokyo"), D("Singapore"), D("Oregon"), D("Los Angeles")]);
        double brute = BruteForce(p, w);
        var plan = Planner.Best(p, w);
        if (double.IsPositiveInfinity(brute)) { Assert.Null(plan); return; }
        Assert.NotNull(plan);
        Assert.Equal(brute, plan.Evaluation.Cost.Total, 1e-12);
        Assert.True(plan.Evaluation.Meets(w));
    }

    [Fact]
    public void Brute_force_cases_include_feasible_and_infeasible_ones()
    {
        // The theory above is not vacuous: some of its cases are feasible, some not, and some are bound by an SLO.
        var feasible = SmallCases.Select(r => (string)r[0] is var p && Planner.Best(Enum.Parse<PlanProtocol>(p),
            new PlanWorkload(2048, (double)r[1], 100, Clients(("Tokyo", 0.6), ("Virginia", 0.4)), (double)r[2], (double)r[3], 1, Objects: 50_000,
                Candidates: [D("Tokyo"), D("Singapore"), D("Oregon"), D("Los Angeles")])) is not null).ToList();
        Assert.Contains(true, feasible);
        Assert.Contains(false, feasible);
    }

    [Fact]
    public void Every_plan_passes_the_quorum_validator()
    {
        foreach (var f in new[] { 1, 2 })
            foreach (var clients in new[] { Clients(("Tokyo", 1)), Clients(("Sydney", 0.5), ("Tokyo", 0.5)), Enumerable.Repeat(1.0 / 9, 9).ToArray() })
                foreach (var p in Enum.GetValues<PlanProtocol>())
                {
                    var r = Planner.Best(p, new PlanWorkload(4096, 0.5, 200, clients, 800, 800, f, Objects: 1000));
                    Assert.NotNull(r);
                    var report = r.Deployment.Validate(f);
                    Assert.True(report.Valid, report.Explain());
                    var d = r.Deployment;
                    if (p == PlanProtocol.RsPaxos) Assert.Empty(PlanModel.RsFaultRules(d.Sites.Length, d.K, d.Q[0], d.Q[1], f));
                    Assert.All(d.Clients, c => Assert.All(c.Quorums, s => Assert.Subset(d.Sites.ToHashSet(), s.ToHashSet())));
                }
    }

    [Fact]
    public void A_tighter_slo_never_costs_less()
    {
        var w = new PlanWorkload(1024, 0.97, 500, Clients(("Tokyo", 1)), Inf, Inf, 1, Objects: 1_000_000);
        foreach (var p in Enum.GetValues<PlanProtocol>())
        {
            double prev = 0;
            foreach (var slo in new[] { 1000.0, 400, 250, 200, 180 }.Reverse())
            {
                var r = Planner.Best(p, w with { GetSloMs = slo, PutSloMs = slo });
                if (r is null) continue;
                Assert.True(r.Evaluation.Cost.Total <= prev + 1e-12 || prev == 0, $"{p} at {slo} ms");
                prev = r.Evaluation.Cost.Total;
            }
        }
    }

    // ------------------------------------------------------------------ explanations and bad input

    [Fact]
    public void Infeasible_plans_name_the_slo_and_the_best_reachable_latency()
    {
        var w = new PlanWorkload(1024, 0.5, 200, Enumerable.Repeat(1.0 / 9, 9).ToArray(), 50, 1000, 1);
        var o = PlanExplainer.Plan(PlanProtocol.Abd, w);
        Assert.Null(o.Result);
        Assert.StartsWith("the GET SLO of 50 ms cannot be met: the lowest worst-site GET latency ABD reaches is ", o.Infeasible);
        var tooMany = PlanExplainer.Plan(PlanProtocol.Cas, w with { GetSloMs = 1000, F = 5 });
        Assert.Contains("tolerates f = 5", tooMany.Infeasible);
        Assert.Contains("at least 11 data-holding sites", tooMany.Infeasible);
    }

    [Fact]
    public void A_binding_slo_is_named_and_a_loose_one_is_not()
    {
        var w = new PlanWorkload(1024, 0.97, 500, Clients(("Tokyo", 1)), 80, 1000, 1, Objects: 1_000_000);
        var tight = PlanExplainer.Plan(PlanProtocol.Pando, w);
        Assert.StartsWith("the GET SLO (80 ms; worst site Tokyo at 71.0 ms)", tight.Binding);
        var loose = PlanExplainer.Plan(PlanProtocol.Pando, w with { GetSloMs = 5000, PutSloMs = 5000 });
        Assert.StartsWith("none", loose.Binding);
    }

    [Theory]
    [InlineData("rate=-3", "rate: \"-3\" must be a number of requests per second above 0")]
    [InlineData("reads=1.5", "reads: \"1.5\" must be a fraction of GETs between 0 and 1, or HR, RW, HW")]
    [InlineData("size=big", "size: \"big\" must be a size in bytes of at least 1 (suffixes B, KB, MB, GB)")]
    [InlineData("clients=Atlantis", "clients: unknown data center \"Atlantis\"")]
    [InlineData("clients=Tokyo:0.5,Sydney:0.4", "clients: the shares add up to 0.9, not 1")]
    [InlineData("f=1.5", "f: \"1.5\" must be a whole number of failures, 0 or more")]
    [InlineData("color=red", "unknown parameter \"color\"")]
    [InlineData("slo", "\"slo\" is not key=value")]
    [InlineData("exclude=Tokyo,Sydney,Singapore,Frankfurt,London,Virginia,São Paulo,Los Angeles,Oregon", "exclude: every data center is excluded")]
    public void Malformed_input_names_the_parameter(string arg, string message)
    {
        var e = Assert.Throws<PlanInputException>(() => PlanWorkload.Parse([arg]));
        Assert.StartsWith(message, e.Message);
    }

    [Fact]
    public void Input_is_parsed_with_units_and_keywords()
    {
        var w = PlanWorkload.Parse(["size=10KB", "reads=HR", "rate=500", "clients=Sydney+Tokyo", "get-slo=200", "f=2", "objects=1e6", "dcs=Tokyo,Sydney,Singapore,Virginia,Oregon,los-angeles"]);
        Assert.Equal(10240, w.ObjectBytes);
        Assert.Equal(30.0 / 31, w.ReadRatio, 12);
        Assert.Equal(0.5, w.Clients[D("Sydney")]);
        Assert.Equal(200, w.GetSloMs);
        Assert.Equal(1000, w.PutSloMs);
        Assert.Equal(6, w.Dcs.Count);
        Assert.Contains(D("Los Angeles"), w.Dcs);
    }

    [Fact]
    public void A_frontier_chart_is_well_formed_svg_with_a_line_per_protocol_and_gaps_where_infeasible()
    {
        int n = Frontiers.Slos().Count();
        var series = Enum.GetValues<PlanProtocol>().ToDictionary(p => p, p => Enumerable.Range(0, n).Select(i => p == PlanProtocol.Cas && i < 5 ? double.NaN : 0.1 + 0.01 * (int)p).ToArray());
        var doc = System.Xml.Linq.XDocument.Parse(Frontiers.Svg("test & title", series));
        var ns = System.Xml.Linq.XNamespace.Get("http://www.w3.org/2000/svg");
        Assert.Equal(4, doc.Descendants(ns + "polyline").Count());
        Assert.Contains(doc.Descendants(ns + "text"), t => t.Value == "CAS (from 200 ms)");
        Assert.Contains(doc.Descendants(ns + "text"), t => t.Value == "test & title");
    }

    [Fact]
    public void Minimizing_a_latency_respects_the_budget_and_trades_against_it()
    {
        // Pando's ConfigManager form: bound cost and the PUT latency, minimize the GET latency.
        var w = PlanWorkload.Parse(["clients=Sydney+Tokyo", "minimize=get", "put-slo=400", "overhead=3", "objects=1000000"]);
        var free = PlanExplainer.Plan(PlanProtocol.Pando, w).Result!;
        var (ms, _) = PlanExplainer.MinWorst(PlanProtocol.Pando, w with { PutSloMs = 400 }, get: true);
        Assert.Equal(ms, free.Evaluation.WorstGet, 6);
        Assert.True(free.Evaluation.WorstPut <= 400);
        // A budget below that deployment's cost forces a slower GET, and the result stays within the budget.
        double budget = free.Evaluation.Cost.Total * 0.995;
        var tight = PlanExplainer.Plan(PlanProtocol.Pando, w with { BudgetPerHour = budget });
        var r = Assert.IsType<PlanResult>(tight.Result);
        Assert.True(r.Evaluation.Cost.Total <= budget);
        Assert.True(r.Evaluation.WorstGet > free.Evaluation.WorstGet);
        var broke = PlanExplainer.Plan(PlanProtocol.Pando, w with { BudgetPerHour = 1e-6 });
        Assert.StartsWith("the budget of $0/h is below the cheapest Pando deployment", broke.Infeasible);
    }

    [Theory]
    [InlineData(new[] { "minimize=speed" }, "minimize: \"speed\" is not cost, get or put")]
    [InlineData(new[] { "budget=2" }, "budget: applies only with minimize=get or minimize=put")]
    [InlineData(new[] { "minimize=get", "get-slo=100" }, "get-slo: cannot bound the GET latency that minimize=get minimizes")]
    [InlineData(new[] { "minimize=put", "reads=1" }, "minimize: put, but reads=1 issues no PUTs")]
    [InlineData(new[] { "k=0" }, "k: \"0\" must be a whole code dimension, 1 or more")]
    public void Objective_misuse_is_refused(string[] args, string message)
    {
        var e = Assert.Throws<PlanInputException>(() => PlanWorkload.Parse(args));
        Assert.StartsWith(message, e.Message);
    }

    [Theory]
    [InlineData("Sydney+Tokyo", "put")]
    [InlineData("Virginia+London", "get")]
    public void Planned_pando_and_rspaxos_deployments_simulate_to_the_planners_latencies(string clients, string minimize)
    {
        // The planner's own choice of sites, sizes, delegate and leader, run on the Coyote actors in virtual time. The
        // actors send to every site and continue at the q-th reply, so they match the formula on the nearest sets.
        var w = PlanWorkload.Parse([$"clients={clients}", $"minimize={minimize}", "overhead=3"]);
        var pando = PlanExplainer.Plan(PlanProtocol.Pando, w).Result!.Deployment;
        var pp = PandoCoyote.Pando.PandoParams.Create(pando.Sites.Length, pando.K, w.F, pando.Q[0], pando.Q[1], pando.Q[2]);
        foreach (var c in pando.Clients)
        {
            var names = pando.Sites.Select(s => Geo.Sites[s]).ToList();
            bool delegated = c.Delegate != c.Dc;
            var sim = PandoCoyote.Pando.LatencyModel.Simulate(pp, new(names, Geo.Sites[c.Delegate], names[0], Geo.Sites[c.Dc], delegated));
            var prep = pando.Sites.OrderBy(s => Geo.Delay(c.Dc, s) + Geo.Delay(s, c.Delegate)).Take(pp.Q1a);
            var near = pando.Sites.OrderBy(s => Geo.RoundTrip(c.Dc, s)).Take(pp.Q1a);
            Assert.Equal(PlanModel.PandoPut(c.Dc, c.Delegate, prep, pando.Sites, pp.Q2), sim.Single(x => x.Operation == "cput").Milliseconds, 6);
            Assert.Equal(PlanModel.Phase(c.Dc, near, c.Dc), sim.Single(x => x.Operation == "get").Milliseconds, 6);
        }
        var rs = PlanExplainer.Plan(PlanProtocol.RsPaxos, w).Result!.Deployment;
        var rp = PandoCoyote.RSPaxos.RspParams.Checked(rs.Sites.Length, rs.K, rs.Q[0], rs.Q[1]);
        int[] ordered = [rs.Leader, .. rs.Sites.Where(s => s != rs.Leader)];
        foreach (var c in rs.Clients)
        {
            var sim = PandoCoyote.RSPaxos.LatencyModel.Simulate(rp, ordered, c.Dc);
            var nearest = ordered.OrderBy(s => Geo.RoundTrip(rs.Leader, s)).Take(rp.QW).ToArray();
            var e = PlanModel.Evaluate(rs with { LeaderQuorum = nearest, Clients = [c] }, w);
            Assert.Equal(e.Latencies[0].PutMs, sim[0].Milliseconds, 6);
            Assert.Equal(e.Latencies[0].GetMs, sim[2].Milliseconds, 6);
        }
    }

    [Fact]
    public void A_fixed_code_dimension_is_honoured_and_abd_refuses_k_above_1()
    {
        var w = PlanWorkload.Parse(["clients=Sydney+Tokyo", "k=3"]);
        foreach (var p in new[] { PlanProtocol.Cas, PlanProtocol.Pando, PlanProtocol.RsPaxos })
            Assert.Equal(3, PlanExplainer.Plan(p, w).Result!.Deployment.K);
        Assert.Equal("ABD replicates whole values (k = 1), and k = 3 was asked for", PlanExplainer.Plan(PlanProtocol.Abd, w).Infeasible);
        var many = PlanExplainer.Plan(PlanProtocol.Cas, w with { FixedK = 8 });
        Assert.StartsWith("no deployment on the 9 candidate data centers tolerates f = 1 with k = 8", many.Infeasible);
        Assert.Contains("at least 10 data-holding sites", many.Infeasible);
    }
}
