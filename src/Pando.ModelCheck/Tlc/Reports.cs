using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Tlc;

/// <summary>Writes the machine-readable (JSON) and human (Markdown) reports of a check session.</summary>
public static class Reports
{
    /// <summary>Writes <c>report.json</c> and <c>report.md</c> into <paramref name="outDir"/>; returns their paths.</summary>
    public static (string Json, string Markdown) Write(string outDir, Toolchain tools, IReadOnlyList<ModelReport> reports)
    {
        Directory.CreateDirectory(outDir);
        var json = Path.Combine(outDir, "report.json");
        var md = Path.Combine(outDir, "report.md");
        File.WriteAllText(json, ToJson(tools, reports).ToJsonString(new JsonSerializerOptions { WriteIndented = true }) + "\n");
        File.WriteAllText(md, ToMarkdown(tools, reports));
        return (json, md);
    }

    /// <summary>The JSON report.</summary>
    public static JsonObject ToJson(Toolchain tools, IReadOnlyList<ModelReport> reports)
    {
        var models = new JsonArray();
        foreach (var r in reports)
        {
            var res = r.Run.Result;
            var o = new JsonObject
            {
                ["name"] = r.Model.Name, ["protocol"] = r.Model.Protocol, ["tier"] = r.Model.Tier.Text(),
                ["mode"] = r.Model.Mode.ToString().ToLowerInvariant(),
                ["expected"] = r.Model.Expect.ToString(), ["verdict"] = res.VerdictText, ["ok"] = r.Judgement.Ok,
                ["message"] = r.Judgement.Message, ["drift"] = r.Judgement.Drift,
                ["distinct"] = res.Stats.Distinct, ["generated"] = res.Stats.Generated, ["depth"] = res.Stats.Depth,
                ["seconds"] = Math.Round(r.Run.Seconds, 2), ["exitCode"] = res.ExitCode,
                ["recorded"] = r.Model.Stats?.ToJson(),
                ["log"] = r.Run.LogPath, ["command"] = r.Run.CommandLine, ["error"] = res.ErrorText,
                ["foldedInto"] = r.Run.FoldedInto,
            };
            if (res.Trace is { } t)
            {
                var steps = new JsonArray();
                foreach (var (st, changed) in t.Steps())
                {
                    var ch = new JsonObject();
                    foreach (var kv in changed) ch[kv.Key] = kv.Value;
                    steps.Add(new JsonObject { ["state"] = st.Number, ["action"] = st.Action, ["changed"] = ch });
                }
                o["trace"] = new JsonObject { ["steps"] = steps, ["ending"] = t.Ending };
            }
            models.Add(o);
        }
        return new JsonObject
        {
            ["generatedAt"] = DateTimeOffset.UtcNow.ToString("o", CultureInfo.InvariantCulture),
            ["tlc"] = reports.Select(r => r.Run.Result.Version).FirstOrDefault(v => v is not null),
            ["java"] = tools.Java, ["jar"] = tools.Jar,
            ["summary"] = new JsonObject { ["models"] = reports.Count, ["ok"] = reports.Count(r => r.Judgement.Ok), ["failed"] = reports.Count(r => !r.Judgement.Ok) },
            ["models"] = models,
        };
    }

    /// <summary>The Markdown report: summary table, then each violation's trace as a step table.</summary>
    public static string ToMarkdown(Toolchain tools, IReadOnlyList<ModelReport> reports)
    {
        var sb = new StringBuilder();
        sb.AppendLine("# Model-checking report");
        sb.AppendLine();
        sb.AppendLine($"TLC: {reports.Select(r => r.Run.Result.Version).FirstOrDefault(v => v is not null) ?? "?"} · jar: `{tools.Jar}` · Java {tools.JavaMajor} · {Environment.ProcessorCount} cores");
        sb.AppendLine();
        sb.AppendLine($"**{reports.Count(r => r.Judgement.Ok)} of {reports.Count} models as expected.**");
        sb.AppendLine();
        sb.AppendLine(SummaryTable(reports, markdown: true));
        foreach (var r in reports.Where(r => r.Run.Result.Trace is not null || r.Run.Result.ErrorText is not null))
        {
            sb.AppendLine($"## {r.Model.Name}: {r.Run.Result.VerdictText} ({(r.Judgement.Ok ? "expected" : "NOT expected")})");
            sb.AppendLine();
            sb.AppendLine(r.Model.Description);
            sb.AppendLine();
            sb.AppendLine($"- expected: `{r.Model.Expect}`; {r.Judgement.Message}");
            sb.AppendLine($"- cfg: `{Path.GetFileName(r.Model.CfgPath)}`, module `{Path.GetFileName(r.Model.ModulePath)}`; raw TLC output: `{r.Run.LogPath}`");
            sb.AppendLine();
            if (r.Run.Result.Trace is { } t)
            {
                sb.AppendLine("Counterexample (each row shows only the variables that changed):");
                sb.AppendLine();
                sb.AppendLine(t.ToMarkdown());
            }
            if (r.Run.Result.ErrorText is { } e && r.Run.Result.Kind is VerdictKind.Error or VerdictKind.Timeout)
            {
                sb.AppendLine("```");
                sb.AppendLine(e);
                sb.AppendLine("```");
                sb.AppendLine();
            }
        }
        return sb.ToString();
    }

    /// <summary>Summary table (Markdown or aligned plain text).</summary>
    public static string SummaryTable(IReadOnlyList<ModelReport> reports, bool markdown)
    {
        string[] head = ["model", "expected", "verdict", "distinct", "generated", "depth", "seconds", "result"];
        var rows = reports.Select(r => new[]
        {
            r.Model.Name, r.Model.Expect.ToString(), r.Run.Result.VerdictText,
            Num(r.Run.Result.Stats.Distinct), Num(r.Run.Result.Stats.Generated),
            r.Run.Result.Stats.Depth?.ToString(CultureInfo.InvariantCulture) ?? "-",
            r.Run.FoldedInto is null ? r.Run.Seconds.ToString("0.0", CultureInfo.InvariantCulture) : "folded",
            (r.Judgement.Ok ? "ok" : "FAIL") + (r.Judgement.Drift is { } d ? $" ({d})" : ""),
        }).ToList();
        var sb = new StringBuilder();
        if (markdown)
        {
            sb.AppendLine("| " + string.Join(" | ", head) + " |");
            sb.AppendLine("|---|---|---|---:|---:|---:|---:|---|");
            foreach (var row in rows) sb.AppendLine("| " + string.Join(" | ", row) + " |");
            return sb.ToString();
        }
        var widths = head.Select((h, i) => Math.Max(h.Length, rows.Count == 0 ? 0 : rows.Max(r => r[i].Length))).ToArray();
        string Line(string[] cells) => string.Join("  ", cells.Select((c, i) => i is >= 3 and <= 6 ? c.PadLeft(widths[i]) : c.PadRight(widths[i]))).TrimEnd();
        sb.AppendLine(Line(head));
        foreach (var row in rows) sb.AppendLine(Line(row));
        return sb.ToString();
    }

    private static string Num(long? n) => n?.ToString("N0", CultureInfo.InvariantCulture) ?? "-";
}
