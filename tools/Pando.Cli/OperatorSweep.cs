using System.Diagnostics;
using System.Globalization;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pando.ModelCheck.Mutation;
using Pando.ModelCheck.P;
using Pando.ModelCheck.Tlc;

namespace Pando.Cli;

/// <summary>
/// <c>./pando mutate --level p|tla</c>: the operator sweep. Each mutant (<see cref="OperatorMutants"/>) is written into a
/// private copy of p-models/ or of specs/ and configs/ under .pando/out/mutate/LEVEL/PROTOCOL/work, and the protocol's
/// fast-tier checks run against it with the real checker (p check, TLC), judged as ./pando test judges them. A mutant
/// is killed when some check does not give its expected verdict; a mutant that does not compile or parse is invalid
/// and not counted. The repository's own files are never changed. Results are kept per mutant in results.json, so a
/// stopped sweep resumes (--resume).
/// </summary>
public static class OperatorSweep
{
    /// <summary>One mutant's outcome.</summary>
    public sealed record Outcome(string Id, string Operator, string Describe, string Status, string? KilledBy, string? Detail, double Seconds);

    /// <summary>The options of one sweep (parsed by <see cref="MutateCommand"/>).</summary>
    public sealed record Options(string Protocol, string Level, IReadOnlyList<string> Files, IReadOnlyList<string> Scopes,
        IReadOnlyList<string> Operators, string Tests, int Jobs, bool Record, bool Resume, bool List, int? Limit);

    /// <summary>The files mutated by default: a P project's PSrc, or the specs of the protocol's fast passing models.</summary>
    public static IReadOnlyList<string> DefaultFiles(string root, string protocol, string level)
    {
        if (level == "p")
        {
            var dir = Path.Combine(root, "p-models", protocol, "PSrc");
            if (!Directory.Exists(dir)) throw new InputError($"mutate: protocol {protocol} has no P project (p-models/{protocol}/PSrc)");
            return [.. Directory.EnumerateFiles(dir, "*.p").Order(StringComparer.Ordinal).Select(f => Path.GetRelativePath(root, f))];
        }
        var manifest = Manifest.Load(Path.Combine(root, "configs", "models.json"));
        return [.. manifest.Models.Where(m => m.Protocol == protocol && m.Tier == Tier.Fast && m.Expect.Kind == VerdictKind.Pass && m.Witness is null)
            .Select(m => m.Spec).Distinct().Order(StringComparer.Ordinal).Select(s => Path.Combine("specs", s + ".tla"))];
    }

    /// <summary>Resolves a --file value: a P file under p-models/PROTOCOL/PSrc/ or a module under specs/.</summary>
    public static string ResolveFile(string root, string protocol, string level, string file)
    {
        var rel = level == "p" ? Path.Combine("p-models", protocol, "PSrc", file) : Path.Combine("specs", file.EndsWith(".tla", StringComparison.Ordinal) ? file : file + ".tla");
        if (!File.Exists(Path.Combine(root, rel))) throw new InputError($"mutate: {rel} does not exist");
        return rel;
    }

    /// <summary>Every mutant of the chosen files, limited to the chosen scopes and operators (not to --limit).</summary>
    public static IReadOnlyList<OperatorMutant> Mutants(string root, Options o)
    {
        var lang = o.Level == "p" ? MutantLanguage.P : MutantLanguage.Tla;
        var all = new List<OperatorMutant>();
        var foundScopes = new HashSet<string>(StringComparer.Ordinal);
        foreach (var f in o.Files)
        {
            var text = File.ReadAllText(Path.Combine(root, f));
            var defined = OperatorMutants.ScopeNames(text, lang);
            var here = o.Scopes.Where(defined.Contains).ToList();
            foundScopes.UnionWith(here);
            if (o.Scopes.Count > 0 && here.Count == 0) continue;
            all.AddRange(OperatorMutants.Generate(f, text, lang, here));
        }
        var missing = o.Scopes.Where(s => !foundScopes.Contains(s)).ToList();
        if (missing.Count > 0)
            throw new InputError($"mutate: no {(lang == MutantLanguage.P ? "function" : "definition")} named {string.Join(", ", missing)} in {string.Join(", ", o.Files)}");
        return all.Where(m => o.Operators.Count == 0 || o.Operators.Contains(m.Operator)).ToList();
    }

