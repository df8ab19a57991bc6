using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Tests;

/// Manifest validation: every bad input gives one message naming the file, model and field.
public class ManifestTests
{
    [Fact]
    public void The_repository_manifest_loads()
    {
        var m = Manifest.Load(Path.Combine(Repo.Root, "configs", "models.json"));
        Assert.NotEmpty(m.Models);
        Assert.All(m.Models, e => Assert.True(File.Exists(e.ModulePath) && File.Exists(e.CfgPath)));
    }

    [Fact]
    public void Jvm_options_follow_workers_and_recorded_length()
    {
        var m = Manifest.Load(Path.Combine(Repo.Root, "configs", "models.json"));
        var shortRun = m.Models.First(e => e.Mode == CheckMode.Exhaustive && e.Stats?.Seconds is < TlcRunner.ShortRunSeconds);
        var longRun = m.Models.First(e => e.Mode == CheckMode.Exhaustive && e.Stats?.Seconds is > 60);
        var sim = m.Models.First(e => e.Mode == CheckMode.Simulate);
        Assert.Equal(["-XX:+UseSerialGC", "-Xmx1000m", "-XX:TieredStopAtLevel=1"], TlcRunner.JvmOptions(shortRun, 1, 1000));
        Assert.Equal(["-XX:+UseSerialGC", "-Xmx1000m"], TlcRunner.JvmOptions(longRun, 1, 1000));
        Assert.Equal(["-XX:+UseParallelGC", "-Xmx1000m"], TlcRunner.JvmOptions(longRun, 2, 1000));
        Assert.Equal("-XX:+UseSerialGC", TlcRunner.JvmOptions(sim, 2, 1000)[0]);   // a simulation runs one worker
    }

    [Fact]
    public void Every_model_expecting_a_violation_names_a_property_its_cfg_checks()
    {
        var m = Manifest.Load(Path.Combine(Repo.Root, "configs", "models.json"));
        foreach (var e in m.Models.Where(e => e.Expect.Kind is VerdictKind.Violates or VerdictKind.Liveness))
            Assert.Contains(e.Expect.Property!, e.Cfg.Invariants.Concat(e.Cfg.Properties));
    }

    [Fact]
    public void A_valid_test_manifest_loads()
    {
        using var t = new TestManifest();
        t.Add("ok", "Consensus.cfg", "pass");
        var m = t.Load();
        Assert.Equal(["ok", "ok_witness"], m.Models.Select(x => x.Name));
        Assert.Equal("NothingChosenWitness", m.Models[1].Witness);
    }

    [Fact]
    public void A_passing_model_without_a_witness_on_its_cfg_is_refused()
    {
        using var t = new TestManifest { AddWitnesses = false };
        t.Add("ok", "Consensus.cfg", "pass");
        Assert.Contains("model \"ok\" is expected to pass, but no witness model runs its cfg (Consensus.cfg)", t.Error());
    }

    [Fact]
    public void A_passing_model_with_restarts_needs_the_restart_witness()
    {
        using var t = new TestManifest();
        t.Dir.File("Restarts.cfg", File.ReadAllText(Path.Combine(t.Dir.Path, "Consensus.cfg")) + "\nCONSTANT MaxRestarts = 1\n");
        t.Add("rs", "Restarts.cfg", "pass");
        Assert.Contains("model \"rs\" is expected to pass with restarts (MaxRestarts > 0), but no witness model runs " +
                        "NoVoteAfterRestartWitness on its cfg (Restarts.cfg)", t.Error());
    }

