namespace Pando.ModelCheck.Tests;

/// Sharding a level's selection (--shard I/N) and joining the shards' reports (./pando shards merge).
public class ShardTests
{
    [Theory]
    [InlineData("0/3", "I must be between 1 and N (3)")]
    [InlineData("4/3", "I must be between 1 and N (3)")]
    [InlineData("1/0", "N must be at least 1")]
    [InlineData("2", "a shard is I/N with whole numbers")]
    [InlineData("a/b", "a shard is I/N with whole numbers")]
    [InlineData("-1/3", "a shard is I/N with whole numbers")]
    public void A_malformed_or_out_of_range_shard_is_one_clear_error(string text, string message)
    {
        var e = Assert.Throws<InputError>(() => Shard.Parse(text));
        Assert.Contains(message, e.Message);
    }

    [Fact]
    public void The_shards_partition_the_selection_keep_groups_together_and_balance_the_recorded_time()
    {
        var items = Enumerable.Range(0, 40).Select(i => (Name: $"m{i}", Group: $"cfg{i / 3}", Seconds: (double)(i % 7 + 1))).ToList();
        var shards = Enumerable.Range(1, 4).Select(i => new Shard(i, 4).Select(items, x => x.Group, x => x.Seconds)).ToList();
        var all = shards.SelectMany(s => s).Select(x => x.Name).ToList();
        Assert.Equal(items.Count, all.Count);                                   // every entry once
        Assert.Equal(items.Select(x => x.Name).Order(), all.Order());
        foreach (var g in items.GroupBy(x => x.Group))                          // a group is never split
            Assert.Single(shards, s => s.Any(x => x.Group == g.Key));
        var loads = shards.Select(s => s.Sum(x => x.Seconds)).ToList();
        Assert.True(loads.Max() - loads.Min() <= items.GroupBy(x => x.Group).Max(g => g.Sum(x => x.Seconds)));
        Assert.Equal(items, new Shard(1, 1).Select(items, x => x.Group, x => x.Seconds));  // one shard is everything, in order
    }

    [Fact]
    public void A_merge_names_the_missing_shards_and_every_failure()
    {
        using var d = new TempDir();
        new ShardReport("p", new Shard(1, 3), Tier.Full, ["tcA", "tcB"], new Dictionary<string, string>()).Write(d.Path);
        new ShardReport("p", new Shard(3, 3), Tier.Full, ["tcC"], new Dictionary<string, string> { ["tcD"] = "MISSING VIOLATION" }).Write(d.Path);
        new ShardReport("tlc", new Shard(1, 1), Tier.Full, ["M"], new Dictionary<string, string>()).Write(d.Path);
        var m = ShardReport.Merge(d.Path);
        var p = m.Single(l => l.Level == "p");
        Assert.Equal([2], p.Missing);
        Assert.Equal(3, p.Passed);
        Assert.Equal("MISSING VIOLATION", p.Failed["tcD"]);
        Assert.False(p.Ok);
        Assert.True(m.Single(l => l.Level == "tlc").Ok);
    }

    [Fact]
    public void Shard_reports_that_disagree_on_N_are_refused()
    {
        using var d = new TempDir();
        new ShardReport("coyote", new Shard(1, 2), Tier.Full, ["a"], new Dictionary<string, string>()).Write(d.Path);
        new ShardReport("coyote", new Shard(2, 3), Tier.Full, ["b"], new Dictionary<string, string>()).Write(d.Path);
        Assert.Contains("disagree on the number of shards", Assert.Throws<InputError>(() => ShardReport.Merge(d.Path)).Message);
        File.WriteAllText(Path.Combine(d.Path, "tlc-shard-1-of-1.json"), "{ not json");
        Assert.Contains("not a shard report", Assert.Throws<InputError>(() => ShardReport.Merge(d.Path)).Message);
    }
}
