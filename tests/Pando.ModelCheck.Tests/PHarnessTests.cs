using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Tests;

/// The P harness: manifest validation, parsing of what p check leaves behind, and the verdicts.
public class PHarnessTests
{
    // Real <ErrorLog> texts from p check 3.1.0 runs of p-models/Pando.
    private const string AgreementError = "Assertion Failed: PSpec/Safety.p:22:7 Agreement [PANDO-S1]: version 1 has two chosen vids [ 21 11 ] (latest: vid 11 at ballot (1,1))";
    private const string LivenessError = "PImplementation.LeaderDecides detected liveness bug in hot state 'Waiting' at the end of program execution.";
    private const string UnhandledError = "FrontEnd(10) received event 'PImplementation.eFetched' that cannot be handled.";

    [Theory]
    [InlineData("pass", VerdictKind.Pass, null, null)]
    [InlineData("violates Agreement [PANDO-S1]", VerdictKind.Violates, "Agreement", "PANDO-S1")]
    [InlineData("liveness LeaderDecides", VerdictKind.Liveness, "LeaderDecides", null)]
    [InlineData("liveness LeaderDecides [PANDO-L1]", VerdictKind.Liveness, "LeaderDecides", "PANDO-L1")]
    public void Expectations_parse(string s, VerdictKind kind, string? monitor, string? id)
    {
        var e = PTestManifest.ParseExpectation(s, "here");
        Assert.Equal(kind, e.Kind);
        Assert.Equal(monitor, e.Property);
        Assert.Equal(id, e.Id);
        Assert.Equal(s, e.ToString());
    }

