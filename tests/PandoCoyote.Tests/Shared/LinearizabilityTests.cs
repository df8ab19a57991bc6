using PandoCoyote.Shared.Histories;

namespace PandoCoyote.Tests.Shared;

internal static class Conformance
{
    public static string Dir { get; } = Find();

    private static string Find()
    {
        for (var d = new DirectoryInfo(AppContext.BaseDirectory); d is not null; d = d.Parent)
        {
            var c = Path.Combine(d.FullName, "..", "shared", "conformance", "linearizability");
            if (File.Exists(Path.Combine(d.FullName, "pando.slnx")))
                return Directory.Exists(c) ? Path.GetFullPath(c)
                    : throw new DirectoryNotFoundException($"conformance histories not found at {c}: the repository expects ../shared beside it");
        }
        throw new DirectoryNotFoundException("repository root not found");
    }

    public static IEnumerable<object[]> Verdicts(string set) =>
        File.ReadAllLines(Path.Combine(Dir, set, "VERDICTS.tsv")).Where(l => l.Trim().Length > 0)
            .Select(l => l.Split('\t')).Select(p => new object[] { p[0], p[1] == "linearizable" });
}

public class ConformanceTests
{
    public static IEnumerable<object[]> Etcd => Conformance.Verdicts("jepsen-etcd");
    public static IEnumerable<object[]> Kv => Conformance.Verdicts("kv");

    [Fact]
    public void All_108_histories_are_listed()
    {
        Assert.Equal(102, Etcd.Count());
        Assert.Equal(23, Etcd.Count(v => (bool)v[1]));
        Assert.Equal(6, Kv.Count());
    }

    [Theory]
    [MemberData(nameof(Etcd))]
    public void Etcd_history_gets_its_known_verdict(string file, bool linearizable)
    {
        var ops = HistoryParsers.ParseEtcd(File.ReadAllText(Path.Combine(Conformance.Dir, "jepsen-etcd", file)));
        var r = LinearizabilityChecker.Check(new CasRegisterModel(), ops);
        Assert.Equal(linearizable, r.Linearizable);
        if (!linearizable) Assert.NotEmpty(r.Counterexample!.Unplaced);
    }

    [Theory]
    [MemberData(nameof(Kv))]
    public void Kv_history_gets_its_known_verdict_with_and_without_partitioning(string file, bool linearizable)
    {
        var ops = HistoryParsers.ParseKv(File.ReadAllText(Path.Combine(Conformance.Dir, "kv", file)));
        Assert.Equal(linearizable, LinearizabilityChecker.Check(new KvModel(), ops, partition: true).Linearizable);
        if (!file.StartsWith("c50", StringComparison.Ordinal)) // c50 unpartitioned is a benchmark, not a unit test
            Assert.Equal(linearizable, LinearizabilityChecker.Check(new KvModel(), ops, partition: false).Linearizable);
    }
}

public class CheckerTests
{
    private static Operation<RegisterInput, int?> Op(int id, int client, RegisterInput input, int? output, long call, long ret) =>
        new(id, client, input, output, call, ret);

    [Fact]
    public void Stale_read_after_a_completed_write_is_not_linearizable_and_is_explained()
    {
        var w = new RegisterInput(RegisterOp.Write, 1);
        var r = new RegisterInput(RegisterOp.Read);
        var ops = new[] { Op(0, 0, w, 1, 1, 2), Op(1, 1, r, RegisterModel.Nil, 3, 4) };
        var res = LinearizabilityChecker.Check(new CasRegisterModel(), ops);
        Assert.False(res.Linearizable);
        var cx = res.Counterexample!;
        Assert.Equal([0], cx.LongestPrefix.Select(o => o.Id));
        Assert.Equal([1], cx.Unplaced.Select(o => o.Id));
        Assert.Equal("client 1: read() -> nil", new CasRegisterModel().Describe(cx.Unplaced[0]));
    }

    [Fact]
    public void Concurrent_read_may_see_either_value()
    {
        var w = new RegisterInput(RegisterOp.Write, 1);
        var r = new RegisterInput(RegisterOp.Read);
        foreach (int? seen in new int?[] { RegisterModel.Nil, 1 })
            Assert.True(LinearizabilityChecker.Check(new RegisterModel(), [Op(0, 0, w, 1, 1, 4), Op(1, 1, r, seen, 2, 3)]).Linearizable);
        Assert.False(LinearizabilityChecker.Check(new RegisterModel(), [Op(0, 0, w, 1, 1, 4), Op(1, 1, r, 2, 2, 3)]).Linearizable);
    }