    [Fact]
    public void A_witness_model_runs_the_cfg_with_its_checks_replaced_by_the_witness()
    {
        using var t = new TestManifest();
        t.Add("ok", "Consensus.cfg", "pass");
        var w = t.Load().Models[1];
        Assert.Equal(["NothingChosenWitness"], w.Cfg.Invariants);
        Assert.Empty(w.Cfg.Properties);
        Assert.Contains("CONSTANT Value = {v1, v2}", w.CfgText);
        Assert.Contains("SPECIFICATION Spec", w.CfgText);
        Assert.DoesNotContain("ConsensusAgreementInv", w.CfgText);
        var bad = t.Add("bad", "Consensus.cfg", "pass");
        bad["witness"] = "NothingChosenWitness";
        Assert.Contains("a witness model must expect \"violates NothingChosenWitness\"", t.Error());
    }

    [Fact]
    public void Malformed_json_names_the_file_and_line()
    {
        using var t = new TestManifest();
        var p = t.Dir.File("models.json", "{\n \"specDirs\": [\"x\"],\n \"models\": [ { \"name\": }\n]}");
        var e = Assert.Throws<InputError>(() => Manifest.Load(p));
        Assert.Contains("models.json: malformed JSON at line 3", e.Message);
    }

    [Fact]
    public void Missing_manifest_is_reported()
    {
        var e = Assert.Throws<InputError>(() => Manifest.Load("/nonexistent/models.json"));
        Assert.Equal("/nonexistent/models.json: manifest not found", e.Message);
    }

