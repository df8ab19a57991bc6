using Pando.Cli;
using Pando.ModelCheck.Coyote;

namespace Pando.ModelCheck.Tests;

/// Trace validation end to end (real Coyote, real TLC): the C# ABD actors' iterations are behaviours of specs/ABD.tla,
/// and the two divergence mutants, which no monitor catches, are caught at the step where they leave the spec.
public class TraceValidationTests
{
    private static CoyoteTestEntry Test(string name, string? mutant = null)
    {
        var t = CoyoteTestManifest.Load(Path.Combine(Repo.Root, "tests", "coyote.json")).Tests.Single(x => x.Name == name);
        return mutant is null ? t : t with { Deployment = new Dictionary<string, string>(t.Deployment) { ["mutant"] = mutant } };
    }

    /// Every passing fast-tier test of the Coyote manifest that trace validation covers today: static ABD and CAS.
    public static TheoryData<string> CoveredTests()
    {
        var data = new TheoryData<string>();
        foreach (var t in CoyoteTestManifest.Load(Path.Combine(Repo.Root, "tests", "coyote.json")).Tests)
            if (t.Protocol == "LEGOStore" && t.Expect.Kind == Core.VerdictKind.Pass && t.RunsIn(Core.Tier.Fast) && !t.Deployment.ContainsKey("reconfig")
                && t.Deployment.TryGetValue("params", out var p) && (p.StartsWith("ABD", StringComparison.Ordinal) || p.StartsWith("CAS", StringComparison.Ordinal)))
                data.Add(t.Name);
        return data;
    }

    [Theory]
    [MemberData(nameof(CoveredTests))]
    public void Every_sampled_iteration_of_a_correct_test_is_a_behaviour_of_the_spec(string name)
    {
        // A sample of the fast tier's iterations (the full sample is ./pando validate --iterations N): TLC's start, about
        // 2 s, dominates a run of a few logs.
        var s = ValidateCommand.Validate(Repo.Root, Test(name), 4);
        Assert.Equal(4, s.Logs);
        Assert.True(s.AllMatched, string.Join("; ", s.Divergent.Select(d => $"log {d.Match.Index} at {d.Match.Matched + 1}: {d.Event}")));
        Assert.True(s.Events > 50, $"only {s.Events} events recorded");
    }

    [Theory]
    [InlineData("DT", "PutQueried", "LEGO_ABD3_opt_chaos_busy")]    // a tag two above the highest seen: still linearizable, not the spec's NewTag
    [InlineData("DW", "GetQueried", "LEGO_ABD3_opt_chaos_busy")]    // a write-back where the fast path must return: harmless, not the spec's step
    [InlineData("DT", "PutQueried", "LEGO_CAS4_2_chaos_race")]      // the same tag slip in CAS.tla
    [InlineData("DW", "GetQueried", "LEGO_CAS5_3_opt_lossy_readers")]   // CAS: a read-fin although the cache holds the value
    public void A_divergence_mutant_passes_its_monitors_and_is_caught_where_it_leaves_the_spec(string mutant, string action, string test)
    {
        // Validate runs the Coyote test first and refuses a run whose monitors fail, so reaching the TLC stage shows the
        // mutant passed every monitor in these iterations.
        var s = ValidateCommand.Validate(Repo.Root, Test(test, mutant), 4);
        Assert.False(s.AllMatched);
        Assert.All(s.Divergent, d => Assert.Contains($"[a |-> \"{action}\"", d.Event));
    }

    [Fact]
    public void A_bug_tests_failing_iteration_leaves_the_spec_before_its_monitor_fires()
    {
        // M2: a GET returns after phase 1 without the fast path's condition; NoDataLoss fires only later.
        var s = ValidateCommand.Validate(Repo.Root, Test("LEGO_ABD_M2_NoDataLoss"), 1);
        var d = Assert.Single(s.Divergent);
        Assert.Contains("[a |-> \"GetQueried\"", d.Event);
        Assert.True(d.Match.Matched + 1 < d.Match.Length, $"diverged at event {d.Match.Matched + 1} of {d.Match.Length}");
    }
}

/// `./pando test --smoke` names its models and tests; each must exist in its manifest and run in the fast tier.
public class SmokeSetTests
{
    [Fact]
    public void Every_smoke_entry_is_in_its_manifest()
    {
        var models = Tlc.Manifest.Load(Path.Combine(Repo.Root, "configs", "models.json")).Models;
        var p = P.PTestManifest.Load(Path.Combine(Repo.Root, "p-models", "tests.json")).Tests;
        var coyote = CoyoteTestManifest.Load(Path.Combine(Repo.Root, "tests", "coyote.json")).Tests;
        Assert.All(TestCommand.SmokeSet.Tlc, n => Assert.Contains(models, m => m.Name == n && m.Tier == Core.Tier.Fast));
        Assert.All(TestCommand.SmokeSet.P, n => Assert.Contains(p, t => t.Name == n && t.Tier == Core.Tier.Fast));
        Assert.All(TestCommand.SmokeSet.Coyote, n => Assert.Contains(coyote, t => t.Name == n && t.Tier == Core.Tier.Fast));
    }
}
