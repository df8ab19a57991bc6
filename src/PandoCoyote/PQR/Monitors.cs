using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Histories;
using PandoCoyote.Shared.Testing;
using Monitor = Microsoft.Coyote.Specifications.Monitor;

namespace PandoCoyote.PQR;

// ---------------------------------------------------------------------------------------------------------------
// Observations: what the actors tell the monitors (the ghost of brief PQR §2.5 and the history of §6.2). Each names the
// TLA+ action of specs/PQR.tla it reports; the P twins are the eMon* events of p-models/PQR/PSpec/Observations.p.
// ---------------------------------------------------------------------------------------------------------------

/// <summary>A notification to the PQR monitors; <see cref="Body"/> is one of the records below.</summary>
public sealed class PqrObservation(object body) : Monitor.Event
{
    /// <summary>The observation.</summary>
    public object Body { get; } = body;
}

/// <summary>The run's settings, sent to every monitor before any actor runs.</summary>
public sealed record ObsConfig(PqrSettings Settings);
/// <summary>TLA+ HandleP2a: acceptor <paramref name="Acc"/> voted for <paramref name="Cmd"/> in (slot, ballot).</summary>
public sealed record ObsVote(int Acc, int Slot, int Bal, PqrCmd Cmd);
/// <summary>TLA+ HandleCommit / CommitSlot: replica <paramref name="R"/> marked the slot committed with this command.</summary>
public sealed record ObsCommit(int R, int Slot, PqrCmd Cmd);
/// <summary>TLA+ Execute: replica <paramref name="R"/> executed the slot; <paramref name="Kv"/> is its state after it.</summary>
public sealed record ObsExec(int R, int Slot, PqrCmd Cmd, bool Committed, int[] Kv);
/// <summary>A replica's high-water marks after a change or a restart (TLA+ maxAcc, accK).</summary>
public sealed record ObsHigh(int R, int MaxAcc, int[] AccK);
/// <summary>TLA+ AnswerQRead / AnswerRinse: a reply with the replica's lastExec and its value for the key.</summary>
public sealed record ObsReply(int R, int LastExec, int Key, int Val);
/// <summary>TLA+ Invoke: operation <paramref name="Op"/> (100 × client + opId) began.</summary>
public sealed record ObsInvoke(int Op, int Client, bool Write, int Key, int Val);
/// <summary>TLA+ WriteAcked.</summary>
public sealed record ObsWriteDone(int Op);
/// <summary>TLA+ QuorumRead into Rinsing: the read's target and the phase-1 replies it used.</summary>
public sealed record ObsRinse(int Op, int Target, IReadOnlyList<QReadReply> Replies);
/// <summary>TLA+ Return: the value, the lastExec of the replica it came from, the read's target, whether it rinsed.</summary>
public sealed record ObsReadDone(int Op, int Val, int E, int Target, bool Rinsed);
/// <summary>TLA+ Recover.</summary>
public sealed record ObsRestart(int R);
/// <summary>TLA+ BecomeLeader.</summary>
public sealed record ObsNewLeader(int R, int Bal);

/// <summary>
/// The ghost of brief PQR §6.1–6.2 over what the monitors observe (specs/PQR.tla defines the same: ChosenAt,
/// PrefixChosen, Effective, LastW, ValAt, WSlot). Each monitor keeps its own copy.
/// </summary>
public sealed class PqrGhost
{
    private readonly Dictionary<(int Slot, int Bal, PqrCmd Cmd), HashSet<int>> _votes = [];
    /// <summary>Commands with a phase-2 quorum of votes in one ballot, per slot (more than one only if Agreement is broken).</summary>
    public Dictionary<int, HashSet<PqrCmd>> Chosen { get; } = [];
    /// <summary>The first command recorded as chosen in each slot.</summary>
    public Dictionary<int, PqrCmd> First { get; } = [];
    /// <summary>WSlot: per write, the lowest chosen slot holding its Put (where it takes effect, Effective).</summary>
    public Dictionary<int, int> WSlot { get; } = [];
    /// <summary>The longest fully chosen prefix 1..Top.</summary>
    public int Top { get; private set; }

