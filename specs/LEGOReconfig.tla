----------------------------- MODULE LEGOReconfig -----------------------------
(***************************************************************************)
(* LEGOStore's reconfiguration of one key from an old configuration to a   *)
(* new one, where each configuration runs ABD (replication) or CAS (coded  *)
(* atomic storage), and clients run the static protocol of whichever       *)
(* configuration they believe current.  Source: Zare et al., "LEGOStore",  *)
(* VLDB 2022, and our brief ../shared/docs/protocols/LEGOStore.md (§2.3-   *)
(* 2.7, §3.3, §4.1-4.5, §4.7, §4.8, §5.3, §6).  The static protocols are   *)
(* specs/ABD.tla and specs/CAS.tla; this module repeats their client and   *)
(* server steps per configuration and adds the server gate, the            *)
(* controller, the metadata service, client restarts, crashes and the      *)
(* fairness the liveness properties need.                                  *)
(*                                                                         *)
(* What is modelled (brief §4.7):                                         *)
(*  - A chain of configurations 1 -> 2 -> ... -> n, each ABD or CAS        *)
(*    (constant Proto), moved along one reconfiguration at a time: the     *)
(*    next starts once the previous one has published (brief §4.7.2; most *)
(*    models have n = 2).  For each, the controller (1) pauses and queries *)
(*    Qr old servers; from an ABD configuration it takes the highest       *)
(*    (tag, value), from a CAS one the highest fin tag t, and then (2, CAS *)
(*    only) fetches the symbols of t from q4 old servers with RcGet and    *)
(*    decodes; (3) writes the pair to the new configuration (ABD: q2 acks; *)
(*    CAS: a fin-labelled symbol at max(q2, q3) servers); (4) publishes    *)
(*    the new configuration with the handed-over tag rTag; (5) sends       *)
(*    FINISH to the old servers, which close.                              *)
(*  - The server gate (brief §4.3): a PAUSED server leaves client requests *)
(*    waiting (in the set network a request simply stays undelivered); a   *)
(*    CLOSED server serves a tagged request whose tag is <= rTag and       *)
(*    answers everything else with OperationFail; a phase-1 query always   *)
(*    fails.  A failed attempt restarts the whole operation in the         *)
(*    successor the closed server names (brief §4.1), so along a chain a   *)
(*    stale client is redirected once per step (§4.7.4).  An idle client   *)
(*    may also learn the newest configuration from the metadata service.   *)
(*  - The query-quorum size Qr is the rule finding F2 is about: the        *)
(*    paper's m - q2 + 1 (ABD) / m - min(q3, q4) + 1 (CAS), or the brief's *)
(*    proposal m - min(q1, q2) + 1 / m - min(q1, q3, q4) + 1 (QrRule).     *)
(*  - Crashes (liveness models only, NextLive): a server crash-stops while *)
(*    fewer than F[c] servers of every configuration c it belongs to have  *)
(*    crashed.  The controller and the metadata service do not crash       *)
(*    (brief §6.2).                                                        *)
(*  - GC of CAS versions (constant Delta per configuration, brief §4.6),   *)
(*    CAS GET retries after GC, and the controller's proposed fallback to  *)
(*    a higher fin tag when RcGet replies lack K symbols (§4.7.2).         *)
(*                                                                         *)
(* Not modelled: the CAS optimized GET (OptGet is the ABD fast path only;  *)
(* the CAS cache is checked in CAS.tla), client crashes, and the           *)
(* controller waiting for                                                  *)
(* FINISH acks before the next reconfiguration (not waiting allows more).  *)
(*                                                                         *)
(* The network, answer-once CAS handlers and the ghost history are as in   *)
(* ABD.tla and CAS.tla.  ABD handlers are written exactly as in the ABD-    *)
(* only reconfiguration model this module replaced, so ABD-to-ABD models   *)
(* reach the same states.  The ghost `written` is per configuration (brief *)
(* §2.7): an attempt aborted in the old configuration may have chosen a    *)
(* tag that a later PUT legitimately chooses in the new one.  The history  *)
(* is checked with the tag conditions L1-L3 (which imply atomicity, Lynch  *)
(* Lemma 13.16) rather than by refinement: a restarted PUT picks a new tag, *)
(* so its stamp is not fixed once, as AtomicRegister.tla requires.         *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS
    Servers,        \* every server of either configuration
    Members,        \* [1..n -> SUBSET Servers]: the chain of configurations, oldest first (n >= 2)
    Proto,          \* [1..n -> {"ABD", "CAS"}]: the protocol each configuration runs
    Q1, Q2,         \* [1..n -> Nat]: phase-1 and write (ABD) / pre-write (CAS) quorum sizes
    Q3, Q4,         \* [1..n -> Nat]: CAS finalize and GET phase-2 quorum sizes (unused for ABD)
    K,              \* [1..n -> Nat]: CAS code dimension (unused for ABD)
    Delta,          \* [1..n -> Nat]: CAS GC keeps the symbols of the Delta highest fin tags (0: GC off; unused for ABD)
    F,              \* [1..n -> Nat]: servers of each configuration that may crash (NextLive only)
    NC,             \* clients are 1..NC
    Values,         \* values a PUT may write
    InitValue,      \* v0 (not in Values)
    Garbage,        \* what decoding CAS symbols of different values gives (not a value)
    Plan,           \* [1..NC -> Seq({"GET", "PUT", "ANY"} \cup Values)]: a value is a PUT of that value
    OptGet,         \* ABD GETs may use the one-phase fast path (brief §4.2)
    QrRule          \* "paper" or "safe" (brief §4.7.1)

\* The configurations, 1 (where the key starts) to LastCfg; the controller
\* moves the key from each to the next, one reconfiguration at a time.
LastCfg == Cardinality(DOMAIN Proto)
Cfgs == 1 .. LastCfg
Clients == 1..NC
MaxOps == LET L == {Len(Plan[c]) : c \in Clients} IN CHOOSE n \in L : \A x \in L : x <= n
M(c) == Cardinality(Members[c])
Min(a, b) == IF a <= b THEN a ELSE b
Max(a, b) == IF a >= b THEN a ELSE b

\* A CAS GET may retry (RETRY, brief §4.4) only after GC: once per operation
\* here, and only when some configuration collects.
Retries == IF \E c \in Cfgs : Proto[c] = "CAS" /\ Delta[c] > 0 THEN 1 ELSE 0
\* The attempts an operation may make: one per configuration, plus its retry.
MaxAtt == LastCfg + Retries
\* Every attempt raises the highest counter by at most one.
Tags == (0 .. (MaxAtt * NC * MaxOps)) \X (0 .. NC)
T0 == <<0, 0>>
TagLT(a, b) == a[1] < b[1] \/ (a[1] = b[1] /\ a[2] < b[2])
TagLE(a, b) == a = b \/ TagLT(a, b)
MaxTag(S) == CHOOSE t \in S : \A u \in S : TagLE(u, t)

OpIds == Clients \X (1 .. MaxOps)
NoOp == <<0, 0>>
NoValue == "no value"
NoTag == <<-1, -1>>
NoSym == "no symbol"
Syms == Values \cup {InitValue}

IsABD(c) == Proto[c] = "ABD"
IsCAS(c) == Proto[c] = "CAS"

\* ---------------------------------------------------------------------------
\* A CAS server's list of versions in one configuration (brief §2.3), as in
\* CAS.tla: a set of [tag, sym, lab] with abstract symbols (a server's
\* symbol of value v is just v; its index is fixed by the server).

Has(Ls, t) == \E e \in Ls : e.tag = t
Entry(Ls, t) == CHOOSE e \in Ls : e.tag = t
SymOf(Ls, t) == IF Has(Ls, t) THEN Entry(Ls, t).sym ELSE NoSym
FinTags(Ls) == {e.tag : e \in {x \in Ls : x.lab = "fin"}}
FinMax(Ls) == MaxTag(FinTags(Ls))

\* The GC cut of configuration c (brief §4.6, as CAS.tla GcCut): the Delta-th
\* highest fin tag; symbols of tags below it are collected.  T0 when GC is off
\* or fewer than Delta tags are fin.
GcCut(Ls, c) ==
    LET Fin == FinTags(Ls) IN
    IF Delta[c] = 0 \/ Cardinality(Fin) < Delta[c] THEN T0
    ELSE CHOOSE t \in Fin : Cardinality({u \in Fin : TagLT(t, u)}) = Delta[c] - 1
Collected(Ls, t, c) == TagLT(t, GcCut(Ls, c))
\* Collects the symbols below the cut.
Gc(Ls, c) == {IF Collected(Ls, e.tag, c) THEN [e EXCEPT !.sym = NoSym] ELSE e : e \in Ls}

\* A pre-write of symbol `sym` (CAS.tla PreEntry; the caller passes NoSym for a
\* tag below the GC cut).
PreEntry(Ls, t, sym) ==
    IF ~Has(Ls, t) THEN Ls \cup {[tag |-> t, sym |-> sym, lab |-> "pre"]}
    ELSE IF Entry(Ls, t).sym = NoSym THEN (Ls \ {Entry(Ls, t)}) \cup {[Entry(Ls, t) EXCEPT !.sym = sym]}
    ELSE Ls

\* Labels t fin, adding an entry without a symbol if t is unknown (brief §4.5 MarkFin).
MarkFin(Ls, t) ==
    IF Has(Ls, t) THEN (Ls \ {Entry(Ls, t)}) \cup {[Entry(Ls, t) EXCEPT !.lab = "fin"]}
    ELSE Ls \cup {[tag |-> t, sym |-> NoSym, lab |-> "fin"]}

\* Decoding the symbols of one tag: one value, or Garbage if they disagree.
Decode(R) ==
    LET S == {r.sym : r \in {x \in R : x.sym # NoSym}} IN
    IF Cardinality(S) = 1 THEN CHOOSE v \in S : TRUE ELSE Garbage

\* ---------------------------------------------------------------------------
\* Protocol rules (replaced by the mutants of configs/LEGOStore/MCLEGOReconfig.tla)

\* The controller's query quorum (brief §4.7.1, finding F2).  Wq is the quorum
\* every completed operation's tag reaches: q2 (ABD), min(q3, q4) (CAS).
Wq(c) == IF IsABD(c) THEN Q2[c] ELSE Min(Q3[c], Q4[c])
QrPaper(o) == M(o) - Wq(o) + 1
QrSafe(o) == M(o) - Min(Q1[o], Wq(o)) + 1
Qr(o) == IF QrRule = "paper" THEN QrPaper(o) ELSE QrSafe(o)

\* An old server pauses on the controller's query (M12: it does not).
PausesOnQuery == TRUE

\* A CLOSED server never goes back to PAUSED on a late or duplicated RcQuery
\* (brief §4.7.3; M16: it does, and the requests it then holds wait forever).
RePausesOnLateQuery == FALSE

\* New-configuration acks the controller waits for before it publishes
\* (brief §5.3 RC3: q2 for ABD, max(q2, q3) for CAS; M13: none; M17: q3 for CAS).
RcWriteNeed(n) == IF IsABD(n) THEN Q2[n] ELSE Max(Q2[n], Q3[n])

\* A CLOSED server serves a tagged request iff its tag is <= rTag (M18: any tag).
ServesWhenClosed(t, rTag) == TagLE(t, rTag)

\* As ABD.tla.
NewTag(maxSeen, c) == <<maxSeen[1] + 1, c>>
GetPhase1Need(c) == IF IsABD(c) /\ OptGet THEN IF Q1[c] >= Q2[c] THEN Q1[c] ELSE Q2[c] ELSE Q1[c]
FastPathOK(R, t, c) == OptGet /\ Cardinality({r \in R : r.tag = t}) >= Q2[c]
CountsAsQuorum(R, need) == Cardinality(R) = need /\ Cardinality({r.src : r \in R}) = need
\* The values of the replies carrying the highest tag t: one value, by L1 (MR: of any reply).
ReadValues(R, t) == {r.val : r \in {x \in R : x.tag = t}}

\* As CAS.tla: a phase-2 quorum of q4 replies holding K symbols.
CasReadDone(R, c) == CountsAsQuorum(R, Q4[c]) /\ Cardinality({r \in R : r.sym # NoSym}) >= K[c]

\* The controller decodes from q4 RcGet replies holding K symbols (mutant MK:
\* from any q4 replies, so after GC it may decode nothing and hand over
\* Garbage).
RcGetDone(R, c) == CasReadDone(R, c)

\* ---------------------------------------------------------------------------
VARIABLES
    stag, sval,     \* [Servers \X Cfgs -> ...]: each server's ABD state per configuration
    L,              \* [Servers \X Cfgs -> set of entries]: each server's CAS state per configuration
    status,         \* [Servers \X Cfgs -> {"active", "paused", "closed"}]
    rtag,           \* [Servers \X Cfgs -> Tags]: the handed-over tag a closed server serves up to
    crashed,        \* servers that have crashed (NextLive only)
    msgs,           \* every message ever sent
    cop,            \* per client: its current operation and attempt
    cfgOf,          \* per client: the configuration it believes current
    nops,           \* per client: operations invoked so far
    rc,             \* the controller: [phase, from (the configuration it retires), t, v, doneAtFix]
    mds,            \* the metadata service: [latest, rTag (handed over to latest)]
    hist,           \* ghost: operation id -> history record
    written         \* ghost: set of [cfg, tag, val, op] (op = NoOp: the controller's transfer)

vars == <<stag, sval, L, status, rtag, crashed, msgs, cop, cfgOf, nops, rc, mds, hist, written>>

Idle == [phase |-> "idle", id |-> NoOp, att |-> 0, cfg |-> 0, kind |-> "none", val |-> NoValue, tag |-> NoTag]
L0 == {[tag |-> T0, sym |-> InitValue, lab |-> "fin"]}

Slots == {<<s, c>> \in Servers \X Cfgs : s \in Members[c]}
CasSlots == {x \in Slots : IsCAS(x[2])}

\* What a server of configuration c holds as its newest stored tag (brief §6 `stored`),
\* and the value a query reply carries with it (ABD only: a CAS query returns a tag).
Stored(s, c) == IF IsABD(c) THEN stag[s, c] ELSE FinMax(L[s, c])
StoredValue(s, c) == IF IsABD(c) THEN sval[s, c] ELSE NoValue

Entries == [tag : Tags, sym : Syms \cup {NoSym}, lab : {"pre", "fin"}]

TypeOKInv ==
    /\ stag \in [Servers \X Cfgs -> Tags] /\ sval \in [Servers \X Cfgs -> Syms]
    /\ L \in [Servers \X Cfgs -> SUBSET Entries]
    /\ \A x \in Servers \X Cfgs : \A e1, e2 \in L[x] : e1.tag = e2.tag => e1 = e2
    /\ status \in [Servers \X Cfgs -> {"active", "paused", "closed"}] /\ rtag \in [Servers \X Cfgs -> Tags]
    /\ crashed \subseteq Servers
    /\ cop \in [Clients -> [phase : {"idle", "q", "w", "pre", "fin", "rf"}, id : OpIds \cup {NoOp}, att : 0 .. MaxAtt,
                             cfg : {0} \cup Cfgs, kind : {"GET", "PUT", "none"},
                             val : Syms \cup {Garbage, NoValue}, tag : Tags \cup {NoTag}]]
    /\ cfgOf \in [Clients -> Cfgs] /\ nops \in [Clients -> 0 .. MaxOps]
    /\ rc \in [phase : {"idle", "query", "get", "write", "finish"}, from : Cfgs, t : Tags \cup {NoTag},
               v : Syms \cup {Garbage, NoValue}, doneAtFix : SUBSET OpIds]
    /\ mds \in [latest : Cfgs, rTag : Tags \cup {NoTag}]
    /\ written \subseteq [cfg : Cfgs, tag : Tags, val : Syms \cup {Garbage}, op : OpIds \cup {NoOp}]

Done == {o \in DOMAIN hist : hist[o].status = "done"}

Init ==
    /\ stag = [x \in Servers \X Cfgs |-> T0]
    /\ sval = [x \in Servers \X Cfgs |-> InitValue]
    /\ L = [x \in Servers \X Cfgs |-> IF IsCAS(x[2]) THEN L0 ELSE {}]
    /\ status = [x \in Servers \X Cfgs |-> "active"]
    /\ rtag = [x \in Servers \X Cfgs |-> T0]
    /\ crashed = {}
    /\ msgs = {}
    /\ cop = [c \in Clients |-> Idle]
    /\ cfgOf = [c \in Clients |-> 1]
    /\ nops = [c \in Clients |-> 0]
    /\ rc = [phase |-> "idle", from |-> 1, t |-> NoTag, v |-> NoValue, doneAtFix |-> {}]
    /\ mds = [latest |-> 1, rTag |-> NoTag]
    /\ hist = [o \in {} |-> {}]
    /\ written = {}

Replies(c, type) == {m \in msgs : m.type = type /\ m.op = cop[c].id /\ m.att = cop[c].att}

\* A client's operation completes with tag t and result r in its configuration.
Complete(c, t, r) ==
    /\ cop' = [cop EXCEPT ![c] = Idle]
    /\ hist' = [hist EXCEPT ![cop[c].id].status = "done", ![cop[c].id].stamp = t,
                            ![cop[c].id].ret = r, ![cop[c].id].cfg = cop[c].cfg]

\* ---------------------------------------------------------------------------
\* Clients (brief §4.1, §4.2, §4.4, §4.8)

\* A client invokes an operation in the configuration it has cached, or, if it
\* asks the metadata service first (brief §4.8: any time it wants), in the
\* newest published one.  The cache is only read here, so asking at
\* invocation covers asking at any idle moment.  Phase 1 is the same query
\* in both protocols; the server answers it by its configuration's protocol.
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
                                 stamp |-> NoTag, ret |-> NoValue, cfg |-> 0, pub |-> mds.latest])
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, rc, mds, written>>

\* ABD PUT phase 1 done: a new tag above the highest seen; phase 2 writes.
PutQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "PUT" /\ IsABD(cop[c].cfg)
    /\ \E R \in SUBSET Replies(c, "qreply") :
        /\ CountsAsQuorum(R, Q1[cop[c].cfg])
        /\ LET t == NewTag(MaxTag({r.tag : r \in R}), c) IN
           /\ cop' = [cop EXCEPT ![c].phase = "w", ![c].tag = t]
           /\ msgs' = msgs \cup {[type |-> "write", cfg |-> cop[c].cfg, op |-> cop[c].id, att |-> cop[c].att,
                                  tag |-> t, val |-> cop[c].val]}
           /\ written' = written \cup {[cfg |-> cop[c].cfg, tag |-> t, val |-> cop[c].val, op |-> cop[c].id]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cfgOf, nops, rc, mds, hist>>

\* ABD GET phase 1 done: the fast path returns; otherwise the pair with the
\* highest tag is written back.
GetQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "GET" /\ IsABD(cop[c].cfg)
    /\ \E R \in SUBSET Replies(c, "qreply") :
        /\ CountsAsQuorum(R, GetPhase1Need(cop[c].cfg))
        /\ LET t == MaxTag({r.tag : r \in R}) IN
           \E v \in ReadValues(R, t) :
           IF FastPathOK(R, t, cop[c].cfg)
           THEN /\ Complete(c, t, v)
                /\ UNCHANGED msgs
           ELSE /\ cop' = [cop EXCEPT ![c].phase = "w", ![c].tag = t, ![c].val = v]
                /\ msgs' = msgs \cup {[type |-> "write", cfg |-> cop[c].cfg, op |-> cop[c].id, att |-> cop[c].att,
                                       tag |-> t, val |-> v]}
                /\ UNCHANGED hist
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cfgOf, nops, rc, mds, written>>

\* ABD phase 2 (PUT write or GET write-back) done: q2 acks.
WriteDone(c) ==
    /\ cop[c].phase = "w"
    /\ \E R \in SUBSET {m \in Replies(c, "ack") : m.tag = cop[c].tag} : CountsAsQuorum(R, Q2[cop[c].cfg])
    /\ Complete(c, cop[c].tag, IF cop[c].kind = "GET" THEN cop[c].val ELSE NoValue)
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, msgs, cfgOf, nops, rc, mds, written>>

\* CAS PUT phase 1 done: a tag above the highest fin tag seen; phase 2
\* pre-writes each server's symbol (brief §4.4).
CasPutQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "PUT" /\ IsCAS(cop[c].cfg)
    /\ \E R \in SUBSET Replies(c, "qreply") :
        /\ CountsAsQuorum(R, Q1[cop[c].cfg])
        /\ LET t == NewTag(MaxTag({r.tag : r \in R}), c) IN
           /\ cop' = [cop EXCEPT ![c].phase = "pre", ![c].tag = t]
           /\ msgs' = msgs \cup {[type |-> "pre", cfg |-> cop[c].cfg, op |-> cop[c].id, att |-> cop[c].att,
                                  tag |-> t, val |-> cop[c].val]}
           /\ written' = written \cup {[cfg |-> cop[c].cfg, tag |-> t, val |-> cop[c].val, op |-> cop[c].id]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cfgOf, nops, rc, mds, hist>>

