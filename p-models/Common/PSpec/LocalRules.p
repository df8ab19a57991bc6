/*****************************************************************************************
 * Node-local rules (catalogue letter N): the same rules N1..N5 for every protocol that has
 * ballots, and N6 where the value choice is Paxos's highest-ballot rule (PQR), the twins of
 * src/PandoCoyote/Shared/Testing/LocalRules.cs. The global monitors fail
 * only once a wrong step has led somewhere visible; these fail at the wrong step itself. Each
 * protocol maps its own state onto the events below (a PQR log entry, an RS-Paxos share's vid)
 * and announces eLocalConfig with its catalogue prefix first. Every assertion message starts
 * with "<Monitor> [<PREFIX>-N<k>]".
 *****************************************************************************************/

// A ballot as ⟨hi, lo⟩ ordered lexicographically (PQR and RS-Paxos: ⟨b, 0⟩). NoBal is below all.
type tLBal = (hi: int, lo: int);
fun NoBal(): tLBal { return (hi = -1, lo = -1); }
fun LBalLt(a: tLBal, b: tLBal): bool { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }

// The protocol's catalogue prefix (PQR, RSP, ...), announced once by the harness.
event eLocalConfig: string;
// An acceptor's promise after a step (a Phase-1 answer, an election, a restart reloading it).
event eLocalPromise: (node: string, promised: tLBal, action: string);
// An acceptor voted for value in (slot, bal); promised is its promise after the vote.
event eLocalVote: (node: string, slot: string, bal: tLBal, value: string, promised: tLBal, action: string);
// A proposer sent value for (slot, bal) to the acceptors.
event eLocalPropose: (proposer: string, slot: string, bal: tLBal, value: string, action: string);
// A node acted on a quorum: the replies it counted (sender and the ballot each answers), and
// how many distinct senders the phase needs.
type tLCounted = (from: string, bal: tLBal);
event eLocalQuorum: (node: string, phase: string, bal: tLBal, replies: seq[tLCounted], needed: int, action: string);
// A proposer started a ballot in a consensus group ("" where there is one group).
event eLocalBallotStart: (proposer: string, group: string, bal: tLBal, action: string);
// A proposer that won Phase 1 picked value for slot, having heard reports for that slot from its
// Phase-1 quorum (every reply as received: sender, the ballot it voted in, the value, and whether
// the sender knows it chosen).
type tLReported = (from: string, bal: tLBal, value: string, chosen: bool);
event eLocalSelect: (proposer: string, slot: string, bal: tLBal, reports: seq[tLReported], value: string, action: string);
// Erasure-coded form (RS-Paxos, Pando): the coded pieces a proposer's Phase-1 quorum reported for a
// slot (sender, the ballot it voted in, the value id, the share index), the true decode threshold,
// the value id proposed, and whether it is the proposer's own value (not a rebuilt one).
type tLPiece = (from: string, bal: tLBal, vid: string, idx: int);
event eLocalRebuildSelect: (proposer: string, slot: string, bal: tLBal, pieces: seq[tLPiece], threshold: int, vid: string, own: bool, action: string);

/* N1 VoteRespectsPromise: an acceptor votes at a ballot at least the promise it held before the
   vote, and afterwards its promise covers the ballot. */
spec VoteRespectsPromise observes eLocalConfig, eLocalPromise, eLocalVote {
  var prefix: string;
  var promise: map[string, tLBal];
  start state Watching {
    on eLocalConfig do (p: string) { prefix = p; }
    on eLocalPromise do (p: (node: string, promised: tLBal, action: string)) { promise[p.node] = p.promised; }
    on eLocalVote do (v: (node: string, slot: string, bal: tLBal, value: string, promised: tLBal, action: string)) {
      var before: tLBal;
      before = NoBal();
      if (v.node in promise) { before = promise[v.node]; }
      assert !LBalLt(v.bal, before),
        format("VoteRespectsPromise [{0}-N1]: {1} voted for {2} in slot {3} at ballot {4}, below its promise {5} ({6})", prefix, v.node, v.value, v.slot, v.bal, before, v.action);
      assert !LBalLt(v.promised, v.bal),
        format("VoteRespectsPromise [{0}-N1]: {1} voted at ballot {2} in slot {3} but its promise is {4} afterwards ({5})", prefix, v.node, v.bal, v.slot, v.promised, v.action);
      promise[v.node] = v.promised;
    }
  }
}

