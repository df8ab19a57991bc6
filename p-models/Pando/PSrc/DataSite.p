/*****************************************************************************************
 * Data site (acceptor), brief 2.1 and 4.2. One per site of the key's plan.
 *
 * Durable: the slots' ppn, apn, vid and split (here: value), and the GC floor.
 * Volatile: the commit marks (a hint; losing them is safe, brief 1.5), lost on a crash.
 * A crashed site ignores every message until it restarts.
 *****************************************************************************************/

type tSlot = (ppn: tBallot, apn: tBallot, vid: int, value: int, cmt: int);

machine DataSite {
  var id: int;
  var cfg: tConfig;
  var net: machine;
  var slots: map[int, tSlot];
  var floor: int;

  start state Init {
    entry (p: (id: int, cfg: tConfig, net: machine)) {
      id = p.id;
      cfg = p.cfg;
      net = p.net;
      floor = 1;
      goto Up;
    }
  }

  state Up {
    on ePrepare do OnPrepare;
    on ePropose do OnPropose;
    on eCommit do OnCommit;
    on eFetch do OnFetch;
    on eFetchAll do (m: tFetchAll) {     // FETCH of every slot the site holds (brief 4.7)
      var i: int;
      var entries: map[int, tEntry];
      foreach (i in keys(slots)) {
        entries[i] = (apn = slots[i].apn, vid = slots[i].vid, value = slots[i].value, cmt = slots[i].cmt);
      }
      NSend(net, m.replyTo, eFetchedAll, (from = id, rid = m.rid, floor = floor, entries = entries));
    }
    on eCrash goto Down;
    ignore eRestart;
  }

  // Crash: the site stops; messages sent to it meanwhile are lost.
  state Down {
    entry {
      var i: int;
      var s: tSlot;
      foreach (i in keys(slots)) {
        s = slots[i];
        s.cmt = 0;                                        // commit marks are volatile hints
        if (cfg.mutant == M13_RESTART_LOSES_PROMISE) { s.ppn = s.apn; }  // M13: promise not durable
        slots[i] = s;
      }
    }
    ignore ePrepare, ePropose, eCommit, eFetch, eFetchAll, eCrash;
    on eRestart goto Up with {
      var i: int;
      foreach (i in keys(slots)) {
        AnnounceSlot(i);                                // what the site restarts with (TLA+ Restart)
        announce eLocalPromise, (node = SiteSlot(id, i), promised = LB(slots[i].ppn), action = "Restart");   // PANDO-N2
      }
    }
  }

  fun Slot(ver: int): tSlot {
    if (ver in slots) { return slots[ver]; }
    return (ppn = NoBallot(), apn = NoBallot(), vid = 0, value = 0, cmt = 0);
  }

  // A pruned slot must never be answered as if empty (brief 4.8, GC precondition 2).
  // M12 forgets this: the pruned slot is simply absent, so it looks empty.
  fun Pruned(ver: int): bool {
    return ver < floor && cfg.mutant != M12_GC_FORGETS_SLOT;
  }


  // TLA+ action Promise(a, b): promise a strictly higher ballot, reporting the accepted state.
  fun OnPrepare(m: tPrepare) {
    var s: tSlot;
    if (Pruned(m.ver)) {
      SendStale(m.replyTo, m.ver, m.bal);
      return;
    }
    s = Slot(m.ver);
    if (IsNone(s.ppn) || BalLT(s.ppn, m.bal, cfg.mutant)) {
      s.ppn = m.bal;
      slots[m.ver] = s;                                   // persisted before the reply
      AnnounceSlot(m.ver);
      announce eLocalPromise, (node = SiteSlot(id, m.ver), promised = LB(m.bal), action = "Promise");   // PANDO-N1, N2
      announce eMonPromised, (site = id, ver = m.ver, bal = m.bal, apn = s.apn, vid = s.vid);
      NSend(net, m.replyTo, ePromise, (from = id, ver = m.ver, bal = m.bal, apn = s.apn,
                                  vid = s.vid, value = s.value, cmt = s.cmt));
    } else {
      NSend(net, m.replyTo, eNack, (from = id, ver = m.ver, bal = m.bal, ppn = s.ppn, cmt = s.cmt, phase = 1));
    }
  }

  // TLA+ action Vote(a, b): accept a ballot >= the promise; ppn, apn, vid and split together.
  fun OnPropose(m: tPropose) {
    var s: tSlot;
    if (Pruned(m.ver)) {
      SendStale(m.replyTo, m.ver, m.bal);
      return;
    }
    s = Slot(m.ver);
    if (!IsNone(s.ppn) && BalLT(m.bal, s.ppn, cfg.mutant)) {
      NSend(net, m.replyTo, eNack, (from = id, ver = m.ver, bal = m.bal, ppn = s.ppn, cmt = s.cmt, phase = 2));
      return;
    }
    s.ppn = m.bal;
    s.apn = m.bal;
    s.vid = m.vid;
    s.value = m.value;
    slots[m.ver] = s;
    announce eMonVoted, (site = id, ver = m.ver, bal = m.bal, vid = m.vid, value = m.value);
    announce eLocalVote, (node = SiteSlot(id, m.ver), slot = VerName(m.ver), bal = LB(m.bal), value = VidName(m.vid),
                          promised = LB(s.ppn), action = "Vote");                                         // PANDO-N1..N3
    AnnounceSlot(m.ver);
    if (cfg.mutant == M7_CMT_ON_VOTE) { MarkCommitted(m.ver, m.vid); }
    if (cfg.mutant == M12B_PRUNE_ON_ACCEPT) { Prune(m.ver); }     // M12b: GC before the version is chosen
    NSend(net, m.replyTo, eAccepted, (from = id, ver = m.ver, bal = m.bal, vid = m.vid, kind = m.kind));
  }

  // TLA+ action Commit(a): mark cmt only on a split accepted at a ballot >= the chosen one
  // (the guard of the paper's model), then prune older versions. M7b drops the guard.
  fun OnCommit(m: tCommit) {
    var s: tSlot;
    if (m.ver < floor) { return; }
    s = Slot(m.ver);
    if ((!IsNone(s.apn) && BalLE(m.bal, s.apn, cfg.mutant)) || cfg.mutant == M7B_COMMIT_GUARD_OFF) {
      MarkCommitted(m.ver, m.vid);
      Prune(m.ver);
    }
  }

  fun MarkCommitted(ver: int, vid: int) {
    var s: tSlot;
    s = Slot(ver);
    s.cmt = vid;
    slots[ver] = s;
    announce eMonCommitMarked, (site = id, ver = ver, vid = vid, held = s.vid);
  }

  // Drop every slot below ver (ver is locally committed); raise the floor (brief 4.8).
  fun Prune(ver: int) {
    var j: int;
    var old: seq[int];
    foreach (j in keys(slots)) { if (j < ver) { old += (sizeof(old), j); } }
    foreach (j in old) { slots -= (j); }
    if (ver > floor) {
      floor = ver;
      announce eMonPruned, (site = id, floor = floor);
      announce eWitPruned;
    }
  }

  fun SendStale(dst: machine, ver: int, bal: tBallot) {
    announce eWitStaleReply;
    NSend(net, dst, eStale, (from = id, ver = ver, bal = bal, floor = floor));
  }

  fun AnnounceSlot(ver: int) {
    var s: tSlot;
    s = slots[ver];
    announce eMonSlot, (site = id, ver = ver, ppn = s.ppn, apn = s.apn, vid = s.vid);
  }

  // FETCH (brief 4.7): read-only; reports this site's state for one version.
  fun OnFetch(m: tFetch) {
    var s: tSlot;
    s = Slot(m.ver);
    NSend(net, m.replyTo, eFetched, (from = id, ver = m.ver, rid = m.rid, floor = floor,
                                apn = s.apn, vid = s.vid, value = s.value, cmt = s.cmt));
  }
}
