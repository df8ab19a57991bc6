using System.Diagnostics;
using System.Globalization;

namespace Pando.ModelCheck.P;

/// <summary>The outcome of one test case.</summary>
/// <param name="Test">The manifest entry.</param>
/// <param name="Tier">Whose schedule count ran.</param>
/// <param name="Result">What the checker found.</param>
/// <param name="Judgement">Whether it matched the expectation.</param>
/// <param name="WallSeconds">Wall-clock seconds of the run.</param>
/// <param name="LogPath">The checker's console output.</param>
/// <param name="CommandLine">The command that ran.</param>
/// <param name="Coverage">P's coverage report of the run (witnesses and event coverage), when it wrote one.</param>
public sealed record PTestOutcome(PTestEntry Test, Tier Tier, PCheckResult Result, Judgement Judgement,
    double WallSeconds, string LogPath, string CommandLine, PCoverage? Coverage);

/// <summary>
/// Runs the P toolchain: <c>dotnet tool restore</c> (P is a local tool pinned in
/// <c>.config/dotnet-tools.json</c>), <c>p compile</c> once per project, then one <c>p check</c> per test
/// case with a fixed seed and schedule count, each with its own output folder and a wall-clock time limit.
/// </summary>
public sealed class PChecker(string repoRoot, string outDir)
{
    /// <summary>Raised when a test case starts.</summary>
    public event Action<PTestEntry>? Started;
    /// <summary>Raised when a test case ends.</summary>
    public event Action<PTestOutcome>? Finished;

    /// <summary>Installs the pinned P tool (a no-op when already installed).</summary>
    public void Restore()
    {
        var (code, output) = Run("dotnet", ["tool", "restore"], repoRoot, TimeSpan.FromMinutes(5));
        if (code != 0)
            throw new InputError($"P could not be installed as a local .NET tool (dotnet tool restore {Exit(code)}; the tool is pinned in .config/dotnet-tools.json):\n{output.Trim()}");
    }

    /// <summary>Compiles one P project; a compile error is an <see cref="InputError"/> carrying P's messages.</summary>
    public string Compile(string projectDir)
    {
        var (code, output) = Run("dotnet", ["p", "compile"], projectDir, TimeSpan.FromMinutes(10));
        if (code != 0 || !output.Contains("Compilation succeeded", StringComparison.Ordinal))
        {
            var errors = output.Split('\n').Where(l => l.Contains("rror", StringComparison.Ordinal)).Distinct().Take(20);
            throw new InputError($"p compile failed in {projectDir} ({Exit(code)}):\n{string.Join('\n', errors).Trim()}");
        }
        var name = Path.GetFileName(projectDir.TrimEnd(Path.DirectorySeparatorChar));
        var dll = Path.Combine(projectDir, "PGenerated", "PChecker", "net10.0", name + ".dll");
        if (!File.Exists(dll)) throw new InputError($"p compile succeeded but {dll} is missing (is p-models/PTargetFramework.targets in effect?)");
        return dll;
    }

    /// <summary>The arguments of <c>dotnet p check</c> for a test case.</summary>
    public static IReadOnlyList<string> CheckArguments(string dll, PTestEntry t, Tier tier, string runDir)
    {
        var args = new List<string>
        {
            "p", "check", dll, "-tc", t.Name,
            "-s", t.Schedules(tier).ToString(CultureInfo.InvariantCulture),
            "--seed", t.Seed.ToString(CultureInfo.InvariantCulture),
            "-o", runDir,
        };
        if (t.MaxSteps is { } ms) args.AddRange(["--max-steps", ms.ToString(CultureInfo.InvariantCulture)]);
        return args;
    }

