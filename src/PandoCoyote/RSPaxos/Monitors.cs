using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Histories;
using PandoCoyote.Shared.Testing;
using Monitor = Microsoft.Coyote.Specifications.Monitor;

namespace PandoCoyote.RSPaxos;

// ---------------------------------------------------------------------------------------------------------------
// Observations: what the actors tell the monitors (brief RSPaxos §6.1, "C# / Coyote runtime assertion" column). Each
// names the step it reports and, for the single-decree core, the TLA+ action of specs/RSPaxos.tla.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A notification to the RS-Paxos monitors; <see cref="Body"/> is one of the records below.</summary>
public sealed class RspObservation(object body) : Monitor.Event
{
    /// <summary>The observation.</summary>
    public object Body { get; } = body;
}

/// <summary>The run's settings, sent to every monitor before any actor runs.</summary>
public sealed record ObsConfig(RspSettings Settings);
/// <summary>A leader created a value id for a client write, a READMARK or a NoOp (the spec's <c>proposed</c>).</summary>
public sealed record ObsProposed(RspVid Vid, byte[]? Value, RspMeta Meta);
/// <summary>TLA+ Phase2a: the leader sent Accepts of <paramref name="Vid"/> for (slot, ballot).</summary>
public sealed record ObsAcceptSent(int Leader, int Slot, int Bal, RspVid Vid);
/// <summary>TLA+ Phase2b: acceptor <paramref name="Acc"/> persisted this entry with its share (before it answered).</summary>
public sealed record ObsAccept(int Acc, int Slot, int Bal, RspVid Vid, RspShare Share, RspMeta Meta);
/// <summary>TLA+ Learn: server <paramref name="R"/> holds the instance decided with this vid (from its acks or a Commit).</summary>
public sealed record ObsDecided(int R, int Slot, RspVid Vid);
/// <summary>§4.4 ApplyReady: server <paramref name="R"/> applied the instance; <paramref name="KeyVid"/> is the vid its store holds for the entry's key after it.</summary>
public sealed record ObsApply(int R, int Slot, RspVid Vid, RspMeta Meta, RspVid? KeyVid);
/// <summary>§4.3 SelectValue: a takeover rebuilt these bytes for <paramref name="Vid"/> from shares.</summary>
public sealed record ObsDecoded(int R, RspVid Vid, byte[] Value);
/// <summary>§4.5 RecoveryRead: these bytes were rebuilt for the instance and vid the read asked for.</summary>
public sealed record ObsRecovered(int R, int Slot, RspVid Vid, byte[] Value);
/// <summary>§4.7 restart from the durable state.</summary>
public sealed record ObsRestart(int R);
/// <summary>A server made a catch-up share durable (§4.7).</summary>
public sealed record ObsLearnedShare(int Acc, int Slot, RspVid Vid, RspShare Share);
/// <summary>§4.9 a checkpoint made the server's share of (slot, vid) durable outside its log.</summary>
public sealed record ObsCheckpoint(int Acc, int Slot, RspVid Vid);
/// <summary>§4.9 the server dropped its log entry for the slot.</summary>
public sealed record ObsTruncate(int Acc, int Slot);
/// <summary>§4.4 a takeover finished phase 1.</summary>
public sealed record ObsNewLeader(int R, int Bal);
/// <summary>History: operation <paramref name="Op"/> (100 × client + request number) began.</summary>
public sealed record ObsInvoke(int Op, int Client, bool Write, int Key, int Val);
/// <summary>History: the write was acknowledged.</summary>
public sealed record ObsWriteDone(int Op);
/// <summary>History: the read returned this value (<see cref="RspValues.Garbage"/> for bytes that are no value's).</summary>
public sealed record ObsReadDone(int Op, int Val);

