namespace Pando.Cli;

/// <summary>Command-line misuse: printed as one line with a pointer to --help; exit code 2.</summary>
public sealed class UsageError(string message) : Exception(message);

/// <summary>--help was given: the text is printed on standard output and the command exits 0.</summary>
public sealed class HelpRequested(string text) : Exception(text);

/// <summary>A tiny option reader: flags, options with one value, repeatable options, no positional surprises.</summary>
public sealed class Args(string command, IReadOnlyList<string> args)
{
    private int _i;

    /// <summary>Next token, or null at the end.</summary>
    public string? Next() => _i < args.Count ? args[_i++] : null;

    /// <summary>The value of the option just read.</summary>
    public string Value(string option)
    {
        if (_i >= args.Count || args[_i].StartsWith("--", StringComparison.Ordinal))
            throw new UsageError($"{command}: option {option} needs a value");
        return args[_i++];
    }

    /// <summary>The integer value of the option just read.</summary>
    public int IntValue(string option, int min)
    {
        var v = Value(option);
        if (!int.TryParse(v, System.Globalization.NumberStyles.Integer, System.Globalization.CultureInfo.InvariantCulture, out var n) || n < min)
            throw new UsageError($"{command}: option {option} needs an integer ≥ {min}, got \"{v}\"");
        return n;
    }

    /// <summary>
    /// Maps an old spelling to the current one, saying so once on standard error; other tokens pass through.
    /// </summary>
    public string Canonical(string token, IReadOnlyDictionary<string, string> aliases)
    {
        if (!aliases.TryGetValue(token, out var now)) return token;
        Console.Error.WriteLine($"pando: note: {command} {token} is deprecated; use {now}");
        return now;
    }

    /// <summary>The tier named by the value of the option just read.</summary>
    public Tier TierValue(string option)
    {
        var v = Value(option);
        return Tiers.TryParse(v) ?? throw new UsageError($"{command}: {option} must be fast or full, got \"{v}\"");
    }

    /// <summary>Error for an unknown token.</summary>
    public UsageError Unknown(string token) => new($"{command}: unknown option or argument \"{token}\"");
}
