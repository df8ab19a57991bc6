using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Pando.ModelCheck.P;
using Pando.ModelCheck.Tlc;

namespace Pando.ModelCheck.Suite;

/// <summary>One property of the catalogue (docs/invariants.json).</summary>
public sealed record CatalogueEntry(string Id, string Name, string Protocol, string Spec, string Tla, string Kind,
    string Statement, string Source, string? P, string? CSharp);

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
            var e = new CatalogueEntry(S("id"), S("name"), S("protocol"), S("spec"), S("tla"), S("kind"), S("statement"), S("source"), O("p"), O("csharp"));
            if (e.Kind is not ("invariant" or "action" or "temporal"))
                throw new InputError($"{path}: property {e.Id}: kind must be invariant, action or temporal");
            if (!ids.Add(e.Id)) throw new InputError($"{path}: duplicate id {e.Id}");
            list.Add(e);
        }
        return new Catalogue { Entries = list };
    }

    /// <summary>Manifest models whose expectation is a violation of this entry's TLA+ property.</summary>
    public static IReadOnlyList<ModelEntry> MutantsOf(CatalogueEntry e, Manifest m) =>
        m.Models.Where(x => string.Equals(x.Protocol, e.Protocol, StringComparison.Ordinal)
            && x.Expect.Kind is VerdictKind.Violates or VerdictKind.Liveness && x.Expect.Property == e.Tla).ToList();

    /// <summary>P test cases expected to violate this entry's P monitor (none when the entry has no P monitor).</summary>
    public static IReadOnlyList<PTestEntry> PBugTestsOf(CatalogueEntry e, PTestManifest? p) =>
        e.P is null || p is null ? [] : p.Tests.Where(t => t.Expect.Kind != VerdictKind.Pass && t.Expect.Property == e.P).ToList();

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
    public IReadOnlyList<string> Problems(Manifest m, PTestManifest? p = null)
    {
        var problems = new List<string>();
        foreach (var e in Entries)
        {
            var file = m.Library.Find(e.Spec);
            if (file is null) { problems.Add($"{e.Id}: spec module {e.Spec} not found"); continue; }
            if (!m.Library.DefinedNames(file).Contains(e.Tla)) problems.Add($"{e.Id}: {e.Tla} is not defined in {e.Spec}.tla");
            if (MutantsOf(e, m).Count == 0) problems.Add($"{e.Id} {e.Name}: no model in the manifest is expected to violate {e.Tla}");
        }
        var known = Entries.Select(e => (e.Protocol, e.Tla)).ToHashSet();
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
        return problems;
    }

    /// <summary>The Markdown view.</summary>
    public string ToMarkdown(Manifest m, PTestManifest? p = null)
    {
        var sb = new StringBuilder();
        sb.AppendLine("# Invariant catalogue");
        sb.AppendLine();
        sb.AppendLine("<!-- Generated by ./pando catalogue from docs/invariants.json, configs/models.json and p-models/tests.json; do not edit. -->");
        sb.AppendLine();
        sb.AppendLine("One ID per property, used with the same name by the TLA+ spec, the P monitor and the C# monitor.");
        sb.AppendLine("The column \"mutant models\" lists the models of `configs/models.json` that are expected to violate");
        sb.AppendLine("the property; `./pando check` fails if one of them stops violating it, and a test fails if a");
        sb.AppendLine("property has none. The P column names the spec monitor of p-models/ that checks the property and");
        sb.AppendLine("the P bug tests (p-models/tests.json) expected to violate it; `./pando check --p` fails if one stops");
        sb.AppendLine("violating it. \"—\": no monitor at that level (yet).");
        foreach (var group in Entries.GroupBy(e => e.Protocol))
        {
            sb.AppendLine();
            sb.AppendLine($"## {group.Key} (`specs/{group.First().Spec}.tla`)");
            sb.AppendLine();
            sb.AppendLine("| ID | property | statement | TLA+ | kind | mutant models | P monitor and bug tests | C# | source |");
            sb.AppendLine("|---|---|---|---|---|---|---|---|---|");
            foreach (var e in group)
            {
                var mutants = string.Join("<br>", MutantsOf(e, m).Select(x => $"`{x.Name}`"));
                var pcol = e.P is null ? "—" : $"`{e.P}`" + string.Concat(PBugTestsOf(e, p).Select(t => $"<br>`{t.Name}`"));
                sb.AppendLine($"| {e.Id} | {e.Name} | {e.Statement} | `{e.Tla}` | {e.Kind} | {(mutants.Length == 0 ? "**none**" : mutants)} | {pcol} | {e.CSharp ?? "—"} | {e.Source} |");
            }
        }
        return sb.ToString();
    }
}
