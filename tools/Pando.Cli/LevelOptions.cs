namespace Pando.Cli;

/// <summary>The options the P and Coyote levels share: which tests, which tier, list or record, which manifest.</summary>
public abstract record LevelOptions
{
    /// <summary>Test names (<c>--test</c>); empty = all.</summary>
    public List<string> Names { get; init; } = [];
    /// <summary>Protocols (<c>--protocol</c>); empty = all.</summary>
    public List<string> Protocols { get; init; } = [];
    /// <summary>Whose counts run (<c>--tier</c>, default fast as ./pando test and CI).</summary>
    public Tier Tier { get; init; } = Tier.Fast;
    /// <summary><c>--list</c>: list only.</summary>
    public bool List { get; init; }
    /// <summary><c>--record</c>: write statistics into the manifest and the benchmark page.</summary>
    public bool Record { get; init; }
    /// <summary><c>--manifest</c>, or null for the level's default.</summary>
    public string? ManifestPath { get; init; }
    /// <summary><c>--shard I/N</c>: run only shard I of N of the selection, and write its report (docs/harness.md, "Shards").</summary>
    public Shard? Shard { get; init; }

    /// <summary>Parses a command line: the shared options here, the level's own through <paramref name="own"/>.</summary>
    public static T Parse<T>(string command, IReadOnlyList<string> argv, T initial, string help,
        IReadOnlyDictionary<string, string> aliases, Func<T, string, Args, T?> own) where T : LevelOptions
    {
        var a = new Args(command, argv);
        var o = initial;
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            var token = a.Canonical(t, aliases);
            switch (token)
            {
                case "--help" or "-h": throw new HelpRequested(help);
                case "--test": o.Names.Add(a.Value(token)); break;
                case "--protocol": o.Protocols.Add(a.Value(token)); break;
                case "--tier": o = o with { Tier = a.TierValue(token) }; break;
                case "--list": o = o with { List = true }; break;
                case "--record": o = o with { Record = true }; break;
                case "--manifest": o = o with { ManifestPath = a.Value(token) }; break;
                case "--shard": o = o with { Shard = Pando.ModelCheck.Core.Shard.Parse(a.Value(token)) }; break;
                default: o = own(o, token, a) ?? throw a.Unknown(t); break;
            }
        }
        return o;
    }
}
