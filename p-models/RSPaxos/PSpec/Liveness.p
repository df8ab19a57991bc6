/*****************************************************************************************
 * RSP-L1 Eventual decision (brief RSPaxos §6.2 L1): hot until some proposer learns a value.
 * Meaningful only in the test that asserts it: one proposer, no loss, no timers, at most F_live
 * acceptors down; a schedule that ends (nothing in flight) in the hot state is a liveness violation.
 *****************************************************************************************/

spec EventualDecision observes eMonConfig, eMonLearned {
  start hot state Undecided {
    ignore eMonConfig;
    on eMonLearned goto Decided;
  }
  cold state Decided {
    ignore eMonConfig, eMonLearned;
  }
}