    [Fact]
    public void Unknown_outcome_may_take_effect_late_or_never()
    {
        var w = new RegisterInput(RegisterOp.Write, 7);
        var r = new RegisterInput(RegisterOp.Read);
        // The write never returned; a read much later sees 7, another sees nil before it: both fine.
        var ops = new[] { Op(0, 0, w, null, 1, long.MaxValue), Op(1, 1, r, RegisterModel.Nil, 2, 3), Op(2, 1, r, 7, 10, 11) };
        Assert.True(LinearizabilityChecker.Check(new CasRegisterModel(), ops).Linearizable);
        // ... but once 7 was read, nil can no longer be read.
        var bad = new[] { Op(0, 0, w, null, 1, long.MaxValue), Op(1, 1, r, 7, 2, 3), Op(2, 1, r, RegisterModel.Nil, 10, 11) };
        Assert.False(LinearizabilityChecker.Check(new CasRegisterModel(), bad).Linearizable);
    }

    [Fact]
    public void Cas_failure_means_the_compare_did_not_match()
    {
        var cas = new RegisterInput(RegisterOp.Cas, 5, Expected: 3);
        var w = new RegisterInput(RegisterOp.Write, 3);
        Assert.False(LinearizabilityChecker.Check(new CasRegisterModel(), [Op(0, 0, w, 1, 1, 2), Op(1, 1, cas, 0, 3, 4)]).Linearizable);
        Assert.True(LinearizabilityChecker.Check(new CasRegisterModel(), [Op(0, 0, w, 1, 1, 2), Op(1, 1, cas, 1, 3, 4)]).Linearizable);
    }

    [Fact]
    public void Versioned_register_accepts_pando_histories_and_rejects_two_oks_for_one_version()
    {
        var m = new VersionedRegisterModel();
        Operation<VersionedInput, VersionedOutput> Cput(int id, int client, int ver, string v, bool ok, long c, long r) =>
            new(id, client, new VersionedInput(false, ver, v), new VersionedOutput(ok, default), c, r);
        Operation<VersionedInput, VersionedOutput> Get(int id, int client, int ver, string? v, long c, long r) =>
            new(id, client, new VersionedInput(true, 0, null), new VersionedOutput(true, new Versioned(ver, v)), c, r);
        var good = new[] { Cput(0, 0, 1, "a", true, 1, 4), Cput(1, 1, 1, "b", false, 2, 5), Get(2, 2, 1, "a", 6, 7) };
        Assert.True(LinearizabilityChecker.Check(m, good).Linearizable);
        var twoOks = new[] { Cput(0, 0, 1, "a", true, 1, 4), Cput(1, 1, 1, "b", true, 2, 5) };
        Assert.False(LinearizabilityChecker.Check(m, twoOks).Linearizable);
        var gap = new[] { Cput(0, 0, 2, "a", true, 1, 2) };
        Assert.False(LinearizabilityChecker.Check(m, gap).Linearizable);
        var unknown = new[] { new Operation<VersionedInput, VersionedOutput>(0, 0, new VersionedInput(false, 1, "a"), default, 1, long.MaxValue), Get(1, 1, 1, "a", 5, 6) };
        Assert.True(LinearizabilityChecker.Check(m, unknown).Linearizable);
    }

    [Fact]
    public void Recorder_orders_operations_by_one_clock_and_marks_missing_returns_unknown()
    {
        var rec = new HistoryRecorder<RegisterInput, int?>();
        int a = rec.Invoke(0, new RegisterInput(RegisterOp.Write, 1));
        int b = rec.Invoke(1, new RegisterInput(RegisterOp.Read));
        rec.Return(a, 1);
        var ops = rec.Operations();
        Assert.True(ops[a].Call < ops[b].Call && ops[b].Call < ops[a].Return);
        Assert.True(ops[b].Unknown);
        Assert.Throws<InvalidOperationException>(() => rec.Return(a, 1));
    }
}

public class ParserTests
{
    [Fact]
    public void Formats_are_recognised_from_content()
    {
        Assert.Equal(HistoryFormat.JepsenEtcd, HistoryParsers.Detect("\nINFO  jepsen.util - 0\t:invoke\t:read\tnil\n"));
        Assert.Equal(HistoryFormat.EdnKv, HistoryParsers.Detect("{:process 0, :type :invoke, :f :get, :key \"1\", :value nil}"));
        Assert.Contains("line 1: expected a Jepsen log line", Assert.Throws<HistoryFormatException>(() => HistoryParsers.Detect("hello")).Message);
    }

