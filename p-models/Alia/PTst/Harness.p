/*****************************************************************************************
 * Test harness of Alia's data plane on brief §7 MC-B (layout V2): four instances A0, B0, A1, B1
 * (Types.p), the shared network of Common/Network.p, the root oracle (which reveals epoch 1 three
 * times through the network, so that at most two losses cannot hide it), and two clients:
 * client 1 puts twice, client 2 gets twice. Epoch-0 instances may crash and restart.
 *****************************************************************************************/

machine AliaHarness {
  start state Build {
    entry (cfg: tAliaConfig) {
      var net: machine;
      var insts: seq[machine];
      var releasers: seq[machine];
      var a: seq[bool];
      var b: seq[bool];
      var i: int;
      var r: int;
      net = new Network((drops = cfg.drops, dups = cfg.dups, crashes = cfg.crashes, restart = cfg.restart,
                         timerOdds = cfg.timerOdds, horizon = cfg.horizon, leaderFaults = false, proxyCrashes = false));
      while (i < 2 * (cfg.epochs + 1)) { insts += (i, new Instance((me = i, cfg = cfg, net = net))); i = i + 1; }
      i = 0;
      while (i < sizeof(insts)) { send insts[i], eAliaSetup, insts; i = i + 1; }
      releasers += (0, insts[0]);
      releasers += (1, insts[1]);
      send net, eNetCrashTargets, releasers;
      // The configurations the root reveals (epoch 0 is the genesis).
      i = 0;
      while (i < sizeof(insts)) {
        announce eAMonConfig, (epoch = i / 2, tag = i % 2, owners = OwnersOf(cfg.mutant, i / 2, i % 2));
        i = i + 1;
      }
      while (r < 3) { Broadcast(net, insts, eNewEpoch, 1); r = r + 1; }
      r = 0;
      while (cfg.epochs >= 2 && r < 3) { Broadcast(net, insts, eNewEpoch, 2); r = r + 1; }
      a += (0, true); a += (1, true);
      b += (0, false); b += (1, false);
      new AliaClient((id = 1, net = net, insts = insts, script = a));
      new AliaClient((id = 2, net = net, insts = insts, script = b));
    }
  }
}

fun OwnersOf(m: tAliaMutant, e: int, t: int): set[int] {
  var s: set[int];
  if (Owns(m, e, 0, t)) { s += (0); }
  if (Owns(m, e, 1, t)) { s += (1); }
  return s;
}

// Loss, duplication and a crash-restart of a releaser.
fun AliaFaulty(m: tAliaMutant): tAliaConfig {
  return (mutant = m, drops = 2, dups = 2, crashes = 1, restart = true, timerOdds = 10, horizon = 80, epochs = 1);
}

// MC-B3, the release chain: epoch 2 moves t1 back from B to A; the same faults.
fun AliaChain(m: tAliaMutant): tAliaConfig {
  return (mutant = m, drops = 2, dups = 2, crashes = 1, restart = true, timerOdds = 10, horizon = 80, epochs = 2);
}
