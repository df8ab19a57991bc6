----------------------------- MODULE MCAlia -----------------------------
(***************************************************************************)
(* Model-checking module for specs/Alia.tla, the whole system (brief      *)
(* Alia.md §7 MC-D, integration) on layout V3: four replicas, subquorums  *)
(* A = {r1, r2} and B = {r3}, r4 a hot spare; tag t1 (holding o1) is      *)
(* owned by A in epoch 0.  The root chooses epoch 1's configuration        *)
(* between two: t1 moves to B (the brief's V3 step) or stays with A.  One  *)
(* client with a Put and a Get.  No symmetry (brief §7: the layout is      *)
(* asymmetric).                                                            *)
(***************************************************************************)
EXTENDS Alia, TLC

CONSTANTS A, B, r1, r2, r3, r4, t1, o1, c1, v1

Mem(a, b) == [i \in Subqs |-> IF i = A THEN a ELSE b]

TagOfV3 == o1 :> t1
CfgV3e0 == [mem |-> Mem({r1, r2}, {r3}), own |-> {<<A, t1>>}]
\* V3's epoch 1: t1 moves from A to B.
CfgV3Move == [mem |-> Mem({r1, r2}, {r3}), own |-> {<<B, t1>>}]
\* The other candidate: r4 joins B and t1 stays with A.
CfgV3Stay == [mem |-> Mem({r1, r2}, {r3, r4}), own |-> {<<A, t1>>}]
ChoicesV3 == 1 :> {CfgV3Move, CfgV3Stay}

\* ---------------------------------------------------------------------------
\* Mutants.  M1 (PAPER_LITERAL) is the constant DelegationMode.

\* MX (ours): a replica announces a configuration it has only accepted, so
\* the data plane may run one the root never chooses.
MutantMXAnnounceable(x, c) == \E r \in Replicas : rAccepted[r][x] # NIL /\ rAccepted[r][x].cfg = c
=============================================================================
