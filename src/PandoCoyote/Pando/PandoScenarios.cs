using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Pando;

/// <summary>
/// Builds a Pando deployment under test from the plain fields of a <c>tests/coyote.json</c> entry, so the manifest
/// can name every scenario without code. Fields: <c>params</c> (V1, V2, V4, V5, V7, or
/// <c>n=.. k=.. f=.. q1a=.. q1b=.. q2=..</c>, validated unless <c>unchecked</c> is added: the parameter mutants),
/// <c>faults</c> (none, chaos, crash-restart, permanent, partition, disk-loss, conflict), <c>workload</c> (conflict, versions, duel: 2 clients, crowd: 4 clients, gap, keys: 2 keys),
/// <c>mutant</c> (none, M3 ... M16, MK1, MBR), <c>leaderTimeouts</c> (true/false), <c>readTimeouts</c> (true/false: PANDO-L3's
/// negative control), <c>staleAsConflict</c> (true/false: finding F6's
/// negative control).
/// </summary>
public static class PandoScenarios
{
    /// <summary>Catalogue monitor names (as in p-models/Pando/PSpec) → the C# monitor.</summary>
    public static readonly IReadOnlyDictionary<string, Type> Monitors = new Dictionary<string, Type>
    {
        ["Agreement"] = typeof(AgreementMonitor), ["StrongStability"] = typeof(StrongStabilityMonitor),
        ["OneProposalPerBallot"] = typeof(OneProposalPerBallotMonitor), ["CommitSound"] = typeof(CommitSoundMonitor),
        ["ReadsChosen"] = typeof(ReadsChosenMonitor), ["ReadsFresh"] = typeof(ReadsFreshMonitor),
        ["CputTruthful"] = typeof(CputTruthfulMonitor), ["Linearizable"] = typeof(LinearizableMonitor),
        ["LeaderDecides"] = typeof(LeaderDecidesMonitor), ["CputReturns"] = typeof(CputReturnsMonitor),
        ["ReadsReturn"] = typeof(ReadsReturnMonitor),
        ["NoDataLoss"] = typeof(NoDataLossMonitor), ["Recoverable"] = typeof(RecoverableMonitor), ["GcSafe"] = typeof(GcSafeMonitor),
        ["NoGaps"] = typeof(NoGapsMonitor),
        ["VoteRespectsPromise"] = typeof(VoteRespectsPromiseMonitor), ["PromiseMonotone"] = typeof(PromiseMonotoneMonitor),
        ["BallotBindsValue"] = typeof(BallotBindsValueMonitor), ["BallotFresh"] = typeof(BallotFreshMonitor),
        ["SelectsRebuildable"] = typeof(SelectsRebuildableMonitor),
    };

    /// <summary>Mutant names as in the brief (§8) and the TLA+/P models.</summary>
    public static readonly IReadOnlyDictionary<string, Mutant> MutantNames = new Dictionary<string, Mutant>
    {
        ["none"] = Mutant.None, ["M3"] = Mutant.M3LowestRecovery, ["M4"] = Mutant.M4UncommittedLooksEmpty, ["M5"] = Mutant.M5RecoverOn1a,
        ["M6"] = Mutant.M6ReadNoWriteBack, ["M7"] = Mutant.M7CmtOnVote, ["M9"] = Mutant.M9ReuseDelegatedBallot,
        ["M10"] = Mutant.M10OkWithoutVid, ["M11"] = Mutant.M11FreshVidOnRecovery, ["M12"] = Mutant.M12GcForgetsSlot, ["M12b"] = Mutant.M12bPruneOnAccept, ["M16"] = Mutant.M16NoGapRuleOff,
        ["M13"] = Mutant.M13RestartLosesPromise, ["M14"] = Mutant.M14RoundOnlyCompare, ["MK1"] = Mutant.MK1SharedFloor,
        ["MBR"] = Mutant.MBRTermNotBumped,
    };

