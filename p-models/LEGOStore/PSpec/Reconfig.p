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
  var written: map[int, map[tTag, int]];   // configuration -> tag -> value (PUTs and transfers into it)

  start state Watching {
    entry { written[1] = default(map[tTag, int]); written[1][T0()] = V0(); }
    on eMonTag do (t: tMonTag) { Write(t.cfg, t.tag, t.val); }
    on eMonRespond do (r: tMonRespond) {
      if (!anyDone || TagLT(maxDone, r.tag)) { maxDone = r.tag; maxOp = r.op; }
      anyDone = true;
    }
    on eMonFix do (f: tMonFix) {
      assert !anyDone || TagLE(maxDone, f.tag),
        format("TransferCovers [RECONF-G2]: the controller hands over tag <{0},{1}>, below tag <{2},{3}> of operation {4}, completed before", f.tag.z, f.tag.w, maxDone.z, maxDone.w, maxOp);
      assert f.from in written && f.tag in written[f.from] && written[f.from][f.tag] == f.val,
        format("TransferCovers [RECONF-G2]: the controller hands over value {0} with tag <{1},{2}>, which configuration {3} did not write with it", f.val, f.tag.z, f.tag.w, f.from);
      Write(f.from + 1, f.tag, f.val);
    }
  }

  fun Write(c: int, t: tTag, v: int) {
    if (!(c in written)) { written[c] = default(map[tTag, int]); }
    written[c][t] = v;
  }
}

/* RECONF-G3 New configuration initialised before publication (TLA+ NewInitializedInv): once the
   metadata service names the new configuration, the handed-over tag (or a newer one) is stored at
   its write quorum: q2 servers for ABD, max(q2, q3) servers holding it as fin for CAS. */
spec NewInitialized observes eMonConfig, eMonServer, eMonPublish {
  var ps: map[int, tParams];
  var stored: map[int, tTag];   // server -> stored tag
  var cfgOf: map[int, int];     // server -> its configuration
  var latest: int;              // the newest published configuration (1: none yet)
  var rTag: tTag;

  start state Watching {
    entry { latest = 1; }
    on eMonConfig do (c: tMonConfig) { ps[c.idx] = c.params; }
    on eMonServer do (s: tMonServer) { stored[s.server] = s.stored; cfgOf[s.server] = s.cfg; if (latest > 1) { Check(); } }
    on eMonPublish do (p: tMonPublish) { latest = p.cfg; rTag = p.tag; Check(); }
  }

  // Checked for the newest published configuration: stored tags only grow, so it stays true for earlier ones.
  fun Check() {
    var s: int;
    var at: int;
    var need: int;
    var next: tParams;
    next = ps[latest];
    need = next.q2;
    if (next.proto == CAS && next.q3 > need) { need = next.q3; }
    foreach (s in keys(stored)) { if (cfgOf[s] == latest && TagLE(rTag, stored[s])) { at = at + 1; } }
    assert at >= need,
      format("NewInitialized [RECONF-G3]: configuration {0} is published with tag <{1},{2}> stored at {3} server(s), fewer than {4}", latest, rTag.z, rTag.w, at, need);
  }
}

/* RECONF-G4 A retired configuration is closed to new invocations (TLA+ OldClosedToNewInv): an
   operation that completes in configuration c was invoked before c's successor was published. */
spec OldClosedToNew observes eMonInvoke, eMonRespond, eMonPublish {
  var latest: int;
  var pubAt: map[int, int];   // operation -> the newest published configuration at its invocation

  start state Watching {
    entry { latest = 1; }
    on eMonPublish do (p: tMonPublish) { latest = p.cfg; }
    on eMonInvoke do (i: tMonInvoke) { pubAt[i.op] = latest; }
    on eMonRespond do (r: tMonRespond) {
      assert r.cfg >= pubAt[r.op],
        format("OldClosedToNew [RECONF-G4]: operation {0}, invoked after configuration {1} was published, completed in configuration {2} with tag <{3},{4}>", r.op, pubAt[r.op], r.cfg, r.tag.z, r.tag.w);
    }
  }
}

/* RECONF-T2 The reconfigurations terminate (TLA+ ReconfTerminatesProp): once started, the last
   configuration is published and every live server of every earlier one closes. Hot from the start
   until then; meaningful in the liveness tests (no loss, no timers, at most f servers down). */
spec ReconfTerminates observes eMonConfig, eMonRcStart, eMonPublish, eMonClosed, eMonDown, eMonUp {
  var oldM: int;                // servers of every configuration but the last (global ids 0..oldM-1)
  var ms: map[int, int];        // configuration -> m
  var published: bool;          // the last configuration is published
  var closed: set[int];
  var down: set[int];

  start cold state Idle {
    on eMonConfig do (c: tMonConfig) { ms[c.idx] = c.params.m; oldM = OldServers(); }
    on eMonRcStart goto Running;
    on eMonDown do (s: int) { down += (s); }
    on eMonUp do (s: int) { down -= (s); }
    ignore eMonPublish, eMonClosed;
  }

  hot state Running {
    on eMonPublish do (p: tMonPublish) { published = p.cfg == sizeof(ms); if (Finished()) { goto Finished_; } }
    on eMonClosed do (s: int) { closed += (s); if (Finished()) { goto Finished_; } }
    on eMonDown do (s: int) { down += (s); if (Finished()) { goto Finished_; } }
    on eMonUp do (s: int) { down -= (s); }
  }

  cold state Finished_ {
    ignore eMonRcStart, eMonPublish, eMonClosed, eMonDown, eMonUp;
  }

  // Configurations are announced in order, so the servers of all but the last come first.
  fun OldServers(): int {
    var i: int;
    var n: int;
    foreach (i in keys(ms)) { if (i < sizeof(ms)) { n = n + ms[i]; } }
    return n;
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
   names configuration n, an operation whose current attempt runs in an older one either completes
   there (its tag is at most rTag) or restarts in n or a later one. Hot while some pending
   operation's latest attempt is in a configuration older than the newest published; a schedule
   that ends there is a violation (MC: the refused client restarts in its cached configuration,
   which refuses it again). */
spec StaleClientCatchesUp observes eMonAttempt, eMonRespond, eMonGaveUp, eMonPublish {
  var at: map[int, int];      // pending operation -> the configuration of its latest attempt
  var latest: int;            // the newest published configuration

  start cold state Current {
    entry { if (latest == 0) { latest = 1; } }
    on eMonAttempt do (a: tMonAttempt) { Note(a); if (Behind()) { goto Behind_; } }
    on eMonRespond do (r: tMonRespond) { at -= (r.op); }
    on eMonGaveUp do (op: int) { at -= (op); }
    on eMonPublish do (p: tMonPublish) { latest = p.cfg; if (Behind()) { goto Behind_; } }
  }

  hot state Behind_ {
    on eMonAttempt do (a: tMonAttempt) { Note(a); if (!Behind()) { goto Current; } }
    on eMonRespond do (r: tMonRespond) { at -= (r.op); if (!Behind()) { goto Current; } }
    on eMonGaveUp do (op: int) { at -= (op); if (!Behind()) { goto Current; } }
    on eMonPublish do (p: tMonPublish) { latest = p.cfg; }
  }

  fun Note(a: tMonAttempt) { at[a.op] = a.cfg; }

  fun Behind(): bool {
    var o: int;
    foreach (o in keys(at)) { if (at[o] < latest) { return true; } }
    return false;
  }
}
