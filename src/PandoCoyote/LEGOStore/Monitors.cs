using Microsoft.Coyote.Specifications;
using PandoCoyote.Shared.Histories;
using Monitor = Microsoft.Coyote.Specifications.Monitor;

namespace PandoCoyote.LEGOStore;

// ---------------------------------------------------------------------------------------------------------------
// Observations: what the actors tell the monitors (the ghost history of brief LEGOStore §2.7). Each names the TLA+
// action of specs/ABD.tla / specs/CAS.tla it reports.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A notification to the LEGOStore monitors; <see cref="Body"/> is one of the records below.</summary>
public sealed class LegoObservation(object body) : Monitor.Event
{
    /// <summary>The observation.</summary>
    public object Body { get; } = body;
}

/// <summary>The configuration, sent to every monitor before any actor runs; in a reconfiguration run also the new one.</summary>
public sealed record ObsLegoConfig(LegoParams Params, bool Reconfig = false, LegoParams? Next = null)
{
    /// <summary>With a chain: the configuration after <c>Next</c>.</summary>
    public LegoParams? Then { get; init; }
}
/// <summary>
/// A server's durable state after a change (TLA+ ServerWrite, ServerPre, ServerFin, ServerReadFin, ServerRcWrite): ABD its tag
/// and value; CAS its highest fin tag and its list. <paramref name="Cfg"/>: the configuration the server belongs to (1 = old).
/// </summary>
public sealed record ObsServer(int Server, Tag Stored, int Value, IReadOnlyDictionary<Tag, CasEntry>? List, int Cfg = 1);
/// <summary>The metadata service names configuration <paramref name="Cfg"/>, handed over with tag <paramref name="RTag"/> (TLA+ RcPublish).</summary>
public sealed record ObsPublished(Tag RTag, int Cfg = 2);
/// <summary>A client invoked an operation (TLA+ Invoke; hist[o].invokedAfter is what was done by then).</summary>
public sealed record ObsInvoked(int Op, int Client, bool IsPut, int Value);
/// <summary>A PUT chose its tag (TLA+ PutQueried; the ghost `written`, ValueOf[t] = value).</summary>
public sealed record ObsTagChosen(int Op, Tag Tag, int Value);
/// <summary>An operation completed with its tag (a PUT: its own; a GET: the tag it read) and value (TLA+ WriteDone, GetQueried, GetDecoded).</summary>
public sealed record ObsResponded(int Op, Tag Tag, int Value);
/// <summary>A CAS GET gave up after its bounded attempts: its outcome stays unknown, but the client has its answer (RETRY).</summary>
public sealed record ObsGaveUp(int Op);
/// <summary>An attempt of an operation starts in configuration <paramref name="Cfg"/> (TLA+ Invoke and Restart: the client's cfgOf).</summary>
public sealed record ObsAttempt(int Op, int Client, int Cfg);
/// <summary>A client crashed: its pending operation will never complete (crash-stop).</summary>
public sealed record ObsClientCrashed(int Client);
/// <summary>A CAS GET gave up its attempt for want of k symbols (TLA+ GetRetry); <paramref name="Repliers"/> replied to its phase 2.</summary>
public sealed record ObsRetry(int Op, Tag Tag, IReadOnlyList<int> Repliers);

