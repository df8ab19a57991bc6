using System.Text;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.Tlc;

/// <summary>
/// Light-weight reading of TLA+ source for validation: comments, definitions, EXTENDS and named
/// ASSUMEs. This is not a parser (SANY is the parser); it only answers "is this name defined" and
/// "which ASSUME is at this position" well enough to reject bad manifests before running TLC.
/// </summary>
public static partial class TlaText
{
    /// <summary>Replaces comments (<c>\*</c> to end of line, nested <c>(* *)</c>) with spaces, keeping offsets and line breaks.</summary>
    public static string StripComments(string text)
    {
        var sb = new StringBuilder(text);
        int depth = 0;
        bool inString = false;
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            char next = i + 1 < text.Length ? text[i + 1] : '\0';
            if (depth == 0 && inString)
            {
                if (c == '\\') { i++; continue; }
                if (c == '"') inString = false;
                continue;
            }
            if (depth == 0 && c == '"') { inString = true; continue; }
            if (c == '(' && next == '*') { depth++; sb[i] = ' '; sb[i + 1] = ' '; i++; continue; }
            if (depth > 0 && c == '*' && next == ')') { depth--; sb[i] = ' '; sb[i + 1] = ' '; i++; continue; }
            if (depth > 0) { if (c != '\n') sb[i] = ' '; continue; }
            if (c == '\\' && next == '*')
            {
                while (i < text.Length && text[i] != '\n') { sb[i] = ' '; i++; }
            }
        }
        return sb.ToString();
    }

    [GeneratedRegex(@"^[ \t]*(?:LOCAL[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?:\([^)]*\)|\[[^\]]*\])?[ \t]*==", RegexOptions.Multiline)]
    private static partial Regex DefinitionRx();

    [GeneratedRegex(@"\b(?:ASSUME|ASSUMPTION|AXIOM|THEOREM|LEMMA)\s+([A-Za-z_][A-Za-z0-9_]*)\s*==")]
    private static partial Regex NamedAssumeRx();

    [GeneratedRegex(@"\bASSUM(?:E|PTION)\b")]
    private static partial Regex AssumeKeywordRx();

    [GeneratedRegex(@"^\s*EXTENDS\s+([A-Za-z0-9_,\s]+?)\s*$", RegexOptions.Multiline)]
    private static partial Regex ExtendsRx();

    [GeneratedRegex(@"^\s*(?:CONSTANTS?|VARIABLES?)\s+((?:[A-Za-z_][A-Za-z0-9_]*(?:\s*\([_,\s]*\))?\s*,\s*)*[A-Za-z_][A-Za-z0-9_]*(?:\s*\([_,\s]*\))?)", RegexOptions.Multiline)]
    private static partial Regex DeclarationRx();

    /// <summary>Names defined at the top level of one module's text (operators, named ASSUMEs, constants, variables).</summary>
    public static IEnumerable<string> Definitions(string text)
    {
        var body = StripComments(text);
        foreach (Match m in DefinitionRx().Matches(body)) yield return m.Groups[1].Value;
        foreach (Match m in NamedAssumeRx().Matches(body)) yield return m.Groups[1].Value;
        foreach (Match m in DeclarationRx().Matches(body))
            foreach (var n in m.Groups[1].Value.Split(','))
                yield return n.Split('(')[0].Trim();
    }

    /// <summary>Module names in the module's EXTENDS clause.</summary>
    public static IEnumerable<string> Extends(string text)
    {
        var m = ExtendsRx().Match(StripComments(text));
        if (!m.Success) return [];
        return m.Groups[1].Value.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }

    /// <summary>
    /// The name of the ASSUME whose text contains 1-based (line, column), or null when that ASSUME is
    /// unnamed or none precedes the position.
    /// </summary>
    public static string? AssumptionNameAt(string text, int line, int column)
    {
        var body = StripComments(text);
        int offset = OffsetOf(body, line, column);
        if (offset < 0) return null;
        Match? lastKeyword = null;
        foreach (Match m in AssumeKeywordRx().Matches(body))
            if (m.Index <= offset) lastKeyword = m;
        if (lastKeyword is null) return null;
        var named = NamedAssumeRx().Match(body, lastKeyword.Index);
        return named.Success && named.Index == lastKeyword.Index ? named.Groups[1].Value : null;
    }

    private static int OffsetOf(string text, int line, int column)
    {
        int offset = 0;
        for (int l = 1; l < line; l++)
        {
            offset = text.IndexOf('\n', offset);
            if (offset < 0) return -1;
            offset++;
        }
        offset += column - 1;
        return offset <= text.Length ? offset : -1;
    }
}
