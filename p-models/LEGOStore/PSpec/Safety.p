/*****************************************************************************************
 * Safety monitors, one per catalogue property (docs/invariants.json); every assertion message
 * starts with "<Monitor> [<ID>]", the ID being ABD-... or CAS-... after the configuration, or
 * RECONF-... across a reconfiguration (two configurations announced; brief §4.7, TLA+
 * LEGOReconfig). Values are per configuration there (brief §2.7): an attempt aborted in the old
 * configuration may have chosen a tag that another PUT chooses in the new one.
 *****************************************************************************************/

// A tag in a configuration (the ghost `written` is per configuration, brief §2.7).
type tCTag = (cfg: int, tag: tTag);

/* ABD-L1 / CAS-L1 / RECONF-L1 Tag-value agreement (TLA+ TagValueAgreementInv): within a
   configuration no two operations choose one tag; every value a server stores (ABD) and every
   symbol it holds (CAS) belongs to the PUT that chose its tag in the server's configuration, or
   to the controller's transfer (configuration 2). */
spec TagValueAgreement observes eMonConfig, eMonTag, eMonServer, eMonFix {
  var ps: map[int, tParams];
  var chosenBy: map[tCTag, int];
  var valueOf: map[tCTag, int];

  start state Watching {
    entry { valueOf[(cfg = 1, tag = T0())] = V0(); valueOf[(cfg = 2, tag = T0())] = V0(); valueOf[(cfg = 3, tag = T0())] = V0(); }
    on eMonConfig do (c: tMonConfig) { ps[c.idx] = c.params; }
    on eMonTag do (t: tMonTag) {
      var k: tCTag;
      k = (cfg = t.cfg, tag = t.tag);
      assert !(k in chosenBy) || chosenBy[k] == t.op,
        format("TagValueAgreement [{0}]: operations {1} and {2} both chose tag <{3},{4}>", Cid(ps, "L1"), chosenBy[k], t.op, t.tag.z, t.tag.w);
      chosenBy[k] = t.op;
      valueOf[k] = t.val;
    }
    on eMonFix do (f: tMonFix) { valueOf[(cfg = f.from + 1, tag = f.tag)] = f.val; }
    on eMonServer do (s: tMonServer) {
      var t: tTag;
      var k: tCTag;
      if (ps[s.cfg].proto == ABD) {
        k = (cfg = s.cfg, tag = s.stored);
        assert k in valueOf && valueOf[k] == s.val,
          format("TagValueAgreement [{0}]: server {1} stores value {2} under tag <{3},{4}>, which did not write it", Cid(ps, "L1"), s.server, s.val, s.stored.z, s.stored.w);
        return;
      }
      foreach (t in keys(s.list)) {
        k = (cfg = s.cfg, tag = t);
        if (s.list[t].sym != NOSYM()) {
          assert k in valueOf && valueOf[k] == s.list[t].sym,
            format("TagValueAgreement [{0}]: server {1} holds a symbol of value {2} under tag <{3},{4}>, which did not write it", Cid(ps, "L1"), s.server, s.list[t].sym, t.z, t.w);
        }
      }
    }
  }
}

/* ABD-L2 / CAS-L2 / RECONF-L2 Real-time order (TLA+ RealTimeOrderInv): a PUT's tag is above,
   and a GET's tag at or above, the tag of every operation completed before it was invoked
   (across a reconfiguration: whichever configuration each ran in). */
spec RealTimeOrder observes eMonConfig, eMonInvoke, eMonRespond {
  var ps: map[int, tParams];
  var anyDone: bool;
  var maxDone: tTag;
  var before: map[int, (has: bool, max: tTag, put: bool)];

  start state Watching {
    on eMonConfig do (c: tMonConfig) { ps[c.idx] = c.params; }
    on eMonInvoke do (i: tMonInvoke) { before[i.op] = (has = anyDone, max = maxDone, put = i.put); }
    on eMonRespond do (r: tMonRespond) {
      var b: (has: bool, max: tTag, put: bool);
      b = before[r.op];
      if (b.has) {
        if (b.put) {
          assert TagLT(b.max, r.tag),
            format("RealTimeOrder [{0}]: PUT {1} completed with tag <{2},{3}>, not above tag <{4},{5}> of an operation done before it began", Cid(ps, "L2"), r.op, r.tag.z, r.tag.w, b.max.z, b.max.w);
        } else {
          assert TagLE(b.max, r.tag),
            format("RealTimeOrder [{0}]: GET {1} read tag <{2},{3}>, below tag <{4},{5}> of an operation done before it began", Cid(ps, "L2"), r.op, r.tag.z, r.tag.w, b.max.z, b.max.w);
        }
      }
      anyDone = true;
      maxDone = TagMax(maxDone, r.tag);
    }
  }
}

