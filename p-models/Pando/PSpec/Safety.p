/*****************************************************************************************
 * Safety monitors. Each is named after one entry of the invariant catalogue
 * (docs/invariants.json); every assertion message starts with "<Monitor> [<ID>]" so that the
 * harness can tell exactly which property a run violated.
 *****************************************************************************************/

/* PANDO-S1 / PANDO-S1m Agreement (paper: Consistency; TLA+ AgreementInv, VersionAgreementInv).
   For every version, at most one vid is ever chosen. Chosen = q2 sites voted for the same vid
   in the same ballot. */
spec Agreement observes eMonConfig, eMonVoted {
  var q2: int;
  var votes: tVotes;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) {
      var chosen: set[int];
      votes = AddVote(votes, v.site, v.ver, v.bal, v.vid);
      if (VoteCount(votes, v.ver, v.bal, v.vid) < q2) { return; }
      chosen = ChosenVids(votes, v.ver, q2);
      assert sizeof(chosen) <= 1,
        format("Agreement [PANDO-S1]: version {0} has two chosen vids {1} (latest: vid {2} at ballot ({3},{4}))",
               v.ver, ShowSet(chosen), v.vid, v.bal.round, v.bal.tag);
    }
  }
}

/* PANDO-S1v Agreement on values (TLA+ ValueAgreementInv): all chosen proposals of a version
   carry the same value. Weaker than S1 when one value travels under two vids (a harmless
   re-tag); M11's real hazard is two different values chosen, which only this monitor names. */
spec ValueAgreement observes eMonConfig, eMonVoted {
  var q2: int;
  var votes: tVotes;
  var chosenValue: map[int, int];   // version -> value of a chosen proposal

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) {
      votes = AddVote(votes, v.site, v.ver, v.bal, v.vid);
      if (VoteCount(votes, v.ver, v.bal, v.vid) < q2) { return; }
      if (v.ver in chosenValue) {
        assert chosenValue[v.ver] == v.value,
          format("ValueAgreement [PANDO-S1v]: version {0} chose value {1} and value {2} (vid {3} at ballot ({4},{5}))",
                 v.ver, chosenValue[v.ver], v.value, v.vid, v.bal.round, v.bal.tag);
      } else {
        chosenValue[v.ver] = v.value;
      }
    }
  }
}

/* PANDO-S2 Strong stability (paper Lemma 1; TLA+ StrongStabilityInv). Once vid x is chosen
   at ballot b, every proposal at a higher ballot, writes and read write-backs alike, carries x. */
spec StrongStability observes eMonConfig, eMonVoted, eMonProposed {
  var q2: int;
  var votes: tVotes;
  var chosenAt: map[int, map[tBallot, int]];    // version -> ballot -> chosen vid
  var proposals: map[int, map[tBallot, int]];   // version -> ballot -> proposed vid

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) {
      var c: tBallot;
      votes = AddVote(votes, v.site, v.ver, v.bal, v.vid);
      if (VoteCount(votes, v.ver, v.bal, v.vid) < q2) { return; }
      if (!(v.ver in chosenAt)) { chosenAt[v.ver] = default(map[tBallot, int]); }
      chosenAt[v.ver][v.bal] = v.vid;
      if (!(v.ver in proposals)) { return; }
      foreach (c in keys(proposals[v.ver])) {
        if (BalLT(v.bal, c, M_NONE)) {
          assert proposals[v.ver][c] == v.vid,
            format("StrongStability [PANDO-S2]: version {0}: vid {1} chosen at ({2},{3}) but ballot ({4},{5}) proposed vid {6}",
                   v.ver, v.vid, v.bal.round, v.bal.tag, c.round, c.tag, proposals[v.ver][c]);
        }
      }
    }
    on eMonProposed do (p: tMonProposed) {
      var b: tBallot;
      if (!(p.ver in proposals)) { proposals[p.ver] = default(map[tBallot, int]); }
      proposals[p.ver][p.bal] = p.vid;
      if (!(p.ver in chosenAt)) { return; }
      foreach (b in keys(chosenAt[p.ver])) {
        if (BalLT(b, p.bal, M_NONE)) {
          assert chosenAt[p.ver][b] == p.vid,
            format("StrongStability [PANDO-S2]: version {0}: vid {1} chosen at ({2},{3}) but ballot ({4},{5}) proposed vid {6}",
                   p.ver, chosenAt[p.ver][b], b.round, b.tag, p.bal.round, p.bal.tag, p.vid);
        }
      }
    }
  }
}

/* PANDO-S3 Validity (TLA+ ValidityInv): a write proposes its own request's vid or a vid some
   site accepted at a lower ballot; a read write-back proposes only such an accepted vid. A
   proposer never invents a vid. */
