/*****************************************************************************************
 * Test harness: one configuration of one key, its servers and three clients.
 *
 * WL_RACE: clients 1 and 2 PUT one value each, client 3 GETs twice.
 * WL_READERS: client 1 PUTs twice, clients 2 and 3 GET three times each.
 * WL_GC: clients 1 and 2 PUT twice each, client 3 GETs twice (overlapping PUTs for GC).
 * WL_BUSY: clients 1 and 2 each PUT, GET, PUT; client 3 GETs three times.
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
      announce eMonConfig, cfg.params;
      net = new Network((drops = cfg.drops, dups = cfg.dups, crashes = cfg.crashes, restart = cfg.restart,
                         timerOdds = cfg.timerOdds, horizon = 150, leaderFaults = false, proxyCrashes = false));
      while (i < cfg.params.m) {
        servers += (i, new Server((id = i, cfg = cfg, net = net)));
        i = i + 1;
      }
      send net, eNetCrashTargets, servers;
      scripts = Scripts(cfg.workload);
      while (c < sizeof(scripts)) {
        new Client((id = c + 1, cfg = cfg, net = net, servers = servers, ops = scripts[c]));
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

// Loss, duplication, reordering and up to two crash-restarts of servers (durable state).
fun Faulty(p: tParams, m: tLegoMutant, w: tWorkload): tConfig {
  return (params = p, mutant = m, workload = w, drops = 2, dups = 2, crashes = 2, restart = true, timerOdds = 40, resend = true);
}
// Many losses: the read-inversion races of M3, M7 and M9 need a write or fin to miss several servers.
fun Lossy(p: tParams, m: tLegoMutant, w: tWorkload): tConfig {
  return (params = p, mutant = m, workload = w, drops = 6, dups = 1, crashes = 0, restart = true, timerOdds = 40, resend = true);
}
// Liveness: no loss, duplication and reordering, one server down for good, no timers (a schedule ends when
// nothing is in flight, so an operation still pending then never completes).
fun Live(p: tParams, m: tLegoMutant, w: tWorkload): tConfig {
  return (params = p, mutant = m, workload = w, drops = 0, dups = 2, crashes = 1, restart = false, timerOdds = 40, resend = false);
}
