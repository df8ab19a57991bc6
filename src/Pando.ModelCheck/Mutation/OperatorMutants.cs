using System.Text.RegularExpressions;

namespace Pando.ModelCheck.Mutation;

/// <summary>The source language of a file the operator sweep mutates.</summary>
public enum MutantLanguage
{
    /// <summary>A P source file (p-models/*/PSrc/*.p).</summary>
    P,
    /// <summary>A TLA+ module (specs/*.tla).</summary>
    Tla,
}

/// <summary>
/// One operator mutant: a one-place change of one source file (a comparison flipped, a quorum size off by one, a
/// selection turned round, one guard conjunct or one assignment dropped).
/// </summary>
/// <param name="File">The file's path relative to the tree it lives in (p-models/ or the repository root).</param>
/// <param name="Line">1-based line of the change.</param>
/// <param name="Scope">The P function or TLA+ definition the change is in.</param>
/// <param name="Operator">The operator's name (<see cref="OperatorMutants.Operators"/>).</param>
/// <param name="Start">Offset of the replaced text in the file.</param>
/// <param name="Before">The replaced text.</param>
/// <param name="After">Its replacement.</param>
public sealed record OperatorMutant(string File, int Line, string Scope, string Operator, int Start, string Before, string After)
{
    /// <summary>A stable key: the same source gives the same ids, so a stopped sweep resumes where it was.</summary>
    public string Id => $"{File}:{Start}:{Operator}";

    /// <summary>The file's text with this change.</summary>
    public string Apply(string text)
    {
        if (Start + Before.Length > text.Length || string.CompareOrdinal(text, Start, Before, 0, Before.Length) != 0)
            throw new InputError($"mutant {Id}: {File} changed since the mutants were generated (expected \"{Before}\" at offset {Start})");
        return string.Concat(text.AsSpan(0, Start), After, text.AsSpan(Start + Before.Length));
    }

    /// <summary>One line for reports: place, operator, change.</summary>
    public string Describe() => $"{System.IO.Path.GetFileName(File)}:{Line} ({Scope}) {Operator}: `{OneLine(Before)}` → `{OneLine(After)}`";

    private static string OneLine(string s)
    {
        var t = Regex.Replace(s, @"\s+", " ").Trim();
        return (t.Length > 70 ? t[..67] + "..." : t).Replace("|", "\\|", StringComparison.Ordinal);
    }
}

/// <summary>
/// Generates the operator mutants of a P or TLA+ source file. The operator set is small and aimed at the rules where
/// protocol bugs live (issues 46 and 47):
/// <list type="bullet">
/// <item><c>boundary</c>: a comparison's boundary moved (&lt; ↔ ≤, &gt; ↔ ≥).</item>
/// <item><c>direction</c>: a comparison turned round (&lt; ↔ &gt;, ≤ ↔ ≥) inside a selection (a P function or TLA+
/// definition whose name says it picks: max, min, best, prefer, select, pick, top, highest, lead, rebuild,
/// recover; or a TLA+ definition that uses CHOOSE), so "the highest" becomes "the lowest".</item>
/// <item><c>quorum+1</c>, <c>quorum-1</c>: a quorum size or decode threshold compared with, or assigned, off by one.</item>
/// <item><c>drop-assign</c> (P): one assignment to a durable machine field replaced by <c>f = f;</c> (the update skipped).</item>
/// <item><c>drop-guard</c> (TLA+): one enabling conjunct of an action (a conjunct without primes) replaced by TRUE.</item>
/// <item><c>skip-update</c> (TLA+): in a restart or recovery action, one variable's update replaced by its old value.</item>
/// </list>
/// Comments and strings are never changed. In P, code after <c>cfg.mutant</c> on its line belongs to the repository's
/// own mutants and is left alone. In TLA+, only definitions reachable from <c>Init</c> and <c>Next</c> are mutated
/// (the protocol, not the properties), and never a definition named like a property (…Inv, …Prop, …TypeOK,
/// …Witness).
/// </summary>
public static partial class OperatorMutants
{
    /// <summary>Every operator name.</summary>
    public static readonly IReadOnlyList<string> Operators = ["boundary", "direction", "quorum+1", "quorum-1", "drop-assign", "drop-guard", "skip-update"];

