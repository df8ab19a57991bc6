using PandoCoyote.Shared.Ballots;

namespace PandoCoyote.Pando;

/// <summary>What Phase 1 concludes so far (brief §4.3).</summary>
public enum Outcome
{
    /// <summary>Keep collecting replies.</summary>
    Wait,
    /// <summary>Writer: a 1a quorum is empty, or a 1b quorum holds nothing recoverable: propose its own value.</summary>
    UseOwn,
    /// <summary>Reader: nothing accepted, or nothing recoverable.</summary>
    Nothing,
    /// <summary>A recoverable vid must be proposed again (its value decoded from K splits).</summary>
    Adopt,
    /// <summary>A commit mark names the chosen vid (writers only).</summary>
    KnownChosen,
    /// <summary>A STALE reply: the version was pruned.</summary>
    DecidedLater,
    /// <summary>NACKs make both the 1a fast path and a 1b quorum impossible.</summary>
    Blocked,
}

/// <summary>
/// A Phase 1 conclusion, with the vid and decoded value to adopt. <paramref name="Heard"/>: the promises the recovery rule
/// judged, when the conclusion came out of it (a 1b quorum, nothing to adopt or a vid to adopt); null otherwise.
/// </summary>
public sealed record Evaluation(Outcome Outcome, int Vid = 0, string? Value = null, IReadOnlyList<Promise>? Heard = null);

/// <summary>Phase-1 replies of one attempt: promises by site, NACKing sites, and whether a STALE came.</summary>
public sealed class Phase1
{
    /// <summary>Promises by site.</summary>
    public Dictionary<int, Promise> Promises { get; } = [];
    /// <summary>Sites that refused.</summary>
    public HashSet<int> Nacks { get; } = [];
    /// <summary>A STALE reply came.</summary>
    public bool Stale { get; set; }
}

/// <summary>Phase-2 replies of one attempt at one ballot.</summary>
public sealed class Phase2
{
    /// <summary>ACCEPTED replies: site → vid.</summary>
    public Dictionary<int, int> Accepted { get; } = [];
    /// <summary>Sites that refused in phase 2.</summary>
    public HashSet<int> Nacks { get; } = [];

    /// <summary>The vid that reached q2 ACCEPTED replies at this ballot, or 0 (TLA+ ChosenIn seen by the proposer).</summary>
    public int QuorumVid(int q2) =>
        Accepted.Values.GroupBy(v => v).FirstOrDefault(g => g.Count() >= q2)?.Key ?? 0;
}

/// <summary>
/// The proposer core shared by the FE's direct attempt, the delegate, the leader and a reader's write-back:
/// mirrors the TLA+ actions ProposeFast (a 1a quorum of empty promises) and ProposeRecover (a 1b quorum and the
/// recovery rule) of specs/Pando.tla, with the mutant hooks LooksEmpty (M4), RecoveryQuorums (M5) and
/// RecoveryKey (M3). Recovery actually decodes the adopted value from K splits with the RS codec.
/// </summary>
public static class Proposer
{
    /// <summary>Evaluates the replies so far.</summary>
    public static Evaluation Evaluate(Phase1 st, bool isWrite, PandoParams p, Mutant m)
    {
        if (st.Stale) return new(Outcome.DecidedLater);
        var proms = st.Promises.Values.ToList();
        if (isWrite && proms.FirstOrDefault(x => x.Cmt != 0) is { } marked) return new(Outcome.KnownChosen, marked.Cmt);
        int empties = proms.Count(x => x.Apn == Ballot.None || (m == Mutant.M4UncommittedLooksEmpty && x.Cmt == 0));
        if (empties >= p.Q1a) return new(isWrite ? Outcome.UseOwn : Outcome.Nothing);
        if (proms.Count < p.Q1b && !(m == Mutant.M5RecoverOn1a && proms.Count >= p.Q1a))
        {
            int remaining = p.N - proms.Count - st.Nacks.Count;
            return empties + remaining < p.Q1a && proms.Count + remaining < p.Q1b ? new(Outcome.Blocked) : new(Outcome.Wait);
        }
        // Recovery: among vids with at least K splits in the replies, the one accepted at the highest ballot
        // (brief §4.3, paper Lemma 1); a non-recoverable higher-ballot vid is skipped.
        RuleMatters(proms, p);
        Promise? best = null;
        foreach (var pr in proms.Where(x => x.Apn != Ballot.None && x.Split is not null && proms.Count(y => y.Vid == x.Vid) >= p.K))
        {
            if (best is null) best = pr;
            else if (m == Mutant.M3LowestRecovery ? Ballots.Lt(pr.Apn, best.Apn, m) : Ballots.Lt(best.Apn, pr.Apn, m)) best = pr;
        }
        if (best is null) return new(isWrite ? Outcome.UseOwn : Outcome.Nothing, Heard: proms);
        var splits = proms.Where(x => x.Vid == best.Vid && x.Split is not null).Select(x => x.Split!).ToList();
        if (splits.Take(p.K).Any(x => x.Index >= p.K)) Shared.Testing.Coverage.Hit("recovery decoded with parity splits");
        Shared.Testing.Coverage.Hit("recovery adopted a value");
        var value = Values.Decode(p, splits);
        return new(Outcome.Adopt, best.Vid, value, proms);
    }

    /// <summary>
    /// "Rule matters" witnesses (issue 46): the 1b quorum the recovery rule judges reported splits of two vids at two
    /// ballots, so "the recoverable vid of the highest ballot" differs from "any reported vid"; with two recoverable vids
    /// (K splits each) it also differs from "the lowest ballot's".
    /// </summary>
    private static void RuleMatters(List<Promise> proms, PandoParams p)
    {
        var held = proms.Where(x => x.Apn != Ballot.None && x.Split is not null).ToList();
        if (held.Select(x => x.Vid).Distinct().Count() < 2 || held.Select(x => x.Apn).Distinct().Count() < 2) return;
        Shared.Testing.Coverage.Hit("pando: rule matters: a 1b quorum reported splits of two vids at two ballots");
        var recoverable = held.GroupBy(x => x.Vid).Where(g => g.Count() >= p.K).ToList();
        if (recoverable.Count >= 2 && recoverable.Select(g => g.Max(x => x.Apn)).Distinct().Count() >= 2)
            Shared.Testing.Coverage.Hit("pando: rule matters: a 1b quorum reported two recoverable vids at different ballots");
    }

    /// <summary>
    /// The node-local observation of a recovery choice (PANDO-N6, SelectsRebuildable): the pieces the 1b replies reported
    /// (site, accepted ballot, vid, split index) and the vid proposed; null when the choice did not come from the recovery rule.
    /// </summary>
    public static Shared.Testing.LocalRebuildSelect? Choice(Evaluation o, string proposer, string version, Ballot bal, int vid, PandoParams p, string action) =>
        o.Heard is not { } heard ? null : new(proposer, version, bal,
            [.. heard.Where(x => x.Apn != Ballot.None && x.Split is not null).Select(x => new Shared.Testing.Piece($"site{x.From}", x.Apn, $"vid {x.Vid}", x.Split!.Index))],
            p.K, $"vid {vid}", action, Own: o.Outcome is Outcome.UseOwn);
}
