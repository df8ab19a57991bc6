/*****************************************************************************************
 * LEGOStore test cases (./pando check --p; budgets in p-models/tests.json). Correct
 * configurations assert every monitor that applies; each bug test runs one mutant and asserts
 * only the monitor it must violate. Names start with tcLego (no name is a prefix of another).
 *****************************************************************************************/

module LegoSystem = { Harness, Network, Server, Client };

machine TestAbd3 { start state S { entry { new Harness(Faulty(Abd(3, 2, 2, false), LM_NONE, WL_BUSY)); } } }
machine TestAbd4Opt { start state S { entry { new Harness(Lossy(Abd(4, 2, 3, true), LM_NONE, WL_READERS)); } } }
machine TestCas42 { start state S { entry { new Harness(Faulty(Cas(4, 2, 3, 3, 3, 3, false, false, 0), LM_NONE, WL_RACE)); } } }
machine TestCas53Opt { start state S { entry { new Harness(Faulty(Cas(5, 3, 4, 4, 4, 4, true, false, 0), LM_NONE, WL_BUSY)); } } }
machine TestCas53Paper { start state S { entry { new Harness(Faulty(Cas(5, 3, 4, 4, 4, 4, true, true, 0), LM_NONE, WL_BUSY)); } } }
machine TestCas31Gc { start state S { entry { new Harness(Faulty(Cas(3, 1, 2, 2, 2, 2, false, false, 1), LM_NONE, WL_GC)); } } }
machine TestCas31Readers { start state S { entry { new Harness(Lossy(Cas(3, 1, 2, 2, 2, 2, false, false, 0), LM_NONE, WL_READERS)); } } }

test tcLegoAbd3 [main=TestAbd3]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Reached in (union LegoSystem, { TestAbd3 });
test tcLegoAbd4Opt [main=TestAbd4Opt]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Reached in (union LegoSystem, { TestAbd4Opt });
test tcLegoCas42 [main=TestCas42]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, RetryJustified, Reached in (union LegoSystem, { TestCas42 });
test tcLegoCas53Opt [main=TestCas53Opt]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, RetryJustified, Reached in (union LegoSystem, { TestCas53Opt });
test tcLegoCas53Paper [main=TestCas53Paper]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, RetryJustified, Reached in (union LegoSystem, { TestCas53Paper });
test tcLegoCas31Gc [main=TestCas31Gc]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Recoverable, RetryJustified, Reached in (union LegoSystem, { TestCas31Gc });
test tcLegoCas31Readers [main=TestCas31Readers]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, RetryJustified, Reached in (union LegoSystem, { TestCas31Readers });

machine TestAbd3Live { start state S { entry { new Harness(Live(Abd(3, 2, 2, true), LM_NONE, WL_BUSY)); } } }
machine TestCas53Live { start state S { entry { new Harness(Live(Cas(5, 3, 4, 4, 4, 4, false, false, 0), LM_NONE, WL_BUSY)); } } }
test tcLegoLiveAbd3 [main=TestAbd3Live]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, OpsComplete, Reached in (union LegoSystem, { TestAbd3Live });
test tcLegoLiveCas53 [main=TestCas53Live]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, OpsComplete, Reached in (union LegoSystem, { TestCas53Live });

