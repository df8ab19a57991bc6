using System.Diagnostics;

namespace Pando.ModelCheck.Tlc;

/// <summary>Progress of a running model, for live display.</summary>
/// <param name="Model">The model's name.</param>
/// <param name="Elapsed">Wall-clock time since TLC started.</param>
/// <param name="Stats">Latest statistics TLC printed, if any.</param>
public sealed record RunProgress(string Model, TimeSpan Elapsed, TlcStats? Stats);

/// <summary>The outcome of running TLC once on a model.</summary>
/// <param name="Result">The parsed result.</param>
/// <param name="Seconds">Wall-clock seconds.</param>
/// <param name="LogPath">Where TLC's raw output was saved.</param>
/// <param name="CommandLine">The command that ran.</param>
public sealed record RunOutcome(TlcResult Result, double Seconds, string LogPath, string CommandLine)
{
    /// <summary>The folded witnesses (<see cref="WitnessProbe"/>) TLC printed as reached during this run.</summary>
    public IReadOnlySet<string> ReachedWitnesses { get; init; } = new HashSet<string>(StringComparer.Ordinal);
    /// <summary>For a witness model reached during the run of its passing model: that model's name (no run of its own).</summary>
    public string? FoldedInto { get; init; }
}

/// <summary>Runs TLC on one manifest entry with its own metadir, enforcing the time budget.</summary>
public sealed class TlcRunner(Toolchain tools, ModuleLibrary library, string outDir)
{
    /// <summary>Models whose recorded run took less than this many seconds run with the C1 compiler only.</summary>
    public const double ShortRunSeconds = 5.0;

    /// <summary>
    /// The JVM's own options for a run. Measured on 2 cores with TLC 2.15 (docs/harness.md, "JVM options"): with one
    /// TLC worker the parallel collector and its threads cost a third more CPU than the serial one for the same run
    /// (most of it page faults of a young generation sized for a 6 GB heap), so single-worker runs (every fast-tier
    /// model, every simulation) use the serial collector and runs with several workers keep the parallel one. A model
    /// recorded to finish in under <see cref="ShortRunSeconds"/> s spends most of its time starting up, where C2's
    /// background compilation is pure cost: it runs with C1 only (-XX:TieredStopAtLevel=1). Neither choice changes
    /// what TLC explores, only how fast the JVM runs it.
    /// </summary>
    public static IReadOnlyList<string> JvmOptions(ModelEntry m, int workers, int heapMb)
    {
        int effectiveWorkers = m.Mode == CheckMode.Simulate ? 1 : workers;
        var opts = new List<string> { effectiveWorkers == 1 ? "-XX:+UseSerialGC" : "-XX:+UseParallelGC", $"-Xmx{heapMb}m" };
        if (m.Stats?.Seconds is { } s && s < ShortRunSeconds) opts.Add("-XX:TieredStopAtLevel=1");
        return opts;
    }

