----------------------------- MODULE MCAliaHandoff -----------------------------
(***************************************************************************)
(* Model-checking module for specs/AliaHandoff.tla: the instances of brief *)
(* Alia.md §7 MC-B (OneHandoff, layout V2), MC-B3 (a release chain) and    *)
(* MC-C (the Fig. 2 crossing, layout V5), and the mutants of §8 that live  *)
(* in the data plane.  Expected verdicts are in configs/models.json.       *)
(*                                                                         *)
(* The safety models set MaxLosses = 0: a lost reply is, for safety, a     *)
(* reply never received, and TLC explores those anyway (receiving is       *)
(* never forced).  Losses matter only with fairness: the liveness models   *)
(* (B_Live, the M16 models) allow one.                                     *)
(***************************************************************************)
EXTENDS AliaHandoff, TLC

CONSTANTS A, B, C, r1, r2, r3, t1, t2, tb, td, tf, o1, ob, od, of, c1, c2, v1, v2

\* Values and clients are interchangeable (brief §7); subquorums, replicas
\* and tags are not (ownership is fixed per tag).  Safety only.
Sym == Permutations(Values) \cup Permutations(Clients)

\* ---------------------------------------------------------------------------
\* Layouts (brief §5.4).

Mem(a, b, c) == [i \in Subqs |-> IF i = A THEN a ELSE IF i = B THEN b ELSE c]

\* V2 (MC-B): A = {r1, r2}, B = {r3}, t1 -> A, t2 -> B; epoch 1 moves r2 to B
\* and t1 to B.  o1 is in t1.
TagOfV2 == o1 :> t1
CfgV2e0 == [mem |-> Mem({r1, r2}, {r3}, {}), own |-> {<<A, t1>>, <<B, t2>>}]
CfgV2e1 == [mem |-> Mem({r1}, {r2, r3}, {}), own |-> {<<B, t1>>, <<B, t2>>}]
\* MC-B3: epoch 2 moves t1 back to A.
CfgV2e2 == [mem |-> Mem({r1}, {r2, r3}, {}), own |-> {<<A, t1>>, <<B, t2>>}]
\* X3 (invalid, brief §5.4): t1 owned by A and B.
CfgX3 == [mem |-> Mem({r1}, {r2, r3}, {}), own |-> {<<A, t1>>, <<B, t1>>, <<B, t2>>}]

ChoicesB == 1 :> {CfgV2e1}
ChoicesB3 == (1 :> {CfgV2e1}) @@ (2 :> {CfgV2e2})
ChoicesB9 == 1 :> {CfgV2e1, CfgX3}

\* V5 (MC-C): subquorums of one replica each; the Fig. 2 reading of §4.7.3
\* reduced to the tags that move: b: A -> B, f: C -> B, d: B -> C (a crossing:
\* B waits on C for f while C waits on B for d).
TagOfV5 == [o \in Objects |-> CASE o = ob -> tb [] o = od -> td [] OTHER -> tf]
CfgV5e0 == [mem |-> Mem({r1}, {r2}, {r3}), own |-> {<<A, tb>>, <<B, td>>, <<C, tf>>}]
CfgV5e1 == [mem |-> Mem({r1}, {r2}, {r3}), own |-> {<<B, tb>>, <<B, tf>>, <<C, td>>}]
ChoicesC == 1 :> {CfgV5e1}

\* §4.7.4 log continuation turned on (the models named _Continue).
ContinueOn == TRUE

\* ---------------------------------------------------------------------------
\* Mutants (brief §8).  Each is a one-rule override named in its cfg.

\* M5: every instance starts with its whole scope active (no Install needed).
MutantM5StartActive(I, S) == S.pending

\* M6: the releaser answers for a tag still active, with its current state.
MutantM6ReplyReady(K, t) == t \in sm[K].active \cup sm[K].sealed
MutantM6ReplySnap(K, t) == IF t \in sm[K].sealed THEN sm[K].frozen[t] ELSE SnapshotOf(sm[K], t)

\* M7: Apply("Op") checks the scope instead of the active set, so a Put
\* pipelined before the seal takes effect after it.
MutantM7OpAllowed(I, S, t) == t \in Scope(I)

\* M8: the releaser answers for a tag it has not acquired yet, with the
\* initial state.
MutantM8ReplyReady(K, t) == t \in sm[K].sealed \cup sm[K].pending
MutantM8ReplySnap(K, t) ==
    IF t \in sm[K].pending THEN InitialSnap(t)
    ELSE sm[K].frozen[t]

\* M9: the root does not check that tag ownership is a total function.
MutantM9RootCheck(c) == \A i, j \in Subqs : i # j => c.mem[i] \cap c.mem[j] = {}

\* M10: the old instance never closes, and the acquirer takes the tag over
\* from the initial state after a timeout.
MutantM10MayClose(I) == FALSE
MutantM10MayForceTakeover == TRUE

\* M14: a tag's snapshot omits the session table.
MutantM14SnapSessions(S) == [c \in Clients |-> NoSession]

\* MS (ours): a replica that has not learned Cfg(x) creates instance (i, x)
\* from the last configuration it knows (for example on a handoff message).
MutantMSStartCfg(x) == IF cfg[x] # NIL THEN cfg[x] ELSE cfg[x - 1]

\* MT (the harness's check that TypeOK can fail): EpochStart activates a
\* value that is not a tag.
MutantMTStartActive(I, S) == {NIL}

\* M16: an instance retires once its scope is sealed, before the acks.
MutantM16RetireReady(K) == Scope(K) \subseteq sm[K].sealed
=============================================================================
