namespace PandoCoyote.Shared.Histories;

/// <summary>What the search concluded on one partition.</summary>
public enum PartitionVerdict
{
    /// <summary>A linearization exists.</summary>
    Linearizable,
    /// <summary>No linearization exists.</summary>
    NotLinearizable,
    /// <summary>Not decided: another partition was found not linearizable first.</summary>
    NotChecked,
}

/// <summary>The verdict on one partition, with the explanation when it is not linearizable.</summary>
/// <param name="Verdict">What the search concluded.</param>
/// <param name="LongestPrefix">The longest sequence of operations the search could linearize.</param>
/// <param name="Unplaced">The operations that could not be placed after that prefix.</param>
public sealed record PartitionResult<TIn, TOut>(PartitionVerdict Verdict,
    IReadOnlyList<Operation<TIn, TOut>> LongestPrefix, IReadOnlyList<Operation<TIn, TOut>> Unplaced)
{
    /// <summary>True when this partition is linearizable.</summary>
    public bool Linearizable => Verdict == PartitionVerdict.Linearizable;
}

/// <summary>The verdict on a whole history.</summary>
public sealed record LinearizabilityResult<TIn, TOut>(bool Linearizable, IReadOnlyList<PartitionResult<TIn, TOut>> Partitions)
{
    /// <summary>The partition found not linearizable, if any.</summary>
    public PartitionResult<TIn, TOut>? Counterexample => Partitions.FirstOrDefault(p => p.Verdict == PartitionVerdict.NotLinearizable);
}

/// <summary>
/// Linearizability checking by the Wing–Gong search as refined by Lowe and by Porcupine: operations
/// become call and return entries in a list sorted by time; the search repeatedly linearizes a
/// pending call whose step the model accepts, backtracking when it reaches a return entry whose
/// call is not yet linearized. Visited (linearized set, state) pairs are memoised, so each is
/// explored once. Partitions (e.g. keys) are checked independently (P-compositionality), and the
/// history is not linearizable as soon as one partition is not: partitions are searched in rounds
/// with a step budget that doubles each round, so the check ends with the first partition that is
/// proven not linearizable instead of waiting for the slowest (one thread, deterministic).
/// </summary>
public static class LinearizabilityChecker
{
    /// <summary>Checks a history against a model.</summary>
    public static LinearizabilityResult<TIn, TOut> Check<TState, TIn, TOut>(ISequentialModel<TState, TIn, TOut> model,
        IReadOnlyList<Operation<TIn, TOut>> history, bool partition = true, CancellationToken cancel = default) where TState : notnull
    {
        var parts = partition ? model.Partition(history).ToList() : [history];
        var results = new PartitionResult<TIn, TOut>?[parts.Count];
        for (long budget = parts.Count == 1 ? long.MaxValue : 50_000; ; budget = budget >= long.MaxValue / 2 ? long.MaxValue : budget * 2)
        {
            for (int i = 0; i < parts.Count; i++)
            {
                if (results[i] is not null) continue;
                results[i] = CheckPartition(model, parts[i], budget, cancel);
                if (results[i]?.Verdict == PartitionVerdict.NotLinearizable)
                {
                    var all = results.Select(r => r ?? new PartitionResult<TIn, TOut>(PartitionVerdict.NotChecked, [], [])).ToList();
                    return new LinearizabilityResult<TIn, TOut>(false, all);
                }
            }
            if (results.All(r => r is not null)) return new LinearizabilityResult<TIn, TOut>(true, results.Select(r => r!).ToList());
        }
    }

