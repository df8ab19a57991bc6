/*****************************************************************************************
 * Alia test cases (./pando check --p --protocol Alia; budgets in p-models/tests.json). The
 * correct configuration asserts every monitor; each bug test runs one mutant of brief §8 and
 * asserts only the monitor it must violate. Names start with tcAlia.
 *****************************************************************************************/

module AliaSystem = { AliaHarness, Network, Instance, AliaClient };

machine TestHandoff { start state S { entry { new AliaHarness(AliaFaulty(AM_NONE)); } } }
test tcAliaHandoff [main=TestHandoff]: assert ConfigWellFormed, HandoffFaithful, SingleHolder, OpsOnlyAtHolder, NoLostAckedWrite, Linearizable, TransitionCompletes, Reached in (union AliaSystem, { TestHandoff });

// M5: EpochStart makes the whole scope active (serve before the handoff).
machine TestM5 { start state S { entry { new AliaHarness(AliaFaulty(AM_M5)); } } }
test tcAliaM5SingleHolder [main=TestM5]: assert SingleHolder in (union AliaSystem, { TestM5 });
// M6: the releaser answers for an active tag with its current state.
machine TestM6 { start state S { entry { new AliaHarness(AliaFaulty(AM_M6)); } } }
test tcAliaM6SingleHolder [main=TestM6]: assert SingleHolder in (union AliaSystem, { TestM6 });
test tcAliaM6NoLostAckedWrite [main=TestM6]: assert NoLostAckedWrite in (union AliaSystem, { TestM6 });
// M7: Apply("Op") checks the scope, not the active set.
machine TestM7 { start state S { entry { new AliaHarness(AliaFaulty(AM_M7)); } } }
test tcAliaM7OpsOnlyAtHolder [main=TestM7]: assert OpsOnlyAtHolder in (union AliaSystem, { TestM7 });
// MC-B3: the release chain, every safety monitor.
machine TestChain { start state S { entry { new AliaHarness(AliaChain(AM_NONE)); } } }
test tcAliaChain [main=TestChain]: assert ConfigWellFormed, HandoffFaithful, SingleHolder, OpsOnlyAtHolder, NoLostAckedWrite, Linearizable, Reached in (union AliaSystem, { TestChain });
// M8: on the chain, B1 answers A2 for t1 while t1 is still pending at B1, with the initial state.
machine TestM8 { start state S { entry { new AliaHarness(AliaChain(AM_M8)); } } }
test tcAliaM8NoLostAckedWrite [main=TestM8]: assert NoLostAckedWrite in (union AliaSystem, { TestM8 });
test tcAliaM8HandoffFaithful [main=TestM8]: assert HandoffFaithful in (union AliaSystem, { TestM8 });
// M9: the root reveals a configuration where two subquorums own t1 (X3).
machine TestM9 { start state S { entry { new AliaHarness(AliaFaulty(AM_M9)); } } }
test tcAliaM9ConfigWellFormed [main=TestM9]: assert ConfigWellFormed in (union AliaSystem, { TestM9 });
test tcAliaM9SingleHolder [main=TestM9]: assert SingleHolder in (union AliaSystem, { TestM9 });
// M10: the old instance never closes; the acquirer takes over from the initial state.
machine TestM10 { start state S { entry { new AliaHarness(AliaFaulty(AM_M10)); } } }
test tcAliaM10SingleHolder [main=TestM10]: assert SingleHolder in (union AliaSystem, { TestM10 });
// M14: a snapshot omits the session table.
machine TestM14 { start state S { entry { new AliaHarness(AliaFaulty(AM_M14)); } } }
test tcAliaM14Linearizable [main=TestM14]: assert Linearizable in (union AliaSystem, { TestM14 });
// M16: retire once sealed, before the acks: a lost reply is never re-sent.
machine TestM16 { start state S { entry { new AliaHarness(AliaFaulty(AM_M16)); } } }
test tcAliaM16TransitionCompletes [main=TestM16]: assert TransitionCompletes in (union AliaSystem, { TestM16 });
