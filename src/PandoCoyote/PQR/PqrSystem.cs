using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.PQR;

/// <summary>
/// Client scripts of a PQR run (keys k0 = 0, k1 = 1; client c's j-th operation writes 10c + j). The same workloads as
/// <c>p-models/PQR/PTst/Harness.p</c>.
/// </summary>
public enum PqrWorkload
{
    /// <summary>Brief §7 S1: client 1 writes k0; client 2 reads k0 twice.</summary>
    S1,
    /// <summary>Client 1 writes, reads, writes k0; client 2 writes k0 twice; client 3 reads k0 three times.</summary>
    Busy,
    /// <summary>Brief §7 S3: client 1 writes k0; client 2 writes k1; client 3 reads k0, k1, k0.</summary>
    Gaps,
    /// <summary>Two keys, three clients, each mixing writes and reads on both.</summary>
    Keys,
    /// <summary>Brief §7 L2: client 1 writes k0; client 2 reads k0 (with a leader change: the orphan slot).</summary>
    Orphan,
    /// <summary>Client 1 reads k0, writes k0, reads k0 (M9: the first read's late replies answer the last read).</summary>
    Rwr,
    /// <summary>Client 1 writes k1, then k0, then reads k0 (M7: a follower that missed slot 1 reports no accepted slot).</summary>
    GapRead,
}

/// <summary>A leader fault drawn by the environment (<see cref="Elector"/>).</summary>
public enum LeaderFault
{
    /// <summary>Replica 0 leads throughout.</summary>
    None,
    /// <summary>At a random point replica 0 crashes for good and the standby (replica n − 1) starts an election.</summary>
    Failover,
    /// <summary>At a random point the standby starts an election while replica 0 keeps running (duelling proposers).</summary>
    Duel,
    /// <summary>A duel, then at a second random point replica 0 starts an election again (three ballots: 1, the standby's, replica 0's next).</summary>
    Duel2,
    /// <summary>
    /// Conflict-forcing (issue 46): three elections at random points (the standby, replica 0, the standby again: four
    /// ballots) while the network loses Phase-2a messages on purpose (partial accepts) and duplicates P1b and P2b replies,
    /// so a new leader's Phase-1 quorum reports different commands accepted at different ballots for one slot.
    /// </summary>
    Conflict,
}

