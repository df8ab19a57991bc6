using System.Globalization;
using System.Text;
using System.Text.RegularExpressions;
using Pando.ModelCheck.Coyote;
using Pando.ModelCheck.P;
using Pando.ModelCheck.Tlc;

namespace Pando.ModelCheck.Suite;

/// <summary>
/// The generated parts of the reader's documents: the README's status table (one row per protocol) and, on each
/// protocol's page (docs/PROTOCOL/README.md), the section listing its properties, models, P tests, Coyote tests and
/// findings. Each generated part sits between a begin and an end marker in a hand-written file; <see cref="Splice"/>
/// replaces only what is between them, so the prose around stays as written. Everything comes from the manifests, the
/// catalogue and the headings of docs/findings.md, so the documents cannot drift from what is checked.
/// </summary>
public static partial class ProtocolPages
{
    /// <summary>A protocol as the documents name it: its manifest name, its title and its page folder (null: no page).</summary>
    public sealed record Protocol(string Name, string Title, string? Folder);

    /// <summary>The protocols in reading order.</summary>
    public static readonly IReadOnlyList<Protocol> All =
    [
        new("Pando", "Pando", "pando"),
        new("RSPaxos", "RS-Paxos", "rspaxos"),
        new("LEGOStore", "LEGOStore", "legostore"),
        new("PQR", "PQR", "pqr"),
        new("Alia", "Alia", "alia"),
        new("Consensus", "Abstract consensus", null),
    ];

    /// <summary>The marker pair of a generated block named <paramref name="name"/>.</summary>
    public static (string Begin, string End) Markers(string name) =>
        ($"<!-- generated:{name} begin (./pando catalogue writes this block; do not edit) -->", $"<!-- generated:{name} end -->");

    /// <summary>
    /// <paramref name="text"/> with the block between the markers of <paramref name="name"/> replaced by
    /// <paramref name="block"/>; an <see cref="InputError"/> naming the file when a marker is missing or out of order.
    /// </summary>
    public static string Splice(string text, string name, string block, string file)
    {
        var (begin, end) = Markers(name);
        int b = text.IndexOf(begin, StringComparison.Ordinal), e = text.IndexOf(end, StringComparison.Ordinal);
        if (b < 0 || e < 0 || e < b)
            throw new InputError($"{file}: the generated block \"{name}\" needs the lines \"{begin}\" and \"{end}\", in that order");
        return text[..(b + begin.Length)] + "\n" + block.TrimEnd('\n') + "\n" + text[e..];
    }

    /// <summary>One finding: its number, the protocol its heading names, the heading and its anchor in docs/findings.md.</summary>
    public sealed record Finding(string Id, string Protocol, string Title, string Anchor);

    [GeneratedRegex(@"^## (F\d+)\. ([^:]+): (.*)$")]
    private static partial Regex FindingHeading();

    /// <summary>The findings of docs/findings.md, from its "## Fn. Protocol: title" headings.</summary>
    public static IReadOnlyList<Finding> Findings(string findingsPath)
    {
        if (!File.Exists(findingsPath)) throw new InputError($"{findingsPath}: not found");
        var list = new List<Finding>();
        foreach (var line in File.ReadLines(findingsPath))
        {
            var m = FindingHeading().Match(line);
            if (!m.Success) continue;
            var title = m.Groups[2].Value.Trim();
            var p = All.FirstOrDefault(x => x.Title == title || x.Name == title)
                    ?? throw new InputError($"{findingsPath}: finding {m.Groups[1].Value} names protocol \"{title}\", which is not one of {string.Join(", ", All.Select(x => x.Title))}");
            list.Add(new(m.Groups[1].Value, p.Name, m.Groups[3].Value.Trim(), Anchor(line[3..])));
        }
        return list;
    }

    /// <summary>GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.</summary>
    public static string Anchor(string heading) =>
        string.Concat(heading.ToLowerInvariant().Where(c => char.IsLetterOrDigit(c) || c is ' ' or '-' or '_')).Replace(' ', '-');

    private static string Count(int fast, int full) => full == 0 ? $"{fast} fast" : $"{fast} fast, {full} full";

