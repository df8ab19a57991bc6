using System.Text.Json;
using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Tlc;

/// <summary>How TLC explores a model.</summary>
public enum CheckMode
{
    /// <summary>Breadth-first exhaustive model checking.</summary>
    Exhaustive,
    /// <summary>Random simulation with a fixed depth, trace count and seed.</summary>
    Simulate,
}

/// <summary>Simulation settings of a manifest entry.</summary>
/// <param name="Depth">Length of each random behaviour (TLC <c>-depth</c>).</param>
/// <param name="Traces">Number of behaviours (TLC 2.15 <c>-simulate num=N</c>).</param>
/// <param name="Seed">Random seed (TLC <c>-seed</c>).</param>
public sealed record SimulationSettings(int Depth, long Traces, long Seed);

/// <summary>One model of the manifest: a spec module, its MC module and cfg, and the expected verdict.</summary>
public sealed record ModelEntry : CheckEntry
{
    /// <summary>The protocol spec module name (found in the manifest's spec folders).</summary>
    public required string Spec { get; init; }
    /// <summary>Absolute path of the model-checking module (MC*.tla).</summary>
    public required string ModulePath { get; init; }
    /// <summary>Absolute path of the cfg file.</summary>
    public required string CfgPath { get; init; }
    /// <summary>Exhaustive or simulation.</summary>
    public required CheckMode Mode { get; init; }
    /// <summary>Simulation settings (simulation mode only).</summary>
    public SimulationSettings? Simulation { get; init; }
    /// <summary>True to let TLC check for deadlock (default false: runs that end are not errors).</summary>
    public bool CheckDeadlock { get; init; }
    /// <summary>
    /// True to let TLC check temporal properties only once, on the finished state graph (<c>-lncheck final</c>),
    /// instead of periodically on the partial graph. Same verdict; a long liveness run explores many times faster,
    /// but a violation is reported only after the whole graph is built.
    /// </summary>
    public bool LivenessCheckFinal { get; init; }
    /// <summary>Fast (default runs and CI) or full (on request).</summary>
    public required Tier Tier { get; init; }
    /// <summary>Free tags, selected with <c>--tag</c>.</summary>
    public required IReadOnlyList<string> Tags { get; init; }
    /// <summary>The parsed cfg (for a witness model: the derived one, <see cref="CfgText"/>).</summary>
    public required CfgFile Cfg { get; init; }
    /// <summary>
    /// A reachability witness model: the name of the witness predicate it must violate. It runs the passing
    /// model's own cfg (<see cref="CfgPath"/>) with every INVARIANT and PROPERTY replaced by this one invariant,
    /// so it explores exactly that configuration.
    /// </summary>
    public string? Witness { get; init; }
    /// <summary>The cfg text TLC runs: the file itself, or for a witness model the derived text.</summary>
    public string CfgText => Witness is null ? File.ReadAllText(CfgPath) : CfgFile.WitnessText(File.ReadAllText(CfgPath), Witness);
}

/// <summary>
/// The models manifest (<c>configs/models.json</c>). Paths inside it are relative to the manifest's
/// folder. Loading validates every entry and throws an <see cref="InputError"/> naming the file, the
/// model and the field at the first problem.
/// </summary>
public sealed class Manifest
{
    /// <summary>The reachability witness a passing cfg with restarts must have (PANDO-W8).</summary>
    public const string RestartWitness = "NoVoteAfterRestartWitness";
    /// <summary>The manifest file.</summary>
    public required string Path { get; init; }
    /// <summary>Folders where spec modules live (TLC's library path).</summary>
    public required ModuleLibrary Library { get; init; }
    /// <summary>All entries in file order.</summary>
    public required IReadOnlyList<ModelEntry> Models { get; init; }

    private static readonly HashSet<string> TopFields = ["$comment", "specDirs", "models"];
    private static readonly HashSet<string> EntryFields =
        ["name", "protocol", "spec", "module", "cfg", "mode", "simulate", "checkDeadlock", "livenessCheck", "expect",
         "timeLimitSeconds", "tier", "tags", "description", "stats", "witness"];

