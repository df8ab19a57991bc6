using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.PQR;

/// <summary>
/// A PQR replica (brief PQR §2.1–2.2, §4.1–4.4): acceptor, learner and executor of the key-value state machine, and
/// proposer (candidate or leader). Each handler names the action of <c>specs/PQR.tla</c> it mirrors; the P twin is
/// <c>p-models/PQR/PSrc/Replica.p</c>.
/// <para>
/// Durable (brief §1.4): the promise, the log with its committed flags, and the high-water marks maxAcc and accK.
/// Everything else is volatile: after a crash the replica ignores every message until it restarts as a follower,
/// re-executes its committed prefix from slot 1, and has forgotten its leadership, its proposals and its parked rinses
/// (TLA+ Crash, Recover). Replica 0 leads ballot 1 from the start (brief §7 "stable"); an election starts only when
/// the environment sends <see cref="TakeOver"/> to the standby.
/// </para>
/// </summary>
[OnEventDoAction(typeof(PqrMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
[OnEventDoAction(typeof(TakeOver), nameof(OnTakeOver))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class Replica : PqrActor<ReplicaInit>
{
    private enum Role { Follower, Candidate, Leader }

    private int _id;
    private PqrSettings _s = null!;
    private PqrMutant Mutant => _s.Mutant;

    // durable (§2.1)
    private int _promised = 1;
    private readonly SortedDictionary<int, PqrEntry> _log = [];
    private int _maxAcc;
    private int[] _accK = [];

    // volatile (§2.1–2.2)
    private int _lastExec;
    private int[] _kv = [], _exeK = [];
    private readonly Dictionary<int, int> _session = [];
    private Role _role;
    private int _myBal, _nextSlot;
    private readonly Dictionary<int, PqrCmd> _prop = [];
    private readonly Dictionary<int, List<int>> _acks = [];       // distinct senders of P2b per slot (MDA: every P2b)
    private readonly Dictionary<int, IReadOnlyList<P1bEntry>> _p1bs = [];
    private readonly List<ClientRequest> _pending = [];
    private int _leaderHint;
    private readonly List<Rinse> _parked = [];
    private int _fillHint;
    private bool _timerOn;
    private bool _down;
    private readonly Dictionary<int, ActorId> _clients = [];
    private readonly List<PqrCmd> _heard = [];          // writes sent here while not leading (M15 only)

    /// <inheritdoc/>
    protected override ActorId NetOf(ReplicaInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize()
    {
        _id = Init.Id;
        _s = Init.Settings;
        _accK = new int[_s.Keys];
        Reset();
        if (_id == 0)
        {
            _role = Role.Leader; _myBal = 1;
            ObserveLocal(new LocalBallotStart(Node, "", B(1), "Init (replica 0 leads ballot 1)"));
        }
        ReportHigh();
    }

    // The node-local observations (catalogue PQR-N1..N5): a replica is named r<id>, a PQR ballot b is ⟨b, 0⟩.
    private string Node => $"r{_id}";
    private static Ballot B(int b) => new(b, 0);
    private void ReportPromise(string action) => ObserveLocal(new LocalPromise(Node, B(_promised), action));

    private void Reset()
    {
        _lastExec = 0;
        _kv = Enumerable.Repeat(PqrValues.Init, _s.Keys).ToArray();
        _exeK = new int[_s.Keys];
        _session.Clear();
        _role = Role.Follower;
        _myBal = 0;
        _nextSlot = 1;
        _prop.Clear(); _acks.Clear(); _p1bs.Clear(); _pending.Clear(); _parked.Clear();
        _leaderHint = _s.Owner(_promised);
        _timerOn = false;
    }

    private void OnCrash() => _down = true;

    /// <summary>TLA+ Recover: reload the durable state (M18: the high-water marks read 0), lose the rest, re-execute the committed prefix.</summary>
    private void OnRestart(Event e)
    {
        if (!_down) return;
        _down = false;
        if (((Restart)e).DiskLost) throw new InvalidOperationException("PQR replicas never lose their disk here (brief §1.2)");
        Reset();
        if (Mutant == PqrMutant.M18Amnesia) { _maxAcc = 0; Array.Clear(_accK); }
        if (Mutant == PqrMutant.MPVPromiseVolatile) _promised = Math.Max(1, _log.Values.Select(x => x.Bal).DefaultIfEmpty(0).Max());
        ReportPromise("Recover");
        Observe(new ObsRestart(_id));
        ReportHigh();
        if (Apply() > 0) Coverage.Hit("pqr: restarted replica re-executed its committed prefix");
    }

    private void OnTakeOver() { if (!_down) StartElection(); }

    private void OnMsg(Event e)
    {
        if (_down) return;
        switch (((PqrMsg)e).Body)
        {
            case ClientRequest m: OnClientRequest(m); break;
            case P1a m: OnP1a(m); break;
            case P1b m: OnP1b(m); break;
            case P2a m: OnP2a(m); break;
            case P2b m: OnP2b(m); break;
            case Nack m: OnNack(m); break;
            case Commit m: OnCommit(m); break;
            case FillTo m: OnFillTo(m.UpTo); break;
            case QRead m: OnQRead(m); break;
            case Rinse m: OnRinse(m); break;
        }
    }

    private PqrEntry? Entry(int s) => _log.GetValueOrDefault(s);

    private void Send(int to, object body) => SendMsg(Init.Replicas[to], body);
    private void Broadcast(object body) { for (int r = 0; r < _s.P.N; r++) Send(r, body); }
    private void BroadcastOthers(object body) { for (int r = 0; r < _s.P.N; r++) if (r != _id) Send(r, body); }

    private void ReportHigh() => Observe(new ObsHigh(_id, _maxAcc, (int[])_accK.Clone()));

    /// <summary>§4.1 NoteSlot: the high-water marks never decrease.</summary>
    private void NoteSlot(int s, PqrCmd cmd)
    {
        if (s > _maxAcc) _maxAcc = s;
        if (cmd.IsPut && s > _accK[cmd.Key]) _accK[cmd.Key] = s;
        ReportHigh();
    }

    // ------------------------------------------------------------------ acceptor and learner (§4.1)

    /// <summary>TLA+ P1b(r, b): the entries a promise reports (M13: committed ones left out).</summary>
    private List<P1bEntry> P1bEntries() =>
        _log.Where(kv => !(Mutant == PqrMutant.M13P1bNoCommitted && kv.Value.Committed))
            .Select(kv => new P1bEntry(kv.Key, kv.Value.Bal, kv.Value.Cmd, kv.Value.Committed)).ToList();

    /// <summary>
    /// TLA+ HandleP1a: promise a higher ballot and report the log. A retransmitted P1a of the ballot already promised is
    /// answered again (the network may lose the P1b; in TLA+ messages are never lost, so only the higher case exists).
    /// </summary>
    private void OnP1a(P1a m)
    {
        if (m.Bal >= _promised)
        {
            _promised = m.Bal;
            ReportPromise("HandleP1a");
            StepDown(m.Bal);
            Send(m.From, new P1b(_id, m.Bal, P1bEntries()));
        }
        else Send(m.From, new Nack(m.Bal, _promised));
    }

    private void StepDown(int b)
    {
        _leaderHint = _s.Owner(b);
        if (_role != Role.Follower && _myBal < b)
        {
            _role = Role.Follower;
            _pending.Clear();
            Coverage.Hit("pqr: a proposer stepped down");
        }
    }

    /// <summary>TLA+ HandleP2a: accept (a committed entry is kept), note the slot, vote (M17: below the promise too).</summary>
    private void OnP2a(P2a m)
    {
        if (m.Bal >= _promised || Mutant == PqrMutant.M17AcceptBelow)
        {
            if (m.Bal > _promised) { _promised = m.Bal; StepDown(m.Bal); }
            if (Entry(m.Slot) is not { Committed: true }) _log[m.Slot] = new PqrEntry(m.Bal, m.Cmd, false);
            NoteSlot(m.Slot, m.Cmd);
            ObserveLocal(new LocalVote(Node, $"{m.Slot}", B(m.Bal), m.Cmd.ToString(), B(_promised), "HandleP2a"));
            Observe(new ObsVote(_id, m.Slot, m.Bal, m.Cmd));
            Send(m.From, new P2b(_id, m.Bal, m.Slot));
            if (Mutant == PqrMutant.MXExecUncommitted) Apply();
        }
        else Send(m.From, new Nack(m.Bal, _promised));
    }

    /// <summary>TLA+ HandleCommit: learn that a slot is chosen, then execute what is ready.</summary>
    private void OnCommit(Commit m)
    {
        var e = Entry(m.Slot);
        if (e is { Committed: true }) return;
        _log[m.Slot] = new PqrEntry(Math.Max(e?.Bal ?? 0, m.Bal), m.Cmd, true);
        NoteSlot(m.Slot, m.Cmd);
        Observe(new ObsCommit(_id, m.Slot, m.Cmd));
        Apply();
        AnswerParked();
    }

    /// <summary>
    /// TLA+ Execute, repeated (§4.1 ApplyCommitted): execute slots in order while the next one is committed (MX: merely
    /// accepted). A Put its session already applied is skipped (M16: applied again). The leader that proposed a command
    /// answers its client here (§4.7.5). Returns the number of slots executed.
    /// </summary>
    private int Apply()
    {
        int n = 0;
        while (Entry(_lastExec + 1) is { } e && (e.Committed || Mutant == PqrMutant.MXExecUncommitted))
        {
            int s = _lastExec + 1;
            var c = e.Cmd;
            if (c.IsPut)
            {
                _exeK[c.Key] = s;
                if (Mutant == PqrMutant.M16NoDedup || !_session.TryGetValue(c.Client, out var last) || c.OpId > last)
                {
                    _kv[c.Key] = c.Val;
                    _session[c.Client] = c.OpId;
                }
                else Coverage.Hit("pqr: a retried Put was executed once");
            }
            else if (c.Kind == PqrCmdKind.NoOp) Coverage.Hit("pqr: a NoOp was executed");
            _lastExec = s;
            n++;
            Observe(new ObsExec(_id, s, c, e.Committed, (int[])_kv.Clone()));
            if (_role == Role.Leader && _prop.TryGetValue(s, out var p) && p == c && c.Kind != PqrCmdKind.NoOp
                && !(c.IsPut && Mutant == PqrMutant.M15AckAtCommit))
                Answer(c, s);
        }
        if (n > 0) AnswerParked();
        return n;
    }

    /// <summary>A leader answers a command it executed, if it heard from the client (otherwise the client's retry brings the answer).</summary>
    private void Answer(PqrCmd cmd, int slot)
    {
        if (_clients.TryGetValue(cmd.Client, out var c)) SendMsg(c, new ClientReply(cmd.OpId, slot, cmd.IsPut ? 0 : _kv[cmd.Key]));
    }

    // ------------------------------------------------------------------ the PQR read handlers (§4.3–4.4), read-only

    /// <summary>TLA+ AnswerQRead: one atomic snapshot (M1: the newest log value for the key; M7: the contiguous mark; M10: "in progress" misses the top slot).</summary>
    private void OnQRead(QRead m)
    {
        var r = new QReadReply(_id, m.OpId, m.Key, ReportedMaxAcc(), _lastExec, _accK[m.Key], _exeK[m.Key], KeyBusy(m.Key), QReadVal(m.Key));
        Observe(new ObsReply(_id, _lastExec, m.Key, r.Val));
        SendMsg(m.Client, r);
    }

    private int ReportedMaxAcc()
    {
        if (Mutant != PqrMutant.M7Contiguous) return _maxAcc;
        int s = 0;
        while (Entry(s + 1) is not null) s++;
        return s;
    }

    private bool KeyBusy(int k)
    {
        if (Mutant != PqrMutant.M10PerKeyOffByOne) return _accK[k] > _exeK[k];
        for (int s = _lastExec + 1; s < _maxAcc; s++)
            if (Entry(s) is { Cmd: { IsPut: true } c } && c.Key == k) return true;
        return false;
    }

    private int QReadVal(int k)
    {
        if (Mutant == PqrMutant.M1BareQuorumRead)
            for (int s = _maxAcc; s > 0; s--)
                if (Entry(s) is { Cmd: { IsPut: true } c } && c.Key == k) return c.Val;
        return _kv[k];
    }

    private RinseReply RinseReplyFor(Rinse m) =>
        new(_id, m.OpId, m.Key, _lastExec, _exeK[m.Key], m.Target > 0 && Entry(m.Target) is { Committed: true }, _kv[m.Key]);

    /// <summary>TLA+ AnswerRinse: answer once the reply would end the read (the parked variant of §4.4).</summary>
    private void OnRinse(Rinse m)
    {
        var r = RinseReplyFor(m);
        if (_s.RinseOk(r, m.Target)) SendRinseReply(m, r);
        else _parked.Add(m);
    }

    private void SendRinseReply(Rinse m, RinseReply r)
    {
        Observe(new ObsReply(_id, r.LastExec, r.Key, r.Val));
        SendMsg(m.Client, r);
    }

    private void AnswerParked()
    {
        for (int i = 0; i < _parked.Count;)
        {
            var r = RinseReplyFor(_parked[i]);
            if (_s.RinseOk(r, _parked[i].Target))
            {
                SendRinseReply(_parked[i], r);
                Coverage.Hit("pqr: a parked rinse was answered");
                _parked.RemoveAt(i);
            }
            else i++;
        }
    }

    // ------------------------------------------------------------------ proposer (§4.2)

    /// <summary>
    /// TLA+ Propose (and the redirect of §3.1): a leader proposes a command in its next free slot unless it already holds
    /// it (then it answers again if executed); a candidate keeps it for later; a follower redirects. LeaderRead baseline:
    /// a leader answers a Get from its executed state at once.
    /// </summary>
    private void OnClientRequest(ClientRequest w)
    {
        _clients[w.Cmd.Client] = w.Client;
        if (_role != Role.Leader && w.Cmd.IsPut && !_heard.Contains(w.Cmd)) _heard.Add(w.Cmd);
        if (_role == Role.Candidate) { _pending.Add(w); return; }
        if (_role != Role.Leader)
        {
            SendMsg(w.Client, new Redirect(_id, w.Cmd.OpId, _leaderHint));
            return;
        }
        if (w.Cmd.Kind == PqrCmdKind.Get && _s.ReadMode == PqrReadMode.LeaderRead)
        {
            SendMsg(w.Client, new ClientReply(w.Cmd.OpId, _lastExec, _kv[w.Cmd.Key]));
            return;
        }
        // §4.2's optional duplicate check: a command this leader already proposed is not proposed again. Without it
        // (DupCheck off) a retried or duplicated write takes a second slot and only the session table keeps it from
        // being applied twice (M16).
        if (_s.DupCheck)
        {
            foreach (var (s, c) in _prop)
                if (c == w.Cmd)
                {
                    if (s <= _lastExec || (Mutant == PqrMutant.M15AckAtCommit && Entry(s) is { Committed: true })) Answer(w.Cmd, s);
                    return;
                }
        }
        else if (w.Cmd.IsPut && _prop.ContainsValue(w.Cmd)) Coverage.Hit("pqr: a leader proposed a write it already proposed");
        Propose(w.Cmd);
    }

    private void Propose(PqrCmd cmd)
    {
        int s = _nextSlot++;
        _prop[s] = cmd;
        _acks[s] = [];
        ObserveLocal(new LocalPropose(Node, $"{s}", B(_myBal), cmd.ToString(), "Propose"));
        Broadcast(new P2a(_id, _myBal, s, cmd));
        ArmTimer();
    }

    /// <summary>TLA+ CommitSlot: P2bs of its ballot from a phase-2 quorum (MC: one fewer; MQ: all n).</summary>
    private void OnP2b(P2b m)
    {
        if (_role != Role.Leader || m.Bal != _myBal || !_prop.TryGetValue(m.Slot, out var cmd)) return;
        if (!_acks[m.Slot].Contains(m.From) || Mutant == PqrMutant.MDADuplicateAcks) _acks[m.Slot].Add(m.From);
        int need = Mutant switch { PqrMutant.MCCommitShort => _s.P.Q2 - 1, PqrMutant.MQWaitAll => _s.P.N, _ => _s.P.Q2 };
        if (_acks[m.Slot].Count >= need && Entry(m.Slot) is not { Committed: true })
        {
            ObserveLocal(new LocalQuorum(Node, "P2b", B(_myBal), [.. _acks[m.Slot].Select(a => new Counted($"r{a}", B(m.Bal)))], _s.P.Q2, "CommitSlot"));
            Broadcast(new Commit(_myBal, m.Slot, cmd));
            if (Mutant == PqrMutant.M15AckAtCommit && cmd.IsPut) Answer(cmd, m.Slot);
            OnCommit(new Commit(_myBal, m.Slot, cmd));
        }
    }

    /// <summary>TLA+ StartElection: the next own ballot above every promise (durable, never reused).</summary>
    private void StartElection()
    {
        int b = _promised + 1;
        while (_s.Owner(b) != _id && Mutant != PqrMutant.MBOBallotNotOwned) b++;
        _promised = b;
        _myBal = b;
        ObserveLocal(new LocalBallotStart(Node, "", B(b), "StartElection"));
        ReportPromise("StartElection");
        _role = Role.Candidate;
        _leaderHint = _id;
        _p1bs.Clear();
        _p1bs[_id] = P1bEntries();
        Coverage.Hit("pqr: an election started");
        BroadcastOthers(new P1a(_id, b));
        ArmTimer();
        TryLead();
    }

    private void OnP1b(P1b m)
    {
        if (_role != Role.Candidate || m.Bal != _myBal) return;
        _p1bs[m.From] = m.Entries;
        TryLead();
    }

    /// <summary>
    /// TLA+ BecomeLeader: with promises from a phase-1 quorum, every slot up to the highest reported one gets its
    /// committed command, else the command of the highest ballot reported, else a NoOp (M15: a pending client write may
    /// go into the hole).
    /// </summary>
    private void TryLead()
    {
        if (_p1bs.Count < _s.P.Q1) return;
        int top = 0;
        var best = new Dictionary<int, P1bEntry>();
        foreach (var e in _p1bs.Values.SelectMany(x => x))
        {
            top = Math.Max(top, e.Slot);
            if (!best.TryGetValue(e.Slot, out var b) || (e.Committed && !b.Committed) || (!b.Committed && Prefer(e.Bal, b.Bal))) best[e.Slot] = e;
        }
        RuleMatters();
        ObserveLocal(new LocalQuorum(Node, "P1b", B(_myBal), [.. _p1bs.Keys.Select(a => new Counted($"r{a}", B(_myBal)))], _s.P.Q1, "BecomeLeader"));
        _role = Role.Leader;
        Coverage.Hit("pqr: a new leader took over");
        Observe(new ObsNewLeader(_id, _myBal));
        _prop.Clear(); _acks.Clear();
        var reports = _p1bs.SelectMany(x => x.Value.Select(e => (e.Slot, R: new Reported($"r{x.Key}", B(e.Bal), e.Cmd.ToString(), e.Committed))))
            .ToLookup(x => x.Slot, x => x.R);
        for (int s = 1; s <= top; s++)
        {
            var v = best.TryGetValue(s, out var b) ? b.Cmd : Mutant == PqrMutant.M15AckAtCommit ? HoleWrite(best) : PqrCmd.NoOp;
            ObserveLocal(new LocalSelect(Node, $"{s}", B(_myBal), [.. reports[s]], v.ToString(), "BecomeLeader"));
            _prop[s] = v;
            _acks[s] = [];
            ObserveLocal(new LocalPropose(Node, $"{s}", B(_myBal), v.ToString(), "BecomeLeader"));
            Broadcast(new P2a(_id, _myBal, s, v));
        }
        _nextSlot = Mutant == PqrMutant.MNSNextSlotOffByOne ? Math.Max(1, top) : top + 1;
        var pending = _pending.ToList();
        _pending.Clear();
        foreach (var w in pending) OnClientRequest(w);
        if (_s.UseFillTo) Fill(_fillHint);
        ArmTimer();
    }

    /// <summary>The selection rule of BecomeLeader: the higher ballot's command wins (MSL: the lower one's; MSA: the first reported).</summary>
    private bool Prefer(int bal, int than) => Mutant switch
    {
        PqrMutant.MSLLowestBallot => bal < than,
        PqrMutant.MSAAnyReport => false,
        _ => bal > than,
    };

    /// <summary>
    /// "Rule matters" witnesses (issue 46): the Phase-1 quorum reports, for one slot, different uncommitted commands at
    /// different ballots, so taking the highest ballot's command differs from taking the lowest or any (with three, the
    /// middle one differs from both).
    /// </summary>
    private void RuleMatters()
    {
        foreach (var g in _p1bs.Values.SelectMany(x => x).Where(e => !e.Committed).GroupBy(e => e.Slot))
        {
            var byBallot = g.GroupBy(e => e.Bal).Select(x => x.First().Cmd).ToList();
            int commands = byBallot.Distinct().Count();
            if (commands >= 2) Coverage.Hit("pqr: rule matters: a Phase-1 quorum reported two commands at two ballots for one slot");
            if (commands >= 3) Coverage.Hit("pqr: rule matters: a Phase-1 quorum reported three commands at three ballots for one slot");
        }
    }

    /// <summary>M15's hole rule (TLA+ MutantM15HoleCmds): a client write this replica was sent and that is neither reported nor placed, else a NoOp.</summary>
    private PqrCmd HoleWrite(Dictionary<int, P1bEntry> best) =>
        _heard.FirstOrDefault(c => best.Values.All(e => e.Cmd != c) && _prop.Values.All(p => p != c)) ?? PqrCmd.NoOp;

    /// <summary>TLA+ Nack handling (§4.2, liveness only): a higher ballot exists, step down.</summary>
    private void OnNack(Nack m)
    {
        if (_role != Role.Follower && m.Bal == _myBal && m.Promised > _myBal)
        {
            _promised = Math.Max(_promised, m.Promised);
            ReportPromise("HandleNack");
            StepDown(m.Promised);
        }
    }

    /// <summary>TLA+ HandleFillTo (§4.7.3): a leader proposes NoOps up to the slot; any replica remembers it for when it leads.</summary>
    private void OnFillTo(int upTo)
    {
        _fillHint = Math.Max(_fillHint, upTo);
        if (_role == Role.Leader && _s.UseFillTo) Fill(upTo);
    }

    private void Fill(int upTo)
    {
        if (_nextSlot <= upTo) Coverage.Hit("pqr: FillTo proposed NoOps");
        while (_nextSlot <= upTo) Propose(PqrCmd.NoOp);
    }

    // ------------------------------------------------------------------ retransmission (§4.2 timers, loss tolerance only)

    private void ArmTimer()
    {
        if (!_s.Resend || _timerOn) return;
        _timerOn = true;
        StartTimer();
    }

    /// <summary>A candidate resends P1a; a leader resends P2a for its uncommitted slots and Commit for the rest, while any slot is uncommitted.</summary>
    private void OnTimeout(Event e)
    {
        if (_down || ((NetTimeout)e).Id != CurrentTimer) return;
        _timerOn = false;
        if (_role == Role.Candidate)
        {
            BroadcastOthers(new P1a(_id, _myBal));
            ArmTimer();
            return;
        }
        if (_role != Role.Leader || _prop.Keys.All(s => Entry(s) is { Committed: true })) return;
        foreach (var (s, c) in _prop)
            Broadcast(Entry(s) is { Committed: true } en ? new Commit(_myBal, s, en.Cmd) : new P2a(_id, _myBal, s, c));
        ArmTimer();
    }
}
