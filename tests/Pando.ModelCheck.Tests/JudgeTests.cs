namespace Pando.ModelCheck.Tests;

/// Verdict comparison, including the "missing violation" direction.
public class JudgeTests
{
    private static ModelEntry Entry(string expect, long? recordedDistinct = null)
    {
        using var t = new TestManifest();
        var cfg = expect switch
        {
            "pass" => "Consensus.cfg",
            "deadlock" => "Consensus_Terminates_deadlock.cfg",
            _ when expect.StartsWith("liveness") => "Consensus_Mutant_NoFairness_violates_Termination.cfg",
            _ => "Consensus_Mutant_ChooseTwice_violates_Agreement.cfg",
        };
        var e = t.Add("m", cfg, expect, checkDeadlock: expect == "deadlock");
        if (recordedDistinct is { } d) e["stats"] = new System.Text.Json.Nodes.JsonObject { ["distinct"] = d };
        return t.Load().Models[0];
    }

    private static TlcResult Result(VerdictKind kind, string? prop = null, long? distinct = 3) =>
        new() { Kind = kind, Property = prop, Stats = new TlcStats(distinct, 3, 2, 0), ExitCode = 0 };

    [Fact]
    public void Pass_expected_and_got_is_ok()
    {
        var j = TlcJudge.Compare(Entry("pass"), Result(VerdictKind.Pass), strict: false);
        Assert.True(j.Ok);
    }

    [Fact]
    public void Expected_violation_that_passes_is_a_missing_violation()
    {
        var j = TlcJudge.Compare(Entry("violates ConsensusAgreementInv"), Result(VerdictKind.Pass), strict: false);
        Assert.False(j.Ok);
        Assert.StartsWith("MISSING VIOLATION: expected violates ConsensusAgreementInv", j.Message);
    }

    [Fact]
    public void Expected_violation_of_one_property_that_violates_another_fails()
    {
        var j = TlcJudge.Compare(Entry("violates ConsensusAgreementInv"), Result(VerdictKind.Violates, "ConsensusTypeOK"), strict: false);
        Assert.False(j.Ok);
        Assert.Equal("WRONG VERDICT: expected violates ConsensusAgreementInv, got violates ConsensusTypeOK", j.Message);
    }

    [Fact]
    public void Expected_pass_that_violates_fails()
    {
        var j = TlcJudge.Compare(Entry("pass"), Result(VerdictKind.Violates, "ConsensusAgreementInv"), strict: false);
        Assert.False(j.Ok);
        Assert.Equal("UNEXPECTED violates ConsensusAgreementInv: expected to pass", j.Message);
    }

    [Fact]
    public void Expected_violation_that_matches_is_ok()
    {
        Assert.True(TlcJudge.Compare(Entry("violates ConsensusAgreementInv"), Result(VerdictKind.Violates, "ConsensusAgreementInv"), false).Ok);
        Assert.True(TlcJudge.Compare(Entry("deadlock"), Result(VerdictKind.Deadlock), false).Ok);
        Assert.True(TlcJudge.Compare(Entry("liveness ConsensusEventuallyChosenProp"), Result(VerdictKind.Liveness, "ConsensusEventuallyChosenProp"), false).Ok);
    }

    [Fact]
    public void Liveness_expected_but_safety_found_fails()
    {
        var j = TlcJudge.Compare(Entry("liveness ConsensusEventuallyChosenProp"), Result(VerdictKind.Deadlock), false);
        Assert.False(j.Ok);
    }

    [Fact]
    public void Timeouts_and_errors_always_fail()
    {
        Assert.False(TlcJudge.Compare(Entry("pass"), Result(VerdictKind.Timeout) with { ErrorText = "stopped after its time limit of 60 s" }, false).Ok);
        var err = TlcJudge.Compare(Entry("violates ConsensusAgreementInv"), Result(VerdictKind.Error) with { ErrorText = "Parsing or semantic analysis failed.", ExitCode = 150 }, false);
        Assert.False(err.Ok);
        Assert.Equal("TLC ERROR: exit 150: Parsing or semantic analysis failed.", err.Message);
    }

    [Fact]
    public void Changed_state_count_is_reported_and_fails_only_when_strict()
    {
        var m = Entry("pass", recordedDistinct: 5);
        var lax = TlcJudge.Compare(m, Result(VerdictKind.Pass, distinct: 3), strict: false);
        Assert.True(lax.Ok);
        Assert.Equal("distinct states changed: recorded 5, now 3", lax.Drift);
        var strict = TlcJudge.Compare(m, Result(VerdictKind.Pass, distinct: 3), strict: true);
        Assert.False(strict.Ok);
        Assert.True(TlcJudge.Compare(m, Result(VerdictKind.Pass, distinct: 5), strict: true).Ok);
    }
}
