namespace Pando.ModelCheck.Core;

/// <summary>The harness's judgement of one model or test: did the checker's verdict match the expectation?</summary>
/// <param name="Ok">True when the run counts as passing.</param>
/// <param name="Message">One line: what matched, or what went wrong.</param>
/// <param name="Drift">Set when a passing TLC model's distinct-state count differs from the recorded one.</param>
public sealed record Judgement(bool Ok, string Message, string? Drift = null);

/// <summary>Compares a verdict with an expectation, in the same words for every checker.</summary>
public static class Judge
{
    /// <summary>
    /// Judges one verdict. A run expected to violate X fails when the checker finds no violation ("missing
    /// violation") or a different one (another property, or another catalogue ID); a run expected to pass fails
    /// on any violation; timeouts and checker errors always fail. An expected property is compared only when the
    /// expectation names one; an expected catalogue ID only when the checker reports IDs (P and Coyote
    /// assertions do, a P hot state does not).
    /// </summary>
    /// <param name="expected">The manifest's expectation.</param>
    /// <param name="found">What the checker concluded.</param>
    /// <param name="tool">The checker's name for messages: TLC, P, Coyote.</param>
    /// <param name="explored">What was explored, for a missing violation, e.g. " in 300 schedules" (may be empty).</param>
    public static Judgement Compare(Expectation expected, Verdict found, string tool, string explored = "")
    {
        if (found.Kind == VerdictKind.Timeout) return new(false, $"TIMEOUT: {found.Detail}; expected {expected}");
        if (found.Kind == VerdictKind.Error) return new(false, $"{tool} ERROR: {FirstLine(found.Detail)}");
        bool same = found.Kind == expected.Kind
                    && (expected.Property is null || expected.Property == found.Property)
                    && (expected.Id is null || found.Id is null || expected.Id == found.Id);
        if (same) return new(true, expected.Kind == VerdictKind.Pass ? "pass as expected" : $"{found.Text} as expected");
        string msg = expected.Kind == VerdictKind.Pass
            ? $"UNEXPECTED {found.Text}: expected to pass"
            : found.Kind == VerdictKind.Pass
                ? $"MISSING VIOLATION: expected {expected}, but {tool} found no violation{explored}"
                : $"WRONG VERDICT: expected {expected}, got {found.Text}";
        return new(false, msg);
    }

    private static string FirstLine(string? s) => (s ?? "").Split('\n', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault() ?? "";
}
