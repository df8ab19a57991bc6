-------------------------- MODULE MCLEGOReconfig ---------------------------
(***************************************************************************)
(* Model-checking module for specs/LEGOReconfig.tla: the configurations of *)
(* brief LEGOStore.md §7 (I4, I5) and §5.4, workloads, symmetry, a VIEW,   *)
(* and the reconfiguration mutants of brief §8.                            *)
(***************************************************************************)
EXTENDS LEGOReconfig, TLC

\* The servers, as model values (symmetry sets must be model values).
CONSTANTS s1, s2, s3, s4, s5

\* Per-configuration constants that a protocol does not use.
Unused == [c \in {1, 2} |-> 0]
ProtoAA == [c \in {1, 2} |-> "ABD"]
ProtoAC == [c \in {1, 2} |-> IF c = 1 THEN "ABD" ELSE "CAS"]
ProtoCA == [c \in {1, 2} |-> IF c = 1 THEN "CAS" ELSE "ABD"]

\* ---------------------------------------------------------------------------
\* ABD to ABD

\* Brief §7 I5 (hazard H1): old ABD on {s1, s2, s3} with q1 = 1, q2 = 3 (f = 0),
\* new ABD on {s4} with q1 = q2 = 1.  Paper's Qr = 3 - 3 + 1 = 1; safe Qr = 3.
MembersI5 == [c \in {1, 2} |-> IF c = 1 THEN {s1, s2, s3} ELSE {s4}]
Q1I5 == [c \in {1, 2} |-> 1]
Q2I5 == [c \in {1, 2} |-> IF c = 1 THEN 3 ELSE 1]

\* The smallest instance of the hazard: old ABD on {s1, s2} with q1 = 1, q2 = 2
\* (f = 0), new ABD on {s3}.  Paper's Qr = 2 - 2 + 1 = 1; safe Qr = 2.
MembersH1 == [c \in {1, 2} |-> IF c = 1 THEN {s1, s2} ELSE {s3}]
Q1H1 == [c \in {1, 2} |-> 1]
Q2H1 == [c \in {1, 2} |-> IF c = 1 THEN 2 ELSE 1]
SymmetryH1 == Permutations({s1, s2})

\* Equal quorums: old ABD(3) q1 = q2 = 2, new ABD(3) on {s2, s3, s4}
\* overlapping it (a shared server keeps separate state per configuration).
\* The two Qr rules coincide (Qr = 2).
MembersEq == [c \in {1, 2} |-> IF c = 1 THEN {s1, s2, s3} ELSE {s2, s3, s4}]
Q1Eq == [c \in {1, 2} |-> 2]
Q2Eq == [c \in {1, 2} |-> 2]

\* The old servers of I5 (and of H1) are interchangeable: quorums are by size
\* and the new configuration is disjoint.  Values are not permuted: each
\* writer has its own.  Not clients either: their ids order tags.
SymmetryI5 == Permutations({s1, s2, s3})

\* ---------------------------------------------------------------------------
\* Configurations with CAS (brief §7 I4, §5.4)

