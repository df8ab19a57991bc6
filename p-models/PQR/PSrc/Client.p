/*****************************************************************************************
 * A PQR client (brief PQR §2.3, §4.2 "Client write", §4.3-4.5): one operation at a time from its
 * script. Writes go to the leader it believes in; reads are client-driven: a quorum read of RQ
 * replies (phase 1), then, unless a rinse-free rule allows an immediate return, a rinse at one
 * replica until it has executed through the target slot (phase 2). Each handler names the TLA+
 * action of specs/PQR.tla it mirrors.
 *
 * The quorum read goes to RQ followers (or to every replica) and uses the first RQ replies of this
 * operation (the brief's "any RQ replicas", §4.3). With timers (cfg.resend) a
 * client resends on a timeout: a write to its leader hint or a random replica, a quorum read to
 * every replica, a rinse to a random replica together with FillTo to every replica (only a
 * leader acts on it, §4.7.3). Without timers (the liveness tests) the rinse and FillTo go at once
 * to every replica that answered phase 1.
 *****************************************************************************************/

type tOp = (write: bool, key: int);

machine Client {
  var id: int;
  var cfg: tPqrConfig;
  var net: machine;
  var reps: seq[machine];
  var script: seq[tOp];
  var next: int;
  var opId: int;
  var cur: tOp;
  var leaderHint: int;
  var replies: map[int, tQReadReply];
  var target: int;
  var captured: int;
  var timerId: int;

  start state Init {
    entry (p: (id: int, cfg: tPqrConfig, net: machine, reps: seq[machine], script: seq[tOp])) {
      id = p.id;
      cfg = p.cfg;
      net = p.net;
      reps = p.reps;
      script = p.script;
      goto NextOp;
    }
  }

  // TLA+ Invoke: the next operation of the script.
  state NextOp {
    entry {
      if (next >= sizeof(script)) { goto Finished; }
      cur = script[next];
      next = next + 1;
      opId = opId + 1;
      announce eMonInvoke, (op = OpKey(), write = cur.write, key = cur.key, val = Val());
      if (cur.write) { goto Writing; }
      goto QReading;
    }
  }

  state Writing {
    entry {
      SendWrite(leaderHint);
      ArmTimer();
    }
    // TLA+ WriteAcked.
    on eWriteAck do (m: tWriteAck) {
      if (m.opId == opId) {
        announce eMonWriteDone, OpKey();
        announce eWitWriteDone;
        goto NextOp;
      }
    }
    on eRedirect do (m: tRedirect) {
      if (m.opId == opId) {
        announce eWitRedirect;
        leaderHint = m.hint;
        if (m.hint != m.from) { SendWrite(m.hint); }
      }
    }
    on eTimeout do (t: int) {
      if (t == timerId) {
        if (choose(2) == 0) { leaderHint = choose(cfg.n); }
        SendWrite(leaderHint);
        ArmTimer();
      }
    }
    ignore eQReadReply, eRinseReply;
  }

  // Phase 1 (§4.3).
  state QReading {
    entry {
      replies = default(map[int, tQReadReply]);
      SendQReads();
      ArmTimer();
    }
    // TLA+ QuorumRead, once RQ replies of this read (M9: of any read of this key) arrived.
    on eQReadReply do (m: tQReadReply) {
      if (m.key != cur.key || !(m.opId == opId || cfg.mutant == PM9_STALE_REPLIES)) { return; }
      replies[m.from] = m;
      if (sizeof(replies) >= cfg.rq) { QuorumDone(); }
    }
    on eTimeout do (t: int) {
      if (t == timerId) {
        Broadcast(net, reps, eQRead, (client = this, opId = opId, key = cur.key));
        ArmTimer();
      }
    }
    ignore eWriteAck, eRedirect, eRinseReply;
  }

  // Phase 2 (§4.4).
  state Rinsing {
    entry {
      var r: int;
      if (cfg.resend) {
        SendRinse(choose(cfg.n));
        ArmTimer();
      } else {
        foreach (r in keys(replies)) { SendRinse(r); }
        if (cfg.fillTo) { Broadcast(net, reps, eFillTo, target); }
      }
    }
    // TLA+ RinseDone.
    on eRinseReply do (m: tRinseReply) {
      if (m.key != cur.key || !(m.opId == opId || cfg.mutant == PM9_STALE_REPLIES)) { return; }
      if (RinseOK(m, target, cfg.mutant)) {
        if (cfg.mutant == PM6_CAPTURED_VALUE) { Return(captured, m.lastExec, true); }
        else { Return(m.val, m.lastExec, true); }
      }
    }
    // A rinse timeout: try another replica, and (TLA+ AskFill) ask the leader to fill up to T.
    on eTimeout do (t: int) {
      if (t == timerId) {
        SendRinse(choose(cfg.n));
        if (cfg.fillTo) { Broadcast(net, reps, eFillTo, target); }
        ArmTimer();
      }
    }
    ignore eWriteAck, eRedirect, eQReadReply;
  }

  state Finished {
    ignore eWriteAck, eRedirect, eQReadReply, eRinseReply, eTimeout;
  }

  fun OpKey(): int { return 100 * id + opId; }
  fun Val(): int { if (cur.write) { return 10 * id + opId; } return 0; }

  fun SendWrite(dst: int) {
    NSend(net, reps[dst], eClientWrite,
          (client = this, cmd = (put = true, client = id, opId = opId, key = cur.key, val = Val())));
  }

  // §4.3: RQ replicas picked at random among those other than the leader the client believes in
  // (the paper reads from followers to spare the leader; RQ may be all of them), or, half of the
  // time, every replica (a read may ask more than RQ; late replies then exist, which M9 needs).
  // Without timers (the liveness tests) always every replica: a QRead to a replica that is down
  // would never be retried.
  fun SendQReads() {
    var cand: seq[int];
    var i: int;
    var j: int;
    if (!cfg.resend || choose(2) == 0 || cfg.rq > cfg.n - 1) {
      Broadcast(net, reps, eQRead, (client = this, opId = opId, key = cur.key));
      return;
    }
    while (i < cfg.n) { if (i != leaderHint) { cand += (sizeof(cand), i); } i = i + 1; }
    i = 0;
    while (i < cfg.rq) {
      j = choose(sizeof(cand));
      NSend(net, reps[cand[j]], eQRead, (client = this, opId = opId, key = cur.key));
      cand -= (j);
      i = i + 1;
    }
  }

  fun SendRinse(dst: int) {
    NSend(net, reps[dst], eRinse, (client = this, opId = opId, key = cur.key, target = target));
  }

  fun ArmTimer() {
    if (!cfg.resend) { return; }
    timerId = timerId + 1;
    NTimer(net, this, timerId);
  }

  // §4.3/§4.5: the target, then a rinse-free return if a rule allows it, else the rinse.
  fun QuorumDone() {
    var R: seq[tQReadReply];
    var r: int;
    var Q: seq[tQReadReply];
    var top: tQReadReply;
    foreach (r in keys(replies)) { R += (sizeof(R), replies[r]); }
    target = ReadTarget(R);
    Q = QuickReturn(R, target);
    if (sizeof(Q) > 0) {
      top = Q[choose(sizeof(Q))];
      Return(top.val, top.lastExec, false);
      return;
    }
    captured = TopReply(R).val;
    announce eMonRinse, (op = OpKey(), target = target, replies = R);
    goto Rinsing;
  }

  fun TopReply(R: seq[tQReadReply]): tQReadReply {
    var m: tQReadReply;
    var best: tQReadReply;
    best = R[0];
    foreach (m in R) { if (m.maxAcc > best.maxAcc) { best = m; } }
    return best;
  }

  // TLA+ ReadTarget (M4: the lowest reported maxAcc).
  fun ReadTarget(R: seq[tQReadReply]): int {
    var m: tQReadReply;
    var t: int;
    if (cfg.mutant == PM4_MIN_TARGET) {
      t = R[0].maxAcc;
      foreach (m in R) { if (m.maxAcc < t) { t = m.maxAcc; } }
      return t;
    }
    foreach (m in R) {
      if (cfg.perKey && m.accK > t) { t = m.accK; }
      if (!cfg.perKey && m.maxAcc > t) { t = m.maxAcc; }
    }
    return t;
  }

  // TLA+ QuickReturn: the replies a read may return from at once (M1: the top reply; M2: the
  // reply with the highest lastExec; M8: any caught-up reply; MA: none).
  fun QuickReturn(R: seq[tQReadReply], T: int): seq[tQReadReply] {
    var out: seq[tQReadReply];
    var m: tQReadReply;
    var best: tQReadReply;
    var quiet: bool;
    if (cfg.mutant == PM1_BARE_QUORUM_READ) { out += (0, TopReply(R)); return out; }
    if (cfg.mutant == PM2_NAIVE_COMMITTED) {
      best = R[0];
      foreach (m in R) { if (m.lastExec > best.lastExec) { best = m; } }
      out += (0, best);
      return out;
    }
    if (cfg.mutant == PM8_WEAK_GUARD) {
      foreach (m in R) { if (m.maxAcc == m.lastExec) { out += (sizeof(out), m); } }
      return out;
    }
    if (!cfg.rinseFree || cfg.mutant == PMA_ALWAYS_RINSE) { return out; }
    foreach (m in R) { if (m.lastExec >= T) { out += (sizeof(out), m); } }
    if (cfg.perKey) {
      quiet = true;
      best = R[0];
      foreach (m in R) {
        if (m.busy) { quiet = false; }
        if (m.exeK > best.exeK) { best = m; }
      }
      if (quiet) { out += (sizeof(out), best); }
    }
    return out;
  }

  // TLA+ Return.
  fun Return(v: int, e: int, rinsed: bool) {
    announce eMonReadDone, (op = OpKey(), val = v, e = e, target = target, rinsed = rinsed);
    if (v != InitVal()) { announce eWitReadWritten; }
    if (rinsed) { announce eWitRinsedRead; }
    if (!rinsed && v != InitVal()) { announce eWitRinseFree; }
    goto NextOp;
  }
}
