namespace Pando.ModelCheck.Tlc;

/// <summary>The result of one model in a check session.</summary>
/// <param name="Model">The manifest entry.</param>
/// <param name="Run">What TLC did.</param>
/// <param name="Judgement">Whether it matched the expectation.</param>
public sealed record ModelReport(ModelEntry Model, RunOutcome Run, Judgement Judgement);

/// <summary>Options of a check session.</summary>
/// <param name="Jobs">Models run at once (default: number of cores, at most the number of models).</param>
/// <param name="Strict">Fail on a changed distinct-state count.</param>
/// <param name="FoldWitnesses">Check witness models during the run of their passing model when both are selected
/// (<see cref="WitnessProbe"/>); false runs every witness on its own, with TLC's trace to the witnessed state.</param>
/// <param name="Workers">TLC workers per model, or null to share the cores among the jobs (one worker makes a breadth-first
/// counterexample the same on every run).</param>
public sealed record CheckOptions(int? Jobs, bool Strict, bool FoldWitnesses = true, int? Workers = null);

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
        if (options.Workers is { } fixedWorkers) workers = fixedWorkers;
        long totalMb = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes / (1024 * 1024);
        int heapMb = (int)Math.Clamp(totalMb / 2 / jobs, 256, 8192);
        var runner = new TlcRunner(tools, manifest.Library, outDir);
        var results = new ModelReport[models.Count];
        var folded = options.FoldWitnesses ? Fold(models) : [];
        var foldedWitnesses = folded.Values.SelectMany(w => w).ToHashSet();
        // Longest-recorded first, so a slow model does not start last.
        var order = Enumerable.Range(0, models.Count).Where(i => !foldedWitnesses.Contains(i))
            .OrderByDescending(i => models[i].Stats?.Seconds ?? 0).ToList();
        ModelReport RunAlone(int i)
        {
            var m = models[i];
            Started?.Invoke(m);
            var run = runner.Run(m, workers, heapMb, p => Progress?.Invoke(p), cancel);
            var report = new ModelReport(m, run, TlcJudge.Compare(m, run.Result, options.Strict));
            Finished?.Invoke(report);
            return report;
        }
        Parallel.ForEach(order, new ParallelOptions { MaxDegreeOfParallelism = jobs }, i =>
        {
            if (!folded.TryGetValue(i, out var witnesses)) { results[i] = RunAlone(i); return; }
            var m = models[i];
            Started?.Invoke(m);
            var probe = new WitnessProbe(witnesses.Select(w => models[w].Witness!).Distinct().ToList(), m.Mode);
            var run = runner.Run(m, workers, heapMb, p => Progress?.Invoke(p), cancel, probe);
            if (run.Result.Kind == VerdictKind.Error)
            {
                // An error in a run with a probe may be the probe's (a witness predicate TLC cannot evaluate in
                // some state): the model and its witnesses run on their own, as without folding.
                results[i] = RunAlone(i);
                foreach (var w in witnesses) results[w] = RunAlone(w);
                return;
            }
            var report = new ModelReport(m, run, TlcJudge.Compare(m, run.Result, options.Strict));
            results[i] = report;
            Finished?.Invoke(report);
            foreach (var w in witnesses)
            {
                var wm = models[w];
                if (!run.ReachedWitnesses.Contains(wm.Witness!)) { results[w] = RunAlone(w); continue; }
                var reached = new RunOutcome(new TlcResult
                {
                    Kind = VerdictKind.Violates, Property = wm.Witness, Stats = new TlcStats(null, null, null, null), ExitCode = run.Result.ExitCode,
                    Version = run.Result.Version,
                }, 0, run.LogPath, $"folded into the run of {m.Name} (its log prints \"pando-witness-reached {wm.Witness}\")")
                { FoldedInto = m.Name };
                var wr = new ModelReport(wm, reached, TlcJudge.Compare(wm, reached.Result, options.Strict));
                results[w] = wr;
                Finished?.Invoke(wr);
            }
        });
        return results;
    }

    /// <summary>
    /// For each selected passing model, the selected witness models on its cfg and module with the same deadlock
    /// setting and mode (<see cref="WitnessProbe"/>). A witness whose cfg several selected passing models run is folded into
    /// the first.
    /// </summary>
    public static Dictionary<int, List<int>> Fold(IReadOnlyList<ModelEntry> models)
    {
        var folded = new Dictionary<int, List<int>>();
        for (int w = 0; w < models.Count; w++)
        {
            var wm = models[w];
            if (wm.Witness is null) continue;
            int parent = -1;
            for (int p = 0; p < models.Count && parent < 0; p++)
            {
                var pm = models[p];
                if (pm.Witness is null && pm.Expect.Kind == VerdictKind.Pass && pm.CfgPath == wm.CfgPath
                    && pm.ModulePath == wm.ModulePath && pm.CheckDeadlock == wm.CheckDeadlock && pm.Mode == wm.Mode)
                    parent = p;
            }
            if (parent < 0) continue;
            if (!folded.TryGetValue(parent, out var list)) folded[parent] = list = [];
            list.Add(w);
        }
        return folded;
    }
}