    [Fact]
    public void Unknown_field_is_rejected()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus.cfg", "pass")["expected"] = "pass";
        Assert.Contains("model \"m\": unknown field \"expected\"", t.Error());
    }

    [Fact]
    public void Missing_field_is_rejected()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus.cfg", "pass").Remove("tier");
        Assert.Contains("missing field \"tier\"", t.Error());
    }

    [Fact]
    public void Missing_cfg_file_is_named()
    {
        using var t = new TestManifest();
        t.Add("m", "NoSuch.cfg", "pass");
        Assert.Contains("model \"m\": field \"cfg\": file NoSuch.cfg does not exist", t.Error());
    }

    [Fact]
    public void Missing_spec_module_is_named()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus.cfg", "pass")["spec"] = "NoSuchSpec";
        Assert.Contains("field \"spec\": module NoSuchSpec.tla not found", t.Error());
    }

    [Fact]
    public void Bad_expectation_text_is_explained()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus.cfg", "fails sometimes");
        Assert.Contains("field \"expect\": \"fails sometimes\" is not an expected verdict", t.Error());
    }

    [Fact]
    public void Cfg_naming_an_undefined_property_is_rejected_before_running()
    {
        using var t = new TestManifest();
        t.Dir.File("Undefined.cfg", "CONSTANT Value = {v1}\nSPECIFICATION Spec\nINVARIANT NoSuchInv\n");
        t.Add("m", "Undefined.cfg", "pass");
        var msg = t.Error();
        Assert.Contains("Undefined.cfg: names \"NoSuchInv\", which is not defined in MCConsensus.tla", msg);
    }

    [Fact]
    public void Expected_violation_must_be_checked_by_the_cfg()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus.cfg", "violates ConsensusTermination");
        Assert.Contains("checks no INVARIANT or PROPERTY named ConsensusTermination", t.Error());
    }

    [Fact]
    public void Liveness_expectation_needs_exactly_one_property_in_the_cfg()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus.cfg", "liveness ConsensusStabilityProp");
        t.Dir.File("Two.cfg", "CONSTANT Value = {v1}\nSPECIFICATION Spec\nPROPERTY ConsensusStabilityProp\nPROPERTY ConsensusEventuallyChosenProp\n");
        t.Models.Clear();
        t.Add("m", "Two.cfg", "liveness ConsensusEventuallyChosenProp");
        Assert.Contains("must check exactly one PROPERTY", t.Error());
    }

    [Fact]
    public void Deadlock_expectation_needs_deadlock_checking()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus_Terminates_deadlock.cfg", "deadlock");
        Assert.Contains("\"checkDeadlock\" is not true", t.Error());
    }

    [Theory]
    [InlineData("Consensus_Live.cfg", "exhaustive", "\"sometimes\"", "field \"livenessCheck\" must be \"periodic\" (the default) or \"final\"")]
    [InlineData("Consensus_Live.cfg", "exhaustive", "true", "field \"livenessCheck\" must be \"periodic\" (the default) or \"final\"")]
    [InlineData("Consensus_Mutant_ChooseTwice_violates_Agreement.cfg", "exhaustive", "\"final\"", "checks no PROPERTY, so there is nothing to check at the end")]
    [InlineData("Consensus_Live.cfg", "simulate", "\"final\"", "which needs mode \"exhaustive\"")]
    public void A_final_liveness_check_needs_an_exhaustive_run_with_a_property(string cfg, string mode, string value, string error)
    {
        using var t = new TestManifest { AddWitnesses = false };
        var e = t.Add("m", cfg, "violates ConsensusAgreementInv");
        if (cfg == "Consensus_Live.cfg") e["expect"] = "liveness ConsensusEventuallyChosenProp";
        e["mode"] = mode;
        if (mode == "simulate") e["simulate"] = JsonNode.Parse("{\"depth\": 5, \"traces\": 2, \"seed\": 1}");
        e["livenessCheck"] = JsonNode.Parse(value);
        Assert.Contains(error, t.Error());
    }

    [Fact]
    public void Assumption_expectation_needs_a_named_ASSUME()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus_Invalid_NoValues.cfg", "assumption NoSuchAssume");
        Assert.Contains("no ASSUME named NoSuchAssume", t.Error());
    }

    [Fact]
    public void Duplicate_names_are_rejected()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus.cfg", "pass");
        t.Add("m", "Consensus_Live.cfg", "pass");
        Assert.Contains("model \"m\": duplicate name", t.Error());
    }

    [Fact]
    public void Simulate_mode_needs_its_settings()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus.cfg", "pass")["mode"] = "simulate";
        Assert.Contains("mode \"simulate\" needs a \"simulate\" object", t.Error());
    }

    [Fact]
    public void Bad_time_limit_and_tier_are_rejected()
    {
        using (var t = new TestManifest())
        {
            t.Add("m", "Consensus.cfg", "pass")["timeLimitSeconds"] = 0;
            Assert.Contains("\"timeLimitSeconds\" must be a positive integer", t.Error());
        }
        using (var t = new TestManifest())
        {
            t.Add("m", "Consensus.cfg", "pass")["tier"] = "nightly";
            Assert.Contains("field \"tier\" is \"nightly\"", t.Error());
        }
    }

    [Fact]
    public void Unknown_model_in_selection_is_an_input_error()
    {
        using var t = new TestManifest();
        t.Add("m", "Consensus.cfg", "pass");
        var m = t.Load();
        var e = Assert.Throws<InputError>(() => new Selection { Names = ["nope"] }.Apply(m));
        Assert.Contains("--model nope: no model of that name", e.Message);
        Assert.Throws<InputError>(() => new Selection { Protocols = ["Nope"] }.Apply(m));
    }

    [Fact]
    public void Selection_defaults_to_the_fast_tier_and_names_override_tiers()
    {
        using var t = new TestManifest();
        t.Add("fast1", "Consensus.cfg", "pass");
        t.Add("full1", "Consensus_Live.cfg", "pass")["tier"] = "full";
        var m = t.Load();
        Assert.Equal(["fast1"], new Selection().Apply(m).Select(e => e.Name));
        Assert.Equal(["full1"], new Selection { Names = ["full1"] }.Apply(m).Select(e => e.Name));
        Assert.Equal(["fast1", "full1", "fast1_witness", "full1_witness"], new Selection { AllTiers = true }.Apply(m).Select(e => e.Name));
    }

    [Fact]
    public void Record_rewrites_only_the_stats_fields()
    {
        using var t = new TestManifest { AddWitnesses = false };       // the file is compared with Root as written
        t.Add("a", "Consensus.cfg", "pass");
        t.Add("b", "Consensus_Live.cfg", "pass");
        var path = t.Write();
        JsonFiles.RecordStats(path, "models", new Dictionary<string, RecordedStats> { ["a"] = new() { Distinct = 3, Generated = 4, Depth = 2, Seconds = 1.234 } });
        var before = JsonNode.Parse(t.Root.ToJsonString())!.AsObject();
        var after = JsonNode.Parse(File.ReadAllText(path))!.AsObject();
        var a = after["models"]![0]!.AsObject();
        Assert.Equal(3, a["stats"]!["distinct"]!.GetValue<long>());
        Assert.Equal(1.2, a["stats"]!["seconds"]!.GetValue<double>());
        a["stats"] = null;
        Assert.True(JsonNode.DeepEquals(before, after)); // nothing else changed, including b
        Assert.Equal(before["models"]![0]!.AsObject().Select(kv => kv.Key), after["models"]![0]!.AsObject().Select(kv => kv.Key));
    }
}

