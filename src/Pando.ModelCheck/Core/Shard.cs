using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Core;

/// <summary>
/// One shard of a level's selected entries (<c>--shard I/N</c>): the full tier split over N machines or jobs, each running
/// shard I. Entries are dealt in groups (a TLC witness stays with the passing model whose run it folds into) to the least
/// loaded shard, longest recorded group first, so the split depends only on the manifest: every shard of one commit
/// computes the same partition. <see cref="ShardReport"/> records what a shard ran; <c>./pando shards merge</c> joins them.
/// </summary>
/// <param name="Index">1-based shard number.</param>
/// <param name="Count">How many shards.</param>
public sealed record Shard(int Index, int Count)
{
    /// <summary>The text form, <c>I/N</c>.</summary>
    public override string ToString() => $"{Index}/{Count}";

    /// <summary>Parses <c>I/N</c> (1 ≤ I ≤ N); anything else is an <see cref="InputError"/> naming the problem.</summary>
    public static Shard Parse(string text)
    {
        var parts = text.Split('/');
        if (parts.Length != 2 || !int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out var i)
            || !int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var n))
            throw new InputError($"--shard \"{text}\": a shard is I/N with whole numbers, e.g. --shard 2/4");
        if (n < 1) throw new InputError($"--shard {text}: N must be at least 1");
        if (i < 1 || i > n) throw new InputError($"--shard {text}: I must be between 1 and N ({n})");
        return new Shard(i, n);
    }

    /// <summary>
    /// The entries of this shard, in their original order. <paramref name="group"/> keeps entries together;
    /// <paramref name="seconds"/> is an entry's recorded time (0 when unknown) and balances the shards.
    /// </summary>
    public IReadOnlyList<T> Select<T>(IReadOnlyList<T> items, Func<T, string> group, Func<T, double> seconds)
    {
        var groups = items.Select((x, k) => (x, k)).GroupBy(p => group(p.x), StringComparer.Ordinal)
            .Select(g => (Key: g.Key, Members: g.Select(p => p.k).ToList(), Cost: g.Sum(p => Math.Max(seconds(p.x), 1.0))))
            .OrderByDescending(g => g.Cost).ThenBy(g => g.Key, StringComparer.Ordinal).ToList();
        var load = new double[Count];
        var mine = new List<int>();
        foreach (var g in groups)
        {
            int target = 0;
            for (int s = 1; s < Count; s++) if (load[s] < load[target]) target = s;
            load[target] += g.Cost;
            if (target == Index - 1) mine.AddRange(g.Members);
        }
        return mine.Order().Select(k => items[k]).ToList();
    }
}

/// <summary>What one shard ran: its level, shard, tier, and each entry's outcome. Written as JSON, one file per shard.</summary>
/// <param name="Level">tlc, p or coyote.</param>
/// <param name="Shard">Which shard.</param>
/// <param name="Tier">The tier it ran.</param>
/// <param name="Passed">Entries judged as expected.</param>
/// <param name="Failed">Entries not as expected, with the judge's message.</param>
public sealed record ShardReport(string Level, Shard Shard, Tier Tier, IReadOnlyList<string> Passed, IReadOnlyDictionary<string, string> Failed)
{
    /// <summary>The report of a shard from its judged entries (name and judgement).</summary>
    public static ShardReport Of(string level, Shard shard, Tier tier, IEnumerable<(string Name, Judgement Judgement)> outcomes)
    {
        var all = outcomes.ToList();
        return new ShardReport(level, shard, tier, [.. all.Where(x => x.Judgement.Ok).Select(x => x.Name)],
            all.Where(x => !x.Judgement.Ok).ToDictionary(x => x.Name, x => x.Judgement.Message));
    }

    /// <summary>The file name of a shard's report in its folder.</summary>
    public static string FileName(string level, Shard s) => $"{level}-shard-{s.Index}-of-{s.Count}.json";

