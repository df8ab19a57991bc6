
namespace Pando.Cli;

/// <summary><c>./pando catalogue</c>: regenerate or check docs/invariants.md.</summary>
public static class CatalogueCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando catalogue [--check]

        Regenerates the generated documents: docs/invariants.md, the status table of README.md and the generated
        section of each protocol's page (docs/PROTOCOL/README.md, between its "generated:checks" markers), from docs/invariants.json (the invariant catalogue), configs/models.json
        (which TLC models are expected to violate each property) and p-models/tests.json (which P bug tests are
        expected to violate each P monitor). Fails, writing nothing, when a catalogued property is not defined in its
        TLA+ spec or no model is expected to violate it, when a catalogued P monitor is not declared or no P bug test
        violates it, or when a manifest expects a violation the catalogue does not list.
          --check   write nothing; exit 1 if a generated document is not up to date
          --help    this text
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("catalogue", argv);
        bool check = false;
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            switch (t)
            {
                case "--help" or "-h": Console.WriteLine(Help); return 0;
                case "--check": check = true; break;
                default: throw a.Unknown(t);
            }
        }
        var root = Program.RepoRoot();
        var manifest = Manifest.Load(Path.Combine(root, "configs", "models.json"));
        var catalogue = Catalogue.Load(Path.Combine(root, "docs", "invariants.json"));
        var pTests = Pando.ModelCheck.P.PTestManifest.Load(Path.Combine(root, "p-models", "tests.json"));
        var coyote = Pando.ModelCheck.Coyote.CoyoteTestManifest.Load(Path.Combine(root, "tests", "coyote.json"));
        var problems = catalogue.Problems(manifest, pTests, coyote);
        if (problems.Count > 0)
        {
            foreach (var p in problems) Console.Error.WriteLine($"pando: catalogue: {p}");
            return 1;
        }
        // Everything is rendered (and every marker found) before anything is written.
        var docs = new List<(string Path, string Content)> { ("docs/invariants.md", catalogue.ToMarkdown(manifest, pTests, coyote, root)) };
        docs.AddRange(ProtocolPages.Render(root, catalogue, manifest, pTests, coyote));
        var stale = docs.Where(d => !File.Exists(Path.Combine(root, d.Path)) || File.ReadAllText(Path.Combine(root, d.Path)) != d.Content).ToList();
        if (check)
        {
            foreach (var d in stale) Console.WriteLine($"{d.Path} is stale: run ./pando catalogue");
            if (stale.Count == 0) Console.WriteLine($"{docs.Count} generated documents are up to date");
            return stale.Count == 0 ? 0 : 1;
        }
        foreach (var d in stale)
        {
            File.WriteAllText(Path.Combine(root, d.Path), d.Content);
            Console.WriteLine($"wrote {d.Path}");
        }
        if (stale.Count == 0) Console.WriteLine($"{docs.Count} generated documents were already up to date");
        return 0;
    }
}