/// <summary>
/// One PQR deployment under test: settings (quorums validated), faults, leader fault, workload. <see cref="Setup"/>
/// registers the catalogue monitors and creates the network, the n replicas, the environment's elector and the clients.
/// </summary>
public sealed record PqrSystem(PqrSettings Settings, FaultPlan Faults, PqrWorkload Workload, LeaderFault Leader = LeaderFault.None,
    bool CheckLiveness = false)
{
    /// <summary>The monitors to register, by catalogue name (null = every safety monitor that applies).</summary>
    public IReadOnlyList<string>? Only { get; init; }

    /// <summary>Explicit scripts (the message-count benchmark); null = the workload's.</summary>
    public IReadOnlyList<IReadOnlyList<PqrOp>>? Scripts { get; init; }

    /// <summary>Called for every message the network routes (the message-count benchmark).</summary>
    public Action<ActorId?, ActorId, Event>? Tally { get; init; }

    /// <summary>
    /// The safety monitors that apply to the read mode (the quorum-read ones only to PQR), and the node-local rules (N6, a
    /// new leader's pick, only with a leader change: without one no replica ever runs BecomeLeader after Phase 1).
    /// </summary>
    public IEnumerable<string> SafetyMonitors =>
        PqrMonitors.Safety.Keys.Where(n => Settings.ReadMode == PqrReadMode.Pqr || !PqrMonitors.PqrReadOnly.Contains(n))
            .Concat(Leader == LeaderFault.None ? LocalRules.BallotRules : LocalRules.Monitors.Keys);

    /// <summary>The setup of one iteration.</summary>
    public void Setup(IActorRuntime rt)
    {
        foreach (var name in Only ?? [.. SafetyMonitors])
            if (LocalRules.Monitors.ContainsKey(name)) LocalRules.Register(rt, name, "PQR");
            else PqrMonitors.Register(rt, name, Settings);
        // Liveness (brief §6.5): ReadsTerminate always; WritesTerminate only without a leader change, since these runs have no
        // timers (A3's client retries): a write sent to a leader that is deposed before it commits is never resent.
        if (CheckLiveness && Only is null)
        {
            PqrMonitors.Register(rt, "ReadsTerminate", Settings);
            if (Leader == LeaderFault.None) PqrMonitors.Register(rt, "WritesTerminate", Settings);
        }
        int n = Settings.P.N;
        var net = rt.CreateActor(typeof(Network), new NetworkSetup([], Faults) { Tally = Tally, DropTarget = PartialAccepts, DupTarget = RecoveryReplies, CrashTarget = DurableSteps });
        var reps = Enumerable.Range(0, n).Select(_ => rt.CreateActorId(typeof(Replica))).ToList();
        // Followers may crash and restart; not the standby of a leader fault (a standby that restarts forgets its
        // candidacy, and with no leader left the clients' retries would fill the schedule).
        var crashable = reps.Where((_, i) => i > 0 && !(Leader != LeaderFault.None && i == n - 1)).ToList();
        rt.SendEvent(net, new NetworkSetup(crashable, Faults) { Tally = Tally, DropTarget = PartialAccepts, DupTarget = RecoveryReplies, CrashTarget = DurableSteps });
        for (int i = 0; i < n; i++) rt.CreateActor(reps[i], typeof(Replica), new ReplicaInit(i, Settings, net, reps));
        if (Leader != LeaderFault.None)
            rt.CreateActor(typeof(Elector), new ElectorInit(net, reps[0], reps[n - 1], Leader == LeaderFault.Failover)
                { Rounds = Leader switch { LeaderFault.Duel2 => 2, LeaderFault.Conflict => 3, _ => 1 } });
        var scripts = Scripts ?? ScriptsOf(Workload);
        for (int c = 0; c < scripts.Count; c++) rt.CreateActor(typeof(Client), new ClientInit(c + 1, Settings, net, reps, scripts[c]));
    }

    // The windows of the targeted faults (FaultPlan.TargetDrops, TargetDups): a leader's Phase-2a (losing some leaves
    // partial accepts for the next leader to find), and the replies a leader counts (a duplicate must not count twice).
    private static string? PartialAccepts(Event e) => e is PqrMsg { Body: P2a } ? "P2a" : null;
    private static string? RecoveryReplies(Event e) => e is PqrMsg { Body: P1b or P2b } m ? m.Body.GetType().Name : null;
    // The window of the targeted crashes (FaultPlan.TargetCrashes): the steps after which a follower must have made its
    // promise or its vote durable.
    private static string? DurableSteps(Event e) => e is PqrMsg { Body: P1a or P2a } m ? m.Body.GetType().Name : null;

    /// <summary>The clients' scripts of a workload.</summary>
    public static IReadOnlyList<IReadOnlyList<PqrOp>> ScriptsOf(PqrWorkload w)
    {
        static PqrOp W(int k) => new(true, k);
        static PqrOp R(int k) => new(false, k);
        return w switch
        {
            PqrWorkload.S1 => [[W(0)], [R(0), R(0)]],
            PqrWorkload.Orphan => [[W(0)], [R(0)]],
            PqrWorkload.Rwr => [[R(0), W(0), R(0)]],
            PqrWorkload.GapRead => [[W(1), W(0), R(0)]],
            PqrWorkload.Busy => [[W(0), R(0), W(0)], [W(0), W(0)], [R(0), R(0), R(0)]],
            PqrWorkload.Gaps => [[W(0)], [W(1)], [R(0), R(1), R(0)]],
            _ => [[W(0), W(1), R(0)], [W(1), R(1), W(0)], [R(0), R(1), R(0)]],
        };
    }

    /// <summary>A Coyote scenario of this deployment.</summary>
    public Scenario Scenario(string name, uint iterations, uint seed = 1, Strategy strategy = Strategy.Random, uint maxSteps = 3000) =>
        new(name, Setup, iterations, maxSteps, seed, strategy);
}

