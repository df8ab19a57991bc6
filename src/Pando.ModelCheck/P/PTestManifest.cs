using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.P;

/// <summary>What a P test case is expected to do.</summary>
public enum PExpectKind
{
    /// <summary>No bug in the whole schedule budget.</summary>
    Pass,
    /// <summary>A safety assertion of the named spec monitor fails.</summary>
    Violates,
    /// <summary>The named spec monitor is left in a hot state (liveness).</summary>
    Liveness,
}

/// <summary>An expectation: <c>pass</c>, <c>violates Monitor</c> or <c>liveness Monitor</c>.</summary>
public sealed record PExpectation(PExpectKind Kind, string? Monitor)
{
    /// <summary>Parses the manifest's <c>expect</c> string.</summary>
    public static PExpectation Parse(string s, string where)
    {
        var parts = s.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return parts switch
        {
            ["pass"] => new PExpectation(PExpectKind.Pass, null),
            ["violates", var m] when IsName(m) => new PExpectation(PExpectKind.Violates, m),
            ["liveness", var m] when IsName(m) => new PExpectation(PExpectKind.Liveness, m),
            _ => throw new InputError($"{where}: expect must be \"pass\", \"violates <Monitor>\" or \"liveness <Monitor>\", got \"{s}\""),
        };
    }

    private static bool IsName(string s) => Regex.IsMatch(s, "^[A-Za-z_][A-Za-z0-9_]*$");

    /// <inheritdoc/>
    public override string ToString() => Kind switch
    {
        PExpectKind.Pass => "pass",
        PExpectKind.Violates => $"violates {Monitor}",
        _ => $"liveness {Monitor}",
    };
}

/// <summary>Statistics of the last recorded run of a test case.</summary>
/// <param name="Budget">Which budget ran (fast or full).</param>
/// <param name="Schedules">Schedules explored: the whole budget for a passing test, the schedules up to and including the first bug for a bug test.</param>
/// <param name="Seconds">Checker time in seconds (P's own measurement).</param>
/// <param name="SchedulesPerSecond">Schedules / Seconds.</param>
/// <param name="MaxDepth">Longest schedule, in scheduling steps.</param>
public sealed record PRecordedStats(string Budget, long Schedules, double Seconds, double SchedulesPerSecond, long? MaxDepth);

/// <summary>One P test case of <c>p-models/tests.json</c>.</summary>
public sealed record PTestEntry
{
    /// <summary>The P test case name (<c>test NAME [...]</c> in PTst).</summary>
    public required string Name { get; init; }
    /// <summary>The P project folder under p-models/.</summary>
    public required string Project { get; init; }
    /// <summary>Expected outcome.</summary>
    public required PExpectation Expect { get; init; }
    /// <summary>Schedules for the fast budget (./pando test).</summary>
    public required long FastSchedules { get; init; }
    /// <summary>Schedules for the full budget (./pando check --p).</summary>
    public required long FullSchedules { get; init; }
    /// <summary>Random seed passed to <c>p check --seed</c>.</summary>
    public required long Seed { get; init; }
    /// <summary>Optional <c>--max-steps</c>.</summary>
    public long? MaxSteps { get; init; }
    /// <summary>Wall-clock budget; the run is stopped and fails when it is exceeded.</summary>
    public required int BudgetSeconds { get; init; }
    /// <summary>The mutant or scenario, in one line.</summary>
    public required string Description { get; init; }
    /// <summary>Last recorded statistics.</summary>
    public PRecordedStats? Stats { get; init; }

    /// <summary>Schedules for a budget name.</summary>
    public long Schedules(string budget) => budget == "fast" ? FastSchedules : FullSchedules;
}

/// <summary>
/// The P test manifest (<c>p-models/tests.json</c>): every test case declared in the P projects'
/// PTst folders, with its expected outcome and schedule budgets. Loading checks it against the
/// declarations in the .p files, so a test that is declared but not listed (or the reverse), or two
/// names where one is a prefix of the other (p check -tc matches by prefix), is an input error.
/// </summary>
public sealed partial class PTestManifest
{
    /// <summary>Budget names.</summary>
    public static readonly IReadOnlyList<string> Budgets = ["fast", "full"];

    /// <summary>The manifest file.</summary>
    public required string Path { get; init; }
    /// <summary>The p-models folder.</summary>
    public required string ModelsDir { get; init; }
    /// <summary>Test cases in file order.</summary>
    public required IReadOnlyList<PTestEntry> Tests { get; init; }

    private static readonly HashSet<string> Fields =
        ["name", "project", "expect", "schedules", "seed", "maxSteps", "budgetSeconds", "description", "stats"];