    /// <summary>Runs the sweep and prints (and with --record writes) the report.</summary>
    public static int Run(string root, Options o)
    {
        var all = Mutants(root, o);
        var mutants = o.Limit is { } limit ? all.Take(limit).ToList() : all;
        if (mutants.Count == 0) throw new InputError($"mutate: no mutant in {string.Join(", ", o.Files)} with the chosen scopes and operators");
        if (o.List)
        {
            foreach (var m in mutants) Console.WriteLine(m.Describe());
            Console.WriteLine($"{mutants.Count} mutant(s)");
            return 0;
        }
        var outDir = Path.Combine(root, ".pando", "out", "mutate", o.Level, o.Protocol);
        var work = Path.Combine(outDir, "work");
        var resultsPath = Path.Combine(outDir, "results.json");
        var previous = o.Resume ? Load(resultsPath) : [];
        var results = new Dictionary<string, Outcome>(previous, StringComparer.Ordinal);
        if (!o.Resume && Directory.Exists(outDir)) Directory.Delete(outDir, recursive: true);
        CopyTree(root, work, o.Level);
        var fileHash = o.Files.ToDictionary(f => f, f => Hash(File.ReadAllText(Path.Combine(root, f))));
        Console.WriteLine($"mutate: {mutants.Count} {o.Level} mutant(s) of {o.Protocol} in {string.Join(", ", o.Files)}; checks: the {o.Tests} fast-tier {(o.Level == "p" ? "P tests" : "TLC models")}; work copy {work}");
        var check = o.Level == "p" ? PCheck(work, o, outDir) : TlaCheck(root, work, o, outDir);
        var clock = Stopwatch.StartNew();
        int n = 0;
        foreach (var m in mutants)
        {
            n++;
            var key = m.Id + "#" + fileHash[m.File];
            if (results.ContainsKey(key)) continue;
            var target = Path.Combine(work, m.File);
            var original = File.ReadAllText(Path.Combine(root, m.File));
            File.WriteAllText(target, m.Apply(original));
            var sw = Stopwatch.StartNew();
            Outcome outcome;
            try
            {
                outcome = check(m);
            }
            finally
            {
                File.WriteAllText(target, original);
            }
            outcome = outcome with { Seconds = Math.Round(sw.Elapsed.TotalSeconds, 1) };
            if (outcome.Status == "interrupted")
            {
                // The checker was stopped from outside (SIGTERM or SIGKILL): that says nothing about the mutant.
                Console.WriteLine($"[{n}/{mutants.Count}] interrupted {m.Describe()}: {outcome.Detail} (not recorded; --resume runs it again)");
                continue;
            }
            results[key] = outcome;
            Save(resultsPath, results);
            Console.WriteLine($"[{n}/{mutants.Count}] {outcome.Status,-8} {m.Describe()}{(outcome.KilledBy is null ? "" : $"  ← {outcome.KilledBy}")} ({outcome.Seconds:F0} s)");
        }
        clock.Stop();
        var mine = mutants.Select(m => results[m.Id + "#" + fileHash[m.File]]).ToList();
        var report = Report(o, mine, clock.Elapsed, previous.Count > 0);
        if (mine.Count < all.Count)
            report += $"\nOnly the first {mine.Count} of the {all.Count} mutants (--limit {mine.Count}): the rest were not run, and the score covers these only.\n";
        Console.WriteLine();
        Console.Write(report);
        if (o.Record) RecordReport(root, o, report);
        return 0;
    }

    // ------------------------------------------------------------------ P

    /// <summary>The P check of one mutant: compile the work copy, run the fast tests until one fails. The manifest is read once.</summary>
    private static Func<OperatorMutant, Outcome> PCheck(string work, Options o, string outDir)
    {
        var manifest = PTestManifest.Load(Path.Combine(work, "p-models", "tests.json"));
        var tests = manifest.Tests.Where(t => t.Protocol == o.Protocol && t.Tier == Tier.Fast && (o.Tests == "all" || t.Expect.Kind == VerdictKind.Pass))
            .OrderBy(t => t.Stats?.Seconds ?? 0)
            // A mutant that makes a run loop (a counter never advanced) hits a limit soon: ten times the recorded time,
            // at least two minutes.
            .Select(t => t with { TimeLimitSeconds = (int)Math.Min(t.TimeLimitSeconds, Math.Max(120, 10 * (t.Stats?.Seconds ?? 30))) })
            .ToList();
        var checker = new PChecker(work, Path.Combine(outDir, "runs"));
        return m => RunP(manifest, tests, checker, o, m);
    }

