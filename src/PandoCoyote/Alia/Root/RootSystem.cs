using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Alia.Root;

/// <summary>
/// One deployment of Alia's root tier under test (brief §7 MC-A): the monitors, the network, one
/// <see cref="RootReplica"/> per replica (every one may crash) and the <see cref="Elector"/>.
/// The data plane is not attached: configurations are opaque, as in specs/AliaRoot.tla. With
/// <paramref name="CheckLiveness"/> the liveness monitors are registered too and the elector never stops.
/// </summary>
public sealed record RootSystem(RootSettings Settings, FaultPlan Faults, bool CheckLiveness = false)
{
    /// <summary>The monitors to register, by catalogue name (null = every safety monitor, and the liveness ones if checked).</summary>
    public IReadOnlyList<string>? Only { get; init; }

    /// <summary>The setup of one iteration.</summary>
    public void Setup(IActorRuntime rt)
    {
        foreach (var name in Only ?? RootMonitors.Names(CheckLiveness)) RootMonitors.Register(rt, name, Settings);
        var net = rt.CreateActor(typeof(Network), new NetworkSetup([], Faults));
        var replicas = Enumerable.Range(0, Settings.N).Select(_ => rt.CreateActorId(typeof(RootReplica))).ToList();
        rt.SendEvent(net, new NetworkSetup(replicas, Faults));
        for (int r = 0; r < replicas.Count; r++) rt.CreateActor(replicas[r], typeof(RootReplica), new RootReplicaInit(r, Settings, net, replicas));
        // Liveness: election timeouts keep firing, so a leader lost to a crash or to lost messages is replaced.
        int rounds = CheckLiveness ? int.MaxValue : Settings.Elections;
        rt.CreateActor(typeof(Elector), new ElectorInit(net, replicas, rounds, () => new RootMsg(new RunForLeader())));
    }
}

/// <summary>
/// Builds a root-tier deployment from the fields of a <c>tests/coyote.json</c> entry with <c>tier: root</c>. Fields:
/// <c>n</c> (replicas, default 3), <c>epochs</c> (root slots, default 2), <c>mode</c> (relay, paper_literal, custody),
/// <c>faults</c> (none, reorder, chaos, crashstop), <c>mutant</c> (none, M1 = mode paper_literal,
/// M2, M3, M4, M12, M13, M15 and MZ (mode custody), M17, MR, MP, MA, MV, MU), <c>elections</c> (election timeouts the environment fires, default 3;
/// under the fair strategy, which checks liveness, they never stop and the field is refused).
/// </summary>
public static class RootScenarios
{
    /// <summary>Mutant names as in the brief (§8) and configs/Alia/MCAliaRoot.tla.</summary>
    public static readonly IReadOnlyDictionary<string, RootMutant> MutantNames = new Dictionary<string, RootMutant>
    {
        ["none"] = RootMutant.None, ["M1"] = RootMutant.None, ["M2"] = RootMutant.M2SumCount, ["M3"] = RootMutant.M3LiveMajority,
        ["M4"] = RootMutant.M4OffByOne, ["M13"] = RootMutant.M13AcceptAnyBallot, ["MR"] = RootMutant.MRNoRaise,
        ["MP"] = RootMutant.MPPromiseLost, ["MA"] = RootMutant.MAAlphaTwo, ["MV"] = RootMutant.MVOtherValue,
        ["M12"] = RootMutant.M12NuclearIgnoresPhase1, ["M17"] = RootMutant.M17SenderCount, ["MU"] = RootMutant.MUUnanimity,
        ["M15"] = RootMutant.M15CustodyRevoked, ["MZ"] = RootMutant.MZProxyFromZero,
    };

    private static readonly string[] Fields = ["tier", "n", "epochs", "mode", "faults", "mutant", "elections"];

    /// <summary>The delegation mode named by a <c>mode</c> field.</summary>
    public static DelegationMode ModeOf(string name) => name switch
    {
        "relay" => DelegationMode.Relay,
        "paper_literal" => DelegationMode.PaperLiteral,
        "custody" => DelegationMode.Custody,
        var v => throw new ArgumentException($"mode \"{v}\": use relay, paper_literal or custody"),
    };

    /// <summary>An integer field of a deployment, or <paramref name="dflt"/> when it is absent; anything else is refused, naming it.</summary>
    public static int IntField(IReadOnlyDictionary<string, string> fields, string k, int dflt) =>
        !fields.TryGetValue(k, out var v) ? dflt
        : int.TryParse(v, out var x) ? x : throw new ArgumentException($"{k} \"{v}\": must be an integer");

    /// <summary>The deployment described by the fields; <paramref name="only"/> names the one monitor a bug test watches.</summary>
    public static RootSystem Build(IReadOnlyDictionary<string, string> fields, string? only, bool liveness = false)
    {
        foreach (var k in fields.Keys)
            if (!Fields.Contains(k)) throw new ArgumentException($"deployment field \"{k}\" is unknown (Alia root tier: {string.Join(", ", Fields)})");
        string F(string k, string dflt) => fields.TryGetValue(k, out var v) ? v : dflt;
        int I(string k, int dflt) => IntField(fields, k, dflt);
        var mutantName = F("mutant", "none");
        var mutant = MutantNames.TryGetValue(mutantName, out var m) ? m
            : throw new ArgumentException($"mutant \"{mutantName}\": use one of {string.Join(", ", MutantNames.Keys)}");
        var mode = ModeOf(F("mode", mutantName switch { "M1" => "paper_literal", "M15" or "MZ" => "custody", _ => "relay" }));
        if (mutantName == "M1" && mode != DelegationMode.PaperLiteral) throw new ArgumentException("mutant M1 is mode paper_literal: drop the mode field or set it to paper_literal");
        if (liveness && fields.ContainsKey("elections"))
            throw new ArgumentException("elections: under the fair strategy (liveness) election timeouts never stop; drop the field");
        var settings = new RootSettings(I("n", 3), I("epochs", 2), mode, mutant, I("elections", 3), Heartbeats: liveness).Check();
        var known = RootMonitors.Names(liveness);
        if (only is not null && !known.Contains(only))
            throw new ArgumentException($"monitor \"{only}\" is not a root-tier monitor{(liveness ? "" : " without liveness")} ({string.Join(", ", known)})");
        // The data plane's fault plans; every replica is crashable.
        return new RootSystem(settings, AliaScenarios.Faults(F("faults", "chaos")), liveness) { Only = only is null ? null : [only] };
    }

    /// <summary>The scenario of one manifest entry.</summary>
    public static Scenario Scenario(string name, IReadOnlyDictionary<string, string> fields, string? only,
        uint iterations, uint seed, Strategy strategy, uint maxSteps, bool liveness = false) =>
        new(name, Build(fields, only, liveness).Setup, iterations, maxSteps, seed, liveness ? Strategy.Fair : strategy);
}
