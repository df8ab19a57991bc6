using System.Text;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.Tlc;

/// <summary>One state of a TLC counterexample.</summary>
/// <param name="Number">TLC's state number (1-based).</param>
/// <param name="Action">The action that produced it (<c>Initial predicate</c> for the first).</param>
/// <param name="Variables">Variable name to value text, in TLC's order.</param>
public sealed record TraceState(int Number, string Action, IReadOnlyList<KeyValuePair<string, string>> Variables);

/// <summary>A TLC counterexample: a finite sequence of states, possibly ending in stuttering or a loop back to an earlier state.</summary>
public sealed partial record TlcTrace(IReadOnlyList<TraceState> States, string? Ending)
{
    [GeneratedRegex(@"^(\d+): (.*)$")]
    private static partial Regex HeaderRx();
    [GeneratedRegex(@"^<(\w+)(?: line \d+, col \d+ to line \d+, col \d+ of module \w+)?>$")]
    private static partial Regex ActionRx();
    [GeneratedRegex(@"^(?:/\\ )?([A-Za-z_][A-Za-z0-9_]*) = (.*)$")]
    private static partial Regex VarRx();

    /// <summary>Builds the trace from tool-mode messages, or null when they contain none.</summary>
    public static TlcTrace? FromMessages(IEnumerable<TlcMessage> messages)
    {
        var states = new List<TraceState>();
        string? ending = null;
        foreach (var m in messages)
        {
            if (m.Code == TlcCodes.TraceState) states.Add(ParseState(m.Text));
            else if (m.Code == TlcCodes.Stuttering) ending = "stuttering (the system may stop here forever)";
            else if (m.Code == TlcCodes.BackToState)
            {
                var h = HeaderRx().Match(m.Text.Split('\n')[0]);
                ending = h.Success ? $"loops back to state {h.Groups[1].Value}" : m.Text;
            }
        }
        return states.Count == 0 ? null : new TlcTrace(states, ending);
    }

    private static TraceState ParseState(string text)
    {
        var lines = text.Split('\n');
        var header = HeaderRx().Match(lines[0].Trim());
        int number = header.Success ? int.Parse(header.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) : 0;
        string action = header.Success ? header.Groups[2].Value : lines[0];
        var am = ActionRx().Match(action);
        if (am.Success) action = am.Groups[1].Value;
        else if (action == "<Initial predicate>") action = "Init";
        var vars = new List<KeyValuePair<string, string>>();
        string? name = null;
        var value = new StringBuilder();
        bool multi = lines.Skip(1).Any(l => l.StartsWith("/\\ ", StringComparison.Ordinal));
        foreach (var raw in lines.Skip(1))
        {
            var line = raw.TrimEnd();
            var vm = VarRx().Match(line);
            bool starts = vm.Success && (!multi || line.StartsWith("/\\ ", StringComparison.Ordinal));
            if (starts)
            {
                if (name is not null) vars.Add(new(name, value.ToString().Trim()));
                name = vm.Groups[1].Value;
                value.Clear().Append(vm.Groups[2].Value);
            }
            else if (name is not null && line.Length > 0) value.Append(' ').Append(line.Trim());
        }
        if (name is not null) vars.Add(new(name, value.ToString().Trim()));
        return new TraceState(number, action, vars);
    }

    /// <summary>
    /// The trace as steps: for each state its action and only the variables whose value changed
    /// since the previous state (all of them for the initial state). A changed set shows the
    /// elements added (+) and removed (-); a changed function shows only the entries that changed.
    /// </summary>
    public IEnumerable<(TraceState State, IReadOnlyList<KeyValuePair<string, string>> Changed)> Steps()
    {
        Dictionary<string, string>? previous = null;
        foreach (var s in States)
        {
            var changed = previous is null ? s.Variables
                : s.Variables.Where(kv => !previous.TryGetValue(kv.Key, out var old) || old != kv.Value)
                    .Select(kv => new KeyValuePair<string, string>(kv.Key,
                        previous.TryGetValue(kv.Key, out var old) ? TlaValueDiff.Describe(old, kv.Value) : kv.Value))
                    .ToList();
            previous = s.Variables.ToDictionary(kv => kv.Key, kv => kv.Value);
            yield return (s, changed);
        }
    }

    /// <summary>Markdown step table: step, action, changed variables.</summary>
    public string ToMarkdown()
    {
        var sb = new StringBuilder();
        sb.AppendLine("| step | action | changed variables |");
        sb.AppendLine("|---:|---|---|");
        foreach (var (s, changed) in Steps())
        {
            var cells = changed.Count == 0 ? "(no change)" :
                string.Join("<br>", changed.Select(kv => $"`{kv.Key}` = `{EscapeCell(kv.Value)}`"));
            sb.AppendLine($"| {s.Number} | {s.Action} | {cells} |");
        }
        if (Ending is not null) sb.AppendLine($"| | *then* | {Ending} |");
        return sb.ToString();
    }

    /// <summary>Plain-text step list for terminals.</summary>
    public string ToText()
    {
        var sb = new StringBuilder();
        foreach (var (s, changed) in Steps())
        {
            sb.AppendLine($"  {s.Number,3}. {s.Action}");
            foreach (var kv in changed) sb.AppendLine($"         {kv.Key} = {kv.Value}");
        }
        if (Ending is not null) sb.AppendLine($"       then: {Ending}");
        return sb.ToString();
    }

    private static string EscapeCell(string s) => s.Replace("|", "\\|").Replace("`", "'");
}
