/*****************************************************************************************
 * Storage monitors: what the sites durably hold, checked against what is chosen. They follow
 * the slots the sites announce (eMonSlot after a promise, a vote or a restart; eMonPruned when
 * GC raises a floor) and recompute "chosen" from the votes, as the TLA+ specs do. A site
 * announces a vote (eMonVoted) and then its new slot (eMonSlot) in the same step, so the
 * checks run on eMonSlot, when both are known.
 *
 * With several versions, S9, S10 and S11 are about the newest chosen version (TLA+
 * LatestNotLostInv of specs/PandoVersions.tla): older versions are pruned on purpose once a
 * newer one is committed. With one version they are exactly the single-slot invariants of
 * specs/Pando.tla.
 *****************************************************************************************/

type tHeld = (apn: tBallot, vid: int);
type tHoldings = map[int, map[int, tHeld]];   // site -> version -> what the site holds

fun Hold(h: tHoldings, s: tMonSlot): tHoldings {
  if (!(s.site in h)) { h[s.site] = default(map[int, tHeld]); }
  h[s.site][s.ver] = (apn = s.apn, vid = s.vid);
  return h;
}

// A site pruned every version below floor.
fun Drop(h: tHoldings, p: tMonPruned): tHoldings {
  var j: int;
  var old: seq[int];
  if (!(p.site in h)) { return h; }
  foreach (j in keys(h[p.site])) { if (j < p.floor) { old += (sizeof(old), j); } }
  foreach (j in old) { h[p.site] -= (j); }
  return h;
}

// Sites holding vid x of version ver.
fun Holders(h: tHoldings, ver: int, x: int): int {
  var s: int;
  var c: int;
  foreach (s in keys(h)) {
    if (ver in h[s] && h[s][ver].vid == x) { c = c + 1; }
  }
  return c;
}

// Sites that accepted anything for version ver.
fun Accepting(h: tHoldings, ver: int): int {
  var s: int;
  var c: int;
  foreach (s in keys(h)) {
    if (ver in h[s] && !IsNone(h[s][ver].apn)) { c = c + 1; }
  }
  return c;
}

/* PANDO-S9 / PANDO-S9m No data loss (TLA+ NoDataLossInv, LatestNotLostInv): some whole
   Phase-2 quorum still holds the newest chosen version's chosen vid. A site that prunes a
   version before a newer one is chosen (M12b) breaks it. */
spec NoDataLoss observes eMonConfig, eMonVoted, eMonSlot, eMonPruned {
  var cfg: tMonConfig;
  var votes: tVotes;
  var held: tHoldings;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { cfg = c; }
    on eMonVoted do (v: tMonVoted) { votes = AddVote(votes, v.site, v.ver, v.bal, v.vid); }   // its eMonSlot follows
    on eMonSlot do (s: tMonSlot) { held = Hold(held, s); Check(); }
    on eMonPruned do (p: tMonPruned) { held = Drop(held, p); Check(); }
  }

  fun Check() {
    var ver: int;
    var x: int;
    ver = MaxOf(ChosenVersions(votes, cfg.q2));
    if (ver == 0) { return; }
    foreach (x in ChosenVids(votes, ver, cfg.q2)) {
      assert Holders(held, ver, x) >= cfg.q2,
        format("NoDataLoss [PANDO-S9]: only {0} sites still hold vid {1} of version {2} (newest chosen), fewer than a Phase-2 quorum of {3}",
               Holders(held, ver, x), x, ver, cfg.q2);
    }
  }
}

/* PANDO-S10 Recoverable from every Phase-1b quorum (paper constraint 2; TLA+ RecoverableInv):
   every q1b sites include K splits of the chosen vid, i.e. at most holders - K sites may be
   left out: holders - (n - q1b) >= K. Broken by X3 (q1b + q2 - n < K). */
