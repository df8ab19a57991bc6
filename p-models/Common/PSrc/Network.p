/*****************************************************************************************
 * The environment shared by every P model of the repository: an unreliable network, timers,
 * a crash injector, and the send helpers every machine uses (p-models/Common, included by each
 * protocol's .pproj with IncludeProject).
 *
 * P delivers events in order per sender/receiver pair and never loses them. Pando's safety
 * must hold on an asynchronous network that reorders, loses and duplicates messages
 * (brief 1.3), so every protocol message goes through the Network machine below, which keeps
 * a bag of messages in flight and lets the checker's random choices decide which message is
 * delivered next, and whether it is lost or delivered twice (within the test's budgets).
 * In specs/Pando.tla the same freedom comes from the never-shrinking message set `sent`.
 * Timers are also kept by the Network, so that a timeout fires at a random point between
 * message deliveries rather than after a fixed amount of work.
 *****************************************************************************************/

type tEnvelope = (dst: machine, ev: event, payload: any, timer: bool);
type tNetSend = (dst: machine, ev: event, payload: any);
type tNetTimer = (owner: machine, id: int);
type tNetBudget = (drops: int, dups: int, timerOdds: int);
event eNetSend: tNetSend;
// A timer: eTimeout(id) is put in flight to owner like a message, but it is never lost or
// duplicated, and it is delivered only now and then (see Deliver) or when nothing else is in
// flight. Owners ignore timeouts whose id is not their current one, so a timeout may always be
// spurious: the network is asynchronous and a timeout is only a guess (brief 1.3).
event eNetTimer: tNetTimer;
event eTimeout: int;
event eNetDeliver;

machine Network {
  var bag: seq[tEnvelope];
  var drops: int;
  var dups: int;
  var timerOdds: int;
  var ticking: bool;

  start state Init {
    entry (budget: tNetBudget) {
      drops = budget.drops;
      dups = budget.dups;
      timerOdds = budget.timerOdds;
      goto Running;
    }
  }

  state Running {
    on eNetSend do (e: tNetSend) {
      Enqueue((dst = e.dst, ev = e.ev, payload = e.payload, timer = false));
    }
    on eNetTimer do (t: tNetTimer) {
      Enqueue((dst = t.owner, ev = eTimeout, payload = t.id, timer = true));
    }
    on eNetDeliver do {
      var i: int;
      var e: tEnvelope;
      if (sizeof(bag) == 0) { ticking = false; return; }
      i = Pick();
      e = bag[i];
      if (!e.timer && drops > 0 && choose(8) == 0) {        // loss
        drops = drops - 1;
        bag -= (i);
      } else if (!e.timer && dups > 0 && choose(8) == 0) {  // duplication: deliver, keep a copy
        dups = dups - 1;
        send e.dst, e.ev, e.payload;
      } else {
        bag -= (i);
        send e.dst, e.ev, e.payload;
      }
      send this, eNetDeliver;
    }
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

type tInjectorSetup = (sites: seq[machine], crashes: int, restart: bool);

// Crashes up to `crashes` sites, one at a time, at random moments. With `restart`, a crashed
// site comes back (from its durable state) before the next crash; without it, one site
// crashes and stays down (the liveness tests tolerate f = 1 permanent failure).
event eInjectorTick;
machine FailureInjector {
  var sites: seq[machine];
  var left: int;
  var restart: bool;
  var down: int;

  start state Init {
    entry (p: tInjectorSetup) {
      sites = p.sites;
      left = p.crashes;
      restart = p.restart;
      down = -1;
      if (left > 0) { send this, eInjectorTick; }
      goto Injecting;
    }
  }

  state Injecting {
    on eInjectorTick do {
      if (down >= 0) {
        if (choose(3) == 0) {
          send sites[down], eRestart;
          down = -1;
        }
      } else if (left > 0 && choose(4) == 0) {
        down = choose(sizeof(sites));
        left = left - 1;
        send sites[down], eCrash;
        if (!restart) { down = -1; left = 0; }   // a permanent crash: one site at most
      }
      if (down >= 0 || left > 0) { send this, eInjectorTick; }
    }
  }
}
