/*****************************************************************************************
 * RS-Paxos test cases (./pando check --p --protocol RSPaxos; budgets in p-models/tests.json). Correct
 * configurations assert every safety monitor (the liveness test also EventualDecision); each bug test
 * runs one mutant and asserts only the monitor it must violate. Names start with tcRsp.
 *****************************************************************************************/

module RspSystem = { Harness, Network, Acceptor, Proposer };

machine TestA { start state S { entry { new Harness(Faulty(4, 2, 3, 3, RM_NONE)); } } }
machine TestThreeProposers { start state S { entry { new Harness(Crowded(4, 2, 3, 3, RM_NONE)); } } }
machine TestC { start state S { entry { new Harness(Faulty(5, 3, 4, 4, RM_NONE)); } } }
machine TestD { start state S { entry { new Harness(Crowded(5, 2, 4, 3, RM_NONE)); } } }
machine TestConflictA { start state S { entry { new Harness(Conflict(4, 2, 3, 3, RM_NONE)); } } }
machine TestConflictD { start state S { entry { new Harness(Conflict(5, 2, 4, 3, RM_NONE)); } } }
machine TestLive { start state S { entry { new Harness(Live(4, 2, 3, 3, RM_NONE)); } } }
machine TestCrashPoints { start state S { entry { new Harness(CrashPoints(4, 2, 3, 3, RM_NONE)); } } }

test tcRspMcA [main=TestA]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity,
  VoteRespectsPromise, PromiseMonotone, BallotBindsValue, QuorumDistinct, BallotFresh, SelectsRebuildable, Reached in (union RspSystem, { TestA });
// Crash points (issue 46): an acceptor crashes right after it promises or accepts a share (eWitTargetCrash).
test tcRspCrashPoints [main=TestCrashPoints]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity,
  VoteRespectsPromise, PromiseMonotone, BallotBindsValue, QuorumDistinct, BallotFresh, SelectsRebuildable, Reached in (union RspSystem, { TestCrashPoints });
test tcRspThreeProposers [main=TestThreeProposers]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity,
  VoteRespectsPromise, PromiseMonotone, BallotBindsValue, QuorumDistinct, BallotFresh, SelectsRebuildable, Reached in (union RspSystem, { TestThreeProposers });
test tcRspPaperSizes [main=TestC]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity,
  VoteRespectsPromise, PromiseMonotone, BallotBindsValue, QuorumDistinct, BallotFresh, SelectsRebuildable, Reached in (union RspSystem, { TestC });
test tcRspAsymmetric [main=TestD]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity,
  VoteRespectsPromise, PromiseMonotone, BallotBindsValue, QuorumDistinct, BallotFresh, SelectsRebuildable, Reached in (union RspSystem, { TestD });
// Conflict-forcing (issue 46): a Phase-1 quorum reports shares of two vids at two ballots (eWitRuleMatters), on a
// four-acceptor set and on set D, where a quorum can hold two decode thresholds.
test tcRspConflictA [main=TestConflictA]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity,
  VoteRespectsPromise, PromiseMonotone, BallotBindsValue, QuorumDistinct, BallotFresh, SelectsRebuildable, Reached in (union RspSystem, { TestConflictA });
test tcRspConflictD [main=TestConflictD]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity,
  VoteRespectsPromise, PromiseMonotone, BallotBindsValue, QuorumDistinct, BallotFresh, SelectsRebuildable, Reached in (union RspSystem, { TestConflictD });
test tcRspLive [main=TestLive]: assert Agreement, Recoverable, ShareIndexIntegrity, EventualDecision,
  VoteRespectsPromise, PromiseMonotone, BallotBindsValue, QuorumDistinct, BallotFresh, Reached in (union RspSystem, { TestLive });

