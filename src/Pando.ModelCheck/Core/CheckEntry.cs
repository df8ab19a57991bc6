using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Core;

/// <summary>What every manifest entry has, whatever checks it (TLC model, P test case, Coyote test).</summary>
public abstract record CheckEntry
{
    /// <summary>Unique name within its manifest.</summary>
    public required string Name { get; init; }
    /// <summary>The protocol (selected with <c>--protocol</c>); for P also the project folder p-models/PROTOCOL.</summary>
    public required string Protocol { get; init; }
    /// <summary>The expected verdict.</summary>
    public required Expectation Expect { get; init; }
    /// <summary>Wall-clock limit in seconds; a run over it fails as a timeout.</summary>
    public required int TimeLimitSeconds { get; init; }
    /// <summary>One line: what the entry shows.</summary>
    public required string Description { get; init; }
    /// <summary>Statistics of the last recorded as-expected run.</summary>
    public RecordedStats? Stats { get; init; }
}

/// <summary>
/// Reads one entry of a JSON manifest, turning every malformed field into an <see cref="InputError"/> that names the
/// file, the entry and the field.
/// </summary>
public sealed class EntryReader(JsonObject o, string where)
{
    /// <summary>"FILE: test NAME" (or "#i" when the name is missing), for messages.</summary>
    public string Where { get; } = where;

    /// <summary>The entries of the array <paramref name="arrayField"/> of a manifest, each with its reader.</summary>
    public static IEnumerable<EntryReader> Entries(string path, string arrayField, string what, IReadOnlySet<string> fields)
    {
        if (!File.Exists(path)) throw new InputError($"{path}: {what} not found");
        if (JsonFiles.Read(path)?[arrayField] is not JsonArray arr) throw new InputError($"{path}: \"{arrayField}\" must be an array");
        int i = 0;
        foreach (var n in arr)
        {
            i++;
            if (n is not JsonObject o) throw new InputError($"{path}: {arrayField}[{i}] must be an object");
            var r = new EntryReader(o, $"{path}: test {(o["name"] is JsonValue nv && nv.TryGetValue<string>(out var nm) ? nm : $"#{i}")}");
            foreach (var kv in o)
                if (!fields.Contains(kv.Key)) throw new InputError($"{r.Where}: unknown field \"{kv.Key}\" (allowed: {string.Join(", ", fields)})");
            yield return r;
        }
    }

    /// <summary>The raw node of a field.</summary>
    public JsonNode? this[string field] => o[field];

    /// <summary>A required non-empty string.</summary>
    public string Str(string field) => o[field] is JsonValue v && v.TryGetValue<string>(out var s) && s.Length > 0 ? s
        : throw new InputError($"{Where}: field \"{field}\" must be a non-empty string");

    /// <summary>A required integer of at least <paramref name="min"/>.</summary>
    public long Long(string field, long min) => Long(o[field], field, min);

    private long Long(JsonNode? node, string field, long min) => node is JsonValue v && v.TryGetValue<long>(out var x) && x >= min ? x
        : throw new InputError($"{Where}: field \"{field}\" must be an integer >= {min}");

    /// <summary>An optional integer.</summary>
    public long? OptionalLong(string field, long min) => o[field] is null ? null : Long(field, min);

    /// <summary>A count per tier, <c>{"fast": N, "full": M}</c> with 1 ≤ N ≤ M.</summary>
    public (long Fast, long Full) PerTier(string field)
    {
        if (o[field] is not JsonObject t || t.Count != 2 || t["fast"] is null || t["full"] is null)
            throw new InputError($"{Where}: field \"{field}\" must be an object {{\"fast\": N, \"full\": M}}");
        var (fast, full) = (Long(t["fast"], field + ".fast", 1), Long(t["full"], field + ".full", 1));
        if (full < fast) throw new InputError($"{Where}: {field}.full ({full}) must be >= {field}.fast ({fast})");
        return (fast, full);
    }

    /// <summary>The optional field <c>tier</c> of a P or Coyote test: "fast" (the default) or "full".</summary>
    public Tier OptionalTier() => o["tier"] is not { } tn ? Tier.Fast
        : (tn is JsonValue tv && tv.TryGetValue<string>(out var ts) ? Tiers.TryParse(ts) : null)
          ?? throw new InputError($"{Where}: field \"tier\" is {tn.ToJsonString()}; use \"fast\" or \"full\"");

    /// <summary>The recorded statistics, if any.</summary>
    public RecordedStats? Stats() => RecordedStats.FromJson(o["stats"], Where);
}

/// <summary>Selection of manifest entries by name and protocol, shared by the P and Coyote levels.</summary>
public static class EntrySelection
{
    /// <summary>
    /// The entries named in <paramref name="names"/> (all when empty) of the protocols in <paramref name="protocols"/>
    /// (all when empty). An unknown name or protocol is an <see cref="InputError"/> that says how to list them.
    /// </summary>
    public static List<T> Apply<T>(IReadOnlyList<T> all, IReadOnlyList<string> names, IReadOnlyList<string> protocols,
        string manifestPath, string listCommand) where T : CheckEntry
    {
        foreach (var n in names.Where(n => all.All(t => t.Name != n)))
            throw new InputError($"no test named {n} in {manifestPath} (see {listCommand})");
        foreach (var p in protocols.Where(p => all.All(t => !string.Equals(t.Protocol, p, StringComparison.OrdinalIgnoreCase))))
            throw new InputError($"--protocol {p}: no test of that protocol in {manifestPath}");
        return all.Where(t => (names.Count == 0 || names.Contains(t.Name))
            && (protocols.Count == 0 || protocols.Any(p => string.Equals(p, t.Protocol, StringComparison.OrdinalIgnoreCase)))).ToList();
    }
}
