------------------------------- MODULE MCPando -------------------------------
(***************************************************************************)
(* Model-checking module for specs/Pando.tla.  It fixes the finite         *)
(* instances (brief §5.1, §7) and defines the mutants of brief §8.  Every  *)
(* cfg in this folder selects one instance and, for a mutant, overrides    *)
(* exactly one protocol rule of Pando.tla with the `Rule <- MutantRule`    *)
(* syntax.  Expected verdicts are in configs/models.json.                  *)
(***************************************************************************)
EXTENDS Pando, TLC

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

\* Ballot kinds per instance (brief §7).  Leader ballots are the largest numbers
\* (PandoLeaderBallotsDominateAssume checks it).
\* A: two direct front-end writers, a reader, the leader.
KindsA == 0 :> "FE" @@ 1 :> "FE" @@ 2 :> "Reader" @@ 3 :> "Leader"
\* B (paper Fig. 5 parameters): a delegated FE, a direct FE, a reader, the leader.
KindsB == 0 :> "FEDel" @@ 1 :> "FE" @@ 2 :> "Reader" @@ 3 :> "Leader"
\* Three-ballot cuts of B for the fast tier (brief §7: "Ballots 0..2 for quick CI runs").
KindsB3r == 0 :> "FEDel" @@ 1 :> "Reader" @@ 2 :> "Leader"
\* Two-ballot cuts for the fast tier: a writer via its delegate and a reader; and A's cut.
KindsB2r == 0 :> "FEDel" @@ 1 :> "Reader"
KindsA3 == 0 :> "FE" @@ 1 :> "Reader" @@ 2 :> "Leader"
\* Writes only, three writers (instance C, and the small quick models).
KindsW3 == 0 :> "FE" @@ 1 :> "FEDel" @@ 2 :> "Leader"
\* Two writers only (two-ballot counterexamples: M1, M2, M4, M5, M13, M14, X rows).
KindsW2 == 0 :> "FE" @@ 1 :> "FEDel"
\* Two writers and a reader (read mutants M6, M7).
KindsW2R == 0 :> "FE" @@ 1 :> "FEDel" @@ 2 :> "Reader"
\* Liveness models: a front-end via its delegate and the leader; the leader alone.
KindsLive2 == 0 :> "FEDel" @@ 1 :> "Leader"
KindsLeaderOnly == 0 :> "Leader"
\* One request, two attempts (issue 18): ballot 0 is a front-end's attempt through its delegate,
\* ballot 1 the same front-end's direct retry of that request (same vid), ballot 2 another
\* front-end's request.
KindsReq == 0 :> "FEDel" @@ 1 :> "FE" @@ 2 :> "FE"
RequestsFEDelThenFE(b) == IF b = 1 THEN 0 ELSE b
\* The same request handed to the leader after both attempts (brief §4.5; issue 18): ballot 3 is
\* the leader's run of request 0, so the front-end's answer may come from the leader's decision.
KindsReqLeader == 0 :> "FEDel" @@ 1 :> "FE" @@ 2 :> "FE" @@ 3 :> "Leader"
RequestsReqLeader(b) == IF b \in {1, 3} THEN 0 ELSE b
\* Mutant M9 needs the delegated ballot above another write ballot (brief §8 M9).
KindsM9 == 0 :> "FE" @@ 1 :> "FEDel"
\* Mutant M14: two round-0 front-end ballots.
KindsM14 == 0 :> "FE" @@ 1 :> "FE"

\* Symmetry (brief §7): sound for acceptors because all quorum families are threshold
\* families, and for values because a writer picks its value nondeterministically and
\* no value is special.
\* Ballots are ordered and never permuted.  Not used in liveness models.
Symmetry == Permutations(Acceptors) \cup Permutations(Values)

