using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.RSPaxos;

/// <summary>Client scripts of an RS-Paxos run (keys k0 = 0, k1 = 1; client c's j-th operation writes 10c + j).</summary>
public enum RspWorkload
{
    /// <summary>Client 1 writes k0; client 2 reads k0 CONSISTENT, then FAST.</summary>
    W1R2,
    /// <summary>Client 1 writes k0, reads it FAST, writes it again; client 2 writes k0 and k1; client 3 reads k0 CONSISTENT, k0 FAST, k1 CONSISTENT.</summary>
    Busy,
    /// <summary>Three clients mixing writes and FAST and CONSISTENT reads on two keys.</summary>
    Keys,
    /// <summary>Client 1 writes k0 twice; client 2 reads k0 FAST three times (after a leader change the new leader holds k0 PARTIAL: recovery reads).</summary>
    Recover,
    /// <summary>Client 1 writes k0 three times; client 2 reads k0 FAST four times (stale FAST reads, M11).</summary>
    Lease,
}

/// <summary>A leader fault drawn by the environment (<see cref="Elector"/>).</summary>
public enum LeaderFault
{
    /// <summary>Server 0 leads throughout.</summary>
    None,
    /// <summary>At a random point server 0 crashes for good and server n − 1 takes over.</summary>
    Failover,
    /// <summary>At a random point server 0's lease runs out and server n − 1 takes over while server 0 keeps running.</summary>
    Duel,
    /// <summary>A duel, then later server n − 1's lease runs out and server 0 takes over again (three ballots).</summary>
    Duel2,
    /// <summary>
    /// Conflict-forcing (issue 46): four leader changes at random points (0 → n − 1 → 1 → 0 → n − 1, five ballots), each a
    /// lease expiry then an election, with the faults "conflict" (Accepts lost on purpose) leaving pieces of different
    /// vids at different ballots for the next leader's Phase 1.
    /// </summary>
    Conflict,
}

