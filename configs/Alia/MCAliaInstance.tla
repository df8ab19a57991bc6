---------------------------- MODULE MCAliaInstance ----------------------------
(***************************************************************************)
(* Model-checking module for specs/AliaInstance.tla: instance Paxos on two  *)
(* instances with the same three members (one subquorum in two consecutive *)
(* epochs, the situation of brief §8 M11), with the mutants of §8 and ours *)
(* that live in instance Paxos.  Expected verdicts are in                  *)
(* configs/models.json.                                                    *)
(***************************************************************************)
EXTENDS AliaInstance, TLC

CONSTANTS I0, I1, v1, v2

\* Both instances have members 1, 2, 3; replica 1 is I0's configured leader
\* and replica 2 is I1's, so replica 2 can lead both with ballot <<1, 2>>.
\* Replica ids order ballots, so there is no symmetry.
MCMembers == [I \in Insts |-> {1, 2, 3}]
MCHint == (I0 :> 1) @@ (I1 :> 2)
\* One instance (AliaInstance_One): members 1, 2, 3, configured leader 1.
MCMembersOne == I0 :> {1, 2, 3}
MCHintOne == I0 :> 1
\* One instance with four members (AliaInstance_One4): a majority is three, so a
\* quorum rule off by one on an even membership (two of four) shows.
MCMembersFour == I0 :> {1, 2, 3, 4}
\* The same subquorum keeps its configured leader across the epoch change, so
\* replica 1 leads both instances in round 0 with the same ballot, without
\* Phase 1 (the shortest way to M11's situation).
MCHintSame == [I \in Insts |-> 1]

\* Values are symmetric (opaque entries).
Sym == Permutations(Values)

\* ---------------------------------------------------------------------------
\* Mutants.  Each is a one-rule override named in its cfg.

\* M11 (brief §8): the SubAccepted handler checks the ballot, not the
\* instance, so a leader of two instances with one ballot counts the
\* acceptances of one for the other.
MutantM11Counted(m, I) == TRUE

\* MBR (ours, Alia C#'s MBR): a ballot may be started again, so a replica that
\* crashed after leading a ballot (its volatile ballot is reset) leads the
\* same ballot again and may propose another entry in a slot under it.
MutantMBRBallotUnused(I, b) == TRUE

\* MQ (ours): half the members make a quorum (1 of 3).
MutantMQIsQuorum(I, S) == 2 * Cardinality(S \cap Members[I]) >= Cardinality(Members[I]) - 1

\* MU (ours): usedRound0 is not durable, so the configured leader uses
\* round 0 again after a crash, with another entry.
MutantMURound0AfterCrash(p) == [I \in Insts |-> FALSE]

\* ML (ours): a new leader re-proposes the entry reported at the LOWEST
\* ballot of a slot instead of the highest.
MutantMLRecovered(R) == (CHOOSE a \in R : \A b \in R : a.bal <= b.bal).val

\* MT (the harness's check that TypeOK can fail): an accepted entry recorded
\* with a ballot outside Ballots.
MutantMTAcceptedBal(b) == b + 100
=============================================================================
