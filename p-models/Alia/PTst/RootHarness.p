/*****************************************************************************************
 * Test harness of Alia's root tier on brief §7 MC-A: n replicas (3, or 4 for M4), two root slots,
 * three election timeouts fired by the environment, and the shared network of Common/Network.p
 * with loss, duplication, reordering and one crash-restart of any replica.
 *****************************************************************************************/

machine AliaRootHarness {
  start state Build {
    entry (cfg: tRootConfig) {
      var net: machine;
      var reps: seq[machine];
      var i: int;
      announce eLocalConfig, "ALIA";                 // the catalogue prefix of the node-local rules
      net = new Network((drops = cfg.drops, dups = cfg.dups, crashes = cfg.crashes, restart = cfg.restart,
                         timerOdds = cfg.timerOdds, horizon = cfg.horizon, leaderFaults = false, proxyCrashes = false));
      if (cfg.targeted) {
        // Conflict-forcing (issue 46): root Accepts lost on purpose leave partial accepts behind, and
        // duplicated votes reach leaders in the middle of their Phase 1 (Common/Network.p, eNetTarget).
        send net, eNetTarget, (drop = true, ev = eRootAccept, count = 8, odds = 2);
        send net, eNetTarget, (drop = false, ev = eRootVote, count = 2, odds = 3);
      }
      if (cfg.crashPoints) {
        // Crash points (issue 46): a replica crashes right after it handles a RootPrepare or a RootAccept (its
        // promise or vote must already be durable), then restarts.
        send net, eNetCrashPoint, (ev = eRootPrepare, count = 2, odds = 3);
        send net, eNetCrashPoint, (ev = eRootAccept, count = 2, odds = 3);
      }
      while (i < cfg.n) { reps += (i, new RootReplica((me = i, cfg = cfg, net = net))); i = i + 1; }
      i = 0;
      while (i < cfg.n) { send reps[i], eRootSetup, reps; i = i + 1; }
      send net, eNetCrashTargets, reps;
      new RootElector((net = net, reps = reps, rounds = cfg.elections));
    }
  }
}

// MC-A with faults: loss and duplication (two each), reordering, one crash-restart.
fun RootChaos(mode: tRootMode, m: tRootMutant, n: int): tRootConfig {
  return (mode = mode, mutant = m, n = n, maxEpoch = 2, elections = 3,
          drops = 2, dups = 2, crashes = 1, restart = true, timerOdds = 10, horizon = 80, targeted = false, crashPoints = false);
}

// RootChaos in RELAY mode plus crash points (issue 46).
fun RootCrashPoints(m: tRootMutant): tRootConfig {
  return (mode = RM_RELAY, mutant = m, n = 3, maxEpoch = 2, elections = 3,
          drops = 2, dups = 2, crashes = 1, restart = true, timerOdds = 10, horizon = 80, targeted = false, crashPoints = true);
}

// Conflict-forcing (issue 46): MC-A in RELAY mode with six election timeouts instead of three and the
// targeted faults above, so that a new leader's promise quorum reports, for one slot, two different
// configurations accepted at two different ballots (witness eWitRRuleMatters, ALIA-W3's dangerous form).
fun RootConflict(m: tRootMutant): tRootConfig {
  return (mode = RM_RELAY, mutant = m, n = 3, maxEpoch = 2, elections = 9,
          drops = 1, dups = 1, crashes = 1, restart = true, timerOdds = 10, horizon = 120, targeted = true, crashPoints = false);
}


// Liveness (ALIA-L1): no loss, duplication (two), reordering, one replica down for good; twelve
// election timeouts at random replicas, so that the last ones come after the crash (the faults
// happen within the first 40 deliveries) and the highest ballot belongs to a live replica.
fun RootLive(m: tRootMutant): tRootConfig {
  return (mode = RM_RELAY, mutant = m, n = 3, maxEpoch = 2, elections = 12,
          drops = 0, dups = 2, crashes = 1, restart = false, timerOdds = 10, horizon = 40, targeted = false, crashPoints = false);
}
