/*****************************************************************************************
 * Pando in P: shared types, protocol messages and the proposer core.
 *
 * One key. Slots are versions 1, 2, ... of that key; every message names its version.
 * An erasure-coded split is abstracted the way specs/Pando.tla abstracts it: a site's split
 * is represented by the (vid, value) pair it accepted, and "decodable" means that at least
 * K replies carry the same vid. Section numbers refer to ../shared/docs/protocols/Pando.md
 * (the brief) and to the paper's Appendix A.
 *****************************************************************************************/

// Ballot <round, tag>, ordered by round and then tag (brief 4.1). NoBallot is the brief's ⊥.
type tBallot = (round: int, tag: int);

// A vid is a positive int; 0 stands for "none" (⊥) everywhere.
// Proposal kinds: a client write, or a reader's write-back (brief section 3, field kind).
enum tKind { KIND_W, KIND_R }

// Mutants: each is a one-rule change behind this flag, named like the TLA+ mutant overrides
// in configs/Pando/MCPando.tla. M1 and M2 are parameter mutants (X1, X3) and need no flag.
enum tMutant {
  M_NONE,
  M3_LOWEST_RECOVERY,          // recovery adopts the lowest-ballot recoverable vid
  M4_UNCOMMITTED_LOOKS_EMPTY,  // Phase 1 counts an accepted but uncommitted slot as empty
  M5_RECOVER_ON_1A,            // skip the 1b wait: recover from the 1a replies alone
  M6_READ_NO_WRITEBACK,        // a read returns a recoverable vid without writing it back
  M8_FAST_READ_OLD_COMMITTED,  // a newest-version GET's fast path returns the newest COMMITTED version, not J
  M7_CMT_ON_VOTE,              // a site marks cmt when it accepts
  M7B_COMMIT_GUARD_OFF,        // a site applies COMMIT without the guard apn >= b (it may hold another vid)
  M9_REUSE_DELEGATED_BALLOT,   // after a delegate timeout the FE runs Phase 2 at the delegated ballot
  M10_OK_WITHOUT_VID,          // the FE treats any Phase-2 quorum of its ballot as its own success
  M11_FRESH_VID_ON_RECOVERY,   // a recovered value is re-proposed under the proposer's own vid
  M12_GC_FORGETS_SLOT,         // a pruned slot is answered as if empty (no floor / STALE)
  M12B_PRUNE_ON_ACCEPT,        // a site prunes older versions when it accepts a newer one, not on COMMIT
  M13_RESTART_LOSES_PROMISE,   // a restarted site forgets its promise (ppn falls back to apn)
  M14_ROUND_ONLY_COMPARE,      // ballots compared by round only
  M15_LEADER_ROUND_ZERO,       // the leader uses round 0 like the FEs: no precedence (a liveness mutant)
  M16_NO_GAP_RULE_OFF,         // an FE writes version i without knowing version i-1 is chosen
  MR3_READ_INVENTS_VID         // a read with nothing recoverable writes back a vid of its own
}

// Parameter set (brief 5.1): N sites, K splits to decode, threshold quorum sizes.
type tParams = (n: int, k: int, q1a: int, q1b: int, q2: int);

// Workload shapes driven by the test harness.
enum tScenario {
  SC_CONFLICT,   // two writers race for version 1 (one delegated), a third FE reads twice
  SC_PREPARE_READS, // as SC_CONFLICT, but FE 3's two reads are Prepare-based (brief 4.7: no FETCH)
  SC_LATEST,     // as SC_VERSIONS, but FE 3 reads the newest version twice (GET without a version)
  SC_VERSIONS,   // two writers each write version 1 then version 2; sites prune on commit; a
                 // third FE tries version 2 first (skipped unless it knows version 1 is chosen)
                 // and then reads versions 2 and 1
  SC_RACE,       // conflict-forcing (issue 46): the clients of SC_CONFLICT, and targeted faults: Phase-2
                 // PROPOSEs lost on purpose (partial accepts), PROMISE and ACCEPTED replies duplicated
  SC_CRASHPOINTS // the clients of SC_CONFLICT, and crash points (issue 46): a site crashes right after it
                 // handles a PREPARE or a PROPOSE (its promise or vote must already be durable)
}

// Everything a test case fixes. Fault budgets bound how many faults one schedule may inject.
type tConfig = (
  params: tParams,
  mutant: tMutant,
  scenario: tScenario,
  drops: int,           // messages the network may lose
  dups: int,            // messages the network may deliver twice
  crashes: int,         // site crashes
  restart: bool,        // crashed sites come back (with durable state) or stay down
  leaderTimeouts: bool, // the leader retries on a timeout (needed only when messages can be lost)
  timerOdds: int,       // while messages are in flight, a delivery is a timeout with probability 1/timerOdds
  randomOrder: bool,    // FE, delegate and reader ballots get a random rank, so their relative order
                        // differs between schedules; false pins FE 2 above FE 1 (M9 needs that order)
  leaderFaults: bool,   // a standby leader takes over once: the old one crashes, or both run (duel)
  proxyCrashes: bool    // one front-end or the delegate crashes once (the delegate restarts)
);