    /// <summary>Loads and validates the manifest.</summary>
    public static Manifest Load(string path)
    {
        if (!File.Exists(path)) throw new InputError($"{path}: manifest not found");
        var root = JsonFiles.Read(path);
        if (root is not JsonObject top) throw new InputError($"{path}: the manifest must be a JSON object with \"specDirs\" and \"models\"");
        foreach (var (k, _) in top)
            if (!TopFields.Contains(k)) throw new InputError($"{path}: unknown top-level field \"{k}\" (allowed: {string.Join(", ", TopFields)})");
        var baseDir = System.IO.Path.GetDirectoryName(System.IO.Path.GetFullPath(path))!;
        if (top["specDirs"] is not JsonArray dirsNode || dirsNode.Count == 0)
            throw new InputError($"{path}: \"specDirs\" must be a non-empty array of folders (relative to the manifest)");
        var dirs = new List<string>();
        foreach (var d in dirsNode)
        {
            var rel = d is JsonValue v && v.TryGetValue<string>(out var s) ? s : throw new InputError($"{path}: \"specDirs\" entries must be strings");
            var full = System.IO.Path.GetFullPath(System.IO.Path.Combine(baseDir, rel));
            if (!Directory.Exists(full)) throw new InputError($"{path}: specDirs entry \"{rel}\" is not a folder ({full})");
            dirs.Add(full);
        }
        var library = new ModuleLibrary(dirs);
        if (top["models"] is not JsonArray models) throw new InputError($"{path}: \"models\" must be an array");
        var entries = new List<ModelEntry>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        for (int i = 0; i < models.Count; i++)
        {
            if (models[i] is not JsonObject o) throw new InputError($"{path}: models[{i}] must be an object");
            var e = ParseEntry(path, baseDir, library, o, i);
            if (!names.Add(e.Name)) throw new InputError($"{path}: model \"{e.Name}\": duplicate name");
            entries.Add(e);
        }
        // A passing model proves little unless the states its invariants talk about are reached: each needs a
        // witness model on the same cfg (docs/harness.md, "Reachability witnesses").
        foreach (var e in entries.Where(e => e.Expect.Kind == VerdictKind.Pass))
            if (!entries.Any(w => w.Witness is not null && w.CfgPath == e.CfgPath))
                throw new InputError($"{path}: model \"{e.Name}\" is expected to pass, but no witness model runs its cfg " +
                    $"({System.IO.Path.GetFileName(e.CfgPath)}): add an entry with \"witness\" naming a reachability witness that cfg must violate");
        // A passing model whose cfg lets sites restart must show a site voting after a restart (PANDO-W8);
        // otherwise its restarts may never matter.
        foreach (var e in entries.Where(e => e.Expect.Kind == VerdictKind.Pass && e.Witness is null
                                              && e.Cfg.ConstantValues.TryGetValue("MaxRestarts", out var r) && r != "0"))
            if (!entries.Any(w => w.Witness == RestartWitness && w.CfgPath == e.CfgPath))
                throw new InputError($"{path}: model \"{e.Name}\" is expected to pass with restarts (MaxRestarts > 0), but no witness " +
                    $"model runs {RestartWitness} on its cfg ({System.IO.Path.GetFileName(e.CfgPath)}): add one, so the restarts are shown to matter");
        return new Manifest { Path = path, Library = library, Models = entries };
    }

