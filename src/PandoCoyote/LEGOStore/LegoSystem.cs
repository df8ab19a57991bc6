using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.LEGOStore;

/// <summary>Client workloads of a LEGOStore test run (one key, one configuration).</summary>
public enum LegoWorkload
{
    /// <summary>Two writers PUT one value each while a reader GETs twice (TLA+ instance W2R1).</summary>
    Race,
    /// <summary>Three clients: two each PUT, GET, PUT; the third GETs three times.</summary>
    Busy,
    /// <summary>Two writers PUT twice each while a reader GETs twice: overlapping PUTs for GC (TLA+ CAS_GC*_W2R1).</summary>
    Gc,
    /// <summary>One writer PUTs twice while two readers GET three times each: many reads overlapping one write (the read-inversion races).</summary>
    Readers,
    /// <summary>Three clients that PUT and GET around a reconfiguration: PUT, PUT; PUT, GET, PUT; PUT, GET, GET.</summary>
    Reconf,
    /// <summary>Writers only: client 1 PUTs three times, clients 2 and 3 twice (finding F2's race: a stale low-id writer).</summary>
    Writers,
}

/// <summary>
/// One LEGOStore deployment under test: configuration (validated), mutant, faults, workload. <see cref="Setup"/>
/// registers the catalogue monitors and creates the network, the m servers and the clients.
/// </summary>
public sealed record LegoSystem(LegoParams Params, FaultPlan Faults, LegoWorkload Workload = LegoWorkload.Race,
    LegoMutant Mutant = LegoMutant.None, bool CrashClients = false, bool CheckLiveness = false)
{
    /// <summary>The monitors to register, by catalogue name (null = every one that applies to the protocol).</summary>
    public IReadOnlyList<string>? Only { get; init; }

    /// <summary>
    /// Timed network mode (<see cref="FaultPlan.Timed"/>): the data center of each server (by index) and of every client,
    /// indices into <see cref="Geo"/>. Null: every actor is local.
    /// </summary>
    public (int[] Servers, int Clients)? Placement { get; init; }

    /// <summary>Each client's operations in place of the workload's (null: the workload's).</summary>
    public LegoOp[][]? Ops { get; init; }

    /// <summary>A reconfiguration to a new configuration during the run (each ABD or CAS), or null.</summary>
    public LegoReconfig? Reconfig { get; init; }

    /// <summary>The monitors of a reconfiguration run: the ones stated across configurations.</summary>
    public static readonly string[] ReconfigMonitors = ["RealTimeOrder", "Linearizable", "Decodability"];

    /// <summary>The reconfiguration monitors that apply to a move from <paramref name="old"/> to <paramref name="rc"/> (Decodability needs a CAS configuration).</summary>
    public static IEnumerable<string> ReconfigMonitorsFor(LegoParams old, LegoReconfig rc) =>
        ReconfigMonitors.Where(n => n != "Decodability" || rc.Chain(old).Any(c => c.Protocol == LegoProtocol.Cas));

    /// <summary>
    /// The node-local rules of one configuration (ABD-N4, N5 and CAS-N4, N5; Shared/Testing/LocalRules.cs), registered in
    /// static runs. A tag plays the ballot: a client's phase ends only on replies of that phase from enough distinct
    /// servers (N4), and a writer never makes a tag made before (N5). The other two rules have LEGOStore forms already:
    /// a server's tag never decreasing is ServerMonotone (S1), a tag naming one value is TagValueAgreement (L1); the
    /// servers and clients still report to N2 and N3, which a run may name with <c>only</c>.
    /// </summary>
    public static readonly string[] LocalMonitors = ["QuorumDistinct", "BallotFresh"];

    /// <summary>The setup of one iteration.</summary>
    public void Setup(IActorRuntime rt)
    {
        var config = new LegoObservation(new ObsLegoConfig(Params, Reconfig is not null, Reconfig?.New) { Then = Reconfig?.Then });
        foreach (var name in Only ?? (Reconfig is null ? [.. LegoMonitors.For(Params), .. LocalMonitors] : [.. ReconfigMonitorsFor(Params, Reconfig)]))
            if (LocalRules.Monitors.ContainsKey(name)) LocalRules.Register(rt, name, Params.Protocol == LegoProtocol.Abd ? "ABD" : "CAS");
            else LegoMonitors.Register[name](rt, config);
        // The liveness monitors under the fair strategy (a passing run proves they stay cool), unless one is the only
        // monitor: OpsComplete (T1), and with a reconfiguration StaleClientCatchesUp (RECONF-T4).
        if (CheckLiveness && Only is null)
        {
            LegoMonitors.Register["OpsComplete"](rt, config);
            if (Reconfig is not null) LegoMonitors.Register["StaleClientCatchesUp"](rt, config);
        }
        var net = rt.CreateActor(typeof(Network), new NetworkSetup([], Faults) { DupTarget = LegoScenarios.CountedReplies, CrashTarget = LegoScenarios.WriteAcks });
        var servers = new List<ActorId>();
        for (int i = 0; i < Params.M; i++) servers.Add(rt.CreateActor(typeof(Server), new LegoInit(i, Params, Mutant, net, servers) { Timed = Faults.Timed }));
        var scripts = Ops ?? Scripts();
        var clients = scripts.Select(_ => rt.CreateActorId(typeof(Client))).ToList();
        var placement = new Dictionary<ActorId, int>();
        if (Placement is { } pl)
        {
            for (int i = 0; i < servers.Count; i++) placement[servers[i]] = pl.Servers[i];
            foreach (var c in clients) placement[c] = pl.Clients;
        }
        rt.SendEvent(net, new NetworkSetup(CrashClients ? clients : servers, Faults)
            { Placement = placement, StartingSenders = Faults.Timed ? clients.Count : 0, DupTarget = LegoScenarios.CountedReplies, CrashTarget = LegoScenarios.WriteAcks });
        IReadOnlyList<(LegoParams, IReadOnlyList<ActorId>)> configs = [];
        ActorId? mds = null;
        if (Reconfig is { } rc)
        {
            // The servers of each later configuration (their own actors, numbered 0.. within it), the metadata
            // service and the controller (brief §4.7).
            var chain = new List<(LegoParams, IReadOnlyList<ActorId>)> { (Params, servers) };
            foreach (var cp in rc.Chain(Params).Skip(1))
            {
                var fresh = new List<ActorId>();
                int cfg = chain.Count + 1;
                for (int i = 0; i < cp.M; i++) fresh.Add(rt.CreateActor(typeof(Server), new LegoInit(i, cp, Mutant, net, fresh) { Cfg = cfg }));
                chain.Add((cp, fresh));
            }
            mds = rt.CreateActor(typeof(Mds), new MdsInit(net));
            rt.CreateActor(typeof(Controller), new ControllerInit(rc, Mutant, net, mds, chain));
            configs = chain;
        }
        for (int c = 0; c < scripts.Length; c++)
            rt.CreateActor(clients[c], typeof(Client), new LegoInit(c + 1, Params, Mutant, net, servers) { Ops = scripts[c], Configs = configs, Mds = mds, Timed = Faults.Timed });
    }

    /// <summary>Each client's operations (client c's j-th PUT writes value 10c + j).</summary>
    private LegoOp[][] Scripts()
    {
        static LegoOp Put(int v) => new(true, v);
        var get = new LegoOp(false);
        return Workload switch
        {
            LegoWorkload.Race => [[Put(11)], [Put(21)], [get, get]],
            LegoWorkload.Busy => [[Put(11), get, Put(12)], [Put(21), get, Put(22)], [get, get, get]],
            LegoWorkload.Readers => [[Put(11), Put(12)], [get, get, get], [get, get, get]],
            LegoWorkload.Reconf => [[Put(11), Put(12)], [Put(21), get, Put(22)], [Put(31), get, get]],
            LegoWorkload.Writers => [[Put(11), Put(12), Put(13)], [Put(21), Put(22)], [Put(31), Put(32)]],
            _ => [[Put(11), Put(12)], [Put(21), Put(22)], [get, get]],
        };
    }

    /// <summary>A Coyote scenario of this deployment.</summary>
    public Scenario Scenario(string name, uint iterations, uint seed = 1, Strategy strategy = Strategy.Random, uint maxSteps = 3000) =>
        new(name, Setup, iterations, maxSteps, seed, strategy);
}

