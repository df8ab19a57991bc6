/*****************************************************************************************
 * Delegate (brief 2.3 and 4.4): a stateless proxy that collects Phase-1 replies for an FE's
 * delegated ballot and runs Phase 2, with the ACCEPTED replies routed back to the FE.
 * Keeps one record per (version, ballot) attempt, all volatile.
 *****************************************************************************************/

type tAttemptKey = (ver: int, round: int, tag: int);
type tDelegation = (hasReq: bool, fe: machine, vid: int, value: int, p1: tPhase1, stage: int);
// stage: 0 collecting, 1 proposed, 2 failed

machine Delegate {
  var cfg: tConfig;
  var net: machine;
  var sites: seq[machine];
  var att: map[tAttemptKey, tDelegation];

  start state Init {
    entry (p: (cfg: tConfig, net: machine, sites: seq[machine])) {
      cfg = p.cfg;
      net = p.net;
      sites = p.sites;
      goto Serving;
    }
  }

  // A crash loses every attempt record (all volatile); after a restart the delegate serves again
  // and ignores replies to attempts it no longer knows (their FEs time out and go direct).
  state Down {
    ignore eDelegate, ePromise, eNack, eStale, eCrash;
    on eRestart goto Serving with { att = default(map[tAttemptKey, tDelegation]); }
  }

  state Serving {
    on eCrash goto Down;
    ignore eRestart;
    on eDelegate do (m: tDelegate) {
      var k: tAttemptKey;
      var d: tDelegation;
      k = Key(m.ver, m.bal);
      d = Get(k);
      if (d.hasReq) { return; }                       // a duplicated DELEGATE
      d.hasReq = true; d.fe = m.fe; d.vid = m.vid; d.value = m.value;
      att[k] = d;
      Evaluate(k, m.ver, m.bal);
    }
    on ePromise do (m: tPromiseMsg) {
      var k: tAttemptKey;
      var d: tDelegation;
      k = Key(m.ver, m.bal);
      d = Get(k);
      d.p1.proms[m.from] = (apn = m.apn, vid = m.vid, value = m.value, cmt = m.cmt);
      att[k] = d;
      Evaluate(k, m.ver, m.bal);
    }
    on eNack do (m: tNack) {
      var k: tAttemptKey;
      var d: tDelegation;
      k = Key(m.ver, m.bal);
      d = Get(k);
      d.p1.nacks += (m.from);
      att[k] = d;
      Evaluate(k, m.ver, m.bal);
    }
    on eStale do (m: tStale) {
      var k: tAttemptKey;
      var d: tDelegation;
      k = Key(m.ver, m.bal);
      d = Get(k);
      d.p1.stale = true;
      att[k] = d;
      Evaluate(k, m.ver, m.bal);
    }
  }

  fun Key(ver: int, bal: tBallot): tAttemptKey { return (ver = ver, round = bal.round, tag = bal.tag); }

  fun Get(k: tAttemptKey): tDelegation {
    var d: tDelegation;
    if (k in att) { return att[k]; }
    return d;
  }



  // The delegate's half of TLA+ ProposeFast / ProposeRecover for a ballot of kind FEDel.
  // It needs the FE's DELEGATE message (value and reply address) before it can act at all.
  fun Evaluate(k: tAttemptKey, ver: int, bal: tBallot) {
    var d: tDelegation;
    var o: tEval;
    d = att[k];
    if (d.stage != 0 || !d.hasReq) { return; }
    o = Phase1Eval(d.p1, true, cfg.params, cfg.mutant);
    if (RuleMatters(d.p1, o, cfg.params) >= 1) { announce eWitRuleMatters; }
    if (RuleMatters(d.p1, o, cfg.params) >= 2) { announce eWitRuleMatters2; }
    if (o.outcome == O_USE_OWN || o.outcome == O_ADOPT) {
      d.stage = 1;
      att[k] = d;
      if (o.outcome == O_USE_OWN) {
        Propose(ver, bal, d.vid, d.value, d.fe, o);
      } else {
        if (cfg.mutant == M11_FRESH_VID_ON_RECOVERY) {
          Propose(ver, bal, d.vid, o.value, d.fe, o);      // M11: recovered value under the FE's own vid
        } else {
          if (o.vid != d.vid) { announce eWitRecovery; }
          NSend(net, d.fe, eDelegateAdopted, (ver = ver, bal = bal, vid = o.vid));
          Propose(ver, bal, o.vid, o.value, d.fe, o);
        }
      }
    } else if (o.outcome == O_KNOWN_CHOSEN) {
      d.stage = 2; att[k] = d;
      NSend(net, d.fe, eDelegateFailed, (ver = ver, bal = bal, reason = DF_KNOWN, cmtSeen = o.vid));
    } else if (o.outcome == O_DECIDED_LATER) {
      d.stage = 2; att[k] = d;
      NSend(net, d.fe, eDelegateFailed, (ver = ver, bal = bal, reason = DF_STALE, cmtSeen = 0));
    } else if (o.outcome == O_BLOCKED) {
      d.stage = 2; att[k] = d;
      NSend(net, d.fe, eDelegateFailed, (ver = ver, bal = bal, reason = DF_NACKED, cmtSeen = 0));
    }
  }

  // Phase 2 for the evaluation o; when the recovery rule decided it, PANDO-N6 judges the vid actually proposed.
  fun Propose(ver: int, bal: tBallot, vid: int, value: int, fe: machine, o: tEval) {
    var d: tDelegation;
    d = att[Key(ver, bal)];
    if (ByRecovery(d.p1, o, cfg.params)) { AnnounceRecovery("delegate", ver, bal, d.p1, cfg.params, vid, o.outcome == O_USE_OWN, "ProposeRecover"); }
    announce eMonProposed, (ver = ver, bal = bal, vid = vid, value = value, kind = KIND_W, own = d.vid);
    AnnouncePropose("delegate", ver, bal, vid, "Propose");                            // PANDO-N3
    Broadcast(net, sites, ePropose, (ver = ver, bal = bal, vid = vid, value = value, replyTo = fe, kind = KIND_W));
  }
}