/// <summary>
/// The ghost of brief §6 over what the monitors observe (specs/RSPaxos.tla defines the same per instance: votes,
/// ChosenAt, Holders). Each monitor keeps its own copy.
/// </summary>
public sealed class RspGhost
{
    private readonly Dictionary<(int Slot, int Bal, RspVid Vid), HashSet<int>> _votes = [];
    /// <summary>Per slot, each chosen vid with the lowest ballot it was chosen at.</summary>
    public Dictionary<int, Dictionary<RspVid, int>> Chosen { get; } = [];
    /// <summary>The first vid recorded as chosen in each slot.</summary>
    public Dictionary<int, RspVid> First { get; } = [];
    /// <summary>Every proposed vid with its value and metadata.</summary>
    public Dictionary<RspVid, ObsProposed> Proposed { get; } = [];
    /// <summary>Each acceptor's durable log: slot → (ballot, vid).</summary>
    public Dictionary<int, Dictionary<int, (int Bal, RspVid Vid)>> Log { get; } = [];
    /// <summary>Each acceptor's checkpointed shares (§4.9): slot → vid. Catch-up shares are not counted here.</summary>
    public Dictionary<int, Dictionary<int, RspVid>> Checkpointed { get; } = [];

    /// <summary>Records an observation; returns the slot that became chosen with a new vid, if any.</summary>
    public void Update(object o, RspParams p)
    {
        switch (o)
        {
            case ObsProposed x: Proposed[x.Vid] = x; break;
            case ObsAccept a:
                if (!Log.TryGetValue(a.Acc, out var log)) Log[a.Acc] = log = [];
                log[a.Slot] = (a.Bal, a.Vid);
                var k = (a.Slot, a.Bal, a.Vid);
                if (!_votes.TryGetValue(k, out var voters)) _votes[k] = voters = [];
                voters.Add(a.Acc);
                if (voters.Count < p.QW) break;
                if (!Chosen.TryGetValue(a.Slot, out var c)) Chosen[a.Slot] = c = [];
                c[a.Vid] = Math.Min(c.GetValueOrDefault(a.Vid, int.MaxValue), a.Bal);
                First.TryAdd(a.Slot, a.Vid);
                break;
            case ObsCheckpoint x:
                if (!Checkpointed.TryGetValue(x.Acc, out var ck)) Checkpointed[x.Acc] = ck = [];
                ck[x.Slot] = x.Vid;
                break;
            case ObsTruncate x:
                if (Log.TryGetValue(x.Acc, out var tl)) tl.Remove(x.Slot);
                break;
        }
    }

    /// <summary>
    /// Holders(vid, c) of slot s: acceptors whose durable entry for s is the vid at a ballot ≥ c, or (after truncation,
    /// §4.9) whose checkpointed share of s is of the vid.
    /// </summary>
    public int Holders(int s, RspVid vid, int c)
    {
        bool InLog(int a) => Log.TryGetValue(a, out var l) && l.TryGetValue(s, out var e) && e.Vid == vid && e.Bal >= c;
        return Log.Keys.Count(InLog)
            + Checkpointed.Count(kv => kv.Value.TryGetValue(s, out var v) && v == vid && !InLog(kv.Key));
    }

    /// <summary>The vid a key holds after applying the chosen prefix 1..s (a client's retried write applied once); null if none, or if the prefix is not all chosen.</summary>
    public RspVid? Fold(int key, int s, out bool prefixChosen)
    {
        RspVid? v = null;
        var dedup = new Dictionary<int, int>();
        prefixChosen = true;
        for (int i = 1; i <= s; i++)
        {
            if (!First.TryGetValue(i, out var vid) || !Proposed.TryGetValue(vid, out var p)) { prefixChosen = false; return null; }
            var m = p.Meta;
            if (m.Op != RspOp.Put || (dedup.TryGetValue(m.Client, out var last) && m.Seq <= last)) continue;
            dedup[m.Client] = m.Seq;
            if (m.Key == key) v = vid;
        }
        return v;
    }
}

