namespace Pando.ModelCheck.Core;

/// <summary>
/// How long a check may take. <see cref="Fast"/> is what <c>./pando test</c> and CI run; <see cref="Full"/> holds
/// the long runs made on request. For TLC a tier is a property of each model (a model is in one tier); for P and
/// Coyote each test has a schedule or iteration count per tier.
/// </summary>
public enum Tier
{
    /// <summary>Run by default and in CI.</summary>
    Fast,
    /// <summary>Run on request (<c>--tier full</c>).</summary>
    Full,
}

/// <summary>Text forms of <see cref="Tier"/>.</summary>
public static class Tiers
{
    /// <summary>The manifest and command-line spellings, in order.</summary>
    public static readonly IReadOnlyList<string> Names = ["fast", "full"];

    /// <summary>The lower-case spelling.</summary>
    public static string Text(this Tier t) => t == Tier.Fast ? "fast" : "full";

    /// <summary>Parses <c>fast</c> or <c>full</c>; null otherwise.</summary>
    public static Tier? TryParse(string s) => s switch { "fast" => Tier.Fast, "full" => Tier.Full, _ => null };
}
