/*****************************************************************************************
 * Test cases. ./pando check --p runs each one separately with a fixed seed and schedule
 * count from p-models/tests.json. No test name is a prefix of another (p check -tc matches
 * by prefix).
 *
 * Correct models assert every safety monitor (and LeaderDecides where liveness applies).
 * Each bug test runs one mutant and asserts exactly the monitor that mutant must violate,
 * so the violation it reports is the expected one and nothing else.
 *****************************************************************************************/

module PandoSystem = { Harness, Network, DataSite, Delegate, Leader, FrontEnd };

// ---- correct models: every safety monitor (and the liveness monitors where they apply) ----
machine TestV1Faults { start state S { entry { new Harness(Faulty(V1(), M_NONE, SC_CONFLICT)); } } }
machine TestV2Faults { start state S { entry { new Harness(Faulty(V2(), M_NONE, SC_CONFLICT)); } } }
machine TestV5Faults { start state S { entry { new Harness(Faulty(V5(), M_NONE, SC_CONFLICT)); } } }
machine TestV2Versions { start state S { entry { new Harness(Faulty(V2(), M_NONE, SC_VERSIONS)); } } }
machine TestV2PrepareReads { start state S { entry { new Harness(Faulty(V2(), M_NONE, SC_PREPARE_READS)); } } }
machine TestV2Latest { start state S { entry { new Harness(Faulty(V2(), M_NONE, SC_LATEST)); } } }
machine TestV2Live { start state S { entry { new Harness(Lossless(V2(), M_NONE)); } } }
machine TestV1Race { start state S { entry { new Harness(Faulty(V1(), M_NONE, SC_RACE)); } } }
machine TestV5Race { start state S { entry { new Harness(Faulty(V5(), M_NONE, SC_RACE)); } } }
machine TestM3Race { start state S { entry { new Harness(Faulty(V1(), M3_LOWEST_RECOVERY, SC_RACE)); } } }
machine TestV2CrashPoints { start state S { entry { new Harness(Faulty(V2(), M_NONE, SC_CRASHPOINTS)); } } }
machine TestM13CrashPoints { start state S { entry { new Harness(Faulty(V2(), M13_RESTART_LOSES_PROMISE, SC_CRASHPOINTS)); } } }
machine TestV2Failover { start state S { entry { new Harness(WithFailover(Faulty(V2(), M_NONE, SC_CONFLICT))); } } }

// Conflict-forcing (issue 46): recoveries meet splits of two vids at two ballots (eWitRuleMatters), and two
// recoverable vids at different ballots (eWitRuleMatters2), where the recovery rule's highest, lowest and any differ.
test tcV1Race [main=TestV1Race]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV1Race });
test tcV5Race [main=TestV5Race]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV5Race });
// Crash points (issue 46): a site crashes right after it promises or votes (eWitTargetCrash), then restarts.
test tcV2CrashPoints [main=TestV2CrashPoints]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV2CrashPoints });
test tcV1Faults [main=TestV1Faults]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV1Faults });
test tcV2Faults [main=TestV2Faults]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV2Faults });
test tcV5Faults [main=TestV5Faults]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV5Faults });
test tcV2Versions [main=TestV2Versions]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV2Versions });
test tcV2Failover [main=TestV2Failover]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV2Failover });
test tcV2PrepareReads [main=TestV2PrepareReads]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV2PrepareReads });
test tcV2Latest [main=TestV2Latest]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached
  in (union PandoSystem, { TestV2Latest });
test tcV2Live [main=TestV2Live]:
  assert Agreement, ValueAgreement, StrongStability, Validity, OneProposalPerBallot, AcceptorWF, PromisesHonest,
    CommitSound, NoDataLoss, Recoverable, Discoverable, NoGaps, GcSafe, ReadsChosen, ReadBallotIndexed, ReadsFresh, VersionReadsFresh, CputTruthful,
    VoteRespectsPromise, PromiseMonotone, BallotBindsValue, BallotFresh, SelectsRebuildable, Reached,
    LeaderDecides, CputReturns
  in (union PandoSystem, { TestV2Live });