\* CAS PUT phase 2 done: q2 servers hold a symbol; phase 3 labels the tag fin.
CasPutPreWritten(c) ==
    /\ cop[c].phase = "pre"
    /\ \E R \in SUBSET {m \in Replies(c, "preack") : m.tag = cop[c].tag} : CountsAsQuorum(R, Q2[cop[c].cfg])
    /\ cop' = [cop EXCEPT ![c].phase = "fin"]
    /\ msgs' = msgs \cup {[type |-> "fin", cfg |-> cop[c].cfg, op |-> cop[c].id, att |-> cop[c].att,
                           tag |-> cop[c].tag]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cfgOf, nops, rc, mds, hist, written>>

\* CAS PUT phase 3 done: q3 servers labelled the tag fin.
CasPutFinalized(c) ==
    /\ cop[c].phase = "fin"
    /\ \E R \in SUBSET {m \in Replies(c, "finack") : m.tag = cop[c].tag} : CountsAsQuorum(R, Q3[cop[c].cfg])
    /\ Complete(c, cop[c].tag, NoValue)
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, msgs, cfgOf, nops, rc, mds, written>>

\* CAS GET phase 1 done: phase 2 labels the highest fin tag fin at q4 servers
\* and collects symbols.
CasGetQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "GET" /\ IsCAS(cop[c].cfg)
    /\ \E R \in SUBSET Replies(c, "qreply") :
        /\ CountsAsQuorum(R, Q1[cop[c].cfg])
        /\ LET t == MaxTag({r.tag : r \in R}) IN
           /\ cop' = [cop EXCEPT ![c].phase = "rf", ![c].tag = t]
           /\ msgs' = msgs \cup {[type |-> "readfin", cfg |-> cop[c].cfg, op |-> cop[c].id, att |-> cop[c].att,
                                  tag |-> t]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cfgOf, nops, rc, mds, hist, written>>