// ---- Protocol messages (brief section 3). from = a site's index 0..N-1. ----
type tPrepare = (ver: int, bal: tBallot, replyTo: machine, kind: tKind);
event ePrepare: tPrepare;
type tPromiseMsg = (from: int, ver: int, bal: tBallot, apn: tBallot, vid: int, value: int, cmt: int);
event ePromise: tPromiseMsg;
type tNack = (from: int, ver: int, bal: tBallot, ppn: tBallot, cmt: int, phase: int);
event eNack: tNack;
type tStale = (from: int, ver: int, bal: tBallot, floor: int);
event eStale: tStale;
type tPropose = (ver: int, bal: tBallot, vid: int, value: int, replyTo: machine, kind: tKind);
event ePropose: tPropose;
type tAccepted = (from: int, ver: int, bal: tBallot, vid: int, kind: tKind);
event eAccepted: tAccepted;
type tCommit = (ver: int, bal: tBallot, vid: int);
event eCommit: tCommit;
type tFetch = (ver: int, rid: int, replyTo: machine);
event eFetch: tFetch;
type tFetched = (from: int, ver: int, rid: int, floor: int, apn: tBallot, vid: int, value: int, cmt: int);
event eFetched: tFetched;
// FETCH of every version a site holds (a GET of the newest version, brief 4.7).
type tFetchAll = (rid: int, replyTo: machine);
event eFetchAll: tFetchAll;
type tEntry = (apn: tBallot, vid: int, value: int, cmt: int);
type tFetchedAll = (from: int, rid: int, floor: int, entries: map[int, tEntry]);
event eFetchedAll: tFetchedAll;
type tDelegate = (ver: int, bal: tBallot, vid: int, value: int, fe: machine);
event eDelegate: tDelegate;
type tDelegateAdopted = (ver: int, bal: tBallot, vid: int);
event eDelegateAdopted: tDelegateAdopted;
// Why a delegated attempt failed: a 1b quorum is impossible (NACKED), a later version exists
// (STALE), or a commit mark named the chosen vid, given in cmtSeen (KNOWN).
enum tDelegateFailure { DF_NACKED, DF_STALE, DF_KNOWN }
type tDelegateFailed = (ver: int, bal: tBallot, reason: tDelegateFailure, cmtSeen: int);
event eDelegateFailed: tDelegateFailed;
type tLeaderWrite = (ver: int, vid: int, value: int, fe: machine);
event eLeaderWrite: tLeaderWrite;
type tLeaderResult = (ver: int, vid: int);
event eLeaderResult: tLeaderResult;
// NOT_LEADER (brief 4.5): a standby or replaced leader refuses a hand-over; the FE tries the other one.
type tNotLeader = (ver: int);
event eNotLeader: tNotLeader;

// Crashes, restarts, timers and the network are in p-models/Common/PSrc/Network.p.

// ---- Ballots ----
fun NoBallot(): tBallot { return (round = -1, tag = -1); }
fun IsNone(b: tBallot): bool { return b.round < 0; }

// a < b. NoBallot is below every ballot. M14 drops the tag tie-break.
fun BalLT(a: tBallot, b: tBallot, m: tMutant): bool {
  if (a.round != b.round) { return a.round < b.round; }
  if (m == M14_ROUND_ONLY_COMPARE && a.round >= 0) { return false; }
  return a.tag < b.tag;
}
fun BalLE(a: tBallot, b: tBallot, m: tMutant): bool { return !BalLT(b, a, m); }

// ---- Proposer core (brief 4.3), shared by the FE's direct attempt, the delegate,
//      the leader and a reader's write-back. ----
type tPromise = (apn: tBallot, vid: int, value: int, cmt: int);
type tPhase1 = (proms: map[int, tPromise], nacks: set[int], stale: bool);

enum tOutcome {
  O_WAIT,           // keep collecting
  O_USE_OWN,        // writer: a 1a quorum is empty, or a 1b quorum holds nothing recoverable
  O_NOTHING,        // reader: nothing accepted / nothing recoverable
  O_ADOPT,          // a recoverable vid must be proposed again (vid, value)
  O_KNOWN_CHOSEN,   // a commit mark names the chosen vid (writers only)
  O_DECIDED_LATER,  // a STALE reply: the slot was pruned, a later version is committed
  O_BLOCKED         // NACKs make both the 1a fast path and a 1b quorum impossible
}
type tEval = (outcome: tOutcome, vid: int, value: int);

fun CountVid(proms: map[int, tPromise], vid: int): int {
  var s: int; var c: int;
  foreach (s in keys(proms)) { if (proms[s].vid == vid) { c = c + 1; } }
  return c;
}