    /// <summary>Records a vote (q2: the phase-2 quorum size).</summary>
    public void Vote(ObsVote v, int q2)
    {
        var k = (v.Slot, v.Bal, v.Cmd);
        if (!_votes.TryGetValue(k, out var a)) _votes[k] = a = [];
        a.Add(v.Acc);
        if (a.Count < q2) return;
        if (!Chosen.TryGetValue(v.Slot, out var c)) Chosen[v.Slot] = c = [];
        c.Add(v.Cmd);
        if (First.TryAdd(v.Slot, v.Cmd))
        {
            if (v.Cmd.IsPut && (!WSlot.TryGetValue(v.Cmd.Op, out var w) || v.Slot < w)) WSlot[v.Cmd.Op] = v.Slot;
            while (First.ContainsKey(Top + 1)) Top++;
        }
    }

    /// <summary>TLA+ ChosenAt(s, c).</summary>
    public bool ChosenAt(int s, PqrCmd c) => Chosen.TryGetValue(s, out var x) && x.Contains(c);

    /// <summary>LastW(k, e): the last effective write to k in 1..e (0: none).</summary>
    public int LastW(int k, int e)
    {
        for (int s = e; s > 0; s--)
            if (First.TryGetValue(s, out var c) && c.IsPut && c.Key == k && WSlot[c.Op] == s) return s;
        return 0;
    }

    /// <summary>ValAt(k, e): the value of k after the chosen prefix 1..e.</summary>
    public int ValAt(int k, int e) => LastW(k, e) is var s and > 0 ? First[s].Val : PqrValues.Init;

    /// <summary>rf of a read returning <paramref name="val"/> on key k: 0 for InitVal, the slot of the write that takes effect in the chosen prefix with that value, −1 if none (PQR-L1).</summary>
    public int ReadFrom(int k, int val)
    {
        int rf = val == PqrValues.Init ? 0 : -1;
        for (int s = 1; s <= Top; s++)
            if (First[s] is { IsPut: true } c && c.Key == k && c.Val == val && WSlot[c.Op] == s) rf = s;
        return rf;
    }
}

/// <summary>One operation of the §6.2 history: invocation and return times, a read's floor and rf.</summary>
public sealed class PqrOpRecord(bool write, int key, int val, int inv, int floor)
{
    /// <summary>A write (true) or a read.</summary>
    public bool Write { get; } = write;
    /// <summary>The key.</summary>
    public int Key { get; } = key;
    /// <summary>A write's value, or the value a read returned.</summary>
    public int Val { get; set; } = val;
    /// <summary>Invocation time on the monitor's clock.</summary>
    public int Inv { get; } = inv;
    /// <summary>Return time (0: pending).</summary>
    public int Ret { get; set; }
    /// <summary>A read's floor: the latest slot of a write to its key completed before it began.</summary>
    public int Floor { get; } = floor;
    /// <summary>A read's rf (<see cref="PqrGhost.ReadFrom"/>).</summary>
    public int Rf { get; set; }
}

/// <summary>
/// The base of the PQR monitors: keeps the settings, the ghost and the history, then lets the subclass check one
/// catalogue property. Assertion messages read <c>[PQR-…] Name: …</c>.
/// </summary>
public abstract class PqrMonitor : Monitor
{
    /// <summary>The run's settings.</summary>
    protected PqrSettings S { get; private set; } = null!;
    /// <summary>The ghost.</summary>
    protected PqrGhost G { get; } = new();
    /// <summary>The history, by operation.</summary>
    protected Dictionary<int, PqrOpRecord> Ops { get; } = [];
    private int _now;

