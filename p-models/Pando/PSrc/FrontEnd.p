/*****************************************************************************************
 * Front-end / proxy (brief 2.2, 4.4, 4.6, 4.7): runs its client's operations one at a time.
 *
 * CPUT(ver, vid, value): a delegated attempt (if the FE has a delegate), then on a delegate
 *   timeout one direct attempt with a fresh ballot, then the leader. Each attempt's ACCEPTED
 *   replies are counted per ballot and per vid. The CPUT precondition (version ver-1 known
 *   chosen) is checked; an operation whose precondition fails is skipped, as a client that
 *   must re-read first would.
 * GET(ver): FETCH from every site; the fast path at a 1a quorum, else a 1b quorum and either
 *   a write-back (Prepare + Phase 2 at a reader ballot, kind R) or EMPTY ("previous version"
 *   of version 1). Bounded restarts; a read that gives up returns nothing to its client.
 * Every handler names the TLA+ action of specs/Pando.tla it mirrors.
 *****************************************************************************************/

// A GET is FETCH-based (the paper's read) or, with prepare, Prepare-based: it starts directly with a
// reader ballot's Phase 1 (TLA+ ReadStart(r, "prepare")), the read of the paper's App. B invariant.
type tOp = (write: bool, ver: int, vid: int, value: int, prepare: bool);
type tAttempt = (bal: tBallot, p1: tPhase1, acc: map[int, int], nacks2: set[int], proposed: bool, fast: bool);
type tFetchedEntry = (floor: int, apn: tBallot, vid: int, value: int, cmt: int);