    /// <summary>Compiles every project involved and runs the test cases, at most <paramref name="jobs"/> at once.</summary>
    public IReadOnlyList<PTestOutcome> RunAll(PTestManifest manifest, IReadOnlyList<PTestEntry> tests, Tier tier, int jobs, CancellationToken ct)
    {
        var dlls = tests.Select(t => t.Protocol).Distinct().ToDictionary(p => p, p => Compile(Path.Combine(manifest.ModelsDir, p)));
        var results = new PTestOutcome[tests.Count];
        // Longest-recorded first, so a slow test does not start last and run alone at the end.
        var order = Enumerable.Range(0, tests.Count).OrderByDescending(i => tests[i].Stats?.Seconds ?? 0).ToList();
        Parallel.ForEach(order, new ParallelOptions { MaxDegreeOfParallelism = Math.Max(1, jobs), CancellationToken = ct }, i =>
        {
            var t = tests[i];
            Started?.Invoke(t);
            results[i] = RunOne(manifest, dlls[t.Protocol], t, tier);
            Finished?.Invoke(results[i]);
        });
        return results;
    }

    /// <summary>Runs one test case of a compiled project and judges it.</summary>
    public PTestOutcome RunOne(PTestManifest manifest, string dll, PTestEntry t, Tier tier)
    {
        var runDir = Path.Combine(outDir, RunName(t));
        if (Directory.Exists(runDir)) Directory.Delete(runDir, recursive: true);
        Directory.CreateDirectory(runDir);
        var args = CheckArguments(dll, t, tier, runDir);
        var sw = Stopwatch.StartNew();
        var (code, output) = Run("dotnet", args, Path.Combine(manifest.ModelsDir, t.Protocol), TimeSpan.FromSeconds(t.TimeLimitSeconds));
        sw.Stop();
        var log = Path.Combine(runDir, "p-check.log");
        File.WriteAllText(log, output);
        var result = code is not { } exit
            ? PCheckResult.Failure(VerdictKind.Timeout, $"stopped after its time limit of {t.TimeLimitSeconds} s")
            : PCheckOutput.Parse(exit, runDir, output);
        var coverage = PCheckOutput.ReadCoverage(runDir);
        var judgement = PCheckOutput.CheckReached(PCheckOutput.Judge(t.Expect, result, t.Schedules(tier)), t, result, coverage);
        return new PTestOutcome(t, tier, result, judgement, sw.Elapsed.TotalSeconds, log, "dotnet " + string.Join(' ', args), coverage);
    }

    /// <summary>The run's output folder name: the test's name, with the seed when a seed sweep runs one test several times.</summary>
    public static string RunName(PTestEntry t) => t.RunTag is null ? t.Name : $"{t.Name}.{t.RunTag}";

    private static string Exit(int? code) => code is { } c ? $"exited with {c}" : "was stopped after its time limit";

    private static (int? Code, string Output) Run(string exe, IReadOnlyList<string> args, string cwd, TimeSpan timeLimit)
    {
        var psi = new ProcessStartInfo(exe) { WorkingDirectory = cwd };
        foreach (var a in args) psi.ArgumentList.Add(a);
        // P 3.1.0 targets net8.0; only the .NET 10 runtime is installed here.
        psi.Environment["DOTNET_ROLL_FORWARD"] = "Major";
        psi.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        psi.Environment["DOTNET_NOLOGO"] = "1";
        // P's runtime blocks thread-pool threads while it hands control between machines; with the pool's default
        // minimum (one thread per core) the first schedule of every run waits about 2 s for the pool to grow
        // (measured: tcV1Faults, 1 schedule, 2.2 s elapsed for 0.9 s of CPU). Starting with 8 threads removes the
        // wait and changes nothing P explores: the P stage of a clean-clone CI run went from 660-690 s to 385 s
        // (docs/benchmarks/ci-time.md).
        if (Environment.GetEnvironmentVariable("DOTNET_ThreadPool_ForceMinWorkerThreads") is null)
            psi.Environment["DOTNET_ThreadPool_ForceMinWorkerThreads"] = "8";
        var sb = new System.Text.StringBuilder();
        var code = BoundedProcess.Run(psi, timeLimit, line => sb.AppendLine(line));
        return (code, sb.ToString());
    }
}
