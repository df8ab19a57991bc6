using System.Diagnostics;
using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Tests;

/// The harness on real models through real TLC: one expected pass, one expected violation, and both
/// expectations flipped, which must fail the run.
public class EndToEndTests
{
    private static IReadOnlyList<ModelReport> Check(TestManifest t, bool strict = false)
    {
        var manifest = t.Load();
        using var outDir = Repo.Temp();
        var session = new CheckSession(Repo.Tools(), manifest, outDir.Path);
        // The witnesses TestManifest adds are not what these tests are about (one runs below, on its own).
        var reports = session.Run(manifest.Models.Where(m => m.Witness is null).ToList(), new CheckOptions(null, strict), CancellationToken.None);
        var (json, md) = Reports.Write(outDir.Path, Repo.Tools(), reports);
        Assert.True(File.Exists(json) && File.Exists(md));
        return reports;
    }

    [Fact]
    public void Passing_model_and_mutant_give_their_expected_verdicts()
    {
        using var t = new TestManifest();
        t.Add("pass", "Consensus.cfg", "pass");
        t.Add("mutant", "Consensus_Mutant_ChooseTwice_violates_Agreement.cfg", "violates ConsensusAgreementInv");
        var r = Check(t);
        Assert.All(r, x => Assert.True(x.Judgement.Ok, x.Judgement.Message));
        Assert.Equal(3, r[0].Run.Result.Stats.Distinct);
        Assert.Equal("MutantChooseTwice", r[1].Run.Result.Trace!.States[^1].Action);
    }

    [Fact]
    public void Mutant_expected_to_pass_fails_the_run()
    {
        using var t = new TestManifest();
        t.Add("mutant", "Consensus_Mutant_ChooseTwice_violates_Agreement.cfg", "pass");
        var r = Assert.Single(Check(t));
        Assert.False(r.Judgement.Ok);
        Assert.Equal("UNEXPECTED violates ConsensusAgreementInv: expected to pass", r.Judgement.Message);
    }

    [Fact]
    public void Passing_model_expected_to_violate_is_a_missing_violation()
    {
        using var t = new TestManifest();
        t.Add("pass", "Consensus.cfg", "violates ConsensusAgreementInv");
        var r = Assert.Single(Check(t));
        Assert.False(r.Judgement.Ok);
        Assert.StartsWith("MISSING VIOLATION", r.Judgement.Message);
    }

    [Fact]
    public void Liveness_deadlock_and_assumption_verdicts_come_out_of_real_TLC()
    {
        using var t = new TestManifest();
        t.Add("live", "Consensus_Mutant_NoFairness_violates_Termination.cfg", "liveness ConsensusEventuallyChosenProp");
        t.Add("dead", "Consensus_Terminates_deadlock.cfg", "deadlock", checkDeadlock: true);
        t.Add("assume", "Consensus_Invalid_NoValues.cfg", "assumption ConsensusValueSetNonEmptyAssume");
        t.Add("action", "Consensus_Mutant_Rechoose_violates_Stability.cfg", "violates ConsensusStabilityProp");
        Assert.All(Check(t), x => Assert.True(x.Judgement.Ok, x.Model.Name + ": " + x.Judgement.Message));
    }

    [Fact]
    public void Liveness_checked_once_at_the_end_gives_the_same_verdicts()
    {
        using var t = new TestManifest();
        t.Add("live", "Consensus_Mutant_NoFairness_violates_Termination.cfg", "liveness ConsensusEventuallyChosenProp")["livenessCheck"] = "final";
        t.Add("ok", "Consensus_Live.cfg", "pass")["livenessCheck"] = "final";
        var r = Check(t);
        Assert.All(r, x => Assert.True(x.Judgement.Ok, x.Model.Name + ": " + x.Judgement.Message));
        Assert.All(r, x => Assert.Contains("-lncheck final", x.Run.CommandLine));
    }

    [Fact]
    public void A_witness_model_is_violated_on_the_passing_models_cfg()
    {
        using var t = new TestManifest();
        t.Add("pass", "Consensus.cfg", "pass");
        var manifest = t.Load();
        using var outDir = Repo.Temp();
        var reports = new CheckSession(Repo.Tools(), manifest, outDir.Path).Run(manifest.Models, new CheckOptions(null, false), CancellationToken.None);
        Assert.All(reports, x => Assert.True(x.Judgement.Ok, x.Judgement.Message));
        Assert.Equal(VerdictKind.Violates, reports[1].Run.Result.Kind);
        Assert.Equal("NothingChosenWitness", reports[1].Run.Result.Property);
    }