/// <summary>The creation event of the <see cref="Elector"/>.</summary>
public sealed class ElectorInit(ActorId net, ActorId leader, ActorId standby, bool crashLeader) : Event
{
    /// <summary>The network (for the timer).</summary>
    public ActorId Net { get; } = net;
    /// <summary>Replica 0, the leader of ballot 1.</summary>
    public ActorId Leader { get; } = leader;
    /// <summary>Replica n − 1, which takes over.</summary>
    public ActorId Standby { get; } = standby;
    /// <summary>Failover (the old leader crashes for good) or a duel (it keeps running).</summary>
    public bool CrashLeader { get; } = crashLeader;
    /// <summary>Elections: 1, or 2 (the standby, then replica 0 again; a duel only).</summary>
    public int Rounds { get; init; } = 1;
}

/// <summary>
/// The environment's leader change (brief §4.7, §7 "failover"): one network timer decides the moment (a timer fires at
/// a random delivery while messages are in flight, surely once none are), then the old leader crashes for good or not,
/// and the standby starts an election (TLA+ StartElection). With more rounds (no crash) later timers alternate: replica 0,
/// then the standby again, so a run sees three or four ballots. The P twin is the eTakeOver of p-models/Common/Network.p.
/// </summary>
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
public sealed class Elector : NetActor<ElectorInit>
{
    private int _round;

    /// <inheritdoc/>
    protected override ActorId NetOf(ElectorInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize() => StartTimer();

    private void OnTimeout()
    {
        _round++;
        if (_round == 1)
        {
            if (Init.CrashLeader) { SendEvent(Init.Leader, new Crash()); Coverage.Hit("pqr: the leader crashed for good"); }
            SendEvent(Init.Standby, new TakeOver());
        }
        else if (_round % 2 == 0)
        {
            SendEvent(Init.Leader, new TakeOver());
            Coverage.Hit("pqr: replica 0 started a second election");
        }
        else
        {
            SendEvent(Init.Standby, new TakeOver());
            Coverage.Hit("pqr: the standby started a third election");
        }
        if (_round < Init.Rounds) StartTimer();
    }
}

/// <summary>
/// Builds a PQR deployment from the plain fields of a <c>tests/coyote.json</c> entry. Fields: <c>params</c> (S1:
/// n=3 q1=2 q2=2 rq=2; Flex: n=3 q1=1 q2=3 rq=1; Five: n=5 q1=2 q2=4 rq=2; or <c>n=.. q1=.. q2=.. rq=..</c>, validated
/// unless <c>unchecked</c> is added: the parameter mutants M3, M14), <c>faults</c> (none, reorder, chaos, lossy, crash-restart,
/// live: no loss, no timers; conflict: targeted loss of Phase-2a, duplication of P1b and P2b), <c>leader</c> (none, failover, duel,
/// duel2, conflict: three elections), <c>workload</c> (s1, busy, gaps, keys, orphan, rwr, gapread),
/// <c>mutant</c> (none, M1 ... M18, MC, MX, MQ, MA, M12: FillTo off; the node-local family MPV, MDA, MNS, MBO), <c>perKey</c>, <c>rinseFree</c> (true/false),
/// <c>reads</c> (pqr, log, leader: the baselines of brief §4.9), <c>dupCheck</c> (true/false: the leader's optional
/// duplicate-request check of §4.2; off, a retried write can be chosen in two slots and only the session table of §4.1
/// keeps it from being applied twice, which is what M16 removes).
/// </summary>
public static class PqrScenarios
{
    /// <summary>Mutant names as in the brief (§8) and the TLA+ cfgs; M3 and M14 are parameters, M12 is FillTo off.</summary>
    public static readonly IReadOnlyDictionary<string, PqrMutant> MutantNames = new Dictionary<string, PqrMutant>
    {
        ["none"] = PqrMutant.None, ["M1"] = PqrMutant.M1BareQuorumRead, ["M2"] = PqrMutant.M2NaiveCommitted,
        ["M4"] = PqrMutant.M4MinTarget, ["M5"] = PqrMutant.M5RinseCommitted, ["M6"] = PqrMutant.M6CapturedValue,
        ["M7"] = PqrMutant.M7Contiguous, ["M8"] = PqrMutant.M8WeakGuard, ["M9"] = PqrMutant.M9StaleReplies,
        ["M10"] = PqrMutant.M10PerKeyOffByOne, ["M11"] = PqrMutant.M11RinseOnKey, ["M12"] = PqrMutant.None,
        ["M13"] = PqrMutant.M13P1bNoCommitted, ["M15"] = PqrMutant.M15AckAtCommit, ["M16"] = PqrMutant.M16NoDedup,
        ["M17"] = PqrMutant.M17AcceptBelow, ["M18"] = PqrMutant.M18Amnesia, ["MC"] = PqrMutant.MCCommitShort,
        ["MX"] = PqrMutant.MXExecUncommitted, ["MQ"] = PqrMutant.MQWaitAll, ["MA"] = PqrMutant.MAAlwaysRinse,
        ["MPV"] = PqrMutant.MPVPromiseVolatile, ["MDA"] = PqrMutant.MDADuplicateAcks, ["MNS"] = PqrMutant.MNSNextSlotOffByOne,
        ["MBO"] = PqrMutant.MBOBallotNotOwned, ["MSL"] = PqrMutant.MSLLowestBallot, ["MSA"] = PqrMutant.MSAAnyReport,
    };