    [Fact]
    public void Malformed_lines_name_the_line_and_what_was_expected()
    {
        var e = Assert.Throws<HistoryFormatException>(() => HistoryParsers.ParseEtcd("INFO  jepsen.util - 0\t:invoke\t:read\tnil\nINFO  jepsen.util - 0\t:ok\t:read\tseven\n"));
        Assert.Equal("line 2: expected the value read, or nil, got \"seven\"", e.Message);
        e = Assert.Throws<HistoryFormatException>(() => HistoryParsers.ParseEtcd("INFO  jepsen.util - 0\t:invoke\t:cas\t[1]\n"));
        Assert.Equal("line 1: expected cas arguments \"[from to]\", got \"[1]\"", e.Message);
        e = Assert.Throws<HistoryFormatException>(() => HistoryParsers.ParseEtcd("INFO  jepsen.util - 3\t:ok\t:write\t1\n"));
        Assert.Equal("line 1: process 3 completes an operation it never invoked", e.Message);
        e = Assert.Throws<HistoryFormatException>(() => HistoryParsers.ParseKv("{:process 0, :type :invoke, :f :put, :key \"1\", :value \"x\"}\n{:process 0 :type :ok}\n"));
        Assert.StartsWith("line 2: expected {:process N", e.Message);
    }
}

/// Pando's version log (CPUT and GET of one version) and its text form for ./pando lincheck.
public class VersionLogTests
{
    // Finding F6's history: writer 2's value is version 1, yet it was told CONFLICT.
    private const string F6 = """
        # two writers race for version 1, then writer 1 writes version 2
        1 invoke cput 1 alpha
        2 invoke cput 1 bravo
        1 return conflict
        3 invoke get 1
        3 return value bravo
        1 invoke cput 2 alpha2
        1 return ok
        2 return conflict
        """;

    [Fact]
    public void A_conflict_for_the_value_that_was_chosen_is_not_linearizable_and_an_unknown_outcome_is()
    {
        var m = new VersionLogModel();
        Assert.False(LinearizabilityChecker.Check(m, VersionLogFormat.Parse(F6)).Linearizable);
        var pending = F6.Replace("2 return conflict", "", StringComparison.Ordinal);
        Assert.True(LinearizabilityChecker.Check(m, VersionLogFormat.Parse(pending)).Linearizable);
    }

    [Fact]
    public void Gaps_and_reads_of_unwritten_versions_follow_the_log()
    {
        var m = new VersionLogModel();
        Assert.False(LinearizabilityChecker.Check(m, VersionLogFormat.Parse("1 invoke cput 2 x\n1 return ok\n")).Linearizable);
        Assert.True(LinearizabilityChecker.Check(m, VersionLogFormat.Parse("1 invoke get 1\n1 return empty\n2 invoke cput 1 x\n2 return ok\n")).Linearizable);
        Assert.False(LinearizabilityChecker.Check(m, VersionLogFormat.Parse("2 invoke cput 1 x\n2 return ok\n1 invoke get 1\n1 return empty\n")).Linearizable);
    }

    [Fact]
    public void The_text_form_round_trips()
    {
        var ops = VersionLogFormat.Parse(F6);
        Assert.Equal(ops.Select(o => (o.Client, o.Input, o.Output, o.Unknown)),
            VersionLogFormat.Parse(VersionLogFormat.Write(ops)).Select(o => (o.Client, o.Input, o.Output, o.Unknown)));
    }

    [Theory]
    [InlineData("1 invoke put 1 x", "line 1: expected \"invoke cput VERSION VALUE\" or \"invoke get VERSION\"")]
    [InlineData("1 invoke cput 0 x", "line 1: the version must be an integer >= 1")]
    [InlineData("1 return ok", "line 1: client 1 returns without an open operation")]
    [InlineData("1 invoke get 1\n1 return ok", "line 2: a get returns \"value VALUE\" or \"empty\"")]
    [InlineData("1 invoke get 1\n1 invoke get 2", "line 2: client 1 invokes while its earlier operation is still open")]
    [InlineData("x invoke get 1", "line 1: expected \"CLIENT invoke ...\"")]
    public void Malformed_lines_are_refused_naming_the_line(string text, string message)
    {
        Assert.Contains(message, Assert.Throws<HistoryFormatException>(() => VersionLogFormat.Parse(text)).Message);
    }
}
