using PandoCoyote.Pando;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Tests.Pando;

/// The Coyote harness on Pando: a correct run finds nothing, a mutant is caught with its catalogue ID and its trace
/// replays to the same violation, and bug reports are classified by ID. The full list of correct deployments and
/// mutants runs from tests/coyote.json as the "coyote" level of ./pando test (./pando check --coyote).
public class PandoCoyoteTests
{
    [Fact]
    public void A_correct_deployment_under_loss_duplication_and_reordering_violates_nothing()
    {
        var s = PandoScenarios.Scenario("xunit_V1_chaos", new Dictionary<string, string> { ["params"] = "V1", ["faults"] = "chaos" }, null, false, 30, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        Assert.Equal(30, r.Iterations);
    }

    [Fact]
    public void A_mutant_is_caught_with_its_id_and_the_saved_trace_replays_to_the_same_violation()
    {
        var fields = new Dictionary<string, string> { ["params"] = "V2", ["faults"] = "chaos", ["mutant"] = "M4" };
        var s = PandoScenarios.Scenario("xunit_M4", fields, "Agreement", false, 500, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s);
        Assert.Equal(CoyoteVerdict.Violates, r.Kind);
        Assert.Equal("PANDO-S1", r.Id);
        Assert.Equal("Agreement", r.Monitor);
        Assert.StartsWith("[PANDO-S1] Agreement:", r.Message);
        Assert.True(File.Exists(r.TracePath) && File.Exists(r.LogPath));
        var replay = CoyoteRunner.Run(s with { Iterations = 1 }, File.ReadAllText(r.TracePath!));
        Assert.Equal(r.Message, replay.Message);
    }

    [Fact]
    public void A_bug_writes_the_failing_iterations_messages_with_their_fields()
    {
        var fields = new Dictionary<string, string> { ["params"] = "V2", ["faults"] = "chaos", ["mutant"] = "M4" };
        var r = CoyoteRunner.Run(PandoScenarios.Scenario("xunit_M4_messages", fields, "Agreement", false, 500, 1, Strategy.Random, 3000));
        var dir = Path.GetDirectoryName(r.LogPath)!;
        var text = File.ReadAllLines(Path.Combine(dir, "messages.txt"));
        // "n. sender → receiver: Message { fields }" with short actor names, and the bug at the end.
        Assert.Contains(text, l => System.Text.RegularExpressions.Regex.IsMatch(l, @"^\s+\d+\. FrontEnd\(\d+\) → DataSite\(\d+\): Prepare \{ Key = \d+, Ver = \d+, Bal = "));
        Assert.Contains(text, l => l.Contains("Accepted { From = ", StringComparison.Ordinal));
        Assert.DoesNotContain(text, l => l.Contains("PandoCoyote.", StringComparison.Ordinal));
        Assert.Equal(r.Message, text[^1]);
        // The same steps as a chart: one message line per delivery, lanes named after the actors, the bug last.
        var msc = File.ReadAllLines(Path.Combine(dir, "messages.msc"));
        Assert.StartsWith("lanes DataSite(", msc[1]);
        Assert.Equal(text.Count(l => l.Contains(" → ", StringComparison.Ordinal)), msc.Count(l => l.Contains(" -> ", StringComparison.Ordinal)));
        Assert.StartsWith("bad ", msc[^1]);
    }

    [Theory]
    [InlineData("[PANDO-S14] CputTruthful: CPUT 101 returned OK", CoyoteVerdict.Violates, "PANDO-S14", "CputTruthful")]
    [InlineData("Monitor 'PandoCoyote.Pando.LeaderDecidesMonitor' detected liveness bug in hot state 'Waiting' at the end of program execution.", CoyoteVerdict.Liveness, null, "LeaderDecides")]
    [InlineData("PandoCoyote.LEGOStore.OpsCompleteMonitor detected potential liveness bug in hot state 'Waiting'.", CoyoteVerdict.Liveness, null, "OpsComplete")]
    [InlineData("PandoCoyote.Pando.FrontEnd(3) received event 'Msg' that cannot be handled.", CoyoteVerdict.Error, null, null)]
    [InlineData("Exception 'System.NullReferenceException' was thrown in DataSite", CoyoteVerdict.Error, null, null)]
    public void Bug_reports_are_classified_by_catalogue_id(string report, CoyoteVerdict kind, string? id, string? monitor)
    {
        Assert.Equal((kind, id, monitor), CoyoteRunner.Classify(report));
    }

    [Theory]
    [InlineData("params", "V9", "params \"V9\"")]
    [InlineData("faults", "storm", "faults \"storm\"")]
    [InlineData("mutant", "M99", "mutant \"M99\"")]
    [InlineData("workload", "batch", "workload \"batch\"")]
    [InlineData("colour", "red", "deployment field \"colour\" is unknown")]
    [InlineData("readTimeouts", "sometimes", "readTimeouts \"sometimes\": use true or false")]
    [InlineData("params", "n=4 k=2 f=1 q1a=2 q1b=2 q2=3", "C2")]
    public void Bad_deployment_fields_are_refused_naming_the_field(string field, string value, string message)
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => PandoScenarios.Build(new Dictionary<string, string> { [field] = value }, null, false));
        Assert.Contains(message, e.Message);
    }
}

