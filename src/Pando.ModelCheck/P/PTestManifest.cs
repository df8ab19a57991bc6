using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.P;

/// <summary>One P test case of <c>p-models/tests.json</c>; its protocol names the P project folder p-models/PROTOCOL.</summary>
public sealed record PTestEntry : CheckEntry
{
    /// <summary>Schedules in the fast tier (./pando test, CI).</summary>
    public required long FastSchedules { get; init; }
    /// <summary>Schedules in the full tier (./pando check --p --tier full).</summary>
    public required long FullSchedules { get; init; }
    /// <summary>Random seed passed to <c>p check --seed</c>.</summary>
    public required long Seed { get; init; }
    /// <summary>Optional <c>--max-steps</c>.</summary>
    public long? MaxSteps { get; init; }
    /// <summary>
    /// A bug test run in the fast tier with its manifest seed (its regression seed, docs/p-models.md) even when CI's
    /// commit-derived seed (PANDO_P_SEED) applies to the others, so CI catches its bug deterministically in a recorded
    /// number of schedules; an explicit --seed, PANDO_P_SEED in the full tier and seed sweeps still vary it.
    /// </summary>
    public bool PinnedSeed { get; init; }
    /// <summary>
    /// Witnesses of a passing test: reachability events (declared <c>event eWit...</c> and observed by the project's
    /// <c>Reached</c> monitor) that P's coverage report must show as received, or the test fails as NOT REACHED.
    /// </summary>
    public IReadOnlyList<string> Reaches { get; init; } = [];

    /// <summary>Set when one test runs several times in one invocation (a seed sweep): names its output folder.</summary>
    public string? RunTag { get; init; }

    /// <summary>
    /// The tier the test belongs to (optional field <c>tier</c>, default fast): a fast test runs in both tiers with that
    /// tier's schedules, a full-tier test only with <c>--tier full</c> or when named (as Coyote's and TLC's full tiers).
    /// </summary>
    public Tier Tier { get; init; } = Tier.Fast;

    /// <summary>Schedules for a tier.</summary>
    public long Schedules(Tier tier) => tier == Tier.Fast ? FastSchedules : FullSchedules;

    /// <summary>Whether a run of <paramref name="tier"/> includes this test.</summary>
    public bool RunsIn(Tier tier) => tier == Tier.Full || Tier == Tier.Fast;
}

/// <summary>
/// The P test manifest (<c>p-models/tests.json</c>): every test case declared in the P projects'
/// PTst folders, with its expected outcome and schedule counts per tier. Loading checks it against the
/// declarations in the .p files, so a test that is declared but not listed (or the reverse), or two
/// names where one is a prefix of the other (p check -tc matches by prefix), is an input error.
/// </summary>
public sealed partial class PTestManifest
{
    /// <summary>The manifest file.</summary>
    public required string Path { get; init; }
    /// <summary>The p-models folder.</summary>
    public required string ModelsDir { get; init; }
    /// <summary>Test cases in file order.</summary>
    public required IReadOnlyList<PTestEntry> Tests { get; init; }

    private static readonly HashSet<string> Fields =
        ["name", "protocol", "expect", "schedules", "seed", "pinnedSeed", "maxSteps", "timeLimitSeconds", "description", "stats", "reaches", "tier"];