spec Recoverable observes eMonConfig, eMonVoted, eMonSlot, eMonPruned {
  var cfg: tMonConfig;
  var votes: tVotes;
  var held: tHoldings;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { cfg = c; }
    on eMonVoted do (v: tMonVoted) { votes = AddVote(votes, v.site, v.ver, v.bal, v.vid); }   // its eMonSlot follows
    on eMonSlot do (s: tMonSlot) { held = Hold(held, s); Check(); }
    on eMonPruned do (p: tMonPruned) { held = Drop(held, p); Check(); }
  }

  fun Check() {
    var ver: int;
    var x: int;
    ver = MaxOf(ChosenVersions(votes, cfg.q2));
    if (ver == 0) { return; }
    foreach (x in ChosenVids(votes, ver, cfg.q2)) {
      assert Holders(held, ver, x) - (cfg.n - cfg.q1b) >= cfg.k,
        format("Recoverable [PANDO-S10]: vid {0} of version {1} is held by {2} of {3} sites, so some Phase-1b quorum of {4} has fewer than K = {5} of its splits",
               x, ver, Holders(held, ver, x), cfg.n, cfg.q1b, cfg.k);
    }
  }
}

/* PANDO-S11 Discoverable from every Phase-1a quorum (paper constraint 1; TLA+ DiscoverableInv):
   once a version is chosen, every q1a sites include one that accepted something for it, so
   the 1a fast path cannot see it as empty. Broken by X1 (q1a + q2 <= n). */
spec Discoverable observes eMonConfig, eMonVoted, eMonSlot, eMonPruned {
  var cfg: tMonConfig;
  var votes: tVotes;
  var held: tHoldings;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { cfg = c; }
    on eMonVoted do (v: tMonVoted) { votes = AddVote(votes, v.site, v.ver, v.bal, v.vid); }   // its eMonSlot follows
    on eMonSlot do (s: tMonSlot) { held = Hold(held, s); Check(); }
    on eMonPruned do (p: tMonPruned) { held = Drop(held, p); Check(); }
  }

  fun Check() {
    var ver: int;
    ver = MaxOf(ChosenVersions(votes, cfg.q2));
    if (ver == 0) { return; }
    assert Accepting(held, ver) >= cfg.n - cfg.q1a + 1,
      format("Discoverable [PANDO-S11]: version {0} is chosen but only {1} of {2} sites accepted anything, so some Phase-1a quorum of {3} looks empty",
             ver, Accepting(held, ver), cfg.n, cfg.q1a);
  }
}

/* PANDO-S15 No gaps (brief 4.4; TLA+ NoGapsInv): a site accepts version i > 1 only once
   version i-1 is chosen. Broken by M16 (a writer skips the CPUT precondition). */
spec NoGaps observes eMonConfig, eMonVoted {
  var q2: int;
  var votes: tVotes;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) {
      assert v.ver == 1 || sizeof(ChosenVids(votes, v.ver - 1, q2)) > 0,
        format("NoGaps [PANDO-S15]: site {0} accepted version {1} (vid {2}) while version {3} has nothing chosen",
               v.site, v.ver, v.vid, v.ver - 1);
      votes = AddVote(votes, v.site, v.ver, v.bal, v.vid);
    }
  }
}

/* PANDO-S18 Garbage collection is safe (brief 4.8; TLA+ GCSafeInv): a site raises its floor to
   version i only when every version up to i is chosen (it prunes on a COMMIT of i). Broken by
   M12b (pruning when a newer version is merely accepted). */
spec GcSafe observes eMonConfig, eMonVoted, eMonPruned {
  var q2: int;
  var votes: tVotes;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) { votes = AddVote(votes, v.site, v.ver, v.bal, v.vid); }
    on eMonPruned do (p: tMonPruned) {
      var j: int;
      j = 1;
      while (j <= p.floor) {
        assert sizeof(ChosenVids(votes, j, q2)) > 0,
          format("GcSafe [PANDO-S18]: site {0} raised its floor to version {1}, but version {2} has nothing chosen",
                 p.site, p.floor, j);
        j = j + 1;
      }
    }
  }
}
