/*****************************************************************************************
 * Alia root-tier test cases (./pando check --p --protocol Alia; budgets in p-models/tests.json).
 * The RELAY configuration asserts every monitor; each bug test runs one mutant (brief §8 and
 * configs/Alia/MCAliaRoot.tla) and asserts only the monitor it must violate. Names start with
 * tcAliaRoot.
 *****************************************************************************************/

module AliaRootSystem = { AliaRootHarness, Network, RootReplica, RootElector };

machine TestRootRelay { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_NONE, 3)); } } }
test tcAliaRootRelay [main=TestRootRelay]: assert RootAgreement, RootValidity, RootContiguity, TallyHonesty, TallyIsMajority,
  AcceptedBelowPromise, AcceptorMonotonic, Reached in (union AliaRootSystem, { TestRootRelay });

// Crash points (issue 46): a replica crashes right after it promises or votes (eWitTargetCrash).
machine TestRootCrashPoints { start state S { entry { new AliaRootHarness(RootCrashPoints(RX_NONE)); } } }
test tcAliaRootCrashPoints [main=TestRootCrashPoints]: assert RootAgreement, RootValidity, RootContiguity, TallyHonesty, TallyIsMajority,
  AcceptedBelowPromise, AcceptorMonotonic, Reached in (union AliaRootSystem, { TestRootCrashPoints });
machine TestRootMPCrashPoints { start state S { entry { new AliaRootHarness(RootCrashPoints(RX_MP)); } } }
test tcAliaRootMPCrashPointsAcceptorMonotonic [main=TestRootMPCrashPoints]: assert AcceptorMonotonic in (union AliaRootSystem, { TestRootMPCrashPoints });

// Conflict-forcing (issue 46): six elections, partial accepts and duplicated votes (RootConflict).
machine TestRootConflict { start state S { entry { new AliaRootHarness(RootConflict(RX_NONE)); } } }
test tcAliaRootConflict [main=TestRootConflict]: assert RootAgreement, RootValidity, RootContiguity, TallyHonesty, TallyIsMajority,
  AcceptedBelowPromise, AcceptorMonotonic, SelectsHighest, Reached in (union AliaRootSystem, { TestRootConflict });

// MSL: a new leader re-proposes the lowest reported ballot's configuration; N6 sees the wrong choice itself.
machine TestRootMSL { start state S { entry { new AliaRootHarness(RootConflict(RX_MSL)); } } }
test tcAliaRootMSLSelectsHighest [main=TestRootMSL]: assert SelectsHighest in (union AliaRootSystem, { TestRootMSL });

// M1 (finding F3): the seed's literal delegation.
machine TestRootM1 { start state S { entry { new AliaRootHarness(RootChaos(RM_PAPER_LITERAL, RX_NONE, 3)); } } }
test tcAliaRootM1RootAgreement [main=TestRootM1]: assert RootAgreement in (union AliaRootSystem, { TestRootM1 });
test tcAliaRootM1TallyHonesty [main=TestRootM1]: assert TallyHonesty in (union AliaRootSystem, { TestRootM1 });
// M2: the tally is a sum over messages.
machine TestRootM2 { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_M2, 3)); } } }
test tcAliaRootM2TallyIsMajority [main=TestRootM2]: assert TallyIsMajority in (union AliaRootSystem, { TestRootM2 });
// M3: a majority of the replicas believed alive.
machine TestRootM3 { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_M3, 3)); } } }
test tcAliaRootM3TallyIsMajority [main=TestRootM3]: assert TallyIsMajority in (union AliaRootSystem, { TestRootM3 });
// M4: 2|ids| >= n, on four replicas.
machine TestRootM4 { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_M4, 4)); } } }
test tcAliaRootM4TallyIsMajority [main=TestRootM4]: assert TallyIsMajority in (union AliaRootSystem, { TestRootM4 });
// M12: a nuclear leader ignores its Phase-1 reports for the next slot.
machine TestRootM12 { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_M12, 3)); } } }
test tcAliaRootM12RootAgreement [main=TestRootM12]: assert RootAgreement in (union AliaRootSystem, { TestRootM12 });
// M17: senders counted against a majority of the subquorums, on four replicas.
machine TestRootM17 { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_M17, 4)); } } }
test tcAliaRootM17TallyIsMajority [main=TestRootM17]: assert TallyIsMajority in (union AliaRootSystem, { TestRootM17 });
// M13: RootAccept whatever the promise.
machine TestRootM13 { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_M13, 3)); } } }
test tcAliaRootM13RootAgreement [main=TestRootM13]: assert RootAgreement in (union AliaRootSystem, { TestRootM13 });
// MR: accepting does not raise the promise.
machine TestRootMR { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_MR, 3)); } } }
test tcAliaRootMRAcceptedBelowPromise [main=TestRootMR]: assert AcceptedBelowPromise in (union AliaRootSystem, { TestRootMR });
// MP: the promise is not durable.
machine TestRootMP { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_MP, 3)); } } }
test tcAliaRootMPAcceptorMonotonic [main=TestRootMP]: assert AcceptorMonotonic in (union AliaRootSystem, { TestRootMP });
// MA: alpha = 2.
machine TestRootMA { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_MA, 3)); } } }
test tcAliaRootMARootContiguity [main=TestRootMA]: assert RootContiguity in (union AliaRootSystem, { TestRootMA });
// MV: the leader commits another configuration.
machine TestRootMV { start state S { entry { new AliaRootHarness(RootChaos(RM_RELAY, RX_MV, 3)); } } }
test tcAliaRootMVRootValidity [main=TestRootMV]: assert RootValidity in (union AliaRootSystem, { TestRootMV });

// CUSTODY (§4.3.4): votes handed to custodians for good, per slot; every monitor and ALIA-S16.
machine TestRootCustody { start state S { entry { new AliaRootHarness(RootChaos(RM_CUSTODY, RX_NONE, 3)); } } }
test tcAliaRootCustody [main=TestRootCustody]: assert RootAgreement, RootValidity, RootContiguity, TallyHonesty, TallyIsMajority,
  AcceptedBelowPromise, AcceptorMonotonic, DelegationDiscipline, Reached in (union AliaRootSystem, { TestRootCustody });
// M15: in CUSTODY a custody lapses and the replica answers for the slot itself again.
machine TestRootM15 { start state S { entry { new AliaRootHarness(RootChaos(RM_CUSTODY, RX_M15, 3)); } } }
test tcAliaRootM15RootAgreement [main=TestRootM15]: assert RootAgreement in (union AliaRootSystem, { TestRootM15 });
test tcAliaRootM15DelegationDiscipline [main=TestRootM15]: assert DelegationDiscipline in (union AliaRootSystem, { TestRootM15 });

// ALIA-L1: every root slot gets a configuration with one replica down for good (RELAY, nuclear
// elections at random); the safety monitors too.
machine TestRootLive { start state S { entry { new AliaRootHarness(RootLive(RX_NONE)); } } }
test tcAliaRootLive [main=TestRootLive]: assert RootProgress, RootAgreement, RootValidity, RootContiguity, TallyHonesty,
  TallyIsMajority, AcceptedBelowPromise, AcceptorMonotonic, Reached in (union AliaRootSystem, { TestRootLive });
// MU (ours): a quorum is every replica; with one replica down for good nothing is ever chosen.
machine TestRootMU { start state S { entry { new AliaRootHarness(RootLive(RX_MU)); } } }
test tcAliaRootMURootProgress [main=TestRootMU]: assert RootProgress in (union AliaRootSystem, { TestRootMU });
