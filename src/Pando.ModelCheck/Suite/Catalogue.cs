using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Pando.ModelCheck.Coyote;
using Pando.ModelCheck.P;
using Pando.ModelCheck.Tlc;

namespace Pando.ModelCheck.Suite;

/// <summary>One property of the catalogue (docs/invariants.json).</summary>
public sealed record CatalogueEntry(string Id, string Name, string Protocol, string Spec, string? Tla, string Kind,
    string Statement, string Source, string? P, string? CSharp)
{
    /// <summary>
    /// How the property relates to a protocol guard (optional field "guard"): "guard" when it restates a guard the
    /// protocol checks (a mutant that drops the guard breaks it), "close" when a guard ensures it but a mutant that keeps
    /// the guard still breaks it by another path; null otherwise.
    /// </summary>
    public string? Guard { get; init; }

    /// <summary>
    /// For a discriminating witness (optional field "rule", kind witness only): the selection rule whose alternatives
    /// differ in the states the witness reaches (e.g. "new leader re-proposes the highest reported ballot's command").
    /// Such a witness must be reached by a fast-tier model of its protocol, so the fast tier exercises the rule.
    /// </summary>
    public string? Rule { get; init; }

    /// <summary>The kind as the Markdown view shows it, with the guard mark or the rule a witness discriminates.</summary>
    public string KindText => Guard switch
    {
        "guard" => $"{Kind} (a guard)",
        "close" => $"{Kind} (close to a guard)",
        _ => Rule is null ? Kind : $"{Kind} (discriminates: {Rule})",
    };
}

/// <summary>
/// The invariant catalogue: one ID per property, shared by the TLA+ spec, the P monitors and the C#
/// monitors. The Markdown view (docs/invariants.md) is generated from it and from the manifest, so
/// the column "mutants that must break it" always lists the models that actually expect that
/// violation.
/// </summary>
public sealed partial class Catalogue
{
    /// <summary>Entries in file order.</summary>
    public required IReadOnlyList<CatalogueEntry> Entries { get; init; }

    /// <summary>Loads docs/invariants.json; a malformed file is an <see cref="InputError"/>.</summary>
    public static Catalogue Load(string path)
    {
        if (!File.Exists(path)) throw new InputError($"{path}: catalogue not found");
        JsonNode? root;
        try { root = JsonNode.Parse(File.ReadAllText(path)); }
        catch (JsonException e) { throw new InputError($"{path}: malformed JSON at line {(e.LineNumber ?? 0) + 1}"); }
        var list = new List<CatalogueEntry>();
        var ids = new HashSet<string>();
        if (root?["properties"] is not JsonArray arr) throw new InputError($"{path}: \"properties\" must be an array");
        foreach (var n in arr)
        {
            string S(string f) => n?[f] is JsonValue v && v.TryGetValue<string>(out var s) && s.Length > 0 ? s
                : throw new InputError($"{path}: property {n?["id"]}: field \"{f}\" must be a non-empty string");
            string? O(string f) => n?[f] is JsonValue v && v.TryGetValue<string>(out var s) ? s : null;
            var kind = S("kind");
            // A history property has no TLA+ form by nature, nor has a runtime one (a property of the implementation's data,
            // e.g. share bytes, that the abstract spec does not represent); a temporal one may not have one yet.
            var e = new CatalogueEntry(S("id"), S("name"), S("protocol"), S("spec"), kind is "history" or "temporal" or "runtime" ? O("tla") : S("tla"), kind, S("statement"), S("source"), O("p"), O("csharp"))
                { Guard = O("guard"), Rule = O("rule") };
            if (e.Rule is not null && e.Kind != "witness")
                throw new InputError($"{path}: property {e.Id}: \"rule\" names the selection rule a witness discriminates, so the kind must be witness");
            if (e.Guard is not (null or "guard" or "close"))
                throw new InputError($"{path}: property {e.Id}: guard must be \"guard\" (restates a protocol guard) or \"close\" (a guard ensures it, a mutant keeping the guard breaks it)");
            if (e.Kind is not ("invariant" or "action" or "temporal" or "history" or "runtime" or "witness"))
                throw new InputError($"{path}: property {e.Id}: kind must be invariant, action, temporal, history, runtime or witness");
            if (e.Kind == "history" && e.CSharp is null)
                throw new InputError($"{path}: property {e.Id}: a history property is checked on recorded histories, so it needs a C# monitor (\"csharp\")");
            if (e.Kind == "runtime" && e.CSharp is null && e.P is null)
                throw new InputError($"{path}: property {e.Id}: a runtime property is checked on the implementation, so it needs a P or C# monitor");
            if (e.Kind == "temporal" && e.Tla is null && e.CSharp is null && e.P is null)
                throw new InputError($"{path}: property {e.Id}: a temporal property needs a TLA+ definition (\"tla\") or a P or C# monitor");
            if (!ids.Add(e.Id)) throw new InputError($"{path}: duplicate id {e.Id}");
            list.Add(e);
        }
        return new Catalogue { Entries = list };
    }

