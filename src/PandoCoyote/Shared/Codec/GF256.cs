namespace PandoCoyote.Shared.Codec;

/// <summary>
/// Arithmetic in GF(2^8) with the polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D), generator 2.
/// Addition is XOR; multiplication and division use log/exp tables.
/// </summary>
public static class GF256
{
    private static readonly byte[] Exp = new byte[512];
    private static readonly byte[] Log = new byte[256];

    static GF256()
    {
        int x = 1;
        for (int i = 0; i < 255; i++)
        {
            Exp[i] = (byte)x;
            Log[x] = (byte)i;
            x <<= 1;
            if ((x & 0x100) != 0) x ^= 0x11D;
        }
        for (int i = 255; i < 512; i++) Exp[i] = Exp[i - 255];
    }

    /// <summary>a · b.</summary>
    public static byte Mul(byte a, byte b) => a == 0 || b == 0 ? (byte)0 : Exp[Log[a] + Log[b]];

    /// <summary>a / b (b ≠ 0).</summary>
    public static byte Div(byte a, byte b)
    {
        if (b == 0) throw new DivideByZeroException("division by zero in GF(256)");
        return a == 0 ? (byte)0 : Exp[Log[a] + 255 - Log[b]];
    }

    /// <summary>The multiplicative inverse of a (a ≠ 0).</summary>
    public static byte Inv(byte a) => Div(1, a);

    /// <summary>
    /// Inverts a square matrix in place by Gauss–Jordan elimination. Throws when it is singular
    /// (never for square submatrices of the codec's generator matrix).
    /// </summary>
    public static byte[,] Invert(byte[,] m)
    {
        int n = m.GetLength(0);
        var a = (byte[,])m.Clone();
        var inv = new byte[n, n];
        for (int i = 0; i < n; i++) inv[i, i] = 1;
        for (int col = 0; col < n; col++)
        {
            int pivot = col;
            while (pivot < n && a[pivot, col] == 0) pivot++;
            if (pivot == n) throw new InvalidOperationException("singular matrix");
            if (pivot != col)
                for (int j = 0; j < n; j++)
                {
                    (a[col, j], a[pivot, j]) = (a[pivot, j], a[col, j]);
                    (inv[col, j], inv[pivot, j]) = (inv[pivot, j], inv[col, j]);
                }
            byte scale = Inv(a[col, col]);
            for (int j = 0; j < n; j++) { a[col, j] = Mul(a[col, j], scale); inv[col, j] = Mul(inv[col, j], scale); }
            for (int row = 0; row < n; row++)
            {
                if (row == col || a[row, col] == 0) continue;
                byte f = a[row, col];
                for (int j = 0; j < n; j++) { a[row, j] ^= Mul(f, a[col, j]); inv[row, j] ^= Mul(f, inv[col, j]); }
            }
        }
        return inv;
    }
}
