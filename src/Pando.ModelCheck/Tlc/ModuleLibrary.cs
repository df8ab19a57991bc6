namespace Pando.ModelCheck.Tlc;

/// <summary>
/// Finds TLA+ modules the way TLC does for this repository: first beside the model module, then in
/// the manifest's spec folders (passed to TLC as <c>-DTLA-Library</c>). Standard modules that ship
/// inside the TLC jar (Naturals, Sequences, FiniteSets, TLC, ...) are not files here and are skipped.
/// </summary>
public sealed class ModuleLibrary(IReadOnlyList<string> searchDirs)
{
    /// <summary>Folders searched after the model module's own folder.</summary>
    public IReadOnlyList<string> SearchDirs { get; } = searchDirs;

    /// <summary>The file of module <paramref name="name"/>, or null.</summary>
    public string? Find(string name, string? besideDir = null)
    {
        var dirs = besideDir is null ? SearchDirs : SearchDirs.Prepend(besideDir);
        foreach (var dir in dirs)
        {
            var p = System.IO.Path.Combine(dir, name + ".tla");
            if (File.Exists(p)) return p;
        }
        return null;
    }

    /// <summary>All names defined in <paramref name="modulePath"/> and, transitively, in the local modules it extends.</summary>
    public HashSet<string> DefinedNames(string modulePath)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        var seen = new HashSet<string>(StringComparer.Ordinal);
        var dir = System.IO.Path.GetDirectoryName(System.IO.Path.GetFullPath(modulePath))!;
        void Visit(string path)
        {
            if (!seen.Add(System.IO.Path.GetFullPath(path))) return;
            var text = File.ReadAllText(path);
            names.UnionWith(TlaText.Definitions(text));
            foreach (var ext in TlaText.Extends(text))
                if (Find(ext, dir) is { } p) Visit(p);
        }
        Visit(modulePath);
        return names;
    }
}
