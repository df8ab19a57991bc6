/*****************************************************************************************
 * Test harness: n replicas (replica 0 leads ballot 1), the shared network of Common/Network.p,
 * and the clients of one workload. Followers 1..n-1 may crash and restart (not the standby of a
 * leader fault: a standby that restarts forgets its candidacy, and with no leader left the
 * clients' retries would fill the schedule); with a leader fault
 * the environment makes replica n-1 (the standby) start an election at a random point, while
 * replica 0 crashes for good (failover) or keeps running (duelling leaders).
 *
 * Workloads (key k0 = 0, k1 = 1; client c's j-th operation writes 10c + j):
 * PW_S1 (brief §7 S1): client 1 writes k0; client 2 reads k0 twice.
 * PW_BUSY: client 1 writes k0, reads k0, writes k0; client 2 writes k0 twice; client 3 reads k0 three times.
 * PW_GAPS (brief §7 S3): client 1 writes k0; client 2 writes k1; client 3 reads k0, k1, k0.
 * PW_KEYS: client 1 writes k0, writes k1, reads k0; client 2 writes k1, reads k1, writes k0;
 *          client 3 reads k0, k1, k0.
 * PW_ORPHAN (brief §7 L2): client 1 writes k0; client 2 reads k0.
 *
 * Conflict-forcing (issue 46, cfg.elections > 0): an Elector starts that many elections one after
 * another, each when a network timer fires (a random point between deliveries), at replicas n-1, 0,
 * 1, n-1, ... The network loses up to 8 P2as on purpose (odds 1/2 each) and duplicates a few P1bs
 * and P2bs (Common/Network.p, eNetTarget), so a leader's P2as reach only some replicas before the next election,
 * so a later candidate's Phase-1 quorum reports different commands at different ballots for one
 * slot (witness eWitRuleMatters): the point where a wrong selection rule shows.
 *****************************************************************************************/

machine Harness {
  start state Build {
    entry (cfg: tPqrConfig) {
      var net: machine;
      var reps: seq[machine];
      var followers: seq[machine];
      var leaders: seq[machine];
      var scripts: seq[seq[tOp]];
      var i: int;
      announce eMonConfig, cfg;
      announce eLocalConfig, "PQR";
      net = new Network((drops = cfg.drops, dups = cfg.dups, crashes = cfg.crashes, restart = cfg.restart,
                         timerOdds = cfg.timerOdds, horizon = cfg.horizon, leaderFaults = cfg.leaderFault, proxyCrashes = false));
      while (i < cfg.n) {
        reps += (i, new Replica((id = i, cfg = cfg, net = net)));
        if (i > 0 && !(cfg.leaderFault && i == cfg.n - 1)) { followers += (sizeof(followers), reps[i]); }
        i = i + 1;
      }
      i = 0;
      while (i < cfg.n) { send reps[i], eSetup, reps; i = i + 1; }
      send net, eNetCrashTargets, followers;
      if (cfg.leaderFault) {
        leaders += (0, reps[0]);
        leaders += (1, reps[cfg.n - 1]);
        send net, eNetLeaders, leaders;
      }
      if (cfg.elections > 0) {
        // Conflict-forcing: P2as lost on purpose (partial accepts for the next leader to find), P1b
        // and P2b replies duplicated on purpose (a duplicate must not count twice).
        send net, eNetTarget, (drop = true, ev = eP2a, count = 12, odds = 2);
        send net, eNetTarget, (drop = false, ev = eP1b, count = 2, odds = 3);
        send net, eNetTarget, (drop = false, ev = eP2b, count = 2, odds = 3);
        new Elector((net = net, reps = reps, count = cfg.elections));
      }
      if (cfg.crashPoints) {
        // Crash points (issue 46): a follower crashes right after it promises (P1a) or votes (P2a), then restarts
        // from its durable state.
        send net, eNetCrashPoint, (ev = eP1a, count = 2, odds = 3);
        send net, eNetCrashPoint, (ev = eP2a, count = 2, odds = 3);
      }
      scripts = Scripts(cfg.workload);
      i = 0;
      while (i < sizeof(scripts)) {
        new Client((id = i + 1, cfg = cfg, net = net, reps = reps, script = scripts[i]));
        i = i + 1;
      }
    }
  }
}

fun W(k: int): tOp { return (write = true, key = k); }
fun R(k: int): tOp { return (write = false, key = k); }

fun Scripts(w: tPqrWorkload): seq[seq[tOp]] {
  var s: seq[seq[tOp]];
  var a: seq[tOp];
  var b: seq[tOp];
  var c: seq[tOp];
  if (w == PW_S1) {
    a += (0, W(0)); b += (0, R(0)); b += (1, R(0));
    s += (0, a); s += (1, b);
    return s;
  }
  if (w == PW_ORPHAN) {
    a += (0, W(0)); b += (0, R(0));
    s += (0, a); s += (1, b);
    return s;
  }
  if (w == PW_BUSY) {
    a += (0, W(0)); a += (1, R(0)); a += (2, W(0));
    b += (0, W(0)); b += (1, W(0));
    c += (0, R(0)); c += (1, R(0)); c += (2, R(0));
  } else if (w == PW_GAPS) {
    a += (0, W(0)); b += (0, W(1));
    c += (0, R(0)); c += (1, R(1)); c += (2, R(0));
  } else {
    a += (0, W(0)); a += (1, W(1)); a += (2, R(0));
    b += (0, W(1)); b += (1, R(1)); b += (2, W(0));
    c += (0, R(0)); c += (1, R(1)); c += (2, R(0));
  }
  s += (0, a); s += (1, b); s += (2, c);
  return s;
}

