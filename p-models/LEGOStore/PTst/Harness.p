/*****************************************************************************************
 * Test harness: one configuration of one key, its servers and three clients; with a
 * reconfiguration (cfg.reconf.enabled) also the new configuration's servers (and with a chain the
 * third configuration's) and the controller, whose start message goes through the network like any
 * other (so it arrives at a random point). Server ids are global, configuration after configuration.
 *
 * WL_RACE: clients 1 and 2 PUT one value each, client 3 GETs twice.
 * WL_READERS: client 1 PUTs twice, clients 2 and 3 GET three times each.
 * WL_GC: clients 1 and 2 PUT twice each, client 3 GETs twice (overlapping PUTs for GC).
 * WL_BUSY: clients 1 and 2 each PUT, GET, PUT; client 3 GETs three times.
 * WL_WRITERS: client 1 PUTs three times, clients 2 and 3 twice each (GC and its fallback need newer fins).
 * Client c's j-th PUT writes value 10c + j.
 *****************************************************************************************/

machine Harness {
  start state Build {
    entry (cfg: tConfig) {
      var net: machine;
      var servers: seq[machine];
      var i: int;
      var c: int;
      var scripts: seq[seq[tOp]];
      var nw: seq[machine];
      var third: seq[machine];
      var all: seq[machine];
      var cfgServers: seq[seq[machine]];
      var ctrl: machine;
      announce eMonConfig, (idx = 1, params = cfg.params);
      // The node-local rules N4, N5 (Common/PSpec/LocalRules.p) under the ABD or CAS prefix; the test
      // cases assert them only without a reconfiguration (a PUT restarted in a new configuration may
      // make its old tag again), as the C# deployments do.
      if (cfg.params.proto == ABD) { announce eLocalConfig, "ABD"; } else { announce eLocalConfig, "CAS"; }
      if (cfg.reconf.enabled) { announce eMonConfig, (idx = 2, params = cfg.reconf.next); }
      if (cfg.reconf.chain) { announce eMonConfig, (idx = 3, params = cfg.reconf.then); }
      net = new Network((drops = cfg.drops, dups = cfg.dups, crashes = cfg.crashes, restart = cfg.restart,
                         timerOdds = cfg.timerOdds, horizon = 150, leaderFaults = false, proxyCrashes = false));
      while (i < cfg.params.m) {
        servers += (i, new Server((id = i, idx = 1, params = cfg.params, cfg = cfg, net = net)));
        all += (i, servers[i]);
        i = i + 1;
      }
      if (cfg.reconf.enabled) {
        i = 0;
        while (i < cfg.reconf.next.m) {
          nw += (i, new Server((id = cfg.params.m + i, idx = 2, params = cfg.reconf.next, cfg = cfg, net = net)));
          all += (sizeof(all), nw[i]);
          i = i + 1;
        }
        i = 0;
        while (cfg.reconf.chain && i < cfg.reconf.then.m) {
          third += (i, new Server((id = cfg.params.m + cfg.reconf.next.m + i, idx = 3, params = cfg.reconf.then, cfg = cfg, net = net)));
          all += (sizeof(all), third[i]);
          i = i + 1;
        }
      }
      cfgServers += (0, servers);
      if (cfg.reconf.enabled) { cfgServers += (1, nw); }
      if (cfg.reconf.chain) { cfgServers += (2, third); }
      if (cfg.reconf.enabled) {
        ctrl = new Controller((cfg = cfg, net = net, srv = cfgServers));
        NSend(net, ctrl, eRcStart, 0);
      }
      send net, eNetCrashTargets, all;
      if (cfg.targeted) {
        // Targeted duplication (issue 46): the replies a client counts towards a quorum or a decode arrive twice on
        // purpose, so a duplicate reaches the count that must ignore it.
        send net, eNetTarget, (drop = false, ev = eQueryReply, count = 2, odds = 2);
        send net, eNetTarget, (drop = false, ev = eAck, count = 2, odds = 2);
        send net, eNetTarget, (drop = false, ev = eReadReply, count = 2, odds = 2);
      }
      scripts = Scripts(cfg.workload);
      while (c < sizeof(scripts)) {
        new Client((id = c + 1, cfg = cfg, net = net, cfgServers = cfgServers, ops = scripts[c], mds = ctrl));
        c = c + 1;
      }
    }
  }
}

fun Put(v: int): tOp { return (put = true, val = v); }
fun Get(): tOp { return (put = false, val = 0); }

fun Scripts(w: tWorkload): seq[seq[tOp]] {
  var s: seq[seq[tOp]];
  var a: seq[tOp];
  var b: seq[tOp];
  var r: seq[tOp];
  if (w == WL_RACE) {
    a += (0, Put(11)); b += (0, Put(21)); r += (0, Get()); r += (1, Get());
  } else if (w == WL_READERS) {
    a += (0, Put(11)); a += (1, Put(12));
    b += (0, Get()); b += (1, Get()); b += (2, Get());
    r += (0, Get()); r += (1, Get()); r += (2, Get());
  } else if (w == WL_WRITERS) {
    a += (0, Put(11)); a += (1, Put(12)); a += (2, Put(13));
    b += (0, Put(21)); b += (1, Put(22)); r += (0, Put(31)); r += (1, Put(32));
  } else if (w == WL_GC) {
    a += (0, Put(11)); a += (1, Put(12)); b += (0, Put(21)); b += (1, Put(22));
    r += (0, Get()); r += (1, Get());
  } else {
    a += (0, Put(11)); a += (1, Get()); a += (2, Put(12));
    b += (0, Put(21)); b += (1, Get()); b += (2, Put(22));
    r += (0, Get()); r += (1, Get()); r += (2, Get());
  }
  s += (0, a); s += (1, b); s += (2, r);
  return s;
}

