/*****************************************************************************************
 * A PQR replica (brief PQR §2.1-2.2, §4.1-4.4): acceptor, learner and executor of the key-value
 * state machine, and proposer (candidate or leader). Each handler names the action of
 * specs/PQR.tla it mirrors.
 *
 * Durable (brief §1.4): promised, the log (with its committed flags) and the high-water marks
 * maxAcc and accK. Everything else is volatile: after a crash (state Down, every message ignored)
 * the replica restarts as a follower, re-executes its committed prefix from slot 1 and has
 * forgotten its leadership, proposals and parked rinses (TLA+ Crash, Recover).
 *
 * Leader change: replica 0 leads ballot 1 from the start (brief §7 "stable"); the environment's
 * election (Common/Network.p, eTakeOver) makes the standby replica start an election with its
 * next own ballot (TLA+ StartElection), while the old leader crashes or keeps running.
 *****************************************************************************************/

enum tRole { FOLLOWER, CANDIDATE, LEADER }

machine Replica {
  var id: int;
  var cfg: tPqrConfig;
  var net: machine;
  var peers: seq[machine];
  // durable (§2.1)
  var promised: int;
  var log: map[int, tEntry];
  var maxAcc: int;
  var accK: map[int, int];
  // volatile (§2.1-2.2)
  var lastExec: int;
  var kv: map[int, int];
  var exeK: map[int, int];
  var session: map[int, int];
  var role: tRole;
  var myBal: int;
  var nextSlot: int;
  var prop: map[int, tCmd];
  var acks: map[int, seq[int]];   // per slot, the distinct P2b senders (PMDA: every P2b)
  var p1bs: map[int, seq[tP1bEntry]];
  var pending: seq[tClientWrite];
  var leaderHint: int;
  var parked: seq[tRinse];
  var fillHint: int;     // the highest FillTo seen: a replica that becomes leader fills up to it
  var timerId: int;
  var timerOn: bool;
  var clients: map[int, machine];   // client id -> machine, learned from its writes
  var heard: seq[tCmd];              // writes this replica was sent while not leading (used by M15 only)

  start state Init {
    entry (p: (id: int, cfg: tPqrConfig, net: machine)) {
      id = p.id;
      cfg = p.cfg;
      net = p.net;
      promised = 1;
      Reset();
      if (id == 0) { role = LEADER; myBal = 1; announce eLocalBallotStart, (proposer = "r0", group = "", bal = (hi = 1, lo = 0), action = "Init (replica 0 leads ballot 1)"); }
    }
    on eSetup do (ps: seq[machine]) { peers = ps; goto Up; }
    defer eClientWrite, eP1a, eP1b, eP2a, eP2b, eNack, eCommit, eFillTo, eQRead, eRinse, eTakeOver, eCrash, eRestart, eTimeout;
  }

  state Up {
    on eClientWrite do OnClientWrite;
    on eP1a do OnP1a;
    on eP1b do OnP1b;
    on eP2a do OnP2a;
    on eP2b do OnP2b;
    on eNack do OnNack;
    on eCommit do OnCommit;
    on eFillTo do OnFillTo;
    on eQRead do OnQRead;
    on eRinse do OnRinse;
    on eTakeOver do { StartElection(); }
    on eTimeout do OnTimeout;
    on eCrash goto Down;
    ignore eRestart;
  }

  // Crashed: durable state kept, everything else lost on restart (TLA+ Crash, Recover).
  state Down {
    ignore eClientWrite, eP1a, eP1b, eP2a, eP2b, eNack, eCommit, eFillTo, eQRead, eRinse, eTakeOver, eTimeout, eCrash;
    on eRestart do { Recover(); goto Up; }
  }

  // ---- volatile state ----
  fun Reset() {
    var k: int;
    lastExec = 0;
    kv = default(map[int, int]);
    exeK = default(map[int, int]);
    session = default(map[int, int]);
    while (k < cfg.nkeys) {
      kv[k] = InitVal();
      exeK[k] = 0;
      if (!(k in accK)) { accK[k] = 0; }
      k = k + 1;
    }
    role = FOLLOWER;
    myBal = 0;
    nextSlot = 1;
    prop = default(map[int, tCmd]);
    acks = default(map[int, seq[int]]);
    p1bs = default(map[int, seq[tP1bEntry]]);
    pending = default(seq[tClientWrite]);
    leaderHint = Owner(promised, cfg.n);
    parked = default(seq[tRinse]);
    timerOn = false;
  }

  // TLA+ Recover: reload the durable state (M18: the high-water marks read 0), lose the rest,
  // re-execute the committed prefix.
  fun Recover() {
    var k: int;
    Reset();
    if (cfg.mutant == PM18_AMNESIA) {
      maxAcc = 0;
      while (k < cfg.nkeys) { accK[k] = 0; k = k + 1; }
    }
    if (cfg.mutant == PMPV_PROMISE_VOLATILE) { promised = MaxLogBal(); }
    ReportPromise("Recover");
    announce eMonRestart, id;
    AnnounceHigh();
    if (Apply() > 0) { announce eWitRecovered; }
  }

  // Node-local observations (catalogue PQR-N1..N5, p-models/Common/PSpec/LocalRules.p): a replica
  // is r<id>, a ballot b is ⟨b, 0⟩.
  fun Me(): string { return format("r{0}", id); }
  fun LB(b: int): tLBal { return (hi = b, lo = 0); }
  fun ReportPromise(action: string) { announce eLocalPromise, (node = Me(), promised = LB(promised), action = action); }

  fun Entry(s: int): tEntry {
    if (s in log) { return log[s]; }
    return EmptyEntry();
  }

  fun AnnounceHigh() { announce eMonHigh, (r = id, maxAcc = maxAcc, accK = accK); }

  // §4.1 NoteSlot: the high-water marks never decrease.
  fun NoteSlot(s: int, cmd: tCmd) {
    if (s > maxAcc) { maxAcc = s; }
    if (cmd.put && s > accK[cmd.key]) { accK[cmd.key] = s; }
    AnnounceHigh();
  }

  fun Send(dst: int, e: event, payload: any) { NSend(net, peers[dst], e, payload); }

  // ---- acceptor and learner (§4.1) ----

  // TLA+ P1b(r, b): the entries a promise reports (M13: committed ones left out).
  fun P1bEntries(): seq[tP1bEntry] {
    var out: seq[tP1bEntry];
    var s: int;
    foreach (s in keys(log)) {
      if (log[s].has && !(cfg.mutant == PM13_P1B_NO_COMMITTED && log[s].com)) {
        out += (sizeof(out), (slot = s, bal = log[s].bal, cmd = log[s].cmd, com = log[s].com));
      }
    }
    return out;
  }

  // TLA+ HandleP1a: promise a higher ballot and report the log. A retransmitted P1a of the
  // ballot already promised is answered again (its P1b may have been lost; in TLA+ messages are
  // never lost, so HandleP1a needs only the strictly higher case).
  // PMPV: the highest ballot in the log (at least 1), the promise a replica without a durable promise would rebuild.
  fun MaxLogBal(): int {
    var s: int;
    var b: int;
    b = 1;
    foreach (s in keys(log)) { if (log[s].bal > b) { b = log[s].bal; } }
    return b;
  }

  fun OnP1a(m: tP1a) {
    if (m.bal >= promised) {
      promised = m.bal;
      ReportPromise("HandleP1a");
      StepDown(m.bal);
      Send(m.from, eP1b, (from = id, bal = m.bal, entries = P1bEntries()));
    } else {
      Send(m.from, eNack, (bal = m.bal, promised = promised));
    }
  }

  fun StepDown(b: int) {
    leaderHint = Owner(b, cfg.n);
    if (role != FOLLOWER && myBal < b) {
      role = FOLLOWER;
      pending = default(seq[tClientWrite]);
    }
  }

  // TLA+ HandleP2a: accept (a committed entry is kept), note the slot, vote (M17: below the promise too).
  fun OnP2a(m: tP2a) {
    if (m.bal >= promised || cfg.mutant == PM17_ACCEPT_BELOW) {
      if (m.bal > promised) { promised = m.bal; StepDown(m.bal); }
      if (!Entry(m.slot).com) { log[m.slot] = (bal = m.bal, cmd = m.cmd, has = true, com = false); }
      NoteSlot(m.slot, m.cmd);
      announce eLocalVote, (node = Me(), slot = format("{0}", m.slot), bal = LB(m.bal), value = format("{0}", m.cmd), promised = LB(promised), action = "HandleP2a");
      announce eMonVote, (acc = id, slot = m.slot, bal = m.bal, cmd = m.cmd);
      Send(m.from, eP2b, (from = id, bal = m.bal, slot = m.slot));
      if (cfg.mutant == PMX_EXEC_UNCOMMITTED) { Apply(); }
    } else {
      Send(m.from, eNack, (bal = m.bal, promised = promised));
    }
  }

  // TLA+ HandleCommit: learn that a slot is chosen, then execute what is ready.
  fun OnCommit(m: tCommitMsg) {
    var e: tEntry;
    e = Entry(m.slot);
    if (!e.com) {
      if (e.bal > m.bal) { log[m.slot] = (bal = e.bal, cmd = m.cmd, has = true, com = true); }
      else { log[m.slot] = (bal = m.bal, cmd = m.cmd, has = true, com = true); }
      NoteSlot(m.slot, m.cmd);
      announce eMonCommit, (r = id, slot = m.slot, cmd = m.cmd);
      Apply();
      AnswerParked();
    }
  }

  // TLA+ Execute, repeated (§4.1 ApplyCommitted): execute slots in order while the next one is
  // committed (MX: merely accepted). A Put its session already applied is skipped (M16: applied
  // again). The leader that proposed a write acknowledges it here (§4.7.5). Returns the number
  // of slots executed.
  fun Apply(): int {
    var s: int;
    var e: tEntry;
    var n: int;
    while (true) {
      s = lastExec + 1;
      e = Entry(s);
      if (!(e.com || (cfg.mutant == PMX_EXEC_UNCOMMITTED && e.has))) { break; }
      if (e.cmd.put) {
        exeK[e.cmd.key] = s;
        if (cfg.mutant == PM16_NO_DEDUP || !(e.cmd.client in session) || e.cmd.opId > session[e.cmd.client]) {
          kv[e.cmd.key] = e.cmd.val;
          session[e.cmd.client] = e.cmd.opId;
        } else {
          announce eWitRetrySkipped;
        }
      } else {
        announce eWitNoOp;
      }
      lastExec = s;
      n = n + 1;
      announce eMonExec, (r = id, slot = s, cmd = e.cmd, committed = e.com, kv = kv);
      if (role == LEADER && s in prop && prop[s] == e.cmd && e.cmd.put && cfg.mutant != PM15_ACK_AT_COMMIT) {
        Ack(e.cmd, s);
      }
    }
    if (n > 0) { AnswerParked(); }
    return n;
  }

  // A leader acknowledges a write it learned from a P1b only if it heard from the client; otherwise
  // the client's retry brings the acknowledgement (OnClientWrite).
  fun Ack(cmd: tCmd, s: int) {
    if (cmd.client in clients) { NSend(net, clients[cmd.client], eWriteAck, (opId = cmd.opId, slot = s)); }
  }

  // ---- the PQR read handlers (§4.3-4.4), read-only ----

  // TLA+ AnswerQRead: one atomic snapshot (M1: the newest log value for the key; M7: the
  // contiguous high-water mark; M10: "in progress" misses the top slot).
  fun OnQRead(m: tQRead) {
    var r: tQReadReply;
    r = (from = id, opId = m.opId, key = m.key, maxAcc = ReportedMaxAcc(), lastExec = lastExec,
         accK = accK[m.key], exeK = exeK[m.key], busy = KeyBusy(m.key), val = QReadVal(m.key));
    announce eMonReply, (r = id, lastExec = lastExec, key = m.key, val = r.val);
    NSend(net, m.client, eQReadReply, r);
  }

  fun ReportedMaxAcc(): int {
    var s: int;
    if (cfg.mutant != PM7_CONTIGUOUS) { return maxAcc; }
    while (Entry(s + 1).has) { s = s + 1; }
    return s;
  }

  fun KeyBusy(k: int): bool {
    var s: int;
    if (cfg.mutant != PM10_PERKEY_OFF_BY_ONE) { return accK[k] > exeK[k]; }
    s = lastExec + 1;
    while (s < maxAcc) {
      if (Entry(s).has && Entry(s).cmd.put && Entry(s).cmd.key == k) { return true; }
      s = s + 1;
    }
    return false;
  }

  fun QReadVal(k: int): int {
    var s: int;
    if (cfg.mutant == PM1_BARE_QUORUM_READ) {
      s = maxAcc;
      while (s > 0) {
        if (Entry(s).has && Entry(s).cmd.put && Entry(s).cmd.key == k) { return Entry(s).cmd.val; }
        s = s - 1;
      }
    }
    return kv[k];
  }

  fun RinseReplyFor(m: tRinse): tRinseReply {
    return (from = id, opId = m.opId, key = m.key, lastExec = lastExec, exeK = exeK[m.key],
            comT = m.target > 0 && Entry(m.target).com, val = kv[m.key]);
  }

  // TLA+ AnswerRinse: answer once the reply would end the read (the parked variant of §4.4).
  fun OnRinse(m: tRinse) {
    var r: tRinseReply;
    r = RinseReplyFor(m);
    if (RinseOK(r, m.target, cfg.mutant)) { SendRinseReply(m, r); }
    else { parked += (sizeof(parked), m); }
  }

  fun SendRinseReply(m: tRinse, r: tRinseReply) {
    announce eMonReply, (r = id, lastExec = r.lastExec, key = r.key, val = r.val);
    NSend(net, m.client, eRinseReply, r);
  }

  fun AnswerParked() {
    var i: int;
    var r: tRinseReply;
    while (i < sizeof(parked)) {
      r = RinseReplyFor(parked[i]);
      if (RinseOK(r, parked[i].target, cfg.mutant)) {
        SendRinseReply(parked[i], r);
        announce eWitParked;
        parked -= (i);
      } else {
        i = i + 1;
      }
    }
  }

  // ---- proposer (§4.2) ----

  // TLA+ Propose (and the redirect of §3.1): a leader proposes a write in its next free slot
  // unless it already holds it (then it acknowledges it again if executed); a candidate keeps it
  // for later; a follower redirects.
  fun OnClientWrite(w: tClientWrite) {
    var s: int;
    clients[w.cmd.client] = w.client;
    if (role != LEADER && !(w.cmd in heard)) { heard += (sizeof(heard), w.cmd); }
    if (role == CANDIDATE) { pending += (sizeof(pending), w); return; }
    if (role != LEADER) {
      NSend(net, w.client, eRedirect, (from = id, opId = w.cmd.opId, hint = leaderHint));
      return;
    }
    // §4.2's optional duplicate check (off: the write is proposed again, M16 territory).
    if (cfg.dupCheck) {
      foreach (s in keys(prop)) {
        if (prop[s] == w.cmd) {
          if (s <= lastExec || (cfg.mutant == PM15_ACK_AT_COMMIT && Entry(s).com)) { Ack(w.cmd, s); }
          return;
        }
      }
    }
    Propose(w.cmd);
  }

  fun Propose(cmd: tCmd) {
    var s: int;
    s = nextSlot;
    nextSlot = nextSlot + 1;
    prop[s] = cmd;
    acks[s] = default(seq[int]);
    announce eLocalPropose, (proposer = Me(), slot = format("{0}", s), bal = LB(myBal), value = format("{0}", cmd), action = "Propose");
    Broadcast(net, peers, eP2a, (from = id, bal = myBal, slot = s, cmd = cmd));
    ArmTimer();
  }

  // TLA+ CommitSlot: P2bs of its ballot from a phase-2 quorum (MC: one fewer; MQ: all n).
  fun OnP2b(m: tP2b) {
    var a: seq[int];
    var need: int;
    var x: int;
    var counted: seq[tLCounted];
    if (role != LEADER || m.bal != myBal || !(m.slot in prop)) { return; }
    a = acks[m.slot];
    if (!(m.from in a) || cfg.mutant == PMDA_DUPLICATE_ACKS) { a += (sizeof(a), m.from); }
    acks[m.slot] = a;
    need = cfg.q2;
    if (cfg.mutant == PMC_COMMIT_SHORT) { need = cfg.q2 - 1; }
    if (cfg.mutant == PMQ_WAIT_ALL) { need = cfg.n; }
    if (sizeof(a) >= need && !Entry(m.slot).com) {
      foreach (x in a) { counted += (sizeof(counted), (from = format("r{0}", x), bal = LB(m.bal))); }
      announce eLocalQuorum, (node = Me(), phase = "P2b", bal = LB(myBal), replies = counted, needed = cfg.q2, action = "CommitSlot");
      Broadcast(net, peers, eCommit, (bal = myBal, slot = m.slot, cmd = prop[m.slot]));
      if (cfg.mutant == PM15_ACK_AT_COMMIT && prop[m.slot].put) { Ack(prop[m.slot], m.slot); }
      OnCommit((bal = myBal, slot = m.slot, cmd = prop[m.slot]));
    }
  }

  // TLA+ StartElection: the next own ballot above every promise (durable, never reused).
  fun StartElection() {
    var b: int;
    b = promised + 1;
    while (Owner(b, cfg.n) != id && cfg.mutant != PMBO_BALLOT_NOT_OWNED) { b = b + 1; }
    promised = b;
    myBal = b;
    announce eLocalBallotStart, (proposer = Me(), group = "", bal = LB(b), action = "StartElection");
    ReportPromise("StartElection");
    role = CANDIDATE;
    leaderHint = id;
    p1bs = default(map[int, seq[tP1bEntry]]);
    p1bs[id] = P1bEntries();
    Broadcast(net, Others(), eP1a, (from = id, bal = b));
    ArmTimer();
    TryLead();
  }

  fun Others(): seq[machine] {
    var out: seq[machine];
    var i: int;
    while (i < sizeof(peers)) {
      if (i != id) { out += (sizeof(out), peers[i]); }
      i = i + 1;
    }
    return out;
  }

  fun OnP1b(m: tP1b) {
    if (role != CANDIDATE || m.bal != myBal) { return; }
    p1bs[m.from] = m.entries;
    TryLead();
  }

  // TLA+ BecomeLeader: with promises from a phase-1 quorum, every slot up to the highest reported
  // one gets its committed command, else the command of the highest ballot reported, else a NoOp
  // (M15: a pending client write may go into the hole).
  fun TryLead() {
    var top: int;
    var a: int;
    var e: tP1bEntry;
    var s: int;
    var best: map[int, tP1bEntry];
    var v: tCmd;
    var w: tClientWrite;
    var counted: seq[tLCounted];
    if (sizeof(p1bs) < cfg.q1) { return; }
    foreach (a in keys(p1bs)) { counted += (sizeof(counted), (from = format("r{0}", a), bal = LB(myBal))); }
    announce eLocalQuorum, (node = Me(), phase = "P1b", bal = LB(myBal), replies = counted, needed = cfg.q1, action = "BecomeLeader");
    foreach (a in keys(p1bs)) {
      foreach (e in p1bs[a]) {
        if (e.slot > top) { top = e.slot; }
        if (!(e.slot in best) || (e.com && !best[e.slot].com) || (!best[e.slot].com && Prefer(e.bal, best[e.slot].bal))) {
          best[e.slot] = e;
        }
      }
    }
    RuleMatters(top);
    role = LEADER;
    announce eWitNewLeader;
    prop = default(map[int, tCmd]);
    acks = default(map[int, seq[int]]);
    s = 1;
    while (s <= top) {
      if (s in best) { v = best[s].cmd; }
      else {
        v = NoOp();
        if (cfg.mutant == PM15_ACK_AT_COMMIT) { v = HoleWrite(best); }
      }
      announce eLocalSelect, (proposer = Me(), slot = format("{0}", s), bal = LB(myBal), reports = Reports(s), value = format("{0}", v), action = "BecomeLeader");
      prop[s] = v;
      acks[s] = default(seq[int]);
      announce eLocalPropose, (proposer = Me(), slot = format("{0}", s), bal = LB(myBal), value = format("{0}", v), action = "BecomeLeader");
      Broadcast(net, peers, eP2a, (from = id, bal = myBal, slot = s, cmd = v));
      s = s + 1;
    }
    nextSlot = top + 1;
    if (cfg.mutant == PMNS_NEXT_SLOT_OFF_BY_ONE && top > 0) { nextSlot = top; }
    foreach (w in pending) { OnClientWrite(w); }
    pending = default(seq[tClientWrite]);
    if (cfg.fillTo) { FillTo(fillHint); }
    ArmTimer();
  }

  // The selection rule of BecomeLeader: the higher ballot's command wins (MSL: the lower one's;
  // MSA: the first reported).
  fun Prefer(bal: int, than: int): bool {
    if (cfg.mutant == PMSL_LOWEST_BALLOT) { return bal < than; }
    if (cfg.mutant == PMSA_ANY_REPORT) { return false; }
    return bal > than;
  }

  // Every entry the Phase-1 quorum reported for slot s, as received (N6's input).
  fun Reports(s: int): seq[tLReported] {
    var a: int;
    var e: tP1bEntry;
    var out: seq[tLReported];
    foreach (a in keys(p1bs)) {
      foreach (e in p1bs[a]) {
        if (e.slot == s) {
          out += (sizeof(out), (from = format("r{0}", a), bal = LB(e.bal), value = format("{0}", e.cmd), chosen = e.com));
        }
      }
    }
    return out;
  }

  // "Rule matters" witness (issue 46): for some slot the Phase-1 quorum reported different
  // uncommitted commands at different ballots, so the highest ballot's command differs from the
  // lowest's or the first reported one.
  fun RuleMatters(top: int) {
    var s: int;
    var a: int;
    var e: tP1bEntry;
    var first: tP1bEntry;
    var has: bool;
    s = 1;
    while (s <= top) {
      has = false;
      foreach (a in keys(p1bs)) {
        foreach (e in p1bs[a]) {
          if (e.slot == s && !e.com) {
            if (!has) { first = e; has = true; }
            else if (e.bal != first.bal && e.cmd != first.cmd) { announce eWitRuleMatters; return; }
          }
        }
      }
      s = s + 1;
    }
  }

  // M15's hole rule (TLA+ MutantM15HoleCmds): a client write the replica was sent and that is
  // neither reported in the P1bs nor already placed, else a NoOp.
  fun HoleWrite(best: map[int, tP1bEntry]): tCmd {
    var c: tCmd;
    var s: int;
    var used: bool;
    foreach (c in heard) {
      used = false;
      foreach (s in keys(best)) { if (best[s].cmd == c) { used = true; } }
      foreach (s in keys(prop)) { if (prop[s] == c) { used = true; } }
      if (!used) { return c; }
    }
    return NoOp();
  }

  // TLA+ Nack handling (§4.2, liveness only): a higher ballot exists, step down.
  fun OnNack(m: tNack) {
    if (role != FOLLOWER && m.bal == myBal && m.promised > myBal) {
      if (m.promised > promised) { promised = m.promised; ReportPromise("HandleNack"); }
      StepDown(m.promised);
    }
  }

  // TLA+ HandleFillTo (§4.7.3): the leader proposes NoOps up to the requested slot; any replica
  // remembers the request, so that a candidate fills up to it once it leads.
  fun OnFillTo(upTo: int) {
    if (upTo > fillHint) { fillHint = upTo; }
    if (role == LEADER && cfg.fillTo) { FillTo(upTo); }
  }

  fun FillTo(upTo: int) {
    if (nextSlot <= upTo) { announce eWitFillTo; }
    while (nextSlot <= upTo) { Propose(NoOp()); }
  }

  // Retransmission (§4.2 timers, loss tolerance only): a candidate resends P1a; a leader resends
  // P2a for its uncommitted slots and Commit for the rest, while any slot is uncommitted.
  fun ArmTimer() {
    if (!cfg.resend || timerOn) { return; }
    timerOn = true;
    timerId = timerId + 1;
    NTimer(net, this, timerId);
  }

  fun OnTimeout(t: int) {
    var s: int;
    var open: bool;
    if (t != timerId) { return; }
    timerOn = false;
    if (role == CANDIDATE) {
      Broadcast(net, Others(), eP1a, (from = id, bal = myBal));
      ArmTimer();
      return;
    }
    if (role != LEADER) { return; }
    foreach (s in keys(prop)) { if (!Entry(s).com) { open = true; } }
    if (!open) { return; }
    foreach (s in keys(prop)) {
      if (Entry(s).com) { Broadcast(net, peers, eCommit, (bal = myBal, slot = s, cmd = Entry(s).cmd)); }
      else { Broadcast(net, peers, eP2a, (from = id, bal = myBal, slot = s, cmd = prop[s])); }
    }
    ArmTimer();
  }
}
