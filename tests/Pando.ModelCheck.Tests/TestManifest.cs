using System.Text.Json.Nodes;

namespace Pando.ModelCheck.Tests;

/// Builds small manifests in a temporary folder around copies of the real Consensus models.
internal sealed class TestManifest : IDisposable
{
    public TempDir Dir { get; } = Repo.Temp();
    public JsonObject Root { get; }
    public JsonArray Models => Root["models"]!.AsArray();

    public TestManifest()
    {
        var src = Path.Combine(Repo.Root, "configs", "Consensus");
        foreach (var f in Directory.GetFiles(src)) File.Copy(f, Path.Combine(Dir.Path, Path.GetFileName(f)));
        Root = new JsonObject { ["specDirs"] = new JsonArray(Path.Combine(Repo.Root, "specs")), ["models"] = new JsonArray() };
    }

    /// A valid entry for one of the Consensus cfgs; tests then break one field.
    public JsonObject Add(string name, string cfg, string expect, bool checkDeadlock = false)
    {
        var e = new JsonObject
        {
            ["name"] = name, ["protocol"] = "Consensus", ["spec"] = "Consensus", ["module"] = "MCConsensus.tla",
            ["cfg"] = cfg, ["mode"] = "exhaustive", ["expect"] = expect, ["timeLimitSeconds"] = 60, ["tier"] = "fast",
            ["tags"] = new JsonArray("test"), ["description"] = "test model", ["stats"] = null,
        };
        if (checkDeadlock) e["checkDeadlock"] = true;
        Models.Add(e);
        return e;
    }

    public string Write() => Dir.File("models.json", Root.ToJsonString(new System.Text.Json.JsonSerializerOptions { WriteIndented = true }));

    public Manifest Load() => Manifest.Load(Write());

    public string Error()
    {
        var path = Write();
        return Assert.Throws<InputError>(() => Manifest.Load(path)).Message;
    }

    public void Dispose() => Dir.Dispose();
}