/// <summary>
/// One RS-Paxos deployment under test: settings (sizes validated), faults, leader fault, workload. <see cref="Setup"/>
/// registers the catalogue monitors and creates the network, the n servers, the environment's elector and the clients.
/// </summary>
public sealed record RspSystem(RspSettings Settings, FaultPlan Faults, RspWorkload Workload, LeaderFault Leader = LeaderFault.None,
    bool CheckLiveness = false)
{
    /// <summary>The monitors to register, by catalogue name (null = every safety monitor).</summary>
    public IReadOnlyList<string>? Only { get; init; }

    /// <summary>Explicit scripts (the latency model); null = the workload's.</summary>
    public IReadOnlyList<IReadOnlyList<RspOpSpec>>? Scripts { get; init; }

    /// <summary>Timed mode: the data center of each server and of each client (indexes into <see cref="Geo"/>).</summary>
    public (int[] Servers, int[] Clients)? Placement { get; init; }

    /// <summary>RS-Paxos's form of the node-local rule N6 (§4.3 SelectValue).</summary>
    public const string SelectRule = "SelectsRebuildable";

    /// <summary>The setup of one iteration.</summary>
    public void Setup(IActorRuntime rt)
    {
        // N6 judges a new leader's choice, so it is registered only where leaders change (a rule that never looks fails
        // a passing test as NOT REACHED).
        IEnumerable<string> local = Leader == LeaderFault.None ? LocalRules.BallotRules : [.. LocalRules.BallotRules, SelectRule];
        foreach (var name in Only ?? [.. RspMonitors.Safety.Keys, .. local])
            if (LocalRules.Monitors.ContainsKey(name)) LocalRules.Register(rt, name, "RSP");
            else RspMonitors.Register(rt, name, Settings);
        // Liveness (brief §6.2 L2, L3): these runs have no timers, so a request sent to a leader that is deposed before
        // it decides is never resent; the monitors are registered only with a stable leader.
        if (CheckLiveness && Only is null && Leader == LeaderFault.None)
            foreach (var name in RspMonitors.Liveness.Keys) RspMonitors.Register(rt, name, Settings);
        int n = Settings.P.N;
        var scripts = Scripts ?? ScriptsOf(Workload);
        var net = rt.CreateActor(typeof(Network), new NetworkSetup([], Faults) { DropTarget = PartialAccepts, DupTarget = RecoveryReplies, CrashTarget = DurableSteps });
        var servers = Enumerable.Range(0, n).Select(_ => rt.CreateActorId(typeof(Server))).ToList();
        var clients = Enumerable.Range(0, scripts.Count).Select(_ => rt.CreateActorId(typeof(Client))).ToList();
        // Followers may crash and restart; not the leader, nor the standby of a leader fault.
        var crashable = servers.Where((_, i) => i > 0 && !(Leader != LeaderFault.None && i == n - 1)).ToList();
        var placement = new Dictionary<ActorId, int>();
        if (Placement is { } pl)
        {
            for (int i = 0; i < n; i++) placement[servers[i]] = pl.Servers[i];
            for (int c = 0; c < clients.Count; c++) placement[clients[c]] = pl.Clients[c];
        }
        rt.SendEvent(net, new NetworkSetup(crashable, Faults) { Placement = placement, StartingSenders = Faults.Timed ? clients.Count : 0,
            DropTarget = PartialAccepts, DupTarget = RecoveryReplies, CrashTarget = DurableSteps });
        ActorId? elector = Leader == LeaderFault.None ? null : rt.CreateActorId(typeof(Elector));
        for (int i = 0; i < n; i++) rt.CreateActor(servers[i], typeof(Server), new ServerInit(i, Settings, net, servers) { Elector = elector });
        if (elector is { } el) rt.CreateActor(el, typeof(Elector), new ElectorInit(net, servers, Leader, Settings.Mutant == RspMutant.M11LeaseTooShort));
        for (int c = 0; c < scripts.Count; c++) rt.CreateActor(clients[c], typeof(Client), new ClientInit(c + 1, Settings, net, servers, scripts[c]));
    }

    // The windows of the targeted faults (FaultPlan.TargetDrops, TargetDups): a leader's Accept (losing some leaves a
    // value's shares at a few acceptors only), and the replies a leader counts (a duplicate must not count twice).
    private static string? PartialAccepts(Event e) => e is RspMsg { Body: Accept } ? "Accept" : null;
    private static string? RecoveryReplies(Event e) => e is RspMsg { Body: Promise or Accepted } m ? m.Body.GetType().Name : null;
    // The window of the targeted crashes (FaultPlan.TargetCrashes): a follower's steps after which its promise or its
    // accepted share must already be durable.
    private static string? DurableSteps(Event e) => e is RspMsg { Body: Prepare or Accept } m ? m.Body.GetType().Name : null;

    /// <summary>The clients' scripts of a workload.</summary>
    public static IReadOnlyList<IReadOnlyList<RspOpSpec>> ScriptsOf(RspWorkload w)
    {
        static RspOpSpec W(int k) => new(true, k);
        static RspOpSpec C(int k) => new(false, k);
        static RspOpSpec F(int k) => new(false, k, Fast: true);
        return w switch
        {
            RspWorkload.W1R2 => [[W(0)], [C(0), F(0)]],
            RspWorkload.Busy => [[W(0), F(0), W(0)], [W(0), W(1)], [C(0), F(0), C(1)]],
            RspWorkload.Recover => [[W(0), W(0)], [F(0), F(0), F(0)]],
            RspWorkload.Lease => [[W(0), W(0), W(0)], [F(0), F(0), F(0), F(0)]],
            _ => [[W(0), W(1), F(0)], [W(1), C(1), W(0)], [F(0), F(1), C(0)]],
        };
    }
}

/// <summary>The creation event of the <see cref="Elector"/>.</summary>
public sealed class ElectorInit(ActorId net, IReadOnlyList<ActorId> servers, LeaderFault plan, bool leaseTooShort) : Event
{
    /// <summary>The network (for the timers).</summary>
    public ActorId Net { get; } = net;
    /// <summary>The servers, by index.</summary>
    public IReadOnlyList<ActorId> Servers { get; } = servers;
    /// <summary>The leader fault.</summary>
    public LeaderFault Plan { get; } = plan;
    /// <summary>M11: the next leader is elected before the current one's lease has run out.</summary>
    public bool LeaseTooShort { get; } = leaseTooShort;
}

