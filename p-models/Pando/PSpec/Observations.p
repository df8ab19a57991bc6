/*****************************************************************************************
 * Events the protocol machines announce for the spec monitors. They carry the same ghost
 * history specs/Pando.tla keeps (votes, proposals, commit marks, read and CPUT records),
 * so every monitor can recompute "chosen" from the votes exactly as the TLA+ spec does:
 * vid x is chosen for version i at ballot b when q2 sites voted (i, b, x).
 *****************************************************************************************/

type tMonConfig = (n: int, k: int, q1a: int, q1b: int, q2: int);
event eMonConfig: tMonConfig;
// A site accepted (ver, bal, vid) (TLA+ action Vote).
type tMonVoted = (site: int, ver: int, bal: tBallot, vid: int, value: int);
event eMonVoted: tMonVoted;
// A proposer sent Phase 2 for (ver, bal, vid) (TLA+ actions ProposeFast/ProposeRecover/ReadWriteBack).
// own is the vid of the request the proposer serves (0 for a read write-back): TLA+ IsOwnVid.
type tMonProposed = (ver: int, bal: tBallot, vid: int, value: int, kind: tKind, own: int);
event eMonProposed: tMonProposed;
// A site set its commit mark to vid while holding `held` (TLA+ action Commit).
type tMonCommitMarked = (site: int, ver: int, vid: int, held: int);
event eMonCommitMarked: tMonCommitMarked;
// A read of version ver began / returned vid (0 = EMPTY) (TLA+ ReadStart / Read*Return).
type tMonReadStarted = (rid: int, ver: int);
event eMonReadStarted: tMonReadStarted;
// viaPrepare: a Prepare-based read, whose reader ballot is bal (TLA+ reads[r].via = "prepare").
type tMonReadReturned = (rid: int, ver: int, vid: int, viaPrepare: bool, bal: tBallot);
event eMonReadReturned: tMonReadReturned;
// A CPUT returned: ok, or CONFLICT(other) with other = 0 for "a later version is chosen".
type tMonCputReturned = (op: int, ver: int, vid: int, ok: bool, other: int);
event eMonCputReturned: tMonCputReturned;
// A site's durable slot for ver after a promise, a vote or a restart (TLA+ prom, abal, avid).
type tMonSlot = (site: int, ver: int, ppn: tBallot, apn: tBallot, vid: int);
event eMonSlot: tMonSlot;
// A site sent a promise for bal reporting its accepted state (apn, vid) (TLA+ Promise's message).
type tMonPromised = (site: int, ver: int, bal: tBallot, apn: tBallot, vid: int);
event eMonPromised: tMonPromised;
// A site raised its GC floor: it knows version floor committed and dropped every slot below it
// (TLA+ PandoVersions floor[a]).
type tMonPruned = (site: int, floor: int);
event eMonPruned: tMonPruned;
// A CPUT started (the FE passed the precondition and sent its first message).
type tMonCputStarted = (op: int, ver: int, vid: int);
event eMonCputStarted: tMonCputStarted;
// The leader started a run for version ver (the left side of TLA+ LeaderDecidesProp: a Prepare at a leader ballot).
event eMonLeaderStarted: int;   // the version

// ---- Vote bookkeeping shared by the monitors ----
type tVoteKey = (ver: int, round: int, tag: int, vid: int);
type tVotes = map[tVoteKey, set[int]];

fun VoteKeyOf(ver: int, bal: tBallot, vid: int): tVoteKey {
  return (ver = ver, round = bal.round, tag = bal.tag, vid = vid);
}

// Adds a vote; returns the updated table.
fun AddVote(votes: tVotes, site: int, ver: int, bal: tBallot, vid: int): tVotes {
  var key: tVoteKey;
  key = VoteKeyOf(ver, bal, vid);
  if (!(key in votes)) { votes[key] = default(set[int]); }
  votes[key] += (site);
  return votes;
}

fun VoteCount(votes: tVotes, ver: int, bal: tBallot, vid: int): int {
  var key: tVoteKey;
  key = VoteKeyOf(ver, bal, vid);
  if (!(key in votes)) { return 0; }
  return sizeof(votes[key]);
}

// The vids chosen for ver so far.
fun ChosenVids(votes: tVotes, ver: int, q2: int): set[int] {
  var key: tVoteKey;
  var out: set[int];
  foreach (key in keys(votes)) {
    if (key.ver == ver && sizeof(votes[key]) >= q2) { out += (key.vid); }
  }
  return out;
}

// Some version above ver has a chosen vid.
fun LaterChosen(votes: tVotes, ver: int, q2: int): bool {
  var key: tVoteKey;
  foreach (key in keys(votes)) {
    if (key.ver > ver && sizeof(votes[key]) >= q2) { return true; }
  }
  return false;
}

