using System.Globalization;
using System.Net;
using System.Text;

namespace Pando.ModelCheck.Suite;

/// <summary>
/// A message sequence chart: one lane per node, one row per event (messages as arrows, notes in boxes), rendered as a
/// self-contained SVG. The protocol pages' figures are written in its text form (<c>.msc</c> files beside the page) and
/// counterexamples are drawn with the same renderer, so every picture in the repository has one look.
/// </summary>
/// <remarks>
/// Text form, one statement per line (blank lines and lines starting with <c>#</c> are ignored):
/// <code>
/// title TEXT                      the caption above the chart
/// lanes A B C                     the lanes, left to right (names without spaces)
/// A -> B: label                   a message (request)
/// A -> B C: label                 the same message to several lanes, drawn in one row
/// A --> B: label                  a reply (dashed)
/// A -x B: label                   a message that is lost (ends in a cross before B)
/// note A: text                    a note on lane A; "note A C: text" spans lanes A to C
/// bad A: text                     the violated property or the wrong step, highlighted
/// step TEXT                       a divider row naming the step or phase that follows
/// </code>
/// </remarks>
public sealed class SequenceChart
{
    /// <summary>The kinds of row.</summary>
    public enum RowKind
    {
        /// <summary>A request: a solid arrow.</summary>
        Message,
        /// <summary>A reply: a dashed arrow.</summary>
        Reply,
        /// <summary>A lost message: an arrow ending in a cross.</summary>
        Lost,
        /// <summary>A note on one lane or spanning two.</summary>
        Note,
        /// <summary>The violated property or the wrong step, highlighted.</summary>
        Bad,
        /// <summary>A divider naming the step that follows.</summary>
        Step,
    }

    /// <summary>One row: its kind, the lanes it touches (source first for messages), and its text.</summary>
    public sealed record Row(RowKind Kind, IReadOnlyList<string> Lanes, string Text);

    /// <summary>The caption.</summary>
    public string Title { get; init; } = "";
    /// <summary>Lanes in order.</summary>
    public required IReadOnlyList<string> Lanes { get; init; }
    /// <summary>Rows in order.</summary>
    public required IReadOnlyList<Row> Rows { get; init; }

    /// <summary>
    /// The SVG of a chart file in the text form: the one path from an <c>.msc</c> file to its picture (protocol pages,
    /// <c>./pando explain --msc</c>, a Coyote bug's <c>messages.msc</c>). <paramref name="name"/> is how errors name the file.
    /// </summary>
    public static string SvgOfFile(string path, string? name = null) => Parse(File.ReadAllText(path), name ?? path).ToSvg();

