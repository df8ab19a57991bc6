/* ABD-T1 / CAS-T1 Operations complete (brief LEGOStore §6.2 T1; the C# OpsCompleteMonitor). Every
   operation a client invokes completes (a CAS GET that gave up after its bounded retries counts as
   answered). Hot while one is pending; a schedule that ends (nothing left to deliver) in the hot state is
   a liveness violation. Meaningful only without loss and with at most f servers down: the tests that
   assert it run with reordering, duplication and one permanent crash, no loss and no timers. */
spec OpsComplete observes eMonInvoke, eMonRespond, eMonGaveUp {
  var pending: set[int];

  start cold state Idle {
    on eMonInvoke do (i: tMonInvoke) { pending += (i.op); goto Waiting; }
    ignore eMonRespond, eMonGaveUp;
  }

  hot state Waiting {
    on eMonInvoke do (i: tMonInvoke) { pending += (i.op); }
    on eMonRespond do (r: tMonRespond) { pending -= (r.op); if (sizeof(pending) == 0) { goto Idle; } }
    on eMonGaveUp do (op: int) { pending -= (op); if (sizeof(pending) == 0) { goto Idle; } }
  }
}
