--------------------------- MODULE WriteOnceRegister ---------------------------
(***************************************************************************)
(* The object one slot of a Paxos-family store implements, seen from its  *)
(* clients: a register that is written at most once (consensus), read by  *)
(* readers, and whose writers are told how their write ended.  Consensus.tla *)
(* is its `chosen` part alone; this spec adds what a client can observe    *)
(* (issue 18: a refinement that also covers reads and CPUT outcomes).      *)
(*                                                                         *)
(*  - chosen: the value the slot holds (at most one, never changes).       *)
(*  - rd[r]: the read r.  It begins (taking the snapshot `start` of what is  *)
(*    chosen then) and ends with a result: a value chosen when it began,   *)
(*    or, if nothing was chosen then, the value chosen by the time it ends *)
(*    or NoValue.  This is linearizability of a read of a write-once       *)
(*    register: the read takes effect at its start if something was        *)
(*    chosen, otherwise at any point before it ends.                       *)
(*  - out: the answers writers got: OK for a writer whose own value is     *)
(*    chosen, CONFLICT naming the chosen value otherwise; at most one      *)
(*    answer per writer.                                                   *)
(* A protocol refines this spec when its chosen set, reads and answers,    *)
(* under a refinement mapping, form a behaviour of Spec (a TLC PROPERTY of *)
(* the protocol's model).  The decision and the answers it makes possible  *)
(* may be observed in one step (one vote can complete a quorum and give    *)
(* its writer the answer), so Decide does both.                            *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS
    Value,          \* the values (for Pando: vids)
    NoValue,        \* a read's result when nothing was chosen
    Readers,        \* read operations
    Writers,        \* write attempts that can be answered (for Pando: write ballots)
    IsOwn(_, _)     \* IsOwn(v, w): v is the value writer w wrote

VARIABLES chosen, rd, out

vars == <<chosen, rd, out>>

ReadState == [state : {"idle", "started", "done"}, start : SUBSET Value, res : Value \cup {NoValue}]
Outcome == [w : Writers, v : Value, status : {"OK", "CONFLICT"}]

WriteOnceRegisterTypeOK ==
    /\ chosen \subseteq Value /\ Cardinality(chosen) <= 1
    /\ rd \in [Readers -> ReadState]
    /\ out \subseteq Outcome

Init ==
    /\ chosen = {}
    /\ rd = [r \in Readers |-> [state |-> "idle", start |-> {}, res |-> NoValue]]
    /\ out = {}

\* The answer a writer may get once `ch` is chosen.
Truthful(o, ch) ==
    /\ o.v \in ch
    /\ o.status = IF IsOwn(o.v, o.w) THEN "OK" ELSE "CONFLICT"

\* A value is chosen (or was already), and writers get answers that are true of it.
Decide ==
    /\ \/ chosen' = chosen
       \/ chosen = {} /\ \E v \in Value : chosen' = {v}
    /\ out' \subseteq Outcome
    /\ out \subseteq out'
    /\ \A o \in out' \ out : Truthful(o, chosen') /\ ~\E p \in out' : p.w = o.w /\ p # o
    /\ UNCHANGED rd

ReadBegin(r) ==
    /\ rd[r].state = "idle"
    /\ rd' = [rd EXCEPT ![r] = [state |-> "started", start |-> chosen, res |-> NoValue]]
    /\ UNCHANGED <<chosen, out>>

\* The results a read may end with.
ReadResults(r) == IF rd[r].start # {} THEN rd[r].start ELSE chosen \cup {NoValue}

ReadEnd(r) ==
    /\ rd[r].state = "started"
    /\ \E x \in ReadResults(r) : rd' = [rd EXCEPT ![r].state = "done", ![r].res = x]
    /\ UNCHANGED <<chosen, out>>

Next == Decide \/ \E r \in Readers : ReadBegin(r) \/ ReadEnd(r)

Spec == Init /\ [][Next]_vars
=============================================================================