/// <summary>
/// The base of the RS-Paxos monitors: keeps the settings and the ghost, then lets the subclass check one catalogue
/// property. Assertion messages read <c>[RSP-…] Name: …</c>.
/// </summary>
public abstract class RspMonitor : Monitor
{
    /// <summary>The run's settings.</summary>
    protected RspSettings S { get; private set; } = null!;
    /// <summary>The ghost.</summary>
    protected RspGhost G { get; } = new();

    /// <summary>Updates the ghost, then checks.</summary>
    protected void OnObservation(Monitor.Event e)
    {
        var body = ((RspObservation)e).Body;
        if (body is ObsConfig c) { S = c.Settings; return; }
        G.Update(body, S.P);
        Check(body);
    }

    /// <summary>Checks the property after an observation (the ghost already updated).</summary>
    protected abstract void Check(object observation);

    /// <summary>Fails the run with the message (built only on failure).</summary>
    protected void Require(bool ok, Func<string> message)
    {
        if (!ok) Assert(false, "{0}", message());
    }

    /// <summary>The bytes proposed under a vid are these (a NoOp or READMARK has none).</summary>
    protected bool SameValue(RspVid vid, byte[] value) =>
        G.Proposed.TryGetValue(vid, out var p) && (p.Value ?? []).AsSpan().SequenceEqual(value);
}

/// <summary>RSP-S1 Agreement (TLA+ AgreementInv, brief §6.1 S1): at most one vid is chosen per instance.</summary>
public sealed class AgreementMonitor : RspMonitor
{
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsAccept a && G.Chosen.TryGetValue(a.Slot, out var c))
            Require(c.Count <= 1, () => $"[RSP-S1] Agreement: two values chosen in instance {a.Slot}: {string.Join(" and ", c.Keys.Select(v => $"{v} ({G.Proposed.GetValueOrDefault(v)?.Meta})"))}");
    }
}

/// <summary>RSP-S2 Validity (TLA+ ValidityInv, brief §6.1 S2): a chosen vid was proposed, and every value rebuilt from shares is the value proposed under its vid (never a garbage decode).</summary>
public sealed class ValidityMonitor : RspMonitor
{
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsAccept a when G.Chosen.TryGetValue(a.Slot, out var c) && c.ContainsKey(a.Vid):
                Require(G.Proposed.ContainsKey(a.Vid), () => $"[RSP-S2] Validity: {a.Vid} is chosen in instance {a.Slot} but was never proposed");
                break;
            case ObsDecoded d:
                Require(SameValue(d.Vid, d.Value), () => $"[RSP-S2] Validity: server {d.R} rebuilt {d.Value.Length} bytes for {d.Vid} that are not its value (a garbage decode)");
                break;
            case ObsRecovered r:
                Require(SameValue(r.Vid, r.Value), () => $"[RSP-S2] Validity: server {r.R} rebuilt {r.Value.Length} bytes for {r.Vid} that are not its value (a garbage decode)");
                break;
        }
    }
}

/// <summary>RSP-S3 Learned implies chosen (TLA+ LearnedChosenInv, brief §6.1 S3): a server holds an instance decided only with its chosen vid.</summary>
public sealed class LearnedChosenMonitor : RspMonitor
{
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsDecided d)
            Require(G.Chosen.TryGetValue(d.Slot, out var c) && c.ContainsKey(d.Vid), () => $"[RSP-S3] LearnedChosen: server {d.R} decided {d.Vid} in instance {d.Slot}, which is not chosen there");
    }
}

/// <summary>RSP-S4 Stability (TLA+ LearnedStableProp, brief §6.1 S4): a server never decides an instance with another vid, also after a crash and a restart.</summary>
public sealed class LearnedStableMonitor : RspMonitor
{
    private readonly Dictionary<(int R, int Slot), RspVid> _decided = [];
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsDecided d || _decided.TryAdd((d.R, d.Slot), d.Vid)) return;
        var was = _decided[(d.R, d.Slot)];
        Require(was == d.Vid, () => $"[RSP-S4] LearnedStable: server {d.R} decided instance {d.Slot} with {was}, later with {d.Vid}");
    }
}

