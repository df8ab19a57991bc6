------------------------------- MODULE MCABD --------------------------------
(***************************************************************************)
(* Model-checking module for specs/ABD.tla: bounds, symmetry, witnesses    *)
(* and the mutants of brief LEGOStore.md §8 that concern static ABD.  Each *)
(* cfg of configs/LEGOStore picks the protocol rules it overrides; the     *)
(* expected verdict of every cfg is in configs/models.json.                *)
(***************************************************************************)
EXTENDS ABD, TLC

\* Servers and values are interchangeable: quorums are by size and values are
\* only compared for equality (brief §7).  Clients are NOT: their ids order tags.
MCSymmetry == Permutations(Servers) \cup Permutations(Values)

\* Workloads (the cfg picks one for Plan).
PlanAny2 == [c \in 1..2 |-> <<"ANY", "ANY">>]
PlanW1R2 == [c \in 1..2 |-> IF c = 1 THEN <<"PUT">> ELSE <<"GET", "GET">>]
PlanW2R1 == [c \in 1..2 |-> IF c = 1 THEN <<"PUT", "PUT">> ELSE <<"PUT", "GET">>]

\* A VIEW that drops message garbage: queries, replies and acks of operations
\* that are no longer in progress (completed, or their client crashed).  No
\* action reads them again: a server may still answer such a query, which only
\* adds more garbage.  Writes are kept whatever their operation's state, since
\* a late write still changes a server.  Sound for every invariant and action
\* property of the models (they read server state, writes, `hist` and
\* `written`); the fast tier's mutants are checked with it.
InProgress(o) == \E c \in Clients : cop[c].phase \in {"q", "w"} /\ cop[c].id = o
ABDView == <<stag, sval, crashed, {m \in msgs : m.type = "write" \/ InProgress(m.op)}, cop, nops, hist, written>>

\* A model with quorums that cannot meet is refused before checking, unless
\* its cfg is one of the parameter mutants (which override this flag).
CheckParams == TRUE
ASSUME ABDParamsAssume ==
    CheckParams => /\ Q1 + Q2 > Cardinality(Servers)          \* brief A1
                   /\ Q1 <= Cardinality(Servers) - F          \* brief A2
                   /\ Q2 <= Cardinality(Servers) - F

\* ---------------------------------------------------------------------------
\* Mutants (brief §8).  Each is a one-rule override named in its cfg.

\* M2: a GET returns after phase 1, never writing back (and no q2 check).
MutantM2GetWritesBack == FALSE

\* M3: the fast path waits for q1 replies and needs only q1 of them to carry
\* the highest tag (threshold q1 instead of q2; needs q1 < q2).
MutantM3GetPhase1Need == Q1
MutantM3FastPathOK(R, t) == Cardinality({r \in R : r.tag = t}) >= Q1

\* M4: tags without the writer's id: concurrent PUTs pick the same tag.
MutantM4NewTag(maxSeen, c) == <<maxSeen[1] + 1, 0>>

\* M15: replies counted per message, not per distinct server: a duplicated
\* write delivery acknowledged twice completes a phase at one server.
MutantM15CountsAsQuorum(R, need) == Cardinality(R) = need
\* ... in a network that tells a duplicated ack from the first (a bag).
MutantM15AckCopies == 1

\* MR: a GET returns the value of any reply, not the one carrying the highest
\* tag (a value mixed up with another tag).  Must violate ABD-L3.
MutantMRReadValues(R, t) == {r.val : r \in R}

\* MS: a server stores every written tag, also an older one.  Must violate ABD-S1.
MutantMSStores(cur, t) == TRUE

\* MT: a tag outside the tag domain.  Must violate ABD-T (the type invariant is not vacuous).
MutantMTNewTag(maxSeen, c) == <<maxSeen[1] + 1, NC + 1>>

\* Parameter mutant M1 (q1 + q2 = m) turns the parameter assumption off.
NoParamCheck == FALSE

\* Two concurrent writers, one operation each (for M4).
PlanWW == [c \in 1..2 |-> <<"PUT">>]
\* ML (ours): a GET reads the LOWEST tag of its quorum's replies.
MutantMLReadTag(R) == CHOOSE t \in {r.tag : r \in R} : \A r \in R : TagLE(t, r.tag)
=============================================================================
