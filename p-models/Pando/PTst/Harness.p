/*****************************************************************************************
 * Test harness: builds one Pando deployment from a tConfig and starts its clients.
 *
 * SC_CONFLICT: FE 1 (direct) and FE 2 (with the delegate) both CPUT version 1 with different
 *   values; FE 3 reads version 1 twice, concurrently with the writes. FE 2's tags are above
 *   FE 1's when the test pins the order (randomOrder false), so its delegated ballot sits above FE 1's direct ballot and the delegate may have
 *   to recover FE 1's value (the ballot order mutant M9 needs, brief section 8);
 *   otherwise ballot ranks are random (FrontEnd.NewBallot).
 * SC_PREPARE_READS: as SC_CONFLICT, with FE 3's reads Prepare-based (S12b's reads).
 * SC_RACE: as SC_CONFLICT, with targeted faults (issue 46, Common/Network.p eNetTarget): up to 8 Phase-2
 *   PROPOSEs lost (odds 1/2: a vid's splits reach a few sites only, for the next proposer to find) and up to
 *   2 PROMISE and 2 ACCEPTED replies duplicated (odds 1/3), so recoveries meet splits of two vids at two ballots.
 * SC_CRASHPOINTS: as SC_CONFLICT, with crash points (issue 46, Common/Network.p eNetCrashPoint): up to two
 *   times a site crashes right after it handles a PREPARE or a PROPOSE (odds 1/3), then restarts.
 * SC_LATEST: as SC_VERSIONS, but FE 3's two reads are GETs of the newest version.
 * SC_VERSIONS: FE 1 (direct) and FE 2 (delegated) each CPUT version 1 and then version 2
 *   (the second only if its precondition holds); sites prune on COMMIT. FE 3 first tries to
 *   CPUT version 2 knowing nothing (skipped, unless M16 drops the precondition), then reads
 *   version 2 and version 1 (a read of a pruned version gives up: client RETRY).
 * vids are unique per request (brief 4.1 item 5): FE f's request j has vid 10*f + j.
 *****************************************************************************************/

machine Harness {
  start state Build {
    entry (cfg: tConfig) {
      var net: machine;
      var sites: seq[machine];
      var i: int;
      var leaders: seq[machine];
      var proxies: seq[machine];
      var fe: machine;
      var delegate: machine;
      var none: machine;
      var ops1: seq[tOp];
      var ops2: seq[tOp];
      var ops3: seq[tOp];

      announce eMonConfig, (n = cfg.params.n, k = cfg.params.k, q1a = cfg.params.q1a,
                            q1b = cfg.params.q1b, q2 = cfg.params.q2);
      announce eLocalConfig, "PANDO";
      net = new Network((drops = cfg.drops, dups = cfg.dups, crashes = cfg.crashes, restart = cfg.restart,
                         timerOdds = cfg.timerOdds, horizon = Horizon(cfg),
                         leaderFaults = cfg.leaderFaults, proxyCrashes = cfg.proxyCrashes));
      while (i < cfg.params.n) {
        sites += (i, new DataSite((id = i, cfg = cfg, net = net)));
        i = i + 1;
      }
      send net, eNetCrashTargets, sites;
      if (cfg.scenario == SC_RACE) {
        send net, eNetTarget, (drop = true, ev = ePropose, count = 8, odds = 2);
        send net, eNetTarget, (drop = false, ev = ePromise, count = 2, odds = 3);
        send net, eNetTarget, (drop = false, ev = eAccepted, count = 2, odds = 3);
      }
      if (cfg.scenario == SC_CRASHPOINTS) {
        send net, eNetCrashPoint, (ev = ePrepare, count = 2, odds = 3);
        send net, eNetCrashPoint, (ev = ePropose, count = 2, odds = 3);
      }
      leaders += (0, new Leader((cfg = cfg, net = net, sites = sites, tag = 1, active = true)));
      if (cfg.leaderFaults) {
        leaders += (1, new Leader((cfg = cfg, net = net, sites = sites, tag = 2, active = false)));
        send net, eNetLeaders, leaders;
      }
      delegate = new Delegate((cfg = cfg, net = net, sites = sites));
      proxies += (0, delegate);

      if (cfg.scenario == SC_CONFLICT || cfg.scenario == SC_PREPARE_READS || cfg.scenario == SC_RACE || cfg.scenario == SC_CRASHPOINTS) {
        ops1 += (0, (write = true, ver = 1, vid = 11, value = 1, prepare = false));
        ops2 += (0, (write = true, ver = 1, vid = 21, value = 2, prepare = false));
        ops3 += (0, (write = false, ver = 1, vid = 0, value = 0, prepare = cfg.scenario == SC_PREPARE_READS));
        ops3 += (1, (write = false, ver = 1, vid = 0, value = 0, prepare = cfg.scenario == SC_PREPARE_READS));
      } else {
        ops1 += (0, (write = true, ver = 1, vid = 11, value = 1, prepare = false));
        ops1 += (1, (write = true, ver = 2, vid = 12, value = 3, prepare = false));
        ops2 += (0, (write = true, ver = 1, vid = 21, value = 2, prepare = false));
        ops2 += (1, (write = true, ver = 2, vid = 22, value = 4, prepare = false));
        ops3 += (0, (write = true, ver = 2, vid = 31, value = 5, prepare = false));
        if (cfg.scenario == SC_LATEST) {          // GETs of the newest version (version 0 = "newest")
          ops3 += (1, (write = false, ver = 0, vid = 0, value = 0, prepare = false));
          ops3 += (2, (write = false, ver = 0, vid = 0, value = 0, prepare = false));
        } else {
          ops3 += (1, (write = false, ver = 2, vid = 0, value = 0, prepare = false));
          ops3 += (2, (write = false, ver = 1, vid = 0, value = 0, prepare = false));
        }
      }
      fe = new FrontEnd((id = 1, cfg = cfg, net = net, sites = sites, delegate = none,
                         hasDelegate = false, leaders = leaders, ops = ops1));
      proxies += (1, fe);
      fe = new FrontEnd((id = 2, cfg = cfg, net = net, sites = sites, delegate = delegate,
                         hasDelegate = true, leaders = leaders, ops = ops2));
      proxies += (2, fe);
      if (sizeof(ops3) > 0) {
        fe = new FrontEnd((id = 3, cfg = cfg, net = net, sites = sites, delegate = none,
                          hasDelegate = false, leaders = leaders, ops = ops3));
        proxies += (3, fe);
      }
      if (cfg.proxyCrashes) { send net, eNetProxies, proxies; }
    }
  }
}

