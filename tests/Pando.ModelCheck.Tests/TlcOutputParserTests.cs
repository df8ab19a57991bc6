namespace Pando.ModelCheck.Tests;

/// Parsing of real TLC 2.15 -tool outputs recorded in Fixtures/tlc (one per verdict kind).
public class TlcOutputParserTests
{
    [Fact]
    public void Pass_reports_statistics_and_no_trace()
    {
        var r = Repo.ParseFixture("pass.out", 0);
        Assert.Equal(VerdictKind.Pass, r.Kind);
        Assert.Equal(3, r.Stats.Distinct);
        Assert.Equal(3, r.Stats.Generated);
        Assert.Equal(2, r.Stats.Depth);
        Assert.Null(r.Trace);
        Assert.StartsWith("TLC2 Version 2.15", r.Version);
    }

    [Fact]
    public void Invariant_violation_names_the_invariant_and_keeps_the_trace()
    {
        var r = Repo.ParseFixture("invariant.out", 12);
        Assert.Equal(VerdictKind.Violates, r.Kind);
        Assert.Equal("ConsensusAgreementInv", r.Property);
        Assert.Equal("violates ConsensusAgreementInv", r.VerdictText);
        Assert.NotNull(r.Trace);
        Assert.Equal(["Init", "MutantChooseTwice", "MutantChooseTwice"], r.Trace!.States.Select(s => s.Action));
        Assert.Equal("{v1, v2}", r.Trace.States[2].Variables.Single(v => v.Key == "chosen").Value);
    }

    [Fact]
    public void Action_property_violation_is_a_safety_verdict_although_TLC_exits_13()
    {
        var r = Repo.ParseFixture("action-property.out", 13);
        Assert.Equal(VerdictKind.Violates, r.Kind);
        Assert.Equal("ConsensusStabilityProp", r.Property);
    }

    [Fact]
    public void Action_property_through_INSTANCE_is_located_not_named()
    {
        // Real output of the Pando refinement mutant: TLC points into Consensus.tla.
        var r = Repo.ParseFixture("action-property-instance-location.out", 13);
        Assert.Equal(VerdictKind.Violates, r.Kind);
        Assert.Null(r.Property);
        Assert.Equal(new SourceLocation("Consensus", 32, 17), r.ViolationAt);
        Assert.Equal("violates ? (module Consensus line 32 col 17)", r.VerdictText);
    }

    [Fact]
    public void Temporal_violation_is_liveness_with_a_stuttering_ending()
    {
        var r = Repo.ParseFixture("temporal.out", 13);
        Assert.Equal(VerdictKind.Liveness, r.Kind);
        Assert.Null(r.Property); // TLC does not name it; the session fills it from the cfg
        Assert.Contains("stuttering", r.Trace!.Ending);
    }

    [Fact]
    public void Temporal_lasso_with_several_variables_shows_only_changed_ones()
    {
        var r = Repo.ParseFixture("temporal-loop-multivar.out", 13);
        Assert.Equal(VerdictKind.Liveness, r.Kind);
        var t = r.Trace!;
        Assert.Equal(3, t.States.Count);
        Assert.Equal(["msgs", "x", "y"], t.States[0].Variables.Select(v => v.Key));
        Assert.Equal("[a |-> 1, b |-> <<\"s\", 2>>]", t.States[0].Variables.Single(v => v.Key == "y").Value);
        var steps = t.Steps().ToList();
        Assert.Equal(3, steps[0].Changed.Count);
        Assert.Equal("IncX", steps[1].State.Action);
        Assert.Equal([new KeyValuePair<string, string>("x", "1")], steps[1].Changed);
        Assert.Equal("loops back to state 1", t.Ending);
        var md = t.ToMarkdown();
        Assert.Contains("| 2 | IncX | `x` = `1` |", md);
        Assert.DoesNotContain("`y` = ", md.Split('\n')[3]); // row of state 2 omits unchanged y
    }

    [Fact]
    public void Deadlock_is_recognised()
    {
        var r = Repo.ParseFixture("deadlock.out", 11);
        Assert.Equal(VerdictKind.Deadlock, r.Kind);
        Assert.Equal(2, r.Trace!.States.Count);
    }

    [Fact]
    public void Assumption_failure_keeps_the_location()
    {
        var r = Repo.ParseFixture("assumption.out", 10);
        Assert.Equal(VerdictKind.Assumption, r.Kind);
        Assert.Equal(new SourceLocation("MCConsensus", 13, 43), r.AssumptionAt);
    }

    [Fact]
    public void Undefined_invariant_in_cfg_is_an_error_with_TLCs_message()
    {
        var r = Repo.ParseFixture("undefined-invariant.out", 151);
        Assert.Equal(VerdictKind.Error, r.Kind);
        Assert.Contains("NoSuchInv", r.ErrorText);
    }

    [Fact]
    public void Parse_error_is_an_error()
    {
        var r = Repo.ParseFixture("parse-error.out", 150);
        Assert.Equal(VerdictKind.Error, r.Kind);
        Assert.Contains("Parsing or semantic analysis failed", r.ErrorText);
    }

    [Fact]
    public void Simulation_pass_has_generated_states_but_no_distinct_count()
    {
        var r = Repo.ParseFixture("simulate-pass.out", 0);
        Assert.Equal(VerdictKind.Pass, r.Kind);
        Assert.Null(r.Stats.Distinct);
        Assert.Equal(201, r.Stats.Generated);
    }

    [Fact]
    public void Simulation_violation_is_recognised()
    {
        var r = Repo.ParseFixture("simulate-invariant.out", 12);
        Assert.Equal(VerdictKind.Violates, r.Kind);
        Assert.Equal("AgreementInv", r.Property);
    }

    [Fact]
    public void A_nonzero_exit_without_messages_is_an_error_not_a_pass()
    {
        var r = TlcOutputParser.Parse("Error: Could not find or load main class tlc2.TLC\n", 1);
        Assert.Equal(VerdictKind.Error, r.Kind);
        Assert.Contains("Could not find or load main class", r.ErrorText);
    }

    [Fact]
    public void An_exhaustive_run_that_exits_0_without_the_success_message_is_an_error()
    {
        var text = File.ReadAllText(Repo.Fixture("pass.out")).Replace("@!@!@STARTMSG 2193:0 @!@!@", "@!@!@STARTMSG 9999:0 @!@!@")
            .Replace("@!@!@ENDMSG 2193 @!@!@", "@!@!@ENDMSG 9999 @!@!@");
        Assert.Equal(VerdictKind.Error, TlcOutputParser.Parse(text, 0).Kind);
    }

    [Fact]
    public void Killed_run_has_no_exit_code_and_is_an_error_until_judged_as_timeout()
    {
        var r = TlcOutputParser.Parse("@!@!@STARTMSG 2185:0 @!@!@\nStarting...\n@!@!@ENDMSG 2185 @!@!@\n", null);
        Assert.Equal(VerdictKind.Error, r.Kind);
        Assert.Null(r.ExitCode);
    }
}
