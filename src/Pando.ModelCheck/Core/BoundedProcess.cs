using System.Diagnostics;

namespace Pando.ModelCheck.Core;

/// <summary>
/// Runs a child process (TLC, the P tool) with a wall-clock budget: every line it writes to stdout
/// or stderr goes to one callback (called under a lock, in arrival order), and the whole process tree
/// is killed when the budget is spent or the run is cancelled.
/// </summary>
public static class BoundedProcess
{
    /// <summary>
    /// Starts <paramref name="psi"/> (output redirection is set here) and waits for it.
    /// <paramref name="onTick"/> is called about once a second while it runs.
    /// Returns the exit code, or null when the process was stopped (budget or cancellation).
    /// </summary>
    public static int? Run(ProcessStartInfo psi, TimeSpan budget, Action<string> onLine, Action? onTick = null,
        CancellationToken cancel = default)
    {
        psi.RedirectStandardOutput = true;
        psi.RedirectStandardError = true;
        psi.UseShellExecute = false;
        var gate = new object();
        using var proc = new Process { StartInfo = psi };
        proc.OutputDataReceived += (_, e) => { if (e.Data is not null) lock (gate) onLine(e.Data); };
        proc.ErrorDataReceived += (_, e) => { if (e.Data is not null) lock (gate) onLine(e.Data); };
        try { proc.Start(); }
        catch (System.ComponentModel.Win32Exception e) { throw new InputError($"cannot start {psi.FileName}: {e.Message}"); }
        proc.BeginOutputReadLine();
        proc.BeginErrorReadLine();
        var sw = Stopwatch.StartNew();
        bool finished = false;
        while (!finished)
        {
            finished = proc.WaitForExit(1000);
            if (finished) break;
            onTick?.Invoke();
            if (sw.Elapsed > budget || cancel.IsCancellationRequested)
            {
                try { proc.Kill(entireProcessTree: true); } catch (InvalidOperationException) { }
                proc.WaitForExit();
                break;
            }
        }
        proc.WaitForExit(); // drain the asynchronous readers
        lock (gate) return finished ? proc.ExitCode : null;
    }
}
