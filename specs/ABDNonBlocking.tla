---------------------------- MODULE ABDNonBlocking ----------------------------
(***************************************************************************)
(* ABD-T5 "non-blocking" (brief LEGOStore.md §6.2, T5): an ABD operation   *)
(* never waits for another client's operation.  In any reachable state     *)
(* with at most F crashed servers, a pending operation can complete with   *)
(* its own client's steps and the servers' answers to its own messages.    *)
(*                                                                         *)
(* The property quantifies over execution fragments, which a temporal      *)
(* formula over one behaviour cannot do directly.  We check a stronger     *)
(* statement instead, as an ordinary liveness property of this module:     *)
(*                                                                         *)
(*  - the behaviour first runs ABD as in specs/ABD.tla (any workload, up   *)
(*    to F server crashes; a crashed client needs no action here, since    *)
(*    going solo freezes every other client anyway);                       *)
(*  - at any point it may pick one pending operation of a live client and  *)
(*    go "solo": from then on only that client's steps, the servers'      *)
(*    steps on that operation's messages, and further server crashes (at   *)
(*    most F in all) may happen.  Every other client is frozen mid-        *)
(*    operation, and the messages of other operations are never delivered  *)
(*    again (the network may drop any message, so the fragment must not    *)
(*    count on them);                                                      *)
(*  - under weak fairness of the solo steps, the solo operation completes  *)
(*    (NonBlockingProp).                                                   *)
(*                                                                         *)
(* Every fair solo fragment completing implies that some fragment does,    *)
(* which is T5.  The solo switch is a new variable; the ABD steps are      *)
(* those of specs/ABD.tla (server handlers HandleQuery, HandleWrite).      *)
(***************************************************************************)
EXTENDS ABD

VARIABLE solo       \* 0: ordinary run; c \in Clients: only c's operation moves

nbVars == <<vars, solo>>

\* The operation of client c is in progress and its client is alive.
Pending(c) == cop[c].phase \in {"q", "w"}

\* A server answers the query of operation o (ServerQuery restricted to o).
ServerQueryOf(s, o) ==
    /\ s \notin crashed
    /\ \E m \in msgs : m.op = o /\ HandleQuery(s, m)
    /\ UNCHANGED <<crashed, cop, nops, hist, written>>

\* A server applies the write (or write-back) of operation o (ServerWrite
\* restricted to o).
ServerWriteOf(s, o) ==
    /\ s \notin crashed
    /\ \E m \in msgs : m.op = o /\ HandleWrite(s, m)
    /\ UNCHANGED <<crashed, cop, nops, hist, written>>

\* The steps of a solo fragment for client c.
SoloStep(c) ==
    \/ PutQueried(c) \/ GetQueried(c) \/ WriteDone(c)
    \/ \E s \in Servers : ServerQueryOf(s, cop[c].id) \/ ServerWriteOf(s, cop[c].id)

NBInit == Init /\ solo = 0

NBNext ==
    \/ solo = 0 /\ Next /\ UNCHANGED solo
    \/ solo = 0 /\ \E c \in Clients : Pending(c) /\ solo' = c /\ UNCHANGED vars
    \/ solo # 0 /\ SoloStep(solo) /\ UNCHANGED solo
    \/ \E s \in Servers : Crash(s) /\ UNCHANGED solo     \* before or during the solo fragment

\* Fairness only on the solo steps: the prefix may stop anywhere, and crashes
\* are never forced.
NBSpec == NBInit /\ [][NBNext]_nbVars /\ \A c \in Clients : WF_nbVars(solo = c /\ SoloStep(c) /\ UNCHANGED solo)

\* ABD-T5 Non-blocking: a solo operation completes.
NonBlockingProp == \A c \in Clients : (solo = c) ~> (solo = c /\ ~Pending(c))

\* ABD-W4 witness (must be violated): a solo fragment completes an operation
\* while another client's operation is still in progress.
NoSoloOvertakeWitness ==
    ~\E c, d \in Clients : c # d /\ solo = c /\ ~Pending(c) /\ Pending(d)
=============================================================================