/// <summary>
/// The environment's leader changes (brief §4.6, which the paper leaves to "another Paxos instance" and which §4.6 of the
/// brief realises with leases): a network timer picks the moment; then the leader's lease runs out (it stops FAST reads
/// and says so) and only then is the next leader elected, or, for a failover, the leader crashes for good and the next
/// one is elected. M11 elects first and lets the old lease run out only at the next timer.
/// </summary>
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
[OnEventDoAction(typeof(LeaseGone), nameof(OnLeaseGone))]
public sealed class Elector : NetActor<ElectorInit>
{
    private abstract record Step;
    private sealed record Wait : Step;
    private sealed record Expire(int Server) : Step;
    private sealed record Elect(int Server) : Step;
    private sealed record Kill(int Server) : Step;

    private readonly Queue<Step> _steps = new();
    private bool _waiting;

    /// <inheritdoc/>
    protected override ActorId NetOf(ElectorInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize()
    {
        int last = Init.Servers.Count - 1;
        void Change(int from, int to)
        {
            _steps.Enqueue(new Wait());
            if (Init.LeaseTooShort) { _steps.Enqueue(new Elect(to)); _steps.Enqueue(new Wait()); _steps.Enqueue(new Expire(from)); }
            else { _steps.Enqueue(new Expire(from)); _steps.Enqueue(new Elect(to)); }
        }
        switch (Init.Plan)
        {
            case LeaderFault.Failover: _steps.Enqueue(new Wait()); _steps.Enqueue(new Kill(0)); _steps.Enqueue(new Elect(last)); break;
            case LeaderFault.Duel: Change(0, last); break;
            case LeaderFault.Duel2: Change(0, last); Change(last, 0); break;
            case LeaderFault.Conflict: Change(0, last); Change(last, 1); Change(1, 0); Change(0, last); break;
        }
        Run();
    }

    private void Run()
    {
        while (!_waiting && _steps.TryDequeue(out var step))
        {
            switch (step)
            {
                case Wait: StartTimer(); _waiting = true; break;
                case Expire x: SendEvent(Init.Servers[x.Server], new LeaseExpired()); _waiting = true; break;
                case Kill x: SendEvent(Init.Servers[x.Server], new Crash()); Coverage.Hit("rsp: the leader crashed for good"); break;
                case Elect x: SendEvent(Init.Servers[x.Server], new TakeOver()); Coverage.Hit($"rsp: the environment elected server {x.Server}"); break;
            }
        }
    }

    private void OnTimeout(Event e)
    {
        if (((NetTimeout)e).Id != CurrentTimer) return;
        _waiting = false;
        Run();
    }

    private void OnLeaseGone()
    {
        _waiting = false;
        Run();
    }
}

/// <summary>
/// Builds an RS-Paxos deployment from the plain fields of a <c>tests/coyote.json</c> entry. Fields: <c>params</c> (A: n=4
/// x=2 qr=3 qw=3, brief MC-A; C: n=5 x=3 qr=4 qw=4, the paper's evaluation; D: n=5 x=2 qr=4 qw=3, asymmetric; or
/// <c>n=.. x=.. qr=.. qw=..</c>, validated unless <c>unchecked</c> is added: the parameter mutants M1, M2), <c>faults</c>
/// (none, reorder, chaos, lossy, crash-restart, live: no loss, no timers), <c>leader</c> (none, failover, duel, duel2),
/// <c>workload</c> (w1r2, busy, keys, recover, lease), <c>mutant</c> (none, M1, M2, M3 ... M13, M9c, MB, MX, MQ; M1 and
/// M2 are parameter sets, named for the record), <c>catchUp</c> (true, the default: §4.7 catch-up shares; false: a server
/// learns decisions only from Commits and its own takeover, as before stop 37), <c>gc</c> (false, the default; true:
/// servers checkpoint their stores and truncate their logs, §4.9; mutant M13 needs it).
/// </summary>
public static class RspScenarios
{
    /// <summary>Mutant names as in the brief (§8) and the TLA+ cfgs; M11 has two forms (M11 and M11r).</summary>
    public static readonly IReadOnlyDictionary<string, RspMutant> MutantNames = new Dictionary<string, RspMutant>
    {
        ["none"] = RspMutant.None, ["M1"] = RspMutant.None, ["M2"] = RspMutant.None,
        ["M3"] = RspMutant.M3PerBallotShares, ["M4"] = RspMutant.M4LowestBallot, ["M5"] = RspMutant.M5NoRaiseOnAccept,
        ["M6"] = RspMutant.M6AcceptAny, ["M7"] = RspMutant.M7DecideShort, ["M8"] = RspMutant.M8PromiseNotDurable,
        ["M9"] = RspMutant.M9ShareByPosition, ["M9c"] = RspMutant.M9CatchUpOwnIndex, ["M10"] = RspMutant.M10DecodeShort, ["M11"] = RspMutant.M11LeaseTooShort,
        ["M11r"] = RspMutant.M11NotReady, ["M12"] = RspMutant.M12SharesByKey, ["MB"] = RspMutant.MBNewVidOnResend,
        ["MX"] = RspMutant.MXApplyUndecided, ["MQ"] = RspMutant.MQWaitAll, ["M13"] = RspMutant.M13TruncateUnflushed,
        ["MDA"] = RspMutant.MDADuplicateAcks, ["MBO"] = RspMutant.MBOBallotNotOwned,
    };

