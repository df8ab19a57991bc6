/*****************************************************************************************
 * Liveness monitors (brief PQR §6.5; TLA+ WritesTerminateProp, ReadsTerminateProp). Hot while an
 * operation of that kind is pending; a schedule that ends (nothing left in flight) in the hot
 * state is a liveness violation. Meaningful only in the tests that assert them: no loss and no
 * timers (a pending operation then never completes), at most f replicas down, FillTo on (A1-A4).
 *****************************************************************************************/

/* PQR-T1 Writes terminate. */
spec WritesTerminate observes eMonInvoke, eMonWriteDone {
  var pending: set[int];
  start cold state Idle {
    on eMonInvoke do (i: tMonInvoke) { if (i.write) { pending += (i.op); goto Waiting; } }
    ignore eMonWriteDone;
  }
  hot state Waiting {
    on eMonInvoke do (i: tMonInvoke) { if (i.write) { pending += (i.op); } }
    on eMonWriteDone do (o: int) { pending -= (o); if (sizeof(pending) == 0) { goto Idle; } }
  }
}

/* PQR-T2 Reads terminate. */
spec ReadsTerminate observes eMonInvoke, eMonReadDone {
  var pending: set[int];
  start cold state Idle {
    on eMonInvoke do (i: tMonInvoke) { if (!i.write) { pending += (i.op); goto Waiting; } }
    ignore eMonReadDone;
  }
  hot state Waiting {
    on eMonInvoke do (i: tMonInvoke) { if (!i.write) { pending += (i.op); } }
    on eMonReadDone do (d: tMonReadDone) { pending -= (d.op); if (sizeof(pending) == 0) { goto Idle; } }
  }
}
