/*****************************************************************************************
 * A proposer (brief RSPaxos §4.2 "Proposer p", §4.3 SelectValue; TLA+ Phase1a, Phase2a, Learn).
 * It runs at most cfg.rounds rounds, each with its next own ballot above every ballot it has seen;
 * a new round starts on a Nack or, with timers, on a timeout. It learns its own round's vid with QW
 * Accepted of that ballot (M7: QW - 1; MQ: all n).
 *****************************************************************************************/

machine Proposer {
  var id: int;
  var cfg: tRspConfig;
  var net: machine;
  var accs: seq[machine];
  var round: int;
  var bal: int;
  var maxSeen: int;
  var promises: map[int, tPromise];
  var prop: int;
  var ownChoice: bool;   // the last SelectValue kept the proposer's own value (nothing rebuildable)
  var acks: seq[int];    // the acceptors whose Accepted counted (RM_MDA: every Accepted)
  var timer: int;

  start state Init {
    entry (a: (id: int, cfg: tRspConfig, net: machine)) {
      id = a.id; cfg = a.cfg; net = a.net;
    }
    on eRspSetup do (a: seq[machine]) { accs = a; StartRound(); }
  }

  // TLA+ Phase1a: the next own ballot above everything seen; Prepare to every acceptor.
  fun StartRound() {
    round = round + 1;
    bal = id + 1;
    while (bal <= maxSeen) { bal = bal + cfg.proposers; }
    if (cfg.mutant == RM_MBO && maxSeen > 0) { bal = maxSeen + 1; }
    maxSeen = bal;
    announce eLocalBallotStart, (proposer = format("p{0}", id), group = "", bal = (hi = bal, lo = 0), action = "Phase1a");
    promises = default(map[int, tPromise]);
    Broadcast(net, accs, ePrepare, (from = this, bal = bal));
    Arm();
    goto Preparing;
  }

  fun Arm() {
    if (cfg.timers) { timer = timer + 1; NTimer(net, this, timer); }
  }

  fun Retry() {
    if (round < cfg.rounds) { StartRound(); } else { goto Done; }
  }

  state Preparing {
    on ePromise do (m: tPromise) {
      var a: int;
      var counted: seq[tLCounted];
      if (m.bal != bal) { return; }
      promises[m.acc] = m;
      if (sizeof(promises) >= cfg.qr) {
        foreach (a in keys(promises)) { counted += (sizeof(counted), (from = format("a{0}", a), bal = (hi = promises[a].bal, lo = 0))); }
        announce eLocalQuorum, (node = format("p{0}", id), phase = "Promise", bal = (hi = bal, lo = 0), replies = counted, needed = cfg.qr, action = "Phase2a");
        prop = SelectValue();
        announce eLocalRebuildSelect, (proposer = format("p{0}", id), slot = "1", bal = (hi = bal, lo = 0), pieces = Pieces(), threshold = cfg.x,
                                       vid = format("vid {0}", prop), own = ownChoice, action = "Phase2a (SelectValue)");
        announce eMonPropose, (bal = bal, vid = prop);
        announce eLocalPropose, (proposer = format("p{0}", id), slot = "1", bal = (hi = bal, lo = 0), value = format("vid {0}", prop), action = "Phase2a");
        acks = default(seq[int]);
        SendAccepts();
        Arm();
        goto Accepting;
      }
    }
    on eNack do (m: (bal: int, promised: int)) { if (m.bal == bal) { if (m.promised > maxSeen) { maxSeen = m.promised; } Retry(); } }
    on eTimeout do (t: int) { if (t == timer) { Retry(); } }
    ignore eAccepted;
  }

  state Accepting {
    on eAccepted do (m: (acc: int, bal: int, vid: int)) {
      var need: int;
      var x: int;
      var counted: seq[tLCounted];
      if (m.bal != bal || m.vid != prop) { return; }
      if (!(m.acc in acks) || cfg.mutant == RM_MDA) { acks += (sizeof(acks), m.acc); }
      need = cfg.qw;
      if (cfg.mutant == RM_M7) { need = cfg.qw - 1; }
      if (cfg.mutant == RM_MQ) { need = cfg.n; }
      if (sizeof(acks) >= need) {
        foreach (x in acks) { counted += (sizeof(counted), (from = format("a{0}", x), bal = (hi = m.bal, lo = 0))); }
        announce eLocalQuorum, (node = format("p{0}", id), phase = "Accepted", bal = (hi = bal, lo = 0), replies = counted, needed = cfg.qw, action = "Learn");
        announce eMonLearned, (p = id, vid = prop);
        announce eWitLearned;
        goto Done;
      }
    }
    on eNack do (m: (bal: int, promised: int)) { if (m.bal == bal) { if (m.promised > maxSeen) { maxSeen = m.promised; } Retry(); } }
    on eTimeout do (t: int) {
      if (t != timer) { return; }
      // MB (single decree): on a timeout the proposer codes its value afresh under a new vid and
      // resends the Accepts in the same ballot, so one ballot carries two vids (N3).
      if (cfg.mutant == RM_MB && prop == id + 1) {
        prop = prop + 100;
        acks = default(seq[int]);
        announce eLocalPropose, (proposer = format("p{0}", id), slot = "1", bal = (hi = bal, lo = 0), value = format("vid {0}", prop), action = "Phase2a (MB: resent under a new vid)");
        SendAccepts();
        Arm();
        return;
      }
      Retry();
    }
    ignore ePromise;
  }

  state Done {
    ignore ePromise, eAccepted, eNack, eTimeout;
  }

  // TLA+ Phase2a: acceptor i gets share index i of the value (M9: index 0 for everyone).
  fun SendAccepts() {
    var i: int;
    var idx: int;
    while (i < sizeof(accs)) {
      idx = i;
      if (cfg.mutant == RM_M9) { idx = 0; }
      NSend(net, accs[i], eAccept, (from = this, bal = bal, vid = prop, idx = idx));
      i = i + 1;
    }
  }

  // Brief §4.3: group the reported pieces by vid across ballots (M3: by ballot and vid); a vid with X
  // distinct share indices (M10: X - 1) is rebuildable; take the rebuildable vid whose highest reported
  // ballot is highest (M4: lowest) and keep its vid; if none is rebuildable, propose the own value.
  fun SelectValue(): int {
    var a: int;
    var k: int;
    var groups: set[int];
    var best: int;
    var found: bool;
    var threshold: int;
    var seen: bool;
    foreach (a in keys(promises)) {
      if (promises[a].vid != 0) { seen = true; groups += (KeyOf(promises[a])); }
    }
    RuleMatters();
    threshold = cfg.x;
    if (cfg.mutant == RM_M10) { threshold = cfg.x - 1; }
    foreach (k in groups) {
      if (CountOf(k) >= threshold) {
        if (!found || (cfg.mutant != RM_M4 && TopOf(k) > TopOf(best)) || (cfg.mutant == RM_M4 && TopOf(k) < TopOf(best))) {
          best = k;
          found = true;
        }
      }
    }
    ownChoice = !found;
    if (!found) {
      if (seen) { announce eWitFree; }
      return id + 1;
    }
    if (CountOf(best) < cfg.x) { announce eMonRebuilt, GARBAGE(); return GARBAGE(); }
    announce eWitRebuilt;
    if (BallotsOf(VidOfKey(best)) > 1) { announce eWitCrossBallot; }
    announce eMonRebuilt, VidOfKey(best);
    return VidOfKey(best);
  }

  // "Rule matters" witness (issue 46), whatever the mutant: the quorum reported shares of two vids at two ballots.
  fun RuleMatters() {
    var a: int;
    var b: int;
    foreach (a in keys(promises)) {
      foreach (b in keys(promises)) {
        if (promises[a].vid != 0 && promises[b].vid != 0 && promises[a].vid != promises[b].vid && promises[a].accBal != promises[b].accBal) {
          announce eWitRuleMatters;
          return;
        }
      }
    }
  }

  // The pieces the Phase-1 quorum reported, as received (for the node-local rule N6).
  fun Pieces(): seq[tLPiece] {
    var a: int;
    var out: seq[tLPiece];
    foreach (a in keys(promises)) {
      if (promises[a].vid != 0) {
        out += (sizeof(out), (from = format("a{0}", a), bal = (hi = promises[a].accBal, lo = 0), vid = format("vid {0}", promises[a].vid), idx = promises[a].idx));
      }
    }
    return out;
  }

  fun KeyOf(p: tPromise): int {
    if (cfg.mutant == RM_M3) { return p.vid * 1000 + p.accBal; }
    return p.vid;
  }

  fun VidOfKey(k: int): int {
    if (cfg.mutant == RM_M3) { return k / 1000; }
    return k;
  }

  // Distinct share indices reported for the group's key (a decode needs X distinct indices).
  fun CountOf(k: int): int {
    var a: int;
    var s: set[int];
    foreach (a in keys(promises)) { if (promises[a].vid != 0 && KeyOf(promises[a]) == k) { s += (promises[a].idx); } }
    return sizeof(s);
  }

  fun TopOf(k: int): int {
    var a: int;
    var t: int;
    foreach (a in keys(promises)) { if (promises[a].vid != 0 && KeyOf(promises[a]) == k && promises[a].accBal > t) { t = promises[a].accBal; } }
    return t;
  }

  // Distinct ballots among all pieces of a vid.
  fun BallotsOf(v: int): int {
    var a: int;
    var s: set[int];
    foreach (a in keys(promises)) { if (promises[a].vid == v) { s += (promises[a].accBal); } }
    return sizeof(s);
  }
}
