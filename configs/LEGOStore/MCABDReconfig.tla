--------------------------- MODULE MCABDReconfig ----------------------------
(***************************************************************************)
(* Model-checking module for specs/ABDReconfig.tla: the configurations of  *)
(* brief LEGOStore.md §7 I5 and an equal-quorum control, workloads,        *)
(* symmetry, and the reconfiguration mutants of brief §8.                  *)
(***************************************************************************)
EXTENDS ABDReconfig, TLC

\* The servers, as model values (symmetry sets must be model values).
CONSTANTS s1, s2, s3, s4

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

\* A VIEW that drops message garbage: queries, query replies, acks and
\* OperationFails of attempts no longer in progress.  Nothing reads them again:
\* answering such a query only adds more garbage (a closed server's answer is a
\* fail, an active one's a reply; neither changes a server).  Writes are kept
\* (a late write still changes a server, or is refused by a closed one), and so
\* is every controller message.  Sound for the invariants of the models, which
\* read servers, the controller, the metadata service, hist and written.
Current(m) == \E c \in Clients : cop[c].phase \in {"q", "w"} /\ cop[c].id = m.op /\ cop[c].att = m.att
ReconfView == <<stag, sval, status, rtag,
                {m \in msgs : m.type \notin {"query", "qreply", "ack", "fail"} \/ Current(m)},
                cop, cfgOf, nops, rc, mds, hist, written>>

\* ---------------------------------------------------------------------------
\* Mutants (brief §8)

\* M11: the controller's query quorum one too small (m - q2).
MutantM11Qr == M(1) - Q2[1]
\* M12: old servers do not pause on the controller's query.
MutantM12PausesOnQuery == FALSE
\* M13: the controller publishes before the new configuration holds the pair.
MutantM13RcWriteNeed == 0
\* M18: a closed server serves tagged requests whatever their tag.
MutantM18ServesWhenClosed(t, rTag) == TRUE
\* M4: tags without the writer's id: two PUTs may choose one tag for different values.
MutantM4NewTag(maxSeen, c) == <<maxSeen[1] + 1, 0>>
\* MR: a GET returns the value of any phase-1 reply, not of the highest tag's.
MutantMRReadValues(R, t) == {r.val : r \in R}
\* MT: a tag outside the tag domain (RECONF-T is not vacuous).
MutantMTNewTag(maxSeen, c) == <<maxSeen[1] + 1, NC + 1>>
=============================================================================
