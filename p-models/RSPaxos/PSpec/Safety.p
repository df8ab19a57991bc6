/*****************************************************************************************
 * Safety monitors of single-decree RS-Paxos, named after the catalogue (docs/invariants.md). Each
 * keeps its own copy of the ghost: the votes (acceptor, ballot, vid), the current accepted entry of
 * every acceptor (durable, so a restart does not change it), and the vids chosen with the lowest
 * ballot each was chosen at (QW votes in one ballot, brief §6 ChosenAt).
 *****************************************************************************************/

/* RSP-S1 Agreement (TLA+ AgreementInv): at most one vid is ever chosen. */
spec Agreement observes eMonConfig, eMonVote {
  var cfg: tRspConfig;
  var votes: map[int, set[int]];     // bal * 1000 + vid (vid + 1 for GARBAGE = -1 kept apart by the offset)
  var chosen: set[int];
  start state Watching {
    on eMonConfig do (c: tRspConfig) { cfg = c; }
    on eMonVote do (v: (acc: int, bal: int, vid: int)) {
      var k: int;
      k = v.bal * 1000 + v.vid + 1;
      if (!(k in votes)) { votes[k] = default(set[int]); }
      votes[k] += (v.acc);
      if (sizeof(votes[k]) >= cfg.qw) { chosen += (v.vid); }
      assert sizeof(chosen) <= 1, format("Agreement [RSP-S1]: two values are chosen: {0}", chosen);
    }
  }
}

/* RSP-S2 Validity (TLA+ ValidityInv): a chosen value is a proposer's own value, never a garbage decode. */
spec Validity observes eMonConfig, eMonVote {
  var cfg: tRspConfig;
  var votes: map[int, set[int]];
  start state Watching {
    on eMonConfig do (c: tRspConfig) { cfg = c; }
    on eMonVote do (v: (acc: int, bal: int, vid: int)) {
      var k: int;
      k = v.bal * 1000 + v.vid + 1;
      if (!(k in votes)) { votes[k] = default(set[int]); }
      votes[k] += (v.acc);
      if (sizeof(votes[k]) >= cfg.qw) {
        assert v.vid >= 1 && v.vid <= cfg.proposers, format("Validity [RSP-S2]: vid {0} is chosen at ballot {1}, which no proposer proposed (a garbage decode)", v.vid, v.bal);
      }
    }
  }
}

/* RSP-S3 Learned implies chosen (TLA+ LearnedChosenInv). */
spec LearnedChosen observes eMonConfig, eMonVote, eMonLearned {
  var cfg: tRspConfig;
  var votes: map[int, set[int]];
  var chosen: set[int];
  start state Watching {
    on eMonConfig do (c: tRspConfig) { cfg = c; }
    on eMonVote do (v: (acc: int, bal: int, vid: int)) {
      var k: int;
      k = v.bal * 1000 + v.vid + 1;
      if (!(k in votes)) { votes[k] = default(set[int]); }
      votes[k] += (v.acc);
      if (sizeof(votes[k]) >= cfg.qw) { chosen += (v.vid); }
    }
    on eMonLearned do (l: (p: int, vid: int)) {
      assert l.vid in chosen, format("LearnedChosen [RSP-S3]: proposer {0} learned vid {1}, which is not chosen", l.p, l.vid);
    }
  }
}

/* RSP-S5 Share stability (TLA+ ShareStabilityInv): once vid w is chosen at ballot c, every acceptor whose
   accepted ballot is at least c holds w. */
spec ShareStability observes eMonConfig, eMonVote {
  var cfg: tRspConfig;
  var votes: map[int, set[int]];
  var chosenAt: map[int, int];       // vid -> lowest ballot it was chosen at
  var curBal: map[int, int];
  var curVid: map[int, int];
  start state Watching {
    on eMonConfig do (c: tRspConfig) { cfg = c; }
    on eMonVote do (v: (acc: int, bal: int, vid: int)) {
      var k: int;
      var w: int;
      var a: int;
      k = v.bal * 1000 + v.vid + 1;
      if (!(k in votes)) { votes[k] = default(set[int]); }
      votes[k] += (v.acc);
      curBal[v.acc] = v.bal;
      curVid[v.acc] = v.vid;
      if (sizeof(votes[k]) >= cfg.qw && (!(v.vid in chosenAt) || chosenAt[v.vid] > v.bal)) { chosenAt[v.vid] = v.bal; }
      foreach (w in keys(chosenAt)) {
        foreach (a in keys(curBal)) {
          assert curBal[a] < chosenAt[w] || curVid[a] == w,
            format("ShareStability [RSP-S5]: acceptor {0} holds vid {1} at ballot {2}, but vid {3} was chosen at ballot {4}", a, curVid[a], curBal[a], w, chosenAt[w]);
        }
      }
    }
  }
}

/* RSP-S6 Recoverability (TLA+ RecoverableInv): a vid chosen at ballot c is held at a ballot >= c by at
   least QW acceptors, and every QR acceptors hold X of its shares. */
spec Recoverable observes eMonConfig, eMonVote {
  var cfg: tRspConfig;
  var votes: map[int, set[int]];
  var chosenAt: map[int, int];
  var curBal: map[int, int];
  var curVid: map[int, int];
  start state Watching {
    on eMonConfig do (c: tRspConfig) { cfg = c; }
    on eMonVote do (v: (acc: int, bal: int, vid: int)) {
      var k: int;
      var w: int;
      var a: int;
      var h: int;
      k = v.bal * 1000 + v.vid + 1;
      if (!(k in votes)) { votes[k] = default(set[int]); }
      votes[k] += (v.acc);
      curBal[v.acc] = v.bal;
      curVid[v.acc] = v.vid;
      if (sizeof(votes[k]) >= cfg.qw && (!(v.vid in chosenAt) || chosenAt[v.vid] > v.bal)) { chosenAt[v.vid] = v.bal; }
      foreach (w in keys(chosenAt)) {
        h = 0;
        foreach (a in keys(curBal)) { if (curVid[a] == w && curBal[a] >= chosenAt[w]) { h = h + 1; } }
        assert h >= cfg.qw && h - (cfg.n - cfg.qr) >= cfg.x,
          format("Recoverable [RSP-S6]: vid {0}, chosen at ballot {1}, is held by {2} acceptors: some {3} acceptors hold fewer than X = {4} of its shares", w, chosenAt[w], h, cfg.qr, cfg.x);
      }
    }
  }
}

/* RSP-S8 Share-index integrity (brief §6.1 S8; C# ShareIndexIntegrityMonitor): acceptor a keeps share
 * index a. The TLA+ model has implicit indices, so this property exists only in P and C#. */
spec ShareIndexIntegrity observes eMonShare {
  start state Watching {
    on eMonShare do (s: (acc: int, idx: int)) {
      assert s.idx == s.acc, format("ShareIndexIntegrity [RSP-S8]: acceptor {0} keeps share index {1}", s.acc, s.idx);
    }
  }
}
