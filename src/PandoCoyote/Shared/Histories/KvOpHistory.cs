using System.Globalization;

namespace PandoCoyote.Shared.Histories;

/// <summary>
/// The black-box check of a key-value protocol's client history, as a monitor runs it (PQR-LIN, RSP-S12): operations
/// are numbered by the protocol (op id), keys and values are integers, <c>initial</c> is the value every key starts
/// with (recorded as the empty string, what a Get of an absent key returns). After each response the whole history is
/// checked with <see cref="LinearizabilityChecker"/> and <see cref="KvModel"/>; a pending write may or may not take effect.
/// </summary>
public sealed class KvOpHistory(int initial)
{
    private static readonly KvModel Model = new();
    private readonly HistoryRecorder<KvInput, string> _history = new();
    private readonly Dictionary<int, int> _ids = [];

    private string Text(int v) => v == initial ? "" : v.ToString(CultureInfo.InvariantCulture);

    /// <summary>Records the invocation of operation <paramref name="op"/>: a Put of <paramref name="val"/> or a Get.</summary>
    public void Invoke(int op, int client, bool write, int key, int val) =>
        _ids[op] = _history.Invoke(client, new KvInput(write ? KvOp.Put : KvOp.Get, $"k{key}", write ? Text(val) : ""));

    /// <summary>Records a write's acknowledgement; returns null if the history is linearizable, else its description.</summary>
    public string? WriteDone(int op) => Return(op, "");

    /// <summary>Records a read's value; returns null if the history is linearizable, else its description.</summary>
    public string? ReadDone(int op, int val) => Return(op, Text(val));

    private string? Return(int op, string output)
    {
        _history.Return(_ids[op], output);
        var ops = _history.Operations();
        return LinearizabilityChecker.Check(Model, ops).Linearizable ? null : string.Join("; ", ops.Select(Model.Describe));
    }
}
