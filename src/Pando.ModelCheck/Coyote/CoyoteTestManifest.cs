using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Coyote;

/// <summary>
/// One systematic test of a C# protocol implementation under Coyote (<c>tests/coyote.json</c>). The deployment is
/// described by plain fields the protocol's scenario builder understands (for Pando: <c>params</c>, <c>faults</c>,
/// <c>workload</c>, <c>mutant</c>); the harness only carries them.
/// </summary>
public sealed record CoyoteTestEntry
{
    /// <summary>Unique name; selected with <c>--test</c>.</summary>
    public required string Name { get; init; }
    /// <summary>Protocol (selected with <c>--protocol</c>).</summary>
    public required string Protocol { get; init; }
    /// <summary>Deployment fields for the protocol's scenario builder.</summary>
    public required IReadOnlyDictionary<string, string> Deployment { get; init; }
    /// <summary><c>pass</c>, <c>violates Monitor [ID]</c> or <c>liveness Monitor [ID]</c>.</summary>
    public required Expectation Expect { get; init; }
    /// <summary>Iterations in the fast tier.</summary>
    public required long FastIterations { get; init; }
    /// <summary>Iterations in the full tier.</summary>
    public required long FullIterations { get; init; }
    /// <summary>Seed of Coyote's random choices.</summary>
    public required uint Seed { get; init; }
    /// <summary><c>random</c>, <c>prioritization</c> or <c>fair</c>.</summary>
    public required string Strategy { get; init; }
    /// <summary>Scheduling steps per iteration.</summary>
    public required uint MaxSteps { get; init; }
    /// <summary>Wall-clock limit in seconds (checked after the run: Coyote runs in-process).</summary>
    public required int TimeLimitSeconds { get; init; }
    /// <summary>One line.</summary>
    public required string Description { get; init; }
    /// <summary>Last recorded statistics.</summary>
    public RecordedStats? Stats { get; init; }

    /// <summary>Iterations for a tier.</summary>
    public long Iterations(Tier tier) => tier == Tier.Fast ? FastIterations : FullIterations;
}

/// <summary>The Coyote test manifest; loading validates every entry and throws an <see cref="InputError"/> naming the field.</summary>
public sealed class CoyoteTestManifest
{
    /// <summary>The manifest file.</summary>
    public required string Path { get; init; }
    /// <summary>Tests in file order.</summary>
    public required IReadOnlyList<CoyoteTestEntry> Tests { get; init; }

    private static readonly HashSet<string> Fields =
        ["name", "protocol", "deployment", "expect", "iterations", "seed", "strategy", "maxSteps", "timeLimitSeconds", "description", "stats"];

    /// <summary>Strategies Coyote offers here.</summary>
    public static readonly IReadOnlyList<string> Strategies = ["random", "prioritization", "fair"];

    /// <summary>Loads and validates the manifest.</summary>
    public static CoyoteTestManifest Load(string path)
    {
        if (!File.Exists(path)) throw new InputError($"{path}: Coyote test manifest not found");
        if (JsonFiles.Read(path)?["tests"] is not JsonArray arr) throw new InputError($"{path}: \"tests\" must be an array");
        var tests = new List<CoyoteTestEntry>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        int i = 0;
        foreach (var n in arr)
        {
            i++;
            if (n is not JsonObject o) throw new InputError($"{path}: tests[{i}] must be an object");
            string where = $"{path}: test {(o["name"] is JsonValue nv && nv.TryGetValue<string>(out var nm) ? nm : $"#{i}")}";
            foreach (var kv in o)
                if (!Fields.Contains(kv.Key)) throw new InputError($"{where}: unknown field \"{kv.Key}\" (allowed: {string.Join(", ", Fields)})");
            string S(string f) => o[f] is JsonValue v && v.TryGetValue<string>(out var s) && s.Length > 0 ? s
                : throw new InputError($"{where}: field \"{f}\" must be a non-empty string");
            long L(JsonNode? node, string f, long min) => node is JsonValue v && v.TryGetValue<long>(out var x) && x >= min ? x
                : throw new InputError($"{where}: field \"{f}\" must be an integer >= {min}");
            if (o["iterations"] is not JsonObject it || it.Count != 2 || it["fast"] is null || it["full"] is null)
                throw new InputError($"{where}: field \"iterations\" must be an object {{\"fast\": N, \"full\": M}}");
            if (o["deployment"] is not JsonObject dep) throw new InputError($"{where}: field \"deployment\" must be an object of strings");
            var deployment = new Dictionary<string, string>(StringComparer.Ordinal);
            foreach (var (k, v) in dep)
                deployment[k] = v is JsonValue dv && dv.TryGetValue<string>(out var ds) ? ds : throw new InputError($"{where}: field \"deployment.{k}\" must be a string");
            var expect = Expectation.Parse(S("expect"), where);
            if (expect.Kind is not (VerdictKind.Pass or VerdictKind.Violates or VerdictKind.Liveness) || (expect.Kind == VerdictKind.Violates && expect.Id is null))
                throw new InputError($"{where}: field \"expect\": a Coyote test expects pass, violates <Monitor> [<ID>] (the ID is required) or liveness <Monitor> [<ID>]");
            var strategy = S("strategy");
            if (!Strategies.Contains(strategy)) throw new InputError($"{where}: field \"strategy\" is \"{strategy}\"; use random, prioritization or fair");
            var e = new CoyoteTestEntry
            {
                Name = S("name"), Protocol = S("protocol"), Deployment = deployment, Expect = expect,
                FastIterations = L(it["fast"], "iterations.fast", 1), FullIterations = L(it["full"], "iterations.full", 1),
                Seed = (uint)L(o["seed"], "seed", 0), Strategy = strategy, MaxSteps = (uint)L(o["maxSteps"], "maxSteps", 10),
                TimeLimitSeconds = (int)L(o["timeLimitSeconds"], "timeLimitSeconds", 1), Description = S("description"),
                Stats = RecordedStats.FromJson(o["stats"], where),
            };
            if (!Names.IsIdentifier(e.Name.Replace("-", "_", StringComparison.Ordinal))) throw new InputError($"{where}: name may contain only letters, digits, '_' and '-'");
            if (!names.Add(e.Name)) throw new InputError($"{where}: listed twice");
            if (e.FullIterations < e.FastIterations) throw new InputError($"{where}: iterations.full ({e.FullIterations}) must be >= iterations.fast ({e.FastIterations})");
            tests.Add(e);
        }
        return new CoyoteTestManifest { Path = System.IO.Path.GetFullPath(path), Tests = tests };
    }
}
