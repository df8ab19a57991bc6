using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace PandoCoyote.Shared.Codec;

/// <summary>
/// dst[i] ^= c · src[i] over GF(2^8) for whole buffers: the inner loop of encoding and decoding.
/// For each coefficient c two 16-entry tables hold c·x and c·(x &lt;&lt; 4) for x in 0..15, so
/// c·b = low[b &amp; 15] ^ high[b &gt;&gt; 4]; with AVX2 (or SSSE3) one byte shuffle looks up 32
/// (or 16) bytes at once. A scalar loop over a full 256-entry row is the fallback.
/// </summary>
public static class GFMulAdd
{
    private static readonly byte[][] LowTables = new byte[256][];
    private static readonly byte[][] HighTables = new byte[256][];
    private static readonly byte[][] FullTables = new byte[256][];

    static GFMulAdd()
    {
        for (int c = 0; c < 256; c++)
        {
            LowTables[c] = new byte[16];
            HighTables[c] = new byte[16];
            FullTables[c] = new byte[256];
            for (int x = 0; x < 16; x++)
            {
                LowTables[c][x] = GF256.Mul((byte)c, (byte)x);
                HighTables[c][x] = GF256.Mul((byte)c, (byte)(x << 4));
            }
            for (int x = 0; x < 256; x++) FullTables[c][x] = GF256.Mul((byte)c, (byte)x);
        }
    }

    /// <summary>When false, only the scalar path is used (tests compare both paths).</summary>
    public static bool UseSimd { get; set; } = true;

    /// <summary>dst ^= c · src, element-wise; both spans have the same length.</summary>
    public static void MulAdd(byte c, ReadOnlySpan<byte> src, Span<byte> dst)
    {
        if (src.Length != dst.Length) throw new ArgumentException("source and destination differ in length");
        if (c == 0) return;
        int i = 0;
        if (UseSimd && Avx2.IsSupported && src.Length >= 32)
        {
            var lo = Vector256.Create(Vector128.Create(LowTables[c]), Vector128.Create(LowTables[c]));
            var hi = Vector256.Create(Vector128.Create(HighTables[c]), Vector128.Create(HighTables[c]));
            var mask = Vector256.Create((byte)0x0F);
            ref byte s = ref MemoryMarshal.GetReference(src);
            ref byte d = ref MemoryMarshal.GetReference(dst);
            for (; i <= src.Length - 32; i += 32)
            {
                var v = Vector256.LoadUnsafe(ref s, (nuint)i);
                var l = Avx2.Shuffle(lo, v & mask);
                var h = Avx2.Shuffle(hi, Avx2.ShiftRightLogical(v.AsUInt16(), 4).AsByte() & mask);
                var acc = Vector256.LoadUnsafe(ref d, (nuint)i);
                (acc ^ l ^ h).StoreUnsafe(ref d, (nuint)i);
            }
        }
        else if (UseSimd && Ssse3.IsSupported && src.Length >= 16)
        {
            var lo = Vector128.Create(LowTables[c]);
            var hi = Vector128.Create(HighTables[c]);
            var mask = Vector128.Create((byte)0x0F);
            ref byte s = ref MemoryMarshal.GetReference(src);
            ref byte d = ref MemoryMarshal.GetReference(dst);
            for (; i <= src.Length - 16; i += 16)
            {
                var v = Vector128.LoadUnsafe(ref s, (nuint)i);
                var l = Ssse3.Shuffle(lo, v & mask);
                var h = Ssse3.Shuffle(hi, Sse2.ShiftRightLogical(v.AsUInt16(), 4).AsByte() & mask);
                var acc = Vector128.LoadUnsafe(ref d, (nuint)i);
                (acc ^ l ^ h).StoreUnsafe(ref d, (nuint)i);
            }
        }
        Scalar(FullTables[c], src[i..], dst[i..]);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Scalar(byte[] table, ReadOnlySpan<byte> src, Span<byte> dst)
    {
        for (int i = 0; i < src.Length; i++) dst[i] ^= table[src[i]];
    }

    /// <summary>Which vector path MulAdd takes on this machine.</summary>
    public static string Path => !UseSimd ? "scalar (forced)" : Avx2.IsSupported ? "AVX2" : Ssse3.IsSupported ? "SSSE3" : "scalar";
}
