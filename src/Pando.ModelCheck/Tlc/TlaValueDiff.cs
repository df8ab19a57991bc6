using System.Text;

namespace Pando.ModelCheck.Tlc;

/// <summary>
/// Readable changes between two TLC-printed values of one variable: for a set, the elements added
/// and removed; for a function printed as <c>k1 :> v1 @@ k2 :> v2</c>, the entries that changed;
/// otherwise the new value. Works on TLC's text (it only splits at top-level separators).
/// </summary>
public static class TlaValueDiff
{
    /// <summary>Describes how <paramref name="next"/> differs from <paramref name="previous"/>.</summary>
    public static string Describe(string previous, string next)
    {
        if (IsSet(previous) && IsSet(next))
        {
            var before = Elements(previous).ToHashSet();
            var after = Elements(next).ToList();
            var added = after.Where(e => !before.Contains(e)).ToList();
            var removed = before.Where(e => !after.Contains(e)).ToList();
            var parts = added.Select(e => "+ " + e).Concat(removed.Select(e => "- " + e)).ToList();
            return parts.Count == 0 ? next : string.Join("; ", parts);
        }
        if (Entries(previous) is { } pe && Entries(next) is { } ne)
        {
            var changed = ne.Where(kv => !pe.TryGetValue(kv.Key, out var v) || v != kv.Value).Select(kv => $"{kv.Key} :> {kv.Value}").ToList();
            changed.AddRange(pe.Keys.Where(k => !ne.ContainsKey(k)).Select(k => $"{k} removed"));
            return changed.Count == 0 ? next : string.Join("; ", changed);
        }
        return next;
    }

    private static bool IsSet(string v) => v.StartsWith('{') && v.EndsWith('}') && Closes(v, 0) == v.Length - 1;

    /// <summary>The top-level elements of a set value (normalised whitespace).</summary>
    public static IEnumerable<string> Elements(string set)
    {
        var inner = set[1..^1];
        return inner.Trim().Length == 0 ? [] : Split(inner, ",").Select(Normalize);
    }

    /// <summary>The entries of a function printed with :> and @@, or null when the value is not one.</summary>
    public static Dictionary<string, string>? Entries(string value)
    {
        var v = value.Trim();
        if (v.StartsWith('(') && Closes(v, 0) == v.Length - 1) v = v[1..^1];
        var parts = Split(v, "@@").ToList();
        var result = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var p in parts)
        {
            var kv = Split(p, ":>").ToList();
            if (kv.Count != 2) return null;
            result[Normalize(kv[0])] = Normalize(kv[1]);
        }
        return result.Count > 0 ? result : null;
    }

    /// <summary>The fields of a record printed as <c>[f1 |-> v1, f2 |-> v2]</c>, in order, or null when the value is not one.</summary>
    public static Dictionary<string, string>? Fields(string value)
    {
        var v = value.Trim();
        if (!v.StartsWith('[') || Closes(v, 0) != v.Length - 1) return null;
        var result = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var p in Split(v[1..^1], ","))
        {
            var kv = Split(p, "|->").ToList();
            if (kv.Count != 2) return null;
            result[Normalize(kv[0])] = Normalize(kv[1]);
        }
        return result.Count > 0 ? result : null;
    }

    private static string Normalize(string s) => string.Join(' ', s.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries));

    // Splits at top-level occurrences of sep (outside brackets, braces, parentheses, << >> and strings).
    private static IEnumerable<string> Split(string s, string sep)
    {
        int depth = 0, start = 0;
        bool str = false;
        for (int i = 0; i < s.Length; i++)
        {
            char c = s[i];
            if (str) { if (c == '\\') i++; else if (c == '"') str = false; continue; }
            if (c == '"') { str = true; continue; }
            if (c is '[' or '{' or '(') depth++;
            else if (c is ']' or '}' or ')') depth--;
            else if (c == '<' && i + 1 < s.Length && s[i + 1] == '<') { depth++; i++; continue; }
            else if (c == '>' && i + 1 < s.Length && s[i + 1] == '>' && depth > 0) { depth--; i++; continue; }
            if (depth == 0 && string.CompareOrdinal(s, i, sep, 0, sep.Length) == 0)
            {
                yield return s[start..i];
                start = i + sep.Length;
                i += sep.Length - 1;
            }
        }
        yield return s[start..];
    }

    // Index of the bracket closing the one at 'open', or -1.
    private static int Closes(string s, int open)
    {
        int depth = 0;
        bool str = false;
        for (int i = open; i < s.Length; i++)
        {
            char c = s[i];
            if (str) { if (c == '\\') i++; else if (c == '"') str = false; continue; }
            if (c == '"') { str = true; continue; }
            if (c is '[' or '{' or '(') depth++;
            else if (c is ']' or '}' or ')') { depth--; if (depth == 0) return i; }
        }
        return -1;
    }
}