    /// <summary>The README's status table.</summary>
    public static string StatusTable(Catalogue catalogue, Manifest m, PTestManifest p, CoyoteTestManifest c, IReadOnlyList<Finding> findings,
        string? repoRoot = null)
    {
        var sb = new StringBuilder();
        sb.AppendLine("| protocol | TLA+ models (TLC) | P tests | Coyote tests | trace specs (Coyote runs checked by TLC) | catalogue IDs | findings |");
        sb.AppendLine("|---|---|---|---|---|---|---|");
        foreach (var pr in All)
        {
            var models = m.Models.Where(x => x.Protocol == pr.Name).ToList();
            var pt = p.Tests.Where(x => x.Protocol == pr.Name).ToList();
            var ct = c.Tests.Where(x => x.Protocol == pr.Name).ToList();
            var ids = catalogue.Entries.Where(x => x.Protocol == pr.Name).ToList();
            string Models()
            {
                int pass = models.Count(x => x.Expect.Kind == Core.VerdictKind.Pass), wit = models.Count(x => x.Witness is not null);
                return $"{Count(models.Count(x => x.Tier == Core.Tier.Fast), models.Count(x => x.Tier == Core.Tier.Full))}: " +
                       $"{pass} pass, {wit} witnesses, {models.Count - pass - wit} must fail";
            }
            string Tests(int fast, int full, int pass, int all) =>
                all == 0 ? "—" : $"{Count(fast, full)}: {pass} pass, {all - pass} must fail";
            var title = pr.Folder is null ? $"{pr.Title} (`specs/{pr.Name}.tla`)" : $"[{pr.Title}](docs/{pr.Folder}/README.md)";
            var fs = findings.Where(f => f.Protocol == pr.Name).Select(f => $"[{f.Id}](docs/findings.md#{f.Anchor})");
            var prefixes = ids.Select(x => x.Id[..x.Id.IndexOf('-')]).Distinct().Select(x => x + "-*");
            // Trace specs live beside the protocol's model modules (configs/PROTOCOL/TraceX.tla with its cfg).
            var traceDir = repoRoot is null ? null : Path.Combine(repoRoot, "configs", pr.Name);
            var traces = traceDir is not null && Directory.Exists(traceDir)
                ? Directory.EnumerateFiles(traceDir, "Trace*.tla").Where(f => File.Exists(Path.ChangeExtension(f, ".cfg")))
                    .Select(f => $"`{Path.GetFileNameWithoutExtension(f)}`").Order(StringComparer.Ordinal).ToList()
                : [];
            sb.AppendLine($"| {title} | {Models()} | " +
                          $"{Tests(pt.Count(x => x.Tier == Core.Tier.Fast), pt.Count(x => x.Tier == Core.Tier.Full), pt.Count(x => x.Expect.Kind == Core.VerdictKind.Pass), pt.Count)} | " +
                          $"{Tests(ct.Count(x => x.Tier == Core.Tier.Fast), ct.Count(x => x.Tier == Core.Tier.Full), ct.Count(x => x.Expect.Kind == Core.VerdictKind.Pass), ct.Count)} | " +
                          $"{(traces.Count == 0 ? "—" : string.Join(", ", traces))} | " +
                          $"{ids.Count} ({string.Join(", ", prefixes)}) | {(fs.Any() ? string.Join(", ", fs) : "—")} |");
        }
        return sb.ToString();
    }

    private static string Cell(string s) => s.Replace("|", "\\|");

    private static string Num(long? n) => n is { } x ? x.ToString("N0", CultureInfo.InvariantCulture) : "";

    private static string Secs(double? s) => s is { } x ? x.ToString("0.#", CultureInfo.InvariantCulture) : "";