\* I4: old ABD on {s1, s2, s3}, q = (2, 2); new CAS(3, 1) on {s2, s3, s4}, all
\* quorums 2 (the brief's smallest CAS).  Both Qr rules give 2.  Also the
\* reverse, old CAS(3, 1) on {s1, s2, s3} to new ABD(3) on {s2, s3, s4}, which
\* takes the RcGet path.  With F = 1 in each (liveness models), every quorum
\* and Qr is at most m - f = 2 (brief §5.3 RC5).
Q2Cas3 == [c \in {1, 2} |-> 2]
K1 == [c \in {1, 2} |-> 1]
F1 == [c \in {1, 2} |-> 1]
\* The shared servers s2, s3 are interchangeable (brief §7: permute old-only,
\* new-only and shared servers separately; s1 and s4 are alone in theirs).
SymmetryEq == Permutations({s2, s3})

\* A change of protocol on the same servers: old ABD(3) and new CAS(3, 1) (or the
\* reverse) both on {s1, s2, s3}, all quorums 2, each server keeping separate
\* state per configuration.  With F = 1 in each, one crash counts against
\* both.  The smallest instance for the liveness models (no symmetry there).
MembersSame == [c \in {1, 2} |-> {s1, s2, s3}]

\* Smaller liveness instances: a three-server configuration that may lose one
\* server (f = 1, all quorums 2) and a one-server one (f = 0, quorums 1).
\* CA1: old CAS(3, 1) on {s1, s2, s3} to new ABD on {s4} (the RcGet path);
\* A1C: old ABD on {s4} to new CAS(3, 1) on {s1, s2, s3}.
MembersCA1 == [c \in {1, 2} |-> IF c = 1 THEN {s1, s2, s3} ELSE {s4}]
MembersA1C == [c \in {1, 2} |-> IF c = 1 THEN {s4} ELSE {s1, s2, s3}]
QCA1 == [c \in {1, 2} |-> IF c = 1 THEN 2 ELSE 1]
QA1C == [c \in {1, 2} |-> IF c = 1 THEN 1 ELSE 2]
KCA1 == [c \in {1, 2} |-> IF c = 1 THEN 1 ELSE 0]
KA1C == [c \in {1, 2} |-> IF c = 2 THEN 1 ELSE 0]
FCA1 == [c \in {1, 2} |-> IF c = 1 THEN 1 ELSE 0]
FA1C == [c \in {1, 2} |-> IF c = 1 THEN 0 ELSE 1]
\* No crash in either configuration (a liveness mutant that needs none explores less).
FNone == [c \in {1, 2} |-> 0]

\* GC during a reconfiguration (brief §4.6, §4.7.2): CA1's old CAS(3, 1) on
\* {s1, s2, s3} (all quorums 2, safe Qr = 2) collecting with delta = 1, to ABD
\* on {s4}.  A server the controller did not pause may collect the symbols of
\* the tag it fixed once a newer PUT is fin there, so RcGet replies may lack
\* them and the controller falls back to a higher fin tag.
DeltaOld1 == [c \in {1, 2} |-> IF c = 1 THEN 1 ELSE 0]
SymmetryCA1 == Permutations({s1, s2, s3})

\* The smallest ABD-to-CAS instance (fast tier): old ABD on {s1, s2} with
\* q1 = 1, q2 = 2 (H1's old configuration, safe Qr = 2) to new CAS(2, 1) on
\* {s3, s4} with q1 = 1, q2 = q3 = q4 = 2 (C1 1 + 2 > 2, C3 2 + 2 >= 2 + 1).
MembersAC2 == [c \in {1, 2} |-> IF c = 1 THEN {s1, s2} ELSE {s3, s4}]
Q1AC2 == [c \in {1, 2} |-> 1]
Q2AC2 == [c \in {1, 2} |-> 2]
Q34AC2 == [c \in {1, 2} |-> IF c = 1 THEN 0 ELSE 2]
SymmetryAC2 == Permutations({s1, s2}) \cup Permutations({s3, s4})

\* CAS hazard H1, the smallest CAS instance of brief §5.4's H1 rows: old
\* CAS(2, 1) on {s1, s2} with q1 = 1, q2 = q3 = q4 = 2 (f = 0; C1 1 + 2 > 2,
\* C2 1 + 2 > 2, C3 2 + 2 >= 2 + 1); new ABD on {s3}.  Paper's
\* Qr = m - min(q3, q4) + 1 = 1; safe Qr = m - min(q1, q3, q4) + 1 = 2.
Q1CasH1 == [c \in {1, 2} |-> 1]
Q2CasH1 == [c \in {1, 2} |-> IF c = 1 THEN 2 ELSE 1]
Q34CasH1 == [c \in {1, 2} |-> IF c = 1 THEN 2 ELSE 0]
K1Old == [c \in {1, 2} |-> IF c = 1 THEN 1 ELSE 0]
KNew1 == [c \in {1, 2} |-> IF c = 2 THEN 1 ELSE 0]

\* Brief §8 M17 needs a new CAS configuration with q2 > q3.  The smallest:
\* CAS(3, 1) with q1 = q2 = 3, q3 = q4 = 1 (f = 0; C1 3 + 1 > 3, C2 3 + 1 > 3,
\* C3 3 + 1 >= 3 + 1), on the servers of the old ABD(3), q = (2, 2) (separate
\* state per configuration).  RC3 needs max(q2, q3) = 3 acks.  (The brief's
\* example, CAS(5, 1) with q = (4, 4, 2, 2), is the same shape with five
\* servers; its passing model took over 76,000 states in a minute even with
\* symmetry, so the fast tier uses this one.)
MembersM17 == [c \in {1, 2} |-> {s1, s2, s3}]
Q1M17 == [c \in {1, 2} |-> IF c = 1 THEN 2 ELSE 3]
Q2M17 == [c \in {1, 2} |-> IF c = 1 THEN 2 ELSE 3]
Q34M17 == [c \in {1, 2} |-> IF c = 1 THEN 0 ELSE 1]

\* ---------------------------------------------------------------------------
\* Chains of three configurations (brief §4.7.4: a client of c1 is redirected
\* to c2 and again to c3).  AAA: ABD on {s1, s2} with q1 = 1, q2 = 2 (H1's old
\* configuration, safe Qr = 2), then ABD on {s3}, then ABD on {s4} (q = 1).
\* ACA: the same first and last steps around CAS(2, 1) on {s3, s4} with
\* q1 = 1, q2 = q3 = q4 = 2 (AC2's new configuration), last ABD on {s5}.
ProtoAAA == [c \in 1..3 |-> "ABD"]
ProtoACA == [c \in 1..3 |-> IF c = 2 THEN "CAS" ELSE "ABD"]
Unused3 == [c \in 1..3 |-> 0]
Q1Chain == [c \in 1..3 |-> 1]
MembersChainAAA == [c \in 1..3 |-> CASE c = 1 -> {s1, s2} [] c = 2 -> {s3} [] OTHER -> {s4}]
Q2ChainAAA == [c \in 1..3 |-> IF c = 1 THEN 2 ELSE 1]
MembersChainACA == [c \in 1..3 |-> CASE c = 1 -> {s1, s2} [] c = 2 -> {s3, s4} [] OTHER -> {s5}]
Q2ChainACA == [c \in 1..3 |-> IF c = 3 THEN 1 ELSE 2]
Q34ChainACA == [c \in 1..3 |-> IF c = 2 THEN 2 ELSE 0]
KChainACA == [c \in 1..3 |-> IF c = 2 THEN 1 ELSE 0]
\* As SymmetryAC2: servers within one configuration are interchangeable.
SymmetryChainACA == Permutations({s1, s2}) \cup Permutations({s3, s4})
\* Liveness along a chain: ABD on {s1} to CAS(3, 1) on {s2, s3, s4} (all
\* quorums 2, one crash allowed; it is retired through RcGet) to ABD on {s5}.
MembersChainLive == [c \in 1..3 |-> CASE c = 1 -> {s1} [] c = 2 -> {s2, s3, s4} [] OTHER -> {s5}]
QChainLive == [c \in 1..3 |-> IF c = 2 THEN 2 ELSE 1]
FChainLive == [c \in 1..3 |-> IF c = 2 THEN 1 ELSE 0]
\* The smallest chain: ABD on {s1}, then {s2}, then {s3}, quorums 1, no crash.
MembersChain1 == [c \in 1..3 |-> CASE c = 1 -> {s1} [] c = 2 -> {s2} [] OTHER -> {s3}]

\* ---------------------------------------------------------------------------
\* Workloads: three clients with one operation each.  The H1 trace of brief §8
\* (M14) needs three: a writer w whose PUT reaches one old server before the
\* controller reads it, a client that completes a PUT in the new
\* configuration, and a stale client whose PUT completes in the old one with
\* a tag below the handed-over tag (client ids order tags, so the stale client
\* is 1 and w is 3).  The brief's first, completed PUT of w is not needed.
\* Each writer writes its own value (no branching on values, so no value
\* symmetry is needed, and every value names its writer).
CONSTANTS v1, v2, v3
PlanPPP == [c \in 1..3 |-> <<CHOOSE v \in {v1, v2, v3} : v = IF c = 1 THEN v1 ELSE IF c = 2 THEN v2 ELSE v3>>]
PlanPPG == [c \in 1..3 |-> IF c = 3 THEN <<"GET">> ELSE <<IF c = 1 THEN v1 ELSE v2>>]
\* Smaller workloads for the fast tier (NC = 2 and NC = 1).
PlanPP == [c \in 1..2 |-> <<IF c = 1 THEN v1 ELSE v2>>]
PlanPG == [c \in 1..2 |-> IF c = 1 THEN <<v1>> ELSE <<"GET">>]
PlanP == [c \in 1..1 |-> <<v1>>]
\* One writer with two PUTs in a row (GC needs a newer fin tag).
PlanP2 == [c \in 1..1 |-> <<v1, v2>>]
\* Liveness: one client, one operation of either kind.
PlanAny == [c \in 1..1 |-> <<"ANY">>]

\* A VIEW that drops message garbage: queries, query replies, ABD acks and
\* OperationFails of attempts no longer in progress.  Nothing reads them again:
\* answering such a query only adds more garbage (a closed server's answer is a
\* fail, an active one's a reply; neither changes a server), and a fail comes
\* only from a closed server, which stays closed with a fixed rTag, so a
\* refused request that is still pending would be refused again.  Writes,
\* CAS pre/fin/readfin requests and their replies are kept (a late request
\* still changes a server, or is refused by a closed one; a CAS reply records
\* that the request has been handled), and so is every controller message.
\* Sound for the safety invariants of the models, which read servers, the
\* controller, the metadata service, hist and written.  Not for liveness
\* (the liveness models use no VIEW).
Current(m) == \E c \in Clients : cop[c].phase # "idle" /\ cop[c].id = m.op /\ cop[c].att = m.att
ReconfView == <<stag, sval, L, status, rtag, crashed,
                {m \in msgs : m.type \notin {"query", "qreply", "ack", "fail"} \/ Current(m)},
                cop, cfgOf, nops, rc, mds, hist, written>>

\* ---------------------------------------------------------------------------
\* Mutants (brief §8)

\* M11: the controller's query quorum one too small (m - q2; CAS m - min(q3, q4)).
MutantM11Qr(o) == M(o) - Wq(o)
\* M12: old servers do not pause on the controller's query.
MutantM12PausesOnQuery == FALSE
\* M13: the controller publishes before the new configuration holds the pair.
MutantM13RcWriteNeed(n) == 0
\* M16: a closed server re-pauses on a late or duplicated RcQuery.
MutantM16RePauses == TRUE
\* M17: RcWrite to a CAS target waits for q3 acks only (q2 > q3).
MutantM17RcWriteNeed(n) == Q3[n]
\* M18: a closed server serves tagged requests whatever their tag.
MutantM18ServesWhenClosed(t, rTag) == TRUE
\* M4: tags without the writer's id: two PUTs may choose one tag for different values.
MutantM4NewTag(maxSeen, c) == <<maxSeen[1] + 1, 0>>
\* MR: a GET returns the value of any phase-1 reply, not of the highest tag's.
MutantMRReadValues(R, t) == {r.val : r \in R}
\* MT: a tag outside the tag domain (RECONF-T is not vacuous).
MutantMTNewTag(maxSeen, c) == <<maxSeen[1] + 1, NC + 1>>
\* MQ (ours, against brief §5.3 RC5): the controller waits for every old
\* server, more than the m - f that are sure to stay up.
MutantMQQrAll(o) == M(o)

\* M19 across a reconfiguration: GC keeps one fin version fewer than delta
\* (with delta = 1 a server drops the symbol of its own highest fin tag).  Must
\* violate RECONF-R2 RecoverableInv.
MutantM19Collected(Ls, t, c) == Delta[c] > 0 /\ TagLE(t, GcCut(Ls, c))

\* MK (ours, brief §4.7.2): the controller decodes from any q4 RcGet replies,
\* even with fewer than K symbols; after GC it decodes nothing and hands over
\* Garbage.  Must violate RECONF-G2 TransferCoversInv.
MutantMKRcGetDone(R, c) == CountsAsQuorum(R, Q4[c])

\* MP (ours, brief §4.7.2 "reconfigurations are sequential", §6.1 G5): the
\* controller starts the next reconfiguration as soon as it begins writing
\* the handed-over pair to the successor, before publishing it; it then
\* queries the successor, which may not hold the pair yet.  Must violate
\* RECONF-G5 ConfigChainInv and RECONF-G2 TransferCoversInv.
MutantMPNextMayStart == rc.phase \in {"idle", "write", "finish"}

\* MC (ours, brief §6.2 T4): a client that gets OperationFail restarts in the
\* configuration it had cached instead of the one the server names, so it is
\* refused again and never learns the new configuration.  Must violate
\* RECONF-T4 StaleClientCatchesUpProp.
MutantMCRestartConfig(c) == cop[c].cfg
=============================================================================
