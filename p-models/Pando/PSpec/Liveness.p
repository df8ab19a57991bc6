/* PANDO-L1 A stable leader decides (TLA+ LeaderDecidesProp). Once the leader has started a
   run for a version, some vid is eventually chosen for it. The monitor is hot while a version
   the leader works on has nothing chosen; a schedule that ends (nothing left to deliver) in
   the hot state is a liveness violation. Meaningful only when messages are not lost and at
   most f sites are down: the tests that assert it run with reordering, duplication and one
   permanent crash, but no loss. */
spec LeaderDecides observes eMonConfig, eMonVoted, eMonLeaderStarted {
  var q2: int;
  var votes: tVotes;
  var pending: set[int];

  start cold state Idle {
    on eMonConfig do (c: tMonConfig) { q2 = c.q2; }
    on eMonVoted do Vote;
    on eMonLeaderStarted do (ver: int) {
      if (sizeof(ChosenVids(votes, ver, q2)) == 0) { pending += (ver); goto Waiting; }
    }
  }

  hot state Waiting {
    on eMonVoted do (v: tMonVoted) {
      var ver: int;
      var still: set[int];
      Vote(v);
      foreach (ver in pending) {
        if (sizeof(ChosenVids(votes, ver, q2)) == 0) { still += (ver); }
      }
      pending = still;
      if (sizeof(pending) == 0) { goto Idle; }
    }
    on eMonLeaderStarted do (ver: int) {
      if (sizeof(ChosenVids(votes, ver, q2)) == 0) { pending += (ver); }
    }
  }

  fun Vote(v: tMonVoted) {
    votes = AddVote(votes, v.site, v.ver, v.bal, v.vid);
  }
}

/* PANDO-L2 Every CPUT returns (brief Q9; the C# CputReturnsMonitor). Every CPUT a front-end
   starts is answered: OK, CONFLICT(y) or CONFLICT(none). Hot while one is unanswered; a
   schedule that ends in the hot state is a liveness violation. Assumptions as for
   LeaderDecides: no loss, at most f sites down for good, a leader that stays up. */
spec CputReturns observes eMonCputStarted, eMonCputReturned {
  var pending: set[int];

  start cold state Idle {
    on eMonCputStarted do (c: tMonCputStarted) { pending += (c.op); goto Waiting; }
    on eMonCputReturned do (r: tMonCputReturned) { }
  }

  hot state Waiting {
    on eMonCputStarted do (c: tMonCputStarted) { pending += (c.op); }
    on eMonCputReturned do (r: tMonCputReturned) {
      pending -= (r.op);
      if (sizeof(pending) == 0) { goto Idle; }
    }
  }
}
