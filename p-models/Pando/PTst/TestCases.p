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
machine TestM03Race { start state S { entry { new Harness(Faulty(V1(), M3_LOWEST_RECOVERY, SC_RACE)); } } }
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
machine TestM01 { start state S { entry { new Harness(Faulty(X1(), M_NONE, SC_CONFLICT)); } } }
machine TestM02 { start state S { entry { new Harness(Faulty(X3(), M_NONE, SC_CONFLICT)); } } }
machine TestM03 { start state S { entry { new Harness(Faulty(V1(), M3_LOWEST_RECOVERY, SC_CONFLICT)); } } }
machine TestM04 { start state S { entry { new Harness(Faulty(V2(), M4_UNCOMMITTED_LOOKS_EMPTY, SC_CONFLICT)); } } }
machine TestM05 { start state S { entry { new Harness(Faulty(V2(), M5_RECOVER_ON_1A, SC_CONFLICT)); } } }
machine TestM06 { start state S { entry { new Harness(Faulty(V2(), M6_READ_NO_WRITEBACK, SC_CONFLICT)); } } }
machine TestM06p { start state S { entry { new Harness(Faulty(V2(), M6_READ_NO_WRITEBACK, SC_PREPARE_READS)); } } }
machine TestM07 { start state S { entry { new Harness(Faulty(V2(), M7_CMT_ON_VOTE, SC_CONFLICT)); } } }
machine TestM07b { start state S { entry { new Harness(Faulty(V2(), M7B_COMMIT_GUARD_OFF, SC_CONFLICT)); } } }
// M9 needs the delegate timeout to fire after the delegate has proposed and before its Phase-2
// quorum (more frequent timeouts, 1/10), and FE 2's delegated ballot above FE 1's direct one
// (the order pinned): the only tests with a fixed ballot order.
machine TestM08 { start state S { entry { new Harness(Faulty(V2(), M8_FAST_READ_OLD_COMMITTED, SC_LATEST)); } } }
machine TestM09 { start state S { entry { new Harness(Pinned(FaultyWithTimers(V2(), M9_REUSE_DELEGATED_BALLOT, SC_CONFLICT, 10))); } } }
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

test tcM01Agreement [main=TestM01]: assert Agreement in (union PandoSystem, { TestM01 });
test tcM01Discoverable [main=TestM01]: assert Discoverable in (union PandoSystem, { TestM01 });
test tcM02Agreement [main=TestM02]: assert Agreement in (union PandoSystem, { TestM02 });
test tcM02ReadsFresh [main=TestM02]: assert ReadsFresh in (union PandoSystem, { TestM02 });
test tcM02Recoverable [main=TestM02]: assert Recoverable in (union PandoSystem, { TestM02 });
test tcM03Agreement [main=TestM03]: assert Agreement in (union PandoSystem, { TestM03 });
test tcM03RaceAgreement [main=TestM03Race]: assert Agreement in (union PandoSystem, { TestM03Race });
test tcM03Stability [main=TestM03]: assert StrongStability in (union PandoSystem, { TestM03 });
test tcM04Agreement [main=TestM04]: assert Agreement in (union PandoSystem, { TestM04 });
test tcM05Agreement [main=TestM05]: assert Agreement in (union PandoSystem, { TestM05 });
test tcM06ReadsChosen [main=TestM06]: assert ReadsChosen in (union PandoSystem, { TestM06 });
test tcM06ReadBallotIndexed [main=TestM06p]: assert ReadBallotIndexed in (union PandoSystem, { TestM06p });
test tcM07CommitSound [main=TestM07]: assert CommitSound in (union PandoSystem, { TestM07 });
test tcM07ReadsChosen [main=TestM07]: assert ReadsChosen in (union PandoSystem, { TestM07 });
test tcM07bCommitSound [main=TestM07b]: assert CommitSound in (union PandoSystem, { TestM07b });
test tcM08VersionReadsFresh [main=TestM08]: assert VersionReadsFresh in (union PandoSystem, { TestM08 });
test tcM09OneProposal [main=TestM09]: assert OneProposalPerBallot in (union PandoSystem, { TestM09 });
test tcM09Agreement [main=TestM09]: assert Agreement in (union PandoSystem, { TestM09 });
test tcM10CputTruthful [main=TestM10]: assert CputTruthful in (union PandoSystem, { TestM10 });
test tcM11Agreement [main=TestM11]: assert Agreement in (union PandoSystem, { TestM11 });
test tcM11ValueAgreement [main=TestM11v]: assert ValueAgreement in (union PandoSystem, { TestM11v });
test tcM11Recoverable [main=TestM11]: assert Recoverable in (union PandoSystem, { TestM11 });
test tcM12Agreement [main=TestM12]: assert Agreement in (union PandoSystem, { TestM12 });
test tcM12bNoDataLoss [main=TestM12b]: assert NoDataLoss in (union PandoSystem, { TestM12b });
test tcM12bGcSafe [main=TestM12b]: assert GcSafe in (union PandoSystem, { TestM12b });
test tcM13Agreement [main=TestM13]: assert Agreement in (union PandoSystem, { TestM13 });
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
test tcM09BallotBindsValue [main=TestM09]: assert BallotBindsValue in (union PandoSystem, { TestM09 });
test tcM15BallotFresh [main=TestM15]: assert BallotFresh in (union PandoSystem, { TestM15 });
test tcM03SelectsRebuildable [main=TestM03Race]: assert SelectsRebuildable in (union PandoSystem, { TestM03Race });
test tcM11SelectsRebuildable [main=TestM11]: assert SelectsRebuildable in (union PandoSystem, { TestM11 });
test tcMR3SelectsRebuildable [main=TestMR3]: assert SelectsRebuildable in (union PandoSystem, { TestMR3 });
test tcX6LeaderDecides [main=TestX6]: assert LeaderDecides in (union PandoSystem, { TestX6 });
test tcX6CputReturns [main=TestX6]: assert CputReturns in (union PandoSystem, { TestX6 });
