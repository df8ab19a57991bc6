using System.Globalization;
using System.Text;

namespace PandoCoyote.Planning;

/// <summary>
/// Latency–cost frontiers: for a few workloads, the cheapest deployment of each protocol as the latency SLO (GET and PUT
/// alike) is relaxed, drawn as SVG (<c>./pando plan frontier --out docs/planning</c>).
/// </summary>
public static class Frontiers
{
    /// <summary>The workloads drawn, by file name.</summary>
    public static IReadOnlyList<(string File, string Title, PlanWorkload Workload)> Workloads()
    {
        var inf = double.PositiveInfinity;
        return
        [
            ("frontier-tokyo-hr-1kb.svg", "1 KB × 1 M objects, 97% GETs, 500 req/s, clients in Tokyo, f = 1",
                new PlanWorkload(1024, 0.97, 500, PlanWorkload.EqualShares("Tokyo"), inf, inf, 1, Objects: 1_000_000)),
            ("frontier-sydney-tokyo-rw-1kb.svg", "1 KB × 1 M objects, 50% GETs, 200 req/s, clients in Sydney and Tokyo, f = 1",
                new PlanWorkload(1024, 0.5, 200, PlanWorkload.EqualShares("Sydney", "Tokyo"), inf, inf, 1, Objects: 1_000_000)),
            ("frontier-uniform-rw-100kb.svg", "100 KB × 100 k objects, 50% GETs, 200 req/s, clients in all nine, f = 1",
                new PlanWorkload(100 * 1024, 0.5, 200, PlanWorkload.Everywhere, inf, inf, 1, Objects: 100_000)),
        ];
    }

    /// <summary>The SLOs swept, ms.</summary>
    public static IEnumerable<double> Slos() => Enumerable.Range(0, 46).Select(i => 100 + 20.0 * i);

    /// <summary>Cheapest cost per protocol at each SLO (NaN where infeasible).</summary>
    public static Dictionary<PlanProtocol, double[]> Series(PlanWorkload w) =>
        Enum.GetValues<PlanProtocol>().ToDictionary(p => p, p => Slos().Select(s =>
            Planner.Best(p, w with { GetSloMs = s, PutSloMs = s })?.Evaluation.Cost.Total ?? double.NaN).ToArray());

    /// <summary>Every chart: file name and SVG text.</summary>
    public static IEnumerable<(string File, string Svg)> Charts() => Workloads().Select(x => (x.File, Svg(x.Title, Series(x.Workload))));

    private static string F(double v) => v.ToString("0.##", CultureInfo.InvariantCulture);

    /// <summary>A line chart: x = SLO (ms), y = $/hour, one line per protocol.</summary>
    public static string Svg(string title, Dictionary<PlanProtocol, double[]> series)
    {
        const int W = 840, H = 440, L = 70, R = 220, T = 50, B = 50;
        var xs = Slos().ToArray();
        double ymax = series.Values.SelectMany(v => v).Where(v => !double.IsNaN(v)).DefaultIfEmpty(1).Max() * 1.1;
        double X(double ms) => L + (ms - xs[0]) / (xs[^1] - xs[0]) * (W - L - R);
        double Y(double usd) => H - B - usd / ymax * (H - T - B);
        var colors = new Dictionary<PlanProtocol, string> { [PlanProtocol.Abd] = "#1f77b4", [PlanProtocol.Cas] = "#d62728", [PlanProtocol.Pando] = "#2ca02c", [PlanProtocol.RsPaxos] = "#9467bd" };
        var sb = new StringBuilder();
        sb.AppendLine($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" viewBox=\"0 0 {W} {H}\" font-family=\"sans-serif\" font-size=\"12\">");
        sb.AppendLine($"<rect width=\"{W}\" height=\"{H}\" fill=\"white\"/>");
        sb.AppendLine($"<text x=\"{L}\" y=\"22\" font-size=\"14\" font-weight=\"bold\">Cheapest deployment vs latency SLO</text>");
        sb.AppendLine($"<text x=\"{L}\" y=\"40\">{System.Security.SecurityElement.Escape(title)}</text>");
        sb.AppendLine($"<line x1=\"{L}\" y1=\"{H - B}\" x2=\"{W - R}\" y2=\"{H - B}\" stroke=\"black\"/><line x1=\"{L}\" y1=\"{T}\" x2=\"{L}\" y2=\"{H - B}\" stroke=\"black\"/>");
        for (double ms = 100; ms <= xs[^1]; ms += 100)
            sb.AppendLine($"<line x1=\"{F(X(ms))}\" y1=\"{H - B}\" x2=\"{F(X(ms))}\" y2=\"{H - B + 5}\" stroke=\"black\"/><text x=\"{F(X(ms))}\" y=\"{H - B + 18}\" text-anchor=\"middle\">{ms:0}</text>");
        double step = Nice(ymax / 5);
        for (double v = 0; v <= ymax; v += step)
            sb.AppendLine($"<line x1=\"{L - 5}\" y1=\"{F(Y(v))}\" x2=\"{W - R}\" y2=\"{F(Y(v))}\" stroke=\"#ddd\"/><text x=\"{L - 8}\" y=\"{F(Y(v) + 4)}\" text-anchor=\"end\">{v.ToString(step < 0.01 ? "0.000" : step < 0.1 ? "0.00" : "0.0", CultureInfo.InvariantCulture)}</text>");
        sb.AppendLine($"<text x=\"{(L + W - R) / 2}\" y=\"{H - 12}\" text-anchor=\"middle\">latency SLO for GET and PUT, worst client site (ms)</text>");
        sb.AppendLine($"<text transform=\"translate(18 {(T + H - B) / 2}) rotate(-90)\" text-anchor=\"middle\">cost ($ per hour)</text>");
        int legend = 0;
        foreach (var (p, ys) in series)
        {
            var c = colors[p];
            var runs = new List<List<(double, double)>>();
            List<(double, double)>? cur = null;
            for (int i = 0; i < xs.Length; i++)
            {
                if (double.IsNaN(ys[i])) { cur = null; continue; }
                if (cur is null) runs.Add(cur = []);
                cur.Add((X(xs[i]), Y(ys[i])));
            }
            foreach (var run in runs)
                sb.AppendLine($"<polyline fill=\"none\" stroke=\"{c}\" stroke-width=\"2\" points=\"{string.Join(" ", run.Select(pt => $"{F(pt.Item1)},{F(pt.Item2)}"))}\"/>");
            double ly = T + 10 + 20 * legend++;
            string first = xs.Zip(ys).Where(z => !double.IsNaN(z.Second)).Select(z => $"from {z.First:0} ms").FirstOrDefault() ?? "never feasible";
            sb.AppendLine($"<line x1=\"{W - R + 10}\" y1=\"{F(ly)}\" x2=\"{W - R + 30}\" y2=\"{F(ly)}\" stroke=\"{c}\" stroke-width=\"2\"/><text x=\"{W - R + 35}\" y=\"{F(ly + 4)}\">{PlanExplainer.Name(p)} ({first})</text>");
        }
        sb.AppendLine("</svg>");
        return sb.ToString();
    }

    private static double Nice(double raw)
    {
        double p = Math.Pow(10, Math.Floor(Math.Log10(raw)));
        foreach (var m in new[] { 1, 2, 2.5, 5, 10 }) if (m * p >= raw) return m * p;
        return 10 * p;
    }
}
