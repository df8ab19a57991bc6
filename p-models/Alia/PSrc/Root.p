/*****************************************************************************************
 * One replica of Alia's root tier (brief §4.2-4.3): root acceptor and learner, root proposer when
 * the environment's election timeout picks it, and delegate for the replicas that route their
 * votes through it. Each function names the action of specs/AliaRoot.tla it mirrors; the C# twin
 * is src/PandoCoyote/Alia/Root/RootReplica.cs.
 *
 * Durable (§1.2): promised, the accepted values, the learned values. A crash loses the rest.
 * Delegation: after a root event a replica that is neither delegated nor a delegate may delegate
 * to a random other replica for one root event (K = 1). RELAY: the delegated replica performs and
 * persists its own act and sends its vote to the delegate, which forwards the votes of one act in
 * one message; a retransmission is answered directly. PAPER_LITERAL (M1): the delegated replica
 * ignores the request and the delegate adds the replicas it believes delegated to it.
 * CUSTODY (§4.3.4, as the C# twin): after a root event a replica may hand its vote for a slot it
 * has neither accepted nor learned to a random other replica, for good, persisting it first; the
 * proxy starts at the replica's promise (finding F8: not at Zero). The replica's own promises then
 * exclude the slot and it ignores RootAccept there, re-sending the custody as a reminder; the
 * custodian applies the acceptor guards to the proxy and answers for it. A candidate counts
 * promises per slot and leads once every slot from its commit point on has a majority.
 *****************************************************************************************/

