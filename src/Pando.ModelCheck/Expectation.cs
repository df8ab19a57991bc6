namespace Pando.ModelCheck;

/// <summary>What kind of verdict TLC reached (or was expected to reach) on one model.</summary>
public enum VerdictKind
{
    /// <summary>TLC finished without finding any violation.</summary>
    Pass,
    /// <summary>An invariant (message 2107/2110) or an action property (2112) was violated; the property is named.</summary>
    Violates,
    /// <summary>A temporal (liveness) property was violated (message 2116).</summary>
    Liveness,
    /// <summary>TLC reached a state with no successor while deadlock checking was on (message 2114).</summary>
    Deadlock,
    /// <summary>An ASSUME of the model was false for the model's constants (message 2104).</summary>
    Assumption,
    /// <summary>The run hit its time budget and was stopped.</summary>
    Timeout,
    /// <summary>TLC failed for another reason (parse error, evaluation error, bad cfg).</summary>
    Error,
}

/// <summary>
/// The expected verdict of a manifest entry. Text forms: <c>pass</c>, <c>violates NAME</c>,
/// <c>liveness NAME</c>, <c>deadlock</c>, <c>assumption NAME</c>.
/// </summary>
public sealed record Expectation(VerdictKind Kind, string? Property)
{
    /// <summary>The text form used in the manifest.</summary>
    public override string ToString() => Kind switch
    {
        VerdictKind.Pass => "pass",
        VerdictKind.Deadlock => "deadlock",
        VerdictKind.Violates => $"violates {Property}",
        VerdictKind.Liveness => $"liveness {Property}",
        VerdictKind.Assumption => $"assumption {Property}",
        _ => Kind.ToString().ToLowerInvariant(),
    };

    /// <summary>Parses the manifest text form; returns null and an explanation when it is not one.</summary>
    public static Expectation? TryParse(string text, out string error)
    {
        error = "";
        var parts = text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (parts.Length == 1 && parts[0] == "pass") return new(VerdictKind.Pass, null);
        if (parts.Length == 1 && parts[0] == "deadlock") return new(VerdictKind.Deadlock, null);
        if (parts.Length == 2 && TlaNames.IsIdentifier(parts[1]))
        {
            switch (parts[0])
            {
                case "violates": return new(VerdictKind.Violates, parts[1]);
                case "liveness": return new(VerdictKind.Liveness, parts[1]);
                case "assumption": return new(VerdictKind.Assumption, parts[1]);
            }
        }
        error = $"\"{text}\" is not an expected verdict; use one of: pass, deadlock, violates <Property>, liveness <Property>, assumption <AssumeName>";
        return null;
    }
}

/// <summary>Helpers for TLA+ identifiers.</summary>
public static class TlaNames
{
    /// <summary>True when <paramref name="s"/> is a plain TLA+ identifier (letters, digits, underscore; not only digits).</summary>
    public static bool IsIdentifier(string s) =>
        s.Length > 0 && s.All(c => char.IsAsciiLetterOrDigit(c) || c == '_') && s.Any(c => !char.IsAsciiDigit(c));
}
