using System.Collections.Immutable;

namespace PandoCoyote.Shared.Histories;

/// <summary>A read/write register of integers; null = never written.</summary>
public sealed class RegisterModel : ISequentialModel<int, RegisterInput, int?>
{
    /// <summary>The empty register.</summary>
    public const int Nil = int.MinValue;
    /// <inheritdoc/>
    public int Init() => Nil;
    /// <inheritdoc/>
    public bool Step(int state, RegisterInput input, int? output, bool unknown, out int next)
    {
        next = state;
        switch (input.Kind)
        {
            case RegisterOp.Read: return unknown || (output ?? Nil) == state;
            case RegisterOp.Write: next = input.Value; return true;
            default: throw new ArgumentException($"the register model has no {input.Kind}");
        }
    }
    /// <inheritdoc/>
    public string Describe(Operation<RegisterInput, int?> op) => RegisterText.Describe(op);
}

/// <summary>Register operations.</summary>
public enum RegisterOp { /** read */ Read, /** blind write */ Write, /** compare-and-set */ Cas }

/// <summary>An operation on a (compare-and-set) register.</summary>
/// <param name="Kind">Read, write or compare-and-set.</param>
/// <param name="Value">Written value (write) or the new value (cas).</param>
/// <param name="Expected">The value a cas compares with.</param>
public readonly record struct RegisterInput(RegisterOp Kind, int Value = 0, int Expected = 0);

/// <summary>
/// A compare-and-set register of integers (Jepsen's etcd test): read returns the value or nil;
/// write sets it; cas(from, to) sets it to `to` if it equals `from`. Outputs: a read's value, and
/// for a cas or write 1 (applied) or 0 (definitely not applied).
/// </summary>
public sealed class CasRegisterModel : ISequentialModel<int, RegisterInput, int?>
{
    /// <inheritdoc/>
    public int Init() => RegisterModel.Nil;
    /// <inheritdoc/>
    public bool Step(int state, RegisterInput input, int? output, bool unknown, out int next)
    {
        next = state;
        switch (input.Kind)
        {
            case RegisterOp.Read:
                return unknown || (output ?? RegisterModel.Nil) == state;
            case RegisterOp.Write:
                if (!unknown && output == 0) return true;         // definitely failed: no effect
                next = input.Value; return true;
            default:
                if (unknown) { if (state == input.Expected) next = input.Value; return true; }
                if (output == 1) { next = input.Value; return state == input.Expected; }
                return state != input.Expected;                   // definitely did not apply
        }
    }
    /// <inheritdoc/>
    public string Describe(Operation<RegisterInput, int?> op) => RegisterText.Describe(op);
}

internal static class RegisterText
{
    public static string Describe(Operation<RegisterInput, int?> op)
    {
        string V(int v) => v == RegisterModel.Nil ? "nil" : v.ToString(System.Globalization.CultureInfo.InvariantCulture);
        var input = op.Input.Kind switch
        {
            RegisterOp.Read => "read()",
            RegisterOp.Write => $"write({V(op.Input.Value)})",
            _ => $"cas({V(op.Input.Expected)} -> {V(op.Input.Value)})",
        };
        var output = op.Unknown ? "?" : op.Input.Kind == RegisterOp.Read ? V(op.Output ?? RegisterModel.Nil) : op.Output == 1 ? "ok" : "fail";
        return $"client {op.Client}: {input} -> {output}";
    }
}

/// <summary>An operation on a key-value store.</summary>
public readonly record struct KvInput(KvOp Kind, string Key, string Value);

/// <summary>Key-value operations.</summary>
public enum KvOp { /** read a key */ Get, /** replace a key's value */ Put, /** append to a key's value */ Append }

/// <summary>A key-value store state: a map with a hash kept up to date on every update.</summary>
public sealed class KvState : IEquatable<KvState>
{
    private readonly ImmutableDictionary<string, string> _map;
    private readonly int _hash;
    private KvState(ImmutableDictionary<string, string> map, int hash) { _map = map; _hash = hash; }
    /// <summary>The empty store.</summary>
    public static readonly KvState Empty = new(ImmutableDictionary<string, string>.Empty.WithComparers(StringComparer.Ordinal), 0);
    /// <summary>A key's value ("" when never written).</summary>
    public string Get(string key) => _map.TryGetValue(key, out var v) ? v : "";
    /// <summary>The store with one key set.</summary>
    public KvState Set(string key, string value)
    {
        int h = _hash;
        if (_map.TryGetValue(key, out var old)) h -= Entry(key, old);
        return new KvState(_map.SetItem(key, value), h + Entry(key, value));
    }
    private static int Entry(string k, string v) => HashCode.Combine(StringComparer.Ordinal.GetHashCode(k), StringComparer.Ordinal.GetHashCode(v));
    /// <inheritdoc/>
    public bool Equals(KvState? other) => other is not null && _hash == other._hash && _map.Count == other._map.Count
        && _map.All(kv => other._map.TryGetValue(kv.Key, out var v) && v == kv.Value);
    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as KvState);
    /// <inheritdoc/>
    public override int GetHashCode() => _hash;
}

