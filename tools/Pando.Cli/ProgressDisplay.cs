using System.Globalization;

namespace Pando.Cli;

/// <summary>
/// Live progress. On a terminal: one status line, redrawn every second, listing the running models
/// with their elapsed time and states so far, and a line per finished model. Otherwise: plain lines
/// (start, each TLC progress report, finish) that read well in CI logs.
/// </summary>
public sealed class ProgressDisplay : IDisposable
{
    private readonly bool _tty;
    private readonly object _gate = new();
    private readonly Dictionary<string, RunProgress> _running = [];
    private readonly Timer? _timer;
    private int _done;

    /// <summary>Creates the display; <paramref name="tty"/> selects the redrawn status line.</summary>
    public ProgressDisplay(bool tty)
    {
        _tty = tty;
        if (tty) _timer = new Timer(_ => Redraw(), null, 1000, 1000);
    }

    /// <summary>A model started.</summary>
    public void Started(ModelEntry m)
    {
        lock (_gate)
        {
            _running[m.Name] = new RunProgress(m.Name, TimeSpan.Zero, null);
            if (!_tty) Console.WriteLine($"start    {m.Name} (expect {m.Expect}, time limit {m.TimeLimitSeconds} s)");
        }
    }

    /// <summary>A model reported progress.</summary>
    public void Progress(RunProgress p)
    {
        lock (_gate)
        {
            var had = _running.TryGetValue(p.Model, out var old) ? old.Stats : null;
            _running[p.Model] = p;
            if (!_tty && p.Stats is { } s && s != had)
                Console.WriteLine($"progress {p.Model}: {Fmt(s.Distinct)} distinct, {Fmt(s.Generated)} generated, {p.Elapsed.TotalSeconds:0}s");
        }
    }

    /// <summary>A model finished.</summary>
    public void Finished(ModelReport r)
    {
        lock (_gate)
        {
            _running.Remove(r.Model.Name);
            _done++;
            if (_tty) Console.Write("\r\x1b[K");
            Console.WriteLine($"{(r.Judgement.Ok ? "ok  " : "FAIL")}     {r.Model.Name}: {r.Run.Result.VerdictText} in {r.Run.Seconds.ToString("0.0", CultureInfo.InvariantCulture)} s — {r.Judgement.Message}");
        }
    }

    private void Redraw()
    {
        lock (_gate)
        {
            if (_running.Count == 0) return;
            var parts = _running.Values.Select(p => $"{p.Model} {p.Elapsed.TotalSeconds:0}s{(p.Stats?.Distinct is { } d ? $" {Fmt(d)} st" : "")}");
            var line = $"[{_done} done] running: " + string.Join(" | ", parts);
            int width = Math.Max(20, SafeWidth() - 1);
            if (line.Length > width) line = line[..(width - 1)] + "…";
            Console.Write("\r\x1b[K" + line);
        }
    }

    private static int SafeWidth()
    {
        try { return Console.WindowWidth; } catch (IOException) { return 120; }
    }

    /// <summary>Stops redrawing and clears the status line.</summary>
    public void Stop()
    {
        _timer?.Change(Timeout.Infinite, Timeout.Infinite);
        lock (_gate) if (_tty) Console.Write("\r\x1b[K");
    }

    /// <inheritdoc/>
    public void Dispose() => _timer?.Dispose();

    private static string Fmt(long? n) => n?.ToString("N0", CultureInfo.InvariantCulture) ?? "-";
}
