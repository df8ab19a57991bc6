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

    [Fact]
    public void No_doc_calls_a_full_tier_entry_fast_tier()
    {
        var tiers = Tiers();
        var names = new Regex(@"(?<![\w])(" + string.Join("|", tiers.Keys.OrderByDescending(k => k.Length).Select(Regex.Escape)) + @")(?![\w])");
        var docs = new[] { "README.md" }.Concat(Directory.EnumerateFiles(Path.Combine(Repo.Root, "docs"), "*.md", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(Repo.Root, f))).Where(f => !f.EndsWith("invariants.md", StringComparison.Ordinal));
        var wrong = new List<string>();
        foreach (var doc in docs)
        {
            var lines = File.ReadAllLines(Path.Combine(Repo.Root, doc));
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
}
