using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Pando;

/// <summary>
/// A front-end (brief §2.2, §4.4, §4.6, §4.7); twin of p-models FrontEnd. Runs its client's operations one at a time.
/// CPUT: a delegated attempt (when it has a delegate), on a delegate timeout one direct attempt with a fresh ballot,
/// then the leader. ACCEPTED replies are counted per ballot and per vid. GET: FETCH from every site; the fast path
/// on a commit mark with K splits, otherwise a 1b quorum and either a write-back (reader ballot, kind R) or EMPTY.
/// Ballot tags mix a random draw with the FE's id, so the relative order of writers, readers and delegates varies
/// across iterations.
/// </summary>
[OnEventDoAction(typeof(Msg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
public sealed class FrontEnd : PandoActor
{
    private enum Stage { Idle, Delegated, Direct, ToLeader, Fetching, WriteBack, Done }

    private sealed class Attempt
    {
        public Ballot Bal = Ballot.None;
        public readonly Phase1 P1 = new();
        public readonly Phase2 P2 = new();
        public bool Proposed;
    }

    private Stage _stage = Stage.Idle;
    private int _next, _seq, _leaderTries, _restarts, _rid;
    private Op _op = new(false, 0);
    private readonly Dictionary<int, int> _knownVer = [];        // per key: the highest version this FE knows is decided
    private int _opId;
    private Attempt _del = new(), _dir = new(), _rb = new();
    private Split[] _splits = [];
    private readonly Dictionary<int, Fetched> _fetched = [];
    private double _now, _opStart;      // virtual time (timed network mode only; 0 otherwise): measurement, never a decision

    private void Measure(string path) =>
        Latencies.Record(new LatencySample(Index, _op.Write ? "cput" : "get", path, _now - _opStart));

    /// <inheritdoc/>
    protected override void Initialize()
    {
        NextOp();
        StartUpSent();
    }

    private void NextOp()
    {
        while (_next < Init.Ops.Count)
        {
            _op = Init.Ops[_next++];
            _opStart = _now;
            if (!_op.Write)
            {
                _restarts = 0;
                _opId = Index * 100 + _next;
                Observe(new ObsInvoked(_opId, Index, true, _op.Key, _op.Ver, null));
                StartFetch();
                return;
            }
            if (_op.Ver == 1 || _knownVer.GetValueOrDefault(_op.Key) >= _op.Ver - 1 || Mutant == Mutant.M16NoGapRuleOff)   // CPUT precondition (brief §4.4); M16 drops it
            {
                _opId = Index * 100 + _next;
                Observe(new ObsInvoked(_opId, Index, false, _op.Key, _op.Ver, _op.Value));
                _splits = Values.Encode(P, _op.Value);
                _del = new(); _dir = new();
                if (Init.Delegate is not null) StartDelegated(); else StartDirect();
                return;
            }
        }
        _stage = Stage.Done;
    }

    /// <summary>A reply about the current operation's key and version.</summary>
    private bool ForOp(int key, int ver) => key == _op.Key && ver == _op.Ver;

    /// <summary>The current operation's version of its key is decided (the no-gap rule's knowledge).</summary>
    private void KnowDecided() => _knownVer[_op.Key] = Math.Max(_knownVer.GetValueOrDefault(_op.Key), _op.Ver);

    /// <summary>The leader of the current operation's key.</summary>
    private ActorId Leader => Init.Leaders[_op.Key];

    private Ballot NewBallot() => new(0, RandomInteger(8) * 1000 + Index * 100 + ++_seq);

    private void OnMsg(Event e)
    {
        _now = ((Msg)e).At;
        var body = ((Msg)e).Body;
        switch (_stage, body)
        {
            case (Stage.Delegated or Stage.Direct or Stage.ToLeader, Accepted m): OnAccepted(m); break;
            case (Stage.Delegated, Nack m) when ForOp(m.Key, m.Ver) && m.Bal == _del.Bal && m.Phase == 2:
                _del.P2.Nacks.Add(m.From);
                if (P.N - _del.P2.Nacks.Count < P.Q2) StartLeader();
                break;
            case (Stage.Delegated, Stale m) when ForOp(m.Key, m.Ver) && m.Bal == _del.Bal: FinishStale(); break;
            case (Stage.Delegated, DelegateFailed m) when ForOp(m.Key, m.Ver) && m.Bal == _del.Bal:
                Coverage.Hit("fe: delegation failed (" + m.Reason + ")");
                if (m.Reason == DelegateFailure.Known) Finish(m.CmtSeen, Ballot.None);
                else if (m.Reason == DelegateFailure.Stale) FinishStale();
                else StartLeader();
                break;
            case (Stage.Direct, Promise m) when ForOp(m.Key, m.Ver) && m.Bal == _dir.Bal && !_dir.Proposed:
                _dir.P1.Promises[m.From] = m; EvaluateDirect(); break;
            case (Stage.Direct, Nack m) when ForOp(m.Key, m.Ver) && m.Bal == _dir.Bal:
                if (m.Phase == 1) { if (!_dir.Proposed) { _dir.P1.Nacks.Add(m.From); EvaluateDirect(); } }
                else { _dir.P2.Nacks.Add(m.From); if (P.N - _dir.P2.Nacks.Count < P.Q2) StartLeader(); }
                break;
            case (Stage.Direct, Stale m) when ForOp(m.Key, m.Ver) && (m.Bal == _dir.Bal || m.Bal == _del.Bal): FinishStale(); break;
            case (Stage.ToLeader, LeaderResult m) when ForOp(m.Key, m.Ver):
                if (m.Vid == 0) FinishStale(); else Finish(m.Vid, Ballot.None);
                break;
            case (Stage.Fetching, Fetched m) when m.Key == _op.Key && m.Rid == _rid * 10 + _restarts: _fetched[m.From] = m; DecideRead(); break;
            case (Stage.WriteBack, Promise m) when ForOp(m.Key, m.Ver) && m.Bal == _rb.Bal && !_rb.Proposed:
                _rb.P1.Promises[m.From] = m; EvaluateWriteBack(); break;
            case (Stage.WriteBack, Nack m) when ForOp(m.Key, m.Ver) && m.Bal == _rb.Bal:
                if (m.Phase == 1) { if (!_rb.Proposed) { _rb.P1.Nacks.Add(m.From); EvaluateWriteBack(); } }
                else { _rb.P2.Nacks.Add(m.From); if (P.N - _rb.P2.Nacks.Count < P.Q2) RestartRead(); }
                break;
            case (Stage.WriteBack, Stale m) when ForOp(m.Key, m.Ver) && m.Bal == _rb.Bal: GiveUp(); break;
            case (Stage.WriteBack, Accepted m) when ForOp(m.Key, m.Ver) && m.Bal == _rb.Bal:
                _rb.P2.Accepted[m.From] = m.Vid;
                if (_rb.P2.QuorumVid(P.Q2) is var x and not 0)        // TLA+ ReadReturnAfterWriteBack
                {
                    Broadcast(_ => new Commit(_op.Key, _op.Ver, _rb.Bal, x));
                    ReturnRead(x, _rbValue);
                }
                break;
        }
    }

    private void OnTimeout(Event e)
    {
        _now = ((NetTimeout)e).At;
        if (((NetTimeout)e).Id != CurrentTimer) return;                  // a stale timer
        switch (_stage)
        {
            case Stage.Delegated: Coverage.Hit("fe: delegate timeout, direct retry"); StartDirect(); break;                // delegate timeout: direct retry, fresh ballot
            case Stage.Direct: StartLeader(); break;
            case Stage.ToLeader when _leaderTries < 3:
                _leaderTries++;
                Coverage.Hit("fe: leader write resent");
                Send(Leader, new LeaderWrite(_op.Key, _op.Ver, _op.Vid, _op.Value, Id));
                StartTimer();
                break;
            case Stage.Fetching or Stage.WriteBack: RestartRead(); break;
        }
    }

    // ---------------- CPUT, stage 1: delegated attempt (TLA+ ballot kind FEDel) ----------------
    private void StartDelegated()
    {
        _stage = Stage.Delegated;
        _del.Bal = NewBallot();
        Send(Init.Delegate!, new DelegateRequest(_op.Key, _op.Ver, _del.Bal, _op.Vid, _op.Value, Id));
        Broadcast(_ => new Prepare(_op.Key, _op.Ver, _del.Bal, Init.Delegate!, Kind.Write));   // TLA+ WriterPrepare(b), replies to the delegate
        StartTimer();
    }

    // ---------------- CPUT, stage 2: one direct attempt (TLA+ ballot kind FE) ----------------
    private void StartDirect()
    {
        _stage = Stage.Direct;
        _dir = new();
        if (Mutant == Mutant.M9ReuseDelegatedBallot && Init.Delegate is not null)
        {
            _dir.Bal = _del.Bal;                                    // M9: TLA+ FEProposeOnDelegatedBallot
            _dir.Proposed = true;
            Propose(_dir.Bal, _op.Vid, _op.Value, _splits);
        }
        else
        {
            _dir.Bal = NewBallot();
            Broadcast(_ => new Prepare(_op.Key, _op.Ver, _dir.Bal, Id, Kind.Write));               // TLA+ WriterPrepare(b)
        }
        StartTimer();
    }

    /// <summary>TLA+ ProposeFast / ProposeRecover for the FE's own ballot.</summary>
    private void EvaluateDirect()
    {
        var o = Proposer.Evaluate(_dir.P1, true, P, Mutant);
        switch (o.Outcome)
        {
            case Outcome.UseOwn:
                _dir.Proposed = true;
                ObserveRecovery(o, _op.Key, _op.Ver, _dir.Bal, _op.Vid, "ProposeRecover (front-end)");
                Propose(_dir.Bal, _op.Vid, _op.Value, _splits);
                break;
            case Outcome.Adopt:
                _dir.Proposed = true;
                var adopted = Mutant == Mutant.M11FreshVidOnRecovery ? _op.Vid : o.Vid;
                ObserveRecovery(o, _op.Key, _op.Ver, _dir.Bal, adopted, "ProposeRecover (front-end)");
                Propose(_dir.Bal, adopted, o.Value!, Values.Encode(P, o.Value!));
                break;
            case Outcome.KnownChosen: Finish(o.Vid, Ballot.None); break;
            case Outcome.DecidedLater: FinishStale(); break;
            case Outcome.Blocked: StartLeader(); break;
        }
    }

    // ---------------- CPUT, stage 3: hand the write to the leader (brief §4.5) ----------------
    private void StartLeader()
    {
        _stage = Stage.ToLeader;
        Coverage.Hit("fe: write handed to the leader");
        _leaderTries = 1;
        Send(Leader, new LeaderWrite(_op.Key, _op.Ver, _op.Vid, _op.Value, Id));
        StartTimer();
    }

    /// <summary>ACCEPTED for one of this CPUT's ballots: counted per ballot, never across ballots.</summary>
    private void OnAccepted(Accepted m)
    {
        if (!ForOp(m.Key, m.Ver)) return;
        var a = m.Bal == _del.Bal ? _del : m.Bal == _dir.Bal ? _dir : null;
        if (a is null) return;
        a.P2.Accepted[m.From] = m.Vid;
        int x = a.P2.QuorumVid(P.Q2);
        if (Mutant == Mutant.M10OkWithoutVid && a.P2.Accepted.Count >= P.Q2) x = _op.Vid;
        if (x != 0) Finish(x, m.Bal);                                // TLA+ ChosenIn(x, b) seen by the FE
    }

    private void Propose(Ballot bal, int vid, string value, Split[] splits)
    {
        Observe(new ObsProposed(_op.Key, _op.Ver, bal, vid, value, Kind.Write));
        Broadcast(i => new Propose(_op.Key, _op.Ver, bal, vid, splits[i], Id, Kind.Write));
    }

    /// <summary>The CPUT's outcome is known: x is the vid chosen. If this FE saw the phase-2 quorum it broadcasts COMMIT.</summary>
    private void Finish(int x, Ballot bal)
    {
        if (bal != Ballot.None) Broadcast(_ => new Commit(_op.Key, _op.Ver, bal, x));
        Measure(bal == Ballot.None ? (_stage == Stage.ToLeader ? "leader" : "learned") : bal == _del.Bal ? "delegated" : "direct");
        KnowDecided();
        Coverage.Hit(x == _op.Vid ? "fe: CPUT OK" : "fe: CPUT CONFLICT(x)");
        if (_op.Key > 0) Coverage.Hit("fe: CPUT answered on a second key");
        Observe(new ObsCputReturned(_opId, _op.Key, _op.Ver, _op.Vid, x == _op.Vid, x));
        Observe(new ObsResponded(_opId, x == _op.Vid, null));
        Observe(new ObsAnswered(_opId, false, x == _op.Vid ? "OK" : "CONFLICT"));
        NextOp();
    }

    /// <summary>A STALE reply: the version was pruned, so a later version is chosen: CONFLICT(⊥).</summary>
    private void FinishStale()
    {
        KnowDecided();
        Coverage.Hit("fe: CPUT CONFLICT(⊥) after STALE");
        Observe(new ObsCputReturned(_opId, _op.Key, _op.Ver, _op.Vid, false, 0));
        // CONFLICT(⊥) says only that version ver is decided: the FE's own value may be the one chosen (its quorum
        // was never seen, then the version was pruned). For the client it is an unknown outcome, like UNKNOWN, so
        // the history keeps the CPUT pending (docs/findings.md, F6). The negative control StaleAsConflict records it as
        // a plain CONFLICT, which Coyote shows is not linearizable.
        if (Init.StaleAsConflict) Observe(new ObsResponded(_opId, false, null));
        Observe(new ObsAnswered(_opId, false, "CONFLICT(⊥)"));
        NextOp();
    }

    // ---------------- GET: fetch round (TLA+ ReadStart(r, "fetch"), FetchReply) ----------------
    private void StartFetch()
    {
        _stage = Stage.Fetching;
        if (_restarts == 0)
        {
            _rid = Index * 100 + _next;
            Observe(new ObsReadStarted(_rid, _op.Key, _op.Ver));
        }
        _fetched.Clear();
        Broadcast(_ => new Fetch(_op.Key, _op.Ver, _rid * 10 + _restarts, Id));
        if (Init.ReadTimeouts) StartTimer();
    }

    private void DecideRead()
    {
        if (_fetched.Values.Any(f => f.Floor > _op.Ver)) { GiveUp(); return; }      // pruned: the client gets RETRY
        if (_fetched.Count < P.Q1a) return;
        var all = _fetched.Values.ToList();
        if (all.All(f => f.Apn == Ballot.None)) { ReturnRead(0, null); return; }     // nothing accepted: EMPTY
        int Count(int vid) => all.Count(f => f.Vid == vid && f.Split is not null);
        if (all.LastOrDefault(f => f.Cmt != 0) is { } c && Count(c.Cmt) >= P.K)    // TLA+ ReadFastReturn
        {
            ReturnRead(c.Cmt, Values.Decode(P, all.Where(f => f.Vid == c.Cmt).Select(f => f.Split!)));
            return;
        }
        if (all.Count < P.Q1b) return;
        var w = all.LastOrDefault(f => f.Apn != Ballot.None && Count(f.Vid) >= P.K);
        if (w is null) { ReturnRead(0, null); return; }                               // TLA+ ReadReturnNone
        if (Mutant == Mutant.M6ReadNoWriteBack)
        {
            ReturnRead(w.Vid, Values.Decode(P, all.Where(f => f.Vid == w.Vid).Select(f => f.Split!)));
            return;
        }
        StartWriteBack();                                                             // TLA+ ReadFetchToWriteBack
    }

    // -------- GET: write-back (TLA+ ReadWriteBack; ballot kind Reader) --------
    private string? _rbValue;

    private void StartWriteBack()
    {
        _stage = Stage.WriteBack;
        Coverage.Hit("fe: read write-back");
        _rb = new() { Bal = NewBallot() };
        Broadcast(_ => new Prepare(_op.Key, _op.Ver, _rb.Bal, Id, Kind.Read));
        if (Init.ReadTimeouts) StartTimer();
    }

    private void EvaluateWriteBack()
    {
        var proms = _rb.P1.Promises.Values.ToList();
        foreach (var c in proms.Where(x => x.Cmt != 0))                              // a commit mark with K splits in hand
            if (proms.Count(x => x.Vid == c.Cmt && x.Split is not null) >= P.K)
            {
                ReturnRead(c.Cmt, Values.Decode(P, proms.Where(x => x.Vid == c.Cmt).Select(x => x.Split!)));
                return;
            }
        var o = Proposer.Evaluate(_rb.P1, false, P, Mutant);
        switch (o.Outcome)
        {
            case Outcome.Adopt:                                                       // propose only a recovered value (brief §4.7)
                _rb.Proposed = true;
                _rbValue = o.Value;
                ObserveRecovery(o, _op.Key, _op.Ver, _rb.Bal, o.Vid, "ReadWriteBack");
                var splits = Values.Encode(P, o.Value!);
                Observe(new ObsProposed(_op.Key, _op.Ver, _rb.Bal, o.Vid, o.Value!, Kind.Read));
                Broadcast(i => new Propose(_op.Key, _op.Ver, _rb.Bal, o.Vid, splits[i], Id, Kind.Read));
                break;
            case Outcome.Nothing: ReturnRead(0, null); break;
            case Outcome.DecidedLater: GiveUp(); break;
            case Outcome.Blocked: RestartRead(); break;
        }
    }

    private void ReturnRead(int vid, string? value)
    {
        Coverage.Hit(vid == 0 ? "fe: read returned EMPTY" : "fe: read returned a value");
        if (_op.Key > 0 && vid != 0) Coverage.Hit("fe: read returned a value of a second key");
        Measure(_stage == Stage.WriteBack ? "write-back" : vid == 0 ? "empty" : "fast");
        Observe(new ObsReadReturned(_rid, _op.Key, _op.Ver, vid, value));
        Observe(new ObsResponded(_opId, true, value));
        Observe(new ObsAnswered(_opId, true, vid == 0 ? "EMPTY" : "value"));
        NextOp();
    }

    // TLA+ ReaderRestart (specs/PandoDuel.tla): a new attempt of the GET, or RETRY once the attempts are spent (three
    // here, at most two in the TLA+ models).
    private void RestartRead()
    {
        if (++_restarts > 2) { GiveUp(); return; }                  // gives up: the client gets RETRY
        StartFetch();
    }

    /// <summary>The GET ends with RETRY (pruned version, or too many restarts): an answer, but no value (brief Q9).</summary>
    private void GiveUp()
    {
        Coverage.Hit("fe: read gave up (RETRY)");
        Observe(new ObsAnswered(_opId, true, "RETRY"));
        NextOp();
    }
}