machine RootReplica {
  var me: int;
  var cfg: tRootConfig;
  var net: machine;
  var reps: seq[machine];
  // durable
  var promised: int;
  var accBal: map[int, int];
  var accCfg: map[int, int];
  var chosen: map[int, int];
  var restarted: bool;
  var custody: map[int, int];      // CUSTODY: slot -> the custodian of this replica's vote there
  var pxProm: map[int, int];       // CUSTODY: voter * 100 + slot -> the proxy's promise (this replica as custodian)
  var pxAccBal: map[int, int];
  var pxAccCfg: map[int, int];
  // volatile: proposer
  var role: int;                 // 0 follower, 1 candidate, 2 leader
  var ballot: int;
  var nuclear: bool;             // this ballot is a nuclear election (§4.10)
  var maxRound: int;
  var pIds: set[int];
  var pSenders: set[int];
  var pSum: int;
  var pFwd: bool;
  var reports: seq[tReport];
  var pLow: int;                   // CUSTODY: the election's first slot
  var slotIds: map[int, set[int]]; // CUSTODY: the promises counted per slot
  var slotCust: map[int, bool];    // CUSTODY: a custodian's promise is among them
  var proposal: map[int, int];
  var aIds: map[int, set[int]];
  var aSum: map[int, int];
  var aSenders: map[int, set[int]];
  var aFwd: map[int, bool];
  var retries: int;
  var timerId: int;
  var ticking: bool;
  // volatile: delegation
  var delegTo: int;
  var delegUntil: int;
  var seen: set[int];
  var answered: set[int];
  var delegators: map[int, int];
  var relayKey: map[int, tActKey];
  var relayVoters: map[int, set[int]];
  var relayReports: map[int, seq[tReport]];

  start state Init {
    entry (a: (me: int, cfg: tRootConfig, net: machine)) {
      me = a.me; cfg = a.cfg; net = a.net;
      delegTo = -1;
      goto Up;
    }
  }

  state Up {
    on eRootSetup do (s: seq[machine]) { reps = s; }
    on eRunForLeader do (k: int) { StartElection(); }
    on eRootPrepare do (m: (bal: int, cand: int, low: int, nuclear: bool)) { OnPrepare(m.bal, m.cand, m.low, m.nuclear); }
    on eRootAccept do (m: (bal: int, epoch: int, cfg: int, leader: int)) { OnAccept(m.bal, m.epoch, m.cfg, m.leader); }
    on eRootVote do (v: (key: tActKey, voters: set[int], reports: seq[tReport], fwd: bool, via: int, slot: int, excl: set[int])) {
      OnVote(v.key, v.voters, v.reports, v.fwd, v.via, v.slot, v.excl);
    }
    // TLA+ Learn.
    on eRootCommit do (c: (epoch: int, cfg: int)) { NoteEvent(3, 0, c.epoch); Learn(c.epoch, c.cfg); MaybeDelegate(); }
    // §4.2 on RootNack: a higher ballot exists; step down.
    on eRootNack do (k: (bal: int, promised: int)) {
      if (k.bal == ballot && role != 0) { maxRound = Max(maxRound, k.promised / 10); role = 0; }
    }
    on eRelayVote do (v: (voter: int, key: tActKey, reports: seq[tReport])) { OnRelay(v.voter, v.key, v.reports); }
    on eDelegate do (d: (from: int, budget: int)) { delegators[d.from] = Events() + d.budget; }
    on eCustody do (c: (from: int, slot: int, promise: int)) { OnCustody(c.from, c.slot, c.promise); }
    on eTimeout do (id: int) {
      if (id != timerId) { return; }
      ticking = false;
      Tick();
    }
    // TLA+ Crash: the volatile state is lost.
    on eCrash goto Down with {
      role = 0; ballot = 0;
      pIds = default(set[int]); pSum = 0; pFwd = false; reports = default(seq[tReport]);
      proposal = default(map[int, int]); aIds = default(map[int, set[int]]);
      aSum = default(map[int, int]); aFwd = default(map[int, bool]);
      pSenders = default(set[int]); aSenders = default(map[int, set[int]]); nuclear = false;
      slotIds = default(map[int, set[int]]); slotCust = default(map[int, bool]);
      delegTo = -1; seen = default(set[int]); answered = default(set[int]);
      delegators = default(map[int, int]); relayKey = default(map[int, tActKey]);
      relayVoters = default(map[int, set[int]]); relayReports = default(map[int, seq[tReport]]);
      ticking = false;
    }
  }

  state Down {
    ignore eRootSetup, eRunForLeader, eRootPrepare, eRootAccept, eRootVote, eRootCommit, eRootNack,
           eRelayVote, eDelegate, eCustody, eTimeout, eCrash;
    // TLA+ Recover: the durable state is back (MP: the promise falls back to the highest accepted ballot).
    on eRestart goto Up with {
      restarted = true;
      if (cfg.mutant == RX_MP) { SetPromise(MaxAccepted()); }
      announce eRMonAcceptor, (r = me, promised = promised, maxAcc = MaxAccepted(), slot = 0);
    }
  }

  fun Max(a: int, b: int): int { if (a > b) { return a; } return b; }

  fun CommitEpoch(): int {
    var e: int;
    while ((e + 1) in chosen) { e = e + 1; }
    return e;
  }

  fun MaxAccepted(): int {
    var e: int;
    var m: int;
    foreach (e in keys(accBal)) { if (accBal[e] > m) { m = accBal[e]; } }
    return m;
  }

  fun SetPromise(b: int) {
    if (b == promised) { return; }
    announce eRMonPromise, (r = me, before = promised, after = b, slot = 0);
    promised = b;
  }

  // ------------------------------------------------------------------ delegation (§4.3)

  // §4.3.2 NoteRootEvent: each distinct root event spends one unit of a delegation's budget.
  fun NoteEvent(kind: int, bal: int, epoch: int) { seen += (ActCode(kind, bal, epoch)); }

  // §4.3.2 evCount: the distinct root events seen since the last crash.
  fun Events(): int { return sizeof(seen); }

  fun Delegated(): bool { return delegTo >= 0 && Events() <= delegUntil; }

  fun HoldsDelegations(): bool {
    var d: int;
    foreach (d in keys(delegators)) { if (delegators[d] >= Events()) { return true; } }
    return false;
  }

  // PAPER_LITERAL: a delegated replica ignores root requests (TLA+ Ignores).
  fun Ignores(): bool { return cfg.mode == RM_PAPER_LITERAL && Delegated(); }

  // TLA+ Delegate (§4.3.2 ChooseDelegate), K = 1; in CUSTODY, GiveCustody.
  fun MaybeDelegate() {
    var d: int;
    if (cfg.mode == RM_CUSTODY) { MaybeGiveCustody(); return; }
    if (Delegated() || HoldsDelegations() || $) { return; }
    d = (me + 1 + choose(cfg.n - 1)) % cfg.n;
    delegTo = d;
    delegUntil = Events() + 1;
    NSend(net, reps[d], eDelegate, (from = me, budget = 1));
  }

  // TLA+ GiveCustody (§4.3.4 C1): hand the vote for a slot neither accepted nor learned to a
  // random other replica, persisting the custody first. M15 (TLA+ RevokeCustody): a custody lapses.
  fun MaybeGiveCustody() {
    var free: seq[int];
    var e: int;
    var slot: int;
    var d: int;
    if (cfg.mutant == RX_M15 && sizeof(custody) > 0 && $) {
      slot = keys(custody)[choose(sizeof(custody))];
      custody -= (slot);
      announce eRMonCustody, (voter = me, slot = slot, custodian = -1);
      return;
    }
    e = CommitEpoch() + 1;
    while (e <= cfg.maxEpoch) {
      if (!(e in custody) && !(e in accBal) && !(e in chosen)) { free += (sizeof(free), e); }
      e = e + 1;
    }
    if (sizeof(free) == 0 || $) { return; }
    slot = free[choose(sizeof(free))];
    d = (me + 1 + choose(cfg.n - 1)) % cfg.n;
    custody[slot] = d;
    announce eRMonCustody, (voter = me, slot = slot, custodian = d);
    NSend(net, reps[d], eCustody, (from = me, slot = slot, promise = promised));
  }

  // CUSTODY C2: a request for a slot in custody is ignored; the custody is re-sent.
  fun Remind(slot: int) {
    announce eWitRCustodyIgnored;
    NSend(net, reps[custody[slot]], eCustody, (from = me, slot = slot, promise = promised));
  }

  // CUSTODY C3 on Delegate: the proxy starts at the promise sent; a reminder for a kept proxy changes nothing.
  fun OnCustody(from: int, slot: int, prom: int) {
    if (from == me || (from * 100 + slot) in pxProm) { return; }
    pxProm[from * 100 + slot] = prom;
    pxAccBal[from * 100 + slot] = 0;
  }

  // TLA+ ProxyPromise (§4.3.4 C3 on RootPrepare): the acceptor guard on each proxy for a slot from
  // low on, then a promise for that voter and slot.
  fun ProxyPromises(bal: int, cand: int, low: int) {
    var k: int;
    var v: int;
    var e: int;
    var rs: seq[tReport];
    var one: set[int];
    foreach (k in keys(pxProm)) {
      v = k / 100; e = k % 100;
      one = default(set[int]); one += (v);
      if (e >= low && bal >= pxProm[k]) {
        if (bal > pxProm[k]) { announce eRMonPromise, (r = v, before = pxProm[k], after = bal, slot = e); pxProm[k] = bal; }
        rs = default(seq[tReport]);
        if (pxAccBal[k] > 0) { rs += (0, (voter = v, epoch = e, chosen = false, vbal = pxAccBal[k], cfg = pxAccCfg[k])); }
        announce eRMonAct, (voter = v, kind = 1, bal = bal, epoch = e, by = me);
        announce eRMonAcceptor, (r = v, promised = pxProm[k], maxAcc = pxAccBal[k], slot = e);
        NSend(net, reps[cand], eRootVote, (key = (kind = 1, bal = bal, epoch = 0, cand = cand), voters = one,
                                           reports = rs, fwd = false, via = me, slot = e, excl = default(set[int])));
      }
    }
  }

  // TLA+ ProxyAccept (§4.3.4 C3 on RootAccept): the acceptor guards of OnAccept on each proxy for the slot.
  fun ProxyAccepts(bal: int, epoch: int, c: int, leader: int) {
    var k: int;
    var v: int;
    var one: set[int];
    foreach (k in keys(pxProm)) {
      v = k / 100;
      one = default(set[int]); one += (v);
      if (k % 100 == epoch && (bal >= pxProm[k] || cfg.mutant == RX_M13)) {
        if (cfg.mutant != RX_MR && bal > pxProm[k]) { announce eRMonPromise, (r = v, before = pxProm[k], after = bal, slot = epoch); pxProm[k] = bal; }
        pxAccBal[k] = bal;
        pxAccCfg[k] = c;
        announce eRMonAct, (voter = v, kind = 2, bal = bal, epoch = epoch, by = me);
        announce eRMonAcceptor, (r = v, promised = pxProm[k], maxAcc = bal, slot = epoch);
        NSend(net, reps[leader], eRootVote, (key = (kind = 2, bal = bal, epoch = epoch, cand = leader), voters = one,
                                             reports = default(seq[tReport]), fwd = false, via = me, slot = epoch, excl = default(set[int])));
      }
    }
  }

  // §4.3.2 RouteVote: the first answer to an act goes through the delegate while delegated (RELAY);
  // a retransmission, anything after the budget is spent, or (directOnly) a promise for a nuclear
  // ballot (§4.10) goes straight to the requester. In PAPER_LITERAL the direct vote also carries
  // the phantom ids.
  fun RouteVote(key: tActKey, rs: seq[tReport], directOnly: bool, excl: set[int]) {
    var c: int;
    var first: bool;
    var voters: set[int];
    var d: int;
    c = ActCode(key.kind, key.bal, key.epoch);
    first = !(c in answered);
    answered += (c);
    if (restarted) { announce eWitRVoteAfterRestart; }
    // A nuclear promise skips both relay branches and takes the one direct send below.
    if (cfg.mode == RM_RELAY && !directOnly && Delegated() && first) {
      announce eWitRRelay;
      NSend(net, reps[delegTo], eRelayVote, (voter = me, key = key, reports = rs));
      return;
    }
    if (!first) { announce eWitRRetransmit; }
    // A delegate may put its own vote into its buffer, so that one message carries all of them.
    if (cfg.mode == RM_RELAY && !directOnly && first && HoldsDelegations() && $) { OnRelay(me, key, rs); return; }
    voters += (me);
    if (cfg.mode == RM_PAPER_LITERAL) {
      foreach (d in keys(delegators)) { if (delegators[d] >= Events()) { voters += (d); } }
    }
    NSend(net, reps[key.cand], eRootVote, (key = key, voters = voters, reports = rs, fwd = false, via = me, slot = 0, excl = excl));
  }

  // TLA+ Flush's input: buffer the vote; forward now or at the next timeout.
  fun OnRelay(voter: int, key: tActKey, rs: seq[tReport]) {
    var c: int;
    var acc: seq[tReport];
    var vs: set[int];
    var r: tReport;
    c = ActCode(key.kind, key.bal, key.epoch);
    if (c in relayVoters) { vs = relayVoters[c]; acc = relayReports[c]; }
    vs += (voter);
    foreach (r in rs) { acc += (sizeof(acc), r); }
    relayKey[c] = key;
    relayVoters[c] = vs;
    relayReports[c] = acc;
    if ($) { Flush(c); } else { Arm(); }
  }

  // TLA+ Flush (§4.3.2 DelegateFlush): one message with the ids and reports of every vote held for one act.
  fun Flush(c: int) {
    if (!(c in relayVoters)) { return; }
    NSend(net, reps[relayKey[c].cand], eRootVote, (key = relayKey[c], voters = relayVoters[c], reports = relayReports[c], fwd = true, via = me,
                                                   slot = 0, excl = default(set[int])));
    relayKey -= (c);
    relayVoters -= (c);
    relayReports -= (c);
  }

  // ------------------------------------------------------------------ acceptor (§4.2)

  // TLA+ Promise: promise a ballot at least the promise and report slots from low on.
  fun OnPrepare(bal: int, cand: int, low: int, nuc: bool) {
    var rs: seq[tReport];
    var e: int;
    var excl: set[int];
    NoteEvent(1, bal, 0);
    maxRound = Max(maxRound, bal / 10);
    if (Ignores()) { return; }
    if (cfg.mode == RM_CUSTODY) {
      ProxyPromises(bal, cand, low);
      foreach (e in keys(custody)) { if (e >= low) { excl += (e); Remind(e); } }
    }
    if (bal < promised) { NSend(net, reps[cand], eRootNack, (bal = bal, promised = promised)); return; }
    SetPromise(bal);
    if (role != 0 && bal > ballot) { role = 0; }
    e = low;
    while (e <= cfg.maxEpoch) {
      if (e in chosen) { rs += (sizeof(rs), (voter = me, epoch = e, chosen = true, vbal = 0, cfg = chosen[e])); }
      else if (e in accBal) { rs += (sizeof(rs), (voter = me, epoch = e, chosen = false, vbal = accBal[e], cfg = accCfg[e])); }
      e = e + 1;
    }
    announce eRMonAct, (voter = me, kind = 1, bal = bal, epoch = 0, by = me);
    if (cfg.mode == RM_CUSTODY) {
      // C2: the promise covers each slot from low on whose vote this replica still holds.
      e = low;
      while (e <= cfg.maxEpoch) { if (!(e in excl)) { announce eRMonAct, (voter = me, kind = 1, bal = bal, epoch = e, by = me); } e = e + 1; }
    }
    announce eRMonAcceptor, (r = me, promised = promised, maxAcc = MaxAccepted(), slot = 0);
    RouteVote((kind = 1, bal = bal, epoch = 0, cand = cand), rs, nuc, excl);
    MaybeDelegate();
  }

  // TLA+ Accept: accept at a ballot at least the promise (M13: any ballot) unless the slot is learned.
  fun OnAccept(bal: int, epoch: int, c: int, leader: int) {
    NoteEvent(2, bal, epoch);
    if (Ignores()) { return; }
    if (epoch in chosen) { NSend(net, reps[leader], eRootCommit, (epoch = epoch, cfg = chosen[epoch])); return; }
    if (cfg.mode == RM_CUSTODY) {
      ProxyAccepts(bal, epoch, c, leader);
      if (epoch in custody) { Remind(epoch); MaybeDelegate(); return; }
    }
    if (bal < promised && cfg.mutant != RX_M13) { NSend(net, reps[leader], eRootNack, (bal = bal, promised = promised)); return; }
    if (cfg.mutant != RX_MR && bal > promised) { SetPromise(bal); }      // MR: the promise is not raised
    accBal[epoch] = bal;
    accCfg[epoch] = c;
    announce eRMonAct, (voter = me, kind = 2, bal = bal, epoch = epoch, by = me);
    announce eRMonAcceptor, (r = me, promised = promised, maxAcc = MaxAccepted(), slot = 0);
    RouteVote((kind = 2, bal = bal, epoch = epoch, cand = leader), default(seq[tReport]), false, default(set[int]));
    MaybeDelegate();
  }

  // TLA+ Learn: record the chosen configuration (the monitors compare every learner's).
  fun Learn(e: int, c: int) {
    if (e in chosen && chosen[e] == c) { return; }
    announce eRMonLearned, (r = me, epoch = e, cfg = c);
    if (!(e in chosen)) { chosen[e] = c; }
  }

  // ------------------------------------------------------------------ proposer and leader (§4.2)

  // TLA+ StartElection: a fresh ballot above every round seen; RootPrepare to all. In RELAY an
  // election may be nuclear (§4.10 NuclearElection; its trigger is a timer, so as in the TLA+ spec
  // any election may be one); the seed's nuclear rule is not modelled for PAPER_LITERAL.
  fun StartElection() {
    if (role == 2) { return; }
    maxRound = Max(maxRound, promised / 10) + 1;
    ballot = maxRound * 10 + me;
    role = 1;
    nuclear = false;
    if (cfg.mode == RM_RELAY) { nuclear = $; }
    pIds = default(set[int]); pSenders = default(set[int]); pSum = 0; pFwd = false; reports = default(seq[tReport]);
    proposal = default(map[int, int]); aIds = default(map[int, set[int]]);
    aSum = default(map[int, int]); aFwd = default(map[int, bool]); aSenders = default(map[int, set[int]]);
    slotIds = default(map[int, set[int]]); slotCust = default(map[int, bool]);
    pLow = CommitEpoch() + 1;
    retries = 0;
    Broadcast(net, reps, eRootPrepare, (bal = ballot, cand = me, low = CommitEpoch() + 1, nuclear = nuclear));
    Arm();
  }

  // TLA+ IsQuorum (§4.3.2 R2, R3): a strict majority of the universe counted as a set of ids
  // (M2: a sum over messages; M4: 2|ids| >= n; M17: the senders against a majority of the subquorums;
  // MU: every replica).
  fun IsQuorum(ids: set[int], sum: int, senders: set[int]): bool {
    if (cfg.mutant == RX_MU) { return sizeof(ids) == cfg.n; }
    if (cfg.mutant == RX_M2) { return 2 * sum > cfg.n; }
    if (cfg.mutant == RX_M17) { return 2 * sizeof(senders) > M17Subquorums(); }
    if (cfg.mutant == RX_M4) { return 2 * sizeof(ids) >= cfg.n; }
    return 2 * sizeof(ids) > cfg.n;
  }

  // R2: the ids of a vote's voters that belong to the universe, added to a tally's set.
  fun AddIds(ids: set[int], voters: set[int]): set[int] {
    var x: int;
    foreach (x in voters) { if (x >= 0 && x < cfg.n) { ids += (x); } }
    return ids;
  }

  // A vote for one of this replica's requests: count its ids and declare a quorum when they reach one.
  fun OnVote(key: tActKey, voters: set[int], rs: seq[tReport], fwd: bool, via: int, slot: int, excl: set[int]) {
    var r: tReport;
    var ids: set[int];
    var e: int;
    var all: bool;
    if (key.bal != ballot || key.cand != me) { return; }
    if (key.kind == 1 && role == 1 && cfg.mode == RM_CUSTODY) {
      // CUSTODY: a custodian's promise counts for its one slot, a replica's own for every slot it did not exclude.
      pIds = AddIds(pIds, voters);
      foreach (r in rs) { reports += (sizeof(reports), r); }
      all = true;
      e = pLow;
      while (e <= cfg.maxEpoch) {
        ids = default(set[int]);
        if (e in slotIds) { ids = slotIds[e]; }
        if ((slot > 0 && slot == e) || (slot == 0 && !(e in excl))) {
          ids = AddIds(ids, voters);
          if (slot > 0) { slotCust[e] = true; }
        }
        slotIds[e] = ids;
        if (!IsQuorum(ids, sizeof(ids), ids)) { all = false; }
        e = e + 1;
      }
      if (all && IsQuorum(pIds, sizeof(pIds), pIds)) { BecomeLeader(); }
    } else if (key.kind == 1 && role == 1) {
      pIds = AddIds(pIds, voters);
      pSum = pSum + sizeof(voters);
      pSenders += (via);
      if (fwd && sizeof(voters) >= 2) { pFwd = true; }
      foreach (r in rs) { reports += (sizeof(reports), r); }
      if (IsQuorum(pIds, pSum, pSenders)) { BecomeLeader(); }
    } else if (key.kind == 2 && role == 2 && key.epoch in proposal && !(key.epoch in chosen)) {
      ids = aIds[key.epoch];
      ids = AddIds(ids, voters);
      aIds[key.epoch] = ids;
      aSum[key.epoch] = aSum[key.epoch] + sizeof(voters);
      ids = aSenders[key.epoch];
      ids += (via);
      aSenders[key.epoch] = ids;
      if (fwd && sizeof(voters) >= 2) { aFwd[key.epoch] = true; }
      if (slot > 0) { aFwd[key.epoch] = true; }
      if (IsQuorum(aIds[key.epoch], aSum[key.epoch], aSenders[key.epoch])) { Decide(key.epoch); }
    }
  }

  // TLA+ BecomeLeader (§4.2 BecomeRootLeader): learn the slots reported chosen, re-propose in each
  // slot the value accepted at the highest reported ballot (a nuclear leader too, §4.10; M12: a
  // nuclear leader skips the slot after its commit point), stop at the first slot nobody reported.
  fun BecomeLeader() {
    var e: int;
    var done: bool;
    var learned: bool;
    var topBal: int;
    var topCfg: int;
    var learnedCfg: int;
    var r: tReport;
    var low: int;
    role = 2;
    retries = 0;
    if (cfg.mode == RM_CUSTODY && pLow <= cfg.maxEpoch) {
      e = pLow;
      while (e <= cfg.maxEpoch) {
        announce eRMonTally, (kind = 1, bal = ballot, epoch = e, ids = slotIds[e], n = cfg.n);
        if (e in slotCust) { announce eWitRCustodyQuorum; }
        e = e + 1;
      }
    } else {
      announce eRMonTally, (kind = 1, bal = ballot, epoch = 0, ids = pIds, n = cfg.n);
    }
    if (pFwd) { announce eWitRDelegatedQuorum; }
    e = CommitEpoch() + 1;
    low = e;
    while (!done && e <= cfg.maxEpoch) {
      learned = false; topBal = 0;
      foreach (r in reports) {
        if (r.epoch == e && r.chosen && !learned) { learned = true; learnedCfg = r.cfg; Learn(e, r.cfg); }
        if (r.epoch == e && !r.chosen && r.vbal > 0 && Prefer(r.vbal, topBal)) { topBal = r.vbal; topCfg = r.cfg; }
      }
      if (learned) { AnnounceSelect(e, learnedCfg); }                       // ALIA-N6
      if (!learned && RuleMatters(e)) { announce eWitRRuleMatters; }
      if (!learned) {
        if (topBal == 0) { done = true; }
        else if (nuclear && cfg.mutant == RX_M12 && e == low) { done = true; }
        else {
          announce eWitRRepropose;
          if (nuclear) { announce eWitRNuclearRepropose; }
          AnnounceSelect(e, topCfg);                                        // ALIA-N6
          Open(e, topCfg);
        }
      }
      e = e + 1;
    }
    ProposeNext();
    Arm();
  }

  // The selection rule over accepted reports: a higher ballot than the best so far (0: none yet). MSL: a lower one.
  fun Prefer(vbal: int, best: int): bool {
    if (best == 0) { return true; }
    if (cfg.mutant == RX_MSL) { return vbal < best; }
    return vbal > best;
  }

  // N6 SelectsHighest (Common/PSpec/LocalRules.p): the configuration this new leader takes for slot e, with
  // every report of its promise quorum for e as received (TLA+ BecomeLeader).
  fun AnnounceSelect(e: int, c: int) {
    var r: tReport;
    var rs: seq[tLReported];
    foreach (r in reports) {
      if (r.epoch == e) {
        rs += (sizeof(rs), (from = format("r{0}", r.voter), bal = (hi = r.vbal, lo = 0), value = format("{0}", r.cfg), chosen = r.chosen));
      }
    }
    announce eLocalSelect, (proposer = format("r{0}", me), slot = format("e{0}", e), bal = (hi = ballot, lo = 0), reports = rs,
                            value = format("{0}", c), action = "BecomeLeader");
  }

  // The selection rule matters for slot e: two reports of different configurations accepted at two
  // different ballots, so "the highest ballot's", "the lowest's" and "any" differ.
  fun RuleMatters(e: int): bool {
    var r1: tReport;
    var r2: tReport;
    foreach (r1 in reports) {
      foreach (r2 in reports) {
        if (r1.epoch == e && r2.epoch == e && !r1.chosen && !r2.chosen && r1.vbal > 0 && r2.vbal > 0
            && r1.vbal != r2.vbal && r1.cfg != r2.cfg) { return true; }
      }
    }
    return false;
  }

  fun Open(e: int, c: int) {
    proposal[e] = c;
    aIds[e] = default(set[int]);
    aSum[e] = 0;
    aSenders[e] = default(set[int]);
    aFwd[e] = false;
    announce eRMonProposed, (epoch = e, cfg = c);
    Broadcast(net, reps, eRootAccept, (bal = ballot, epoch = e, cfg = c, leader = me));
    Arm();
  }

  // TLA+ Propose (§4.2 RootPropose, alpha = 1): with no slot open, open the first slot not learned.
  // MA opens the slot after an open one too.
  fun ProposeNext() {
    var e: int;
    var open: bool;
    var maxP: int;
    var next: int;
    var rounds: int;
    while (rounds < 2 && role == 2) {
      open = false; maxP = 0;
      foreach (e in keys(proposal)) {
        if (!(e in chosen)) { open = true; }
        if (e > maxP) { maxP = e; }
      }
      next = CommitEpoch() + 1;
      if (cfg.mutant == RX_MA && sizeof(proposal) > 0) { next = Max(CommitEpoch(), maxP) + 1; }
      if (next > cfg.maxEpoch || next in proposal || (open && cfg.mutant != RX_MA)) { return; }
      Open(next, next * 1000 + me * 100 + ballot / 10);
      if (cfg.mutant != RX_MA) { return; }
      rounds = rounds + 1;
    }
  }

  // TLA+ Decide: chosen; RootCommit to everyone; open the next slot (MV: another value is committed).
  fun Decide(e: int) {
    var c: int;
    c = proposal[e];
    if (cfg.mutant == RX_MV) { c = -c; }
    announce eRMonTally, (kind = 2, bal = ballot, epoch = e, ids = aIds[e], n = cfg.n);
    if (aFwd[e] && cfg.mode == RM_CUSTODY) { announce eWitRCustodyQuorum; }
    else if (aFwd[e]) { announce eWitRDelegatedQuorum; }
    announce eRMonDecided, (epoch = e, cfg = c);
    announce eWitRChosen;
    if (e >= 2) { announce eWitRSecondEpoch; }
    Learn(e, c);
    Broadcast(net, reps, eRootCommit, (epoch = e, cfg = c));
    retries = 0;
    ProposeNext();
  }

  // ------------------------------------------------------------------ timers

  fun Arm() {
    if (ticking) { return; }
    ticking = true;
    timerId = timerId + 1;
    NTimer(net, this, timerId);
  }

  // A timeout flushes every relay buffer and re-sends the outstanding request of this ballot (at
  // most twice). M3: the silent replicas are taken for dead, so any answer is a majority of the rest.
  fun Tick() {
    var c: int;
    var ks: seq[int];
    var e: int;
    var low: int;
    ks = keys(relayVoters);
    foreach (c in ks) { Flush(c); }
    if (role == 1) {
      if (cfg.mutant == RX_M3 && sizeof(pIds) > 0) { BecomeLeader(); return; }
      if (retries < 2) {
        retries = retries + 1;
        // CUSTODY: a re-sent prepare keeps the election's low, the slots the promises are counted for.
        if (cfg.mode == RM_CUSTODY) { low = pLow; } else { low = CommitEpoch() + 1; }
        Broadcast(net, reps, eRootPrepare, (bal = ballot, cand = me, low = low, nuclear = nuclear));
        Arm();
      }
    } else if (role == 2) {
      low = 0;
      foreach (e in keys(proposal)) { if (!(e in chosen) && (low == 0 || e < low)) { low = e; } }
      if (low == 0) { return; }
      if (cfg.mutant == RX_M3 && sizeof(aIds[low]) > 0) { Decide(low); return; }
      if (retries < 2) {
        retries = retries + 1;
        foreach (e in keys(proposal)) {
          if (!(e in chosen)) { Broadcast(net, reps, eRootAccept, (bal = ballot, epoch = e, cfg = proposal[e], leader = me)); }
        }
        Arm();
      }
    }
  }
}

// The environment's election timeouts (§4.2 rootTimer): at points the network's timer chooses, a
// replica chosen at random runs for root leader, `rounds` times per run.
machine RootElector {
  var net: machine;
  var reps: seq[machine];
  var rounds: int;
  var fired: int;
  start state Run {
    entry (a: (net: machine, reps: seq[machine], rounds: int)) {
      net = a.net; reps = a.reps; rounds = a.rounds;
      NTimer(net, this, 1);
    }
    on eTimeout do (id: int) {
      NSend(net, reps[choose(sizeof(reps))], eRunForLeader, fired);
      fired = fired + 1;
      if (fired < rounds) { NTimer(net, this, 1); }
    }
  }
}
