-------------------------------- MODULE MCPQR --------------------------------
(***************************************************************************)
(* Model-checking module for specs/PQR.tla: the instances of brief PQR.md  *)
(* §7 (scripts, ballot owners), symmetry, and the mutants of §8.  Each cfg *)
(* of configs/PQR picks the rules it overrides; the expected verdict of    *)
(* every cfg is in configs/models.json.                                    *)
(***************************************************************************)
EXTENDS PQR, TLC

CONSTANTS r1, r2, r3, r4, r5, k1, k2, v1, v2, v3, cw, cw2, cr, cr2

\* ---------------------------------------------------------------------------
\* Workloads (§7).  Each write writes its own value.
Wr(k, v) == [kind |-> "W", key |-> k, val |-> v]
Rd(k) == [kind |-> "R", key |-> k]

\* S1: one write, one client reading twice (a second read can see a first
\* read's effect: ReadMonotonic needs two sequential reads).
ScriptW1R2 == (cw :> <<Wr(k1, v1)>>) @@ (cr :> <<Rd(k1), Rd(k1)>>)
\* One write and one read: the smallest instance with a stale-read hazard.
ScriptW1R1 == (cw :> <<Wr(k1, v1)>>) @@ (cr :> <<Rd(k1)>>)
\* S3 (gaps): writes to two keys by two clients, one read of k1.
ScriptGaps == (cw :> <<Wr(k1, v1)>>) @@ (cw2 :> <<Wr(k2, v2)>>) @@ (cr :> <<Rd(k1)>>)
\* S3 cut with one key: one client writes twice in sequence, another reads
\* once; two slots, so a replica can miss slot 1 and hold slot 2 (gaps).
ScriptSeq == (cw :> <<Wr(k1, v1), Wr(k1, v2)>>) @@ (cr :> <<Rd(k1)>>)
\* M15: a write W0 by one client; two sequential writes W1, W2 by another.
ScriptM15 == (cw :> <<Wr(k1, v1)>>) @@ (cw2 :> <<Wr(k1, v2), Wr(k1, v3)>>)
\* One write, no read (the Agreement mutants need no reader).
ScriptW1 == cw :> <<Wr(k1, v1)>>
\* Two writers, one write each (the Agreement mutants).
ScriptW2 == (cw :> <<Wr(k1, v1)>>) @@ (cw2 :> <<Wr(k1, v2)>>)

\* Two writers and a reader of the same key (three leaders, orphan slots).
ScriptW2R1 == (cw :> <<Wr(k1, v1)>>) @@ (cw2 :> <<Wr(k1, v2)>>) @@ (cr :> <<Rd(k1)>>)

\* Ballot owners.  Stable: r1 owns every ballot.  Failover: r1 owns B0 = 1,
\* r3 owns ballot 2 (r3 takes over, §7 S4).
OwnerStable == [b \in Ballots |-> r1]
OwnerFailover == [b \in Ballots |-> IF b = 1 THEN r1 ELSE r3]
\* Three leaders in turn: ballot b belongs to the b-th replica (r1, r2, r3), so
\* a third leader can hear entries accepted under two earlier leaders.
OwnerRotate == [b \in Ballots |-> IF b = 1 THEN r1 ELSE IF b = 2 THEN r2 ELSE r3]

\* With r1 the only ballot owner, the followers are interchangeable: quorums
\* are by size.  Keys, clients and values are not (scripts tell them apart).
\* Unsound for liveness; the liveness cfgs use no symmetry.
SymFollowers3 == Permutations({r2, r3})
SymFollowers5 == Permutations({r2, r3, r4, r5})

\* A VIEW that drops message garbage: QRead and Rinse requests and their
\* replies once their operation has left that phase.  No action reads them
\* again (replicas answer only requests of an operation in that phase; the
\* client reads replies of its current operation and phase).  Every other
\* message (the Paxos messages, ClientWrite, WriteAck, FillTo) is kept.
\* One property reads dropped replies: PQR-I3 (QuiescentReadsAreOneRTTInv)
\* asks, while a read rinses, whether some QReadReply of its quorum showed
\* unexecuted work.  The view keeps exactly that answer per client
\* (RinseEvidence): it is fixed once the read starts rinsing, since no reply
\* of a finished QReading phase is sent afterwards, so two states the view
\* merges give I3 the same value now and in every continuation.  With it the
\* view is sound for every invariant and action property of the models: they
\* read replica state, votes (P2b), the ghost history, the current phase's
\* replies and I3's answer.  Not for mutant M9, whose client reads replies of
\* earlier reads: its cfg uses no VIEW.
Garbage(m) ==
    \/ m.type \in {"QRead", "QReadReply"} /\ ~Awaits(m.op, "QReading")
    \/ m.type \in {"Rinse", "RinseReply"} /\ ~Awaits(m.op, "Rinsing")
RinseEvidence(c) ==
    \E m \in msgs : /\ m.type = "QReadReply" /\ m.op = Cur(c)
                    /\ IF ReadMode = "WholeLog" THEN m.maxAcc > m.lastExec ELSE m.accK > m.exeK
PQRView == <<replicaVars, leaderVars, clientVars, {m \in msgs : ~Garbage(m)}, ghostVars,
             [c \in Clients |-> cphase[c] = "Rinsing" /\ RinseEvidence(c)]>>

\* A parameter mutant switches the matching ASSUME off.
MCTrue == TRUE

\* ---------------------------------------------------------------------------
\* Mutants (§8).  Each is a one-rule override named in its cfg.

NewestLogVal(kvk, lg, k) ==
    LET S == {s \in Slots : lg[s].cmd.type = "Put" /\ lg[s].cmd.key = k}
    IN IF S = {} THEN kvk ELSE lg[Max(S)].cmd.val

\* M1 (the paper's motivating bug): a reply carries the newest value for k in
\* the replica's log, committed or not; the client returns the value of the
\* reply with the highest maxAcc right after phase 1.
MutantM1QReadVal(kvk, lg, k) == NewestLogVal(kvk, lg, k)
MutantM1QuickReturn(R, T) == {TopReply(R)}

\* M2: return the value of the reply with the highest lastExec, no slot logic.
MutantM2QuickReturn(R, T) == {CHOOSE m \in R : \A m2 \in R : m2.lastExec <= m.lastExec}

\* M4: rinse on the lowest reported slot instead of the highest.
MutantM4ReadTarget(R) == Min({m.maxAcc : m \in R})

\* M5: the rinse succeeds once slot T is committed at the replica, executed or not.
MutantM5RinseOK(m, T) == m.comT

\* M6: after the rinse, return the value captured in phase 1 from the reply
\* with the highest maxAcc, not the rinse reply's value.
MutantM6RinseValue(m, cap) == cap

\* M7: replicas report the highest contiguous accepted slot.
MutantM7ReportedMaxAcc(ma, lg) == Max({s \in 0 .. MaxSlot : \A x \in 1 .. s : lg[x].cmd # None})

\* M8: skip the rinse if any reply is caught up (maxAcc = lastExec) and return its value.
MutantM8QuickReturn(R, T) == {m \in R : m.maxAcc = m.lastExec}

\* M9: the client does not filter replies by operation: replies of an earlier
\* read on the same key count.
MutantM9UsableReply(m, o) == TRUE

\* M10 (PerKey): "k in progress" is computed over slots lastExec+1 .. maxAcc-1,
\* the top slot excluded.
MutantM10KeyBusy(acck, exek, le, ma, lg, k) ==
    \E s \in (le + 1) .. (ma - 1) : lg[s].cmd.type = "Put" /\ lg[s].cmd.key = k

\* M11 (PerKey): the rinse waits until the replica executed a write to the key
\* at slot T or later (exeK >= T), not until it executed through T.  Blocks
\* forever when slot T ends up holding a NoOp or another key's write.  No cfg
\* uses it yet: on L2 in PerKey mode TLC had not reached the violation after
\* 20 minutes (docs/pqr-tla.md).
MutantM11RinseOK(m, T) == m.exeK >= T

\* M13: a P1b reports accepted entries only, not committed ones.
MutantM13P1bEntry(e) == e.cmd # None /\ ~e.com

\* M15: the leader acknowledges a write when its slot is chosen, and a new
\* leader may put a pending client write into a hole below the top slot.
MutantM15AckAtCommit == TRUE
MutantM15HoleCmds(E) ==
    {NoOp} \cup ({PutOf(w) : w \in {x \in WriteOps : [type |-> "CW", op |-> x] \in msgs}} \ {e.cmd : e \in E})

\* M16: execution does not skip a Put its session already applied.  With the
\* leader's duplicate check on, a write chosen twice needs three ballots (not
\* reached, docs/pqr-tla.md); the M16 cfg turns the check off (DupCheck <- MCFalse).
MutantM16Dedup == FALSE
MCFalse == FALSE

\* ML (ours): a new leader re-proposes the command of the LOWEST ballot
\* reported for a slot instead of the highest.
MutantMLReportedCmds(Es) == {(CHOOSE e \in Es : \A e2 \in Es : e.bal <= e2.bal).cmd}

\* MY (ours): a new leader re-proposes ANY reported command for a slot.
MutantMYReportedCmds(Es) == {e.cmd : e \in Es}

\* M17: an acceptor accepts a P2a below its promise.
MutantM17AcceptOK(promise, b) == TRUE

\* M18: a restarted replica answers before reloading its durable log: its
\* high-water marks read 0.
MutantM18RecoveredMaxAcc(r, old) == 0

\* MC (ours): the leader commits with one P2b fewer than a phase-2 quorum.
MutantMCCommitQuorum == Q2 - 1

\* MQ (ours): the leader waits for a P2b from every replica (liveness only).
MutantMQCommitQuorum == N

\* MX (ours): a replica executes accepted entries that are not committed.
MutantMXExecReady(e) == e.cmd # None

\* MA (ours): never rinse-free: every read rinses.
MutantMAQuickReturn(R, T) == {}

\* MG (ours, a model self-check): the chosen cache waits for one vote more
\* than a phase-2 quorum.  Must violate PQR-S9.
MutantMGChosenCacheQuorum == Q2 + 1

\* MT (ours): the target is one above the highest slot reported.  Must
\* violate PQR-T (the type invariant is not vacuous).
MutantMTReadTarget(R) == Max({m.maxAcc : m \in R}) + 1
=============================================================================
