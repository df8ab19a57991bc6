namespace PandoCoyote.Shared.Histories;

/// <summary>
/// One client operation: who, what (input), the result (output) unless the outcome is unknown,
/// and when it was invoked and returned on one logical clock. An operation whose outcome is
/// unknown (timed out, crashed, never returned) has <see cref="Return"/> = <see cref="long.MaxValue"/>:
/// it may take effect at any point after its invocation, or never.
/// </summary>
public sealed record Operation<TIn, TOut>(int Id, int Client, TIn Input, TOut? Output, long Call, long Return)
{
    /// <summary>True when the operation's result is not known.</summary>
    public bool Unknown => Return == long.MaxValue;
}

/// <summary>
/// Records a client-visible history. Thread-safe; timestamps come from one counter, so the
/// real-time order of non-overlapping operations is preserved.
/// </summary>
public sealed class HistoryRecorder<TIn, TOut>
{
    private readonly object _gate = new();
    private readonly List<(int Client, TIn Input, long Call)> _calls = [];
    private readonly Dictionary<int, (TOut? Output, long Return)> _returns = [];
    private long _clock;

    /// <summary>Records an invocation; returns the operation's id.</summary>
    public int Invoke(int client, TIn input)
    {
        lock (_gate)
        {
            _calls.Add((client, input, ++_clock));
            return _calls.Count - 1;
        }
    }

    /// <summary>Records the result of operation <paramref name="id"/>.</summary>
    public void Return(int id, TOut output)
    {
        lock (_gate)
        {
            if (id < 0 || id >= _calls.Count) throw new ArgumentOutOfRangeException(nameof(id), $"no operation {id} was invoked");
            if (!_returns.TryAdd(id, (output, ++_clock))) throw new InvalidOperationException($"operation {id} returned twice");
        }
    }

    /// <summary>The history so far; operations that did not return have an unknown outcome.</summary>
    public IReadOnlyList<Operation<TIn, TOut>> Operations()
    {
        lock (_gate)
            return _calls.Select((c, i) => _returns.TryGetValue(i, out var r)
                ? new Operation<TIn, TOut>(i, c.Client, c.Input, r.Output, c.Call, r.Return)
                : new Operation<TIn, TOut>(i, c.Client, c.Input, default, c.Call, long.MaxValue)).ToList();
    }
}
