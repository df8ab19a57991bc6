using System.Text.Json.Nodes;
using Pando.Cli;
using Pando.ModelCheck.Coyote;
using PandoCoyote.Shared.Testing;

namespace Pando.ModelCheck.Tests;

/// The Coyote level of the harness: tests/coyote.json loads, every entry builds a deployment, bad entries are refused
/// naming the field, and Coyote results are judged in the shared vocabulary.
public class CoyoteHarnessTests
{
    private static readonly string RepoManifest = Path.Combine(Repo.Root, "tests", "coyote.json");

    [Fact]
    public void Every_test_of_the_repository_manifest_builds_its_deployment()
    {
        var m = CoyoteTestManifest.Load(RepoManifest);
        Assert.Contains(m.Tests, t => t.Expect.Kind == VerdictKind.Pass);
        Assert.Contains(m.Tests, t => t.Expect.Kind == VerdictKind.Liveness);
        foreach (var t in m.Tests)
        {
            var s = CoyoteCheckCommand.Build(t, Tier.Fast);
            Assert.Equal((uint)t.FastIterations, s.Iterations);
        }
    }

    private static string Write(Action<JsonObject> edit)
    {
        var t = new JsonObject
        {
            ["name"] = "T1", ["protocol"] = "Pando", ["deployment"] = new JsonObject { ["params"] = "V1" }, ["expect"] = "pass",
            ["iterations"] = new JsonObject { ["fast"] = 5, ["full"] = 10 }, ["seed"] = 1, ["strategy"] = "random", ["maxSteps"] = 100,
            ["timeLimitSeconds"] = 60, ["description"] = "d",
        };
        edit(t);
        var path = Path.GetTempFileName();
        File.WriteAllText(path, new JsonObject { ["tests"] = new JsonArray(t) }.ToJsonString());
        return path;
    }

    [Theory]
    [InlineData("colour", "unknown field \"colour\"")]
    [InlineData("noid", "the ID is required")]
    [InlineData("strategy", "field \"strategy\" is \"sometimes\"")]
    [InlineData("iterations", "iterations.full (10) must be >= iterations.fast (50)")]
    [InlineData("deadlock", "a Coyote test expects pass")]
    [InlineData("tier", "field \"tier\" is \"slow\"; use \"fast\" or \"full\"")]
    public void Bad_manifests_are_refused_naming_the_rule(string kind, string message)
    {
        var path = Write(t =>
        {
            switch (kind)
            {
                case "colour": t["colour"] = "red"; break;
                case "noid": t["expect"] = "violates Agreement"; break;
                case "strategy": t["strategy"] = "sometimes"; break;
                case "iterations": t["iterations"]!["fast"] = 50; break;
                case "deadlock": t["expect"] = "deadlock"; break;
                case "tier": t["tier"] = "slow"; break;
            }
        });
        try { Assert.Contains(message, Assert.Throws<InputError>(() => CoyoteTestManifest.Load(path)).Message); }
        finally { File.Delete(path); }
    }

    [Fact]
    public void A_full_tier_test_runs_only_in_the_full_tier()
    {
        var fast = Write(_ => { });
        var full = Write(t => t["tier"] = "full");
        try
        {
            var f = CoyoteTestManifest.Load(fast).Tests.Single();
            var g = CoyoteTestManifest.Load(full).Tests.Single();
            Assert.True(f.RunsIn(Tier.Fast) && f.RunsIn(Tier.Full));
            Assert.False(g.RunsIn(Tier.Fast));
            Assert.True(g.RunsIn(Tier.Full));
        }
        finally { File.Delete(fast); File.Delete(full); }
    }

    [Fact]
    public void A_deployment_the_builder_refuses_is_bad_input()
    {
        var path = Write(t => t["deployment"]!["params"] = "n=4 k=2 f=1 q1a=2 q1b=2 q2=3");
        try
        {
            var t = CoyoteTestManifest.Load(path).Tests[0];
            var e = Assert.Throws<InputError>(() => CoyoteCheckCommand.Build(t, Tier.Fast));
            Assert.Contains("test T1", e.Message);
            Assert.Contains("C2", e.Message);
        }
        finally { File.Delete(path); }
    }

    [Fact]
    public void Coyote_results_are_judged_in_the_shared_vocabulary()
    {
        var path = Write(t => t["expect"] = "violates Agreement [PANDO-S1]");
        try
        {
            var t = CoyoteTestManifest.Load(path).Tests[0];
            var hit = new CoyoteResult(CoyoteVerdict.Violates, "PANDO-S1", "Agreement", "[PANDO-S1] Agreement: two vids", 7, 1, null, null, null);
            var other = hit with { Id = "PANDO-S2", Monitor = "StrongStability" };
            var none = new CoyoteResult(CoyoteVerdict.Pass, null, null, "no bug", 5, 1, null, null, null);
            Assert.True(Judge.Compare(t.Expect, CoyoteCheckCommand.VerdictOf(hit, t, 1), "Coyote").Ok);
            Assert.StartsWith("WRONG VERDICT", Judge.Compare(t.Expect, CoyoteCheckCommand.VerdictOf(other, t, 1), "Coyote").Message);
            Assert.Equal("MISSING VIOLATION: expected violates Agreement [PANDO-S1], but Coyote found no violation in 5 iterations",
                Judge.Compare(t.Expect, CoyoteCheckCommand.VerdictOf(none, t, 1), "Coyote", " in 5 iterations").Message);
            Assert.Equal(VerdictKind.Timeout, CoyoteCheckCommand.VerdictOf(hit, t, 61).Kind);
        }
        finally { File.Delete(path); }
    }
}