    [Theory]
    [InlineData("fails", "is not an expected verdict")]
    [InlineData("violates", "is not an expected verdict")]
    [InlineData("violates Agreement extra", "is not an expected verdict")]
    [InlineData("violates Agreement [pando]", "is not an expected verdict")]
    [InlineData("liveness Bad-Name", "is not an expected verdict")]
    [InlineData("violates Agreement", "must name the catalogue ID the monitor's message carries")]
    [InlineData("deadlock", "a P test expects pass, violates <Monitor> [<ID>] or liveness <Monitor>")]
    public void Bad_expectations_are_refused_with_the_grammar(string s, string message)
    {
        var e = Assert.Throws<InputError>(() => PTestManifest.ParseExpectation(s, "tests.json: test x"));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void A_monitor_assertion_names_the_monitor_and_the_catalogue_id()
    {
        var r = PCheckOutput.Classify(AgreementError, 10, 8.9, 3000, null);
        Assert.Equal(VerdictKind.Violates, r.Verdict.Kind);
        Assert.Equal("Agreement", r.Verdict.Property);
        Assert.Equal("PANDO-S1", r.Verdict.Id);
    }

    [Fact]
    public void A_hot_monitor_at_the_end_is_a_liveness_verdict()
    {
        var r = PCheckOutput.Classify(LivenessError, 1, 5.2, 900, null);
        Assert.Equal(VerdictKind.Liveness, r.Verdict.Kind);
        Assert.Equal("LeaderDecides", r.Verdict.Property);
    }

    [Fact]
    public void A_hot_monitor_at_the_step_bound_is_a_liveness_verdict()
    {
        var r = PCheckOutput.Classify("PImplementation.TransitionCompletes detected potential liveness bug in hot state 'Waiting'", 1, 5.2, 900, null);
        Assert.Equal(VerdictKind.Liveness, r.Verdict.Kind);
        Assert.Equal("TransitionCompletes", r.Verdict.Property);
    }

    [Theory]
    [InlineData(UnhandledError)]
    [InlineData("Assertion Failed: PSrc/FrontEnd.p:10:5 ties must carry the same vid")]
    public void Any_other_bug_is_an_error(string text)
    {
        var r = PCheckOutput.Classify(text, 1, 1, 1, null);
        Assert.Equal(VerdictKind.Error, r.Verdict.Kind);
        Assert.False(PCheckOutput.Judge(new Expectation(VerdictKind.Violates, "Agreement", "PANDO-S1"), r, 100).Ok);
    }

    [Fact]
    public void Output_folder_of_a_bug_run_is_parsed()
    {
        using var d = new TempDir();
        var bug = Directory.CreateDirectory(Path.Combine(d.Path, "BugFinding")).FullName;
        File.WriteAllText(Path.Combine(bug, "Pando_pchecker_summary.txt"), "bugs:1\nschedules:38\nmax_depth:2967\ntime_seconds:10.41\nmemory_max_mb:0.02");
        File.WriteAllText(Path.Combine(bug, "Pando.coverage.txt"), "Total event coverage: 70%");
        File.WriteAllText(Path.Combine(bug, "Pando_0_0.txt"), $"<TestLog> Running test 'tcM12Agreement'.\n<ErrorLog> {AgreementError}\n<StrategyLog> Found bug using 'random' strategy.");
        var r = PCheckOutput.Parse(1, d.Path, "");
        Assert.Equal(VerdictKind.Violates, r.Verdict.Kind);
        Assert.Equal(38, r.Schedules);
        Assert.Equal(2967, r.MaxDepth);
        Assert.Equal(10.41, r.Seconds);
        Assert.EndsWith("Pando_0_0.txt", r.TracePath);
    }

    [Fact]
    public void Output_folder_of_a_clean_run_is_a_pass_and_a_missing_summary_is_an_error()
    {
        using var d = new TempDir();
        var bug = Directory.CreateDirectory(Path.Combine(d.Path, "BugFinding")).FullName;
        File.WriteAllText(Path.Combine(bug, "Pando_pchecker_summary.txt"), "bugs:0\nschedules:100\nmax_depth:4000\ntime_seconds:9.5");
        Assert.Equal(VerdictKind.Pass, PCheckOutput.Parse(0, d.Path, "").Verdict.Kind);
        using var empty = new TempDir();
        var r = PCheckOutput.Parse(1, empty.Path, "line1\nError: could not find test case tcNope");
        Assert.Equal(VerdictKind.Error, r.Verdict.Kind);
        Assert.Contains("could not find test case tcNope", r.Verdict.Detail);
        Assert.False(r.Signalled);
        // Stopped from outside (SIGTERM) before a summary: an error that says nothing about the model.
        Assert.True(PCheckOutput.Parse(143, empty.Path, "").Signalled);
    }

    [Fact]
    public void Verdicts_fail_in_both_directions()
    {
        var pass = new PCheckResult(new Verdict(VerdictKind.Pass), 100, 1, 1, null);
        var agreement = PCheckOutput.Classify(AgreementError, 5, 1, 1, null);
        var live = PCheckOutput.Classify(LivenessError, 5, 1, 1, null);
        Expectation E(string s) => PTestManifest.ParseExpectation(s, "x");
        Assert.True(PCheckOutput.Judge(E("pass"), pass, 100).Ok);
        Assert.True(PCheckOutput.Judge(E("violates Agreement [PANDO-S1]"), agreement, 100).Ok);
        Assert.True(PCheckOutput.Judge(E("liveness LeaderDecides [PANDO-L1]"), live, 100).Ok);
        Assert.StartsWith("UNEXPECTED violates Agreement [PANDO-S1]", PCheckOutput.Judge(E("pass"), agreement, 100).Message);
        Assert.Equal("MISSING VIOLATION: expected violates Agreement [PANDO-S1], but P found no violation in 100 schedules",
            PCheckOutput.Judge(E("violates Agreement [PANDO-S1]"), pass, 100).Message);
        Assert.StartsWith("WRONG VERDICT", PCheckOutput.Judge(E("violates ReadsChosen [PANDO-S12]"), agreement, 100).Message);
        Assert.StartsWith("WRONG VERDICT", PCheckOutput.Judge(E("violates LeaderDecides [PANDO-L1]"), live, 100).Message);
    }

    [Fact]
    public void The_catalogue_id_in_the_message_is_checked_not_only_the_monitor()
    {
        var agreement = PCheckOutput.Classify(AgreementError, 5, 1, 1, null);
        var j = PCheckOutput.Judge(PTestManifest.ParseExpectation("violates Agreement [PANDO-S1v]", "x"), agreement, 100);
        Assert.False(j.Ok);
        Assert.Equal("WRONG VERDICT: expected violates Agreement [PANDO-S1v], got violates Agreement [PANDO-S1]", j.Message);
    }

    [Fact]
    public void The_repository_manifest_lists_exactly_the_declared_test_cases()
    {
        var m = PTestManifest.Load(Path.Combine(Repo.Root, "p-models", "tests.json"));
        var declared = m.Tests.Select(t => t.Protocol).Distinct().SelectMany(p => PTestManifest.DeclaredTests(Path.Combine(Repo.Root, "p-models", p)));
        Assert.Equal(declared.Order(), m.Tests.Select(t => t.Name).Order());
        Assert.Equal(["Alia", "LEGOStore", "PQR", "Pando", "RSPaxos"], m.Tests.Select(t => t.Protocol).Distinct().Order(StringComparer.Ordinal));
        Assert.Contains(m.Tests, t => t.Expect.Kind == VerdictKind.Pass);
        Assert.Contains(m.Tests, t => t.Expect.Kind == VerdictKind.Liveness);
    }

    [Fact]
    public void Check_arguments_fix_the_test_case_schedules_and_seed()
    {
        var m = PTestManifest.Load(Path.Combine(Repo.Root, "p-models", "tests.json"));
        var t = m.Tests.First(t => t.Name == "tcV2Faults");
        var args = PChecker.CheckArguments("/x/Pando.dll", t, Tier.Fast, "/out");
        Assert.Equal(["p", "check", "/x/Pando.dll", "-tc", "tcV2Faults", "-s", t.FastSchedules.ToString(), "--seed", t.Seed.ToString(), "-o", "/out"], args);
    }

    private static string WriteManifest(TempDir d, Action<JsonArray> edit)
    {
        var proj = Directory.CreateDirectory(Path.Combine(d.Path, "Demo")).FullName;
        Directory.CreateDirectory(Path.Combine(proj, "PTst"));
        File.WriteAllText(Path.Combine(proj, "PTst", "T.p"), "event eWitSomething;\ntest tcOne [main=A]: assert M in { A };\ntest tcTwo [main=B]: assert M in { B };\n");
        var tests = new JsonArray
        {
            new JsonObject { ["name"] = "tcOne", ["protocol"] = "Demo", ["expect"] = "pass", ["schedules"] = new JsonObject { ["fast"] = 10, ["full"] = 100 }, ["seed"] = 1, ["timeLimitSeconds"] = 60, ["description"] = "d" },
            new JsonObject { ["name"] = "tcTwo", ["protocol"] = "Demo", ["expect"] = "violates M [DEMO-S1]", ["schedules"] = new JsonObject { ["fast"] = 10, ["full"] = 100 }, ["seed"] = 1, ["timeLimitSeconds"] = 60, ["description"] = "d" },
        };
        edit(tests);
        var path = Path.Combine(d.Path, "tests.json");
        File.WriteAllText(path, new JsonObject { ["tests"] = tests }.ToJsonString());
        return path;
    }

    [Fact]
    public void A_valid_manifest_loads()
    {
        using var d = new TempDir();
        var m = PTestManifest.Load(WriteManifest(d, _ => { }));
        Assert.Equal(2, m.Tests.Count);
        Assert.Equal(100, m.Tests[1].Schedules(Tier.Full));
        Assert.False(m.Tests[1].PinnedSeed);
    }

    [Fact]
    public void A_bug_test_may_pin_its_seed()
    {
        using var d = new TempDir();
        var m = PTestManifest.Load(WriteManifest(d, tests => tests[1]!["pinnedSeed"] = true));
        Assert.True(m.Tests[1].PinnedSeed);
        Assert.False(m.Tests[0].PinnedSeed);
    }

    [Fact]
    public void The_repository_pins_only_bug_tests_with_recorded_statistics()
    {
        var m = PTestManifest.Load(Path.Combine(Repo.Root, "p-models", "tests.json"));
        var pinned = m.Tests.Where(t => t.PinnedSeed).ToList();
        Assert.NotEmpty(pinned);
        Assert.All(pinned, t => Assert.True(t.Expect.Kind != VerdictKind.Pass && t.Stats?.Schedules is > 0, t.Name));
    }

    [Theory]
    [InlineData("unknown", "unknown field \"colour\"")]
    [InlineData("prefix", "test name tcOne is a prefix of tcOneMore")]
    [InlineData("undeclared", "test tcThree is not declared in any .p file")]
    [InlineData("unlisted", "test case tcTwo is declared in p-models/Demo but not listed")]
    [InlineData("budgets", "schedules.full (5) must be >= schedules.fast (10)")]
    [InlineData("project", "project folder")]
    [InlineData("zero", "field \"schedules.fast\" must be an integer >= 1")]
    [InlineData("witness-on-bug", "only a passing test has witnesses")]
    [InlineData("witness-unknown", "reaches eWitNowhere, which no .p file of p-models/Demo or p-models/Common declares as an event")]
    [InlineData("witness-not-event", "must list witness event names (eWit...)")]
    [InlineData("pinned-pass", "only a bug test may pin its seed")]
    [InlineData("pinned-type", "field \"pinnedSeed\" must be true or false")]
    [InlineData("tier", "field \"tier\" is \"slow\"; use \"fast\" or \"full\"")]
    public void Bad_manifests_are_refused_naming_the_rule(string kind, string expected)
    {
        using var d = new TempDir();
        var path = WriteManifest(d, tests =>
        {
            var first = tests[0]!.AsObject();
            switch (kind)
            {
                case "unknown": first["colour"] = "red"; break;
                case "prefix":
                    tests.Add(JsonNode.Parse(first.ToJsonString())!);
                    tests[2]!["name"] = "tcOneMore";
                    File.AppendAllText(Path.Combine(d.Path, "Demo", "PTst", "T.p"), "test tcOneMore [main=A]: assert M in { A };\n");
                    break;
                case "undeclared": tests[1]!["name"] = "tcThree"; break;
                case "unlisted": tests.RemoveAt(1); break;
                case "budgets": first["schedules"]!["full"] = 5; break;
                case "project": first["protocol"] = "Nope"; break;
                case "zero": first["schedules"]!["fast"] = 0; break;
                case "witness-on-bug": tests[1]!["reaches"] = new JsonArray("eWitSomething"); break;
                case "witness-unknown": first["reaches"] = new JsonArray("eWitNowhere"); break;
                case "witness-not-event": first["reaches"] = new JsonArray("Agreement"); break;
                case "pinned-pass": first["pinnedSeed"] = true; break;
                case "pinned-type": tests[1]!["pinnedSeed"] = "yes"; break;
                case "tier": first["tier"] = "slow"; break;
            }
        });
        var e = Assert.Throws<InputError>(() => PTestManifest.Load(path));
        Assert.Contains(expected, e.Message);
    }

    [Fact]
    public void A_full_tier_test_runs_only_in_the_full_tier()
    {
        using var d = new TempDir();
        var m = PTestManifest.Load(WriteManifest(d, tests => tests[1]!["tier"] = "full"));
        Assert.True(m.Tests[0].RunsIn(Tier.Fast) && m.Tests[0].RunsIn(Tier.Full));
        Assert.False(m.Tests[1].RunsIn(Tier.Fast));
        Assert.True(m.Tests[1].RunsIn(Tier.Full));
    }

    [Fact]
    public void A_passing_test_may_name_declared_witnesses()
    {
        using var d = new TempDir();
        var m = PTestManifest.Load(WriteManifest(d, tests => tests[0]!["reaches"] = new JsonArray("eWitSomething")));
        Assert.Equal(["eWitSomething"], m.Tests[0].Reaches);
    }

    // The shape of P 3.1.0's coverage report (BugFinding/Pando.coverage.txt), cut down.
    private const string CoverageReport = """
        Total event coverage: 88.3%
        ===========================
        Monitor: Agreement
        ==================
        Event coverage: 100.0%

        	State: Watching
        		Events received: eMonConfig, eMonVoted

        Monitor: Reached
        ================
        Event coverage: 83.3%

        	State: Watching
        		State event coverage: 83.3%
        		Events received: eWitCrash, eWitRecovery
        		Events not covered: eWitPruned
        		Previous states: Watching

        StateMachine: DataSite
        ======================
        	State: Up
        		Events received: eCommit, eCrash
        		Events not covered: ePrepare
        """;

    [Fact]
    public void Coverage_report_gives_the_witnesses_and_the_total()
    {
        using var d = new TempDir();
        Directory.CreateDirectory(Path.Combine(d.Path, "BugFinding"));
        File.WriteAllText(Path.Combine(d.Path, "BugFinding", "Pando.coverage.txt"), CoverageReport);
        var c = PCheckOutput.ReadCoverage(d.Path)!;
        Assert.Equal(88.3, c.TotalEventCoverage);
        Assert.Equal(["eWitCrash", "eWitRecovery"], c.Reached);
        Assert.Equal(["eWitPruned"], c.NotReached);
        Assert.Equal("witnesses reached 2/3 (not: eWitPruned), event coverage 88.3%", c.Line);
        Assert.Null(PCheckOutput.ReadCoverage(Path.Combine(d.Path, "nothing-here")));
    }

    // A passing test case and a passing run, for the NOT REACHED checks below.
    private static PTestEntry PassingEntry(params string[] reaches) => new()
    {
        Name = "tcOne", Protocol = "Demo", Expect = Expectation.Parse("pass", "here"), FastSchedules = 1, FullSchedules = 1, Seed = 1,
        TimeLimitSeconds = 1, Description = "d", Reaches = reaches,
    };
    private static readonly PCheckResult PassingRun = new(new Verdict(VerdictKind.Pass, Detail: "no bug"), 10, 1, 100, null);

    [Fact]
    public void A_passing_run_that_misses_a_witness_fails_as_not_reached()
    {
        var t = PassingEntry("eWitCrash", "eWitPruned");
        var pass = PassingRun;
        var ok = new Judgement(true, "pass as expected");
        var cov = new PCoverage(90, ["eWitCrash"], ["eWitPruned"]);
        var j = PCheckOutput.CheckReached(ok, t, pass, cov);
        Assert.False(j.Ok);
        Assert.Equal("NOT REACHED: the run passed but never reached eWitPruned", j.Message);
        Assert.True(PCheckOutput.CheckReached(ok, t with { Reaches = ["eWitCrash"] }, pass, cov).Ok);
        Assert.False(PCheckOutput.CheckReached(ok, t, pass, null).Ok);
        var bug = new PCheckResult(new Verdict(VerdictKind.Violates, "M", "X-1", "e"), 3, 1, 100, null);
        Assert.True(PCheckOutput.CheckReached(new Judgement(true, "as expected"), t, bug, null).Ok);   // witnesses are for passing runs
    }

    private const string RulesCoverage = """
        Monitor: QuorumDistinct
        =======================
        	State: Watching
        		Events received: eLocalConfig, eLocalQuorum

        Monitor: SelectsHighest
        =======================
        	State: Watching
        		Events received: eLocalConfig
        		Events not covered: eLocalSelect

        Monitor: Agreement
        ==================
        	State: Watching
        		Events not covered: eMonConfig, eMonVoted
        """;

    [Fact]
    public void A_passing_run_whose_asserted_local_rule_received_no_observation_fails_as_not_reached()
    {
        using var d = new TempDir();
        Directory.CreateDirectory(Path.Combine(d.Path, "BugFinding"));
        File.WriteAllText(Path.Combine(d.Path, "BugFinding", "PQR.coverage.txt"), RulesCoverage);
        var c = PCheckOutput.ReadCoverage(d.Path)!;
        Assert.Equal(["SelectsHighest"], c.SilentRules);     // a global monitor that heard nothing is not a local rule
        var t = PassingEntry();
        var pass = PassingRun;
        var j = PCheckOutput.CheckReached(new Judgement(true, "pass as expected"), t, pass, c);
        Assert.False(j.Ok);
        Assert.StartsWith("NOT REACHED: the run passed but the node-local rule(s) SelectsHighest it asserts received no observation", j.Message);
        Assert.True(PCheckOutput.CheckReached(new Judgement(true, "pass as expected"), t, pass, c with { SilentRules = [] }).Ok);
    }

    [Fact]
    public void The_suite_fails_a_witness_that_no_passing_test_reached()
    {
        var a = new PCoverage(90, ["eWitCrash"], ["eWitPruned", "eWitReadWriteBack"]);
        var b = new PCoverage(80, ["eWitReadWriteBack"], ["eWitCrash", "eWitPruned"]);
        Assert.Equal(["eWitPruned"], PCheckOutput.SuiteNotReached([a, b]));
        var c = new PCoverage(70, ["eWitPruned"], []);
        Assert.Empty(PCheckOutput.SuiteNotReached([a, b, c]));
        Assert.Equal(["eWitCrash", "eWitPruned"], PCheckOutput.SuiteNotReached([b, null]));   // a run without a report adds nothing
    }

    private sealed class TempDir : IDisposable
    {
        public string Path { get; } = Directory.CreateTempSubdirectory("pando-p-").FullName;
        public void Dispose() => Directory.Delete(Path, recursive: true);
    }
}

/// ./pando check --p end to end, with the real P compiler and checker on a copy of p-models/.
public class PCliTests
{
    private static (int Code, string Out, string Err) Pando(params string[] args) => Repo.RunCli(args);