/// <summary>
/// Builds a LEGOStore deployment from the plain fields of a <c>tests/coyote.json</c> entry. Fields: <c>params</c>
/// (ABD3, ABD4, ABD5, CAS3_1, CAS4_2, CAS5_3, CAS5_1, or <c>abd m=.. f=.. q1=.. q2=..</c> /
/// <c>cas m=.. k=.. f=.. q1=.. q2=.. q3=.. q4=..</c>, validated unless <c>unchecked</c> is added: the parameter
/// mutants), <c>faults</c> (none, chaos, lossy: up to 6 losses at 1/3 odds, crash-restart, permanent: up to f servers for good, client-crash: one
/// client stops mid-run), <c>workload</c> (race, busy, gc, readers, reconf, writers), <c>mutant</c> (none, M2 ... M19, MR, MS),
/// <c>optGet</c> (true/false), <c>guard</c> (art/paper: the CAS fast-path guard), <c>delta</c> (CAS GC depth, 0 = off),
/// <c>reconfig</c> (none, H1, ABD3to3, or the new configuration written as <c>params</c>), <c>then</c> (a chain: the configuration after the new one, written as <c>params</c>), <c>qr</c> (safe, paper).
/// </summary>
public static class LegoScenarios
{
    /// <summary>Mutant names as in the brief (§8) and the TLA+ cfgs.</summary>
    public static readonly IReadOnlyDictionary<string, LegoMutant> MutantNames = new Dictionary<string, LegoMutant>
    {
        ["none"] = LegoMutant.None, ["M2"] = LegoMutant.M2NoWriteBack, ["M3"] = LegoMutant.M3FastPathAtQ1,
        ["M4"] = LegoMutant.M4TagWithoutWriter, ["M5"] = LegoMutant.M5QueryAnyLabel, ["M6"] = LegoMutant.M6FinEarly,
        ["M7"] = LegoMutant.M7ReadNoFin, ["M8"] = LegoMutant.M8ReadAtK, ["M15"] = LegoMutant.M15CountMessages,
        ["M19"] = LegoMutant.M19GcOffByOne, ["MR"] = LegoMutant.MRReadAnyValue, ["MS"] = LegoMutant.MSServerRegresses,
        ["M11"] = LegoMutant.M11QrTooSmall, ["M12"] = LegoMutant.M12NoPause, ["M13"] = LegoMutant.M13PublishEarly,
        ["M18"] = LegoMutant.M18ClosedServesAll, ["M17"] = LegoMutant.M17RcWriteQ3, ["MC"] = LegoMutant.MCStaleRestart,
        ["MP"] = LegoMutant.MPStartBeforePublish, ["DT"] = LegoMutant.DTSkipTag, ["DW"] = LegoMutant.DWAlwaysWriteBack,
    };

