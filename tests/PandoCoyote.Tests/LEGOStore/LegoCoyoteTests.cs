using PandoCoyote.LEGOStore;
using PandoCoyote.Pando;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Tests.LEGOStore;

/// The Coyote harness on LEGOStore's ABD and CAS: a correct run finds nothing, a mutant is caught with its catalogue ID
/// and its trace replays, bad deployments are refused naming the field or the broken quorum constraint. The full list
/// of deployments and mutants runs from tests/coyote.json (./pando check --coyote --protocol LEGOStore).
public class LegoCoyoteTests
{
    private static Dictionary<string, string> Fields(params string[] kv) =>
        kv.Select(x => x.Split(':', 2)).ToDictionary(x => x[0], x => x[1]);

    [Theory]
    [InlineData("ABD3", "false")]
    [InlineData("CAS4_2", "true")]
    public void A_correct_deployment_under_loss_duplication_and_reordering_violates_nothing(string p, string opt)
    {
        var s = LegoScenarios.Scenario($"xunit_lego_{p}", Fields($"params:{p}", "faults:chaos", "workload:busy", $"optGet:{opt}"), null, 30, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        Assert.Equal(30, r.Iterations);
    }

    [Fact]
    public void A_mutant_is_caught_with_its_id_and_the_saved_trace_replays_to_the_same_violation()
    {
        var s = LegoScenarios.Scenario("xunit_lego_M2", Fields("params:ABD3", "faults:chaos", "mutant:M2"), "NoDataLoss", 3000, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.Equal(CoyoteVerdict.Violates, r.Kind);
        Assert.Equal(("ABD-S2", "NoDataLoss"), (r.Id, r.Monitor));
        var replay = CoyoteRunner.Run(s with { Iterations = 1 }, File.ReadAllText(r.TracePath!), quiet: true);
        Assert.Equal(r.Message, replay.Message);
    }

    [Theory]
    [InlineData("params", "ABD9", "params \"ABD9\"")]
    [InlineData("faults", "storm", "faults \"storm\"")]
    [InlineData("mutant", "M99", "mutant \"M99\"")]
    [InlineData("workload", "batch", "workload \"batch\"")]
    [InlineData("delta", "7", "delta \"7\"")]
    [InlineData("guard", "maybe", "guard \"maybe\"")]
    [InlineData("colour", "red", "deployment field \"colour\" is unknown")]
    [InlineData("reconfig", "CAS5to3", "reconfig \"CAS5to3\"")]
    [InlineData("qr", "paper", "qr needs a reconfig")]
    [InlineData("then", "ABD3", "then needs a reconfig")]
    [InlineData("params", "abd m=3 f=1 q1=1 q2=2", "A1 ")]
    [InlineData("params", "cas m=4 k=2 f=1 q1=3 q2=2 q3=3 q4=3", "C3 ")]
    [InlineData("params", "cas m=5 k=3 f=1 q1=4 q2=4 q3=1 q4=4", "C1 ")]
    public void Bad_deployment_fields_are_refused_naming_the_field_or_the_constraint(string field, string value, string message)
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => LegoScenarios.Build(new Dictionary<string, string> { [field] = value }, null));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void Invalid_quorums_are_refused_before_any_actor_starts_and_the_report_names_the_constraint()
    {
        var e = Assert.Throws<InvalidDeploymentException>(() => LegoParams.Cas(4, 2, 1, 3, 2, 3, 3));
        Assert.Contains(e.Report.Broken, c => c.Id == "C3");
    }

    [Fact]
    public void A_CAS_only_monitor_is_refused_for_ABD()
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => LegoScenarios.Build(Fields("params:ABD3"), "Decodability"));
        Assert.Contains("not a LEGOStore monitor of Abd", e.Message);
    }

    [Fact]
    public void A_chain_names_its_third_configuration_with_the_params_syntax()
    {
        var sys = LegoScenarios.Build(Fields("params:ABD3", "reconfig:CAS4_2", "then:ABD3"), null);
        Assert.Equal(3, sys.Reconfig!.Chain(sys.Params).Count);
        Assert.Equal(LegoProtocol.Cas, sys.Reconfig.Chain(sys.Params)[1].Protocol);
        var e = Assert.ThrowsAny<ArgumentException>(() => LegoScenarios.Build(Fields("params:ABD3", "reconfig:CAS4_2", "then:ABD9"), null));
        Assert.Contains("params \"ABD9\"", e.Message);
    }

    [Fact]
    public void The_stale_client_monitor_is_refused_without_a_reconfiguration()
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => LegoScenarios.Build(Fields("params:ABD3"), "StaleClientCatchesUp"));
        Assert.Contains("RECONF-T4", e.Message);
        Assert.Contains("needs a reconfig", e.Message);
    }

    [Fact]
    public void Values_decode_from_any_k_symbols_and_mixed_symbols_decode_to_garbage()
    {
        var p = LegoParams.Cas(5, 3, 1, 4, 4, 4, 4);
        var a = LegoValues.Encode(p, 11);
        var b = LegoValues.Encode(p, 21);
        Assert.Equal(11, LegoValues.Decode(p, [(4, a[4]), (1, a[1]), (3, a[3])]));
        Assert.Equal(21, LegoValues.Decode(p, [(0, b[0]), (2, b[2]), (4, b[4])]));
        Assert.Equal(LegoValues.Garbage, LegoValues.Decode(p, [(0, a[0]), (2, a[2]), (3, b[3])]));   // symbol 2 is where the values differ
    }
}

/// Liveness (ABD-T1 / CAS-T1): a fair run registers OpsComplete and watches every operation.
public class LegoLivenessTests
{
    [Fact]
    public void A_fair_run_registers_the_liveness_monitor_and_it_watches_operations()
    {
        var sys = LegoScenarios.Build(new Dictionary<string, string> { ["params"] = "ABD3", ["faults"] = "permanent" }, null, liveness: true);
        Assert.True(sys.CheckLiveness);
        Coverage.Reset();
        var r = CoyoteRunner.Run(sys.Scenario("xunit_lego_live", 5, strategy: Strategy.Fair), quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        Assert.True(Coverage.Snapshot().GetValueOrDefault("liveness: OpsComplete watched an operation") > 0, string.Join(", ", Coverage.Snapshot().Keys));
    }
}