/// <summary>RSP-S5 Share stability (TLA+ ShareStabilityInv, brief §6.1 S5): once a vid is chosen at ballot c in an instance, every entry accepted there at a ballot ≥ c has that vid.</summary>
public sealed class ShareStabilityMonitor : RspMonitor
{
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsAccept a || !G.Chosen.TryGetValue(a.Slot, out var c)) return;
        foreach (var (vid, bal) in c)
            Require(a.Bal < bal || a.Vid == vid, () => $"[RSP-S5] ShareStability: acceptor {a.Acc} accepted {a.Vid} at ballot {a.Bal} in instance {a.Slot}, where {vid} was chosen at ballot {bal}");
    }
}

/// <summary>
/// RSP-S6 Recoverability (TLA+ RecoverableInv, brief §6.1 S6): a vid chosen at ballot c is held at a ballot ≥ c by at
/// least QW acceptors, and every QR acceptors hold X of its shares (|Holders| − (N − QR) ≥ X). Checked after every
/// durable accept and every log truncation (M13); durable holders only, so a share kept in an unflushed store does not count.
/// </summary>
public sealed class RecoverableMonitor : RspMonitor
{
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not (ObsAccept or ObsTruncate)) return;
        foreach (var (s, c) in G.Chosen)
            foreach (var (vid, bal) in c)
            {
                int h = G.Holders(s, vid, bal);
                Require(h >= S.P.QW && h - (S.P.N - S.P.QR) >= S.P.X,
                    () => $"[RSP-S6] Recoverable: {vid}, chosen in instance {s} at ballot {bal}, is held by {h} acceptors: some {S.P.QR} acceptors hold only {h - (S.P.N - S.P.QR)} of its shares, fewer than X = {S.P.X}");
            }
    }
}

/// <summary>RSP-S8 Share-index integrity (brief §6.1 S8): acceptor a stores share index a, and its bytes are share a of the vid's value.</summary>
public sealed class ShareIndexIntegrityMonitor : RspMonitor
{
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsAccept a) CheckShare(a.Acc, a.Slot, a.Vid, a.Share, "stored");
        else if (o is ObsLearnedShare l) CheckShare(l.Acc, l.Slot, l.Vid, l.Share, "installed as a catch-up share");
    }

    private void CheckShare(int acc, int slot, RspVid vid, RspShare share, string what)
    {
        Require(share.Idx == acc, () => $"[RSP-S8] ShareIndexIntegrity: acceptor {acc} {what} share index {share.Idx} of {vid} in instance {slot}");
        if (G.Proposed.TryGetValue(vid, out var p) && p.Value is { } v)
            Require(S.P.Codec().Encode(v)[acc].AsSpan().SequenceEqual(share.Bytes), () => $"[RSP-S8] ShareIndexIntegrity: acceptor {acc} {what} bytes that are not share {acc} of {vid}");
    }
}

/// <summary>RSP-S10 One value per ballot (TLA+ OneValuePerBallotInv): a leader sends one vid per (instance, ballot).</summary>
public sealed class OneValuePerBallotMonitor : RspMonitor
{
    private readonly Dictionary<(int Slot, int Bal), RspVid> _sent = [];
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsAcceptSent x || _sent.TryAdd((x.Slot, x.Bal), x.Vid)) return;
        var was = _sent[(x.Slot, x.Bal)];
        Require(was == x.Vid, () => $"[RSP-S10] OneValuePerBallot: instance {x.Slot} ballot {x.Bal} carried {was} and then {x.Vid}");
    }
}

