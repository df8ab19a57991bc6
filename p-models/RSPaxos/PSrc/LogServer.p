/*****************************************************************************************
 * An RS-Paxos server of the log (brief RSPaxos §4.4-4.7, §4.9): acceptor, learner, and the leader
 * of the ballot it owns. Each handler names the action of specs/RSPaxosLog.tla it mirrors.
 *
 * Durable (§1.4): the promise, the log (ballot, vid, share index per instance) and the
 * checkpointed shares (§4.9). Everything else is lost by a crash. With cfg.gc an applied
 * instance's share goes into the local store (not flushed); at points the checker chooses a
 * checkpoint makes the store's shares durable, and then applied log entries whose share is
 * checkpointed are dropped (M13: whose share is in the unflushed store). A promise reports a
 * checkpointed share of a truncated instance flagged decided; a new leader takes it as decided.
 *
 * Not here (the C# twin has them): catch-up shares (§4.7), dedup by client session (a write's
 * vid is its operation, so the apply step skips a vid already applied), and a candidate queueing
 * client requests (it ignores them; clients retry on a timeout).
 *****************************************************************************************/

machine LogServer {
  var id: int;
  var cfg: tLogConfig;
  var net: machine;
  var servers: seq[machine];
  // durable
  var promised: int;
  var log: map[int, tLEntry];
  var ckpt: map[int, tLEntry];
  // volatile
  var role: int;                 // 0 follower, 1 candidate, 2 leader
  var bal: int;
  var nextInst: int;
  var hi: int;
  var ready: bool;
  var lease: bool;
  var decided: map[int, int];
  var applied: int;
  var lastVid: int;              // the key's value: the vid of the last write applied (0: initial)
  var lastSlot: int;
  var full: set[int];            // write vids held in full (proposed, rebuilt or recovered)
  var done: set[int];            // write vids applied
  var props: map[int, int];   // slot -> vid proposed in ballot bal
  var acks: map[int, set[int]];
  var waiters: map[int, machine];
  var promises: map[int, seq[tLEntry]];
  var recov: map[int, (slot: int, vid: int, op: int, shares: map[int, int])];
  var reqIds: int;
  var unflushed: map[int, tLEntry];
  var leaderHint: int;
  var timerId: int;
  var timerOn: bool;

  start state Init {
    entry (a: (id: int, cfg: tLogConfig, net: machine)) {
      id = a.id; cfg = a.cfg; net = a.net;
      promised = 1;
    }
    on eLogSetup do (s: seq[machine]) {
      servers = s;
      Reset();
      if (id == 0) { role = 2; bal = 1; ready = true; lease = true; }
      goto Up;
    }
    defer eLPrepare, eLPromise, eLAccept, eLAccepted, eLNack, eLCommit, eLShareReq, eLShareRep, eLWrite, eLRead,
          eTimeout, eTakeOver, eLLeaseExpire, eLLeaseGone, eCrash, eRestart;
  }

  fun Owner(b: int): int { if (b <= 1) { return 0; } return cfg.n - 1; }

  fun Reset() {
    role = 0; bal = 0; nextInst = 1; hi = 0; ready = false; lease = false;
    decided = default(map[int, int]); applied = 0; lastVid = 0; lastSlot = 0;
    full = default(set[int]); done = default(set[int]);
    props = default(map[int, int]); acks = default(map[int, set[int]]);
    waiters = default(map[int, machine]); promises = default(map[int, seq[tLEntry]]);
    recov = default(map[int, (slot: int, vid: int, op: int, shares: map[int, int])]);
    unflushed = default(map[int, tLEntry]);
    timerOn = false;
    leaderHint = Owner(promised);
  }

  state Up {
    on eCrash goto Down;
    ignore eRestart;
    on eLLeaseExpire do (m: machine) { lease = false; send m, eLLeaseGone; }
    // The election (§4.6): wait until the old leader's lease has run out, then take over.
    on eTakeOver do { send servers[0], eLLeaseExpire, this; }
    on eLLeaseGone do { StartElection(); }

    // ProposeCmd (on ClientWrite): the leader proposes a write in its next instance.
    on eLWrite do (m: (client: machine, op: int)) {
      if (role == 1) { return; }
      if (role != 2) { NSend(net, m.client, eLRedirect, (op = m.op, hint = leaderHint)); return; }
      waiters[m.op] = m.client;
      if (m.op in done) { Reply(m.op, 0); return; }
      if (m.op in values(props)) { return; }
      Propose(NextSlot(), m.op);
    }

    // ServeFast (FAST at a ready lease holder; M11r: before ready), else ProposeCmd of a READMARK.
    on eLRead do (m: (client: machine, op: int, fast: bool)) {
      var s: int;
      if (role == 1) { return; }
      if (role != 2) { NSend(net, m.client, eLRedirect, (op = m.op, hint = leaderHint)); return; }
      waiters[m.op] = m.client;
      if (m.fast && lease && (ready || cfg.mutant == RM_M11R) && AppliedAllDecided()) {
        announce eWitLFastServed;
        AnswerRead(m.op);
        return;
      }
      if (-m.op in values(props)) {
        // A takeover may have re-proposed and applied this read's READMARK before the reader asked here.
        foreach (s in keys(props)) { if (props[s] == -m.op && s <= applied) { AnswerRead(m.op); return; } }
        return;
      }
      Propose(NextSlot(), -m.op);
    }

    // Promise: promise a ballot at least the promised one and report the log and the
    // checkpointed shares of truncated instances (flagged decided).
    on eLPrepare do (m: (from: machine, bal: int)) {
      if (m.bal >= promised) {
        promised = m.bal;
        StepDown(m.bal);
        NSend(net, m.from, eLPromise, (acc = id, bal = m.bal, entries = Reported()));
      } else {
        NSend(net, m.from, eLNack, (bal = m.bal, promised = promised));
      }
    }

    // Accept: accept unless promised higher (M6: always); keep the share with its index.
    on eLAccept do (m: (from: machine, bal: int, slot: int, vid: int, idx: int)) {
      if (m.bal >= promised || cfg.mutant == RM_M6) {
        if (m.bal > promised) { promised = m.bal; StepDown(m.bal); }
        log[m.slot] = (slot = m.slot, bal = m.bal, vid = m.vid, idx = m.idx, decided = false);
        announce eLMonVote, (acc = id, bal = m.bal, slot = m.slot, vid = m.vid);
        announce eMonShare, (acc = id, idx = m.idx);
        NSend(net, m.from, eLAccepted, (acc = id, bal = m.bal, slot = m.slot, vid = m.vid));
      } else {
        NSend(net, m.from, eLNack, (bal = m.bal, promised = promised));
      }
    }

    // Decide: QW Accepted of the leader's ballot (M7: QW - 1); Commit to the others; apply.
    on eLAccepted do (m: (acc: int, bal: int, slot: int, vid: int)) {
      var need: int;
      if (role != 2 || m.bal != bal || !(m.slot in props) || props[m.slot] != m.vid) { return; }
      acks[m.slot] += (m.acc);
      need = cfg.qw;
      if (cfg.mutant == RM_M7) { need = cfg.qw - 1; }
      if (sizeof(acks[m.slot]) < need || m.slot in decided) { return; }
      Learn(m.slot, m.vid);
      Broadcast(net, Others(), eLCommit, (slot = m.slot, vid = m.vid));
      ApplyReady();
    }

    // LearnCommit.
    on eLCommit do (m: (slot: int, vid: int)) {
      if (m.slot in decided) { return; }
      Learn(m.slot, m.vid);
      ApplyReady();
    }

    on eLNack do (m: (bal: int, promised: int)) {
      if (role != 0 && m.bal == bal && m.promised > bal) {
        if (m.promised > promised) { promised = m.promised; }
        StepDown(m.promised);
      }
    }

    on eLPromise do (m: (acc: int, bal: int, entries: seq[tLEntry])) {
      if (role != 1 || m.bal != bal) { return; }
      promises[m.acc] = m.entries;
      TryLead();
    }

    // Recovery read (§4.5): the share of (slot, vid) (M12: the newest write entry of the key).
    on eLShareReq do (m: (from: machine, id: int, slot: int, vid: int)) {
      var e: tLEntry;
      var s: int;
      var found: bool;
      if (cfg.mutant == RM_M12) {
        foreach (s in keys(log)) {
          if (IsPut(log[s].vid) && (!found || s > e.slot)) { e = log[s]; found = true; }
        }
        if (found) { NSend(net, m.from, eLShareRep, (id = m.id, slot = e.slot, vid = e.vid, idx = e.idx)); }
        return;
      }
      if (OwnIdx(m.slot, m.vid) >= 0) {
        NSend(net, m.from, eLShareRep, (id = m.id, slot = m.slot, vid = m.vid, idx = OwnIdx(m.slot, m.vid)));
      }
    }

    on eLShareRep do (m: (id: int, slot: int, vid: int, idx: int)) {
      if (!(m.id in recov)) { return; }
      if (!(m.slot == recov[m.id].slot && m.vid == recov[m.id].vid) && !(cfg.mutant == RM_M12 && IsPut(m.vid))) { return; }
      if (!(m.idx in recov[m.id].shares)) { recov[m.id].shares[m.idx] = m.vid; }
      TryFinish(m.id);
    }

    on eTimeout do (t: int) { OnTimeout(t); }
  }

  state Down {
    on eRestart do {
      Reset();
      announce eLMonRestart, id;
      goto Up;
    }
    on eLLeaseExpire do (m: machine) { send m, eLLeaseGone; }
    ignore eLPrepare, eLPromise, eLAccept, eLAccepted, eLNack, eLCommit, eLShareReq, eLShareRep, eLWrite, eLRead,
           eTimeout, eTakeOver, eLLeaseGone, eCrash;
  }

  fun Others(): seq[machine] {
    var o: seq[machine];
    var i: int;
    while (i < sizeof(servers)) { if (i != id) { o += (sizeof(o), servers[i]); } i = i + 1; }
    return o;
  }

  // The instance for a new command (MB: always instance 1).
  fun NextSlot(): int {
    nextInst = nextInst + 1;
    if (cfg.mutant == RM_MB) { return 1; }
    return nextInst - 1;
  }

  fun Learn(s: int, v: int) {
    decided[s] = v;
    announce eLMonDecided, (r = id, slot = s, vid = v);
  }

  fun AppliedAllDecided(): bool {
    var s: int;
    foreach (s in keys(decided)) { if (s > applied) { return false; } }
    return true;
  }

  // The index of this server's share of (slot, vid): log, checkpoint or unflushed store; -1 if none.
  fun OwnIdx(s: int, v: int): int {
    if (s in log && log[s].vid == v) { return log[s].idx; }
    if (s in ckpt && ckpt[s].vid == v) { return ckpt[s].idx; }
    if (s in unflushed && unflushed[s].vid == v) { return unflushed[s].idx; }
    return -1;
  }

  fun Reported(): seq[tLEntry] {
    var out: seq[tLEntry];
    var s: int;
    var e: tLEntry;
    foreach (s in keys(log)) { out += (sizeof(out), log[s]); }
    foreach (s in keys(ckpt)) {
      if (!(s in log)) { e = ckpt[s]; e.decided = true; out += (sizeof(out), e); }
    }
    return out;
  }

  // Phase2 (TLA+ ProposeCmd / BecomeLeader's re-proposals): server i gets share index i.
  fun Propose(s: int, v: int) {
    props[s] = v;
    acks[s] = default(set[int]);
    if (IsPut(v)) { full += (v); }
    announce eLMonAcceptSent, (bal = bal, slot = s, vid = v);
    SendAccepts(s);
    ArmTimer();
    if (cfg.mutant == RM_MX && !(s in decided)) { decided[s] = v; ApplyReady(); }   // MX: applied before decided
  }

  fun SendAccepts(s: int) {
    var i: int;
    while (i < sizeof(servers)) {
      NSend(net, servers[i], eLAccept, (from = this, bal = bal, slot = s, vid = props[s], idx = i));
      i = i + 1;
    }
  }

  fun Reply(op: int, val: int) {
    if (op in waiters) { NSend(net, waiters[op], eLReply, (op = op, val = val)); waiters -= (op); }
  }

  // Apply (ApplyReady): decided instances in order; a write not applied before becomes the key's
  // value; the leader answers the writer, and the reader of a READMARK from its store.
  fun ApplyReady() {
    var s: int;
    var v: int;
    while ((applied + 1) in decided) {
      s = applied + 1;
      v = decided[s];
      applied = s;
      if (IsPut(v) && !(v in done)) { done += (v); lastVid = v; lastSlot = s; }
      announce eLMonApply, (r = id, slot = s, vid = v, keyVid = lastVid);
      if (cfg.gc && s in log && log[s].vid == v) { unflushed[s] = log[s]; }
      if (role == 2) {
        if (IsPut(v)) { Reply(v, 0); }
        if (v < -1 && (-v) in waiters) { AnswerRead(-v); }
      }
    }
    if (cfg.gc && sizeof(unflushed) > 0) { CollectGarbage(); }
    if (role == 2 && !ready && applied >= hi) { ready = true; lease = true; announce eWitLReady; }
  }

  // §4.9 [PROPOSED]: maybe checkpoint, then drop the applied entries whose share is isSafe.
  fun CollectGarbage() {
    var s: int;
    var drop: seq[int];
    var isSafe: bool;
    if ($) {
      foreach (s in keys(unflushed)) {
        ckpt[s] = unflushed[s];
        announce eLMonCheckpoint, (acc = id, slot = s, vid = unflushed[s].vid);
      }
      unflushed = default(map[int, tLEntry]);
      announce eWitLCheckpoint;
    }
    foreach (s in keys(log)) {
      if (s <= applied && s in decided && decided[s] == log[s].vid) {
        isSafe = s in ckpt && ckpt[s].vid == log[s].vid;
        if (cfg.mutant == RM_M13 && s in unflushed && unflushed[s].vid == log[s].vid) { isSafe = true; }
        if (isSafe) { drop += (sizeof(drop), s); }
      }
    }
    foreach (s in drop) {
      log -= (s);
      announce eLMonTruncate, (acc = id, slot = s);
      announce eWitLTruncate;
    }
  }

  // §4.5: the store's value, rebuilt by a recovery read when the leader holds only a share.
  fun AnswerRead(op: int) {
    var rid: int;
    if (lastVid == 0 || lastVid in full) { Reply(op, lastVid); return; }
    reqIds = reqIds + 1;
    rid = reqIds;
    recov[rid] = (slot = lastSlot, vid = lastVid, op = op, shares = default(map[int, int]));
    if (OwnIdx(lastSlot, lastVid) >= 0) { recov[rid].shares[OwnIdx(lastSlot, lastVid)] = lastVid; }
    Broadcast(net, Others(), eLShareReq, (from = this, id = rid, slot = lastSlot, vid = lastVid));
    ArmTimer();
    TryFinish(rid);
  }

  fun TryFinish(rid: int) {
    var i: int;
    var result: int;
    if (sizeof(recov[rid].shares) < cfg.x) { return; }
    result = recov[rid].vid;
    foreach (i in keys(recov[rid].shares)) { if (recov[rid].shares[i] != recov[rid].vid) { result = LGARBAGE(); } }
    announce eLMonRecovered, (slot = recov[rid].slot, vid = recov[rid].vid, result = result);
    announce eWitLRecovery;
    if (result == recov[rid].vid) { full += (result); }
    Reply(recov[rid].op, result);
    recov -= (rid);
  }

  // StartTakeover: ballot 2, one Prepare for every instance.
  fun StartElection() {
    bal = 2;
    if (promised < bal) { promised = bal; }
    role = 1; ready = false; lease = false;
    leaderHint = id;
    promises = default(map[int, seq[tLEntry]]);
    promises[id] = Reported();
    Broadcast(net, Others(), eLPrepare, (from = this, bal = bal));
    ArmTimer();
    TryLead();
  }

  // BecomeLeader: with QR promises, every instance up to the highest reported that is not known
  // decided is learned from a flagged share or gets §4.3's SelectValue, and is proposed again.
  fun TryLead() {
    var a: int;
    var e: tLEntry;
    var all: seq[tLEntry];
    var s: int;
    var flagged: int;
    if (sizeof(promises) < cfg.qr) { return; }
    foreach (a in keys(promises)) { foreach (e in promises[a]) { all += (sizeof(all), e); if (e.slot > hi) { hi = e.slot; } } }
    foreach (s in keys(decided)) { if (s > hi) { hi = s; } }
    role = 2;
    if (cfg.mutant == RM_M11R) { lease = true; }   // M11r: FAST reads at once, before the takeover is applied
    announce eWitLTakeover;
    props = default(map[int, int]);
    acks = default(map[int, set[int]]);
    s = 1;
    while (s <= hi) {
      if (!(s in decided)) {
        flagged = 0;
        foreach (e in all) { if (e.slot == s && e.decided) { flagged = e.vid; } }
        if (flagged != 0) {
          Learn(s, flagged);
          Broadcast(net, Others(), eLCommit, (slot = s, vid = flagged));
          announce eWitLFlagged;
        } else {
          Propose(s, SelectValue(s, all));
        }
      }
      s = s + 1;
    }
    nextInst = hi + 1;
    ApplyReady();
    ArmTimer();
  }

  // §4.3 per instance: pieces grouped by vid across ballots; a write needs X distinct share
  // indices (a NoOp or READMARK one report); the rebuildable vid with the highest reported ballot;
  // else NoOp.
  fun SelectValue(s: int, all: seq[tLEntry]): int {
    var e: tLEntry;
    var vids: set[int];
    var v: int;
    var idxs: set[int];
    var top: int;
    var best: int;
    var bestTop: int;
    foreach (e in all) { if (e.slot == s) { vids += (e.vid); } }
    foreach (v in vids) {
      idxs = default(set[int]);
      top = 0;
      foreach (e in all) { if (e.slot == s && e.vid == v) { idxs += (e.idx); if (e.bal > top) { top = e.bal; } } }
      if ((!IsPut(v) || sizeof(idxs) >= cfg.x) && (best == 0 || top > bestTop)) { best = v; bestTop = top; }
    }
    if (best == 0) { announce eWitLNoOp; return NOOP(); }
    if (IsPut(best)) { announce eWitLRebuilt; }
    return best;
  }

  fun StepDown(b: int) {
    var op: int;
    leaderHint = Owner(b);
    if (role == 0 || bal >= b) { return; }
    role = 0; ready = false; lease = false;
    foreach (op in keys(waiters)) { NSend(net, waiters[op], eLRedirect, (op = op, hint = leaderHint)); }
    waiters = default(map[int, machine]);
    props = default(map[int, int]);
    acks = default(map[int, set[int]]);
    recov = default(map[int, (slot: int, vid: int, op: int, shares: map[int, int])]);
  }

  fun ArmTimer() {
    if (timerOn) { return; }
    timerOn = true;
    timerId = timerId + 1;
    NTimer(net, this, timerId);
  }

  // Resends (loss tolerance): Prepare while a candidate; Accepts of undecided instances and
  // ShareRequests of unfinished recovery reads while a leader.
  fun OnTimeout(t: int) {
    var s: int;
    var rid: int;
    var open: bool;
    if (t != timerId) { return; }
    timerOn = false;
    if (role == 1) { Broadcast(net, Others(), eLPrepare, (from = this, bal = bal)); ArmTimer(); return; }
    if (role != 2) { return; }
    foreach (s in keys(props)) { if (!(s in decided)) { SendAccepts(s); open = true; } }
    foreach (rid in keys(recov)) {
      Broadcast(net, Others(), eLShareReq, (from = this, id = rid, slot = recov[rid].slot, vid = recov[rid].vid));
      open = true;
    }
    if (open) { ArmTimer(); }
  }
}
