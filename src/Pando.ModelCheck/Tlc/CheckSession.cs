namespace Pando.ModelCheck.Tlc;

/// <summary>The result of one model in a check session.</summary>
/// <param name="Model">The manifest entry.</param>
/// <param name="Run">What TLC did.</param>
/// <param name="Judgement">Whether it matched the expectation.</param>
public sealed record ModelReport(ModelEntry Model, RunOutcome Run, Judgement Judgement);

/// <summary>Options of a check session.</summary>
/// <param name="Jobs">Models run at once (default: number of cores, at most the number of models).</param>
/// <param name="Strict">Fail on a changed distinct-state count.</param>
public sealed record CheckOptions(int? Jobs, bool Strict);

/// <summary>Runs selected models in parallel (up to the number of cores) and judges each.</summary>
public sealed class CheckSession(Toolchain tools, Manifest manifest, string outDir)
{
    /// <summary>Raised when a model starts.</summary>
    public event Action<ModelEntry>? Started;
    /// <summary>Raised periodically while a model runs.</summary>
    public event Action<RunProgress>? Progress;
    /// <summary>Raised when a model finishes.</summary>
    public event Action<ModelReport>? Finished;

    /// <summary>How many models run at once and how many TLC workers each gets.</summary>
    public static (int Jobs, int Workers) Plan(int models, int? jobs)
    {
        int cores = Environment.ProcessorCount;
        int j = Math.Max(1, Math.Min(jobs ?? cores, Math.Max(1, models)));
        return (j, Math.Max(1, cores / j));
    }

    /// <summary>Runs the models and returns their reports in manifest order.</summary>
    public IReadOnlyList<ModelReport> Run(IReadOnlyList<ModelEntry> models, CheckOptions options, CancellationToken cancel)
    {
        var (jobs, workers) = Plan(models.Count, options.Jobs);
        long totalMb = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes / (1024 * 1024);
        int heapMb = (int)Math.Clamp(totalMb / 2 / jobs, 256, 8192);
        var runner = new TlcRunner(tools, manifest.Library, outDir);
        var results = new ModelReport[models.Count];
        // Longest-recorded first, so a slow model does not start last.
        var order = Enumerable.Range(0, models.Count).OrderByDescending(i => models[i].Stats?.Seconds ?? 0).ToList();
        Parallel.ForEach(order, new ParallelOptions { MaxDegreeOfParallelism = jobs }, i =>
        {
            var m = models[i];
            Started?.Invoke(m);
            var run = runner.Run(m, workers, heapMb, p => Progress?.Invoke(p), cancel);
            var report = new ModelReport(m, run, TlcJudge.Compare(m, run.Result, options.Strict));
            results[i] = report;
            Finished?.Invoke(report);
        });
        return results;
    }
}
