using System.Globalization;
using System.Text;

namespace PandoCoyote.Shared.Histories;

/// <summary>
/// A text form for histories of <see cref="VersionLogModel"/> (Pando's CPUT and GET of one version), one event per
/// line in real-time order, so that a history the Coyote tests record can be saved and re-checked with
/// <c>./pando lincheck --model version-log FILE</c>. Lines (fields separated by blanks, '#' starts a comment):
/// <code>
/// CLIENT invoke cput VERSION VALUE
/// CLIENT invoke get VERSION
/// CLIENT return ok              (a CPUT that applied)
/// CLIENT return conflict        (a CPUT that did not apply)
/// CLIENT return value VALUE     (a GET)
/// CLIENT return empty           (a GET of a version not chosen yet)
/// </code>
/// A client has at most one operation open; one that never returns has an unknown outcome. Values contain no blanks.
/// </summary>
public static class VersionLogFormat
{
    /// <summary>Writes a history in call and return order.</summary>
    public static string Write(IReadOnlyList<Operation<VersionLogInput, VersionLogOutput>> ops)
    {
        var events = new List<(long Time, string Line)>();
        foreach (var o in ops)
        {
            events.Add((o.Call, $"{o.Client} invoke " + (o.Input.IsGet ? $"get {o.Input.Version}" : $"cput {o.Input.Version} {o.Input.Value}")));
            if (!o.Unknown)
                events.Add((o.Return, $"{o.Client} return " + (o.Input.IsGet
                    ? o.Output.Value is null ? "empty" : $"value {o.Output.Value}"
                    : o.Output.Ok ? "ok" : "conflict")));
        }
        var sb = new StringBuilder();
        foreach (var (_, line) in events.OrderBy(e => e.Time)) sb.Append(line).Append('\n');
        return sb.ToString();
    }

    /// <summary>Parses the text form; a malformed line is a <see cref="HistoryFormatException"/> naming it.</summary>
    public static List<Operation<VersionLogInput, VersionLogOutput>> Parse(string text)
    {
        var recorder = new HistoryRecorder<VersionLogInput, VersionLogOutput>();
        var open = new Dictionary<int, (int Id, VersionLogInput Input)>();
        var lines = text.Split('\n');
        for (int n = 0; n < lines.Length; n++)
        {
            var line = lines[n].Split('#')[0].Trim();
            if (line.Length == 0) continue;
            var f = line.Split((char[])[' ', '\t'], StringSplitOptions.RemoveEmptyEntries);
            string Where() => $"line {n + 1}";
            if (f.Length < 2 || !int.TryParse(f[0], NumberStyles.Integer, CultureInfo.InvariantCulture, out var client))
                throw new HistoryFormatException($"{Where()}: expected \"CLIENT invoke ...\" or \"CLIENT return ...\", got \"{line}\"");
            int Version(string s) => int.TryParse(s, NumberStyles.Integer, CultureInfo.InvariantCulture, out var v) && v >= 1 ? v
                : throw new HistoryFormatException($"{Where()}: the version must be an integer >= 1, got \"{s}\"");
            switch (f[1..])
            {
                case ["invoke", "cput", var v, var value] when !open.ContainsKey(client):
                    var ci = new VersionLogInput(false, Version(v), value);
                    open[client] = (recorder.Invoke(client, ci), ci);
                    break;
                case ["invoke", "get", var v] when !open.ContainsKey(client):
                    var gi = new VersionLogInput(true, Version(v), null);
                    open[client] = (recorder.Invoke(client, gi), gi);
                    break;
                case ["invoke", ..]:
                    throw new HistoryFormatException(open.ContainsKey(client)
                        ? $"{Where()}: client {client} invokes while its earlier operation is still open"
                        : $"{Where()}: expected \"invoke cput VERSION VALUE\" or \"invoke get VERSION\", got \"{line}\"");
                case ["return", .. var rest] when open.TryGetValue(client, out var op):
                    VersionLogOutput output = (op.Input.IsGet, rest) switch
                    {
                        (false, ["ok"]) => new(true, null),
                        (false, ["conflict"]) => new(false, null),
                        (true, ["value", var value]) => new(true, value),
                        (true, ["empty"]) => new(true, null),
                        _ => throw new HistoryFormatException($"{Where()}: a {(op.Input.IsGet ? "get returns \"value VALUE\" or \"empty\"" : "cput returns \"ok\" or \"conflict\"")}, got \"{string.Join(' ', rest)}\""),
                    };
                    recorder.Return(op.Id, output);
                    open.Remove(client);
                    break;
                case ["return", ..]:
                    throw new HistoryFormatException($"{Where()}: client {client} returns without an open operation");
                default:
                    throw new HistoryFormatException($"{Where()}: expected \"invoke\" or \"return\" after the client, got \"{line}\"");
            }
        }
        return recorder.Operations().ToList();
    }
}
