/*****************************************************************************************
 * Monitors of the reconfiguration properties (brief LEGOStore §6.1 G2-G4, §6.2 T2-T3; TLA+
 * LEGOReconfig). The history properties L1-L3, S2 and D1 across the two configurations are the
 * monitors of Safety.p, which report RECONF-IDs when two configurations are announced; T1 is
 * OpsComplete (Liveness.p).
 *****************************************************************************************/

/* RECONF-G2 The transfer covers the history (TLA+ TransferCoversInv): when the controller fixes
   the pair it hands over, its tag is at or above the tag of every operation completed so far,
   and its value is the one written with that tag in the old configuration (from a CAS old
   configuration: decoded from RcGet replies, never GARBAGE). */
spec TransferCovers observes eMonTag, eMonRespond, eMonFix {
  var anyDone: bool;
  var maxDone: tTag;
  var maxOp: int;
  var written: map[tTag, int];   // configuration 1: tag -> value

  start state Watching {
    entry { written[T0()] = V0(); }
    on eMonTag do (t: tMonTag) { if (t.cfg == 1) { written[t.tag] = t.val; } }
    on eMonRespond do (r: tMonRespond) {
      if (!anyDone || TagLT(maxDone, r.tag)) { maxDone = r.tag; maxOp = r.op; }
      anyDone = true;
    }
    on eMonFix do (f: tMonFix) {
      assert !anyDone || TagLE(maxDone, f.tag),
        format("TransferCovers [RECONF-G2]: the controller hands over tag <{0},{1}>, below tag <{2},{3}> of operation {4}, completed before", f.tag.z, f.tag.w, maxDone.z, maxDone.w, maxOp);
      assert f.tag in written && written[f.tag] == f.val,
        format("TransferCovers [RECONF-G2]: the controller hands over value {0} with tag <{1},{2}>, which the old configuration did not write with it", f.val, f.tag.z, f.tag.w);
    }
  }
}

/* RECONF-G3 New configuration initialised before publication (TLA+ NewInitializedInv): once the
   metadata service names the new configuration, the handed-over tag (or a newer one) is stored at
   its write quorum: q2 servers for ABD, max(q2, q3) servers holding it as fin for CAS. */
spec NewInitialized observes eMonConfig, eMonServer, eMonPublish {
  var next: tParams;
  var stored: map[int, tTag];   // new-configuration servers only
  var published: bool;
  var rTag: tTag;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { if (c.idx == 2) { next = c.params; } }
    on eMonServer do (s: tMonServer) { if (s.cfg == 2) { stored[s.server] = s.stored; if (published) { Check(); } } }
    on eMonPublish do (t: tTag) { published = true; rTag = t; Check(); }
  }

  fun Check() {
    var s: int;
    var at: int;
    var need: int;
    need = next.q2;
    if (next.proto == CAS && next.q3 > need) { need = next.q3; }
    foreach (s in keys(stored)) { if (TagLE(rTag, stored[s])) { at = at + 1; } }
    assert at >= need,
      format("NewInitialized [RECONF-G3]: the new configuration is published with tag <{0},{1}> stored at {2} server(s), fewer than {3}", rTag.z, rTag.w, at, need);
  }
}

/* RECONF-G4 Old configuration closed to new invocations (TLA+ OldClosedToNewInv): an operation
   that completes in the old configuration was invoked before the new one was published. */
spec OldClosedToNew observes eMonInvoke, eMonRespond, eMonPublish {
  var published: bool;
  var afterPub: set[int];

  start state Watching {
    on eMonPublish do (t: tTag) { published = true; }
    on eMonInvoke do (i: tMonInvoke) { if (published) { afterPub += (i.op); } }
    on eMonRespond do (r: tMonRespond) {
      assert r.cfg != 1 || !(r.op in afterPub),
        format("OldClosedToNew [RECONF-G4]: operation {0}, invoked after the new configuration was published, completed in the old one with tag <{1},{2}>", r.op, r.tag.z, r.tag.w);
    }
  }
}

/* RECONF-T2 The reconfiguration terminates (TLA+ ReconfTerminatesProp): once started, the new
   configuration is published and every live old server closes. Hot from the start until then;
   meaningful in the liveness tests (no loss, no timers, at most f servers down). */
