--------------------------- MODULE MCPandoVersions ---------------------------
(***************************************************************************)
(* Model-checking module for specs/PandoVersions.tla (several versions,    *)
(* garbage collection, FETCH reads).  Mutants of brief §8 that only exist  *)
(* across versions: M8, M12, M12b, M16.                                    *)
(***************************************************************************)
EXTENDS PandoVersions, TLC

\* Quorum sizes: every subset of that size is a quorum (threshold families, brief §5).
\* The paper checked 2-3 hand-picked quorums per type; all subsets check strictly more.
\* Each cfg writes the three families out as values and this ASSUME checks them against the
\* sizes.  (They were `Quorum2 <- MCQuorum2` substitutions, but TLC 2.15 re-evaluates a
\* substituted constant at every reference, tlaplus/tlaplus#648: on instance B that cost a
\* third of the run.  TLC checks the ASSUME before it explores anything.)
CONSTANTS Q1aSize, Q1bSize, Q2Size
ASSUME MCThresholdQuorumsAssume ==
    /\ Quorum1a = ThresholdQuorums(Q1aSize)
    /\ Quorum1b = ThresholdQuorums(Q1bSize)
    /\ Quorum2 = ThresholdQuorums(Q2Size)

\* Reads without a write-back ballot: a read that would need a write-back answers RETRY (the
\* models before issue 18's instance D, kept as they were).
NoWriteBack == [r \in Readers |-> None]

\* Instance D (brief §7): reader r1 writes back at ballot 2, above both writers' ballots 0 and 1.
ReadBallotD == [r \in Readers |-> 2]

\* Sound for the same reasons as in MCPando.tla: threshold quorums, no special value.
Symmetry == Permutations(Acceptors) \cup Permutations(Values)

\* M8: the read fast path returns the newest COMMITTED version it sees, not the newest one.
\* Must violate PANDO-S13 VersionReadsFreshInv.
MutantM8FastReadVersion(J, P) ==
    LET cs == {i \in Versions : \E m \in P : m.slots[i].cmt # NoVid} IN
    IF cs = {} THEN J ELSE CHOOSE i \in cs : \A j \in cs : j <= i

\* M12: garbage collection forgets a slot: a request below the floor is answered as if the
\* (deleted) slot were empty.  Must violate PANDO-S1 VersionAgreementInv.
MutantM12IsStale(a, i) == FALSE

\* M12b: a site prunes older versions when it ACCEPTS a version, not when it learns it is
\* committed.  Must violate PANDO-S9 LatestNotLostInv (and S18 GCSafeInv).
MutantM12bPruneOnVote == TRUE

\* M16: a writer starts version i without knowing version i-1 is chosen.
\* Must violate PANDO-S15 NoGapsInv.
MutantM16MayStartVersion(i) == TRUE

\* M16v: the no-gap guard is kept but judged too early: a writer starts version i as soon as
\* some site has voted for version i-1 (an FE that takes one ACCEPTED for a commit).  S15 says
\* "chosen", so it is not the guard restated: this weaker guard must violate PANDO-S15 NoGapsInv.
MutantM16vMayStartVersion(i) == i = 1 \/ \E m \in sent : m.type = "accepted" /\ m.ver = i - 1
\* MWB: a read's write-back answers as soon as one site accepted its proposal, not a Phase-2
\* quorum.  Must violate PANDO-S12 VersionReadsChosenInv.
MutantMWBWriteBackHeard(r, x) == \E a \in Acceptors : Voted(a, reads[r].wb, ReadBallot[r], x)

\* MRv: a restart loses the site's promises too (a volatile promise, brief §1.5 says it must be
\* durable).  Must violate PANDO-S1 VersionAgreementInv.
MutantMRvStateAfterRestart(a) ==
    [prom |-> [i \in Versions |-> None], slot |-> [i \in Versions |-> [slot[a][i] EXCEPT !.cmt = NoVid]]]

\* MTv: type mutant: pruning sets the floor past the last version.
\* Must violate PandoVersionsTypeOK (so the type invariant is not vacuous).
MutantMTvFloorAfterPrune(a, i) == i + MaxVersion

\* Finding F6: ballot 2 is a retry of ballot 0's request (its front-end did not hear the outcome
\* of ballot 0 and tries again); ballot 1 is another writer's.
F6RetryRequest(b) == IF b = 2 THEN 0 ELSE b
=============================================================================