// Configurations (brief §5.4); the invalid ones are the parameter mutants M1, M9, M10.
fun Abd(m: int, q1: int, q2: int, opt: bool): tParams {
  return (proto = ABD, m = m, k = 1, q1 = q1, q2 = q2, q3 = 0, q4 = 0, optGet = opt, paperGuard = false, delta = 0);
}
fun Cas(m: int, k: int, q1: int, q2: int, q3: int, q4: int, opt: bool, paper: bool, delta: int): tParams {
  return (proto = CAS, m = m, k = k, q1 = q1, q2 = q2, q3 = q3, q4 = q4, optGet = opt, paperGuard = paper, delta = delta);
}

// No reconfiguration.
fun NoReconf(): tReconf {
  return (enabled = false, next = Abd(1, 1, 1, false), paperQr = false, mutant = RM_NONE, askMds = false,
          chain = false, then = Abd(1, 1, 1, false));
}
// A reconfiguration to `next` with the brief's query quorum (paperQr: the paper's, finding F2).
fun To(next: tParams, paperQr: bool, m: tReconfMutant): tReconf {
  return (enabled = true, next = next, paperQr = paperQr, mutant = m, askMds = true, chain = false, then = Abd(1, 1, 1, false));
}
// Clients that never ask the metadata service: they move only when refused (F2 needs a stale client).
fun ToNoMds(next: tParams, paperQr: bool, m: tReconfMutant): tReconf {
  return (enabled = true, next = next, paperQr = paperQr, mutant = m, askMds = false, chain = false, then = Abd(1, 1, 1, false));
}
// A chain (brief §4.7.4): to `next`, then to `then`, with the brief's query quorum.
fun Chain(next: tParams, then: tParams, m: tReconfMutant, askMds: bool): tReconf {
  return (enabled = true, next = next, paperQr = false, mutant = m, askMds = askMds, chain = true, then = then);
}

// Loss, duplication, reordering and up to two crash-restarts of servers (durable state).
fun Faulty(p: tParams, m: tLegoMutant, w: tWorkload): tConfig {
  return (params = p, mutant = m, workload = w, drops = 2, dups = 2, crashes = 2, restart = true, timerOdds = 40, resend = true,
          reconf = NoReconf(), targeted = false);
}
// The Faulty profile plus targeted duplicates of the replies a client counts (issue 46).
fun Targeted(p: tParams, m: tLegoMutant, w: tWorkload): tConfig {
  return (params = p, mutant = m, workload = w, drops = 2, dups = 2, crashes = 2, restart = true, timerOdds = 40, resend = true,
          reconf = NoReconf(), targeted = true);
}
// Many losses: the read-inversion races of M3, M7 and M9 need a write or fin to miss several servers.
fun Lossy(p: tParams, m: tLegoMutant, w: tWorkload): tConfig {
  return (params = p, mutant = m, workload = w, drops = 6, dups = 1, crashes = 0, restart = true, timerOdds = 40, resend = true,
          reconf = NoReconf(), targeted = false);
}
// Liveness: no loss, duplication and reordering, one server down for good, no timers (a schedule ends when
// nothing is in flight, so an operation still pending then never completes).
fun Live(p: tParams, m: tLegoMutant, w: tWorkload): tConfig {
  return (params = p, mutant = m, workload = w, drops = 0, dups = 2, crashes = 1, restart = false, timerOdds = 40, resend = false,
          reconf = NoReconf(), targeted = false);
}
// The same fault profiles with a reconfiguration from p to r.next.
fun FaultyRc(p: tParams, r: tReconf, w: tWorkload): tConfig {
  return (params = p, mutant = LM_NONE, workload = w, drops = 2, dups = 2, crashes = 2, restart = true, timerOdds = 40, resend = true,
          reconf = r, targeted = false);
}
// Many losses and no crashes (F2's race needs the RcQuery to one old server to arrive late).
fun LossyRc(p: tParams, r: tReconf, w: tWorkload): tConfig {
  return (params = p, mutant = LM_NONE, workload = w, drops = 6, dups = 1, crashes = 0, restart = true, timerOdds = 40, resend = true,
          reconf = r, targeted = false);
}
fun FaultyRcMut(p: tParams, m: tLegoMutant, r: tReconf, w: tWorkload): tConfig {
  return (params = p, mutant = m, workload = w, drops = 2, dups = 2, crashes = 2, restart = true, timerOdds = 40, resend = true,
          reconf = r, targeted = false);
}
fun LiveRc(p: tParams, r: tReconf, w: tWorkload, crashes: int): tConfig {
  return (params = p, mutant = LM_NONE, workload = w, drops = 0, dups = 2, crashes = crashes, restart = false, timerOdds = 40,
          resend = false, reconf = r, targeted = false);
}
