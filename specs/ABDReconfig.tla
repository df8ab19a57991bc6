----------------------------- MODULE ABDReconfig -----------------------------
(***************************************************************************)
(* LEGOStore's reconfiguration of one key from an old ABD configuration    *)
(* to a new one, with clients running ABD in whichever configuration they  *)
(* believe current.  Source: Zare et al., "LEGOStore", VLDB 2022, and our  *)
(* brief ../shared/docs/protocols/LEGOStore.md (§2.3-2.7, §3.3, §4.1-4.3,  *)
(* §4.7, §4.8, §5.3, §6.1).  Static ABD is specs/ABD.tla; this module      *)
(* repeats its client and server steps per configuration and adds the      *)
(* server gate, the controller, the metadata service and client restarts.  *)
(*                                                                         *)
(* What is modelled (brief §4.7):                                         *)
(*  - One reconfiguration, from configuration 1 to configuration 2.  The   *)
(*    controller (1) pauses and queries Qr old servers and takes the       *)
(*    highest (tag, value), (2) writes it to q2 new servers, (3) publishes *)
(*    configuration 2 with the handed-over tag rTag in the metadata        *)
(*    service, (4) sends FINISH to the old servers, which close.           *)
(*  - An old server that is PAUSED leaves client requests waiting (in the  *)
(*    set network a request simply stays undelivered).  A CLOSED server    *)
(*    serves a tagged request whose tag is <= rTag and answers everything  *)
(*    else with OperationFail; a phase-1 query always fails (brief §4.3    *)
(*    Gate).  A failed attempt restarts the whole operation in             *)
(*    configuration 2 (brief §4.1).  An idle client may also learn the new *)
(*    configuration from the metadata service once it is published.       *)
(*  - The query-quorum size Qr is the rule finding F2 is about: the        *)
(*    paper's m - q2 + 1, or the brief's proposal m - min(q1, q2) + 1      *)
(*    (constant QrRule).                                                   *)
(*                                                                         *)
(* The network, answer-once servers, no crash steps and the ghost history  *)
(* are as in ABD.tla.  The ghost `written` is per configuration (brief     *)
(* §2.7): an attempt aborted in the old configuration may have chosen a    *)
(* tag that a later PUT legitimately chooses in the new one.  The history  *)
(* is checked with the tag conditions L1-L3 (which imply atomicity, Lynch  *)
(* Lemma 13.16) rather than by refinement: a restarted PUT picks a new tag, *)
(* so its stamp is not fixed once, as AtomicRegister.tla requires.         *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS
    Servers,        \* every server of either configuration
    Members,        \* [{1, 2} -> SUBSET Servers]: the old and the new configuration
    Q1, Q2,         \* [{1, 2} -> Nat]: quorum sizes of each configuration
    NC,             \* clients are 1..NC
    Values,         \* values a PUT may write
    InitValue,      \* v0 (not in Values)
    Plan,           \* [1..NC -> Seq({"GET", "PUT", "ANY"} \cup Values)]: a value is a PUT of that value
    OptGet,         \* GETs may use the one-phase fast path (brief §4.2)
    QrRule          \* "paper": Qr = m - q2 + 1; "safe": Qr = m - min(q1, q2) + 1 (brief §4.7.1)

Cfgs == {1, 2}
Clients == 1..NC
MaxOps == LET L == {Len(Plan[c]) : c \in Clients} IN CHOOSE n \in L : \A x \in L : x <= n
M(c) == Cardinality(Members[c])
Min(a, b) == IF a <= b THEN a ELSE b

Tags == (0 .. (2 * NC * MaxOps)) \X (0 .. NC)
T0 == <<0, 0>>
TagLT(a, b) == a[1] < b[1] \/ (a[1] = b[1] /\ a[2] < b[2])
TagLE(a, b) == a = b \/ TagLT(a, b)
MaxTag(S) == CHOOSE t \in S : \A u \in S : TagLE(u, t)

OpIds == Clients \X (1 .. MaxOps)
NoOp == <<0, 0>>
NoValue == "no value"
NoTag == <<-1, -1>>

\* ---------------------------------------------------------------------------
\* Protocol rules (replaced by the mutants of configs/LEGOStore/MCABDReconfig.tla)

\* The controller's query quorum (brief §4.7.1, finding F2).
QrPaper == M(1) - Q2[1] + 1
QrSafe == M(1) - Min(Q1[1], Q2[1]) + 1
Qr == IF QrRule = "paper" THEN QrPaper ELSE QrSafe

\* An old server pauses on the controller's query (M12: it does not).
PausesOnQuery == TRUE

\* New-configuration acks the controller waits for before it publishes (M13: none).
RcWriteNeed == Q2[2]

\* A CLOSED server serves a tagged request iff its tag is <= rTag (M18: any tag).
ServesWhenClosed(t, rTag) == TagLE(t, rTag)

\* As ABD.tla.
NewTag(maxSeen, c) == <<maxSeen[1] + 1, c>>
GetPhase1Need(c) == IF OptGet THEN IF Q1[c] >= Q2[c] THEN Q1[c] ELSE Q2[c] ELSE Q1[c]
FastPathOK(R, t, c) == OptGet /\ Cardinality({r \in R : r.tag = t}) >= Q2[c]
CountsAsQuorum(R, need) == Cardinality(R) = need /\ Cardinality({r.src : r \in R}) = need
\* The values of the replies carrying the highest tag t: one value, by L1 (MR: of any reply).
ReadValues(R, t) == {r.val : r \in {x \in R : x.tag = t}}

\* ---------------------------------------------------------------------------
VARIABLES
    stag, sval,     \* [Servers \X Cfgs -> ...]: each server's ABD state per configuration
    status,         \* [Servers \X Cfgs -> {"active", "paused", "closed"}]
    rtag,           \* [Servers \X Cfgs -> Tags]: the handed-over tag a closed server serves up to
    msgs,           \* every message ever sent
    cop,            \* per client: its current operation and attempt
    cfgOf,          \* per client: the configuration it believes current
    nops,           \* per client: operations invoked so far
    rc,             \* the controller: [phase, t, v]
    mds,            \* the metadata service: [latest, rTag]
    hist,           \* ghost: operation id -> history record
    written         \* ghost: set of [cfg, tag, val, op] (op = NoOp: the controller's transfer)

vars == <<stag, sval, status, rtag, msgs, cop, cfgOf, nops, rc, mds, hist, written>>

Idle == [phase |-> "idle", id |-> NoOp, att |-> 0, cfg |-> 0, kind |-> "none", val |-> NoValue, tag |-> NoTag]

Slots == {<<s, c>> \in Servers \X Cfgs : s \in Members[c]}

TypeOKInv ==
    /\ stag \in [Servers \X Cfgs -> Tags] /\ sval \in [Servers \X Cfgs -> Values \cup {InitValue}]
    /\ status \in [Servers \X Cfgs -> {"active", "paused", "closed"}] /\ rtag \in [Servers \X Cfgs -> Tags]
    /\ cop \in [Clients -> [phase : {"idle", "q", "w"}, id : OpIds \cup {NoOp}, att : 0 .. 2, cfg : {0} \cup Cfgs,
                             kind : {"GET", "PUT", "none"}, val : Values \cup {InitValue, NoValue}, tag : Tags \cup {NoTag}]]
    /\ cfgOf \in [Clients -> Cfgs] /\ nops \in [Clients -> 0 .. MaxOps]
    /\ rc \in [phase : {"idle", "query", "write", "finish"}, t : Tags \cup {NoTag}, v : Values \cup {InitValue, NoValue},
               doneAtFix : SUBSET OpIds]
    /\ mds \in [latest : Cfgs, rTag : Tags \cup {NoTag}]
    /\ written \subseteq [cfg : Cfgs, tag : Tags, val : Values \cup {InitValue}, op : OpIds \cup {NoOp}]

Done == {o \in DOMAIN hist : hist[o].status = "done"}

Init ==
    /\ stag = [x \in Servers \X Cfgs |-> T0]
    /\ sval = [x \in Servers \X Cfgs |-> InitValue]
    /\ status = [x \in Servers \X Cfgs |-> "active"]
    /\ rtag = [x \in Servers \X Cfgs |-> T0]
    /\ msgs = {}
    /\ cop = [c \in Clients |-> Idle]
    /\ cfgOf = [c \in Clients |-> 1]
    /\ nops = [c \in Clients |-> 0]
    /\ rc = [phase |-> "idle", t |-> NoTag, v |-> NoValue, doneAtFix |-> {}]
    /\ mds = [latest |-> 1, rTag |-> NoTag]
    /\ hist = [o \in {} |-> {}]
    /\ written = {}

Replies(c, type) == {m \in msgs : m.type = type /\ m.op = cop[c].id /\ m.att = cop[c].att}

\* ---------------------------------------------------------------------------
\* Clients (brief §4.1-4.2, §4.8)

\* A client invokes an operation in the configuration it has cached, or, if it
\* asks the metadata service first (brief §4.8: any time it wants), in the
\* newest published one.  The cache is only read here, so asking at
\* invocation covers asking at any idle moment.
Invoke(c, kind, v) ==
    /\ cop[c].phase = "idle" /\ nops[c] < Len(Plan[c])
    /\ \/ Plan[c][nops[c] + 1] \in {kind, "ANY"}
       \/ kind = "PUT" /\ Plan[c][nops[c] + 1] = v
    /\ \E cfg \in {cfgOf[c], mds.latest} :
       LET o == <<c, nops[c] + 1>> IN
       /\ cop' = [cop EXCEPT ![c] = [phase |-> "q", id |-> o, att |-> 1, cfg |-> cfg, kind |-> kind,
                                      val |-> v, tag |-> NoTag]]
       /\ cfgOf' = [cfgOf EXCEPT ![c] = cfg]
       /\ nops' = [nops EXCEPT ![c] = @ + 1]
       /\ msgs' = msgs \cup {[type |-> "query", cfg |-> cfg, op |-> o, att |-> 1]}
       /\ hist' = hist @@ (o :> [kind |-> kind, val |-> v, status |-> "pending", after |-> Done,
                                 stamp |-> NoTag, ret |-> NoValue, cfg |-> 0, pub |-> mds.latest = 2])
    /\ UNCHANGED <<stag, sval, status, rtag, rc, mds, written>>

PutQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "PUT"
    /\ \E R \in SUBSET Replies(c, "qreply") :
        /\ CountsAsQuorum(R, Q1[cop[c].cfg])
        /\ LET t == NewTag(MaxTag({r.tag : r \in R}), c) IN
           /\ cop' = [cop EXCEPT ![c].phase = "w", ![c].tag = t]
           /\ msgs' = msgs \cup {[type |-> "write", cfg |-> cop[c].cfg, op |-> cop[c].id, att |-> cop[c].att,
                                  tag |-> t, val |-> cop[c].val]}
           /\ written' = written \cup {[cfg |-> cop[c].cfg, tag |-> t, val |-> cop[c].val, op |-> cop[c].id]}
    /\ UNCHANGED <<stag, sval, status, rtag, cfgOf, nops, rc, mds, hist>>

GetQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "GET"
    /\ \E R \in SUBSET Replies(c, "qreply") :
        /\ CountsAsQuorum(R, GetPhase1Need(cop[c].cfg))
        /\ LET t == MaxTag({r.tag : r \in R}) IN
           \E v \in ReadValues(R, t) :
           IF FastPathOK(R, t, cop[c].cfg)
           THEN /\ cop' = [cop EXCEPT ![c] = Idle]
                /\ hist' = [hist EXCEPT ![cop[c].id].status = "done", ![cop[c].id].stamp = t,
                                        ![cop[c].id].ret = v, ![cop[c].id].cfg = cop[c].cfg]
                /\ UNCHANGED msgs
           ELSE /\ cop' = [cop EXCEPT ![c].phase = "w", ![c].tag = t, ![c].val = v]
                /\ msgs' = msgs \cup {[type |-> "write", cfg |-> cop[c].cfg, op |-> cop[c].id, att |-> cop[c].att,
                                       tag |-> t, val |-> v]}
                /\ UNCHANGED hist
    /\ UNCHANGED <<stag, sval, status, rtag, cfgOf, nops, rc, mds, written>>

