/*****************************************************************************************
 * Safety monitors of Alia's root tier, named after the catalogue (docs/invariants.md), each the
 * runtime form of a property of specs/AliaRoot.tla, and the witnesses a passing test must reach.
 * The replicas' observations are the ghost of the TLA+ spec: acts performed, quorum
 * declarations (tally), proposals, decisions (chosenCfgs), learned values, promise changes.
 *****************************************************************************************/

event eRMonAct: (voter: int, kind: int, bal: int, epoch: int, by: int);   // Promise / Accept (ProxyPromise / ProxyAccept): an act of voter's vote, performed and persisted by by
event eRMonCustody: (voter: int, slot: int, custodian: int);             // GiveCustody (custodian -1: M15's RevokeCustody)
event eRMonTally: (kind: int, bal: int, epoch: int, ids: set[int], n: int); // BecomeLeader / Decide: a quorum declaration
event eRMonProposed: (epoch: int, cfg: int);                              // Propose (and re-proposals)
event eRMonDecided: (epoch: int, cfg: int);                               // Decide
event eRMonLearned: (r: int, epoch: int, cfg: int);                       // Learn
event eRMonAcceptor: (r: int, promised: int, maxAcc: int, slot: int);     // the acceptor state after a change (slot > 0: the proxy of r's vote there)
event eRMonPromise: (r: int, before: int, after: int, slot: int);         // a change of the promise (slot > 0: of the proxy of r's vote there)

event eWitRChosen;             // a configuration was chosen (ALIA-W1)
event eWitRDelegatedQuorum;    // a quorum counted a delegate's message with two or more votes (ALIA-W2)
event eWitRRepropose;          // a new leader re-proposed a reported accepted configuration (ALIA-W3)
event eWitRSecondEpoch;        // epoch 2 was chosen (ALIA-W4)
event eWitRVoteAfterRestart;   // a replica that restarted performed an acceptor act (ALIA-W5)
event eWitRRelay;              // a vote went through a delegate
event eWitRRetransmit;         // a retransmission was answered directly
event eWitRNuclearRepropose;   // a nuclear leader re-proposed a reported accepted configuration (ALIA-W20)
event eWitRCustodyQuorum;      // a quorum counted a custodian's vote (ALIA-W19)
event eWitRCustodyIgnored;     // a replica ignored a request for a slot in custody (C2)
event eWitRRuleMatters;        // a new leader's promise quorum reported two configurations accepted at two ballots for one slot
// The Reached monitor of Observations.p observes these too.

/* ALIA-S1 RootAgreement (TLA+ RootAgreementInv): one configuration per epoch, declared or learned. */
spec RootAgreement observes eRMonDecided, eRMonLearned {
  var first: map[int, int];
  start state Watching {
    on eRMonDecided do (d: (epoch: int, cfg: int)) { Check(d.epoch, d.cfg); }
    on eRMonLearned do (l: (r: int, epoch: int, cfg: int)) { Check(l.epoch, l.cfg); }
  }
  fun Check(e: int, c: int) {
    if (!(e in first)) { first[e] = c; return; }
    assert first[e] == c, format("RootAgreement [ALIA-S1]: epoch {0} has two configurations, {1} and {2}", e, first[e], c);
  }
}

/* ALIA-S2 RootValidity (TLA+ RootValidityInv): a configuration declared chosen was proposed for its epoch. */
spec RootValidity observes eRMonProposed, eRMonDecided {
  var proposed: set[int];
  start state Watching {
    on eRMonProposed do (p: (epoch: int, cfg: int)) { proposed += (p.epoch * 100000 + p.cfg); }
    on eRMonDecided do (d: (epoch: int, cfg: int)) {
      assert (d.epoch * 100000 + d.cfg) in proposed,
        format("RootValidity [ALIA-S2]: configuration {0} was declared chosen for epoch {1}, but nobody proposed it", d.cfg, d.epoch);
    }
  }
}

/* ALIA-S3 RootContiguity (TLA+ RootContiguityInv): epoch e is chosen only after epoch e - 1. */
spec RootContiguity observes eRMonDecided {
  var decided: set[int];
  start state Watching {
    on eRMonDecided do (d: (epoch: int, cfg: int)) {
      assert d.epoch == 1 || (d.epoch - 1) in decided,
        format("RootContiguity [ALIA-S3]: epoch {0} was chosen before epoch {1}", d.epoch, d.epoch - 1);
      decided += (d.epoch);
    }
  }
}

