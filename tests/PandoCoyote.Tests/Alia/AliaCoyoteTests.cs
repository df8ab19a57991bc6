using PandoCoyote.Alia;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Tests.Alia;

/// The Coyote harness on Alia's data plane: a correct run finds nothing and its histories are checked, a mutant is
/// caught with its catalogue ID and its trace replays, and bad deployments are refused before any actor starts, naming
/// the field, the quorum constraint or the ValidCfg conjunct they break. The full list of deployments and mutants runs
/// from tests/coyote.json (./pando check --coyote --protocol Alia).
public class AliaCoyoteTests
{
    /// Deployment fields from "key:value" strings (also used by AliaRootTests).
    internal static Dictionary<string, string> Fields(params string[] kv) =>
        kv.Select(x => x.Split(':', 2)).ToDictionary(x => x[0], x => x[1]);

    [Theory]
    [InlineData("V2", "rw", "abstract")]
    [InlineData("V5", "one", "abstract")]
    [InlineData("V4", "busy", "paxos")]
    public void A_correct_deployment_under_faults_violates_nothing_and_completes_its_operations(string layout, string workload, string instances)
    {
        Coverage.Reset();
        var s = AliaScenarios.Scenario($"xunit_alia_{layout}", Fields($"layout:{layout}", "faults:chaos", $"workload:{workload}", $"instances:{instances}"), null, 20, 1, Strategy.Random, 5000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        Assert.Equal(20, r.Iterations);
        var reached = Coverage.Snapshot();
        Assert.True(reached.GetValueOrDefault("alia: a tag became active through an Install") > 0, "no handoff completed");
        Assert.True(reached.GetValueOrDefault("alia: a client finished its script") > 0, "no client finished");
    }

    [Fact]
    public void A_mutant_is_caught_with_its_id_and_the_saved_trace_replays_to_the_same_violation()
    {
        var s = AliaScenarios.Scenario("xunit_alia_M7", Fields("layout:V2", "mutant:M7"), "OpsOnlyAtHolder", 3000, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.Equal(CoyoteVerdict.Violates, r.Kind);
        Assert.Equal(("ALIA-S9", "OpsOnlyAtHolder"), (r.Id, r.Monitor));
        var replay = CoyoteRunner.Run(s with { Iterations = 1 }, File.ReadAllText(r.TracePath!), quiet: true);
        Assert.Equal(r.Message, replay.Message);
    }

    [Theory]
    [InlineData("layout", "V9", "layout \"V9\"")]
    [InlineData("layout", "X1", "X1: each replica is in at most one subquorum per epoch")]
    [InlineData("layout", "X2", "X2: every tag is owned by a non-empty subquorum")]
    [InlineData("layout", "X3", "X3: ownership must be a function")]
    [InlineData("layout", "X4", "X4: ownership must be total")]
    [InlineData("qroot", "1", "AL1 2 * qroot > n fails")]
    [InlineData("qroot", "two", "qroot \"two\": must be an integer")]
    [InlineData("faults", "storm", "faults \"storm\"")]
    [InlineData("workload", "batch", "workload \"batch\"")]
    [InlineData("mutant", "M12", "mutant \"M12\"")]
    [InlineData("mutant", "M8", "mutant M8 needs a release chain")]
    [InlineData("mutant", "M11", "mutant M11 needs real instance Paxos")]
    [InlineData("instances", "raft", "instances \"raft\"")]
    [InlineData("takeovers", "2", "takeovers needs instances paxos")]
    [InlineData("routing", "forward", "routing forward needs instances paxos")]
    [InlineData("routing", "gossip", "routing \"gossip\"")]
    [InlineData("colour", "red", "deployment field \"colour\" is unknown")]
    public void Bad_deployment_fields_are_refused_naming_the_field_or_the_constraint(string field, string value, string message)
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => AliaScenarios.Build(new Dictionary<string, string> { [field] = value }, null));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void Forwarding_passes_requests_on_redirects_clients_and_violates_nothing()
    {
        Coverage.Reset();
        var s = AliaScenarios.Scenario("xunit_alia_forward", Fields("layout:V2", "instances:paxos", "routing:forward", "faults:chaos", "workload:busy"), null, 20, 1, Strategy.Random, 5000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        var reached = Coverage.Snapshot();
        Assert.True(reached.GetValueOrDefault("alia: a request was forwarded to the tag's owner") > 0, "no request was forwarded to an owner");
        Assert.True(reached.GetValueOrDefault("alia: a client followed a redirect") > 0, "no client was redirected");
        Assert.True(reached.GetValueOrDefault("alia: a client finished its script") > 0, "no client finished");
    }

    [Fact]
    public void Only_mutant_M9_lets_an_invalid_configuration_through_and_a_monitor_must_belong_to_alia()
    {
        var sys = AliaScenarios.Build(Fields("layout:X3", "mutant:M9"), "ConfigWellFormed");
        Assert.Equal("epoch 1: tag t1 is owned by A and B (X3: ownership must be a function)", sys.Settings.Layout.CheckConfig(1));
        var m = Assert.ThrowsAny<ArgumentException>(() => AliaScenarios.Build(Fields("layout:V2"), "Agreement"));
        Assert.Contains("not an Alia monitor", m.Message);
    }

    [Fact]
    public void The_layouts_name_their_instances_and_handoff_sources_as_the_brief_does()
    {
        var v5 = AliaLayout.Named("V5");
        // MC-C (brief §4.7.3): in epoch 1, B acquires b from A and f from C; C acquires d from B.
        int b1 = v5.Inst(1, 1), c1 = v5.Inst(2, 1);
        Assert.Equal(["b", "f"], v5.Scope(b1).Select(t => v5.Tags[t]));
        Assert.Equal(["A0"], v5.Sources(b1, 0).Select(v5.InstName));
        Assert.Equal(["C0"], v5.Sources(b1, 2).Select(v5.InstName));
        Assert.Equal(["B0"], v5.Sources(c1, 1).Select(v5.InstName));
        Assert.Empty(v5.Sources(v5.Inst(0, 0), 0));
    }
}