machine FrontEnd {
  var id: int;
  var cfg: tConfig;
  var net: machine;
  var sites: seq[machine];
  var delegate: machine;
  var hasDelegate: bool;
  var leaders: seq[machine];   // the current leader first; with leader faults also the standby
  var curLeader: int;
  var ops: seq[tOp];
  var next: int;
  var knownVer: int;
  var seqNo: int;
  var curTimer: int;
  // the CPUT in progress
  var op: tOp;
  var opId: int;
  var del: tAttempt;
  var dir: tAttempt;
  var leaderTries: int;
  // the GET in progress
  var rid: int;
  var fetched: map[int, tFetchedEntry];
  var rb: tAttempt;
  var restarts: int;
  var readVer: int;                             // the version the GET settles on (its own, or J)
  var fetchedAll: map[int, map[int, tEntry]];   // newest-version GET: site -> version -> entry

  start state Init {
    entry (p: (id: int, cfg: tConfig, net: machine, sites: seq[machine], delegate: machine,
               hasDelegate: bool, leaders: seq[machine], ops: seq[tOp])) {
      id = p.id;
      cfg = p.cfg;
      net = p.net;
      sites = p.sites;
      delegate = p.delegate;
      hasDelegate = p.hasDelegate;
      leaders = p.leaders;
      ops = p.ops;
      goto NextOp;
    }
  }

  state NextOp {
    entry {
      while (next < sizeof(ops)) {
        op = ops[next];
        next = next + 1;
        if (!op.write) { readVer = op.ver; }
        if (!op.write && op.ver == 0) { goto FetchingLatest; }
        if (!op.write && op.prepare) {
          rid = id * 100 + next;
          announce eMonReadStarted, (rid = rid, ver = op.ver);   // TLA+ ReadStart(r, "prepare")
          goto WriteBack;
        }
        if (!op.write) { goto Fetching; }
        // CPUT precondition (brief 4.4): version ver-1 is known to be chosen. M16 drops it.
        if (op.ver == 1 || knownVer >= op.ver - 1 || cfg.mutant == M16_NO_GAP_RULE_OFF) {
          opId = id * 100 + next;
          announce eMonCputStarted, (op = opId, ver = op.ver, vid = op.vid);
          del = default(tAttempt);
          del.bal = NoBallot();
          dir = default(tAttempt);
          dir.bal = NoBallot();
          if (hasDelegate) { goto Delegated; }
          goto Direct;
        }
      }
      goto Done;
    }
  }

  state Done {
    ignore ePromise, eNack, eStale, eAccepted, eDelegateAdopted, eDelegateFailed,
           eLeaderResult, eFetched, eFetchedAll, eTimeout, eNotLeader, eCrash;
  }

  // A crashed front-end (a client machine that died): its operation in progress never returns.
  state Crashed {
    ignore ePromise, eNack, eStale, eAccepted, eDelegateAdopted, eDelegateFailed,
           eLeaderResult, eFetched, eFetchedAll, eTimeout, eNotLeader, eCrash;
  }

  // ---------------- CPUT, stage 1: delegated attempt (TLA+ ballot kind FEDel) ----------------
  state Delegated {
    entry {
      del.bal = NewBallot();
      AnnounceBallotStart(Me(), op.ver, del.bal, "WriterPrepare");   // PANDO-N5
      NSend(net, delegate, eDelegate, (ver = op.ver, bal = del.bal, vid = op.vid, value = op.value, fe = this));
      Broadcast(net, sites, ePrepare, (ver = op.ver, bal = del.bal, replyTo = delegate, kind = KIND_W));   // TLA+ WriterPrepare(b), replies routed to the delegate
      StartTimer();
    }
    on eAccepted do OnAccepted;
    on eNack do (m: tNack) {
      if (m.ver != op.ver || m.bal != del.bal || m.phase != 2) { return; }
      del.nacks2 += (m.from);
      if (cfg.params.n - sizeof(del.nacks2) < cfg.params.q2) { goto ToLeader; }
    }
    on eStale do (m: tStale) {
      if (m.ver == op.ver && m.bal == del.bal) { FinishStale(); }
    }
    on eDelegateAdopted do (m: tDelegateAdopted) { }   // informational (brief 3, msg 6)
    on eDelegateFailed do (m: tDelegateFailed) {
      if (m.ver != op.ver || m.bal != del.bal) { return; }
      announce eWitDelegateFailed;
      if (m.reason == DF_KNOWN) { Finish(m.cmtSeen, NoBallot()); }
      else if (m.reason == DF_STALE) { FinishStale(); }
      else { goto ToLeader; }
    }
    on eTimeout do (t: int) {
      if (t == curTimer) { announce eWitFailover; goto Direct; }
    }
    on eCrash goto Crashed;
    ignore ePromise, eLeaderResult, eFetched, eFetchedAll, eNotLeader;
  }

  // ---------------- CPUT, stage 2: one direct attempt (TLA+ ballot kind FE) ----------------
  state Direct {
    entry {
      dir = default(tAttempt);
      if (cfg.mutant == M9_REUSE_DELEGATED_BALLOT && hasDelegate) {
        // M9: reuse the delegated ballot and skip Phase 1 (TLA+ FEProposeOnDelegatedBallot).
        dir.bal = del.bal;
        dir.proposed = true;
        Propose(dir.bal, op.vid, op.value, KIND_W);
      } else {
        dir.bal = NewBallot();
        AnnounceBallotStart(Me(), op.ver, dir.bal, "WriterPrepare");   // PANDO-N5
        Broadcast(net, sites, ePrepare, (ver = op.ver, bal = dir.bal, replyTo = this, kind = KIND_W));   // TLA+ WriterPrepare(b)
      }
      StartTimer();
    }
    // TLA+ ProposeFast / ProposeRecover for the FE's own ballot.
    on ePromise do (m: tPromiseMsg) {
      var o: tEval;
      if (m.ver != op.ver || m.bal != dir.bal || dir.proposed) { return; }
      dir.p1.proms[m.from] = (apn = m.apn, vid = m.vid, value = m.value, cmt = m.cmt);
      EvaluateDirect();
    }
    on eNack do (m: tNack) {
      if (m.ver != op.ver || m.bal != dir.bal) { return; }
      if (m.phase == 1) {
        if (dir.proposed) { return; }
        dir.p1.nacks += (m.from);
        EvaluateDirect();
      } else {
        dir.nacks2 += (m.from);
        if (cfg.params.n - sizeof(dir.nacks2) < cfg.params.q2) { goto ToLeader; }
      }
    }
    on eStale do (m: tStale) {
      if (m.ver == op.ver && (m.bal == dir.bal || m.bal == del.bal)) { FinishStale(); }
    }
    on eAccepted do OnAccepted;
    on eTimeout do (t: int) {
      if (t == curTimer) { goto ToLeader; }
    }
    on eCrash goto Crashed;
    ignore eDelegateAdopted, eDelegateFailed, eLeaderResult, eFetched, eFetchedAll, eNotLeader;
  }

  // ---------------- CPUT, stage 3: hand the write to the leader (brief 4.5) ----------------
  state ToLeader {
    entry {
      leaderTries = 0;
      HandToLeader(false);
    }
    // NOT_LEADER (brief 4.5): turn to the other leader. Counted with the resends, which are bounded.
    on eNotLeader do (m: tNotLeader) {
      if (m.ver != op.ver || leaderTries >= 6) { return; }
      announce eWitNotLeader;
      HandToLeader(true);
    }
    on eCrash goto Crashed;
    on eLeaderResult do (m: tLeaderResult) {
      if (m.ver != op.ver) { return; }
      announce eWitLeaderDecided;
      if (m.vid == 0) { FinishStale(); } else { Finish(m.vid, NoBallot()); }
    }
    on eAccepted do OnAccepted;      // an earlier attempt may still reach its quorum
    on eTimeout do (t: int) {
      if (t != curTimer || leaderTries >= 3) { return; }   // resends are bounded in the model
      // A silent leader may have crashed: with two leaders, try the other one.
      HandToLeader(cfg.leaderFaults);
    }
    ignore ePromise, eNack, eStale, eDelegateAdopted, eDelegateFailed, eFetched, eFetchedAll;
  }

  // Sends the CPUT to the current leader (to the other one first with switchLeader), counting the try.
  fun HandToLeader(switchLeader: bool) {
    if (switchLeader) { curLeader = (curLeader + 1) % sizeof(leaders); }
    leaderTries = leaderTries + 1;
    NSend(net, leaders[curLeader], eLeaderWrite, (ver = op.ver, vid = op.vid, value = op.value, fe = this));
    StartTimer();
  }

  // ACCEPTED for one of this CPUT's ballots: counted per ballot, never across ballots.
  fun OnAccepted(m: tAccepted) {
    var x: int;
    if (m.ver != op.ver) { return; }
    if (m.bal == del.bal) {
      del.acc[m.from] = m.vid;
      x = QuorumVid(del.acc, cfg.params.q2);
      if (cfg.mutant == M10_OK_WITHOUT_VID && sizeof(del.acc) >= cfg.params.q2) { x = op.vid; }
    } else if (m.bal == dir.bal) {
      dir.acc[m.from] = m.vid;
      x = QuorumVid(dir.acc, cfg.params.q2);
      if (cfg.mutant == M10_OK_WITHOUT_VID && sizeof(dir.acc) >= cfg.params.q2) { x = op.vid; }
    }
    if (x != 0) {                       // TLA+ ChosenIn(x, b) seen by the FE; COMMIT as in CommitsSent
      if (m.bal == dir.bal && dir.fast) { announce eWitChosenFast; }
      Finish(x, m.bal);
    }
  }

  fun EvaluateDirect() {
    var o: tEval;
    o = Phase1Eval(dir.p1, true, cfg.params, cfg.mutant);
    if (RuleMatters(dir.p1, o, cfg.params) >= 1) { announce eWitRuleMatters; }
    if (RuleMatters(dir.p1, o, cfg.params) >= 2) { announce eWitRuleMatters2; }
    if (o.outcome == O_USE_OWN) {
      dir.proposed = true;
      dir.fast = true;
      ProposeAfter(dir.p1, o, dir.bal, op.vid, op.value, KIND_W);
    } else if (o.outcome == O_ADOPT) {
      dir.proposed = true;
      if (o.vid != op.vid) { announce eWitRecovery; }
      if (cfg.mutant == M11_FRESH_VID_ON_RECOVERY) { ProposeAfter(dir.p1, o, dir.bal, op.vid, o.value, KIND_W); }
      else { ProposeAfter(dir.p1, o, dir.bal, o.vid, o.value, KIND_W); }
    } else if (o.outcome == O_KNOWN_CHOSEN) {
      Finish(o.vid, NoBallot());
    } else if (o.outcome == O_DECIDED_LATER) {
      FinishStale();
    } else if (o.outcome == O_BLOCKED) {
      goto ToLeader;
    }
  }

  // Propose after a Phase-1 evaluation: when the recovery rule decided it, PANDO-N6 judges the vid actually proposed
  // (own: a writer's request vid kept because nothing was recoverable; a reader has no value of its own).
  fun ProposeAfter(st: tPhase1, o: tEval, bal: tBallot, vid: int, value: int, kind: tKind) {
    var ver: int;
    var action: string;
    ver = op.ver;
    action = "ProposeRecover";
    if (kind == KIND_R) { ver = readVer; action = "ReadWriteBack"; }
    if (ByRecovery(st, o, cfg.params)) { AnnounceRecovery(Me(), ver, bal, st, cfg.params, vid, o.outcome == O_USE_OWN, action); }
    Propose(bal, vid, value, kind);
  }

  fun Propose(bal: tBallot, vid: int, value: int, kind: tKind) {
    var own: int;
    var ver: int;
    ver = op.ver;
    if (kind == KIND_W) { own = op.vid; } else { ver = readVer; }
    announce eMonProposed, (ver = ver, bal = bal, vid = vid, value = value, kind = kind, own = own);
    if (kind == KIND_W) { AnnouncePropose(Me(), ver, bal, vid, "Propose"); }   // PANDO-N3
    else { AnnouncePropose(Me(), ver, bal, vid, "ReadWriteBack"); }
    Broadcast(net, sites, ePropose, (ver = ver, bal = bal, vid = vid, value = value, replyTo = this, kind = kind));
  }

  // The CPUT's outcome is known: x is the vid chosen for op.ver. If this FE saw the Phase-2
  // quorum (bal set), it broadcasts COMMIT (the paper's asynchronous third phase).
  fun Finish(x: int, bal: tBallot) {
    if (!IsNone(bal)) {
      Broadcast(net, sites, eCommit, (ver = op.ver, bal = bal, vid = x));
    }
    if (knownVer < op.ver) { knownVer = op.ver; }
    if (x == op.vid) { announce eWitCputOk; } else { announce eWitCputConflict; }
    announce eMonCputReturned, (op = opId, ver = op.ver, vid = op.vid, ok = (x == op.vid), other = x);
    goto NextOp;
  }

  // A STALE reply: the version was pruned, so it is decided and a later version is chosen.
  fun FinishStale() {
    if (knownVer < op.ver) { knownVer = op.ver; }
    announce eWitCputStale;
    announce eMonCputReturned, (op = opId, ver = op.ver, vid = op.vid, ok = false, other = 0);
    goto NextOp;
  }

  // ---------------- GET: fetch round (TLA+ ReadStart(r, "fetch"), FetchReply) ----------------
  state Fetching {
    entry {
      if (restarts == 0) {
        rid = id * 100 + next;
        announce eMonReadStarted, (rid = rid, ver = op.ver);   // TLA+ ReadStart
      }
      fetched = default(map[int, tFetchedEntry]);
      Broadcast(net, sites, eFetch, (ver = op.ver, rid = rid * 10 + restarts, replyTo = this));
      StartTimer();
    }
    on eFetched do (m: tFetched) {
      if (m.rid != rid * 10 + restarts) { return; }
      fetched[m.from] = (floor = m.floor, apn = m.apn, vid = m.vid, value = m.value, cmt = m.cmt);
      DecideRead();
    }
    on eTimeout do (t: int) {
      if (t == curTimer) { RestartRead(); }
    }
    on eCrash goto Crashed;
    ignore ePromise, eNack, eStale, eAccepted, eDelegateAdopted, eDelegateFailed, eLeaderResult, eNotLeader, eFetchedAll;
  }

  fun DecideRead() {
    var s: int;
    var empties: int;
    var x: int;
    var w: int;
    foreach (s in keys(fetched)) {
      if (fetched[s].floor > op.ver) { GiveUpRead(); return; }   // pruned: a later version exists
    }
    if (sizeof(fetched) < cfg.params.q1a) { return; }
    foreach (s in keys(fetched)) {
      if (IsNone(fetched[s].apn)) { empties = empties + 1; }
      if (fetched[s].cmt != 0) { x = fetched[s].cmt; }
    }
    if (empties == sizeof(fetched)) { ReturnRead(0); return; }             // nothing accepted: EMPTY
    if (x != 0 && CountFetched(x) >= cfg.params.k) {                      // TLA+ ReadFastReturn
      announce eWitReadFast;
      ReturnRead(x);
      return;
    }
    if (sizeof(fetched) < cfg.params.q1b) { return; }
    foreach (s in keys(fetched)) {
      if (!IsNone(fetched[s].apn) && CountFetched(fetched[s].vid) >= cfg.params.k) { w = fetched[s].vid; }
    }
    if (w == 0) {                            // TLA+ ReadReturnNone: nothing recoverable in a 1b quorum
      if (cfg.mutant == MR3_READ_INVENTS_VID) { goto WriteBack; }   // MR3: write back a vid of its own
      ReturnRead(0);
      return;
    }
    if (cfg.mutant == M6_READ_NO_WRITEBACK) { ReturnRead(w); return; }
    goto WriteBack;
  }

  // -------- GET of the newest version (brief 4.7 tryDecide; TLA+ PandoVersions reads) --------
  state FetchingLatest {
    entry {
      if (restarts == 0) {
        rid = id * 100 + next;
        announce eMonReadStarted, (rid = rid, ver = 0);
      }
      fetchedAll = default(map[int, map[int, tEntry]]);
      Broadcast(net, sites, eFetchAll, (rid = rid * 10 + restarts, replyTo = this));
      StartTimer();
    }
    on eFetchedAll do (m: tFetchedAll) {
      if (m.rid != rid * 10 + restarts) { return; }
      fetchedAll[m.from] = m.entries;
      DecideLatest();
    }
    on eTimeout do (t: int) {
      if (t == curTimer) { RestartRead(); }
    }
    on eCrash goto Crashed;
    ignore ePromise, eNack, eStale, eAccepted, eDelegateAdopted, eDelegateFailed, eLeaderResult, eNotLeader, eFetched;
  }

  // tryDecide of brief 4.7: J is the newest version any reply accepted; FAST if J carries a commit
  // mark with K splits; with a 1b quorum, WRITEBACK(J) if some vid at J has K splits, else PREVIOUS(J).
  // M8 lets the fast path return the newest version that has a commit mark, below J if need be.
  fun DecideLatest() {
    var s: int;
    var j: int;
    var bigJ: int;
    var x: int;
    if (sizeof(fetchedAll) < cfg.params.q1a) { return; }
    foreach (s in keys(fetchedAll)) {
      foreach (j in keys(fetchedAll[s])) {
        if (!IsNone(fetchedAll[s][j].apn) && j > bigJ) { bigJ = j; }
      }
    }
    if (bigJ == 0) { ReturnRead(0); return; }          // a 1a quorum all empty: EMPTY
    j = bigJ;
    while (j >= 1) {
      x = CommittedAt(j);
      if (x != 0) { readVer = j; announce eWitReadFast; ReturnRead(x); return; }   // FAST
      if (cfg.mutant != M8_FAST_READ_OLD_COMMITTED) { j = 0; }      // correct: only J itself
      j = j - 1;
    }
    if (sizeof(fetchedAll) < cfg.params.q1b) { return; }
    if (RecoverableAt(bigJ) != 0) { readVer = bigJ; goto WriteBack; }   // WRITEBACK(J)
    // PREVIOUS(J): J was not chosen when the read began.
    if (bigJ == 1) { ReturnRead(0); return; }
    x = CommittedAt(bigJ - 1);
    if (x == 0) { x = RecoverableAt(bigJ - 1); }
    if (x != 0) { readVer = bigJ - 1; announce eWitReadPrevious; ReturnRead(x); return; }
    RestartRead();                                                  // J-1 pruned meanwhile
  }

  // A vid at version j that some reply marks committed and K replies hold, or 0.
  fun CommittedAt(j: int): int {
    var s: int;
    var x: int;
    foreach (s in keys(fetchedAll)) {
      if (j in fetchedAll[s] && fetchedAll[s][j].cmt != 0) { x = fetchedAll[s][j].cmt; }
    }
    if (x != 0 && HoldersAt(j, x) >= cfg.params.k) { return x; }
    return 0;
  }

  // The recoverable vid (K replies hold it) at version j with the highest accepted ballot, or 0.
  fun RecoverableAt(j: int): int {
    var s: int;
    var best: int;
    var bestBal: tBallot;
    bestBal = NoBallot();
    foreach (s in keys(fetchedAll)) {
      if (j in fetchedAll[s] && !IsNone(fetchedAll[s][j].apn) && HoldersAt(j, fetchedAll[s][j].vid) >= cfg.params.k
          && (best == 0 || BalLT(bestBal, fetchedAll[s][j].apn, M_NONE))) {
        best = fetchedAll[s][j].vid;
        bestBal = fetchedAll[s][j].apn;
      }
    }
    return best;
  }

  fun HoldersAt(j: int, x: int): int {
    var s: int;
    var c: int;
    foreach (s in keys(fetchedAll)) {
      if (j in fetchedAll[s] && fetchedAll[s][j].vid == x) { c = c + 1; }
    }
    return c;
  }

  fun CountFetched(vid: int): int {
    var s: int;
    var c: int;
    foreach (s in keys(fetched)) { if (fetched[s].vid == vid) { c = c + 1; } }
    return c;
  }

  // -------- GET: write-back (TLA+ ReadFetchToWriteBack, ReadWriteBack; ballot kind Reader) --------
  state WriteBack {
    entry {
      rb = default(tAttempt);
      rb.bal = NewBallot();
      AnnounceBallotStart(Me(), readVer, rb.bal, "ReaderPrepare");   // PANDO-N5
      Broadcast(net, sites, ePrepare, (ver = readVer, bal = rb.bal, replyTo = this, kind = KIND_R));
      StartTimer();
    }
    on ePromise do (m: tPromiseMsg) {
      if (m.ver != readVer || m.bal != rb.bal || rb.proposed) { return; }
      rb.p1.proms[m.from] = (apn = m.apn, vid = m.vid, value = m.value, cmt = m.cmt);
      EvaluateWriteBack();
    }
    on eNack do (m: tNack) {
      if (m.ver != readVer || m.bal != rb.bal) { return; }
      if (m.phase == 1) {
        if (rb.proposed) { return; }
        rb.p1.nacks += (m.from);
        EvaluateWriteBack();
      } else {
        rb.nacks2 += (m.from);
        if (cfg.params.n - sizeof(rb.nacks2) < cfg.params.q2) { RestartRead(); }
      }
    }
    on eStale do (m: tStale) {
      if (m.ver == readVer && m.bal == rb.bal) { GiveUpRead(); }
    }
    on eAccepted do (m: tAccepted) {
      var x: int;
      if (m.ver != readVer || m.bal != rb.bal) { return; }
      rb.acc[m.from] = m.vid;
      x = QuorumVid(rb.acc, cfg.params.q2);
      if (x != 0) {                          // TLA+ ReadReturnAfterWriteBack
        Broadcast(net, sites, eCommit, (ver = readVer, bal = rb.bal, vid = x));
        announce eWitReadWriteBack;
        ReturnRead(x);
      }
    }
    on eTimeout do (t: int) {
      if (t == curTimer) { RestartRead(); }
    }
    on eCrash goto Crashed;
    ignore eFetched, eFetchedAll, eDelegateAdopted, eDelegateFailed, eLeaderResult, eNotLeader;
  }

  fun EvaluateWriteBack() {
    var s: int;
    var o: tEval;
    var c: int;
    foreach (s in keys(rb.p1.proms)) {       // a commit mark with K splits in hand: done
      c = rb.p1.proms[s].cmt;
      if (c != 0 && CountVid(rb.p1.proms, c) >= cfg.params.k) { ReturnRead(c); return; }
    }
    o = Phase1Eval(rb.p1, false, cfg.params, cfg.mutant);
    if (RuleMatters(rb.p1, o, cfg.params) >= 1) { announce eWitRuleMatters; }
    if (RuleMatters(rb.p1, o, cfg.params) >= 2) { announce eWitRuleMatters2; }
    if (o.outcome == O_ADOPT && op.prepare && cfg.mutant == M6_READ_NO_WRITEBACK) {
      ReturnRead(o.vid);                      // M6 on a Prepare-based read: no write-back
    } else if (o.outcome == O_ADOPT) {        // propose ONLY a recovered value (brief 4.7)
      rb.proposed = true;
      ProposeAfter(rb.p1, o, rb.bal, o.vid, o.value, KIND_R);
    } else if (o.outcome == O_NOTHING && cfg.mutant == MR3_READ_INVENTS_VID) {
      rb.proposed = true;                     // MR3: a vid no site accepted and no client asked for
      ProposeAfter(rb.p1, o, rb.bal, 900 + id, 9, KIND_R);
    } else if (o.outcome == O_NOTHING && op.ver == 0) {
      RestartRead();                          // newest-version GET: J turned out empty; read again
    } else if (o.outcome == O_NOTHING) {
      ReturnRead(0);
    } else if (o.outcome == O_DECIDED_LATER) {
      GiveUpRead();
    } else if (o.outcome == O_BLOCKED) {
      RestartRead();
    }
  }

  fun ReturnRead(x: int) {
    if (x == 0) { announce eWitReadEmpty; }
    if (op.prepare) { announce eWitReadPrepare; }
    if (x == 0) { readVer = 0; }             // EMPTY (version 0 for a newest-version GET)
    announce eMonReadReturned, (rid = rid, ver = readVer, vid = x, viaPrepare = op.prepare, bal = rb.bal);
    restarts = 0;
    goto NextOp;
  }

  fun RestartRead() {
    restarts = restarts + 1;
    if (restarts > 2) { GiveUpRead(); return; }
    if (op.prepare) { goto WriteBack; }
    if (op.ver == 0) { goto FetchingLatest; }
    goto Fetching;
  }

  // The client gets RETRY: the read returns nothing (it stays pending in the history).
  fun GiveUpRead() {
    announce eWitReadGaveUp;
    restarts = 0;
    goto NextOp;
  }

  // A fresh round-0 ballot, unique to this FE (id and sequence number in the low digits). With
  // randomOrder its rank is drawn from 0..4, so FE, delegated and reader ballots of different
  // FEs (and of one FE's successive attempts) meet in every relative order across schedules.
  fun NewBallot(): tBallot {
    var rank: int;
    seqNo = seqNo + 1;
    if (cfg.randomOrder) { rank = choose(5); }
    return (round = 0, tag = rank * 10000 + id * 100 + seqNo);
  }

  // This front-end in node-local observations.
  fun Me(): string { return format("fe{0}", id); }

  fun StartTimer() {
    curTimer = curTimer + 1;
    NTimer(net, this, curTimer);
  }


}