    /// <summary>Loads and validates the manifest.</summary>
    public static PTestManifest Load(string path)
    {
        var dir = System.IO.Path.GetDirectoryName(System.IO.Path.GetFullPath(path))!;
        var tests = new List<PTestEntry>();
        foreach (var r in EntryReader.Entries(path, "tests", "P test manifest", Fields))
        {
            var (fast, full) = r.PerTier("schedules");
            var expect = ParseExpectation(r.Str("expect"), r.Where);
            var reaches = new List<string>();
            if (r["reaches"] is { } rn)
            {
                if (rn is not JsonArray ra || expect.Kind != VerdictKind.Pass)
                    throw new InputError($"{r.Where}: field \"reaches\" must be an array of witness event names, and only a passing test has witnesses");
                foreach (var x in ra)
                    reaches.Add(x is JsonValue xv && xv.TryGetValue<string>(out var xs) && xs.StartsWith("eWit", StringComparison.Ordinal)
                        ? xs : throw new InputError($"{r.Where}: field \"reaches\" must list witness event names (eWit...), got {x?.ToJsonString()}"));
            }
            bool pinned = r["pinnedSeed"] switch
            {
                null => false,
                JsonValue pv when pv.TryGetValue<bool>(out var pb) => pb,
                _ => throw new InputError($"{r.Where}: field \"pinnedSeed\" must be true or false"),
            };
            if (pinned && expect.Kind == VerdictKind.Pass)
                throw new InputError($"{r.Where}: field \"pinnedSeed\": only a bug test may pin its seed (a passing test explores more with every commit's seed)");
            var e = new PTestEntry
            {
                PinnedSeed = pinned, Tier = r.OptionalTier(),
                Name = r.Str("name"), Protocol = r.Str("protocol"), Expect = expect, Reaches = reaches,
                FastSchedules = fast, FullSchedules = full, Seed = r.Long("seed", 0), MaxSteps = r.OptionalLong("maxSteps", 1),
                TimeLimitSeconds = (int)r.Long("timeLimitSeconds", 1), Description = r.Str("description"), Stats = r.Stats(),
            };
            if (!Directory.Exists(System.IO.Path.Combine(dir, e.Protocol)))
                throw new InputError($"{r.Where}: project folder {System.IO.Path.Combine(dir, e.Protocol)} not found");
            tests.Add(e);
        }
        var m = new PTestManifest { Path = System.IO.Path.GetFullPath(path), ModelsDir = dir, Tests = tests };
        m.Validate();
        return m;
    }

    /// <summary>
    /// A P expectation: <c>pass</c>, <c>violates Monitor [ID]</c> (the ID is required: the judge checks that the
    /// monitor's assertion message names it) or <c>liveness Monitor [ID]</c> (P's hot-state report names only the
    /// monitor, so the ID documents which catalogue property the monitor checks).
    /// </summary>
    public static Expectation ParseExpectation(string text, string where)
    {
        var e = Expectation.Parse(text, where);
        return e.Kind switch
        {
            VerdictKind.Pass => e,
            VerdictKind.Violates when e.Id is not null => e,
            VerdictKind.Liveness => e,
            VerdictKind.Violates => throw new InputError($"{where}: field \"expect\": \"{text}\" must name the catalogue ID the monitor's message carries, e.g. \"violates Agreement [PANDO-S1]\""),
            _ => throw new InputError($"{where}: field \"expect\": a P test expects pass, violates <Monitor> [<ID>] or liveness <Monitor>; \"{text}\" is a TLC verdict"),
        };
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

    [GeneratedRegex(@"^\s*event\s+([A-Za-z_][A-Za-z0-9_]*)\s*[;:]", RegexOptions.Multiline)]
    private static partial Regex EventDecl();

    private void Validate()
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var t in Tests)
            if (!seen.Add(t.Name)) throw new InputError($"{Path}: test {t.Name} is listed twice");
        foreach (var a in Tests)
            foreach (var b in Tests)
                if (!ReferenceEquals(a, b) && b.Name.StartsWith(a.Name, StringComparison.Ordinal))
                    throw new InputError($"{Path}: test name {a.Name} is a prefix of {b.Name}; p check -tc selects tests by prefix, so rename one");
        foreach (var project in Tests.Select(t => t.Protocol).Distinct())
        {
            var declared = DeclaredTests(System.IO.Path.Combine(ModelsDir, project));
            foreach (var t in Tests.Where(t => t.Protocol == project && !declared.Contains(t.Name)))
                throw new InputError($"{Path}: test {t.Name} is not declared in any .p file of p-models/{project}");
            foreach (var d in declared.Where(d => !seen.Contains(d)))
                throw new InputError($"{Path}: test case {d} is declared in p-models/{project} but not listed in the manifest (every test needs an expectation)");
            var common = System.IO.Path.Combine(ModelsDir, "Common");
            var events = PSources(System.IO.Path.Combine(ModelsDir, project)).Concat(Directory.Exists(common) ? PSources(common) : [])
                .SelectMany(f => EventDecl().Matches(File.ReadAllText(f)).Select(mt => mt.Groups[1].Value)).ToHashSet(StringComparer.Ordinal);
            foreach (var t in Tests.Where(t => t.Protocol == project))
                foreach (var w in t.Reaches.Where(w => !events.Contains(w)))
                    throw new InputError($"{Path}: test {t.Name} reaches {w}, which no .p file of p-models/{project} or p-models/Common declares as an event");
        }
    }
}
