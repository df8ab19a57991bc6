------------------------------ MODULE Consensus ------------------------------
(***************************************************************************)
(* The abstract single-decree consensus service that every Paxos-family    *)
(* protocol in this repository refines.  The only state is the set of      *)
(* chosen values: it starts empty, at most one value is ever put into it,  *)
(* and once a value is in it, it never leaves.                              *)
(*                                                                         *)
(* A protocol refines this spec when its own `chosen` (a state function    *)
(* defined from the acceptors' votes) is a behaviour of Spec below, i.e.  *)
(* when `Consensus!Spec` under the refinement mapping is a TLC PROPERTY of  *)
(* the protocol's model.                                                   *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANT Value          \* the values clients may propose

VARIABLE chosen         \* the set of values chosen so far

vars == <<chosen>>

\* @type: Set(VALUE);
ConsensusTypeOK == chosen \subseteq Value

Init == chosen = {}

\* A value can be chosen only while nothing is chosen yet.
Choose(v) == /\ chosen = {}
             /\ chosen' = {v}

Next == \E v \in Value : Choose(v)

Spec == Init /\ [][Next]_vars

\* Under weak fairness some value is eventually chosen.
LiveSpec == Spec /\ WF_vars(Next)

-----------------------------------------------------------------------------
(* Properties.  IDs refer to docs/invariants.md.                           *)

\* CONS-S1 Agreement: at most one value is ever chosen.
ConsensusAgreementInv == Cardinality(chosen) <= 1

\* CONS-S2 Stability: a chosen value stays chosen.
ConsensusStabilityProp == [][\A v \in chosen : v \in chosen']_vars

\* CONS-L1 Termination (under LiveSpec): some value is eventually chosen.
ConsensusEventuallyChosenProp == <>(chosen # {})

\* CONS-W1 Reachability witness, violated by a correct model: a value is chosen.
NothingChosenWitness == chosen = {}
=============================================================================
