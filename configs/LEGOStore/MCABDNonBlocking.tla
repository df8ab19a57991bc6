--------------------------- MODULE MCABDNonBlocking ---------------------------
(***************************************************************************)
(* Model-checking module for specs/ABDNonBlocking.tla (ABD-T5).  It reuses *)
(* the workloads, parameter checks and mutants of MCABD.tla.  Liveness:    *)
(* no symmetry and no VIEW (brief §6.2).                                   *)
(***************************************************************************)
EXTENDS MCABD, ABDNonBlocking

\* One operation per client, either kind (two PUTs, a PUT and a GET, two GETs).
PlanAny1 == [c \in 1..2 |-> <<"ANY">>]
\* One PUT and one GET.
PlanW1R1 == [c \in 1..2 |-> IF c = 1 THEN <<"PUT">> ELSE <<"GET">>]

\* MB (ours, against ABD-T5): a GET whose phase-1 replies do not already agree
\* (q2 of them carrying the highest tag) waits instead of writing back, in the
\* hope that the writer of that tag finishes.  Servers answer a repeated query
\* again (AnswersAgain, behaviour-preserving for the protocol itself), so the
\* waiting GET does complete once the writer has finished: it is safe, but it
\* blocks on another client's operation.
MutantMBGetMayProceed(R, t) == FastPathOK(R, t)
MutantMBAnswersAgain == TRUE
=============================================================================
