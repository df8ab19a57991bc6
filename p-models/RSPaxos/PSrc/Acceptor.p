/*****************************************************************************************
 * An acceptor (brief RSPaxos §4.2 "Acceptor a"; TLA+ Phase1b, Phase2b). Its promise and its accepted
 * ballot, vid and share are durable (§1.4): a crash loses nothing but the messages in flight, except
 * with mutant M8, where a restarted acceptor's promise falls back to its accepted ballot.
 *****************************************************************************************/

machine Acceptor {
  var id: int;
  var cfg: tRspConfig;
  var net: machine;
  var promised: int;
  var accBal: int;
  var accVid: int;
  var accIdx: int;

  // Node-local observations (RSP-N1, N2; p-models/Common/PSpec/LocalRules.p): acceptor a<id>, ballot ⟨b, 0⟩.
  fun Me(): string { return format("a{0}", id); }

  start state Up {
    entry (a: (id: int, cfg: tRspConfig, net: machine)) {
      id = a.id; cfg = a.cfg; net = a.net;
      goto Serving;
    }
  }

  state Serving {
    // TLA+ Phase1b: promise a higher ballot and report the accepted entry. A repeated Prepare of the
    // ballot already promised is answered again (brief §4.2 [PROPOSED]: the network may lose the promise).
    on ePrepare do (m: (from: machine, bal: int)) {
      if (m.bal >= promised) {
        promised = m.bal;
        announce eLocalPromise, (node = Me(), promised = (hi = promised, lo = 0), action = "Phase1b");
        NSend(net, m.from, ePromise, (acc = id, bal = m.bal, accBal = accBal, vid = accVid, idx = accIdx));
      } else {
        NSend(net, m.from, eNack, (bal = m.bal, promised = promised));
      }
    }
    // TLA+ Phase2b: accept unless promised higher (M6: always) and raise the promise (M5: not); keep
    // the share with the index it came with.
    on eAccept do (m: (from: machine, bal: int, vid: int, idx: int)) {
      if (m.bal >= promised || cfg.mutant == RM_M6) {
        if (m.bal > promised && cfg.mutant != RM_M5) { promised = m.bal; }
        accBal = m.bal;
        accVid = m.vid;
        accIdx = m.idx;
        announce eLocalVote, (node = Me(), slot = "1", bal = (hi = m.bal, lo = 0), value = format("vid {0}", m.vid), promised = (hi = promised, lo = 0), action = "Phase2b");
        announce eMonVote, (acc = id, bal = m.bal, vid = m.vid);
        announce eMonShare, (acc = id, idx = m.idx);
        NSend(net, m.from, eAccepted, (acc = id, bal = m.bal, vid = m.vid));
      } else {
        NSend(net, m.from, eNack, (bal = m.bal, promised = promised));
      }
    }
    on eCrash goto Down;
    ignore eRestart;
  }

  state Down {
    ignore ePrepare, eAccept, eCrash;
    on eRestart do {
      if (cfg.mutant == RM_M8) { promised = accBal; }
      announce eLocalPromise, (node = Me(), promised = (hi = promised, lo = 0), action = "Restart");
      goto Serving;
    }
  }
}