WriteDone(c) ==
    /\ cop[c].phase = "w"
    /\ \E R \in SUBSET {m \in Replies(c, "ack") : m.tag = cop[c].tag} : CountsAsQuorum(R, Q2[cop[c].cfg])
    /\ cop' = [cop EXCEPT ![c] = Idle]
    /\ hist' = [hist EXCEPT ![cop[c].id].status = "done", ![cop[c].id].stamp = cop[c].tag,
                            ![cop[c].id].ret = IF cop[c].kind = "GET" THEN cop[c].val ELSE NoValue,
                            ![cop[c].id].cfg = cop[c].cfg]
    /\ UNCHANGED <<stag, sval, status, rtag, msgs, cfgOf, nops, rc, mds, written>>

\* OperationFail for the current attempt: restart the whole operation in the
\* configuration the failing server names (brief §4.1 MOVED).
Restart(c) ==
    /\ cop[c].phase \in {"q", "w"} /\ cop[c].cfg = 1
    /\ Replies(c, "fail") # {}
    /\ cop' = [cop EXCEPT ![c].phase = "q", ![c].att = @ + 1, ![c].cfg = 2, ![c].tag = NoTag,
                          ![c].val = IF cop[c].kind = "GET" THEN NoValue ELSE hist[cop[c].id].val]
    /\ cfgOf' = [cfgOf EXCEPT ![c] = 2]
    /\ msgs' = msgs \cup {[type |-> "query", cfg |-> 2, op |-> cop[c].id, att |-> cop[c].att + 1]}
    /\ UNCHANGED <<stag, sval, status, rtag, nops, rc, mds, hist, written>>

