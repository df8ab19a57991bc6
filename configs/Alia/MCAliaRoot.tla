------------------------------ MODULE MCAliaRoot ------------------------------
(***************************************************************************)
(* Model-checking module for specs/AliaRoot.tla: brief Alia.md §7 MC-A     *)
(* (RootDelegation: three replicas, two opaque configurations, one or two  *)
(* root slots, two ballots, one crash) and MC-A4 (four replicas), with the *)
(* mutants of §8 that live in the root tier.  Expected verdicts are in     *)
(* configs/models.json.                                                    *)
(***************************************************************************)
EXTENDS AliaRoot, TLC

CONSTANTS r1, r2, r3, r4, cA, cB

\* Replicas and configurations are symmetric: roles and delegations are
\* chosen nondeterministically and configurations are opaque (brief §7).
\* Only invariants and action properties are checked with it.
Sym == Permutations(Replicas) \cup Permutations(Configs)

\* The sum of the voter counts of a set of messages (M2).
RECURSIVE SumVoters(_)
SumVoters(M) == IF M = {} THEN 0 ELSE LET m == CHOOSE x \in M : TRUE IN Cardinality(m.voters) + SumVoters(M \ {m})

\* The exhaustive models bound the messages sent (a state constraint): every
\* behaviour with at most 11 messages is explored.  Eleven is the first bound
\* at which a second ballot can re-propose a configuration chosen at the
\* first: 6 messages choose it (a prepare, two promises, an accept, two
\* accepted; the third replica stays silent) and 4 more reach the second
\* ballot's accept, with one to spare for a relayed vote or a commit.
MsgsAtMost11 == Cardinality(msgs) <= 11

\* The three-ballot model (issue 47).  The situation where the selection rule
\* matters takes 15 messages: ballot 1 leaves cA at one replica (a prepare,
\* two promises, an accept, one accepted), ballot 2 has cB accepted by the two
\* others (a prepare, two promises, an accept, two accepted), and ballot 3's
\* two promises report both (a prepare, two promises); its accept is the 15th.
\* To fit the fast tier the search is restricted, each restriction keeping
\* that situation reachable:
\*  - ballots are started in order (ballot b only after ballot b - 1): the
\*    ballot numbers, not the order of the elections, order the leaders;
\*  - at most two promises and two accepted replies per ballot (a quorum of
\*    three): a third reply only adds a vote the leader need not wait for;
\*  - no commit: the model is about a new leader's choice among accepted
\*    reports; a slot reported chosen (learned) is learned, not re-proposed,
\*    and the two-ballot models cover commits and learning (with one commit
\*    allowed this model had 207,080 distinct states against 63,581).
MsgsOf(t, b) == {m \in msgs : m.type = t /\ m.bal = b}
MCThreeBallotConstraint ==
    /\ Cardinality(msgs) <= 15
    /\ \A b \in Ballots : b > 1 /\ ballotOf[b] # NIL => ballotOf[b - 1] # NIL
    /\ \A b \in Ballots : Cardinality(MsgsOf("Promise", b)) <= 2 /\ Cardinality(MsgsOf("Accepted", b)) <= 2
    /\ \A m \in msgs : m.type # "Commit"

\* The liveness models (no symmetry) leave nuclear elections out: they only
\* change where promises go (directly), and checking liveness over every
\* behaviour of both kinds of election does not fit the fast tier.
MCNoNuclearElections == FALSE
\* The liveness models also send every reply directly: relayed replies with
\* one ballot passed 228,000 states at depth 12 without finishing.
MCNoRelayRoutes == FALSE

\* The L6 model (brief §6.2 L6, §4.10): a configuration is the set of replicas
\* it recasts as spares (every other detail stays opaque), and the leader's
\* policy recasts exactly the replicas that are down: the brief's failure
\* detector taken as accurate, which a crash for good makes it eventually.
\* The crash comes before any message, so the model's one slot can recast
\* it (with unbounded slots, a crash at any time would be recast by a later
\* slot; two slots and a crash at any time before the first is chosen grew
\* past 744,000 states in 9 minutes without finishing).
MCSpareSets == {{}} \cup {{r} : r \in Replicas}
MCSpares(c) == c
MCRecastPolicy(l, c) == c = {r \in Replicas : ~up[r]}
MCCrashFirst == msgs = {}

\* ---------------------------------------------------------------------------
\* Mutants (brief §8).  Each is a one-rule override named in its cfg.  M1
\* (PAPER_LITERAL) is the constant DelegationMode.