    [Fact]
    public void Misuse_is_one_line_and_exit_2()
    {
        var r = Pando("check", "--p", "--test", "tcNoSuchTest");
        Assert.Equal(2, r.Code);
        Assert.Contains("no test named tcNoSuchTest", Assert.Single(r.Err.Split('\n', StringSplitOptions.RemoveEmptyEntries)));
        var b = Pando("check", "--p", "--tier", "huge");
        Assert.Equal(2, b.Code);
        Assert.Contains("--tier must be fast or full", b.Err);
        var s = Pando("check", "--p", "--seed", "soon", "--list");
        Assert.Equal(2, s.Code);
        Assert.Contains("--seed soon: a seed is a number from 0 to 4294967295 or \"commit\"", s.Err);
        var w = Pando("check", "--p", "--seeds", "5..1");
        Assert.Equal(2, w.Code);
        Assert.Contains("--seeds 5..1: expected A..B with 0 <= A <= B", w.Err);
    }

    [Fact]
    public void Listing_shows_every_test_with_its_expectation()
    {
        var r = Pando("check", "--p", "--list", "--tier", "fast");
        Assert.Equal(0, r.Code);
        Assert.Contains("tcX6LeaderDecides", r.Out);
        Assert.Contains("liveness LeaderDecides [PANDO-L1]", r.Out);
        Assert.Contains("violates Agreement [PANDO-S1]", r.Out);
        Assert.Contains($"{PTestManifest.Load(Path.Combine(Repo.Root, "p-models", "tests.json")).Tests.Count(t => t.RunsIn(Tier.Fast))} test(s), tier fast", r.Out);
        Assert.Equal("", r.Err);
    }

