namespace PandoCoyote.Shared.Histories;

/// <summary>
/// A sequential specification, as a few functions (Porcupine's style): the initial state, one step
/// (does this input/output pair fit the state, and what is the next state), an optional partition
/// into independent sub-histories, and a description of an operation for reports. States must
/// implement value equality and hashing.
/// </summary>
public interface ISequentialModel<TState, TIn, TOut> where TState : notnull
{
    /// <summary>The state before any operation.</summary>
    TState Init();

    /// <summary>
    /// Applies one operation. <paramref name="unknown"/> means the output is not known (any
    /// output is acceptable, but the effect still follows the input).
    /// </summary>
    bool Step(TState state, TIn input, TOut? output, bool unknown, out TState next);

    /// <summary>Splits a history into independent parts (e.g. per key); by default one part.</summary>
    IEnumerable<IReadOnlyList<Operation<TIn, TOut>>> Partition(IReadOnlyList<Operation<TIn, TOut>> history) => [history];

    /// <summary>Human-readable form of an operation.</summary>
    string Describe(Operation<TIn, TOut> op);
}