    /// <summary>Updates the ghost and history, then checks.</summary>
    protected void OnObservation(Monitor.Event e)
    {
        var body = ((PqrObservation)e).Body;
        switch (body)
        {
            case ObsConfig c: S = c.Settings; break;
            case ObsVote v: G.Vote(v, S.P.Q2); break;
            case ObsInvoke i:
                int floor = i.Write ? 0 : Ops.Where(o => o.Value.Write && o.Value.Ret > 0 && o.Value.Key == i.Key && G.WSlot.ContainsKey(o.Key))
                    .Select(o => G.WSlot[o.Key]).DefaultIfEmpty(0).Max();
                Ops[i.Op] = new PqrOpRecord(i.Write, i.Key, i.Val, ++_now, floor);
                break;
            case ObsWriteDone w: Ops[w.Op].Ret = ++_now; break;
            case ObsReadDone d:
                var r = Ops[d.Op];
                r.Ret = ++_now; r.Val = d.Val; r.Rf = G.ReadFrom(r.Key, d.Val);
                break;
        }
        Check(body);
    }

    /// <summary>Checks the property after an observation (ghost and history already updated).</summary>
    protected abstract void Check(object observation);

    /// <summary>o1 completed before o2 was invoked.</summary>
    protected bool Prec(int o1, int o2) => Ops[o1].Ret > 0 && Ops[o1].Ret < Ops[o2].Inv;

    /// <summary>Fails the run with the message (built only on failure).</summary>
    protected void Require(bool ok, Func<string> message)
    {
        if (!ok) Assert(false, "{0}", message());
    }
}

/// <summary>PQR-S1 Agreement (TLA+ AgreementInv, brief §6.1): at most one command is chosen in each slot.</summary>
public sealed class AgreementMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsVote v && G.Chosen.TryGetValue(v.Slot, out var c))
            Require(c.Count <= 1, () => $"[PQR-S1] Agreement: two commands chosen in slot {v.Slot}: {string.Join(" and ", c)}");
    }
}

/// <summary>PQR-S2 Commit soundness (TLA+ CommitSoundInv): a committed entry holds the slot's chosen command.</summary>
public sealed class CommitSoundMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsCommit m)
            Require(G.ChosenAt(m.Slot, m.Cmd), () => $"[PQR-S2] CommitSound: replica {m.R} committed {m.Cmd} in slot {m.Slot}, which is not chosen there");
    }
}

/// <summary>PQR-S3 Committed entries agree (TLA+ CommittedAgreeInv): two replicas that committed a slot hold one command.</summary>
public sealed class CommittedAgreeMonitor : PqrMonitor
{
    private readonly Dictionary<int, PqrCmd> _first = [];
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsCommit m || _first.TryAdd(m.Slot, m.Cmd)) return;
        Require(_first[m.Slot] == m.Cmd, () => $"[PQR-S3] CommittedAgree: replica {m.R} committed {m.Cmd} in slot {m.Slot}, another replica {_first[m.Slot]}");
    }
}

/// <summary>PQR-S4 Execution soundness (TLA+ ExecSoundInv): the executed prefix is chosen and the key-value state is that prefix's, a retried write applied once.</summary>
public sealed class ExecSoundMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsExec x) return;
        Require(G.Top >= x.Slot, () => $"[PQR-S4] ExecSound: replica {x.R} executed slot {x.Slot}, but the chosen prefix ends at {G.Top}");
        for (int k = 0; k < x.Kv.Length; k++)
            Require(x.Kv[k] == G.ValAt(k, x.Slot), () => $"[PQR-S4] ExecSound: replica {x.R} after slot {x.Slot} holds {x.Kv[k]} for key {k}; the chosen prefix gives {G.ValAt(k, x.Slot)}");
    }
}

/// <summary>PQR-S5 Execution only over committed entries (TLA+ ExecImpliesCommittedInv).</summary>
public sealed class ExecImpliesCommittedMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsExec x) Require(x.Committed, () => $"[PQR-S5] ExecImpliesCommitted: replica {x.R} executed slot {x.Slot} before it was committed there");
    }
}

