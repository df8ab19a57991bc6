namespace Pando.ModelCheck.Tests;

/// <c>./pando plan</c> end to end: a plan, an infeasible workload, and bad input (exit 2, one message, nothing written).
public class PlanCliTests
{
    [Fact]
    public void Plan_all_prints_each_protocol_with_cost_latency_and_binding()
    {
        var (code, stdout, stderr) = Repo.RunCli("plan", "all", "size=1KB", "objects=1000000", "rate=500", "reads=0.97", "clients=Tokyo", "slo=170");
        Assert.True(code == 0, stderr);
        Assert.Contains("ABD m=3 q1=2 q2=2 on Tokyo, Singapore, Oregon", stdout);
        Assert.Contains("quorum validator: valid", stdout);
        Assert.Contains("CAS: infeasible: the PUT SLO of 170 ms cannot be met: the lowest worst-site PUT latency CAS reaches is 213.0 ms (client site Tokyo)", stdout);
        Assert.Contains("binding: ", stdout);
        Assert.Contains("summary, cheapest first:", stdout);
    }

    [Fact]
    public void An_infeasible_workload_exits_1_with_the_reason()
    {
        var (code, stdout, _) = Repo.RunCli("plan", "abd", "clients=all", "get-slo=50");
        Assert.Equal(1, code);
        Assert.Contains("ABD: infeasible: the GET SLO of 50 ms cannot be met", stdout);
    }

    [Theory]
    [InlineData("pando: plan: rate: \"0\" must be a number of requests per second above 0", "plan", "cas", "rate=0")]
    [InlineData("pando: plan: clients: unknown data center \"Mars\"", "plan", "pando", "clients=Mars")]
    [InlineData("pando: plan: unknown parameter \"qq\"", "plan", "abd", "qq=3")]
    [InlineData("pando: plan: unknown protocol \"paxos\"", "plan", "paxos")]
    [InlineData("pando: plan: name a protocol", "plan")]
    [InlineData("pando: plan frontier: --out DIR is required", "plan", "frontier")]
    [InlineData("pando: plan frontier: --out /nonexistent/planning: no such directory", "plan", "frontier", "--out", "/nonexistent/planning")]
    public void Bad_input_exits_2_naming_the_parameter(string message, params string[] args)
    {
        var (code, stdout, stderr) = Repo.RunCli(args);
        Assert.Equal(2, code);
        Assert.StartsWith(message, stderr);
        Assert.Equal("", stdout);
    }
}
