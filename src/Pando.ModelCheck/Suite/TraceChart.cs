using System.Text.RegularExpressions;
using Pando.ModelCheck.Tlc;

namespace Pando.ModelCheck.Suite;

/// <summary>
/// Draws a TLC counterexample as a message sequence chart, for any of the repository's specs, from the shapes their
/// variables share rather than from per-spec code:
/// <list type="bullet">
/// <item>the <b>lanes</b> are the nodes: the keys of the functions the state holds (TLC prints them
/// <c>a1 :&gt; … @@ a2 :&gt; …</c>), plus a lane "others" for senders a message does not name (a ballot's proposer, a
/// client's operation);</item>
/// <item>a <b>message</b> is a new record with a <c>type</c> field in a set-valued variable (<c>msgs</c>, <c>sent</c>,
/// …); its sender is the first of its fields <c>from</c>, <c>acc</c>, <c>src</c>, … that names a lane, its receiver
/// <c>to</c>, <c>dst</c>, <c>tgt</c>, … likewise; a message from a node with no receiver goes to "others", and one from
/// "others" with no receiver goes to every node of the largest group;</item>
/// <item>a <b>state change</b> of a node is a note on its lane (<c>var: old → new</c>) and other changed variables
/// are a note across the chart;</item>
/// <item>each step starts with a divider naming its TLA+ action, and the chart ends with the violated property.</item>
/// </list>
/// Where a field's role depends on the message type (Alia's <c>cand</c> is the sender of a Prepare and the receiver
/// of a Promise), the spec says so in a comment line <c>\* chart: Promise from via to cand</c> (see <see cref="Hints"/>).
/// </summary>
public static partial class TraceChart
{
    /// <summary>The lane for senders and receivers the messages do not name.</summary>
    public const string Others = "others";

    private static readonly string[] SenderFields = ["from", "src", "sender", "acc", "a", "r", "replica", "server", "site", "by", "owner", "leader", "voter"];
    private static readonly string[] ReceiverFields = ["to", "dst", "dest", "target", "tgt", "replyTo"];
    private const int MaxLabel = 72, MaxNote = 90;

    [GeneratedRegex(@"^[A-Za-z_][A-Za-z0-9_]*$")]
    private static partial Regex Identifier();

    [GeneratedRegex(@"\b[A-Za-z_][A-Za-z0-9_]* \|-> ")]
    private static partial Regex FieldName();

    [GeneratedRegex(@"\s+")]
    private static partial Regex Spaces();

    [GeneratedRegex(@"^<<\s*([A-Za-z_][A-Za-z0-9_]*)\s*,\s*(.+)>>$")]
    private static partial Regex TupleKey();

    // A function key as (node, rest): a model value is a node; a tuple <<s1, 2>> whose first element is one is node s1
    // at index 2 (LEGOStore keeps a server's state per configuration); anything else is no node.
    private static (string Node, string? Index)? NodeKey(string key)
    {
        if (Identifier().IsMatch(key) && !IsKeyword(key)) return (key, null);
        var m = TupleKey().Match(key);
        return m.Success && !IsKeyword(m.Groups[1].Value) ? (m.Groups[1].Value, m.Groups[2].Value.Trim()) : null;
    }

    [GeneratedRegex(@"^\s*\\\*\s*chart:\s*(\w+)(?:\s+from\s+(\w+))?(?:\s+to\s+(\w+))?\s*$", RegexOptions.Multiline)]
    private static partial Regex HintLine();

    /// <summary>The sender and receiver fields a module names per message type, in lines
    /// <c>\* chart: TYPE from FIELD to FIELD</c> (either part may be left out).</summary>
    public static Dictionary<string, (string? From, string? To)> Hints(IEnumerable<string> moduleTexts)
    {
        var hints = new Dictionary<string, (string?, string?)>(StringComparer.Ordinal);
        foreach (var text in moduleTexts)
            foreach (Match m in HintLine().Matches(text))
                hints[m.Groups[1].Value] = (m.Groups[2].Success ? m.Groups[2].Value : null, m.Groups[3].Success ? m.Groups[3].Value : null);
        return hints;
    }

