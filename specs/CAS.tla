-------------------------------- MODULE CAS ---------------------------------
(***************************************************************************)
(* LEGOStore's erasure-coded protocol: CAS (coded atomic storage, not      *)
(* CASPaxos) for one key in one configuration, with the optimized GET and  *)
(* garbage collection of old coded versions.  Source: Zare et al.,         *)
(* "LEGOStore", VLDB 2022, and our brief ../shared/docs/protocols/         *)
(* LEGOStore.md (§2.2-2.4, §4.4-4.6, §5.2, §6.1).  Reconfiguration is a    *)
(* separate concern; ABD is specs/ABD.tla, whose modelling choices this    *)
(* module shares.                                                          *)
(*                                                                         *)
(* Modelling choices (brief §2.2, §7):                                    *)
(*  - Coded elements are abstract: the symbol a server holds for a tag is  *)
(*    the pair <<value, the server's index>>, and since a server's index   *)
(*    is fixed, a server stores just the value.  Decoding K symbols of one *)
(*    tag gives that value if they all carry the same value and GARBAGE    *)
(*    otherwise (symbols of different versions do not decode).            *)
(*  - A server's list of versions L[s] is a set of records                 *)
(*    [tag, sym, lab]: sym is a value or NoSym (no symbol held: never      *)
(*    received, or collected), lab is "pre" or "fin".                      *)
(*  - The network is the set `msgs` of every message ever sent; messages   *)
(*    carry the operation id and its attempt (a GET that cannot decode     *)
(*    retries from phase 1 in a new attempt, brief §4.4).                  *)
(*  - A server handles each request once.  Every handler is idempotent     *)
(*    (storing a symbol only where none is held, labelling fin, and GC     *)
(*    never undo each other), so a second delivery changes nothing and its *)
(*    reply is what the first reply would have been had the request        *)
(*    arrived later; since delivery order is free, handling once at any    *)
(*    time covers it.                                                      *)
(*  - Servers crash-stop (at most F) and clients may crash mid-operation   *)
(*    (NextWithCrashes, for liveness; see ABD.tla for why Next has none).  *)
(*  - Ghost `hist` and `written` as in ABD.tla (brief §2.7); the history   *)
(*    refines specs/AtomicRegister.tla.                                    *)
(*                                                                         *)
(* The rules mutants replace are the named operators of "Protocol rules";  *)
(* configs/LEGOStore/MCCAS.tla overrides them.  This module has no mutant. *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences, TLC

CONSTANTS
    Servers,        \* the configuration's servers (m = Cardinality(Servers))
    NC,             \* clients are 1..NC
    Values,         \* values a PUT may write
    InitValue,      \* v0, the value before any PUT (not in Values)
    Garbage,        \* what decoding symbols of different values gives (not a value)
    K,              \* code dimension: K symbols decode a value
    Q1, Q2, Q3, Q4, \* quorums: query, pre-write, finalize, GET's fin write-back
    F,              \* servers that may crash
    Delta,          \* GC keeps the symbols of the Delta highest fin tags (0: GC off)
    Plan,           \* [1..NC -> Seq({"GET", "PUT", "ANY"})]: each client's operations, in order
    OptGet,         \* TRUE: GETs may use the cached fast path (brief §4.4)
    ArtGuard,       \* TRUE: the artifact's fast-path guard (q4 fin replies); FALSE: the paper's (cache hit)
    MaxAttempts     \* bound on a GET's attempts (a RETRY starts a new one)

Clients == 1..NC
MaxOps == LET L == {Len(Plan[c]) : c \in Clients} IN CHOOSE n \in L : \A x \in L : x <= n
M == Cardinality(Servers)
Max(a, b) == IF a >= b THEN a ELSE b
Min(a, b) == IF a <= b THEN a ELSE b

\* ---------------------------------------------------------------------------
\* Tags (brief §2.2), as in ABD.tla
Tags == (0 .. (NC * MaxOps)) \X (0 .. NC)
T0 == <<0, 0>>
TagLT(a, b) == a[1] < b[1] \/ (a[1] = b[1] /\ a[2] < b[2])
TagLE(a, b) == a = b \/ TagLT(a, b)
MaxTag(S) == CHOOSE t \in S : \A u \in S : TagLE(u, t)

OpIds == Clients \X (1 .. MaxOps)
NoValue == "no value"
NoTag == <<-1, -1>>
NoSym == "no symbol"
Syms == Values \cup {InitValue}

\* ---------------------------------------------------------------------------
\* A server's list of versions (brief §2.3)

Has(Ls, t) == \E e \in Ls : e.tag = t
Entry(Ls, t) == CHOOSE e \in Ls : e.tag = t
SymOf(Ls, t) == IF Has(Ls, t) THEN Entry(Ls, t).sym ELSE NoSym
FinTags(Ls) == {e.tag : e \in {x \in Ls : x.lab = "fin"}}
FinMax(Ls) == MaxTag(FinTags(Ls))

\* The GC cut (brief §4.6): the Delta-th highest fin tag; symbols of tags below
\* it are collected.  T0 when GC is off or fewer than Delta tags are fin.
GcCut(Ls) ==
    LET Fin == FinTags(Ls) IN
    IF Delta = 0 \/ Cardinality(Fin) < Delta THEN T0
    ELSE CHOOSE t \in Fin : Cardinality({u \in Fin : TagLT(t, u)}) = Delta - 1

\* ---------------------------------------------------------------------------
\* Protocol rules (replaced by the mutants of configs/LEGOStore/MCCAS.tla)

\* Copies of one pre-write ack the network can tell apart (as ABD.tla).  In the
\* set network a re-sent ack is the same message, so there is one (copy 0).
\* Mutant M15's cfg sets 1: a bag, where a duplicated pre-write delivery is
\* handled again and yields a second, distinct ack, so that counting messages
\* differs from counting servers.
AckCopies == 0

\* A PUT's new tag from the highest fin tag of its phase-1 replies (brief §4.4).
NewTag(maxSeen, c) == <<maxSeen[1] + 1, c>>

\* The replies a phase completes with: `need` of them, one per server (M15
\* counts messages instead).
CountsAsQuorum(R, need) ==
    /\ Cardinality(R) = need
    /\ Cardinality({r.src : r \in R}) = need

\* What a server reports to a query: its highest fin tag (M5: any label).
QueryTag(Ls) == FinMax(Ls)

\* Pre-write acks a PUT waits for before it finalizes (M6: fewer).
PreNeed == Q2

\* A GET's phase 1 waits for max(q1, q4) replies with the fast path (brief §4.4).
GetPhase1Need == IF OptGet THEN Max(Q1, Q4) ELSE Q1

\* The fast-path guard (brief §4.4 FastGuard).
FastGuard(R, t) == ~ArtGuard \/ Cardinality({r \in R : r.tag = t}) >= Q4

\* A GET's phase 2 labels its tag fin at the servers (M7: it does not).
ReadLabelsFin == TRUE

\* A GET's phase 2 completes: q4 distinct replies holding at least K symbols
\* (M8: as soon as it holds K symbols).
ReadDone(R) ==
    /\ CountsAsQuorum(R, Q4)
    /\ Cardinality({r \in R : r.sym # NoSym}) >= K

\* Symbols at or above the cut are kept (M19 moves the cut one fin tag up).
Collected(Ls, t) == TagLT(t, GcCut(Ls))

\* A pre-write of symbol `sym` (NoSym when below the cut) for tag t: a new
\* entry labelled pre, or the symbol of an entry that has none (a fin that
\* arrived before its pre-write, brief §4.5); a held symbol and a label are
\* kept (MS resets the entry).
PreEntry(Ls, t, sym) ==
    IF ~Has(Ls, t) THEN Ls \cup {[tag |-> t, sym |-> sym, lab |-> "pre"]}
    ELSE IF Entry(Ls, t).sym = NoSym THEN (Ls \ {Entry(Ls, t)}) \cup {[Entry(Ls, t) EXCEPT !.sym = sym]}
    ELSE Ls

\* ---------------------------------------------------------------------------
VARIABLES
    L,              \* server -> its list of versions (set of [tag, sym, lab])
    crashed,        \* servers that have crashed
    msgs,           \* every message ever sent
    cop,            \* per client: its current operation
    nops,           \* per client: operations invoked so far
    cache,          \* per client: the optimized GET's cache, a set of [tag, val]
    hist,           \* ghost: operation id -> history record (brief §2.7)
    written,        \* ghost: set of [tag, val, op] chosen by PUTs
    badRetry        \* ghost: a GET retried without Delta newer fin tags at a replier

vars == <<L, crashed, msgs, cop, nops, cache, hist, written, badRetry>>

Idle == [phase |-> "idle", id |-> <<0, 0>>, att |-> 0, kind |-> "none", val |-> NoValue, tag |-> NoTag]

Entries == [tag : Tags, sym : Syms \cup {NoSym}, lab : {"pre", "fin"}]
Request ==
         [type : {"query"}, op : OpIds, att : 1 .. MaxAttempts]
    \cup [type : {"pre"}, op : OpIds, att : {1}, tag : Tags, val : Syms]
    \cup [type : {"fin", "readfin"}, op : OpIds, att : 1 .. MaxAttempts, tag : Tags]
Reply ==
         [type : {"qreply"}, op : OpIds, att : 1 .. MaxAttempts, src : Servers, tag : Tags]
    \cup [type : {"preack"}, op : OpIds, att : {1}, src : Servers, tag : Tags, copy : 0 .. AckCopies]
    \cup [type : {"finack"}, op : OpIds, att : {1}, src : Servers, tag : Tags]
    \cup [type : {"readreply"}, op : OpIds, att : 1 .. MaxAttempts, src : Servers, tag : Tags,
          sym : Syms \cup {NoSym}]

HistRecord ==
    [kind : {"GET", "PUT"}, val : Values \cup {NoValue}, status : {"pending", "done"},
     after : SUBSET OpIds, stamp : Tags \cup {NoTag}, ret : Syms \cup {Garbage, NoValue}]

CASTypeOK ==
    /\ L \in [Servers -> SUBSET Entries]
    /\ \A s \in Servers : \A e1, e2 \in L[s] : e1.tag = e2.tag => e1 = e2
    /\ crashed \subseteq Servers
    /\ msgs \subseteq Request \cup Reply
    /\ cop \in [Clients -> [phase : {"idle", "q", "pre", "fin", "rf", "crashed"}, id : OpIds \cup {<<0, 0>>},
                             att : 0 .. MaxAttempts, kind : {"GET", "PUT", "none"},
                             val : Syms \cup {NoValue}, tag : Tags \cup {NoTag}]]
    /\ nops \in [Clients -> 0 .. MaxOps]
    /\ cache \in [Clients -> SUBSET [tag : Tags, val : Syms \cup {Garbage}]]
    /\ DOMAIN hist \subseteq OpIds /\ \A o \in DOMAIN hist : hist[o] \in HistRecord
    /\ written \subseteq [tag : Tags, val : Values, op : OpIds]
    /\ badRetry \in BOOLEAN

Done == {o \in DOMAIN hist : hist[o].status = "done"}

Init ==
    /\ L = [s \in Servers |-> {[tag |-> T0, sym |-> InitValue, lab |-> "fin"]}]
    /\ crashed = {}
    /\ msgs = {}
    /\ cop = [c \in Clients |-> Idle]
    /\ nops = [c \in Clients |-> 0]
    /\ cache = [c \in Clients |-> {}]
    /\ hist = [o \in {} |-> {}]
    /\ written = {}
    /\ badRetry = FALSE

\* Replies to client c's current attempt.
RepliesTo(c, type) == {m \in msgs : m.type = type /\ m.op = cop[c].id /\ m.att = cop[c].att}

\* ---------------------------------------------------------------------------
\* Client actions (brief §4.1, §4.4)

\* The client invokes a GET or a PUT(v) and sends phase 1's query.
Invoke(c, kind, v) ==
    /\ cop[c].phase = "idle" /\ nops[c] < Len(Plan[c])
    /\ Plan[c][nops[c] + 1] \in {kind, "ANY"}
    /\ LET o == <<c, nops[c] + 1>> IN
       /\ cop' = [cop EXCEPT ![c] = [phase |-> "q", id |-> o, att |-> 1, kind |-> kind, val |-> v, tag |-> NoTag]]
       /\ nops' = [nops EXCEPT ![c] = @ + 1]
       /\ msgs' = msgs \cup {[type |-> "query", op |-> o, att |-> 1]}
       /\ hist' = hist @@ (o :> [kind |-> kind, val |-> v, status |-> "pending", after |-> Done,
                                 stamp |-> NoTag, ret |-> NoValue])
    /\ UNCHANGED <<L, crashed, cache, written, badRetry>>

\* PUT phase 1 done: a tag above every fin tag seen; phase 2 sends each server
\* its symbol (CasPre).
PutQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "PUT"
    /\ \E R \in SUBSET RepliesTo(c, "qreply") :
        /\ CountsAsQuorum(R, Q1)
        /\ LET t == NewTag(MaxTag({r.tag : r \in R}), c) IN
           /\ cop' = [cop EXCEPT ![c].phase = "pre", ![c].tag = t]
           /\ msgs' = msgs \cup {[type |-> "pre", op |-> cop[c].id, att |-> 1, tag |-> t, val |-> cop[c].val]}
           /\ written' = written \cup {[tag |-> t, val |-> cop[c].val, op |-> cop[c].id]}
           /\ hist' = [hist EXCEPT ![cop[c].id].stamp = t]
    /\ UNCHANGED <<L, crashed, nops, cache, badRetry>>

\* PUT phase 2 done: q2 servers hold a symbol; phase 3 labels the tag fin.
PutPreWritten(c) ==
    /\ cop[c].phase = "pre"
    /\ \E R \in SUBSET {m \in RepliesTo(c, "preack") : m.tag = cop[c].tag} : CountsAsQuorum(R, PreNeed)
    /\ cop' = [cop EXCEPT ![c].phase = "fin"]
    /\ msgs' = msgs \cup {[type |-> "fin", op |-> cop[c].id, att |-> 1, tag |-> cop[c].tag]}
    /\ UNCHANGED <<L, crashed, nops, cache, hist, written, badRetry>>

\* PUT phase 3 done: q3 servers labelled the tag fin.
PutFinalized(c) ==
    /\ cop[c].phase = "fin"
    /\ \E R \in SUBSET {m \in RepliesTo(c, "finack") : m.tag = cop[c].tag} : CountsAsQuorum(R, Q3)
    /\ cop' = [cop EXCEPT ![c] = Idle]
    /\ hist' = [hist EXCEPT ![cop[c].id].status = "done"]
    /\ UNCHANGED <<L, crashed, msgs, nops, cache, written, badRetry>>

\* GET phase 1 done: the highest fin tag t seen.  The fast path returns the
\* cached value of t; otherwise phase 2 labels t fin and collects symbols.
GetQueried(c) ==
    /\ cop[c].phase = "q" /\ cop[c].kind = "GET"
    /\ \E R \in SUBSET RepliesTo(c, "qreply") :
        /\ CountsAsQuorum(R, GetPhase1Need)
        /\ LET t == MaxTag({r.tag : r \in R}) IN
           IF OptGet /\ (\E e \in cache[c] : e.tag = t) /\ FastGuard(R, t)
           THEN LET v == (CHOOSE e \in cache[c] : e.tag = t).val IN
                /\ cop' = [cop EXCEPT ![c] = Idle]
                /\ hist' = [hist EXCEPT ![cop[c].id].status = "done", ![cop[c].id].stamp = t,
                                        ![cop[c].id].ret = v]
                /\ UNCHANGED msgs
           ELSE /\ cop' = [cop EXCEPT ![c].phase = "rf", ![c].tag = t]
                /\ msgs' = msgs \cup {[type |-> "readfin", op |-> cop[c].id, att |-> cop[c].att, tag |-> t]}
                /\ UNCHANGED hist
    /\ UNCHANGED <<L, crashed, nops, cache, written, badRetry>>

\* Decoding the symbols of one tag (brief §2.2 Symbol).
Decode(R) ==
    LET S == {r.sym : r \in {x \in R : x.sym # NoSym}} IN
    IF Cardinality(S) = 1 THEN CHOOSE v \in S : TRUE ELSE Garbage

\* GET phase 2 done: decode, remember the value in the cache, return it.
GetDecoded(c) ==
    /\ cop[c].phase = "rf"
    /\ \E R \in SUBSET {m \in RepliesTo(c, "readreply") : m.tag = cop[c].tag} :
        /\ ReadDone(R)
        /\ LET v == Decode(R) IN
           /\ cop' = [cop EXCEPT ![c] = Idle]
           /\ cache' = [cache EXCEPT ![c] = {e \in @ : e.tag # cop[c].tag} \cup {[tag |-> cop[c].tag, val |-> v]}]
           /\ hist' = [hist EXCEPT ![cop[c].id].status = "done", ![cop[c].id].stamp = cop[c].tag,
                                   ![cop[c].id].ret = v]
    /\ UNCHANGED <<L, crashed, msgs, nops, written, badRetry>>

\* GET phase 2 cannot decode: every live server replied and fewer than K hold a
\* symbol (only after GC, brief §4.4).  RETRY: a new attempt from phase 1.  The
\* ghost `badRetry` records a retry no replier justifies (brief §7 I3: some
\* phase-2 replier must hold Delta fin tags above t).
GetRetry(c) ==
    /\ cop[c].phase = "rf" /\ cop[c].att < MaxAttempts
    /\ LET R == {m \in RepliesTo(c, "readreply") : m.tag = cop[c].tag} IN
       /\ Servers \ crashed \subseteq {r.src : r \in R}
       /\ Cardinality({r.src : r \in {x \in R : x.sym # NoSym}}) < K
       /\ badRetry' = (badRetry \/ ~\E s \in {r.src : r \in R} :
                          Delta > 0 /\ Cardinality({u \in FinTags(L[s]) : TagLT(cop[c].tag, u)}) >= Delta)
    /\ cop' = [cop EXCEPT ![c].phase = "q", ![c].att = @ + 1, ![c].tag = NoTag]
    /\ msgs' = msgs \cup {[type |-> "query", op |-> cop[c].id, att |-> cop[c].att + 1]}
    /\ UNCHANGED <<L, crashed, nops, cache, hist, written>>

\* A client crashes mid-operation: its operation stays pending forever.
ClientCrash(c) ==
    /\ cop[c].phase \in {"q", "pre", "fin", "rf"}
    /\ cop' = [cop EXCEPT ![c].phase = "crashed"]
    /\ UNCHANGED <<L, crashed, msgs, nops, cache, hist, written, badRetry>>

\* ---------------------------------------------------------------------------
\* Server actions (brief §4.5, §4.6); the reconfiguration Gate is not here.

\* A reply from s to request m exists (s handles each request once).
Answered(s, m, rtype) == \E r \in msgs : r.type = rtype /\ r.op = m.op /\ r.att = m.att /\ r.src = s

\* Labels t fin (adding an entry without a symbol if t is unknown), then
\* collects the symbols below the new cut (brief §4.5 MarkFin, §4.6 Gc).
MarkFinAndGc(Ls, t) ==
    LET marked == IF Has(Ls, t) THEN (Ls \ {Entry(Ls, t)}) \cup {[Entry(Ls, t) EXCEPT !.lab = "fin"]}
                  ELSE Ls \cup {[tag |-> t, sym |-> NoSym, lab |-> "fin"]}
    IN {IF Collected(marked, e.tag) THEN [e EXCEPT !.sym = NoSym] ELSE e : e \in marked}

ServerQuery(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type = "query" /\ ~Answered(s, m, "qreply")
        /\ msgs' = msgs \cup {[type |-> "qreply", op |-> m.op, att |-> m.att, src |-> s, tag |-> QueryTag(L[s])]}
    /\ UNCHANGED <<L, crashed, cop, nops, cache, hist, written, badRetry>>

\* CasPre: store the symbol unless one is held or the tag is below the GC cut.
ServerPre(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type = "pre"
        /\ L' = [L EXCEPT ![s] = PreEntry(@, m.tag, IF Collected(@, m.tag) THEN NoSym ELSE m.val)]
        /\ \E n \in 0 .. AckCopies :
           /\ ~\E r \in msgs : r.type = "preack" /\ r.op = m.op /\ r.att = m.att /\ r.src = s /\ r.copy = n
           /\ msgs' = msgs \cup {[type |-> "preack", op |-> m.op, att |-> m.att, src |-> s, tag |-> m.tag, copy |-> n]}
    /\ UNCHANGED <<crashed, cop, nops, cache, hist, written, badRetry>>

\* CasFin: label fin, collect, acknowledge.
ServerFin(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type = "fin" /\ ~Answered(s, m, "finack")
        /\ L' = [L EXCEPT ![s] = MarkFinAndGc(@, m.tag)]
        /\ msgs' = msgs \cup {[type |-> "finack", op |-> m.op, att |-> m.att, src |-> s, tag |-> m.tag]}
    /\ UNCHANGED <<crashed, cop, nops, cache, hist, written, badRetry>>

\* CasReadFin (GET phase 2): label fin, collect, reply with the symbol held.
ServerReadFin(s) ==
    /\ s \notin crashed
    /\ \E m \in msgs :
        /\ m.type = "readfin" /\ ~Answered(s, m, "readreply")
        /\ LET Ls == IF ReadLabelsFin THEN MarkFinAndGc(L[s], m.tag) ELSE L[s] IN
           /\ L' = [L EXCEPT ![s] = Ls]
           /\ msgs' = msgs \cup {[type |-> "readreply", op |-> m.op, att |-> m.att, src |-> s, tag |-> m.tag,
                                  sym |-> SymOf(Ls, m.tag)]}
    /\ UNCHANGED <<crashed, cop, nops, cache, hist, written, badRetry>>

Crash(s) ==
    /\ s \notin crashed /\ Cardinality(crashed) < F
    /\ crashed' = crashed \cup {s}
    /\ UNCHANGED <<L, msgs, cop, nops, cache, hist, written, badRetry>>

Next ==
    \/ \E c \in Clients :
        \/ \E v \in Values : Invoke(c, "PUT", v)
        \/ Invoke(c, "GET", NoValue)
        \/ PutQueried(c) \/ PutPreWritten(c) \/ PutFinalized(c)
        \/ GetQueried(c) \/ GetDecoded(c) \/ GetRetry(c)
    \/ \E s \in Servers : ServerQuery(s) \/ ServerPre(s) \/ ServerFin(s) \/ ServerReadFin(s)

NextWithCrashes ==
    \/ Next
    \/ \E c \in Clients : ClientCrash(c)
    \/ \E s \in Servers : Crash(s)

Spec == Init /\ [][Next]_vars

\* ---------------------------------------------------------------------------
\* Properties (brief §6.1; catalogue IDs CAS-*)

IsWritten(t, v) == (t = T0 /\ v = InitValue) \/ \E w \in written : w.tag = t /\ w.val = v

\* CAS-L1 Tag-value agreement: every symbol a server holds, and every value a
\* pre-write carries, belongs to the value its tag's PUT chose; no two
\* operations chose the same tag.
TagValueAgreementInv ==
    /\ \A s \in Servers : \A e \in L[s] : e.sym # NoSym => IsWritten(e.tag, e.sym)
    /\ \A m \in msgs : m.type = "pre" => IsWritten(m.tag, m.val)
    /\ \A w1, w2 \in written : w1.tag = w2.tag => w1 = w2

\* CAS-L2 Real-time order (as ABD-L2).
RealTimeOrderInv ==
    \A a, b \in Done : a \in hist[b].after =>
        IF hist[b].kind = "PUT" THEN TagLT(hist[a].stamp, hist[b].stamp)
                                ELSE TagLE(hist[a].stamp, hist[b].stamp)

\* CAS-L3 Read validity: a GET returns the value written with its tag, never
\* GARBAGE (decoded symbols of different values).
ReadValidityInv ==
    \A g \in Done : hist[g].kind = "GET" => IsWritten(hist[g].stamp, hist[g].ret)

\* CAS-S1 Server stability: a server's highest fin tag never decreases, a fin
\* label never reverts to pre, and a held symbol never changes value (GC may
\* drop it).
ServerMonotoneProp ==
    [][\A s \in Servers :
        /\ TagLE(FinMax(L[s]), FinMax(L'[s]))
        /\ \A e \in L[s] : Has(L'[s], e.tag)
                           /\ (e.lab = "fin" => Entry(L'[s], e.tag).lab = "fin")
                           /\ (e.sym # NoSym => Entry(L'[s], e.tag).sym \in {e.sym, NoSym})]_vars

\* CAS-S2 No data loss: every completed operation's tag is fin (or overtaken by
\* a fin tag) at min(q3, q4) servers (brief §6.1 S2, Wq of CAS).
NoDataLossInv ==
    \A o \in Done : Cardinality({s \in Servers : TagLE(hist[o].stamp, FinMax(L[s]))}) >= Min(Q3, Q4)

\* CAS-D1 Decodability (GC off): every q4 servers hold K symbols of every tag
\* labelled fin anywhere, i.e. at least K + m - q4 servers hold one.  The brief
\* states it as "q2 servers hold one", which implies this under C3
\* (q2 + q4 >= m + k); stated directly, it also catches a broken C3 (M10).
DecodabilityInv ==
    Delta = 0 =>
        \A s \in Servers : \A t \in FinTags(L[s]) :
            Cardinality({u \in Servers : SymOf(L[u], t) # NoSym}) >= K + M - Q4

\* CAS-R2 Recoverability under GC: the symbols of the highest fin tag anywhere
\* are held by q2 servers (GC never collects them).
RecoverableInv ==
    LET top == MaxTag(UNION {FinTags(L[s]) : s \in Servers}) IN
    Cardinality({u \in Servers : SymOf(L[u], top) # NoSym}) >= Q2

\* CAS-G1 A GET retries only when GC justifies it: some phase-2 replier held
\* Delta fin tags above the GET's tag (brief §7 I3).
RetryJustifiedInv == ~badRetry

\* ---------------------------------------------------------------------------
\* Reachability witnesses (invariants that must be VIOLATED)

\* CAS-W1: a GET returns a value some PUT wrote, after that PUT completed.
NoReadOfWriteWitness ==
    ~\E g, p \in Done : hist[g].kind = "GET" /\ hist[p].kind = "PUT" /\ p \in hist[g].after
                        /\ hist[g].ret = hist[p].val
\* CAS-W2: a GET completes phase 2 with a written (decoded) value.
NoDecodedReadWitness ==
    ~\E c \in Clients : \E e \in cache[c] : e.val \in Values
\* CAS-W3: a GET returns a written value from its cache on the fast path.
NoFastReadWitness ==
    ~\E g \in Done : hist[g].kind = "GET" /\ hist[g].ret \in Values
                     /\ ~\E m \in msgs : m.type = "readfin" /\ m.op = g
\* CAS-W4: GC collected a symbol a server held (the initial one, or one it
\* acknowledged a pre-write for).
NoCollectionWitness ==
    ~\E s \in Servers : \E e \in L[s] :
        /\ e.sym = NoSym
        /\ \/ e.tag = T0
           \/ \E m \in msgs : m.type = "preack" /\ m.src = s /\ m.tag = e.tag
\* CAS-W5: a GET retried after GC.
NoRetryWitness ==
    ~\E c \in Clients : cop[c].att > 1

\* CAS-R Refinement: the ghost history is one the atomic register allows.
Register == INSTANCE AtomicRegister WITH
    Ids <- OpIds, InitValue <- InitValue, Stamps <- Tags, InitStamp <- T0, NoStamp <- NoTag, StampLT <- TagLT
RegisterRefinementProp == Register!Spec
=============================================================================
