using PandoCoyote.RSPaxos;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Tests.RSPaxos;

/// The Coyote harness on RS-Paxos: a correct run finds nothing, a mutant is caught with its catalogue ID and its trace
/// replays, bad deployments are refused naming the field or the broken quorum constraint, and the simulator's
/// virtual-time latencies equal the brief's formulas. The full list of deployments and mutants runs from tests/coyote.json
/// (./pando check --coyote --protocol RSPaxos).
public class RspCoyoteTests
{
    private static Dictionary<string, string> Fields(params string[] kv) =>
        kv.Select(x => x.Split(':', 2)).ToDictionary(x => x[0], x => x[1]);

    [Theory]
    [InlineData("A", "none")]
    [InlineData("D", "failover")]
    public void A_correct_deployment_under_faults_violates_nothing(string p, string leader)
    {
        var s = RspScenarios.Scenario($"xunit_rsp_{p}", Fields($"params:{p}", "faults:chaos", "workload:busy", $"leader:{leader}"), null, 20, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        Assert.Equal(20, r.Iterations);
    }

    [Fact]
    public void A_wrong_share_index_is_caught_with_its_id_and_the_saved_trace_replays_to_the_same_violation()
    {
        var s = RspScenarios.Scenario("xunit_rsp_M9", Fields("params:A", "faults:reorder", "mutant:M9"), "ShareIndexIntegrity", 100, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.Equal(CoyoteVerdict.Violates, r.Kind);
        Assert.Equal(("RSP-S8", "ShareIndexIntegrity"), (r.Id, r.Monitor));
        var replay = CoyoteRunner.Run(s with { Iterations = 1 }, File.ReadAllText(r.TracePath!), quiet: true);
        Assert.Equal(r.Message, replay.Message);
    }

    [Theory]
    [InlineData("params", "Z", "params \"Z\"")]
    [InlineData("params", "n=4 x=3 qr=3 qw=3", "RS1 qr + qw - n >= x fails")]
    [InlineData("params", "n=4 x=5 qr=3 qw=3 unchecked", "must be in 1..n")]
    [InlineData("params", "n=4 x=2 qr=3 q2=3", "unknown parameter q2")]
    [InlineData("params", "n=4 x=2 qr=3", "missing qw")]
    [InlineData("faults", "storm", "faults \"storm\"")]
    [InlineData("leader", "coup", "leader \"coup\"")]
    [InlineData("mutant", "M99", "mutant \"M99\"")]
    [InlineData("workload", "batch", "workload \"batch\"")]
    [InlineData("catchUp", "sometimes", "catchUp \"sometimes\"")]
    [InlineData("gc", "yes", "gc \"yes\"")]
    [InlineData("colour", "red", "deployment field \"colour\" is unknown")]
    public void Bad_deployment_fields_are_refused_naming_the_field_or_the_constraint(string field, string value, string message)
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => RspScenarios.Build(new Dictionary<string, string> { [field] = value }, null));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void The_lease_mutant_needs_a_duel_and_a_monitor_must_be_an_RS_Paxos_one()
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => RspScenarios.Build(Fields("mutant:M11"), null));
        Assert.Contains("needs leader duel", e.Message);
        var c = Assert.ThrowsAny<ArgumentException>(() => RspScenarios.Build(Fields("mutant:M9c", "catchUp:false"), null));
        Assert.Contains("needs catchUp true", c.Message);
        var g = Assert.ThrowsAny<ArgumentException>(() => RspScenarios.Build(Fields("mutant:M13"), null));
        Assert.Contains("needs gc true", g.Message);
        var m = Assert.ThrowsAny<ArgumentException>(() => RspScenarios.Build(Fields("params:A"), "ReplySound"));
        Assert.Contains("not an RS-Paxos monitor", m.Message);
    }

    [Theory]
    [InlineData("A", "Tokyo")]
    [InlineData("A", "Virginia")]
    [InlineData("C", "São Paulo")]
    public void Simulated_latencies_equal_the_formulas(string p, string client)
    {
        var prm = RspScenarios.Params(p);
        string[] plan = ["Virginia", "Los Angeles", "Oregon", "Tokyo", "London"];
        var sites = plan.Take(prm.N).Select(Geo.Index).ToArray();
        int c = Geo.Index(client);
        var samples = LatencyModel.Simulate(prm, sites, c);
        Assert.Equal(3, samples.Count);
        Assert.Equal(LatencyModel.Write(prm, sites, c), samples[0].Milliseconds, 6);
        Assert.Equal(LatencyModel.FastRead(sites, c), samples[1].Milliseconds, 6);
        Assert.Equal("fast", samples[1].Path);
        Assert.Equal(LatencyModel.ConsistentRead(prm, sites, c), samples[2].Milliseconds, 6);
    }
}
