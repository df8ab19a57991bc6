namespace PandoCoyote.Shared.Codec;

/// <summary>Bad codec input: too few splits, duplicated or out-of-range indices, mismatched lengths.</summary>
public sealed class CodecException(string message) : ArgumentException(message);

/// <summary>
/// Systematic Reed–Solomon code over GF(2^8): a value is split into k data splits (padded with
/// zeros to a multiple of k) and r parity splits; any k of the n = k + r splits rebuild the value.
/// Split i &lt; k is the i-th slice of the value; parity row i uses the Cauchy matrix
/// 1 / (x_i + y_j) with x_i = k + i and y_j = j, so every k × k submatrix of the generator
/// matrix [I; C] is invertible (maximum distance separable). The value's length travels
/// separately (Pando's vlen) and is used to strip the padding.
/// </summary>
public sealed class ReedSolomon
{
    /// <summary>Data splits.</summary>
    public int K { get; }
    /// <summary>Parity splits.</summary>
    public int R { get; }
    /// <summary>All splits.</summary>
    public int N => K + R;

    private readonly byte[,] _parity; // R × K

    /// <summary>Creates a codec; 1 ≤ k, 0 ≤ r, k + r ≤ 256.</summary>
    public ReedSolomon(int k, int r)
    {
        if (k < 1) throw new CodecException($"k = {k}: at least one data split is needed");
        if (r < 0) throw new CodecException($"r = {r}: the number of parity splits cannot be negative");
        if (k + r > 256) throw new CodecException($"k + r = {k + r}: GF(256) allows at most 256 splits");
        K = k; R = r;
        _parity = new byte[r, k];
        for (int i = 0; i < r; i++)
            for (int j = 0; j < k; j++)
                _parity[i, j] = GF256.Inv((byte)((k + i) ^ j));
    }

    /// <summary>Length of each split for a value of <paramref name="length"/> bytes.</summary>
    public int SplitLength(int length) => (length + K - 1) / K;

    /// <summary>Row i of the generator matrix (identity for data splits, Cauchy for parity).</summary>
    private byte Generator(int row, int col) => row < K ? (byte)(row == col ? 1 : 0) : _parity[row - K, col];

    /// <summary>Bytes processed per pass over all splits: small enough that the k sources and the
    /// destination stay in the CPU cache while a block is combined.</summary>
    private const int Block = 16 * 1024;

    /// <summary>Encodes a value into n splits of equal length (index = split number).</summary>
    public byte[][] Encode(ReadOnlySpan<byte> value)
    {
        int len = SplitLength(value.Length);
        var splits = new byte[N][];
        for (int i = 0; i < N; i++) splits[i] = new byte[len];
        EncodeInto(value, splits);
        return splits;
    }

    /// <summary>
    /// Encodes into caller-owned buffers (no allocation): <paramref name="splits"/> holds n arrays of
    /// exactly <see cref="SplitLength"/> bytes; their previous contents are overwritten.
    /// </summary>
    public void EncodeInto(ReadOnlySpan<byte> value, byte[][] splits)
    {
        int len = SplitLength(value.Length);
        if (splits.Length != N) throw new CodecException($"{splits.Length} split buffers given; the code has n = {N}");
        for (int i = 0; i < N; i++)
            if (splits[i] is null || splits[i].Length != len) throw new CodecException($"split buffer {i} must have {len} bytes");
        for (int i = 0; i < K; i++)
        {
            int start = i * len;
            int n = Math.Clamp(value.Length - start, 0, len);
            value.Slice(Math.Min(start, value.Length), n).CopyTo(splits[i]);
            splits[i].AsSpan(n).Clear();
        }
        for (int p = 0; p < R; p++) splits[K + p].AsSpan().Clear();
        for (int off = 0; off < len; off += Block)
        {
            int n = Math.Min(Block, len - off);
            for (int p = 0; p < R; p++)
            {
                var dst = splits[K + p].AsSpan(off, n);
                for (int j = 0; j < K; j++) GFMulAdd.MulAdd(_parity[p, j], splits[j].AsSpan(off, n), dst);
            }
        }
    }

    /// <summary>
    /// Rebuilds the value of <paramref name="length"/> bytes from at least k distinct splits
    /// (index, bytes). Extra splits beyond k are ignored.
    /// </summary>
    public byte[] Decode(IEnumerable<(int Index, byte[] Split)> splits, int length)
    {
        if (length < 0) throw new CodecException($"length = {length}: a value length cannot be negative");
        var value = new byte[length];
        DecodeInto(splits, length, value);
        return value;
    }

    /// <summary>
    /// Decodes into a caller-owned buffer of exactly <paramref name="length"/> bytes. Missing data
    /// splits are rebuilt straight into it (no allocation when the value's length is a multiple of k).
    /// </summary>
    public void DecodeInto(IEnumerable<(int Index, byte[] Split)> splits, int length, Span<byte> value)
    {
        if (length < 0) throw new CodecException($"length = {length}: a value length cannot be negative");
        if (value.Length != length) throw new CodecException($"output buffer has {value.Length} bytes; the value has {length}");
        int len = SplitLength(length);
        var chosen = new List<(int Index, byte[] Split)>();
        var seen = new HashSet<int>();
        foreach (var (index, split) in splits)
        {
            if (index < 0 || index >= N) throw new CodecException($"split index {index} is outside 0..{N - 1}");
            if (!seen.Add(index)) throw new CodecException($"split index {index} is given twice");
            if (split.Length != len) throw new CodecException($"split {index} has {split.Length} bytes; a value of {length} bytes with k = {K} has splits of {len} bytes");
            if (chosen.Count < K) chosen.Add((index, split));
        }
        if (chosen.Count < K) throw new CodecException($"{chosen.Count} distinct split(s) given; decoding needs k = {K}");
        var data = new byte[K][];
        var missing = new List<int>();
        foreach (var (index, split) in chosen) if (index < K) data[index] = split;
        for (int j = 0; j < K; j++) if (data[j] is null) missing.Add(j);
        // Surviving data splits are copied as they are.
        for (int j = 0; j < K; j++)
            if (data[j] is not null && j * len < length)
                data[j].AsSpan(0, Math.Min(len, length - j * len)).CopyTo(value[(j * len)..]);
        if (missing.Count == 0) return;
        var m = new byte[K, K];
        for (int row = 0; row < K; row++)
            for (int col = 0; col < K; col++) m[row, col] = Generator(chosen[row].Index, col);
        var inv = GF256.Invert(m);
        foreach (int j in missing)
        {
            int start = j * len;
            int n = Math.Clamp(length - start, 0, len);
            if (n == 0) continue;
            // Rebuild into the output; the last split's padding needs a scratch buffer.
            byte[]? scratch = n < len ? new byte[len] : null;
            var dst = scratch is null ? value.Slice(start, len) : scratch.AsSpan();
            dst.Clear();
            for (int off = 0; off < len; off += Block)
            {
                int b = Math.Min(Block, len - off);
                for (int t = 0; t < K; t++) GFMulAdd.MulAdd(inv[j, t], chosen[t].Split.AsSpan(off, b), dst.Slice(off, b));
            }
            if (scratch is not null) scratch.AsSpan(0, n).CopyTo(value[start..]);
        }
    }
}