\* A VIEW for the large instances (issue 12): states that differ only in messages no action can
\* read any more get one fingerprint.  Such garbage is (1) a promise for a write ballot that has
\* already proposed (only ProposeFast/ProposeRecover read a write ballot's promises, and both
\* require NotProposed), (2) a promise for a reader ballot whose read is done, and (3) a FETCHED
\* reply of a read that is done (reads use their replies only while "started").  Whether a site
\* may still send such a message depends on prom, and on the FETCHED already sent only for a done
\* read, where the new message is garbage again; so merged states have the same futures up to
\* garbage, and every invariant that does not read promises or FETCHED replies is checked exactly.
\* The one that does, PANDO-S6 PromisesHonestInv, is then checked on the first state of each class
\* only (a promise is honest when it is sent; a cfg that must check S6 on every promise omits the VIEW).
\* (PB: the write ballots that have proposed; DB: those that never can, see below.)
\* Fifth reduction (FETCH reads): a read that found something recoverable switches from its FETCH
\* phase to the write-back's Prepare and never returns (ReadFetchToWriteBack; phase only moves
\* from "fetch" to "prepare"), and ReadReplies then reads promises only, so its FETCHED replies,
\* and any it is still sent, are garbage as well.
GarbageMsg(m, PB, DB) ==
    \/ m.type = "promise" /\ m.bal \in WriteBallots /\ m.bal \in PB \cup DB
    \/ m.type = "promise" /\ m.bal \in ReaderBallots /\ reads[m.bal].state = "done"
    \/ m.type = "fetched" /\ (reads[m.rd].state = "done" \/ reads[m.rd].phase = "prepare")
\* A write ballot that has not proposed is dead when no Phase-1a or recovery quorum lies inside
\* the sites that have promised it or still can (prom below it): ProposeFast and ProposeRecover
\* need such a quorum of its promises, so its promises are garbage too.  prom only grows (a
\* restart keeps it; mutants M13/M13p, which lose it, run without the VIEW), so dead stays dead.
DeadBallots(PB, PA) ==
    {b \in WriteBallots \ PB :
        ~\E Q \in Quorum1a \cup RecoveryQuorums : \A a \in Q : prom[a] < b \/ <<b, a>> \in PA}
\*
\* A finished read is also merged (second reduction): a done read takes no further step, so
\* its fields (via, phase, start, res) can only matter to the read properties S12, S12b, S13
\* and the witness W2.  The view keeps the truth value of each instead of the fields.  Each
\* is stable once true (the chosen pairs only grow; start and res never change), so two
\* merged states either both violate one now (and TLC reports the first) or both satisfy it
\* for ever; the read invariants are checked exactly.  (A read that has not finished keeps
\* all its fields.)  CP is ChosenPairs, computed once per view; the tuple is
\* <<ReadReturnsChosen(r), ReadBallotIndexed(r), ReadIsFresh(r), ReadByWriteBack(r)>> of Pando.tla
\* written over CP (the cfg test ViewMatchesSpec below checks they agree).
ReadFacts(r, CP) ==
    LET x == reads[r].res IN
    <<x # NoVid => \E p \in CP : p[2] = x,
      reads[r].via = "prepare" /\ x # NoVid => \E p \in CP : p[1] <= r /\ p[2] = x,
      ReadIsFresh(r),
      x # NoVid /\ <<r, x>> \in CP>>
