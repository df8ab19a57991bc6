/*****************************************************************************************
 * A server of one key in one configuration (brief LEGOStore §2.3, §4.3, §4.5, §4.6).
 * ABD keeps its highest tag and value; CAS a list tag -> (symbol, label) and collects the
 * symbols below its delta-th highest fin tag. All state is durable (brief §1.4): a crash
 * makes the server silent until it restarts with its state. Handlers are idempotent.
 * Every change is announced to the monitors (eMonServer).
 *****************************************************************************************/

machine Server {
  var id: int;
  var cfg: tConfig;
  var net: machine;
  var tag: tTag;
  var val: int;
  var L: map[tTag, tEntry];

  start state Init {
    entry (p: (id: int, cfg: tConfig, net: machine)) {
      id = p.id;
      cfg = p.cfg;
      net = p.net;
      if (cfg.params.proto == CAS) { L[T0()] = (sym = V0(), fin = true); }
      Report();
      goto Up;
    }
  }

  state Up {
    // TLA+ ServerQuery (ABD, CAS): the tag and value (ABD) or the highest fin tag (CAS; M5: any label).
    on eQuery do (m: tReq) {
      var t: tTag;
      var top: tTag;
      if (cfg.params.proto == ABD) {
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
    on eAbdWrite do (m: tReq) {
      if (TagLT(tag, m.tag) || (cfg.mutant == LMS_SERVER_REGRESSES && m.tag != tag)) {
        tag = m.tag;
        val = m.val;
        Report();
      }
      NSend(net, m.client, eAck, (server = id, op = m.op, att = m.att, ph = m.ph, tag = m.tag, val = 0));
    }
    // TLA+ ServerPre (PreEntry): store the symbol unless one is held or the tag is below the cut.
    on eCasPre do (m: tReq) {
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
    on eCasFin do (m: tReq) {
      MarkFinAndGc(m.tag);
      NSend(net, m.client, eAck, (server = id, op = m.op, att = m.att, ph = m.ph, tag = m.tag, val = 0));
    }
    // TLA+ ServerReadFin: label fin (M7: not), collect, reply with the symbol held.
    on eCasReadFin do (m: tReq) {
      var sym: int;
      if (cfg.mutant != LM7_READ_NO_FIN) { MarkFinAndGc(m.tag); }
      sym = NOSYM();
      if (m.tag in L) { sym = L[m.tag].sym; }
      NSend(net, m.client, eReadReply, (server = id, op = m.op, att = m.att, ph = m.ph, tag = m.tag, val = sym));
    }
    on eCrash goto Down;
    ignore eRestart;
  }

  state Down {
    ignore eQuery, eAbdWrite, eCasPre, eCasFin, eCasReadFin, eCrash;
    on eRestart goto Up;
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
    if (cfg.params.delta == 0) { return false; }
    foreach (u in keys(L)) {
      if (L[u].fin) {
        above = 0;
        foreach (v in keys(L)) { if (L[v].fin && TagLT(u, v)) { above = above + 1; } }
        if (above == cfg.params.delta - 1) {
          if (cfg.mutant == LM19_GC_OFF_BY_ONE) { return TagLE(t, u); }
          return TagLT(t, u);
        }
      }
    }
    return false;
  }

  fun Report() {
    if (cfg.params.proto == ABD) {
      announce eMonServer, (server = id, stored = tag, val = val, list = L);
    } else {
      announce eMonServer, (server = id, stored = FinMax(L), val = 0, list = L);
    }
  }
}
