----------------------------- MODULE RSPaxosLog -----------------------------
(***************************************************************************)
(* RS-Paxos as a replicated log with a leader (brief RSPaxos.md §4.4-4.7):  *)
(* the multi-instance form of specs/RSPaxos.tla, with one key, client      *)
(* writes and reads, leases, crash-restart and catch-up.                   *)
(*                                                                         *)
(*  - Takeover (§4.4 slow path): the owner of a ballot sends ONE Prepare   *)
(*    for every instance; with promises from QR servers it runs §4.3's     *)
(*    SelectValue per instance (shares grouped by vid across ballots; the  *)
(*    highest-ballot rebuildable vid; a hole or nothing rebuildable gets a *)
(*    NoOp) and re-proposes everything up to the highest instance reported.*)
(*  - Steady state (§4.4 fast path): one Accept round per client command;  *)
(*    a write is decided with QW Accepted replies, applied in log order,   *)
(*    and answered by the leader once applied.                             *)
(*  - Reads (§4.5): a CONSISTENT read is a READMARK instance, answered     *)
(*    when the leader applies it; a FAST read is answered at once by a     *)
(*    leader that is ready (its takeover instances applied) and holds a    *)
(*    lease.  A value the leader holds only as a share is rebuilt by a     *)
(*    recovery read from X holders of (instance, vid).                     *)
(*  - Leases (§4.6): a follower grants the lease to a leader and refuses   *)
(*    to promise another server's ballot while its grant runs; the         *)
(*    leader's lease ends before any grant does (Δ < Δ + δ).               *)
(*  - Crash and restart (§4.7): promise, log and catch-up shares are       *)
(*    durable; decisions, the applied state, full values, the role and    *)
(*    the lease are not.  A server that learns a decision for an instance  *)
(*    whose share it lacks asks the leader, which re-encodes the value and *)
(*    sends that server's share (CatchUpShare).                            *)
(*  - Log truncation (§4.9, [PROPOSED] in the brief): a server's local     *)
(*    store takes the share of a decided instance; a checkpoint flushes it *)
(*    (durable, outside the log); only then may log[s] be dropped.  A      *)
(*    promise reports a checkpointed share flagged decided, as a catch-up  *)
(*    share, so a new leader adopts it instead of refilling the instance.  *)
(*                                                                         *)
(* Abstractions (stated so the model can be read next to the C# code):     *)
(*  - Shares are implicit, as in RSPaxos.tla: a server holding (s, vid)    *)
(*    holds share index "itself" of that value.  NoOp and READMARK entries *)
(*    carry no payload: their meta is replicated whole, so one report is   *)
(*    enough to know them (§4.4 Phase2: "DEL/NOOP/READMARK carry no        *)
(*    payload").                                                           *)
(*  - Every message ever sent stays in `msgs` (loss, duplication and       *)
(*    reordering for free).  A client request stays there too, which is a  *)
(*    retry that any later leader may pick up: the same write can then be  *)
(*    proposed in two instances, and the apply step skips a write already *)
(*    applied (§4.4 "dedup", [PROPOSED] in the brief).                     *)
(*  - A recovery read is one atomic step that reads the durable share      *)
(*    holdings of the servers.  A server's holding of (s, vid) never       *)
(*    changes once s is decided (RSP-S5), so this is the state any         *)
(*    ShareReply would report.                                             *)
(*  - A reply ends the client's operation at once (the ghost history       *)
(*    records it then): the earliest possible response time, which gives  *)
(*    the real-time order the most constraints.                            *)
(*  - Ballots have fixed owners (Owner), as in the C# Elector.             *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    Servers,        \* the N servers; server a holds share index a
    QR, QW, X,      \* phase-1 and phase-2 quorum sizes; data shares
    MaxInst,        \* instances 1..MaxInst
    Ballots,        \* a finite set of positive ballots
    Owner,          \* Owner[b]: the server that leads ballot b
    B0,             \* the ballot whose owner leads from the start (prepared, ready, with a lease)
    Writes,         \* write operations; a write's value is the operation itself (unique values)
    FastReads,      \* read operations sent as FAST reads
    ConsReads,      \* read operations sent as CONSISTENT reads
    MayRestart,     \* servers that may crash and restart
    MaxRestarts,    \* crash budget
    MayTruncate,    \* the instances that may be checkpointed and truncated (GC bound; {} = no GC)
    NoOp, InitVal,  \* model values: the NoOp entry; the key's value before any write
    None,           \* "nothing" (a model value)
    Garbage         \* the result of a decode from shares of different values (mutant M12)

N == Cardinality(Servers)
Insts == 1 .. MaxInst
Reads == FastReads \cup ConsReads
Ops == Writes \cup Reads
Majority == N \div 2 + 1
Leaders == {Owner[b] : b \in Ballots}

ASSUME RSPaxosLogAssume ==
    /\ X \in 1 .. N /\ QR \in 1 .. N /\ QW \in 1 .. N
    /\ MaxInst \in Nat \ {0}
    /\ Ballots \subseteq Nat \ {0} /\ B0 \in Ballots
    /\ Owner \in [Ballots -> Servers]
    /\ Writes \cap Reads = {} /\ FastReads \cap ConsReads = {}
    /\ MayRestart \subseteq Servers /\ MaxRestarts \in Nat
    /\ MayTruncate \subseteq Insts
    /\ {NoOp, InitVal, None, Garbage} \cap Ops = {}

\* §5 RS1: every phase-1 quorum meets every phase-2 quorum in X servers.  A
\* parameter mutant (M1) overrides this with TRUE in its cfg.
QuorumsOverlapInX == QR + QW - N >= X
ASSUME RSPaxosLogOverlapAssume == QuorumsOverlapInX

\* The vids of log entries: a write (its value), a READMARK of a consistent
\* read, or a NoOp.  Only a write carries a payload that needs X shares.
RM(o) == <<"RM", o>>
Vids == Writes \cup {RM(o) : o \in ConsReads} \cup {NoOp}
IsPut(v) == v \in Writes
NoEntry == [bal |-> 0, vid |-> None]
Entries == [bal : Ballots, vid : Vids] \cup {NoEntry}

VARIABLES
    \* durable (§1.4, §4.7)
    promised,     \* promised[a]: highest ballot promised (0: none)
    log,          \* log[a][s]: the accepted [bal, vid] (the share of vid), or NoEntry
    learned,      \* learned[a][s]: the vid of a share kept outside the log, flagged
                  \* decided: a catch-up share (§4.7) or a checkpointed one (§4.9); or None
    \* volatile (lost on restart)
    role,         \* "F" follower, "C" candidate (takeover running), "L" leader
    lbal,         \* the ballot a leads or tries to lead (0: none)
    prop,         \* prop[a][s]: the vid a proposed at s in ballot lbal[a], or None
    hiT,          \* the highest instance its takeover re-proposed (ready once applied)
    full,         \* the write values a holds in full (proposed or rebuilt)
    decided,      \* decided[a][s]: the vid a knows is decided at s, or None
    applied,      \* applyIndex: instances 1..applied[a] are applied
    lastW,        \* the instance of the last write applied (0: none)
    done,         \* the writes applied (the session table of the dedup)
    lease,        \* lease[a]: a believes it holds the lease
    grant,        \* grant[a]: the server a grants the lease to, or None
    mem,          \* mem[a][s]: the vid whose share a's local store holds, not yet
                  \* flushed by a checkpoint (§4.4 "the store is not flushed"), or None
    msgs,         \* every message sent
    \* ghost
    phase,        \* phase[o]: "idle", "pending" or "done"
    before,       \* before[o]: the operations done when o was invoked
    result,       \* result[o]: what a read returned (None before)
    recov,        \* the recovery reads: <<instance, vid, result>>
    restarted,    \* the servers that crashed and restarted (at most once each)
    revived,      \* those of them that accepted an Accept after restarting
    truncated     \* <<a, s>>: a dropped log[s]

durableVars == <<promised, log, learned>>
leaderVars == <<role, lbal, prop, hiT, full>>
stateVars == <<decided, applied, lastW, done, mem>>
leaseVars == <<lease, grant>>
ghostVars == <<phase, before, result, recov, restarted, revived, truncated>>
vars == <<durableVars, leaderVars, stateVars, leaseVars, msgs, ghostVars>>

-----------------------------------------------------------------------------
(* Messages (§3).                                                           *)

MsgReq(o) == [type |-> "Req", op |-> o]
MsgPrepare(b) == [type |-> "Prepare", bal |-> b]
MsgPromise(a, b) == [type |-> "Promise", acc |-> a, bal |-> b, log |-> log[a], learned |-> learned[a]]
MsgAccept(b, s, v) == [type |-> "Accept", bal |-> b, inst |-> s, vid |-> v]
MsgAccepted(a, b, s, v) == [type |-> "Accepted", acc |-> a, bal |-> b, inst |-> s, vid |-> v]
MsgCommit(s, v) == [type |-> "Commit", inst |-> s, vid |-> v]
MsgCatchUpReq(a, s, v) == [type |-> "CatchUpReq", acc |-> a, inst |-> s, vid |-> v]
MsgCatchUpShare(a, s, v) == [type |-> "CatchUpShare", acc |-> a, inst |-> s, vid |-> v]

RSPaxosLogTypeOK ==
    /\ promised \in [Servers -> Ballots \cup {0}]
    /\ log \in [Servers -> [Insts -> Entries]]
    /\ learned \in [Servers -> [Insts -> Vids \cup {None}]]
    /\ role \in [Servers -> {"F", "C", "L"}]
    /\ lbal \in [Servers -> Ballots \cup {0}]
    /\ prop \in [Servers -> [Insts -> Vids \cup {None}]]
    /\ hiT \in [Servers -> 0 .. MaxInst]
    /\ full \in [Servers -> SUBSET Writes]
    /\ decided \in [Servers -> [Insts -> Vids \cup {None}]]
    /\ applied \in [Servers -> 0 .. MaxInst]
    /\ lastW \in [Servers -> 0 .. MaxInst]
    /\ done \in [Servers -> SUBSET Writes]
    /\ lease \in [Servers -> BOOLEAN]
    /\ grant \in [Servers -> Servers \cup {None}]
    /\ mem \in [Servers -> [Insts -> Vids \cup {None}]]
    /\ phase \in [Ops -> {"idle", "pending", "done"}]
    /\ before \in [Ops -> SUBSET Ops]
    /\ result \in [Reads -> Writes \cup {InitVal, Garbage, None}]
    /\ recov \subseteq Insts \times Writes \times (Writes \cup {Garbage})
    /\ restarted \subseteq MayRestart /\ Cardinality(restarted) <= MaxRestarts
    /\ revived \subseteq restarted
    /\ truncated \subseteq Servers \times MayTruncate

Leader0 == Owner[B0]

Init ==
    /\ promised = [a \in Servers |-> B0]
    /\ log = [a \in Servers |-> [s \in Insts |-> NoEntry]]
    /\ learned = [a \in Servers |-> [s \in Insts |-> None]]
    /\ role = [a \in Servers |-> IF a = Leader0 THEN "L" ELSE "F"]
    /\ lbal = [a \in Servers |-> IF a = Leader0 THEN B0 ELSE 0]
    /\ prop = [a \in Servers |-> [s \in Insts |-> None]]
    /\ hiT = [a \in Servers |-> 0]
    /\ full = [a \in Servers |-> {}]
    /\ decided = [a \in Servers |-> [s \in Insts |-> None]]
    /\ applied = [a \in Servers |-> 0]
    /\ lastW = [a \in Servers |-> 0]
    /\ done = [a \in Servers |-> {}]
    /\ lease = [a \in Servers |-> a = Leader0]
    /\ grant = [a \in Servers |-> Leader0]
    /\ mem = [a \in Servers |-> [s \in Insts |-> None]]
    /\ msgs = {}
    /\ phase = [o \in Ops |-> "idle"]
    /\ before = [o \in Ops |-> {}]
    /\ result = [o \in Reads |-> None]
    /\ recov = {}
    /\ restarted = {}
    /\ revived = {}
    /\ truncated = {}

Send(m) == msgs' = msgs \cup {m}
SendAll(M) == msgs' = msgs \cup M

\* A server holds a share of (s, v) in its log, as a catch-up or checkpointed
\* share, or (until it crashes) in its local store.
Holds(a, s, v) == log[a][s].vid = v \/ learned[a][s] = v \/ mem[a][s] = v
\* The instance a leader proposes next.
NextInst(a) == LET S == {s \in Insts : prop[a][s] # None} IN IF S = {} THEN 1 ELSE
                   (CHOOSE s \in S : \A t \in S : t <= s) + 1
Ready(a) == role[a] = "L" /\ applied[a] >= hiT[a]
AppliedAllDecided(a) == \A s \in Insts : decided[a][s] # None => s <= applied[a]

-----------------------------------------------------------------------------
(* Overridable rules: the MC module replaces one per mutant (§8).           *)

\* §4.6 a follower's grant to l ends only after l's lease (Δ + δ > Δ)
\* (M11: it ends after Δ, while l may still believe it holds the lease).
GrantMayEnd(l) == ~lease[l]
\* §4.4 [PROPOSED] a FAST read is served only by a ready leader (M11r: at once).
\* The leader has also applied every instance it knows decided: its Accepted
\* handler applies at once (§4.4 ApplyReady), and the model's separate Apply
\* step must not open a window the protocol does not have (TLC found that
\* window: the old leader answered the write from the new leader's Commit
\* while the new leader's store still lacked it).
FastReadOK(a) == Ready(a) /\ lease[a] /\ AppliedAllDecided(a)
\* §4.5 RecoveryRead: the X shares are of one (instance, vid) (M12: any shares
\* of the key at or before the instance: the decode may mix two versions).
RecoverySets(s, v) ==
    {D \in SUBSET Servers : Cardinality(D) = X /\ \A a \in D : Holds(a, s, v)}
RecoveryResult(s, v, D) == v
\* §4.4 the apply step skips a write its session already applied.
Dedup(a, v) == v \in done[a]
\* §4.4 Accept guard: no promise to a higher ballot (M6: accept anyway).
AcceptOK(a, b) == b >= promised[a]
\* The ballot an acceptor records for an accepted entry (MT: a bad one).
AcceptedBal(a, b) == b
\* §4.4 the leader decides with QW Accepted replies (MC: QW - 1).
DecideQuorum == QW
\* §4.4 the leader proposes in its next free instance (MB: always the first,
\* so one ballot can carry two vids for one instance).
ProposeInst(a) == NextInst(a)
\* §4.4 ApplyReady applies the next instance once decided (MX: the leader
\* applies its own proposal before it is decided).
ApplyVid(a, s) == decided[a][s]
\* §4.9 (3) log[s] may be dropped once its share is durably checkpointed
\* (M13: once it is in the local store, which is not flushed).
GCOK(a, s) == learned[a][s] = log[a][s].vid

\* The value a server's store holds for the key.
StoreVid(a) == IF lastW[a] = 0 THEN InitVal ELSE ApplyVid(a, lastW[a])

-----------------------------------------------------------------------------
(* §4.3 SelectValue per instance over promises P.                           *)

\* The pieces reported for s: <<ballot, vid, server>>.  A catch-up share is
\* reported flagged decided; the proposer adopts that vid (§4.7 [PROPOSED]).
Pieces(P, s) == {<<m.log[s].bal, m.log[s].vid, m.acc>> : m \in {p \in P : p.log[s].vid # None}}
DecidedFlags(P, s) == {m.learned[s] : m \in {p \in P : p.learned[s] # None}}
HoldersIn(P, s, v) == {m.acc : m \in {p \in P : p.log[s].vid = v \/ p.learned[s] = v}}
Rebuildable(P, s, v) == ~IsPut(v) \/ Cardinality(HoldersIn(P, s, v)) >= X
Top(pc, v) == LET bs == {p[1] : p \in {q \in pc : q[2] = v}} IN CHOOSE c \in bs : \A d \in bs : d <= c

\* The vid a new leader re-proposes at s, and whether it could rebuild it.
Select(P, s) ==
    LET pc == Pieces(P, s)
        R == {v \in {p[2] : p \in pc} : Rebuildable(P, s, v)}
    IN IF DecidedFlags(P, s) # {} THEN CHOOSE v \in DecidedFlags(P, s) : TRUE
       ELSE IF R = {} THEN NoOp
       ELSE CHOOSE v \in R : \A w \in R : Top(pc, w) <= Top(pc, v)

-----------------------------------------------------------------------------
(* Client operations (§4.4-4.5).                                            *)

\* A client invokes an operation: its request reaches whoever leads.
Invoke(o) ==
    /\ phase[o] = "idle"
    /\ phase' = [phase EXCEPT ![o] = "pending"]
    /\ before' = [before EXCEPT ![o] = {p \in Ops : phase[p] = "done"}]
    /\ Send(MsgReq(o))
    /\ UNCHANGED <<durableVars, leaderVars, stateVars, leaseVars, result, recov, restarted, revived, truncated>>

\* on ClientWrite / on ClientRead(CONSISTENT), and a FAST read the leader
\* cannot serve locally: propose the write or a READMARK in the next
\* instance (§4.4 fast path: one Accept round).  The leader proposes a
\* command once per ballot (the dedup of §4.4).
ProposeCmd(a, v) ==
    LET s == ProposeInst(a) IN
    /\ s \in Insts
    /\ \A t \in Insts : prop[a][t] # v
    /\ prop' = [prop EXCEPT ![a][s] = v]
    /\ full' = IF IsPut(v) THEN [full EXCEPT ![a] = @ \cup {v}] ELSE full
    /\ Send(MsgAccept(lbal[a], s, v))
    /\ UNCHANGED <<durableVars, role, lbal, hiT, stateVars, leaseVars, ghostVars>>

Propose(a) ==
    /\ role[a] = "L"
    /\ \E m \in msgs :
        /\ m.type = "Req" /\ phase[m.op] = "pending"
        /\ \/ m.op \in Writes /\ ProposeCmd(a, m.op)
           \/ m.op \in ConsReads /\ ProposeCmd(a, RM(m.op))

\* The outcomes of reading the key at leader a when its store's last write is
\* at instance s with vid v: the value itself if a holds it in full (or the
\* key was never written), else a recovery read (§4.5) from X holders of
\* (s, vid), after which a holds the value in full.  Empty while fewer than
\* X servers hold shares: the read waits.  Records [val, full, recov].
ReadOutcomes(a, s, v) ==
    IF v = InitVal \/ v \in full[a]
    THEN {[val |-> v, full |-> full[a], recov |-> recov]}
    ELSE {[val |-> RecoveryResult(s, v, D),
           full |-> IF RecoveryResult(s, v, D) = v THEN full[a] \cup {v} ELSE full[a],
           recov |-> recov \cup {<<s, v, RecoveryResult(s, v, D)>>}] : D \in RecoverySets(s, v)}

\* on ClientRead(FAST) at a ready leader that holds a lease: answered
\* locally, no messages (§4.5).  A FAST read waits for such a leader (the
\* brief's fallback to a CONSISTENT read is left out: it is the ConsReads path).
ServeFast(a) ==
    /\ role[a] = "L" /\ FastReadOK(a)
    /\ \E o \in FastReads :
        /\ phase[o] = "pending" /\ MsgReq(o) \in msgs
        /\ \E out \in ReadOutcomes(a, lastW[a], StoreVid(a)) :
              /\ full' = [full EXCEPT ![a] = out.full]
              /\ recov' = out.recov
              /\ phase' = [phase EXCEPT ![o] = "done"]
              /\ result' = [result EXCEPT ![o] = out.val]
    /\ UNCHANGED <<durableVars, role, lbal, prop, hiT, stateVars, leaseVars, msgs, before, restarted, revived, truncated>>

-----------------------------------------------------------------------------
(* Acceptor side (§4.4, multi-instance form of §4.2).                       *)

\* on Accept(b, s, vid, share): accept unless promised higher; keep the share.
Accept(a) ==
    \E m \in msgs :
        /\ m.type = "Accept" /\ AcceptOK(a, m.bal)
        /\ log[a][m.inst] # [bal |-> AcceptedBal(a, m.bal), vid |-> m.vid]
        /\ promised' = [promised EXCEPT ![a] = IF m.bal > promised[a] THEN m.bal ELSE promised[a]]
        /\ log' = [log EXCEPT ![a][m.inst] = [bal |-> AcceptedBal(a, m.bal), vid |-> m.vid]]
        /\ role' = IF m.bal > lbal[a] THEN [role EXCEPT ![a] = "F"] ELSE role
        /\ Send(MsgAccepted(a, m.bal, m.inst, m.vid))
        /\ revived' = IF a \in restarted THEN revived \cup {a} ELSE revived
        /\ UNCHANGED <<learned, lbal, prop, hiT, full, stateVars, leaseVars, phase, before, result, recov, restarted, truncated>>

\* on Prepare(b): promise a higher ballot and report the whole log (one
\* Prepare covers every instance, §4.4), unless a lease granted to another
\* server still runs (§4.6).  A leader or candidate of a lower ballot
\* steps down.
Promise(a) ==
    \E m \in msgs :
        /\ m.type = "Prepare" /\ m.bal > promised[a]
        /\ grant[a] \in {None, Owner[m.bal]}
        /\ promised' = [promised EXCEPT ![a] = m.bal]
        /\ role' = [role EXCEPT ![a] = IF a = Owner[m.bal] THEN role[a] ELSE "F"]
        /\ lease' = [lease EXCEPT ![a] = IF a = Owner[m.bal] THEN lease[a] ELSE FALSE]
        /\ Send(MsgPromise(a, m.bal))
        /\ UNCHANGED <<log, learned, lbal, prop, hiT, full, stateVars, grant, ghostVars>>

-----------------------------------------------------------------------------
(* Leader side (§4.4).                                                      *)

\* Takeover: the owner of ballot b, above its promise, sends one Prepare.
StartTakeover(a, b) ==
    /\ Owner[b] = a /\ b > promised[a] /\ b > lbal[a]
    /\ role' = [role EXCEPT ![a] = "C"]
    /\ lbal' = [lbal EXCEPT ![a] = b]
    /\ prop' = [prop EXCEPT ![a] = [s \in Insts |-> None]]
    /\ lease' = [lease EXCEPT ![a] = FALSE]
    /\ Send(MsgPrepare(b))
    /\ UNCHANGED <<durableVars, hiT, full, stateVars, grant, ghostVars>>

\* With promises from QR servers: SelectValue per instance up to the highest
\* reported, re-propose it (Phase2), and lead.  An instance this server
\* already knows is decided is skipped (§4.4 "if decided[g][s] is known:
\* continue"): its value stays a share here until a recovery read rebuilds
\* it.  Rebuilt values are held in full.  Ready once every instance up to
\* the highest reported is applied.
BecomeLeader(a) ==
    /\ role[a] = "C"
    /\ \E S \in SUBSET Servers :
        /\ Cardinality(S) >= QR
        /\ \A x \in S : \E m \in msgs : m.type = "Promise" /\ m.acc = x /\ m.bal = lbal[a]
        /\ LET P == {m \in msgs : m.type = "Promise" /\ m.bal = lbal[a] /\ m.acc \in S}
               reported == {s \in Insts : \E m \in P : m.log[s].vid # None \/ m.learned[s] # None}
               hi == IF reported = {} THEN 0 ELSE CHOOSE s \in reported : \A t \in reported : t <= s
               redo == {s \in 1 .. hi : decided[a][s] = None}
               sel == [s \in Insts |-> IF s \in redo THEN Select(P, s) ELSE IF s <= hi THEN decided[a][s] ELSE None]
           IN /\ \A s \in redo : IsPut(sel[s]) => Rebuildable(P, s, sel[s])
              /\ role' = [role EXCEPT ![a] = "L"]
              /\ prop' = [prop EXCEPT ![a] = sel]
              /\ hiT' = [hiT EXCEPT ![a] = hi]
              /\ full' = [full EXCEPT ![a] = @ \cup {sel[s] : s \in {t \in redo : IsPut(sel[t])}}]
              /\ SendAll({MsgAccept(lbal[a], s, sel[s]) : s \in redo})
    /\ UNCHANGED <<durableVars, lbal, stateVars, leaseVars, ghostVars>>

\* on Accepted from QW servers for (lbal, s, vid): decided; Commit sent.
Decide(a, s) ==
    /\ role[a] = "L" /\ prop[a][s] # None /\ decided[a][s] = None
    /\ Cardinality({x \in Servers : MsgAccepted(x, lbal[a], s, prop[a][s]) \in msgs}) >= DecideQuorum
    /\ decided' = [decided EXCEPT ![a][s] = prop[a][s]]
    /\ Send(MsgCommit(s, prop[a][s]))
    /\ UNCHANGED <<durableVars, leaderVars, applied, lastW, done, mem, leaseVars, ghostVars>>

-----------------------------------------------------------------------------
(* Learning, applying, catch-up (§4.4, §4.7).                               *)

\* on Commit(s, vid): a follower (or a restarted server) learns the decision.
LearnCommit(a) ==
    \E m \in msgs :
        /\ m.type = "Commit" /\ decided[a][m.inst] = None
        /\ decided' = [decided EXCEPT ![a][m.inst] = m.vid]
        /\ UNCHANGED <<durableVars, leaderVars, applied, lastW, done, mem, leaseVars, msgs, ghostVars>>

\* ApplyReady: apply the next instance if decided.  Only at servers that own
\* a ballot: a server that never leads never answers a client, so its store
\* is not observable in this model, and applying there would only multiply
\* interleavings.  A write not yet applied
\* becomes the key's value (a retried write applied before is skipped).  The
\* leader that proposed it answers: a write's client, or the READMARK's
\* reader with the store's value (rebuilt first if the leader has only a
\* share; the apply waits until X holders can answer).
Apply(a) ==
    LET s == applied[a] + 1 IN
    /\ a \in Leaders
    /\ s \in Insts /\ ApplyVid(a, s) # None
    /\ LET v == ApplyVid(a, s)
           newW == IsPut(v) /\ ~Dedup(a, v)
           last == IF newW THEN s ELSE lastW[a]
           lastVid == IF last = 0 THEN InitVal ELSE IF last = s THEN v ELSE ApplyVid(a, last)
           mine == role[a] = "L" /\ prop[a][s] = v
       IN /\ applied' = [applied EXCEPT ![a] = s]
          /\ lastW' = [lastW EXCEPT ![a] = last]
          /\ done' = IF IsPut(v) THEN [done EXCEPT ![a] = @ \cup {v}] ELSE done
          /\ IF mine /\ v \notin Writes \cup {NoOp} /\ phase[v[2]] = "pending"
             THEN \* the READMARK of a pending consistent read: answer it
                  \E out \in ReadOutcomes(a, last, lastVid) :
                     /\ full' = [full EXCEPT ![a] = out.full]
                     /\ recov' = out.recov
                     /\ phase' = [phase EXCEPT ![v[2]] = "done"]
                     /\ result' = [result EXCEPT ![v[2]] = out.val]
             ELSE /\ phase' = IF mine /\ IsPut(v) THEN [phase EXCEPT ![v] = "done"] ELSE phase
                  /\ UNCHANGED <<full, recov, result>>
    /\ UNCHANGED <<durableVars, role, lbal, prop, hiT, decided, mem, leaseVars, msgs, before, restarted, revived, truncated>>

\* A server that knows s is decided with a vid it holds no share of asks
\* the leader for its share (§4.7).
AskCatchUp(a, s) ==
    /\ decided[a][s] # None /\ IsPut(decided[a][s]) /\ ~Holds(a, s, decided[a][s])
    /\ Send(MsgCatchUpReq(a, s, decided[a][s]))
    /\ UNCHANGED <<durableVars, leaderVars, stateVars, leaseVars, ghostVars>>

\* The leader re-encodes a value it holds in full and sends the asker its
\* share (§4.7 "re-code and send the fragment").
SendCatchUp(l) ==
    /\ role[l] = "L"
    /\ \E m \in msgs :
        /\ m.type = "CatchUpReq" /\ decided[l][m.inst] = m.vid /\ m.vid \in full[l]
        /\ Send(MsgCatchUpShare(m.acc, m.inst, m.vid))
    /\ UNCHANGED <<durableVars, leaderVars, stateVars, leaseVars, ghostVars>>

\* on CatchUpShare: keep the share, durably, flagged decided.
InstallCatchUp(a) ==
    \E m \in msgs :
        /\ m.type = "CatchUpShare" /\ m.acc = a /\ learned[a][m.inst] # m.vid
        /\ learned' = [learned EXCEPT ![a][m.inst] = m.vid]
        /\ UNCHANGED <<promised, log, leaderVars, stateVars, leaseVars, msgs, ghostVars>>

-----------------------------------------------------------------------------
(* Leases (§4.6) and crash-restart (§4.7).                                  *)

\* A leader gets the lease when a majority that has promised no higher
\* ballot grants it (no other grant running there).  Renewals are not
\* modelled: a leader whose lease ended gets a new one only after the old
\* grants ended too.
GetLease(a) ==
    /\ role[a] = "L" /\ ~lease[a] /\ ~\E x \in Servers : grant[x] = a
    /\ \E G \in SUBSET Servers :
        /\ Cardinality(G) >= Majority
        /\ \A x \in G : promised[x] <= lbal[a] /\ grant[x] \in {None, a}
        /\ grant' = [x \in Servers |-> IF x \in G THEN a ELSE grant[x]]
    /\ lease' = [lease EXCEPT ![a] = TRUE]
    /\ UNCHANGED <<durableVars, leaderVars, stateVars, msgs, ghostVars>>

\* The leader's lease runs out (time passes: Δ).
LeaseEnds(a) ==
    /\ lease[a]
    /\ lease' = [lease EXCEPT ![a] = FALSE]
    /\ UNCHANGED <<durableVars, leaderVars, stateVars, grant, msgs, ghostVars>>

\* The followers' grants to l run out (Δ + δ: after l's lease).  The grants
\* to one leader end together: the followers' clocks are taken to run
\* alike, which only removes interleavings of equivalent expiries.
GrantsEnd(l) ==
    /\ \E a \in Servers : grant[a] = l
    /\ GrantMayEnd(l)
    /\ grant' = [a \in Servers |-> IF grant[a] = l THEN None ELSE grant[a]]
    /\ UNCHANGED <<durableVars, leaderVars, stateVars, lease, msgs, ghostVars>>

\* Crash and restart: the durable state is reloaded; the rest is lost.  A
\* grant is kept (the restarted follower waits Δ + δ before promising).
Restart(a) ==
    /\ a \in MayRestart \ restarted /\ Cardinality(restarted) < MaxRestarts
    /\ restarted' = restarted \cup {a}
    /\ role' = [role EXCEPT ![a] = "F"]
    /\ prop' = [prop EXCEPT ![a] = [s \in Insts |-> None]]
    /\ hiT' = [hiT EXCEPT ![a] = 0]
    /\ full' = [full EXCEPT ![a] = {}]
    /\ decided' = [decided EXCEPT ![a] = [s \in Insts |-> None]]
    /\ applied' = [applied EXCEPT ![a] = 0]
    /\ lastW' = [lastW EXCEPT ![a] = 0]
    /\ done' = [done EXCEPT ![a] = {}]
    /\ lease' = [lease EXCEPT ![a] = FALSE]
    /\ mem' = [mem EXCEPT ![a] = [s \in Insts |-> None]]
    /\ UNCHANGED <<durableVars, lbal, grant, msgs, phase, before, result, recov, revived, truncated>>

-----------------------------------------------------------------------------
(* Garbage collection / log truncation (§4.9, [PROPOSED] in the brief).     *)

\* The local store takes the share of an instance the server holds in its
\* log once the instance and every earlier one are known decided (ApplyReady
\* at this server, §4.9 (1)-(2)).  The store is not flushed (§4.4).
StoreShare(a, s) ==
    /\ s \in MayTruncate /\ mem[a][s] = None
    /\ decided[a][s] # None /\ log[a][s].vid = decided[a][s]
    /\ \A t \in 1 .. (s - 1) : decided[a][t] # None
    /\ mem' = [mem EXCEPT ![a][s] = decided[a][s]]
    /\ UNCHANGED <<durableVars, leaderVars, decided, applied, lastW, done, leaseVars, msgs, ghostVars>>

\* A checkpoint flushes the store's share of s: durable from now on, kept
\* outside the log and reported in promises flagged decided.
Checkpoint(a, s) ==
    /\ mem[a][s] # None /\ learned[a][s] # mem[a][s]
    /\ learned' = [learned EXCEPT ![a][s] = mem[a][s]]
    /\ UNCHANGED <<promised, log, leaderVars, stateVars, leaseVars, msgs, ghostVars>>

\* Drop log[s]: s is decided with the vid the log holds (§4.9 (1)) and its
\* share is safe elsewhere (GCOK, §4.9 (3)).
Truncate(a, s) ==
    /\ s \in MayTruncate /\ log[a][s].vid # None
    /\ decided[a][s] = log[a][s].vid
    /\ GCOK(a, s)
    /\ log' = [log EXCEPT ![a][s] = NoEntry]
    /\ truncated' = truncated \cup {<<a, s>>}
    /\ UNCHANGED <<promised, learned, leaderVars, stateVars, leaseVars, msgs,
                   phase, before, result, recov, restarted, revived>>

Next ==
    \/ \E o \in Ops : Invoke(o)
    \/ \E a \in Servers :
          \/ Propose(a) \/ ServeFast(a) \/ Accept(a) \/ Promise(a) \/ BecomeLeader(a)
          \/ LearnCommit(a) \/ Apply(a) \/ SendCatchUp(a) \/ InstallCatchUp(a)
          \/ GetLease(a) \/ LeaseEnds(a) \/ GrantsEnd(a) \/ Restart(a)
          \/ \E b \in Ballots : StartTakeover(a, b)
          \/ \E s \in Insts : Decide(a, s) \/ AskCatchUp(a, s)
          \/ \E s \in MayTruncate : StoreShare(a, s) \/ Checkpoint(a, s) \/ Truncate(a, s)

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Definitions of brief §6 for the log.                                      *)

VotedFor(a, c, s, v) == MsgAccepted(a, c, s, v) \in msgs
ChosenAt(c, s, v) == Cardinality({a \in Servers : VotedFor(a, c, s, v)}) >= QW
Chosen(s, v) == \E c \in Ballots : ChosenAt(c, s, v)
ChosenVid(s) == IF \E v \in Vids : Chosen(s, v) THEN CHOOSE v \in Vids : Chosen(s, v) ELSE None
\* The key's value after the chosen prefix 1..k, retried writes applied once.
RECURSIVE FoldW(_)
FoldW(k) ==    \* <<instance of the last write applied, writes applied>> over 1..k
    IF k = 0 THEN <<0, {}>>
    ELSE LET prev == FoldW(k - 1)
             v == ChosenVid(k)
         IN IF IsPut(v) /\ v \notin prev[2] THEN <<k, prev[2] \cup {v}>> ELSE prev
\* The position of a write in the log: the first instance it is chosen at.
Pos(v) == IF v = InitVal THEN 0
          ELSE IF \E s \in Insts : Chosen(s, v) THEN CHOOSE s \in Insts : Chosen(s, v) /\ \A t \in Insts : Chosen(t, v) => s <= t
          ELSE MaxInst + 1

-----------------------------------------------------------------------------
(* Safety (§6.1).  IDs refer to docs/invariants.md.                         *)

\* RSP-S1 Agreement: at most one vid is chosen per instance.
AgreementInv == \A s \in Insts, v, w \in Vids : Chosen(s, v) /\ Chosen(s, w) => v = w

\* RSP-S3 Learned implies chosen: every decision a server knows was chosen.
DecidedChosenInv == \A a \in Servers, s \in Insts : decided[a][s] # None => Chosen(s, decided[a][s])

\* (RSP-S4, stability of decisions, is not a property here: a decision is set
\* only from "none" (Decide, LearnCommit) or forgotten by a restart, so it
\* would restate those guards.)

\* RSP-S5 Share stability: a server that accepted at s at or above the
\* ballot where v was chosen there holds a share of v.
ShareStabilityInv == \A c \in Ballots, s \in Insts, v \in Vids :
    ChosenAt(c, s, v) => \A a \in Servers : log[a][s].bal >= c /\ log[a][s].vid # None => log[a][s].vid = v

\* RSP-S6 Recoverability: every QR servers hold X shares of each chosen write.
RecoverableInv == \A s \in Insts, v \in Writes :
    Chosen(s, v) => \A R \in SUBSET Servers :
        Cardinality(R) = QR => Cardinality({a \in R : Holds(a, s, v)}) >= X

\* RSP-S10 One value per ballot and instance.
OneValuePerBallotInv == \A m1, m2 \in msgs :
    m1.type = "Accept" /\ m2.type = "Accept" /\ m1.bal = m2.bal /\ m1.inst = m2.inst => m1.vid = m2.vid

\* RSP-S11 Log-order execution: a server's applied state is the fold of the
\* chosen log over 1..applyIndex.
LogOrderInv == \A a \in Servers :
    /\ \A s \in 1 .. applied[a] : decided[a][s] # None
    /\ lastW[a] = FoldW(applied[a])[1]
    /\ done[a] = FoldW(applied[a])[2]

\* RSP-S12 Linearizability (§6.1 ghost form; writes have unique values and
\* are ordered by their first instance):
\*  - a completed write follows in the log every write completed before it began;
\*  - a read returns a write no older than any write completed before it began,
\*    and no older than what a read completed before it began returned.
LinearizableInv ==
    /\ \A w \in Writes : phase[w] = "done" => Pos(w) \in Insts
    /\ \A w1, w2 \in Writes : phase[w2] = "done" /\ w1 \in before[w2] => Pos(w1) < Pos(w2)
    /\ \A r \in Reads : phase[r] = "done" =>
          /\ result[r] \in Writes \cup {InitVal}
          /\ result[r] \in Writes => r \notin before[result[r]]
          /\ \A w \in before[r] \cap Writes : Pos(w) <= Pos(result[r])
          /\ \A r2 \in before[r] \cap Reads : result[r2] \in Writes \cup {InitVal} => Pos(result[r2]) <= Pos(result[r])

\* RSP-S13 Recovery-read correctness: a recovery read of (s, vid) decodes vid,
\* the value chosen at s.
RecoveryReadCorrectInv == \A t \in recov : t[3] = t[2] /\ Chosen(t[1], t[2])

\* RSP-R2 Refinement: the chosen log refines specs/Consensus.tla instance by
\* instance.  (The conjunction of InstConsensus(s)!Spec over s written out:
\* TLC does not check a quantifier over [][A]_v formulas.)
ChosenSetAt(s) == {v \in Vids : Chosen(s, v)}
InstConsensus(s) == INSTANCE Consensus WITH Value <- Vids, chosen <- ChosenSetAt(s)
LogRefinementProp ==
    /\ \A s \in Insts : InstConsensus(s)!Init
    /\ [][\A s \in Insts : [InstConsensus(s)!Next]_(InstConsensus(s)!vars)]_vars

-----------------------------------------------------------------------------
(* Reachability witnesses: a correct model must violate each.               *)

\* RSP-W5 No write completes.
NoWriteDoneWitness == \A w \in Writes : phase[w] # "done"
\* RSP-W6 No read returns a written value.
NoReadOfWriteWitness == \A r \in Reads : result[r] \notin Writes
\* RSP-W7 No recovery read happens (a leader never rebuilds a value for a read).
NoRecoveryReadWitness == recov = {}
\* RSP-W8 No new leader takes over.
NoTakeoverWitness == \A a \in Servers : ~(role[a] = "L" /\ lbal[a] # B0)
\* RSP-W9 No catch-up share is installed.
NoCatchUpWitness == \A a \in Servers, s \in Insts : learned[a][s] = None
\* No restarted server accepts anything after its restart (the harness's
\* check that restarts matter in a model that allows them).
NoVoteAfterRestartWitness == revived = {}
\* RSP-W10 No FAST read is served.
NoFastReadWitness == \A r \in FastReads : phase[r] # "done"
\* RSP-W12 No server truncates its log.
NoTruncateWitness == truncated = {}
\* RSP-W13 No server restarts after truncating: a truncation whose server
\* restarted and has not learned the instance again happened before the
\* restart (a truncation needs the decision, and a restart forgets it).
NoRestartAfterTruncateWitness ==
    ~\E p \in truncated : p[1] \in restarted /\ decided[p[1]][p[2]] = None
\* RSP-W14 No new leader is sent a promise that reports a truncated
\* instance by its checkpointed share only.
NoTruncatedPromiseWitness ==
    ~\E a \in Servers, p \in truncated :
        /\ role[a] \in {"C", "L"} /\ lbal[a] # B0
        /\ \E m \in msgs : /\ m.type = "Promise" /\ m.bal = lbal[a] /\ m.acc = p[1]
                          /\ m.log[p[2]].vid = None /\ m.learned[p[2]] # None
=============================================================================
