using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.Tests;

/// The docs must not call a full-tier entry "fast tier" (issue 47: docs' tier claims match the manifests). A sentence or
/// table cell that says fast tier (and not full tier) may name only entries whose manifest tier is fast.
public class DocsTierTests
{
    private static Dictionary<string, string> Tiers()
    {
        var tiers = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var (file, array) in new[] { ("configs/models.json", "models"), ("p-models/tests.json", "tests"), ("tests/coyote.json", "tests") })
            foreach (var e in JsonNode.Parse(File.ReadAllText(Path.Combine(Repo.Root, file)))![array]!.AsArray())
                tiers[e!["name"]!.GetValue<string>()] = e["tier"]?.GetValue<string>() ?? "fast";
        return tiers;
    }

    // README and every page under docs/ (the generated catalogue aside), each with its lines.
    private static IEnumerable<(string Doc, string[] Lines)> Docs() =>
        new[] { "README.md" }.Concat(Directory.EnumerateFiles(Path.Combine(Repo.Root, "docs"), "*.md", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(Repo.Root, f))).Where(f => !f.EndsWith("invariants.md", StringComparison.Ordinal))
            .Select(f => (f, File.ReadAllLines(Path.Combine(Repo.Root, f))));

    [Fact]
    public void No_doc_calls_a_full_tier_entry_fast_tier()
    {
        var tiers = Tiers();
        var names = new Regex(@"(?<![\w])(" + string.Join("|", tiers.Keys.OrderByDescending(k => k.Length).Select(Regex.Escape)) + @")(?![\w])");
        var wrong = new List<string>();
        foreach (var (doc, lines) in Docs())
        {
            for (int i = 0; i < lines.Length; i++)
                foreach (var seg in Regex.Split(lines[i], @"(?<=[.;])\s+|\|"))
                {
                    if (!Regex.IsMatch(seg, @"(?i)fast[ -]tier") || Regex.IsMatch(seg, @"(?i)full[ -]tier|not in the fast")) continue;
                    foreach (Match m in names.Matches(seg))
                        if (tiers[m.Value] == "full") wrong.Add($"{doc}:{i + 1}: {m.Value} is full tier");
                }
        }
        Assert.True(wrong.Count == 0, "docs call full-tier entries fast tier:\n" + string.Join("\n", wrong));
    }

    /// A table row whose first cell names manifest entries and whose tier cell (the first cell after it that starts
    /// with "fast" or "full") states a tier must state the manifest's tier of every entry it names.
    [Fact]
    public void Every_table_row_states_the_manifest_tier_of_the_entries_it_names()
    {
        var tiers = Tiers();
        var wrong = new List<string>();
        foreach (var (doc, lines) in Docs())
        {
            for (int i = 0; i < lines.Length; i++)
            {
                if (!lines[i].StartsWith('|')) continue;
                var cells = lines[i].Trim().Trim('|').Split('|').Select(c => c.Trim()).ToArray();
                var named = Regex.Matches(cells[0], @"`([A-Za-z0-9_]+)`").Select(m => m.Groups[1].Value).Where(tiers.ContainsKey).ToList();
                if (named.Count == 0) continue;
                var tierCell = cells.Skip(1).Select(c => Regex.Match(c, @"^(fast|full)\b")).FirstOrDefault(m => m.Success);
                if (tierCell is null) continue;
                foreach (var n in named.Where(n => tiers[n] != tierCell.Value))
                    wrong.Add($"{doc}:{i + 1}: {n} is {tiers[n]} tier, the row says {tierCell.Value}");
            }
        }
        Assert.True(wrong.Count == 0, "table rows state the wrong tier:\n" + string.Join("\n", wrong));
    }
}
