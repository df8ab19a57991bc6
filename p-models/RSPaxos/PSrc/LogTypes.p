/*****************************************************************************************
 * RS-Paxos as a replicated log with a leader (brief RSPaxos §4.4-4.7, §4.9), the P twin of
 * specs/RSPaxosLog.tla and of src/PandoCoyote/RSPaxos. One key. Server 0 leads ballot 1 from the
 * start (prepared, ready, with the lease); server n-1 owns ballot 2 and takes over when the
 * environment's election says so (Network leader fault: failover or duel). Shares are abstract but
 * carry their index (server a keeps index a).
 *
 * Value ids: a write's vid is its operation id (100 * client + j), which is also the value it
 * writes, so a retried write keeps its vid and written values are unique; a READMARK of read op o
 * has vid -o; NOOP is -1; 0 is "none" and also the key's initial value; GARBAGE (-2) is what a
 * decode of shares of two values yields (M12).
 *****************************************************************************************/

type tLogConfig = (n: int, x: int, qr: int, qw: int, mutant: tRspMutant, drops: int, dups: int, crashes: int,
                   restart: bool, timerOdds: int, horizon: int, leaderFault: bool, gc: bool, workload: int);

// One entry of a server's log, or a checkpointed share (decided: reported flagged decided, §4.9).
type tLEntry = (slot: int, bal: int, vid: int, idx: int, decided: bool);

event eLogSetup: seq[machine];
event eLPrepare: (from: machine, bal: int);
event eLPromise: (acc: int, bal: int, entries: seq[tLEntry]);
event eLAccept: (from: machine, bal: int, slot: int, vid: int, idx: int);
event eLAccepted: (acc: int, bal: int, slot: int, vid: int);
event eLNack: (bal: int, promised: int);
event eLCommit: (slot: int, vid: int);
event eLShareReq: (from: machine, id: int, slot: int, vid: int);
event eLShareRep: (id: int, slot: int, vid: int, idx: int);
event eLWrite: (client: machine, op: int);
event eLRead: (client: machine, op: int, fast: bool);
event eLReply: (op: int, val: int);
event eLRedirect: (op: int, hint: int);
// The election (environment, §4.6): the new leader asks the old one to let its lease run out and
// waits for the answer before it sends Prepare. (M11, not waiting, is not a test here: random
// schedules did not reach a stale FAST read in 3,000 schedules on two seeds; TLC finds it.)
event eLLeaseExpire: machine;
event eLLeaseGone;

fun NOOP(): int { return -1; }
fun LGARBAGE(): int { return -2; }
fun IsPut(vid: int): bool { return vid > 0; }