/// <summary>
/// The base of the LEGOStore monitors: every monitor keeps the ghost state (ValueOf, the operations, the servers'
/// latest states) and asserts one catalogue property. Assertion messages start with <c>[ID] Name:</c>, the ID being
/// ABD-… or CAS-… after the configuration's protocol.
/// </summary>
public abstract class LegoMonitor : Monitor
{
    /// <summary>The configuration (in a reconfiguration run: the old one).</summary>
    protected LegoParams P { get; private set; } = null!;
    /// <summary>The new configuration of a reconfiguration run (null: none).</summary>
    protected LegoParams? Next { get; private set; }
    /// <summary>Every configuration of the run in order (index 0 = configuration 1).</summary>
    protected IReadOnlyList<LegoParams> Chain { get; private set; } = [];
    /// <summary>ValueOf: the value each chosen tag writes (T0: v0).</summary>
    protected Dictionary<Tag, int> ValueOf { get; } = new() { [Tag.T0] = LegoValues.V0 };
    /// <summary>The operation that chose each tag.</summary>
    protected Dictionary<Tag, int> ChosenBy { get; } = [];
    /// <summary>Invoked operations: PUT or GET, and the highest tag of the operations done when it was invoked (null: none).</summary>
    protected Dictionary<int, (bool IsPut, Tag? DoneBefore)> Invoked { get; } = [];
    /// <summary>Done operations and their tags.</summary>
    protected Dictionary<int, Tag> Done { get; } = [];
    /// <summary>Each server's latest state.</summary>
    protected Dictionary<int, ObsServer> Servers { get; } = [];

    /// <summary>Handles one observation: updates the ghost state, then lets the subclass check.</summary>
    protected void OnObservation(Monitor.Event e)
    {
        var body = ((LegoObservation)e).Body;
        switch (body)
        {
            case ObsLegoConfig c:
                P = c.Params; Next = c.Next; _prefix = c.Reconfig ? "RECONF" : c.Params.IdPrefix;
                Chain = c.Next is null ? [c.Params] : c.Then is null ? [c.Params, c.Next] : [c.Params, c.Next, c.Then];
                break;
            case ObsServer s: Servers[s.Server] = s; break;
            case ObsInvoked i: Invoked[i.Op] = (i.IsPut, Done.Count == 0 ? null : Done.Values.Max()); break;
        }
        Check(body);
        switch (body)
        {
            case ObsTagChosen t: ValueOf.TryAdd(t.Tag, t.Value); ChosenBy.TryAdd(t.Tag, t.Op); break;
            case ObsResponded r: Done[r.Op] = r.Tag; break;
        }
    }

    /// <summary>Checks the property after an observation (the ghost state is updated before, except for the observation's own tag/done record).</summary>
    protected abstract void Check(object observation);

    private string _prefix = "";

    /// <summary>The catalogue ID with the protocol's prefix (RECONF-… in a reconfiguration run).</summary>
    protected string Id(string suffix) => $"{_prefix}-{suffix}";

    /// <summary>Fails the run with the message (built only on failure).</summary>
    protected void Require(bool ok, Func<string> message)
    {
        if (!ok) Assert(false, "{0}", message());
    }

    /// <summary>CAS: the servers holding a symbol of tag t.</summary>
    protected int Holders(Tag t) => Servers.Values.Count(s => s.List is { } l && l.TryGetValue(t, out var e) && e.Symbol is not null);

    /// <summary>The tags labelled fin at some server (CAS).</summary>
    protected IEnumerable<Tag> FinAnywhere() => Servers.Values.SelectMany(s => s.List!.Where(kv => kv.Value.Fin).Select(kv => kv.Key)).Distinct();
}

/// <summary>
/// ABD-L1 / CAS-L1 Tag–value agreement (TLA+ TagValueAgreementInv): no two operations choose the same tag; every
/// value a server stores (ABD) and every symbol it holds (CAS: re-encoded from ValueOf[t]) belongs to its tag's PUT.
/// </summary>
public sealed class TagValueAgreementMonitor : LegoMonitor
{
    private readonly Dictionary<int, byte[][]> _symbols = [];

