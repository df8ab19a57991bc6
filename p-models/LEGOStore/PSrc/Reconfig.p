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
 * Every round is resent on a timeout to the servers that have not answered (when the test
 * resends); the controller and the metadata service do not crash (brief §6.2).
 *****************************************************************************************/

enum tRcPhase { RC_IDLE, RC_QUERY, RC_GET, RC_WRITE, RC_FINISH, RC_DONE }

machine Controller {
  var cfg: tConfig;
  var net: machine;
  var old: seq[machine];
  var nw: seq[machine];
  var phase: tRcPhase;
  var latest: int;                           // the metadata service: the newest published configuration
  var got: map[int, (tag: tTag, val: int)];  // RcQuery replies by server
  var syms: map[int, int];                   // RcGet replies by server: the symbol (or NOSYM)
  var acks: set[int];                        // RcWrite acks (global server ids)
  var finAcks: set[int];                     // RcFinish acks
  var t: tTag;
  var v: int;
  var timer: int;

  start state Init {
    entry (p: (cfg: tConfig, net: machine, old: seq[machine], nw: seq[machine])) {
      cfg = p.cfg;
      net = p.net;
      old = p.old;
      nw = p.nw;
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
      if (phase != RC_QUERY) { return; }
      got[r.server] = (tag = r.tag, val = r.val);
      if (sizeof(got) < Qr()) { return; }
      t = T0();
      v = V0();
      foreach (s in keys(got)) { if (TagLT(t, got[s].tag)) { t = got[s].tag; v = got[s].val; } }
      if (cfg.params.proto == ABD) { BeginTransfer(); return; }
      phase = RC_GET;
      Resend();
    }
    // TLA+ RcGot: q4 replies holding k symbols of t; decode.
    on eRcGetReply do (r: (server: int, tag: tTag, sym: int)) {
      var s: int;
      var n: int;
      var vals: set[int];
      if (phase != RC_GET || r.tag != t) { return; }
      syms[r.server] = r.sym;
      foreach (s in keys(syms)) { if (syms[s] != NOSYM()) { n = n + 1; vals += (syms[s]); } }
      if (sizeof(syms) < cfg.params.q4 || n < cfg.params.k) { return; }
      v = GARBAGE();
      if (sizeof(vals) == 1) { v = vals[0]; }
      announce eWitRcDecoded;
      BeginTransfer();
    }
    // TLA+ RcPublish once RcWriteNeed new servers acknowledged.
    on eRcAck do (s: int) {
      if (phase != RC_WRITE) { return; }
      acks += (s);
      if (sizeof(acks) >= RcWriteNeed()) { Publish(); }
    }
    on eRcFinAck do (s: int) {
      if (phase != RC_FINISH) { return; }
      finAcks += (s);
      if (sizeof(finAcks) == sizeof(old)) { phase = RC_DONE; announce eWitRcDone; }
    }
    on eMdsAsk do (c: machine) { send c, eMdsLatest, latest; }
    on eTimeout do (id: int) {
      if (id != timer || phase == RC_IDLE || phase == RC_DONE) { return; }
      Resend();
    }
  }

  // TLA+ Qr (brief §4.7.1, finding F2). Wq: q2 (ABD), min(q3, q4) (CAS).
  fun Qr(): int {
    var p: tParams;
    var wq: int;
    var small: int;
    p = cfg.params;
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
    n = cfg.reconf.next;
    if (cfg.reconf.mutant == RM13_PUBLISH_EARLY) { return 0; }
    if (n.proto == ABD) { return n.q2; }
    if (cfg.reconf.mutant == RM17_RCWRITE_Q3 || n.q3 > n.q2) { return n.q3; }
    return n.q2;
  }

  // TLA+ BeginTransfer: the pair is fixed (the ghost doneAtFix is the monitor's business).
  fun BeginTransfer() {
    announce eMonFix, (tag = t, val = v);
    phase = RC_WRITE;
    Resend();
    if (RcWriteNeed() == 0) { Publish(); }
  }

  fun Publish() {
    latest = 2;
    announce eMonPublish, t;
    phase = RC_FINISH;
    Resend();
  }

  // The current round to every server that has not answered it, and a new timer.
  fun Resend() {
    var i: int;
    var base: int;
    base = sizeof(old);
    while (phase == RC_QUERY && i < sizeof(old)) {
      if (!(i in got)) { NSend(net, old[i], eRcQuery, this); }
      i = i + 1;
    }
    while (phase == RC_GET && i < sizeof(old)) {
      if (!(i in syms)) { NSend(net, old[i], eRcGet, (ctrl = this, tag = t)); }
      i = i + 1;
    }
    // The new configuration's servers are base..base+m'-1; in this abstraction a CAS server's symbol
    // of v is v itself (its index is the server's).
    while (phase == RC_WRITE && i < sizeof(nw)) {
      if (!((base + i) in acks)) { NSend(net, nw[i], eRcWrite, (ctrl = this, tag = t, val = v)); }
      i = i + 1;
    }
    while (phase == RC_FINISH && i < sizeof(old)) {
      if (!(i in finAcks)) { NSend(net, old[i], eRcFinish, (ctrl = this, tag = t)); }
      i = i + 1;
    }
    timer = timer + 1;
    if (cfg.resend) { NTimer(net, this, timer); }
  }
}
