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

/// ./pando lincheck on Pando's version-log histories (the form a PANDO-S17 violation prints).
public class LincheckCliTests
{
    [Fact]
    public void A_version_log_history_is_checked_and_a_malformed_one_is_exit_2()
    {
        var good = Path.GetTempFileName();
        var bad = Path.GetTempFileName();
        try
        {
            File.WriteAllText(good, "1 invoke cput 1 alpha\n2 invoke get 1\n1 return ok\n2 return value alpha\n");
            var r = Repo.RunCli(["lincheck", "--model", "version-log", good]);
            Assert.Equal(0, r.Code);
            Assert.StartsWith("linearizable", r.Out);
            File.WriteAllText(good, "1 invoke cput 1 alpha\n1 return ok\n2 invoke get 1\n2 return empty\n");
            var n = Repo.RunCli(["lincheck", "--model", "version-log", good]);
            Assert.Equal(1, n.Code);
            Assert.StartsWith("not linearizable", n.Out);
            File.WriteAllText(bad, "1 return ok\n");
            var e = Repo.RunCli(["lincheck", "--model", "version-log", bad]);
            Assert.Equal(2, e.Code);
            Assert.Contains("line 1: client 1 returns without an open operation", e.Err);
        }
        finally { File.Delete(good); File.Delete(bad); }
    }
}

/// A --record run of a few tests updates their rows of a benchmark page and keeps the others.
public class MarkdownMergeTests
{
    private const string Head = "# T\n\n| test | n |\n|---|---:|\n";

    [Fact]
    public void Rows_of_other_tests_are_kept_and_rerun_rows_replaced_in_place()
    {
        var f = Path.GetTempFileName();
        try
        {
            File.WriteAllText(f, Head + "| `a` | 1 |\n| `b` | 2 |\n| `c` | 3 |\n\ntail\n");
            Pando.Cli.MarkdownReport.WriteMerged(f, Head + "| `b` | 20 |\n| `d` | 4 |\n\nnew tail\n");
            Assert.Equal(Head + "| `a` | 1 |\n| `b` | 20 |\n| `c` | 3 |\n| `d` | 4 |\n\nnew tail\n", File.ReadAllText(f));
        }
        finally { File.Delete(f); }
    }

    [Fact]
    public void A_table_with_other_columns_is_replaced_whole()
    {
        var f = Path.GetTempFileName();
        try
        {
            File.WriteAllText(f, "# T\n\n| test | seed 1 |\n|---|---:|\n| `a` | 1 |\n");
            Pando.Cli.MarkdownReport.WriteMerged(f, Head + "| `b` | 2 |\n");
            Assert.Equal(Head + "| `b` | 2 |\n", File.ReadAllText(f));
        }
        finally { File.Delete(f); }
    }
}

/// The coverage table of the Coyote page has one column per test: a run of a few tests keeps the full old table.
public class MarkdownMergeWideTests
{
    [Fact]
    public void A_wide_table_of_a_partial_run_keeps_the_old_one()
    {
        var f = Path.GetTempFileName();
        try
        {
            const string Old = "# T\n\n| test | n |\n|---|---:|\n| `a` | 1 |\n\n| path | `a` | `b` |\n|---|---:|---:|\n| p | 1 | 2 |\n";
            File.WriteAllText(f, Old);
            Pando.Cli.MarkdownReport.WriteMerged(f, "# T\n\n| test | n |\n|---|---:|\n| `c` | 3 |\n\n| path | `c` |\n|---|---:|\n| p | 9 |\n", keepWideTables: true);
            Assert.Equal("# T\n\n| test | n |\n|---|---:|\n| `a` | 1 |\n| `c` | 3 |\n\n| path | `a` | `b` |\n|---|---:|---:|\n| p | 1 | 2 |\n", File.ReadAllText(f));
        }
        finally { File.Delete(f); }
    }
}