\* CAS GET phase 2 done: decode and return.
CasGetDecoded(c) ==
    /\ cop[c].phase = "rf"
    /\ \E R \in SUBSET {m \in Replies(c, "readreply") : m.tag = cop[c].tag} :
        /\ CasReadDone(R, cop[c].cfg)
        /\ Complete(c, cop[c].tag, Decode(R))
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, msgs, cfgOf, nops, rc, mds, written>>

\* CAS GET phase 2 cannot decode: every live server of the configuration
\* replied and fewer than K hold a symbol (only after GC, brief §4.4; CAS.tla
\* GetRetry).  RETRY: a new attempt from phase 1 in the same configuration.
CasGetRetry(c) ==
    /\ cop[c].phase = "rf" /\ cop[c].att < MaxAtt
    /\ LET R == {m \in Replies(c, "readreply") : m.tag = cop[c].tag} IN
       /\ Members[cop[c].cfg] \ crashed \subseteq {r.src : r \in R}
       /\ Cardinality({r.src : r \in {x \in R : x.sym # NoSym}}) < K[cop[c].cfg]
    /\ cop' = [cop EXCEPT ![c].phase = "q", ![c].att = @ + 1, ![c].tag = NoTag]
    /\ msgs' = msgs \cup {[type |-> "query", cfg |-> cop[c].cfg, op |-> cop[c].id, att |-> cop[c].att + 1]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cfgOf, nops, rc, mds, hist, written>>

\* Protocol rule: a failed attempt restarts in the configuration the failing
\* server names: a closed server of configuration c names its successor
\* c + 1 (brief §4.1 MOVED, §4.7.4; in a chain c0 -> c1 -> c2 a client of c0
\* is redirected twice).  (Mutant MC restarts in the configuration the client
\* had cached.)
RestartConfig(c) == cop[c].cfg + 1

\* OperationFail for the current attempt: restart the whole operation in
\* RestartConfig(c).  Only an attempt in a configuration that has a
\* successor can fail, and each restart moves one step along the chain, so
\* an operation makes at most LastCfg attempts (plus a GET's retry); the
\* guard on att says so for the mutants too.
Restart(c) ==
    /\ cop[c].phase \in {"q", "w", "pre", "fin", "rf"} /\ cop[c].cfg < LastCfg /\ cop[c].att < MaxAtt
    /\ Replies(c, "fail") # {}
    /\ LET nc == RestartConfig(c) IN
       /\ cop' = [cop EXCEPT ![c].phase = "q", ![c].att = @ + 1, ![c].cfg = nc, ![c].tag = NoTag,
                             ![c].val = IF cop[c].kind = "GET" THEN NoValue ELSE hist[cop[c].id].val]
       /\ cfgOf' = [cfgOf EXCEPT ![c] = nc]
       /\ msgs' = msgs \cup {[type |-> "query", cfg |-> nc, op |-> cop[c].id, att |-> cop[c].att + 1]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, nops, rc, mds, hist, written>>

ClientStep(c) ==
    \/ PutQueried(c) \/ GetQueried(c) \/ WriteDone(c)
    \/ CasPutQueried(c) \/ CasPutPreWritten(c) \/ CasPutFinalized(c) \/ CasGetQueried(c) \/ CasGetDecoded(c)
    \/ CasGetRetry(c) \/ Restart(c)

\* ---------------------------------------------------------------------------
\* Servers (brief §4.3 with the Gate, §4.5, §4.7.3)

Answered(s, m) == \E r \in msgs : r.type \in {"qreply", "fail"} /\ r.op = m.op /\ r.att = m.att /\ r.src = s

\* A phase-1 query: served while active (ABD: tag and value; CAS: highest fin
\* tag), waits while paused, fails when closed.
ServerQuery(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type = "query" /\ s \in Members[m.cfg] /\ ~Answered(s, m)
        /\ status[s, m.cfg] # "paused"
        /\ msgs' = msgs \cup
              {IF status[s, m.cfg] # "active"
               THEN [type |-> "fail", op |-> m.op, att |-> m.att, src |-> s]
               ELSE [type |-> "qreply", op |-> m.op, att |-> m.att, src |-> s, tag |-> Stored(s, m.cfg),
                     val |-> StoredValue(s, m.cfg)]}
        /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cop, cfgOf, nops, rc, mds, hist, written>>

\* The gate for a tagged request m at s: proceed while active, or closed with
\* a tag the server may still serve.
Proceeds(s, m) == status[s, m.cfg] = "active" \/ ServesWhenClosed(m.tag, rtag[s, m.cfg])

\* An ABD write (PUT phase 2 or GET write-back).
ServerWrite(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type = "write" /\ s \in Members[m.cfg]
        /\ status[s, m.cfg] # "paused"
        /\ IF Proceeds(s, m)
           THEN /\ IF TagLT(stag[s, m.cfg], m.tag)
                   THEN stag' = [stag EXCEPT ![s, m.cfg] = m.tag] /\ sval' = [sval EXCEPT ![s, m.cfg] = m.val]
                   ELSE UNCHANGED <<stag, sval>>
                /\ msgs' = msgs \cup {[type |-> "ack", op |-> m.op, att |-> m.att, src |-> s, tag |-> m.tag]}
           ELSE /\ msgs' = msgs \cup {[type |-> "fail", op |-> m.op, att |-> m.att, src |-> s]}
                /\ UNCHANGED <<stag, sval>>
        /\ UNCHANGED <<L, status, rtag, crashed, cop, cfgOf, nops, rc, mds, hist, written>>

\* The reply each kind of client request gets when it is served (a refused
\* one gets a fail).
ReplyType == [t \in {"query", "write", "pre", "fin", "readfin"} |->
                 CASE t = "query" -> "qreply" [] t = "write" -> "ack" [] t = "pre" -> "preack"
                   [] t = "fin" -> "finack" [] t = "readfin" -> "readreply"]

\* Request m has been answered by s: its reply, or a fail for the same
\* attempt (a fail does not name the request it refuses).  CAS requests are
\* handled once.
RequestAnswered(s, m) ==
    \E r \in msgs : r.type \in {ReplyType[m.type], "fail"} /\ r.op = m.op /\ r.att = m.att /\ r.src = s

\* The CAS handlers behind the gate: the new list of versions and the reply.
CasHandle(s, m) ==
    LET Ls == L[s, m.cfg] IN
    CASE m.type = "pre" ->
           [ls |-> PreEntry(Ls, m.tag, IF Collected(Ls, m.tag, m.cfg) THEN NoSym ELSE m.val),
            reply |-> [type |-> "preack", op |-> m.op, att |-> m.att, src |-> s, tag |-> m.tag]]
      [] m.type = "fin" ->
           [ls |-> Gc(MarkFin(Ls, m.tag), m.cfg),
            reply |-> [type |-> "finack", op |-> m.op, att |-> m.att, src |-> s, tag |-> m.tag]]
      [] m.type = "readfin" ->
           [ls |-> Gc(MarkFin(Ls, m.tag), m.cfg),
            reply |-> [type |-> "readreply", op |-> m.op, att |-> m.att, src |-> s, tag |-> m.tag,
                       sym |-> SymOf(Gc(MarkFin(Ls, m.tag), m.cfg), m.tag)]]


\* CasPre, CasFin and CasReadFin (brief §4.5) through the gate.
ServerCas(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type \in {"pre", "fin", "readfin"} /\ s \in Members[m.cfg]
        /\ ~RequestAnswered(s, m)
        /\ status[s, m.cfg] # "paused"
        /\ IF Proceeds(s, m)
           THEN LET h == CasHandle(s, m) IN
                /\ L' = [L EXCEPT ![s, m.cfg] = h.ls]
                /\ msgs' = msgs \cup {h.reply}
           ELSE /\ msgs' = msgs \cup {[type |-> "fail", op |-> m.op, att |-> m.att, src |-> s]}
                /\ UNCHANGED L
    /\ UNCHANGED <<stag, sval, status, rtag, crashed, cop, cfgOf, nops, rc, mds, hist, written>>

\* The controller's messages name the configuration they address: the one
\* being retired (RcQuery, RcGet, RcFinish) or its successor (RcWrite).  A
\* server answers each once per configuration.
RcAnswered(s, type, c) == \E r \in msgs : r.type = type /\ r.src = s /\ r.cfg = c

\* RcQuery: pause (an active server only: a closed one stays closed), then
\* report the stored tag (ABD: and value; CAS: the highest fin tag).
ServerRcQuery(s) ==
    /\ s \notin crashed
    /\ \E c \in Cfgs :
        /\ s \in Members[c] /\ [type |-> "rcquery", cfg |-> c] \in msgs
        /\ ~RcAnswered(s, "rcreply", c)
        /\ status' = IF status[s, c] = "active" /\ PausesOnQuery THEN [status EXCEPT ![s, c] = "paused"] ELSE status
        /\ msgs' = msgs \cup {[type |-> "rcreply", src |-> s, cfg |-> c, tag |-> Stored(s, c), val |-> StoredValue(s, c)]}
    /\ UNCHANGED <<stag, sval, L, rtag, crashed, cop, cfgOf, nops, rc, mds, hist, written>>

\* M16 only: a closed server handles a late or duplicated RcQuery again and
\* pauses.  Disabled in the protocol (RePausesOnLateQuery = FALSE), where a
\* second delivery changes nothing (its reply equals the first).
ServerRcQueryAgain(s) ==
    /\ RePausesOnLateQuery
    /\ s \notin crashed
    /\ \E c \in Cfgs :
        /\ s \in Members[c] /\ status[s, c] = "closed" /\ [type |-> "rcquery", cfg |-> c] \in msgs
        /\ status' = [status EXCEPT ![s, c] = "paused"]
    /\ UNCHANGED <<stag, sval, L, rtag, crashed, msgs, cop, cfgOf, nops, rc, mds, hist, written>>

\* What an RcGet reply reports as the server's highest fin tag (the brief's
\* proposed finMax field, §4.7.2), for the controller's GC fallback; without GC
\* in that configuration the field is unused (NoTag).
RcGetFinMax(s, c) == IF Delta[c] > 0 THEN FinMax(L[s, c]) ELSE NoTag

\* RcGet (CAS configuration being retired, brief §4.7.3): answered once per
\* tag, even while paused or closed, with the symbol held for the tag (the artifact's
\* optional MarkFin is left out: it changes no label a later step reads
\* here, since the retired configuration only serves tags <= rTag from now on).
ServerRcGet(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type = "rcget" /\ s \in Members[m.cfg]
        /\ ~\E r \in msgs : r.type = "rcgetreply" /\ r.src = s /\ r.cfg = m.cfg /\ r.tag = m.tag
        /\ msgs' = msgs \cup {[type |-> "rcgetreply", src |-> s, cfg |-> m.cfg, tag |-> m.tag,
                               sym |-> SymOf(L[s, m.cfg], m.tag), fin |-> RcGetFinMax(s, m.cfg)]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cop, cfgOf, nops, rc, mds, hist, written>>

\* RcWrite at a server of the successor: ABD stores the handed-over pair if
\* newer; CAS stores the server's symbol labelled fin (brief §4.7.3).
ServerRcWrite(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type = "rcwrite" /\ s \in Members[m.cfg]
        /\ ~RcAnswered(s, "rcack", m.cfg)
        /\ IF IsABD(m.cfg)
           THEN /\ IF TagLT(stag[s, m.cfg], m.tag)
                   THEN stag' = [stag EXCEPT ![s, m.cfg] = m.tag] /\ sval' = [sval EXCEPT ![s, m.cfg] = m.val]
                   ELSE UNCHANGED <<stag, sval>>
                /\ UNCHANGED L
           ELSE /\ L' = [L EXCEPT ![s, m.cfg] = Gc({e \in @ : e.tag # m.tag} \cup {[tag |-> m.tag, sym |-> m.val, lab |-> "fin"]}, m.cfg)]
                /\ UNCHANGED <<stag, sval>>
        /\ msgs' = msgs \cup {[type |-> "rcack", src |-> s, cfg |-> m.cfg]}
    /\ UNCHANGED <<status, rtag, crashed, cop, cfgOf, nops, rc, mds, hist, written>>

\* RcFinish: close with the handed-over tag (also from active: FINISH may
\* overtake the query, brief §4.7.3); the waiting requests are then decided
\* by the gate, and refused ones name the successor.
\* Handled once, acknowledged with RcFinishAck (in the protocol a closed
\* server ignores a second FINISH; under M16 a re-paused one must not be
\* closed again by a duplicate, brief §8 M16).
ServerRcFinish(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type = "rcfinish" /\ s \in Members[m.cfg]
        /\ status[s, m.cfg] # "closed" /\ ~RcAnswered(s, "rcfinack", m.cfg)
        /\ status' = [status EXCEPT ![s, m.cfg] = "closed"]
        /\ rtag' = [rtag EXCEPT ![s, m.cfg] = m.tag]
        /\ msgs' = msgs \cup {[type |-> "rcfinack", src |-> s, cfg |-> m.cfg]}
    /\ UNCHANGED <<stag, sval, L, crashed, cop, cfgOf, nops, rc, mds, hist, written>>

ServerStep(s) ==
    \/ ServerQuery(s) \/ ServerWrite(s) \/ ServerCas(s)
    \/ ServerRcQuery(s) \/ ServerRcQueryAgain(s) \/ ServerRcGet(s) \/ ServerRcWrite(s) \/ ServerRcFinish(s)

\* ---------------------------------------------------------------------------
\* The controller (brief §4.7.2) and the metadata service (§4.8)

\* A reconfiguration retires the newest configuration in favour of its
\* successor.  Reconfigurations are sequential (brief §4.7.2): the next one
\* may start once the previous one has published (protocol rule; mutant MP
\* starts it as soon as the transfer begins).  It does not wait for the
\* FINISH acks (the artifact waits for m - f of them), so the models hold
\* every interleaving of a late FINISH with the next reconfiguration.
NextMayStart == rc.phase \in {"idle", "finish"}
\* The configuration the next reconfiguration retires: the first, then the
\* successor of the last one retired (in the protocol, the newest published).
NextFrom == IF rc.phase = "idle" THEN 1 ELSE rc.from + 1

RcStart ==
    /\ NextMayStart /\ NextFrom < LastCfg
    /\ rc' = [phase |-> "query", from |-> NextFrom, t |-> NoTag, v |-> NoValue, doneAtFix |-> {}]
    /\ msgs' = msgs \cup {[type |-> "rcquery", cfg |-> NextFrom]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cop, cfgOf, nops, mds, hist, written>>

\* Step 3 begins: hand (t, v) to the successor.
BeginTransfer(t, v) ==
    /\ rc' = [rc EXCEPT !.phase = "write", !.t = t, !.v = v, !.doneAtFix = Done]
    /\ msgs' = msgs \cup {[type |-> "rcwrite", cfg |-> rc.from + 1, tag |-> t, val |-> v]}
    /\ written' = written \cup {[cfg |-> rc.from + 1, tag |-> t, val |-> v, op |-> NoOp]}

\* Qr replies.  ABD: the highest (tag, value) goes to the successor.  CAS:
\* the highest fin tag; its symbols are fetched next (Step 2).
RcQueried ==
    /\ rc.phase = "query"
    /\ \E R \in SUBSET {m \in msgs : m.type = "rcreply" /\ m.cfg = rc.from} :
        /\ CountsAsQuorum(R, Qr(rc.from))
        /\ LET t == MaxTag({r.tag : r \in R})
               v == (CHOOSE r \in R : r.tag = t).val IN
           IF IsABD(rc.from)
           THEN BeginTransfer(t, v)
           ELSE /\ rc' = [rc EXCEPT !.phase = "get", !.t = t]
                /\ msgs' = msgs \cup {[type |-> "rcget", cfg |-> rc.from, tag |-> t]}
                /\ UNCHANGED written
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cop, cfgOf, nops, mds, hist>>

\* CAS configuration being retired: q4 RcGet replies holding K symbols of t;
\* decode.
RcGot ==
    /\ rc.phase = "get"
    /\ \E R \in SUBSET {m \in msgs : m.type = "rcgetreply" /\ m.cfg = rc.from /\ m.tag = rc.t} :
        /\ RcGetDone(R, rc.from)
        /\ BeginTransfer(rc.t, Decode(R))
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cop, cfgOf, nops, mds, hist>>

\* The brief's proposed GC fallback (§4.7.2): q4 RcGet replies for t hold fewer
\* than K symbols (servers the controller had not paused collected them after
\* newer PUTs finished) and one reports a higher fin tag: hand over that tag
\* instead (what a GET could have returned) and fetch its symbols.  Modelled
\* as the C# controller does it, without waiting for every live member (the
\* brief waits for them first): a superset of the brief's behaviours.
RcGcFallback ==
    /\ rc.phase = "get"
    /\ \E R \in SUBSET {m \in msgs : m.type = "rcgetreply" /\ m.cfg = rc.from /\ m.tag = rc.t} :
        /\ CountsAsQuorum(R, Q4[rc.from])
        /\ Cardinality({r \in R : r.sym # NoSym}) < K[rc.from]
        /\ \E r \in R : r.fin # NoTag /\ TagLT(rc.t, r.fin)
        /\ LET t == MaxTag({r.fin : r \in {x \in R : x.fin # NoTag}}) IN
           /\ rc' = [rc EXCEPT !.t = t]
           /\ msgs' = msgs \cup {[type |-> "rcget", cfg |-> rc.from, tag |-> t]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cop, cfgOf, nops, mds, hist, written>>

\* The successor holds the pair at its write quorum: publish it, then FINISH.
RcPublish ==
    /\ rc.phase = "write"
    /\ Cardinality({m.src : m \in {x \in msgs : x.type = "rcack" /\ x.cfg = rc.from + 1}}) >= RcWriteNeed(rc.from + 1)
    /\ mds' = [latest |-> rc.from + 1, rTag |-> rc.t]
    /\ rc' = [rc EXCEPT !.phase = "finish"]
    /\ msgs' = msgs \cup {[type |-> "rcfinish", cfg |-> rc.from, tag |-> rc.t]}
    /\ UNCHANGED <<stag, sval, L, status, rtag, crashed, cop, cfgOf, nops, hist, written>>

ControllerStep == RcQueried \/ RcGot \/ RcGcFallback \/ RcPublish

Next ==
    \/ \E c \in Clients :
        \/ \E v \in Values : Invoke(c, "PUT", v)
        \/ Invoke(c, "GET", NoValue)
        \/ ClientStep(c)
    \/ \E s \in Servers : ServerStep(s)
    \/ RcStart \/ ControllerStep

Spec == Init /\ [][Next]_vars

\* ---------------------------------------------------------------------------
\* Crashes and fairness, for the liveness properties (brief §6.2)

\* A server crash-stops while every configuration it belongs to has fewer
\* than F[c] crashed servers.
Crash(s) ==
    /\ s \notin crashed
    /\ \A c \in Cfgs : s \in Members[c] => Cardinality(crashed \cap Members[c]) < F[c]
    /\ crashed' = crashed \cup {s}
    /\ UNCHANGED <<stag, sval, L, status, rtag, msgs, cop, cfgOf, nops, rc, mds, hist, written>>

NextLive == Next \/ \E s \in Servers : Crash(s)

\* Weak fairness on every client step after invocation, on every live
\* server's steps and on the controller (which starts the reconfiguration in
\* every behaviour).  Invoking is not fair: clients may stop.  The network is
\* reliable here: a message in `msgs` stays deliverable, and weak fairness on
\* a live server's steps delivers it (brief §6.2).
Fairness ==
    /\ \A c \in Clients : WF_vars(ClientStep(c))
    /\ \A s \in Servers : WF_vars(ServerStep(s))
    /\ WF_vars(RcStart \/ ControllerStep)

LiveSpec == Init /\ [][NextLive]_vars /\ Fairness

\* ---------------------------------------------------------------------------
\* Properties (brief §6; catalogue IDs RECONF-*)

IsWritten(c, t, v) == (t = T0 /\ v = InitValue) \/ \E w \in written : w.cfg = c /\ w.tag = t /\ w.val = v

\* RECONF-L1 Tag-value agreement per configuration: every pair an ABD server
\* holds, every symbol a CAS server holds and every value a write or a
\* pre-write carries in configuration c was chosen in c (by a PUT, or by the
\* controller's transfer), and within c no two PUTs chose one tag.
TagValueAgreementInv ==
    /\ \A x \in Slots : IsABD(x[2]) => IsWritten(x[2], stag[x], sval[x])
    /\ \A x \in CasSlots : \A e \in L[x] : e.sym # NoSym => IsWritten(x[2], e.tag, e.sym)
    /\ \A m \in msgs : m.type \in {"write", "pre"} => IsWritten(m.cfg, m.tag, m.val)
    /\ \A w1, w2 \in written : w1.cfg = w2.cfg /\ w1.tag = w2.tag /\ w1.op # NoOp /\ w2.op # NoOp => w1 = w2

\* RECONF-L2 Real-time order, across configurations.
RealTimeOrderInv ==
    \A a, b \in Done : a \in hist[b].after =>
        IF hist[b].kind = "PUT" THEN TagLT(hist[a].stamp, hist[b].stamp)
                                ELSE TagLE(hist[a].stamp, hist[b].stamp)

\* RECONF-L3 Read validity: a GET returns the value chosen with its tag in the
\* configuration it completed in (never Garbage).
ReadValidityInv ==
    \A g \in Done : hist[g].kind = "GET" => IsWritten(hist[g].cfg, hist[g].stamp, hist[g].ret)

\* RECONF-S2 No data loss: every completed operation's tag is stored, or
\* overtaken, at Wq servers of the current configuration (ABD: q2 holding the
\* tag; CAS: min(q3, q4) holding it as fin).
NoDataLossInv ==
    \A o \in Done :
        Cardinality({s \in Members[mds.latest] : TagLE(hist[o].stamp, Stored(s, mds.latest))}) >= Wq(mds.latest)

\* RECONF-G2 The transfer covers the history: the tag the controller hands
\* over is at or above every operation completed when it fixed the pair, and
\* the value is the one chosen with that tag in the old configuration (for a
\* CAS old configuration: the decoded symbols are not Garbage).
TransferCoversInv ==
    rc.phase \in {"write", "finish"} =>
        /\ \A o \in rc.doneAtFix : TagLE(hist[o].stamp, rc.t)
        /\ IsWritten(rc.from, rc.t, rc.v)

\* RECONF-G3 A configuration holds the tag handed over to it at its write
\* quorum once it is published (ABD: q2; CAS: max(q2, q3) fin).  Checked for
\* the newest one: stored tags only grow (RECONF-S1), so it stays true for
\* the earlier ones.
NewInitializedInv ==
    mds.latest > 1 =>
        LET n == mds.latest IN
        Cardinality({s \in Members[n] : TagLE(mds.rTag, Stored(s, n))}) >= IF IsABD(n) THEN Q2[n] ELSE Max(Q2[n], Q3[n])

\* RECONF-G4 A retired configuration is closed to new invocations: an
\* operation that completes in configuration c was invoked before c's
\* successor was published (`pub`: the newest configuration the metadata
\* service named at invocation).
OldClosedToNewInv ==
    \A o \in Done : hist[o].pub <= hist[o].cfg

\* RECONF-D1 Decodability in every published CAS configuration without GC
\* (brief §6.1 D1, stated as in CAS.tla): every tag labelled fin at a server
\* of c has symbols at K + m - q4 servers of c, so every q4 replies hold K of
\* them.  A configuration counts once published (before, RcWrite labels fin
\* one server at a time).
Published(c) == c <= mds.latest
DecodabilityInv ==
    \A x \in CasSlots : Published(x[2]) /\ Delta[x[2]] = 0 =>
        \A t \in FinTags(L[x]) :
            Cardinality({u \in Members[x[2]] : SymOf(L[u, x[2]], t) # NoSym}) >= K[x[2]] + M(x[2]) - Q4[x[2]]

\* RECONF-G5 The configurations form one chain with at most one
\* reconfiguration in progress (brief §6.1 G5): the one in progress retires
\* the newest published configuration, and a finished one has published its
\* successor.
ConfigChainInv ==
    /\ rc.phase \in {"query", "get", "write"} => rc.from = mds.latest
    /\ rc.phase = "finish" => mds.latest = rc.from + 1

\* RECONF-R2 Recoverability under GC in every published CAS configuration
\* (brief §6.1 R2, as CAS.tla RecoverableInv): the symbols of the highest tag
\* labelled fin at any server of c are held by q2 servers of c.
RecoverableInv ==
    \A c \in Cfgs : (IsCAS(c) /\ Published(c) /\ Delta[c] > 0) =>
        LET top == MaxTag(UNION {FinTags(L[s, c]) : s \in Members[c]}) IN
        Cardinality({s \in Members[c] : SymOf(L[s, c], top) # NoSym}) >= Q2[c]

\* Liveness (brief §6.2; checked with LiveSpec, no symmetry, no VIEW).
\* Client requests to s that s has not answered.
Unanswered(s) ==
    \E m \in msgs : m.type \in DOMAIN ReplyType /\ s \in Members[m.cfg] /\ ~RequestAnswered(s, m)

\* RECONF-T1 Every operation of a client completes (clients do not crash here).
OpsCompleteProp == \A c \in Clients : cop[c].phase # "idle" ~> cop[c].phase = "idle"

\* RECONF-T2 The reconfigurations terminate: once one has started, the last
\* configuration is published and every live server of every earlier one
\* has closed (the controller starts every reconfiguration of the chain).
ReconfTerminatesProp ==
    rc.phase # "idle" ~> (mds.latest = LastCfg /\ \A c \in Cfgs \ {LastCfg} : \A s \in Members[c] \ crashed : status[s, c] = "closed")

\* RECONF-T4 A client working in a stale configuration catches up: once
\* configuration n is published, a client with an operation pending in an
\* older one eventually believes n (or a later one), or finishes its
\* operation (brief §6.2 T4; a finite chain, so finitely many
\* reconfigurations).  Clients do not crash here, so T1 implies T4; T4 is the
\* part of T1 that mutant MC breaks.
StaleClientCatchesUpProp ==
    \A c \in Clients : \A n \in Cfgs :
        (mds.latest = n /\ cfgOf[c] < n /\ cop[c].phase # "idle") ~> (cfgOf[c] >= n \/ cop[c].phase = "idle")

\* RECONF-T3 Every request a live server receives is eventually answered
\* (none waits forever in a paused server's buffer).  With finitely many
\* requests, "infinitely often nothing is pending at s" says exactly that.
RequestsAnsweredProp == \A s \in Servers : []<>(s \in crashed \/ ~Unanswered(s))

\* ---------------------------------------------------------------------------
\* Reachability witnesses (must be VIOLATED)

\* RECONF-W1: the new configuration is published and an operation completes in it.
NoOpInNewWitness == ~\E o \in Done : hist[o].cfg = 2
\* RECONF-W4 (chains of three or more): an operation completes in the last
\* configuration.  RECONF-W5: a client redirected twice (c1 -> c2 -> c3)
\* reaches its second phase.
NoOpInLastWitness == ~\E o \in Done : hist[o].cfg = LastCfg
NoDoubleRestartWitness == ~\E c \in Clients : cop[c].att >= 3 /\ cop[c].phase \in {"w", "pre", "rf"}
\* RECONF-W6 (chains): the second reconfiguration hands over a value a PUT
\* wrote (out of configuration 2, where the first one had put it or a PUT
\* wrote it).
NoSecondTransferWitness == ~(rc.from >= 2 /\ rc.phase \in {"write", "finish"} /\ rc.v \in Values)
\* RECONF-W7 (GC): the controller fell back to a higher fin tag (it asked for
\* the symbols of two tags) and went on to hand a written value over.
NoGcFallbackWitness ==
    ~(/\ Cardinality({m.tag : m \in {x \in msgs : x.type = "rcget"}}) > 1
      /\ rc.phase \in {"write", "finish"} /\ rc.v \in Values)
\* RECONF-W2: an operation fails in the old configuration and its restart
\* reaches its second phase in the new one.
NoRestartWitness == ~\E c \in Clients : cop[c].att = 2 /\ cop[c].phase \in {"w", "pre", "rf"}
\* RECONF-W3: the controller hands over a value a PUT wrote (from a CAS old
\* configuration: decoded from RcGet replies).
NoWrittenTransferWitness == ~(rc.phase \in {"write", "finish"} /\ rc.v \in Values)
=============================================================================