    /// <summary>Loads and validates the manifest.</summary>
    public static PTestManifest Load(string path)
    {
        if (!File.Exists(path)) throw new InputError($"{path}: P test manifest not found");
        JsonNode? root;
        try { root = JsonNode.Parse(File.ReadAllText(path)); }
        catch (JsonException e) { throw new InputError($"{path}: malformed JSON at line {(e.LineNumber ?? 0) + 1}: {e.Message}"); }
        if (root?["tests"] is not JsonArray arr) throw new InputError($"{path}: \"tests\" must be an array");
        var dir = System.IO.Path.GetDirectoryName(System.IO.Path.GetFullPath(path))!;
        var tests = new List<PTestEntry>();
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
            if (o["schedules"] is not JsonObject sch || sch.Count != 2 || sch["fast"] is null || sch["full"] is null)
                throw new InputError($"{where}: field \"schedules\" must be an object {{\"fast\": N, \"full\": M}}");
            var e = new PTestEntry
            {
                Name = S("name"),
                Project = S("project"),
                Expect = PExpectation.Parse(S("expect"), where),
                FastSchedules = L(sch["fast"], "schedules.fast", 1),
                FullSchedules = L(sch["full"], "schedules.full", 1),
                Seed = L(o["seed"], "seed", 0),
                MaxSteps = o["maxSteps"] is null ? null : L(o["maxSteps"], "maxSteps", 1),
                BudgetSeconds = (int)L(o["budgetSeconds"], "budgetSeconds", 1),
                Description = S("description"),
                Stats = ParseStats(o["stats"], where),
            };
            if (e.FullSchedules < e.FastSchedules) throw new InputError($"{where}: schedules.full ({e.FullSchedules}) must be >= schedules.fast ({e.FastSchedules})");
            if (!Directory.Exists(System.IO.Path.Combine(dir, e.Project)))
                throw new InputError($"{where}: project folder {System.IO.Path.Combine(dir, e.Project)} not found");
            tests.Add(e);
        }
        var m = new PTestManifest { Path = System.IO.Path.GetFullPath(path), ModelsDir = dir, Tests = tests };
        m.Validate();
        return m;
    }

    private static PRecordedStats? ParseStats(JsonNode? n, string where)
    {
        if (n is null) return null;
        try
        {
            return new PRecordedStats(n["budget"]!.GetValue<string>(), n["schedules"]!.GetValue<long>(), n["seconds"]!.GetValue<double>(),
                n["schedulesPerSecond"]!.GetValue<double>(), n["maxDepth"]?.GetValue<long>());
        }
        catch (Exception e) when (e is NullReferenceException or InvalidOperationException or FormatException)
        {
            throw new InputError($"{where}: field \"stats\" must have budget, schedules, seconds, schedulesPerSecond (and optionally maxDepth)");
        }
    }

    /// <summary>The P source files below a folder, in name order, leaving out P's generated output.</summary>
    public static IEnumerable<string> PSources(string dir) =>
        Directory.EnumerateFiles(dir, "*.p", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{System.IO.Path.DirectorySeparatorChar}PGenerated{System.IO.Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal);

    /// <summary>Test case names declared in a project's .p files (<c>test NAME [main=...]</c>).</summary>
    public static IReadOnlyList<string> DeclaredTests(string projectDir) =>
        PSources(projectDir).SelectMany(f => TestDecl().Matches(File.ReadAllText(f)).Select(mt => mt.Groups[1].Value)).ToList();

    [GeneratedRegex(@"^\s*test\s+([A-Za-z_][A-Za-z0-9_]*)\s*\[", RegexOptions.Multiline)]
    private static partial Regex TestDecl();

    private void Validate()
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var t in Tests)
            if (!seen.Add(t.Name)) throw new InputError($"{Path}: test {t.Name} is listed twice");
        foreach (var a in Tests)
            foreach (var b in Tests)
                if (!ReferenceEquals(a, b) && b.Name.StartsWith(a.Name, StringComparison.Ordinal))
                    throw new InputError($"{Path}: test name {a.Name} is a prefix of {b.Name}; p check -tc selects tests by prefix, so rename one");
        foreach (var project in Tests.Select(t => t.Project).Distinct())
        {
            var declared = DeclaredTests(System.IO.Path.Combine(ModelsDir, project));
            foreach (var t in Tests.Where(t => t.Project == project && !declared.Contains(t.Name)))
                throw new InputError($"{Path}: test {t.Name} is not declared in any .p file of p-models/{project}");
            foreach (var d in declared.Where(d => !seen.Contains(d)))
                throw new InputError($"{Path}: test case {d} is declared in p-models/{project} but not listed in the manifest (every test needs an expectation)");
        }
    }

    /// <summary>Writes recorded statistics back into the manifest file (other content unchanged).</summary>
    public static void RecordStats(string path, IReadOnlyDictionary<string, PRecordedStats> stats)
    {
        var root = JsonNode.Parse(File.ReadAllText(path))!.AsObject();
        foreach (var t in root["tests"]!.AsArray())
        {
            var o = t!.AsObject();
            if (!stats.TryGetValue(o["name"]!.GetValue<string>(), out var s)) continue;
            o["stats"] = new JsonObject
            {
                ["budget"] = s.Budget,
                ["schedules"] = s.Schedules,
                ["seconds"] = Math.Round(s.Seconds, 2),
                ["schedulesPerSecond"] = Math.Round(s.SchedulesPerSecond, 1),
                ["maxDepth"] = s.MaxDepth,
            };
        }
        Manifest.WriteJson(path, root);
    }
}
