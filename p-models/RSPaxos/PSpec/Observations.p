/*****************************************************************************************
 * What the machines tell the monitors (brief RSPaxos §6.1), and the witnesses a passing test must
 * reach. Each names the TLA+ action of specs/RSPaxos.tla it reports.
 *****************************************************************************************/

event eMonConfig: tRspConfig;
event eMonVote: (acc: int, bal: int, vid: int);       // Phase2b: an acceptor accepted (durably) vid at bal
event eMonShare: (acc: int, idx: int);                 // Phase2b: ... keeping the share with this index
event eMonPropose: (bal: int, vid: int);               // Phase2a: a proposer sent Accepts of vid at bal
event eMonLearned: (p: int, vid: int);                 // Learn: a proposer learned vid
event eMonRebuilt: int;                                 // SelectValue decoded this vid (GARBAGE: too few shares)

event eWitLearned;       // a value was learned
event eWitRebuilt;       // a value was rebuilt from shares and proposed again
event eWitCrossBallot;   // ... from shares accepted in two ballots
event eWitFree;          // pieces were reported but none rebuildable: a free choice
// "Rule matters" (issue 46), announced in SelectValue: the Phase-1 quorum reported shares of two vids at two ballots,
// so "the rebuildable vid of the highest ballot" differs from "any reported vid". (Two rebuildable vids in one
// quorum, where it also differs from "the lowest ballot's", needs set D and is reached about once in 10,000
// schedules here: the P model does not declare that witness; the C# RSP_D_conflict_busy does.)
event eWitRuleMatters;

// One witness monitor for the project (the harness reads the coverage of the monitor named Reached):
// the single-decree witnesses, the log's (PSpec/LogObservations.p) and the network's.
spec Reached observes eWitLearned, eWitRebuilt, eWitCrossBallot, eWitFree, eWitDrop, eWitDup, eWitCrash, eWitRestart,
                      eWitLWriteDone, eWitLReadOfWrite, eWitLFastServed, eWitLRecovery, eWitLTakeover, eWitLReady,
                      eWitLRebuilt, eWitLNoOp, eWitLCheckpoint, eWitLTruncate, eWitLFlagged, eWitLeaderFailover, eWitLeaderDuel,
                      eWitRuleMatters, eWitTargetDrop, eWitTargetDup, eWitTargetCrash {
  start state Watching {
    ignore eWitLearned, eWitRebuilt, eWitCrossBallot, eWitFree, eWitDrop, eWitDup, eWitCrash, eWitRestart,
           eWitLWriteDone, eWitLReadOfWrite, eWitLFastServed, eWitLRecovery, eWitLTakeover, eWitLReady,
           eWitLRebuilt, eWitLNoOp, eWitLCheckpoint, eWitLTruncate, eWitLFlagged, eWitLeaderFailover, eWitLeaderDuel,
           eWitRuleMatters, eWitTargetDrop, eWitTargetDup, eWitTargetCrash;
  }
}
