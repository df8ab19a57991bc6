using System.Diagnostics;
using PandoCoyote.Shared.Histories;

namespace Pando.Cli;

/// <summary><c>./pando lincheck --model NAME FILE</c>: check one history for linearizability.</summary>
public static class LincheckCommand
{
    /// <summary>Help text.</summary>
    public const string Help = """
        usage: ./pando lincheck --model <register|cas-register|kv|version-log> [--no-partition] [--timeout SECONDS] <history file>

        Checks a recorded history against a sequential model and prints `linearizable` or `not linearizable`, and
        for a violation the longest linearizable prefix found and the operations that could not be placed.
        The file format is recognised from its content: Jepsen etcd logs (models register, cas-register) or EDN
        key-value lines (model kv). Model version-log is Pando's API (CPUT and GET of one version): its file has one
        event per line, "CLIENT invoke cput VERSION VALUE", "CLIENT invoke get VERSION", "CLIENT return ok|conflict",
        "CLIENT return value VALUE|empty"; a violation of PANDO-S17 found by Coyote prints its history in this form.
          --no-partition   check the kv history as one object instead of key by key
          --timeout S      give up after S seconds (exit 3)
        Exit codes: 0 linearizable, 1 not linearizable, 2 usage error or malformed history, 3 timeout.
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        var a = new Args("lincheck", argv);
        string? model = null, file = null;
        bool partition = true;
        int timeout = 0;
        for (var t = a.Next(); t is not null; t = a.Next())
        {
            switch (t)
            {
                case "--help" or "-h": Console.WriteLine(Help); return 0;
                case "--model": model = a.Value(t); break;
                case "--no-partition": partition = false; break;
                case "--timeout": timeout = a.IntValue(t, 1); break;
                default:
                    if (t.StartsWith("--", StringComparison.Ordinal) || file is not null) throw a.Unknown(t);
                    file = t; break;
            }
        }
        if (model is null) throw new UsageError("lincheck: --model is required (register, cas-register, kv, version-log)");
        if (file is null) throw new UsageError("lincheck: name a history file");
        if (model is not ("register" or "cas-register" or "kv" or "version-log")) throw new UsageError($"lincheck: unknown model \"{model}\" (register, cas-register, kv, version-log)");
        if (!File.Exists(file)) throw new UsageError($"lincheck: {file} does not exist");
        var text = File.ReadAllText(file);
        using var cts = timeout > 0 ? new CancellationTokenSource(TimeSpan.FromSeconds(timeout)) : new CancellationTokenSource();
        try
        {
            var sw = Stopwatch.StartNew();
            if (model == "version-log")
            {
                var vm = new VersionLogModel();
                return Report(LinearizabilityChecker.Check(vm, VersionLogFormat.Parse(text), partition, cts.Token), vm.Describe, sw);
            }
            var format = HistoryParsers.Detect(text);
            if (model == "kv")
            {
                if (format != HistoryFormat.EdnKv) throw new HistoryFormatException($"the kv model reads EDN key-value lines; {file} is a {format} history");
                var m = new KvModel();
                return Report(LinearizabilityChecker.Check(m, HistoryParsers.ParseKv(text), partition, cts.Token), m.Describe, sw);
            }
            if (format != HistoryFormat.JepsenEtcd) throw new HistoryFormatException($"the {model} model reads Jepsen register logs; {file} is a {format} history");
            var ops = HistoryParsers.ParseEtcd(text);
            ISequentialModel<int, RegisterInput, int?> rm = model == "register" ? new RegisterModel() : new CasRegisterModel();
            if (model == "register" && ops.Any(o => o.Input.Kind == RegisterOp.Cas))
                throw new HistoryFormatException("the register model has no compare-and-set; use --model cas-register");
            return Report(LinearizabilityChecker.Check(rm, ops, partition, cts.Token), rm.Describe, sw);
        }
        catch (HistoryFormatException e)
        {
            Console.Error.WriteLine($"pando: lincheck: {file}: {e.Message}");
            return 2;
        }
        catch (OperationCanceledException)
        {
            Console.WriteLine($"unknown: gave up after {timeout} s");
            return 3;
        }
    }

    private static int Report<TIn, TOut>(LinearizabilityResult<TIn, TOut> r, Func<Operation<TIn, TOut>, string> describe, Stopwatch sw)
    {
        Console.WriteLine(r.Linearizable ? "linearizable" : "not linearizable");
        Console.Error.WriteLine($"({r.Partitions.Count} partition(s), {sw.Elapsed.TotalSeconds:0.000} s)");
        if (r.Counterexample is { } cx)
        {
            Console.WriteLine($"longest linearizable prefix ({cx.LongestPrefix.Count} operations):");
            foreach (var o in cx.LongestPrefix.TakeLast(10)) Console.WriteLine("  " + describe(o));
            Console.WriteLine($"operations that could not be placed after it ({cx.Unplaced.Count}), first of them:");
            foreach (var o in cx.Unplaced.OrderBy(o => o.Call).Take(5)) Console.WriteLine("  " + describe(o));
        }
        return r.Linearizable ? 0 : 1;
    }
}
