using Pando.ModelCheck.Suite;

namespace Pando.Cli;

/// <summary><c>./pando explain</c>: a counterexample as a picture.</summary>
public static class ExplainCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando explain --model NAME [--out FILE.svg] [--trace FILE.txt]
               ./pando explain --msc FILE.msc [--out FILE.svg]

        --model NAME   runs the TLC model NAME of configs/models.json (any tier; its witnesses apart) and draws the
                       counterexample TLC prints as a message sequence chart: a lane per node, an arrow per message
                       sent (its type and fields), a note for each node's changed state, a divider per step naming
                       its TLA+ action, and the violated property at the end. The model must be expected to fail
                       (a mutant, a finding, a witness); a model that passes has no counterexample to draw.
        --msc FILE     draws a chart written by hand in the text form (see docs/guide.md, "Pictures").
        --out FILE     where the SVG goes (default .pando/out/explain/NAME.svg)
        --trace FILE   also write TLC's counterexample as a step table (plain text) to FILE
        --help         this text

        Exit codes: 0 drawn, 1 TLC found no counterexample (or not the expected one), 2 bad input (nothing written).
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("explain", argv);
        string? model = null, msc = null, outPath = null, tracePath = null;
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            switch (t)
            {
                case "--help" or "-h": throw new HelpRequested(Help);
                case "--model": model = a.Value(t); break;
                case "--msc": msc = a.Value(t); break;
                case "--out": outPath = a.Value(t); break;
                case "--trace": tracePath = a.Value(t); break;
                default: throw a.Unknown(t);
            }
        }
        if ((model is null) == (msc is null)) throw new UsageError("explain: give exactly one of --model NAME and --msc FILE");
        if (msc is not null)
        {
            if (tracePath is not null) throw new UsageError("explain: --trace goes with --model");
            if (!File.Exists(msc)) throw new InputError($"{msc}: not found");
            return Write(outPath ?? Path.ChangeExtension(msc, ".svg"), SequenceChart.SvgOfFile(msc));
        }

        var root = Program.RepoRoot();
        var manifest = Manifest.Load(Path.Combine(root, "configs", "models.json"));
        var entry = manifest.Models.FirstOrDefault(m => m.Name == model)
                    ?? throw new InputError($"--model {model}: no model of that name in configs/models.json (see ./pando check --list --all)");
        if (entry.Expect.Kind == VerdictKind.Pass)
            throw new InputError($"--model {model}: this model is expected to pass, so TLC prints no counterexample to draw (pick a mutant, witness or finding model)");
        var tools = ToolchainLocator.Locate(root);
        var session = new CheckSession(tools, manifest, Path.Combine(root, ".pando", "out", "explain", "check"));
        Console.WriteLine($"running TLC on {model} (expect {entry.Expect})");
        // One TLC worker: breadth-first search then prints the same counterexample every time, so a committed picture
        // can be redrawn and compared.
        var report = session.Run([entry], new CheckOptions(1, false, FoldWitnesses: false, Workers: 1), CancellationToken.None).Single();
        var result = report.Run.Result;
        if (result.Trace is not { } trace)
        {
            Console.Error.WriteLine($"pando: explain: TLC gave no counterexample for {model}: {result.Kind}{(result.Property is null ? "" : " " + result.Property)} (log: {report.Run.LogPath})");
            return 1;
        }
        var what = $"{result.Kind.ToString().ToLowerInvariant()} {result.Property}".Trim();
        // The catalogue names the property: its ID and statement end the chart.
        var catalogue = Catalogue.Load(Path.Combine(root, "docs", "invariants.json"));
        var property = catalogue.Entries.FirstOrDefault(e => e.Tla == result.Property && string.Equals(e.Protocol, entry.Protocol, StringComparison.OrdinalIgnoreCase))
                       ?? catalogue.Entries.FirstOrDefault(e => e.Tla == result.Property);
        var ending = property is null ? what : $"{what} [{property.Id}]: {property.Statement}";
        // The spec and its model-checking module may name the sender and receiver fields of their message types.
        var hints = TraceChart.Hints(new[] { manifest.Library.Find(entry.Spec), entry.ModulePath }
            .Where(f => f is not null && File.Exists(f)).Select(f => File.ReadAllText(f!)));
        var chartOf = TraceChart.From(trace, $"{model}: {trace.States.Count} states, then {what}", ending.Length > 160 ? ending[..159] + "…" : ending, hints);
        if (tracePath is not null)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(tracePath))!);
            File.WriteAllText(tracePath, $"{model}: TLC's counterexample ({what})\n\n{trace.ToText()}");
            Console.WriteLine($"wrote {tracePath}");
        }
        int code = Write(outPath ?? Path.Combine(root, ".pando", "out", "explain", model + ".svg"), chartOf.ToSvg());
        return report.Judgement.Ok ? code : 1;
    }

    private static int Write(string path, string svg)
    {
        Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(path))!);
        File.WriteAllText(path, svg);
        Console.WriteLine($"wrote {path}");
        return 0;
    }
}