// Phase1Eval mirrors the TLA+ actions ProposeFast (1a quorum of empty promises) and
// ProposeRecover (1b quorum, recovery rule) of specs/Pando.tla, with the rule hooks
// LooksEmpty (M4), RecoveryQuorums (M5) and RecoveryKey (M3).
fun Phase1Eval(st: tPhase1, isWrite: bool, p: tParams, m: tMutant): tEval {
  var s: int; var empties: int; var remaining: int; var pr: tPromise;
  var found: bool; var best: tPromise;
  if (st.stale) { return (outcome = O_DECIDED_LATER, vid = 0, value = 0); }
  if (isWrite) {
    foreach (s in keys(st.proms)) {
      if (st.proms[s].cmt != 0) { return (outcome = O_KNOWN_CHOSEN, vid = st.proms[s].cmt, value = 0); }
    }
  }
  foreach (s in keys(st.proms)) {
    pr = st.proms[s];
    if (IsNone(pr.apn) || (m == M4_UNCOMMITTED_LOOKS_EMPTY && pr.cmt == 0)) { empties = empties + 1; }
  }
  if (empties >= p.q1a) {
    if (isWrite) { return (outcome = O_USE_OWN, vid = 0, value = 0); }
    return (outcome = O_NOTHING, vid = 0, value = 0);
  }
  if (sizeof(st.proms) < p.q1b && !(m == M5_RECOVER_ON_1A && sizeof(st.proms) >= p.q1a)) {
    remaining = p.n - sizeof(st.proms) - sizeof(st.nacks);
    if (empties + remaining < p.q1a && sizeof(st.proms) + remaining < p.q1b) {
      return (outcome = O_BLOCKED, vid = 0, value = 0);
    }
    return (outcome = O_WAIT, vid = 0, value = 0);
  }
  // Recovery: the recoverable vid (>= K splits among all replies) with the highest accepted
  // ballot; a non-recoverable higher-ballot vid is skipped (brief 4.3, paper Lemma 1).
  foreach (s in keys(st.proms)) {
    pr = st.proms[s];
    if (!IsNone(pr.apn) && CountVid(st.proms, pr.vid) >= p.k) {
      if (!found) { found = true; best = pr; }
      else if (m == M3_LOWEST_RECOVERY) { if (BalLT(pr.apn, best.apn, m)) { best = pr; } }
      else if (BalLT(best.apn, pr.apn, m)) { best = pr; }
    }
  }
  if (found) { return (outcome = O_ADOPT, vid = best.vid, value = best.value); }
  if (isWrite) { return (outcome = O_USE_OWN, vid = 0, value = 0); }
  return (outcome = O_NOTHING, vid = 0, value = 0);
}

// "Rule matters" (issue 46): how far the replies a recovery judged make the rule's alternatives differ.
// 0: not a recovery, or no two different vids at two ballots; 1: splits of two vids at two ballots (the
// recoverable vid of the highest ballot differs from any reported vid); 2: also two recoverable vids whose
// highest ballots differ (it differs from the lowest ballot's too). The callers announce eWitRuleMatters(2).
fun RuleMatters(st: tPhase1, o: tEval, p: tParams): int {
  var s: int; var t: int; var a: tPromise; var b: tPromise;
  var twoVids: bool; var twoRec: bool;
  if (!(o.outcome == O_ADOPT || ((o.outcome == O_USE_OWN || o.outcome == O_NOTHING) && sizeof(st.proms) >= p.q1b))) { return 0; }
  foreach (s in keys(st.proms)) {
    foreach (t in keys(st.proms)) {
      a = st.proms[s]; b = st.proms[t];
      if (!IsNone(a.apn) && !IsNone(b.apn) && a.vid != b.vid && a.apn != b.apn) {
        twoVids = true;
        if (CountVid(st.proms, a.vid) >= p.k && CountVid(st.proms, b.vid) >= p.k
            && TopApn(st.proms, a.vid) != TopApn(st.proms, b.vid)) { twoRec = true; }
      }
    }
  }
  if (twoRec) { return 2; }
  if (twoVids) { return 1; }
  return 0;
}
// The highest ballot at which a reply reports vid.
fun TopApn(proms: map[int, tPromise], vid: int): tBallot {
  var s: int; var found: bool; var top: tBallot;
  foreach (s in keys(proms)) {
    if (proms[s].vid == vid && !IsNone(proms[s].apn) && (!found || BalLT(top, proms[s].apn, M_NONE))) { top = proms[s].apn; found = true; }
  }
  return top;
}

// Phase 2 bookkeeping for one ballot: site -> accepted vid, and the sites that refused.
// Returns the vid that reached q2 ACCEPTED replies at this ballot, or 0.
fun QuorumVid(acc: map[int, int], q2: int): int {
  var s: int;
  foreach (s in keys(acc)) {
    if (CountAcc(acc, acc[s]) >= q2) { return acc[s]; }
  }
  return 0;
}
fun CountAcc(acc: map[int, int], vid: int): int {
  var s: int; var c: int;
  foreach (s in keys(acc)) { if (acc[s] == vid) { c = c + 1; } }
  return c;
}
