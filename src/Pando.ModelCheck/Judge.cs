namespace Pando.ModelCheck;

/// <summary>The harness's judgement of one model: did TLC's verdict match the expectation?</summary>
/// <param name="Ok">True when the run counts as passing.</param>
/// <param name="Message">One line: what matched, or what went wrong.</param>
/// <param name="Drift">Set when the distinct-state count differs from the recorded one.</param>
public sealed record Judgement(bool Ok, string Message, string? Drift);

/// <summary>Compares TLC results with manifest expectations.</summary>
public static class Judge
{
    /// <summary>
    /// Judges one result. A model expected to violate X fails when TLC finds no violation ("missing
    /// violation") or a different one; a model expected to pass fails on any violation; timeouts and
    /// TLC errors always fail. With <paramref name="strict"/>, a changed distinct-state count fails too.
    /// </summary>
    public static Judgement Compare(ModelEntry m, TlcResult r, bool strict)
    {
        var expected = m.Expect;
        string? drift = null;
        if (r.Kind == VerdictKind.Timeout) return new(false, $"TIMEOUT: {r.ErrorText}; expected {expected}", null);
        if (r.Kind == VerdictKind.Error) return new(false, $"TLC ERROR (exit {r.ExitCode?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "-"}): {FirstLine(r.ErrorText)}", null);
        bool same = r.Kind == expected.Kind && (expected.Property is null || expected.Property == r.Property);
        if (!same)
        {
            string msg = expected.Kind == VerdictKind.Pass
                ? $"UNEXPECTED {r.VerdictText}: the model was expected to pass"
                : r.Kind == VerdictKind.Pass
                    ? $"MISSING VIOLATION: expected {expected}, but TLC found no violation"
                    : $"WRONG VERDICT: expected {expected}, got {r.VerdictText}";
            return new(false, msg, null);
        }
        if (expected.Kind == VerdictKind.Pass && m.Mode == CheckMode.Exhaustive
            && m.Stats?.Distinct is { } recorded && r.Stats.Distinct is { } now && recorded != now)
            drift = $"distinct states changed: recorded {recorded:N0}, now {now:N0}";
        if (drift is not null && strict) return new(false, $"STATE COUNT CHANGED (--strict): {drift}", drift);
        return new(true, expected.Kind == VerdictKind.Pass ? "pass as expected" : $"{r.VerdictText} as expected", drift);
    }

    private static string FirstLine(string? s) => (s ?? "").Split('\n', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault() ?? "";
}
