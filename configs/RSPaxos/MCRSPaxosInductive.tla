------------------------- MODULE MCRSPaxosInductive -------------------------
(***************************************************************************)
(* Bounded inductiveness check of RSPIndInv (brief RSPaxos.md §6.1), the   *)
(* technique of tlaplus/Examples' MCISpec, as configs/Pando/               *)
(* MCPandoInductive.tla does for Pando: TLC starts from EVERY state of a   *)
(* small domain that satisfies RSPIndInv (not only reachable ones), takes  *)
(* one step of Next, and checks RSPIndInv again.  A pass means: within     *)
(* this domain, RSPIndInv /\ Next => RSPIndInv'.                           *)
(*                                                                         *)
(* Domain bounds (stated, not hidden):                                     *)
(*  - the constants of the cfg (MC-A: four acceptors, two values, ballots  *)
(*    0..1, the learner on, no restarts);                                  *)
(*  - `msgs` ranges over sets of at most MaxMsgs messages: at most one     *)
(*    Accept per ballot, Accepted messages only for an Accept in the set,  *)
(*    Prepares and promises freely (promises report a ballot below their   *)
(*    own); the Accepts carry the witness fields `rebuilt` = FALSE and     *)
(*    `ballots` = 0, which no property reads;                              *)
(*  - each acceptor's promise and accepted proposal range over every       *)
(*    combination its votes allow (its accepted ballot is its highest      *)
(*    vote), and the learner over every value.                             *)
(***************************************************************************)
EXTENDS MCRSPaxos

CONSTANT MaxMsgs

\* Sets of at most n elements of S, built one element at a time (filtering
\* SUBSET S by cardinality would make TLC walk all 2^|S| subsets).
RECURSIVE BoundedSubsets(_, _)
BoundedSubsets(S, n) ==
    IF n = 0 THEN {{}}
    ELSE LET T == BoundedSubsets(S, n - 1) IN T \cup {t \cup {x} : t \in T, x \in S}

Promises == {m \in [type : {"1b"}, acc : Acceptors, bal : Ballots, accBal : Ballots \cup {Bottom}, vid : Values \cup {None}] :
                /\ m.accBal < m.bal
                /\ (m.accBal = Bottom) <=> (m.vid = None)}
ProposalSets ==
    UNION {{{Msg2a(b, g[b], FALSE, 0) : b \in D} : g \in [D -> Values]} : D \in SUBSET Ballots}
VotesFor(P) == {Msg2b(a, m.bal, m.vid) : m \in P, a \in Acceptors}
OtherMessages == {Msg1a(b) : b \in Ballots} \cup Promises
MessageSets ==
    UNION {{P \cup Y : Y \in BoundedSubsets(VotesFor(P) \cup OtherMessages, MaxMsgs - Cardinality(P))} :
           P \in {P \in ProposalSets : Cardinality(P) <= MaxMsgs}}

\* An acceptor's (promised, accBal, accVid) next to the messages: its accepted
\* proposal is its highest vote (none without votes), its promise at least
\* that.  A generator only: ISpecInit still conjoins the whole invariant.
LocalFor(a) ==
    LET votes == {m \in msgs : m.type = "2b" /\ m.acc = a}
        top == IF votes = {} THEN Bottom ELSE CHOOSE c \in {m.bal : m \in votes} : \A m \in votes : m.bal <= c
        accs == IF votes = {} THEN {<<Bottom, None>>} ELSE {<<top, m.vid>> : m \in {v \in votes : v.bal = top}}
    IN {<<p, ac[1], ac[2]>> : p \in {q \in Ballots \cup {Bottom} : q >= top}, ac \in accs}

RECURSIVE Assignments(_)
Assignments(S) ==
    IF S = {} THEN {[x \in {} |-> None]}
    ELSE LET a == CHOOSE x \in S : TRUE
         IN  {f @@ (a :> s) : f \in Assignments(S \ {a}), s \in LocalFor(a)}

ISpecInit ==
    /\ msgs \in MessageSets
    /\ \E local \in Assignments(Acceptors) :
        /\ promised = [a \in Acceptors |-> local[a][1]]
        /\ accBal = [a \in Acceptors |-> local[a][2]]
        /\ accVid = [a \in Acceptors |-> local[a][3]]
    /\ learned \in Values \cup {None}
    /\ RSPIndInv

ISpec == ISpecInit /\ [][Next]_vars

\* The starting states alone (no step): the *_StartStates cfg checks RSPIndInv
\* and AgreementInv on them, and its witness (RSP-W1 NothingChosenWitness must
\* be violated) shows a starting state holds a chosen value, so that
\* "RSPIndInv => Agreement" is not vacuous on this domain.
ISpecStart == ISpecInit /\ [][FALSE]_vars

\* Non-vacuity: RSPIndInv with a weaker honest-promise conjunct, which no
\* longer requires that the acceptor still promises the reported ballot, is
\* NOT inductive: from a promise for ballot 1 next to promised = 0, the
\* acceptor accepts at ballot 0 and the promise then hides a vote.  Replaces
\* RSPIndInv (everywhere, the starting states included) in the mutant cfg.
PromisesHonestNoKeepInv == \A m \in msgs : m.type = "1b" =>
    /\ m.accBal < m.bal
    /\ (m.accBal # Bottom => VotedFor(m.acc, m.accBal, m.vid))
    /\ \A c \in Ballots : m.accBal < c /\ c < m.bal => ~\E w \in AllValues : VotedFor(m.acc, c, w)
MutantIndInvNoPromiseKept ==
    /\ RSPaxosTypeOK
    /\ AcceptorWFInv
    /\ VotesBelowAccBalInv
    /\ VotesProposedInv
    /\ ProposalsValidInv
    /\ OneValuePerBallotInv
    /\ AcceptSafeInv
    /\ PromisesHonestNoKeepInv
    /\ LearnedChosenInv

\* Checked only on states one step away from ISpecInit.
OneStep == TLCGet("level") <= 2
=============================================================================