    [Start]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsTagChosen t:
                Require(!ChosenBy.TryGetValue(t.Tag, out var other) || other == t.Op,
                    () => $"[{Id("L1")}] TagValueAgreement: operations {ChosenBy[t.Tag]} and {t.Op} both chose tag {t.Tag} ({LegoValues.Show(ValueOf[t.Tag])} and {LegoValues.Show(t.Value)})");
                break;
            case ObsServer { List: null } s:
                Require(ValueOf.TryGetValue(s.Stored, out var v) && v == s.Value,
                    () => $"[{Id("L1")}] TagValueAgreement: server {s.Server} stores {LegoValues.Show(s.Value)} under tag {s.Stored}, which wrote {(ValueOf.TryGetValue(s.Stored, out var w) ? LegoValues.Show(w) : "nothing")}");
                break;
            case ObsServer { List: { } list } s:
                foreach (var (tag, e) in list.Where(kv => kv.Value.Symbol is not null))
                {
                    bool known = ValueOf.TryGetValue(tag, out var val);
                    Require(known && SymbolOf(val, s.Server).AsSpan().SequenceEqual(e.Symbol),
                        () => $"[{Id("L1")}] TagValueAgreement: server {s.Server} holds a symbol under tag {tag} that is not its symbol of {(known ? LegoValues.Show(val) : "any written value")}");
                }
                break;
        }
    }

    private byte[] SymbolOf(int value, int server)
    {
        if (!_symbols.TryGetValue(value, out var all)) _symbols[value] = all = LegoValues.Encode(P, value);
        return all[server];
    }
}

/// <summary>
/// ABD-L2 / CAS-L2 Real-time order (TLA+ RealTimeOrderInv): a PUT's tag is above, and a GET's tag at or above, the
/// tag of every operation that completed before it was invoked.
/// </summary>
public sealed class RealTimeOrderMonitor : LegoMonitor
{
    [Start]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsResponded r || !Invoked.TryGetValue(r.Op, out var inv) || inv.DoneBefore is not { } before) return;
        Require(inv.IsPut ? r.Tag > before : r.Tag >= before,
            () => $"[{Id("L2")}] RealTimeOrder: {(inv.IsPut ? "PUT" : "GET")} {r.Op} completed with tag {r.Tag}, but an operation with tag {before} had completed before it was invoked");
    }
}

/// <summary>ABD-L3 / CAS-L3 Read validity (TLA+ ReadValidityInv): a GET returns the value its tag wrote (v0 for T0), never GARBAGE.</summary>
public sealed class ReadValidityMonitor : LegoMonitor
{
    [Start]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsResponded r || !Invoked.TryGetValue(r.Op, out var inv) || inv.IsPut) return;
        Require(r.Value != LegoValues.Garbage && ValueOf.TryGetValue(r.Tag, out var v) && v == r.Value,
            () => $"[{Id("L3")}] ReadValidity: GET {r.Op} returned {LegoValues.Show(r.Value)} with tag {r.Tag}, which wrote {(ValueOf.TryGetValue(r.Tag, out var w) ? LegoValues.Show(w) : "nothing")}");
    }
}

/// <summary>
/// ABD-S1 / CAS-S1 Server stability (TLA+ ServerMonotoneProp): a server's tag (CAS: highest fin tag) never decreases;
/// CAS also: a fin label never reverts to pre and a held symbol never changes (it may only be collected).
/// </summary>
public sealed class ServerMonotoneMonitor : LegoMonitor
{
    private readonly Dictionary<int, ObsServer> _before = [];

    [Start]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsServer s) return;
        if (_before.TryGetValue(s.Server, out var b))
        {
            Require(s.Stored >= b.Stored, () => $"[{Id("S1")}] ServerMonotone: server {s.Server}'s {(s.List is null ? "tag" : "highest fin tag")} went from {b.Stored} down to {s.Stored}");
            if (s.List is { } now && b.List is { } was)
                foreach (var (tag, e) in was)
                {
                    now.TryGetValue(tag, out var n);
                    Require(!e.Fin || n is { Fin: true }, () => $"[{Id("S1")}] ServerMonotone: server {s.Server}'s tag {tag} lost its fin label");
                    Require(e.Symbol is null || n?.Symbol is null || e.Symbol.AsSpan().SequenceEqual(n.Symbol),
                        () => $"[{Id("S1")}] ServerMonotone: server {s.Server}'s symbol of tag {tag} changed");
                }
        }
        _before[s.Server] = s;
    }
}