spec Validity observes eMonVoted, eMonProposed {
  var voted: map[int, map[tBallot, set[int]]];   // version -> ballot -> vids some site accepted

  start state Watching {
    on eMonVoted do (v: tMonVoted) {
      if (!(v.ver in voted)) { voted[v.ver] = default(map[tBallot, set[int]]); }
      if (!(v.bal in voted[v.ver])) { voted[v.ver][v.bal] = default(set[int]); }
      voted[v.ver][v.bal] += (v.vid);
    }
    on eMonProposed do (p: tMonProposed) {
      var c: tBallot;
      var ok: bool;
      ok = p.kind == KIND_W && p.vid == p.own;
      if (!ok && p.ver in voted) {
        foreach (c in keys(voted[p.ver])) {
          if (BalLT(c, p.bal, M_NONE) && p.vid in voted[p.ver][c]) { ok = true; }
        }
      }
      assert ok,
        format("Validity [PANDO-S3]: version {0}, ballot ({1},{2}) proposed vid {3} ({4}), which is neither its own request nor accepted at a lower ballot",
               p.ver, p.bal.round, p.bal.tag, p.vid, p.kind);
    }
  }
}

/* PANDO-S4 One proposal per ballot (assumed by the paper's proof; TLA+ OneProposalPerBallotInv). */
spec OneProposalPerBallot observes eMonProposed {
  var proposals: map[int, map[tBallot, int]];

  start state Watching {
    on eMonProposed do (p: tMonProposed) {
      if (!(p.ver in proposals)) { proposals[p.ver] = default(map[tBallot, int]); }
      if (p.bal in proposals[p.ver]) {
        assert proposals[p.ver][p.bal] == p.vid,
          format("OneProposalPerBallot [PANDO-S4]: version {0}, ballot ({1},{2}) proposed vid {3} and vid {4}",
                 p.ver, p.bal.round, p.bal.tag, proposals[p.ver][p.bal], p.vid);
      }
      proposals[p.ver][p.bal] = p.vid;
    }
  }
}

/* PANDO-S5 Acceptor well-formedness (paper App. B acceptor invariant; TLA+ AcceptorWFInv).
   Every slot a site holds has its accepted ballot at or below its promise, a vid exactly when
   it has an accepted ballot, and its accepted (ballot, vid) is one of the site's own votes and
   the highest of them. Checked on every change of a slot: promise, vote, restart. */
spec AcceptorWF observes eMonVoted, eMonSlot {
  var votes: map[int, map[int, map[tBallot, int]]];   // site -> version -> ballot -> vid voted

  start state Watching {
    on eMonVoted do (v: tMonVoted) {
      if (!(v.site in votes)) { votes[v.site] = default(map[int, map[tBallot, int]]); }
      if (!(v.ver in votes[v.site])) { votes[v.site][v.ver] = default(map[tBallot, int]); }
      votes[v.site][v.ver][v.bal] = v.vid;
    }
    on eMonSlot do (s: tMonSlot) {
      var c: tBallot;
      if (IsNone(s.apn)) {
        assert s.vid == 0,
          format("AcceptorWF [PANDO-S5]: site {0}, version {1} holds vid {2} with no accepted ballot", s.site, s.ver, s.vid);
        return;
      }
      assert !IsNone(s.ppn) && BalLE(s.apn, s.ppn, M_NONE),
        format("AcceptorWF [PANDO-S5]: site {0}, version {1} accepted ({2},{3}) above its promise ({4},{5})",
               s.site, s.ver, s.apn.round, s.apn.tag, s.ppn.round, s.ppn.tag);
      assert s.site in votes && s.ver in votes[s.site] && s.apn in votes[s.site][s.ver] && votes[s.site][s.ver][s.apn] == s.vid,
        format("AcceptorWF [PANDO-S5]: site {0}, version {1} holds vid {2} at ({3},{4}), which it never voted",
               s.site, s.ver, s.vid, s.apn.round, s.apn.tag);
      foreach (c in keys(votes[s.site][s.ver])) {
        assert BalLE(c, s.apn, M_NONE),
          format("AcceptorWF [PANDO-S5]: site {0}, version {1} holds its vote at ({2},{3}) but it voted at ({4},{5}) before",
                 s.site, s.ver, s.apn.round, s.apn.tag, c.round, c.tag);
      }
    }
  }
}

/* PANDO-S6 Promises are honest (TLA+ PromisesHonestInv; the induction helper of the proof).
   A promise for ballot b reports an accepted state that is one of the site's votes below b
   (or none), and the site never votes strictly between the reported ballot and b, neither
   before the promise (checked when it is sent) nor after it (checked at every later vote). */