    /// <summary>Builds the java arguments for an entry.</summary>
    public IReadOnlyList<string> Arguments(ModelEntry m, int workers, int heapMb, WitnessProbe? probe = null)
    {
        // With folded witnesses TLC's root module is the probe module in the metadir, which EXTENDS the model's
        // own module: that module's folder joins the library path.
        var libraryDirs = probe is null ? library.SearchDirs : library.SearchDirs.Prepend(Path.GetDirectoryName(m.ModulePath)!);
        var args = new List<string>(JvmOptions(m, workers, heapMb))
        {
            "-Dfile.encoding=UTF-8",
            // TLC 2.15 extracts its standard modules (Naturals.tla, ...) into java.io.tmpdir; parallel
            // runs sharing /tmp read each other's half-written copies, so each run gets its own folder.
            "-Djava.io.tmpdir=" + Path.Combine(outDir, "meta", m.Name, "tmp"),
            "-DTLA-Library=" + string.Join(Path.PathSeparator, libraryDirs),
            "-cp", tools.Jar, "tlc2.TLC", "-tool",
            "-workers", (m.Mode == CheckMode.Simulate ? 1 : workers).ToString(System.Globalization.CultureInfo.InvariantCulture),
            "-metadir", Path.Combine(outDir, "meta", m.Name),
        };
        if (!m.CheckDeadlock) args.Add("-deadlock");
        if (m.LivenessCheckFinal) args.AddRange(["-lncheck", "final"]);
        if (m.Simulation is { } s)
            args.AddRange(["-simulate", $"num={s.Traces}", "-depth", s.Depth.ToString(System.Globalization.CultureInfo.InvariantCulture),
                           "-seed", s.Seed.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
        // TLC 2.15 resolves -config against the folder of the root module, so pass it relative to that.
        if (probe is null)
            args.AddRange(["-config", Path.GetRelativePath(Path.GetDirectoryName(m.ModulePath)!, RunCfgPath(m)), m.ModulePath]);
        else
            args.AddRange(["-config", WitnessProbe.CfgFileName, Path.Combine(outDir, "meta", m.Name, WitnessProbe.ModuleName + ".tla")]);
        return args;
    }

    /// <summary>The cfg file TLC reads: the model's own, or for a witness model the derived one in its metadir.</summary>
    public string RunCfgPath(ModelEntry m) => m.Witness is null ? m.CfgPath : Path.Combine(outDir, "meta", m.Name, "witness.cfg");

    /// <summary>Runs TLC and returns its result; never throws for TLC failures (they are verdicts).</summary>
    /// <param name="m">The model.</param>
    /// <param name="workers">TLC workers.</param>
    /// <param name="heapMb">The JVM's heap.</param>
    /// <param name="progress">Called with TLC's statistics as they come.</param>
    /// <param name="cancel">Stops the run.</param>
    /// <param name="probe">Witnesses folded into this run of a passing model, or null (see <see cref="WitnessProbe"/>).</param>
    public RunOutcome Run(ModelEntry m, int workers, int heapMb, Action<RunProgress>? progress, CancellationToken cancel,
        WitnessProbe? probe = null)
    {
        var meta = Path.Combine(outDir, "meta", m.Name);
        if (Directory.Exists(meta)) Directory.Delete(meta, recursive: true);
        Directory.CreateDirectory(Path.Combine(meta, "tmp"));
        if (m.Witness is not null) File.WriteAllText(RunCfgPath(m), m.CfgText);
        probe?.WriteFiles(meta, m);
        var reached = new HashSet<string>(StringComparer.Ordinal);
        var logDir = Path.Combine(outDir, "logs");
        Directory.CreateDirectory(logDir);
        var logPath = Path.Combine(logDir, m.Name + ".log");
        var args = Arguments(m, workers, heapMb, probe);
        var psi = new ProcessStartInfo(tools.Java) { WorkingDirectory = meta };
        foreach (var a in args) psi.ArgumentList.Add(a);
        var parser = new TlcOutputParser();
        var sw = Stopwatch.StartNew();
        TlcStats? last = null;
        parser.MessageCompleted += msg =>
        {
            if (TlcOutputParser.StatsOf(msg) is { } st) { last = st; progress?.Invoke(new RunProgress(m.Name, sw.Elapsed, st)); }
        };
        using var log = new StreamWriter(logPath) { AutoFlush = true }; // follow long runs with tail -f
        log.WriteLine("# " + tools.Java + " " + string.Join(' ', args));
        var exitCode = BoundedProcess.Run(psi, TimeSpan.FromSeconds(m.TimeLimitSeconds),
            line =>
            {
                log.WriteLine(line);
                if (probe is not null && WitnessProbe.ReachedIn(line) is { } w) reached.Add(w);
                parser.Feed(line);
            },
            () => progress?.Invoke(new RunProgress(m.Name, sw.Elapsed, last)), cancel);
        bool finished = exitCode is not null;
        sw.Stop();
        var result = parser.Result(exitCode);
        if (!finished)
            result = result with
            {
                Kind = VerdictKind.Timeout, Property = null,
                ErrorText = cancel.IsCancellationRequested ? "stopped (interrupted)" : $"stopped after its time limit of {m.TimeLimitSeconds} s",
            };
        result = NameResult(result, m);
        return new RunOutcome(result, sw.Elapsed.TotalSeconds, logPath, tools.Java + " " + string.Join(' ', args)) { ReachedWitnesses = reached };
    }

    /// <summary>
    /// Names what TLC 2.15 reports unnamed, so every caller gets named verdicts: a false ASSUME (TLC gives its
    /// location: the name is read from the module), and a violated temporal property or an action property
    /// reached through INSTANCE (TLC names neither: when the cfg checks exactly one PROPERTY, that is the one;
    /// the manifest requires that for liveness expectations).
    /// </summary>
    public TlcResult NameResult(TlcResult r, ModelEntry m)
    {
        if (r.Property is not null) return r;
        if (r.Kind == VerdictKind.Assumption && r.AssumptionAt is { } at)
        {
            var file = library.Find(at.Module, Path.GetDirectoryName(m.ModulePath));
            return file is null ? r : r with { Property = TlaText.AssumptionNameAt(File.ReadAllText(file), at.Line, at.Column) };
        }
        if (m.Cfg.Properties.Count == 1 && (r.Kind == VerdictKind.Liveness || (r.Kind == VerdictKind.Violates && r.ViolationAt is not null)))
            return r with { Property = m.Cfg.Properties[0] };
        return r;
    }
}
