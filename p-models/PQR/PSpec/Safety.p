/*****************************************************************************************
 * Safety monitors, one per catalogue property (docs/invariants.json, PQR-*); every assertion
 * message starts with "<Monitor> [<ID>]". Each is the TLA+ invariant of specs/PQR.tla with the
 * same name, checked at the step that could break it.
 *****************************************************************************************/

/* PQR-S1 Agreement (TLA+ AgreementInv): at most one command is chosen in each slot. */
spec Agreement observes eMonConfig, eMonVote {
  var cfg: tPqrConfig;
  var g: tGhost;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonVote do (v: tMonVote) {
      g = GhostVote(g, v, cfg.q2);
      assert !(v.slot in g.chosen) || sizeof(g.chosen[v.slot]) <= 1,
        format("Agreement [PQR-S1]: two commands chosen in slot {0}: {1}", v.slot, g.chosen[v.slot]);
    }
  }
}

/* PQR-S2 Commit soundness (TLA+ CommitSoundInv): a committed entry holds the slot's chosen command. */
spec CommitSound observes eMonConfig, eMonVote, eMonCommit {
  var cfg: tPqrConfig;
  var g: tGhost;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonVote do (v: tMonVote) { g = GhostVote(g, v, cfg.q2); }
    on eMonCommit do (m: tMonCommit) {
      assert ChosenAt(g, m.slot, m.cmd),
        format("CommitSound [PQR-S2]: replica {0} committed {1} in slot {2}, which is not chosen there", m.r, m.cmd, m.slot);
    }
  }
}

/* PQR-S3 Committed entries agree (TLA+ CommittedAgreeInv): two replicas that committed a slot hold one command. */
spec CommittedAgree observes eMonCommit {
  var first: map[int, tCmd];
  start state Watching {
    on eMonCommit do (m: tMonCommit) {
      if (!(m.slot in first)) { first[m.slot] = m.cmd; return; }
      assert first[m.slot] == m.cmd,
        format("CommittedAgree [PQR-S3]: replica {0} committed {1} in slot {2}, another replica {3}", m.r, m.cmd, m.slot, first[m.slot]);
    }
  }
}

/* PQR-S4 Execution soundness (TLA+ ExecSoundInv): a replica's executed prefix is chosen and its
   key-value state is that prefix's state, a retried write applied once. */
spec ExecSound observes eMonConfig, eMonVote, eMonExec {
  var cfg: tPqrConfig;
  var g: tGhost;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonVote do (v: tMonVote) { g = GhostVote(g, v, cfg.q2); }
    on eMonExec do (x: tMonExec) {
      var k: int;
      assert g.top >= x.slot,
        format("ExecSound [PQR-S4]: replica {0} executed slot {1}, but the chosen prefix ends at {2}", x.r, x.slot, g.top);
      while (k < cfg.nkeys) {
        assert x.kv[k] == ValAt(g, k, x.slot),
          format("ExecSound [PQR-S4]: replica {0} after slot {1} holds {2} for key {3}; the chosen prefix gives {4}", x.r, x.slot, x.kv[k], k, ValAt(g, k, x.slot));
        k = k + 1;
      }
    }
  }
}

/* PQR-S5 Execution only over committed entries (TLA+ ExecImpliesCommittedInv). */
spec ExecImpliesCommitted observes eMonExec {
  start state Watching {
    on eMonExec do (x: tMonExec) {
      assert x.committed,
        format("ExecImpliesCommitted [PQR-S5]: replica {0} executed slot {1} before it was committed there", x.r, x.slot);
    }
  }
}

/* PQR-S6 High-water marks cover votes (TLA+ HighWaterSoundInv): maxAcc, and accK for a Put's key,
   are at least every slot the replica voted for. */
spec HighWaterSound observes eMonVote, eMonHigh {
  var high: map[int, tMonHigh];
  var voted: map[int, int];
  var votedK: map[int, map[int, int]];
  start state Watching {
    on eMonHigh do (h: tMonHigh) { high[h.r] = h; Check(h.r); }
    on eMonVote do (v: tMonVote) {
      var m: map[int, int];
      if (!(v.acc in voted) || v.slot > voted[v.acc]) { voted[v.acc] = v.slot; }
      if (v.acc in votedK) { m = votedK[v.acc]; }
      if (v.cmd.put && (!(v.cmd.key in m) || v.slot > m[v.cmd.key])) { m[v.cmd.key] = v.slot; }
      votedK[v.acc] = m;
      Check(v.acc);
    }
  }
  fun Check(r: int) {
    var k: int;
    if (!(r in voted) || !(r in high)) { return; }
    assert high[r].maxAcc >= voted[r],
      format("HighWaterSound [PQR-S6]: replica {0} voted for slot {1} but its maxAcc is {2}", r, voted[r], high[r].maxAcc);
    foreach (k in keys(votedK[r])) {
      assert high[r].accK[k] >= votedK[r][k],
        format("HighWaterSound [PQR-S6]: replica {0} voted for a write to key {1} in slot {2} but its accK is {3}", r, k, votedK[r][k], high[r].accK[k]);
    }
  }
}