    private static readonly string[] Fields = ["params", "faults", "leader", "workload", "mutant", "perKey", "rinseFree", "reads", "dupCheck"];

    /// <summary>The named fault plans (the P configs Faulty, Lossy and Live of p-models/PQR/PTst/Harness.p).</summary>
    public static (FaultPlan Plan, bool Resend) Faults(string name) => name switch
    {
        "none" => (FaultPlan.None, true),
        "reorder" => (new FaultPlan(Reorder: true), true),
        "chaos" => (new FaultPlan(Reorder: true, MaxDrops: 2, MaxDuplicates: 2, MaxCrashes: 2, Restart: true), true),
        "lossy" => (new FaultPlan(Reorder: true, MaxDrops: 6, MaxDuplicates: 1, DropOdds: 3, TimerOdds: 40), true),
        "crash-restart" => (new FaultPlan(Reorder: true, MaxDrops: 1, MaxDuplicates: 1, MaxCrashes: 2, Restart: true, FaultOdds: 6), true),
        // Liveness (brief §6.5 A1–A4): reordering and duplication but no loss and no timers, so a run ends when nothing is in
        // flight; at most one follower down for good (f = 1 of n = 3).
        "live" => (new FaultPlan(Reorder: true, MaxDuplicates: 2, MaxCrashes: 1, Restart: false, FaultOdds: 8), false),
        // Conflict-forcing (issue 46): Phase-2a messages lost on purpose (up to 8, each with odds 1/2), P1b and P2b
        // replies duplicated on purpose (up to 4), one follower crash-restart; with leader "conflict".
        "conflict" => (new FaultPlan(Reorder: true, MaxCrashes: 1, Restart: true, FaultOdds: 10, TargetDrops: 8, TargetDups: 4, TargetOdds: 2), true),
        // Crash points (issue 46): the chaos plan, plus up to 2 followers crashing right after they promise (P1a) or vote
        // (P2a), and coming back from their durable state.
        "crash-points" => (Faults("chaos").Plan with { TargetCrashes = 2, TargetOdds = 3 }, true),
        _ => throw new ArgumentException($"faults \"{name}\": use none, reorder, chaos, lossy, crash-restart, live, conflict or crash-points"),
    };

