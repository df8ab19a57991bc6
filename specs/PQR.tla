--------------------------------- MODULE PQR ---------------------------------
(***************************************************************************)
(* Paxos Quorum Reads: Multi-Paxos with flexible quorums, where writes go  *)
(* through the leader and linearizable reads bypass it: a client reads the *)
(* highest accepted slot from a read quorum of replicas and, unless one of *)
(* them has already executed that far, "rinses": it waits until some       *)
(* replica has executed through that slot and returns that replica's       *)
(* value.  Source: Charapko, Ailijiang and Demirbas, "Linearizable Quorum  *)
(* Reads in Paxos" (HotStorage 2019), through our brief                    *)
(* ../shared/docs/protocols/PQR.md; section numbers below are the brief's. *)
(*                                                                         *)
(* Modelling choices (brief §7):                                          *)
(*  - The network is the set `msgs` of every message ever sent: a message  *)
(*    may be delivered late, in any order, more than once, or never.       *)
(*    Handlers are idempotent; a P2a a leader sends to itself is a message *)
(*    like any other (brief §3.2).                                         *)
(*  - Every replica is acceptor, learner/executor and possible leader.     *)
(*    Ballots are numbers, each owned by one replica (`Owner`).  With      *)
(*    `B0 # 0` the model starts after the owner of B0 completed phase 1 on *)
(*    empty logs (the "stable leader" instances of §7).                    *)
(*  - Crash-recover (§1.2, §1.4): `promised`, the log (commit flags        *)
(*    included) and the high-water marks `maxAcc`/`accK` are durable;      *)
(*    execution state, the session table and the proposer state are lost  *)
(*    and rebuilt by replaying the committed prefix.                      *)
(*  - Clients run a fixed script, one operation at a time.  Every write    *)
(*    writes a value no other write writes, so a read's value names the    *)
(*    write it observed.  The ClientWrite message stays in `msgs`: any     *)
(*    leader may (re-)propose it, which is a client's retry after a leader *)
(*    change.  A client in `ClientsMayCrash` may crash mid-operation; its  *)
(*    write is then not retried (no fairness), and stays pending.          *)
(*  - The ghost history `ops` (§6.2) records invocation and return times   *)
(*    on a logical clock `now`, each read's floor at invocation, and the   *)
(*    slot whose write a read returned.  "Chosen" is computed from the P2b *)
(*    votes in `msgs` (§2.5 `votes`), never from anyone's knowledge.       *)
(*                                                                         *)
(* The rules the mutants of §8 replace are the named operators of          *)
(* "Protocol rules"; configs/PQR/MCPQR.tla overrides them.  This module    *)
(* has no mutant.                                                          *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS
    Replicas,           \* the N replicas
    Keys,               \* keys of the store
    InitVal,            \* every key's value before any write
    Script,             \* [Clients -> Seq(op)], op = [kind |-> "W", key, val] or [kind |-> "R", key]
    Q1, Q2, RQ,         \* phase-1, phase-2 and read quorum sizes (§5)
    MaxSlot,            \* slots are 1..MaxSlot
    Ballots,            \* a finite set of positive numbers
    Owner,              \* [Ballots -> Replicas]: who may lead with a ballot
    B0,                 \* 0, or the ballot whose owner already led phase 1 at start (stable configs)
    ReadMode,           \* "WholeLog" or "PerKey" (§4.5)
    RinseFree,          \* TRUE: a read may skip the rinse when a replica executed through T (§4.5)
    UseFillTo,          \* TRUE: a client whose rinse fails asks the leader to fill up to T (§4.7.3)
    MayCrash,           \* replicas that may crash (and recover)
    MaxCrashes,         \* crashes allowed in all (each may be followed by a recovery)
    ClientsMayCrash,    \* clients that may crash mid-operation
    RefKey              \* the key whose history is checked against specs/AtomicRegister.tla

Clients == DOMAIN Script
N == Cardinality(Replicas)
Slots == 1 .. MaxSlot
OpIds == UNION {{<<c, i>> : i \in 1 .. Len(Script[c])} : c \in Clients}
Op(o) == Script[o[1]][o[2]]
WriteOps == {o \in OpIds : Op(o).kind = "W"}
ReadOps == {o \in OpIds : Op(o).kind = "R"}
Vals == {Op(o).val : o \in WriteOps}

Max(S) == CHOOSE x \in S : \A y \in S : y <= x
Min(S) == CHOOSE x \in S : \A y \in S : x <= y

\* Commands (§2): a client's Put, a leader's NoOp, or nothing.
PutOf(o) == [type |-> "Put", op |-> o, key |-> Op(o).key, val |-> Op(o).val]
Puts == {PutOf(o) : o \in WriteOps}
NoOp == [type |-> "NoOp"]
None == [type |-> "None"]
Cmds == Puts \cup {NoOp}

Empty == [bal |-> 0, cmd |-> None, com |-> FALSE]

-----------------------------------------------------------------------------
(* Parameter constraints (§5).  Each is an operator so that the parameter  *)
(* mutants (M3, M14) can switch one off in their MC module.                *)

\* Flexible Paxos: every phase-1 quorum meets every phase-2 quorum.
PhaseQuorumsIntersect == Q1 + Q2 > N
\* PQR: every read quorum meets every phase-2 quorum.
ReadQuorumsIntersect == RQ + Q2 > N

ASSUME PQRWellFormedAssume ==
    /\ N >= 1 /\ {Q1, Q2, RQ} \subseteq 1 .. N
    /\ MaxSlot \in Nat \ {0}
    /\ Ballots \subseteq Nat \ {0} /\ Owner \in [Ballots -> Replicas]
    /\ B0 \in Ballots \cup {0}
    /\ ReadMode \in {"WholeLog", "PerKey"}
    /\ RinseFree \in BOOLEAN /\ UseFillTo \in BOOLEAN
    /\ MayCrash \subseteq Replicas /\ MaxCrashes \in Nat /\ ClientsMayCrash \subseteq Clients
    /\ \A o \in OpIds : Op(o).kind \in {"R", "W"} /\ Op(o).key \in Keys
    /\ \A o1, o2 \in WriteOps : Op(o1).val = Op(o2).val => o1 = o2      \* unique written values
    /\ InitVal \notin Vals
ASSUME PQRPhaseQuorumsAssume == PhaseQuorumsIntersect
ASSUME PQRReadQuorumsAssume == ReadQuorumsIntersect

-----------------------------------------------------------------------------
(* Protocol rules (replaced by the mutants of configs/PQR/MCPQR.tla).       *)

\* §4.2: a leader commits a slot once this many replicas accepted it.
CommitQuorum == Q2

\* §4.2 (paper §3, phase 1 of a new leader): for a slot reported accepted but
\* not committed, the leader re-proposes the command of the highest ballot reported.
ReportedCmds(Es) == {(CHOOSE e \in Es : \A e2 \in Es : e2.bal <= e.bal).cmd}

\* §4.1: an acceptor accepts a P2a of a ballot at or above its promise.
AcceptOK(promise, b) == b >= promise

\* §4.1: the entries a P1b reports: every non-empty slot, committed ones too.
P1bEntry(e) == e.cmd # None

\* §4.2, §4.7.5: what a new leader proposes in a slot no P1b reported: a NoOp.
HoleCmds(E) == {NoOp}

\* §4.7.5: the leader acknowledges a write once it has executed its slot,
\* not as soon as the slot is chosen.
AckAtCommit == FALSE

\* §4.1: a replica executes a slot once it knows it is committed.
ExecReady(e) == e.com

\* §4.1, §4.7.7: execution skips a Put its client's session already applied.
Dedup == TRUE

\* §4.2: the leader's optional duplicate check: it does not propose a write it
\* already proposed in its ballot.  An optimisation, not a safety rule: with
\* it off (a cfg sets DupCheck <- MCFalse) a write can be chosen in two slots
\* and only Dedup keeps it from being applied twice.
DupCheck == TRUE

\* §1.4: the high-water marks survive a restart.
RecoveredMaxAcc(r, old) == old

\* §4.3: what a QRead reply reports as the highest accepted slot: maxAcc,
\* regardless of gaps (M7 reports the contiguous prefix).
ReportedMaxAcc(ma, lg) == ma
\* §4.3: the value a QRead reply carries: the executed state, never a log entry.
QReadVal(kvk, lg, k) == kvk
\* §4.5(b): "key k in progress" at a replica, as a QRead reply reports it.
KeyBusy(acck, exek, le, ma, lg, k) == acck > exek

\* §4.3: the replies a client may use for its current read: those of this
\* operation, one per replica (M9 also uses replies of its earlier reads).
UsableReply(m, o) == m.op = o

\* §4.3/§4.5: the rinse target from a read quorum's replies.
ReadTarget(R) ==
    IF ReadMode = "WholeLog" THEN Max({m.maxAcc : m \in R}) ELSE Max({m.accK : m \in R})

\* §4.5: the replies a read may return from at once, without a rinse: one
\* that executed through T; in PerKey mode also the paper's guard (no
\* contacted replica has k in progress: return the one with the highest exeK).
QuickReturn(R, T) ==
    IF ~RinseFree THEN {}
    ELSE {m \in R : m.lastExec >= T}
         \cup (IF ReadMode = "PerKey" /\ \A m \in R : ~m.busy
               THEN {m \in R : \A m2 \in R : m2.exeK <= m.exeK} ELSE {})

\* §4.4: a rinse reply ends the read if its replica executed through T.
RinseOK(m, T) == m.lastExec >= T
\* §4.4: the value a read returns after a successful rinse: the rinse reply's.
RinseValue(m, captured) == m.val

\* Ghost: the vote count at which HandleP2a records a command as chosen (the
\* cache must agree with the votes: PQR-S9; mutant MG breaks it).
ChosenCacheQuorum == Q2

-----------------------------------------------------------------------------
VARIABLES
    \* replica: acceptor and learner (§2.1)
    promised, log, maxAcc, accK, lastExec, kv, exeK, session,
    \* replica: proposer (§2.2); role "Down" = crashed
    role, myBal, nextSlot, prop, crashes,
    \* client (§2.3): phase, operations invoked, rinse target, value captured in phase 1
    cphase, nops, target, captured,
    msgs,
    \* ghost (§2.5, §6.2)
    now, ops, hiExec, chosenG

replicaVars == <<promised, log, maxAcc, accK, lastExec, kv, exeK, session>>
leaderVars == <<role, myBal, nextSlot, prop, crashes>>
clientVars == <<cphase, nops, target, captured>>
ghostVars == <<now, ops, hiExec, chosenG>>
vars == <<replicaVars, leaderVars, clientVars, msgs, ghostVars>>

NoRet == [inv |-> 0, ret |-> 0, floor |-> 0, e |-> 0, tgt |-> 0, rv |-> InitVal, rf |-> -1, rfOK |-> FALSE]

Entry == [bal : Ballots \cup {0}, cmd : Cmds \cup {None}, com : BOOLEAN]
SlotsOrZero == 0 .. MaxSlot

PQRTypeOK ==
    /\ promised \in [Replicas -> Ballots \cup {0}]
    /\ log \in [Replicas -> [Slots -> Entry]]
    /\ maxAcc \in [Replicas -> SlotsOrZero]
    /\ accK \in [Replicas -> [Keys -> SlotsOrZero]]
    /\ lastExec \in [Replicas -> SlotsOrZero]
    /\ kv \in [Replicas -> [Keys -> Vals \cup {InitVal}]]
    /\ exeK \in [Replicas -> [Keys -> SlotsOrZero]]
    /\ session \in [Replicas -> [Clients -> Nat]]
    /\ role \in [Replicas -> {"Follower", "Candidate", "Leader", "Down"}]
    /\ myBal \in [Replicas -> Ballots \cup {0}]
    /\ nextSlot \in [Replicas -> 1 .. MaxSlot + 1]
    /\ prop \in [Replicas -> [Slots -> Cmds \cup {None}]]
    /\ crashes \in 0 .. MaxCrashes
    /\ cphase \in [Clients -> {"Idle", "Writing", "QReading", "Rinsing", "Crashed"}]
    /\ \A c \in Clients : nops[c] \in 0 .. Len(Script[c])
    /\ target \in [Clients -> SlotsOrZero]
    /\ captured \in [Clients -> Vals \cup {InitVal}]
    /\ now \in Nat /\ hiExec \in SlotsOrZero
    /\ chosenG \in [Slots -> SUBSET Cmds]
    /\ \A o \in OpIds : ops[o].rf \in -1 .. MaxSlot /\ ops[o].tgt \in SlotsOrZero

-----------------------------------------------------------------------------
(* Chosen, from the votes (§2.5, §6.1).  A P2b message is a vote.          *)

\* `chosenG[s]` caches the commands with Q2 votes of one ballot in slot s
\* (§2.5); it is updated by the only action that adds a vote (HandleP2a),
\* and VotesChosenInv checks the cache against the votes.
Votes == {m \in msgs : m.type = "P2b"}
VotedBy(M, s, b, cmd) == {m.from : m \in {v \in M : v.type = "P2b" /\ v.slot = s /\ v.bal = b /\ v.cmd = cmd}}
ChosenAt(s, cmd) == cmd \in chosenG[s]
ChosenCmds(s) == chosenG[s]
Chosen(s) == ChosenCmds(s) # {}
ChosenCmd(s) == CHOOSE cmd \in ChosenCmds(s) : TRUE
PrefixChosen(e) == \A s \in 1 .. e : Chosen(s)

\* The first chosen slot holding a given Put (later copies are retries that
\* execution skips, §4.7.7).
Effective(s) ==
    /\ Chosen(s) /\ ChosenCmd(s).type = "Put"
    /\ ~\E s2 \in 1 .. (s - 1) : Chosen(s2) /\ ChosenCmd(s2) = ChosenCmd(s)
LastW(k, e) == Max({s \in 1 .. e : Effective(s) /\ ChosenCmd(s).key = k} \cup {0})
ValAt(k, e) == IF LastW(k, e) = 0 THEN InitVal ELSE ChosenCmd(LastW(k, e)).val

\* §6.2 WSlot: the slot where write o took effect (0: not chosen yet).
WSlot(o) == LET S == {s \in Slots : Effective(s) /\ ChosenCmd(s) = PutOf(o)}
            IN IF S = {} THEN 0 ELSE Min(S)

Done(o) == ops[o].ret # 0
Prec(o1, o2) == Done(o1) /\ ops[o1].ret < ops[o2].inv

-----------------------------------------------------------------------------
Init ==
    /\ promised = [r \in Replicas |-> B0]
    /\ log = [r \in Replicas |-> [s \in Slots |-> Empty]]
    /\ maxAcc = [r \in Replicas |-> 0]
    /\ accK = [r \in Replicas |-> [k \in Keys |-> 0]]
    /\ lastExec = [r \in Replicas |-> 0]
    /\ kv = [r \in Replicas |-> [k \in Keys |-> InitVal]]
    /\ exeK = [r \in Replicas |-> [k \in Keys |-> 0]]
    /\ session = [r \in Replicas |-> [c \in Clients |-> 0]]
    /\ role = [r \in Replicas |-> IF B0 # 0 /\ r = Owner[B0] THEN "Leader" ELSE "Follower"]
    /\ myBal = [r \in Replicas |-> IF B0 # 0 /\ r = Owner[B0] THEN B0 ELSE 0]
    /\ nextSlot = [r \in Replicas |-> 1]
    /\ prop = [r \in Replicas |-> [s \in Slots |-> None]]
    /\ crashes = 0
    /\ cphase = [c \in Clients |-> "Idle"]
    /\ nops = [c \in Clients |-> 0]
    /\ target = [c \in Clients |-> 0]
    /\ captured = [c \in Clients |-> InitVal]
    /\ msgs = {}
    /\ now = 0
    /\ ops = [o \in OpIds |-> NoRet]
    /\ hiExec = 0
    /\ chosenG = [s \in Slots |-> {}]

Up(r) == role[r] # "Down"

\* §4.1 NoteSlot: the high-water marks, which never decrease.
NoteSlot(r, s, cmd) ==
    /\ maxAcc' = [maxAcc EXCEPT ![r] = IF s > @ THEN s ELSE @]
    /\ accK' = IF cmd.type = "Put" /\ s > accK[r][cmd.key]
               THEN [accK EXCEPT ![r][cmd.key] = s] ELSE accK

-----------------------------------------------------------------------------
(* Clients (§4.2-4.5)                                                       *)

\* A client invokes its next operation.  A write sends ClientWrite (every
\* replica sees it; a non-leader ignores it, which is the redirect of §3.1
\* folded into the leader's delivery).  A read sends QRead and records its
\* floor (§6.2): the latest slot of a completed write on its key.
Invoke(c) ==
    /\ cphase[c] = "Idle" /\ nops[c] < Len(Script[c])
    /\ LET o == <<c, nops[c] + 1>>
           op == Op(o)
       IN /\ nops' = [nops EXCEPT ![c] = @ + 1]
          /\ now' = now + 1
          /\ IF op.kind = "W"
             THEN /\ cphase' = [cphase EXCEPT ![c] = "Writing"]
                  /\ msgs' = msgs \cup {[type |-> "CW", op |-> o]}
                  /\ ops' = [ops EXCEPT ![o].inv = now + 1]
             ELSE /\ cphase' = [cphase EXCEPT ![c] = "QReading"]
                  /\ msgs' = msgs \cup {[type |-> "QRead", op |-> o, key |-> op.key]}
                  /\ ops' = [ops EXCEPT ![o].inv = now + 1,
                                        ![o].floor = Max({WSlot(w) : w \in {x \in WriteOps :
                                                            Done(x) /\ Op(x).key = op.key}} \cup {0})]
    /\ UNCHANGED <<replicaVars, leaderVars, target, captured, hiExec, chosenG>>

Cur(c) == <<c, nops[c]>>

\* The write's acknowledgement arrives (§4.2 client).
WriteAcked(c) ==
    /\ cphase[c] = "Writing"
    /\ [type |-> "WriteAck", op |-> Cur(c)] \in msgs
    /\ cphase' = [cphase EXCEPT ![c] = "Idle"]
    /\ now' = now + 1
    /\ ops' = [ops EXCEPT ![Cur(c)].ret = now + 1]
    /\ UNCHANGED <<replicaVars, leaderVars, nops, target, captured, msgs, hiExec, chosenG>>

\* The read returns value v, read from a replica that had executed through e,
\* after a read quorum gave target T.  The ghost records which write (slot)
\* v belongs to if v is the value of a fully chosen prefix (§6.2 rfOK).
Return(c, v, e, T) ==
    LET o == Cur(c)
        k == Op(o).key
        E == {e2 \in 0 .. MaxSlot : PrefixChosen(e2) /\ ValAt(k, e2) = v}
    IN /\ cphase' = [cphase EXCEPT ![c] = "Idle"]
       /\ now' = now + 1
       /\ ops' = [ops EXCEPT ![o].ret = now + 1, ![o].rv = v, ![o].e = e, ![o].tgt = T,
                             ![o].rfOK = (E # {}),
                             ![o].rf = IF E = {} THEN -1 ELSE LastW(k, CHOOSE e2 \in E : TRUE)]

\* The reply of a read quorum with the highest maxAcc (a fixed one among equals).
TopReply(R) == CHOOSE m \in R : \A m2 \in R : m2.maxAcc <= m.maxAcc

\* Phase 1 done (§4.3): a read quorum of replies gives the target T.  The
\* read returns at once if the rinse-free rule allows it (§4.5); otherwise
\* it rinses on T at any one replica (§4.4).
QuorumRead(c) ==
    /\ cphase[c] = "QReading"
    /\ LET o == Cur(c)
           Rs == {m \in msgs : m.type = "QReadReply" /\ m.client = c /\ m.key = Op(o).key /\ UsableReply(m, o)}
       IN \E R \in SUBSET Rs :
            /\ Cardinality({m.from : m \in R}) = Cardinality(R)
            /\ Cardinality(R) >= RQ
            /\ LET T == ReadTarget(R)
                   Q == QuickReturn(R, T)
               IN IF Q # {}
                  THEN /\ \E m \in Q : Return(c, m.val, m.lastExec, T)
                       /\ UNCHANGED <<target, captured, msgs>>
                  ELSE /\ cphase' = [cphase EXCEPT ![c] = "Rinsing"]
                       /\ target' = [target EXCEPT ![c] = T]
                       /\ captured' = [captured EXCEPT ![c] = TopReply(R).val]
                       /\ msgs' = msgs \cup {[type |-> "Rinse", op |-> o, key |-> Op(o).key, tgt |-> T]}
                       /\ UNCHANGED <<now, ops>>
    /\ UNCHANGED <<replicaVars, leaderVars, nops, hiExec, chosenG>>

\* Phase 2 done (§4.4): a rinse reply from a replica that executed through T.
RinseDone(c) ==
    /\ cphase[c] = "Rinsing"
    /\ \E m \in msgs :
        /\ m.type = "RinseReply" /\ m.op = Cur(c)
        /\ RinseOK(m, target[c])
        /\ Return(c, RinseValue(m, captured[c]), m.lastExec, target[c])
    /\ target' = [target EXCEPT ![c] = 0]
    /\ captured' = [captured EXCEPT ![c] = InitVal]
    /\ UNCHANGED <<replicaVars, leaderVars, nops, msgs, hiExec, chosenG>>

\* §4.7.3 [PROPOSED]: a client whose rinse has not succeeded (a timeout: the
\* model lets it fire at any time while rinsing, a superset of "after K failed
\* rinses") asks the leader to fill the log up to T with NoOps.  Every
\* replica sees FillTo; only a leader acts on it.
AskFill(c) ==
    /\ UseFillTo /\ cphase[c] = "Rinsing"
    /\ msgs' = msgs \cup {[type |-> "FillTo", upTo |-> target[c]]}
    /\ UNCHANGED <<replicaVars, leaderVars, clientVars, ghostVars>>

\* A client crashes mid-operation (§1.2): its operation stays pending.
ClientCrash(c) ==
    /\ c \in ClientsMayCrash /\ cphase[c] \in {"Writing", "QReading", "Rinsing"}
    /\ cphase' = [cphase EXCEPT ![c] = "Crashed"]
    /\ UNCHANGED <<replicaVars, leaderVars, nops, target, captured, msgs, ghostVars>>

-----------------------------------------------------------------------------
(* Replicas: the PQR read handlers (§4.3-4.4), read-only.                   *)

\* Requests of an operation that is no longer in that phase are not answered:
\* such a reply is garbage no client step reads (a client uses replies of its
\* current operation and phase; mutant M9 also uses replies its earlier reads
\* got while they were in progress).  This bounds the message set.
Awaits(o, ph) == cphase[o[1]] = ph /\ Cur(o[1]) = o

\* A replica answers a QRead with one atomic snapshot of its state.  It
\* answers once: a client uses one reply per replica, and a later answer is
\* what the first would have been had the QRead arrived later.
AnswerQRead(r) ==
    /\ Up(r)
    /\ \E m \in msgs :
        /\ m.type = "QRead" /\ Awaits(m.op, "QReading")
        /\ ~\E x \in msgs : x.type = "QReadReply" /\ x.op = m.op /\ x.from = r
        /\ LET k == m.key IN
           msgs' = msgs \cup {[type |-> "QReadReply", op |-> m.op, client |-> m.op[1], key |-> k, from |-> r,
                               maxAcc |-> ReportedMaxAcc(maxAcc[r], log[r]), lastExec |-> lastExec[r],
                               accK |-> accK[r][k], exeK |-> exeK[r][k],
                               busy |-> KeyBusy(accK[r][k], exeK[r][k], lastExec[r], maxAcc[r], log[r], k),
                               val |-> QReadVal(kv[r][k], log[r], k)]}
    /\ UNCHANGED <<replicaVars, leaderVars, clientVars, ghostVars>>

\* A replica answers a Rinse once it has executed far enough (the "parked"
\* variant of §4.4: same safety, fewer messages).  Its reply is a snapshot of
\* its executed state; it may answer again later with a newer snapshot.
\* Whether the reply ends the read is the client's RinseOK rule; the replica
\* parks exactly until that rule holds of the reply it would send.
AnswerRinse(r) ==
    /\ Up(r)
    /\ \E m \in msgs :
        /\ m.type = "Rinse" /\ Awaits(m.op, "Rinsing")
        /\ LET reply == [type |-> "RinseReply", op |-> m.op, from |-> r, lastExec |-> lastExec[r],
                          exeK |-> exeK[r][m.key], comT |-> (m.tgt > 0 /\ log[r][m.tgt].com),
                          val |-> kv[r][m.key]]
           IN /\ RinseOK(reply, m.tgt)
              /\ msgs' = msgs \cup {reply}
    /\ UNCHANGED <<replicaVars, leaderVars, clientVars, ghostVars>>

-----------------------------------------------------------------------------
(* Replicas: acceptor and learner (§4.1)                                    *)

\* Replica r's promise for ballot b, reporting its log (the entries P1bEntry keeps).
P1b(r, b) ==
    [type |-> "P1b", bal |-> b, from |-> r,
     entries |-> {[slot |-> s, bal |-> log[r][s].bal, cmd |-> log[r][s].cmd, com |-> log[r][s].com] :
                  s \in {x \in Slots : P1bEntry(log[r][x])}}]

\* P1a: promise a higher ballot and report the log.
HandleP1a(r) ==
    /\ Up(r)
    /\ \E m \in msgs :
        /\ m.type = "P1a" /\ m.bal > promised[r]
        /\ promised' = [promised EXCEPT ![r] = m.bal]
        /\ role' = [role EXCEPT ![r] = "Follower"]
        /\ msgs' = msgs \cup {P1b(r, m.bal)}
    /\ UNCHANGED <<log, maxAcc, accK, lastExec, kv, exeK, session, myBal, nextSlot, prop, crashes,
                   clientVars, ghostVars>>

\* P2a: accept (a committed entry is kept), note the slot, vote.
HandleP2a(r) ==
    /\ Up(r)
    /\ \E m \in msgs :
        /\ m.type = "P2a" /\ AcceptOK(promised[r], m.bal)
        /\ promised' = [promised EXCEPT ![r] = IF m.bal > @ THEN m.bal ELSE @]
        /\ log' = IF log[r][m.slot].com THEN log
                  ELSE [log EXCEPT ![r][m.slot] = [bal |-> m.bal, cmd |-> m.cmd, com |-> FALSE]]
        /\ NoteSlot(r, m.slot, m.cmd)
        /\ msgs' = msgs \cup {[type |-> "P2b", bal |-> m.bal, slot |-> m.slot, cmd |-> m.cmd, from |-> r]}
        /\ chosenG' = IF Cardinality(VotedBy(msgs', m.slot, m.bal, m.cmd)) >= ChosenCacheQuorum
                      THEN [chosenG EXCEPT ![m.slot] = @ \cup {m.cmd}] ELSE chosenG
    /\ UNCHANGED <<lastExec, kv, exeK, session, leaderVars, clientVars, now, ops, hiExec>>

\* Commit (phase 3): learn that a slot is chosen.
HandleCommit(r) ==
    /\ Up(r)
    /\ \E m \in msgs :
        /\ m.type = "Commit" /\ ~log[r][m.slot].com
        /\ log' = [log EXCEPT ![r][m.slot] = [bal |-> IF m.bal > @.bal THEN m.bal ELSE @.bal,
                                               cmd |-> m.cmd, com |-> TRUE]]
        /\ NoteSlot(r, m.slot, m.cmd)
    /\ UNCHANGED <<promised, lastExec, kv, exeK, session, leaderVars, clientVars, msgs, ghostVars>>

\* Execute the next slot once it is committed (§4.1 ApplyCommitted, one
\* slot per step).  A Put its client's session already applied is skipped.
\* The leader that proposed the command acknowledges the write (§4.7.5).
Execute(r) ==
    /\ Up(r) /\ lastExec[r] < MaxSlot
    /\ LET s == lastExec[r] + 1
           cmd == log[r][s].cmd
       IN /\ ExecReady(log[r][s])
          /\ lastExec' = [lastExec EXCEPT ![r] = s]
          /\ hiExec' = IF s > hiExec THEN s ELSE hiExec
          /\ IF cmd.type = "Put"
             THEN /\ exeK' = [exeK EXCEPT ![r][cmd.key] = s]
                  /\ IF ~Dedup \/ cmd.op[2] > session[r][cmd.op[1]]
                     THEN /\ kv' = [kv EXCEPT ![r][cmd.key] = cmd.val]
                          /\ session' = [session EXCEPT ![r][cmd.op[1]] = cmd.op[2]]
                     ELSE UNCHANGED <<kv, session>>
                  /\ msgs' = IF role[r] = "Leader" /\ prop[r][s] = cmd /\ ~AckAtCommit
                             THEN msgs \cup {[type |-> "WriteAck", op |-> cmd.op]} ELSE msgs
             ELSE UNCHANGED <<exeK, kv, session, msgs>>
    /\ UNCHANGED <<promised, log, maxAcc, accK, leaderVars, clientVars, now, ops, chosenG>>

-----------------------------------------------------------------------------
(* Replicas: proposer / leader (§4.2)                                       *)

\* Start an election with an own ballot above every promise (the promise to
\* itself is durable, so no ballot is used twice across a restart).
StartElection(r) ==
    /\ Up(r)
    /\ \E b \in Ballots :
        /\ Owner[b] = r /\ b > promised[r]
        /\ promised' = [promised EXCEPT ![r] = b]
        /\ myBal' = [myBal EXCEPT ![r] = b]
        /\ role' = [role EXCEPT ![r] = "Candidate"]
        /\ msgs' = msgs \cup {[type |-> "P1a", bal |-> b], P1b(r, b)}
    /\ UNCHANGED <<log, maxAcc, accK, lastExec, kv, exeK, session, nextSlot, prop, crashes,
                   clientVars, ghostVars>>

\* With P1bs from a phase-1 quorum (or more), take over: every slot up to the
\* highest reported one gets the committed command, else the command of the
\* highest ballot reported, else a NoOp (never a new command: §4.7.5).
BecomeLeader(r) ==
    /\ role[r] = "Candidate" /\ promised[r] = myBal[r]
    /\ \E Q \in SUBSET {m \in msgs : m.type = "P1b" /\ m.bal = myBal[r]} :
        /\ Cardinality(Q) >= Q1
        /\ LET E == UNION {m.entries : m \in Q}
               top == Max({e.slot : e \in E} \cup {0})
               Rec(s) == LET Es == {e \in E : e.slot = s}
                             Cs == {e \in Es : e.com}
                         IN IF Cs # {} THEN {(CHOOSE e \in Cs : TRUE).cmd}
                            ELSE IF Es # {} THEN ReportedCmds(Es)
                            ELSE HoleCmds(E)
           IN \E f \in [1 .. top -> Cmds] :
                /\ \A s \in 1 .. top : f[s] \in Rec(s)
                /\ prop' = [prop EXCEPT ![r] = [s \in Slots |-> IF s <= top THEN f[s] ELSE None]]
                /\ nextSlot' = [nextSlot EXCEPT ![r] = top + 1]
                /\ msgs' = msgs \cup {[type |-> "P2a", bal |-> myBal[r], slot |-> s, cmd |-> f[s]] : s \in 1 .. top}
    /\ role' = [role EXCEPT ![r] = "Leader"]
    /\ UNCHANGED <<replicaVars, myBal, crashes, clientVars, ghostVars>>

\* The leader proposes a client's write in its next free slot, unless it
\* already proposed it in this ballot (§4.2).
Propose(r, w) ==
    /\ role[r] = "Leader" /\ nextSlot[r] <= MaxSlot
    /\ [type |-> "CW", op |-> w] \in msgs
    /\ DupCheck => \A s \in Slots : prop[r][s] # PutOf(w)
    /\ prop' = [prop EXCEPT ![r][nextSlot[r]] = PutOf(w)]
    /\ nextSlot' = [nextSlot EXCEPT ![r] = @ + 1]
    /\ msgs' = msgs \cup {[type |-> "P2a", bal |-> myBal[r], slot |-> nextSlot[r], cmd |-> PutOf(w)]}
    /\ UNCHANGED <<replicaVars, role, myBal, crashes, clientVars, ghostVars>>

\* With P2bs of its ballot from CommitQuorum replicas, the leader commits.
CommitSlot(r) ==
    /\ role[r] = "Leader"
    /\ \E s \in Slots :
        /\ prop[r][s] # None
        /\ Cardinality({m.from : m \in {v \in Votes : v.bal = myBal[r] /\ v.slot = s}}) >= CommitQuorum
        /\ [type |-> "Commit", bal |-> myBal[r], slot |-> s, cmd |-> prop[r][s]] \notin msgs
        /\ msgs' = msgs \cup {[type |-> "Commit", bal |-> myBal[r], slot |-> s, cmd |-> prop[r][s]]}
                        \cup (IF AckAtCommit /\ prop[r][s].type = "Put"
                              THEN {[type |-> "WriteAck", op |-> prop[r][s].op]} ELSE {})
    /\ UNCHANGED <<replicaVars, leaderVars, clientVars, ghostVars>>

\* FillTo (§4.7.3): the leader proposes NoOps up to the requested slot.
HandleFillTo(r) ==
    /\ role[r] = "Leader"
    /\ \E m \in msgs :
        /\ m.type = "FillTo" /\ nextSlot[r] <= m.upTo
        /\ LET hi == IF m.upTo < MaxSlot THEN m.upTo ELSE MaxSlot
               F == nextSlot[r] .. hi
           IN /\ prop' = [prop EXCEPT ![r] = [s \in Slots |-> IF s \in F THEN NoOp ELSE @[s]]]
              /\ nextSlot' = [nextSlot EXCEPT ![r] = hi + 1]
              /\ msgs' = msgs \cup {[type |-> "P2a", bal |-> myBal[r], slot |-> s, cmd |-> NoOp] : s \in F}
    /\ UNCHANGED <<replicaVars, role, myBal, crashes, clientVars, ghostVars>>

-----------------------------------------------------------------------------
(* Crash and recovery (§1.2, §1.4)                                          *)

Crash(r) ==
    /\ r \in MayCrash /\ Up(r) /\ crashes < MaxCrashes
    /\ role' = [role EXCEPT ![r] = "Down"]
    /\ crashes' = crashes + 1
    /\ UNCHANGED <<replicaVars, myBal, nextSlot, prop, clientVars, msgs, ghostVars>>

\* Recovery reloads the durable state (promise, log, high-water marks) and
\* loses the rest; execution restarts from slot 1.
Recover(r) ==
    /\ role[r] = "Down"
    /\ role' = [role EXCEPT ![r] = "Follower"]
    /\ myBal' = [myBal EXCEPT ![r] = 0]
    /\ nextSlot' = [nextSlot EXCEPT ![r] = 1]
    /\ prop' = [prop EXCEPT ![r] = [s \in Slots |-> None]]
    /\ lastExec' = [lastExec EXCEPT ![r] = 0]
    /\ kv' = [kv EXCEPT ![r] = [k \in Keys |-> InitVal]]
    /\ exeK' = [exeK EXCEPT ![r] = [k \in Keys |-> 0]]
    /\ session' = [session EXCEPT ![r] = [c \in Clients |-> 0]]
    /\ maxAcc' = [maxAcc EXCEPT ![r] = RecoveredMaxAcc(r, @)]
    /\ accK' = [accK EXCEPT ![r] = [k \in Keys |-> RecoveredMaxAcc(r, @[k])]]
    /\ UNCHANGED <<promised, log, crashes, clientVars, msgs, ghostVars>>

-----------------------------------------------------------------------------
ClientStep(c) ==
    \/ Invoke(c) \/ WriteAcked(c) \/ QuorumRead(c) \/ RinseDone(c) \/ AskFill(c)

ReplicaStep(r) ==
    \/ AnswerQRead(r) \/ AnswerRinse(r)
    \/ HandleP1a(r) \/ HandleP2a(r) \/ HandleCommit(r) \/ Execute(r)
    \/ StartElection(r) \/ BecomeLeader(r) \/ CommitSlot(r) \/ HandleFillTo(r)
    \/ \E w \in WriteOps : Propose(r, w)

Next ==
    \/ \E c \in Clients : ClientStep(c) \/ ClientCrash(c)
    \/ \E r \in Replicas : ReplicaStep(r) \/ Crash(r) \/ Recover(r)

Spec == Init /\ [][Next]_vars

\* Liveness (§6.5).  A1: elections happen only finitely often (ballots are
\* finite) and a crashed replica may stay down; A2: every message to an up
\* replica is eventually handled (messages persist, so this is eventual
\* delivery); A3: clients keep stepping and leaders keep proposing the writes
\* of live clients (a crashed client's write is not retried); A4: crashes are
\* bounded.  Crash, Recover, StartElection and ClientCrash carry no fairness.
\* Fairness is per process: weak fairness on the disjunction of a client's
\* steps after invocation, and on the disjunction of a replica's handlers.
\* This is weaker than fairness per action (a process may keep taking one
\* kind of step), so a liveness property checked under it also holds under
\* per-action fairness; it costs TLC five fairness conjuncts instead of 32.
\* Every fair step adds a message or moves a replica's state forward, so no
\* fair step repeats forever: a violation is a state where a client waits
\* and no fair step can run, which no fairness assumption excuses.
ProposeLive(r) == \E w \in WriteOps : cphase[w[1]] # "Crashed" /\ Propose(r, w)
ClientFair(c) == WriteAcked(c) \/ QuorumRead(c) \/ RinseDone(c) \/ AskFill(c)
ReplicaFair(r) ==
    \/ AnswerQRead(r) \/ AnswerRinse(r)
    \/ HandleP1a(r) \/ HandleP2a(r) \/ HandleCommit(r) \/ Execute(r)
    \/ BecomeLeader(r) \/ CommitSlot(r) \/ HandleFillTo(r) \/ ProposeLive(r)
Fairness ==
    /\ \A c \in Clients : WF_vars(ClientFair(c))
    /\ \A r \in Replicas : WF_vars(ReplicaFair(r))
LiveSpec == Spec /\ Fairness

-----------------------------------------------------------------------------
(* Properties.  Log and state-machine safety (§6.1, catalogue PQR-S1..S8). *)

\* PQR-S9 The chosen cache is exact: a command is in chosenG[s] iff some
\* ballot has Q2 votes for it in slot s.
VotesChosenInv ==
    \A s \in Slots, cmd \in Cmds :
        (cmd \in chosenG[s]) <=> \E b \in Ballots : Cardinality(VotedBy(msgs, s, b, cmd)) >= Q2

\* PQR-S10 Every proposal is safe (paper §3: a new leader must re-propose
\* what an earlier ballot may have chosen): for every P2a of ballot b and slot
\* s with command cmd, and every lower ballot c, no other command can be or
\* become chosen at c, i.e. fewer than Q2 replicas voted for another command at
\* c or can still vote at c (promise at most c, no vote at c yet).  This is
\* Paxos's SafeAt, checked on every proposal as it is sent: a wrong choice by a
\* new leader breaks it at that step, before any second command is chosen.
CanStillVote(r, s, c) == promised[r] <= c /\ ~\E m \in Votes : m.from = r /\ m.slot = s /\ m.bal = c
ProposalsSafeInv ==
    \A p \in msgs : p.type = "P2a" =>
        \A c \in Ballots, other \in Cmds :
            (c < p.bal /\ other # p.cmd) =>
                Cardinality(VotedBy(msgs, p.slot, c, other) \cup {r \in Replicas : CanStillVote(r, p.slot, c)}) < Q2

\* PQR-S1 Agreement: at most one command is chosen per slot.
AgreementInv == \A s \in Slots : Cardinality(ChosenCmds(s)) <= 1

\* PQR-S2 Commit soundness: a committed entry holds the slot's chosen command.
CommitSoundInv == \A r \in Replicas, s \in Slots : log[r][s].com => ChosenAt(s, log[r][s].cmd)

\* PQR-S3 Committed entries agree across replicas.
CommittedAgreeInv ==
    \A r1, r2 \in Replicas, s \in Slots :
        log[r1][s].com /\ log[r2][s].com => log[r1][s].cmd = log[r2][s].cmd

\* PQR-S4 Executed state is the chosen prefix's state.
ExecSoundInv ==
    \A r \in Replicas :
        /\ PrefixChosen(lastExec[r])
        /\ \A k \in Keys : kv[r][k] = ValAt(k, lastExec[r])

\* PQR-S5 Execution only runs over committed entries (§6.4).
ExecImpliesCommittedInv == \A r \in Replicas : \A s \in 1 .. lastExec[r] : log[r][s].com

\* PQR-S6 High-water marks cover every vote of their replica.
HighWaterSoundInv ==
    \A v \in Votes :
        /\ maxAcc[v.from] >= v.slot
        /\ v.cmd.type = "Put" => accK[v.from][v.cmd.key] >= v.slot

\* PQR-S7 High-water marks never decrease, across crashes too (action property).
HighWaterMonotoneProp ==
    [][\A r \in Replicas : maxAcc'[r] >= maxAcc[r] /\ \A k \in Keys : accK'[r][k] >= accK[r][k]]_vars

\* PQR-S8 The key lemma: every read quorum holds a replica whose maxAcc
\* covers every chosen slot.
ChosenVisibleToReadQuorumsInv ==
    \A s \in Slots : Chosen(s) =>
        \A S \in SUBSET Replicas : Cardinality(S) = RQ => \E a \in S : maxAcc[a] >= s

-----------------------------------------------------------------------------
(* Linearizability, ghost encoding (§6.2, catalogue PQR-L1..L5). *)

\* PQR-L1 A read returns the state of a fully chosen prefix, at the moment it
\* returns (stronger than linearizability: it catches dirty reads at once).
ReadFromCommittedPrefixInv == \A o \in ReadOps : Done(o) => ops[o].rfOK

\* PQR-L2 A read returns the latest write completed before it began, or a later one.
ReadSeesCompletedWritesInv == \A o \in ReadOps : Done(o) => ops[o].rf >= ops[o].floor

\* PQR-L3 Reads on one key never go backwards in real time.
ReadMonotonicInv ==
    \A o1, o2 \in ReadOps :
        Op(o1).key = Op(o2).key /\ Prec(o1, o2) /\ Done(o2) => ops[o1].rf <= ops[o2].rf

\* PQR-L4 The log order of writes respects real time.
WriteRealTimeOrderInv ==
    \A w1, w2 \in WriteOps :
        Prec(w1, w2) /\ WSlot(w2) # 0 => WSlot(w1) < WSlot(w2)

\* PQR-L5 Refinement: for the key RefKey, the ghost history is one the atomic
\* register of specs/AtomicRegister.tla allows.  A write is stamped with its
\* slot once some replica executed that far (`hiExec`, a ghost high-water
\* mark), so stamps appear one at a time and never change; a read is
\* stamped with the slot of the write it returned.
HistOf(k) ==
    LET Inv(o) == ops[o].inv # 0
        Mine == {o \in OpIds : Op(o).key = k /\ Inv(o)}
    IN [o \in Mine |->
          [kind |-> IF Op(o).kind = "W" THEN "PUT" ELSE "GET",
           val |-> IF Op(o).kind = "W" THEN Op(o).val ELSE "no value",
           status |-> IF Done(o) THEN "done" ELSE "pending",
           after |-> {p \in Mine : Done(p) /\ ops[p].ret < ops[o].inv},
           stamp |-> IF Op(o).kind = "W"
                     THEN IF WSlot(o) # 0 /\ WSlot(o) <= hiExec THEN WSlot(o) ELSE -1
                     ELSE IF Done(o) THEN ops[o].rf ELSE -1,
           ret |-> IF Op(o).kind = "R" /\ Done(o) THEN ops[o].rv ELSE "no value"]]

Register == INSTANCE AtomicRegister WITH
    hist <- HistOf(RefKey),
    Ids <- {o \in OpIds : Op(o).key = RefKey}, Values <- {Op(o).val : o \in {w \in WriteOps : Op(w).key = RefKey}},
    InitValue <- InitVal, Stamps <- 0 .. MaxSlot, InitStamp <- 0, NoStamp <- -1,
    StampLT <- LAMBDA a, b : a < b
RegisterRefinementProp == Register!Spec

\* PQR-R2 Refinement of the log: every slot, with the commands chosen in it
\* (from the votes), is a run of abstract consensus (specs/Consensus.tla):
\* nothing, then one command, forever.
SlotConsensus(s) == INSTANCE Consensus WITH Value <- Cmds, chosen <- chosenG[s]
\* (The conjunction of SlotConsensus(s)!Spec over s, written out: TLC does not
\* check a quantifier over [][A]_v formulas.)
LogRefinementProp ==
    /\ \A s \in Slots : SlotConsensus(s)!Init
    /\ [][\A s \in Slots : [SlotConsensus(s)!Next]_(SlotConsensus(s)!vars)]_vars

-----------------------------------------------------------------------------
(* Protocol-internal invariants (§6.4, §6.5, catalogue PQR-I1..I3, T1, T2). *)

\* PQR-I1 Every reply's lastExec names a chosen prefix and its value is that
\* prefix's value for the key.
ReplySoundInv ==
    \A m \in msgs :
        /\ m.type = "RinseReply" => PrefixChosen(m.lastExec) /\ m.val = ValAt(Op(m.op).key, m.lastExec)
        /\ m.type = "QReadReply" => PrefixChosen(m.lastExec) /\ m.val = ValAt(m.key, m.lastExec)

\* PQR-I2 A rinsing read's target covers its floor.
TargetCoversFloorInv ==
    \A c \in Clients : cphase[c] = "Rinsing" => target[c] >= ops[Cur(c)].floor

\* PQR-I4 (§6.2 ReadNotBelowTarget, internal) A read returns a value read
\* from a replica that had executed through the read's target.
ReadNotBelowTargetInv == \A o \in ReadOps : Done(o) => ops[o].e >= ops[o].tgt

\* PQR-I3 (§6.5 as an invariant) A read rinses only if some reply of its
\* quorum showed work not yet executed: a quiescent read is one round trip.
\* Meaningful only with RinseFree.
QuiescentReadsAreOneRTTInv ==
    RinseFree =>
        \A c \in Clients : cphase[c] = "Rinsing" =>
            \E m \in msgs : /\ m.type = "QReadReply" /\ m.op = Cur(c)
                            /\ IF ReadMode = "WholeLog" THEN m.maxAcc > m.lastExec ELSE m.accK > m.exeK

\* PQR-T1, PQR-T2 Liveness (§6.5).
WritesTerminateProp == \A c \in Clients : cphase[c] = "Writing" ~> cphase[c] \in {"Idle", "Crashed"}
ReadsTerminateProp == \A c \in Clients : cphase[c] \in {"QReading", "Rinsing"} ~> cphase[c] \in {"Idle", "Crashed"}

-----------------------------------------------------------------------------
(* Reachability witnesses: invariants a passing model must VIOLATE.         *)

\* PQR-W1 A read returns a written value after that write completed.
NoReadOfWriteWitness ==
    ~\E r \in ReadOps, w \in WriteOps : Done(r) /\ Prec(w, r) /\ ops[r].rv = Op(w).val
\* PQR-W2 A read returns after a rinse.
NoRinsedReadWitness ==
    ~\E r \in ReadOps : Done(r) /\ \E m \in msgs : m.type = "Rinse" /\ m.op = r
\* PQR-W3 A read returns a written value without rinsing.
NoRinseFreeReadWitness ==
    ~\E r \in ReadOps : Done(r) /\ ops[r].rv # InitVal /\ ~\E m \in msgs : m.type = "Rinse" /\ m.op = r
\* PQR-W4 A leader other than the initial one is elected and a write completes.
NoFailoverWitness ==
    ~\E r \in Replicas, w \in WriteOps : role[r] = "Leader" /\ myBal[r] # B0 /\ Done(w)
\* PQR-W5 A NoOp is chosen (a hole filled by a new leader, or FillTo).
NoNoOpWitness == ~\E s \in Slots : Chosen(s) /\ ChosenCmd(s) = NoOp
\* PQR-W7 The new leader's choice matters: the leader of some ballot took over
\* after P1bs of that ballot, enough for a phase-1 quorum, reported for one slot
\* two different uncommitted commands accepted at two different ballots, so
\* re-proposing the highest, the lowest or any reported command differ.
NoSplitReportWitness ==
    ~\E m1, m2 \in msgs :
        /\ m1.type = "P1b" /\ m2.type = "P1b" /\ m1.bal = m2.bal /\ m1.from # m2.from
        /\ Cardinality({m \in msgs : m.type = "P1b" /\ m.bal = m1.bal}) >= Q1
        /\ role[Owner[m1.bal]] = "Leader" /\ myBal[Owner[m1.bal]] = m1.bal
        /\ \E e1 \in m1.entries, e2 \in m2.entries :
             /\ e1.slot = e2.slot /\ e1.bal # e2.bal /\ e1.cmd # e2.cmd
             /\ ~e1.com /\ ~e2.com
\* PQR-W8 De-duplication matters: one write is chosen in two slots and some
\* replica executed past both, so applying every chosen Put and skipping the
\* ones its session already applied (§4.7.7) differ in a reached state.
NoTwiceChosenWitness ==
    ~\E s1, s2 \in Slots :
        /\ s1 < s2 /\ Chosen(s1) /\ Chosen(s2)
        /\ ChosenCmd(s1) # NoOp /\ ChosenCmd(s1) = ChosenCmd(s2)
        /\ \E r \in Replicas : lastExec[r] >= s2
\* PQR-W6 A replica crashes and recovers, and a read completes afterwards.
NoRecoveryWitness ==
    ~(crashes > 0 /\ (\A r \in Replicas : Up(r)) /\ \E r \in ReadOps : Done(r))
=============================================================================
