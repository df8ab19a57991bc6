using PandoCoyote.Shared.Quorums;
using PandoCoyote.Shared.Ballots;

namespace PandoCoyote.Tests.Shared;

public class QuorumConstraintTests
{
    private static QuorumReport Pando(int n, int k, int f, int a, int b, int q2) =>
        QuorumConstraints.Validate("pando", [$"n={n}", $"k={k}", $"f={f}", $"q1a={a}", $"q1b={b}", $"q2={q2}"]);

    // Brief Pando §5.1, valid sets V1-V8.
    [Theory]
    [InlineData(3, 1, 1, 2, 2, 2)]
    [InlineData(4, 2, 1, 2, 3, 3)]
    [InlineData(4, 1, 1, 2, 2, 3)]
    [InlineData(5, 2, 1, 2, 3, 4)]
    [InlineData(5, 2, 1, 3, 4, 3)]
    [InlineData(5, 3, 1, 3, 4, 4)]
    [InlineData(6, 2, 2, 3, 4, 4)]
    [InlineData(6, 2, 1, 2, 3, 5)]
    public void Pando_valid_sets_V1_to_V8_are_valid(int n, int k, int f, int a, int b, int q2)
    {
        var r = Pando(n, k, f, a, b, q2);
        Assert.True(r.Valid, r.Explain());
    }

    // Brief Pando §5.1, invalid sets X1-X8 (n, k, f, q1a, q1b, q2) with the constraints each breaks.
    public static readonly TheoryData<int, int, int, int, int, int, string> PandoInvalidSets = new()
    {
        { 3, 1, 1, 1, 2, 2, "C1" }, { 5, 2, 1, 2, 4, 3, "C1" }, { 4, 2, 1, 2, 2, 3, "C2" }, { 6, 2, 2, 4, 4, 3, "C2" },
        { 4, 2, 1, 1, 3, 3, "C1,C3" }, { 4, 2, 1, 2, 3, 4, "C4" }, { 3, 2, 1, 2, 2, 2, "C2" }, { 5, 3, 1, 2, 4, 4, "C3" },
    };

    [Theory]
    [MemberData(nameof(PandoInvalidSets))]
    public void Pando_invalid_sets_X1_to_X8_name_exactly_the_broken_constraints(int n, int k, int f, int a, int b, int q2, string broken)
    {
        var r = Pando(n, k, f, a, b, q2);
        Assert.False(r.Valid);
        Assert.Equal(broken.Split(','), r.Broken.Select(x => x.Id));
        foreach (var id in broken.Split(',')) Assert.Contains(id + " ", r.Explain());
    }

    [Fact]
    public void Pando_C4_prime_is_only_a_warning()
    {
        var r = Pando(5, 1, 1, 3, 2, 4); // q1a > q1b; everything else holds
        Assert.True(r.Valid, r.Explain());
        Assert.Contains(r.Results, x => x.Id == "C4'" && !x.Holds && x.WarningOnly);
    }

    [Theory]
    [InlineData("rspaxos", "n=5 x=3 qr=4 qw=4", true)]
    [InlineData("rspaxos", "n=4 x=2 qr=3 qw=3", true)]
    [InlineData("rspaxos", "n=7 x=2 qr=4 qw=4", false)]
    [InlineData("abd", "m=5 q1=3 q2=3 f=2", true)]
    [InlineData("abd", "m=5 q1=2 q2=3", false)]
    [InlineData("cas", "m=5 k=3 q1=4 q2=4 q3=4 q4=4 f=1", true)]
    [InlineData("cas", "m=5 k=3 q1=3 q2=3 q3=3 q4=3", false)]
    [InlineData("pqr", "n=5 q1=2 q2=4 rq=2", true)]
    [InlineData("pqr", "n=5 q1=3 q2=3 rq=2", false)]
    [InlineData("pqr", "n=4 q1=2 q2=2 rq=3", false)]
    [InlineData("alia", "n=25 qroot=13 f=12", true)]
    [InlineData("alia", "n=25 qroot=12", false)]
    public void Other_protocols_follow_their_briefs(string protocol, string args, bool valid)
    {
        var r = QuorumConstraints.Validate(protocol, args.Split(' '));
        Assert.Equal(valid, r.Valid);
    }

    [Fact]
    public void Usage_errors_are_named()
    {
        Assert.Contains("unknown protocol \"paxos\"", Assert.Throws<QuorumUsageException>(() => QuorumConstraints.Validate("paxos", ["n=3"])).Message);
        Assert.Contains("unknown parameter \"q3\"", Assert.Throws<QuorumUsageException>(() => QuorumConstraints.Validate("pando", ["n=3", "q3=1"])).Message);
        Assert.Contains("missing k, f, q1a, q1b, q2", Assert.Throws<QuorumUsageException>(() => QuorumConstraints.Validate("pando", ["n=3"])).Message);
        Assert.Contains("n must be an integer, got \"three\"", Assert.Throws<QuorumUsageException>(() => QuorumConstraints.Validate("pando", ["n=three"])).Message);
        Assert.Contains("is not key=value", Assert.Throws<QuorumUsageException>(() => QuorumConstraints.Validate("pando", ["n"])).Message);
    }

    [Fact]
    public void Out_of_range_sizes_make_the_set_invalid()
    {
        var r = Pando(4, 2, 1, 0, 3, 3);
        Assert.False(r.Valid);
        Assert.Contains(r.Broken, x => x.Id == "R" && x.WithNumbers == "q1a = 0");
    }
}

public class QuorumSystemTests
{
    [Fact]
    public void Threshold_and_explicit_systems_agree_on_intersections()
    {
        var q1a = new ThresholdQuorums(4, 2);
        var q2 = new ThresholdQuorums(4, 3);
        Assert.Equal(1, q1a.MinIntersection(q2));
        var explicitQ2 = new ExplicitQuorums(4, q2.Quorums().Select(q => q.ToArray()));
        Assert.Equal(1, q1a.MinIntersection(explicitQ2));
        Assert.Equal(4, q2.Quorums().Count());
        Assert.True(q2.SurvivesFailures(1));
        Assert.False(q2.SurvivesFailures(2));
        Assert.True(explicitQ2.SurvivesFailures(1));
    }

    [Fact]
    public void Explicit_quorums_detect_containment_and_reject_bad_sets()
    {
        var q = new ExplicitQuorums(5, [[0, 1], [2, 3, 4]]);
        Assert.True(q.ContainsQuorum(new HashSet<int> { 0, 1, 4 }));
        Assert.False(q.ContainsQuorum(new HashSet<int> { 0, 2, 3 }));
        Assert.Throws<ArgumentException>(() => new ExplicitQuorums(3, [[0, 5]]));
        Assert.Throws<ArgumentException>(() => new ThresholdQuorums(3, 4));
    }

    [Fact]
    public void Ballots_order_by_round_then_tag_and_None_is_lowest()
    {
        var fe1 = new Ballot(0, 7);
        var fe2 = new Ballot(0, 9);
        var leader = new Ballot(1, 0);
        Assert.True(fe2 > fe1 && leader > fe2 && fe1 > Ballot.None);
        Assert.Equal([Ballot.None, fe1, fe2, leader], new[] { leader, fe2, Ballot.None, fe1 }.Order());
    }
}
