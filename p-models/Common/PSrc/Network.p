/*****************************************************************************************
 * The environment shared by every P model of the repository: an unreliable network, timers,
 * crashes and restarts of nodes, and the send helpers every machine uses (p-models/Common, included by each
 * protocol's .pproj with IncludeProject).
 *
 * P delivers events in order per sender/receiver pair and never loses them. Pando's safety
 * must hold on an asynchronous network that reorders, loses and duplicates messages
 * (brief 1.3), so every protocol message goes through the Network machine below, which keeps
 * a bag of messages in flight and lets the checker's random choices decide which message is
 * delivered next; losses, duplicates and crashes happen at delivery indices drawn when the
 * network starts (within the test's budgets).
 * In specs/Pando.tla the same freedom comes from the never-shrinking message set `sent`.
 * Timers are also kept by the Network, so that a timeout fires at a random point between
 * message deliveries rather than after a fixed amount of work.
 *****************************************************************************************/

type tEnvelope = (dst: machine, ev: event, payload: any, timer: bool);
type tNetSend = (dst: machine, ev: event, payload: any);
type tNetTimer = (owner: machine, id: int);
// Fault budgets of one schedule. Every fault happens at a delivery index drawn uniformly from
// 0..horizon-1 when the network starts, so faults are spread over the whole run instead of
// bunching at its start (as a per-delivery coin would). A schedule shorter than `horizon`
// deliveries simply sees fewer faults. crashes: site crashes (at most one site down at a time);
// with restart, a crashed site comes back from its durable state 1..horizon/3 deliveries later;
// without it, exactly one site may crash and it stays down (f = 1 permanent failure).
//
// Optional, for protocols with a distinguished leader and proxies (both off unless a test asks):
// leaderFaults: at one planned delivery the environment's election (outside the protocol, like
// Pando's ConfigManager) makes the standby leader take over (eTakeOver), and either the old leader
// crashes (failover) or it keeps running (duelling leaders), each with probability 1/2.
// proxyCrashes: at one planned delivery one proxy crashes (the first of the proxy list restarts,
// with its volatile state lost, 1..horizon/3 deliveries later; the others stay down).
type tNetBudget = (drops: int, dups: int, crashes: int, restart: bool, timerOdds: int, horizon: int,
                   leaderFaults: bool, proxyCrashes: bool);
event eNetSend: tNetSend;
// A timer: eTimeout(id) is put in flight to owner like a message, but it is never lost or
// duplicated, and it is delivered only now and then (see Deliver) or when nothing else is in
// flight. Owners ignore timeouts whose id is not their current one, so a timeout may always be
// spurious: the network is asynchronous and a timeout is only a guess (brief 1.3).
event eNetTimer: tNetTimer;
event eTimeout: int;
event eNetDeliver;
// The nodes the network may crash (sent once by the harness after it created them).
event eNetCrashTargets: seq[machine];
// The leaders (current first, then the standby) and the proxies, when the budget has leader faults
// or proxy crashes.
event eNetLeaders: seq[machine];
event eNetProxies: seq[machine];
// The election's decision, sent to the standby leader: it is now a leader.
event eTakeOver;
// Targeted faults (issue 46), on top of the random ones: up to `count` messages of event type `ev`
// are lost (drop) or delivered twice (otherwise), each with probability 1/odds when it is picked.
// A harness names the window that matters (PQR: a leader's P2a, so that the next leader finds
// partial accepts). Without a target the network makes no extra choice, so other tests keep their
// schedules.
type tNetTarget = (drop: bool, ev: event, count: int, odds: int);
event eNetTarget: tNetTarget;
// Crash points (issue 46): up to `count` times, the recipient of a delivered message of event type
// `ev` crashes right after handling it (its eCrash is queued behind the message), with probability
// 1/odds, if it is a crash target and no node is down; with restart it comes back like a randomly
// crashed node. The moment after a promise or a vote, where what the node keeps durable matters.
type tNetCrashPoint = (ev: event, count: int, odds: int);
event eNetCrashPoint: tNetCrashPoint;