    private static readonly string[] Fields = ["params", "faults", "leader", "workload", "mutant", "catchUp", "gc"];

    /// <summary>The named fault plans (as for PQR).</summary>
    public static (FaultPlan Plan, bool Resend) Faults(string name) => name switch
    {
        "none" => (FaultPlan.None, true),
        "reorder" => (new FaultPlan(Reorder: true), true),
        "chaos" => (new FaultPlan(Reorder: true, MaxDrops: 2, MaxDuplicates: 2, MaxCrashes: 2, Restart: true), true),
        "lossy" => (new FaultPlan(Reorder: true, MaxDrops: 6, MaxDuplicates: 1, DropOdds: 3, TimerOdds: 40), true),
        "crash-restart" => (new FaultPlan(Reorder: true, MaxDrops: 1, MaxDuplicates: 1, MaxCrashes: 2, Restart: true, FaultOdds: 6), true),
        // Liveness (brief §6.2): reordering and duplication but no loss and no timers, so a run ends when nothing is in
        // flight; at most one follower down for good (F_live = N − max(QR, QW) = 1 for the named sets).
        "live" => (new FaultPlan(Reorder: true, MaxDuplicates: 2, MaxCrashes: 1, Restart: false, FaultOdds: 8), false),
        // Conflict-forcing (issue 46): up to 8 Accepts lost on purpose (odds 1/2 each: a value reaches only some acceptors
        // before the next leader change), up to 4 Promise and Accepted replies duplicated on purpose, one crash-restart.
        "conflict" => (new FaultPlan(Reorder: true, MaxCrashes: 1, Restart: true, FaultOdds: 10, TargetDrops: 8, TargetDups: 4, TargetOdds: 2), true),
        // Crash points (issue 46): the chaos faults plus up to two followers crashing right after they handle a Prepare or
        // an Accept (odds 1/3 each), each restarting from its durable state.
        "crash-points" => (Faults("chaos").Plan with { TargetCrashes = 2, TargetOdds = 3 }, true),
        _ => throw new ArgumentException($"faults \"{name}\": use none, reorder, chaos, lossy, crash-restart, live, conflict or crash-points"),
    };

