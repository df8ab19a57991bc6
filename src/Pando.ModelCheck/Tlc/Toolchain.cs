using System.Diagnostics;
using System.Security.Cryptography;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.Tlc;

/// <summary>A located Java runtime and TLA+ tools jar.</summary>
/// <param name="Java">Path of the <c>java</c> executable.</param>
/// <param name="JavaMajor">Its major version (≥ 11).</param>
/// <param name="Jar">Path of tla2tools.jar.</param>
/// <param name="JarSource">Where the jar came from (environment, cache, download).</param>
public sealed record Toolchain(string Java, int JavaMajor, string Jar, string JarSource);

/// <summary>
/// Finds Java and TLC. Java: <c>JAVA_HOME/bin/java</c>, then <c>java</c> on <c>PATH</c>; version ≥ 11.
/// TLC: <c>TLA2TOOLS_JAR</c> when set; otherwise a cached copy in <c>.pando/tools/</c> whose sha256
/// matches the pin; otherwise a download of the pinned release, checked against the same sha256.
/// </summary>
public static partial class ToolchainLocator
{
    /// <summary>The pinned official release of the TLA+ tools (TLC 2.15, the 1.7.0 line).</summary>
    public const string PinnedUrl = "https://github.com/tlaplus/tlaplus/releases/download/v1.7.0/tla2tools.jar";
    /// <summary>sha256 of the pinned jar (TLC 2.15, rev d5b5a7f, 2,243,073 bytes).</summary>
    public const string PinnedSha256 = "58c6df9a1045beb341ee947bc640fe8d89988ad1d0b700e392aa8dd97502129a";

    /// <summary>Locates both tools or throws an <see cref="InputError"/> saying exactly what to do.</summary>
    /// <param name="repoRoot">Repository root (the cache lives under <c>.pando/tools</c>).</param>
    /// <param name="env">Environment lookup (tests pass their own).</param>
    public static Toolchain Locate(string repoRoot, Func<string, string?>? env = null)
    {
        env ??= Environment.GetEnvironmentVariable;
        var (java, major) = FindJava(env);
        var (jar, source) = FindJar(repoRoot, env);
        return new Toolchain(java, major, jar, source);
    }

    private const string JavaHint = "install a Java runtime 11 or newer (Debian: apt-get install openjdk-17-jre-headless) or set JAVA_HOME";

    /// <summary>Finds java and checks its version.</summary>
    public static (string Path, int Major) FindJava(Func<string, string?> env)
    {
        string? java = null;
        if (env("JAVA_HOME") is { Length: > 0 } home)
        {
            var p = Path.Combine(home, "bin", "java");
            if (!File.Exists(p)) throw new InputError($"JAVA_HOME is {home} but {p} does not exist; {JavaHint}");
            java = p;
        }
        else
        {
            foreach (var dir in (env("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
            {
                var p = Path.Combine(dir, "java");
                if (File.Exists(p)) { java = p; break; }
            }
        }
        if (java is null) throw new InputError($"Java not found (no JAVA_HOME, no java on PATH): {JavaHint}");
        var major = JavaMajorVersion(java);
        if (major < 11) throw new InputError($"{java} is Java {major}; TLC here needs Java 11 or newer: {JavaHint}");
        return (java, major);
    }

    [GeneratedRegex("version \"(\\d+)(?:\\.(\\d+))?")]
    private static partial Regex JavaVersionRx();

    private static int JavaMajorVersion(string java)
    {
        try
        {
            var psi = new ProcessStartInfo(java, "-version") { RedirectStandardError = true, RedirectStandardOutput = true };
            using var p = Process.Start(psi)!;
            var text = p.StandardError.ReadToEnd() + p.StandardOutput.ReadToEnd();
            p.WaitForExit();
            var m = JavaVersionRx().Match(text);
            if (!m.Success) throw new InputError($"{java} -version printed no version I can read: {text.Trim()}");
            int first = int.Parse(m.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture);
            return first == 1 && m.Groups[2].Success ? int.Parse(m.Groups[2].Value, System.Globalization.CultureInfo.InvariantCulture) : first;
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            throw new InputError($"{java} cannot be run ({e.Message}); {JavaHint}");
        }
    }

    private static (string Path, string Source) FindJar(string repoRoot, Func<string, string?> env)
    {
        if (env("TLA2TOOLS_JAR") is { Length: > 0 } set)
        {
            if (!File.Exists(set)) throw new InputError($"TLA2TOOLS_JAR is {set} but that file does not exist; point it at a tla2tools.jar (TLC 2.15 or newer)");
            return (Path.GetFullPath(set), "TLA2TOOLS_JAR");
        }
        var cacheDir = Path.Combine(repoRoot, ".pando", "tools");
        var cached = Path.Combine(cacheDir, "tla2tools.jar");
        if (File.Exists(cached) && Sha256(cached) == PinnedSha256) return (cached, "cache (.pando/tools)");
        var url = env("PANDO_TLA2TOOLS_URL") is { Length: > 0 } u ? u : PinnedUrl;
        // Download to a temporary file; the cache folder is created only once the jar is verified.
        var partial = Path.Combine(Path.GetTempPath(), $"tla2tools-{Environment.ProcessId}-{Guid.NewGuid():N}.part");
        try
        {
            using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(60) };
            using (var resp = http.GetAsync(url, HttpCompletionOption.ResponseHeadersRead).GetAwaiter().GetResult())
            {
                resp.EnsureSuccessStatusCode();
                using var fs = File.Create(partial);
                resp.Content.CopyToAsync(fs).GetAwaiter().GetResult();
            }
            var sha = Sha256(partial);
            if (sha != PinnedSha256)
            {
                File.Delete(partial);
                throw new InputError($"downloaded {url} but its sha256 is {sha}, not the pinned {PinnedSha256}; refusing to use it. Set TLA2TOOLS_JAR to a verified tla2tools.jar");
            }
            Directory.CreateDirectory(cacheDir);
            File.Move(partial, cached, overwrite: true);
            return (cached, $"downloaded from {url}");
        }
        catch (Exception e) when (e is HttpRequestException or TaskCanceledException or IOException)
        {
            if (File.Exists(partial)) File.Delete(partial);
            throw new InputError($"TLC not found: TLA2TOOLS_JAR is not set, no cached jar in .pando/tools, and downloading {url} failed ({e.Message}). Set TLA2TOOLS_JAR to a local tla2tools.jar, e.g. export TLA2TOOLS_JAR=$PWD/../shared/toolchain/tla2tools.jar");
        }
    }

    /// <summary>Lower-case hex sha256 of a file.</summary>
    public static string Sha256(string path)
    {
        using var fs = File.OpenRead(path);
        return Convert.ToHexStringLower(SHA256.HashData(fs));
    }
}