    /// <summary>The deployment described by the fields; <paramref name="only"/> names the one monitor a bug test watches.</summary>
    public static PqrSystem Build(IReadOnlyDictionary<string, string> fields, string? only, bool liveness = false)
    {
        foreach (var k in fields.Keys)
            if (!Fields.Contains(k)) throw new ArgumentException($"deployment field \"{k}\" is unknown (PQR: {string.Join(", ", Fields)})");
        string F(string k, string dflt) => fields.TryGetValue(k, out var v) ? v : dflt;
        bool Flag(string k, bool dflt) => F(k, dflt ? "true" : "false") switch { "true" => true, "false" => false, var t => throw new ArgumentException($"{k} \"{t}\": use true or false") };
        var p = Params(F("params", "S1"));
        var mutantName = F("mutant", "none");
        var mutant = MutantNames.TryGetValue(mutantName, out var mm) ? mm
            : throw new ArgumentException($"mutant \"{mutantName}\": use one of {string.Join(", ", MutantNames.Keys)}");
        var workload = F("workload", "s1") switch
        {
            "s1" => PqrWorkload.S1, "busy" => PqrWorkload.Busy, "gaps" => PqrWorkload.Gaps, "keys" => PqrWorkload.Keys, "orphan" => PqrWorkload.Orphan, "rwr" => PqrWorkload.Rwr, "gapread" => PqrWorkload.GapRead,
            var w => throw new ArgumentException($"workload \"{w}\": use s1, busy, gaps, keys, orphan, rwr or gapread"),
        };
        var leader = F("leader", "none") switch
        {
            "none" => LeaderFault.None, "failover" => LeaderFault.Failover, "duel" => LeaderFault.Duel, "duel2" => LeaderFault.Duel2,
            "conflict" => LeaderFault.Conflict,
            var l => throw new ArgumentException($"leader \"{l}\": use none, failover, duel, duel2 or conflict"),
        };
        var reads = F("reads", "pqr") switch
        {
            "pqr" => PqrReadMode.Pqr, "log" => PqrReadMode.LogRead, "leader" => PqrReadMode.LeaderRead,
            var r => throw new ArgumentException($"reads \"{r}\": use pqr, log or leader"),
        };
        if (reads == PqrReadMode.LeaderRead && leader != LeaderFault.None)
            throw new ArgumentException("reads \"leader\" needs leader none: leader reads are safe only under leases, which this model does not have (brief §4.9)");
        var (plan, resend) = Faults(F("faults", "none"));
        if (leader != LeaderFault.None && plan.MaxCrashes > 1) plan = plan with { MaxCrashes = 1 };
        var settings = new PqrSettings(p, Flag("perKey", false), Flag("rinseFree", true), mutantName != "M12", 2, mutant, resend, reads,
            DupCheck: Flag("dupCheck", true));
        var sys = new PqrSystem(settings, plan, workload, leader, liveness);
        var known = sys.SafetyMonitors.Concat(PqrMonitors.Liveness.Keys).ToList();
        if (only is not null && !known.Contains(only))
            throw new ArgumentException($"monitor \"{only}\" is not a PQR monitor of this run ({string.Join(", ", known)})");
        return sys with { Only = only is null ? null : [only] };
    }

    /// <summary>A named parameter set, or an explicit one.</summary>
    public static PqrParams Params(string text)
    {
        switch (text)
        {
            case "S1": return PqrParams.Checked(3, 2, 2, 2);
            case "Flex": return PqrParams.Checked(3, 1, 3, 1);
            case "Five": return PqrParams.Checked(5, 2, 4, 2);
        }
        var parts = text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        string usage = $"params \"{text}\": write S1, Flex, Five or \"n=.. q1=.. q2=.. rq=..\" [unchecked]";
        bool uncheckedParams = parts.Contains("unchecked");
        var kv = parts.Where(x => x != "unchecked").Select(x => x.Split('=')).ToDictionary(
            x => x.Length == 2 ? x[0] : throw new ArgumentException(usage),
            x => int.TryParse(x[1], out var n) ? n : throw new ArgumentException($"params \"{text}\": {x[0]} must be an integer"));
        if (kv.Keys.Except(["n", "q1", "q2", "rq"]).FirstOrDefault() is { } bad) throw new ArgumentException($"params \"{text}\": unknown parameter {bad} (n, q1, q2, rq)");
        int G(string k) => kv.TryGetValue(k, out var v) ? v : throw new ArgumentException($"params \"{text}\": missing {k}");
        return uncheckedParams ? PqrParams.Unchecked(G("n"), G("q1"), G("q2"), G("rq")) : PqrParams.Checked(G("n"), G("q1"), G("q2"), G("rq"));
    }

    /// <summary>The scenario of one manifest entry.</summary>
    public static Scenario Scenario(string name, IReadOnlyDictionary<string, string> fields, string? only,
        uint iterations, uint seed, Strategy strategy, uint maxSteps, bool liveness = false) =>
        new(name, Build(fields, only, liveness).Setup, iterations, maxSteps, seed, liveness ? Strategy.Fair : strategy);
}