// Witnesses of the faults (observed by a protocol's Reached monitor for coverage).
event eWitDrop;
event eWitDup;
event eWitCrash;
event eWitRestart;
event eWitLeaderFailover;   // the leader crashed and the standby took over
event eWitLeaderDuel;       // the standby took over while the old leader kept running
event eWitProxyCrash;       // a proxy (front-end or delegate) crashed
event eWitTargetDrop;       // a targeted loss happened
event eWitTargetDup;        // a targeted duplicate happened
event eWitTargetCrash;      // a node crashed at a crash point

machine Network {
  var bag: seq[tEnvelope];
  var timerOdds: int;
  var ticking: bool;
  var delivered: int;               // deliveries so far (the clock of the fault plan)
  var dropAt: set[int];             // delivery indices at which the picked message is lost
  var dupAt: set[int];              // ... delivered twice (a copy stays in flight)
  var crashAt: set[int];            // ... a site crashes
  var restartAt: map[int, int];     // delivery index -> site to restart
  var restart: bool;
  var horizon: int;
  var crashable: seq[machine];
  var down: set[int];
  var leaders: seq[machine];
  var leaderAt: int;                // delivery index of the leader fault (-1: none)
  var duel: bool;
  var proxies: seq[machine];
  var proxyCrashAt: int;            // delivery index of the proxy crash (-1: none)
  var proxyRestartAt: int;
  var aimed: seq[tNetTarget];
  var crashPoints: seq[tNetCrashPoint];

  start state Init {
    entry (b: tNetBudget) {
      timerOdds = b.timerOdds;
      restart = b.restart;
      horizon = b.horizon;
      dropAt = Plan(b.drops, b.horizon);
      dupAt = Plan(b.dups, b.horizon);
      if (restart) { crashAt = Plan(b.crashes, b.horizon); }
      else if (b.crashes > 0) { crashAt = Plan(1, b.horizon); }
      leaderAt = -1;
      proxyCrashAt = -1;
      proxyRestartAt = -1;
      if (b.leaderFaults) { leaderAt = choose(horizon); duel = choose(2) == 0; }
      if (b.proxyCrashes) { proxyCrashAt = choose(horizon); }
      goto Running;
    }
  }

  state Running {
    on eNetCrashTargets do (t: seq[machine]) { crashable = t; }
    on eNetLeaders do (l: seq[machine]) { leaders = l; }
    on eNetProxies do (p: seq[machine]) { proxies = p; }
    on eNetTarget do (t: tNetTarget) { aimed += (sizeof(aimed), t); }
    on eNetCrashPoint do (t: tNetCrashPoint) { crashPoints += (sizeof(crashPoints), t); }
    on eNetSend do (e: tNetSend) {
      Enqueue((dst = e.dst, ev = e.ev, payload = e.payload, timer = false));
    }
    on eNetTimer do (t: tNetTimer) {
      Enqueue((dst = t.owner, ev = eTimeout, payload = t.id, timer = true));
    }
    on eNetDeliver do {
      var i: int;
      var e: tEnvelope;
      var hit: int;
      if (sizeof(bag) == 0) { ticking = false; return; }
      Faults();
      i = Pick();
      e = bag[i];
      hit = Targeted(e);
      if (hit == 1) {                                  // targeted loss
        bag -= (i);
        announce eWitTargetDrop;
      } else if (hit == 2) {                           // targeted duplication
        send e.dst, e.ev, e.payload;
        announce eWitTargetDup;
      } else if (!e.timer && delivered in dropAt) {    // loss
        bag -= (i);
        announce eWitDrop;
      } else if (!e.timer && delivered in dupAt) {     // duplication: deliver, keep a copy
        send e.dst, e.ev, e.payload;
        announce eWitDup;
      } else {
        bag -= (i);
        send e.dst, e.ev, e.payload;
        CrashAfter(e);
      }
      delivered = delivered + 1;
      send this, eNetDeliver;
    }
  }

  // Crash and restart points of the plan (brief 1.3: crash-recovery with durable state).
  fun Faults() {
    var s: int;
    var p: int;
    if (delivered == leaderAt && sizeof(leaders) == 2) {
      if (duel) { announce eWitLeaderDuel; }
      else { send leaders[0], eCrash; announce eWitLeaderFailover; }
      send leaders[1], eTakeOver;
    }
    if (delivered == proxyRestartAt) { send proxies[0], eRestart; }
    if (delivered == proxyCrashAt && sizeof(proxies) > 0) {
      p = choose(sizeof(proxies));
      send proxies[p], eCrash;
      announce eWitProxyCrash;
      if (p == 0) { proxyRestartAt = delivered + 1 + choose(horizon / 3); }
    }
    if (delivered in restartAt) {
      s = restartAt[delivered];
      send crashable[s], eRestart;
      down -= (s);
      announce eWitRestart;
    }
    if (delivered in crashAt && sizeof(crashable) > 0 && sizeof(down) == 0) {
      s = choose(sizeof(crashable));
      send crashable[s], eCrash;
      down += (s);
      announce eWitCrash;
      if (restart) { restartAt[delivered + 1 + choose(horizon / 3)] = s; }
    }
  }

  // A crash point: the recipient of e crashes right after handling it (see tNetCrashPoint).
  fun CrashAfter(e: tEnvelope) {
    var k: int;
    var s: int;
    var t: tNetCrashPoint;
    if (sizeof(crashPoints) == 0 || e.timer || sizeof(down) > 0) { return; }
    s = 0;
    while (s < sizeof(crashable) && crashable[s] != e.dst) { s = s + 1; }
    if (s == sizeof(crashable)) { return; }
    while (k < sizeof(crashPoints)) {
      t = crashPoints[k];
      if (t.ev == e.ev && t.count > 0) {
        if (choose(t.odds) == 0) {
          crashPoints[k] = (ev = t.ev, count = t.count - 1, odds = t.odds);
          send e.dst, eCrash;
          down += (s);
          announce eWitTargetCrash;
          if (restart) { restartAt[delivered + 1 + choose(horizon / 3)] = s; }
        }
        return;
      }
      k = k + 1;
    }
  }

  // 0: no targeted fault on e; 1: lose it; 2: deliver it and keep a copy in flight.
  fun Targeted(e: tEnvelope): int {
    var k: int;
    var t: tNetTarget;
    if (e.timer) { return 0; }
    while (k < sizeof(aimed)) {
      t = aimed[k];
      if (t.ev == e.ev && t.count > 0) {
        if (choose(t.odds) == 0) {
          aimed[k] = (drop = t.drop, ev = t.ev, count = t.count - 1, odds = t.odds);
          if (t.drop) { return 1; }
          return 2;
        }
        return 0;
      }
      k = k + 1;
    }
    return 0;
  }

  // n distinct delivery indices in 0..horizon-1.
  fun Plan(n: int, horizon: int): set[int] {
    var out: set[int];
    var tries: int;
    while (sizeof(out) < n && tries < 100) {
      out += (choose(horizon));
      tries = tries + 1;
    }
    return out;
  }

  fun Enqueue(e: tEnvelope) {
    bag += (sizeof(bag), e);
    if (!ticking) { ticking = true; send this, eNetDeliver; }
  }

  // Reordering: any message in flight may go next. A timer goes next only with probability
  // 1/timerOdds while messages are in flight, and surely once nothing else is.
  fun Pick(): int {
    var i: int;
    var msgs: seq[int];
    var timers: seq[int];
    while (i < sizeof(bag)) {
      if (bag[i].timer) { timers += (sizeof(timers), i); } else { msgs += (sizeof(msgs), i); }
      i = i + 1;
    }
    if (sizeof(timers) > 0 && (sizeof(msgs) == 0 || choose(timerOdds) == 0)) {
      return timers[choose(sizeof(timers))];
    }
    return msgs[choose(sizeof(msgs))];
  }
}

// Crash and restart of a node: a crashed node loses its volatile state and ignores messages
// until it restarts from its durable state.
event eCrash;
event eRestart;

// Sends one message through the network (never directly: P would deliver it in order).
fun NSend(net: machine, dst: machine, e: event, payload: any) {
  send net, eNetSend, (dst = dst, ev = e, payload = payload);
}

// Sends the same message to every node of `dsts`, in order, through the network.
fun Broadcast(net: machine, dsts: seq[machine], e: event, payload: any) {
  var i: int;
  while (i < sizeof(dsts)) {
    NSend(net, dsts[i], e, payload);
    i = i + 1;
  }
}

// Starts a timer: eTimeout(id) reaches owner some time later (see Network.Pick).
fun NTimer(net: machine, owner: machine, id: int) {
  send net, eNetTimer, (owner = owner, id = id);
}
