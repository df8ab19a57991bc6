------------------------------ MODULE MCRSPaxos ------------------------------
(***************************************************************************)
(* Model-checking module for specs/RSPaxos.tla: the instances of brief      *)
(* RSPaxos.md §7 (MC-A .. MC-D), symmetry, and the one-rule mutants of §8.  *)
(* Each cfg of configs/RSPaxos picks the rules it overrides; the expected   *)
(* verdict of every cfg is in configs/models.json.                          *)
(***************************************************************************)
EXTENDS RSPaxos, TLC

CONSTANTS a1, a2, a3, a4, a5, v1, v2

\* Acceptors are symmetric (share index = acceptor, every index alike) and so
\* are values (brief §7 "Symmetry sets").  Ballots are never symmetric.
\* Sound for the invariants and the action properties checked here; no
\* liveness property is checked.
SymAll == Permutations(Acceptors) \cup Permutations(Values)

\* The VIEW of the brief's exploration (§7.0): the 2a messages without the
\* two witness fields, so distinct-state counts can be compared with the
\* brief's [CHECKED] numbers.  Used only by the count cross-check cfgs.
Strip(m) == IF m.type = "2a" THEN [type |-> "2a", bal |-> m.bal, vid |-> m.vid] ELSE m
BriefView == <<promised, accBal, accVid, {Strip(m) : m \in msgs}, learned>>

\* A parameter mutant switches the overlap assumption off.
MCTrue == TRUE

\* ---------------------------------------------------------------------------
\* Mutants (§8).  Each is a one-rule override named in its cfg.

\* M3: shares are counted per (ballot, vid), so shares of one value accepted
\* in two ballots are not combined (equivalently: a rebuilt value proposed
\* again under a fresh vid).
MutantM3Shares(pieces, u) ==
    LET per(c) == Cardinality({p[3] : p \in {q \in pieces : q[1] = c /\ q[2] = u}})
        counts == {per(c) : c \in {p[1] : p \in pieces}}
    IN CHOOSE n \in counts : \A k \in counts : k <= n

\* M4: among the rebuildable vids, take the one with the LOWEST top ballot.
MutantM4PickVid(R, top) == CHOOSE u \in R : \A w \in R : top[u] <= top[w]

\* M5: accepting does not raise the promise (and the single accepted slot is
\* overwritten), so a lower-ballot Accept can replace a higher one.
MutantM5PromiseAfterAccept(a, b) == promised[a]

\* M6: accept regardless of the promise.
MutantM6AcceptOK(a, b) == TRUE

\* M7: the learner declares a value chosen after QW - 1 Accepted messages.
MutantM7LearnQuorum == QW - 1

\* M8: the promise is not made durable: a restarted acceptor's promise falls
\* back to its accepted ballot.
MutantM8PromiseAfterRestart(a) == accBal[a]

\* M10: "rebuildable" with X - 1 distinct shares, the missing one taken as
\* zeros: the decode yields Garbage.
MutantM10DecodeThreshold == X - 1

\* MB: a proposer may send Accepts of one ballot twice (the one-value-per-
\* ballot guard of Phase 2a dropped).
MutantMBBallotUnused(b) == TRUE

\* A type mutant (the harness's check that TypeOK can fail): an acceptor
\* records the ballot it was asked to accept plus one.
MutantTypeAccept(a, b) == b + 100
=============================================================================