/// <summary>
/// RSP-S11 Log-order execution (brief §6.1 S11): each server applies instances one after the other from 1 (again from 1
/// after a restart), only decided ones, each with its chosen vid, and its store then holds for the key what the chosen
/// prefix gives.
/// </summary>
public sealed class LogOrderMonitor : RspMonitor
{
    private readonly Dictionary<int, int> _applied = [];
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsRestart r: _applied[r.R] = 0; break;
            case ObsApply x:
                int last = _applied.GetValueOrDefault(x.R);
                Require(x.Slot == last + 1, () => $"[RSP-S11] LogOrder: server {x.R} applied instance {x.Slot} after {last}");
                _applied[x.R] = x.Slot;
                Require(G.First.TryGetValue(x.Slot, out var ch) && ch == x.Vid, () => $"[RSP-S11] LogOrder: server {x.R} applied {x.Vid} in instance {x.Slot}, which is not chosen there");
                if (x.Meta.Key < 0) break;
                var want = G.Fold(x.Meta.Key, x.Slot, out var prefix);
                Require(prefix && want == x.KeyVid, () => $"[RSP-S11] LogOrder: after instance {x.Slot} server {x.R} holds {x.KeyVid?.ToString() ?? "nothing"} for key {x.Meta.Key}; the chosen prefix gives {want?.ToString() ?? "nothing"}");
                break;
        }
    }
}

/// <summary>RSP-S13 Recovery-read correctness (brief §6.1 S13): a recovery read of (instance, vid) rebuilds the chosen vid's value.</summary>
public sealed class RecoveryReadCorrectMonitor : RspMonitor
{
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsRecovered r) return;
        Require(G.First.TryGetValue(r.Slot, out var ch) && ch == r.Vid, () => $"[RSP-S13] RecoveryReadCorrect: server {r.R} recovered {r.Vid} for instance {r.Slot}, which is not chosen there");
        Require(SameValue(r.Vid, r.Value), () => $"[RSP-S13] RecoveryReadCorrect: server {r.R} rebuilt {r.Value.Length} bytes for instance {r.Slot}, not the value of {r.Vid} (digest mismatch)");
    }
}

/// <summary>
/// RSP-S12 Linearizable (brief §6.1 S12, the black-box check): the client-visible history (Put of a value, FAST and
/// CONSISTENT Gets, per key) is linearizable for a key-value store, checked with the repository's checker after every
/// response; a pending write may or may not take effect.
/// </summary>
public sealed class LinearizableMonitor : RspMonitor
{
    private readonly KvOpHistory _history = new(RspValues.Init);
    [Start] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Watching : State;

    /// <inheritdoc/>
    protected override void Check(object o)
    {
        string? bad = o switch
        {
            ObsInvoke i => Invoke(i),
            ObsWriteDone w => _history.WriteDone(w.Op),
            ObsReadDone d => _history.ReadDone(d.Op, d.Val),
            _ => null,
        };
        Require(bad is null, () => "[RSP-S12] Linearizable: the history is not linearizable: " + bad);
    }

    private string? Invoke(ObsInvoke i) { _history.Invoke(i.Op, i.Client, i.Write, i.Key, i.Val); return null; }
}

/// <summary>RSP-L2 Write progress (brief §6.2 L2): hot while a write is pending.</summary>
public sealed class WritesTerminateMonitor : Monitor
{
    private readonly HashSet<int> _pending = [];
    [Start] [Cold] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Idle : State;
    [Hot] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Waiting : State;

    private void OnObservation(Monitor.Event e)
    {
        switch (((RspObservation)e).Body)
        {
            case ObsInvoke { Write: true } i: _pending.Add(i.Op); Coverage.Hit("liveness: WritesTerminate watched a write"); break;
            case ObsWriteDone w: _pending.Remove(w.Op); break;
            default: return;
        }
        if (_pending.Count > 0) RaiseGotoStateEvent<Waiting>(); else RaiseGotoStateEvent<Idle>();
    }
}

/// <summary>RSP-L3 Read progress (brief §6.2 L3, L4): hot while a read is pending (a recovery read included).</summary>
public sealed class ReadsTerminateMonitor : Monitor
{
    private readonly HashSet<int> _pending = [];
    [Start] [Cold] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Idle : State;
    [Hot] [OnEventDoAction(typeof(RspObservation), nameof(OnObservation))] private sealed class Waiting : State;

