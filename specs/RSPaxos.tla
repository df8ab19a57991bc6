------------------------------ MODULE RSPaxos ------------------------------
(***************************************************************************)
(* Single-decree RS-Paxos (brief RSPaxos.md §4.2-4.3): Paxos in which each  *)
(* acceptor stores one Reed-Solomon share of the value it accepts, so a     *)
(* proposer must rebuild a value from X distinct shares before it can       *)
(* propose it again.  Phase-1 quorums (QR) and phase-2 quorums (QW) are     *)
(* made larger so that they meet in at least X acceptors (§5):              *)
(*                                                                         *)
(*     QR + QW - N >= X >= 1.                                              *)
(*                                                                         *)
(* The encoding follows the usual message-set style: every message ever    *)
(* sent stays in `msgs`, which gives loss (a message is never received),   *)
(* duplication and reordering for free; there are no proposer variables.   *)
(*                                                                         *)
(* Shares are abstract (brief §2.2): acceptor a stores share index a of the *)
(* value it accepted.  A value and its value id (vid) coincide: a value    *)
(* rebuilt from shares and proposed again keeps its vid, which is what     *)
(* lets shares accepted in different ballots be combined (§4.3 point 1).   *)
(* Decode succeeds only with X distinct indices of one vid.                *)
(*                                                                         *)
(* Every acceptor variable is durable (§1.4: fsync before the reply), so   *)
(* a crash followed by a restart changes nothing in this model; the        *)
(* mutant M8 (a promise that is not made durable) is a Restart action that *)
(* loses the promise.                                                      *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    Acceptors,      \* the N acceptors; acceptor a holds share index a
    Values,         \* the values proposers may propose (value = vid)
    Ballots,        \* a finite set of natural numbers
    QR,             \* phase-1 (read) quorum size
    QW,             \* phase-2 (write) quorum size
    X,              \* data shares: any X distinct shares rebuild a value
    LearnerOn,      \* include the learner's actions (S3, S4 and mutant M7 need them)
    MayRestart,     \* acceptors that may crash and restart (only mutant M8 makes a restart visible)
    None,           \* "no value" (a model value)
    Garbage         \* the result of a decode without X distinct shares (mutant M10; a model value)

N == Cardinality(Acceptors)

ASSUME RSPaxosWellFormedAssume ==
    /\ X \in 1..N /\ QR \in 1..N /\ QW \in 1..N
    /\ Ballots \subseteq Nat
    /\ LearnerOn \in BOOLEAN /\ MayRestart \subseteq Acceptors

\* §5: every phase-1 quorum meets every phase-2 quorum in X acceptors.  A
\* parameter mutant (M1, M2) overrides this with TRUE in its cfg.
QuorumsOverlapInX == QR + QW - N >= X
ASSUME RSPaxosOverlapAssume == QuorumsOverlapInX

ASSUME RSPaxosSentinelsAssume == None \notin Values /\ Garbage \notin Values \cup {None}
Bottom == -1        \* the ballot below every ballot (⊥)

VARIABLES
    promised,   \* promised[a]: the highest ballot a has promised (durable)
    accBal,     \* accBal[a]: the ballot of a's accepted proposal, or Bottom
    accVid,     \* accVid[a]: the vid (= value) of a's accepted proposal, or None
    msgs,       \* every message sent
    learned     \* the learner's value, or None

vars == <<promised, accBal, accVid, msgs, learned>>

\* Message constructors (§3, single-decree fields).
Msg1a(b) == [type |-> "1a", bal |-> b]
Msg1b(a, b, ab, av) == [type |-> "1b", acc |-> a, bal |-> b, accBal |-> ab, vid |-> av]
\* A 2a carries, for the spec's witnesses only, whether its value was rebuilt
\* from shares (`rebuilt`) and from how many distinct ballots (`ballots`).
Msg2a(b, v, rebuilt, nb) == [type |-> "2a", bal |-> b, vid |-> v, rebuilt |-> rebuilt, ballots |-> nb]
Msg2b(a, b, v) == [type |-> "2b", acc |-> a, bal |-> b, vid |-> v]

AllValues == Values \cup {Garbage}

RSPaxosTypeOK ==
    /\ promised \in [Acceptors -> Ballots \cup {Bottom}]
    /\ accBal \in [Acceptors -> Ballots \cup {Bottom}]
    /\ accVid \in [Acceptors -> AllValues \cup {None}]
    /\ learned \in AllValues \cup {None}
    /\ msgs \subseteq
          [type : {"1a"}, bal : Ballots]
          \cup [type : {"1b"}, acc : Acceptors, bal : Ballots, accBal : Ballots \cup {Bottom}, vid : AllValues \cup {None}]
          \cup [type : {"2a"}, bal : Ballots, vid : AllValues, rebuilt : BOOLEAN, ballots : Nat]
          \cup [type : {"2b"}, acc : Acceptors, bal : Ballots, vid : AllValues]

Init ==
    /\ promised = [a \in Acceptors |-> Bottom]
    /\ accBal = [a \in Acceptors |-> Bottom]
    /\ accVid = [a \in Acceptors |-> None]
    /\ msgs = {}
    /\ learned = None

Send(m) == msgs' = msgs \cup {m}

-----------------------------------------------------------------------------
(* Overridable rules: the MC module replaces one of these per mutant (§8). *)

\* §4.2 one value per ballot: a proposer sends Accepts of ballot b once (MB:
\* again, with a value chosen from other promises).
BallotUnused(b) == ~\E m \in msgs : m.type = "2a" /\ m.bal = b
\* §4.2 Phase 2b guard: no promise to a higher ballot (M6: accept anyway).
AcceptOK(a, b) == b >= promised[a]
\* §4.2 [PROPOSED]: accepting raises the promise (M5: it does not).
PromiseAfterAccept(a, b) == b
\* §4.3 the distinct share indices a proposer has for vid u, grouped by vid
\* across ballots (M3: per (ballot, vid), the best ballot's count).  Pieces:
\* a set of <<ballot, vid, index>>.
Group(pieces, u) == {p \in pieces : p[2] = u}
Indices(G) == {p[3] : p \in G}
Shares(pieces, u) == Cardinality(Indices(Group(pieces, u)))
\* §4.3 among the rebuildable vids, the one with the highest ballot (M4: the lowest).
PickVid(R, top) == CHOOSE u \in R : \A w \in R : top[w] <= top[u]
\* §4.1 Decode needs X distinct indices (M10: X - 1, the missing share taken as zeros).
DecodeThreshold == X
\* The learner's quorum (M7: QW - 1).
LearnQuorum == QW
\* A restarted acceptor's promise (M8: it falls back to its accepted ballot).
PromiseAfterRestart(a) == promised[a]

-----------------------------------------------------------------------------
(* §4.3 SelectValue over the promises P (one 1b per acceptor, |P| >= QR).   *)

Pieces(P) == {<<m.accBal, m.vid, m.acc>> : m \in {p \in P : p.accBal # Bottom}}
\* A vid is rebuildable with DecodeThreshold distinct indices; it decodes to
\* its vid only with X of them, else to Garbage (reachable only under M10).
Rebuildable(pieces) == {u \in {p[2] : p \in pieces} : Shares(pieces, u) >= DecodeThreshold}
Top(pieces, u) == LET bs == {p[1] : p \in Group(pieces, u)} IN CHOOSE c \in bs : \A d \in bs : d <= c

\* The values a proposer with promises P may propose: the rebuilt value of
\* the highest-ballot rebuildable vid, or any value when nothing is
\* rebuildable ("unrecoverable => free", §4.3 point 4).
SelectValues(P) ==
    LET pieces == Pieces(P)
        R == Rebuildable(pieces)
    IN IF R = {} THEN Values
       ELSE LET u == PickVid(R, [w \in R |-> Top(pieces, w)])
            IN {IF Shares(pieces, u) >= X THEN u ELSE Garbage}

-----------------------------------------------------------------------------
(* Actions (§4.2).  Each names the handler of the brief's pseudo-code.      *)

\* StartRound: a proposer sends Prepare(b).
Phase1a(b) == /\ Send(Msg1a(b))
              /\ UNCHANGED <<promised, accBal, accVid, learned>>

\* on Prepare(b): promise a strictly higher ballot and report the accepted proposal.
Phase1b(a) ==
    \E m \in msgs :
        /\ m.type = "1a" /\ m.bal > promised[a]
        /\ promised' = [promised EXCEPT ![a] = m.bal]
        /\ Send(Msg1b(a, m.bal, accBal[a], accVid[a]))
        /\ UNCHANGED <<accBal, accVid, learned>>

\* on Promise, with promises from a set S of at least QR acceptors: choose the
\* value (§4.3), encode it and send each acceptor its share.  One value per
\* ballot: only if no Accept of ballot b was sent.
Phase2a(b) ==
    /\ BallotUnused(b)
    /\ \E S \in SUBSET Acceptors :
        /\ Cardinality(S) >= QR
        /\ \A a \in S : \E m \in msgs : m.type = "1b" /\ m.acc = a /\ m.bal = b
        /\ LET P == {m \in msgs : m.type = "1b" /\ m.bal = b /\ m.acc \in S}
               pieces == Pieces(P)
               R == Rebuildable(pieces)
           IN \E v \in SelectValues(P) :
                Send(Msg2a(b, v, R # {},
                           IF R = {} THEN 0 ELSE Cardinality({p[1] : p \in Group(pieces, v)})))
    /\ UNCHANGED <<promised, accBal, accVid, learned>>

\* on Accept(b, vid, share): accept unless promised higher; keep the share.
Phase2b(a) ==
    \E m \in msgs :
        /\ m.type = "2a" /\ AcceptOK(a, m.bal)
        /\ promised' = [promised EXCEPT ![a] = PromiseAfterAccept(a, m.bal)]
        /\ accBal' = [accBal EXCEPT ![a] = m.bal]
        /\ accVid' = [accVid EXCEPT ![a] = m.vid]
        /\ Send(Msg2b(a, m.bal, m.vid))
        /\ UNCHANGED learned

\* Learner: a vid with LearnQuorum Accepted messages of one ballot is learned.
Learn(b, v) ==
    /\ LearnerOn
    /\ Cardinality({m \in msgs : m.type = "2b" /\ m.bal = b /\ m.vid = v}) >= LearnQuorum
    /\ learned' = v
    /\ UNCHANGED <<promised, accBal, accVid, msgs>>

\* Crash and restart of an acceptor from its disk (§4.7).
Restart(a) ==
    /\ a \in MayRestart
    /\ promised' = [promised EXCEPT ![a] = PromiseAfterRestart(a)]
    /\ promised' # promised
    /\ UNCHANGED <<accBal, accVid, msgs, learned>>

Next ==
    \/ \E b \in Ballots : Phase1a(b) \/ Phase2a(b)
    \/ \E a \in Acceptors : Phase1b(a) \/ Phase2b(a) \/ Restart(a)
    \/ \E b \in Ballots, v \in AllValues : Learn(b, v)

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Definitions of brief §6.                                                 *)

VotedFor(a, c, v) == Msg2b(a, c, v) \in msgs
ChosenAt(c, v) == Cardinality({a \in Acceptors : VotedFor(a, c, v)}) >= QW
Chosen(v) == \E c \in Ballots : ChosenAt(c, v)
ChosenSet == {v \in AllValues : Chosen(v)}
\* a can still vote at c: it has not promised above c and has not voted at c.
CanStillVote(a, c) == promised[a] <= c /\ ~\E x \in AllValues : VotedFor(a, c, x)
\* w has been chosen at c, or might yet be.
ChoosableAt(c, w) == Cardinality({a \in Acceptors : VotedFor(a, c, w) \/ CanStillVote(a, c)}) >= QW
Holders(v, c) == {a \in Acceptors : accVid[a] = v /\ accBal[a] >= c}

-----------------------------------------------------------------------------
(* Safety (§6.1).  IDs refer to docs/invariants.md.                         *)

\* RSP-S1 Agreement: at most one value is chosen.
AgreementInv == \A v, w \in AllValues : Chosen(v) /\ Chosen(w) => v = w

\* RSP-S2 Validity: only proposed values are chosen (never a garbage decode).
ValidityInv == ChosenSet \subseteq Values

\* RSP-S3 Learned implies chosen.
LearnedChosenInv == learned # None => Chosen(learned)

\* RSP-S4 Stability: the learner never changes its mind.
LearnedStableProp == [][learned # None => learned' = learned]_vars

\* RSP-S5 Share stability: an acceptor that accepted at or above the ballot
\* where v was chosen holds a share of v.
ShareStabilityInv == \A c \in Ballots, v \in AllValues :
    ChosenAt(c, v) => \A a \in Acceptors : accBal[a] >= c => accVid[a] = v

\* RSP-S6 Recoverability (the seed's Proposition 3): a chosen value is held
\* at QW acceptors at or above its ballot, so every QR acceptors hold X
\* distinct shares of it.
RecoverableInv == \A c \in Ballots, v \in AllValues :
    ChosenAt(c, v) =>
        /\ Cardinality(Holders(v, c)) >= QW
        /\ \A R \in SUBSET Acceptors :
              Cardinality(R) = QR => Cardinality({a \in R : accVid[a] = v}) >= X

\* RSP-S10 One value per ballot: two Accepts of one ballot carry one vid.
OneValuePerBallotInv == \A m1, m2 \in msgs :
    m1.type = "2a" /\ m2.type = "2a" /\ m1.bal = m2.bal => m1.vid = m2.vid

\* RSP-I1 Every Accept is safe in the RS sense (§6.1 RSSafeAt): no other
\* value was chosen, or could still be chosen, at a lower ballot.  The
\* conjunct that makes the brief's inductive invariant work.
RSSafeAt(b, v) == \A c \in Ballots : c < b => \A w \in AllValues \ {v} : ~ChoosableAt(c, w)
AcceptSafeInv == \A m \in msgs : m.type = "2a" => RSSafeAt(m.bal, m.vid)

\* RSP-I2 The inductive invariant of brief §6.1 (the form that works for
\* RS-Paxos: "no other value chosen or choosable below", not Lamport's
\* SafeAt).  Checked for inductiveness on a bounded domain by
\* configs/RSPaxos/MCRSPaxosInductive.tla; it implies AgreementInv.
AcceptorWFInv == \A a \in Acceptors :
    /\ accBal[a] <= promised[a]
    /\ (accBal[a] = Bottom) <=> (accVid[a] = None)
    /\ accBal[a] # Bottom => VotedFor(a, accBal[a], accVid[a])
VotesBelowAccBalInv == \A m \in msgs : m.type = "2b" => m.bal <= accBal[m.acc]
VotesProposedInv == \A m \in msgs : m.type = "2b" =>
    \E p \in msgs : p.type = "2a" /\ p.bal = m.bal /\ p.vid = m.vid
ProposalsValidInv == \A m \in msgs : m.type = "2a" => m.vid \in Values
\* A promise is honest: its acceptor still promises at least that ballot, it
\* reports its vote at the reported ballot, and it cast no vote between the
\* reported ballot and the promised one.
PromisesHonestInv == \A m \in msgs : m.type = "1b" =>
    /\ promised[m.acc] >= m.bal
    /\ m.accBal < m.bal
    /\ (m.accBal # Bottom => VotedFor(m.acc, m.accBal, m.vid))
    /\ \A c \in Ballots : m.accBal < c /\ c < m.bal => ~\E w \in AllValues : VotedFor(m.acc, c, w)
RSPIndInv ==
    /\ RSPaxosTypeOK
    /\ AcceptorWFInv
    /\ VotesBelowAccBalInv
    /\ VotesProposedInv
    /\ ProposalsValidInv
    /\ OneValuePerBallotInv
    /\ AcceptSafeInv
    /\ PromisesHonestInv
    /\ LearnedChosenInv

\* Lamport's SafeAt (Voting.tla): for every lower ballot c some phase-2
\* quorum voted v at c or can no longer vote there.  The brief (§6.1) warns
\* that it is NOT an invariant of RS-Paxos: the RS rule may skip an
\* unrecoverable higher-ballot vid.  A model expects TLC to violate it
\* (finding F5, docs/findings.md).
LamportSafeAt(b, v) ==
    \A c \in Ballots : c < b =>
        \E Q \in SUBSET Acceptors :
            /\ Cardinality(Q) >= QW
            /\ \A a \in Q : VotedFor(a, c, v) \/ (promised[a] > c /\ ~\E x \in AllValues : VotedFor(a, c, x))
LamportSafeAtInv == \A m \in msgs : m.type = "2a" => LamportSafeAt(m.bal, m.vid)

\* RSP-R1 Refinement: the set of chosen values behaves as specs/Consensus.tla.
C == INSTANCE Consensus WITH Value <- AllValues, chosen <- ChosenSet
ConsensusRefinementProp == C!Spec

-----------------------------------------------------------------------------
(* Reachability witnesses: a correct model must violate each.               *)

\* RSP-W1 Nothing is ever chosen.
NothingChosenWitness == ChosenSet = {}
\* RSP-W2 No proposer ever rebuilds a value from shares.
NoRebuildWitness == ~\E m \in msgs : m.type = "2a" /\ m.rebuilt
\* RSP-W3 No proposer rebuilds a value from shares accepted in two ballots
\* (the case that needs grouping by vid across ballots, §4.3 point 1).
NoCrossBallotRebuildWitness == ~\E m \in msgs : m.type = "2a" /\ m.rebuilt /\ m.ballots >= 2
\* RSP-W4 The learner never learns.
NothingLearnedWitness == learned = None
\* RSP-W15 The selection rule never matters: no promise set a proposer could
\* use (at least QR promises of one ballot) holds two rebuildable vids whose
\* highest reported ballots differ.  Where one does, "the rebuildable vid of
\* the highest ballot" (PickVid), "the lowest's" and "any" give different
\* answers (§4.3 point 3), so a wrong selection can show.
RebuildChoiceAt(b) ==
    \E Q \in SUBSET {m \in msgs : m.type = "1b" /\ m.bal = b} :
        /\ Cardinality(Q) >= QR
        /\ LET pieces == Pieces(Q)
           IN \E u, w \in Rebuildable(pieces) : Top(pieces, u) # Top(pieces, w)
NoRebuildChoiceWitness == ~\E b \in Ballots : RebuildChoiceAt(b)
=============================================================================
