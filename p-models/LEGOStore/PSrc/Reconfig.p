/*****************************************************************************************
 * The reconfiguration controller and the metadata service (brief LEGOStore §4.7.2, §4.8; TLA+
 * LEGOReconfig's RcStart, RcQueried, RcGot, RcPublish and the FINISH round).
 *
 * (1) RcQuery pauses the old servers; with Qr replies the controller takes the highest (tag,
 *     value) of an ABD configuration, or the highest fin tag t of a CAS one and then (2) fetches
 *     t's symbols with RcGet until q4 replies hold k of them, and decodes; (3) RcWrite hands
 *     the pair to the new configuration (ABD: q2 acks; CAS: max(q2, q3) acks, each server
 *     storing its own symbol labelled fin); (4) the metadata service names the new
 *     configuration; (5) RcFinish closes every old server with the handed-over tag.
 * With a chain (cfg.reconf.chain) the controller then retires configuration 2 in favour of 3
 * the same way (brief §4.7.4; TLA+ LEGOReconfig with three configurations, rc.from).
 * Every round is resent on a timeout to the servers that have not answered (when the test
 * resends); the controller and the metadata service do not crash (brief §6.2).
 *****************************************************************************************/

enum tRcPhase { RC_IDLE, RC_QUERY, RC_GET, RC_WRITE, RC_FINISH, RC_DONE }