    // Searches one partition; null when the step budget ran out before a verdict.
    private static PartitionResult<TIn, TOut>? CheckPartition<TState, TIn, TOut>(ISequentialModel<TState, TIn, TOut> model,
        IReadOnlyList<Operation<TIn, TOut>> ops, long budget, CancellationToken cancel) where TState : notnull
    {
        int n = ops.Count;
        if (n == 0) return new(PartitionVerdict.Linearizable, [], []);
        // Entries: 2i = call of op i, 2i+1 = its return. Sorted by time; at equal times calls first.
        var order = Enumerable.Range(0, 2 * n).OrderBy(e => e % 2 == 0 ? ops[e / 2].Call : ops[e / 2].Return)
                                              .ThenBy(e => e % 2).ToArray();
        var next = new int[2 * n + 1];
        var prev = new int[2 * n + 1];
        const int head = 0; // slot 0 is the head; entry e lives in slot e + 1
        int last = head;
        foreach (var e in order) { next[last] = e + 1; prev[e + 1] = last; last = e + 1; }
        next[last] = -1;

        var zobrist = new ulong[n];
        var rnd = new Random(12345);
        for (int i = 0; i < n; i++) zobrist[i] = (ulong)rnd.NextInt64() ^ ((ulong)rnd.NextInt64() << 1);
        var linearized = new ulong[(n + 63) / 64];
        ulong setHash = 0;
        var cache = new Dictionary<(ulong, int), List<(ulong[] Set, TState State)>>();
        var stack = new List<(int Op, TState State)>();
        int[] longest = [];
        var state = model.Init();

        void Remove(int slot)
        {
            next[prev[slot]] = next[slot];
            if (next[slot] >= 0) prev[next[slot]] = prev[slot];
        }
        void Restore(int slot)
        {
            next[prev[slot]] = slot;
            if (next[slot] >= 0) prev[next[slot]] = slot;
        }
        // Take op's call and return entries out of the list, and put them back (reverse order).
        void Lift(int op) { Remove(2 * op + 1); Remove(2 * op + 2); }
        void Unlift(int op) { Restore(2 * op + 2); Restore(2 * op + 1); }
        bool Seen(TState s)
        {
            var key = (setHash, s.GetHashCode());
            if (!cache.TryGetValue(key, out var bucket)) { cache[key] = [((ulong[])linearized.Clone(), s)]; return false; }
            foreach (var (set, st) in bucket)
                if (st.Equals(s) && set.AsSpan().SequenceEqual(linearized)) return true;
            bucket.Add(((ulong[])linearized.Clone(), s));
            return false;
        }

        int entry = next[head];
        long steps = 0;
        while (next[head] >= 0)
        {
            if ((++steps & 0xFFFF) == 0) cancel.ThrowIfCancellationRequested();
            if (steps > budget) return null;
            int e = entry - 1;
            int op = e / 2;
            if (e % 2 == 0)
            {
                var o = ops[op];
                if (model.Step(state, o.Input, o.Output, o.Unknown, out var newState))
                {
                    linearized[op >> 6] |= 1UL << (op & 63);
                    setHash ^= zobrist[op];
                    if (!Seen(newState))
                    {
                        stack.Add((op, state));
                        state = newState;
                        Lift(op);
                        if (stack.Count > longest.Length) longest = stack.Select(x => x.Op).ToArray();
                        entry = next[head];
                        continue;
                    }
                    linearized[op >> 6] &= ~(1UL << (op & 63));
                    setHash ^= zobrist[op];
                }
                entry = next[entry];
            }
            else
            {
                // A return entry whose call is not linearized: backtrack.
                if (stack.Count == 0)
                {
                    var placed = longest.ToHashSet();
                    return new(PartitionVerdict.NotLinearizable, longest.Select(i => ops[i]).ToList(), ops.Where((_, i) => !placed.Contains(i)).ToList());
                }
                var (top, before) = stack[^1];
                stack.RemoveAt(stack.Count - 1);
                state = before;
                linearized[top >> 6] &= ~(1UL << (top & 63));
                setHash ^= zobrist[top];
                Unlift(top);
                entry = next[2 * top + 1];
            }
            if (entry < 0) entry = next[head]; // defensive: should not happen
        }
        return new(PartitionVerdict.Linearizable, stack.Select(x => ops[x.Op]).ToList(), []);
    }
}
