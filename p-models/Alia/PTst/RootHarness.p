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
      net = new Network((drops = cfg.drops, dups = cfg.dups, crashes = cfg.crashes, restart = cfg.restart,
                         timerOdds = cfg.timerOdds, horizon = cfg.horizon, leaderFaults = false, proxyCrashes = false));
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
          drops = 2, dups = 2, crashes = 1, restart = true, timerOdds = 10, horizon = 80);
}


// Liveness (ALIA-L1): no loss, duplication (two), reordering, one replica down for good; twelve
// election timeouts at random replicas, so that the last ones come after the crash (the faults
// happen within the first 40 deliveries) and the highest ballot belongs to a live replica.
fun RootLive(m: tRootMutant): tRootConfig {
  return (mode = RM_RELAY, mutant = m, n = 3, maxEpoch = 2, elections = 12,
          drops = 0, dups = 2, crashes = 1, restart = false, timerOdds = 10, horizon = 40);
}