\* ---------------------------------------------------------------------------
\* Servers (brief §4.3 with the Gate, §4.7.3)

Answered(s, m) == \E r \in msgs : r.type \in {"qreply", "fail"} /\ r.op = m.op /\ r.att = m.att /\ r.src = s

\* A phase-1 query: served while active, waits while paused, fails when closed.
ServerQuery(s) ==
    \E m \in msgs :
        /\ m.type = "query" /\ s \in Members[m.cfg] /\ ~Answered(s, m)
        /\ status[s, m.cfg] # "paused"
        /\ msgs' = msgs \cup
              {IF status[s, m.cfg] = "active"
               THEN [type |-> "qreply", op |-> m.op, att |-> m.att, src |-> s, tag |-> stag[s, m.cfg], val |-> sval[s, m.cfg]]
               ELSE [type |-> "fail", op |-> m.op, att |-> m.att, src |-> s]}
        /\ UNCHANGED <<stag, sval, status, rtag, cop, cfgOf, nops, rc, mds, hist, written>>

\* A write (PUT phase 2 or GET write-back).
ServerWrite(s) ==
    \E m \in msgs :
        /\ m.type = "write" /\ s \in Members[m.cfg]
        /\ status[s, m.cfg] # "paused"
        /\ IF status[s, m.cfg] = "active" \/ ServesWhenClosed(m.tag, rtag[s, m.cfg])
           THEN /\ IF TagLT(stag[s, m.cfg], m.tag)
                   THEN stag' = [stag EXCEPT ![s, m.cfg] = m.tag] /\ sval' = [sval EXCEPT ![s, m.cfg] = m.val]
                   ELSE UNCHANGED <<stag, sval>>
                /\ msgs' = msgs \cup {[type |-> "ack", op |-> m.op, att |-> m.att, src |-> s, tag |-> m.tag]}
           ELSE /\ msgs' = msgs \cup {[type |-> "fail", op |-> m.op, att |-> m.att, src |-> s]}
                /\ UNCHANGED <<stag, sval>>
        /\ UNCHANGED <<status, rtag, cop, cfgOf, nops, rc, mds, hist, written>>