    /// <summary>Manifest models whose expectation is a violation of this entry's TLA+ property.</summary>
    public static IReadOnlyList<ModelEntry> MutantsOf(CatalogueEntry e, Manifest m) =>
        // Same protocol and same spec: ABD and CAS share property names (RealTimeOrderInv, ...) within LEGOStore.
        m.Models.Where(x => string.Equals(x.Protocol, e.Protocol, StringComparison.Ordinal) && SameSpec(x.Spec, e.Spec)
            && x.Expect.Kind is VerdictKind.Violates or VerdictKind.Liveness && e.Tla is not null && x.Expect.Property == e.Tla).ToList();

    // A model of the spec or of a module built on it (PandoLive and PandoVersions extend the Pando catalogue).
    private static bool SameSpec(string model, string entry) => model == entry || (entry.StartsWith("Pando", StringComparison.Ordinal) && model.StartsWith("Pando", StringComparison.Ordinal));

    /// <summary>P test cases expected to violate this entry's P monitor (none when the entry has no P monitor).</summary>
    /// The tests whose expectation names the entry's ID when there are any (one LEGOStore monitor serves ABD-, CAS- and
    /// RECONF- entries, each with its own bug tests); otherwise every bug test of its monitor (PANDO-S1m is the
    /// per-version reading of the Agreement monitor, whose bug tests name PANDO-S1).
    public static IReadOnlyList<PTestEntry> PBugTestsOf(CatalogueEntry e, PTestManifest? p)
    {
        if (e.P is null || p is null) return [];
        var ofMonitor = p.Tests.Where(t => t.Expect.Kind != VerdictKind.Pass && t.Expect.Property == e.P).ToList();
        var named = ofMonitor.Where(t => t.Expect.Id == e.Id).ToList();
        return named.Count > 0 ? named : ofMonitor;
    }

    /// <summary>Coyote tests expected to violate this entry's C# monitor (none when the entry has no C# monitor).</summary>
    /// A test belongs to the entry whose ID its expectation names; a liveness expectation without an ID, to the entry of its monitor.
    public static IReadOnlyList<CoyoteTestEntry> CoyoteBugTestsOf(CatalogueEntry e, CoyoteTestManifest? c) =>
        e.CSharp is null || c is null ? [] : c.Tests.Where(t => t.Protocol == e.Protocol && t.Expect.Kind != VerdictKind.Pass
            && t.Expect.Property == e.CSharp && (t.Expect.Id ?? e.Id) == e.Id).ToList();

