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
machine TestLive { start state S { entry { new Harness(Live(4, 2, 3, 3, RM_NONE)); } } }

test tcRspMcA [main=TestA]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity, Reached in (union RspSystem, { TestA });
test tcRspThreeProposers [main=TestThreeProposers]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity, Reached in (union RspSystem, { TestThreeProposers });
test tcRspPaperSizes [main=TestC]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity, Reached in (union RspSystem, { TestC });
test tcRspAsymmetric [main=TestD]: assert Agreement, Validity, LearnedChosen, ShareStability, Recoverable, ShareIndexIntegrity, Reached in (union RspSystem, { TestD });
test tcRspLive [main=TestLive]: assert Agreement, Recoverable, ShareIndexIntegrity, EventualDecision, Reached in (union RspSystem, { TestLive });

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
test tcRspM8Agreement [main=TestM8]: assert Agreement in (union RspSystem, { TestM8 });
// M9: the proposer sends the same share index to every acceptor.
machine TestM9 { start state S { entry { new Harness(Faulty(4, 2, 3, 3, RM_M9)); } } }
test tcRspM9ShareIndexIntegrity [main=TestM9]: assert ShareIndexIntegrity in (union RspSystem, { TestM9 });
machine TestM10 { start state S { entry { new Harness(Crowded(4, 2, 3, 3, RM_M10)); } } }
test tcRspM10Validity [main=TestM10]: assert Validity in (union RspSystem, { TestM10 });
machine TestMQ { start state S { entry { new Harness(Live(4, 2, 3, 3, RM_MQ)); } } }
test tcRspMQEventualDecision [main=TestMQ]: assert EventualDecision in (union RspSystem, { TestMQ });
test tcRspM6ShareStability [main=TestM6]: assert ShareStability in (union RspSystem, { TestM6 });
