namespace Pando.ModelCheck.Tlc;

/// <summary>Which models of the manifest a check runs.</summary>
public sealed record Selection
{
    /// <summary>Protocols (<c>--protocol</c>); empty = all.</summary>
    public List<string> Protocols { get; init; } = [];
    /// <summary>Model names (<c>--model</c>); empty = all. Named models run whatever their tier.</summary>
    public List<string> Names { get; init; } = [];
    /// <summary>Tags (<c>--tag</c>); empty = all.</summary>
    public List<string> Tags { get; init; } = [];
    /// <summary>Tier (<c>--tier</c>); null = fast unless <c>--all</c> or names are given.</summary>
    public Tier? Tier { get; init; }
    /// <summary><c>--all</c>: every tier.</summary>
    public bool AllTiers { get; init; }

    /// <summary>Applies the selection; unknown names, protocols or tags are input errors.</summary>
    public IReadOnlyList<ModelEntry> Apply(Manifest manifest)
    {
        foreach (var n in Names)
            if (!manifest.Models.Any(m => m.Name == n))
                throw new InputError($"--model {n}: no model of that name in {manifest.Path} (see ./pando check --list)");
        foreach (var p in Protocols)
            if (!manifest.Models.Any(m => string.Equals(m.Protocol, p, StringComparison.OrdinalIgnoreCase)))
                throw new InputError($"--protocol {p}: no model of that protocol in {manifest.Path} (protocols: {string.Join(", ", manifest.Models.Select(m => m.Protocol).Distinct())})");
        foreach (var t in Tags)
            if (!manifest.Models.Any(m => m.Tags.Contains(t)))
                throw new InputError($"--tag {t}: no model has that tag in {manifest.Path}");
        Tier? tier = AllTiers ? null : Tier ?? (Names.Count > 0 ? null : Core.Tier.Fast);
        return manifest.Models.Where(m =>
            (Names.Count == 0 || Names.Contains(m.Name)) &&
            (Protocols.Count == 0 || Protocols.Any(p => string.Equals(p, m.Protocol, StringComparison.OrdinalIgnoreCase))) &&
            (Tags.Count == 0 || Tags.Any(m.Tags.Contains)) &&
            (tier is null || m.Tier == tier)).ToList();
    }
}