    [Fact]
    public void Old_option_spellings_still_work_and_say_they_are_deprecated()
    {
        var r = Pando("check", "--p", "--list", "--budget", "full", "--project", "Pando");
        Assert.Equal(0, r.Code);
        Assert.Contains($"{PTestManifest.Load(Path.Combine(Repo.Root, "p-models", "tests.json")).Tests.Count(t => t.Protocol == "Pando")} test(s), tier full", r.Out);
        Assert.Contains("check --p --budget is deprecated; use --tier", r.Err);
        Assert.Contains("check --p --project is deprecated; use --protocol", r.Err);
    }

    // A copy of p-models/ (without generated code) under .pando/, so that the repository's local
    // tool manifest is still found above it.
    private static string CopyModels()
    {
        var work = Path.Combine(Repo.Root, ".pando", "test-p", Guid.NewGuid().ToString("N"));
        var src = Path.Combine(Repo.Root, "p-models");
        foreach (var f in Directory.EnumerateFiles(src, "*", SearchOption.AllDirectories))
        {
            var rel = Path.GetRelativePath(src, f);
            if (rel.Contains("PGenerated") || rel.Contains("PCheckerOutput")) continue;
            var dst = Path.Combine(work, rel);
            Directory.CreateDirectory(Path.GetDirectoryName(dst)!);
            File.Copy(f, dst);
        }
        return work;
    }

