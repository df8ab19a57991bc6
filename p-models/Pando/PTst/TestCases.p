/*****************************************************************************************
 * Test cases. ./pando check --p runs each one separately with a fixed seed and schedule
 * count from p-models/tests.json. No test name is a prefix of another (p check -tc matches
 * by prefix).
 *
 * Correct models assert every safety monitor (and LeaderDecides where liveness applies).
 * Each bug test runs one mutant and asserts exactly the monitor that mutant must violate,
 * so the violation it reports is the expected one and nothing else.
 *****************************************************************************************/

module PandoSystem = { Harness, Network, FailureInjector, DataSite, Delegate, Leader, FrontEnd };

// ---- correct models ----
machine TestV1Faults { start state S { entry { new Harness(Faulty(V1(), M_NONE, SC_CONFLICT)); } } }
machine TestV2Faults { start state S { entry { new Harness(Faulty(V2(), M_NONE, SC_CONFLICT)); } } }
machine TestV5Faults { start state S { entry { new Harness(Faulty(V5(), M_NONE, SC_CONFLICT)); } } }
machine TestV2Versions { start state S { entry { new Harness(Faulty(V2(), M_NONE, SC_VERSIONS)); } } }
machine TestV2Live { start state S { entry { new Harness(Lossless(V2(), M_NONE)); } } }

test tcV1Faults [main=TestV1Faults]:
  assert Agreement, StrongStability, OneProposalPerBallot, CommitSound, ReadsChosen, ReadsFresh, CputTruthful
  in (union PandoSystem, { TestV1Faults });
test tcV2Faults [main=TestV2Faults]:
  assert Agreement, StrongStability, OneProposalPerBallot, CommitSound, ReadsChosen, ReadsFresh, CputTruthful
  in (union PandoSystem, { TestV2Faults });
test tcV5Faults [main=TestV5Faults]:
  assert Agreement, StrongStability, OneProposalPerBallot, CommitSound, ReadsChosen, ReadsFresh, CputTruthful
  in (union PandoSystem, { TestV5Faults });
test tcV2Versions [main=TestV2Versions]:
  assert Agreement, StrongStability, OneProposalPerBallot, CommitSound, CputTruthful
  in (union PandoSystem, { TestV2Versions });
test tcV2Live [main=TestV2Live]:
  assert Agreement, StrongStability, OneProposalPerBallot, CommitSound, ReadsChosen, ReadsFresh, CputTruthful, LeaderDecides
  in (union PandoSystem, { TestV2Live });

// ---- bug tests: one per (mutant, property); each asserts only the monitor it must violate ----
machine TestM01 { start state S { entry { new Harness(Faulty(X1(), M_NONE, SC_CONFLICT)); } } }
machine TestM02 { start state S { entry { new Harness(Faulty(X3(), M_NONE, SC_CONFLICT)); } } }
machine TestM03 { start state S { entry { new Harness(Faulty(V1(), M3_LOWEST_RECOVERY, SC_CONFLICT)); } } }
machine TestM04 { start state S { entry { new Harness(Faulty(V2(), M4_UNCOMMITTED_LOOKS_EMPTY, SC_CONFLICT)); } } }
machine TestM05 { start state S { entry { new Harness(Faulty(V2(), M5_RECOVER_ON_1A, SC_CONFLICT)); } } }
machine TestM06 { start state S { entry { new Harness(Faulty(V2(), M6_READ_NO_WRITEBACK, SC_CONFLICT)); } } }
machine TestM07 { start state S { entry { new Harness(Faulty(V2(), M7_CMT_ON_VOTE, SC_CONFLICT)); } } }
// M9 needs the delegate timeout to fire after the delegate has proposed and before its Phase-2
// quorum: more frequent timeouts (1/10) find it in far fewer schedules.
machine TestM09 { start state S { entry { new Harness(FaultyWithTimers(V2(), M9_REUSE_DELEGATED_BALLOT, SC_CONFLICT, 10)); } } }
machine TestM10 { start state S { entry { new Harness(Faulty(V2(), M10_OK_WITHOUT_VID, SC_CONFLICT)); } } }
machine TestM11 { start state S { entry { new Harness(Faulty(V2(), M11_FRESH_VID_ON_RECOVERY, SC_CONFLICT)); } } }
machine TestM12 { start state S { entry { new Harness(Faulty(V2(), M12_GC_FORGETS_SLOT, SC_VERSIONS)); } } }
machine TestM13 { start state S { entry { new Harness(Faulty(V2(), M13_RESTART_LOSES_PROMISE, SC_CONFLICT)); } } }
machine TestM14 { start state S { entry { new Harness(Faulty(V2(), M14_ROUND_ONLY_COMPARE, SC_CONFLICT)); } } }
machine TestX6 { start state S { entry { new Harness(Lossless(X6(), M_NONE)); } } }

test tcM01Agreement [main=TestM01]: assert Agreement in (union PandoSystem, { TestM01 });
test tcM02Agreement [main=TestM02]: assert Agreement in (union PandoSystem, { TestM02 });
test tcM02ReadsFresh [main=TestM02]: assert ReadsFresh in (union PandoSystem, { TestM02 });
test tcM03Agreement [main=TestM03]: assert Agreement in (union PandoSystem, { TestM03 });
test tcM03Stability [main=TestM03]: assert StrongStability in (union PandoSystem, { TestM03 });
test tcM04Agreement [main=TestM04]: assert Agreement in (union PandoSystem, { TestM04 });
test tcM05Agreement [main=TestM05]: assert Agreement in (union PandoSystem, { TestM05 });
test tcM06ReadsChosen [main=TestM06]: assert ReadsChosen in (union PandoSystem, { TestM06 });
test tcM07CommitSound [main=TestM07]: assert CommitSound in (union PandoSystem, { TestM07 });
test tcM07ReadsChosen [main=TestM07]: assert ReadsChosen in (union PandoSystem, { TestM07 });
test tcM09OneProposal [main=TestM09]: assert OneProposalPerBallot in (union PandoSystem, { TestM09 });
test tcM10CputTruthful [main=TestM10]: assert CputTruthful in (union PandoSystem, { TestM10 });
test tcM11Agreement [main=TestM11]: assert Agreement in (union PandoSystem, { TestM11 });
test tcM12Agreement [main=TestM12]: assert Agreement in (union PandoSystem, { TestM12 });
test tcM13Agreement [main=TestM13]: assert Agreement in (union PandoSystem, { TestM13 });
test tcM14Agreement [main=TestM14]: assert Agreement in (union PandoSystem, { TestM14 });
test tcX6LeaderDecides [main=TestX6]: assert LeaderDecides in (union PandoSystem, { TestX6 });