/// <summary>PQR-S6 High-water marks cover votes (TLA+ HighWaterSoundInv): maxAcc, and accK for a Put's key, are at least every slot the replica voted for.</summary>
public sealed class HighWaterSoundMonitor : PqrMonitor
{
    private readonly Dictionary<int, ObsHigh> _high = [];
    private readonly Dictionary<int, int> _voted = [];
    private readonly Dictionary<(int R, int Key), int> _votedK = [];
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        int r;
        switch (o)
        {
            case ObsHigh h: _high[h.R] = h; r = h.R; break;
            case ObsVote v:
                r = v.Acc;
                _voted[r] = Math.Max(_voted.GetValueOrDefault(r), v.Slot);
                if (v.Cmd.IsPut) _votedK[(r, v.Cmd.Key)] = Math.Max(_votedK.GetValueOrDefault((r, v.Cmd.Key)), v.Slot);
                break;
            default: return;
        }
        if (!_voted.TryGetValue(r, out var top) || !_high.TryGetValue(r, out var high)) return;
        Require(high.MaxAcc >= top, () => $"[PQR-S6] HighWaterSound: replica {r} voted for slot {top} but its maxAcc is {high.MaxAcc}");
        foreach (var ((rr, k), s) in _votedK)
            if (rr == r) Require(high.AccK[k] >= s, () => $"[PQR-S6] HighWaterSound: replica {r} voted for a write to key {k} in slot {s} but its accK is {high.AccK[k]}");
    }
}

/// <summary>PQR-S7 High-water marks never decrease (TLA+ HighWaterMonotoneProp), across restarts too.</summary>
public sealed class HighWaterMonotoneMonitor : PqrMonitor
{
    private readonly Dictionary<int, ObsHigh> _high = [];
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsHigh h) return;
        if (_high.TryGetValue(h.R, out var was))
        {
            Require(h.MaxAcc >= was.MaxAcc, () => $"[PQR-S7] HighWaterMonotone: replica {h.R}'s maxAcc went from {was.MaxAcc} to {h.MaxAcc}");
            for (int k = 0; k < h.AccK.Length; k++)
                Require(h.AccK[k] >= was.AccK[k], () => $"[PQR-S7] HighWaterMonotone: replica {h.R}'s accK for key {k} went from {was.AccK[k]} to {h.AccK[k]}");
        }
        _high[h.R] = h;
    }
}

/// <summary>
/// PQR-S8 Chosen slots are visible to every read quorum (TLA+ ChosenVisibleToReadQuorumsInv, the key lemma from
/// RQ + Q2 &gt; N): for the highest chosen slot s, fewer than RQ replicas have maxAcc &lt; s.
/// </summary>
public sealed class ChosenVisibleToReadQuorumsMonitor : PqrMonitor
{
    private readonly Dictionary<int, int> _maxAcc = [];
    private int _top;
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        switch (o)
        {
            case ObsHigh h: _maxAcc[h.R] = h.MaxAcc; break;
            case ObsVote v when G.Chosen.ContainsKey(v.Slot): _top = Math.Max(_top, v.Slot); break;
            default: return;
        }
        var blind = Enumerable.Range(0, S.P.N).Where(r => _maxAcc.GetValueOrDefault(r) < _top).ToList();
        Require(blind.Count < S.P.Rq, () => $"[PQR-S8] ChosenVisibleToReadQuorums: slot {_top} is chosen but replicas {string.Join(", ", blind)} (at least RQ = {S.P.Rq}) report a lower maxAcc");
    }
}

/// <summary>PQR-L1 Reads return a committed prefix (TLA+ ReadFromCommittedPrefixInv): some fully chosen prefix gives the key the returned value when the read returns.</summary>
public sealed class ReadFromCommittedPrefixMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsReadDone d)
            Require(Ops[d.Op].Rf >= 0, () => $"[PQR-L1] ReadFromCommittedPrefix: read {d.Op} returned {d.Val} for key {Ops[d.Op].Key}, which no fully chosen prefix holds");
    }
}