/// The invariant catalogue is honest: every property is defined, has a mutant, and the Markdown is current.
public class CatalogueTests
{
    private static readonly Manifest RepoManifest = Manifest.Load(Path.Combine(Repo.Root, "configs", "models.json"));
    private static readonly Catalogue RepoCatalogue = Catalogue.Load(Path.Combine(Repo.Root, "docs", "invariants.json"));
    private static readonly PTestManifest RepoPTests = PTestManifest.Load(Path.Combine(Repo.Root, "p-models", "tests.json"));
    private static readonly Pando.ModelCheck.Coyote.CoyoteTestManifest RepoCoyote = Pando.ModelCheck.Coyote.CoyoteTestManifest.Load(Path.Combine(Repo.Root, "tests", "coyote.json"));

    [Fact]
    public void Every_catalogued_property_is_defined_and_has_a_mutant_and_every_expected_violation_is_catalogued()
    {
        Assert.Empty(RepoCatalogue.Problems(RepoManifest, RepoPTests, RepoCoyote));
    }

    [Fact]
    public void Generated_markdown_is_up_to_date()
    {
        var md = File.ReadAllText(Path.Combine(Repo.Root, "docs", "invariants.md"));
        Assert.True(md == RepoCatalogue.ToMarkdown(RepoManifest, RepoPTests, RepoCoyote, Repo.Root), "docs/invariants.md is stale: run ./pando catalogue");
    }

    [Fact]
    public void The_README_status_table_protocol_pages_and_figures_are_up_to_date()
    {
        var docs = ProtocolPages.Render(Repo.Root, RepoCatalogue, RepoManifest, RepoPTests, RepoCoyote);
        // The README, five pages and at least one figure per page.
        Assert.Contains(docs, d => d.Path == "README.md");
        Assert.Equal(5, docs.Count(d => d.Path.EndsWith("/README.md", StringComparison.Ordinal) && d.Path.StartsWith("docs/", StringComparison.Ordinal)));
        Assert.True(docs.Count(d => d.Path.EndsWith(".svg", StringComparison.Ordinal)) >= 5);
        foreach (var (path, content) in docs)
            Assert.True(File.ReadAllText(Path.Combine(Repo.Root, path)) == content, $"{path} is stale: run ./pando catalogue");
    }

