using System.Collections.Concurrent;

namespace PandoCoyote.Shared.Testing;

/// <summary>One measured operation: who, what, by which path, and its virtual-time latency.</summary>
/// <param name="Client">The front-end's index.</param>
/// <param name="Operation">cput or get.</param>
/// <param name="Path">How it completed (e.g. delegated, direct, leader, fast, write-back, empty).</param>
/// <param name="Milliseconds">Virtual time from invocation to response.</param>
public sealed record LatencySample(int Client, string Operation, string Path, double Milliseconds);

/// <summary>
/// Operation latencies measured in virtual time by runs in the network's timed mode. Measurement only, like
/// <see cref="Coverage"/>: nothing in the protocols reads it. Reset before a run, read after it.
/// </summary>
public static class Latencies
{
    private static readonly ConcurrentQueue<LatencySample> Samples = new();

    /// <summary>Records one sample.</summary>
    public static void Record(LatencySample s) => Samples.Enqueue(s);

    /// <summary>Clears the samples.</summary>
    public static void Reset() => Samples.Clear();

    /// <summary>The samples so far, in order.</summary>
    public static IReadOnlyList<LatencySample> Snapshot() => Samples.ToList();

    /// <summary>Runs one latency scenario (the network in timed mode) and returns its samples; a bug found in the run is an error.</summary>
    public static IReadOnlyList<LatencySample> Measure(Scenario scenario)
    {
        Reset();
        var r = CoyoteRunner.Run(scenario, quiet: true);
        if (r.Kind != CoyoteVerdict.Pass) throw new InvalidOperationException($"the latency run found a bug: {r.Message}");
        return Snapshot();
    }
}