/// <summary>PQR-L2 Reads see completed writes (TLA+ ReadSeesCompletedWritesInv): a read returns the last write on its key completed before it began, or a later one.</summary>
public sealed class ReadSeesCompletedWritesMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsReadDone d) return;
        var r = Ops[d.Op];
        Require(r.Rf >= r.Floor, () => $"[PQR-L2] ReadSeesCompletedWrites: read {d.Op} returned {d.Val} (slot {r.Rf}) for key {r.Key}, older than the write in slot {r.Floor} completed before it began");
    }
}

/// <summary>PQR-L3 Reads are monotonic (TLA+ ReadMonotonicInv): a read never returns an older write than a read on its key that completed before it began.</summary>
public sealed class ReadMonotonicMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsReadDone d) return;
        var r = Ops[d.Op];
        foreach (var (op, x) in Ops)
            if (!x.Write && x.Key == r.Key && Prec(op, d.Op))
                Require(x.Rf <= r.Rf, () => $"[PQR-L3] ReadMonotonic: read {d.Op} returned slot {r.Rf}'s write on key {r.Key}, older than slot {x.Rf} returned by read {op}, which completed before it began");
    }
}

/// <summary>PQR-L4 Write order respects real time (TLA+ WriteRealTimeOrderInv): a write invoked after another completed takes effect in a later slot.</summary>
public sealed class WriteRealTimeOrderMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not (ObsVote or ObsWriteDone)) return;
        foreach (var (w2, b) in Ops.Where(x => x.Value.Write))
        {
            if (!G.WSlot.TryGetValue(w2, out var s2)) continue;
            foreach (var (w1, _) in Ops.Where(x => x.Value.Write && Prec(x.Key, w2)))
            {
                int s1 = G.WSlot.GetValueOrDefault(w1);
                Require(s1 != 0 && s1 < s2, () => $"[PQR-L4] WriteRealTimeOrder: write {w2} (slot {s2}) began after write {w1} (slot {s1}) completed");
            }
        }
    }
}

/// <summary>PQR-I1 Replies carry executed state (TLA+ ReplySoundInv): a QRead or Rinse reply's lastExec names a chosen prefix and its value is that prefix's value for the key.</summary>
public sealed class ReplySoundMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsReply m)
            Require(G.Top >= m.LastExec && m.Val == G.ValAt(m.Key, m.LastExec),
                () => $"[PQR-I1] ReplySound: replica {m.R} replied value {m.Val} for key {m.Key} at lastExec {m.LastExec}; the chosen prefix (to {G.Top}) gives {G.ValAt(m.Key, m.LastExec)}");
    }
}

/// <summary>PQR-I2 The rinse target covers the floor (TLA+ TargetCoversFloorInv).</summary>
public sealed class TargetCoversFloorMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsRinse r)
            Require(r.Target >= Ops[r.Op].Floor, () => $"[PQR-I2] TargetCoversFloor: read {r.Op} rinses on slot {r.Target}, below slot {Ops[r.Op].Floor} of a write completed before it began");
    }
}

/// <summary>PQR-I3 Quiescent reads take one round trip (TLA+ QuiescentReadsAreOneRTTInv): with rinse-free reads on, a read rinses only if a reply showed accepted but unexecuted work.</summary>
public sealed class QuiescentReadsAreOneRTTMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is not ObsRinse r || !S.RinseFree) return;
        bool busy = r.Replies.Any(m => S.PerKey ? m.AccK > m.ExeK : m.MaxAcc > m.LastExec);
        Require(busy, () => $"[PQR-I3] QuiescentReadsAreOneRTT: read {r.Op} rinses although every reply of its quorum was caught up");
    }
}