    private static readonly string[] Fields = ["params", "faults", "workload", "mutant", "optGet", "guard", "delta", "reconfig", "then", "qr"];

    // The windows of the targeted faults (FaultPlan.TargetDups, TargetCrashes): the replies a client counts towards a
    // quorum or a decode (a duplicate must not count twice), and a write phase's acknowledgements (a client crashing
    // right after one leaves its pre-write, fin or write-back at some servers only).
    internal static string? CountedReplies(Event e) => e is LegoMsg { Body: QueryReply or Ack or ReadReply } m ? m.Body.GetType().Name : null;
    internal static string? WriteAcks(Event e) => e is LegoMsg { Body: Ack } ? "Ack" : null;

    /// <summary>The named fault plans.</summary>
    public static (FaultPlan Plan, bool Clients) Faults(string name, LegoParams p) => name switch
    {
        "none" => (FaultPlan.None, false),
        "chaos" => (new FaultPlan(Reorder: true, MaxDrops: 2, MaxDuplicates: 2), false),
        "crash-restart" => (new FaultPlan(Reorder: true, MaxDrops: 1, MaxDuplicates: 1, MaxCrashes: 2, Restart: true, FaultOdds: 6), false),
        "permanent" => (new FaultPlan(Reorder: true, MaxCrashes: p.F, Restart: false, FaultOdds: 6), false),
        // Many losses, likely ones: the races of M3, M7, M8 and M9 need a write or fin to miss several servers.
        "lossy" => (new FaultPlan(Reorder: true, MaxDrops: 6, DropOdds: 3), false),
        "lossier" => (new FaultPlan(Reorder: true, MaxDrops: 8, DropOdds: 2), false),
        "client-crash" => (new FaultPlan(Reorder: true, MaxDuplicates: 1, MaxCrashes: 1, Restart: false, FaultOdds: 6), true),
        // Targeted (issue 46): up to 4 counted replies duplicated on purpose (odds 1/2 each: a duplicate reaches a quorum
        // count or a decode), and one client crashing for good right after it handles a write phase's Ack (odds 1/2),
        // leaving a partial write for the other clients' quorums to meet; two random losses.
        "targeted" => (new FaultPlan(Reorder: true, MaxDrops: 2, Restart: false, TargetDups: 4, TargetCrashes: 1, TargetOdds: 2), true),
        _ => throw new ArgumentException($"faults \"{name}\": use none, chaos, lossy, crash-restart, permanent, client-crash or targeted"),
    };

