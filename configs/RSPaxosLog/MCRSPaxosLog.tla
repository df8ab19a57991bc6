----------------------------- MODULE MCRSPaxosLog -----------------------------
(***************************************************************************)
(* Model-checking module for specs/RSPaxosLog.tla: brief RSPaxos.md §7      *)
(* MC-E ("KV/SMR": N = 4, X = 2, Q = 3, two instances, one key, one leader *)
(* change, leases, one follower crash-restart with catch-up), symmetry and *)
(* the mutants of §8 that need the log (M11, M12, M13) and log forms of   *)
(* M1, M6, MB, MC, MX.  Expected verdicts are in configs/models.json.      *)
(***************************************************************************)
EXTENDS RSPaxosLog, TLC

CONSTANTS a1, a2, a3, a4, w1, w2, rf, rc

\* a1 leads ballot 1 from the start; a2 owns ballot 2 (the leader change).
OwnerAB == [b \in Ballots |-> IF b = 1 THEN a1 ELSE a2]

\* The two servers that own no ballot are interchangeable (quorums are by
\* size; share index = server, every index alike).  Owners, operations and
\* ballots are not.  Only invariants and action properties are checked.
SymFollowers == Permutations({a3, a4})

\* ---------------------------------------------------------------------------
\* Mutants (§8).  Each is a one-rule override named in its cfg.

\* M11: a follower drops its lease grant after Δ instead of Δ + δ, while the
\* old leader may still believe it holds the lease.
MutantM11GrantMayEnd(a) == TRUE

\* M11r: a new leader serves FAST reads before it is ready (before the
\* instances of its takeover are applied).
MutantM11rFastReadOK(a) == lease[a] /\ AppliedAllDecided(a)

\* M12: a recovery read takes X shares of the key, of any instance at or
\* before the one it reads: shares of two versions decode to Garbage.
MutantM12RecoverySets(s, v) ==
    {D \in SUBSET Servers :
        /\ Cardinality(D) = X
        /\ \A a \in D : \E t \in 1 .. s : \E u \in Writes : Holds(a, t, u)}
MutantM12RecoveryResult(s, v, D) == IF \A a \in D : Holds(a, s, v) THEN v ELSE Garbage

\* M13: log[s] is dropped once its share is in the local store, before a
\* checkpoint has flushed it; a crash then loses the share.
MutantM13GCOK(a, s) == mem[a][s] = log[a][s].vid

\* A parameter mutant switches the overlap assumption off (M1: X one too big).
MCTrue == TRUE

\* M6: accept regardless of the promise.
MutantM6AcceptOK(a, b) == TRUE

\* MC: the leader decides with QW - 1 Accepted replies.
MutantMCDecideQuorum == QW - 1

\* MB: the leader always proposes in instance 1, so one ballot can carry two
\* vids for one instance.
MutantMBProposeInst(a) == 1

\* MX: a leader applies its own proposal before it is decided.
MutantMXApplyVid(a, s) ==
    IF decided[a][s] # None THEN decided[a][s] ELSE IF role[a] = "L" THEN prop[a][s] ELSE None

\* MT (the harness's check that TypeOK can fail): an acceptor records a
\* ballot outside Ballots.
MutantMTAcceptedBal(a, b) == b + 100
=============================================================================
