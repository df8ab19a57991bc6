/*****************************************************************************************
 * What the log's machines tell the monitors (brief RSPaxos §6.1 for the log), each naming the
 * action of specs/RSPaxosLog.tla it reports, and the witnesses a passing log test must reach.
 *****************************************************************************************/

event eLMonConfig: tLogConfig;
event eLMonVote: (acc: int, bal: int, slot: int, vid: int);       // Accept: persisted with its share
event eLMonAcceptSent: (bal: int, slot: int, vid: int);           // ProposeCmd / BecomeLeader
event eLMonDecided: (r: int, slot: int, vid: int);                // Decide, LearnCommit
event eLMonApply: (r: int, slot: int, vid: int, keyVid: int);     // Apply: the key's value after it
event eLMonRestart: int;                                           // Restart
event eLMonCheckpoint: (acc: int, slot: int, vid: int);           // Checkpoint (§4.9)
event eLMonTruncate: (acc: int, slot: int);                       // Truncate (§4.9)
event eLMonRecovered: (slot: int, vid: int, result: int);         // a recovery read decoded result
event eLMonInvoke: (op: int, write: bool);                        // history
event eLMonWriteDone: int;
event eLMonReadDone: (op: int, val: int);

event eWitLWriteDone;     // a write completed
event eWitLReadOfWrite;   // a read returned a written value
event eWitLFastServed;    // a FAST read was served by the leader
event eWitLRecovery;      // a recovery read rebuilt a value
event eWitLTakeover;      // a new leader finished phase 1
event eWitLReady;         // ... and applied what it took over
event eWitLRebuilt;       // a takeover re-proposed a value rebuilt from shares
event eWitLNoOp;          // a takeover filled an instance with a NoOp
event eWitLCheckpoint;    // a checkpoint flushed the store's shares
event eWitLTruncate;      // a log entry was truncated
event eWitLFlagged;       // a takeover learned a truncated instance from a checkpointed share

// The witnesses are observed by the project's one Reached monitor (PSpec/Observations.p).
