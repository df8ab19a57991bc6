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
