/*****************************************************************************************
 * Leader (brief 2.4 and 4.5): finishes writes that FEs could not finish themselves. Its
 * ballots have round >= 1 and so beat every FE, delegate and reader ballot (round 0).
 * One run per version at a time; every FE that handed over the version gets the result.
 * Leaders are elected outside the protocol (the paper's ConfigManager). With leader faults a
 * second, standby leader (tag 2) answers NOT_LEADER until the environment makes it take over
 * (eTakeOver); the first one then crashes (losing all its state: nothing of it is durable) or
 * keeps running beside it (duelling leaders). Ballots of different leaders differ by tag.
 *****************************************************************************************/

type tRun = (active: bool, round: int, bal: tBallot, p1: tPhase1, acc: map[int, int],
             nacks2: set[int], proposed: bool, vid: int, value: int, timer: int);

machine Leader {
  var cfg: tConfig;
  var net: machine;
  var sites: seq[machine];
  var timerSeq: int;
  var runs: map[int, tRun];
  var decided: map[int, int];            // version -> vid (0 = a later version was chosen)
  var waiting: map[int, set[machine]];   // version -> FEs to answer
  var request: map[int, (vid: int, value: int)];  // version -> the first request (its value is proposed)
  var tag: int;

  start state Init {
    entry (p: (cfg: tConfig, net: machine, sites: seq[machine], tag: int, active: bool)) {
      cfg = p.cfg;
      net = p.net;
      sites = p.sites;
      tag = p.tag;
      if (p.active) { goto Leading; }
      goto Standby;
    }
  }

  // Not (yet) a leader: refuse hand-overs (NOT_LEADER) until elected.
  state Standby {
    on eLeaderWrite do (m: tLeaderWrite) { NSend(net, m.fe, eNotLeader, (ver = m.ver,)); }
    on eTakeOver goto Leading;
    ignore ePromise, eNack, eStale, eAccepted, eTimeout;
  }

  // Crashed for good: a leader keeps nothing durable; the standby has taken over.
  state Crashed {
    ignore eLeaderWrite, ePromise, eNack, eStale, eAccepted, eTimeout, eTakeOver, eCrash;
  }

  state Leading {
    on eCrash goto Crashed;
    ignore eTakeOver;
    on eLeaderWrite do (m: tLeaderWrite) {
      if (m.ver in decided) {
        NSend(net, m.fe, eLeaderResult, (ver = m.ver, vid = decided[m.ver]));
        return;
      }
      if (!(m.ver in waiting)) { waiting[m.ver] = default(set[machine]); }
      waiting[m.ver] += (m.fe);
      if (!(m.ver in request)) { request[m.ver] = (vid = m.vid, value = m.value); }
      if (!(m.ver in runs) || !runs[m.ver].active) { StartRound(m.ver); }
    }
    on ePromise do (m: tPromiseMsg) {
      var r: tRun;
      if (!Current(m.ver, m.bal)) { return; }
      r = runs[m.ver];
      r.p1.proms[m.from] = (apn = m.apn, vid = m.vid, value = m.value, cmt = m.cmt);
      runs[m.ver] = r;
      EvaluatePhase1(m.ver);
    }
    on eNack do (m: tNack) {
      var r: tRun;
      if (!Current(m.ver, m.bal)) { return; }
      r = runs[m.ver];
      if (m.ppn.round > r.round) { r.round = m.ppn.round; }
      if (m.phase == 1) { r.p1.nacks += (m.from); } else { r.nacks2 += (m.from); }
      runs[m.ver] = r;
      if (m.phase == 1) { EvaluatePhase1(m.ver); }
      else if (cfg.params.n - sizeof(r.nacks2) < cfg.params.q2) { StartRound(m.ver); }
    }
    on eStale do (m: tStale) {
      var r: tRun;
      if (!Current(m.ver, m.bal)) { return; }
      r = runs[m.ver];
      r.p1.stale = true;
      runs[m.ver] = r;
      if (!r.proposed) { EvaluatePhase1(m.ver); } else { Decide(m.ver, 0, NoBallot()); }
    }
    on eAccepted do (m: tAccepted) {   // toward TLA+ ChosenIn(x, b)
      var r: tRun;
      var x: int;
      if (!Current(m.ver, m.bal)) { return; }
      r = runs[m.ver];
      r.acc[m.from] = m.vid;
      runs[m.ver] = r;
      x = QuorumVid(r.acc, cfg.params.q2);
      if (x != 0) { Decide(m.ver, x, m.bal); }
    }
    on eTimeout do (id: int) {
      var v: int;
      foreach (v in keys(runs)) {
        if (runs[v].active && runs[v].timer == id) { StartRound(v); return; }
      }
    }
  }



  fun Current(ver: int, bal: tBallot): bool {
    return ver in runs && runs[ver].active && runs[ver].bal == bal;
  }

  // TLA+ WriterPrepare(b) for a ballot of kind Leader: a round above every round seen so far for this
  // version (always >= 1).
  fun StartRound(ver: int) {
    var r: tRun;
    if (ver in runs) { r = runs[ver]; }
    if (r.round >= 6) { r.active = false; runs[ver] = r; return; }   // bound for finite schedules
    r.active = true;
    r.round = r.round + 1;
    r.bal = (round = r.round, tag = tag);
    if (cfg.mutant == M15_LEADER_ROUND_ZERO) { r.bal = (round = 0, tag = tag); }   // M15: no precedence
    r.p1 = default(tPhase1);
    r.acc = default(map[int, int]);
    r.nacks2 = default(set[int]);
    r.proposed = false;
    if (cfg.leaderTimeouts) {
      timerSeq = timerSeq + 1;
      r.timer = timerSeq;
      NTimer(net, this, timerSeq);
    }
    runs[ver] = r;
    announce eMonLeaderStarted, ver;
    AnnounceBallotStart(format("leader{0}", tag), ver, r.bal, "WriterPrepare");   // PANDO-N5
    Broadcast(net, sites, ePrepare, (ver = ver, bal = r.bal, replyTo = this, kind = KIND_W));
  }

  // TLA+ ProposeFast / ProposeRecover for the leader's ballot.
  fun EvaluatePhase1(ver: int) {
    var r: tRun;
    var o: tEval;
    var vid: int;
    var value: int;
    r = runs[ver];
    if (r.proposed) { return; }
    o = Phase1Eval(r.p1, true, cfg.params, cfg.mutant);
    if (RuleMatters(r.p1, o, cfg.params) >= 1) { announce eWitRuleMatters; }
    if (RuleMatters(r.p1, o, cfg.params) >= 2) { announce eWitRuleMatters2; }
    if (o.outcome == O_USE_OWN || o.outcome == O_ADOPT) {
      vid = request[ver].vid;
      value = request[ver].value;
      if (o.outcome == O_ADOPT) {
        if (o.vid != vid) { announce eWitRecovery; }
        value = o.value;
        if (cfg.mutant != M11_FRESH_VID_ON_RECOVERY) { vid = o.vid; }
      }
      if (ByRecovery(r.p1, o, cfg.params)) {                                       // PANDO-N6
        AnnounceRecovery(format("leader{0}", tag), ver, r.bal, r.p1, cfg.params, vid, o.outcome == O_USE_OWN, "ProposeRecover");
      }
      r.proposed = true;
      r.vid = vid;
      r.value = value;
      runs[ver] = r;
      announce eMonProposed, (ver = ver, bal = r.bal, vid = vid, value = value, kind = KIND_W, own = request[ver].vid);
      AnnouncePropose(format("leader{0}", tag), ver, r.bal, vid, "Propose");      // PANDO-N3
      Broadcast(net, sites, ePropose, (ver = ver, bal = r.bal, vid = vid, value = value, replyTo = this, kind = KIND_W));
    } else if (o.outcome == O_KNOWN_CHOSEN) {
      Decide(ver, o.vid, NoBallot());
    } else if (o.outcome == O_DECIDED_LATER) {
      Decide(ver, 0, NoBallot());
    } else if (o.outcome == O_BLOCKED) {
      StartRound(ver);
    }
  }

  // The run saw ChosenIn(x, b) (then COMMIT is broadcast, TLA+ CommitsSent); otherwise the
  // outcome was learned from a commit mark or a STALE reply. Every waiting FE gets the result.
  fun Decide(ver: int, vid: int, bal: tBallot) {
    var r: tRun;
    var fe: machine;
    r = runs[ver];
    r.active = false;
    runs[ver] = r;
    decided[ver] = vid;
    if (!IsNone(bal)) {
      Broadcast(net, sites, eCommit, (ver = ver, bal = bal, vid = vid));
    }
    foreach (fe in waiting[ver]) {
      NSend(net, fe, eLeaderResult, (ver = ver, vid = vid));
    }
  }
}
