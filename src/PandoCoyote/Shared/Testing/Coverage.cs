using System.Collections.Concurrent;

namespace PandoCoyote.Shared.Testing;

/// <summary>
/// Counts how often a run reached the protocol paths a passing test should prove it exercised (delegation failure,
/// leader retries, STALE, write-back, GC, decoding after loss, ...). Measurement only: nothing reads it to decide
/// anything, so it cannot change what Coyote explores. The harness resets it before each test and reports it after.
/// </summary>
public static class Coverage
{
    private static readonly ConcurrentDictionary<string, long> Counts = new(StringComparer.Ordinal);

    /// <summary>Counts one occurrence of <paramref name="what"/>.</summary>
    public static void Hit(string what) => Counts.AddOrUpdate(what, 1, (_, n) => n + 1);

    /// <summary>Clears every counter.</summary>
    public static void Reset() => Counts.Clear();

    /// <summary>The counters so far, by name.</summary>
    public static IReadOnlyDictionary<string, long> Snapshot() => new SortedDictionary<string, long>(Counts, StringComparer.Ordinal);
}
