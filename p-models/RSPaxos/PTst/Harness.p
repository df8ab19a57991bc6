/*****************************************************************************************
 * Test harness: n acceptors, P proposers (each with its own value and at most cfg.rounds rounds),
 * and the shared network of Common/Network.p, which reorders, loses and duplicates messages and may
 * crash acceptors (restarting them from their durable state, or one for good).
 *****************************************************************************************/

machine Harness {
  start state Build {
    entry (cfg: tRspConfig) {
      var net: machine;
      var accs: seq[machine];
      var props: seq[machine];
      var i: int;
      announce eMonConfig, cfg;
      announce eLocalConfig, "RSP";
      net = new Network((drops = cfg.drops, dups = cfg.dups, crashes = cfg.crashes, restart = cfg.restart,
                         timerOdds = cfg.timerOdds, horizon = cfg.horizon, leaderFaults = false, proxyCrashes = false));
      while (i < cfg.n) { accs += (i, new Acceptor((id = i, cfg = cfg, net = net))); i = i + 1; }
      send net, eNetCrashTargets, accs;
      if (cfg.targeted) {
        // Conflict-forcing (issue 46): Accepts lost on purpose leave a vid's shares at a few acceptors for the next
        // proposer to find; Promise and Accepted replies duplicated on purpose reach the counts that must ignore them.
        send net, eNetTarget, (drop = true, ev = eAccept, count = 8, odds = 2);
        send net, eNetTarget, (drop = false, ev = ePromise, count = 2, odds = 3);
        send net, eNetTarget, (drop = false, ev = eAccepted, count = 2, odds = 3);
      }
      if (cfg.crashPoints) {
        // Crash points (issue 46): an acceptor crashes right after it promises or accepts a share, then restarts
        // from its durable state (the moment where a promise or share kept only in memory is lost).
        send net, eNetCrashPoint, (ev = ePrepare, count = 2, odds = 3);
        send net, eNetCrashPoint, (ev = eAccept, count = 2, odds = 3);
      }
      i = 0;
      while (i < cfg.proposers) { props += (i, new Proposer((id = i, cfg = cfg, net = net))); i = i + 1; }
      i = 0;
      while (i < cfg.proposers) { send props[i], eRspSetup, accs; i = i + 1; }
    }
  }
}

// Two duelling proposers, three rounds each, loss, duplication, reordering, acceptor crash-restarts, timers.
fun Faulty(n: int, x: int, qr: int, qw: int, m: tRspMutant): tRspConfig {
  return (n = n, x = x, qr = qr, qw = qw, proposers = 2, rounds = 3, mutant = m,
          drops = 2, dups = 2, crashes = 2, restart = true, timerOdds = 20, horizon = 60, timers = true, targeted = false, crashPoints = false);
}

// Three proposers with two rounds each: more ballots with partial accepts (M3, M4 need three ballots).
fun Crowded(n: int, x: int, qr: int, qw: int, m: tRspMutant): tRspConfig {
  return (n = n, x = x, qr = qr, qw = qw, proposers = 3, rounds = 2, mutant = m,
          drops = 1, dups = 1, crashes = 1, restart = true, timerOdds = 12, horizon = 60, timers = true, targeted = false, crashPoints = false);
}

// Conflict-forcing (issue 46): three proposers with three rounds each and the targeted faults above, so a Phase-1
// quorum reports shares of two vids at two ballots.
fun Conflict(n: int, x: int, qr: int, qw: int, m: tRspMutant): tRspConfig {
  return (n = n, x = x, qr = qr, qw = qw, proposers = 3, rounds = 3, mutant = m,
          drops = 1, dups = 1, crashes = 1, restart = true, timerOdds = 12, horizon = 80, timers = true, targeted = true, crashPoints = false);
}

// The Faulty profile plus crash points (issue 46): up to two acceptors crash right after a Prepare or an Accept.
fun CrashPoints(n: int, x: int, qr: int, qw: int, m: tRspMutant): tRspConfig {
  return (n = n, x = x, qr = qr, qw = qw, proposers = 2, rounds = 3, mutant = m,
          drops = 2, dups = 2, crashes = 2, restart = true, timerOdds = 20, horizon = 60, timers = true, targeted = false, crashPoints = true);
}

// Liveness (brief §6.2 L1): one proposer, no loss, no timers, one acceptor down for good (F_live = 1).
fun Live(n: int, x: int, qr: int, qw: int, m: tRspMutant): tRspConfig {
  return (n = n, x = x, qr = qr, qw = qw, proposers = 1, rounds = 1, mutant = m,
          drops = 0, dups = 1, crashes = 1, restart = false, timerOdds = 20, horizon = 20, timers = false, targeted = false, crashPoints = false);
}
