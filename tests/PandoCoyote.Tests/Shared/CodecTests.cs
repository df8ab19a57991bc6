using PandoCoyote.Shared.Codec;

namespace PandoCoyote.Tests.Shared;

public class GF256Tests
{
    [Fact]
    public void Every_nonzero_element_has_an_inverse_and_multiplication_distributes()
    {
        for (int a = 1; a < 256; a++) Assert.Equal(1, GF256.Mul((byte)a, GF256.Inv((byte)a)));
        var rnd = new Random(1);
        for (int i = 0; i < 10_000; i++)
        {
            byte a = (byte)rnd.Next(256), b = (byte)rnd.Next(256), c = (byte)rnd.Next(256);
            Assert.Equal(GF256.Mul(a, (byte)(b ^ c)), (byte)(GF256.Mul(a, b) ^ GF256.Mul(a, c)));
            Assert.Equal(GF256.Mul(a, b), GF256.Mul(b, a));
        }
    }

    [Fact]
    public void Matrix_inverse_times_matrix_is_identity()
    {
        var m = new byte[4, 4];
        // Cauchy rows 1..4 of the parity part: always invertible.
        for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) m[i, j] = GF256.Inv((byte)((4 + i) ^ j));
        var inv = GF256.Invert(m);
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++)
            {
                byte s = 0;
                for (int t = 0; t < 4; t++) s ^= GF256.Mul(m[i, t], inv[t, j]);
                Assert.Equal(i == j ? 1 : 0, s);
            }
    }

    [Fact]
    public void Singular_matrix_is_rejected()
    {
        var m = new byte[2, 2] { { 1, 2 }, { 1, 2 } };
        Assert.Throws<InvalidOperationException>(() => GF256.Invert(m));
    }
}

public class GFMulAddTests
{
    [Fact]
    public void Vector_path_equals_scalar_path_for_all_lengths_and_coefficients()
    {
        var rnd = new Random(3);
        foreach (int len in Enumerable.Range(0, 70).Concat([255, 256, 1000, 4099]))
        {
            var src = new byte[len]; rnd.NextBytes(src);
            var init = new byte[len]; rnd.NextBytes(init);
            foreach (int c in new[] { 0, 1, 2, 3, 0x53, 0x8E, 0xFF, rnd.Next(256) })
            {
                var simd = (byte[])init.Clone();
                var scalar = (byte[])init.Clone();
                GFMulAdd.UseSimd = true;
                GFMulAdd.MulAdd((byte)c, src, simd);
                GFMulAdd.UseSimd = false;
                GFMulAdd.MulAdd((byte)c, src, scalar);
                GFMulAdd.UseSimd = true;
                for (int i = 0; i < len; i++) Assert.Equal((byte)(init[i] ^ GF256.Mul((byte)c, src[i])), scalar[i]);
                Assert.Equal(scalar, simd);
            }
        }
    }
}

public class ReedSolomonTests
{
    [Fact]
    public void Decode_of_any_k_splits_returns_the_value_for_random_k_r_and_lengths()
    {
        var rnd = new Random(4);
        for (int trial = 0; trial < 400; trial++)
        {
            int k = rnd.Next(1, 9), r = rnd.Next(0, 5);
            int length = trial % 5 switch { 0 => 0, 1 => rnd.Next(1, k + 1), 2 => k * rnd.Next(1, 50), _ => rnd.Next(0, 5000) };
            var value = new byte[length]; rnd.NextBytes(value);
            var rs = new ReedSolomon(k, r);
            var splits = rs.Encode(value);
            Assert.Equal(k + r, splits.Length);
            Assert.All(splits, s => Assert.Equal(rs.SplitLength(length), s.Length));
            var pick = Enumerable.Range(0, k + r).OrderBy(_ => rnd.Next()).Take(k).ToList();
            Assert.Equal(value, rs.Decode(pick.Select(i => (i, splits[i])), length));
        }
    }

