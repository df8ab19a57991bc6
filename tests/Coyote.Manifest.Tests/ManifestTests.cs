using Pando.ModelCheck.Coyote;
using Pando.ModelCheck.Core;
using Pando.Cli;

namespace Coyote.Manifest.Tests;

/// <summary>
/// Every fast-tier entry of tests/coyote.json as one xunit case, run in this process under Coyote and judged against its
/// expectation and witnesses exactly as <c>./pando check --coyote</c> does. Coyote keeps process-wide state, so the cases
/// run one at a time (xunit.runner.json).
/// </summary>
public class ManifestTests
{
    private static readonly string Root = FindRoot();

    private static string FindRoot()
    {
        if (Environment.GetEnvironmentVariable("PANDO_ROOT") is { Length: > 0 } r) return r;
        for (var d = new DirectoryInfo(AppContext.BaseDirectory); d is not null; d = d.Parent)
            if (File.Exists(Path.Combine(d.FullName, "pando.slnx"))) return d.FullName;
        throw new InvalidOperationException("pando.slnx not found above " + AppContext.BaseDirectory + " (set PANDO_ROOT)");
    }

    private static readonly CoyoteTestManifest Manifest = CoyoteTestManifest.Load(Path.Combine(Root, "tests", "coyote.json"));

    /// <summary>
    /// The cases: the fast tier, of PANDO_MANIFEST_PROTOCOL if set, passing tests only if PANDO_MANIFEST_KIND=pass, and only
    /// the comma-separated names in PANDO_MANIFEST_TESTS if set (<c>./pando mutate --test</c>).
    /// </summary>
    public static TheoryData<string> Cases()
    {
        var protocol = Environment.GetEnvironmentVariable("PANDO_MANIFEST_PROTOCOL");
        bool passOnly = Environment.GetEnvironmentVariable("PANDO_MANIFEST_KIND") == "pass";
        var only = (Environment.GetEnvironmentVariable("PANDO_MANIFEST_TESTS") ?? "").Split(',', StringSplitOptions.RemoveEmptyEntries).ToHashSet();
        var data = new TheoryData<string>();
        foreach (var t in Manifest.Tests.Where(t => t.RunsIn(Tier.Fast)))
            if ((string.IsNullOrEmpty(protocol) || t.Protocol == protocol) && (!passOnly || t.Expect.Kind == VerdictKind.Pass)
                && (only.Count == 0 || only.Contains(t.Name)))
                data.Add(t.Name);
        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Runs_as_the_manifest_expects(string name)
    {
        Environment.SetEnvironmentVariable("PANDO_ROOT", Root);
        var t = Manifest.Tests.Single(x => x.Name == name);
        var j = CoyoteCheckCommand.RunJudged(t, Tier.Fast);
        Assert.True(j.Ok, $"{name}: {j.Message}");
    }
}
