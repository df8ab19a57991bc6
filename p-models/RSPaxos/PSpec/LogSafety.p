/*****************************************************************************************
 * Safety monitors of the RS-Paxos log, named after the catalogue (docs/invariants.md), each the
 * runtime form of a property of specs/RSPaxosLog.tla. Each keeps its own copy of the ghost: the
 * votes, and per instance the vid chosen there (QW votes of one ballot) with its lowest ballot.
 *****************************************************************************************/

type tLGhost = (votes: map[int, set[int]], chosen: map[int, int], chosenBal: map[int, int], two: bool);

// Records a vote; `two` is set when an instance gets a second chosen vid.
fun LGhostVote(g: tLGhost, v: (acc: int, bal: int, slot: int, vid: int), qw: int): tLGhost {
  var k: int;
  k = (v.slot * 10 + v.bal) * 100000 + v.vid + 1000;
  if (!(k in g.votes)) { g.votes[k] = default(set[int]); }
  g.votes[k] += (v.acc);
  if (sizeof(g.votes[k]) >= qw) {
    if (!(v.slot in g.chosen)) { g.chosen[v.slot] = v.vid; g.chosenBal[v.slot] = v.bal; }
    else if (g.chosen[v.slot] != v.vid) { g.two = true; }
    else if (v.bal < g.chosenBal[v.slot]) { g.chosenBal[v.slot] = v.bal; }
  }
  return g;
}

// The first instance where write vid w is chosen (0: none).
fun LPos(g: tLGhost, w: int): int {
  var s: int;
  var p: int;
  if (w == 0) { return 0; }
  foreach (s in keys(g.chosen)) { if (g.chosen[s] == w && (p == 0 || s < p)) { p = s; } }
  return p;
}

/* RSP-S1l Agreement per instance (TLA+ AgreementInv). */
spec LogAgreement observes eLMonConfig, eLMonVote {
  var cfg: tLogConfig;
  var g: tLGhost;
  start state Watching {
    on eLMonConfig do (c: tLogConfig) { cfg = c; }
    on eLMonVote do (v: (acc: int, bal: int, slot: int, vid: int)) {
      g = LGhostVote(g, v, cfg.qw);
      assert !g.two, format("LogAgreement [RSP-S1l]: instance {0} has two chosen vids ({1} and {2})", v.slot, g.chosen[v.slot], v.vid);
    }
  }
}

/* RSP-S3l Learned implies chosen (TLA+ DecidedChosenInv). */
spec LogDecidedChosen observes eLMonConfig, eLMonVote, eLMonDecided {
  var cfg: tLogConfig;
  var g: tLGhost;
  start state Watching {
    on eLMonConfig do (c: tLogConfig) { cfg = c; }
    on eLMonVote do (v: (acc: int, bal: int, slot: int, vid: int)) { g = LGhostVote(g, v, cfg.qw); }
    on eLMonDecided do (d: (r: int, slot: int, vid: int)) {
      assert d.slot in g.chosen && g.chosen[d.slot] == d.vid,
        format("LogDecidedChosen [RSP-S3l]: server {0} holds instance {1} decided with {2}, which is not chosen there", d.r, d.slot, d.vid);
    }
  }
}

/* RSP-S5l Share stability (TLA+ ShareStabilityInv): an entry at or above the ballot where an
   instance's vid was chosen holds that vid. */
spec LogShareStability observes eLMonConfig, eLMonVote {
  var cfg: tLogConfig;
  var g: tLGhost;
  var entries: map[int, map[int, (bal: int, vid: int)]];
  start state Watching {
    on eLMonConfig do (c: tLogConfig) { cfg = c; }
    on eLMonVote do (v: (acc: int, bal: int, slot: int, vid: int)) {
      var a: int;
      g = LGhostVote(g, v, cfg.qw);
      if (!(v.acc in entries)) { entries[v.acc] = default(map[int, (bal: int, vid: int)]); }
      entries[v.acc][v.slot] = (bal = v.bal, vid = v.vid);
      if (!(v.slot in g.chosen)) { return; }
      foreach (a in keys(entries)) {
        if (v.slot in entries[a] && entries[a][v.slot].bal >= g.chosenBal[v.slot]) {
          assert entries[a][v.slot].vid == g.chosen[v.slot],
            format("LogShareStability [RSP-S5l]: server {0} holds {1} at ballot {2} in instance {3}, where {4} was chosen at ballot {5}",
                   a, entries[a][v.slot].vid, entries[a][v.slot].bal, v.slot, g.chosen[v.slot], g.chosenBal[v.slot]);
        }
      }
    }
  }
}