/// <summary>
/// A key-value store with get/put/append (strings; a never-written key reads ""). Keys are
/// independent, so the history is partitioned by key.
/// </summary>
public sealed class KvModel : ISequentialModel<KvState, KvInput, string>
{
    /// <inheritdoc/>
    public KvState Init() => KvState.Empty;
    /// <inheritdoc/>
    public bool Step(KvState state, KvInput input, string? output, bool unknown, out KvState next)
    {
        next = state;
        switch (input.Kind)
        {
            case KvOp.Get: return unknown || (output ?? "") == state.Get(input.Key);
            case KvOp.Put: next = state.Set(input.Key, input.Value); return true;
            default: next = state.Set(input.Key, state.Get(input.Key) + input.Value); return true;
        }
    }
    /// <inheritdoc/>
    public IEnumerable<IReadOnlyList<Operation<KvInput, string>>> Partition(IReadOnlyList<Operation<KvInput, string>> history) =>
        history.GroupBy(o => o.Input.Key).Select(g => (IReadOnlyList<Operation<KvInput, string>>)g.ToList());
    /// <inheritdoc/>
    public string Describe(Operation<KvInput, string> op) =>
        $"client {op.Client}: {op.Input.Kind.ToString().ToLowerInvariant()}({op.Input.Key}{(op.Input.Kind == KvOp.Get ? "" : $", \"{op.Input.Value}\"")}) -> {(op.Unknown ? "?" : op.Input.Kind == KvOp.Get ? $"\"{op.Output}\"" : "ok")}";
}

/// <summary>State of Pando's versioned register: the newest version and its value (version 0 = empty).</summary>
public readonly record struct Versioned(int Version, string? Value);

/// <summary>An operation on Pando's API: GET, or CPUT(version, value) (brief Pando §4.4, S17).</summary>
public readonly record struct VersionedInput(bool IsGet, int Version, string? Value);

/// <summary>Outcome of a Pando operation: a GET's (version, value), or a CPUT's OK / CONFLICT.</summary>
public readonly record struct VersionedOutput(bool Ok, Versioned Read);

/// <summary>
/// Pando's versioned register (brief Pando S17): GET returns (version, value); CPUT(i, v) succeeds
/// (OK) only if the newest version is i-1, making (i, v) the newest; otherwise CONFLICT and no
/// change. Operations that returned UNKNOWN or never returned have an unknown outcome.
/// </summary>
public sealed class VersionedRegisterModel : ISequentialModel<Versioned, VersionedInput, VersionedOutput>
{
    /// <inheritdoc/>
    public Versioned Init() => new(0, null);
    /// <inheritdoc/>
    public bool Step(Versioned state, VersionedInput input, VersionedOutput output, bool unknown, out Versioned next)
    {
        next = state;
        if (input.IsGet) return unknown || output.Read == state;
        bool applies = state.Version == input.Version - 1;
        if (applies && (unknown || output.Ok)) next = new Versioned(input.Version, input.Value);
        return unknown || output.Ok == applies;
    }
    /// <inheritdoc/>
    public string Describe(Operation<VersionedInput, VersionedOutput> op) =>
        $"client {op.Client}: " + (op.Input.IsGet
            ? $"get() -> {(op.Unknown ? "?" : $"(v{op.Output.Read.Version}, {op.Output.Read.Value ?? "empty"})")}"
            : $"cput(v{op.Input.Version}, {op.Input.Value}) -> {(op.Unknown ? "UNKNOWN" : op.Output.Ok ? "OK" : "CONFLICT")}");
}

/// <summary>State of a version log: the values of versions 1..n in order, joined (empty string = no version yet).</summary>
public readonly record struct VersionLog(int Length, string Joined)
{
    /// <summary>The value of version <paramref name="v"/> (1-based).</summary>
    public string At(int v) => Joined.Split('\u001f')[v - 1];
}

/// <summary>An operation on one key's versions: CPUT(version, value), or GET(version).</summary>
public readonly record struct VersionLogInput(bool IsGet, int Version, string? Value);

/// <summary>Outcome: a CPUT's OK / CONFLICT, or a GET's value (null = EMPTY: that version is not chosen yet).</summary>
public readonly record struct VersionLogOutput(bool Ok, string? Value);

/// <summary>
/// One key of Pando as the client sees it through <c>ConditionalPut(key, version, value)</c> and a GET of one version
/// (brief Pando §4.4, §4.7): a log of versions without gaps. CPUT(i, v) is OK exactly when the log has i−1 versions,
/// and then appends v; otherwise CONFLICT and no change. GET(i) returns the value of version i, or EMPTY when the log
/// is shorter. A GET that gave up (RETRY) and a CPUT still pending have unknown outcomes.
/// </summary>
public sealed class VersionLogModel : ISequentialModel<VersionLog, VersionLogInput, VersionLogOutput>
{
    /// <inheritdoc/>
    public VersionLog Init() => new(0, "");

    /// <inheritdoc/>
    public bool Step(VersionLog state, VersionLogInput input, VersionLogOutput output, bool unknown, out VersionLog next)
    {
        next = state;
        if (input.IsGet)
            return unknown || (input.Version <= state.Length ? output.Value == state.At(input.Version) : output.Value is null);
        bool applies = state.Length == input.Version - 1;
        if (applies && (unknown || output.Ok))
            next = new VersionLog(state.Length + 1, state.Length == 0 ? input.Value ?? "" : state.Joined + '\u001f' + input.Value);
        return unknown || output.Ok == applies;
    }

    /// <inheritdoc/>
    public string Describe(Operation<VersionLogInput, VersionLogOutput> op) =>
        $"client {op.Client}: " + (op.Input.IsGet
            ? $"get(v{op.Input.Version}) -> {(op.Unknown ? "?" : op.Output.Value is null ? "EMPTY" : $"\"{op.Output.Value}\"")}"
            : $"cput(v{op.Input.Version}, \"{op.Input.Value}\") -> {(op.Unknown ? "UNKNOWN" : op.Output.Ok ? "OK" : "CONFLICT")}");
}