    private static JsonObject AddWitness(TestManifest t, string name, string cfg, string witness)
    {
        var e = t.Add(name, cfg, $"violates {witness}");
        e["witness"] = witness;
        return e;
    }

    [Fact]
    public void A_witness_is_checked_during_its_passing_models_run_and_alone_on_request()
    {
        using var t = new TestManifest();
        t.Add("pass", "Consensus.cfg", "pass");
        AddWitness(t, "pass_witness_NothingChosen", "Consensus.cfg", "NothingChosenWitness");
        var manifest = t.Load();
        using var outDir = Repo.Temp();
        var session = new CheckSession(Repo.Tools(), manifest, outDir.Path);
        var folded = session.Run(manifest.Models, new CheckOptions(null, false), CancellationToken.None);
        Assert.All(folded, x => Assert.True(x.Judgement.Ok, x.Judgement.Message));
        Assert.Equal("pass", folded[1].Run.FoldedInto);
        Assert.Contains("NothingChosenWitness", folded[0].Run.ReachedWitnesses);
        Assert.Contains("pando-witness-reached NothingChosenWitness", File.ReadAllText(folded[0].Run.LogPath));
        Assert.Equal(3, folded[0].Run.Result.Stats.Distinct);     // the probe changes nothing TLC explores
        var alone = session.Run(manifest.Models, new CheckOptions(null, false, FoldWitnesses: false), CancellationToken.None);
        Assert.All(alone, x => Assert.True(x.Judgement.Ok, x.Judgement.Message));
        Assert.Null(alone[1].Run.FoldedInto);
        Assert.NotNull(alone[1].Run.Result.Trace);
    }

    [Fact]
    public void A_folded_witness_the_run_does_not_reach_runs_alone_and_is_a_missing_violation()
    {
        using var t = new TestManifest();
        t.Add("pass", "Consensus.cfg", "pass");
        AddWitness(t, "pass_witness_Reached", "Consensus.cfg", "NothingChosenWitness");
        // Agreement holds in every state, so as a "witness" it is never reached.
        AddWitness(t, "pass_witness_Never", "Consensus.cfg", "ConsensusAgreementInv");
        var manifest = t.Load();
        using var outDir = Repo.Temp();
        var r = new CheckSession(Repo.Tools(), manifest, outDir.Path).Run(manifest.Models, new CheckOptions(null, false), CancellationToken.None);
        Assert.True(r[0].Judgement.Ok && r[1].Judgement.Ok);
        Assert.Equal("pass", r[1].Run.FoldedInto);
        Assert.Null(r[2].Run.FoldedInto);
        Assert.False(r[2].Judgement.Ok);
        Assert.StartsWith("MISSING VIOLATION", r[2].Judgement.Message);
    }

    [Fact]
    public void A_witness_is_folded_into_a_simulation_too()
    {
        using var t = new TestManifest();
        var p = t.Add("sim", "Consensus.cfg", "pass");
        p["mode"] = "simulate";
        p["simulate"] = new JsonObject { ["depth"] = 4, ["traces"] = 20, ["seed"] = 1 };
        var w = AddWitness(t, "sim_witness_NothingChosen", "Consensus.cfg", "NothingChosenWitness");
        w["mode"] = "simulate";
        w["simulate"] = new JsonObject { ["depth"] = 4, ["traces"] = 20, ["seed"] = 1 };
        // An exhaustive witness on the same cfg is not folded into the simulation: it runs alone.
        AddWitness(t, "bfs_witness_NothingChosen", "Consensus.cfg", "NothingChosenWitness");
        var manifest = t.Load();
        using var outDir = Repo.Temp();
        var r = new CheckSession(Repo.Tools(), manifest, outDir.Path).Run(manifest.Models, new CheckOptions(null, false), CancellationToken.None);
        Assert.All(r, x => Assert.True(x.Judgement.Ok, x.Judgement.Message));
        Assert.Equal("sim", r[1].Run.FoldedInto);
        Assert.Null(r[2].Run.FoldedInto);
    }