type tPromiseRec = (ver: int, bal: tBallot, apn: tBallot);
spec PromisesHonest observes eMonVoted, eMonPromised {
  var votes: map[int, map[int, map[tBallot, int]]];   // site -> version -> ballot -> vid voted
  var promises: map[int, seq[tPromiseRec]];            // site -> promises it sent

  start state Watching {
    on eMonVoted do (v: tMonVoted) {
      var p: tPromiseRec;
      if (!(v.site in votes)) { votes[v.site] = default(map[int, map[tBallot, int]]); }
      if (!(v.ver in votes[v.site])) { votes[v.site][v.ver] = default(map[tBallot, int]); }
      votes[v.site][v.ver][v.bal] = v.vid;
      if (!(v.site in promises)) { return; }
      foreach (p in promises[v.site]) {
        if (p.ver == v.ver) {
          assert !(BalLT(p.apn, v.bal, M_NONE) && BalLT(v.bal, p.bal, M_NONE)),
            format("PromisesHonest [PANDO-S6]: site {0} promised ({1},{2}) for version {3} reporting ({4},{5}), then voted at ({6},{7}) in between",
                   v.site, p.bal.round, p.bal.tag, v.ver, p.apn.round, p.apn.tag, v.bal.round, v.bal.tag);
        }
      }
    }
    on eMonPromised do (m: tMonPromised) {
      var c: tBallot;
      if (!IsNone(m.apn)) {
        assert BalLT(m.apn, m.bal, M_NONE),
          format("PromisesHonest [PANDO-S6]: site {0} promised ({1},{2}) reporting a vote at ({3},{4}), not below it",
                 m.site, m.bal.round, m.bal.tag, m.apn.round, m.apn.tag);
        assert m.site in votes && m.ver in votes[m.site] && m.apn in votes[m.site][m.ver] && votes[m.site][m.ver][m.apn] == m.vid,
          format("PromisesHonest [PANDO-S6]: site {0} promised ({1},{2}) reporting vid {3} at ({4},{5}), which it never voted",
                 m.site, m.bal.round, m.bal.tag, m.vid, m.apn.round, m.apn.tag);
      }
      if (m.site in votes && m.ver in votes[m.site]) {
        foreach (c in keys(votes[m.site][m.ver])) {
          assert !(BalLT(m.apn, c, M_NONE) && BalLT(c, m.bal, M_NONE)),
            format("PromisesHonest [PANDO-S6]: site {0} promised ({1},{2}) for version {3} reporting ({4},{5}), hiding its vote at ({6},{7})",
                   m.site, m.bal.round, m.bal.tag, m.ver, m.apn.round, m.apn.tag, c.round, c.tag);
        }
      }
      if (!(m.site in promises)) { promises[m.site] = default(seq[tPromiseRec]); }
      promises[m.site] += (sizeof(promises[m.site]), (ver = m.ver, bal = m.bal, apn = m.apn));
    }
  }
}

/* PANDO-S8 Commit marks are sound (the paper's learn invariant; TLA+ CommitSoundInv).
   A site marks vid x committed only when x is chosen and the site itself holds x. */
spec CommitSound observes eMonConfig, eMonVoted, eMonCommitMarked {
  var q2: int;
  var votes: tVotes;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) {
      votes = AddVote(votes, v.site, v.ver, v.bal, v.vid);
    }
    on eMonCommitMarked do (c: tMonCommitMarked) {
      assert c.vid in ChosenVids(votes, c.ver, q2),
        format("CommitSound [PANDO-S8]: site {0} marked vid {1} committed for version {2}, but it is not chosen",
               c.site, c.vid, c.ver);
      assert c.held == c.vid,
        format("CommitSound [PANDO-S8]: site {0} marked vid {1} committed for version {2} while holding vid {3}",
               c.site, c.vid, c.ver, c.held);
    }
  }
}

/* PANDO-S12 Reads return chosen values (TLA+ ReadsChosenInv): a read that returns a vid
   returns one chosen for that version by the time it returns. */
spec ReadsChosen observes eMonConfig, eMonVoted, eMonReadReturned {
  var q2: int;
  var votes: tVotes;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) {
      votes = AddVote(votes, v.site, v.ver, v.bal, v.vid);
    }
    on eMonReadReturned do (r: tMonReadReturned) {
      if (r.vid == 0) { return; }
      assert r.vid in ChosenVids(votes, r.ver, q2),
        format("ReadsChosen [PANDO-S12]: read {0} returned vid {1} for version {2}, which is not chosen",
               r.rid, r.vid, r.ver);
    }
  }
}

/* PANDO-S12b Ballot-indexed reads (paper App. B read invariant; TLA+ ReadBallotIndexedInv): a
   Prepare-based read at reader ballot r that returns vid x returns one chosen at a ballot <= r.
   It holds because COMMIT is applied only under the guard apn >= b; M6 (no write-back) breaks it. */
