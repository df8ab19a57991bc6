using PandoCoyote.Pando;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Tests.Pando;

/// Pando's monitors fed scripted observations (no actors): each test states a sequence that must pass or must
/// fail with its catalogue ID, so a monitor that is too weak or too strict shows up here without a long search.
public class MonitorTests
{
    private static CoyoteResult Feed<T>(params object[] observations) where T : Microsoft.Coyote.Specifications.Monitor
    {
        var s = new Scenario("xunit_monitor_" + typeof(T).Name, rt =>
        {
            rt.RegisterMonitor<T>();
            rt.Monitor<T>(new Observation(new ObsConfig(PandoParams.V2)));
            foreach (var o in observations) rt.Monitor<T>(new Observation(o));
        }, Iterations: 1);
        return CoyoteRunner.Run(s, quiet: true);
    }

    private static readonly Ballot Low = new(0, 2101), Mid = new(0, 2201), High = new(0, 4102);

    private static ObsVoted Vote(int site, Ballot b, int vid) => new(site, 0, 1, b, vid, vid == 11 ? "alpha" : "bravo");

    /// The run the full tier found (Pando_V2_partition_versions, iteration 5,545): vid 11 is chosen at the high ballot,
    /// a middle ballot proposed vid 21 before that (its 1a quorum was empty), and a late vote for vid 11 arrives at the
    /// low ballot. Nothing is chosen at the low ballot, so strong stability holds.
    [Fact]
    public void A_late_lower_ballot_vote_for_a_vid_chosen_higher_up_is_not_a_strong_stability_violation()
    {
        var r = Feed<StrongStabilityMonitor>(
            new ObsProposed(0, 1, Mid, 21, "bravo", Kind.Write),
            new ObsProposed(0, 1, High, 11, "alpha", Kind.Write),
            Vote(3, High, 11), Vote(0, High, 11), Vote(2, High, 11),
            new ObsProposed(0, 1, Low, 11, "alpha", Kind.Write),
            Vote(1, Low, 11));
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
    }

    /// The violation the monitor exists for: vid 11 chosen at the low ballot (q2 = 3 votes there), then a higher
    /// ballot proposes another vid.
    [Fact]
    public void A_higher_ballot_proposing_another_vid_after_a_choice_violates_strong_stability()
    {
        var r = Feed<StrongStabilityMonitor>(
            new ObsProposed(0, 1, Low, 11, "alpha", Kind.Write),
            Vote(0, Low, 11), Vote(1, Low, 11), Vote(2, Low, 11),
            new ObsProposed(0, 1, Mid, 21, "bravo", Kind.Write));
        Assert.Equal(CoyoteVerdict.Violates, r.Kind);
        Assert.Equal("PANDO-S2", r.Id);
    }

    /// The same, with the proposal seen before the votes that choose the lower ballot's vid.
    [Fact]
    public void A_choice_below_an_earlier_conflicting_proposal_violates_strong_stability()
    {
        var r = Feed<StrongStabilityMonitor>(
            new ObsProposed(0, 1, Mid, 21, "bravo", Kind.Write),
            Vote(0, Low, 11), Vote(1, Low, 11), Vote(2, Low, 11));
        Assert.Equal(CoyoteVerdict.Violates, r.Kind);
        Assert.Equal("PANDO-S2", r.Id);
    }

    /// Keys are independent: the same version chosen with different vids on two keys is not a disagreement.
    [Fact]
    public void Two_keys_may_choose_different_vids_for_the_same_version()
    {
        var r = Feed<AgreementMonitor>(
            new ObsVoted(0, 0, 1, Low, 11, "alpha"), new ObsVoted(1, 0, 1, Low, 11, "alpha"), new ObsVoted(2, 0, 1, Low, 11, "alpha"),
            new ObsVoted(0, 1, 1, Low, 21, "bravo"), new ObsVoted(1, 1, 1, Low, 21, "bravo"), new ObsVoted(2, 1, 1, Low, 21, "bravo"));
        Assert.True(r.Kind == CoyoteVerdict.Pass, r.Message);
        var bad = Feed<AgreementMonitor>(
            new ObsVoted(0, 1, 1, Low, 11, "alpha"), new ObsVoted(1, 1, 1, Low, 11, "alpha"), new ObsVoted(2, 1, 1, Low, 11, "alpha"),
            new ObsVoted(0, 1, 1, Mid, 21, "bravo"), new ObsVoted(1, 1, 1, Mid, 21, "bravo"), new ObsVoted(3, 1, 1, Mid, 21, "bravo"));
        Assert.Equal(CoyoteVerdict.Violates, bad.Kind);
        Assert.Equal("PANDO-S1", bad.Id);
    }
}
