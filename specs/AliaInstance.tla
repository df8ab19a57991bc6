---------------------------- MODULE AliaInstance ----------------------------
(***************************************************************************)
(* Instance Paxos of Alia (brief Alia.md §4.5): each instance (i, x) runs   *)
(* its own Multi-Paxos among its members, and every message and every piece *)
(* of state is keyed by the instance.  specs/AliaHandoff.tla abstracts an   *)
(* instance to its chosen log (any proposed entry may be chosen in a slot,  *)
(* at most one per slot, never taken back); this module is the protocol     *)
(* under that abstraction, and InstanceRefinementProp checks that the       *)
(* entries it chooses in each slot of each instance are a behaviour of      *)
(* specs/Consensus.tla, which is that abstraction slot by slot.             *)
(*                                                                         *)
(*  - Round 0 is reserved for the configured leader (Hint), which skips     *)
(*    Phase 1: no ballot is lower, so nothing can be accepted before it.    *)
(*    Whether it used round 0 is durable (§4.5 usedRound0): after a crash  *)
(*    it must not use round 0 again, since it forgot what it proposed.     *)
(*  - Any member may take over with a higher round: Phase 1 over a strict   *)
(*    majority of the members, re-proposing in each reported slot the entry *)
(*    accepted at the highest ballot and filling gaps below the highest     *)
(*    reported slot with Noop.                                              *)
(*  - A replica may be a member of several instances (the same subquorum in *)
(*    consecutive epochs, brief §8 M11): ballots <<round, replica>> are per *)
(*    instance, so one replica can lead two instances with equal ballots,   *)
(*    and only the instance tag on a reply tells them apart.                *)
(*                                                                         *)
(* Abstractions: a ballot <<round, r>> is the integer round * 10 + r        *)
(* (replicas are 1..9).  Messages stay in `msgs` (loss, duplication and    *)
(* reordering for free).  A leader declares a quorum from any set of       *)
(* received messages whose senders pass the quorum rule.  Entries are      *)
(* opaque (client operations, EpochStart, EpochChange and Install are all  *)
(* values here); heartbeats and commit indices are not modelled: a Phase 1  *)
(* reply reports the whole accepted and committed logs, and the new leader  *)
(* learns the committed slots from it.  Crash-recovery keeps                *)
(* the durable state (promise, accepted and committed entries, round 0     *)
(* used) and loses the rest.                                                *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    Replicas,     \* replica ids, a subset of 1..9
    Insts,        \* the instances
    Members,      \* Members[I]: the members of instance I (from Cfg(x), brief §4.1)
    Hint,         \* Hint[I]: the configured leader of I, which may use round 0
    Values,       \* the entries leaders may propose
    Noop,         \* the filler entry of §4.5
    MaxSlot,      \* log slots 1..MaxSlot
    MaxRound,     \* rounds 0..MaxRound
    MaxCrashes,   \* crash budget
    NIL

Slots == 1 .. MaxSlot
Bal(k, r) == k * 10 + r
RoundOf(b) == b \div 10
Entries == Values \cup {Noop}

ASSUME AliaInstanceAssume ==
    /\ Replicas \subseteq 1 .. 9 /\ Replicas # {}
    /\ \A I \in Insts : Members[I] \subseteq Replicas /\ Members[I] # {} /\ Hint[I] \in Members[I]
    /\ Noop \notin Values /\ NIL \notin Entries
    /\ MaxSlot >= 1 /\ MaxRound >= 0 /\ MaxCrashes \in Nat

VARIABLES
    \* durable (§1.2)
    promised,     \* promised[p][I]: the highest ballot p promised in I (0: none)
    accepted,     \* accepted[p][I][s]: [bal, val] accepted in slot s, or NIL
    committed,    \* committed[p][I][s]: the entry p learned as chosen in slot s, or NIL
    usedRound0,   \* usedRound0[p][I]: p has led I in round 0
    \* volatile
    up,           \* up[p]: not crashed
    role,         \* role[p][I]: "F", "C" (candidate) or "L"
    ballot,       \* ballot[p][I]: the ballot p leads or tries to lead in I (0: none)
    proposal,     \* proposal[p][I][s]: the entry p proposed in slot s in its ballot, or NIL
    msgs,         \* every message sent
    \* ghost
    chosen,       \* chosen[I][s]: the entries declared chosen in slot s of I
    crashes,      \* crashes so far
    crashed,      \* crashed[p]: p crashed at least once
    revived       \* replicas that accepted an entry after a crash

durableVars == <<promised, accepted, committed, usedRound0>>
volatileVars == <<up, role, ballot, proposal>>
ghostVars == <<chosen, crashes, crashed, revived>>
vars == <<durableVars, volatileVars, msgs, ghostVars>>

Ballots == {Bal(k, r) : k \in 0 .. MaxRound, r \in Replicas}
Acc == [bal : Ballots, val : Entries]

AliaInstanceTypeOK ==
    /\ promised \in [Replicas -> [Insts -> Ballots \cup {0}]]
    /\ accepted \in [Replicas -> [Insts -> [Slots -> Acc \cup {NIL}]]]
    /\ committed \in [Replicas -> [Insts -> [Slots -> Entries \cup {NIL}]]]
    /\ usedRound0 \in [Replicas -> [Insts -> BOOLEAN]]
    /\ up \in [Replicas -> BOOLEAN]
    /\ role \in [Replicas -> [Insts -> {"F", "C", "L"}]]
    /\ ballot \in [Replicas -> [Insts -> Ballots \cup {0}]]
    /\ proposal \in [Replicas -> [Insts -> [Slots -> Entries \cup {NIL}]]]
    /\ chosen \in [Insts -> [Slots -> SUBSET Entries]]
    /\ crashes \in 0 .. MaxCrashes
    /\ revived \subseteq Replicas

NoLog == [s \in Slots |-> NIL]

Init ==
    /\ promised = [p \in Replicas |-> [I \in Insts |-> 0]]
    /\ accepted = [p \in Replicas |-> [I \in Insts |-> NoLog]]
    /\ committed = [p \in Replicas |-> [I \in Insts |-> NoLog]]
    /\ usedRound0 = [p \in Replicas |-> [I \in Insts |-> FALSE]]
    /\ up = [p \in Replicas |-> TRUE]
    /\ role = [p \in Replicas |-> [I \in Insts |-> "F"]]
    /\ ballot = [p \in Replicas |-> [I \in Insts |-> 0]]
    /\ proposal = [p \in Replicas |-> [I \in Insts |-> NoLog]]
    /\ msgs = {}
    /\ chosen = [I \in Insts |-> [s \in Slots |-> {}]]
    /\ crashes = 0
    /\ crashed = [p \in Replicas |-> FALSE]
    /\ revived = {}

Send(m) == msgs' = msgs \cup {m}
SendAll(M) == msgs' = msgs \cup M

-----------------------------------------------------------------------------
(* Overridable rules: the MC module replaces one per mutant (brief §8).     *)

\* §4.5 quorum: 2 * |votes| > |members(I)|, counting members of I only
\* (MQ: half the members are enough).
IsQuorum(I, S) == 2 * Cardinality(S \cap Members[I]) > Cardinality(Members[I])
\* §4.5 "replies for another instance are dropped" (M11: the SubAccepted
\* handler checks the ballot but not the instance).
Counted(m, I) == m.inst = I
\* §4.5 SubPromise: re-propose the entry reported at the highest ballot
\* (ML: the lowest).
Recovered(R) == (CHOOSE a \in R : \A b \in R : b.bal <= a.bal).val
\* §4.5 usedRound0 is durable (MU: it is lost in a crash).
Round0AfterCrash(p) == usedRound0[p]
\* The ballot a member records with an accepted entry (MT: a bad one).
AcceptedBal(b) == b

-----------------------------------------------------------------------------
(* Messages (§3.3).                                                         *)

MsgPrepare(I, b) == [type |-> "Prepare", inst |-> I, bal |-> b]
MsgPromise(I, b, p, log, com) == [type |-> "Promise", inst |-> I, bal |-> b, from |-> p, log |-> log, com |-> com]
MsgAccept(I, b, s, v) == [type |-> "Accept", inst |-> I, bal |-> b, slot |-> s, val |-> v]
MsgAccepted(I, b, s, p) == [type |-> "Accepted", inst |-> I, bal |-> b, slot |-> s, from |-> p]
MsgCommit(I, b, s, v) == [type |-> "Commit", inst |-> I, bal |-> b, slot |-> s, val |-> v]

-----------------------------------------------------------------------------
(* Leader (§4.5).                                                           *)

\* StartInstanceLeader(r, I, fast): the configured leader takes round 0
\* without Phase 1, once ever (usedRound0 is durable).
StartFast(r, I) ==
    /\ up[r] /\ r = Hint[I] /\ ~usedRound0[r][I] /\ role[r][I] = "F"
    /\ usedRound0' = [usedRound0 EXCEPT ![r][I] = TRUE]
    /\ role' = [role EXCEPT ![r][I] = "L"]
    /\ ballot' = [ballot EXCEPT ![r][I] = Bal(0, r)]
    /\ proposal' = [proposal EXCEPT ![r][I] = NoLog]
    /\ UNCHANGED <<promised, accepted, committed, up, msgs, ghostVars>>

\* §4.5 a ballot is started at most once (the brief's sRound is durable, and
\* the message set stands for it; MBR: a restarted replica reuses a ballot).
BallotUnused(I, b) == MsgPrepare(I, b) \notin msgs

\* StartInstanceLeader(r, I, FALSE): a member runs for leader with a round
\* above every ballot it has seen in I, and never one started before.
StartElection(r, I, k) ==
    /\ up[r] /\ r \in Members[I] /\ role[r][I] # "L" /\ k >= 1
    /\ Bal(k, r) > promised[r][I] /\ Bal(k, r) > ballot[r][I]
    /\ BallotUnused(I, Bal(k, r))
    /\ role' = [role EXCEPT ![r][I] = "C"]
    /\ ballot' = [ballot EXCEPT ![r][I] = Bal(k, r)]
    /\ proposal' = [proposal EXCEPT ![r][I] = NoLog]
    /\ Send(MsgPrepare(I, Bal(k, r)))
    /\ UNCHANGED <<durableVars, up, ghostVars>>

\* on SubPromise from a quorum: lead; learn the slots reported committed
\* (§4.5 "catch up committed entries"); re-propose in every other reported
\* slot the entry accepted at the highest ballot; fill the gaps below the
\* highest reported slot with Noop.
BecomeLeader(r, I) ==
    /\ up[r] /\ role[r][I] = "C"
    /\ \E Q \in SUBSET {m \in msgs : m.type = "Promise" /\ m.inst = I /\ m.bal = ballot[r][I]} :
        /\ IsQuorum(I, {m.from : m \in Q})
        /\ LET Com(s) == {m.com[s] : m \in Q} \ {NIL}
               Rep(s) == {m.log[s] : m \in Q} \ {NIL}
               reported == {s \in Slots : Rep(s) # {} \/ Com(s) # {}}
               top == IF reported = {} THEN 0 ELSE CHOOSE s \in reported : \A t \in reported : t <= s
               learned == [s \in Slots |-> IF committed[r][I][s] = NIL /\ Com(s) # {} THEN CHOOSE v \in Com(s) : TRUE
                                           ELSE committed[r][I][s]]
               log == [s \in Slots |-> IF learned[s] # NIL THEN NIL
                                       ELSE IF Rep(s) # {} THEN Recovered(Rep(s)) ELSE IF s < top THEN Noop ELSE NIL]
           IN /\ role' = [role EXCEPT ![r][I] = "L"]
              /\ committed' = [committed EXCEPT ![r][I] = learned]
              /\ proposal' = [proposal EXCEPT ![r][I] = log]
              /\ SendAll({MsgAccept(I, ballot[r][I], s, log[s]) : s \in {t \in Slots : log[t] # NIL}})
    /\ UNCHANGED <<promised, accepted, usedRound0, up, ballot, ghostVars>>

\* ProposeEntry: the leader proposes an entry in its next free slot.
Propose(r, I, s, v) ==
    /\ up[r] /\ role[r][I] = "L"
    /\ proposal[r][I][s] = NIL /\ committed[r][I][s] = NIL
    /\ \A t \in 1 .. (s - 1) : proposal[r][I][t] # NIL \/ committed[r][I][t] # NIL
    /\ proposal' = [proposal EXCEPT ![r][I][s] = v]
    /\ Send(MsgAccept(I, ballot[r][I], s, v))
    /\ UNCHANGED <<durableVars, up, role, ballot, ghostVars>>

\* on SubAccepted from a quorum: the entry is chosen; commit it to the members.
Decide(r, I, s) ==
    /\ up[r] /\ role[r][I] = "L" /\ proposal[r][I][s] # NIL /\ committed[r][I][s] = NIL
    /\ \E A \in SUBSET {m \in msgs : m.type = "Accepted" /\ Counted(m, I) /\ m.bal = ballot[r][I] /\ m.slot = s} :
        IsQuorum(I, {m.from : m \in A})
    /\ committed' = [committed EXCEPT ![r][I][s] = proposal[r][I][s]]
    /\ chosen' = [chosen EXCEPT ![I][s] = @ \cup {proposal[r][I][s]}]
    /\ Send(MsgCommit(I, ballot[r][I], s, proposal[r][I][s]))
    /\ UNCHANGED <<promised, accepted, usedRound0, volatileVars, crashes, crashed, revived>>

-----------------------------------------------------------------------------
(* Members (§4.5).                                                          *)

\* on SubPrepare: promise a ballot at least the promise; report the log.
Promise(p, I) ==
    /\ up[p] /\ p \in Members[I]
    /\ \E m \in msgs :
        /\ m.type = "Prepare" /\ m.inst = I /\ m.bal >= promised[p][I]
        /\ MsgPromise(I, m.bal, p, accepted[p][I], committed[p][I]) \notin msgs
        /\ promised' = [promised EXCEPT ![p][I] = m.bal]
        /\ role' = IF role[p][I] # "F" /\ m.bal > ballot[p][I] THEN [role EXCEPT ![p][I] = "F"] ELSE role
        /\ Send(MsgPromise(I, m.bal, p, accepted[p][I], committed[p][I]))
    /\ UNCHANGED <<accepted, committed, usedRound0, up, ballot, proposal, ghostVars>>

\* on SubAccept: accept at a ballot at least the promise.
Accept(p, I) ==
    /\ up[p] /\ p \in Members[I]
    /\ \E m \in msgs :
        /\ m.type = "Accept" /\ m.inst = I /\ m.bal >= promised[p][I]
        /\ accepted[p][I][m.slot] # [bal |-> m.bal, val |-> m.val]
        /\ promised' = [promised EXCEPT ![p][I] = m.bal]
        /\ accepted' = [accepted EXCEPT ![p][I][m.slot] = [bal |-> AcceptedBal(m.bal), val |-> m.val]]
        /\ role' = IF role[p][I] # "F" /\ m.bal > ballot[p][I] THEN [role EXCEPT ![p][I] = "F"] ELSE role
        /\ Send(MsgAccepted(I, m.bal, m.slot, p))
    /\ revived' = IF crashed[p] THEN revived \cup {p} ELSE revived
    /\ UNCHANGED <<committed, usedRound0, up, ballot, proposal, chosen, crashes, crashed>>

\* on a commit: learn (§4.5 ApplyCommitted's input).
Learn(p, I) ==
    /\ up[p] /\ p \in Members[I]
    /\ \E m \in msgs :
        /\ m.type = "Commit" /\ m.inst = I /\ committed[p][I][m.slot] = NIL
        /\ committed' = [committed EXCEPT ![p][I][m.slot] = m.val]
    /\ UNCHANGED <<promised, accepted, usedRound0, volatileVars, msgs, ghostVars>>

Crash(p) ==
    /\ up[p] /\ crashes < MaxCrashes
    /\ up' = [up EXCEPT ![p] = FALSE]
    /\ role' = [role EXCEPT ![p] = [I \in Insts |-> "F"]]
    /\ ballot' = [ballot EXCEPT ![p] = [I \in Insts |-> 0]]
    /\ proposal' = [proposal EXCEPT ![p] = [I \in Insts |-> NoLog]]
    /\ usedRound0' = [usedRound0 EXCEPT ![p] = Round0AfterCrash(p)]
    /\ crashes' = crashes + 1
    /\ crashed' = [crashed EXCEPT ![p] = TRUE]
    /\ UNCHANGED <<promised, accepted, committed, msgs, chosen, revived>>

Recover(p) ==
    /\ ~up[p]
    /\ up' = [up EXCEPT ![p] = TRUE]
    /\ UNCHANGED <<durableVars, role, ballot, proposal, msgs, ghostVars>>

Next ==
    \/ \E p \in Replicas : Crash(p) \/ Recover(p)
    \/ \E p \in Replicas, I \in Insts :
          \/ StartFast(p, I) \/ BecomeLeader(p, I) \/ Promise(p, I) \/ Accept(p, I) \/ Learn(p, I)
          \/ \E k \in 1 .. MaxRound : StartElection(p, I, k)
          \/ \E s \in Slots : Decide(p, I, s) \/ \E v \in Values : Propose(p, I, s, v)

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety (brief §6.1).  IDs refer to docs/invariants.md.                   *)

\* ALIA-S18 Every proposal is safe (paper §II, brief §4.5: a new leader re-proposes
\* what an earlier ballot may have chosen): for every Accept of ballot b in
\* slot s of instance I with entry v, and every lower ballot c a leader of I
\* can use, no other entry can be or become chosen at c: the members that
\* accepted another entry at c or can still accept at c (promise at most c, no
\* acceptance at c yet) are not a quorum.  Paxos's SafeAt, checked when the
\* proposal is sent, so a wrong choice by a new leader fails at that step.
UsableBallots(I) == {Bal(0, Hint[I])} \cup {Bal(k, r) : k \in 1 .. MaxRound, r \in Members[I]}
AcceptedAt(I, c, s, p) == MsgAccepted(I, c, s, p) \in msgs
VotedAt(I, c, s, p, v) == AcceptedAt(I, c, s, p) /\ MsgAccept(I, c, s, v) \in msgs
ProposalsSafeInv == \A m \in msgs : m.type = "Accept" =>
    \A c \in UsableBallots(m.inst), w \in Entries :
        (c < m.bal /\ w # m.val) =>
            ~IsQuorum(m.inst, {p \in Members[m.inst] :
                                 \/ VotedAt(m.inst, c, m.slot, p, w)
                                 \/ promised[p][m.inst] <= c /\ ~AcceptedAt(m.inst, c, m.slot, p)})

\* ALIA-N3 BallotBindsValue (the node-local rule, stated on the messages): the
\* Accepts of one ballot for one slot of an instance carry one entry.  A
\* ballot reused after a restart breaks it at the second proposal.
BallotBindsValueInv == \A m1, m2 \in msgs :
    (m1.type = "Accept" /\ m2.type = "Accept" /\ m1.inst = m2.inst /\ m1.bal = m2.bal /\ m1.slot = m2.slot)
        => m1.val = m2.val

\* ALIA-S13 InstanceLogAgreement: at most one entry is declared chosen in
\* each slot of each instance, members that learned a slot learned the same
\* entry, and it is the one declared chosen.
InstanceLogAgreementInv == \A I \in Insts, s \in Slots :
    /\ Cardinality(chosen[I][s]) <= 1
    /\ \A p \in Members[I] : committed[p][I][s] # NIL => committed[p][I][s] \in chosen[I][s]

\* ALIA-R3 Refinement: each slot of each instance's log is a behaviour of
\* specs/Consensus.tla over the entries: the chosen-log abstraction of
\* specs/AliaHandoff.tla (written out per slot: TLC does not check a
\* quantifier over [][A]_v formulas).
SlotConsensus(I, s) == INSTANCE Consensus WITH Value <- Entries, chosen <- chosen[I][s]
InstanceRefinementProp ==
    /\ \A I \in Insts, s \in Slots : SlotConsensus(I, s)!Init
    /\ [][\A I \in Insts, s \in Slots : [SlotConsensus(I, s)!Next]_(SlotConsensus(I, s)!vars)]_vars

-----------------------------------------------------------------------------
(* Reachability witnesses: a correct model must violate each.               *)

\* ALIA-W14 Nothing is chosen in any instance.
NothingChosenWitness == \A I \in Insts, s \in Slots : chosen[I][s] = {}
\* ALIA-W15 No entry is chosen in round 0 (the configured leader's fast path).
NoFastPathWitness == ~\E m \in msgs : m.type = "Commit" /\ RoundOf(m.bal) = 0
\* ALIA-W16 No leader of a later round re-proposes an entry accepted in an
\* earlier ballot of the same slot.
NoReproposeWitness == ~\E m1, m2 \in msgs :
    /\ m1.type = "Accept" /\ m2.type = "Accept" /\ m1.inst = m2.inst /\ m1.slot = m2.slot
    /\ m1.bal < m2.bal /\ m1.val = m2.val /\ RoundOf(m2.bal) >= 1
\* ALIA-W17 No two instances are led with the same ballot with acceptances in
\* the same slot (the situation M11 needs).
NoSharedBallotWitness == ~\E m1, m2 \in msgs :
    /\ m1.type = "Accepted" /\ m2.type = "Accepted" /\ m1.inst # m2.inst /\ m1.bal = m2.bal /\ m1.slot = m2.slot
\* ALIA-W25 The new leader's choice never matters: no leader took over an
\* instance after promises of its ballot, from a quorum of members, reported
\* for one slot two different entries accepted at two different ballots and
\* not committed (where re-proposing the highest, the lowest or any differ).
NoSplitReportWitness == ~\E m1, m2 \in msgs :
    /\ m1.type = "Promise" /\ m2.type = "Promise" /\ m1.inst = m2.inst /\ m1.bal = m2.bal
    /\ IsQuorum(m1.inst, {m.from : m \in {x \in msgs : x.type = "Promise" /\ x.inst = m1.inst /\ x.bal = m1.bal}})
    /\ \E r \in Replicas : role[r][m1.inst] = "L" /\ ballot[r][m1.inst] = m1.bal
    /\ \E s \in Slots :
        /\ m1.log[s] # NIL /\ m2.log[s] # NIL /\ m1.com[s] = NIL /\ m2.com[s] = NIL
        /\ m1.log[s].bal # m2.log[s].bal /\ m1.log[s].val # m2.log[s].val
\* ALIA-W18 No replica accepts an entry after it crashed and recovered.
NoAcceptAfterRestartWitness == revived = {}
=============================================================================