/// <summary>
/// ABD-S2 / CAS-S2 No data loss (TLA+ NoDataLossInv): the tag of every completed operation is stored or overtaken
/// (ABD: the server's tag; CAS: its highest fin tag) at Wq servers (q2 for ABD, min(q3, q4) for CAS).
/// </summary>
public sealed class NoDataLossMonitor : LegoMonitor
{
    [Start]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        IEnumerable<(int Op, Tag Tag)> toCheck = o switch
        {
            ObsResponded r => [(r.Op, r.Tag)],
            ObsServer => Done.Select(d => (d.Key, d.Value)),
            _ => [],
        };
        foreach (var (op, tag) in toCheck)
        {
            int at = Servers.Values.Count(s => s.Stored >= tag);
            Require(at >= P.Wq, () => $"[{Id("S2")}] NoDataLoss: operation {op} completed with tag {tag}, which only {at} server(s) store or overtake (Wq = {P.Wq})");
        }
    }
}

/// <summary>
/// CAS-D1 / RECONF-D1 Decodability (TLA+ DecodabilityInv, GC off): every tag labelled fin anywhere has a symbol at
/// k + m − q4 servers or more, so any q4 servers hold k of them. In a reconfiguration run, per published CAS
/// configuration: the old one, and the new one once the metadata service names it (before, RcWrite labels fin one
/// server at a time).
/// </summary>
public sealed class DecodabilityMonitor : LegoMonitor
{
    [Start]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Watching : State;

    // Reconfiguration runs: each server's latest state by (configuration, index); the newest published configuration.
    private readonly Dictionary<(int Cfg, int Server), ObsServer> _byCfg = [];
    private int _published = 1;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (Next is not null)
        {
            switch (o)
            {
                case ObsServer s: _byCfg[(s.Cfg, s.Server)] = s; CheckConfig(s.Cfg); break;
                case ObsPublished p: _published = p.Cfg; CheckConfig(p.Cfg); break;
            }
            return;
        }
        if (o is not ObsServer { List: not null } || P.Delta > 0 || Servers.Count < P.M) return;
        int need = P.K + P.M - P.Q4;
        foreach (var t in FinAnywhere())
        {
            int h = Holders(t);
            Require(h >= need, () => $"[{Id("D1")}] Decodability: tag {t} is fin but only {h} server(s) hold a symbol of it (k + m - q4 = {need})");
        }
    }

    private void CheckConfig(int cfg)
    {
        var p = Chain[cfg - 1];
        if (p.Protocol != LegoProtocol.Cas || p.Delta > 0 || cfg > _published) return;
        var servers = _byCfg.Where(kv => kv.Key.Cfg == cfg).Select(kv => kv.Value).ToList();
        if (servers.Count < p.M) return;
        int need = p.K + p.M - p.Q4;
        foreach (var t in servers.SelectMany(s => s.List!.Where(kv => kv.Value.Fin).Select(kv => kv.Key)).Distinct())
        {
            int h = servers.Count(s => s.List!.TryGetValue(t, out var e) && e.Symbol is not null);
            Require(h >= need, () => $"[{Id("D1")}] Decodability: tag {t} is fin but only {h} server(s) of configuration {cfg} hold a symbol of it (k + m - q4 = {need})");
        }
    }
}

/// <summary>
/// CAS-R2 Recoverable under GC (TLA+ RecoverableInv): the highest tag labelled fin at any server has its symbols at q2
/// servers, whatever GC collected.
/// </summary>
public sealed class RecoverableMonitor : LegoMonitor
{
    [Start]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsServer { List: not null } || Servers.Count < P.M) return;
        var top = FinAnywhere().Max();
        int h = Holders(top);
        Require(h >= P.Q2, () => $"[{Id("R2")}] Recoverable: the highest fin tag {top} has symbols at {h} server(s), fewer than q2 = {P.Q2}");
    }
}

/// <summary>
/// CAS-G1 Retries are justified (TLA+ RetryJustifiedInv): a GET retries only if some server that replied to its phase
/// 2 holds δ fin tags above the GET's tag (so GC, not a bug, took the symbols).
/// </summary>
public sealed class RetryJustifiedMonitor : LegoMonitor
{
    [Start]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsRetry r) return;
        bool justified = P.Delta > 0 && r.Repliers.Any(s => Servers[s].List!.Count(kv => kv.Value.Fin && kv.Key > r.Tag) >= P.Delta);
        Require(justified, () => $"[{Id("G1")}] RetryJustified: GET {r.Op} retried tag {r.Tag} though no replier ({string.Join(", ", r.Repliers)}) holds δ = {P.Delta} fin tags above it");
    }
}