fun ShowSet(s: set[int]): string {
  var x: int;
  var out: string;
  out = "[";
  foreach (x in s) { out = format("{0} {1}", out, x); }
  return format("{0} ]", out);
}

// The versions that have a chosen vid.
fun ChosenVersions(votes: tVotes, q2: int): set[int] {
  var key: tVoteKey;
  var out: set[int];
  foreach (key in keys(votes)) {
    if (sizeof(votes[key]) >= q2) { out += (key.ver); }
  }
  return out;
}

fun MaxOf(s: set[int]): int {
  var x: int;
  var m: int;
  foreach (x in s) { if (x > m) { m = x; } }
  return m;
}

/*****************************************************************************************
 * Reachability witnesses. Machines announce one of these events when a run reaches a
 * protocol path that a passing test is meant to exercise. The Reached monitor below does
 * nothing with them; the checker's coverage report (BugFinding/<project>.coverage.txt) lists
 * which of them it received over all schedules, and the harness fails a passing test whose
 * `reaches` list in p-models/tests.json names one that never arrived (NOT REACHED).
 *****************************************************************************************/
event eWitChosenFast;        // a Phase-2 quorum accepted a vid proposed on the 1a fast path
event eWitRecovery;          // a proposer adopted a vid that is not its own request's (recovery)
event eWitFailover;          // a delegated attempt timed out and the FE started its direct ballot
event eWitDelegateFailed;    // the delegate reported that its attempt could not proceed
event eWitLeaderDecided;     // the leader learned an outcome and answered its FEs
event eWitCputOk;            // a CPUT returned OK
event eWitCputConflict;      // a CPUT returned CONFLICT(y) for another chosen vid
event eWitCputStale;         // a CPUT returned CONFLICT(none): a later version is chosen
event eWitReadFast;          // a GET returned on the fast path (commit mark, K splits)
event eWitReadWriteBack;     // a GET returned after its write-back reached a Phase-2 quorum
event eWitReadEmpty;         // a GET returned EMPTY
event eWitReadGaveUp;        // a GET gave up (pruned version, or too many restarts): client RETRY
event eWitStaleReply;        // a site answered STALE (the version is below its GC floor)
event eWitPruned;            // a site raised its GC floor
event eWitNotLeader;         // an FE was told NOT_LEADER and turned to the other leader
event eWitReadPrepare;       // a Prepare-based GET returned
event eWitReadPrevious;      // a newest-version GET returned version J-1 (J was not chosen when it began)
event eWitRuleMatters;       // a recovery judged splits of two vids at two ballots (issue 46: the rule matters)
event eWitRuleMatters2;      // ... and two recoverable vids whose highest ballots differ (highest != lowest)
// eWitDrop, eWitDup, eWitTargetDrop, eWitTargetDup, eWitCrash, eWitRestart, eWitLeaderFailover, eWitLeaderDuel and
// eWitProxyCrash mark faults of the network's plan and are declared in p-models/Common/PSrc/Network.p.

spec Reached observes eWitChosenFast, eWitRecovery, eWitFailover, eWitDelegateFailed, eWitLeaderDecided, eWitCputOk, eWitCputConflict, eWitCputStale, eWitReadFast, eWitReadWriteBack, eWitReadEmpty, eWitReadGaveUp, eWitStaleReply, eWitPruned, eWitCrash, eWitRestart, eWitDrop, eWitDup, eWitNotLeader, eWitReadPrepare, eWitReadPrevious, eWitRuleMatters, eWitRuleMatters2, eWitTargetDrop, eWitTargetDup, eWitTargetCrash, eWitLeaderFailover, eWitLeaderDuel, eWitProxyCrash {
  start state Watching {
    on eWitChosenFast do { }
    on eWitRecovery do { }
    on eWitFailover do { }
    on eWitDelegateFailed do { }
    on eWitLeaderDecided do { }
    on eWitCputOk do { }
    on eWitCputConflict do { }
    on eWitCputStale do { }
    on eWitReadFast do { }
    on eWitReadWriteBack do { }
    on eWitReadEmpty do { }
    on eWitReadGaveUp do { }
    on eWitStaleReply do { }
    on eWitPruned do { }
    on eWitCrash do { }
    on eWitRestart do { }
    on eWitDrop do { }
    on eWitDup do { }
    on eWitNotLeader do { }
    on eWitRuleMatters do { }
    on eWitRuleMatters2 do { }
    on eWitTargetDrop do { }
    on eWitTargetDup do { }
    on eWitTargetCrash do { }
    on eWitReadPrepare do { }
    on eWitReadPrevious do { }
    on eWitLeaderFailover do { }
    on eWitLeaderDuel do { }
    on eWitProxyCrash do { }
  }
}
