------------------------- MODULE MCPaxosReference --------------------------
\* The reference instance: 3 acceptors, 2 values, ballots 0..2, majority
\* quorums, no symmetry (the Pando models are compared without their
\* symmetry sets as well: see docs/benchmarks/tlc-throughput.md).
EXTENDS PaxosReference, FiniteSets

MCQuorum == {Q \in SUBSET Acceptor : 2 * Cardinality(Q) > Cardinality(Acceptor)}

\* A value is chosen somewhere in the state space (checked as an invariant
\* that must be violated by bench/tlc-throughput.sh's witness run).
NothingChosen == \A v \in Value : ~Chosen(v)
=============================================================================