    private static Outcome RunP(PTestManifest manifest, IReadOnlyList<PTestEntry> tests, PChecker checker, Options o, OperatorMutant m)
    {
        string dll;
        try { dll = checker.Compile(Path.Combine(manifest.ModelsDir, o.Protocol)); }
        catch (InputError e) { return new Outcome(m.Id, m.Operator, m.Describe(), "invalid", null, FirstLine(e.Message.Split('\n').Skip(1).FirstOrDefault() ?? e.Message), 0); }
        string? killer = null, detail = null;
        bool signalled = false;
        var gate = new object();
        Parallel.ForEach(tests, new ParallelOptions { MaxDegreeOfParallelism = o.Jobs }, (t, state) =>
        {
            if (killer is not null) { state.Stop(); return; }
            var r = checker.RunOne(manifest, dll, t, Tier.Fast);
            if (r.Judgement.Ok) return;
            lock (gate) { if (killer is null) { killer = t.Name; detail = r.Judgement.Message; signalled = r.Result.Signalled; } }
            state.Stop();
        });
        if (killer is null) return new Outcome(m.Id, m.Operator, m.Describe(), "survived", null, null, 0);
        // The p check process was stopped from outside, not failed by the mutant (PCheckResult.Signalled).
        if (signalled) return new Outcome(m.Id, m.Operator, m.Describe(), "interrupted", killer, FirstLine(detail!), 0);
        return new Outcome(m.Id, m.Operator, m.Describe(), detail!.StartsWith("TIMEOUT", StringComparison.Ordinal) ? "timeout" : "killed", killer, FirstLine(detail), 0);
    }

    // ------------------------------------------------------------------ TLA+

    /// <summary>The TLC check of one mutant: the fast models on its module. The manifest and the toolchain are read once.</summary>
    private static Func<OperatorMutant, Outcome> TlaCheck(string root, string work, Options o, string outDir)
    {
        var manifest = Manifest.Load(Path.Combine(work, "configs", "models.json"));
        var session = new CheckSession(ToolchainLocator.Locate(root), manifest, Path.Combine(outDir, "runs"));
        return m => RunTla(manifest, session, o, m);
    }

    private static Outcome RunTla(Manifest manifest, CheckSession session, Options o, OperatorMutant m)
    {
        var module = Path.GetFileNameWithoutExtension(m.File);
        // The fast-tier models of the protocol on the mutated module, with a time limit that a mutant making the state
        // space explode hits soon (twenty times the recorded time, at least two minutes).
        var models = manifest.Models.Where(x => x.Protocol == o.Protocol && x.Tier == Tier.Fast && x.Spec == module
                                                && (o.Tests == "all" || x.Expect.Kind == VerdictKind.Pass || x.Witness is not null))
            .Select(x => x with { TimeLimitSeconds = (int)Math.Min(x.TimeLimitSeconds, Math.Max(120, 20 * (x.Stats?.Seconds ?? 30))) })
            .ToList();
        if (models.Count == 0) throw new InputError($"mutate: no fast-tier model of {o.Protocol} checks {module}");
        // Quickest models first, --jobs at a time; the first batch in which a model gives another verdict decides (a
        // killed mutant need not run the rest: a sweep of a spec with many models takes hours otherwise).
        models = [.. models.OrderBy(x => x.Stats?.Seconds ?? 30)];
        var bad = new List<ModelReport>();
        for (int i = 0; i < models.Count && bad.Count == 0; i += o.Jobs)
        {
            var reports = session.Run(models.Skip(i).Take(o.Jobs).ToList(), new CheckOptions(o.Jobs, Strict: false), CancellationToken.None);
            bad.AddRange(reports.Where(r => !r.Judgement.Ok));
        }
        if (bad.Count == 0) return new Outcome(m.Id, m.Operator, m.Describe(), "survived", null, null, 0);
        // A mutant TLC cannot parse is not a behaviour change.
        if (bad.All(r => r.Run.Result.Kind == VerdictKind.Error && IsParseError(r.Run.Result.ErrorText)))
            return new Outcome(m.Id, m.Operator, m.Describe(), "invalid", null, FirstLine(bad[0].Run.Result.ErrorText ?? ""), 0);
        var first = bad.OrderBy(r => r.Run.Result.Kind == VerdictKind.Timeout ? 1 : 0).First();
        var status = bad.All(r => r.Run.Result.Kind == VerdictKind.Timeout) ? "timeout" : "killed";
        return new Outcome(m.Id, m.Operator, m.Describe(), status, string.Join(", ", bad.Select(r => r.Model.Name).Take(3)) + (bad.Count > 3 ? $" (+{bad.Count - 3})" : ""),
            FirstLine(first.Judgement.Message), 0);
    }

    /// <summary>SANY's messages for a module that does not parse or resolve.</summary>
    public static bool IsParseError(string? text) => text is not null &&
        System.Text.RegularExpressions.Regex.IsMatch(text, @"(?i)(pars(e|ing)|semantic|lexical|encountered|unknown operator|was expecting)");

    // ------------------------------------------------------------------ files

    private static void CopyTree(string root, string work, string level)
    {
        if (Directory.Exists(work)) Directory.Delete(work, recursive: true);
        foreach (var dir in level == "p" ? new[] { "p-models" } : ["specs", "configs"])
            CopyDir(Path.Combine(root, dir), Path.Combine(work, dir));
    }

