using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Coyote;

/// <summary>
/// One systematic test of a C# protocol implementation under Coyote (<c>tests/coyote.json</c>). The deployment is
/// described by plain fields the protocol's scenario builder understands (for Pando: <c>params</c>, <c>faults</c>,
/// <c>workload</c>, <c>mutant</c>); the harness only carries them.
/// </summary>
public sealed record CoyoteTestEntry : CheckEntry
{
    /// <summary>Deployment fields for the protocol's scenario builder.</summary>
    public required IReadOnlyDictionary<string, string> Deployment { get; init; }
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

    /// <summary>
    /// Witnesses of a passing test: protocol paths (coverage counters) the run must reach at least once, or the test
    /// fails as NOT REACHED. A passing run that never exercised what it claims to test proves little.
    /// </summary>
    public IReadOnlyList<string> Reaches { get; init; } = [];

    /// <summary>
    /// The tier the test belongs to (optional field <c>tier</c>, default fast): a fast test runs in both tiers with that
    /// tier's iterations, a full-tier test only with <c>--tier full</c> (as TLC's full-tier models).
    /// </summary>
    public Tier Tier { get; init; } = Tier.Fast;

    /// <summary>Iterations for a tier.</summary>
    public long Iterations(Tier tier) => tier == Tier.Fast ? FastIterations : FullIterations;

    /// <summary>Whether a run of <paramref name="tier"/> includes this test.</summary>
    public bool RunsIn(Tier tier) => tier == Tier.Full || Tier == Tier.Fast;
}

/// <summary>The Coyote test manifest; loading validates every entry and throws an <see cref="InputError"/> naming the field.</summary>
public sealed class CoyoteTestManifest
{
    /// <summary>The manifest file.</summary>
    public required string Path { get; init; }
    /// <summary>Tests in file order.</summary>
    public required IReadOnlyList<CoyoteTestEntry> Tests { get; init; }

    private static readonly HashSet<string> Fields =
        ["name", "protocol", "deployment", "expect", "iterations", "seed", "strategy", "maxSteps", "timeLimitSeconds", "tier", "description", "reaches", "stats"];

    /// <summary>Strategies Coyote offers here.</summary>
    public static readonly IReadOnlyList<string> Strategies = ["random", "prioritization", "fair"];

    /// <summary>Loads and validates the manifest.</summary>
    public static CoyoteTestManifest Load(string path)
    {
        var tests = new List<CoyoteTestEntry>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (var r in EntryReader.Entries(path, "tests", "Coyote test manifest", Fields))
        {
            var where = r.Where;
            if (r["deployment"] is not JsonObject dep) throw new InputError($"{where}: field \"deployment\" must be an object of strings");
            var deployment = new Dictionary<string, string>(StringComparer.Ordinal);
            foreach (var (k, v) in dep)
                deployment[k] = v is JsonValue dv && dv.TryGetValue<string>(out var ds) ? ds : throw new InputError($"{where}: field \"deployment.{k}\" must be a string");
            var expect = Expectation.Parse(r.Str("expect"), where);
            if (expect.Kind is not (VerdictKind.Pass or VerdictKind.Violates or VerdictKind.Liveness) || (expect.Kind == VerdictKind.Violates && expect.Id is null))
                throw new InputError($"{where}: field \"expect\": a Coyote test expects pass, violates <Monitor> [<ID>] (the ID is required) or liveness <Monitor> [<ID>]");
            var strategy = r.Str("strategy");
            if (!Strategies.Contains(strategy)) throw new InputError($"{where}: field \"strategy\" is \"{strategy}\"; use random, prioritization or fair");
            var (fast, full) = r.PerTier("iterations");
            var reaches = new List<string>();
            if (r["reaches"] is { } rn)
            {
                if (rn is not JsonArray ra || expect.Kind != VerdictKind.Pass)
                    throw new InputError($"{where}: field \"reaches\" must be an array of coverage names, and only a passing test has witnesses");
                foreach (var x in ra) reaches.Add(x is JsonValue xv && xv.TryGetValue<string>(out var xs) ? xs : throw new InputError($"{where}: field \"reaches\" must be an array of strings"));
            }
            var e = new CoyoteTestEntry
            {
                Tier = r.OptionalTier(),
                Name = r.Str("name"), Protocol = r.Str("protocol"), Deployment = deployment, Expect = expect,
                FastIterations = fast, FullIterations = full, Seed = (uint)r.Long("seed", 0), Strategy = strategy,
                MaxSteps = (uint)r.Long("maxSteps", 10), TimeLimitSeconds = (int)r.Long("timeLimitSeconds", 1),
                Description = r.Str("description"), Stats = r.Stats(), Reaches = reaches,
            };
            if (!Names.IsIdentifier(e.Name.Replace("-", "_", StringComparison.Ordinal))) throw new InputError($"{where}: name may contain only letters, digits, '_' and '-'");
            if (!names.Add(e.Name)) throw new InputError($"{where}: listed twice");
            tests.Add(e);
        }
        return new CoyoteTestManifest { Path = System.IO.Path.GetFullPath(path), Tests = tests };
    }
}
