using PandoCoyote.PQR;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Tests.PQR;

/// The Coyote harness on PQR: a correct run finds nothing, a mutant is caught with its catalogue ID and its trace
/// replays, bad deployments are refused naming the field or the broken quorum constraint, and the message counts of
/// the baselines match the paper's Table 1 where its assumptions hold. The full list of deployments and mutants runs
/// from tests/coyote.json (./pando check --coyote --protocol PQR).
public class PqrCoyoteTests
{
    private static Dictionary<string, string> Fields(params string[] kv) =>
        kv.Select(x => x.Split(':', 2)).ToDictionary(x => x[0], x => x[1]);

    [Theory]
    [InlineData("S1", "none")]
    [InlineData("Flex", "failover")]
    public void A_correct_deployment_under_faults_violates_nothing(string p, string leader)
    {
        var s = PqrScenarios.Scenario($"xunit_pqr_{p}", Fields($"params:{p}", "faults:chaos", "workload:busy", $"leader:{leader}"), null, 20, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        Assert.Equal(20, r.Iterations);
    }

    [Fact]
    public void The_papers_motivating_bug_is_caught_with_its_id_and_the_saved_trace_replays_to_the_same_violation()
    {
        var s = PqrScenarios.Scenario("xunit_pqr_M1", Fields("params:S1", "faults:chaos", "mutant:M1"), "ReplySound", 3000, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.Equal(CoyoteVerdict.Violates, r.Kind);
        Assert.Equal(("PQR-I1", "ReplySound"), (r.Id, r.Monitor));
        var replay = CoyoteRunner.Run(s with { Iterations = 1 }, File.ReadAllText(r.TracePath!), quiet: true);
        Assert.Equal(r.Message, replay.Message);
    }

    [Theory]
    [InlineData("params", "S9", "params \"S9\"")]
    [InlineData("params", "n=3 q1=1 q2=2 rq=2", "F1 q1 + q2 > n fails")]
    [InlineData("params", "n=3 q1=2 q2=2 rq=1", "F2 rq + q2 > n fails")]
    [InlineData("params", "n=3 q1=2 q2=4 rq=2 unchecked", "every quorum size must be in 1..n")]
    [InlineData("params", "n=3 q1=2 q2=2 qr=2", "unknown parameter qr")]
    [InlineData("faults", "storm", "faults \"storm\"")]
    [InlineData("leader", "coup", "leader \"coup\"")]
    [InlineData("mutant", "M99", "mutant \"M99\"")]
    [InlineData("workload", "batch", "workload \"batch\"")]
    [InlineData("reads", "any", "reads \"any\"")]
    [InlineData("perKey", "yes", "perKey \"yes\"")]
    [InlineData("dupCheck", "off", "dupCheck \"off\"")]
    [InlineData("colour", "red", "deployment field \"colour\" is unknown")]
    public void Bad_deployment_fields_are_refused_naming_the_field_or_the_constraint(string field, string value, string message)
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => PqrScenarios.Build(new Dictionary<string, string> { [field] = value }, null));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void Leader_reads_are_refused_with_a_leader_change_and_a_monitor_must_belong_to_the_run()
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => PqrScenarios.Build(Fields("reads:leader", "leader:failover"), null));
        Assert.Contains("leases", e.Message);
        var m = Assert.ThrowsAny<ArgumentException>(() => PqrScenarios.Build(Fields("reads:log"), "TargetCoversFloor"));
        Assert.Contains("not a PQR monitor of this run", m.Message);
    }

    [Theory]
    [InlineData(PqrReadMode.LogRead, 5, 0.5)]
    [InlineData(PqrReadMode.LeaderRead, 5, 0.75)]
    [InlineData(PqrReadMode.Pqr, 3, 0.5)]
    public void One_client_on_a_stable_leader_handles_the_messages_of_the_papers_table_1(PqrReadMode mode, int n, double r)
    {
        var m = MessageCount.Measure(mode, n, r, opsPerClient: 40);
        var t = MessageCount.Table1(mode, n, r);
        Assert.Equal(t.Leader, m.Leader, 3);
        Assert.Equal(t.Client, m.Client, 3);
        // The table's follower entry for PQR is exact for n = 3 (every follower answers every read); the baselines' too.
        Assert.Equal(t.Follower, m.Follower, 3);
        Assert.Equal(0, m.Rinses);
    }
}