    [Fact]
    public void Every_k_subset_decodes_for_a_small_code()
    {
        var rs = new ReedSolomon(3, 3);
        var value = Enumerable.Range(0, 100).Select(i => (byte)(i * 7 + 1)).ToArray();
        var splits = rs.Encode(value);
        int subsets = 0;
        for (int mask = 0; mask < 64; mask++)
        {
            var idx = Enumerable.Range(0, 6).Where(i => (mask & (1 << i)) != 0).ToList();
            if (idx.Count != 3) continue;
            subsets++;
            Assert.Equal(value, rs.Decode(idx.Select(i => (i, splits[i])), value.Length));
        }
        Assert.Equal(20, subsets);
    }

    [Fact]
    public void Data_splits_are_the_value_itself()
    {
        var rs = new ReedSolomon(2, 1);
        var s = rs.Encode([1, 2, 3]);
        Assert.Equal(new byte[] { 1, 2 }, s[0]);
        Assert.Equal(new byte[] { 3, 0 }, s[1]);
    }

    [Fact]
    public void Too_few_splits_is_a_clear_error()
    {
        var rs = new ReedSolomon(3, 2);
        var s = rs.Encode(new byte[10]);
        var e = Assert.Throws<CodecException>(() => rs.Decode([(0, s[0]), (4, s[4])], 10));
        Assert.Equal("2 distinct split(s) given; decoding needs k = 3", e.Message);
    }

    [Fact]
    public void Duplicated_index_is_a_clear_error()
    {
        var rs = new ReedSolomon(2, 2);
        var s = rs.Encode(new byte[10]);
        var e = Assert.Throws<CodecException>(() => rs.Decode([(1, s[1]), (1, s[1]), (3, s[3])], 10));
        Assert.Equal("split index 1 is given twice", e.Message);
    }

    [Fact]
    public void Out_of_range_index_wrong_length_and_bad_parameters_are_clear_errors()
    {
        var rs = new ReedSolomon(2, 1);
        var s = rs.Encode(new byte[10]);
        Assert.Equal("split index 3 is outside 0..2", Assert.Throws<CodecException>(() => rs.Decode([(3, s[0]), (0, s[0])], 10)).Message);
        Assert.Contains("has 5 bytes", Assert.Throws<CodecException>(() => rs.Decode([(0, s[0]), (1, s[1])], 12)).Message);
        Assert.Contains("at least one data split", Assert.Throws<CodecException>(() => new ReedSolomon(0, 2)).Message);
        Assert.Contains("at most 256 splits", Assert.Throws<CodecException>(() => new ReedSolomon(200, 57)).Message);
    }
}

public class ReedSolomonIntoTests
{
    [Fact]
    public void Into_variants_match_the_allocating_ones_and_overwrite_old_contents()
    {
        var rnd = new Random(5);
        foreach (var (k, r, len) in new[] { (4, 2, 1 << 20), (3, 3, 100_001), (6, 1, 7), (2, 2, 0), (5, 2, 40_000) })
        {
            var rs = new ReedSolomon(k, r);
            var value = new byte[len]; rnd.NextBytes(value);
            var expected = rs.Encode(value);
            var buffers = Enumerable.Range(0, k + r).Select(_ => { var b = new byte[rs.SplitLength(len)]; rnd.NextBytes(b); return b; }).ToArray();
            rs.EncodeInto(value, buffers);
            for (int i = 0; i < k + r; i++) Assert.Equal(expected[i], buffers[i]);
            var output = new byte[len]; rnd.NextBytes(output);
            rs.DecodeInto(Enumerable.Range(r, k).Select(i => (i, buffers[i])), len, output);
            Assert.Equal(value, output);
        }
    }

    [Fact]
    public void Wrong_buffers_are_clear_errors()
    {
        var rs = new ReedSolomon(2, 1);
        Assert.Equal("2 split buffers given; the code has n = 3", Assert.Throws<CodecException>(() => rs.EncodeInto(new byte[4], new byte[2][])).Message);
        Assert.Equal("split buffer 1 must have 2 bytes", Assert.Throws<CodecException>(() => rs.EncodeInto(new byte[4], [new byte[2], new byte[3], new byte[2]])).Message);
        Assert.Equal("output buffer has 3 bytes; the value has 4", Assert.Throws<CodecException>(() => rs.DecodeInto([], 4, new byte[3])).Message);
    }
}
