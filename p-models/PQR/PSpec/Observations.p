/*****************************************************************************************
 * What the machines tell the monitors: the ghost state of brief PQR §2.5 and the history of
 * §6.2, announced at the step where specs/PQR.tla changes the matching variable.
 *****************************************************************************************/

// The test's parameters (quorum sizes, read mode), announced once by the harness.
event eMonConfig: tPqrConfig;
// An acceptor voted: accepted (slot, bal, cmd) and sent its P2b (TLA+ HandleP2a; the ghost votes).
type tMonVote = (acc: int, slot: int, bal: int, cmd: tCmd);
event eMonVote: tMonVote;
// A replica's high-water marks after a change (TLA+ NoteSlot and Recover).
type tMonHigh = (r: int, maxAcc: int, accK: map[int, int]);
event eMonHigh: tMonHigh;
// A replica marked a slot committed (TLA+ HandleCommit).
type tMonCommit = (r: int, slot: int, cmd: tCmd);
event eMonCommit: tMonCommit;
// A replica executed a slot (TLA+ Execute): whether the entry was committed, and its key-value
// state afterwards.
type tMonExec = (r: int, slot: int, cmd: tCmd, committed: bool, kv: map[int, int]);
event eMonExec: tMonExec;
// A replica restarted: its executed prefix is empty again (TLA+ Recover).
event eMonRestart: int;
// A replica sent a QRead or Rinse reply: its lastExec and its value for the key (PQR-I1).
type tMonReply = (r: int, lastExec: int, key: int, val: int);
event eMonReply: tMonReply;

// The history (brief §6.2): operation o = 100 * client + opId.
type tMonInvoke = (op: int, write: bool, key: int, val: int);
event eMonInvoke: tMonInvoke;
event eMonWriteDone: int;
// A read returned val, read from a replica that had executed through e, with rinse target T.
type tMonReadDone = (op: int, val: int, e: int, target: int, rinsed: bool);
event eMonReadDone: tMonReadDone;
// A read enters its rinse phase with target T after these phase-1 replies (PQR-I2, PQR-I3).
type tMonRinse = (op: int, target: int, replies: seq[tQReadReply]);
event eMonRinse: tMonRinse;

/*****************************************************************************************
 * Reachability witnesses: each announces a protocol path a passing test must exercise; the
 * harness fails a passing test whose `reaches` list (p-models/tests.json) names one that never
 * arrived (NOT REACHED). The TLA+ witnesses PQR-W1..W6 have the same meaning.
 *****************************************************************************************/
event eWitWriteDone;     // a write was acknowledged
event eWitReadWritten;   // a read returned a written value (PQR-W1)
event eWitRinsedRead;    // a read returned after a rinse (PQR-W2)
event eWitRinseFree;     // a read returned a written value without a rinse (PQR-W3)
event eWitNewLeader;     // a replica other than the initial leader became leader (PQR-W4)
event eWitNoOp;          // a replica executed a NoOp (PQR-W5)
event eWitRecovered;     // a restarted replica re-executed its committed prefix (PQR-W6)
event eWitParked;        // a parked rinse was answered later
event eWitFillTo;        // a leader proposed NoOps on a FillTo
event eWitRedirect;      // a write was redirected to the leader
event eWitRetrySkipped;  // the session table skipped a Put chosen a second time
event eWitRuleMatters;   // a Phase-1 quorum reported two commands at two ballots for one slot (issue 46)
event eWitElection;      // the Elector of a conflict-forcing test started an election

// eWitNoOp and eWitFillTo are announced but not declared witnesses of Reached: random schedules reach
// them on some seeds only (an orphan slot or a hole after a leader change: 3 and 4 of seeds 1..10 in
// tcPqrFailover at 50 schedules, docs/benchmarks/p-witnesses.md), so a CI run could miss both; TLC's
// PQR-W5 (NoNoOpWitness) shows a NoOp chosen, and tcPqrM11/tcPqrM12 show the orphan slot.
spec Reached observes eWitWriteDone, eWitReadWritten, eWitRinsedRead, eWitRinseFree, eWitNewLeader,
                      eWitRecovered, eWitParked, eWitRedirect, eWitDrop, eWitDup, eWitCrash, eWitRestart,
                      eWitLeaderFailover, eWitLeaderDuel, eWitRetrySkipped, eWitRuleMatters, eWitElection,
                      eWitTargetDrop, eWitTargetDup, eWitTargetCrash {
  start state Watching {
    on eWitWriteDone do { }
    on eWitReadWritten do { }
    on eWitRinsedRead do { }
    on eWitRinseFree do { }
    on eWitNewLeader do { }
    on eWitRuleMatters do { }
    on eWitElection do { }
    on eWitTargetDrop do { }
    on eWitTargetDup do { }
    on eWitTargetCrash do { }
    on eWitRecovered do { }
    on eWitParked do { }
    on eWitRedirect do { }
    on eWitDrop do { }
    on eWitDup do { }
    on eWitCrash do { }
    on eWitRestart do { }
    on eWitLeaderFailover do { }
    on eWitLeaderDuel do { }
    on eWitRetrySkipped do { }
  }
}