machine Controller {
  var cfg: tConfig;
  var net: machine;
  var cfgs: seq[tParams];                    // every configuration (index 0: configuration 1)
  var srv: seq[seq[machine]];                // their servers
  var bases: seq[int];                       // the global id of each configuration's first server
  var from: int;                             // the configuration being retired (TLA+ rc.from)
  var phase: tRcPhase;
  var latest: int;                           // the metadata service: the newest published configuration
  var got: map[int, (tag: tTag, val: int)];  // RcQuery replies by (global) server id
  var syms: map[int, int];                   // RcGet replies by server: the symbol (or NOSYM)
  var fins: map[int, tTag];                  // RcGet replies by server: its highest fin tag
  var acks: set[int];                        // RcWrite acks
  var finAcks: set[int];                     // RcFinish acks of the configuration being retired
  var unfinished: map[int, (srv: machine, tag: tTag)];   // FINISH of an earlier step not yet acknowledged
  var t: tTag;
  var v: int;
  var timer: int;

  start state Init {
    entry (p: (cfg: tConfig, net: machine, srv: seq[seq[machine]])) {
      var i: int;
      var base: int;
      cfg = p.cfg;
      net = p.net;
      srv = p.srv;
      cfgs += (0, cfg.params);
      cfgs += (1, cfg.reconf.next);
      if (cfg.reconf.chain) { cfgs += (2, cfg.reconf.then); }
      while (i < sizeof(cfgs)) { bases += (i, base); base = base + cfgs[i].m; i = i + 1; }
      from = 1;
      latest = 1;
      goto Running;
    }
  }

  state Running {
    // TLA+ RcStart.
    on eRcStart do (unused: int) {
      if (phase != RC_IDLE) { return; }
      phase = RC_QUERY;
      announce eMonRcStart;
      Resend();
    }
    // TLA+ RcQueried.
    on eRcReply do (r: (server: int, tag: tTag, val: int)) {
      var s: int;
      if (phase != RC_QUERY || !InCfg(from, r.server)) { return; }
      got[r.server] = (tag = r.tag, val = r.val);
      if (sizeof(got) < Qr()) { return; }
      t = T0();
      v = V0();
      foreach (s in keys(got)) { if (TagLT(t, got[s].tag)) { t = got[s].tag; v = got[s].val; } }
      if (Old().proto == ABD) { BeginTransfer(); return; }
      phase = RC_GET;
      Resend();
    }
    // TLA+ RcGot: q4 replies holding k symbols of t; decode. TLA+ RcGcFallback (brief §4.7.2,
    // proposed): q4 replies hold fewer than k symbols of t (GC at servers the controller did not
    // pause) and one reports a higher fin tag: hand over that tag instead and fetch its symbols.
    on eRcGetReply do (r: (server: int, tag: tTag, sym: int, fin: tTag)) {
      var s: int;
      var n: int;
      var vals: set[int];
      var higher: tTag;
      if (phase != RC_GET || r.tag != t || !InCfg(from, r.server)) { return; }
      syms[r.server] = r.sym;
      fins[r.server] = r.fin;
      foreach (s in keys(syms)) { if (syms[s] != NOSYM()) { n = n + 1; vals += (syms[s]); } }
      if (sizeof(syms) < Old().q4) { return; }
      if (n < Old().k) {
        higher = t;
        foreach (s in keys(fins)) { higher = TagMax(higher, fins[s]); }
        if (Old().delta > 0 && TagLT(t, higher)) {
          announce eWitRcFallback;
          t = higher;
          syms = default(map[int, int]);
          fins = default(map[int, tTag]);
          Resend();
        }
        return;
      }
      v = GARBAGE();
      if (sizeof(vals) == 1) { v = vals[0]; }
      announce eWitRcDecoded;
      BeginTransfer();
    }
    // TLA+ RcPublish once RcWriteNeed new servers acknowledged.
    on eRcAck do (s: int) {
      if (phase != RC_WRITE || !InCfg(from + 1, s)) { return; }
      acks += (s);
      if (sizeof(acks) >= RcWriteNeed()) { Publish(); }
    }
    on eRcFinAck do (s: int) {
      if (s in unfinished) { unfinished -= (s); return; }
      if (phase != RC_FINISH || !InCfg(from, s)) { return; }
      finAcks += (s);
      Finished();
    }
    on eMdsAsk do (c: machine) { send c, eMdsLatest, latest; }
    on eTimeout do (id: int) {
      if (id != timer || phase == RC_IDLE || phase == RC_DONE) { return; }
      Resend();
    }
  }

  fun Old(): tParams { return cfgs[from - 1]; }
  fun New(): tParams { return cfgs[from]; }
  // Server s (global id) belongs to configuration c.
  fun InCfg(c: int, s: int): bool { return bases[c - 1] <= s && s < bases[c - 1] + cfgs[c - 1].m; }

  // TLA+ Qr (brief §4.7.1, finding F2). Wq: q2 (ABD), min(q3, q4) (CAS).
  fun Qr(): int {
    var p: tParams;
    var wq: int;
    var small: int;
    p = Old();
    wq = p.q2;
    if (p.proto == CAS) { wq = p.q3; if (p.q4 < wq) { wq = p.q4; } }
    if (cfg.reconf.mutant == RMQ_QR_ALL) { return p.m; }
    if (cfg.reconf.mutant == RM11_QR_TOO_SMALL) { return p.m - wq; }
    if (cfg.reconf.paperQr) { return p.m - wq + 1; }
    small = wq;
    if (p.q1 < small) { small = p.q1; }
    return p.m - small + 1;
  }

  // TLA+ RcWriteNeed (brief §5.3 RC3; M13: none; M17: q3 for CAS).
  fun RcWriteNeed(): int {
    var n: tParams;
    n = New();
    if (cfg.reconf.mutant == RM13_PUBLISH_EARLY) { return 0; }
    if (n.proto == ABD) { return n.q2; }
    if (cfg.reconf.mutant == RM17_RCWRITE_Q3 || n.q3 > n.q2) { return n.q3; }
    return n.q2;
  }

  // TLA+ BeginTransfer: the pair is fixed (the ghost doneAtFix is the monitor's business). Mutant MP
  // starts the next reconfiguration of a chain right away, before publishing (TLA+ NextMayStart).
  fun BeginTransfer() {
    announce eMonFix, (from = from, tag = t, val = v);
    phase = RC_WRITE;
    Resend();
    if (cfg.reconf.mutant == RMP_START_BEFORE_PUBLISH && from + 1 < sizeof(cfgs)) { NextReconfiguration(); return; }
    if (RcWriteNeed() == 0) { Publish(); }
  }

  fun Publish() {
    latest = from + 1;
    announce eMonPublish, (cfg = latest, tag = t);
    phase = RC_FINISH;
    Resend();
  }

  // FINISH acknowledged. The last reconfiguration is done once every old server acknowledged. An
  // earlier one of a chain hands over to the next (TLA+ RcStart from phase finish) once Qr old
  // servers did: Qr <= m - f (brief §4.7.1), so the wait ends with f servers down (the artifact waits
  // for m - f; the P parameters carry no f). FINISH is resent to the others until they acknowledge.
  fun Finished() {
    var i: int;
    if (from + 1 == sizeof(cfgs)) {
      if (sizeof(finAcks) == Old().m) { phase = RC_DONE; announce eWitRcDone; }
      return;
    }
    if (sizeof(finAcks) < Qr()) { return; }
    while (i < Old().m) {
      if (!((bases[from - 1] + i) in finAcks)) { unfinished[bases[from - 1] + i] = (srv = srv[from - 1][i], tag = t); }
      i = i + 1;
    }
    NextReconfiguration();
  }

  fun NextReconfiguration() {
    announce eWitNextRc;
    from = from + 1;
    got = default(map[int, (tag: tTag, val: int)]);
    syms = default(map[int, int]);
    fins = default(map[int, tTag]);
    acks = default(set[int]);
    finAcks = default(set[int]);
    phase = RC_QUERY;
    Resend();
  }

  // The current round to every server that has not answered it, FINISH of earlier steps still
  // unacknowledged, and a new timer. In this abstraction a CAS server's symbol of v is v itself (its
  // index is the server's).
  fun Resend() {
    var i: int;
    var ob: int;
    var nb: int;
    var old: seq[machine];
    var nw: seq[machine];
    var s: int;
    ob = bases[from - 1];
    nb = bases[from];
    old = srv[from - 1];
    nw = srv[from];
    while (phase == RC_QUERY && i < sizeof(old)) {
      if (!((ob + i) in got)) { NSend(net, old[i], eRcQuery, this); }
      i = i + 1;
    }
    while (phase == RC_GET && i < sizeof(old)) {
      if (!((ob + i) in syms)) { NSend(net, old[i], eRcGet, (ctrl = this, tag = t)); }
      i = i + 1;
    }
    while (phase == RC_WRITE && i < sizeof(nw)) {
      if (!((nb + i) in acks)) { NSend(net, nw[i], eRcWrite, (ctrl = this, tag = t, val = v)); }
      i = i + 1;
    }
    while (phase == RC_FINISH && i < sizeof(old)) {
      if (!((ob + i) in finAcks)) { NSend(net, old[i], eRcFinish, (ctrl = this, tag = t)); }
      i = i + 1;
    }
    foreach (s in keys(unfinished)) { NSend(net, unfinished[s].srv, eRcFinish, (ctrl = this, tag = unfinished[s].tag)); }
    timer = timer + 1;
    if (cfg.resend) { NTimer(net, this, timer); }
  }
}
