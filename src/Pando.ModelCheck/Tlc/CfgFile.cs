using System.Text.RegularExpressions;

namespace Pando.ModelCheck.Tlc;

/// <summary>
/// The names a TLC configuration file refers to. Only what the harness validates is read: the
/// behaviour spec, invariants, properties and the other operator names that must be defined in the
/// model module; constant values are left to TLC.
/// </summary>
public sealed partial class CfgFile
{
    /// <summary>Path of the cfg file.</summary>
    public required string Path { get; init; }
    /// <summary>Names listed under INVARIANT/INVARIANTS.</summary>
    public List<string> Invariants { get; } = [];
    /// <summary>Names listed under PROPERTY/PROPERTIES.</summary>
    public List<string> Properties { get; } = [];
    /// <summary>Every operator name the cfg needs defined (spec, init, next, invariants, properties, symmetry, view, constraints, constant overrides).</summary>
    public List<string> RequiredDefinitions { get; } = [];
    /// <summary>Constant values assigned with <c>Name = value</c> (the value's text, trimmed).</summary>
    public Dictionary<string, string> ConstantValues { get; } = new(StringComparer.Ordinal);

    [GeneratedRegex(@"\b(SPECIFICATION|INIT|NEXT|INVARIANTS?|PROPERTY|PROPERTIES|CONSTANTS?|SYMMETRY|VIEW|CONSTRAINTS?|ACTION_CONSTRAINTS?|CHECK_DEADLOCK|ALIAS|POSTCONDITION)\b")]
    private static partial Regex KeywordRx();

    [GeneratedRegex(@"<-\s*(?:\[\s*\w+\s*\]\s*)?([A-Za-z_][A-Za-z0-9_]*)")]
    private static partial Regex OverrideRx();

    [GeneratedRegex(@"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.+?)\s*$", RegexOptions.Multiline)]
    private static partial Regex AssignmentRx();

    /// <summary>
    /// The cfg of a reachability witness model: <paramref name="text"/> (comments dropped) with every INVARIANT and
    /// PROPERTY section removed and <c>INVARIANT witness</c> added; constants, spec, symmetry, view and constraints
    /// are kept, so the witness explores the same configuration.
    /// </summary>
    public static string WitnessText(string text, string witness)
    {
        var body = TlaText.StripComments(text);
        var matches = KeywordRx().Matches(body);
        var sb = new System.Text.StringBuilder();
        sb.AppendLine($"\\* Derived by the harness: the model's cfg with its checks replaced by the reachability witness {witness}.");
        for (int i = 0; i < matches.Count; i++)
        {
            var keyword = matches[i].Value;
            int end = i + 1 < matches.Count ? matches[i + 1].Index : body.Length;
            if (keyword.StartsWith("INVARIANT", StringComparison.Ordinal) || keyword.StartsWith("PROPERT", StringComparison.Ordinal)) continue;
            sb.AppendLine(body[matches[i].Index..end].TrimEnd());
        }
        sb.AppendLine($"INVARIANT {witness}");
        return sb.ToString();
    }

    /// <summary>Reads and parses a cfg file; a malformed file gives an <see cref="InputError"/> naming it.</summary>
    public static CfgFile Load(string path)
    {
        if (!File.Exists(path)) throw new InputError($"{path}: cfg file not found");
        return Parse(path, File.ReadAllText(path));
    }

    /// <summary>Parses cfg text (path is used only in messages).</summary>
    public static CfgFile Parse(string path, string text)
    {
        var cfg = new CfgFile { Path = path };
        var body = TlaText.StripComments(text);
        var matches = KeywordRx().Matches(body);
        if (matches.Count == 0 || body[..matches[0].Index].Trim().Length > 0)
            throw new InputError($"{path}: expected a cfg keyword (SPECIFICATION, INIT, INVARIANT, PROPERTY, CONSTANT, ...) at the start of the file");
        for (int i = 0; i < matches.Count; i++)
        {
            var keyword = matches[i].Value;
            int start = matches[i].Index + keyword.Length;
            int end = i + 1 < matches.Count ? matches[i + 1].Index : body.Length;
            var section = body[start..end];
            if (keyword.StartsWith("CONSTANT", StringComparison.Ordinal))
            {
                foreach (Match m in OverrideRx().Matches(section)) cfg.RequiredDefinitions.Add(m.Groups[1].Value);
                foreach (Match m in AssignmentRx().Matches(section)) cfg.ConstantValues[m.Groups[1].Value] = m.Groups[2].Value;
                continue;
            }
            var words = section.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries);
            if (keyword == "CHECK_DEADLOCK")
            {
                if (words.Length != 1 || (words[0] != "TRUE" && words[0] != "FALSE"))
                    throw new InputError($"{path}: CHECK_DEADLOCK must be followed by TRUE or FALSE");
                continue;
            }
            if (words.Length == 0) throw new InputError($"{path}: {keyword} is followed by no name");
            foreach (var w in words)
            {
                if (!Names.IsIdentifier(w)) throw new InputError($"{path}: \"{w}\" after {keyword} is not an operator name");
                cfg.RequiredDefinitions.Add(w);
                if (keyword.StartsWith("INVARIANT", StringComparison.Ordinal)) cfg.Invariants.Add(w);
                else if (keyword.StartsWith("PROPERT", StringComparison.Ordinal)) cfg.Properties.Add(w);
            }
        }
        return cfg;
    }
}