    /// <summary>Spec monitors declared in the P projects (<c>spec NAME observes ...</c>).</summary>
    public static IReadOnlySet<string> DeclaredMonitors(PTestManifest p)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (var f in PTestManifest.PSources(p.ModelsDir))
            foreach (Match mt in SpecDecl().Matches(File.ReadAllText(f))) names.Add(mt.Groups[1].Value);
        return names;
    }

    [GeneratedRegex(@"^\s*spec\s+([A-Za-z_][A-Za-z0-9_]*)\s+observes", RegexOptions.Multiline)]
    private static partial Regex SpecDecl();

    /// <summary>
    /// Problems that make the catalogue dishonest: a property whose TLA+ name is not defined in its
    /// spec, a property no mutant model is expected to violate, a violation expected by the manifest
    /// of a property the catalogue does not list; and with the P manifest, a P monitor that is not
    /// declared, a P monitor no bug test violates, or a bug test whose monitor the catalogue lacks.
    /// </summary>
    public IReadOnlyList<string> Problems(Manifest m, PTestManifest? p = null, CoyoteTestManifest? coyote = null)
    {
        var problems = new List<string>();
        foreach (var e in Entries)
        {
            if (e.Tla is null) continue;                                  // a history property, or one checked by P/Coyote only
            var file = m.Library.Find(e.Spec);
            if (file is null) { problems.Add($"{e.Id}: spec module {e.Spec} not found"); continue; }
            if (!m.Library.DefinedNames(file).Contains(e.Tla)) problems.Add($"{e.Id}: {e.Tla} is not defined in {e.Spec}.tla");
            var violating = MutantsOf(e, m);
            if (violating.Count == 0) problems.Add($"{e.Id} {e.Name}: no model in the manifest is expected to violate {e.Tla}");
            else if (e.Rule is not null && !violating.Any(x => x.Tier == Tier.Fast))
                problems.Add($"{e.Id} {e.Name}: discriminating witness of the rule \"{e.Rule}\" is reached by no fast-tier model (models: {string.Join(", ", violating.Select(x => x.Name))})");
        }
        var known = Entries.Where(e => e.Tla is not null).Select(e => (e.Protocol, e.Tla!)).ToHashSet();
        foreach (var x in m.Models.Where(x => x.Expect.Kind is VerdictKind.Violates or VerdictKind.Liveness))
            if (!known.Contains((x.Protocol, x.Expect.Property!)))
                problems.Add($"model {x.Name} expects a violation of {x.Expect.Property}, which is not in the catalogue");
        if (p is not null)
        {
            var declared = DeclaredMonitors(p);
            foreach (var e in Entries.Where(e => e.P is not null))
            {
                if (!declared.Contains(e.P!)) problems.Add($"{e.Id}: P monitor {e.P} is not declared in p-models");
                if (PBugTestsOf(e, p).Count == 0) problems.Add($"{e.Id} {e.Name}: no P test in p-models/tests.json is expected to violate monitor {e.P}");
            }
            var monitors = Entries.Where(e => e.P is not null).Select(e => e.P!).ToHashSet();
            foreach (var t in p.Tests.Where(t => t.Expect.Kind != VerdictKind.Pass && !monitors.Contains(t.Expect.Property!)))
                problems.Add($"P test {t.Name} expects a violation of monitor {t.Expect.Property}, which no catalogue entry names");
        }
        if (coyote is not null)
        {
            foreach (var e in Entries.Where(e => e.CSharp is not null && CoyoteBugTestsOf(e, coyote).Count == 0))
                problems.Add($"{e.Id} {e.Name}: no Coyote test in tests/coyote.json is expected to violate C# monitor {e.CSharp}");
            var monitors = Entries.Where(e => e.CSharp is not null).Select(e => (e.Protocol, e.CSharp!)).ToHashSet();
            foreach (var t in coyote.Tests.Where(t => t.Expect.Kind != VerdictKind.Pass && !monitors.Contains((t.Protocol, t.Expect.Property!))))
                problems.Add($"Coyote test {t.Name} expects a violation of monitor {t.Expect.Property}, which no catalogue entry names");
            foreach (var t in coyote.Tests.Where(t => t.Expect.Id is { } id && Entries.All(e => e.Id != id)))
                problems.Add($"Coyote test {t.Name} names catalogue ID {t.Expect.Id}, which the catalogue does not list");
        }
        return problems;
    }

    /// <summary>The Markdown view.</summary>
    public string ToMarkdown(Manifest m, PTestManifest? p = null, CoyoteTestManifest? coyote = null, string? repoRoot = null)
    {
        // Links to the definition at each level (GitHub line anchors), found by the declaration's shape.
        string Link(string text, string? file, string pattern)
        {
            if (repoRoot is null || file is null || !File.Exists(file)) return $"`{text}`";
            var lines = File.ReadAllLines(file);
            var rx = new Regex(pattern);
            int at = Array.FindIndex(lines, l => rx.IsMatch(l));
            var rel = Path.GetRelativePath(Path.Combine(repoRoot, "docs"), file).Replace('\\', '/');
            return at < 0 ? $"`{text}`" : $"[`{text}`]({rel}#L{at + 1})";
        }
        // The monitor's file in the property's own P project first: several projects declare a monitor of one name
        // (Agreement in Pando and in PQR).
        string? PFile(string monitor, string protocol)
        {
            if (p is null) return null;
            var own = Path.Combine(p.ModelsDir, protocol);
            var files = (Directory.Exists(own) ? PTestManifest.PSources(own) : []).Concat(PTestManifest.PSources(p.ModelsDir));
            return files.FirstOrDefault(f => Regex.IsMatch(File.ReadAllText(f), $@"^\s*spec\s+{monitor}\s+observes", RegexOptions.Multiline));
        }
        // The file under src/PandoCoyote/<protocol>/ or Shared/ (subfolders too) that declares the monitor class.
        string? CsFile(string protocol, string monitor)
        {
            // The protocol's own folder first, then Shared/ (the node-local monitors every protocol registers).
            if (repoRoot is null) return null;
            return new[] { protocol, "Shared" }.Select(d => Path.Combine(repoRoot, "src", "PandoCoyote", d)).Where(Directory.Exists)
                .SelectMany(d => Directory.EnumerateFiles(d, "*.cs", SearchOption.AllDirectories).Order(StringComparer.Ordinal))
                .FirstOrDefault(f => Regex.IsMatch(File.ReadAllText(f), $@"class\s+{monitor}Monitor\b"));
        }
        var sb = new StringBuilder();
        sb.AppendLine("# Invariant catalogue");
        sb.AppendLine();
        sb.AppendLine("<!-- Generated by ./pando catalogue from docs/invariants.json, configs/models.json, p-models/tests.json and tests/coyote.json; do not edit. -->");
        sb.AppendLine();
        sb.AppendLine("One ID per property, used with the same name by the TLA+ spec, the P monitor and the C# monitor.");
        sb.AppendLine("The column \"mutant models\" lists the models of `configs/models.json` that are expected to violate");
        sb.AppendLine("the property; `./pando check` fails if one of them stops violating it, and a test fails if a");
        sb.AppendLine("property has none. The P column names the spec monitor of p-models/ that checks the property and");
        sb.AppendLine("the P bug tests (p-models/tests.json) expected to violate it; `./pando check --p` fails if one stops");
        sb.AppendLine("violating it. The C# column names the Coyote monitor (src/PandoCoyote/<Protocol>/Monitors.cs) and the");
        sb.AppendLine("Coyote bug tests (tests/coyote.json) expected to violate it; `./pando check --coyote` fails if one stops");
        sb.AppendLine("violating it. Names link to the definition at each level. \"—\": no monitor at that level (yet).");
        sb.AppendLine("Rows of kind \"witness\" are reachability witnesses: predicates that correct models must violate, to");
        sb.AppendLine("prove they reach the states the invariants talk about; their column lists the witness models, each");
        sb.AppendLine("running a passing model's own cfg (the manifest refuses a passing model without one).");
        sb.AppendLine("A kind marked \"(a guard)\" restates a guard the protocol checks: its mutant drops the guard. \"(close to a");
        sb.AppendLine("guard)\": a guard ensures it, and a mutant that keeps the guard still breaks it by another path.");
        sb.AppendLine("A witness marked \"(discriminates: RULE)\" reaches a state where the alternatives of that selection rule");
        sb.AppendLine("(highest, lowest, any) differ; the catalogue check fails unless a fast-tier model reaches it.");
        foreach (var group in Entries.GroupBy(e => e.Protocol))
        {
            sb.AppendLine();
            sb.AppendLine($"## {group.Key} (`specs/{group.First().Spec}.tla`)");
            sb.AppendLine();
            sb.AppendLine("| ID | property | statement | TLA+ | kind | mutant models | P monitor and bug tests | C# monitor and Coyote bug tests | source |");
            sb.AppendLine("|---|---|---|---|---|---|---|---|---|");
            foreach (var e in group)
            {
                var mutants = string.Join("<br>", MutantsOf(e, m).Select(x => $"`{x.Name}`"));
                var pcol = e.P is null ? "—" : Link(e.P, PFile(e.P, e.Protocol), $@"^\s*spec\s+{e.P}\s+observes") + string.Concat(PBugTestsOf(e, p).Select(t => $"<br>`{t.Name}`"));
                var cscol = e.CSharp is null ? "—" : Link(e.CSharp + "Monitor", CsFile(e.Protocol, e.CSharp), $@"class\s+{e.CSharp}Monitor\b") + string.Concat(CoyoteBugTestsOf(e, coyote).Select(t => $"<br>`{t.Name}`"));
                var tla = e.Tla is null ? e.Kind switch { "history" => "— (history)", "runtime" => "— (implementation)", _ => "— (not yet)" } : Link(e.Tla, m.Library.Find(e.Spec), $@"^{e.Tla}\s*(\(.*\))?\s*==");
                var mcol = e.Tla is null ? e.Kind switch { "history" => "— (no TLA+ form)", "runtime" => "— (checked at run time)", _ => "— (no TLA+ form yet)" } : mutants.Length == 0 ? "**none**" : mutants;
                sb.AppendLine($"| {e.Id} | {e.Name} | {e.Statement} | {tla} | {e.KindText} | {mcol} | {pcol} | {cscol} | {e.Source} |");
            }
        }
        return sb.ToString();
    }
}