/// <summary>PQR-I4 Reads return from a replica past the target (TLA+ ReadNotBelowTargetInv).</summary>
public sealed class ReadNotBelowTargetMonitor : PqrMonitor
{
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;
    /// <inheritdoc/>
    protected override void Check(object o)
    {
        if (o is ObsReadDone d)
            Require(d.E >= d.Target, () => $"[PQR-I4] ReadNotBelowTarget: read {d.Op} returned a value from a replica executed through slot {d.E}, below its target {d.Target}");
    }
}

/// <summary>
/// PQR-LIN Linearizable (brief §6.3, the black-box check): the client-visible history (Put of a value, Get returning a
/// value, per key) is linearizable for a key-value store, checked with the repository's checker after every response;
/// a pending write may or may not take effect. It uses no protocol internals, so it validates the ghost encoding.
/// </summary>
public sealed class LinearizableMonitor : PqrMonitor
{
    private readonly KvOpHistory _history = new(PqrValues.Init);
    [Start] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Watching : State;

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
        Require(bad is null, () => "[PQR-LIN] Linearizable: the history is not linearizable: " + bad);
    }

    private string? Invoke(ObsInvoke i) { _history.Invoke(i.Op, i.Client, i.Write, i.Key, i.Val); return null; }
}

/// <summary>PQR-T1 Writes terminate (brief §6.5, TLA+ WritesTerminateProp): hot while a write is pending.</summary>
public sealed class WritesTerminateMonitor : Monitor
{
    private readonly HashSet<int> _pending = [];
    [Start] [Cold] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Idle : State;
    [Hot] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Waiting : State;

    private void OnObservation(Monitor.Event e)
    {
        switch (((PqrObservation)e).Body)
        {
            case ObsInvoke { Write: true } i: _pending.Add(i.Op); Coverage.Hit("liveness: WritesTerminate watched a write"); break;
            case ObsWriteDone w: _pending.Remove(w.Op); break;
            default: return;
        }
        if (_pending.Count > 0) RaiseGotoStateEvent<Waiting>(); else RaiseGotoStateEvent<Idle>();
    }
}

/// <summary>PQR-T2 Reads terminate (brief §6.5, TLA+ ReadsTerminateProp): hot while a read is pending.</summary>
public sealed class ReadsTerminateMonitor : Monitor
{
    private readonly HashSet<int> _pending = [];
    [Start] [Cold] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Idle : State;
    [Hot] [OnEventDoAction(typeof(PqrObservation), nameof(OnObservation))] private sealed class Waiting : State;

    private void OnObservation(Monitor.Event e)
    {
        switch (((PqrObservation)e).Body)
        {
            case ObsInvoke { Write: false } i: _pending.Add(i.Op); Coverage.Hit("liveness: ReadsTerminate watched a read"); break;
            case ObsReadDone d: _pending.Remove(d.Op); break;
            default: return;
        }
        if (_pending.Count > 0) RaiseGotoStateEvent<Waiting>(); else RaiseGotoStateEvent<Idle>();
    }
}

/// <summary>The PQR monitors (registered by the deployment, fed by the actors' observations).</summary>
public static class PqrMonitors
{
    /// <summary>The safety and history monitors, by catalogue name (the C# class is the name + "Monitor").</summary>
    public static readonly IReadOnlyDictionary<string, Type> Safety = new Dictionary<string, Type>
    {
        ["Agreement"] = typeof(AgreementMonitor), ["CommitSound"] = typeof(CommitSoundMonitor),
        ["CommittedAgree"] = typeof(CommittedAgreeMonitor), ["ExecSound"] = typeof(ExecSoundMonitor),
        ["ExecImpliesCommitted"] = typeof(ExecImpliesCommittedMonitor), ["HighWaterSound"] = typeof(HighWaterSoundMonitor),
        ["HighWaterMonotone"] = typeof(HighWaterMonotoneMonitor), ["ChosenVisibleToReadQuorums"] = typeof(ChosenVisibleToReadQuorumsMonitor),
        ["ReadFromCommittedPrefix"] = typeof(ReadFromCommittedPrefixMonitor), ["ReadSeesCompletedWrites"] = typeof(ReadSeesCompletedWritesMonitor),
        ["ReadMonotonic"] = typeof(ReadMonotonicMonitor), ["WriteRealTimeOrder"] = typeof(WriteRealTimeOrderMonitor),
        ["ReplySound"] = typeof(ReplySoundMonitor), ["TargetCoversFloor"] = typeof(TargetCoversFloorMonitor),
        ["QuiescentReadsAreOneRTT"] = typeof(QuiescentReadsAreOneRTTMonitor), ["ReadNotBelowTarget"] = typeof(ReadNotBelowTargetMonitor),
        ["Linearizable"] = typeof(LinearizableMonitor),
    };