    [GeneratedRegex(@"(?i)^(max|min|best|prefer|select|pick|top|highest|lowest|lead|rebuild|recover|choose)")]
    private static partial Regex SelectionWord();

    /// <summary>A name whose words (camel case) include one that says the code picks: TopReply, PickVid, TryLead.</summary>
    private static bool IsSelectionName(string name) =>
        Regex.Matches(name[(name.LastIndexOf('.') + 1)..], "[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])").Any(w => SelectionWord().IsMatch(w.Value));

    [GeneratedRegex(@"(?i)^(q[a-z0-9]{0,3}|[rw]q|quorum\w*|\w*quorum|\w*threshold|majority|k|x)$")]
    private static partial Regex QuorumName();

    [GeneratedRegex(@"(?i)(restart|recover)")]
    private static partial Regex RestartName();

    [GeneratedRegex(@"(Inv|Prop|TypeOK|Witness)$")]
    private static partial Regex PropertyName();

    /// <summary>The names of the P functions or TLA+ definitions of a file (what --method may name).</summary>
    public static HashSet<string> ScopeNames(string text, MutantLanguage lang)
    {
        var code = CodeMask(text, lang);
        return (lang == MutantLanguage.P ? PFunctions(text, code) : TlaDefinitions(text, code)).Select(s => s.Name).ToHashSet(StringComparer.Ordinal);
    }

    /// <summary>The mutants of one file. <paramref name="scopes"/>, when not empty, limits them to those P functions or TLA+ definitions.</summary>
    public static IReadOnlyList<OperatorMutant> Generate(string file, string text, MutantLanguage lang, IReadOnlyCollection<string> scopes)
    {
        var code = CodeMask(text, lang);
        var lines = LineStarts(text);
        var spans = lang == MutantLanguage.P ? PFunctions(text, code) : TlaDefinitions(text, code);
        if (scopes.Count > 0)
        {
            var missing = scopes.Where(s => spans.All(d => d.Name != s)).ToList();
            if (missing.Count > 0)
                throw new InputError($"mutate: no {(lang == MutantLanguage.P ? "function" : "definition")} named {string.Join(", ", missing)} in {file}");
        }
        IEnumerable<Span> chosen = scopes.Count > 0 ? spans.Where(d => scopes.Contains(d.Name)) : spans;
        if (lang == MutantLanguage.Tla && scopes.Count == 0) chosen = ProtocolDefinitions(text, code, spans);
        var fields = lang == MutantLanguage.P ? PFields(text, code, spans) : [];
        var mutantOnly = lang == MutantLanguage.P ? MutantBlocks(text, code) : [];
        var updaters = lang == MutantLanguage.Tla ? Updaters(text, code, spans) : [];
        var result = new List<OperatorMutant>();
        foreach (var d in chosen)
        {
            void Add(string op, int start, string before, string after)
            {
                if (lang == MutantLanguage.P && (AfterMutantSwitch(text, start) || mutantOnly.Any(b => start >= b.Start && start < b.End))) return;
                result.Add(new OperatorMutant(file, LineOf(lines, start), d.Name, op, start, before, after));
            }
            bool selection = IsSelectionName(d.Name)
                             || (lang == MutantLanguage.Tla && Regex.IsMatch(Masked(text, code, d), @"\bCHOOSE\b"));
            foreach (var c in Comparisons(text, code, d, lang))
            {
                Add("boundary", c.Start, c.Token, c.Boundary);
                if (selection) Add("direction", c.Start, c.Token, c.Direction);
            }
            foreach (var (start, name) in QuorumOperands(text, code, d, lang))
            {
                Add("quorum+1", start, name, $"({name} + 1)");
                Add("quorum-1", start, name, $"({name} - 1)");
            }
            if (lang == MutantLanguage.P)
                foreach (var (start, stmt, field) in PAssignments(text, code, d, fields))
                    Add("drop-assign", start, stmt, $"{field} = {field};");
            else if (updaters.Contains(d.Name))
            {
                foreach (var (start, conj) in Conjuncts(text, code, d))
                {
                    var body = Masked(text, code, (start, start + conj.Length));
                    if (!Updates(body, updaters))
                        Add("drop-guard", start, conj, "TRUE");
                    else if (RestartName().IsMatch(d.Name) && Regex.Match(conj, @"^(\w+)'\s*=(?!=)") is { Success: true } u)
                        Add("skip-update", start, conj, $"{u.Groups[1].Value}' = {u.Groups[1].Value}");
                }
            }
        }
        return result.DistinctBy(m => (m.Start, m.Operator, m.After)).OrderBy(m => m.Start).ThenBy(m => m.Operator, StringComparer.Ordinal).ToList();
    }

