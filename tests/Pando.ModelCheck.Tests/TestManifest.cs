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

    /// Leave passing models without a witness (to test that the manifest refuses them).
    public bool AddWitnesses { get; set; } = true;

    /// Writes the manifest. Every passing model needs a reachability witness on its cfg, so one is added (full tier,
    /// after the test's own entries, so Models[i] and the default selection are the test's own) unless the test
    /// wrote one or turned this off.
    public string Write()
    {
        var root = (JsonObject)Root.DeepClone();
        var models = root["models"]!.AsArray();
        if (AddWitnesses)
            foreach (var e in models.OfType<JsonObject>().ToList())
            {
                var cfg = e["cfg"]?.GetValue<string>();
                if (e["expect"]?.GetValue<string>() != "pass" || models.OfType<JsonObject>().Any(w => w["witness"] is not null && w["cfg"]?.GetValue<string>() == cfg)) continue;
                models.Add(new JsonObject
                {
                    ["name"] = e["name"]!.GetValue<string>() + "_witness", ["protocol"] = "Consensus", ["spec"] = "Consensus", ["module"] = "MCConsensus.tla",
                    ["cfg"] = cfg, ["witness"] = "NothingChosenWitness", ["mode"] = "exhaustive", ["expect"] = "violates NothingChosenWitness",
                    ["timeLimitSeconds"] = 60, ["tier"] = "full", ["tags"] = new JsonArray("witness"), ["description"] = "witness", ["stats"] = null,
                });
            }
        return Dir.File("models.json", root.ToJsonString(new System.Text.Json.JsonSerializerOptions { WriteIndented = true }));
    }

    public Manifest Load() => Manifest.Load(Write());

    public string Error()
    {
        var path = Write();
        return Assert.Throws<InputError>(() => Manifest.Load(path)).Message;
    }

    public void Dispose() => Dir.Dispose();
}