/* N2 PromiseMonotone: an acceptor's promise never decreases, across crash-restarts too (the
   promise is durable). */
spec PromiseMonotone observes eLocalConfig, eLocalPromise, eLocalVote {
  var prefix: string;
  var promise: map[string, tLBal];
  fun See(node: string, now: tLBal, action: string) {
    if (node in promise) {
      assert !LBalLt(now, promise[node]),
        format("PromiseMonotone [{0}-N2]: {1}'s promise went down from {2} to {3} ({4})", prefix, node, promise[node], now, action);
    }
    promise[node] = now;
  }
  start state Watching {
    on eLocalConfig do (p: string) { prefix = p; }
    on eLocalPromise do (p: (node: string, promised: tLBal, action: string)) { See(p.node, p.promised, p.action); }
    on eLocalVote do (v: (node: string, slot: string, bal: tLBal, value: string, promised: tLBal, action: string)) { See(v.node, v.promised, v.action); }
  }
}

/* N3 BallotBindsValue: in each slot, every proposal and every vote of one ballot carry one value. */
spec BallotBindsValue observes eLocalConfig, eLocalPropose, eLocalVote {
  var prefix: string;
  var first: map[(slot: string, bal: tLBal), string];
  fun See(slot: string, bal: tLBal, value: string, who: string) {
    if ((slot = slot, bal = bal) in first) {
      assert first[(slot = slot, bal = bal)] == value,
        format("BallotBindsValue [{0}-N3]: slot {1}, ballot {2}: {3} {4}, but {5} was proposed or voted before", prefix, slot, bal, who, value, first[(slot = slot, bal = bal)]);
    } else {
      first[(slot = slot, bal = bal)] = value;
    }
  }
  start state Watching {
    on eLocalConfig do (p: string) { prefix = p; }
    on eLocalPropose do (p: (proposer: string, slot: string, bal: tLBal, value: string, action: string)) {
      See(p.slot, p.bal, p.value, format("{0} proposed ({1})", p.proposer, p.action));
    }
    on eLocalVote do (v: (node: string, slot: string, bal: tLBal, value: string, promised: tLBal, action: string)) {
      See(v.slot, v.bal, v.value, format("{0} voted ({1})", v.node, v.action));
    }
  }
}

/* N4 QuorumDistinct: a node acts on a quorum only with enough distinct senders, each reply
   answering the ballot the node is running (a duplicate or a late reply is never counted). */
spec QuorumDistinct observes eLocalConfig, eLocalQuorum {
  var prefix: string;
  start state Watching {
    on eLocalConfig do (p: string) { prefix = p; }
    on eLocalQuorum do (q: (node: string, phase: string, bal: tLBal, replies: seq[tLCounted], needed: int, action: string)) {
      var r: tLCounted;
      var senders: set[string];
      foreach (r in q.replies) {
        assert r.bal == q.bal,
          format("QuorumDistinct [{0}-N4]: {1} counted {2}'s reply to {3} in its {4} quorum of {5} ({6})", prefix, q.node, r.from, r.bal, q.phase, q.bal, q.action);
        senders += (r.from);
      }
      assert sizeof(senders) >= q.needed,
        format("QuorumDistinct [{0}-N4]: {1} acted on a {2} quorum of {3} with {4} distinct senders of {5} needed ({6}; counted {7})", prefix, q.node, q.phase, q.bal, sizeof(senders), q.needed, q.action, q.replies);
    }
  }
}

/* N5 BallotFresh: in each consensus group every ballot is started once, also across restarts. */
spec BallotFresh observes eLocalConfig, eLocalBallotStart {
  var prefix: string;
  var started: map[(group: string, bal: tLBal), string];
  start state Watching {
    on eLocalConfig do (p: string) { prefix = p; }
    on eLocalBallotStart do (b: (proposer: string, group: string, bal: tLBal, action: string)) {
      if ((group = b.group, bal = b.bal) in started) {
        assert false,
          format("BallotFresh [{0}-N5]: {1} started ballot {2} {3} ({4}), which {5} started before", prefix, b.proposer, b.bal, b.group, b.action, started[(group = b.group, bal = b.bal)]);
      }
      started[(group = b.group, bal = b.bal)] = format("{0} ({1})", b.proposer, b.action);
    }
  }
}