/// <summary>
/// ABD-LIN / CAS-LIN Linearizable: the client-visible history (PUT of a value, GET returning a value) is linearizable
/// for a read/write register, checked with the repository's checker after every response; pending operations (a
/// crashed client, a GET that gave up) have unknown outcomes. The tag-based L1–L3 imply it (brief §6.1 LIN); this is
/// the black-box check the paper ran with Porcupine.
/// </summary>
public sealed class LinearizableMonitor : LegoMonitor
{
    private readonly HistoryRecorder<RegisterInput, int?> _history = new();
    private readonly Dictionary<int, int> _ids = [];

    [Start]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsInvoked i:
                _ids[i.Op] = _history.Invoke(i.Client, i.IsPut ? new RegisterInput(RegisterOp.Write, i.Value) : new RegisterInput(RegisterOp.Read));
                break;
            case ObsResponded r when _ids.TryGetValue(r.Op, out var id):
                _history.Return(id, Invoked[r.Op].IsPut || r.Value == LegoValues.V0 ? null : r.Value);
                var ops = _history.Operations();
                var result = LinearizabilityChecker.Check(new RegisterModel(), ops);
                Require(result.Linearizable, () => $"[{Id("LIN")}] Linearizable: the history is not linearizable: " +
                    string.Join("; ", ops.Select(x => new RegisterModel().Describe(x))));
                break;
        }
    }
}

/// <summary>
/// ABD-T1 / CAS-T1 Operations complete (brief §6.2 T1): every operation of a client that has not crashed eventually
/// completes (a CAS GET that gave up after its bounded retries counts as answered). A liveness monitor: hot while such
/// an operation is pending; under Coyote's fair strategy a run that stays hot is a liveness bug. It needs at most f
/// servers down (quorums of at most m − f, brief §5.1 A2 and §5.2 C5) and clients that resend on timeouts.
/// </summary>
public sealed class OpsCompleteMonitor : Monitor
{
    private readonly Dictionary<int, int> _pending = [];     // op -> client

    [Start]
    [Cold]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Idle : State;

    [Hot]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Waiting : State;

    private void OnObservation(Monitor.Event e)
    {
        switch (((LegoObservation)e).Body)
        {
            case ObsInvoked i: _pending[i.Op] = i.Client; Shared.Testing.Coverage.Hit("liveness: OpsComplete watched an operation"); break;
            case ObsResponded r: _pending.Remove(r.Op); break;
            case ObsGaveUp g: _pending.Remove(g.Op); break;
            case ObsClientCrashed c: foreach (var op in _pending.Where(kv => kv.Value == c.Client).Select(kv => kv.Key).ToList()) _pending.Remove(op); break;
            default: return;
        }
        if (_pending.Count > 0) RaiseGotoStateEvent<Waiting>(); else RaiseGotoStateEvent<Idle>();
    }
}

/// <summary>
/// RECONF-T4 A stale client catches up (brief §6.2 T4, TLA+ StaleClientCatchesUpProp): once the metadata service names
/// configuration n, an operation whose current attempt runs in an older one eventually completes or restarts in n or a
/// later one. A liveness monitor: hot while some pending operation of a live client has its latest attempt in a
/// configuration older than the newest published. Mutant MC (a refused client restarts in its cached configuration)
/// keeps it hot.
/// </summary>
public sealed class StaleClientCatchesUpMonitor : Monitor
{
    private readonly Dictionary<int, (int Client, int Cfg)> _pending = [];   // op -> client and its latest attempt's configuration
    private int _published = 1;

    [Start]
    [Cold]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Current : State;

    [Hot]
    [OnEventDoAction(typeof(LegoObservation), nameof(OnObservation))]
    private sealed class Behind : State;