/* ALIA-S4 TallyHonesty (TLA+ TallyHonestyInv, §4.3.2 R1): every id in a quorum declaration
   performed that act (kind, ballot, epoch) itself, or (CUSTODY) its custodian for that slot did.
   A custody, once given, stands for good here (C4): after M15's lapse the replica's own acts for
   the slot do not count. */
spec TallyHonesty observes eRMonAct, eRMonTally, eRMonCustody {
  var acts: set[int];
  var custodian: map[int, int];
  start state Watching {
    on eRMonCustody do (c: (voter: int, slot: int, custodian: int)) {
      if (c.custodian >= 0 && !((c.voter * 100 + c.slot) in custodian)) { custodian[c.voter * 100 + c.slot] = c.custodian; }
    }
    on eRMonAct do (a: (voter: int, kind: int, bal: int, epoch: int, by: int)) {
      var expect: int;
      expect = a.voter;
      if (a.epoch > 0 && (a.voter * 100 + a.epoch) in custodian) { expect = custodian[a.voter * 100 + a.epoch]; }
      if (a.by == expect) { acts += (a.voter * 10000000 + ActCode(a.kind, a.bal, a.epoch)); }
    }
    on eRMonTally do (t: (kind: int, bal: int, epoch: int, ids: set[int], n: int)) {
      var id: int;
      foreach (id in t.ids) {
        assert (id * 10000000 + ActCode(t.kind, t.bal, t.epoch)) in acts,
          format("TallyHonesty [ALIA-S4]: the quorum of kind {0}, ballot {1}, epoch {2} counts replica {3}, who never performed that act", t.kind, t.bal, t.epoch, id);
      }
    }
  }
}

/* ALIA-S5 TallyIsMajority (TLA+ TallyIsMajorityInv, §4.3.2 R3): every quorum declaration holds a
   strict majority of the universe. */
spec TallyIsMajority observes eRMonTally {
  start state Watching {
    on eRMonTally do (t: (kind: int, bal: int, epoch: int, ids: set[int], n: int)) {
      assert 2 * sizeof(t.ids) > t.n,
        format("TallyIsMajority [ALIA-S5]: the quorum of kind {0}, ballot {1} has the ids {2}, not a majority of {3}", t.kind, t.bal, t.ids, t.n);
    }
  }
}

/* ALIA-S6 AcceptorMonotonicity, state part (TLA+ AcceptedBelowPromiseInv): an accepted ballot is
   never above the promise. */
spec AcceptedBelowPromise observes eRMonAcceptor {
  start state Watching {
    on eRMonAcceptor do (a: (r: int, promised: int, maxAcc: int, slot: int)) {
      assert a.maxAcc <= a.promised,
        format("AcceptedBelowPromise [ALIA-S6]: replica {0} (slot {3}: 0 is its own state, else the proxy of its vote there) accepted at ballot {1} but its promise is {2}", a.r, a.maxAcc, a.promised, a.slot);
    }
  }
}

/* ALIA-S6a AcceptorMonotonicity, action part (TLA+ AcceptorMonotonicProp): a promise never
   decreases, across crashes too. */
spec AcceptorMonotonic observes eRMonPromise {
  start state Watching {
    on eRMonPromise do (p: (r: int, before: int, after: int, slot: int)) {
      assert p.after >= p.before,
        format("AcceptorMonotonic [ALIA-S6a]: replica {0}'s promise (slot {3}: 0 is its own, else the proxy of its vote there) went down from {1} to {2}", p.r, p.before, p.after, p.slot);
    }
  }
}

/* ALIA-S16 DelegationDiscipline, CUSTODY part (TLA+ DelegationDisciplineProp, §4.3.4 C4): a
   replica's custody for a slot, once given, never changes. */
spec DelegationDiscipline observes eRMonCustody {
  var custodian: map[int, int];
  start state Watching {
    on eRMonCustody do (c: (voter: int, slot: int, custodian: int)) {
      if (!((c.voter * 100 + c.slot) in custodian)) { custodian[c.voter * 100 + c.slot] = c.custodian; return; }
      assert custodian[c.voter * 100 + c.slot] == c.custodian,
        format("DelegationDiscipline [ALIA-S16]: replica {0}'s vote for slot {1} was in replica {2}'s custody and is now in {3}'s (-1: nobody's)",
               c.voter, c.slot, custodian[c.voter * 100 + c.slot], c.custodian);
    }
  }
}
