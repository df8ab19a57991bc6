using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.PQR;

/// <summary>
/// A PQR client (brief PQR §2.3, §4.2 "Client write", §4.3–4.5): runs its script one operation at a time. Writes go
/// to the leader it believes in. PQR reads are client-driven: a quorum read of RQ replies (phase 1), then, unless a
/// rinse-free rule allows an immediate return, a rinse at one replica until it has executed through the target slot
/// (phase 2). Each handler names the TLA+ action of <c>specs/PQR.tla</c> it mirrors; the P twin is
/// <c>p-models/PQR/PSrc/Client.p</c>.
/// <para>
/// With timers (<see cref="PqrSettings.Resend"/>) the client resends on a timeout: a write to its leader hint or a
/// random replica, a quorum read to every replica, a rinse to a random replica together with FillTo to every replica
/// (only a leader acts on it, §4.7.3). Without timers (the liveness runs) the rinse and FillTo go at once to every
/// replica that answered phase 1. The baselines of §4.9 send reads to the leader like writes.
/// </para>
/// </summary>
[OnEventDoAction(typeof(PqrMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
public sealed class Client : PqrActor<ClientInit>
{
    private enum Stage { Idle, Requesting, QReading, Rinsing }

    private PqrSettings _s = null!;
    private int _id, _next, _opId, _leaderHint, _target, _captured;
    private PqrOp _cur = null!;
    private Stage _stage;
    private readonly Dictionary<int, QReadReply> _replies = [];

    /// <inheritdoc/>
    protected override ActorId NetOf(ClientInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize()
    {
        _s = Init.Settings;
        _id = Init.Id;
        NextOp();
    }

    private int Op => 100 * _id + _opId;
    private int Val => _cur.Write ? 10 * _id + _opId : 0;
    private PqrCmd Cmd => new(_cur.Write ? PqrCmdKind.Put : PqrCmdKind.Get, _id, _opId, _cur.Key, Val);
    private void Send(int replica, object body) => SendMsg(Init.Replicas[replica], body);

    /// <summary>TLA+ Invoke: the next operation of the script.</summary>
    private void NextOp()
    {
        if (_next >= Init.Script.Count) { _stage = Stage.Idle; return; }
        _cur = Init.Script[_next++];
        _opId++;
        Observe(new ObsInvoke(Op, _id, _cur.Write, _cur.Key, Val));
        if (_cur.Write || _s.ReadMode != PqrReadMode.Pqr)
        {
            _stage = Stage.Requesting;
            _target = 0;
            Send(_leaderHint, new ClientRequest(Id, Cmd));
        }
        else
        {
            _stage = Stage.QReading;
            _replies.Clear();
            SendQReads();
        }
        ArmTimer();
    }

    private void ArmTimer() { if (_s.Resend) StartTimer(); }

    private void OnMsg(Event e)
    {
        switch (((PqrMsg)e).Body)
        {
            case ClientReply m when _stage == Stage.Requesting && m.OpId == _opId: Done(m); break;
            case Redirect m when _stage == Stage.Requesting && m.OpId == _opId:
                Coverage.Hit("pqr: client redirected");
                _leaderHint = m.Hint;
                if (m.Hint != m.From) Send(m.Hint, new ClientRequest(Id, Cmd));
                break;
            case QReadReply m when _stage == Stage.QReading: OnQReadReply(m); break;
            case RinseReply m when _stage == Stage.Rinsing: OnRinseReply(m); break;
        }
    }

    /// <summary>TLA+ WriteAcked (and, for the baselines, the leader's answer to a read).</summary>
    private void Done(ClientReply m)
    {
        if (_cur.Write)
        {
            Observe(new ObsWriteDone(Op));
            Coverage.Hit("pqr: a write completed");
        }
        else Return(m.Val, m.Slot, false);
        NextOp();
    }

    private void OnTimeout(Event e)
    {
        if (((NetTimeout)e).Id != CurrentTimer) return;
        switch (_stage)
        {
            case Stage.Requesting:
                if (RandomBoolean()) _leaderHint = RandomInteger(_s.P.N);
                Send(_leaderHint, new ClientRequest(Id, Cmd));
                break;
            case Stage.QReading:
                for (int r = 0; r < _s.P.N; r++) Send(r, new QRead(Id, _opId, _cur.Key));
                break;
            case Stage.Rinsing:
                // A rinse timeout: try another replica, and (TLA+ AskFill) ask the leader to fill up to T.
                SendRinse(RandomInteger(_s.P.N));
                if (_s.UseFillTo) for (int r = 0; r < _s.P.N; r++) Send(r, new FillTo(_target));
                break;
            default: return;
        }
        ArmTimer();
    }

    // ------------------------------------------------------------------ phase 1 (§4.3)

    /// <summary>
    /// §4.3: RQ replicas picked at random among those other than the leader the client believes in (the paper reads from
    /// followers to spare the leader), or, half of the time, every replica (late replies then exist, which M9 needs).
    /// Without timers always every replica: a QRead to a replica that is down would never be retried.
    /// </summary>
    private void SendQReads()
    {
        bool all = !_s.Thrifty && (!_s.Resend || RandomBoolean());
        if (all || _s.P.Rq > _s.P.N - 1)
        {
            for (int r = 0; r < _s.P.N; r++) Send(r, new QRead(Id, _opId, _cur.Key));
            return;
        }
        var cand = Enumerable.Range(0, _s.P.N).Where(r => r != _leaderHint).ToList();
        for (int i = 0; i < _s.P.Rq; i++)
        {
            int j = RandomInteger(cand.Count);
            Send(cand[j], new QRead(Id, _opId, _cur.Key));
            cand.RemoveAt(j);
        }
    }

    /// <summary>TLA+ QuorumRead, once RQ replies of this read (M9: of any read of this key) arrived.</summary>
    private void OnQReadReply(QReadReply m)
    {
        if (m.Key != _cur.Key || !(m.OpId == _opId || _s.Mutant == PqrMutant.M9StaleReplies)) return;
        if (m.OpId != _opId) Coverage.Hit("pqr: M9 took a stale reply");
        _replies[m.From] = m;
        if (_replies.Count < _s.P.Rq) return;
        var replies = _replies.Values.ToList();
        _target = ReadTarget(replies);
        var quick = QuickReturn(replies, _target);
        if (quick.Count > 0)
        {
            var top = quick[RandomInteger(quick.Count)];
            Return(top.Val, top.LastExec, false);
            NextOp();
            return;
        }
        _captured = replies.MaxBy(x => x.MaxAcc)!.Val;
        Observe(new ObsRinse(Op, _target, replies));
        _stage = Stage.Rinsing;
        if (_s.Resend)
        {
            SendRinse(RandomInteger(_s.P.N));
            ArmTimer();
        }
        else if (_s.Thrifty)
            SendRinse(_replies.Keys.ElementAt(RandomInteger(_replies.Count)));   // the message-count runs: one rinse, no faults
        else
        {
            foreach (var r in _replies.Keys) SendRinse(r);
            if (_s.UseFillTo) for (int r = 0; r < _s.P.N; r++) Send(r, new FillTo(_target));
        }
    }

    /// <summary>TLA+ ReadTarget: the highest reported maxAcc (PerKey: accK); M4: the lowest maxAcc.</summary>
    private int ReadTarget(List<QReadReply> r) =>
        _s.Mutant == PqrMutant.M4MinTarget ? r.Min(x => x.MaxAcc) : _s.PerKey ? Math.Max(0, r.Max(x => x.AccK)) : Math.Max(0, r.Max(x => x.MaxAcc));

    /// <summary>TLA+ QuickReturn: the replies a read may return from at once (M1: the top reply; M2: the highest lastExec; M8: any caught-up reply; MA: none).</summary>
    private List<QReadReply> QuickReturn(List<QReadReply> r, int t)
    {
        switch (_s.Mutant)
        {
            case PqrMutant.M1BareQuorumRead: return [r.MaxBy(x => x.MaxAcc)!];
            case PqrMutant.M2NaiveCommitted: return [r.MaxBy(x => x.LastExec)!];
            case PqrMutant.M8WeakGuard: return r.Where(x => x.MaxAcc == x.LastExec).ToList();
        }
        if (!_s.RinseFree || _s.Mutant == PqrMutant.MAAlwaysRinse) return [];
        var quick = r.Where(x => x.LastExec >= t).ToList();
        if (_s.PerKey && r.All(x => !x.Busy)) quick.Add(r.MaxBy(x => x.ExeK)!);
        return quick;
    }

    // ------------------------------------------------------------------ phase 2 (§4.4)

    private void SendRinse(int replica) => Send(replica, new Rinse(Id, _opId, _cur.Key, _target));

    /// <summary>TLA+ RinseDone.</summary>
    private void OnRinseReply(RinseReply m)
    {
        if (m.Key != _cur.Key || !(m.OpId == _opId || _s.Mutant == PqrMutant.M9StaleReplies)) return;
        if (!_s.RinseOk(m, _target)) return;
        Return(_s.Mutant == PqrMutant.M6CapturedValue ? _captured : m.Val, m.LastExec, true);
        NextOp();
    }

    /// <summary>TLA+ Return: tell the monitors (value, the replica's lastExec, the target, whether it rinsed).</summary>
    private void Return(int v, int e, bool rinsed)
    {
        Observe(new ObsReadDone(Op, v, e, _target, rinsed));
        if (v != PqrValues.Init) Coverage.Hit("pqr: a read returned a written value");
        if (rinsed) Coverage.Hit("pqr: a read returned after a rinse");
        if (!rinsed && v != PqrValues.Init && _s.ReadMode == PqrReadMode.Pqr) Coverage.Hit("pqr: a rinse-free read returned a written value");
    }
}