// The conflict-forcing environment: starts `count` elections, each at a random point (when its
// timer fires), at replicas n-1, 0, 1, n-1, ... (a crashed replica ignores its turn).
machine Elector {
  var net: machine;
  var reps: seq[machine];
  var count: int;
  var done: int;
  start state Waiting {
    entry (a: (net: machine, reps: seq[machine], count: int)) {
      net = a.net; reps = a.reps; count = a.count;
      NTimer(net, this, 0);
    }
    on eTimeout do (id: int) {
      var order: seq[int];
      if (id != done) { return; }
      order += (0, sizeof(reps) - 1);
      order += (1, 0);
      order += (2, 1);
      send reps[order[done % 3]], eTakeOver;
      announce eWitElection;
      done = done + 1;
      if (done < count) { NTimer(net, this, done); }
    }
  }
}

// Quorum sizes n/q1/q2/rq (brief §5), read mode (PerKey or WholeLog), the mutant, the workload.
// Faulty: loss, duplication, reordering, two follower crash-restarts, timers.
fun Faulty(n: int, q1: int, q2: int, rq: int, perKey: bool, m: tPqrMutant, w: tPqrWorkload): tPqrConfig {
  return (n = n, q1 = q1, q2 = q2, rq = rq, perKey = perKey, rinseFree = true, fillTo = true, nkeys = 2,
          workload = w, mutant = m, drops = 2, dups = 2, crashes = 2, restart = true, leaderFault = false,
          timerOdds = 20, resend = true, horizon = 150, dupCheck = true, elections = 0, crashPoints = false);
}
// Lossy: many losses, no crashes (M7 needs a replica to miss one slot's P2a and get the next one).
fun Lossy(n: int, q1: int, q2: int, rq: int, perKey: bool, m: tPqrMutant, w: tPqrWorkload): tPqrConfig {
  return (n = n, q1 = q1, q2 = q2, rq = rq, perKey = perKey, rinseFree = true, fillTo = true, nkeys = 2,
          workload = w, mutant = m, drops = 6, dups = 1, crashes = 0, restart = true, leaderFault = false,
          timerOdds = 40, resend = true, horizon = 150, dupCheck = true, elections = 0, crashPoints = false);
}
// Failover: as Faulty, plus a leader change (failover or duel) and one follower crash-restart.
fun Failover(n: int, q1: int, q2: int, rq: int, perKey: bool, m: tPqrMutant, w: tPqrWorkload): tPqrConfig {
  return (n = n, q1 = q1, q2 = q2, rq = rq, perKey = perKey, rinseFree = true, fillTo = true, nkeys = 2,
          workload = w, mutant = m, drops = 2, dups = 2, crashes = 1, restart = true, leaderFault = true,
          timerOdds = 20, resend = true, horizon = 150, dupCheck = true, elections = 0, crashPoints = false);
}
// Liveness (A1-A4): no loss, duplication and reordering, no timers; `crashes` followers down for good
// (at most 1), or a leader change with no follower crash. These runs are short (one to two hundred
// deliveries), so their faults are drawn from the first 40 deliveries.
fun Live(n: int, q1: int, q2: int, rq: int, perKey: bool, fill: bool, leader: bool, crashes: int, m: tPqrMutant,
         w: tPqrWorkload): tPqrConfig {
  return (n = n, q1 = q1, q2 = q2, rq = rq, perKey = perKey, rinseFree = true, fillTo = fill, nkeys = 2,
          workload = w, mutant = m, drops = 0, dups = 2, crashes = crashes, restart = false, leaderFault = leader,
          timerOdds = 20, resend = false, horizon = 40, dupCheck = true, elections = 0, crashPoints = false);
}
// Conflict: three elections by the Elector, targeted P2a losses (partial accepts) and P1b/P2b
// duplicates (see Harness), two random losses and duplicates, one follower crash-restart
// (issue 46's conflict-forcing scenario; the twin of the C# PQR_S1_conflict_busy).
fun Conflict(n: int, q1: int, q2: int, rq: int, m: tPqrMutant, w: tPqrWorkload): tPqrConfig {
  return (n = n, q1 = q1, q2 = q2, rq = rq, perKey = false, rinseFree = true, fillTo = true, nkeys = 2,
          workload = w, mutant = m, drops = 2, dups = 2, crashes = 1, restart = true, leaderFault = false,
          timerOdds = 20, resend = true, horizon = 150, dupCheck = true, elections = 6, crashPoints = false);
}