    private static void CopyDir(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (var f in Directory.EnumerateFiles(from)) File.Copy(f, Path.Combine(to, Path.GetFileName(f)));
        foreach (var d in Directory.EnumerateDirectories(from))
        {
            var name = Path.GetFileName(d);
            if (name is "PGenerated" or "bin" or "obj" or "states" or ".pando") continue;
            CopyDir(d, Path.Combine(to, name));
        }
    }

    private static string Hash(string text) => Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(text)))[..12];

    private static Dictionary<string, Outcome> Load(string path)
    {
        if (!File.Exists(path)) return [];
        return JsonSerializer.Deserialize<Dictionary<string, Outcome>>(File.ReadAllText(path)) ?? [];
    }

    private static void Save(string path, Dictionary<string, Outcome> results) =>
        File.WriteAllText(path, JsonSerializer.Serialize(results, new JsonSerializerOptions
        {
            WriteIndented = true, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        }) + "\n");

    private static string FirstLine(string s) => (s.Split('\n', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault() ?? "").Trim();

    // ------------------------------------------------------------------ report

    /// <summary>The Markdown report of one sweep: counts per operator, the score, and every survivor.</summary>
    public static string Report(Options o, IReadOnlyList<Outcome> outcomes, TimeSpan wall, bool resumed)
    {
        var sb = new StringBuilder();
        string Line(string name, IEnumerable<Outcome> xs)
        {
            var l = xs.ToList();
            int k = l.Count(x => x.Status == "killed"), t = l.Count(x => x.Status == "timeout"), s = l.Count(x => x.Status == "survived"), inv = l.Count(x => x.Status == "invalid");
            double score = k + t + s == 0 ? 0 : 100.0 * (k + t) / (k + t + s);
            return string.Create(CultureInfo.InvariantCulture, $"| {name} | {k} | {t} | {s} | {inv} | {score:F1}% |");
        }
        sb.AppendLine("| operator | killed | timeout | survived | invalid (did not compile/parse) | score |");
        sb.AppendLine("|---|---:|---:|---:|---:|---:|");
        foreach (var op in OperatorMutants.Operators)
            if (outcomes.Any(x => x.Operator == op))
                sb.AppendLine(Line(op, outcomes.Where(x => x.Operator == op)));
        sb.AppendLine(Line("**all**", outcomes));
        sb.AppendLine();
        var secs = outcomes.Sum(x => x.Seconds);
        sb.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"{outcomes.Count} mutants; {secs / 60:F0} min of checking{(resumed ? " (over resumed runs)" : $", {wall.TotalMinutes:F0} min wall")}."));
        var survivors = outcomes.Where(x => x.Status == "survived").ToList();
        if (survivors.Count > 0)
        {
            sb.AppendLine();
            sb.AppendLine(CultureInfo.InvariantCulture, $"Survivors ({survivors.Count}):");
            sb.AppendLine();
            foreach (var x in survivors) sb.AppendLine(CultureInfo.InvariantCulture, $"- {x.Describe}");
        }
        return sb.ToString();
    }

    private static void RecordReport(string root, Options o, string report)
    {
        var path = Path.Combine(root, "docs", "benchmarks", "mutation.md");
        var text = File.Exists(path) ? File.ReadAllText(path) : "";
        var begin = $"<!-- mutate-{o.Level} {o.Protocol} begin -->";
        var end = $"<!-- mutate-{o.Level} {o.Protocol} end -->";
        var args = string.Concat(o.Files.Select(f => $" --file {Path.GetFileName(f)}")) + string.Concat(o.Scopes.Select(s => $" --method {s}"))
                   + string.Concat(o.Operators.Select(x => $" --operator {x}"));
        var sb = new StringBuilder();
        sb.AppendLine(begin);
        sb.AppendLine(CultureInfo.InvariantCulture, $"### {o.Protocol} ({(o.Level == "p" ? "P" : "TLA+")}, operator sweep)");
        sb.AppendLine();
        sb.AppendLine(CultureInfo.InvariantCulture, $"Command: `./pando mutate --level {o.Level} --protocol {o.Protocol}{args} --tests {o.Tests} --jobs {o.Jobs} --record`.");
        sb.AppendLine();
        sb.Append(report);
        sb.AppendLine(end);
        int i = text.IndexOf(begin, StringComparison.Ordinal), j = text.IndexOf(end, StringComparison.Ordinal);
        text = i >= 0 && j > i ? text[..i] + sb.ToString().TrimEnd('\n', '\r') + text[(j + end.Length)..] : text.TrimEnd() + "\n\n" + sb;
        File.WriteAllText(path, text.TrimEnd() + "\n");
        Console.WriteLine($"recorded in {path}");
    }
}