/// Witnesses: a passing Coyote test that never reached a path it names fails.
public class CoyoteWitnessTests
{
    [Fact]
    public void A_pass_that_never_reached_a_named_path_fails_as_not_reached()
    {
        var path = Path.GetTempFileName();
        File.WriteAllText(path, """{"tests":[{"name":"T","protocol":"Pando","deployment":{"params":"V1"},"expect":"pass","iterations":{"fast":1,"full":1},"seed":1,"strategy":"random","maxSteps":100,"timeLimitSeconds":60,"description":"d","reaches":["net: message lost","leader: decided"]}]}""");
        try
        {
            var t = CoyoteTestManifest.Load(path).Tests[0];
            var ok = new Judgement(true, "pass as expected");
            var j = CoyoteCheckCommand.Witnessed(ok, t, new Dictionary<string, long> { ["leader: decided"] = 3 });
            Assert.False(j.Ok);
            Assert.Equal("NOT REACHED: the run passed but never reached \"net: message lost\"", j.Message);
            Assert.True(CoyoteCheckCommand.Witnessed(ok, t, new Dictionary<string, long> { ["leader: decided"] = 3, ["net: message lost"] = 1 }).Ok);
        }
        finally { File.Delete(path); }
    }

    [Fact]
    public void A_pass_in_which_a_registered_node_local_rule_judged_nothing_fails_as_not_reached()
    {
        var path = Path.GetTempFileName();
        File.WriteAllText(path, """{"tests":[{"name":"T","protocol":"PQR","deployment":{"params":"S1"},"expect":"pass","iterations":{"fast":1,"full":1},"seed":1,"strategy":"random","maxSteps":100,"timeLimitSeconds":60,"description":"d"}]}""");
        try
        {
            var t = CoyoteTestManifest.Load(path).Tests[0];
            var ok = new Judgement(true, "pass as expected");
            var reached = new Dictionary<string, long> { ["local: PQR-N4 registered"] = 5, ["local: PQR-N1 registered"] = 5, ["local: PQR-N1 judged an observation"] = 40 };
            var j = CoyoteCheckCommand.Witnessed(ok, t, reached);
            Assert.False(j.Ok);
            Assert.Equal("NOT REACHED: the run passed but never reached \"local: PQR-N4 judged an observation\"", j.Message);
            reached["local: PQR-N4 judged an observation"] = 1;
            Assert.True(CoyoteCheckCommand.Witnessed(ok, t, reached).Ok);
        }
        finally { File.Delete(path); }
    }
}

/// ./pando check --coyote end to end: listing, misuse, and a flipped expectation failing.
public class CoyoteCliTests
{
    [Fact]
    public void Listing_shows_every_test_and_misuse_is_exit_2()
    {
        var r = Repo.RunCli(["check", "--coyote", "--list"]);
        Assert.Equal(0, r.Code);
        Assert.Contains("Pando_M11_Agreement", r.Out);
        Assert.Contains("violates Agreement [PANDO-S1]", r.Out);
        var bad = Repo.RunCli(["check", "--coyote", "--test", "NoSuchTest"]);
        Assert.Equal(2, bad.Code);
        Assert.Contains("no test named NoSuchTest", bad.Err);
        var replay = Repo.RunCli(["check", "--coyote", "--replay", "x.schedule"]);
        Assert.Equal(2, replay.Code);
        Assert.Contains("--replay needs exactly one --test NAME", replay.Err);
    }

    [Fact]
    public void A_mutant_expected_to_pass_fails_as_unexpected_and_a_correct_run_expected_to_fail_as_missing()
    {
        var manifest = JsonNode.Parse(File.ReadAllText(Path.Combine(Repo.Root, "tests", "coyote.json")))!;
        var keep = new JsonArray();
        foreach (var t in manifest["tests"]!.AsArray().ToList())
        {
            var name = t!["name"]!.GetValue<string>();
            if (name == "Pando_M4_Agreement") { t["expect"] = "pass"; keep.Add(t.DeepClone()); }
            if (name == "Pando_V1_none_conflict") { t.AsObject().Remove("reaches"); t["expect"] = "violates Agreement [PANDO-S1]"; t["iterations"]!["fast"] = 10; keep.Add(t.DeepClone()); }
        }
        var path = Path.GetTempFileName();
        File.WriteAllText(path, new JsonObject { ["tests"] = keep }.ToJsonString());
        try
        {
            // Two processes at once (the default on 2 cores, each reporting through its shard file) and one: same verdicts.
            foreach (var jobs in new[] { "2", "1" })
            {
                var r = Repo.RunCli(["check", "--coyote", "--manifest", path, "--jobs", jobs]);
                Assert.True(r.Code == 1, r.Out + r.Err);
                Assert.Contains(jobs == "1" ? "one at a time" : "2 processes, each one test at a time", r.Out);
                Assert.Matches(@"FAILED Pando_M4_Agreement: UNEXPECTED violates \w+ \[PANDO-S\d+\]: expected to pass", r.Out);
                Assert.Contains("FAILED Pando_V1_none_conflict: MISSING VIOLATION: expected violates Agreement [PANDO-S1], but Coyote found no violation in 10 iterations", r.Out);
                Assert.Contains("coyote: 0 passed, 2 failed", r.Out);
            }
        }
        finally { File.Delete(path); }
    }
}
