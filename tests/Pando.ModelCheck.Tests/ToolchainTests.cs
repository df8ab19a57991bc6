namespace Pando.ModelCheck.Tests;

/// Missing Java or TLC gives one message that says what to do, and writes nothing.
public class ToolchainTests
{
    private static Func<string, string?> Env(params (string Key, string? Value)[] vars) =>
        k => vars.FirstOrDefault(v => v.Key == k).Value;

    [Fact]
    public void Missing_java_on_path_says_how_to_install_it()
    {
        var e = Assert.Throws<InputError>(() => ToolchainLocator.FindJava(Env(("PATH", "/nonexistent"))));
        Assert.Contains("Java not found", e.Message);
        Assert.Contains("apt-get install openjdk-17-jre-headless", e.Message);
    }

    [Fact]
    public void Bad_JAVA_HOME_is_named()
    {
        var e = Assert.Throws<InputError>(() => ToolchainLocator.FindJava(Env(("JAVA_HOME", "/nonexistent/jdk"))));
        Assert.Contains("JAVA_HOME is /nonexistent/jdk but /nonexistent/jdk/bin/java does not exist", e.Message);
    }

    [Fact]
    public void Java_on_path_is_found_with_its_version()
    {
        var (path, major) = ToolchainLocator.FindJava(Env(("PATH", Environment.GetEnvironmentVariable("PATH"))));
        Assert.True(File.Exists(path));
        Assert.True(major >= 11);
    }

    [Fact]
    public void TLA2TOOLS_JAR_pointing_nowhere_is_named()
    {
        using var t = Repo.Temp();
        var e = Assert.Throws<InputError>(() => ToolchainLocator.Locate(t.Path,
            Env(("PATH", Environment.GetEnvironmentVariable("PATH")), ("TLA2TOOLS_JAR", "/nonexistent/tla2tools.jar"))));
        Assert.Contains("TLA2TOOLS_JAR is /nonexistent/tla2tools.jar but that file does not exist", e.Message);
    }

    [Fact]
    public void Failed_download_says_to_set_TLA2TOOLS_JAR_and_writes_nothing()
    {
        using var t = Repo.Temp();
        var e = Assert.Throws<InputError>(() => ToolchainLocator.Locate(t.Path,
            Env(("PATH", Environment.GetEnvironmentVariable("PATH")), ("PANDO_TLA2TOOLS_URL", "http://127.0.0.1:9/tla2tools.jar"))));
        Assert.Contains("set TLA2TOOLS_JAR", e.Message, StringComparison.OrdinalIgnoreCase);
        Assert.Empty(Directory.GetFileSystemEntries(t.Path));
    }

    [Fact]
    public void A_cached_jar_is_used_only_when_its_sha256_matches_the_pin()
    {
        using var t = Repo.Temp();
        t.File(".pando/tools/tla2tools.jar", "not a jar");
        var e = Assert.Throws<InputError>(() => ToolchainLocator.Locate(t.Path,
            Env(("PATH", Environment.GetEnvironmentVariable("PATH")), ("PANDO_TLA2TOOLS_URL", "http://127.0.0.1:9/tla2tools.jar"))));
        Assert.Contains("downloading", e.Message);
    }

    [Fact]
    public void The_pinned_hash_is_the_hash_of_the_shared_toolchain_jar_when_present()
    {
        var shared = Path.Combine(Repo.Root, "..", "shared", "toolchain", "tla2tools.jar");
        // The shared jar is the one the pin was taken from; elsewhere check the jar the harness is told to use.
        var jar = File.Exists(shared) ? shared : Environment.GetEnvironmentVariable("TLA2TOOLS_JAR") ?? shared;
        Assert.True(File.Exists(jar), $"no TLC jar at {jar}: set TLA2TOOLS_JAR");
        Assert.Equal(ToolchainLocator.PinnedSha256, ToolchainLocator.Sha256(jar));
    }
}