\* RcQuery: pause (an active server only: a closed one stays closed), then
\* report the stored tag and value.
ServerRcQuery(s) ==
    /\ s \in Members[1] /\ rc.phase # "idle"
    /\ [type |-> "rcquery"] \in msgs
    /\ ~\E r \in msgs : r.type = "rcreply" /\ r.src = s
    /\ status' = IF status[s, 1] = "active" /\ PausesOnQuery THEN [status EXCEPT ![s, 1] = "paused"] ELSE status
    /\ msgs' = msgs \cup {[type |-> "rcreply", src |-> s, tag |-> stag[s, 1], val |-> sval[s, 1]]}
    /\ UNCHANGED <<stag, sval, rtag, cop, cfgOf, nops, rc, mds, hist, written>>

\* RcWrite at a new server: store the handed-over pair if newer.
ServerRcWrite(s) ==
    /\ s \in Members[2]
    /\ \E m \in msgs :
        /\ m.type = "rcwrite"
        /\ ~\E r \in msgs : r.type = "rcack" /\ r.src = s
        /\ IF TagLT(stag[s, 2], m.tag)
           THEN stag' = [stag EXCEPT ![s, 2] = m.tag] /\ sval' = [sval EXCEPT ![s, 2] = m.val]
           ELSE UNCHANGED <<stag, sval>>
        /\ msgs' = msgs \cup {[type |-> "rcack", src |-> s]}
    /\ UNCHANGED <<status, rtag, cop, cfgOf, nops, rc, mds, hist, written>>

\* RcFinish: close with the handed-over tag (also from active: FINISH may
\* overtake the query, brief §4.7.3); the waiting requests are then decided
\* by the gate.
ServerRcFinish(s) ==
    /\ s \in Members[1] /\ status[s, 1] # "closed"
    /\ \E m \in msgs :
        /\ m.type = "rcfinish"
        /\ status' = [status EXCEPT ![s, 1] = "closed"]
        /\ rtag' = [rtag EXCEPT ![s, 1] = m.tag]
    /\ UNCHANGED <<stag, sval, msgs, cop, cfgOf, nops, rc, mds, hist, written>>

\* ---------------------------------------------------------------------------
\* The controller (brief §4.7.2) and the metadata service (§4.8)

RcStart ==
    /\ rc.phase = "idle"
    /\ rc' = [rc EXCEPT !.phase = "query"]
    /\ msgs' = msgs \cup {[type |-> "rcquery"]}
    /\ UNCHANGED <<stag, sval, status, rtag, cop, cfgOf, nops, mds, hist, written>>

\* Qr replies: the highest (tag, value) goes to the new configuration.
RcQueried ==
    /\ rc.phase = "query"
    /\ \E R \in SUBSET {m \in msgs : m.type = "rcreply"} :
        /\ CountsAsQuorum(R, Qr)
        /\ LET t == MaxTag({r.tag : r \in R})
               v == (CHOOSE r \in R : r.tag = t).val IN
           /\ rc' = [phase |-> "write", t |-> t, v |-> v, doneAtFix |-> Done]
           /\ msgs' = msgs \cup {[type |-> "rcwrite", tag |-> t, val |-> v]}
           /\ written' = written \cup {[cfg |-> 2, tag |-> t, val |-> v, op |-> NoOp]}
    /\ UNCHANGED <<stag, sval, status, rtag, cop, cfgOf, nops, mds, hist>>

\* q2 new servers hold the pair: publish the new configuration, then FINISH.
RcPublish ==
    /\ rc.phase = "write"
    /\ Cardinality({m.src : m \in {x \in msgs : x.type = "rcack"}}) >= RcWriteNeed
    /\ mds' = [latest |-> 2, rTag |-> rc.t]
    /\ rc' = [rc EXCEPT !.phase = "finish"]
    /\ msgs' = msgs \cup {[type |-> "rcfinish", tag |-> rc.t]}
    /\ UNCHANGED <<stag, sval, status, rtag, cop, cfgOf, nops, hist, written>>