/* N6 SelectsHighest (Paxos Phase 2a's value rule): a proposer that won Phase 1 proposes, in each
   slot, a value its Phase-1 quorum reported as chosen if there is one, else a value reported at
   the highest ballot reported for that slot; it chooses freely only where nothing was reported. */
spec SelectsHighest observes eLocalConfig, eLocalSelect {
  var prefix: string;
  start state Watching {
    on eLocalConfig do (p: string) { prefix = p; }
    on eLocalSelect do (s: (proposer: string, slot: string, bal: tLBal, reports: seq[tLReported], value: string, action: string)) {
      var r: tLReported;
      var chosen: set[string];
      var top: tLBal;
      var allowed: set[string];
      if (sizeof(s.reports) == 0) { return; }
      top = NoBal();
      foreach (r in s.reports) {
        if (r.chosen) { chosen += (r.value); }
        if (LBalLt(top, r.bal)) { top = r.bal; }
      }
      if (sizeof(chosen) > 0) {
        assert s.value in chosen,
          format("SelectsHighest [{0}-N6]: {1} proposed {2} for slot {3} at ballot {4}, but its Phase-1 quorum reported {5} as chosen ({6}; reports {7})", prefix, s.proposer, s.value, s.slot, s.bal, chosen, s.action, s.reports);
        return;
      }
      foreach (r in s.reports) { if (r.bal == top) { allowed += (r.value); } }
      assert s.value in allowed,
        format("SelectsHighest [{0}-N6]: {1} proposed {2} for slot {3} at ballot {4}, but the highest ballot its Phase-1 quorum reported is {5} with {6} ({7}; reports {8})", prefix, s.proposer, s.value, s.slot, s.bal, top, allowed, s.action, s.reports);
    }
  }
}

/* N6 SelectsRebuildable (the erasure-coded form of N6; RS-Paxos paper §3.2 phase 1(c), Pando's
   recovery rule): group the reported pieces of a slot by value id across ballots; a value id with
   `threshold` distinct share indices is rebuildable. If one is, propose a rebuildable value id whose
   highest reported ballot is the highest among them; otherwise propose a value of one's own. */
spec SelectsRebuildable observes eLocalConfig, eLocalRebuildSelect {
  var prefix: string;
  start state Watching {
    on eLocalConfig do (p: string) { prefix = p; }
    on eLocalRebuildSelect do (s: (proposer: string, slot: string, bal: tLBal, pieces: seq[tLPiece], threshold: int, vid: string, own: bool, action: string)) {
      var pc: tLPiece;
      var idxs: map[string, set[int]];
      var top: map[string, tLBal];
      var v: string;
      var best: tLBal;
      var found: bool;
      var allowed: set[string];
      foreach (pc in s.pieces) {
        if (!(pc.vid in idxs)) { idxs[pc.vid] = default(set[int]); top[pc.vid] = pc.bal; }
        idxs[pc.vid] += (pc.idx);
        if (LBalLt(top[pc.vid], pc.bal)) { top[pc.vid] = pc.bal; }
      }
      best = NoBal();
      foreach (v in keys(idxs)) {
        if (sizeof(idxs[v]) >= s.threshold) {
          found = true;
          if (LBalLt(best, top[v])) { best = top[v]; }
        }
      }
      if (!found) {
        assert s.own,
          format("SelectsRebuildable [{0}-N6]: {1} proposed {2} for slot {3} at ballot {4}, not a value of its own, though no reported value id has {5} distinct shares ({6}; pieces {7})", prefix, s.proposer, s.vid, s.slot, s.bal, s.threshold, s.action, s.pieces);
        return;
      }
      foreach (v in keys(idxs)) { if (sizeof(idxs[v]) >= s.threshold && top[v] == best) { allowed += (v); } }
      assert s.vid in allowed,
        format("SelectsRebuildable [{0}-N6]: {1} proposed {2} for slot {3} at ballot {4}, but the rebuildable value id of the highest ballot {5} is {6} ({7}; pieces {8})", prefix, s.proposer, s.vid, s.slot, s.bal, best, allowed, s.action, s.pieces);
    }
  }
}