    /// <summary>The liveness monitors (registered under the fair strategy).</summary>
    public static readonly IReadOnlyDictionary<string, Type> Liveness = new Dictionary<string, Type>
    {
        ["WritesTerminate"] = typeof(WritesTerminateMonitor), ["ReadsTerminate"] = typeof(ReadsTerminateMonitor),
    };

    /// <summary>Every monitor type.</summary>
    public static readonly Type[] All = [.. Safety.Values, .. Liveness.Values];

    /// <summary>The PQR-specific read monitors that do not apply to the baselines (they describe the quorum read's phases).</summary>
    public static readonly string[] PqrReadOnly = ["TargetCoversFloor", "QuiescentReadsAreOneRTT", "ReadNotBelowTarget"];

    private static readonly Dictionary<Type, Action<IActorRuntime, Monitor.Event>> Registrars = new()
    {
        [typeof(AgreementMonitor)] = Use<AgreementMonitor>, [typeof(CommitSoundMonitor)] = Use<CommitSoundMonitor>,
        [typeof(CommittedAgreeMonitor)] = Use<CommittedAgreeMonitor>, [typeof(ExecSoundMonitor)] = Use<ExecSoundMonitor>,
        [typeof(ExecImpliesCommittedMonitor)] = Use<ExecImpliesCommittedMonitor>, [typeof(HighWaterSoundMonitor)] = Use<HighWaterSoundMonitor>,
        [typeof(HighWaterMonotoneMonitor)] = Use<HighWaterMonotoneMonitor>, [typeof(ChosenVisibleToReadQuorumsMonitor)] = Use<ChosenVisibleToReadQuorumsMonitor>,
        [typeof(ReadFromCommittedPrefixMonitor)] = Use<ReadFromCommittedPrefixMonitor>, [typeof(ReadSeesCompletedWritesMonitor)] = Use<ReadSeesCompletedWritesMonitor>,
        [typeof(ReadMonotonicMonitor)] = Use<ReadMonotonicMonitor>, [typeof(WriteRealTimeOrderMonitor)] = Use<WriteRealTimeOrderMonitor>,
        [typeof(ReplySoundMonitor)] = Use<ReplySoundMonitor>, [typeof(TargetCoversFloorMonitor)] = Use<TargetCoversFloorMonitor>,
        [typeof(QuiescentReadsAreOneRTTMonitor)] = Use<QuiescentReadsAreOneRTTMonitor>, [typeof(ReadNotBelowTargetMonitor)] = Use<ReadNotBelowTargetMonitor>,
        [typeof(LinearizableMonitor)] = Use<LinearizableMonitor>, [typeof(WritesTerminateMonitor)] = Use<WritesTerminateMonitor>,
        [typeof(ReadsTerminateMonitor)] = Use<ReadsTerminateMonitor>,
    };

    private static void Use<T>(IActorRuntime rt, Monitor.Event config) where T : Monitor
    {
        rt.RegisterMonitor<T>();
        rt.Monitor<T>(config);
    }

    /// <summary>Registers the monitor named <paramref name="name"/> and hands it the settings.</summary>
    public static void Register(IActorRuntime rt, string name, PqrSettings s) =>
        Registrars[Safety.TryGetValue(name, out var x) ? x : Liveness[name]](rt, new PqrObservation(new ObsConfig(s)));
}
