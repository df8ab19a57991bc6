/*****************************************************************************************
 * LEGOStore test cases (./pando check --p; budgets in p-models/tests.json). Correct
 * configurations assert every monitor that applies; each bug test runs one mutant and asserts
 * only the monitor it must violate. Names start with tcLego (no name is a prefix of another).
 *****************************************************************************************/

module LegoSystem = { Harness, Network, Server, Client, Controller };

machine TestAbd3 { start state S { entry { new Harness(Faulty(Abd(3, 2, 2, false), LM_NONE, WL_BUSY)); } } }
machine TestAbd4Opt { start state S { entry { new Harness(Lossy(Abd(4, 2, 3, true), LM_NONE, WL_READERS)); } } }
machine TestCas42 { start state S { entry { new Harness(Faulty(Cas(4, 2, 3, 3, 3, 3, false, false, 0), LM_NONE, WL_RACE)); } } }
machine TestCas53Opt { start state S { entry { new Harness(Faulty(Cas(5, 3, 4, 4, 4, 4, true, false, 0), LM_NONE, WL_BUSY)); } } }
machine TestCas53Paper { start state S { entry { new Harness(Faulty(Cas(5, 3, 4, 4, 4, 4, true, true, 0), LM_NONE, WL_BUSY)); } } }
machine TestCas31Gc { start state S { entry { new Harness(Faulty(Cas(3, 1, 2, 2, 2, 2, false, false, 1), LM_NONE, WL_GC)); } } }
machine TestCas31Readers { start state S { entry { new Harness(Lossy(Cas(3, 1, 2, 2, 2, 2, false, false, 0), LM_NONE, WL_READERS)); } } }

test tcLegoAbd3 [main=TestAbd3]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestAbd3 });
test tcLegoAbd4Opt [main=TestAbd4Opt]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestAbd4Opt });
test tcLegoCas42 [main=TestCas42]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, RetryJustified, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestCas42 });
test tcLegoCas53Opt [main=TestCas53Opt]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, RetryJustified, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestCas53Opt });
test tcLegoCas53Paper [main=TestCas53Paper]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, RetryJustified, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestCas53Paper });
test tcLegoCas31Gc [main=TestCas31Gc]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Recoverable, RetryJustified, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestCas31Gc });
test tcLegoCas31Readers [main=TestCas31Readers]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, RetryJustified, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestCas31Readers });

// Targeted duplicates (issue 46): a GET's and a PUT's query quorum report two tags, and a duplicate reply reaches a
// phase's count (eWitTwoTags, eWitPutTwoTags, eWitDupCounted).
machine TestAbd4Targeted { start state S { entry { new Harness(Targeted(Abd(4, 2, 3, true), LM_NONE, WL_BUSY)); } } }
machine TestCas53Targeted { start state S { entry { new Harness(Targeted(Cas(5, 3, 4, 4, 4, 4, false, false, 0), LM_NONE, WL_BUSY)); } } }
test tcLegoAbd4Targeted [main=TestAbd4Targeted]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestAbd4Targeted });
test tcLegoCas53Targeted [main=TestCas53Targeted]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, RetryJustified, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestCas53Targeted });

machine TestAbd3Live { start state S { entry { new Harness(Live(Abd(3, 2, 2, true), LM_NONE, WL_BUSY)); } } }
machine TestCas53Live { start state S { entry { new Harness(Live(Cas(5, 3, 4, 4, 4, 4, false, false, 0), LM_NONE, WL_BUSY)); } } }
test tcLegoLiveAbd3 [main=TestAbd3Live]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, OpsComplete, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestAbd3Live });
test tcLegoLiveCas53 [main=TestCas53Live]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, ServerMonotone, NoDataLoss, Decodability, Recoverable, OpsComplete, QuorumDistinct, BallotFresh, Reached in (union LegoSystem, { TestCas53Live });

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

// ---- reconfiguration (brief §4.7; TLA+ LEGOReconfig): old servers 0..m-1, new ones after them ----
// ABD(3) -> CAS(4,2) q = 3/3/3/3 and CAS(4,2) -> ABD(3), with loss, duplication, reordering and crash-restarts.
machine TestRcAC { start state S { entry {
  new Harness(FaultyRc(Abd(3, 2, 2, false), To(Cas(4, 2, 3, 3, 3, 3, false, false, 0), false, RM_NONE), WL_BUSY)); } } }
machine TestRcCA { start state S { entry {
  new Harness(FaultyRc(Cas(4, 2, 3, 3, 3, 3, false, false, 0), To(Abd(3, 2, 2, true), false, RM_NONE), WL_BUSY)); } } }
// Liveness: ABD(3) -> CAS(5,3) q = 4/4/4/4 (f = 1 in both), one server of either configuration down for good.
machine TestRcLive { start state S { entry {
  new Harness(LiveRc(Abd(3, 2, 2, false), To(Cas(5, 3, 4, 4, 4, 4, false, false, 0), false, RM_NONE), WL_BUSY, 1)); } } }

test tcLegoRcAbdToCas [main=TestRcAC]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, NoDataLoss, Decodability, TransferCovers, NewInitialized, OldClosedToNew, Reached
  in (union LegoSystem, { TestRcAC });