    /// <summary>The deployment described by the fields; <paramref name="only"/> names the one monitor a bug test watches.</summary>
    public static LegoSystem Build(IReadOnlyDictionary<string, string> fields, string? only, bool liveness = false)
    {
        foreach (var k in fields.Keys)
            if (!Fields.Contains(k)) throw new ArgumentException($"deployment field \"{k}\" is unknown (LEGOStore: {string.Join(", ", Fields)})");
        string F(string k, string dflt) => fields.TryGetValue(k, out var v) ? v : dflt;
        bool Flag(string k) => F(k, "false") switch { "true" => true, "false" => false, var t => throw new ArgumentException($"{k} \"{t}\": use true or false") };
        var p = Params(F("params", "ABD3"));
        var guard = F("guard", "art") switch { "art" => false, "paper" => true, var g => throw new ArgumentException($"guard \"{g}\": use art or paper") };
        var deltaText = F("delta", "0");
        if (!int.TryParse(deltaText, out var delta) || delta < 0 || delta > 3) throw new ArgumentException($"delta \"{deltaText}\": use 0 (GC off) to 3");
        if (p.Protocol == LegoProtocol.Abd && (delta > 0 || guard)) throw new ArgumentException("delta and guard are CAS fields; ABD has no GC and no read cache");
        p = p with { OptGet = Flag("optGet"), PaperGuard = guard, Delta = delta };
        var workload = F("workload", "race") switch
        {
            "race" => LegoWorkload.Race, "busy" => LegoWorkload.Busy, "gc" => LegoWorkload.Gc, "readers" => LegoWorkload.Readers, "reconf" => LegoWorkload.Reconf, "writers" => LegoWorkload.Writers,
            var w => throw new ArgumentException($"workload \"{w}\": use race, busy, gc, readers, reconf or writers"),
        };
        var mutantName = F("mutant", "none");
        var mutant = MutantNames.TryGetValue(mutantName, out var mm) ? mm
            : throw new ArgumentException($"mutant \"{mutantName}\": use one of {string.Join(", ", MutantNames.Keys)}");
        if (only == "StaleClientCatchesUp" && F("reconfig", "none") == "none")
            throw new ArgumentException("monitor \"StaleClientCatchesUp\" (RECONF-T4) needs a reconfig");
        if (only is not null && only != "OpsComplete" && F("reconfig", "none") == "none" && !LegoMonitors.For(p).Contains(only) && !LocalRules.Monitors.ContainsKey(only))
            throw new ArgumentException($"monitor \"{only}\" is not a LEGOStore monitor of {p.Protocol} ({string.Join(", ", LegoMonitors.For(p).Append("OpsComplete").Concat(LocalRules.Monitors.Keys))})");
        var (plan, clients) = Faults(F("faults", "none"), p);
        // A reconfiguration (brief §4.7): "H1" is the brief's I5 (old ABD m=3 f=0 q1=1 q2=3 -> new ABD m=1), where the
        // paper's Qr = 1 is too small (finding F2); "ABD3to3" moves ABD m=3 q=2/2 to three other servers; any other
        // value names the new configuration as `params` does (ABD or CAS, from an ABD or CAS old one; GC, `delta`, only in an old CAS configuration, with the controller's finMax fallback).
        LegoReconfig? reconfig = null;
        var qrText = F("qr", "safe");
        if (qrText is not ("safe" or "paper")) throw new ArgumentException($"qr \"{qrText}\": use safe (m - min(q1, Wq) + 1) or paper (m - Wq + 1)");
        switch (F("reconfig", "none"))
        {
            case "none":
                if (fields.ContainsKey("qr")) throw new ArgumentException("qr needs a reconfig");
                break;
            case "H1":
                if (fields.ContainsKey("params")) throw new ArgumentException("reconfig H1 fixes its own old configuration; drop params");
                p = LegoParams.Abd(3, 0, 1, 3) with { OptGet = p.OptGet };
                reconfig = new LegoReconfig(LegoParams.Abd(1, 0, 1, 1) with { OptGet = p.OptGet }, qrText == "paper");
                break;
            case "ABD3to3":
                if (p.Protocol != LegoProtocol.Abd || p.M != 3) throw new ArgumentException("reconfig ABD3to3 needs params ABD3");
                reconfig = new LegoReconfig(LegoParams.Abd(3, 1, 2, 2) with { OptGet = p.OptGet }, qrText == "paper");
                break;
            case var r:
                if (!fields.ContainsKey("params")) throw new ArgumentException($"reconfig \"{r}\" needs params (the old configuration)");
                reconfig = new LegoReconfig(Params(r) with { OptGet = p.OptGet, PaperGuard = p.PaperGuard }, qrText == "paper");
                break;
        }
        if (fields.TryGetValue("then", out var thenText))
        {
            // A chain (brief §4.7.4): a second reconfiguration from the new configuration to this one.
            if (reconfig is null) throw new ArgumentException("then needs a reconfig (it names the configuration after the new one)");
            reconfig = reconfig with { Then = Params(thenText) with { OptGet = p.OptGet, PaperGuard = p.PaperGuard } };
        }
        if (reconfig is not null && only is not null && !LegoMonitors.Liveness.Contains(only) && !LegoSystem.ReconfigMonitorsFor(p, reconfig).Contains(only))
            throw new ArgumentException($"monitor \"{only}\" is not checked in this reconfiguration run ({string.Join(", ", LegoSystem.ReconfigMonitorsFor(p, reconfig))})");
        if (reconfig is not null) (plan, clients) = Faults(F("faults", "none"), p);
        return new LegoSystem(p, plan, workload, mutant, clients, liveness) { Only = only is null ? null : [only], Reconfig = reconfig };
    }