    /// <summary>The generated section of a protocol's page.</summary>
    public static string PageSection(Protocol pr, Catalogue catalogue, Manifest m, PTestManifest p, CoyoteTestManifest c, IReadOnlyList<Finding> findings,
        string? repoRoot = null)
    {
        var sb = new StringBuilder();
        var ids = catalogue.Entries.Where(x => x.Protocol == pr.Name).ToList();
        sb.AppendLine($"### Properties ({ids.Count})");
        sb.AppendLine();
        sb.AppendLine("Each ID names one property at every level; [the catalogue](../invariants.md) links each to its definitions and lists the mutants that must break it.");
        sb.AppendLine("The three name columns are the property's name at each level: the TLA+ definition TLC checks, the P spec monitor,");
        sb.AppendLine("and the C# monitor on the Coyote actors (— where that level does not check it).");
        sb.AppendLine();
        sb.AppendLine("| ID | property | kind | TLA+ | P | C# | statement |");
        sb.AppendLine("|---|---|---|---|---|---|---|");
        static string Name(string? n) => n is null ? "—" : $"`{Cell(n)}`";
        foreach (var e in ids)
            sb.AppendLine($"| {e.Id} | {Cell(e.Name)} | {Cell(e.KindText)} | {Name(e.Tla)} | {Name(e.P)} | {Name(e.CSharp)} | {Cell(e.Statement)} |");

        var models = m.Models.Where(x => x.Protocol == pr.Name).ToList();
        sb.AppendLine();
        sb.AppendLine($"### TLC models ({models.Count}: {models.Count(x => x.Tier == Core.Tier.Fast)} fast, {models.Count(x => x.Tier == Core.Tier.Full)} full)");
        sb.AppendLine();
        sb.AppendLine("From `configs/models.json`: the expected verdict, the tier (fast: every `./pando test` and CI; full: on request),");
        sb.AppendLine("how TLC explores it (exhaustive, or seeded simulation: depth × traces, seed), and the last recorded run.");
        sb.AppendLine("Bounds are in each cfg. Run one with `./pando check --model NAME`.");
        sb.AppendLine();
        sb.AppendLine("| model | expectation | tier | exploration | distinct states | seconds |");
        sb.AppendLine("|---|---|---|---|---|---|");
        foreach (var x in models)
        {
            var how = x.Mode == CheckMode.Exhaustive ? "exhaustive"
                : x.Simulation is { } s ? $"simulation {s.Depth} × {Num(s.Traces)}, seed {s.Seed}" : "simulation";
            sb.AppendLine($"| `{x.Name}` | {Cell(x.Expect.ToString())} | {x.Tier.Text()} | {how} | {Num(x.Stats?.Distinct)} | {Secs(x.Stats?.Seconds)} |");
        }

        var pt = p.Tests.Where(x => x.Protocol == pr.Name).ToList();
        sb.AppendLine();
        sb.AppendLine($"### P tests ({pt.Count})");
        sb.AppendLine();
        sb.AppendLine("From `p-models/tests.json`: schedules in the fast tier and the full tier. Run one with `./pando check --p --test NAME`.");
        sb.AppendLine();
        sb.AppendLine("| test | expectation | tier | schedules (fast / full) | seed |");
        sb.AppendLine("|---|---|---|---|---|");
        foreach (var x in pt)
            sb.AppendLine($"| `{x.Name}` | {Cell(x.Expect.ToString())} | {x.Tier.Text()} | {Num(x.FastSchedules)} / {Num(x.FullSchedules)} | {x.Seed}{(x.PinnedSeed ? " (pinned)" : "")} |");

        var ct = c.Tests.Where(x => x.Protocol == pr.Name).ToList();
        sb.AppendLine();
        sb.AppendLine($"### Coyote tests ({ct.Count})");
        sb.AppendLine();
        sb.AppendLine("From `tests/coyote.json`: iterations in the fast tier and the full tier, the strategy, and the seed. Run one with `./pando check --coyote --test NAME`.");
        sb.AppendLine();
        sb.AppendLine("| test | expectation | tier | iterations (fast / full) | strategy | seed |");
        sb.AppendLine("|---|---|---|---|---|---|");
        foreach (var x in ct)
            sb.AppendLine($"| `{x.Name}` | {Cell(x.Expect.ToString())} | {x.Tier.Text()} | {Num(x.FastIterations)} / {Num(x.FullIterations)} | {x.Strategy} | {x.Seed} |");

        var fs = findings.Where(f => f.Protocol == pr.Name).ToList();
        sb.AppendLine();
        sb.AppendLine("### Findings");
        sb.AppendLine();
        if (fs.Count == 0) sb.AppendLine("None.");
        foreach (var f in fs)
        {
            // The finding's counterexample as a picture, when one is committed (bench/finding-pictures.sh).
            var pictureRel = $"findings-pictures/{f.Id}.svg";
            var picture = repoRoot is not null && File.Exists(Path.Combine(repoRoot, "docs", pictureRel)) ? $" ([picture](../{pictureRel}))" : "";
            sb.AppendLine($"- [{f.Id}](../findings.md#{f.Anchor}): {f.Title}{picture}");
        }
        return sb.ToString();
    }

    /// <summary>
    /// Every generated document's path (relative to the repository) and its expected content: the README with its status
    /// table, each protocol's page with its section, and the page's figures (each <c>.msc</c> drawn as an <c>.svg</c>). Reads the current files; a missing page or marker is an
    /// <see cref="InputError"/>.
    /// </summary>
    public static IReadOnlyList<(string Path, string Content)> Render(string root, Catalogue catalogue, Manifest m, PTestManifest p, CoyoteTestManifest c)
    {
        var findings = Findings(Path.Combine(root, "docs", "findings.md"));
        var list = new List<(string, string)>();
        string Read(string rel)
        {
            var path = Path.Combine(root, rel);
            return File.Exists(path) ? File.ReadAllText(path) : throw new InputError($"{rel}: not found (a generated block is written into it)");
        }
        list.Add(("README.md", Splice(Read("README.md"), "status", StatusTable(catalogue, m, p, c, findings, root), "README.md")));
        foreach (var pr in All.Where(x => x.Folder is not null))
        {
            var rel = $"docs/{pr.Folder}/README.md";
            list.Add((rel, Splice(Read(rel), "checks", PageSection(pr, catalogue, m, p, c, findings, root), rel)));
            // The page's figures: each FIGURE.msc beside it is drawn as FIGURE.svg.
            foreach (var msc in Directory.EnumerateFiles(Path.Combine(root, "docs", pr.Folder!), "*.msc").Order(StringComparer.Ordinal))
            {
                var relMsc = Path.GetRelativePath(root, msc).Replace('\\', '/');
                list.Add((Path.ChangeExtension(relMsc, ".svg"), SequenceChart.SvgOfFile(msc, relMsc)));
            }
        }
        return list;
    }
}