// M1: QR + QW - N = X - 1 (N = 4, QR = QW = 3, X = 3).
machine TestM1 { start state S { entry { new Harness(Faulty(4, 3, 3, 3, RM_NONE)); } } }
test tcRspM1Recoverable [main=TestM1]: assert Recoverable in (union RspSystem, { TestM1 });
// M2: the paper's naive majority quorums with theta(3, 5).
machine TestM2 { start state S { entry { new Harness(Crowded(5, 3, 3, 3, RM_NONE)); } } }
test tcRspM2Agreement [main=TestM2]: assert Agreement in (union RspSystem, { TestM2 });
machine TestM3 { start state S { entry { new Harness(Faulty(4, 2, 3, 3, RM_M3)); } } }
test tcRspM3Agreement [main=TestM3]: assert Agreement in (union RspSystem, { TestM3 });
machine TestM4 { start state S { entry { new Harness(Faulty(5, 2, 4, 3, RM_M4)); } } }
test tcRspM4Agreement [main=TestM4]: assert Agreement in (union RspSystem, { TestM4 });
machine TestM5 { start state S { entry { new Harness(Crowded(4, 2, 3, 3, RM_M5)); } } }
test tcRspM5Recoverable [main=TestM5]: assert Recoverable in (union RspSystem, { TestM5 });
machine TestM6 { start state S { entry { new Harness(Faulty(4, 2, 3, 3, RM_M6)); } } }
test tcRspM6Agreement [main=TestM6]: assert Agreement in (union RspSystem, { TestM6 });
machine TestM7 { start state S { entry { new Harness(Faulty(4, 2, 3, 3, RM_M7)); } } }
test tcRspM7LearnedChosen [main=TestM7]: assert LearnedChosen in (union RspSystem, { TestM7 });
machine TestM8 { start state S { entry { new Harness(Faulty(4, 2, 3, 3, RM_M8)); } } }
machine TestM8CrashPoints { start state S { entry { new Harness(CrashPoints(4, 2, 3, 3, RM_M8)); } } }
test tcRspM8CrashPointsAgreement [main=TestM8CrashPoints]: assert Agreement in (union RspSystem, { TestM8CrashPoints });
test tcRspM8Agreement [main=TestM8]: assert Agreement in (union RspSystem, { TestM8 });
// M9: the proposer sends the same share index to every acceptor.
machine TestM9 { start state S { entry { new Harness(Faulty(4, 2, 3, 3, RM_M9)); } } }
test tcRspM9ShareIndexIntegrity [main=TestM9]: assert ShareIndexIntegrity in (union RspSystem, { TestM9 });
machine TestM10 { start state S { entry { new Harness(Crowded(4, 2, 3, 3, RM_M10)); } } }
test tcRspM10Validity [main=TestM10]: assert Validity in (union RspSystem, { TestM10 });
machine TestMQ { start state S { entry { new Harness(Live(4, 2, 3, 3, RM_MQ)); } } }
test tcRspMQEventualDecision [main=TestMQ]: assert EventualDecision in (union RspSystem, { TestMQ });
test tcRspM6ShareStability [main=TestM6]: assert ShareStability in (union RspSystem, { TestM6 });

// Node-local rules (RSP-N1, N2, N4, N5; p-models/Common/PSpec/LocalRules.p): each caught at the wrong step itself.
machine TestMDA { start state S { entry { new Harness(Faulty(4, 2, 3, 3, RM_MDA)); } } }
machine TestMBO { start state S { entry { new Harness(Crowded(4, 2, 3, 3, RM_MBO)); } } }
machine TestMB { start state S { entry { new Harness(Faulty(4, 2, 3, 3, RM_MB)); } } }
test tcRspM6VoteRespectsPromise [main=TestM6]: assert VoteRespectsPromise in (union RspSystem, { TestM6 });
test tcRspM8PromiseMonotone [main=TestM8]: assert PromiseMonotone in (union RspSystem, { TestM8 });
test tcRspMDAQuorumDistinct [main=TestMDA]: assert QuorumDistinct in (union RspSystem, { TestMDA });
test tcRspMBOBallotFresh [main=TestMBO]: assert BallotFresh in (union RspSystem, { TestMBO });
// N6, the erasure-coded form: each selection slip caught at the proposal it makes.
test tcRspM3SelectsRebuildable [main=TestM3]: assert SelectsRebuildable in (union RspSystem, { TestM3 });
test tcRspM4SelectsRebuildable [main=TestM4]: assert SelectsRebuildable in (union RspSystem, { TestM4 });
test tcRspM10SelectsRebuildable [main=TestM10]: assert SelectsRebuildable in (union RspSystem, { TestM10 });
test tcRspMBBallotBindsValue [main=TestMB]: assert BallotBindsValue in (union RspSystem, { TestMB });