/* RSP-S6l Recoverability (TLA+ RecoverableInv; brief §6.1 S6 runtime form): the durable holders of
   a chosen write (a log entry at or above the ballot it was chosen at, or a checkpointed share)
   leave X of them in every QR servers. Checked after every vote and every truncation (M13). */
spec LogRecoverable observes eLMonConfig, eLMonVote, eLMonCheckpoint, eLMonTruncate {
  var cfg: tLogConfig;
  var g: tLGhost;
  var entries: map[int, map[int, (bal: int, vid: int)]];
  var ckpt: map[int, map[int, int]];
  start state Watching {
    on eLMonConfig do (c: tLogConfig) { cfg = c; }
    on eLMonVote do (v: (acc: int, bal: int, slot: int, vid: int)) {
      g = LGhostVote(g, v, cfg.qw);
      if (!(v.acc in entries)) { entries[v.acc] = default(map[int, (bal: int, vid: int)]); }
      entries[v.acc][v.slot] = (bal = v.bal, vid = v.vid);
      Check();
    }
    on eLMonCheckpoint do (c: (acc: int, slot: int, vid: int)) {
      if (!(c.acc in ckpt)) { ckpt[c.acc] = default(map[int, int]); }
      ckpt[c.acc][c.slot] = c.vid;
    }
    on eLMonTruncate do (t: (acc: int, slot: int)) {
      if (t.acc in entries) { entries[t.acc] -= (t.slot); }
      Check();
    }
  }
  fun Check() {
    var s: int;
    var a: int;
    var h: int;
    var v: int;
    foreach (s in keys(g.chosen)) {
      v = g.chosen[s];
      if (IsPut(v)) {
        h = 0;
        a = 0;
        while (a < cfg.n) {
          if ((a in entries && s in entries[a] && entries[a][s].vid == v && entries[a][s].bal >= g.chosenBal[s])
              || (a in ckpt && s in ckpt[a] && ckpt[a][s] == v)) { h = h + 1; }
          a = a + 1;
        }
        assert h - (cfg.n - cfg.qr) >= cfg.x,
          format("LogRecoverable [RSP-S6l]: write {0}, chosen in instance {1}, has {2} durable holders: some {3} servers hold fewer than X = {4} of its shares",
                 v, s, h, cfg.qr, cfg.x);
      }
    }
  }
}

/* RSP-S10l One value per ballot and instance (TLA+ OneValuePerBallotInv). */
spec LogOneValuePerBallot observes eLMonAcceptSent {
  var proposedAt: map[int, int];
  start state Watching {
    on eLMonAcceptSent do (m: (bal: int, slot: int, vid: int)) {
      var k: int;
      k = m.slot * 10 + m.bal;
      if (k in proposedAt) {
        assert proposedAt[k] == m.vid, format("LogOneValuePerBallot [RSP-S10l]: ballot {0} proposed {1} and {2} in instance {3}", m.bal, proposedAt[k], m.vid, m.slot);
      }
      proposedAt[k] = m.vid;
    }
  }
}

/* RSP-S11 Log-order execution (TLA+ LogOrderInv): a server applies instance after instance, each
   the chosen vid, and its key then holds the fold of the chosen prefix (a write applied once). */