spec ReconfTerminates observes eMonConfig, eMonRcStart, eMonPublish, eMonClosed, eMonDown, eMonUp {
  var oldM: int;
  var published: bool;
  var closed: set[int];
  var down: set[int];

  start cold state Idle {
    on eMonConfig do (c: tMonConfig) { if (c.idx == 1) { oldM = c.params.m; } }
    on eMonRcStart goto Running;
    on eMonDown do (s: int) { down += (s); }
    on eMonUp do (s: int) { down -= (s); }
    ignore eMonPublish, eMonClosed;
  }

  hot state Running {
    on eMonPublish do (t: tTag) { published = true; if (Finished()) { goto Finished_; } }
    on eMonClosed do (s: int) { closed += (s); if (Finished()) { goto Finished_; } }
    on eMonDown do (s: int) { down += (s); if (Finished()) { goto Finished_; } }
    on eMonUp do (s: int) { down -= (s); }
  }

  cold state Finished_ {
    ignore eMonRcStart, eMonPublish, eMonClosed, eMonDown, eMonUp;
  }

  fun Finished(): bool {
    var s: int;
    if (!published) { return false; }
    while (s < oldM) {
      if (!(s in closed) && !(s in down)) { return false; }
      s = s + 1;
    }
    return true;
  }
}

/* RECONF-T3 Buffered requests are answered (TLA+ RequestsAnsweredProp): no request waits forever
   at a paused server. Hot while a live server holds a request; a schedule that ends (nothing left
   to deliver) in the hot state is a violation (M16: a closed server re-paused by a late RcQuery
   holds what arrives next for good). */
spec RequestsAnswered observes eMonHeld, eMonDown, eMonUp {
  var holding: map[int, int];
  var down: set[int];

  start cold state Clear {
    on eMonHeld do (h: tMonHeld) { Note(h); if (Waiting()) { goto Holding; } }
    on eMonDown do (s: int) { down += (s); }
    on eMonUp do (s: int) { down -= (s); }
  }

  hot state Holding {
    on eMonHeld do (h: tMonHeld) { Note(h); if (!Waiting()) { goto Clear; } }
    on eMonDown do (s: int) { down += (s); if (!Waiting()) { goto Clear; } }
    on eMonUp do (s: int) { down -= (s); }
  }

  fun Note(h: tMonHeld) { holding[h.server] = h.n; }

  fun Waiting(): bool {
    var s: int;
    foreach (s in keys(holding)) { if (holding[s] > 0 && !(s in down)) { return true; } }
    return false;
  }
}

/* RECONF-T4 A stale client catches up (TLA+ StaleClientCatchesUpProp): once the metadata service
   names the new configuration, an operation whose current attempt runs in the old one either
   completes there (its tag is at most rTag) or restarts in the new one. Hot while some pending
   operation's latest attempt is in configuration 1 after publication; a schedule that ends there
   is a violation (MC: the refused client restarts in its cached configuration, which refuses it
   again). */
spec StaleClientCatchesUp observes eMonAttempt, eMonRespond, eMonGaveUp, eMonPublish {
  var stale: set[int];        // pending operations whose latest attempt is in configuration 1
  var published: bool;

  start cold state Current {
    on eMonAttempt do (a: tMonAttempt) { Note(a); if (Behind()) { goto Behind_; } }
    on eMonRespond do (r: tMonRespond) { stale -= (r.op); }
    on eMonGaveUp do (op: int) { stale -= (op); }
    on eMonPublish do (t: tTag) { published = true; if (Behind()) { goto Behind_; } }
  }

  hot state Behind_ {
    on eMonAttempt do (a: tMonAttempt) { Note(a); if (!Behind()) { goto Current; } }
    on eMonRespond do (r: tMonRespond) { stale -= (r.op); if (!Behind()) { goto Current; } }
    on eMonGaveUp do (op: int) { stale -= (op); if (!Behind()) { goto Current; } }
    ignore eMonPublish;
  }

  fun Note(a: tMonAttempt) { if (a.cfg == 1) { stale += (a.op); } else { stale -= (a.op); } }

  fun Behind(): bool { return published && sizeof(stale) > 0; }
}