// ---------------------------------------------------------------------------------------------
// The log (specs/RSPaxosLog.tla): every correct test asserts every log monitor.
module RspLogSystem = { LogHarness, Network, LogServer, LogClient };

machine TestLogChange { start state S { entry { new LogHarness(LogChange(4, 2, 3, 3, RM_NONE, false, 0)); } } }
machine TestLogGc { start state S { entry { new LogHarness(LogGcChange(4, 2, 3, 3, RM_NONE, 0)); } } }
machine TestLogPaper { start state S { entry { new LogHarness(LogStable(5, 3, 4, 4, RM_NONE, true, 1)); } } }
test tcRspLogChange [main=TestLogChange]: assert LogAgreement, LogDecidedChosen, LogShareStability, LogRecoverable, LogOneValuePerBallot, LogOrder, LogLinearizable, LogRecoveryReadCorrect, ShareIndexIntegrity, Reached in (union RspLogSystem, { TestLogChange });
test tcRspLogGc [main=TestLogGc]: assert LogAgreement, LogDecidedChosen, LogShareStability, LogRecoverable, LogOneValuePerBallot, LogOrder, LogLinearizable, LogRecoveryReadCorrect, ShareIndexIntegrity, Reached in (union RspLogSystem, { TestLogGc });
test tcRspLogPaperSizes [main=TestLogPaper]: assert LogAgreement, LogDecidedChosen, LogShareStability, LogRecoverable, LogOneValuePerBallot, LogOrder, LogLinearizable, LogRecoveryReadCorrect, ShareIndexIntegrity, Reached in (union RspLogSystem, { TestLogPaper });

// M11r: a new leader serves FAST reads before it is ready.
machine TestLogM11r { start state S { entry { new LogHarness(LogChange(4, 2, 3, 3, RM_M11R, false, 2)); } } }
test tcRspLogM11rLinearizable [main=TestLogM11r]: assert LogLinearizable in (union RspLogSystem, { TestLogM11r });
// M12: a recovery read takes shares of the key from any instance.
machine TestLogM12 { start state S { entry { new LogHarness(LogChange(4, 2, 3, 3, RM_M12, false, 1)); } } }
test tcRspLogM12RecoveryReadCorrect [main=TestLogM12]: assert LogRecoveryReadCorrect in (union RspLogSystem, { TestLogM12 });
// M13: truncation before the checkpoint.
machine TestLogM13 { start state S { entry { new LogHarness(LogStable(4, 2, 3, 3, RM_M13, true, 0)); } } }
test tcRspLogM13Recoverable [main=TestLogM13]: assert LogRecoverable in (union RspLogSystem, { TestLogM13 });
// Log forms of M6 (accept regardless of the promise), M7 (decide with QW - 1), and ours MB (every
// command in instance 1) and MX (apply the own proposal before it is decided).
machine TestLogM6 { start state S { entry { new LogHarness(LogChange(4, 2, 3, 3, RM_M6, false, 1)); } } }
test tcRspLogM6Agreement [main=TestLogM6]: assert LogAgreement in (union RspLogSystem, { TestLogM6 });
test tcRspLogM6ShareStability [main=TestLogM6]: assert LogShareStability in (union RspLogSystem, { TestLogM6 });
machine TestLogM7 { start state S { entry { new LogHarness(LogStable(4, 2, 3, 3, RM_M7, false, 1)); } } }
test tcRspLogM7DecidedChosen [main=TestLogM7]: assert LogDecidedChosen in (union RspLogSystem, { TestLogM7 });
machine TestLogMB { start state S { entry { new LogHarness(LogStable(4, 2, 3, 3, RM_MB, false, 1)); } } }
test tcRspLogMBOneValuePerBallot [main=TestLogMB]: assert LogOneValuePerBallot in (union RspLogSystem, { TestLogMB });
machine TestLogMX { start state S { entry { new LogHarness(LogStable(4, 2, 3, 3, RM_MX, false, 1)); } } }
test tcRspLogMXLogOrder [main=TestLogMX]: assert LogOrder in (union RspLogSystem, { TestLogMX });
