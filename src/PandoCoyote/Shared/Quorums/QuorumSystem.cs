namespace PandoCoyote.Shared.Quorums;

/// <summary>
/// A family of quorums over a set of sites: either every subset of a given size (threshold) or an
/// explicit list of sets. Protocols ask whether the sites that answered contain a quorum, and
/// validators ask how small the intersection of two families can be.
/// </summary>
public abstract class QuorumSystem
{
    /// <summary>The sites (0..N-1).</summary>
    public int Sites { get; }

    /// <summary>Creates a system over <paramref name="sites"/> sites.</summary>
    protected QuorumSystem(int sites)
    {
        if (sites < 1) throw new ArgumentException($"a quorum system needs at least one site, got {sites}");
        Sites = sites;
    }

    /// <summary>True when <paramref name="responders"/> contains a quorum.</summary>
    public abstract bool ContainsQuorum(IReadOnlySet<int> responders);

    /// <summary>The quorums, enumerated (threshold systems enumerate all subsets of their size).</summary>
    public abstract IEnumerable<IReadOnlySet<int>> Quorums();

    /// <summary>The smallest |A ∩ B| over A in this family and B in <paramref name="other"/>.</summary>
    public virtual int MinIntersection(QuorumSystem other)
    {
        if (this is ThresholdQuorums a && other is ThresholdQuorums b && a.Sites == b.Sites)
            return Math.Max(0, a.Size + b.Size - Sites);
        return Quorums().SelectMany(x => other.Quorums(), (x, y) => x.Count(y.Contains)).DefaultIfEmpty(0).Min();
    }

    /// <summary>True when, with any <paramref name="failures"/> sites down, some quorum is fully up.</summary>
    public virtual bool SurvivesFailures(int failures) =>
        this is ThresholdQuorums t ? t.Size <= Sites - failures
        : Subsets(Sites, failures).All(down => Quorums().Any(q => !q.Overlaps(down)));

    /// <summary>All subsets of 0..n-1 of size k.</summary>
    protected static IEnumerable<HashSet<int>> Subsets(int n, int k)
    {
        if (k == 0) { yield return []; yield break; }
        for (int first = 0; first <= n - k; first++)
            foreach (var rest in Subsets(n - first - 1, k - 1))
                yield return [first, .. rest.Select(x => x + first + 1)];
    }
}

/// <summary>Every subset of <see cref="Size"/> sites is a quorum.</summary>
public sealed class ThresholdQuorums : QuorumSystem
{
    /// <summary>Quorum size.</summary>
    public int Size { get; }

    /// <summary>Creates the family of all <paramref name="size"/>-subsets of <paramref name="sites"/> sites.</summary>
    public ThresholdQuorums(int sites, int size) : base(sites)
    {
        if (size < 1 || size > sites) throw new ArgumentException($"quorum size {size} is outside 1..{sites}");
        Size = size;
    }

    /// <inheritdoc/>
    public override bool ContainsQuorum(IReadOnlySet<int> responders) => responders.Count(s => s >= 0 && s < Sites) >= Size;

    /// <inheritdoc/>
    public override IEnumerable<IReadOnlySet<int>> Quorums() => Subsets(Sites, Size);
}

/// <summary>An explicit list of quorums (e.g. the hand-picked ones of a deployment plan).</summary>
public sealed class ExplicitQuorums : QuorumSystem
{
    private readonly List<HashSet<int>> _quorums;

    /// <summary>Creates the family; every quorum must be a non-empty subset of 0..sites-1.</summary>
    public ExplicitQuorums(int sites, IEnumerable<IEnumerable<int>> quorums) : base(sites)
    {
        _quorums = quorums.Select(q => q.ToHashSet()).ToList();
        if (_quorums.Count == 0) throw new ArgumentException("an explicit quorum system needs at least one quorum");
        foreach (var q in _quorums)
            if (q.Count == 0 || q.Any(s => s < 0 || s >= sites))
                throw new ArgumentException($"quorum {{{string.Join(",", q)}}} is empty or names a site outside 0..{sites - 1}");
    }

    /// <inheritdoc/>
    public override bool ContainsQuorum(IReadOnlySet<int> responders) => _quorums.Any(q => q.IsSubsetOf(responders));

    /// <inheritdoc/>
    public override IEnumerable<IReadOnlySet<int>> Quorums() => _quorums;
}
