namespace Pando.ModelCheck.Tests;

/// The benchmark pages take their reference numbers from the shared material, not from literals in code.
public class BenchTests
{
    [Fact]
    public void Porcupine_reference_times_are_read_from_the_conformance_readme()
    {
        var readme = Path.Combine(Repo.Root, "..", "shared", "conformance", "linearizability", "README.md");
        Assert.True(File.Exists(readme), $"{readme} not found: ../shared must be beside the repository");
        var r = Pando.Cli.BenchCommand.PorcupineReference(readme);
        Assert.Equal(("1.1", "0.26", "3.5", "5.4"), r);
    }

    [Fact]
    public void A_readme_that_does_not_say_gives_dashes()
    {
        var f = Path.GetTempFileName();
        try
        {
            File.WriteAllText(f, "nothing about timings here");
            Assert.Equal(("-", "-", "-", "-"), Pando.Cli.BenchCommand.PorcupineReference(f));
        }
        finally { File.Delete(f); }
    }
}
