------------------------------ MODULE AliaRoot ------------------------------
(***************************************************************************)
(* The root tier of Alia / hierarchical consensus (brief Alia.md §4.2,     *)
(* §4.3): Multi-Paxos over epoch slots, where root slot e decides the      *)
(* configuration of epoch e, run by every replica of a fixed universe,     *)
(* with delegated voting.  The data plane (subquorums, tags, handoff) is   *)
(* left out: a configuration is an opaque value here (brief §7 MC-A).      *)
(*                                                                         *)
(*  - Election = Phase 1: a candidate sends RootPrepare for every epoch    *)
(*    above its commit point; a replica promises a ballot at least its     *)
(*    promise and reports what it accepted or learned.  With promises from *)
(*    a strict majority of Replicas the candidate leads: it learns slots   *)
(*    reported chosen and re-proposes, per slot, the value accepted at the *)
(*    highest ballot (§4.2 BecomeRootLeader).                              *)
(*  - Epoch commit = Phase 2, with alpha = 1: a leader opens slot e only   *)
(*    once it knows slots 1..e-1 chosen.                                   *)
(*  - Delegated voting (§4.3), by DelegationMode:                          *)
(*     "RELAY" (the repository's design, §4.3.2): every acceptor act is    *)
(*       performed and persisted by the replica that owns the vote; a      *)
(*       delegated replica may route its reply through its delegate, which *)
(*       forwards the ids it heard from in one message.  Routing is a hint: *)
(*       a replica may always answer directly (a retransmission does).     *)
(*     "PAPER_LITERAL" (the seed's scheme, §4.3.3, finding F3): a delegate *)
(*       votes for the replicas it believes delegated to it, without       *)
(*       hearing from them; a delegated replica ignores root requests;     *)
(*       each side forgets the delegation on its own (K root events or a   *)
(*       timeout).  Must break RootAgreement.                              *)
(*     "CUSTODY" (§4.3.4): before it acts on a slot a replica may hand its *)
(*       vote for that slot to a custodian, for good; the custodian keeps  *)
(*       a proxy promise and accepted value for it, applies the acceptor   *)
(*       guards to them and answers for it; the replica never answers for  *)
(*       the slot itself (C1-C4).  A replica's promise covers every slot,  *)
(*       so the proxy starts at that promise (ProxyStart; the brief's C3   *)
(*       "starting at Zero" is mutant MZ), and a candidate needs a quorum  *)
(*       of promises in every slot from its commit point on: a replica's   *)
(*       own promise counts for the slots it kept, a custodian's for one.  *)
(*  - Counting (§4.3.2 R2, R3): a leader counts the SET of voter ids over  *)
(*    the messages it uses, against a strict majority of the universe.     *)
(*                                                                         *)
(* Abstractions: ballots are integers not owned by anyone in advance; a    *)
(* ballot is started by at most one candidate (the brief's <<round, pid>>  *)
(* makes that so).  Messages stay in `msgs` (loss, duplication and         *)
(* reordering for free).  Vote tallies are not stored: a candidate or     *)
(* leader declares a quorum from any set of received messages whose ids   *)
(* pass the quorum rule (Lamport's Paxos.tla style).  Heartbeats and     *)
(* petitions are not modelled (the liveness properties assume their       *)
(* effect: a stable last ballot, see FairSpec); the delegation budget K is *)
(* a nondeterministic lapse.  Crash-recovery keeps the durable state of    *)
(* §1.2 and loses the rest.                                                 *)
(*                                                                         *)
(* The nuclear option (§4.10) is an election marked nuclear: in RELAY its  *)
(* promises go directly to the candidate, and the winner must still obey   *)
(* the Phase-1 rule (M12 breaks that).  Its trigger (a failed election)    *)
(* is a timer and is not modelled: any election may be nuclear.  Neither   *)
(* is it modelled for PAPER_LITERAL, whose counterexample needs none.      *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    Replicas,        \* the fixed universe (every replica is a root acceptor)
    Configs,         \* opaque configurations (all valid, brief §7 MC-A)
    MaxEpoch,        \* root slots 1..MaxEpoch (epoch 0 is the genesis, known to all)
    MaxBallot,       \* ballots 1..MaxBallot
    MaxCrashes,      \* crash budget
    DelegationMode,  \* "RELAY", "PAPER_LITERAL" or "CUSTODY"
    NIL

N == Cardinality(Replicas)
Epochs == 1 .. MaxEpoch
Ballots == 1 .. MaxBallot

ASSUME AliaRootAssume ==
    /\ N >= 1 /\ MaxEpoch >= 1 /\ MaxBallot >= 1 /\ MaxCrashes \in Nat
    /\ DelegationMode \in {"RELAY", "PAPER_LITERAL", "CUSTODY"}
    /\ NIL \notin Replicas \cup Configs

VARIABLES
    \* durable (§1.2)
    rPromised,    \* rPromised[r]: highest root ballot promised (0: none)
    rAccepted,    \* rAccepted[r][e]: [bal, cfg] accepted for slot e, or NIL
    rChosen,      \* rChosen[r][e]: the configuration r learned for epoch e, or NIL
    custody,      \* CUSTODY: custody[r][e], the custodian of r's vote for slot e, or NIL
    proxyProm,    \* CUSTODY: proxyProm[d][r][e], the promise d keeps for r's vote in slot e
    proxyAcc,     \* CUSTODY: proxyAcc[d][r][e], the [bal, cfg] d accepted for r in slot e, or NIL
    \* volatile
    up,           \* up[r]: not crashed
    role,         \* "F", "C" (candidate) or "L"
    rBallot,      \* the ballot r leads or tries to lead (0: none)
    proposal,     \* proposal[r][e]: the configuration r proposed for e in rBallot[r], or NIL
    deleg,        \* deleg[r]: r's delegate, or NIL (RELAY, PAPER_LITERAL)
    dlgs,         \* PAPER_LITERAL: dlgs[d], the replicas d believes delegated to it
    msgs,         \* every message sent
    \* ghost
    ballotOf,     \* ballotOf[b]: the candidate that started ballot b, or NIL
    tally,        \* the latest quorum declaration: [kind, bal, epoch, ids, reports], or NIL.
                  \* Acts only accumulate, so a declaration honest when made stays honest:
                  \* checking the latest one in every state checks them all.  A new
                  \* leader's declaration also keeps the reports its quorum carried.
    chosenCfgs,   \* chosenCfgs[e]: the configurations declared chosen for epoch e
    crashes,      \* crashes so far
    crashed,      \* crashed[r]: r crashed at least once
    revived       \* replicas that performed an acceptor act after a crash

durableVars == <<rPromised, rAccepted, rChosen>>
volatileVars == <<up, role, rBallot, proposal, deleg, dlgs>>
ghostVars == <<ballotOf, tally, chosenCfgs, crashes, crashed, revived>>
custodyVars == <<custody, proxyProm, proxyAcc>>
vars == <<durableVars, custodyVars, volatileVars, msgs, ghostVars>>

Accepted == [bal : Ballots, cfg : Configs]
Report == [voter : Replicas, epoch : Epochs, kind : {"Accepted", "Chosen"}, vbal : 0 .. MaxBallot, cfg : Configs]

AliaRootTypeOK ==
    /\ rPromised \in [Replicas -> 0 .. MaxBallot]
    /\ rAccepted \in [Replicas -> [Epochs -> Accepted \cup {NIL}]]
    /\ rChosen \in [Replicas -> [Epochs -> Configs \cup {NIL}]]
    /\ custody \in [Replicas -> [Epochs -> Replicas \cup {NIL}]]
    /\ proxyProm \in [Replicas -> [Replicas -> [Epochs -> 0 .. MaxBallot]]]
    /\ proxyAcc \in [Replicas -> [Replicas -> [Epochs -> Accepted \cup {NIL}]]]
    /\ up \in [Replicas -> BOOLEAN]
    /\ role \in [Replicas -> {"F", "C", "L"}]
    /\ rBallot \in [Replicas -> 0 .. MaxBallot]
    /\ proposal \in [Replicas -> [Epochs -> Configs \cup {NIL}]]
    /\ deleg \in [Replicas -> Replicas \cup {NIL}]
    /\ dlgs \in [Replicas -> SUBSET Replicas]
    /\ ballotOf \in [Ballots -> Replicas \cup {NIL}]
    /\ chosenCfgs \in [Epochs -> SUBSET Configs]
    /\ crashes \in 0 .. MaxCrashes
    /\ revived \subseteq Replicas

Init ==
    /\ rPromised = [r \in Replicas |-> 0]
    /\ rAccepted = [r \in Replicas |-> [e \in Epochs |-> NIL]]
    /\ rChosen = [r \in Replicas |-> [e \in Epochs |-> NIL]]
    /\ custody = [r \in Replicas |-> [e \in Epochs |-> NIL]]
    /\ proxyProm = [d \in Replicas |-> [r \in Replicas |-> [e \in Epochs |-> 0]]]
    /\ proxyAcc = [d \in Replicas |-> [r \in Replicas |-> [e \in Epochs |-> NIL]]]
    /\ up = [r \in Replicas |-> TRUE]
    /\ role = [r \in Replicas |-> "F"]
    /\ rBallot = [r \in Replicas |-> 0]
    /\ proposal = [r \in Replicas |-> [e \in Epochs |-> NIL]]
    /\ deleg = [r \in Replicas |-> NIL]
    /\ dlgs = [r \in Replicas |-> {}]
    /\ msgs = {}
    /\ ballotOf = [b \in Ballots |-> NIL]
    /\ tally = NIL
    /\ chosenCfgs = [e \in Epochs |-> {}]
    /\ crashes = 0
    /\ crashed = [r \in Replicas |-> FALSE]
    /\ revived = {}

Send(m) == msgs' = msgs \cup {m}
SendAll(M) == msgs' = msgs \cup M

\* The commit point: the largest e with 1..e all learned (§2.1 commitEpoch).
CommitEpoch(r) == LET S == {e \in 0 .. MaxEpoch : \A f \in 1 .. e : rChosen[r][f] # NIL}
                  IN CHOOSE e \in S : \A f \in S : f <= e

-----------------------------------------------------------------------------
(* Overridable rules: the MC module replaces one per mutant (brief §8).     *)

\* §4.3.2 R2, R3: a quorum is a strict majority of the universe, counted as
\* the set of voter ids over the messages used (M2: a sum over messages;
\* M3: a majority of the replicas not suspected; M4: 2|ids| >= N).
IsQuorum(M) == 2 * Cardinality(UNION {m.voters : m \in M}) > N
\* §4.2 RootAccept guard (M13: dropped).
AcceptGuard(prom, b) == b >= prom
\* §4.2 accepting raises the promise to the ballot (MR: it does not).
PromiseOnAccept(prom, b) == IF b > prom THEN b ELSE prom
\* The ballot an acceptor records with an accepted value (MT: a bad one).
AcceptedBal(b) == b
\* §1.2 the promise is durable: a recovered replica keeps it (MP: it falls
\* back to the highest ballot it accepted, as if the promise was not synced).
PromiseAfterRestart(r) == rPromised[r]
\* §4.2 alpha = 1: a leader opens slot e only when e is the first slot it
\* has not learned and no slot of its is open (MA: any slot not open).
MayOpen(l, e) == e = CommitEpoch(l) + 1 /\ \A f \in Epochs : proposal[l][f] # NIL => rChosen[l][f] # NIL
\* §4.2 the leader commits the configuration it proposed (MV: another one).
CommitValue(l, e) == proposal[l][e]
\* §4.10: a leader re-proposes, in Phase 2, every slot in `redo` (the slots
\* from its commit point on that its Phase-1 quorum reported accepted and not
\* chosen), nuclear or not (M12: a nuclear leader skips the first of them
\* and may propose any configuration there).
ReproposeSlots(c, redo) == redo
\* §4.2 BecomeRootLeader: of the accepted reports for a slot, the one of the
\* highest ballot (Paxos Phase 2a's rule; mutant MSL takes the lowest).
HighestReport(S) == CHOOSE p \in S : \A q \in S : q.vbal <= p.vbal
\* §4.3.4 C4: custody is never revoked (M15: it lapses, and the replica votes
\* itself again).
MayRevokeCustody == FALSE
\* §4.3.4 C1/C3: the proxy starts at the replica's promise, which covers every
\* slot and so this one (MZ: at Zero, as C3 reads, which forgets a promise
\* the replica gave before it handed the slot over).
ProxyStart(r) == rPromised[r]
\* §4.3.2: in RELAY a reply may go through a delegate (one liveness model
\* turns that off for size).
RelayRoutes == DelegationMode = "RELAY"
\* §4.10: any election may be nuclear, except in PAPER_LITERAL (not modelled
\* there); the liveness models turn them off for size.
NuclearElections == DelegationMode # "PAPER_LITERAL"
\* §4.2 on RootPrepare: a candidate or leader that promises another
\* candidate's higher ballot steps down (MD: it keeps its role).
StepsDown(r, m) == m.cand # r /\ m.bal > rBallot[r]
\* §10.3 NextConfig, the root policy: a leader may propose any valid
\* configuration (the L6 model: exactly the one that recasts the replicas
\* down as spares; MN: one that never recasts).
PolicyAllows(l, cfg) == TRUE
\* The spares a configuration names (§4.10, §10.4): configurations are opaque
\* here, so none; the L6 model's configurations are sets of spares.
Spares(cfg) == {}
\* Whether a replica may crash now (the L6 model: only before any message,
\* so that its one slot can recast it).
MayCrash == TRUE

-----------------------------------------------------------------------------
(* Delegation (§4.3).                                                       *)

\* PAPER_LITERAL: r picks a delegate (in RELAY the route is chosen per reply,
\* see RouteVote).  No chains (§5.3).
Delegate(r, d) ==
    /\ DelegationMode = "PAPER_LITERAL"
    /\ up[r] /\ up[d] /\ d # r /\ deleg[r] = NIL /\ deleg[d] = NIL
    /\ ~\E x \in Replicas : deleg[x] = r
    /\ deleg' = [deleg EXCEPT ![r] = d]
    /\ dlgs' = [dlgs EXCEPT ![d] = @ \cup {r}]
    /\ UNCHANGED <<custodyVars, durableVars, up, role, rBallot, proposal, msgs, ghostVars>>

\* The delegator's side of a delegation ends (its budget K of root events is
\* spent, or its timeout fires).
Lapse(r) ==
    /\ deleg[r] # NIL
    /\ deleg' = [deleg EXCEPT ![r] = NIL]
    /\ UNCHANGED <<custodyVars, durableVars, up, role, rBallot, proposal, dlgs, msgs, ghostVars>>

\* PAPER_LITERAL: the delegate's side ends on its own count of root events.
DelegateLapse(d, r) ==
    /\ r \in dlgs[d]
    /\ dlgs' = [dlgs EXCEPT ![d] = @ \ {r}]
    /\ UNCHANGED <<custodyVars, durableVars, up, role, rBallot, proposal, deleg, msgs, ghostVars>>

\* The delegated replicas whose ids a delegate adds to its own vote: only
\* PAPER_LITERAL does so (phantom votes, §4.3.3).
Phantoms(d) == IF DelegationMode = "PAPER_LITERAL" THEN dlgs[d] ELSE {}

\* PAPER_LITERAL: a delegated replica ignores root requests.  (CUSTODY C2 is
\* per slot: see Accept and the `excl` of a promise.)
Ignores(r) == DelegationMode = "PAPER_LITERAL" /\ deleg[r] # NIL

\* The slots whose vote r handed to a custodian (CUSTODY).
Handed(r) == {e \in Epochs : custody[r][e] # NIL}

\* CUSTODY C1: r hands its vote for slot e to d while it has neither accepted
\* nor learned anything there, and persists that first; the proxy starts at
\* ProxyStart(r).  No chains in one slot.  The Delegate message is taken as
\* delivered at once: until it arrives nobody acts for r in slot e, so a
\* delay only costs r's vote (liveness), and a later copy would carry a
\* promise at least as high (the C# re-sends it as a reminder).
GiveCustody(r, d) ==
    /\ DelegationMode = "CUSTODY"
    /\ up[r] /\ d # r
    /\ \E e \in Epochs :
        /\ custody[r][e] = NIL /\ custody[d][e] = NIL
        /\ ~\E x \in Replicas : custody[x][e] = r
        /\ rAccepted[r][e] = NIL /\ rChosen[r][e] = NIL
        /\ custody' = [custody EXCEPT ![r][e] = d]
        /\ proxyProm' = [proxyProm EXCEPT ![d][r][e] = ProxyStart(r)]
    /\ UNCHANGED <<durableVars, proxyAcc, volatileVars, msgs, ghostVars>>

\* M15 only (MayRevokeCustody): the custody lapses, on a heartbeat say.
RevokeCustody(r) ==
    /\ MayRevokeCustody
    /\ \E e \in Handed(r) : custody' = [custody EXCEPT ![r][e] = NIL]
    /\ UNCHANGED <<durableVars, proxyProm, proxyAcc, volatileVars, msgs, ghostVars>>

-----------------------------------------------------------------------------
(* Messages (§3.1, §3.2).                                                   *)
(* The lines "chart: TYPE from FIELD to FIELD" tell ./pando explain which   *)
(* field names a message's sender and receiver when it draws a trace.      *)
\* chart: Prepare from cand
\* chart: Promise from via to cand
\* chart: Accept from leader
\* chart: Accepted from via to cand
\* chart: Relay from voter

MsgPrepare(b, c, low, nuclear) == [type |-> "Prepare", bal |-> b, cand |-> c, low |-> low, nuclear |-> nuclear]
\* Ballot b was started by a nuclear election (§4.10).
NuclearBallot(b) == \E m \in msgs : m.type = "Prepare" /\ m.bal = b /\ m.nuclear
\* `excl`: the slots the promise does not cover (CUSTODY C2: handed over).
MsgPromise(b, c, V, R, via, X) == [type |-> "Promise", bal |-> b, cand |-> c, voters |-> V, reports |-> R, via |-> via, excl |-> X]
MsgAccept(b, e, cfg, l) == [type |-> "Accept", bal |-> b, epoch |-> e, cfg |-> cfg, leader |-> l]
MsgAccepted(b, e, l, V, via) == [type |-> "Accepted", bal |-> b, epoch |-> e, cand |-> l, voters |-> V, via |-> via]
MsgCommit(e, cfg) == [type |-> "Commit", epoch |-> e, cfg |-> cfg]
\* CUSTODY: custodian d's vote for r in slot e (its proxy act), one message per vote.
MsgPromiseProxy(b, c, r, R, d, e) == [type |-> "Promise", bal |-> b, cand |-> c, voters |-> {r}, reports |-> R, via |-> d, proxy |-> r, slot |-> e]
MsgAcceptedProxy(b, e, l, r, d) == [type |-> "Accepted", bal |-> b, epoch |-> e, cand |-> l, voters |-> {r}, via |-> d, proxy |-> r]
\* CUSTODY: whether promise m counts for slot e: a custodian's for its one
\* slot, a replica's own for every slot it did not exclude.
Covers(m, e) == IF "proxy" \in DOMAIN m THEN m.slot = e ELSE e \notin m.excl
\* RELAY: a delegated replica's own act, routed through a delegate.  Which
\* replica delegates forward is not recorded: a forwarded message carries
\* `via` = DELEGATE (the counting rule uses only the voter ids).
MsgRelay(v, kind, b, e, c, R) ==
    [type |-> "Relay", voter |-> v, kind |-> kind, bal |-> b, epoch |-> e, cand |-> c, reports |-> R]
DELEGATE == "delegate"

\* What r reports for epochs >= low (§4.2 on RootPrepare).
ReportsOf(r, low) ==
    {[voter |-> r, epoch |-> e, kind |-> "Chosen", vbal |-> 0, cfg |-> rChosen[r][e]] :
        e \in {f \in Epochs : f >= low /\ rChosen[r][f] # NIL}}
    \cup
    {[voter |-> r, epoch |-> e, kind |-> "Accepted", vbal |-> rAccepted[r][e].bal, cfg |-> rAccepted[r][e].cfg] :
        e \in {f \in Epochs : f >= low /\ rChosen[r][f] = NIL /\ rAccepted[r][f] # NIL}}

\* RouteVote (§4.3.2): the reply goes to the requester directly or, in
\* RELAY, through a delegate.  Which delegate, and whether the delegation
\* has lapsed, only decides the route (rule 4: lapse, renewal, the
\* once-per-epoch rule and the choice of delegate affect liveness only), so
\* RELAY lets any reply go through a delegate: every delegation map and
\* every re-delegation at once, with no delegation state.  A promise for a
\* nuclear ballot (§4.10) always goes directly.
RouteVote(r, kind, b, e, c, R, direct_only) ==
    LET direct == IF kind = "Promise" THEN MsgPromise(b, c, {r} \cup Phantoms(r), R, r, Handed(r))
                  ELSE MsgAccepted(b, e, c, {r} \cup Phantoms(r), r)
    IN IF RelayRoutes /\ ~direct_only
       THEN \/ Send(direct)
            \/ Send(MsgRelay(r, kind, b, e, c, R))
       ELSE Send(direct)

\* r performs an acceptor act (it counts as revived if it crashed before).
DidAct(r) == revived' = IF crashed[r] THEN revived \cup {r} ELSE revived

\* The acts replica r performed itself, read off the messages it sent: its
\* own direct reply (via = r), its relayed vote, or (CUSTODY) its
\* custodian's act on its proxy state.  A delegate's phantom ids
\* (PAPER_LITERAL) are in its own direct reply but are no act of theirs.
\* The act kinds are the names of the direct replies.
Acted(r, kind, b, e) == \E m \in msgs :
    \/ /\ m.type = kind
       /\ m.via = r /\ m.bal = b /\ (kind = "Accepted" => m.epoch = e)
    \/ /\ m.type = kind /\ "proxy" \in DOMAIN m /\ m.proxy = r
       /\ m.bal = b /\ (kind = "Accepted" => m.epoch = e)
    \/ /\ m.type = "Relay" /\ m.voter = r /\ m.kind = kind /\ m.bal = b /\ (kind = "Accepted" => m.epoch = e)

-----------------------------------------------------------------------------
(* Root acceptor (§4.2).                                                    *)

\* on RootPrepare (TLA+ Phase 1b): promise a ballot at least the promise and
\* report from low on.
Promise(r) ==
    /\ up[r] /\ ~Ignores(r)
    /\ \E m \in msgs :
        /\ m.type = "Prepare" /\ m.bal >= rPromised[r]
        /\ rPromised' = [rPromised EXCEPT ![r] = m.bal]
        /\ role' = IF StepsDown(r, m) THEN [role EXCEPT ![r] = "F"] ELSE role
        /\ DidAct(r)
        /\ RouteVote(r, "Promise", m.bal, 0, m.cand, ReportsOf(r, m.low), m.nuclear)
    /\ UNCHANGED <<custodyVars, rAccepted, rChosen, up, rBallot, proposal, deleg, dlgs,
                   ballotOf, tally, chosenCfgs, crashes, crashed>>

\* on RootAccept (TLA+ Phase 2b): accept at a ballot at least the promise
\* (M13: whatever the promise), unless the slot is learned.
Accept(r) ==
    /\ up[r] /\ ~Ignores(r)
    /\ \E m \in msgs :
        /\ m.type = "Accept" /\ AcceptGuard(rPromised[r], m.bal)
        /\ custody[r][m.epoch] = NIL       \* CUSTODY C2
        /\ rChosen[r][m.epoch] = NIL
        /\ rAccepted[r][m.epoch] # [bal |-> m.bal, cfg |-> m.cfg]
        /\ rPromised' = [rPromised EXCEPT ![r] = PromiseOnAccept(@, m.bal)]
        /\ rAccepted' = [rAccepted EXCEPT ![r][m.epoch] = [bal |-> AcceptedBal(m.bal), cfg |-> m.cfg]]
        /\ DidAct(r)
        /\ RouteVote(r, "Accepted", m.bal, m.epoch, m.leader, {}, FALSE)
    /\ UNCHANGED <<custodyVars, rChosen, volatileVars, ballotOf, tally, chosenCfgs, crashes, crashed>>

\* CUSTODY C3 on RootPrepare: the custodian applies the acceptor guard to the
\* proxy promise it keeps for r's vote in a slot from the prepare's low on,
\* and answers for r in that slot.
ProxyPromise(d, r) ==
    /\ DelegationMode = "CUSTODY" /\ up[d]
    /\ \E m \in msgs, e \in Epochs :
        /\ custody[r][e] = d
        /\ m.type = "Prepare" /\ e >= m.low /\ m.bal >= proxyProm[d][r][e]
        /\ proxyProm' = [proxyProm EXCEPT ![d][r][e] = m.bal]
        /\ LET R == IF proxyAcc[d][r][e] # NIL
                     THEN {[voter |-> r, epoch |-> e, kind |-> "Accepted", vbal |-> proxyAcc[d][r][e].bal, cfg |-> proxyAcc[d][r][e].cfg]}
                     ELSE {}
           IN Send(MsgPromiseProxy(m.bal, m.cand, r, R, d, e))
    /\ UNCHANGED <<durableVars, custody, proxyAcc, volatileVars, ghostVars>>

\* CUSTODY C3 on RootAccept: the same for the proxy's accepted value.
ProxyAccept(d, r) ==
    /\ DelegationMode = "CUSTODY" /\ up[d]
    /\ \E m \in msgs :
        /\ m.type = "Accept" /\ custody[r][m.epoch] = d
        /\ AcceptGuard(proxyProm[d][r][m.epoch], m.bal)
        /\ proxyAcc[d][r][m.epoch] # [bal |-> m.bal, cfg |-> m.cfg]
        /\ proxyProm' = [proxyProm EXCEPT ![d][r][m.epoch] = PromiseOnAccept(@, m.bal)]
        /\ proxyAcc' = [proxyAcc EXCEPT ![d][r][m.epoch] = [bal |-> AcceptedBal(m.bal), cfg |-> m.cfg]]
        /\ Send(MsgAcceptedProxy(m.bal, m.epoch, m.leader, r, d))
    /\ UNCHANGED <<durableVars, custody, volatileVars, ghostVars>>

\* RELAY DelegateFlush: a delegate forwards, in one message, the ids (and
\* reports) of the votes of one act relayed so far.  Relays arrive in any
\* order and a flush may come at any time, so every grouping of the votes
\* into messages is reached in some behaviour.
Flush ==
    /\ DelegationMode = "RELAY"
    /\ \E m \in msgs :
        /\ m.type = "Relay"
        /\ LET B == {x \in msgs : x.type = "Relay" /\ x.kind = m.kind /\ x.bal = m.bal
                                 /\ x.epoch = m.epoch /\ x.cand = m.cand}
           IN Send(IF m.kind = "Promise"
                   THEN MsgPromise(m.bal, m.cand, {x.voter : x \in B}, UNION {x.reports : x \in B}, DELEGATE, {})
                   ELSE MsgAccepted(m.bal, m.epoch, m.cand, {x.voter : x \in B}, DELEGATE))
    /\ UNCHANGED <<custodyVars, durableVars, volatileVars, ghostVars>>

-----------------------------------------------------------------------------
(* Root proposer and leader (§4.2).                                         *)

\* RootStartElection: c starts a ballot nobody started, above its promise;
\* NuclearElection (§4.10) is the same with `nuclear` set.
StartElection(c, b, nuclear) ==
    /\ up[c] /\ role[c] # "L" /\ ballotOf[b] = NIL /\ b > rPromised[c]
    /\ nuclear => NuclearElections
    /\ ballotOf' = [ballotOf EXCEPT ![b] = c]
    /\ role' = [role EXCEPT ![c] = "C"]
    /\ rBallot' = [rBallot EXCEPT ![c] = b]
    /\ proposal' = [proposal EXCEPT ![c] = [e \in Epochs |-> NIL]]
    /\ Send(MsgPrepare(b, c, CommitEpoch(c) + 1, nuclear))
    /\ UNCHANGED <<custodyVars, durableVars, up, deleg, dlgs, tally, chosenCfgs, crashes, crashed, revived>>

\* BecomeRootLeader: promises whose voters form a quorum (CUSTODY: in every
\* slot from the commit point on, counting the promises that cover it).  Slots reported
\* chosen are learned; a slot with accepted reports gets the value of the
\* highest reported ballot; the loop stops at the first slot with no report.
BecomeLeader(c) ==
    /\ up[c] /\ role[c] = "C"
    /\ \E P \in SUBSET {m \in msgs : m.type = "Promise" /\ m.bal = rBallot[c] /\ m.cand = c} :
        /\ IsQuorum(P)
        /\ DelegationMode = "CUSTODY" =>
              \A e \in Epochs : e > CommitEpoch(c) => IsQuorum({m \in P : Covers(m, e)})
        /\ LET R == UNION {m.reports : m \in P}
               ids == UNION {m.voters : m \in P}
               ChosenRep(e) == {p \in R : p.epoch = e /\ p.kind = "Chosen"}
               AccRep(e) == {p \in R : p.epoch = e /\ p.kind = "Accepted"}
               Reported(e) == ChosenRep(e) # {} \/ AccRep(e) # {}
               low == CommitEpoch(c) + 1
               \* the slots from low up to the first one nobody reported
               span == {e \in Epochs : e >= low /\ \A f \in low .. e : Reported(f)}
               Top(e) == HighestReport(AccRep(e))
               learned == [e \in Epochs |-> IF e \in span /\ ChosenRep(e) # {} THEN (CHOOSE p \in ChosenRep(e) : TRUE).cfg
                                            ELSE rChosen[c][e]]
               redo == ReproposeSlots(c, {e \in span : ChosenRep(e) = {}})
           IN /\ role' = [role EXCEPT ![c] = "L"]
              /\ rChosen' = [rChosen EXCEPT ![c] = learned]
              /\ proposal' = [proposal EXCEPT ![c] = [e \in Epochs |-> IF e \in redo THEN Top(e).cfg ELSE NIL]]
              /\ tally' = [kind |-> "Promise", bal |-> rBallot[c], epoch |-> 0, ids |-> ids, reports |-> R]
              /\ SendAll({MsgAccept(rBallot[c], e, Top(e).cfg, c) : e \in redo})
    /\ UNCHANGED <<custodyVars, rPromised, rAccepted, up, rBallot, deleg, dlgs,
                   ballotOf, chosenCfgs, crashes, crashed, revived>>

\* RootPropose (alpha = 1): the leader opens the next slot with any valid
\* configuration once every earlier slot is learned and none is open.
Propose(l, e, cfg) ==
    /\ up[l] /\ role[l] = "L" /\ proposal[l][e] = NIL /\ rChosen[l][e] = NIL
    /\ MayOpen(l, e) /\ PolicyAllows(l, cfg)
    /\ proposal' = [proposal EXCEPT ![l][e] = cfg]
    /\ Send(MsgAccept(rBallot[l], e, cfg, l))
    /\ UNCHANGED <<custodyVars, durableVars, up, role, rBallot, deleg, dlgs, ghostVars>>

\* on RootAccepted from a quorum: chosen; RootCommit to everyone.
Decide(l, e) ==
    /\ up[l] /\ role[l] = "L" /\ proposal[l][e] # NIL /\ rChosen[l][e] = NIL
    /\ \E A \in SUBSET {m \in msgs : m.type = "Accepted" /\ m.bal = rBallot[l] /\ m.epoch = e /\ m.cand = l} :
        /\ IsQuorum(A)
        /\ tally' = [kind |-> "Accepted", bal |-> rBallot[l], epoch |-> e, ids |-> UNION {m.voters : m \in A}, reports |-> {}]
    /\ rChosen' = [rChosen EXCEPT ![l][e] = CommitValue(l, e)]
    /\ chosenCfgs' = [chosenCfgs EXCEPT ![e] = @ \cup {CommitValue(l, e)}]
    /\ Send(MsgCommit(e, CommitValue(l, e)))
    /\ UNCHANGED <<custodyVars, rPromised, rAccepted, volatileVars, ballotOf, crashes, crashed, revived>>

\* on RootCommit: learn (§4.2 Learn).
Learn(r) ==
    /\ up[r]
    /\ \E m \in msgs :
        /\ m.type = "Commit" /\ rChosen[r][m.epoch] = NIL
        /\ rChosen' = [rChosen EXCEPT ![r][m.epoch] = m.cfg]
    /\ UNCHANGED <<custodyVars, rPromised, rAccepted, volatileVars, msgs, ghostVars>>

\* Crash: the volatile state is lost (roles, proposals, delegations).
Crash(r) ==
    /\ up[r] /\ crashes < MaxCrashes /\ MayCrash
    /\ up' = [up EXCEPT ![r] = FALSE]
    /\ role' = [role EXCEPT ![r] = "F"]
    /\ rBallot' = [rBallot EXCEPT ![r] = 0]
    /\ proposal' = [proposal EXCEPT ![r] = [e \in Epochs |-> NIL]]
    /\ deleg' = [deleg EXCEPT ![r] = NIL]
    /\ dlgs' = [dlgs EXCEPT ![r] = {}]
    /\ crashes' = crashes + 1
    /\ crashed' = [crashed EXCEPT ![r] = TRUE]
    /\ UNCHANGED <<custodyVars, durableVars, msgs, ballotOf, tally, chosenCfgs, revived>>

Recover(r) ==
    /\ ~up[r]
    /\ up' = [up EXCEPT ![r] = TRUE]
    /\ rPromised' = [rPromised EXCEPT ![r] = PromiseAfterRestart(r)]
    /\ UNCHANGED <<custodyVars, rAccepted, rChosen, role, rBallot, proposal, deleg, dlgs, msgs, ghostVars>>

Next ==
    \/ Flush
    \/ \E r \in Replicas :
          \/ Promise(r) \/ Accept(r) \/ BecomeLeader(r) \/ Learn(r)
          \/ Lapse(r) \/ Crash(r) \/ Recover(r) \/ RevokeCustody(r)
          \/ \E d \in Replicas : Delegate(r, d) \/ DelegateLapse(r, d)
                               \/ GiveCustody(r, d) \/ ProxyPromise(r, d) \/ ProxyAccept(r, d)
          \/ \E b \in Ballots, nuclear \in BOOLEAN : StartElection(r, b, nuclear)
          \/ \E e \in Epochs : Decide(r, e)
          \/ \E e \in Epochs, cfg \in Configs : Propose(r, e, cfg)

Spec == Init /\ [][Next]_vars

\* Fairness for the liveness properties (brief §6.2): weak fairness on every
\* step of the protocol a live replica takes, and on starting the highest
\* ballot.  Crash and Recover get none: a crashed replica may stay down for
\* good (at most MaxCrashes of them, fewer than half of Replicas in the
\* liveness models).  Lapses, delegations and custody are not forced either.
\* A message, once sent, stays deliverable, so weak fairness on the
\* receiving step stands for the brief's eventually synchronous network.
Fairness ==
    /\ WF_vars(Flush)
    /\ WF_vars(\E c \in Replicas, nuclear \in BOOLEAN : StartElection(c, MaxBallot, nuclear))
    /\ \A r \in Replicas :
          /\ WF_vars(Promise(r)) /\ WF_vars(Accept(r)) /\ WF_vars(BecomeLeader(r)) /\ WF_vars(Learn(r))
          /\ WF_vars(\E e \in Epochs : Decide(r, e))
          /\ WF_vars(\E e \in Epochs, cfg \in Configs : Propose(r, e, cfg))
          /\ \A d \in Replicas : WF_vars(ProxyPromise(d, r)) /\ WF_vars(ProxyAccept(d, r))

FairSpec == Spec /\ Fairness

-----------------------------------------------------------------------------
(* Safety (brief §6.1).  IDs refer to docs/invariants.md.                   *)

\* ALIA-S1 RootAgreement: at most one configuration per epoch, declared or learned.
RootAgreementInv ==
    /\ \A e \in Epochs : Cardinality(chosenCfgs[e]) <= 1
    /\ \A p, q \in Replicas, e \in Epochs :
          rChosen[p][e] # NIL /\ rChosen[q][e] # NIL => rChosen[p][e] = rChosen[q][e]

\* ALIA-S2 RootValidity: a chosen configuration was proposed for its epoch.
RootValidityInv == \A e \in Epochs : \A c \in chosenCfgs[e] :
    \E m \in msgs : m.type = "Accept" /\ m.epoch = e /\ m.cfg = c

\* ALIA-S3 RootContiguity: epoch e is chosen only after epoch e - 1.
RootContiguityInv == \A e \in Epochs : e > 1 /\ chosenCfgs[e] # {} => chosenCfgs[e - 1] # {}

\* ALIA-S4 TallyHonesty: every id in a quorum declaration performed that act
\* (kind, ballot and, for an accept, epoch) itself (§4.3.2 R1).
TallyHonestyInv == tally # NIL => \A id \in tally.ids :
    /\ id \in Replicas
    /\ Acted(id, tally.kind, tally.bal, tally.epoch)

\* ALIA-S5 TallyIsMajority: every quorum declaration holds a strict majority
\* of the universe (so any two intersect).
TallyIsMajorityInv == tally # NIL => 2 * Cardinality(tally.ids) > N

\* ALIA-S19 RootProposalsSafe (Paxos's SafeAt, issue 47): an Accept of ballot b
\* for slot e never carries a configuration other than one a quorum holds as
\* accepted at a lower ballot for e (such a configuration is chosen).  A new
\* leader that re-proposes the wrong report fails here, at the step it sends
\* its Accept, before any replica votes for it.
RootProposalsSafeInv == \A m \in msgs : m.type = "Accept" =>
    \A b \in 1 .. m.bal - 1, c \in Configs \ {m.cfg} :
        ~(2 * Cardinality({r \in Replicas : rAccepted[r][m.epoch] = [bal |-> b, cfg |-> c]}) > N)

\* ALIA-S6 AcceptorMonotonicity (state part): an accepted ballot is never
\* above the promise.  The action part is AcceptorMonotonicProp.
AcceptedBelowPromiseInv ==
    /\ \A r \in Replicas, e \in Epochs : rAccepted[r][e] # NIL => rAccepted[r][e].bal <= rPromised[r]
    /\ \A d, r \in Replicas, e \in Epochs : proxyAcc[d][r][e] # NIL => proxyAcc[d][r][e].bal <= proxyProm[d][r][e]
AcceptorMonotonicProp == [][\A r \in Replicas : rPromised'[r] >= rPromised[r]]_vars

\* ALIA-S16 DelegationDiscipline (§5.3, §4.3.4 C4), the part this spec has
\* state for: a replica's custody, once given, never changes.  RELAY keeps no
\* delegation state here (the route is chosen per reply) and PAPER_LITERAL
\* delegates at will (a superset of the paper's once-per-epoch rule), so
\* the other parts of S16 are hygiene not checked at this level.
DelegationDisciplineProp == [][\A r \in Replicas, e \in Epochs : custody[r][e] # NIL => custody'[r][e] = custody[r][e]]_vars

\* ALIA-R1 Refinement: the configurations chosen for each epoch refine
\* specs/Consensus.tla (written out per epoch: TLC does not check a
\* quantifier over [][A]_v formulas).
EpochConsensus(e) == INSTANCE Consensus WITH Value <- Configs, chosen <- chosenCfgs[e]
RootRefinementProp ==
    /\ \A e \in Epochs : EpochConsensus(e)!Init
    /\ [][\A e \in Epochs : [EpochConsensus(e)!Next]_(EpochConsensus(e)!vars)]_vars

-----------------------------------------------------------------------------
(* Liveness (brief §6.2), checked with FairSpec on small models without     *)
(* symmetry.  Ballots are bounded, so a model has a last ballot, and a      *)
(* crash of its candidate leaves no ballot to recover with: the properties  *)
(* assume the stable leader the brief's eventual synchrony provides, as     *)
(* "the candidate of the highest ballot started it and never crashes        *)
(* afterwards".  Which replica that is, and everything before it (lower     *)
(* ballots, crashes of other replicas for good, stale promises), is left   *)
(* to the model.                                                            *)

\* The candidate of the highest ballot started it and still runs it.
LastCandidateLive == ballotOf[MaxBallot] # NIL /\ up[ballotOf[MaxBallot]] /\ rBallot[ballotOf[MaxBallot]] = MaxBallot

\* ALIA-L1 RootProgress: with a stable leader and a live majority, every
\* root slot of the model gets a configuration (the petition for it is the
\* leader's Propose, which fairness makes it take).
RootProgressProp == <>[]LastCandidateLive => \A e \in Epochs : <>(chosenCfgs[e] # {})

\* One leader that every live replica follows: the others are not leaders
\* and promised its ballot.
StableLeader == \E l \in Replicas :
    /\ role[l] = "L"
    /\ \A r \in Replicas : up[r] => rPromised[r] = rBallot[l] /\ (r # l => role[r] # "L")

\* ALIA-L2 LeaderStability: eventually one leader for good, followed by
\* every live replica.
LeaderStabilityProp == <>[]LastCandidateLive => <>[]StableLeader

\* ALIA-L6 NuclearRecovery (RELAY): with a stable leader, every replica that
\* stays down for good is eventually recast as a spare by a chosen
\* configuration (the root policy recasts unresponsive replicas, §4.10).
NuclearRecoveryProp == <>[]LastCandidateLive =>
    \A r \in Replicas : <>[](~up[r]) => <>(\E e \in Epochs : \E c \in chosenCfgs[e] : r \in Spares(c))

-----------------------------------------------------------------------------
(* Reachability witnesses: a correct model must violate each.               *)

\* ALIA-W1 No configuration is chosen.
NothingChosenWitness == \A e \in Epochs : chosenCfgs[e] = {}
\* ALIA-W2 No quorum is declared that a delegate's message carrying two or
\* more votes could have been part of.
NoDelegatedQuorumWitness == tally # NIL =>
    ~\E m \in msgs : m.type \in {"Promise", "Accepted"} /\ m.via = DELEGATE /\ m.bal = tally.bal
                     /\ Cardinality(m.voters) >= 2 /\ m.voters \subseteq tally.ids
\* ALIA-W3 No second leader re-proposes a value reported accepted.
NoReproposeWitness == \A m1, m2 \in msgs :
    ~(m1.type = "Accept" /\ m2.type = "Accept" /\ m1.epoch = m2.epoch /\ m1.bal < m2.bal /\ m1.cfg = m2.cfg)
\* ALIA-W4 No epoch after the first is chosen.
NoSecondEpochWitness == \A e \in Epochs : e > 1 => chosenCfgs[e] = {}
\* ALIA-W19 No quorum is declared that counts a custodian's vote for a
\* replica in its custody (CUSTODY).
NoCustodyQuorumWitness == tally # NIL =>
    ~\E m \in msgs : m.type \in {"Promise", "Accepted"} /\ "proxy" \in DOMAIN m /\ m.bal = tally.bal /\ m.proxy \in tally.ids
\* ALIA-W23 No custodian accepts for a replica in a slot that the replica
\* handed over after it had promised for it (CUSTODY: the case where the
\* proxy must start at the promise, which MZ breaks).
NoHandoverAfterPromiseWitness == ~\E r \in Replicas, e \in Epochs :
    /\ custody[r][e] # NIL
    /\ \E m \in msgs : m.type = "Promise" /\ m.via = r /\ "excl" \in DOMAIN m /\ e \notin m.excl
    /\ \E a \in msgs : a.type = "Accepted" /\ "proxy" \in DOMAIN a /\ a.proxy = r /\ a.epoch = e
\* ALIA-W20 No nuclear leader proposes, in Phase 2, a configuration its own
\* Phase-1 quorum reported accepted for that slot at a lower ballot.
NoNuclearReproposeWitness == ~\E m \in msgs :
    /\ m.type = "Accept" /\ NuclearBallot(m.bal)
    /\ \E p \in msgs : p.type = "Promise" /\ p.bal = m.bal /\ p.cand = m.leader
                       /\ \E rep \in p.reports : rep.epoch = m.epoch /\ rep.kind = "Accepted" /\ rep.cfg = m.cfg
\* ALIA-W24 No chosen configuration names a spare (the L6 model: nobody is
\* ever recast).
NoRecastWitness == \A e \in Epochs : \A c \in chosenCfgs[e] : Spares(c) = {}
\* ALIA-W26 The new root leader's choice matters: the promise quorum a replica
\* has just led with reported, for one slot, two different configurations
\* accepted at two different ballots, so re-proposing the highest report's,
\* the lowest's or any one's differ (mutant MSL).  The reports are those of the
\* quorum BecomeLeader used (kept in the tally), not of promises that came later.
NoSplitReportWitness == ~(tally # NIL /\ tally.kind = "Promise" /\
    \E p1, p2 \in tally.reports :
        /\ p1.epoch = p2.epoch /\ p1.kind = "Accepted" /\ p2.kind = "Accepted"
        /\ p1.vbal # p2.vbal /\ p1.cfg # p2.cfg)
\* ALIA-W5 No replica that crashed performs an acceptor act afterwards.
NoVoteAfterRestartWitness == revived = {}
=============================================================================
