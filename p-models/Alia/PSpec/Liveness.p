/* ALIA-L3 TransitionCompletes (TLA+ TransitionCompletesProp): once epoch 1 is revealed (at the
   start of every test), both tags become active at their epoch-1 owner, instance B1 = 3. Hot
   until they are: a schedule that ends first fails. */
spec TransitionCompletes observes eAMonActive {
  var moved: set[int];
  start hot state Waiting {
    on eAMonActive do (a: (inst: int, tag: int, ver: int)) {
      if (a.inst == 3) { moved += (a.tag); }
      if (sizeof(moved) == 2) { goto Moved; }
    }
  }
  cold state Moved {
    ignore eAMonActive;
  }
}

/* ALIA-L1 RootProgress (TLA+ RootProgressProp): every root slot of the run (the harness's two)
   gets a configuration. Hot until both are declared chosen: a schedule that ends first fails.
   The liveness configuration (RootLive in PTst/RootHarness.p) has no loss, one replica down for
   good and twelve election timeouts, so the last elections come after every fault. */
spec RootProgress observes eRMonDecided {
  var decided: set[int];
  start hot state Pending {
    on eRMonDecided do (d: (epoch: int, cfg: int)) {
      decided += (d.epoch);
      if (sizeof(decided) == 2) { goto AllChosen; }
    }
  }
  cold state AllChosen {
    ignore eRMonDecided;
  }
}