/* PQR-S7 High-water marks never decrease (TLA+ HighWaterMonotoneProp), across restarts too. */
spec HighWaterMonotone observes eMonHigh {
  var high: map[int, tMonHigh];
  start state Watching {
    on eMonHigh do (h: tMonHigh) {
      var k: int;
      if (h.r in high) {
        assert h.maxAcc >= high[h.r].maxAcc,
          format("HighWaterMonotone [PQR-S7]: replica {0}'s maxAcc went from {1} to {2}", h.r, high[h.r].maxAcc, h.maxAcc);
        foreach (k in keys(high[h.r].accK)) {
          assert h.accK[k] >= high[h.r].accK[k],
            format("HighWaterMonotone [PQR-S7]: replica {0}'s accK for key {1} went from {2} to {3}", h.r, k, high[h.r].accK[k], h.accK[k]);
        }
      }
      high[h.r] = h;
    }
  }
}

/* PQR-S8 Chosen slots are visible to every read quorum (TLA+ ChosenVisibleToReadQuorumsInv, the
   key lemma from RQ + Q2 > N): for the highest chosen slot s, fewer than RQ replicas have
   maxAcc < s, so every set of RQ replicas holds one that reports s or more. */
spec ChosenVisibleToReadQuorums observes eMonConfig, eMonVote, eMonHigh {
  var cfg: tPqrConfig;
  var g: tGhost;
  var maxAcc: map[int, int];
  var top: int;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) {
      var r: int;
      cfg = c;
      while (r < c.n) { maxAcc[r] = 0; r = r + 1; }
    }
    on eMonHigh do (h: tMonHigh) { maxAcc[h.r] = h.maxAcc; Check(); }
    on eMonVote do (v: tMonVote) {
      g = GhostVote(g, v, cfg.q2);
      if (v.slot in g.chosen && v.slot > top) { top = v.slot; }
      Check();
    }
  }
  fun Check() {
    var r: int;
    var blind: set[int];
    foreach (r in keys(maxAcc)) { if (maxAcc[r] < top) { blind += (r); } }
    assert sizeof(blind) < cfg.rq,
      format("ChosenVisibleToReadQuorums [PQR-S8]: slot {0} is chosen but replicas {1} (at least RQ = {2}) report a lower maxAcc", top, blind, cfg.rq);
  }
}

/* PQR-L1 Reads return a committed prefix (TLA+ ReadFromCommittedPrefixInv): at the moment a read
   returns, some fully chosen prefix gives its key the returned value (catches dirty reads). */
spec ReadFromCommittedPrefix observes eMonConfig, eMonVote, eMonInvoke, eMonWriteDone, eMonReadDone {
  var cfg: tPqrConfig;
  var g: tGhost;
  var h: tHist;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonVote do (v: tMonVote) { g = GhostVote(g, v, cfg.q2); }
    on eMonInvoke do (i: tMonInvoke) { h = HInvoke(h, g, i); }
    on eMonWriteDone do (o: int) { h = HWriteDone(h, o); }
    on eMonReadDone do (d: tMonReadDone) {
      h = HReadDone(h, g, d);
      assert h.ops[d.op].rf >= 0,
        format("ReadFromCommittedPrefix [PQR-L1]: read {0} returned {1} for key {2}, which no fully chosen prefix holds", d.op, d.val, h.ops[d.op].key);
    }
  }
}

/* PQR-L2 Reads see completed writes (TLA+ ReadSeesCompletedWritesInv): a read returns the last
   write on its key completed before it began, or a later one. */
spec ReadSeesCompletedWrites observes eMonConfig, eMonVote, eMonInvoke, eMonWriteDone, eMonReadDone {
  var cfg: tPqrConfig;
  var g: tGhost;
  var h: tHist;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonVote do (v: tMonVote) { g = GhostVote(g, v, cfg.q2); }
    on eMonInvoke do (i: tMonInvoke) { h = HInvoke(h, g, i); }
    on eMonWriteDone do (o: int) { h = HWriteDone(h, o); }
    on eMonReadDone do (d: tMonReadDone) {
      h = HReadDone(h, g, d);
      assert h.ops[d.op].rf >= h.ops[d.op].floor,
        format("ReadSeesCompletedWrites [PQR-L2]: read {0} returned {1} (slot {2}) for key {3}, older than the write in slot {4} completed before it began",
               d.op, d.val, h.ops[d.op].rf, h.ops[d.op].key, h.ops[d.op].floor);
    }
  }
}

/* PQR-L3 Reads are monotonic (TLA+ ReadMonotonicInv): a read never returns an older write than a
   read on the same key that completed before it began. */
