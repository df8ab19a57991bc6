
namespace Pando.ModelCheck.Tests;

/// Locations shared by the tests.
internal static class Repo
{
    public static string Root { get; } = FindRoot();

    private static string FindRoot()
    {
        for (var d = new DirectoryInfo(AppContext.BaseDirectory); d is not null; d = d.Parent)
            if (File.Exists(Path.Combine(d.FullName, "pando.slnx"))) return d.FullName;
        throw new InvalidOperationException("repository root (pando.slnx) not found above " + AppContext.BaseDirectory);
    }

    /// Runs the built CLI (pando.dll beside the tests) from the repository root; returns exit code, stdout, stderr.
    public static (int Code, string Out, string Err) RunCli(params string[] args)
    {
        var dll = Path.Combine(AppContext.BaseDirectory, "pando.dll");
        var psi = new System.Diagnostics.ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, WorkingDirectory = Root };
        psi.ArgumentList.Add(dll);
        foreach (var a in args) psi.ArgumentList.Add(a);
        psi.Environment["PANDO_ROOT"] = Root;
        using var p = System.Diagnostics.Process.Start(psi)!;
        var outTask = p.StandardOutput.ReadToEndAsync();
        var err = p.StandardError.ReadToEnd();
        p.WaitForExit();
        return (p.ExitCode, outTask.Result, err);
    }

    public static string Fixture(string name) => Path.Combine(AppContext.BaseDirectory, "Fixtures", "tlc", name);

    public static TlcResult ParseFixture(string name, int exitCode) =>
        TlcOutputParser.Parse(File.ReadAllText(Fixture(name)), exitCode);

    /// The real toolchain (TLA2TOOLS_JAR, cache or download). End-to-end tests fail, not skip, without it.
    public static Toolchain Tools() => ToolchainLocator.Locate(Root);

    /// A fresh temporary folder, removed by the caller's using.
    public static TempDir Temp() => new();
}

internal sealed class TempDir : IDisposable
{
    public string Path { get; } = Directory.CreateTempSubdirectory("pando-test-").FullName;
    public string File(string name, string text)
    {
        var p = System.IO.Path.Combine(Path, name);
        Directory.CreateDirectory(System.IO.Path.GetDirectoryName(p)!);
        System.IO.File.WriteAllText(p, text);
        return p;
    }
    public void Dispose() { try { Directory.Delete(Path, true); } catch (IOException) { } }
}