    private void OnObservation(Monitor.Event e)
    {
        switch (((LegoObservation)e).Body)
        {
            case ObsAttempt a: _pending[a.Op] = (a.Client, a.Cfg); break;
            case ObsPublished p: _published = p.Cfg; break;
            case ObsResponded r: _pending.Remove(r.Op); break;
            case ObsGaveUp g: _pending.Remove(g.Op); break;
            case ObsClientCrashed c: foreach (var op in _pending.Where(kv => kv.Value.Client == c.Client).Select(kv => kv.Key).ToList()) _pending.Remove(op); break;
            default: return;
        }
        if (_pending.Values.Any(v => v.Cfg < _published))
        {
            Shared.Testing.Coverage.Hit("liveness: StaleClientCatchesUp saw a stale operation after publication");
            RaiseGotoStateEvent<Behind>();
        }
        else RaiseGotoStateEvent<Current>();
    }
}

/// <summary>The monitors of a LEGOStore run (registered by the deployment, fed by <c>Observe</c>).</summary>
public static class LegoMonitors
{
    /// <summary>Every monitor, by catalogue name (the C# class is the name + "Monitor").</summary>
    public static readonly IReadOnlyDictionary<string, Type> ByName = new Dictionary<string, Type>
    {
        ["TagValueAgreement"] = typeof(TagValueAgreementMonitor), ["RealTimeOrder"] = typeof(RealTimeOrderMonitor),
        ["ReadValidity"] = typeof(ReadValidityMonitor), ["ServerMonotone"] = typeof(ServerMonotoneMonitor),
        ["NoDataLoss"] = typeof(NoDataLossMonitor), ["Decodability"] = typeof(DecodabilityMonitor),
        ["Recoverable"] = typeof(RecoverableMonitor), ["RetryJustified"] = typeof(RetryJustifiedMonitor),
        ["Linearizable"] = typeof(LinearizableMonitor),
    };

    /// <summary>Registers a monitor by name and hands it the configuration.</summary>
    public static readonly IReadOnlyDictionary<string, Action<Microsoft.Coyote.Actors.IActorRuntime, Monitor.Event>> Register =
        new Dictionary<string, Action<Microsoft.Coyote.Actors.IActorRuntime, Monitor.Event>>
        {
            ["TagValueAgreement"] = Use<TagValueAgreementMonitor>, ["RealTimeOrder"] = Use<RealTimeOrderMonitor>,
            ["ReadValidity"] = Use<ReadValidityMonitor>, ["ServerMonotone"] = Use<ServerMonotoneMonitor>,
            ["NoDataLoss"] = Use<NoDataLossMonitor>, ["Decodability"] = Use<DecodabilityMonitor>,
            ["Recoverable"] = Use<RecoverableMonitor>, ["RetryJustified"] = Use<RetryJustifiedMonitor>,
            ["Linearizable"] = Use<LinearizableMonitor>, ["OpsComplete"] = Use<OpsCompleteMonitor>,
            ["StaleClientCatchesUp"] = Use<StaleClientCatchesUpMonitor>,
        };

    private static void Use<T>(Microsoft.Coyote.Actors.IActorRuntime rt, Monitor.Event config) where T : Monitor
    {
        rt.RegisterMonitor<T>();
        rt.Monitor<T>(config);
    }

    /// <summary>Every monitor type (safety and liveness).</summary>
    public static readonly Type[] All = [.. ByName.Values, typeof(OpsCompleteMonitor), typeof(StaleClientCatchesUpMonitor)];

    /// <summary>The liveness monitors (registered under the fair strategy; StaleClientCatchesUp only with a reconfiguration).</summary>
    public static readonly string[] Liveness = ["OpsComplete", "StaleClientCatchesUp"];

    /// <summary>The monitors that apply to a configuration (CAS-only ones are left out for ABD).</summary>
    public static IEnumerable<string> For(LegoParams p) => ByName.Keys.Where(n => p.Protocol == LegoProtocol.Cas || n is not ("Decodability" or "Recoverable" or "RetryJustified"));
}