ReadView(r, CP) == IF reads[r].state = "done" THEN <<"done", ReadFacts(r, CP)>> ELSE reads[r]
\*
\* Third reduction: the commit mark a promise for a WRITE ballot carries is read by no action
\* and no invariant (writers look at abal and avid only: LooksEmpty, RecoveryKey, SplitsOf;
\* only readers use the marks in their replies), so the view blanks it.  The one mutant whose
\* rule reads it, M4 (LooksEmpty on the mark), must run without this VIEW.
\* Sixth reduction (FETCH reads): no action and no invariant reads the accepted ballot a FETCHED
\* reply carries (a FETCH read looks at vids and marks only: SplitsOf, RecoverableIn, m.cmt; the
\* write-back's recovery uses the promises of its own Prepare), so the view blanks it too.
MsgView(m) ==
    CASE m.type = "promise" /\ m.bal \in WriteBallots -> [m EXCEPT !.cmt = NoVid]
      [] m.type = "fetched" -> [m EXCEPT !.abal = None]
      [] OTHER -> m
\*
\* Fourth reduction: a site's own commit mark matters only through the replies it may still
\* send to a read (a promise for a reader ballot above its promise, or a FETCHED reply it has
\* not sent) and through PANDO-S8.  When no read can still hear from the site, the view keeps
\* only S8's truth value for it.  Sound for cfgs that check PandoSafetyInv: a merged state
\* could only go on to break S8 by a vote for another vid after its mark's vid was chosen,
\* which needs a proposal that breaks S2 or S4 in both states.  Likewise the action property
\* S2t (CmtStableProp) can only fail there by a COMMIT of a second chosen vid, which breaks S1.
MarkHeard(a) ==
    \E r \in ReaderBallots :
        /\ reads[r].state # "done"
        /\ \/ prom[a] < r
           \/ /\ "fetch" \in ReadVariants
              /\ reads[r].phase \in {"none", "fetch"}
              /\ ~\E m \in sent : m.type = "fetched" /\ m.rd = r /\ m.acc = a
MarkView(a, CP) ==
    IF MarkHeard(a) THEN cmt[a]
    ELSE <<"unheard", cmt[a] # NoVid => (\E p \in CP : p[2] = cmt[a]) /\ avid[a] = cmt[a]>>
GarbageFreeView ==
    LET PB == {m.bal : m \in Proposals}
        PA == {<<m.bal, m.acc>> : m \in {n \in sent : n.type = "promise"}}
        DB == DeadBallots(PB, PA)
        CP == ChosenPairs
    IN  <<prom, abal, avid, [a \in Acceptors |-> MarkView(a, CP)],
          {MsgView(m) : m \in {n \in sent : ~GarbageMsg(n, PB, DB)}},
          [r \in ReaderBallots |-> ReadView(r, CP)], restarts>>

\* The view's rewriting of the read facts over CP says what Pando.tla's definitions say: checked
\* as an invariant of the fast-tier cfg Pando_B2r (which has no VIEW) on every reachable state.
ViewMatchesSpec ==
    \A r \in ReaderBallots :
        reads[r].state = "done" =>
            ReadFacts(r, ChosenPairs) = <<ReadReturnsChosen(r), ReadBallotIndexed(r), ReadIsFresh(r), ReadByWriteBack(r)>>

\* Recovery over any superset of a Phase-1b quorum (brief §4.3; a negative control of brief §8):
\* the cfgs *_RecoverSuperset bind Pando's RecoveryReplySets to this.
SupersetReplySets == {S \in SUBSET Acceptors : \E Q \in RecoveryQuorums : Q \subseteq S}

-----------------------------------------------------------------------------
(* Mutants (brief §8).  Each overrides one rule of Pando.tla and must      *)
(* violate the property named in its comment and in its cfg's file name.   *)

\* M3: the recovery rule as printed in the paper's Appendix B: replies are ordered by the
\* ballot of the PREPARE they answer (equal for all of them) instead of their accepted
\* ballot, so "highest" filters nothing and any recoverable vid may be adopted.
\* Must violate PANDO-S1 AgreementInv (or S2).  See docs/findings.md.
MutantM3RecoveryKey(m) == m.bal

\* M4: a reply whose value is accepted but not committed counts as empty.
\* Must violate PANDO-S1 AgreementInv.
MutantM4LooksEmpty(m) == m.cmt = NoVid

\* M5: recovery decides on a Phase-1a quorum instead of waiting for a Phase-1b quorum.
\* Must violate PANDO-S1 AgreementInv.
MutantM5RecoveryQuorums == Quorum1a

\* M6: a read returns a recovered value without writing it back.
\* Must violate PANDO-S13 ReadsFreshInv (and S12).
MutantM6ReadSkipsWriteBack == TRUE

\* M7: the acceptor marks a value committed as soon as it accepts it.
\* Must violate PANDO-S8 CommitSoundInv.
MutantM7CmtAfterVote(a, x) == x

\* M7b: the COMMIT guard is dropped: a site marks a vid it does not hold.
\* Must violate PANDO-S8 CommitSoundInv.
MutantM7bCommitGuard(a, m) == TRUE

\* M9: after a delegate time-out the FE re-uses the delegated ballot and skips Phase 1.
\* Must violate PANDO-S4 OneProposalPerBallotInv (and S1).
MutantM9FEReusesDelegatedBallot == TRUE

\* M10: the writer reports OK whatever vid its ballot's Phase-2 quorum accepted.
\* Must violate PANDO-S14 CputTruthfulInv.
MutantM10CputStatus(chosenVid, b) == "OK"

\* M10x: the FE counts ACCEPTED replies for its vid across the ballots of its request (its
\* delegated and its direct attempt together), brief §8 M10.  Must violate PANDO-S14 CputTruthfulInv.
MutantM10xFEHeardQuorum(b, x) ==
    \E Q \in Quorum2 : \A a \in Q : \E c \in Ballots : RequestOf(c) = RequestOf(b) /\ Voted(a, c, x)

\* M11: a recovered value is proposed again under a fresh vid (tagged with the proposing
\* ballot), so its splits no longer combine with the old ones.
\* Must violate PANDO-S1 AgreementInv.
MutantM11ReproposedVid(x, b) == [val |-> x.val, tag |-> b]

\* MR3: a read write-back proposes a vid of its own when nothing is recoverable (a reader
\* inventing a value).  Must violate PANDO-S3 ValidityInv.
MutantMR3WriteBackCandidates(P, r) ==
    IF RecoverableIn(P) = {} THEN [val : Values, tag : {r}] ELSE BestRecoverable(P)

\* M13: a site restarts with empty storage (promise and accepted state lost).
\* Must violate PANDO-S1 AgreementInv.
MutantM13StateAfterRestart(a) == [prom |-> None, abal |-> None, avid |-> NoVid, cmt |-> NoVid]

\* M13p: only the promise is not durable: after a restart the site's promise falls back to its
\* accepted ballot (what an implementation that persists only on ACCEPT would recover), so it
\* can accept a proposal below a ballot it promised.  Must violate PANDO-S1 AgreementInv.
MutantM13pStateAfterRestart(a) == [prom |-> abal[a], abal |-> abal[a], avid |-> avid[a], cmt |-> NoVid]

\* M14: ballots compared by round only (the tag tie-break dropped): all front-end ballots
\* are then equal, so a site accepts proposals of every round-0 ballot.
\* Must violate PANDO-S1 AgreementInv.
MutantM14BalGT(b, c) == IF c = None THEN TRUE ELSE Round(b) > Round(c)
MutantM14BalGEQ(b, c) == IF c = None THEN TRUE ELSE Round(b) >= Round(c)

\* M15 (the leader without precedence) needs fresh ballots to be a real duel: configs/Pando/
\* PandoDuel_M15_LeaderRound0_violates_DuelLeaderDecides.cfg (specs/PandoDuel.tla).

\* MV: a site that already holds a split keeps it when it accepts a newer proposal (and
\* reports the vid it stores).  Must violate PANDO-S7p VotesProposedInv.
MutantMVStoredVid(a, x) == IF avid[a] # NoVid THEN avid[a] ELSE x

\* MT: type mutant through the M7 hook: a vote stores a commit mark whose tag is no ballot.
\* Must violate PandoTypeOK (so the type invariant is not vacuous either).
MutantMTCmtAfterVote(a, x) == [val |-> x.val, tag |-> 1000]

\* Switching off one parameter ASSUME, for the invalid parameter rows X1-X8 (brief §5.1):
\* the model then shows what the broken constraint costs (or, for X6 and X8, that safety
\* does not depend on it).
MCTrue == TRUE
=============================================================================