    [Fact]
    public void The_status_table_counts_come_from_the_manifests()
    {
        var table = ProtocolPages.StatusTable(RepoCatalogue, RepoManifest, RepoPTests, RepoCoyote,
            ProtocolPages.Findings(Path.Combine(Repo.Root, "docs", "findings.md")));
        var pando = table.Split('\n').Single(l => l.StartsWith("| [Pando]", StringComparison.Ordinal));
        int fast = RepoManifest.Models.Count(m => m.Protocol == "Pando" && m.Tier == Tier.Fast);
        Assert.Contains($"| {fast} fast, ", pando);
        Assert.Contains($"{RepoCatalogue.Entries.Count(e => e.Protocol == "Pando")} (PANDO-*)", pando);
        Assert.Contains("[F1](docs/findings.md#f1-pando-", pando);
        var lego = ProtocolPages.StatusTable(RepoCatalogue, RepoManifest, RepoPTests, RepoCoyote,
            ProtocolPages.Findings(Path.Combine(Repo.Root, "docs", "findings.md")), Repo.Root).Split('\n').Single(l => l.StartsWith("| [LEGOStore]", StringComparison.Ordinal));
        Assert.Contains("`TraceABD`, `TraceCAS`", lego);
    }

    [Fact]
    public void A_generated_block_without_its_markers_is_a_clear_error()
    {
        var e = Assert.Throws<InputError>(() => ProtocolPages.Splice("# page\nno markers\n", "checks", "x", "docs/x/README.md"));
        Assert.Contains("docs/x/README.md", e.Message);
        Assert.Contains("generated:checks", e.Message);
        var (b, end) = ProtocolPages.Markers("checks");
        Assert.Equal($"a\n{b}\nNEW\n{end}\nz", ProtocolPages.Splice($"a\n{b}\nold\n{end}\nz", "checks", "NEW\n", "f"));
    }

    [Fact]
    public void A_finding_naming_an_unknown_protocol_is_a_clear_error()
    {
        var dir = Directory.CreateTempSubdirectory("findings").FullName;
        var path = Path.Combine(dir, "findings.md");
        File.WriteAllText(path, "# Findings\n\n## F9. Raft: something\n");
        var e = Assert.Throws<InputError>(() => ProtocolPages.Findings(path));
        Assert.Contains("F9", e.Message);
        Assert.Contains("\"Raft\"", e.Message);
    }

    [Fact]
    public void A_temporal_property_needs_a_TLA_definition_or_a_monitor()
    {
        var dir = Directory.CreateTempSubdirectory("catalogue").FullName;
        var path = Path.Combine(dir, "invariants.json");
        File.WriteAllText(path, """{"properties": [{"id": "X-L1", "name": "n", "protocol": "Pando", "spec": "Pando", "tla": null, "kind": "temporal", "statement": "s", "source": "t", "p": null, "csharp": null}]}""");
        var e = Assert.Throws<InputError>(() => Catalogue.Load(path));
        Assert.Contains("X-L1: a temporal property needs a TLA+ definition", e.Message);
        File.WriteAllText(path, """{"properties": [{"id": "X-L1", "name": "n", "protocol": "Pando", "spec": "Pando", "tla": null, "kind": "invariant", "statement": "s", "source": "t", "p": null, "csharp": "M"}]}""");
        Assert.Contains("field \"tla\" must be a non-empty string", Assert.Throws<InputError>(() => Catalogue.Load(path)).Message);
        Directory.Delete(dir, true);
    }