/* ABD-L3 / CAS-L3 / RECONF-L3 Read validity (TLA+ ReadValidityInv): a GET returns the value
   its tag wrote (v0 for T0) in the configuration the GET completed in, never GARBAGE. */
spec ReadValidity observes eMonConfig, eMonTag, eMonInvoke, eMonRespond, eMonFix {
  var ps: map[int, tParams];
  var valueOf: map[tCTag, int];
  var isGet: set[int];

  start state Watching {
    entry { valueOf[(cfg = 1, tag = T0())] = V0(); valueOf[(cfg = 2, tag = T0())] = V0(); valueOf[(cfg = 3, tag = T0())] = V0(); }
    on eMonConfig do (c: tMonConfig) { ps[c.idx] = c.params; }
    on eMonTag do (t: tMonTag) {
      if (!((cfg = t.cfg, tag = t.tag) in valueOf)) { valueOf[(cfg = t.cfg, tag = t.tag)] = t.val; }
    }
    on eMonFix do (f: tMonFix) { valueOf[(cfg = f.from + 1, tag = f.tag)] = f.val; }
    on eMonInvoke do (i: tMonInvoke) { if (!i.put) { isGet += (i.op); } }
    on eMonRespond do (r: tMonRespond) {
      var k: tCTag;
      if (!(r.op in isGet)) { return; }
      k = (cfg = r.cfg, tag = r.tag);
      assert r.val != GARBAGE() && k in valueOf && valueOf[k] == r.val,
        format("ReadValidity [{0}]: GET {1} returned {2} with tag <{3},{4}>, which did not write it", Cid(ps, "L3"), r.op, r.val, r.tag.z, r.tag.w);
    }
  }
}

/* ABD-S1 / CAS-S1 Server stability (TLA+ ServerMonotoneProp): a server's tag (CAS: highest fin
   tag) never decreases; CAS: a fin label never reverts, a held symbol never changes. */
spec ServerMonotone observes eMonConfig, eMonServer {
  var ps: map[int, tParams];
  var last: map[int, tMonServer];

  start state Watching {
    on eMonConfig do (c: tMonConfig) { ps[c.idx] = c.params; }
    on eMonServer do (s: tMonServer) {
      var t: tTag;
      var b: tMonServer;
      if (s.server in last) {
        b = last[s.server];
        assert TagLE(b.stored, s.stored),
          format("ServerMonotone [{0}]: server {1}'s tag went from <{2},{3}> down to <{4},{5}>", Cid(ps, "S1"), s.server, b.stored.z, b.stored.w, s.stored.z, s.stored.w);
        foreach (t in keys(b.list)) {
          assert !b.list[t].fin || (t in s.list && s.list[t].fin),
            format("ServerMonotone [{0}]: server {1}'s tag <{2},{3}> lost its fin label", Cid(ps, "S1"), s.server, t.z, t.w);
          assert b.list[t].sym == NOSYM() || !(t in s.list) || s.list[t].sym == NOSYM() || s.list[t].sym == b.list[t].sym,
            format("ServerMonotone [{0}]: server {1}'s symbol of tag <{2},{3}> changed", Cid(ps, "S1"), s.server, t.z, t.w);
        }
      }
      last[s.server] = s;
    }
  }
}

/* ABD-S2 / CAS-S2 / RECONF-S2 No data loss (TLA+ NoDataLossInv): every completed operation's
   tag is stored or overtaken at Wq servers (q2 for ABD, min(q3, q4) for CAS) of the
   configuration the metadata service names (the only one, or the new one once published). */
spec NoDataLoss observes eMonConfig, eMonServer, eMonRespond, eMonPublish {
  var ps: map[int, tParams];
  var latest: int;
  var stored: map[int, tTag];
  var cfgOf: map[int, int];
  var done: map[int, tTag];

  start state Watching {
    entry { latest = 1; }
    on eMonConfig do (c: tMonConfig) { ps[c.idx] = c.params; }
    on eMonServer do (s: tMonServer) {
      stored[s.server] = s.stored;
      cfgOf[s.server] = s.cfg;
      CheckAll();
    }
    on eMonRespond do (r: tMonRespond) { done[r.op] = r.tag; Check(r.op, r.tag); }
    on eMonPublish do (p: tMonPublish) { latest = p.cfg; CheckAll(); }
  }

  fun CheckAll() {
    var o: int;
    foreach (o in keys(done)) { Check(o, done[o]); }
  }

  fun Check(o: int, t: tTag) {
    var s: int;
    var at: int;
    var wq: int;
    wq = Wq(ps[latest]);
    foreach (s in keys(stored)) { if (cfgOf[s] == latest && TagLE(t, stored[s])) { at = at + 1; } }
    assert at >= wq,
      format("NoDataLoss [{0}]: operation {1} completed with tag <{2},{3}>, stored or overtaken at {4} server(s) only (Wq = {5})", Cid(ps, "S2"), o, t.z, t.w, at, wq);
  }
}

