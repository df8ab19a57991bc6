/*****************************************************************************************
 * The environment: an unreliable network, timers and a crash injector.
 *
 * P delivers events in order per sender/receiver pair and never loses them. Pando's safety
 * must hold on an asynchronous network that reorders, loses and duplicates messages
 * (brief 1.3), so every protocol message goes through the Network machine below, which keeps
 * a bag of messages in flight and lets the checker's random choices decide which message is
 * delivered next, and whether it is lost or delivered twice (within the test's budgets).
 * In specs/Pando.tla the same freedom comes from the never-shrinking message set `sent`.
 *****************************************************************************************/

type tEnvelope = (dst: machine, ev: event, payload: any);
event eNetSend: tEnvelope;
event eNetDeliver;

machine Network {
  var bag: seq[tEnvelope];
  var drops: int;
  var dups: int;
  var ticking: bool;

  start state Init {
    entry (budget: (drops: int, dups: int)) {
      drops = budget.drops;
      dups = budget.dups;
      goto Running;
    }
  }

  state Running {
    on eNetSend do (e: tEnvelope) {
      bag += (sizeof(bag), e);
      if (!ticking) { ticking = true; send this, eNetDeliver; }
    }
    on eNetDeliver do {
      var i: int;
      var e: tEnvelope;
      if (sizeof(bag) == 0) { ticking = false; return; }
      i = choose(sizeof(bag));          // reordering: any message in flight may go next
      e = bag[i];
      if (drops > 0 && choose(8) == 0) {     // loss
        drops = drops - 1;
        bag -= (i);
      } else if (dups > 0 && choose(8) == 0) { // duplication: deliver and keep a copy in flight
        dups = dups - 1;
        send e.dst, e.ev, e.payload;
      } else {
        bag -= (i);
        send e.dst, e.ev, e.payload;
      }
      send this, eNetDeliver;
    }
  }
}

// A timer for one owner. eStartTimer(id) arms it (replacing any armed id); it then fires
// eTimeout(id) after a random number of its own ticks. Owners ignore timeouts whose id is not
// their current one, so a timeout may always be spurious: the network is asynchronous and a
// timeout is only a guess (brief 1.3).
event eTimerTick: int;
machine Timer {
  var owner: machine;
  var odds: int;
  var armed: int;

  start state Init {
    entry (p: (owner: machine, odds: int)) {
      owner = p.owner;
      odds = p.odds;
      goto Waiting;
    }
  }

  state Waiting {
    on eStartTimer do (id: int) {
      armed = id;
      send this, eTimerTick, id;
    }
    on eTimerTick do (id: int) {
      if (id != armed) { return; }
      if (choose(odds) == 0) {
        armed = 0;
        send owner, eTimeout, id;
      } else {
        send this, eTimerTick, id;
      }
    }
  }
}

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
    entry (p: (sites: seq[machine], crashes: int, restart: bool)) {
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