    /// <summary>The named fault plans; "permanent" lets up to f sites (of <paramref name="p"/>) fail for good.</summary>
    public static FaultPlan Faults(string name, PandoParams? p = null) => name switch
    {
        "none" => FaultPlan.None,
        "chaos" => new FaultPlan(Reorder: true, MaxDrops: 2, MaxDuplicates: 2),
        "crash-restart" => new FaultPlan(Reorder: true, MaxDrops: 1, MaxDuplicates: 1, MaxCrashes: 2, Restart: true, FaultOdds: 6),
        "permanent" => new FaultPlan(Reorder: true, MaxCrashes: p?.F ?? 1, Restart: false, FaultOdds: 6),
        "partition" => new FaultPlan(Reorder: true, PartitionRounds: 2, FaultOdds: 6),
        "disk-loss" => new FaultPlan(Reorder: true, MaxCrashes: 2, Restart: true, FaultOdds: 6, DiskLoss: true),
        // Conflict-forcing (issue 46): Phase-2 PROPOSEs lost on purpose (partial accepts for the next proposer to find),
        // PROMISE and ACCEPTED replies duplicated on purpose, one crash-restart (PandoSystem names the windows).
        "conflict" => new FaultPlan(Reorder: true, MaxCrashes: 1, Restart: true, FaultOdds: 10, TargetDrops: 8, TargetDups: 4, TargetOdds: 2),
        // Crash points (issue 46): the chaos faults, plus up to 2 data sites crashing right after they promise (PREPARE) or
        // vote (PROPOSE), coming back from their durable state (PandoSystem names the window).
        "crash-points" => new FaultPlan(Reorder: true, MaxDrops: 2, MaxDuplicates: 2, MaxCrashes: 2, Restart: true, TargetCrashes: 2, TargetOdds: 3),
        _ => throw new ArgumentException($"faults \"{name}\": use none, chaos, crash-restart, permanent, partition, disk-loss, conflict or crash-points"),
    };

    /// <summary>The deployment described by the fields. <paramref name="only"/> names the one monitor a bug test watches.</summary>
    public static PandoSystem Build(IReadOnlyDictionary<string, string> fields, string? only, bool liveness)
    {
        foreach (var k in fields.Keys)
            if (k is not ("params" or "faults" or "workload" or "mutant" or "leaderTimeouts" or "readTimeouts" or "staleAsConflict"))
                throw new ArgumentException($"deployment field \"{k}\" is unknown (Pando: params, faults, workload, mutant, leaderTimeouts, readTimeouts, staleAsConflict)");
        string F(string k, string dflt) => fields.TryGetValue(k, out var v) ? v : dflt;
        var p = Params(F("params", "V2"));
        var workload = F("workload", "conflict") switch
        {
            "conflict" => Workload.Conflict, "versions" => Workload.Versions, "duel" => Workload.Duel, "crowd" => Workload.Crowd, "gap" => Workload.Gap, "keys" => Workload.Keys,
            var w => throw new ArgumentException($"workload \"{w}\": use conflict, versions, duel, crowd, gap or keys"),
        };
        var mutantName = F("mutant", "none");
        var mutant = MutantNames.TryGetValue(mutantName, out var mm) ? mm
            : throw new ArgumentException($"mutant \"{mutantName}\": use one of {string.Join(", ", MutantNames.Keys)}");
        bool Flag(string k) => F(k, k == "staleAsConflict" ? "false" : "true") switch
        {
            "true" => true, "false" => false, var t => throw new ArgumentException($"{k} \"{t}\": use true or false"),
        };
        Type? monitor = null;
        if (only is not null && !Monitors.TryGetValue(only, out monitor))
            throw new ArgumentException($"monitor \"{only}\" is not a Pando monitor ({string.Join(", ", Monitors.Keys)})");
        return new PandoSystem(p, Faults(F("faults", "none"), p), workload, mutant, Flag("leaderTimeouts"), liveness)
        {
            Only = monitor is null ? null : [monitor],
            StaleAsConflict = Flag("staleAsConflict"),
            ReadTimeouts = Flag("readTimeouts"),
        };
    }

    /// <summary>A named parameter set, or an explicit one.</summary>
    public static PandoParams Params(string text)
    {
        switch (text)
        {
            case "V1": return PandoParams.V1;
            case "V2": return PandoParams.V2;
            case "V4": return PandoParams.V4;
            case "V5": return PandoParams.V5;
            case "V7": return PandoParams.V7;
        }
        var parts = text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        bool unchecked_ = parts.Contains("unchecked");
        var kv = parts.Where(x => x != "unchecked").Select(x => x.Split('=')).ToDictionary(
            x => x.Length == 2 ? x[0] : throw new ArgumentException($"params \"{text}\": write V1..V7 or n=.. k=.. f=.. q1a=.. q1b=.. q2=.. [unchecked]"),
            x => int.TryParse(x[1], out var n) ? n : throw new ArgumentException($"params \"{text}\": {x[0]} must be an integer"));
        int G(string k) => kv.TryGetValue(k, out var v) ? v : throw new ArgumentException($"params \"{text}\": missing {k}");
        return unchecked_ ? PandoParams.Unchecked(G("n"), G("k"), G("f"), G("q1a"), G("q1b"), G("q2"))
                          : PandoParams.Create(G("n"), G("k"), G("f"), G("q1a"), G("q1b"), G("q2"));
    }

    /// <summary>The scenario of one manifest entry.</summary>
    public static Scenario Scenario(string name, IReadOnlyDictionary<string, string> fields, string? only, bool liveness,
        uint iterations, uint seed, Strategy strategy, uint maxSteps) =>
        new(name, Build(fields, only, liveness).Setup, iterations, maxSteps, seed, strategy);
}