    /// <summary>Parses the text form; an <see cref="InputError"/> names the file, the line and what is wrong.</summary>
    public static SequenceChart Parse(string text, string file)
    {
        string title = ""; List<string>? lanes = null; var rows = new List<Row>();
        var lines = text.Replace("\r\n", "\n").Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            var line = lines[i].Trim();
            string Where() => $"{file}:{i + 1}";
            if (line.Length == 0 || line.StartsWith('#')) continue;
            List<string> Known(IEnumerable<string> names)
            {
                if (lanes is null) throw new InputError($"{Where()}: \"lanes\" must come before the first row");
                var list = names.ToList();
                foreach (var n in list)
                    if (!lanes.Contains(n)) throw new InputError($"{Where()}: unknown lane \"{n}\" (lanes: {string.Join(" ", lanes)})");
                return list;
            }
            if (line.StartsWith("title ", StringComparison.Ordinal)) { title = line[6..].Trim(); continue; }
            if (line.StartsWith("lanes ", StringComparison.Ordinal))
            {
                if (lanes is not null) throw new InputError($"{Where()}: a second \"lanes\" line");
                lanes = line[6..].Split(' ', StringSplitOptions.RemoveEmptyEntries).ToList();
                if (lanes.Distinct().Count() != lanes.Count) throw new InputError($"{Where()}: a lane is named twice");
                continue;
            }
            if (line.StartsWith("step ", StringComparison.Ordinal)) { Known([]); rows.Add(new(RowKind.Step, [], line[5..].Trim())); continue; }
            int colon = line.IndexOf(':');
            if (colon < 0) throw new InputError($"{Where()}: expected \"title\", \"lanes\", \"step\", a message \"A -> B: label\" or \"note A: text\"");
            var head = line[..colon].Trim(); var label = line[(colon + 1)..].Trim();
            var words = head.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (words.Length >= 2 && words[0] is "note" or "bad")
            {
                var ls = Known(words[1..]);
                if (ls.Count > 2) throw new InputError($"{Where()}: a note spans at most two lanes (from and to)");
                rows.Add(new(words[0] == "note" ? RowKind.Note : RowKind.Bad, ls, label));
                continue;
            }
            if (words.Length >= 3 && words[1] is "->" or "-->" or "-x")
            {
                var ls = Known(words.Where((_, k) => k != 1));
                if (ls.Skip(1).Contains(ls[0])) throw new InputError($"{Where()}: a message from {ls[0]} to itself");
                rows.Add(new(words[1] switch { "->" => RowKind.Message, "-->" => RowKind.Reply, _ => RowKind.Lost }, ls, label));
                continue;
            }
            throw new InputError($"{Where()}: cannot read \"{head}\" (expected \"A -> B\", \"A --> B\", \"A -x B\", \"note A\" or \"bad A\")");
        }
        if (lanes is null) throw new InputError($"{file}: no \"lanes\" line");
        if (rows.Count == 0) throw new InputError($"{file}: no rows");
        return new SequenceChart { Title = title, Lanes = lanes, Rows = rows };
    }

    private const int LaneWidth = 170, Margin = 20, HeaderHeight = 34, RowHeight = 40, TitleHeight = 30;

    private static string Esc(string s) => WebUtility.HtmlEncode(s);

    private static string F(double x) => x.ToString("0.#", CultureInfo.InvariantCulture);

    // An estimate of a label's width at font size 12 (Helvetica averages about 6.3 px per character), with padding.
    private static double TextWidth(string s, double perChar = 6.6) => s.Length * perChar + 20;

    /// <summary>The chart as an SVG document. Elements carry classes (lane, msg, reply, lost, note, bad, step) for tests.</summary>
    public string ToSvg()
    {
        // Wide enough for the lanes, the title and every note (a note is centred on its lanes and kept inside the chart).
        int width = (int)Math.Ceiling(new[] { Margin * 2.0 + LaneWidth * Lanes.Count, TextWidth(Title, 8.5) + Margin * 2 }
            .Concat(Rows.Where(r => r.Kind is RowKind.Note or RowKind.Bad).Select(r => TextWidth(r.Text, r.Kind == RowKind.Bad ? 7.2 : 6.6) + Margin * 2)).Max());
        int top = Margin + (Title.Length > 0 ? TitleHeight : 0);
        int height = top + HeaderHeight + RowHeight * Rows.Count + RowHeight / 2 + Margin;
        double X(string lane) => Margin + LaneWidth * (Lanes.ToList().IndexOf(lane) + 0.5);
        var sb = new StringBuilder();
        sb.AppendLine($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">");
        sb.AppendLine("  <defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#222\"/></marker></defs>");
        sb.AppendLine($"  <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>");
        if (Title.Length > 0)
            sb.AppendLine($"  <text class=\"title\" x=\"{Margin}\" y=\"{Margin + 16}\" font-size=\"15\" font-weight=\"bold\">{Esc(Title)}</text>");
        int bottom = height - Margin;
        foreach (var lane in Lanes)
        {
            var x = X(lane);
            sb.AppendLine($"  <line class=\"lane\" x1=\"{F(x)}\" y1=\"{top + HeaderHeight}\" x2=\"{F(x)}\" y2=\"{bottom}\" stroke=\"#999\" stroke-dasharray=\"2,3\"/>");
            sb.AppendLine($"  <rect x=\"{F(x - LaneWidth / 2 + 8)}\" y=\"{top}\" width=\"{LaneWidth - 16}\" height=\"{HeaderHeight - 8}\" rx=\"4\" fill=\"#eef2f7\" stroke=\"#567\"/>");
            sb.AppendLine($"  <text class=\"lane-name\" x=\"{F(x)}\" y=\"{top + 17}\" text-anchor=\"middle\" font-weight=\"bold\">{Esc(lane)}</text>");
        }
        for (int i = 0; i < Rows.Count; i++)
        {
            var r = Rows[i];
            double y = top + HeaderHeight + RowHeight * (i + 1);
            switch (r.Kind)
            {
                case RowKind.Message or RowKind.Reply or RowKind.Lost:
                {
                    var cls = r.Kind switch { RowKind.Message => "msg", RowKind.Reply => "reply", _ => "lost" };
                    var x0 = X(r.Lanes[0]);
                    sb.AppendLine($"  <g class=\"{cls}\">");
                    foreach (var to in r.Lanes.Skip(1))
                    {
                        var x1 = X(to);
                        var dash = r.Kind == RowKind.Reply ? " stroke-dasharray=\"6,3\"" : "";
                        if (r.Kind == RowKind.Lost)
                        {
                            var xe = x0 + (x1 - x0) * 0.6;
                            sb.AppendLine($"    <line x1=\"{F(x0)}\" y1=\"{F(y)}\" x2=\"{F(xe)}\" y2=\"{F(y)}\" stroke=\"#222\"/>");
                            sb.AppendLine($"    <path d=\"M{F(xe - 5)},{F(y - 5)} L{F(xe + 5)},{F(y + 5)} M{F(xe - 5)},{F(y + 5)} L{F(xe + 5)},{F(y - 5)}\" stroke=\"#b00\" stroke-width=\"2\"/>");
                        }
                        else
                            sb.AppendLine($"    <line x1=\"{F(x0)}\" y1=\"{F(y)}\" x2=\"{F(x1)}\" y2=\"{F(y)}\" stroke=\"#222\"{dash} marker-end=\"url(#arrow)\"/>");
                    }
                    // The label sits above the arrow to the nearest destination, starting at its left end (the source for
                    // an arrow to the right, the arrowhead for one to the left), so it never runs off the chart's left edge.
                    var near = r.Lanes.Skip(1).MinBy(l => Math.Abs(X(l) - x0))!;
                    sb.AppendLine($"    <text x=\"{F(Math.Min(x0, X(near)) + 6)}\" y=\"{F(y - 5)}\">{Esc(r.Text)}</text>");
                    sb.AppendLine("  </g>");
                    break;
                }
                case RowKind.Note or RowKind.Bad:
                {
                    double xa = X(r.Lanes[0]), xb = X(r.Lanes[^1]);
                    double w = Math.Max(Math.Abs(xb - xa) + LaneWidth - 12, TextWidth(r.Text, r.Kind == RowKind.Bad ? 7.2 : 6.6));
                    double left = Math.Clamp((xa + xb) / 2 - w / 2, Margin / 2.0, width - Margin / 2.0 - w);
                    var (cls, fill, stroke) = r.Kind == RowKind.Note ? ("note", "#fff8d8", "#b9a64a") : ("bad", "#fde2e2", "#b00");
                    sb.AppendLine($"  <g class=\"{cls}\"><rect x=\"{F(left)}\" y=\"{F(y - 24)}\" width=\"{F(w)}\" height=\"30\" rx=\"3\" fill=\"{fill}\" stroke=\"{stroke}\"/>" +
                                  $"<text x=\"{F(left + w / 2)}\" y=\"{F(y - 5)}\" text-anchor=\"middle\"{(r.Kind == RowKind.Bad ? " font-weight=\"bold\" fill=\"#900\"" : "")}>{Esc(r.Text)}</text></g>");
                    break;
                }
                case RowKind.Step:
                    sb.AppendLine($"  <g class=\"step\"><line x1=\"{Margin}\" y1=\"{F(y - 14)}\" x2=\"{width - Margin}\" y2=\"{F(y - 14)}\" stroke=\"#ccc\"/>" +
                                  $"<text x=\"{Margin + 4}\" y=\"{F(y - 1)}\" font-style=\"italic\" fill=\"#456\">{Esc(r.Text)}</text></g>");
                    break;
            }
        }
        sb.AppendLine("</svg>");
        return sb.ToString();
    }
}
