namespace Pando.ModelCheck.Tlc;

/// <summary>Judges a TLC run with the shared <see cref="Judge"/>, and reports state-count drift of passing models.</summary>
public static class TlcJudge
{
    /// <summary>
    /// Judges one result (see <see cref="Judge.Compare"/>). A passing exhaustive model whose distinct-state count
    /// differs from the recorded one carries a drift note; with <paramref name="strict"/> that fails it.
    /// </summary>
    public static Judgement Compare(ModelEntry m, TlcResult r, bool strict)
    {
        var j = Judge.Compare(m.Expect, r.Verdict, "TLC");
        if (!j.Ok || m.Expect.Kind != VerdictKind.Pass || m.Mode != CheckMode.Exhaustive
            || m.Stats?.Distinct is not { } recorded || r.Stats.Distinct is not { } now || recorded == now)
            return j;
        var drift = $"distinct states changed: recorded {recorded:N0}, now {now:N0}";
        return strict ? new(false, $"STATE COUNT CHANGED (--strict): {drift}", drift) : j with { Drift = drift };
    }
}
