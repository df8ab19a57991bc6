using PandoCoyote.Alia;
using PandoCoyote.Alia.Root;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Tests.Alia;

/// The Coyote harness on Alia's root tier: RELAY under faults violates nothing and chooses configurations, the
/// seed's literal delegation (M1, finding F3) is caught breaking RootAgreement and its trace replays, and bad
/// deployments are refused before any actor starts, naming the field or the constraint. The full list runs from
/// tests/coyote.json (./pando check --coyote --protocol Alia, the tests named AliaRoot_*).
public class AliaRootTests
{
    private static Dictionary<string, string> Fields(params string[] kv) => AliaCoyoteTests.Fields(kv);

    [Theory]
    [InlineData("3")]
    [InlineData("5")]
    public void Relay_under_faults_violates_nothing_and_chooses_both_epochs(string n)
    {
        Coverage.Reset();
        var s = AliaScenarios.Scenario($"xunit_aliaroot_{n}", Fields("tier:root", $"n:{n}", "faults:chaos"), null, 30, 1, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        Assert.Equal(30, r.Iterations);
        var reached = Coverage.Snapshot();
        Assert.True(reached.GetValueOrDefault("alia-root: epoch 2 was chosen") > 0, "no second epoch was chosen");
        Assert.True(reached.GetValueOrDefault("alia-root: a vote went through a delegate") > 0, "no vote was relayed");
    }

    [Fact]
    public void The_literal_delegation_chooses_two_configurations_for_one_epoch_and_the_trace_replays()
    {
        var s = AliaScenarios.Scenario("xunit_aliaroot_M1", Fields("tier:root", "mutant:M1", "faults:reorder"), "RootAgreement", 3000, 3, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.Equal(CoyoteVerdict.Violates, r.Kind);
        Assert.Equal(("ALIA-S1", "RootAgreement"), (r.Id, r.Monitor));
        Assert.Contains("has two configurations", r.Message);
        var replay = CoyoteRunner.Run(s with { Iterations = 1 }, File.ReadAllText(r.TracePath!), quiet: true);
        Assert.Equal(r.Message, replay.Message);
    }

    [Fact]
    public void The_same_deployment_in_relay_mode_passes_where_the_literal_scheme_fails()
    {
        var s = AliaScenarios.Scenario("xunit_aliaroot_relay_reorder", Fields("tier:root", "faults:reorder"), null, 100, 3, Strategy.Random, 3000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
    }

    [Fact]
    public void Liveness_every_slot_is_chosen_with_a_replica_down_for_good_and_unanimity_is_caught()
    {
        Coverage.Reset();
        var ok = AliaScenarios.Scenario("xunit_aliaroot_live", Fields("tier:root", "faults:crashstop"), null, 10, 1, Strategy.Fair, 1500, liveness: true);
        var r = CoyoteRunner.Run(ok, quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        Assert.True(Coverage.Snapshot().GetValueOrDefault("alia-root: every root slot was chosen") > 0, "no run chose every slot");
        var mu = AliaScenarios.Scenario("xunit_aliaroot_MU", Fields("tier:root", "mutant:MU", "faults:crashstop"), "RootProgress", 100, 1, Strategy.Fair, 1500, liveness: true);
        var bug = CoyoteRunner.Run(mu, quiet: true);
        Assert.Equal(CoyoteVerdict.Liveness, bug.Kind);
        Assert.Equal("RootProgress", bug.Monitor);
    }

    [Fact]
    public void Under_the_fair_strategy_elections_never_stop_so_the_field_is_refused()
    {
        var e = Assert.ThrowsAny<ArgumentException>(() => RootScenarios.Build(Fields("tier:root", "elections:3"), null, liveness: true));
        Assert.Contains("election timeouts never stop", e.Message);
        var safety = Assert.ThrowsAny<ArgumentException>(() => RootScenarios.Build(Fields("tier:root"), "RootProgress"));
        Assert.Contains("not a root-tier monitor without liveness", safety.Message);
        Assert.True(RootScenarios.Build(Fields("tier:root"), null, liveness: true).Settings.Heartbeats);
        Assert.False(RootScenarios.Build(Fields("tier:root"), null).Settings.Heartbeats);
    }

    [Theory]
    [InlineData("n", "2", "at least 3 replicas")]
    [InlineData("n", "three", "n \"three\": must be an integer")]
    [InlineData("epochs", "0", "at least one root slot")]
    [InlineData("elections", "0", "at least one election")]
    [InlineData("mutant", "M15", "mutant M15 needs mode custody")]
    [InlineData("mutant", "MZ", "mutant MZ needs mode custody")]
    [InlineData("mode", "proxy", "mode \"proxy\"")]
    [InlineData("mutant", "M99", "mutant \"M99\"")]
    [InlineData("mutant", "M17", "mutant M17 needs n ≥ 4")]
    [InlineData("mutant", "M4", "mutant M4 needs an even n")]
    [InlineData("layout", "V2", "deployment field \"layout\" is unknown")]
    public void Bad_root_fields_are_refused_naming_the_field_or_the_constraint(string field, string value, string message)
    {
        var fields = new Dictionary<string, string> { ["tier"] = "root", [field] = value };
        if (value is "M15" or "MZ") fields["mode"] = "relay";
        var e = Assert.ThrowsAny<ArgumentException>(() => RootScenarios.Build(fields, null));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void M1_is_the_literal_mode_a_monitor_must_belong_to_the_root_tier_and_the_tier_must_be_known()
    {
        Assert.Equal(DelegationMode.PaperLiteral, RootScenarios.Build(Fields("tier:root", "mutant:M1"), null).Settings.Mode);
        var m1 = Assert.ThrowsAny<ArgumentException>(() => RootScenarios.Build(Fields("tier:root", "mutant:M1", "mode:relay"), null));
        Assert.Contains("mutant M1 is mode paper_literal", m1.Message);
        var m12 = Assert.ThrowsAny<ArgumentException>(() => RootScenarios.Build(Fields("tier:root", "mutant:M12", "mode:paper_literal"), null));
        Assert.Contains("mutant M12 needs mode relay", m12.Message);
        Assert.Equal(DelegationMode.Custody, RootScenarios.Build(Fields("tier:root", "mutant:M15"), null).Settings.Mode);
        var mon = Assert.ThrowsAny<ArgumentException>(() => RootScenarios.Build(Fields("tier:root"), "SingleHolder"));
        Assert.Contains("not a root-tier monitor", mon.Message);
        var tier = Assert.ThrowsAny<ArgumentException>(() => AliaScenarios.Scenario("x", Fields("tier:middle"), null, 1, 1, Strategy.Random, 10));
        Assert.Contains("tier \"middle\"", tier.Message);
    }
    [Fact]
    public void The_root_tier_drives_the_data_plane_and_its_fields_are_checked()
    {
        var s = AliaScenarios.Scenario("xunit_alia_root_paxos", Fields("layout:V2", "root:paxos", "faults:chaos"), null, 20, 1, Strategy.Random, 5000);
        var r = CoyoteRunner.Run(s, quiet: true);
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        Assert.Contains("DataPlaneFollowsRoot", AliaScenarios.Build(Fields("layout:V2", "root:paxos"), "DataPlaneFollowsRoot").Only!);
        var mode = Assert.ThrowsAny<ArgumentException>(() => AliaScenarios.Build(Fields("layout:V2", "mode:relay"), null));
        Assert.Contains("they need root paxos", mode.Message);
        var root = Assert.ThrowsAny<ArgumentException>(() => AliaScenarios.Build(Fields("layout:V2", "root:tree"), null));
        Assert.Contains("root \"tree\"", root.Message);
        var el = Assert.ThrowsAny<ArgumentException>(() => AliaScenarios.Build(Fields("layout:V2", "root:paxos", "elections:0"), null));
        Assert.Contains("at least one election", el.Message);
    }
}