    [Fact]
    public void A_compile_error_is_exit_2_with_the_P_error()
    {
        var work = CopyModels();
        try
        {
            File.AppendAllText(Path.Combine(work, "Pando", "PSrc", "Types.p"), "\nfun Broken(): int { return ; }\n");
            var r = Pando("check", "--p", "--manifest", Path.Combine(work, "tests.json"), "--test", "tcV1Faults",
                          "--tier", "fast", "--out", Path.Combine(work, "out"));
            Assert.True(r.Code == 2, $"exit {r.Code}\n{r.Out}\n{r.Err}");
            Assert.Contains("p compile failed", r.Err);
            Assert.Contains("Types.p", r.Err);
            Assert.DoesNotContain("p tests:", r.Out);
        }
        finally
        {
            Directory.Delete(work, recursive: true);
        }
    }

    // Flips two expectations and runs the real checker on those two tests.
    [Fact]
    public void Flipped_expectations_fail_as_unexpected_and_wrong_verdict()
    {
        var work = CopyModels();
        try
        {
            var manifest = Path.Combine(work, "tests.json");
            var root = JsonNode.Parse(File.ReadAllText(manifest))!;
            foreach (var t in root["tests"]!.AsArray())
            {
                if (t!["name"]!.GetValue<string>() == "tcX6LeaderDecides") { t["expect"] = "pass"; t.AsObject().Remove("pinnedSeed"); }
                if (t!["name"]!.GetValue<string>() == "tcM12Agreement") t["expect"] = "violates ReadsChosen [PANDO-S12]";
            }
            File.WriteAllText(manifest, root.ToJsonString());
            var r = Pando("check", "--p", "--manifest", manifest, "--test", "tcX6LeaderDecides", "--test", "tcM12Agreement",
                          "--tier", "fast", "--out", Path.Combine(work, "out"));
            Assert.True(r.Code == 1, $"exit {r.Code}\n{r.Out}\n{r.Err}");
            Assert.Contains("FAILED tcX6LeaderDecides: UNEXPECTED liveness LeaderDecides: expected to pass", r.Out);
            Assert.Contains("FAILED tcM12Agreement: WRONG VERDICT: expected violates ReadsChosen [PANDO-S12], got violates Agreement [PANDO-S1", r.Out);
            Assert.Contains("p tests: 0 passed, 2 failed", r.Out);
        }
        finally
        {
            if (Directory.Exists(work)) Directory.Delete(work, recursive: true);
        }
    }
}