    // ---------------------------------------------------------------- structure

    private readonly record struct Span(string Name, int Start, int End)
    {
        public static implicit operator (int, int)(Span s) => (s.Start, s.End);
    }

    private sealed record Comparison(int Start, string Token, string Boundary, string Direction);

    /// <summary>True for each character that is code: not in a comment or a string literal.</summary>
    public static bool[] CodeMask(string text, MutantLanguage lang)
    {
        var code = new bool[text.Length];
        int i = 0, depth = 0;
        while (i < text.Length)
        {
            if (depth > 0)
            {
                if (lang == MutantLanguage.Tla && Match(text, i, "(*")) { depth++; i += 2; continue; }
                if (Match(text, i, lang == MutantLanguage.P ? "*/" : "*)")) { depth--; i += 2; continue; }
                i++;
                continue;
            }
            if (Match(text, i, lang == MutantLanguage.P ? "/*" : "(*")) { depth = 1; i += 2; continue; }
            if (Match(text, i, lang == MutantLanguage.P ? "//" : "\\*"))
            {
                while (i < text.Length && text[i] != '\n') i++;
                continue;
            }
            if (text[i] == '"')
            {
                i++;
                while (i < text.Length && text[i] != '"' && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
                i++;
                continue;
            }
            code[i] = true;
            i++;
        }
        return code;
    }

    private static bool Match(string text, int i, string s) => string.CompareOrdinal(text, i, s, 0, s.Length) == 0;

    private static string Masked(string text, bool[] code, (int Start, int End) span)
    {
        var chars = new char[span.End - span.Start];
        for (int i = span.Start; i < span.End; i++) chars[i - span.Start] = code[i] ? text[i] : ' ';
        return new string(chars);
    }

    private static int[] LineStarts(string text)
    {
        var starts = new List<int> { 0 };
        for (int i = 0; i < text.Length; i++) if (text[i] == '\n') starts.Add(i + 1);
        return [.. starts];
    }

    private static int LineOf(int[] starts, int offset)
    {
        int k = Array.BinarySearch(starts, offset);
        return (k >= 0 ? k : ~k - 1) + 1;
    }

    /// <summary>
    /// P functions (<c>fun Name(…)…{ … }</c>, named Name) and the anonymous handlers of states (<c>on eX do … { … }</c>
    /// and <c>entry … { … }</c>, named State.eX and State.entry), each from its keyword to its closing brace.
    /// </summary>
    private static List<Span> PFunctions(string text, bool[] code)
    {
        var spans = new List<Span>();
        var states = Regex.Matches(text, @"\bstate\s+(\w+)").Where(m => code[m.Index]).ToList();
        string StateAt(int offset) => states.LastOrDefault(m => m.Index < offset)?.Groups[1].Value ?? "";
        foreach (Match m in Regex.Matches(text, @"\bfun\s+(\w+)\s*\(|\bon\s+(\w+)(?:\s*,\s*\w+)*\s+do\s*(?:\([^)]*\)\s*)?(?=\{)|\bentry\s*(?:\([^)]*\)\s*)?(?=\{)"))
        {
            if (!code[m.Index]) continue;
            var name = m.Groups[1].Success ? m.Groups[1].Value
                : m.Groups[2].Success ? $"{StateAt(m.Index)}.{m.Groups[2].Value}" : $"{StateAt(m.Index)}.entry";
            spans.Add(new Span(name, m.Index, Math.Min(ClosingBrace(text, code, m.Index + m.Length) + 1, text.Length)));
        }
        return spans;
    }

    /// <summary>The offset of the brace that closes the first code brace at or after <paramref name="from"/> (the text's end if none).</summary>
    private static int ClosingBrace(string text, bool[] code, int from)
    {
        int depth = 0, i = from;
        while (i < text.Length && !(text[i] == '{' && code[i])) i++;
        for (; i < text.Length; i++)
        {
            if (!code[i]) continue;
            if (text[i] == '{') depth++;
            else if (text[i] == '}' && --depth == 0) return i;
        }
        return text.Length;
    }

    /// <summary>
    /// The P machine fields whose updates <c>drop-assign</c> skips: those declared under a <c>// durable</c> comment
    /// (up to a <c>// volatile</c> one); in a machine without such comments, every field.
    /// </summary>
    private static HashSet<string> PFields(string text, bool[] code, List<Span> funs)
    {
        var marked = new List<(string Machine, string Field, bool? Durable)>();
        string machine = "";
        bool? mode = null;
        int offset = 0;
        foreach (var line in text.Split('\n'))
        {
            if (Regex.Match(line, @"^\s*(?:spec\s+)?machine\s+(\w+)") is { Success: true } mm) { machine = mm.Groups[1].Value; mode = null; }
            else if (Regex.IsMatch(line, @"^\s*//") && funs.All(f => offset < f.Start || offset >= f.End))
            {
                if (Regex.IsMatch(line, @"(?i)\bvolatile\b")) mode = false;
                else if (Regex.IsMatch(line, @"(?i)\bdurable\b")) mode = true;
            }
            else if (Regex.Match(line, @"^\s*var\s+(\w+)\s*:") is { Success: true } v && code[offset + v.Groups[1].Index]
                     && funs.All(f => offset < f.Start || offset >= f.End))
                marked.Add((machine, v.Groups[1].Value, mode));
            offset += line.Length + 1;
        }
        var markedMachines = marked.Where(x => x.Durable is not null).Select(x => x.Machine).ToHashSet(StringComparer.Ordinal);
        return marked.Where(x => markedMachines.Contains(x.Machine) ? x.Durable == true : true).Select(x => x.Field).ToHashSet(StringComparer.Ordinal);
    }

    /// <summary>TLA+ definitions: a name at column 0 followed by <c>==</c>, up to the next line that starts at column 0.</summary>
    private static List<Span> TlaDefinitions(string text, bool[] code)
    {
        var heads = Regex.Matches(text, @"^([A-Za-z_]\w*)\s*(\([^)]*\))?\s*==", RegexOptions.Multiline)
            .Where(m => code[m.Index]).ToList();
        var spans = new List<Span>();
        foreach (var m in heads)
        {
            int i = text.IndexOf('\n', m.Index);
            while (i >= 0 && i + 1 < text.Length)
            {
                char c = text[i + 1];
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
                i = text.IndexOf('\n', i + 1);
            }
            int end = i < 0 ? text.Length : i + 1;
            while (end > m.Index && char.IsWhiteSpace(text[end - 1])) end--;
            spans.Add(new Span(m.Groups[1].Value, m.Index, end));
        }
        return spans;
    }

    /// <summary>The definitions reachable from Init and Next by name, without property definitions.</summary>
    private static IEnumerable<Span> ProtocolDefinitions(string text, bool[] code, List<Span> defs)
    {
        var byName = defs.GroupBy(d => d.Name).ToDictionary(g => g.Key, g => g.First());
        var roots = new[] { "Init", "Next" }.Where(byName.ContainsKey).ToList();
        if (roots.Count == 0) return defs.Where(d => !PropertyName().IsMatch(d.Name));
        var seen = new HashSet<string>(roots);
        var work = new Stack<string>(roots);
        while (work.Count > 0)
        {
            var d = byName[work.Pop()];
            var body = Masked(text, code, (d.Start, d.End));
            foreach (Match w in Regex.Matches(body, @"\b[A-Za-z_]\w*\b"))
                if (byName.ContainsKey(w.Value) && seen.Add(w.Value)) work.Push(w.Value);
        }
        return defs.Where(d => seen.Contains(d.Name) && !PropertyName().IsMatch(d.Name));
    }

    /// <summary>The definitions that update variables: a prime or UNCHANGED in their body, or a use of such a definition (Send).</summary>
    private static HashSet<string> Updaters(string text, bool[] code, List<Span> defs)
    {
        var bodies = defs.GroupBy(d => d.Name).ToDictionary(g => g.Key, g => Masked(text, code, (g.First().Start, g.First().End)));
        var set = new HashSet<string>(StringComparer.Ordinal);
        bool grew = true;
        while (grew)
        {
            grew = false;
            foreach (var (name, body) in bodies)
                if (!set.Contains(name) && Updates(body, set)) { set.Add(name); grew = true; }
        }
        return set;
    }

    private static bool Updates(string body, HashSet<string> updaters) =>
        body.Contains('\'', StringComparison.Ordinal) || body.Contains("UNCHANGED", StringComparison.Ordinal)
        || Regex.Matches(body, @"\b[A-Za-z_]\w*\b").Any(w => updaters.Contains(w.Value));

    /// <summary>The bodies of <c>if (cfg.mutant == M …) { … }</c> without <c>||</c>: code only the repository's own mutants run.</summary>
    private static List<(int Start, int End)> MutantBlocks(string text, bool[] code)
    {
        var blocks = new List<(int, int)>();
        foreach (Match m in Regex.Matches(text, @"\bif\s*\(\s*cfg\.mutant\s*==[^{|;]*\)\s*\{"))
        {
            if (code[m.Index]) blocks.Add((m.Index, ClosingBrace(text, code, m.Index + m.Length - 1)));
        }
        return blocks;
    }

    /// <summary>Code after <c>cfg.mutant</c> on the same line is the repository's own mutant switch.</summary>
    private static bool AfterMutantSwitch(string text, int offset)
    {
        int lineStart = text.LastIndexOf('\n', Math.Max(0, offset - 1)) + 1;
        int k = text.IndexOf("cfg.mutant", lineStart, offset - lineStart, StringComparison.Ordinal);
        return k >= 0;
    }

    // ---------------------------------------------------------------- operators

    private static IEnumerable<Comparison> Comparisons(string text, bool[] code, Span d, MutantLanguage lang)
    {
        var body = Masked(text, code, (d.Start, d.End));
        // The body's first line is the definition's or function's head (parameter types, "==").
        int skip = body.IndexOf(lang == MutantLanguage.P ? '{' : '=', StringComparison.Ordinal);
        var rx = lang == MutantLanguage.P
            ? new Regex(@"<=|>=|==|!=|<|>")
            : new Regex(@"<=>|<<|>>|<-|\|->|->|=>|<>|~>|\[\]|=<|<=|>=|\\leq\b|\\geq\b|\\lt\b|\\gt\b|<|>");
        foreach (Match m in rx.Matches(body))
        {
            if (m.Index <= skip) continue;
            string t = m.Value;
            (string b, string dir)? flips = t switch
            {
                "<" or "\\lt" => ("<=", ">"),
                "<=" or "=<" or "\\leq" => ("<", ">="),
                ">" or "\\gt" => (">=", "<"),
                ">=" or "\\geq" => (">", "<="),
                _ => null,
            };
            if (flips is { } f) yield return new Comparison(d.Start + m.Index, t, f.b, f.dir);
        }
    }

    private static IEnumerable<(int Start, string Name)> QuorumOperands(string text, bool[] code, Span d, MutantLanguage lang)
    {
        var body = Masked(text, code, (d.Start, d.End));
        int skip = body.IndexOf(lang == MutantLanguage.P ? '{' : '=', StringComparison.Ordinal);
        // A dotted name or a zero-argument call, whose last segment names a quorum size or threshold.
        foreach (Match m in Regex.Matches(body, @"(?<![\w.])((?:\w+(?:\(\))?\.)*(\w+))(\(\))?(?![\w.(])"))
        {
            var last = m.Groups[2].Value;
            if (m.Index <= skip || !QuorumName().IsMatch(last) || char.IsDigit(m.Value[0])) continue;
            // A one-letter name is a quorum size only as a P config field (cfg.params.k) or a TLA+ constant (K, X).
            if (last.Length == 1 && (lang == MutantLanguage.P ? !m.Value.Contains('.', StringComparison.Ordinal) : char.IsLower(last[0]))) continue;
            string before = body[..m.Index].TrimEnd(), after = body[(m.Index + m.Length)..].TrimStart();
            bool cmpLeft = Regex.IsMatch(before, lang == MutantLanguage.P ? @"(<=|>=|<|>)$" : @"(?<![<|\-=])(=<|<=|>=|\\leq|\\geq|<|>)$");
            bool cmpRight = Regex.IsMatch(after, lang == MutantLanguage.P ? @"^(<=|>=|<(?!=)|>)" : @"^(=<|<=(?!>)|>=|\\leq|\\geq|<(?![<>-])|>(?!>))");
            bool assigned = lang == MutantLanguage.P && Regex.IsMatch(before, @"(?<![=!<>])=$") && after.StartsWith(';');
            if (cmpLeft || cmpRight || assigned) yield return (d.Start + m.Index, m.Value);
        }
    }

    private static IEnumerable<(int Start, string Stmt, string Field)> PAssignments(string text, bool[] code, Span d, HashSet<string> fields)
    {
        var body = Masked(text, code, (d.Start, d.End));
        foreach (Match m in Regex.Matches(body, @"(?<=(?:^|[{;])\s*)(\w+)\s*=(?!=)[^;{}]*;", RegexOptions.Multiline))
        {
            var f = m.Groups[1].Value;
            if (!fields.Contains(f)) continue;
            var stmt = text.Substring(d.Start + m.Index, m.Length);
            if (Regex.IsMatch(stmt, $@"^{Regex.Escape(f)}\s*=\s*{Regex.Escape(f)}\s*;$")) continue;
            yield return (d.Start + m.Index, stmt, f);
        }
    }

    /// <summary>Each <c>/\</c> conjunct of a definition: from after the operator to the end of its last line.</summary>
    private static IEnumerable<(int Start, string Conj)> Conjuncts(string text, bool[] code, Span d)
    {
        foreach (Match m in Regex.Matches(text[d.Start..d.End], @"(?<=(?:^|==)[ \t]*)/\\[ \t]*", RegexOptions.Multiline))
        {
            int at = d.Start + m.Index;
            if (!code[at]) continue;
            int lineStart = text.LastIndexOf('\n', Math.Max(0, at - 1)) + 1;
            int col = at - lineStart;
            int start = at + m.Length;
            int end = text.IndexOf('\n', start);
            if (end < 0 || end > d.End) end = d.End;
            // Continuation lines are indented deeper than the /\.
            while (end < d.End)
            {
                int next = end + 1, k = next;
                while (k < d.End && (text[k] == ' ' || text[k] == '\t')) k++;
                if (k >= d.End || k - next <= col || text[k] == '\n') break;
                int e2 = text.IndexOf('\n', k);
                end = e2 < 0 || e2 > d.End ? d.End : e2;
            }
            var conj = text[start..end];
            // A one-line conjunct stops before its trailing comment; a longer one is replaced whole.
            if (!conj.Contains('\n', StringComparison.Ordinal))
                for (int i = 0; i < conj.Length; i++)
                    if (!code[start + i] && (Match(conj, i, "\\*") || Match(conj, i, "(*"))) { conj = conj[..i]; break; }
            conj = conj.TrimEnd();
            if (conj.Length > 0) yield return (start, conj);
        }
    }
}