    /// <summary>The deployment described by the fields; <paramref name="only"/> names the one monitor a bug test watches.</summary>
    public static RspSystem Build(IReadOnlyDictionary<string, string> fields, string? only, bool liveness = false)
    {
        foreach (var k in fields.Keys)
            if (!Fields.Contains(k)) throw new ArgumentException($"deployment field \"{k}\" is unknown (RSPaxos: {string.Join(", ", Fields)})");
        string F(string k, string dflt) => fields.TryGetValue(k, out var v) ? v : dflt;
        var p = Params(F("params", "A"));
        var mutantName = F("mutant", "none");
        var mutant = MutantNames.TryGetValue(mutantName, out var mm) ? mm
            : throw new ArgumentException($"mutant \"{mutantName}\": use one of {string.Join(", ", MutantNames.Keys)}");
        var workload = F("workload", "w1r2") switch
        {
            "w1r2" => RspWorkload.W1R2, "busy" => RspWorkload.Busy, "keys" => RspWorkload.Keys, "recover" => RspWorkload.Recover, "lease" => RspWorkload.Lease,
            var w => throw new ArgumentException($"workload \"{w}\": use w1r2, busy, keys, recover or lease"),
        };
        var leader = F("leader", "none") switch
        {
            "none" => LeaderFault.None, "failover" => LeaderFault.Failover, "duel" => LeaderFault.Duel, "duel2" => LeaderFault.Duel2,
            "conflict" => LeaderFault.Conflict,
            var l => throw new ArgumentException($"leader \"{l}\": use none, failover, duel, duel2 or conflict"),
        };
        if (mutant == RspMutant.M11LeaseTooShort && leader is not (LeaderFault.Duel or LeaderFault.Duel2))
            throw new ArgumentException("mutant M11 (the lease runs out too early) needs leader duel or duel2: with a stable leader or a failover no old lease is left");
        var (plan, resend) = Faults(F("faults", "none"));
        if (leader != LeaderFault.None && plan.MaxCrashes > 1) plan = plan with { MaxCrashes = 1 };
        bool catchUp = F("catchUp", "true") switch { "true" => true, "false" => false, var c => throw new ArgumentException($"catchUp \"{c}\": use true or false") };
        if (mutant == RspMutant.M9CatchUpOwnIndex && !catchUp) throw new ArgumentException("mutant M9c (catch-up shares with the leader's index) needs catchUp true");
        bool gc = F("gc", "false") switch { "true" => true, "false" => false, var g => throw new ArgumentException($"gc \"{g}\": use true or false") };
        if (mutant == RspMutant.M13TruncateUnflushed && !gc) throw new ArgumentException("mutant M13 (truncation before the checkpoint) needs gc true");
        var sys = new RspSystem(new RspSettings(p, mutant, resend, CatchUp: catchUp, Gc: gc), plan, workload, leader, liveness);
        var known = RspMonitors.Safety.Keys.Concat(RspMonitors.Liveness.Keys).Concat(LocalRules.BallotRules).Append(RspSystem.SelectRule).ToList();
        if (only is not null && !known.Contains(only))
            throw new ArgumentException($"monitor \"{only}\" is not an RS-Paxos monitor ({string.Join(", ", known)})");
        return sys with { Only = only is null ? null : [only] };
    }

    /// <summary>A named parameter set, or an explicit one.</summary>
    public static RspParams Params(string text)
    {
        switch (text)
        {
            case "A": return RspParams.Checked(4, 2, 3, 3);
            case "C": return RspParams.Checked(5, 3, 4, 4);
            case "D": return RspParams.Checked(5, 2, 4, 3);
        }
        var parts = text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        string usage = $"params \"{text}\": write A, C, D or \"n=.. x=.. qr=.. qw=..\" [unchecked]";
        bool uncheckedParams = parts.Contains("unchecked");
        var kv = new Dictionary<string, int>();
        foreach (var x in parts.Where(x => x != "unchecked").Select(x => x.Split('=')))
        {
            if (x.Length != 2) throw new ArgumentException(usage);
            if (!int.TryParse(x[1], out var v)) throw new ArgumentException($"params \"{text}\": {x[0]} must be an integer");
            if (!kv.TryAdd(x[0], v)) throw new ArgumentException($"params \"{text}\": {x[0]} is given twice");
        }
        if (kv.Keys.Except(["n", "x", "qr", "qw"]).FirstOrDefault() is { } bad) throw new ArgumentException($"params \"{text}\": unknown parameter {bad} (n, x, qr, qw)");
        int G(string k) => kv.TryGetValue(k, out var v) ? v : throw new ArgumentException($"params \"{text}\": missing {k}");
        return uncheckedParams ? RspParams.Unchecked(G("n"), G("x"), G("qr"), G("qw")) : RspParams.Checked(G("n"), G("x"), G("qr"), G("qw"));
    }

    /// <summary>The scenario of one manifest entry.</summary>
    public static Scenario Scenario(string name, IReadOnlyDictionary<string, string> fields, string? only,
        uint iterations, uint seed, Strategy strategy, uint maxSteps, bool liveness = false) =>
        new(name, Build(fields, only, liveness).Setup, iterations, maxSteps, seed, liveness ? Strategy.Fair : strategy);
}