    private void OnObservation(Monitor.Event e)
    {
        switch (((RspObservation)e).Body)
        {
            case ObsInvoke { Write: false } i: _pending.Add(i.Op); Coverage.Hit("liveness: ReadsTerminate watched a read"); break;
            case ObsReadDone d: _pending.Remove(d.Op); break;
            default: return;
        }
        if (_pending.Count > 0) RaiseGotoStateEvent<Waiting>(); else RaiseGotoStateEvent<Idle>();
    }
}

/// <summary>The RS-Paxos monitors (registered by the deployment, fed by the actors' observations).</summary>
public static class RspMonitors
{
    /// <summary>The safety and history monitors, by catalogue name (the C# class is the name + "Monitor").</summary>
    public static readonly IReadOnlyDictionary<string, Type> Safety = new Dictionary<string, Type>
    {
        ["Agreement"] = typeof(AgreementMonitor), ["Validity"] = typeof(ValidityMonitor),
        ["LearnedChosen"] = typeof(LearnedChosenMonitor), ["LearnedStable"] = typeof(LearnedStableMonitor),
        ["ShareStability"] = typeof(ShareStabilityMonitor), ["Recoverable"] = typeof(RecoverableMonitor),
        ["ShareIndexIntegrity"] = typeof(ShareIndexIntegrityMonitor), ["OneValuePerBallot"] = typeof(OneValuePerBallotMonitor),
        ["LogOrder"] = typeof(LogOrderMonitor), ["RecoveryReadCorrect"] = typeof(RecoveryReadCorrectMonitor),
        ["Linearizable"] = typeof(LinearizableMonitor),
    };

    /// <summary>The liveness monitors (registered under the fair strategy).</summary>
    public static readonly IReadOnlyDictionary<string, Type> Liveness = new Dictionary<string, Type>
    {
        ["WritesTerminate"] = typeof(WritesTerminateMonitor), ["ReadsTerminate"] = typeof(ReadsTerminateMonitor),
    };

    /// <summary>Every monitor type.</summary>
    public static readonly Type[] All = [.. Safety.Values, .. Liveness.Values];

    private static readonly Dictionary<Type, Action<IActorRuntime, Monitor.Event>> Registrars = new()
    {
        [typeof(AgreementMonitor)] = Use<AgreementMonitor>, [typeof(ValidityMonitor)] = Use<ValidityMonitor>,
        [typeof(LearnedChosenMonitor)] = Use<LearnedChosenMonitor>, [typeof(LearnedStableMonitor)] = Use<LearnedStableMonitor>,
        [typeof(ShareStabilityMonitor)] = Use<ShareStabilityMonitor>, [typeof(RecoverableMonitor)] = Use<RecoverableMonitor>,
        [typeof(ShareIndexIntegrityMonitor)] = Use<ShareIndexIntegrityMonitor>, [typeof(OneValuePerBallotMonitor)] = Use<OneValuePerBallotMonitor>,
        [typeof(LogOrderMonitor)] = Use<LogOrderMonitor>, [typeof(RecoveryReadCorrectMonitor)] = Use<RecoveryReadCorrectMonitor>,
        [typeof(LinearizableMonitor)] = Use<LinearizableMonitor>,
        [typeof(WritesTerminateMonitor)] = Use<WritesTerminateMonitor>, [typeof(ReadsTerminateMonitor)] = Use<ReadsTerminateMonitor>,
    };

    private static void Use<T>(IActorRuntime rt, Monitor.Event config) where T : Monitor
    {
        rt.RegisterMonitor<T>();
        rt.Monitor<T>(config);
    }

    /// <summary>Registers the monitor named <paramref name="name"/> and hands it the settings.</summary>
    public static void Register(IActorRuntime rt, string name, RspSettings s) =>
        Registrars[Safety.TryGetValue(name, out var x) ? x : Liveness[name]](rt, new RspObservation(new ObsConfig(s)));
}
