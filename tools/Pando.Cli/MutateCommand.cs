using System.Diagnostics;
using System.Globalization;
using System.Text;
using System.Text.Json.Nodes;
using Pando.ModelCheck.Mutation;

namespace Pando.Cli;

/// <summary>
/// <c>./pando mutate</c>: a mutation sweep with Stryker.NET over one protocol's C# roles, whose test command is that
/// protocol's fast-tier Coyote manifest (tests/Coyote.Manifest.Tests). Full tier only, never in CI.
/// </summary>
public static class MutateCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando mutate --protocol P [--level csharp|p|tla] [--tests pass|all] [--file F]... [--method M]... [--record]
                              [--concurrency N] [--test NAME]...                 (csharp)
                              [--operator O]... [--jobs N] [--resume] [--list] [--limit N]   (p, tla)

        --level csharp (the default) runs Stryker.NET (the dotnet tool pinned in .config/dotnet-tools.json) over the C# role classes of protocol P
        (the actors, not Shared/, Planning/ or the monitors), with tests/Coyote.Manifest.Tests as the test command: every
        fast-tier test of P in tests/coyote.json, judged as ./pando check --coyote judges it. A mutant is killed when
        some test does not give its expected verdict (a monitor fires, a witness is no longer reached, a run crashes).
          --protocol P     Pando, PQR, RSPaxos, LEGOStore or Alia
          --level L        csharp: Stryker.NET over the C# roles (below);
                           p: the operator sweep over p-models/P/PSrc/*.p against P's fast-tier tests of P;
                           tla: the operator sweep over the specs of P's fast-tier models against those models (TLC)
          --tests T        pass (default): the passing tests only, so the score says what the explorations catch;
                           all: the bug tests too
          --file F         mutate this file under src/PandoCoyote/P/ instead of the default role files (repeatable)
          --method M       mutate only the bodies of the methods named M in those files (repeatable; Stryker's
                           character spans), e.g. a protocol's core handlers
          --concurrency N  Stryker's parallel test runners (default 2)
          --test NAME      only this fast-tier Coyote test of P as the test command (repeatable): a surviving mutant
                           costs one run of every chosen test, so a subset makes a sweep of the core handlers fit in
                           an hour; a mutant it kills is killed by the fast tier, so its score is a lower bound
          --record         write the protocol's row, its survivors and the wall time into docs/benchmarks/mutation.md
        Output: .pando/out/mutate/P/ (Stryker's JSON and HTML reports, the generated config). A full sweep of one
        protocol takes tens of minutes to hours on 2 cores; docs/benchmarks/mutation.md records the measured times.

        The operator sweep (--level p or tla) makes one-place changes (src/Pando.ModelCheck/Mutation/OperatorMutants.cs):
        boundary (< and <=, > and >= swapped), direction (< and > swapped inside a selection: max becomes min),
        quorum+1 and quorum-1 (a quorum size or threshold off by one), drop-assign (P: one assignment to a machine field
        skipped), drop-guard (TLA+: one enabling conjunct of an action made TRUE), skip-update (TLA+: a restart action
        keeps one variable's old value). Each mutant is written into a copy of the tree under
        .pando/out/mutate/LEVEL/P/work and checked there; the repository's files are never changed.
          --file F         p: a file of p-models/P/PSrc/; tla: a module of specs/ (repeatable; default: all of PSrc, or
                           the specs of P's fast passing models)
          --method M       only inside the P functions or TLA+ definitions named M (repeatable)
          --operator O     only these operators (repeatable)
          --jobs N         checks run at once per mutant (default 2)
          --resume         keep the outcomes in .pando/out/mutate/LEVEL/P/results.json of unchanged files
          --list           print the mutants and stop
          --limit N        the first N mutants only (with --resume --record: report a stopped sweep's first N)
        """;

    /// <summary>The role files mutated by default, per protocol (relative to src/PandoCoyote/P/).</summary>
    public static readonly IReadOnlyDictionary<string, string[]> RoleFiles = new Dictionary<string, string[]>
    {
        ["Pando"] = ["DataSite.cs", "FrontEnd.cs", "Delegate.cs", "Leader.cs", "Proposer.cs"],
        ["PQR"] = ["Replica.cs", "Client.cs"],
        ["RSPaxos"] = ["Server.cs", "Client.cs"],
        ["LEGOStore"] = ["Server.cs", "Client.cs", "Reconfig.cs"],
        ["Alia"] = ["Replica.cs", "Instance.cs", "StateMachine.cs", "Client.cs", "Root/RootReplica.cs"],
    };

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("mutate", argv);
        string? protocol = null, level = "csharp", tests = "pass";
        var files = new List<string>();
        var methods = new List<string>();
        var operators = new List<string>();
        var testNames = new List<string>();
        int concurrency = 2, jobs = 2;
        int? limit = null;
        bool record = false, resume = false, list = false;
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            switch (t)
            {
                case "--help" or "-h": throw new HelpRequested(Help);
                case "--protocol": protocol = a.Value(t); break;
                case "--level": level = a.Value(t); break;
                case "--tests": tests = a.Value(t); break;
                case "--file": files.Add(a.Value(t)); break;
                case "--method": methods.Add(a.Value(t)); break;
                case "--concurrency": concurrency = a.IntValue(t, 1); break;
                case "--test": testNames.Add(a.Value(t)); break;
                case "--record": record = true; break;
                case "--operator": operators.Add(a.Value(t)); break;
                case "--jobs": jobs = a.IntValue(t, 1); break;
                case "--resume": resume = true; break;
                case "--list": list = true; break;
                case "--limit": limit = a.IntValue(t, 1); break;
                default: throw a.Unknown(t);
            }
        }
        if (protocol is null) throw new UsageError("mutate: --protocol is required (Pando, PQR, RSPaxos, LEGOStore or Alia)");
        if (!RoleFiles.ContainsKey(protocol))
            throw new UsageError($"mutate: unknown protocol \"{protocol}\" (choose one of {string.Join(", ", RoleFiles.Keys)})");
        if (level is not ("csharp" or "p" or "tla")) throw new UsageError($"mutate: unknown level \"{level}\" (choose csharp, p or tla)");
        if (tests is not ("pass" or "all")) throw new UsageError($"mutate: --tests must be pass or all, got \"{tests}\"");
        foreach (var op in operators)
            if (!OperatorMutants.Operators.Contains(op))
                throw new UsageError($"mutate: unknown operator \"{op}\" (choose {string.Join(", ", OperatorMutants.Operators)})");
        if (level != "csharp")
        {
            var r = Program.RepoRoot();
            var sweepFiles = files.Count > 0 ? files.Select(f => OperatorSweep.ResolveFile(r, protocol, level, f)).ToList() : OperatorSweep.DefaultFiles(r, protocol, level);
            return OperatorSweep.Run(r, new OperatorSweep.Options(protocol, level, sweepFiles, methods, operators, tests, jobs, record, resume, list, limit));
        }
        if (operators.Count > 0 || resume || list || limit is not null)
            throw new UsageError("mutate: --operator, --resume, --list and --limit belong to the operator sweep (--level p or tla)");

        var root = Program.RepoRoot();
        CheckTests(Pando.ModelCheck.Coyote.CoyoteTestManifest.Load(Path.Combine(root, "tests", "coyote.json")), protocol, tests, testNames);
        var protoDir = Path.Combine(root, "src", "PandoCoyote", protocol);
        var chosen = files.Count > 0 ? files : [.. RoleFiles[protocol]];
        foreach (var f in chosen)
            if (!File.Exists(Path.Combine(protoDir, f)))
                throw new InputError($"mutate: {Path.Combine("src", "PandoCoyote", protocol, f)} does not exist");

        var outDir = Path.Combine(root, ".pando", "out", "mutate", protocol);
        Directory.CreateDirectory(outDir);
        var config = new JsonObject
        {
            ["stryker-config"] = new JsonObject
            {
                ["project"] = "PandoCoyote.csproj",
                ["test-projects"] = new JsonArray(Path.Combine(root, "tests", "Coyote.Manifest.Tests", "Coyote.Manifest.Tests.csproj")),
                ["mutate"] = new JsonArray([.. Patterns(protoDir, protocol, chosen, methods).Select(x => (JsonNode)x)]),
                ["coverage-analysis"] = "perTest",
                ["concurrency"] = concurrency,
                ["reporters"] = new JsonArray("json", "html", "progress"),
                ["additional-timeout"] = 60000,
                ["configuration"] = "Release",
                ["disable-bail"] = false,
            },
        };
        var configPath = Path.Combine(outDir, "stryker-config.json");
        File.WriteAllText(configPath, config.ToJsonString(new System.Text.Json.JsonSerializerOptions { WriteIndented = true }) + "\n");

        var psi = new ProcessStartInfo("dotnet", ["stryker", "--config-file", configPath, "--output", outDir, "--skip-version-check"])
        {
            WorkingDirectory = Path.Combine(root, "tests", "Coyote.Manifest.Tests"),
            UseShellExecute = false,
        };
        psi.Environment["PANDO_ROOT"] = root;
        psi.Environment["PANDO_MANIFEST_PROTOCOL"] = protocol;
        psi.Environment["PANDO_MANIFEST_KIND"] = tests;
        psi.Environment["PANDO_MANIFEST_TESTS"] = string.Join(",", testNames);
        var which = testNames.Count > 0 ? string.Join(", ", testNames) : $"the {tests} fast-tier Coyote tests";
        Console.WriteLine($"mutate: Stryker.NET over {string.Join(", ", chosen)} of {protocol}, tests: {which}; output {outDir}");
        var clock = Stopwatch.StartNew();
        using (var p = Process.Start(psi) ?? throw new InputError("mutate: could not start dotnet stryker (run dotnet tool restore)"))
        {
            p.WaitForExit();
            if (p.ExitCode != 0) { Console.Error.WriteLine($"pando: mutate: Stryker exited with code {p.ExitCode}"); return 1; }
        }
        clock.Stop();
        var report = Directory.EnumerateFiles(outDir, "mutation-report.json", SearchOption.AllDirectories)
            .OrderByDescending(File.GetLastWriteTimeUtc).FirstOrDefault()
            ?? throw new InputError($"mutate: Stryker wrote no mutation-report.json under {outDir}");
        var summary = Summarize(report, protocol);
        Console.WriteLine(summary.Row(clock.Elapsed));
        if (record) Record(root, summary, clock.Elapsed, tests, chosen, methods, testNames, concurrency);
        return 0;
    }

    /// <summary>
    /// Stryker's mutate patterns: each file whole, or with <paramref name="methods"/> the character spans of those methods'
    /// declarations and bodies (<c>**/P/File.cs{start..end}</c>). A method name found in none of the files is an input error.
    /// </summary>
    public static IReadOnlyList<string> Patterns(string protoDir, string protocol, IReadOnlyList<string> files, IReadOnlyList<string> methods)
    {
        if (methods.Count == 0) return [.. files.Select(f => $"**/{protocol}/{f}")];
        var patterns = new List<string>();
        var found = new HashSet<string>();
        foreach (var f in files)
        {
            var text = File.ReadAllText(Path.Combine(protoDir, f));
            foreach (var m in methods)
                foreach (var (start, end) in MethodSpans(text, m))
                {
                    found.Add(m);
                    patterns.Add($"**/{protocol}/{f}{{{start}..{end}}}");
                }
        }
        var missing = methods.Where(m => !found.Contains(m)).ToList();
        if (missing.Count > 0) throw new InputError($"mutate: no method named {string.Join(", ", missing)} in {string.Join(", ", files)} of {protocol}");
        return patterns;
    }

    /// <summary>The character spans of every method called <paramref name="name"/>: from its declaration to the closing brace (or the ';' of an expression body).</summary>
    public static IEnumerable<(int Start, int End)> MethodSpans(string text, string name)
    {
        var rx = new System.Text.RegularExpressions.Regex($@"^[ 	]*(?:(?:private|public|internal|protected|static|override|async)\s+)+[\w<>\[\],.?() ]+?\s+{System.Text.RegularExpressions.Regex.Escape(name)}\s*\(",
            System.Text.RegularExpressions.RegexOptions.Multiline);
        foreach (System.Text.RegularExpressions.Match m in rx.Matches(text))
        {
            int i = m.Index + m.Length, depth = 1;
            while (i < text.Length && depth > 0) { if (text[i] == '(') depth++; else if (text[i] == ')') depth--; i++; }   // the parameter list
            int brace = text.IndexOf('{', i), arrow = text.IndexOf("=>", i, StringComparison.Ordinal), semi = text.IndexOf(';', i);
            if (arrow >= 0 && (brace < 0 || arrow < brace) && semi > arrow)
            {
                yield return (m.Index, semi + 1);                                    // expression body
                continue;
            }
            if (brace < 0) continue;
            depth = 0;
            for (i = brace; i < text.Length; i++)
            {
                if (text[i] == '{') depth++;
                else if (text[i] == '}' && --depth == 0) break;
            }
            yield return (m.Index, Math.Min(i + 1, text.Length));
        }
    }

    /// <summary>Counts of one sweep, and its survivors.</summary>
    public sealed record Summary(string Protocol, int Killed, int Survived, int Timeout, int NoCoverage, int Other, IReadOnlyList<string> Survivors)
    {
        /// <summary>Killed and timed-out mutants over the ones that ran or had no test covering them.</summary>
        public double Score => Killed + Timeout + Survived + NoCoverage == 0 ? 0 : 100.0 * (Killed + Timeout) / (Killed + Timeout + Survived + NoCoverage);

        /// <summary>A Markdown table row.</summary>
        public string Row(TimeSpan wall) => string.Create(CultureInfo.InvariantCulture,
            $"| {Protocol} | {Killed} | {Survived} | {Timeout} | {NoCoverage} | {Other} | {Score:F1}% | {wall.TotalMinutes:F0} min |");
    }

    /// <summary>Reads Stryker's JSON report (mutation-testing-report-schema): every mutant's status, survivors with their place.</summary>
    public static Summary Summarize(string reportPath, string protocol)
    {
        var json = JsonNode.Parse(File.ReadAllText(reportPath)) ?? throw new InputError($"{reportPath}: not JSON");
        int killed = 0, survived = 0, timeout = 0, noCov = 0, other = 0;
        var survivors = new List<string>();
        foreach (var (file, node) in json["files"]?.AsObject() ?? [])
            foreach (var m in node?["mutants"]?.AsArray() ?? [])
            {
                var status = m?["status"]?.GetValue<string>() ?? "";
                switch (status)
                {
                    case "Killed": killed++; break;
                    case "Timeout": timeout++; break;
                    case "NoCoverage": noCov++; survivors.Add(Describe(file, m!, "no coverage")); break;
                    case "Survived": survived++; survivors.Add(Describe(file, m!, "survived")); break;
                    default: other++; break;
                }
            }
        return new Summary(protocol, killed, survived, timeout, noCov, other, survivors);
    }

    private static string Describe(string file, JsonNode m, string status)
    {
        var line = m["location"]?["start"]?["line"]?.GetValue<int>() ?? 0;
        var name = Path.GetFileName(file);
        return $"{name}:{line} {m["mutatorName"]?.GetValue<string>()} → `{(m["replacement"]?.GetValue<string>() ?? "").Replace("\n", " ", StringComparison.Ordinal).Replace("|", "\\|", StringComparison.Ordinal)}` ({status})";
    }

    /// <summary>
    /// Every <c>--test</c> name must be a fast-tier Coyote test of <paramref name="protocol"/> (a passing one under
    /// <c>--tests pass</c>); the first that is not is one input error naming it, before anything is written.
    /// </summary>
    public static void CheckTests(Pando.ModelCheck.Coyote.CoyoteTestManifest manifest, string protocol, string tests, IReadOnlyList<string> names)
    {
        foreach (var n in names)
        {
            var t = manifest.Tests.FirstOrDefault(x => x.Name == n)
                ?? throw new InputError($"mutate: --test {n}: no such test in tests/coyote.json");
            if (t.Protocol != protocol) throw new InputError($"mutate: --test {n} is a {t.Protocol} test, not {protocol}");
            if (!t.RunsIn(Pando.ModelCheck.Core.Tier.Fast)) throw new InputError($"mutate: --test {n} is not in the fast tier");
            if (tests == "pass" && t.Expect.Kind != Pando.ModelCheck.Core.VerdictKind.Pass)
                throw new InputError($"mutate: --test {n} expects a bug, and --tests pass takes passing tests only (add --tests all)");
        }
    }

    private static void Record(string root, Summary s, TimeSpan wall, string tests, IReadOnlyList<string> files, IReadOnlyList<string> methods, IReadOnlyList<string> testNames, int concurrency)
    {
        var path = Path.Combine(root, "docs", "benchmarks", "mutation.md");
        var text = File.Exists(path) ? File.ReadAllText(path) : "";
        var begin = $"<!-- mutate {s.Protocol} begin -->";
        var end = $"<!-- mutate {s.Protocol} end -->";
        var sb = new StringBuilder();
        sb.AppendLine(begin);
        sb.AppendLine(CultureInfo.InvariantCulture, $"### {s.Protocol} (C#, Stryker.NET)");
        sb.AppendLine();
        var args = string.Concat(files.Select(f => $" --file {f}")) + string.Concat(methods.Select(m => $" --method {m}"))
            + string.Concat(testNames.Select(n => $" --test {n}"));
        sb.AppendLine(CultureInfo.InvariantCulture, $"Command: `./pando mutate --protocol {s.Protocol}{args} --tests {tests} --concurrency {concurrency} --record`.");
        sb.AppendLine();
        sb.AppendLine("| protocol | killed | survived | timeout | no coverage | other (compile error, ignored) | score | wall time |");
        sb.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|");
        sb.AppendLine(s.Row(wall));
        sb.AppendLine();
        sb.AppendLine(CultureInfo.InvariantCulture, $"Survivors and mutants without coverage ({s.Survivors.Count}):");
        sb.AppendLine();
        foreach (var x in s.Survivors) sb.AppendLine(CultureInfo.InvariantCulture, $"- {x}");
        sb.AppendLine(end);
        int i = text.IndexOf(begin, StringComparison.Ordinal), j = text.IndexOf(end, StringComparison.Ordinal);
        text = i >= 0 && j > i ? text[..i] + sb.ToString().TrimEnd('\n', '\r') + text[(j + end.Length)..] : text.TrimEnd() + "\n\n" + sb;
        File.WriteAllText(path, text.TrimEnd() + "\n");
        Console.WriteLine($"recorded {s.Protocol} in {path}");
    }
}