    private static ModelEntry ParseEntry(string path, string baseDir, ModuleLibrary library, JsonObject o, int index)
    {
        string where = $"{path}: models[{index}]";
        string Str(string field, bool required = true)
        {
            var node = o[field];
            if (node is null)
            {
                if (required) throw new InputError($"{where}: missing field \"{field}\"");
                return "";
            }
            if (node is JsonValue v && v.TryGetValue<string>(out var s) && s.Trim().Length > 0) return s.Trim();
            throw new InputError($"{where}: field \"{field}\" must be a non-empty string");
        }
        var name = Str("name");
        if (!name.All(c => char.IsAsciiLetterOrDigit(c) || c is '_' or '-' or '.'))
            throw new InputError($"{where}: name \"{name}\" may contain only letters, digits, '_', '-' and '.'");
        where = $"{path}: model \"{name}\"";
        foreach (var (k, _) in o)
            if (!EntryFields.Contains(k)) throw new InputError($"{where}: unknown field \"{k}\" (allowed: {string.Join(", ", EntryFields)})");

        var spec = Str("spec");
        if (library.Find(spec) is null)
            throw new InputError($"{where}: field \"spec\": module {spec}.tla not found in specDirs ({string.Join(", ", library.SearchDirs)})");
        string FileField(string field)
        {
            var rel = Str(field);
            var full = System.IO.Path.GetFullPath(System.IO.Path.Combine(baseDir, rel));
            if (!File.Exists(full)) throw new InputError($"{where}: field \"{field}\": file {rel} does not exist ({full})");
            return full;
        }
        var module = FileField("module");
        if (!module.EndsWith(".tla", StringComparison.Ordinal)) throw new InputError($"{where}: field \"module\" must name a .tla file");
        var cfgPath = FileField("cfg");
        if (!cfgPath.EndsWith(".cfg", StringComparison.Ordinal)) throw new InputError($"{where}: field \"cfg\" must name a .cfg file");

        var modeText = Str("mode");
        var mode = modeText switch
        {
            "exhaustive" => CheckMode.Exhaustive,
            "simulate" => CheckMode.Simulate,
            _ => throw new InputError($"{where}: field \"mode\" is \"{modeText}\"; use \"exhaustive\" or \"simulate\""),
        };
        SimulationSettings? sim = null;
        if (mode == CheckMode.Simulate)
        {
            if (o["simulate"] is not JsonObject so) throw new InputError($"{where}: mode \"simulate\" needs a \"simulate\" object with depth, traces and seed");
            long Num(string f, long min)
            {
                var n = so[f] is JsonValue v && v.TryGetValue<long>(out var x) ? x :
                    throw new InputError($"{where}: field \"simulate.{f}\" must be an integer");
                if (n < min) throw new InputError($"{where}: field \"simulate.{f}\" must be at least {min}");
                return n;
            }
            foreach (var (k, _) in so)
                if (k is not ("depth" or "traces" or "seed")) throw new InputError($"{where}: unknown field \"simulate.{k}\" (allowed: depth, traces, seed)");
            sim = new SimulationSettings((int)Num("depth", 1), Num("traces", 1), Num("seed", 0));
        }
        else if (o["simulate"] is not null) throw new InputError($"{where}: field \"simulate\" is only allowed with mode \"simulate\"");

        var checkDeadlock = false;
        if (o["checkDeadlock"] is { } cd)
            checkDeadlock = cd is JsonValue cv && cv.TryGetValue<bool>(out var b) ? b : throw new InputError($"{where}: field \"checkDeadlock\" must be true or false");

        var livenessFinal = false;
        if (o["livenessCheck"] is { } lc)
            livenessFinal = (lc is JsonValue lv && lv.TryGetValue<string>(out var lt) ? lt : null) switch
            {
                "periodic" => false,
                "final" => true,
                _ => throw new InputError($"{where}: field \"livenessCheck\" must be \"periodic\" (the default) or \"final\""),
            };

        var expect = Expectation.Parse(Str("expect"), where);
        if (expect.Id is not null) throw new InputError($"{where}: field \"expect\": a TLC expectation names the TLA+ property, not a catalogue ID (the catalogue maps one to the other)");
        var timeLimit = o["timeLimitSeconds"] is JsonValue bv && bv.TryGetValue<int>(out var bs) && bs > 0 ? bs :
            throw new InputError($"{where}: field \"timeLimitSeconds\" must be a positive integer");
        var tierText = Str("tier");
        var tier = Tiers.TryParse(tierText) ?? throw new InputError($"{where}: field \"tier\" is \"{tierText}\"; use \"fast\" or \"full\"");
        var tags = new List<string>();
        if (o["tags"] is { } tn)
        {
            if (tn is not JsonArray ta) throw new InputError($"{where}: field \"tags\" must be an array of strings");
            foreach (var t in ta) tags.Add(t is JsonValue tv && tv.TryGetValue<string>(out var ts) ? ts : throw new InputError($"{where}: field \"tags\" must be an array of strings"));
        }
        var description = Str("description");
        var stats = RecordedStats.FromJson(o["stats"], where);

        string? witness = null;
        if (o["witness"] is not null)
        {
            witness = Str("witness");
            if (!Names.IsIdentifier(witness)) throw new InputError($"{where}: field \"witness\" must name a TLA+ definition");
            if (expect.Kind != VerdictKind.Violates || expect.Property != witness)
                throw new InputError($"{where}: a witness model must expect \"violates {witness}\" (it names a state the model must reach), not \"{expect}\"");
        }
        var cfg = witness is null ? CfgFile.Load(cfgPath) : CfgFile.Parse(cfgPath, CfgFile.WitnessText(File.ReadAllText(cfgPath), witness));
        ValidateAgainstModule(where, cfgPath, module, library, cfg, expect, checkDeadlock);
        if (livenessFinal && mode != CheckMode.Exhaustive)
            throw new InputError($"{where}: field \"livenessCheck\" is \"final\", which needs mode \"exhaustive\" (a simulation checks each behaviour as it goes)");
        if (livenessFinal && cfg.Properties.Count == 0)
            throw new InputError($"{where}: field \"livenessCheck\" is \"final\", but {System.IO.Path.GetFileName(cfgPath)} checks no PROPERTY, so there is nothing to check at the end");
        return new ModelEntry
        {
            Name = name, Protocol = Str("protocol"), Spec = spec, ModulePath = module, CfgPath = cfgPath, Mode = mode,
            Simulation = sim, CheckDeadlock = checkDeadlock, LivenessCheckFinal = livenessFinal, Expect = expect, TimeLimitSeconds = timeLimit, Tier = tier,
            Tags = tags, Description = description, Stats = stats, Cfg = cfg, Witness = witness,
        };
    }

