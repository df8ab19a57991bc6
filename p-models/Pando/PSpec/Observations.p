/*****************************************************************************************
 * Events the protocol machines announce for the spec monitors. They carry the same ghost
 * history specs/Pando.tla keeps (votes, proposals, commit marks, read and CPUT records),
 * so every monitor can recompute "chosen" from the votes exactly as the TLA+ spec does:
 * vid x is chosen for version i at ballot b when q2 sites voted (i, b, x).
 *****************************************************************************************/

type tMonConfig = (n: int, k: int, q2: int);
event eMonConfig: tMonConfig;
// A site accepted (ver, bal, vid) (TLA+ action Vote).
type tMonVoted = (site: int, ver: int, bal: tBallot, vid: int, value: int);
event eMonVoted: tMonVoted;
// A proposer sent Phase 2 for (ver, bal, vid) (TLA+ actions ProposeFast/ProposeRecover/ReadWriteBack).
type tMonProposed = (ver: int, bal: tBallot, vid: int, value: int, kind: tKind);
event eMonProposed: tMonProposed;
// A site set its commit mark to vid while holding `held` (TLA+ action Commit).
type tMonCommitMarked = (site: int, ver: int, vid: int, held: int);
event eMonCommitMarked: tMonCommitMarked;
// A read of version ver began / returned vid (0 = EMPTY) (TLA+ ReadStart / Read*Return).
type tMonReadStarted = (rid: int, ver: int);
event eMonReadStarted: tMonReadStarted;
type tMonReadReturned = (rid: int, ver: int, vid: int);
event eMonReadReturned: tMonReadReturned;
// A CPUT returned: ok, or CONFLICT(other) with other = 0 for "a later version is chosen".
type tMonCputReturned = (op: int, ver: int, vid: int, ok: bool, other: int);
event eMonCputReturned: tMonCputReturned;
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
