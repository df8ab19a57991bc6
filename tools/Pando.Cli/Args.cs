namespace Pando.Cli;

/// <summary>Command-line misuse: printed as one line with a pointer to --help; exit code 2.</summary>
public sealed class UsageError(string message) : Exception(message);

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

    /// <summary>Error for an unknown token.</summary>
    public UsageError Unknown(string token) => new($"{command}: unknown option or argument \"{token}\"");
}