// ---- Parameter sets (brief 5.1) ----
fun V1(): tParams { return (n = 3, k = 1, q1a = 2, q1b = 2, q2 = 2); }
fun V2(): tParams { return (n = 4, k = 2, q1a = 2, q1b = 3, q2 = 3); }
fun V5(): tParams { return (n = 5, k = 2, q1a = 3, q1b = 4, q2 = 3); }
fun X1(): tParams { return (n = 3, k = 1, q1a = 1, q1b = 2, q2 = 2); }   // breaks C1
fun X3(): tParams { return (n = 4, k = 2, q1a = 2, q1b = 2, q2 = 3); }   // breaks C2
fun X6(): tParams { return (n = 4, k = 2, q1a = 2, q1b = 3, q2 = 4); }   // breaks C4 only

// Deliveries over which the faults of a schedule are spread (Network.Plan): about the number of
// deliveries of a typical schedule of the scenario, so that faults hit every stage of it.
fun Horizon(cfg: tConfig): int {
  if (cfg.scenario == SC_VERSIONS || cfg.scenario == SC_LATEST) { return 160; }
  return 100;
}

// Safety configuration: loss, duplication, reordering, up to two crash-restarts (one at a time).
// While messages are in flight, each delivery is a pending timeout with probability 1/40: late
// enough that most attempts finish on the common path, early enough that every stage also times
// out in some schedules. With nothing else in flight, a pending timeout is always delivered.
fun Faulty(p: tParams, m: tMutant, sc: tScenario): tConfig {
  return FaultyWithTimers(p, m, sc, 40);
}
fun FaultyWithTimers(p: tParams, m: tMutant, sc: tScenario, odds: int): tConfig {
  return (params = p, mutant = m, scenario = sc, drops = 2, dups = 2, crashes = 2,
          restart = true, leaderTimeouts = true, timerOdds = odds, randomOrder = true,
          leaderFaults = false, proxyCrashes = false);
}

// The safety configuration plus a leader fault (failover or duel) and one proxy crash.
fun WithFailover(c: tConfig): tConfig {
  c.leaderFaults = true;
  c.proxyCrashes = true;
  return c;
}

// The same with ballot ranks pinned (FE 2's above FE 1's): only for a mutant that needs that order.
fun Pinned(c: tConfig): tConfig {
  c.randomOrder = false;
  return c;
}

// Liveness configuration: reordering and duplication, one site down for good, no loss.
fun Lossless(p: tParams, m: tMutant): tConfig {
  return (params = p, mutant = m, scenario = SC_CONFLICT, drops = 0, dups = 2, crashes = 1,
          restart = false, leaderTimeouts = false, timerOdds = 40, randomOrder = true,
          leaderFaults = false, proxyCrashes = false);
}