Next ==
    \/ \E c \in Clients :
        \/ \E v \in Values : Invoke(c, "PUT", v)
        \/ Invoke(c, "GET", NoValue)
        \/ PutQueried(c) \/ GetQueried(c) \/ WriteDone(c) \/ Restart(c)
    \/ \E s \in Servers : ServerQuery(s) \/ ServerWrite(s) \/ ServerRcQuery(s) \/ ServerRcWrite(s) \/ ServerRcFinish(s)
    \/ RcStart \/ RcQueried \/ RcPublish

Spec == Init /\ [][Next]_vars

\* ---------------------------------------------------------------------------
\* Properties (brief §6.1; catalogue IDs RECONF-*)

IsWritten(c, t, v) == (t = T0 /\ v = InitValue) \/ \E w \in written : w.cfg = c /\ w.tag = t /\ w.val = v

\* RECONF-L1 Tag-value agreement per configuration: every pair a server holds
\* or a message carries in configuration c was chosen in c (by a PUT, or by
\* the controller's transfer), and within c no two PUTs chose one tag.
TagValueAgreementInv ==
    /\ \A x \in Slots : IsWritten(x[2], stag[x], sval[x])
    /\ \A m \in msgs : m.type = "write" => IsWritten(m.cfg, m.tag, m.val)
    /\ \A w1, w2 \in written : w1.cfg = w2.cfg /\ w1.tag = w2.tag /\ w1.op # NoOp /\ w2.op # NoOp => w1 = w2

\* RECONF-L2 Real-time order, across configurations.
RealTimeOrderInv ==
    \A a, b \in Done : a \in hist[b].after =>
        IF hist[b].kind = "PUT" THEN TagLT(hist[a].stamp, hist[b].stamp)
                                ELSE TagLE(hist[a].stamp, hist[b].stamp)

\* RECONF-L3 Read validity: a GET returns the value chosen with its tag in the
\* configuration it completed in.
ReadValidityInv ==
    \A g \in Done : hist[g].kind = "GET" => IsWritten(hist[g].cfg, hist[g].stamp, hist[g].ret)

\* RECONF-S2 No data loss: every completed operation's tag is stored, or
\* overtaken, at q2 servers of the current configuration.
NoDataLossInv ==
    \A o \in Done :
        Cardinality({s \in Members[mds.latest] : TagLE(hist[o].stamp, stag[s, mds.latest])}) >= Q2[mds.latest]

\* RECONF-G2 The transfer covers the history: the tag the controller hands
\* over is at or above every operation completed when it chose it.
TransferCoversInv ==
    rc.phase \in {"write", "finish"} => \A o \in rc.doneAtFix : TagLE(hist[o].stamp, rc.t)

\* RECONF-G3 The new configuration holds the handed-over tag at a write
\* quorum once it is published.
NewInitializedInv ==
    mds.latest = 2 => Cardinality({s \in Members[2] : TagLE(mds.rTag, stag[s, 2])}) >= Q2[2]

\* RECONF-G4 The old configuration is closed to new invocations: an operation
\* that completes in the old configuration was invoked before the new one was
\* published (`pub`: the metadata service named configuration 2 at invocation).
OldClosedToNewInv ==
    \A o \in Done : hist[o].cfg = 1 => ~hist[o].pub

\* ---------------------------------------------------------------------------
\* Reachability witnesses (must be VIOLATED)

\* RECONF-W1: the new configuration is published and an operation completes in it.
NoOpInNewWitness == ~\E o \in Done : hist[o].cfg = 2
\* RECONF-W2: an operation fails in the old configuration and completes after its restart.
NoRestartWitness == ~\E c \in Clients : cop[c].att = 2 /\ cop[c].phase = "w"
=============================================================================