spec ReadBallotIndexed observes eMonConfig, eMonVoted, eMonReadReturned {
  var q2: int;
  var votes: tVotes;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) { votes = AddVote(votes, v.site, v.ver, v.bal, v.vid); }
    on eMonReadReturned do (r: tMonReadReturned) {
      var key: tVoteKey;
      var ok: bool;
      if (!r.viaPrepare || r.vid == 0) { return; }
      foreach (key in keys(votes)) {
        if (key.ver == r.ver && key.vid == r.vid && sizeof(votes[key]) >= q2
            && BalLE((round = key.round, tag = key.tag), r.bal, M_NONE)) { ok = true; }
      }
      assert ok,
        format("ReadBallotIndexed [PANDO-S12b]: read {0} at ballot ({1},{2}) returned vid {3} of version {4}, which is not chosen at any ballot up to its own",
               r.rid, r.bal.round, r.bal.tag, r.vid, r.ver);
    }
  }
}

/* PANDO-S13 Reads are fresh (real-time order; TLA+ ReadsFreshInv): if a vid was chosen for
   the version before the read began, the read returns that vid (not EMPTY, not another). */
spec ReadsFresh observes eMonConfig, eMonVoted, eMonReadStarted, eMonReadReturned {
  var q2: int;
  var votes: tVotes;
  var atStart: map[int, set[int]];   // read -> vids chosen when it began

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) {
      votes = AddVote(votes, v.site, v.ver, v.bal, v.vid);
    }
    on eMonReadStarted do (r: tMonReadStarted) {
      atStart[r.rid] = ChosenVids(votes, r.ver, q2);
    }
    on eMonReadReturned do (r: tMonReadReturned) {
      if (sizeof(atStart[r.rid]) == 0) { return; }
      assert r.vid in atStart[r.rid],
        format("ReadsFresh [PANDO-S13]: read {0} of version {1} returned vid {2}, but {3} was chosen before it began",
               r.rid, r.ver, r.vid, ShowSet(atStart[r.rid]));
    }
  }
}

/* PANDO-S13m Reads are fresh, newest-version GETs (TLA+ VersionReadsFreshInv): a GET of the newest
   version returns a version at least as new as the newest version chosen when it began (EMPTY counts
   as version 0). M8 (the fast path returns the newest committed version, not the newest accepted
   one) breaks it. Which vid it returns for that version is ReadsChosen's concern. */
spec VersionReadsFresh observes eMonConfig, eMonVoted, eMonReadStarted, eMonReadReturned {
  var q2: int;
  var votes: tVotes;
  var newestAtStart: map[int, int];   // newest-version GET -> newest chosen version when it began

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) { votes = AddVote(votes, v.site, v.ver, v.bal, v.vid); }
    on eMonReadStarted do (r: tMonReadStarted) {
      if (r.ver == 0) { newestAtStart[r.rid] = MaxOf(ChosenVersions(votes, q2)); }
    }
    on eMonReadReturned do (r: tMonReadReturned) {
      if (!(r.rid in newestAtStart)) { return; }
      assert r.ver >= newestAtStart[r.rid],
        format("VersionReadsFresh [PANDO-S13m]: GET {0} of the newest version returned version {1} (vid {2}), but version {3} was chosen before it began",
               r.rid, r.ver, r.vid, newestAtStart[r.rid]);
    }
  }
}

/* PANDO-S14 CPUT outcomes are truthful (paper step 17; TLA+ CputTruthfulInv): OK names the
   writer's own vid and it is chosen; CONFLICT(y) names another, chosen vid; CONFLICT(⊥)
   (a STALE reply) means a later version is chosen. */
spec CputTruthful observes eMonConfig, eMonVoted, eMonCputReturned {
  var q2: int;
  var votes: tVotes;

  start state Watching {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do (v: tMonVoted) {
      votes = AddVote(votes, v.site, v.ver, v.bal, v.vid);
    }
    on eMonCputReturned do (r: tMonCputReturned) {
      var chosen: set[int];
      chosen = ChosenVids(votes, r.ver, q2);
      if (r.ok) {
        assert r.vid in chosen,
          format("CputTruthful [PANDO-S14]: CPUT {0} returned OK for vid {1}, version {2}, but chosen is {3}",
                 r.op, r.vid, r.ver, ShowSet(chosen));
      } else if (r.other != 0) {
        assert r.other != r.vid && r.other in chosen,
          format("CputTruthful [PANDO-S14]: CPUT {0} (vid {1}) returned CONFLICT({2}) for version {3}, but chosen is {4}",
                 r.op, r.vid, r.other, r.ver, ShowSet(chosen));
      } else {
        assert LaterChosen(votes, r.ver, q2),
          format("CputTruthful [PANDO-S14]: CPUT {0} returned CONFLICT(none) for version {1}, but no later version is chosen",
                 r.op, r.ver);
      }
    }
  }
}