// ---- bug tests: one per (mutant, property) ----
// The brief's "safe, not live" rows (§5.4): a quorum above m - f waits forever once a server is down.
machine TestAA2 { start state S { entry { new Harness(Live(Abd(3, 2, 3, false), LM_NONE, WL_BUSY)); } } }
machine TestCC5 { start state S { entry { new Harness(Live(Cas(5, 3, 4, 4, 4, 5, false, false, 0), LM_NONE, WL_BUSY)); } } }
test tcLegoAbdA2OpsComplete [main=TestAA2]: assert OpsComplete in (union LegoSystem, { TestAA2 });
test tcLegoCasC5OpsComplete [main=TestCC5]: assert OpsComplete in (union LegoSystem, { TestCC5 });
machine TestAM1 { start state S { entry { new Harness(Faulty(Abd(3, 1, 2, false), LM_NONE, WL_RACE)); } } }
machine TestAM2 { start state S { entry { new Harness(Faulty(Abd(3, 2, 2, false), LM2_NO_WRITE_BACK, WL_RACE)); } } }
machine TestAM3 { start state S { entry { new Harness(Lossy(Abd(4, 2, 3, true), LM3_FAST_PATH_AT_Q1, WL_READERS)); } } }
machine TestAM4 { start state S { entry { new Harness(Faulty(Abd(3, 2, 2, false), LM4_TAG_WITHOUT_WRITER, WL_RACE)); } } }
machine TestAMR { start state S { entry { new Harness(Faulty(Abd(3, 2, 2, false), LMR_READ_ANY_VALUE, WL_RACE)); } } }
machine TestAMS { start state S { entry { new Harness(Faulty(Abd(3, 2, 2, false), LMS_SERVER_REGRESSES, WL_RACE)); } } }
machine TestAM15 { start state S { entry { new Harness(Faulty(Abd(3, 2, 2, false), LM15_COUNT_MESSAGES, WL_RACE)); } } }
machine TestCM4 { start state S { entry { new Harness(Faulty(Cas(4, 2, 3, 3, 3, 3, false, false, 0), LM4_TAG_WITHOUT_WRITER, WL_RACE)); } } }
machine TestCM4G { start state S { entry { new Harness(Faulty(Cas(3, 1, 2, 2, 2, 2, false, false, 0), LM4_TAG_WITHOUT_WRITER, WL_RACE)); } } }
machine TestCM5 { start state S { entry { new Harness(Faulty(Cas(4, 2, 3, 3, 3, 3, false, false, 0), LM5_QUERY_ANY_LABEL, WL_RACE)); } } }
machine TestCM6 { start state S { entry { new Harness(Faulty(Cas(4, 2, 3, 3, 3, 3, false, false, 0), LM6_FIN_EARLY, WL_RACE)); } } }
machine TestCM7 { start state S { entry { new Harness(Lossy(Cas(3, 1, 2, 2, 2, 2, false, false, 0), LM7_READ_NO_FIN, WL_READERS)); } } }
machine TestCM8 { start state S { entry { new Harness(Faulty(Cas(3, 1, 2, 2, 2, 2, false, false, 0), LM8_READ_AT_K, WL_RACE)); } } }
machine TestCM9 { start state S { entry { new Harness(Lossy(Cas(5, 3, 4, 4, 1, 4, false, false, 0), LM_NONE, WL_READERS)); } } }
machine TestCM10 { start state S { entry { new Harness(Faulty(Cas(4, 2, 3, 2, 3, 3, false, false, 0), LM_NONE, WL_RACE)); } } }
machine TestCMS { start state S { entry { new Harness(Faulty(Cas(4, 2, 3, 3, 3, 3, false, false, 0), LMS_SERVER_REGRESSES, WL_RACE)); } } }
machine TestCM19 { start state S { entry { new Harness(Faulty(Cas(3, 1, 2, 2, 2, 2, false, false, 1), LM19_GC_OFF_BY_ONE, WL_GC)); } } }

test tcLegoAbdM1RealTimeOrder [main=TestAM1]: assert RealTimeOrder in (union LegoSystem, { TestAM1 });
test tcLegoAbdM2NoDataLoss [main=TestAM2]: assert NoDataLoss in (union LegoSystem, { TestAM2 });
test tcLegoAbdM3RealTimeOrder [main=TestAM3]: assert RealTimeOrder in (union LegoSystem, { TestAM3 });
test tcLegoAbdM4TagValueAgreement [main=TestAM4]: assert TagValueAgreement in (union LegoSystem, { TestAM4 });
test tcLegoAbdMRReadValidity [main=TestAMR]: assert ReadValidity in (union LegoSystem, { TestAMR });
test tcLegoAbdMSServerMonotone [main=TestAMS]: assert ServerMonotone in (union LegoSystem, { TestAMS });
test tcLegoAbdM15NoDataLoss [main=TestAM15]: assert NoDataLoss in (union LegoSystem, { TestAM15 });
test tcLegoCasM4TagValueAgreement [main=TestCM4]: assert TagValueAgreement in (union LegoSystem, { TestCM4 });
test tcLegoCasM4ReadValidity [main=TestCM4G]: assert ReadValidity in (union LegoSystem, { TestCM4G });
test tcLegoCasM5Decodability [main=TestCM5]: assert Decodability in (union LegoSystem, { TestCM5 });
test tcLegoCasM6Decodability [main=TestCM6]: assert Decodability in (union LegoSystem, { TestCM6 });
test tcLegoCasM7RealTimeOrder [main=TestCM7]: assert RealTimeOrder in (union LegoSystem, { TestCM7 });
test tcLegoCasM8NoDataLoss [main=TestCM8]: assert NoDataLoss in (union LegoSystem, { TestCM8 });
test tcLegoCasM9RealTimeOrder [main=TestCM9]: assert RealTimeOrder in (union LegoSystem, { TestCM9 });
test tcLegoCasM10Decodability [main=TestCM10]: assert Decodability in (union LegoSystem, { TestCM10 });
test tcLegoCasMSServerMonotone [main=TestCMS]: assert ServerMonotone in (union LegoSystem, { TestCMS });
test tcLegoCasM19Recoverable [main=TestCM19]: assert Recoverable in (union LegoSystem, { TestCM19 });
test tcLegoCasM19RetryJustified [main=TestCM19]: assert RetryJustified in (union LegoSystem, { TestCM19 });
