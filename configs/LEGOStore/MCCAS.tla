------------------------------- MODULE MCCAS --------------------------------
(***************************************************************************)
(* Model-checking module for specs/CAS.tla: bounds, symmetry, workloads,   *)
(* a VIEW, and the mutants of brief LEGOStore.md §8 that concern static    *)
(* CAS and its GC.  Each cfg of configs/LEGOStore picks the rules it       *)
(* overrides; the expected verdict of every cfg is in configs/models.json. *)
(***************************************************************************)
EXTENDS CAS, TLC

\* Servers and values are interchangeable: quorums are by size, a server's
\* symbol index is tied to the server, and values are only compared for
\* equality (brief §7).  Clients are NOT: their ids order tags.
MCSymmetry == Permutations(Servers) \cup Permutations(Values)

\* Workloads (the cfg picks one for Plan).
PlanW1R1 == [c \in 1..2 |-> IF c = 1 THEN <<"PUT">> ELSE <<"GET">>]
PlanW1R2 == [c \in 1..2 |-> IF c = 1 THEN <<"PUT">> ELSE <<"GET", "GET">>]
PlanW2R1 == [c \in 1..2 |-> IF c = 1 THEN <<"PUT", "PUT">> ELSE <<"GET">>]
PlanWW == [c \in 1..2 |-> <<"PUT">>]
\* Two writers, the second then reads: M4's mixed symbols reach a GET.
PlanWWG == [c \in 1..2 |-> IF c = 1 THEN <<"PUT">> ELSE <<"PUT", "GET">>]

\* A VIEW that drops message garbage: queries and query replies of operations
\* no longer in progress, or of an earlier attempt.  Answering such a query
\* changes no server and its reply is read by nobody.  Every other message
\* stays: pre, fin and readfin requests still change servers when delivered
\* late, and their replies record that a server has handled them (a server
\* handles a request once), so dropping those would merge states with
\* different futures.  Sound for every invariant and action property of the
\* models (they read servers, hist, written, cache and the kept messages).
Current(m) == \E c \in Clients : cop[c].phase \in {"q", "pre", "fin", "rf"} /\ cop[c].id = m.op /\ cop[c].att = m.att
CASView == <<L, crashed, {m \in msgs : m.type \notin {"query", "qreply"} \/ Current(m)},
             cop, nops, cache, hist, written, badRetry>>

\* A model whose quorums break C1-C5 or 1 <= k < m is refused before checking,
\* unless its cfg is a parameter mutant (which overrides this flag).
CheckParams == TRUE
ASSUME CASParamsAssume ==
    CheckParams => /\ Q1 + Q3 > M                               \* C1
                   /\ Q1 + Q4 > M                               \* C2
                   /\ Q2 + Q4 >= M + K                          \* C3
                   /\ \A q \in {Q1, Q2, Q3, Q4} : q <= M - F    \* C5
                   /\ 1 <= K /\ K < M                           \* C7
NoParamCheck == FALSE

\* ---------------------------------------------------------------------------
\* Mutants (brief §8).  Each is a one-rule override named in its cfg.

\* M4: tags without the writer's id: concurrent PUTs pick the same tag.
MutantM4NewTag(maxSeen, c) == <<maxSeen[1] + 1, 0>>

\* M5: a server answers a query with its highest tag of any label.
MutantM5QueryTag(Ls) == MaxTag({e.tag : e \in Ls})

\* M6: the writer finalizes after one pre-write ack.
MutantM6PreNeed == 1
\* M15 (brief §8): a phase counts reply messages, not distinct servers ...
MutantM15CountsAsQuorum(R, need) == Cardinality(R) = need
\* ... in a network that tells a duplicated pre-write ack from the first (a bag).
MutantM15AckCopies == 1

\* M7: a GET's phase 2 fetches symbols without labelling the tag fin.
MutantM7ReadLabelsFin == FALSE

\* M8: a GET returns as soon as it holds K symbols, before q4 replies.
MutantM8ReadDone(R) ==
    /\ CountsAsQuorum(R, K)
    /\ \A r \in R : r.sym # NoSym

\* M19: the GC cut off by one: the symbol of the cut tag itself is collected,
\* so only Delta - 1 fin versions keep their symbols.
MutantM19Collected(Ls, t) == TagLE(t, GcCut(Ls)) /\ Delta > 0 /\ Cardinality(FinTags(Ls)) >= Delta

\* MS: a late pre-write replaces the entry, re-labelling a fin tag pre.  Must
\* violate CAS-S1.
MutantMSPreEntry(Ls, t, sym) == {e \in Ls : e.tag # t} \cup {[tag |-> t, sym |-> sym, lab |-> "pre"]}

\* MT: a tag outside the tag domain.  Must violate CAS-T.
MutantMTNewTag(maxSeen, c) == <<maxSeen[1] + 1, NC + 1>>
=============================================================================