\* M2: the tally is a sum over messages, not the set of ids: a vote that
\* arrives directly and through its delegate counts twice.
MutantM2IsQuorum(M) == 2 * SumVoters(M) > N

\* M3: "a majority of the live replicas": the replicas that did not answer
\* may be taken for dead (any of them: timeouts are guesses), and the
\* majority is taken over the rest.
MutantM3IsQuorum(M) == LET ids == UNION {m.voters : m \in M} IN
    \E U \in SUBSET (Replicas \ ids) : 2 * Cardinality(ids) > N - Cardinality(U)

\* M4: quorum off by one, 2 |ids| >= N (needs an even N).
MutantM4IsQuorum(M) == 2 * Cardinality(UNION {m.voters : m \in M}) >= N

\* M13: the RootAccept guard is dropped.
MutantM13AcceptGuard(prom, b) == TRUE

\* MR (ours): accepting does not raise the promise, so an accepted ballot
\* can sit above it.
MutantMRPromiseOnAccept(prom, b) == prom

\* MP (ours, the root form of RS-Paxos's M8): the promise is not durable; a
\* recovered replica falls back to the highest ballot it accepted.
MutantMPPromiseAfterRestart(r) ==
    LET bs == {rAccepted[r][e].bal : e \in {f \in Epochs : rAccepted[r][f] # NIL}}
    IN IF bs = {} THEN 0 ELSE CHOOSE b \in bs : \A c \in bs : c <= b

\* MA (ours): alpha > 1: a leader opens any slot that is not open, before the
\* earlier ones are chosen.
MutantMAMayOpen(l, e) == TRUE

\* MV (ours): the leader commits a configuration other than the one it proposed.
MutantMVCommitValue(l, e) == CHOOSE c \in Configs : c # proposal[l][e]

\* M15 (brief §8): CUSTODY with re-delegation: custody lapses and the replica
\* votes itself again (C4 broken).
MutantM15MayRevokeCustody == TRUE

\* MZ (ours, the brief's §4.3.4 C3 read literally): the proxy starts at Zero.
\* C1 lets a replica hand over a slot it never "promised specifically for",
\* but a root promise covers every slot, so the custodian forgets a promise
\* the replica gave the slot before the handover: an older leader's accept
\* lands on the proxy after a newer leader's Phase 1 counted the replica.
MutantMZProxyStart(r) == 0

\* M12 (brief §8): a nuclear leader ignores its Phase-1 reports for the slot
\* after its commit point and may propose any configuration there.
MutantM12ReproposeSlots(c, redo) ==
    IF NuclearBallot(rBallot[c]) THEN redo \ {CommitEpoch(c) + 1} ELSE redo

\* M17 (brief §8, MC-A4 with V3's configuration): the tally adds the sender
\* of each message instead of its voters, and the threshold is a majority of
\* the subquorums of the current configuration.  V3 has two subquorums
\* (A = {r1, r2}, B = {r3}, spare r4), which an opaque configuration does not
\* carry, so the number is fixed here.  A forwarded message's sender is its
\* delegate, which the spec does not record: one of its voters stands for it.
MCNumSubquorums == 2
Sender(m) == IF m.via = DELEGATE THEN CHOOSE v \in m.voters : TRUE ELSE m.via
MutantM17IsQuorum(M) == 2 * Cardinality({Sender(m) : m \in M}) > MCNumSubquorums

\* MU (ours, liveness): a quorum is every replica.  Safe (any two such sets
\* intersect), but one replica down for good blocks every election and slot:
\* L1 fails while a majority is live.
MutantMUIsQuorum(M) == UNION {m.voters : m \in M} = Replicas

\* MD (ours, liveness): a leader that promises a higher ballot keeps its role,
\* so two replicas go on believing they lead: L2 fails (safety holds, since
\* the old leader's accepts are refused).
MutantMDStepsDown(r, m) == FALSE

\* MN (ours, liveness): the root policy never recasts anybody (it proposes
\* the configuration with no spares): a replica down for good stays in its
\* role for ever, and L6 fails.
MutantMNPolicy(l, c) == c = {}

\* MSL (ours, the root form of PQR's and instance Paxos's MSL): a new leader
\* re-proposes the configuration of the lowest reported ballot.
MutantMSLHighestReport(S) == CHOOSE p \in S : \A q \in S : p.vbal <= q.vbal

\* MT (the harness's check that TypeOK can fail): an accepted value recorded
\* with a ballot outside Ballots.
MutantMTAcceptedBal(b) == b + 100
=============================================================================