test tcLegoRcCasToAbd [main=TestRcCA]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, NoDataLoss, Decodability, TransferCovers, NewInitialized, OldClosedToNew, Reached
  in (union LegoSystem, { TestRcCA });
test tcLegoRcLive [main=TestRcLive]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, NoDataLoss, Decodability, TransferCovers, NewInitialized, OldClosedToNew,
         OpsComplete, ReconfTerminates, RequestsAnswered, StaleClientCatchesUp, Reached
  in (union LegoSystem, { TestRcLive });

// Reconfiguration bug tests. F2: the paper's Qr = m - q2 + 1 = 1 on ABD(2) q1 = 1, q2 = 2 (the TLA+ H1 instance).
machine TestRcF2 { start state S { entry {
  new Harness(FaultyRc(Abd(2, 1, 2, false), ToNoMds(Abd(1, 1, 1, false), true, RM_NONE), WL_READERS)); } } }
machine TestRcM11 { start state S { entry {
  new Harness(FaultyRc(Cas(3, 1, 2, 2, 2, 2, false, false, 0), To(Abd(3, 2, 2, false), false, RM11_QR_TOO_SMALL), WL_BUSY)); } } }
machine TestRcM12 { start state S { entry {
  new Harness(FaultyRc(Abd(3, 2, 2, false), To(Abd(3, 2, 2, false), false, RM12_NO_PAUSE), WL_BUSY)); } } }
machine TestRcM13 { start state S { entry {
  new Harness(FaultyRc(Abd(3, 2, 2, false), To(Cas(3, 1, 2, 2, 2, 2, false, false, 0), false, RM13_PUBLISH_EARLY), WL_RACE)); } } }
machine TestRcM17 { start state S { entry {
  new Harness(FaultyRc(Abd(3, 2, 2, false), To(Cas(3, 1, 3, 3, 1, 1, false, false, 0), false, RM17_RCWRITE_Q3), WL_RACE)); } } }
machine TestRcM18 { start state S { entry {
  new Harness(FaultyRc(Abd(3, 2, 2, false), To(Abd(3, 2, 2, false), false, RM18_CLOSED_SERVES_ALL), WL_BUSY)); } } }
machine TestRcM16 { start state S { entry {
  new Harness(LiveRc(Abd(3, 2, 2, false), To(Cas(3, 1, 2, 2, 2, 2, false, false, 0), false, RM16_REPAUSE), WL_BUSY, 0)); } } }
machine TestRcMQ { start state S { entry {
  new Harness(LiveRc(Abd(3, 2, 2, false), To(Cas(3, 1, 2, 2, 2, 2, false, false, 0), false, RMQ_QR_ALL), WL_BUSY, 1)); } } }
// MC (ours, RECONF-T4): clients that never ask the metadata service, refused by a closed old server,
// restart in the configuration they had cached (the TLA+ ReconfA1C_MC_StaleRestart model).
machine TestRcMC { start state S { entry {
  new Harness(LiveRc(Abd(3, 2, 2, false), ToNoMds(Cas(3, 1, 2, 2, 2, 2, false, false, 0), false, RMC_STALE_RESTART), WL_BUSY, 0)); } } }

// The fix of F2 on the same instance: the brief's Qr = m - min(q1, q2) + 1 = 2.
machine TestRcF2Safe { start state S { entry {
  new Harness(FaultyRc(Abd(2, 1, 2, false), ToNoMds(Abd(1, 1, 1, false), false, RM_NONE), WL_READERS)); } } }
test tcLegoRcSafeQrH1 [main=TestRcF2Safe]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, NoDataLoss, TransferCovers, NewInitialized, OldClosedToNew, Reached
  in (union LegoSystem, { TestRcF2Safe });

// Static-protocol mutants across the reconfiguration (the TLA+ H1/I4 mutant models), and MQ for T1.
machine TestRcM4 { start state S { entry {
  new Harness(FaultyRcMut(Abd(3, 2, 2, false), LM4_TAG_WITHOUT_WRITER, To(Cas(3, 1, 2, 2, 2, 2, false, false, 0), false, RM_NONE), WL_BUSY)); } } }
machine TestRcMR { start state S { entry {
  new Harness(FaultyRcMut(Abd(3, 2, 2, false), LMR_READ_ANY_VALUE, To(Abd(3, 2, 2, false), false, RM_NONE), WL_BUSY)); } } }
test tcLegoRcM4TagValueAgreement [main=TestRcM4]: assert TagValueAgreement in (union LegoSystem, { TestRcM4 });
test tcLegoRcMRReadValidity [main=TestRcMR]: assert ReadValidity in (union LegoSystem, { TestRcMR });
test tcLegoRcM12NoDataLoss [main=TestRcM12]: assert NoDataLoss in (union LegoSystem, { TestRcM12 });
test tcLegoRcMQOpsComplete [main=TestRcMQ]: assert OpsComplete in (union LegoSystem, { TestRcMQ });

