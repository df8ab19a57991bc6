using System.Text.RegularExpressions;

namespace Pando.ModelCheck.Core;

/// <summary>
/// What a checker concluded (or was expected to conclude) on one model or test: the one vocabulary shared by
/// the TLC, P and (next) Coyote levels.
/// </summary>
public enum VerdictKind
{
    /// <summary>No violation found in what was explored.</summary>
    Pass,
    /// <summary>A safety property was violated: a TLA+ invariant or action property, or a P/Coyote monitor assertion.</summary>
    Violates,
    /// <summary>A liveness property was violated: a TLA+ temporal property, or a monitor left hot.</summary>
    Liveness,
    /// <summary>TLC reached a state with no successor while deadlock checking was on.</summary>
    Deadlock,
    /// <summary>An ASSUME of the model was false for the model's constants.</summary>
    Assumption,
    /// <summary>The run hit its time limit and was stopped.</summary>
    Timeout,
    /// <summary>The checker failed for another reason (parse error, unhandled event, checker crash).</summary>
    Error,
}

/// <summary>
/// An expected verdict. Text forms: <c>pass</c>, <c>deadlock</c>, <c>violates NAME</c>,
/// <c>violates NAME [ID]</c>, <c>liveness NAME</c>, <c>liveness NAME [ID]</c>, <c>assumption NAME</c>.
/// NAME is the TLA+ operator (TLC) or the monitor (P, Coyote); ID is the catalogue property ID
/// (e.g. <c>PANDO-S1</c>) that the violation's message must name.
/// </summary>
public sealed partial record Expectation(VerdictKind Kind, string? Property, string? Id = null)
{
    /// <summary>The text form used in the manifests.</summary>
    public override string ToString() => Kind switch
    {
        VerdictKind.Pass => "pass",
        VerdictKind.Deadlock => "deadlock",
        VerdictKind.Violates => $"violates {Property}{IdText}",
        VerdictKind.Liveness => $"liveness {Property}{IdText}",
        VerdictKind.Assumption => $"assumption {Property}",
        _ => Kind.ToString().ToLowerInvariant(),
    };

    private string IdText => Id is null ? "" : $" [{Id}]";

    /// <summary>Parses the manifest text form; returns null and an explanation when it is not one.</summary>
    public static Expectation? TryParse(string text, out string error)
    {
        error = "";
        var parts = text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        switch (parts)
        {
            case ["pass"]: return new(VerdictKind.Pass, null);
            case ["deadlock"]: return new(VerdictKind.Deadlock, null);
            case ["violates", var p] when Names.IsIdentifier(p): return new(VerdictKind.Violates, p);
            case ["liveness", var p] when Names.IsIdentifier(p): return new(VerdictKind.Liveness, p);
            case ["assumption", var p] when Names.IsIdentifier(p): return new(VerdictKind.Assumption, p);
            case ["violates", var p, var id] when Names.IsIdentifier(p) && Names.BracketedId(id) is { } i: return new(VerdictKind.Violates, p, i);
            case ["liveness", var p, var id] when Names.IsIdentifier(p) && Names.BracketedId(id) is { } i: return new(VerdictKind.Liveness, p, i);
        }
        error = $"\"{text}\" is not an expected verdict; use one of: pass, deadlock, violates <Property> [<ID>], liveness <Property> [<ID>], assumption <AssumeName>";
        return null;
    }

    /// <summary>Parses the text form or throws an <see cref="InputError"/> prefixed with <paramref name="where"/>.</summary>
    public static Expectation Parse(string text, string where) =>
        TryParse(text, out var error) ?? throw new InputError($"{where}: field \"expect\": {error}");
}

/// <summary>What one checker run found, in the words of <see cref="Expectation"/>.</summary>
/// <param name="Kind">The verdict.</param>
/// <param name="Property">The violated TLA+ property, ASSUME or monitor, when the checker named it.</param>
/// <param name="Id">The catalogue ID the violation's message names (P and Coyote monitors).</param>
/// <param name="Detail">The checker's message for a violation, or the explanation of an error or timeout.</param>
public sealed record Verdict(VerdictKind Kind, string? Property = null, string? Id = null, string? Detail = null)
{
    /// <summary>Short text form: <c>pass</c>, <c>violates Agreement [PANDO-S1]</c>, <c>timeout</c>, ...</summary>
    public string Text => Kind switch
    {
        VerdictKind.Violates or VerdictKind.Liveness or VerdictKind.Assumption
            => new Expectation(Kind, Property ?? "?", Id).ToString(),
        _ => Kind.ToString().ToLowerInvariant(),
    };
}

/// <summary>Name rules shared by the manifests.</summary>
public static partial class Names
{
    /// <summary>True when <paramref name="s"/> is a plain identifier (letters, digits, underscore; not only digits).</summary>
    public static bool IsIdentifier(string s) =>
        s.Length > 0 && s.All(c => char.IsAsciiLetterOrDigit(c) || c == '_') && s.Any(c => !char.IsAsciiDigit(c));

    /// <summary>True when <paramref name="s"/> has the shape of a catalogue ID (e.g. <c>PANDO-S1</c>, <c>PANDO-S1m</c>).</summary>
    public static bool IsCatalogueId(string s) => CatalogueIdRx().IsMatch(s);

    /// <summary>The ID inside <c>[ID]</c>, or null.</summary>
    public static string? BracketedId(string s) =>
        s.Length > 2 && s[0] == '[' && s[^1] == ']' && IsCatalogueId(s[1..^1]) ? s[1..^1] : null;

    [GeneratedRegex("^[A-Z][A-Z0-9]*-[A-Za-z0-9]+$")]
    private static partial Regex CatalogueIdRx();
}
