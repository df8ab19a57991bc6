----------------------------- MODULE MCConsensus -----------------------------
(***************************************************************************)
(* Model-checking module for the abstract consensus spec.  It adds nothing *)
(* to the correct spec; it only defines the deliberate mutants that prove *)
(* the properties of Consensus.tla are not vacuous, and the parameter     *)
(* assumption a model must satisfy.  Each cfg in this folder picks one     *)
(* specification and the properties it must satisfy or violate; the       *)
(* expected verdict of every cfg is in configs/models.json.               *)
(***************************************************************************)
EXTENDS Consensus

\* A model with no values has nothing to choose: reject it before checking.
ASSUME ConsensusValueSetNonEmptyAssume == Value # {}

\* Mutant ChooseTwice: a second value may be added to a non-empty `chosen`.
\* Must violate CONS-S1 ConsensusAgreementInv.
MutantChooseTwice == \E v \in Value : chosen' = chosen \cup {v}
MutantChooseTwiceSpec == Init /\ [][MutantChooseTwice]_vars

\* Mutant Rechoose: the chosen value may be replaced by another one.  At
\* most one value is chosen in every state, so Agreement still holds; must
\* violate CONS-S2 ConsensusStabilityProp.
MutantRechoose == \E v \in Value : chosen' = {v}
MutantRechooseSpec == Init /\ [][MutantRechoose]_vars
\* Mutant WrongType: the chosen set receives something that is not a value.
\* Must violate CONS-T ConsensusTypeOK (so the type invariant is not vacuous).
MutantWrongType == chosen = {} /\ chosen' = {"not-a-value"}
MutantWrongTypeSpec == Init /\ [][MutantWrongType]_vars
=============================================================================
