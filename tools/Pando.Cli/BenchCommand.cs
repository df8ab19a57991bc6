using System.Diagnostics;
using System.Globalization;
using System.Text;
using PandoCoyote.Codec;

namespace Pando.Cli;

/// <summary><c>./pando bench codec</c>: Reed–Solomon throughput on one core.</summary>
public static class BenchCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando bench codec [--quick] [--out FILE]

        Measures the Reed-Solomon codec on one thread: encode, and decode with r DATA splits lost (every lost byte
        is rebuilt), for k in {2,3,4,6}, r in {1,2,3} and values of 1 KiB, 64 KiB and 1 MiB. Throughput is value
        bytes per second (GB/s = 10^9 B/s), the median of repeated timed runs after a warm-up.
          --quick     fewer repetitions (a smoke run; numbers are noisier)
          --out FILE  also write the table as Markdown to FILE (e.g. docs/benchmarks/codec.md)
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("bench", argv);
        string? what = null, outFile = null;
        bool quick = false;
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            switch (t)
            {
                case "--help" or "-h": Console.WriteLine(Help); return 0;
                case "--quick": quick = true; break;
                case "--out": outFile = a.Value(t); break;
                case "codec" when what is null: what = t; break;
                default: throw a.Unknown(t);
            }
        }
        if (what is null) throw new UsageError("bench: name what to measure: codec");
        var rows = new List<string[]>();
        Console.WriteLine($"Reed-Solomon, one thread, GF multiply path: {GFMulAdd.Path}; {(quick ? "quick" : "full")} run");
        string[] head = ["k", "r", "value", "encode GB/s", "decode GB/s (r data splits lost)"];
        Console.WriteLine(string.Join("\t", head));
        foreach (int k in new[] { 2, 3, 4, 6 })
            foreach (int r in new[] { 1, 2, 3 })
                foreach (int size in new[] { 1 << 10, 64 << 10, 1 << 20 })
                {
                    var (enc, dec) = Measure(k, r, size, quick);
                    var row = new[] { k.ToString(CultureInfo.InvariantCulture), r.ToString(CultureInfo.InvariantCulture), Size(size),
                        enc.ToString("0.00", CultureInfo.InvariantCulture), dec.ToString("0.00", CultureInfo.InvariantCulture) };
                    rows.Add(row);
                    Console.WriteLine(string.Join("\t", row));
                }
        if (outFile is not null)
        {
            var sb = new StringBuilder();
            sb.AppendLine("# Reed-Solomon codec throughput");
            sb.AppendLine();
            sb.AppendLine($"Command: `./pando bench codec{(quick ? " --quick" : "")} --out {outFile}` · {DateTime.UtcNow:yyyy-MM-dd} · " +
                          $"{Environment.ProcessorCount} cores, one thread used · .NET {Environment.Version} · GF multiply path: {GFMulAdd.Path}");
            sb.AppendLine();
            sb.AppendLine("Value bytes per second (GB/s = 10^9 B/s), median of timed runs after a warm-up. Decode loses the first r *data* splits, so every lost byte is rebuilt from parity. Both use the allocation-free `EncodeInto`/`DecodeInto` over reused buffers.");
            sb.AppendLine();
            sb.AppendLine("| " + string.Join(" | ", head) + " |");
            sb.AppendLine("|---:|---:|---:|---:|---:|");
            foreach (var row in rows) sb.AppendLine("| " + string.Join(" | ", row) + " |");
            File.WriteAllText(outFile, sb.ToString());
            Console.WriteLine($"wrote {outFile}");
        }
        return 0;
    }

    private static (double Encode, double Decode) Measure(int k, int r, int size, bool quick)
    {
        var rs = new ReedSolomon(k, r);
        var value = new byte[size];
        new Random(k * 100 + r).NextBytes(value);
        var splits = rs.Encode(value);
        var survivors = Enumerable.Range(r, k).Select(i => (i, splits[i])).ToArray(); // data splits 0..r-1 lost
        if (!rs.Decode(survivors, size).AsSpan().SequenceEqual(value)) throw new InvalidOperationException("decode mismatch in benchmark");
        long bytesPerRun = Math.Max(size, quick ? 4 << 20 : 32 << 20);
        int inner = (int)Math.Max(1, bytesPerRun / size);
        int runs = quick ? 3 : 7;
        double Time(Action op)
        {
            for (int i = 0; i < Math.Max(1, inner / 4); i++) op(); // warm-up
            var samples = new List<double>();
            for (int run = 0; run < runs; run++)
            {
                var sw = Stopwatch.StartNew();
                for (int i = 0; i < inner; i++) op();
                sw.Stop();
                samples.Add((double)size * inner / sw.Elapsed.TotalSeconds / 1e9);
            }
            samples.Sort();
            return samples[samples.Count / 2];
        }
        // Allocation-free paths over reused buffers, as a server with pooled buffers would call them.
        var encodeOut = Enumerable.Range(0, k + r).Select(_ => new byte[rs.SplitLength(size)]).ToArray();
        var decodeOut = new byte[size];
        return (Time(() => rs.EncodeInto(value, encodeOut)), Time(() => rs.DecodeInto(survivors, size, decodeOut)));
    }

    private static string Size(int bytes) => bytes >= 1 << 20 ? $"{bytes >> 20} MiB" : $"{bytes >> 10} KiB";
}