    private static void ValidateAgainstModule(string where, string cfgPath, string module, ModuleLibrary library,
        CfgFile cfg, Expectation expect, bool checkDeadlock)
    {
        var defined = library.DefinedNames(module);
        foreach (var n in cfg.RequiredDefinitions)
            if (!defined.Contains(n))
                throw new InputError($"{cfgPath}: names \"{n}\", which is not defined in {System.IO.Path.GetFileName(module)} or the modules it extends (model \"{where.Split('"')[1]}\")");
        switch (expect.Kind)
        {
            case VerdictKind.Violates when !cfg.Invariants.Contains(expect.Property!) && !cfg.Properties.Contains(expect.Property!):
                throw new InputError($"{where}: expects \"{expect}\" but {System.IO.Path.GetFileName(cfgPath)} checks no INVARIANT or PROPERTY named {expect.Property}");
            case VerdictKind.Liveness when cfg.Properties.Count != 1 || cfg.Properties[0] != expect.Property:
                throw new InputError($"{where}: expects \"{expect}\"; TLC does not name the temporal property it finds violated, so the cfg must check exactly one PROPERTY, {expect.Property} (it lists: {(cfg.Properties.Count == 0 ? "none" : string.Join(", ", cfg.Properties))})");
            case VerdictKind.Deadlock when !checkDeadlock:
                throw new InputError($"{where}: expects \"deadlock\" but \"checkDeadlock\" is not true, so TLC would not look for one");
            case VerdictKind.Assumption when !defined.Contains(expect.Property!):
                throw new InputError($"{where}: expects \"{expect}\" but no ASSUME named {expect.Property} is defined in {System.IO.Path.GetFileName(module)} or the modules it extends");
        }
    }
}