    [Fact]
    public void Guard_marks_are_checked_and_shown_with_the_kind()
    {
        var dir = Path.Combine(Path.GetTempPath(), "pando-guard-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        var path = Path.Combine(dir, "c.json");
        File.WriteAllText(path, """{"properties": [{"id": "X-S1", "name": "n", "protocol": "Pando", "spec": "Pando", "tla": "T", "kind": "invariant", "guard": "maybe", "statement": "s", "source": "t", "p": null, "csharp": null}]}""");
        Assert.Contains("guard must be \"guard\"", Assert.Throws<InputError>(() => Catalogue.Load(path)).Message);
        Directory.Delete(dir, true);
        // The repository's catalogue marks S4 and S15 as close to a guard (issue 18), and the view shows it.
        Assert.Equal("invariant (close to a guard)", RepoCatalogue.Entries.Single(e => e.Id == "PANDO-S4").KindText);
        Assert.Equal("invariant (close to a guard)", RepoCatalogue.Entries.Single(e => e.Id == "PANDO-S15").KindText);
        Assert.Equal("invariant (a guard)", RepoCatalogue.Entries.Single(e => e.Id == "ALIA-S14").KindText);
        Assert.Equal("invariant", RepoCatalogue.Entries.Single(e => e.Id == "PANDO-S1").KindText);
    }

    [Fact]
    public void A_property_without_a_mutant_is_reported()
    {
        var extra = new Catalogue { Entries = [.. RepoCatalogue.Entries, new CatalogueEntry("PANDO-X", "Extra", "Pando", "Pando", "AgreementInv2", "invariant", "s", "t", null, null)] };
        var problems = extra.Problems(RepoManifest);
        Assert.Contains(problems, p => p.Contains("AgreementInv2 is not defined in Pando.tla"));
        Assert.Contains(problems, p => p.Contains("no model in the manifest is expected to violate AgreementInv2"));
    }

    [Fact]
    public void A_discriminating_witness_must_be_reached_in_the_fast_tier_and_only_witnesses_name_a_rule()
    {
        // A witness that only full-tier models reach: declaring it a rule witness must be reported.
        var fullOnly = RepoCatalogue.Entries.First(e => e.Kind == "witness" && Catalogue.MutantsOf(e, RepoManifest) is { Count: > 0 } ms
                                                        && ms.All(x => x.Tier == Tier.Full));
        var ruled = new Catalogue { Entries = [.. RepoCatalogue.Entries.Where(e => e.Id != fullOnly.Id), fullOnly with { Rule = "some rule" }] };
        Assert.Contains(ruled.Problems(RepoManifest), p => p.StartsWith(fullOnly.Id + " ") && p.Contains("discriminating witness of the rule \"some rule\" is reached by no fast-tier model"));
        // Every rule witness of the repository is reached in the fast tier, and the view names the rule.
        Assert.All(RepoCatalogue.Entries.Where(e => e.Rule is not null), e => Assert.Contains(Catalogue.MutantsOf(e, RepoManifest), x => x.Tier == Tier.Fast));
        Assert.Equal(5, RepoCatalogue.Entries.Where(e => e.Rule is not null).Select(e => e.Protocol).Distinct().Count());
        Assert.StartsWith("witness (discriminates: ", RepoCatalogue.Entries.Single(e => e.Id == "PQR-W7").KindText);
        var dir = Directory.CreateTempSubdirectory("catalogue").FullName;
        var path = Path.Combine(dir, "c.json");
        File.WriteAllText(path, """{"properties": [{"id": "X-S1", "name": "n", "protocol": "Pando", "spec": "Pando", "tla": "T", "kind": "invariant", "rule": "r", "statement": "s", "source": "t", "p": null, "csharp": null}]}""");
        Assert.Contains("X-S1: \"rule\" names the selection rule a witness discriminates", Assert.Throws<InputError>(() => Catalogue.Load(path)).Message);
        Directory.Delete(dir, true);
    }

    [Fact]
    public void A_P_monitor_that_is_undeclared_or_never_violated_is_reported()
    {
        var undeclared = new CatalogueEntry("PANDO-Y", "Extra", "Pando", "Pando", "AgreementInv", "invariant", "s", "t", "NoSuchMonitor", null);
        var extra = new Catalogue { Entries = [.. RepoCatalogue.Entries, undeclared] };
        var problems = extra.Problems(RepoManifest, RepoPTests);
        Assert.Contains(problems, p => p.Contains("P monitor NoSuchMonitor is not declared"));
        Assert.Contains(problems, p => p.Contains("no P test in p-models/tests.json is expected to violate monitor NoSuchMonitor"));
    }

    [Fact]
    public void A_P_bug_test_for_an_uncatalogued_monitor_is_reported()
    {
        var without = new Catalogue { Entries = RepoCatalogue.Entries.Select(e => e.P == "CommitSound" ? e with { P = null } : e).ToList() };
        var problems = without.Problems(RepoManifest, RepoPTests);
        Assert.Contains(problems, p => p.Contains("P test tcM7CommitSound expects a violation of monitor CommitSound, which no catalogue entry names"));
    }

    [Fact]
    public void A_CSharp_monitor_without_a_Coyote_bug_test_and_an_uncatalogued_Coyote_bug_test_are_reported()
    {
        var extra = new Catalogue { Entries = [.. RepoCatalogue.Entries.Select(e => e.CSharp == "CommitSound" ? e with { CSharp = null } : e),
            new CatalogueEntry("PANDO-Z", "Extra", "Pando", "Pando", "AgreementInv", "invariant", "s", "t", null, "NoSuchMonitor")] };
        var problems = extra.Problems(RepoManifest, RepoPTests, RepoCoyote);
        Assert.Contains(problems, p => p.Contains("no Coyote test in tests/coyote.json is expected to violate C# monitor NoSuchMonitor"));
        Assert.Contains(problems, p => p.Contains("Coyote test Pando_M7_CommitSound expects a violation of monitor CommitSound, which no catalogue entry names"));
    }

    [Fact]
    public void The_generated_catalogue_links_each_level_to_its_definition()
    {
        var md = File.ReadAllText(Path.Combine(Repo.Root, "docs", "invariants.md"));
        Assert.Matches(@"\[`AgreementInv`\]\(\.\./specs/Pando\.tla#L\d+\)", md);
        Assert.Matches(@"\[`Agreement`\]\(\.\./p-models/Pando/PSpec/Safety\.p#L\d+\)", md);
        Assert.Matches(@"\[`AgreementMonitor`\]\(\.\./src/PandoCoyote/Pando/Monitors\.cs#L\d+\)", md);
    }
}

/// Cfg names are honest: every cfg under configs/ is used by a model, and a cfg named
/// `..._violates_X` is only used by models that expect a violation of the property X names.
public class CfgNamingTests
{
    [Fact]
    public void Every_cfg_is_used_and_violates_names_match_expectations()
    {
        var manifest = Manifest.Load(Path.Combine(Repo.Root, "configs", "models.json"));
        var catalogue = Catalogue.Load(Path.Combine(Repo.Root, "docs", "invariants.json"));
        var problems = new List<string>();
        foreach (var cfg in Directory.EnumerateFiles(Path.Combine(Repo.Root, "configs"), "*.cfg", SearchOption.AllDirectories))
        {
            var users = manifest.Models.Where(m => Path.GetFullPath(m.CfgPath) == Path.GetFullPath(cfg)).ToList();
            // A trace spec's cfg (TraceX.cfg beside TraceX.tla) is run by ./pando validate, not by a manifest model.
            if (users.Count == 0 && Path.GetFileName(cfg).StartsWith("Trace", StringComparison.Ordinal) && File.Exists(Path.ChangeExtension(cfg, ".tla"))) continue;
            if (users.Count == 0) { problems.Add($"{cfg}: no model uses it"); continue; }
            var name = Path.GetFileNameWithoutExtension(cfg);
            var i = name.LastIndexOf("_violates_", StringComparison.Ordinal);
            if (i < 0) continue;
            var x = name[(i + "_violates_".Length)..];
            foreach (var m in users)
            {
                var prop = m.Expect.Property;
                var catalogueName = catalogue.Entries.FirstOrDefault(e => e.Tla == prop)?.Name.Replace(" ", "", StringComparison.Ordinal);
                bool ok = m.Expect.Kind is VerdictKind.Violates or VerdictKind.Liveness && prop is not null
                          && (prop.Contains(x, StringComparison.Ordinal) || catalogueName == x);
                if (!ok) problems.Add($"{name}: model {m.Name} expects {m.Expect}, not a violation of {x}");
            }
        }
        Assert.Empty(problems);
    }
}
