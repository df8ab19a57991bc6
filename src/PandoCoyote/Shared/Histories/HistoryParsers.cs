using System.Globalization;
using System.Text.RegularExpressions;

namespace PandoCoyote.Shared.Histories;

/// <summary>A malformed history: the message names the line and what was expected there.</summary>
public sealed class HistoryFormatException(string message) : FormatException(message);

/// <summary>The history file formats the checker reads.</summary>
public enum HistoryFormat { /** Jepsen's etcd log lines */ JepsenEtcd, /** one EDN map per line (Porcupine's kv logs) */ EdnKv }

/// <summary>Parsers for the conformance histories (formats described in ../shared/conformance/linearizability/README.md).</summary>
public static partial class HistoryParsers
{
    [GeneratedRegex(@"^INFO\s+jepsen\.util\s+-\s+(\d+)\s+:(invoke|ok|fail|info)\s+:(read|write|cas)\s+(.*?)\s*$")]
    private static partial Regex EtcdLine();
    [GeneratedRegex(@"^\[(-?\d+) (-?\d+)\]$")]
    private static partial Regex CasArgs();
    [GeneratedRegex(@"^\{:process (\d+), :type :(invoke|ok|fail|info), :f :(get|put|append), :key ""([^""]*)"", :value (?:""([^""]*)""|nil)\}$")]
    private static partial Regex KvLine();

    /// <summary>Recognises the format from the first non-empty line.</summary>
    public static HistoryFormat Detect(string text)
    {
        var first = text.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.Length > 0)
            ?? throw new HistoryFormatException("line 1: the history is empty");
        if (first.StartsWith("INFO", StringComparison.Ordinal)) return HistoryFormat.JepsenEtcd;
        if (first.StartsWith("{:process", StringComparison.Ordinal)) return HistoryFormat.EdnKv;
        throw new HistoryFormatException($"line 1: expected a Jepsen log line (\"INFO  jepsen.util - <process> :invoke ...\") or an EDN map (\"{{:process ...}}\"), got \"{Trim(first)}\"");
    }

    /// <summary>
    /// Parses a Jepsen etcd log: `:invoke` starts a process's operation; the next `:ok`, `:fail`
    /// or `:info` of that process ends it. `:info` and a timed-out `:fail :read` leave the outcome
    /// unknown; `:fail` of a cas or write means it did not apply. Times are line numbers.
    /// </summary>
    public static List<Operation<RegisterInput, int?>> ParseEtcd(string text)
    {
        var ops = new List<Operation<RegisterInput, int?>>();
        var pending = new Dictionary<int, (RegisterInput Input, long Call)>();
        var lines = text.Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            var line = lines[i].TrimEnd('\r');
            if (line.Trim().Length == 0) continue;
            int no = i + 1;
            var m = EtcdLine().Match(line);
            if (!m.Success) throw new HistoryFormatException($"line {no}: expected \"INFO  jepsen.util - <process> :invoke|:ok|:fail|:info :read|:write|:cas <value>\", got \"{Trim(line)}\"");
            int process = int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
            string type = m.Groups[2].Value, f = m.Groups[3].Value, arg = m.Groups[4].Value;
            if (type == "invoke")
            {
                if (pending.ContainsKey(process)) throw new HistoryFormatException($"line {no}: process {process} invokes again before its previous operation ended");
                var input = f switch
                {
                    "read" => new RegisterInput(RegisterOp.Read),
                    "write" => new RegisterInput(RegisterOp.Write, Int(arg, no, "the written integer")),
                    _ => CasArgs().Match(arg) is { Success: true } c
                        ? new RegisterInput(RegisterOp.Cas, Int(c.Groups[2].Value, no, "an integer"), Int(c.Groups[1].Value, no, "an integer"))
                        : throw new HistoryFormatException($"line {no}: expected cas arguments \"[from to]\", got \"{arg}\""),
                };
                pending[process] = (input, no);
                continue;
            }
            if (!pending.Remove(process, out var call)) throw new HistoryFormatException($"line {no}: process {process} completes an operation it never invoked");
            if (f != call.Input.Kind.ToString().ToLowerInvariant())
                throw new HistoryFormatException($"line {no}: process {process} invoked :{call.Input.Kind.ToString().ToLowerInvariant()} but completes :{f}");
            bool unknown = type == "info" || (type == "fail" && f == "read");
            int? output = unknown ? null : f switch
            {
                "read" => arg == "nil" ? RegisterModel.Nil : Int(arg, no, "the value read, or nil"),
                _ => type == "ok" ? 1 : 0,
            };
            ops.Add(new(ops.Count, process, call.Input, output, call.Call, unknown ? long.MaxValue : no));
        }
        foreach (var (process, call) in pending)
            ops.Add(new(ops.Count, process, call.Input, null, call.Call, long.MaxValue)); // never returned
        return ops;
    }

    /// <summary>
    /// Parses EDN key-value lines: an `:invoke` and the next `:ok` of the same process form one
    /// operation; an invoke with no `:ok` never returned (unknown outcome). `:fail` means the
    /// operation did not happen and it is dropped; `:info` leaves it unknown.
    /// </summary>
    public static List<Operation<KvInput, string>> ParseKv(string text)
    {
        var ops = new List<Operation<KvInput, string>>();
        var pending = new Dictionary<int, (KvInput Input, long Call)>();
        var lines = text.Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            var line = lines[i].Trim();
            if (line.Length == 0) continue;
            int no = i + 1;
            var m = KvLine().Match(line);
            if (!m.Success) throw new HistoryFormatException($"line {no}: expected {{:process N, :type :invoke|:ok|:fail|:info, :f :get|:put|:append, :key \"K\", :value \"V\"|nil}}, got \"{Trim(line)}\"");
            int process = int.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
            string type = m.Groups[2].Value;
            var kind = m.Groups[3].Value switch { "get" => KvOp.Get, "put" => KvOp.Put, _ => KvOp.Append };
            string key = m.Groups[4].Value;
            string? value = m.Groups[5].Success ? m.Groups[5].Value : null;
            if (type == "invoke")
            {
                if (pending.ContainsKey(process)) throw new HistoryFormatException($"line {no}: process {process} invokes again before its previous operation ended");
                if (kind != KvOp.Get && value is null) throw new HistoryFormatException($"line {no}: a {kind.ToString().ToLowerInvariant()} needs a string :value");
                pending[process] = (new KvInput(kind, key, value ?? ""), no);
                continue;
            }
            if (!pending.Remove(process, out var call)) throw new HistoryFormatException($"line {no}: process {process} completes an operation it never invoked");
            if (call.Input.Kind != kind || call.Input.Key != key) throw new HistoryFormatException($"line {no}: process {process} completes a different operation than it invoked");
            if (type == "fail") continue;
            bool unknown = type == "info";
            ops.Add(new(ops.Count, process, call.Input, unknown ? null : kind == KvOp.Get ? value ?? "" : value, call.Call, unknown ? long.MaxValue : no));
        }
        foreach (var (process, call) in pending)
            ops.Add(new(ops.Count, process, call.Input, null, call.Call, long.MaxValue));
        return ops;
    }

    private static int Int(string s, int line, string what) =>
        int.TryParse(s, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var v) ? v
        : throw new HistoryFormatException($"line {line}: expected {what}, got \"{s}\"");

    private static string Trim(string s) => s.Length > 80 ? s[..77] + "..." : s;
}
