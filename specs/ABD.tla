-------------------------------- MODULE ABD ---------------------------------
(***************************************************************************)
(* LEGOStore's replicated protocol: ABD for one key in one configuration,  *)
(* with the optimized (one-phase) GET.  Source: Zare et al., "LEGOStore",  *)
(* VLDB 2022, and our brief ../shared/docs/protocols/LEGOStore.md          *)
(* (§2, §4.1-4.3, §5.1, §6.1).  Reconfiguration is a separate module.      *)
(*                                                                         *)
(* Modelling choices (brief §7):                                          *)
(*  - The network is the set `msgs` of every message ever sent: a message  *)
(*    may be delivered late, in any order, more than once, or never.       *)
(*    Server handlers are idempotent, so duplication needs no action.      *)
(*  - A client sends each request to every server and completes a phase    *)
(*    with replies from any `need` distinct servers (the optimizer's        *)
(*    preferred quorum sets only matter for performance, brief §4.1).      *)
(*  - Servers crash-stop (at most F); a crashed server stops answering.    *)
(*    Server state is durable.  Clients may crash mid-operation; their     *)
(*    operation stays pending forever.                                     *)
(*  - Tags are <<z, w>>: a counter and the writer's id, ordered            *)
(*    lexicographically; clients are numbers 1..NC and the initial tag is  *)
(*    <<0, 0>>.                                                            *)
(*  - The ghost history `hist` (brief §2.7) records each operation's        *)
(*    invocation, the operations done before it, its tag and its result;   *)
(*    `written` records which value each PUT chose for its tag.  The       *)
(*    refinement to AtomicRegister.tla is through `hist`.                  *)
(*                                                                         *)
(* The rules mutants replace are the named operators of "Protocol rules";  *)
(* configs/LEGOStore/MCABD.tla overrides them.  This module has no mutant. *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS
    Servers,        \* the configuration's servers (m = Cardinality(Servers))
    NC,             \* clients are 1..NC
    Values,         \* values a PUT may write
    InitValue,      \* v0, the value before any PUT (not in Values)
    Q1, Q2,         \* quorum sizes: phase 1 (query), phase 2 (write, write-back)
    F,              \* servers that may crash
    Plan,           \* [1..NC -> Seq({"GET", "PUT", "ANY"})]: each client's operations, in order
    OptGet          \* TRUE: GETs use the one-phase fast path (brief §4.2, A4)

Clients == 1..NC
MaxOps == LET L == {Len(Plan[c]) : c \in Clients} IN CHOOSE n \in L : \A x \in L : x <= n
M == Cardinality(Servers)

\* ---------------------------------------------------------------------------
\* Tags (brief §2.2)
Tags == (0 .. (NC * MaxOps)) \X (0 .. NC)
T0 == <<0, 0>>
TagLT(a, b) == a[1] < b[1] \/ (a[1] = b[1] /\ a[2] < b[2])
TagLE(a, b) == a = b \/ TagLT(a, b)
MaxTag(S) == CHOOSE t \in S : \A u \in S : TagLE(u, t)

\* Operation ids: <<client, its n-th operation>>.
OpIds == Clients \X (1 .. MaxOps)
NoValue == "no value"
NoTag == <<-1, -1>>

\* ---------------------------------------------------------------------------
\* Protocol rules (replaced by the mutants of configs/LEGOStore/MCABD.tla)

\* A PUT's new tag from the highest tag of its phase-1 replies (brief §4.2).
NewTag(maxSeen, c) == <<maxSeen[1] + 1, c>>

\* The replies a phase completes with: the first `need` of them, one per
\* server.  Counting servers, not messages, is the rule mutant M15 breaks.
CountsAsQuorum(R, need) ==
    /\ Cardinality(R) = need
    /\ Cardinality({r.src : r \in R}) = need

\* Replies a GET's phase 1 waits for: max(q1, q2) with the fast path (brief §4.2).
GetPhase1Need == IF OptGet THEN IF Q1 >= Q2 THEN Q1 ELSE Q2 ELSE Q1

\* The fast path: at least q2 of the replies carry the maximal tag (brief A4).
FastPathOK(R, t) == OptGet /\ Cardinality({r \in R : r.tag = t}) >= Q2

\* The values a GET may return with tag t: the value of a reply carrying t.
ReadValues(R, t) == {r.val : r \in {x \in R : x.tag = t}}

\* The tag a GET reads (paper §2, ABD's GET: the highest tag of a quorum's
\* replies; brief §4.2).  Mutant ML (ours) takes the lowest.
ReadTag(R) == MaxTag({r.tag : r \in R})

\* The write-back a GET runs when the fast path does not apply (brief §4.2).
GetWritesBack == TRUE

\* A GET with a quorum of phase-1 replies always moves on (returns or writes
\* back): it never waits for the writer of the highest tag to finish.  Mutant
\* MB (ours, ABD-T5) waits instead.
GetMayProceed(R, t) == TRUE

\* A server stores a written tag only if it is newer (brief §4.3).
Stores(cur, t) == TagLT(cur, t)

\* A server answers a query once.  This loses no behaviour of the clients: a
\* client uses one reply per server, and a second, later answer of the same
\* server is what the first would have been had the query arrived later.  Only
\* mutant M15, which counts messages instead of servers, needs a server that
\* answers a duplicated query again, and overrides this.
AnswersAgain == FALSE

\* Copies of one ack the network can tell apart.  In the set network a re-sent
\* ack is the same message, so there is one (copy 0).  Mutant M15's cfg sets 1:
\* a bag, where a duplicated write delivery yields a second, distinct ack, so
\* that counting messages differs from counting servers.
AckCopies == 0

\* ---------------------------------------------------------------------------
VARIABLES
    stag, sval,     \* server state: highest tag stored and its value
    crashed,        \* servers that have crashed
    msgs,           \* every message ever sent
    cop,            \* per client: its current operation
    nops,           \* per client: operations invoked so far
    hist,           \* ghost: operation id -> history record (brief §2.7)
    written         \* ghost: set of [tag, val, op] chosen by PUTs

vars == <<stag, sval, crashed, msgs, cop, nops, hist, written>>

Idle == [phase |-> "idle", id |-> <<0, 0>>, kind |-> "none", val |-> NoValue, tag |-> NoTag]

Request ==
         [type : {"query"}, op : OpIds, phase : {"q"}]
    \cup [type : {"write"}, op : OpIds, phase : {"w"}, tag : Tags, val : Values \cup {InitValue}]
Reply ==
         [type : {"qreply"}, op : OpIds, src : Servers, tag : Tags, val : Values \cup {InitValue}]
    \cup [type : {"ack"}, op : OpIds, src : Servers, tag : Tags, copy : 0 .. AckCopies]

HistRecord ==
    [kind : {"GET", "PUT"}, val : Values \cup {NoValue}, status : {"pending", "done"},
     after : SUBSET OpIds, stamp : Tags \cup {NoTag}, ret : Values \cup {InitValue, NoValue}]

ABDTypeOK ==
    /\ stag \in [Servers -> Tags]
    /\ sval \in [Servers -> Values \cup {InitValue}]
    /\ crashed \subseteq Servers
    /\ msgs \subseteq Request \cup Reply
    /\ cop \in [Clients -> [phase : {"idle", "q", "w", "crashed"}, id : OpIds \cup {<<0, 0>>},
                             kind : {"GET", "PUT", "none"}, val : Values \cup {InitValue, NoValue},
                             tag : Tags \cup {NoTag}]]
    /\ nops \in [Clients -> 0 .. MaxOps]
    /\ DOMAIN hist \subseteq OpIds /\ \A o \in DOMAIN hist : hist[o] \in HistRecord
    /\ written \subseteq [tag : Tags, val : Values, op : OpIds]

Done == {o \in DOMAIN hist : hist[o].status = "done"}

Init ==
    /\ stag = [s \in Servers |-> T0]
    /\ sval = [s \in Servers |-> InitValue]
    /\ crashed = {}
    /\ msgs = {}
    /\ cop = [c \in Clients |-> Idle]
    /\ nops = [c \in Clients |-> 0]
    /\ hist = [o \in {} |-> {}]
    /\ written = {}

RepliesTo(o, type) == {m \in msgs : m.type = type /\ m.op = o}

\* ---------------------------------------------------------------------------
\* Client actions (brief §4.1-4.2)

\* The client invokes a GET or a PUT(v) and sends phase 1's query.
Invoke(c, kind, v) ==
    /\ cop[c].phase = "idle" /\ nops[c] < Len(Plan[c])
    /\ Plan[c][nops[c] + 1] \in {kind, "ANY"}
    /\ LET o == <<c, nops[c] + 1>> IN
       /\ cop' = [cop EXCEPT ![c] = [phase |-> "q", id |-> o, kind |-> kind, val |-> v, tag |-> NoTag]]
       /\ nops' = [nops EXCEPT ![c] = @ + 1]
       /\ msgs' = msgs \cup {[type |-> "query", op |-> o, phase |-> "q"]}
       /\ hist' = hist @@ (o :> [kind |-> kind, val |-> v, status |-> "pending", after |-> Done,
                                 stamp |-> NoTag, ret |-> NoValue])
    /\ UNCHANGED <<stag, sval, crashed, written>>

\* PUT phase 1 done: a new tag above every tag seen, then phase 2 (AbdWrite).
PutQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "PUT"
    /\ \E R \in SUBSET RepliesTo(cop[c].id, "qreply") :
        /\ CountsAsQuorum(R, Q1)
        /\ LET t == NewTag(MaxTag({r.tag : r \in R}), c) IN
           /\ cop' = [cop EXCEPT ![c].phase = "w", ![c].tag = t]
           /\ msgs' = msgs \cup {[type |-> "write", op |-> cop[c].id, phase |-> "w", tag |-> t, val |-> cop[c].val]}
           /\ written' = written \cup {[tag |-> t, val |-> cop[c].val, op |-> cop[c].id]}
           /\ hist' = [hist EXCEPT ![cop[c].id].stamp = t]
    /\ UNCHANGED <<stag, sval, crashed, nops>>

\* GET phase 1 done: the fast path returns at once; otherwise write back the
\* highest (tag, value) seen.
GetQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "GET"
    /\ \E R \in SUBSET RepliesTo(cop[c].id, "qreply") :
        /\ CountsAsQuorum(R, GetPhase1Need)
        /\ LET t == ReadTag(R) IN
           /\ GetMayProceed(R, t)
           /\ \E v \in ReadValues(R, t) :
                  IF FastPathOK(R, t) \/ ~GetWritesBack
                  THEN /\ cop' = [cop EXCEPT ![c] = Idle]
                       /\ hist' = [hist EXCEPT ![cop[c].id].status = "done", ![cop[c].id].stamp = t,
                                               ![cop[c].id].ret = v]
                       /\ UNCHANGED msgs
                  ELSE /\ cop' = [cop EXCEPT ![c].phase = "w", ![c].tag = t, ![c].val = v]
                       /\ msgs' = msgs \cup {[type |-> "write", op |-> cop[c].id, phase |-> "w", tag |-> t, val |-> v]}
                       /\ UNCHANGED hist
    /\ UNCHANGED <<stag, sval, crashed, nops, written>>

\* Phase 2 (the PUT's write or the GET's write-back) done with q2 acks.
WriteDone(c) ==
    /\ cop[c].phase = "w"
    /\ \E R \in SUBSET {m \in RepliesTo(cop[c].id, "ack") : m.tag = cop[c].tag} :
        CountsAsQuorum(R, Q2)
    /\ cop' = [cop EXCEPT ![c] = Idle]
    /\ hist' = [hist EXCEPT ![cop[c].id].status = "done", ![cop[c].id].stamp = cop[c].tag,
                            ![cop[c].id].ret = IF cop[c].kind = "GET" THEN cop[c].val ELSE NoValue]
    /\ UNCHANGED <<stag, sval, crashed, msgs, nops, written>>

\* A client crashes mid-operation: its operation stays pending forever.
ClientCrash(c) ==
    /\ cop[c].phase \in {"q", "w"}
    /\ cop' = [cop EXCEPT ![c].phase = "crashed"]
    /\ UNCHANGED <<stag, sval, crashed, msgs, nops, hist, written>>

\* ---------------------------------------------------------------------------
\* Server actions (brief §4.3); the Gate of reconfiguration is not in this module.

\* Server s answers the query m with its tag and value.
HandleQuery(s, m) ==
    /\ m.type = "query"
    /\ AnswersAgain \/ ~\E r \in msgs : r.type = "qreply" /\ r.op = m.op /\ r.src = s
    /\ msgs' = msgs \cup {[type |-> "qreply", op |-> m.op, src |-> s, tag |-> stag[s], val |-> sval[s]]}
    /\ UNCHANGED <<stag, sval>>

\* Server s applies the write m if its tag is newer, and acknowledges it.
HandleWrite(s, m) ==
    /\ m.type = "write"
    /\ IF Stores(stag[s], m.tag)
       THEN stag' = [stag EXCEPT ![s] = m.tag] /\ sval' = [sval EXCEPT ![s] = m.val]
       ELSE UNCHANGED <<stag, sval>>
    /\ \E n \in 0 .. AckCopies : msgs' = msgs \cup {[type |-> "ack", op |-> m.op, src |-> s, tag |-> m.tag, copy |-> n]}

ServerQuery(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs : HandleQuery(s, m)
    /\ UNCHANGED <<crashed, cop, nops, hist, written>>

ServerWrite(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs : HandleWrite(s, m)
    /\ UNCHANGED <<crashed, cop, nops, hist, written>>

Crash(s) ==
    /\ s \notin crashed /\ Cardinality(crashed) < F
    /\ crashed' = crashed \cup {s}
    /\ UNCHANGED <<stag, sval, msgs, cop, nops, hist, written>>

\* The protocol's steps.  Crashes are not among them: for safety a crashed
\* server or client is one that never takes another step, and every such
\* behaviour is already a prefix of one of Next's (safety properties are closed
\* under prefixes).  They matter for liveness, where fairness would otherwise
\* force a crashed process to act: NextWithCrashes is for those models.
Next ==
    \/ \E c \in Clients :
        \/ \E v \in Values : Invoke(c, "PUT", v)
        \/ Invoke(c, "GET", NoValue)
        \/ PutQueried(c) \/ GetQueried(c) \/ WriteDone(c)
    \/ \E s \in Servers : ServerQuery(s) \/ ServerWrite(s)

NextWithCrashes ==
    \/ Next
    \/ \E c \in Clients : ClientCrash(c)
    \/ \E s \in Servers : Crash(s)

Spec == Init /\ [][Next]_vars

\* ---------------------------------------------------------------------------
\* Properties (brief §6.1; catalogue IDs ABD-*)

ValueOf(t) == IF t = T0 THEN InitValue ELSE (CHOOSE w \in written : w.tag = t).val
IsWritten(t, v) == (t = T0 /\ v = InitValue) \/ \E w \in written : w.tag = t /\ w.val = v

\* ABD-L1 Tag-value agreement: every (tag, value) a server holds or a message
\* carries is the pair a PUT chose (or the initial pair), and no two
\* operations chose the same tag.
TagValueAgreementInv ==
    /\ \A s \in Servers : IsWritten(stag[s], sval[s])
    /\ \A m \in msgs : m.type \in {"write", "qreply"} => IsWritten(m.tag, m.val)
    /\ \A w1, w2 \in written : w1.tag = w2.tag => w1 = w2

\* ABD-L2 Real-time order: a PUT's tag is above, and a GET's tag at or above,
\* the tag of every operation that completed before it was invoked.
RealTimeOrderInv ==
    \A a, b \in Done : a \in hist[b].after =>
        IF hist[b].kind = "PUT" THEN TagLT(hist[a].stamp, hist[b].stamp)
                                ELSE TagLE(hist[a].stamp, hist[b].stamp)

\* ABD-L3 Read validity: a GET returns the value some PUT chose for the tag it
\* returns (or v0 with the initial tag).
ReadValidityInv ==
    \A g \in Done : hist[g].kind = "GET" => IsWritten(hist[g].stamp, hist[g].ret)

\* ABD-S1 Server tags never decrease.
ServerMonotoneProp == [][\A s \in Servers : TagLE(stag[s], stag'[s])]_vars

\* ABD-S2 No data loss: every completed operation's tag is stored (or
\* overtaken) at a whole write quorum.
NoDataLossInv ==
    \A o \in Done : Cardinality({s \in Servers : TagLE(hist[o].stamp, stag[s])}) >= Q2

\* ---------------------------------------------------------------------------
\* Reachability witnesses (checked as invariants that must be VIOLATED:
\* they prove a passing model reaches what its invariants are about).

\* ABD-W1: a GET returns a value some PUT wrote (not v0) after that PUT completed.
NoReadOfWriteWitness ==
    ~\E g, p \in Done : hist[g].kind = "GET" /\ hist[p].kind = "PUT" /\ p \in hist[g].after
                        /\ hist[g].ret = hist[p].val
\* ABD-W2: a GET completes through its write-back phase.
NoWriteBackWitness ==
    ~\E c \in Clients : cop[c].phase = "w" /\ cop[c].kind = "GET"
\* ABD-W3: a GET completes on the one-phase fast path with a written value.
NoFastReadWitness ==
    ~\E g \in Done : hist[g].kind = "GET" /\ hist[g].ret # InitValue
                     /\ \A m \in msgs : m.type = "write" => m.op # g

\* ABD-W5 The highest-tag rule matters: a GET writing back its tag had a
\* reply to its query with a lower tag, so the highest and the lowest tag of
\* its replies (and any one of them) differ.
NoTagChoiceWitness ==
    ~\E c \in Clients : /\ cop[c].kind = "GET" /\ cop[c].phase = "w"
                       /\ \E r \in RepliesTo(cop[c].id, "qreply") : TagLT(r.tag, cop[c].tag)

\* ABD-R Refinement: the ghost history is one the atomic register allows.
Register == INSTANCE AtomicRegister WITH
    Ids <- OpIds, InitValue <- InitValue, Stamps <- Tags, InitStamp <- T0, NoStamp <- NoTag, StampLT <- TagLT
RegisterRefinementProp == Register!Spec
=============================================================================