    /// <summary>The chart of <paramref name="trace"/>; <paramref name="violation"/> is the last row's text.</summary>
    public static SequenceChart From(TlcTrace trace, string title, string violation,
        IReadOnlyDictionary<string, (string? From, string? To)>? hints = null)
    {
        var last = trace.States[^1].Variables.ToDictionary(kv => kv.Key, kv => kv.Value);
        // Node groups: the key sets of function-valued variables whose keys are model values (identifiers).
        var groups = new List<List<string>>();
        var funcVars = new HashSet<string>();
        foreach (var (name, value) in last)
        {
            if (TlaValueDiff.Entries(value) is not { } e || !e.Keys.All(k => NodeKey(k) is not null)) continue;
            funcVars.Add(name);
            var keys = e.Keys.Select(k => NodeKey(k)!.Value.Node).Distinct().ToList();
            if (!groups.Any(g => g.SequenceEqual(keys))) groups.Add(keys);
        }
        // Keep maximal groups only (a variable over a subset of the nodes adds no lane).
        groups = groups.Where(g => !groups.Any(h => h != g && h.Count > g.Count && g.All(h.Contains))).ToList();
        var nodes = groups.SelectMany(g => g).Distinct().ToList();
        var biggest = groups.OrderByDescending(g => g.Count).FirstOrDefault() ?? [];
        var msgVars = last.Where(kv => IsMessageSet(kv.Value)).Select(kv => kv.Key).ToHashSet();

        var rows = new List<SequenceChart.Row>();
        bool usesOthers = false;
        Dictionary<string, string>? prev = null;
        foreach (var state in trace.States)
        {
            var cur = state.Variables.ToDictionary(kv => kv.Key, kv => kv.Value);
            rows.Add(new(SequenceChart.RowKind.Step, [], $"{state.Number}. {state.Action}"));
            if (prev is null) { prev = cur; continue; }
            foreach (var v in msgVars.Where(cur.ContainsKey))
            {
                var before = prev.TryGetValue(v, out var pv) ? TlaValueDiff.Elements(pv).ToHashSet() : [];
                foreach (var m in TlaValueDiff.Elements(cur[v]).Where(x => !before.Contains(x)))
                {
                    if (TlaValueDiff.Fields(m) is not { } f || !f.ContainsKey("type")) continue;
                    var hint = hints is not null && hints.TryGetValue(Unquote(f["type"]), out var h) ? h : default;
                    var senders = hint.From is { } hf ? [hf] : SenderFields;
                    var receivers = hint.To is { } ht ? [ht] : ReceiverFields;
                    var from = senders.Select(k => f.TryGetValue(k, out var x) ? Unquote(x) : null).FirstOrDefault(x => x is not null && nodes.Contains(x));
                    var fromField = from is null ? null : senders.First(k => f.TryGetValue(k, out var x) && Unquote(x) == from);
                    var to = receivers.Select(k => f.TryGetValue(k, out var x) ? Unquote(x) : null).FirstOrDefault(x => x is not null && nodes.Contains(x));
                    var toField = to is null ? null : receivers.First(k => f.TryGetValue(k, out var x) && Unquote(x) == to);
                    // No receiver named: a node's message goes to "others" (a reply to a proposer or client), unless the spec
                    // names only its sender (a broadcast, like a candidate's Prepare); an unnamed sender's goes to every node.
                    List<string> dests = to is not null ? [to]
                        : from is not null && hint.From is null ? [Others]
                        : [.. biggest];
                    from ??= Others;
                    var rest = f.Where(kv => kv.Key != "type" && kv.Key != fromField && kv.Key != toField).Select(kv => $"{kv.Key}={Short(kv.Value)}");
                    var label = $"{Unquote(f["type"])}({string.Join(", ", rest)})";
                    if (to == from)
                    {
                        rows.Add(new(SequenceChart.RowKind.Note, [from], Cut($"to itself: {label}", MaxNote)));
                        continue;
                    }
                    dests.Remove(from);
                    if (dests.Count == 0) dests.Add(from == Others ? biggest.FirstOrDefault(Others) : Others);
                    if (from == Others || dests.Contains(Others)) usesOthers = true;
                    rows.Add(new(SequenceChart.RowKind.Message, [from, .. dests], Cut(label, MaxLabel)));
                }
            }
            // Per-node state changes, one note per node; other changed variables in one note.
            var perNode = new Dictionary<string, List<string>>();
            var global = new List<string>();
            foreach (var (name, value) in cur)
            {
                if (msgVars.Contains(name) || !prev.TryGetValue(name, out var old) || old == value) continue;
                if (funcVars.Contains(name) && TlaValueDiff.Entries(old) is { } oe && TlaValueDiff.Entries(value) is { } ne)
                {
                    foreach (var (k, nv) in ne.Where(kv => !oe.TryGetValue(kv.Key, out var ov) || ov != kv.Value))
                    {
                        // A nested function or set shows only what changed inside it.
                        var ov = oe.GetValueOrDefault(k, "?");
                        var (node, index) = NodeKey(k)!.Value;
                        var what = index is null ? name : $"{name}[{index}]";
                        var text = TlaValueDiff.Entries(ov) is not null && TlaValueDiff.Entries(nv) is not null
                                   || ov.StartsWith('{') && nv.StartsWith('{') && ov.Length + nv.Length > 40
                            ? $"{what}: {Short(TlaValueDiff.Describe(ov, nv))}"
                            : $"{what}: {Short(ov)} → {Short(nv)}";
                        (perNode.TryGetValue(node, out var l) ? l : perNode[node] = []).Add(text);
                    }
                }
                else global.Add($"{name} = {Short(TlaValueDiff.Describe(old, value))}");
            }
            foreach (var (node, changes) in perNode.OrderBy(kv => nodes.IndexOf(kv.Key)))
                if (nodes.Contains(node)) rows.Add(new(SequenceChart.RowKind.Note, [node], Cut(string.Join("; ", changes), MaxNote)));
            if (global.Count > 0)
                rows.Add(new(SequenceChart.RowKind.Note, [usesOthers || nodes.Count == 0 ? Others : nodes[0], nodes.Count > 0 ? nodes[^1] : Others],
                    Cut(string.Join("; ", global), MaxNote * 2)));
            prev = cur;
        }
        var lanes = (usesOthers || nodes.Count == 0 ? new List<string> { Others } : []).Concat(nodes).ToList();
        // A global note spans from the first lane to the last.
        rows = rows.Select(r => r.Kind == SequenceChart.RowKind.Note && r.Lanes.Count == 2 && !lanes.Contains(r.Lanes[0])
            ? r with { Lanes = [lanes[0], r.Lanes[1]] } : r).ToList();
        if (trace.Ending is { } ending) rows.Add(new(SequenceChart.RowKind.Note, [lanes[0], lanes[^1]], ending));
        rows.Add(new(SequenceChart.RowKind.Bad, [lanes[0], lanes[^1]], violation));
        return new SequenceChart { Title = title, Lanes = lanes, Rows = rows };
    }

    private static bool IsKeyword(string s) => s is "TRUE" or "FALSE";

    private static bool IsMessageSet(string value)
    {
        var v = value.Trim();
        if (!v.StartsWith('{') || !v.EndsWith('}')) return false;
        var els = TlaValueDiff.Elements(v).ToList();
        return els.Count > 0 && els.All(e => TlaValueDiff.Fields(e) is { } f && f.ContainsKey("type"));
    }

    private static string Unquote(string s) => s.Length >= 2 && s[0] == '"' && s[^1] == '"' ? s[1..^1] : s;

    // A value with nested record field names dropped and whitespace collapsed: [val |-> v1, tag |-> 1] becomes [v1, 1].
    private static string Short(string v) => Unquote(Spaces().Replace(FieldName().Replace(v, ""), " ").Trim());

    private static string Cut(string s, int max) => s.Length <= max ? s : s[..(max - 1)] + "…";
}