spec ReadMonotonic observes eMonConfig, eMonVote, eMonInvoke, eMonWriteDone, eMonReadDone {
  var cfg: tPqrConfig;
  var g: tGhost;
  var h: tHist;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonVote do (v: tMonVote) { g = GhostVote(g, v, cfg.q2); }
    on eMonInvoke do (i: tMonInvoke) { h = HInvoke(h, g, i); }
    on eMonWriteDone do (o: int) { h = HWriteDone(h, o); }
    on eMonReadDone do (d: tMonReadDone) {
      var o: int;
      h = HReadDone(h, g, d);
      foreach (o in keys(h.ops)) {
        if (!h.ops[o].write && h.ops[o].key == h.ops[d.op].key && Prec(h, o, d.op)) {
          assert h.ops[o].rf <= h.ops[d.op].rf,
            format("ReadMonotonic [PQR-L3]: read {0} returned slot {1}'s write on key {2}, older than slot {3} returned by read {4}, which completed before it began",
                   d.op, h.ops[d.op].rf, h.ops[d.op].key, h.ops[o].rf, o);
        }
      }
    }
  }
}

/* PQR-L4 Write order respects real time (TLA+ WriteRealTimeOrderInv): a write invoked after another
   completed takes effect in a later slot. Checked whenever a slot is chosen or a write completes. */
spec WriteRealTimeOrder observes eMonConfig, eMonVote, eMonInvoke, eMonWriteDone {
  var cfg: tPqrConfig;
  var g: tGhost;
  var h: tHist;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonVote do (v: tMonVote) { g = GhostVote(g, v, cfg.q2); Check(); }
    on eMonInvoke do (i: tMonInvoke) { h = HInvoke(h, g, i); }
    on eMonWriteDone do (o: int) { h = HWriteDone(h, o); Check(); }
  }
  fun Check() {
    var w1: int;
    var w2: int;
    var s1: int;
    var s2: int;
    foreach (w2 in keys(h.ops)) {
      if (h.ops[w2].write) {
        s2 = WSlot(g, w2);
        foreach (w1 in keys(h.ops)) {
          if (s2 != 0 && h.ops[w1].write && Prec(h, w1, w2)) {
            s1 = WSlot(g, w1);
            assert s1 != 0 && s1 < s2,
              format("WriteRealTimeOrder [PQR-L4]: write {0} (slot {1}) began after write {2} (slot {3}) completed", w2, s2, w1, s1);
          }
        }
      }
    }
  }
}

/* PQR-I1 Replies carry executed state (TLA+ ReplySoundInv): every QRead and Rinse reply's lastExec
   names a chosen prefix and its value is that prefix's value for the key. */
spec ReplySound observes eMonConfig, eMonVote, eMonReply {
  var cfg: tPqrConfig;
  var g: tGhost;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonVote do (v: tMonVote) { g = GhostVote(g, v, cfg.q2); }
    on eMonReply do (m: tMonReply) {
      assert g.top >= m.lastExec && m.val == ValAt(g, m.key, m.lastExec),
        format("ReplySound [PQR-I1]: replica {0} replied value {1} for key {2} at lastExec {3}; the chosen prefix (to {4}) gives {5}",
               m.r, m.val, m.key, m.lastExec, g.top, ValAt(g, m.key, m.lastExec));
    }
  }
}

/* PQR-I2 The rinse target covers the floor (TLA+ TargetCoversFloorInv). */
spec TargetCoversFloor observes eMonConfig, eMonVote, eMonInvoke, eMonWriteDone, eMonRinse {
  var cfg: tPqrConfig;
  var g: tGhost;
  var h: tHist;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonVote do (v: tMonVote) { g = GhostVote(g, v, cfg.q2); }
    on eMonInvoke do (i: tMonInvoke) { h = HInvoke(h, g, i); }
    on eMonWriteDone do (o: int) { h = HWriteDone(h, o); }
    on eMonRinse do (r: tMonRinse) {
      assert r.target >= h.ops[r.op].floor,
        format("TargetCoversFloor [PQR-I2]: read {0} rinses on slot {1}, below slot {2} of a write completed before it began", r.op, r.target, h.ops[r.op].floor);
    }
  }
}

/* PQR-I3 Quiescent reads take one round trip (TLA+ QuiescentReadsAreOneRTTInv): with rinse-free
   reads on, a read rinses only if a reply of its quorum showed accepted but unexecuted work. */
spec QuiescentReadsAreOneRTT observes eMonConfig, eMonRinse {
  var cfg: tPqrConfig;
  start state Watching {
    on eMonConfig do (c: tPqrConfig) { cfg = c; }
    on eMonRinse do (r: tMonRinse) {
      var m: tQReadReply;
      var busy: bool;
      if (!cfg.rinseFree) { return; }
      foreach (m in r.replies) {
        if ((!cfg.perKey && m.maxAcc > m.lastExec) || (cfg.perKey && m.accK > m.exeK)) { busy = true; }
      }
      assert busy, format("QuiescentReadsAreOneRTT [PQR-I3]: read {0} rinses although every reply of its quorum was caught up", r.op);
    }
  }
}

/* PQR-I4 Reads return from a replica past the target (TLA+ ReadNotBelowTargetInv, brief §6.2
   ReadNotBelowTarget): the reply a read returns from had executed through the read's target. */
spec ReadNotBelowTarget observes eMonReadDone {
  start state Watching {
    on eMonReadDone do (d: tMonReadDone) {
      assert d.e >= d.target,
        format("ReadNotBelowTarget [PQR-I4]: read {0} returned a value from a replica executed through slot {1}, below its target {2}", d.op, d.e, d.target);
    }
  }
}