    [Fact]
    public void Time_limit_is_enforced()
    {
        using var t = new TestManifest();
        // 2^14 subsets: the mutant spec with many values takes far longer than the time limit... when it
        // is not stopped by the first violation, so check it without the invariant.
        t.Dir.File("Slow.cfg", "CONSTANT Value = {" + string.Join(", ", Enumerable.Range(1, 18).Select(i => $"v{i}")) + "}\nSPECIFICATION MutantChooseTwiceSpec\nINVARIANT ConsensusTypeOK\n");
        t.Add("slow", "Slow.cfg", "pass")["timeLimitSeconds"] = 2;
        var r = Assert.Single(Check(t));
        Assert.Equal(VerdictKind.Timeout, r.Run.Result.Kind);
        Assert.False(r.Judgement.Ok);
        Assert.True(r.Run.Seconds < 30);
    }

    [Fact]
    public void Report_contains_the_counterexample_as_a_step_table()
    {
        using var t = new TestManifest();
        t.Add("mutant", "Consensus_Mutant_Rechoose_violates_Stability.cfg", "violates ConsensusStabilityProp");
        var reports = Check(t);
        var md = Reports.ToMarkdown(Repo.Tools(), reports);
        // TLC may pick either value first; the row of state 3 shows only how the set `chosen` changed.
        Assert.Matches(@"\| 3 \| MutantRechoose \| `chosen` = `\+ (v1; - v2|v2; - v1)` \|", md);
        var json = Reports.ToJson(Repo.Tools(), reports);
        Assert.Equal("MutantRechoose", json["models"]![0]!["trace"]!["steps"]![2]!["action"]!.GetValue<string>());
    }
}

/// The command line as a user runs it: exit codes and one-line errors.
public class CliTests
{
    private static (int Code, string Out, string Err) Pando(params string[] args) => Repo.RunCli(args);

    [Fact]
    public void Help_exists_on_every_level()
    {
        Assert.Equal(0, Pando("--help").Code);
        var c = Pando("check", "--help");
        Assert.Equal(0, c.Code);
        Assert.Contains("usage: ./pando check", c.Out);
    }

    [Fact]
    public void Unknown_model_is_one_clear_line_and_exit_2()
    {
        var r = Pando("check", "--model", "NoSuchModel");
        Assert.Equal(2, r.Code);
        var line = Assert.Single(r.Err.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.Contains("--model NoSuchModel: no model of that name", line);
    }

    [Fact]
    public void Unknown_option_and_command_are_usage_errors()
    {
        Assert.Equal(2, Pando("check", "--frobnicate").Code);
        Assert.Equal(2, Pando("frobnicate").Code);
        Assert.Contains("needs a value", Pando("check", "--model").Err);
        Assert.Contains("needs an integer", Pando("check", "--jobs", "zero").Err);
    }

    [Fact]
    public void Malformed_manifest_runs_nothing_and_exits_2()
    {
        using var t = Repo.Temp();
        var m = t.File("models.json", "{ \"specDirs\": [\".\"], \"models\": [ { \"name\": \"x\" } ] }");
        var r = Pando("check", "--manifest", m, "--out", Path.Combine(t.Path, "out"));
        Assert.Equal(2, r.Code);
        Assert.Contains("missing field", r.Err);
        Assert.False(Directory.Exists(Path.Combine(t.Path, "out")));
    }

    [Fact]
    public void List_prints_the_models()
    {
        var r = Pando("check", "--list", "--all");
        Assert.Equal(0, r.Code);
        Assert.Contains("Consensus_Mutant_ChooseTwice", r.Out);
    }

    [Fact]
    public void A_flipped_expectation_makes_check_exit_1_with_a_clear_line()
    {
        using var t = new TestManifest();
        t.Add("mutant", "Consensus_Mutant_ChooseTwice_violates_Agreement.cfg", "pass");
        var r = Pando("check", "--manifest", t.Write(), "--out", Path.Combine(t.Dir.Path, "out"));
        Assert.Equal(1, r.Code);
        Assert.Contains("FAILED mutant: UNEXPECTED violates ConsensusAgreementInv", r.Out);
        Assert.Contains("1 of 1 model(s) NOT as expected", r.Out);
    }
}