spec LogOrder observes eLMonConfig, eLMonVote, eLMonApply, eLMonRestart {
  var cfg: tLogConfig;
  var g: tLGhost;
  var last: map[int, int];
  start state Watching {
    on eLMonConfig do (c: tLogConfig) { cfg = c; }
    on eLMonVote do (v: (acc: int, bal: int, slot: int, vid: int)) { g = LGhostVote(g, v, cfg.qw); }
    on eLMonRestart do (r: int) { last[r] = 0; }
    on eLMonApply do (x: (r: int, slot: int, vid: int, keyVid: int)) {
      var s: int;
      var kv: int;
      var seen: set[int];
      var l: int;
      if (x.r in last) { l = last[x.r]; }
      assert x.slot == l + 1, format("LogOrder [RSP-S11]: server {0} applied instance {1} after {2}", x.r, x.slot, l);
      last[x.r] = x.slot;
      assert x.slot in g.chosen && g.chosen[x.slot] == x.vid,
        format("LogOrder [RSP-S11]: server {0} applied {1} in instance {2}, which is not chosen there", x.r, x.vid, x.slot);
      s = 1;
      while (s <= x.slot) {
        assert s in g.chosen, format("LogOrder [RSP-S11]: server {0} applied instance {1} before instance {2} was chosen", x.r, x.slot, s);
        if (IsPut(g.chosen[s]) && !(g.chosen[s] in seen)) { seen += (g.chosen[s]); kv = g.chosen[s]; }
        s = s + 1;
      }
      assert kv == x.keyVid, format("LogOrder [RSP-S11]: after instance {0} server {1} holds {2}; the chosen prefix gives {3}", x.slot, x.r, x.keyVid, kv);
    }
  }
}

/* RSP-S12 Linearizability (TLA+ LinearizableInv, brief §6.1 ghost form; writes are ordered by the
   first instance they are chosen in): a completed write follows every write completed before it
   began; a read returns a write (or the initial value) no older than any write, or any read's
   result, completed before it began. */
spec LogLinearizable observes eLMonConfig, eLMonVote, eLMonInvoke, eLMonWriteDone, eLMonReadDone {
  var cfg: tLogConfig;
  var g: tLGhost;
  var isWrite: map[int, bool];
  var done: set[int];
  var before: map[int, set[int]];
  var result: map[int, int];
  start state Watching {
    on eLMonConfig do (c: tLogConfig) { cfg = c; }
    on eLMonVote do (v: (acc: int, bal: int, slot: int, vid: int)) { g = LGhostVote(g, v, cfg.qw); }
    on eLMonInvoke do (i: (op: int, write: bool)) { isWrite[i.op] = i.write; before[i.op] = done; }
    on eLMonWriteDone do (w: int) {
      var o: int;
      assert LPos(g, w) > 0, format("LogLinearizable [RSP-S12]: write {0} completed but is chosen in no instance", w);
      foreach (o in before[w]) {
        if (isWrite[o]) {
          assert LPos(g, o) < LPos(g, w),
            format("LogLinearizable [RSP-S12]: write {0} (instance {1}) began after write {2} (instance {3}) completed", w, LPos(g, w), o, LPos(g, o));
        }
      }
      done += (w);
    }
    on eLMonReadDone do (r: (op: int, val: int)) {
      var o: int;
      assert r.val == 0 || (r.val in isWrite && isWrite[r.val] && LPos(g, r.val) > 0),
        format("LogLinearizable [RSP-S12]: read {0} returned {1}, which no write wrote", r.op, r.val);
      foreach (o in before[r.op]) {
        if (isWrite[o]) {
          assert LPos(g, o) <= LPos(g, r.val),
            format("LogLinearizable [RSP-S12]: read {0} returned {1} (instance {2}), older than write {3} (instance {4}) completed before it began",
                   r.op, r.val, LPos(g, r.val), o, LPos(g, o));
        } else {
          assert LPos(g, result[o]) <= LPos(g, r.val),
            format("LogLinearizable [RSP-S12]: read {0} returned {1}, older than {2} returned by read {3}, completed before it began", r.op, r.val, result[o], o);
        }
      }
      result[r.op] = r.val;
      done += (r.op);
    }
  }
}

/* RSP-S13 Recovery-read correctness (TLA+ RecoveryReadCorrectInv): a recovery read of (instance,
   vid) decodes vid, the value chosen there. */
spec LogRecoveryReadCorrect observes eLMonConfig, eLMonVote, eLMonRecovered {
  var cfg: tLogConfig;
  var g: tLGhost;
  start state Watching {
    on eLMonConfig do (c: tLogConfig) { cfg = c; }
    on eLMonVote do (v: (acc: int, bal: int, slot: int, vid: int)) { g = LGhostVote(g, v, cfg.qw); }
    on eLMonRecovered do (r: (slot: int, vid: int, result: int)) {
      assert r.result == r.vid && r.slot in g.chosen && g.chosen[r.slot] == r.vid,
        format("LogRecoveryReadCorrect [RSP-S13]: a recovery read of {0} in instance {1} decoded {2}", r.vid, r.slot, r.result);
    }
  }
}