// CAS: how many servers hold a symbol of tag t.
fun Holders(lists: map[int, map[tTag, tEntry]], t: tTag): int {
  var s: int;
  var n: int;
  foreach (s in keys(lists)) { if (t in lists[s] && lists[s][t].sym != NOSYM()) { n = n + 1; } }
  return n;
}

/* CAS-D1 / RECONF-D1 Decodability (TLA+ DecodabilityInv, GC off): in every published CAS
   configuration (the old or only one; the new one once the metadata service names it), a tag
   labelled fin at any server has symbols at k + m - q4 of its servers or more, so any q4 of them
   hold k. */
spec Decodability observes eMonConfig, eMonServer, eMonPublish {
  var ps: map[int, tParams];
  var latest: int;
  var lists: map[int, map[int, map[tTag, tEntry]]];   // configuration -> server -> list

  start state Watching {
    entry { latest = 1; }
    on eMonConfig do (c: tMonConfig) { ps[c.idx] = c.params; lists[c.idx] = default(map[int, map[tTag, tEntry]]); }
    on eMonServer do (s: tMonServer) {
      lists[s.cfg][s.server] = s.list;
      Check(s.cfg);
    }
    on eMonPublish do (p: tMonPublish) { latest = p.cfg; Check(p.cfg); }
  }

  fun Check(c: int) {
    var p: tParams;
    var x: int;
    var t: tTag;
    p = ps[c];
    if (p.proto != CAS || p.delta > 0 || sizeof(lists[c]) < p.m || c > latest) { return; }
    foreach (x in keys(lists[c])) {
      foreach (t in keys(lists[c][x])) {
        if (lists[c][x][t].fin) {
          assert Holders(lists[c], t) >= p.k + p.m - p.q4,
            format("Decodability [{0}]: tag <{1},{2}> is fin but only {3} server(s) of configuration {4} hold a symbol of it (k + m - q4 = {5})", Cid(ps, "D1"), t.z, t.w, Holders(lists[c], t), c, p.k + p.m - p.q4);
        }
      }
    }
  }
}

/* CAS-R2 Recoverable under GC (TLA+ RecoverableInv): the highest tag labelled fin anywhere
   has symbols at q2 servers, whatever GC collected. */
spec Recoverable observes eMonConfig, eMonServer, eMonPublish {
  var ps: map[int, tParams];
  var lists: map[int, map[int, map[tTag, tEntry]]];   // configuration -> server -> list
  var latest: int;

  start state Watching {
    entry { latest = 1; }
    on eMonConfig do (c: tMonConfig) { ps[c.idx] = c.params; lists[c.idx] = default(map[int, map[tTag, tEntry]]); }
    on eMonServer do (s: tMonServer) { lists[s.cfg][s.server] = s.list; Check(s.cfg); }
    on eMonPublish do (p: tMonPublish) { latest = p.cfg; Check(p.cfg); }
  }

  // Per published CAS configuration (a new one once the metadata service names it: before,
  // RcWrite labels fin one server at a time).
  fun Check(c: int) {
    var x: int;
    var top: tTag;
    var p: tParams;
    p = ps[c];
    if (p.proto != CAS || sizeof(lists[c]) < p.m || c > latest) { return; }
    foreach (x in keys(lists[c])) { top = TagMax(top, FinMax(lists[c][x])); }
    assert Holders(lists[c], top) >= p.q2,
      format("Recoverable [{0}]: the highest fin tag <{1},{2}> of configuration {3} has symbols at {4} server(s), fewer than q2 = {5}", Cid(ps, "R2"), top.z, top.w, c, Holders(lists[c], top), p.q2);
  }
}

/* CAS-G1 Retries are justified (TLA+ RetryJustifiedInv): a GET retries only if a server that
   replied to its phase 2 holds delta fin tags above the GET's tag. */
spec RetryJustified observes eMonConfig, eMonServer, eMonRetry {
  var ps: map[int, tParams];
  var lists: map[int, map[tTag, tEntry]];

  start state Watching {
    on eMonConfig do (c: tMonConfig) { ps[c.idx] = c.params; }
    on eMonServer do (s: tMonServer) { lists[s.server] = s.list; }
    on eMonRetry do (r: tMonRetry) {
      var s: int;
      var t: tTag;
      var above: int;
      var ok: bool;
      var p: tParams;
      p = ps[1];
      foreach (s in r.repliers) {
        above = 0;
        foreach (t in keys(lists[s])) { if (lists[s][t].fin && TagLT(r.tag, t)) { above = above + 1; } }
        if (p.delta > 0 && above >= p.delta) { ok = true; }
      }
      assert ok, format("RetryJustified [CAS-G1]: GET {0} retried tag <{1},{2}> though no replier holds delta = {3} fin tags above it", r.op, r.tag.z, r.tag.w, p.delta);
    }
  }
}
