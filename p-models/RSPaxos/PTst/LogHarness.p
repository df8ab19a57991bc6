/*****************************************************************************************
 * Test harness of the RS-Paxos log: n servers (server 0 leads ballot 1; server n-1 owns ballot 2
 * and takes over when the network's leader fault fires: failover or duel), the shared network of
 * Common/Network.p, and three clients. Followers 1..n-2 may crash and restart (not the standby:
 * a standby that restarts forgets its candidacy).
 *
 * Workloads (one key; 0 write, 1 FAST read, 2 CONSISTENT read):
 *  LW_BUSY (0): client 1 writes, reads FAST, writes; client 2 writes, reads CONSISTENT;
 *               client 3 reads FAST, CONSISTENT, FAST.
 *  LW_WRITES (1): clients 1 and 2 write twice each; client 3 reads FAST three times.
 *  LW_READERS (2): client 1 writes three times; clients 2 and 3 read FAST four times each.
 *****************************************************************************************/

machine LogHarness {
  start state Build {
    entry (cfg: tLogConfig) {
      var net: machine;
      var servers: seq[machine];
      var followers: seq[machine];
      var leaders: seq[machine];
      var scripts: seq[seq[int]];
      var i: int;
      announce eLMonConfig, cfg;
      net = new Network((drops = cfg.drops, dups = cfg.dups, crashes = cfg.crashes, restart = cfg.restart,
                         timerOdds = cfg.timerOdds, horizon = cfg.horizon, leaderFaults = cfg.leaderFault, proxyCrashes = false));
      while (i < cfg.n) {
        servers += (i, new LogServer((id = i, cfg = cfg, net = net)));
        if (i > 0 && i < cfg.n - 1) { followers += (sizeof(followers), servers[i]); }
        i = i + 1;
      }
      i = 0;
      while (i < cfg.n) { send servers[i], eLogSetup, servers; i = i + 1; }
      send net, eNetCrashTargets, followers;
      if (cfg.leaderFault) {
        leaders += (0, servers[0]);
        leaders += (1, servers[cfg.n - 1]);
        send net, eNetLeaders, leaders;
      }
      scripts = LogScripts(cfg.workload);
      i = 0;
      while (i < sizeof(scripts)) {
        new LogClient((id = i + 1, cfg = cfg, net = net, servers = servers, script = scripts[i]));
        i = i + 1;
      }
    }
  }
}

fun LogScripts(w: int): seq[seq[int]] {
  var s: seq[seq[int]];
  var a: seq[int];
  var b: seq[int];
  var c: seq[int];
  if (w == 0) {
    a += (0, 0); a += (1, 1); a += (2, 0);
    b += (0, 0); b += (1, 2);
    c += (0, 1); c += (1, 2); c += (2, 1);
  } else if (w == 2) {
    a += (0, 0); a += (1, 0); a += (2, 0);
    b += (0, 1); b += (1, 1); b += (2, 1); b += (3, 1);
    c += (0, 1); c += (1, 1); c += (2, 1); c += (3, 1);
  } else {
    a += (0, 0); a += (1, 0);
    b += (0, 0); b += (1, 0);
    c += (0, 1); c += (1, 1); c += (2, 1);
  }
  s += (0, a); s += (1, b); s += (2, c);
  return s;
}

// A leader change (failover or duel) with loss, duplication, follower crash-restarts and GC.
fun LogChange(n: int, x: int, qr: int, qw: int, m: tRspMutant, gc: bool, w: int): tLogConfig {
  return (n = n, x = x, qr = qr, qw = qw, mutant = m, drops = 2, dups = 2, crashes = 1, restart = true,
          timerOdds = 20, horizon = 120, leaderFault = true, gc = gc, workload = w);
}

// A stable leader with loss, duplication and follower crash-restarts.
fun LogStable(n: int, x: int, qr: int, qw: int, m: tRspMutant, gc: bool, w: int): tLogConfig {
  return (n = n, x = x, qr = qr, qw = qw, mutant = m, drops = 2, dups = 2, crashes = 2, restart = true,
          timerOdds = 20, horizon = 120, leaderFault = false, gc = gc, workload = w);
}

// A leader change with truncation under heavier loss: a new leader that missed Commits hears
// truncated instances from checkpointed shares.
fun LogGcChange(n: int, x: int, qr: int, qw: int, m: tRspMutant, w: int): tLogConfig {
  return (n = n, x = x, qr = qr, qw = qw, mutant = m, drops = 4, dups = 1, crashes = 1, restart = true,
          timerOdds = 20, horizon = 120, leaderFault = true, gc = true, workload = w);
}
