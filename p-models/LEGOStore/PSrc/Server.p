/*****************************************************************************************
 * A server of one key in one configuration (brief LEGOStore §2.3, §4.3, §4.5, §4.6, §4.7.3).
 * ABD keeps its highest tag and value; CAS a list tag -> (symbol, label) and collects the
 * symbols below its delta-th highest fin tag. All state is durable (brief §1.4): a crash
 * makes the server silent until it restarts with its state. Handlers are idempotent.
 * Every change is announced to the monitors (eMonServer).
 *
 * Reconfiguration (brief §4.7.3; TLA+ LEGOReconfig): the server gate. An old server pauses on
 * the controller's RcQuery and holds client requests (state Paused, an explicit buffer the
 * RECONF-T3 monitor can see); on RcFinish it closes with the handed-over tag rTag, and from
 * then on serves a tagged request whose tag is <= rTag and refuses everything else with
 * OperationFail (eFail); a phase-1 query is always refused. The held requests are then
 * re-delivered to itself and pass through the gate.
 *****************************************************************************************/

type tHeld = (ev: event, m: tReq);

machine Server {
  var id: int;
  var idx: int;          // the configuration: 1 the old (or only) one, 2 the new one, 3 the next of a chain
  var P: tParams;        // this configuration's parameters
  var cfg: tConfig;
  var net: machine;
  var tag: tTag;
  var val: int;
  var L: map[tTag, tEntry];
  var status: tSrvStatus;
  var rTag: tTag;
  var finished: bool;    // RcFinish handled (once, brief §4.7.3)
  var held: seq[tHeld];  // requests held while paused (volatile: lost in a crash)

  start state Init {
    entry (p: (id: int, idx: int, params: tParams, cfg: tConfig, net: machine)) {
      id = p.id;
      idx = p.idx;
      P = p.params;
      cfg = p.cfg;
      net = p.net;
      if (P.proto == CAS) { L[T0()] = (sym = V0(), fin = true); }
      Report();
      goto Active;
    }
  }

  state Active {
    on eQuery do (m: tReq) { OnQuery(m); }
    on eAbdWrite do (m: tReq) { OnAbdWrite(m); }
    on eCasPre do (m: tReq) { OnCasPre(m); }
    on eCasFin do (m: tReq) { OnCasFin(m); }
    on eCasReadFin do (m: tReq) { OnCasReadFin(m); }
    // TLA+ ServerRcQuery: pause (M12: not), report.
    on eRcQuery do (ctrl: machine) {
      RcReply(ctrl);
      if (cfg.reconf.mutant != RM12_NO_PAUSE) {
        status = SS_PAUSED;
        announce eWitPaused;
        goto Paused;
      }
    }
    on eRcGet do OnRcGet;
    on eRcWrite do OnRcWrite;
    // TLA+ ServerRcFinish: FINISH may overtake the query.
    on eRcFinish do (f: (ctrl: machine, tag: tTag)) { if (Close(f)) { goto Closed; } }
    on eCrash goto Down;
    ignore eRestart;
  }

  state Paused {
    on eQuery do (m: tReq) { Hold(eQuery, m); }
    on eAbdWrite do (m: tReq) { Hold(eAbdWrite, m); }
    on eCasPre do (m: tReq) { Hold(eCasPre, m); }
    on eCasFin do (m: tReq) { Hold(eCasFin, m); }
    on eCasReadFin do (m: tReq) { Hold(eCasReadFin, m); }
    on eRcQuery do (ctrl: machine) { RcReply(ctrl); }
    on eRcGet do OnRcGet;
    on eRcWrite do OnRcWrite;
    on eRcFinish do (f: (ctrl: machine, tag: tTag)) { if (Close(f)) { goto Closed; } }
    on eCrash do { DropHeld(); goto Down; }
    ignore eRestart;
  }

  state Closed {
    entry { Release(); }
    // TLA+ ServerQuery when closed: a phase-1 query always fails.
    on eQuery do (m: tReq) { Fail(m); }
    on eAbdWrite do (m: tReq) { if (Serves(m)) { OnAbdWrite(m); } else { Fail(m); } }
    on eCasPre do (m: tReq) { if (Serves(m)) { OnCasPre(m); } else { Fail(m); } }
    on eCasFin do (m: tReq) { if (Serves(m)) { OnCasFin(m); } else { Fail(m); } }
    on eCasReadFin do (m: tReq) { if (Serves(m)) { OnCasReadFin(m); } else { Fail(m); } }
    // TLA+ ServerRcQuery on a closed server: it stays closed (M16, ServerRcQueryAgain: it re-pauses).
    on eRcQuery do (ctrl: machine) {
      RcReply(ctrl);
      if (cfg.reconf.mutant == RM16_REPAUSE) {
        status = SS_PAUSED;
        goto Paused;
      }
    }
    on eRcGet do OnRcGet;
    on eRcWrite do OnRcWrite;
    on eRcFinish do (f: (ctrl: machine, tag: tTag)) { Close(f); }
    on eCrash goto Down;
    ignore eRestart;
  }

  state Down {
    entry { announce eMonDown, id; }
    ignore eQuery, eAbdWrite, eCasPre, eCasFin, eCasReadFin, eCrash;
    ignore eRcQuery, eRcGet, eRcWrite, eRcFinish;
    on eRestart do {
      announce eMonUp, id;
      if (status == SS_PAUSED) { goto Paused; }
      if (status == SS_CLOSED) { goto Closed; }
      goto Active;
    }
  }

  // ---- client requests (brief §4.3, §4.5) ----

  // TLA+ ServerQuery (ABD, CAS): the tag and value (ABD) or the highest fin tag (CAS; M5: any label).
  fun OnQuery(m: tReq) {
    var t: tTag;
    var top: tTag;
    if (P.proto == ABD) {
      NSend(net, m.client, eQueryReply, (server = id, op = m.op, att = m.att, ph = m.ph, tag = tag, val = val));
      return;
    }
    if (cfg.mutant == LM5_QUERY_ANY_LABEL) {
      foreach (t in keys(L)) { top = TagMax(top, t); }
      NSend(net, m.client, eQueryReply, (server = id, op = m.op, att = m.att, ph = m.ph, tag = top, val = 0));
      return;
    }
    NSend(net, m.client, eQueryReply, (server = id, op = m.op, att = m.att, ph = m.ph, tag = FinMax(L), val = 0));
  }
  // TLA+ ServerWrite (Stores: a strictly higher tag; MS: any other tag).
  fun OnAbdWrite(m: tReq) {
    if (TagLT(tag, m.tag) || (cfg.mutant == LMS_SERVER_REGRESSES && m.tag != tag)) {
      tag = m.tag;
      val = m.val;
      Report();
    }
    NSend(net, m.client, eAck, (server = id, op = m.op, att = m.att, ph = m.ph, tag = m.tag, val = 0));
  }
  // TLA+ ServerPre (PreEntry): store the symbol unless one is held or the tag is below the cut.
  fun OnCasPre(m: tReq) {
    var sym: int;
    sym = m.val;
    if (Collected(m.tag)) { sym = NOSYM(); }
    if (!(m.tag in L) || cfg.mutant == LMS_SERVER_REGRESSES) {
      L[m.tag] = (sym = sym, fin = false);
    } else if (L[m.tag].sym == NOSYM()) {
      L[m.tag] = (sym = sym, fin = L[m.tag].fin);
    }
    Report();
    NSend(net, m.client, eAck, (server = id, op = m.op, att = m.att, ph = m.ph, tag = m.tag, val = 0));
  }
  // TLA+ ServerFin (MarkFinAndGc).
  fun OnCasFin(m: tReq) {
    MarkFinAndGc(m.tag);
    NSend(net, m.client, eAck, (server = id, op = m.op, att = m.att, ph = m.ph, tag = m.tag, val = 0));
  }
  // TLA+ ServerReadFin: label fin (M7: not), collect, reply with the symbol held.
  fun OnCasReadFin(m: tReq) {
    if (cfg.mutant != LM7_READ_NO_FIN) { MarkFinAndGc(m.tag); }
    NSend(net, m.client, eReadReply, (server = id, op = m.op, att = m.att, ph = m.ph, tag = m.tag, val = SymbolOf(m.tag)));
  }

  // ---- the gate and the controller's requests (brief §4.7.3) ----

  // TLA+ Proceeds for a closed server: tag <= rTag (M18 ServesWhenClosed: any tag).
  fun Serves(m: tReq): bool {
    return cfg.reconf.mutant == RM18_CLOSED_SERVES_ALL || TagLE(m.tag, rTag);
  }
  // OperationFail for the attempt of m.
  fun Fail(m: tReq) {
    NSend(net, m.client, eFail, (server = id, op = m.op, att = m.att, ph = m.ph, tag = rTag, val = idx + 1));
  }
  fun Hold(e: event, m: tReq) {
    held += (sizeof(held), (ev = e, m = m));
    announce eWitHeld;
    announce eMonHeld, (server = id, n = sizeof(held));
  }
  fun DropHeld() {
    held = default(seq[tHeld]);
    announce eMonHeld, (server = id, n = 0);
  }
  // Leaving PAUSED: the held requests go through the gate of the new state, in arrival order.
  fun Release() {
    var i: int;
    while (i < sizeof(held)) { send this, held[i].ev, held[i].m; i = i + 1; }
    DropHeld();
  }
  // TLA+ ServerRcQuery's reply: ABD tag and value, CAS highest fin tag.
  fun RcReply(ctrl: machine) {
    if (P.proto == ABD) { NSend(net, ctrl, eRcReply, (server = id, tag = tag, val = val)); }
    else { NSend(net, ctrl, eRcReply, (server = id, tag = FinMax(L), val = 0)); }
  }
  // TLA+ ServerRcGet: answered in every state, with the symbol held for the tag.
  fun OnRcGet(g: (ctrl: machine, tag: tTag)) {
    NSend(net, g.ctrl, eRcGetReply, (server = id, tag = g.tag, sym = SymbolOf(g.tag), fin = FinMax(L)));
  }
  // TLA+ ServerRcWrite: ABD stores the pair if newer; CAS stores the server's symbol labelled fin.
  fun OnRcWrite(w: (ctrl: machine, tag: tTag, val: int)) {
    if (P.proto == ABD) {
      if (TagLT(tag, w.tag)) { tag = w.tag; val = w.val; }
    } else {
      L[w.tag] = (sym = w.val, fin = true);
      MarkFinAndGc(w.tag);             // GC in a collecting new configuration (brief §4.7.3)
    }
    Report();
    NSend(net, w.ctrl, eRcAck, id);
  }
  // TLA+ ServerRcFinish: handled once (then only acknowledged); true if the server closes now.
  fun Close(f: (ctrl: machine, tag: tTag)): bool {
    NSend(net, f.ctrl, eRcFinAck, id);
    if (finished) { return false; }
    finished = true;
    status = SS_CLOSED;
    rTag = f.tag;
    announce eMonClosed, id;
    return true;
  }

  fun SymbolOf(t: tTag): int {
    if (t in L) { return L[t].sym; }
    return NOSYM();
  }

  // TLA+ MarkFinAndGc: label fin (an entry without a symbol if t is unknown), then collect.
  fun MarkFinAndGc(t: tTag) {
    var u: tTag;
    if (t in L) { L[t] = (sym = L[t].sym, fin = true); } else { L[t] = (sym = NOSYM(), fin = true); }
    foreach (u in keys(L)) {
      if (L[u].sym != NOSYM() && Collected(u)) {
        L[u] = (sym = NOSYM(), fin = L[u].fin);
        announce eWitGc;
      }
    }
    Report();
  }

  // TLA+ Collected / GcCut: t is below the delta-th highest fin tag (M19: at or below it).
  fun Collected(t: tTag): bool {
    var u: tTag;
    var v: tTag;
    var above: int;
    if (P.delta == 0) { return false; }
    foreach (u in keys(L)) {
      if (L[u].fin) {
        above = 0;
        foreach (v in keys(L)) { if (L[v].fin && TagLT(u, v)) { above = above + 1; } }
        if (above == P.delta - 1) {
          if (cfg.mutant == LM19_GC_OFF_BY_ONE) { return TagLE(t, u); }
          return TagLT(t, u);
        }
      }
    }
    return false;
  }

  fun Report() {
    if (P.proto == ABD) {
      announce eMonServer, (server = id, cfg = idx, stored = tag, val = val, list = L);
    } else {
      announce eMonServer, (server = id, cfg = idx, stored = FinMax(L), val = 0, list = L);
    }
  }
}
