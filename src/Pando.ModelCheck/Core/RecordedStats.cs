using System.Text.Json;
using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Core;

/// <summary>
/// Statistics of the last as-expected run of a model or test, written into its manifest by <c>--record</c>.
/// Each checker fills the fields it has: TLC distinct/generated states and depth; P the tier it ran, schedules
/// and schedules per second, with the longest schedule as depth. Seconds are always wall-clock or the checker's own.
/// </summary>
public sealed record RecordedStats
{
    /// <summary>The tier whose budget ran (P, Coyote).</summary>
    public Tier? Tier { get; init; }
    /// <summary>Distinct states (TLC, exhaustive).</summary>
    public long? Distinct { get; init; }
    /// <summary>States generated (TLC).</summary>
    public long? Generated { get; init; }
    /// <summary>Depth of the state graph (TLC) or longest schedule in steps (P).</summary>
    public long? Depth { get; init; }
    /// <summary>Seconds the run took.</summary>
    public double? Seconds { get; init; }
    /// <summary>Schedules (P) explored: the whole budget when passing, up to the first bug otherwise.</summary>
    public long? Schedules { get; init; }
    /// <summary>Schedules per second.</summary>
    public double? SchedulesPerSecond { get; init; }
    /// <summary>Iterations (Coyote's word for one explored schedule): all of them when passing, up to the first bug otherwise.</summary>
    public long? Iterations { get; init; }
    /// <summary>Iterations per second.</summary>
    public double? IterationsPerSecond { get; init; }

    /// <summary>The manifest form; only the fields that are set, in a fixed order.</summary>
    public JsonObject ToJson()
    {
        var o = new JsonObject();
        if (Tier is { } t) o["tier"] = t.Text();
        if (Distinct is { } d) o["distinct"] = d;
        if (Generated is { } g) o["generated"] = g;
        if (Schedules is { } s) o["schedules"] = s;
        if (Depth is { } dp) o["depth"] = dp;
        if (Seconds is { } sec) o["seconds"] = Math.Round(sec, Schedules is null && Iterations is null ? 1 : 2);
        if (SchedulesPerSecond is { } sps) o["schedulesPerSecond"] = Math.Round(sps, 1);
        if (Iterations is { } it) o["iterations"] = it;
        if (IterationsPerSecond is { } ips) o["iterationsPerSecond"] = Math.Round(ips, 1);
        return o;
    }

    private static readonly HashSet<string> Fields = ["tier", "distinct", "generated", "schedules", "depth", "seconds", "schedulesPerSecond", "iterations", "iterationsPerSecond"];

    /// <summary>Reads the manifest form (null stays null); a wrong field is an <see cref="InputError"/>.</summary>
    public static RecordedStats? FromJson(JsonNode? n, string where)
    {
        if (n is null) return null;
        if (n is not JsonObject o) throw new InputError($"{where}: field \"stats\" must be an object or null");
        foreach (var (k, _) in o)
            if (!Fields.Contains(k)) throw new InputError($"{where}: unknown field \"stats.{k}\" (allowed: {string.Join(", ", Fields)})");
        T? Get<T>(string f) where T : struct
        {
            if (o[f] is null) return null;
            return o[f] is JsonValue v && v.TryGetValue<T>(out var x) ? x : throw new InputError($"{where}: field \"stats.{f}\" must be a number");
        }
        Tier? tier = null;
        if (o["tier"] is { } tn)
            tier = (tn is JsonValue tv && tv.TryGetValue<string>(out var ts) ? Tiers.TryParse(ts) : null)
                   ?? throw new InputError($"{where}: field \"stats.tier\" must be \"fast\" or \"full\"");
        return new RecordedStats
        {
            Tier = tier, Distinct = Get<long>("distinct"), Generated = Get<long>("generated"), Depth = Get<long>("depth"),
            Seconds = Get<double>("seconds"), Schedules = Get<long>("schedules"), SchedulesPerSecond = Get<double>("schedulesPerSecond"),
            Iterations = Get<long>("iterations"), IterationsPerSecond = Get<double>("iterationsPerSecond"),
        };
    }
}

/// <summary>Reading and writing the JSON manifests in one style.</summary>
public static class JsonFiles
{
    /// <summary>Parses a manifest; malformed JSON is an <see cref="InputError"/> naming the line.</summary>
    public static JsonNode? Read(string path)
    {
        try
        {
            return JsonNode.Parse(File.ReadAllText(path), documentOptions: new JsonDocumentOptions { CommentHandling = JsonCommentHandling.Skip });
        }
        catch (JsonException e)
        {
            throw new InputError($"{path}: malformed JSON at line {(e.LineNumber ?? 0) + 1}: {e.Message.Split(" Path:")[0]}");
        }
    }

    /// <summary>Writes a manifest back in the repository's style (indented, readable non-ASCII, final newline).</summary>
    public static void Write(string path, JsonNode root) =>
        File.WriteAllText(path, root.ToJsonString(new JsonSerializerOptions { WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }) + "\n");

    /// <summary>
    /// Rewrites the <c>stats</c> field of the named entries of the array <paramref name="arrayField"/> and nothing
    /// else; other fields, their order and the entries' order are kept.
    /// </summary>
    public static void RecordStats(string path, string arrayField, IReadOnlyDictionary<string, RecordedStats> stats)
    {
        var root = Read(path)!.AsObject();
        foreach (var e in root[arrayField]!.AsArray())
        {
            var o = e!.AsObject();
            if (stats.TryGetValue(o["name"]!.GetValue<string>(), out var s)) o["stats"] = s.ToJson();
        }
        Write(path, root);
    }
}
