using PandoCoyote.Pando;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Tests.Pando;

/// Every runtime-observable mutant of brief §8 (the same list as the P bug tests) must be caught by Coyote with its
/// expected catalogue ID within its iteration bound, and the saved trace must replay to the same violation.
public class PandoMutantTests
{
    public sealed record Case(string Name, PandoParams Params, FaultPlan Faults, Workload Workload, Mutant Mutant, string Id, uint Bound)
    {
        public override string ToString() => Name;
    }

    private static readonly FaultPlan Chaos = new(Reorder: true, MaxDrops: 1, MaxDuplicates: 1);
    private static readonly FaultPlan Crashes = new(Reorder: true, MaxCrashes: 2, Restart: true, FaultOdds: 6);

    public static readonly TheoryData<Case> Cases = new()
    {
        new("M01_X1_Agreement", PandoParams.Unchecked(3, 1, 1, 1, 2, 2), Chaos, Workload.Conflict, Mutant.None, "PANDO-S1", 2000),
        new("M02_X3_Agreement", PandoParams.Unchecked(4, 2, 1, 2, 2, 3), Chaos, Workload.Conflict, Mutant.None, "PANDO-S1", 2000),
        new("M02_X3_ReadsFresh", PandoParams.Unchecked(4, 2, 1, 2, 2, 3), Chaos, Workload.Conflict, Mutant.None, "PANDO-S13", 3000),
        new("M03_Agreement", PandoParams.V1, Chaos, Workload.Conflict, Mutant.M3LowestRecovery, "PANDO-S1", 3000),
        new("M03_Stability", PandoParams.V1, Chaos, Workload.Conflict, Mutant.M3LowestRecovery, "PANDO-S2", 3000),
        new("M04_Agreement", PandoParams.V2, Chaos, Workload.Conflict, Mutant.M4UncommittedLooksEmpty, "PANDO-S1", 2000),
        new("M05_Agreement", PandoParams.V2, Chaos, Workload.Conflict, Mutant.M5RecoverOn1a, "PANDO-S1", 2000),
        new("M06_ReadsChosen", PandoParams.V2, Chaos, Workload.Conflict, Mutant.M6ReadNoWriteBack, "PANDO-S12", 3000),
        new("M07_CommitSound", PandoParams.V2, Chaos, Workload.Conflict, Mutant.M7CmtOnVote, "PANDO-S8", 2000),
        new("M07_ReadsChosen", PandoParams.V2, Chaos, Workload.Conflict, Mutant.M7CmtOnVote, "PANDO-S12", 3000),
        new("M09_OneProposal", PandoParams.V2, Chaos, Workload.Conflict, Mutant.M9ReuseDelegatedBallot, "PANDO-S4", 3000),
        new("M10_CputTruthful", PandoParams.V2, Chaos, Workload.Conflict, Mutant.M10OkWithoutVid, "PANDO-S14", 3000),
        new("M11_Agreement", PandoParams.V2, Chaos, Workload.Conflict, Mutant.M11FreshVidOnRecovery, "PANDO-S1", 2000),
        new("M12_Agreement", PandoParams.V2, Chaos, Workload.Versions, Mutant.M12GcForgetsSlot, "PANDO-S1", 3000),
        new("M13_Agreement", PandoParams.V2, Crashes, Workload.Conflict, Mutant.M13RestartLosesPromise, "PANDO-S1", 3000),
        new("M14_Agreement", PandoParams.V2, Chaos, Workload.Conflict, Mutant.M14RoundOnlyCompare, "PANDO-S1", 2000),
    };

    // The monitor that checks each catalogue ID (the bug test registers only that one).
    private static readonly Dictionary<string, Type> MonitorOf = new()
    {
        ["PANDO-S1"] = typeof(AgreementMonitor), ["PANDO-S2"] = typeof(StrongStabilityMonitor), ["PANDO-S4"] = typeof(OneProposalPerBallotMonitor),
        ["PANDO-S8"] = typeof(CommitSoundMonitor), ["PANDO-S12"] = typeof(ReadsChosenMonitor), ["PANDO-S13"] = typeof(ReadsFreshMonitor),
        ["PANDO-S14"] = typeof(CputTruthfulMonitor),
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Mutant_is_caught_with_its_catalogue_id_and_its_trace_replays(Case c)
    {
        var system = new PandoSystem(c.Params, c.Faults, c.Workload, c.Mutant) { Only = [MonitorOf[c.Id]] };
        var scenario = system.Scenario("Pando_" + c.Name, c.Bound);
        var r = CoyoteRunner.Run(scenario);
        Assert.True(r.Kind == CoyoteVerdict.Violates && r.Id == c.Id,
            $"{c.Name}: expected a violation of {c.Id} within {c.Bound} iterations, got {r.Kind} {r.Id}: {r.Message}");
        Assert.StartsWith($"[{c.Id}]", r.Message);
        Assert.True(File.Exists(r.TracePath) && File.Exists(r.LogPath));
        var replay = CoyoteRunner.Run(scenario, File.ReadAllText(r.TracePath!));
        Assert.Equal(r.Message, replay.Message);
    }
}