// ---- bug tests: one per (mutant, property); each asserts only the monitor it must violate ----
machine TestM1 { start state S { entry { new Harness(Faulty(X1(), M_NONE, SC_CONFLICT)); } } }
machine TestM2 { start state S { entry { new Harness(Faulty(X3(), M_NONE, SC_CONFLICT)); } } }
machine TestM3 { start state S { entry { new Harness(Faulty(V1(), M3_LOWEST_RECOVERY, SC_CONFLICT)); } } }
machine TestM4 { start state S { entry { new Harness(Faulty(V2(), M4_UNCOMMITTED_LOOKS_EMPTY, SC_CONFLICT)); } } }
machine TestM5 { start state S { entry { new Harness(Faulty(V2(), M5_RECOVER_ON_1A, SC_CONFLICT)); } } }
machine TestM6 { start state S { entry { new Harness(Faulty(V2(), M6_READ_NO_WRITEBACK, SC_CONFLICT)); } } }
machine TestM6p { start state S { entry { new Harness(Faulty(V2(), M6_READ_NO_WRITEBACK, SC_PREPARE_READS)); } } }
machine TestM7 { start state S { entry { new Harness(Faulty(V2(), M7_CMT_ON_VOTE, SC_CONFLICT)); } } }
machine TestM7b { start state S { entry { new Harness(Faulty(V2(), M7B_COMMIT_GUARD_OFF, SC_CONFLICT)); } } }
// M9 needs the delegate timeout to fire after the delegate has proposed and before its Phase-2
// quorum (more frequent timeouts, 1/10), and FE 2's delegated ballot above FE 1's direct one
// (the order pinned): the only tests with a fixed ballot order.
machine TestM8 { start state S { entry { new Harness(Faulty(V2(), M8_FAST_READ_OLD_COMMITTED, SC_LATEST)); } } }
machine TestM9 { start state S { entry { new Harness(Pinned(FaultyWithTimers(V2(), M9_REUSE_DELEGATED_BALLOT, SC_CONFLICT, 10))); } } }
machine TestM10 { start state S { entry { new Harness(Faulty(V2(), M10_OK_WITHOUT_VID, SC_CONFLICT)); } } }
machine TestM11 { start state S { entry { new Harness(Faulty(V2(), M11_FRESH_VID_ON_RECOVERY, SC_CONFLICT)); } } }
// M11 at the value level needs a re-tagged re-proposal cut short (accepted at one site) and then
// a proposer that finds nothing recoverable: frequent timeouts (1/10) make cut-short attempts common.
machine TestM11v { start state S { entry { new Harness(FaultyWithTimers(V2(), M11_FRESH_VID_ON_RECOVERY, SC_CONFLICT, 10)); } } }
machine TestM12 { start state S { entry { new Harness(Faulty(V2(), M12_GC_FORGETS_SLOT, SC_VERSIONS)); } } }
machine TestM12b { start state S { entry { new Harness(Faulty(V2(), M12B_PRUNE_ON_ACCEPT, SC_VERSIONS)); } } }
machine TestM13 { start state S { entry { new Harness(Faulty(V2(), M13_RESTART_LOSES_PROMISE, SC_CONFLICT)); } } }
machine TestM14 { start state S { entry { new Harness(Faulty(V2(), M14_ROUND_ONLY_COMPARE, SC_CONFLICT)); } } }
machine TestM16 { start state S { entry { new Harness(Faulty(V2(), M16_NO_GAP_RULE_OFF, SC_VERSIONS)); } } }
machine TestMR3 { start state S { entry { new Harness(Faulty(V2(), MR3_READ_INVENTS_VID, SC_CONFLICT)); } } }
machine TestX6 { start state S { entry { new Harness(Lossless(X6(), M_NONE)); } } }
machine TestM15 { start state S { entry { new Harness(Lossless(V2(), M15_LEADER_ROUND_ZERO)); } } }

