namespace PandoCoyote.Shared.Ballots;

/// <summary>
/// A Paxos ballot ⟨round, tag⟩, ordered by round, then tag (brief Pando §4.1). Front-ends use
/// round 0 and the leader rounds ≥ 1, so every leader ballot exceeds every front-end ballot; the
/// tag makes ballots of different proposers distinct. <see cref="None"/> is below every ballot.
/// </summary>
public readonly record struct Ballot(int Round, long Tag) : IComparable<Ballot>
{
    /// <summary>"No ballot" (TLA+ None = -1): below every real ballot.</summary>
    public static readonly Ballot None = new(-1, -1);

    /// <inheritdoc/>
    public int CompareTo(Ballot other) => Round != other.Round ? Round.CompareTo(other.Round) : Tag.CompareTo(other.Tag);

    /// <summary>Strictly greater.</summary>
    public static bool operator >(Ballot a, Ballot b) => a.CompareTo(b) > 0;
    /// <summary>Strictly smaller.</summary>
    public static bool operator <(Ballot a, Ballot b) => a.CompareTo(b) < 0;
    /// <summary>Greater or equal.</summary>
    public static bool operator >=(Ballot a, Ballot b) => a.CompareTo(b) >= 0;
    /// <summary>Smaller or equal.</summary>
    public static bool operator <=(Ballot a, Ballot b) => a.CompareTo(b) <= 0;

    /// <inheritdoc/>
    public override string ToString() => this == None ? "⊥" : $"⟨{Round},{Tag}⟩";
}