test tcLegoRcF2PaperQrOldClosedToNew [main=TestRcF2]: assert OldClosedToNew in (union LegoSystem, { TestRcF2 });
test tcLegoRcM11TransferCovers [main=TestRcM11]: assert TransferCovers in (union LegoSystem, { TestRcM11 });
test tcLegoRcM12RealTimeOrder [main=TestRcM12]: assert RealTimeOrder in (union LegoSystem, { TestRcM12 });
test tcLegoRcM13NewInitialized [main=TestRcM13]: assert NewInitialized in (union LegoSystem, { TestRcM13 });
test tcLegoRcM17Decodability [main=TestRcM17]: assert Decodability in (union LegoSystem, { TestRcM17 });
test tcLegoRcM18RealTimeOrder [main=TestRcM18]: assert RealTimeOrder in (union LegoSystem, { TestRcM18 });
test tcLegoRcM16RequestsAnswered [main=TestRcM16]: assert RequestsAnswered in (union LegoSystem, { TestRcM16 });
test tcLegoRcMQReconfTerminates [main=TestRcMQ]: assert ReconfTerminates in (union LegoSystem, { TestRcMQ });
test tcLegoRcMCStaleClientCatchesUp [main=TestRcMC]: assert StaleClientCatchesUp in (union LegoSystem, { TestRcMC });

// ---- chains (brief §4.7.4; TLA+ ReconfChain*): three configurations, each on its own servers ----
// ABD(3) -> CAS(4,2) -> ABD(3) with loss, duplication, reordering and crash-restarts; clients may ask
// the metadata service, so some are redirected twice and others jump ahead.
machine TestRcChain { start state S { entry {
  new Harness(FaultyRc(Abd(3, 2, 2, false), Chain(Cas(4, 2, 3, 3, 3, 3, false, false, 0), Abd(3, 2, 2, false), RM_NONE, true), WL_BUSY)); } } }
// Liveness along ABD(3) -> CAS(3,1) -> ABD(3), clients that never ask the metadata service (they move
// only when refused), no loss, no timers, one server down for good.
machine TestRcChainLive { start state S { entry {
  new Harness(LiveRc(Abd(3, 2, 2, false), Chain(Cas(3, 1, 2, 2, 2, 2, false, false, 0), Abd(3, 2, 2, false), RM_NONE, false), WL_BUSY, 1)); } } }
// MP (ours): the second reconfiguration starts before the first has published (TLA+ ReconfChainAAA_MP_*);
// no loss and no timers, so a schedule ends once nothing is in flight (old servers stay paused for good).
machine TestRcChainMP { start state S { entry {
  new Harness(LiveRc(Abd(1, 1, 1, false), Chain(Abd(1, 1, 1, false), Abd(1, 1, 1, false), RMP_START_BEFORE_PUBLISH, true), WL_READERS, 0)); } } }

test tcLegoRcChainAbdCasAbd [main=TestRcChain]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, NoDataLoss, Decodability, TransferCovers, NewInitialized, OldClosedToNew, Reached
  in (union LegoSystem, { TestRcChain });
test tcLegoRcChainLive [main=TestRcChainLive]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, NoDataLoss, Decodability, TransferCovers, NewInitialized, OldClosedToNew,
         OpsComplete, ReconfTerminates, RequestsAnswered, StaleClientCatchesUp, Reached
  in (union LegoSystem, { TestRcChainLive });
test tcLegoRcChainMPTransferCovers [main=TestRcChainMP]: assert TransferCovers in (union LegoSystem, { TestRcChainMP });

// ---- GC during a reconfiguration (brief §4.6, §4.7.2; TLA+ ReconfCA_GC1_P2) ----
// Old CAS(3,1) q = 2/2/2/2 collecting with delta = 1 to ABD(1), writers only (seven PUTs), many losses:
// RcGet replies may lack the symbols of the tag the controller fixed, and it falls back to a higher fin
// tag (rarely reached by random schedules; see p-models/tests.json).
machine TestRcGc { start state S { entry {
  new Harness(LossyRc(Cas(3, 1, 2, 2, 2, 2, false, false, 1), To(Abd(1, 1, 1, false), false, RM_NONE), WL_WRITERS)); } } }
test tcLegoRcGcCasToAbd [main=TestRcGc]:
  assert TagValueAgreement, RealTimeOrder, ReadValidity, NoDataLoss, Recoverable, TransferCovers, NewInitialized, OldClosedToNew, Reached
  in (union LegoSystem, { TestRcGc });

// ---- node-local rules (ABD-N4, N5 and CAS-N4, N5; Common/PSpec/LocalRules.p): the mutant that
// breaks each rule, caught at the wrong step itself (static configurations only).
test tcLegoAbdM15QuorumDistinct [main=TestAM15]: assert QuorumDistinct in (union LegoSystem, { TestAM15 });
test tcLegoAbdM4BallotFresh [main=TestAM4]: assert BallotFresh in (union LegoSystem, { TestAM4 });
test tcLegoCasM6QuorumDistinct [main=TestCM6]: assert QuorumDistinct in (union LegoSystem, { TestCM6 });
test tcLegoCasM4BallotFresh [main=TestCM4]: assert BallotFresh in (union LegoSystem, { TestCM4 });