    /// <summary>A named configuration, or an explicit one.</summary>
    public static LegoParams Params(string text)
    {
        switch (text)
        {
            case "ABD3": return LegoParams.Abd(3, 1, 2, 2);
            case "ABD4": return LegoParams.Abd(4, 1, 2, 3);
            case "ABD5": return LegoParams.Abd(5, 2, 3, 3);
            case "CAS3_1": return LegoParams.Cas(3, 1, 1, 2, 2, 2, 2);
            case "CAS4_2": return LegoParams.Cas(4, 2, 1, 3, 3, 3, 3);
            case "CAS5_3": return LegoParams.Cas(5, 3, 1, 4, 4, 4, 4);
            case "CAS5_1": return LegoParams.Cas(5, 1, 1, 4, 2, 4, 4);
        }
        var parts = text.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        string usage = $"params \"{text}\": write ABD3, ABD4, ABD5, CAS3_1, CAS4_2, CAS5_3, CAS5_1, \"abd m=.. f=.. q1=.. q2=..\" or \"cas m=.. k=.. f=.. q1=.. q2=.. q3=.. q4=..\" [unchecked]";
        if (parts.Length == 0 || parts[0] is not ("abd" or "cas")) throw new ArgumentException(usage);
        bool unchecked_ = parts.Contains("unchecked");
        var kv = parts.Skip(1).Where(x => x != "unchecked").Select(x => x.Split('=')).ToDictionary(
            x => x.Length == 2 ? x[0] : throw new ArgumentException(usage),
            x => int.TryParse(x[1], out var n) ? n : throw new ArgumentException($"params \"{text}\": {x[0]} must be an integer"));
        int G(string k) => kv.TryGetValue(k, out var v) ? v : throw new ArgumentException($"params \"{text}\": missing {k}");
        if (parts[0] == "abd")
            return unchecked_ ? new LegoParams(LegoProtocol.Abd, G("m"), 1, G("f"), G("q1"), G("q2"), 0, 0) : LegoParams.Abd(G("m"), G("f"), G("q1"), G("q2"));
        return unchecked_ ? new LegoParams(LegoProtocol.Cas, G("m"), G("k"), G("f"), G("q1"), G("q2"), G("q3"), G("q4"))
                          : LegoParams.Cas(G("m"), G("k"), G("f"), G("q1"), G("q2"), G("q3"), G("q4"));
    }

    /// <summary>The scenario of one manifest entry.</summary>
    public static Scenario Scenario(string name, IReadOnlyDictionary<string, string> fields, string? only,
        uint iterations, uint seed, Strategy strategy, uint maxSteps, bool liveness = false) =>
        new(name, Build(fields, only, liveness).Setup, iterations, maxSteps, seed, liveness ? Strategy.Fair : strategy);
}