test tcM1Agreement [main=TestM1]: assert Agreement in (union PandoSystem, { TestM1 });
test tcM1Discoverable [main=TestM1]: assert Discoverable in (union PandoSystem, { TestM1 });
test tcM2Agreement [main=TestM2]: assert Agreement in (union PandoSystem, { TestM2 });
test tcM2ReadsFresh [main=TestM2]: assert ReadsFresh in (union PandoSystem, { TestM2 });
test tcM2Recoverable [main=TestM2]: assert Recoverable in (union PandoSystem, { TestM2 });
test tcM3Agreement [main=TestM3]: assert Agreement in (union PandoSystem, { TestM3 });
test tcM3RaceAgreement [main=TestM3Race]: assert Agreement in (union PandoSystem, { TestM3Race });
test tcM3Stability [main=TestM3]: assert StrongStability in (union PandoSystem, { TestM3 });
test tcM4Agreement [main=TestM4]: assert Agreement in (union PandoSystem, { TestM4 });
test tcM5Agreement [main=TestM5]: assert Agreement in (union PandoSystem, { TestM5 });
test tcM6ReadsChosen [main=TestM6]: assert ReadsChosen in (union PandoSystem, { TestM6 });
test tcM6ReadBallotIndexed [main=TestM6p]: assert ReadBallotIndexed in (union PandoSystem, { TestM6p });
test tcM7CommitSound [main=TestM7]: assert CommitSound in (union PandoSystem, { TestM7 });
test tcM7ReadsChosen [main=TestM7]: assert ReadsChosen in (union PandoSystem, { TestM7 });
test tcM7bCommitSound [main=TestM7b]: assert CommitSound in (union PandoSystem, { TestM7b });
test tcM8VersionReadsFresh [main=TestM8]: assert VersionReadsFresh in (union PandoSystem, { TestM8 });
test tcM9OneProposal [main=TestM9]: assert OneProposalPerBallot in (union PandoSystem, { TestM9 });
test tcM9Agreement [main=TestM9]: assert Agreement in (union PandoSystem, { TestM9 });
test tcM10CputTruthful [main=TestM10]: assert CputTruthful in (union PandoSystem, { TestM10 });
test tcM11Agreement [main=TestM11]: assert Agreement in (union PandoSystem, { TestM11 });
test tcM11ValueAgreement [main=TestM11v]: assert ValueAgreement in (union PandoSystem, { TestM11v });
test tcM11Recoverable [main=TestM11]: assert Recoverable in (union PandoSystem, { TestM11 });
test tcM12Agreement [main=TestM12]: assert Agreement in (union PandoSystem, { TestM12 });
test tcM12bNoDataLoss [main=TestM12b]: assert NoDataLoss in (union PandoSystem, { TestM12b });
test tcM12bGcSafe [main=TestM12b]: assert GcSafe in (union PandoSystem, { TestM12b });
test tcM13Agreement [main=TestM13]: assert Agreement in (union PandoSystem, { TestM13 });
test tcM13CrashPointsAgreement [main=TestM13CrashPoints]: assert Agreement in (union PandoSystem, { TestM13CrashPoints });
test tcM13PromisesHonest [main=TestM13]: assert PromisesHonest in (union PandoSystem, { TestM13 });
test tcM14Agreement [main=TestM14]: assert Agreement in (union PandoSystem, { TestM14 });
test tcM14AcceptorWF [main=TestM14]: assert AcceptorWF in (union PandoSystem, { TestM14 });
test tcM15LeaderDecides [main=TestM15]: assert LeaderDecides in (union PandoSystem, { TestM15 });
test tcM15CputReturns [main=TestM15]: assert CputReturns in (union PandoSystem, { TestM15 });
test tcM16NoGaps [main=TestM16]: assert NoGaps in (union PandoSystem, { TestM16 });
test tcMR3Validity [main=TestMR3]: assert Validity in (union PandoSystem, { TestMR3 });
// Node-local rules (PANDO-N1..N3, N5, N6; Common/PSpec/LocalRules.p): each caught at the wrong step itself.
test tcM14VoteRespectsPromise [main=TestM14]: assert VoteRespectsPromise in (union PandoSystem, { TestM14 });
test tcM13PromiseMonotone [main=TestM13]: assert PromiseMonotone in (union PandoSystem, { TestM13 });
test tcM9BallotBindsValue [main=TestM9]: assert BallotBindsValue in (union PandoSystem, { TestM9 });
test tcM15BallotFresh [main=TestM15]: assert BallotFresh in (union PandoSystem, { TestM15 });
test tcM3SelectsRebuildable [main=TestM3Race]: assert SelectsRebuildable in (union PandoSystem, { TestM3Race });
test tcM11SelectsRebuildable [main=TestM11]: assert SelectsRebuildable in (union PandoSystem, { TestM11 });
test tcMR3SelectsRebuildable [main=TestMR3]: assert SelectsRebuildable in (union PandoSystem, { TestMR3 });
test tcX6LeaderDecides [main=TestX6]: assert LeaderDecides in (union PandoSystem, { TestX6 });
test tcX6CputReturns [main=TestX6]: assert CputReturns in (union PandoSystem, { TestX6 });