/// The "permanent" fault plan lets exactly f sites fail for good, whatever f the deployment has.
public class PandoFaultPlanTests
{
    [Theory]
    [InlineData("V2", 1)]
    [InlineData("V7", 2)]
    public void Permanent_failures_go_up_to_f(string parameters, int f)
    {
        var sys = PandoScenarios.Build(new Dictionary<string, string> { ["params"] = parameters, ["faults"] = "permanent" }, null, false);
        Assert.Equal(f, sys.Params.F);
        Assert.Equal(f, sys.Faults.MaxCrashes);
        Assert.False(sys.Faults.Restart);
    }

    [Fact]
    public void A_liveness_bug_test_registers_only_its_monitor_and_a_fair_run_checks_liveness()
    {
        var sys = PandoScenarios.Build(new Dictionary<string, string> { ["params"] = "V2", ["readTimeouts"] = "false" }, "ReadsReturn", true);
        Assert.Equal([typeof(ReadsReturnMonitor)], sys.Only);
        Assert.True(sys.CheckLiveness);
        Assert.False(sys.ReadTimeouts);
    }
}

/// Deployments are validated before any actor starts: each invalid set of brief §5.1 is refused naming the broken constraint.
public class PandoDeploymentTests
{
    [Theory]
    [MemberData(nameof(Shared.QuorumConstraintTests.PandoInvalidSets), MemberType = typeof(Shared.QuorumConstraintTests))]
    public void Invalid_sets_X1_to_X8_are_refused_before_any_actor_starts(int n, int k, int f, int q1a, int q1b, int q2, string broken)
    {
        var e = Assert.Throws<InvalidDeploymentException>(() => PandoParams.Create(n, k, f, q1a, q1b, q2));
        foreach (var id in broken.Split(','))
        {
            Assert.Contains(e.Report.Broken, c => c.Id == id);
            Assert.Contains(id + " ", e.Message);
        }
    }

    [Fact]
    public void Values_survive_real_erasure_coding_from_any_k_splits()
    {
        var p = PandoParams.V2;
        var splits = Values.Encode(p, "a value of some length");
        Assert.Equal(p.N, splits.Length);
        Assert.Equal("a value of some length", Values.Decode(p, [splits[3], splits[1]]));
        Assert.Equal("a value of some length", Values.Decode(p, [splits[2], splits[0]]));
    }
}

/// The latency model: on a deployment without faults or contention, the simulator's virtual-time latency of each
/// operation equals brief §4.11's formula, for a front-end in each of the nine data centers.
public class PandoLatencyTests
{
    internal static readonly string[] Plan = ["Los Angeles", "Oregon", "Virginia", "Tokyo"];

    internal static IReadOnlyList<LatencySample> Simulate(string client, bool delegated) =>
        LatencyModel.Simulate(PandoParams.V2, new GeoPlacement(Plan, Delegate: "Oregon", Leader: "Virginia", Client: client, Delegated: delegated));

    [Theory]
    [MemberData(nameof(Clients))]
    public void Simulated_latencies_equal_the_formulas(string client)
    {
        var sites = Plan.Select(Geo.Index).ToArray();
        int fe = Geo.Index(client), del = Geo.Index("Oregon");
        var p = PandoParams.V2;
        var viaDelegate = Simulate(client, delegated: true);
        var direct = Simulate(client, delegated: false);
        Assert.Equal(("cput", "delegated"), (viaDelegate[0].Operation, viaDelegate[0].Path));
        Assert.Equal(LatencyModel.CputDelegated(p, sites, fe, del), viaDelegate[0].Milliseconds, 6);
        Assert.Equal(("cput", "direct"), (direct[0].Operation, direct[0].Path));
        Assert.Equal(LatencyModel.CputDirect(p, sites, fe), direct[0].Milliseconds, 6);
        Assert.Equal(("get", "fast"), (direct[1].Operation, direct[1].Path));
        Assert.Equal(LatencyModel.GetFast(p, sites, fe), direct[1].Milliseconds, 6);
    }

    public static TheoryData<string> Clients() => new(Geo.Sites);
}