    /// <summary>Writes the report into <paramref name="dir"/> and returns the file.</summary>
    public string Write(string dir)
    {
        Directory.CreateDirectory(dir);
        var o = new JsonObject
        {
            ["level"] = Level, ["shard"] = Shard.ToString(), ["tier"] = Tier.Text(),
            ["passed"] = new JsonArray([.. Passed.Select(p => (JsonNode)p)]),
            ["failed"] = new JsonObject(Failed.Select(kv => KeyValuePair.Create(kv.Key, (JsonNode?)kv.Value))),
        };
        var path = Path.Combine(dir, FileName(Level, Shard));
        File.WriteAllText(path, o.ToJsonString(new JsonSerializerOptions { WriteIndented = true }) + "\n");
        return path;
    }

    /// <summary>Reads one report; a malformed file is an <see cref="InputError"/> naming it.</summary>
    public static ShardReport Read(string path)
    {
        try
        {
            var o = JsonNode.Parse(File.ReadAllText(path))!.AsObject();
            var tier = Tiers.TryParse(o["tier"]!.GetValue<string>()) ?? throw new InputError($"{path}: unknown tier");
            return new ShardReport(o["level"]!.GetValue<string>(), Shard.Parse(o["shard"]!.GetValue<string>()), tier,
                o["passed"]!.AsArray().Select(x => x!.GetValue<string>()).ToList(),
                o["failed"]!.AsObject().ToDictionary(kv => kv.Key, kv => kv.Value!.GetValue<string>()));
        }
        catch (Exception e) when (e is JsonException or NullReferenceException or InvalidOperationException or FormatException)
        {
            throw new InputError($"{path}: not a shard report ({e.Message})");
        }
    }

    /// <summary>
    /// Joins the shard reports of a folder, per level: the shards found, the ones missing (by number), and every failure.
    /// Reports of one level that disagree on N or on the tier are an <see cref="InputError"/>.
    /// </summary>
    public static IReadOnlyList<MergedLevel> Merge(string dir)
    {
        if (!Directory.Exists(dir)) throw new InputError($"{dir}: no such folder (shard reports are written to .pando/out/shards by --shard)");
        var reports = Directory.EnumerateFiles(dir, "*-shard-*-of-*.json").Order(StringComparer.Ordinal).Select(Read).ToList();
        if (reports.Count == 0) throw new InputError($"{dir}: no shard reports (files LEVEL-shard-I-of-N.json)");
        var merged = new List<MergedLevel>();
        foreach (var g in reports.GroupBy(r => r.Level).OrderBy(g => g.Key, StringComparer.Ordinal))
        {
            var counts = g.Select(r => r.Shard.Count).Distinct().ToList();
            if (counts.Count > 1) throw new InputError($"{dir}: {g.Key} shard reports disagree on the number of shards ({string.Join(", ", counts)})");
            var tiers = g.Select(r => r.Tier).Distinct().ToList();
            if (tiers.Count > 1) throw new InputError($"{dir}: {g.Key} shard reports mix tiers ({string.Join(", ", tiers.Select(t => t.Text()))})");
            int n = counts[0];
            var have = g.Select(r => r.Shard.Index).ToHashSet();
            merged.Add(new MergedLevel(g.Key, n, tiers[0], Enumerable.Range(1, n).Where(i => !have.Contains(i)).ToList(),
                g.Sum(r => r.Passed.Count), g.SelectMany(r => r.Failed).ToDictionary(kv => kv.Key, kv => kv.Value)));
        }
        return merged;
    }
}

/// <summary>One level's shards joined.</summary>
/// <param name="Level">tlc, p or coyote.</param>
/// <param name="Count">N.</param>
/// <param name="Tier">The tier the shards ran.</param>
/// <param name="Missing">Shard numbers with no report.</param>
/// <param name="Passed">Entries as expected, over the shards found.</param>
/// <param name="Failed">Entries not as expected, with the judge's message.</param>
public sealed record MergedLevel(string Level, int Count, Tier Tier, IReadOnlyList<int> Missing, int Passed, IReadOnlyDictionary<string, string> Failed)
{
    /// <summary>Complete and without failures.</summary>
    public bool Ok => Missing.Count == 0 && Failed.Count == 0;
}
