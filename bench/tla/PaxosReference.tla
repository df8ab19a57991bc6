--------------------------- MODULE PaxosReference ---------------------------
(***************************************************************************)
(* Single-decree Paxos in the classic style: acceptors keep the highest   *)
(* ballot they joined (maxBal) and their last vote (maxVBal, maxVal); all  *)
(* messages ever sent stay in one set, so loss, duplication and reordering *)
(* come for free.  This is the shape of the Paxos model of tlaplus/Examples*)
(* (specifications/Paxos), written here in our own words.                 *)
(*                                                                         *)
(* It is not one of the repository's protocols.  It exists only as the    *)
(* yardstick of docs/benchmarks/tlc-throughput.md: TLC's distinct states   *)
(* per second on a well-known small spec, measured on the same machine as  *)
(* the Pando models, so a slow spec can be told from a slow machine.       *)
(***************************************************************************)
EXTENDS Integers

CONSTANTS Acceptor, Value, Quorum, Ballot, None

ASSUME QuorumAssumption ==
    /\ \A Q \in Quorum : Q \subseteq Acceptor
    /\ \A Q1, Q2 \in Quorum : Q1 \cap Q2 # {}

VARIABLES maxBal, maxVBal, maxVal, msgs
vars == <<maxBal, maxVBal, maxVal, msgs>>

Message ==
         [type : {"1a"}, bal : Ballot]
    \cup [type : {"1b"}, acc : Acceptor, bal : Ballot, mbal : Ballot \cup {-1}, mval : Value \cup {None}]
    \cup [type : {"2a"}, bal : Ballot, val : Value]
    \cup [type : {"2b"}, acc : Acceptor, bal : Ballot, val : Value]

TypeOK ==
    /\ maxBal  \in [Acceptor -> Ballot \cup {-1}]
    /\ maxVBal \in [Acceptor -> Ballot \cup {-1}]
    /\ maxVal  \in [Acceptor -> Value \cup {None}]
    /\ msgs \subseteq Message

Init ==
    /\ maxBal  = [a \in Acceptor |-> -1]
    /\ maxVBal = [a \in Acceptor |-> -1]
    /\ maxVal  = [a \in Acceptor |-> None]
    /\ msgs = {}

Send(m) == msgs' = msgs \cup {m}

\* A leader of ballot b asks the acceptors to join it.
Phase1a(b) ==
    /\ Send([type |-> "1a", bal |-> b])
    /\ UNCHANGED <<maxBal, maxVBal, maxVal>>

\* An acceptor joins a higher ballot and reports its last vote.
Phase1b(a) ==
    \E m \in msgs :
        /\ m.type = "1a" /\ m.bal > maxBal[a]
        /\ maxBal' = [maxBal EXCEPT ![a] = m.bal]
        /\ Send([type |-> "1b", acc |-> a, bal |-> m.bal, mbal |-> maxVBal[a], mval |-> maxVal[a]])
        /\ UNCHANGED <<maxVBal, maxVal>>

\* With 1b replies from a quorum, the leader of b proposes the value of the
\* highest vote among them, or any value when none of them voted.
Phase2a(b, v) ==
    /\ ~ \E m \in msgs : m.type = "2a" /\ m.bal = b
    /\ \E Q \in Quorum :
        LET Q1b == {m \in msgs : m.type = "1b" /\ m.acc \in Q /\ m.bal = b}
            Q1bv == {m \in Q1b : m.mbal >= 0}
        IN  /\ \A a \in Q : \E m \in Q1b : m.acc = a
            /\ \/ Q1bv = {}
               \/ \E m \in Q1bv : m.mval = v /\ \A mm \in Q1bv : m.mbal >= mm.mbal
    /\ Send([type |-> "2a", bal |-> b, val |-> v])
    /\ UNCHANGED <<maxBal, maxVBal, maxVal>>

\* An acceptor votes for a proposal of a ballot it has not left.
Phase2b(a) ==
    \E m \in msgs :
        /\ m.type = "2a" /\ m.bal >= maxBal[a]
        /\ maxBal' = [maxBal EXCEPT ![a] = m.bal]
        /\ maxVBal' = [maxVBal EXCEPT ![a] = m.bal]
        /\ maxVal' = [maxVal EXCEPT ![a] = m.val]
        /\ Send([type |-> "2b", acc |-> a, bal |-> m.bal, val |-> m.val])

Next ==
    \/ \E b \in Ballot : Phase1a(b) \/ \E v \in Value : Phase2a(b, v)
    \/ \E a \in Acceptor : Phase1b(a) \/ Phase2b(a)

Spec == Init /\ [][Next]_vars

VotedFor(a, b, v) == \E m \in msgs : m.type = "2b" /\ m.acc = a /\ m.bal = b /\ m.val = v
ChosenAt(b, v) == \E Q \in Quorum : \A a \in Q : VotedFor(a, b, v)
Chosen(v) == \E b \in Ballot : ChosenAt(b, v)

\* The usual message invariants of Paxos, with type correctness and agreement.
Inv ==
    /\ TypeOK
    /\ \A a \in Acceptor : maxBal[a] >= maxVBal[a]
    /\ \A a \in Acceptor : maxVBal[a] >= 0 => VotedFor(a, maxVBal[a], maxVal[a])
    /\ \A m \in msgs : m.type = "1b" =>
           /\ maxBal[m.acc] >= m.bal
           /\ m.mbal >= 0 => VotedFor(m.acc, m.mbal, m.mval)
    /\ \A m \in msgs : m.type = "2a" =>
           \A mm \in msgs : mm.type = "2a" /\ mm.bal = m.bal => mm.val = m.val
    /\ \A v, w \in Value : Chosen(v) /\ Chosen(w) => v = w
=============================================================================
