----------------------------- MODULE AliaHandoff -----------------------------
(***************************************************************************)
(* The data plane of Alia / hierarchical consensus across epoch changes    *)
(* (brief Alia.md §4.4-§4.8): per-epoch instances of subquorums, the       *)
(* instance state machine, the fuzzy-transition handoff of tags between    *)
(* an old instance (the releaser) and a new one (the acquirer), and        *)
(* clients doing Get/Put on objects.  This is the model of brief §7 MC-B,  *)
(* MC-B3 and MC-C.                                                          *)
(*                                                                         *)
(* Abstractions (brief §7):                                                *)
(*  - The root is an oracle: it reveals the configuration of epoch x once  *)
(*    x-1's is known, chosen from a constant set of candidates and checked *)
(*    with ValidCfg (the root tier itself is specs/AliaRoot.tla).          *)
(*  - Instance Paxos (§4.5) is abstracted to its chosen log: a leader     *)
(*    proposes entries (the set `prop`), and any proposed entry may be     *)
(*    chosen next, in any order, or never.  That covers pipelining, leader *)
(*    changes and crashes of members (a proposal survives or is lost), so  *)
(*    replicas do not appear; their lag does not either, because every    *)
(*    member that applied a prefix is in the state that prefix gives       *)
(*    (§4.6), and the snapshot a member sends is fixed by the committed    *)
(*    seal.  Consequences: S13 (log agreement) holds by construction, and  *)
(*    M11 (cross-instance message confusion) needs real instance Paxos:    *)
(*    neither is checked here.                                             *)
(*  - `sm[I]` is the state of instance I after its whole chosen log; the   *)
(*    log itself is not kept, only the ghost facts the properties need.   *)
(*  - A leader's propose-time checks are a fast path (§4.6): a request is  *)
(*    proposed in I while its tag is active there and I has not applied    *)
(*    it, and a leader proposes it again only once the last proposal was   *)
(*    chosen.  Whether it succeeds is decided at apply time.               *)
(*  - A handoff request only asks for a reply (§4.7.1); a releaser that   *)
(*    has applied the seal of a tag the acquirer still awaits may reply at *)
(*    any time.  Replies may be lost (MaxLosses) and are re-sent until the *)
(*    releaser retires; duplication and reordering come from `msgs` being *)
(*    a set.  Acknowledgements are read off the acquirer's chosen Install *)
(*    entries (a lost ack only postpones retirement).                     *)
(*  - Clients have one outstanding operation (§4.8.1); a retry goes to    *)
(*    any instance (forwarding and redirects only decide where, §4.8.2),  *)
(*    and a reply is the result an instance recorded for it in its session *)
(*    table (including a table inherited through a handoff).              *)
(*                                                                         *)
(* The tag map `TagOf` is fixed across epochs (the brief's base model).    *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences

CONSTANTS
    Subqs,        \* subquorum names
    Replicas,     \* replicas (they appear only in configurations: ValidCfg)
    Tags,
    Objects,
    TagOf,        \* [Objects -> Tags]
    MaxEpoch,     \* epochs 0 .. MaxEpoch; epoch 0 is the genesis
    Cfg0,         \* the genesis configuration
    CfgChoices,   \* CfgChoices[x], x in 1..MaxEpoch: configurations the root may propose for x
    Clients,
    Values,
    InitVal,      \* every object's value before any Put (not in Values)
    MaxOps,       \* operations per client
    MaxLosses,    \* handoff replies the network may lose
    NIL

(* A configuration (§4.1, §5.1): members per subquorum and the ownership of *)
(* tags, stored as a relation so that ValidCfg must check it is a total    *)
(* function (brief §5.1: mutant M9 drops that check).                      *)
Config == [mem : [Subqs -> SUBSET Replicas], own : SUBSET (Subqs \X Tags)]

Epochs == 0 .. MaxEpoch
Inst == Subqs \X Epochs          \* instance <<i, x>>: subquorum i in epoch x
Ids == Clients \X (1 .. MaxOps)  \* operation <<client, seq>>

ASSUME AliaHandoffAssume ==
    /\ MaxEpoch \in Nat /\ MaxOps \in Nat /\ MaxLosses \in Nat
    /\ TagOf \in [Objects -> Tags]
    /\ Cfg0 \in Config
    /\ \A x \in 1 .. MaxEpoch : CfgChoices[x] \subseteq Config
    /\ InitVal \notin Values
    /\ NIL \notin Values \cup {InitVal}

\* §5.1 ValidCfg: no replica in two subquorums; every tag owned by exactly one
\* subquorum, and that subquorum has members.
ValidCfg(c) ==
    /\ \A i, j \in Subqs : i # j => c.mem[i] \cap c.mem[j] = {}
    /\ \A t \in Tags : \E i \in Subqs : /\ <<i, t>> \in c.own /\ c.mem[i] # {}
                                       /\ \A j \in Subqs : <<j, t>> \in c.own => j = i

SqOf(c) == {i \in Subqs : c.mem[i] # {}}      \* the subquorums that exist in c
ScopeIn(c, i) == {t \in Tags : <<i, t>> \in c.own}
ObjsOf(t) == {o \in Objects : TagOf[o] = t}

VARIABLES
    cfg,       \* cfg[x]: the configuration of epoch x once the root revealed it, else NIL
    sm,        \* sm[I]: the state of instance I after its chosen log (§4.6), or NIL before it starts
    prop,      \* prop[I]: entries proposed in I and not chosen yet
    msgs,      \* HandoffReply messages in flight
    lost,      \* replies lost so far
    retired,   \* instances that retired and truncated their log (§4.7.2)
    cli,       \* cli[c]: the seq of c's latest operation (0: none yet)
    \* ghost (§6)
    ops,       \* ops[id]: the operation's record (status "idle" before it is invoked)
    opOrder,   \* opOrder[o]: the operations on o that took effect, in commit order
    installs,  \* installs[J]: the Install entries chosen in J
    rejects,   \* operations an instance rejected at apply time (NotOwner)
    continued  \* instances that received tags by log continuation (§4.7.4)

vars == <<cfg, sm, prop, msgs, lost, retired, cli, ops, opOrder, installs, rejects, continued>>

KV == [val : Values \cup {InitVal}, ver : Nat]
InitKV == [val |-> InitVal, ver |-> 0]
Session == [seq : 0 .. MaxOps, res : KV \cup {NIL}]
NoSession == [seq |-> 0, res |-> NIL]
\* A tag's snapshot (§4.6 SnapshotOf): its objects and the session table.
Snapshot(t) == [objs : [ObjsOf(t) -> KV], sess : [Clients -> Session]]
\* The state of an instance (§2.4, §4.6).
StateOK(S) ==
    /\ DOMAIN S = {"active", "pending", "sealed", "closed", "kv", "sess", "frozen"}
    /\ S.active \cup S.pending \cup S.sealed \subseteq Tags /\ S.closed \in BOOLEAN
    /\ S.kv \in [Objects -> KV] /\ S.sess \in [Clients -> Session]
    /\ DOMAIN S.frozen = Tags /\ \A t \in Tags : S.frozen[t] = NIL \/ S.frozen[t] \in Snapshot(t)
OpRec == [status : {"idle", "pending", "done"}, kind : {"Put", "Get"}, obj : Objects,
          val : Values \cup {NIL}, after : SUBSET Ids, res : KV \cup {NIL}]
Commit == [id : Ids, kind : {"Put", "Get"}, val : Values \cup {InitVal}, ver : Nat, inst : Inst, holder : BOOLEAN]

\* Entries of an instance log (§4.6); EpochStart is applied when an instance starts.
EC == [type |-> "EpochChange"]
OpEntry(id) == [type |-> "Op", id |-> id, kind |-> ops[id].kind, obj |-> ops[id].obj, val |-> ops[id].val]
InstallEntry(T, K, snap) == [type |-> "Install", tags |-> T, from |-> K, snap |-> snap]
MsgReply(T, K, J, snap) == [tags |-> T, from |-> K, to |-> J, snap |-> snap]

Scope(I) == IF cfg[I[2]] = NIL THEN {} ELSE ScopeIn(cfg[I[2]], I[1])
Started(I) == sm[I] # NIL
\* The instances of the previous epoch that owned t (one, in a valid configuration).
Sources(J, t) == IF J[2] = 0 THEN {} ELSE {<<k, J[2] - 1>> : k \in {i \in Subqs : <<i, t>> \in cfg[J[2] - 1].own}}
Holders(t) == {I \in Inst : Started(I) /\ t \in sm[I].active}
\* t is active at its owner in epoch x.
AtOwner(x, t) == cfg[x] # NIL /\ \E i \in Subqs : <<i, t>> \in cfg[x].own /\ Started(<<i, x>>) /\ t \in sm[<<i, x>>].active
\* An Install chosen in a successor acknowledges t to K (§4.7.1 HandoffAck).
Acked(K, t) == \E J \in Inst : \E e \in installs[J] : e.from = K /\ t \in e.tags
\* A tag's state before any Put, with no sessions (the M8 and M10 snapshots).
InitialSnap(t) == [objs |-> [o \in ObjsOf(t) |-> InitKV], sess |-> [c \in Clients |-> NoSession]]

AliaHandoffTypeOK ==
    /\ cfg \in [Epochs -> Config \cup {NIL}]
    /\ \A I \in Inst : sm[I] = NIL \/ StateOK(sm[I])
    /\ \A I \in Inst : \A e \in prop[I] :
           \/ e = EC
           \/ e.type = "Op" /\ e.id \in Ids
           \/ e.type = "Install" /\ e.tags \subseteq Tags /\ e.from \in Inst /\ DOMAIN e.snap = e.tags /\ \A t \in e.tags : e.snap[t] \in Snapshot(t)
    /\ lost \in 0 .. MaxLosses
    /\ retired \subseteq Inst
    /\ cli \in [Clients -> 0 .. MaxOps]
    /\ ops \in [Ids -> OpRec]
    /\ \A o \in Objects : opOrder[o] \in Seq(Commit)
    /\ rejects \subseteq Ids
    /\ continued \subseteq Inst

-----------------------------------------------------------------------------
(* Overridable rules: the MC module replaces one per mutant (brief §8).     *)

\* §4.1 the root leader checks ValidCfg before proposing (M9: the uniqueness
\* and totality of tag ownership is not checked).
RootCheck(c) == ValidCfg(c)
\* §4.4 a replica creates instance (i, x) only from Cfg(x) (S14; MS: one
\* that has not learned Cfg(x) creates it from the last configuration it knows).
StartCfg(x) == cfg[x]
\* §4.6 EpochStart: genesis instances start with their whole scope active,
\* later ones with it pending (M5: every instance starts with its scope
\* active, before any Install).
StartActive(I, S) == IF I[2] = 0 THEN S.pending ELSE {}
\* §4.6 Apply("Op"): an operation takes effect only on an active tag (M7:
\* any tag in the instance's scope).
OpAllowed(I, S, t) == t \in S.active
\* §4.6 SnapshotOf carries the session table (M14: it does not).
SnapSessions(S) == S.sess
\* §4.7.2 TryReply: any member may answer for a tag once it applied the seal
\* (M6: a tag still active, with the current state; M8: a tag still pending,
\* with the initial state).
ReplyReady(K, t) == t \in sm[K].sealed
ReplySnap(K, t) == sm[K].frozen[t]
\* §4.4 the leader of an outdated instance closes it (M10: it does not ...)
MayClose(I) == TRUE
\* ... and the acquirer never takes a tag over without a handoff (M10: it
\* does, from the configuration's initial state, after a timeout).
MayForceTakeover == FALSE
\* §4.7.4 log continuation (an optimisation): when a subquorum's members do not
\* change, its new instance may continue the old one's log (off by default;
\* the MC module turns it on for the models that check it).
LogContinuation == FALSE
\* §4.7.2 an instance retires once every tag of its scope is acknowledged
\* (M16: once every tag of its scope is sealed).
RetireReady(K) == \A t \in Scope(K) : Acked(K, t)

-----------------------------------------------------------------------------
(* The instance state machine (§4.6): deterministic, the only authority on *)
(* serving.  All ownership checks happen here, at apply time.              *)

\* Before EpochStart is applied: the whole scope is pending.
Fresh(c, I) ==
    [active |-> {}, pending |-> ScopeIn(c, I[1]), sealed |-> {}, closed |-> FALSE,
     kv |-> [o \in Objects |-> InitKV], sess |-> [c2 \in Clients |-> NoSession], frozen |-> [t \in Tags |-> NIL]]

SnapshotOf(S, t) == [objs |-> [o \in ObjsOf(t) |-> S.kv[o]], sess |-> SnapSessions(S)]

ApplyStart(I, S) == LET A == StartActive(I, S) IN [S EXCEPT !.active = @ \cup A, !.pending = @ \ A]

\* The session with the larger seq, per client (§4.6 MergeSessions).
MaxSession(X) == CHOOSE s \in X : \A s2 \in X : s2.seq <= s.seq

ApplyInstall(S, e) ==
    LET T == e.tags \cap S.pending
        S2 == [S EXCEPT
                 !.kv = [o \in Objects |-> IF TagOf[o] \in T THEN e.snap[TagOf[o]].objs[o] ELSE S.kv[o]],
                 !.sess = [c \in Clients |-> MaxSession({S.sess[c]} \cup {e.snap[u].sess[c] : u \in T})],
                 !.pending = S.pending \ T]
    IN IF ~S.closed THEN [S2 EXCEPT !.active = S.active \cup T]
       \* acquired after the seal: pass it straight on
       ELSE [S2 EXCEPT !.sealed = S.sealed \cup T,
                       !.frozen = [t \in Tags |-> IF t \in T THEN SnapshotOf(S2, t) ELSE S.frozen[t]]]

\* An operation takes effect: allowed, and not a duplicate or stale for its client.
OpTakesEffect(I, S, e) == OpAllowed(I, S, TagOf[e.obj]) /\ S.sess[e.id[1]].seq < e.id[2]

ApplyOp(I, S, e) ==
    LET c == e.id[1]
        new == [val |-> e.val, ver |-> S.kv[e.obj].ver + 1]
    IN IF ~OpTakesEffect(I, S, e) THEN S        \* NotOwner, duplicate or stale
       ELSE IF e.kind = "Put" THEN [S EXCEPT !.kv[e.obj] = new, !.sess[c] = [seq |-> e.id[2], res |-> new]]
       ELSE [S EXCEPT !.sess[c] = [seq |-> e.id[2], res |-> S.kv[e.obj]]]

\* EpochChange is the tombstone: it seals every active tag with its snapshot.
ApplyClose(S) ==
    IF S.closed THEN S
    ELSE [S EXCEPT !.closed = TRUE, !.sealed = @ \cup S.active, !.active = {},
                   !.frozen = [t \in Tags |-> IF t \in S.active THEN SnapshotOf(S, t) ELSE S.frozen[t]]]

Apply(I, S, e) ==
    CASE e.type = "Install" -> ApplyInstall(S, e)
      [] e.type = "Op" -> ApplyOp(I, S, e)
      [] e.type = "EpochChange" -> ApplyClose(S)
      [] OTHER -> S

-----------------------------------------------------------------------------

Init ==
    /\ cfg = [x \in Epochs |-> IF x = 0 THEN Cfg0 ELSE NIL]
    /\ sm = [I \in Inst |-> IF I[2] = 0 /\ I[1] \in SqOf(Cfg0) THEN ApplyStart(I, Fresh(Cfg0, I)) ELSE NIL]
    /\ prop = [I \in Inst |-> {}]
    /\ msgs = {}
    /\ lost = 0
    /\ retired = {}
    /\ cli = [c \in Clients |-> 0]
    /\ ops = [id \in Ids |-> [status |-> "idle", kind |-> "Get", obj |-> CHOOSE o \in Objects : TRUE,
                              val |-> NIL, after |-> {}, res |-> NIL]]
    /\ opOrder = [o \in Objects |-> <<>>]
    /\ installs = [I \in Inst |-> {}]
    /\ rejects = {}
    /\ continued = {}

\* The root reveals the configuration of epoch x (§4.2; the root tier is
\* AliaRoot.tla): the leader checks it before proposing (§4.1).
RootReveal(x, c) ==
    /\ x \in 1 .. MaxEpoch /\ cfg[x] = NIL /\ cfg[x - 1] # NIL
    /\ c \in CfgChoices[x] /\ RootCheck(c)
    /\ cfg' = [cfg EXCEPT ![x] = c]
    /\ UNCHANGED <<sm, prop, msgs, lost, retired, cli, ops, opOrder, installs, rejects, continued>>

\* §4.4 OnNewEpoch: instance (i, x) is created from Cfg(x) alone (S14) and its
\* leader gets EpochStart chosen first.
StartInstance(I) ==
    /\ I[2] >= 1 /\ StartCfg(I[2]) # NIL /\ I[1] \in SqOf(StartCfg(I[2])) /\ ~Started(I)
    /\ sm' = [sm EXCEPT ![I] = ApplyStart(I, Fresh(StartCfg(I[2]), I))]
    /\ UNCHANGED <<cfg, prop, msgs, lost, retired, cli, ops, opOrder, installs, rejects, continued>>

\* §4.4 CloseInstance / §4.7.2: the leader of an outdated instance proposes
\* EpochChange (on learning Cfg(x+1), or on a HandoffRequest).
ProposeClose(I) ==
    /\ Started(I) /\ I \notin retired /\ ~sm[I].closed /\ EC \notin prop[I]
    /\ I[2] < MaxEpoch /\ cfg[I[2] + 1] # NIL
    /\ MayClose(I)
    /\ prop' = [prop EXCEPT ![I] = @ \cup {EC}]
    /\ UNCHANGED <<cfg, sm, msgs, lost, retired, cli, ops, opOrder, installs, rejects, continued>>

\* §4.8.2 the leader of I proposes a client's request: its tag is active in I
\* and I has not applied it (a leader with a queued request for a pending tag
\* proposes it once the Install is applied: the same thing later).
ProposeOp(c, I) ==
    LET id == <<c, cli[c]>>
    IN /\ cli[c] > 0 /\ ops[id].status = "pending"
       /\ Started(I) /\ I \notin retired
       /\ TagOf[ops[id].obj] \in sm[I].active
       /\ sm[I].sess[c].seq < cli[c]
       /\ OpEntry(id) \notin prop[I]
       /\ prop' = [prop EXCEPT ![I] = @ \cup {OpEntry(id)}]
       /\ UNCHANGED <<cfg, sm, msgs, lost, retired, cli, ops, opOrder, installs, rejects, continued>>

\* A proposed entry is chosen in I's next slot, and applied (§4.5, §4.6).
Choose(I, e) ==
    /\ e \in prop[I] /\ I \notin retired
    /\ sm' = [sm EXCEPT ![I] = Apply(I, sm[I], e)]
    /\ prop' = [prop EXCEPT ![I] = @ \ {e}]
    /\ installs' = IF e.type = "Install" THEN [installs EXCEPT ![I] = @ \cup {e}] ELSE installs
    /\ IF e.type = "Op" /\ OpTakesEffect(I, sm[I], e)
       THEN opOrder' = [opOrder EXCEPT ![e.obj] = Append(@,
                [id |-> e.id, kind |-> e.kind,
                 val |-> IF e.kind = "Put" THEN e.val ELSE sm[I].kv[e.obj].val,
                 ver |-> IF e.kind = "Put" THEN sm[I].kv[e.obj].ver + 1 ELSE sm[I].kv[e.obj].ver,
                 inst |-> I, holder |-> TagOf[e.obj] \in sm[I].active])]
       ELSE UNCHANGED opOrder
    /\ rejects' = IF e.type = "Op" /\ ~OpAllowed(I, sm[I], TagOf[e.obj]) THEN rejects \cup {e.id} ELSE rejects
    /\ UNCHANGED <<cfg, msgs, lost, retired, cli, ops, continued>>

\* §4.7.2 TryReply: a member of the releaser K answers the acquirer J for the
\* tags J still awaits from K and K has sealed (J's leader re-sends its
\* HandoffRequest until they are installed, §4.7.1).
SendReply(K, J) ==
    /\ K[2] < MaxEpoch /\ J[2] = K[2] + 1
    /\ Started(K) /\ K \notin retired /\ Started(J)
    /\ LET T == {t \in sm[J].pending : K \in Sources(J, t) /\ ReplyReady(K, t)}
           m == MsgReply(T, K, J, [t \in T |-> ReplySnap(K, t)])
       IN /\ T # {} /\ m \notin msgs
          /\ msgs' = msgs \cup {m}
    /\ UNCHANGED <<cfg, sm, prop, lost, retired, cli, ops, opOrder, installs, rejects, continued>>

\* §4.7.1 on HandoffReply at the leader of J: propose an Install for the tags
\* still pending.
ReceiveReply(m) ==
    /\ m \in msgs
    /\ LET J == m.to
           T == m.tags \cap sm[J].pending
           e == InstallEntry(T, m.from, [t \in T |-> m.snap[t]])
       IN /\ J \notin retired /\ T # {} /\ e \notin prop[J]
          /\ prop' = [prop EXCEPT ![J] = @ \cup {e}]
    /\ UNCHANGED <<cfg, sm, msgs, lost, retired, cli, ops, opOrder, installs, rejects, continued>>

\* M10 only: the acquirer gives up waiting and installs the tag from the
\* initial state of its objects.
ForceTakeover(J, t) ==
    /\ MayForceTakeover
    /\ Started(J) /\ J \notin retired /\ t \in sm[J].pending /\ Sources(J, t) # {}
    /\ LET K == CHOOSE K \in Sources(J, t) : TRUE
           e == InstallEntry({t}, K, [u \in {t} |-> InitialSnap(t)])
       IN /\ e \notin prop[J]
          /\ prop' = [prop EXCEPT ![J] = @ \cup {e}]
    /\ UNCHANGED <<cfg, sm, msgs, lost, retired, cli, ops, opOrder, installs, rejects, continued>>

\* §4.7.4 ContinueLog: the EpochChange of K = (i, x-1) is chosen and, in the
\* same step, the tags i keeps in epoch x are installed in J = (i, x) from the
\* snapshots that seal froze, with no messages.  Tags K released go on by the
\* handoff; tags K acquires later are passed on by the handoff too.
ContinueLog(K) ==
    LET J == <<K[1], K[2] + 1>>
        S2 == ApplyClose(sm[K])
    IN /\ LogContinuation
       /\ K[2] < MaxEpoch /\ cfg[J[2]] # NIL /\ cfg[J[2]].mem[K[1]] = cfg[K[2]].mem[K[1]]
       /\ Started(K) /\ Started(J) /\ K \notin retired /\ EC \in prop[K] /\ ~sm[K].closed
       /\ LET Kept == {t \in sm[J].pending : K \in Sources(J, t)} \cap S2.sealed
              e == InstallEntry(Kept, K, [t \in Kept |-> S2.frozen[t]])
          IN /\ Kept # {}
             /\ sm' = [sm EXCEPT ![K] = S2, ![J] = ApplyInstall(sm[J], e)]
             /\ installs' = [installs EXCEPT ![J] = @ \cup {e}]
             /\ continued' = continued \cup {J}
       /\ prop' = [prop EXCEPT ![K] = @ \ {EC}]
       /\ UNCHANGED <<cfg, msgs, lost, retired, cli, ops, opOrder, rejects>>

\* The network loses a reply (the releaser re-sends it while it has not retired).
Lose(m) ==
    /\ m \in msgs /\ lost < MaxLosses
    /\ msgs' = msgs \ {m}
    /\ lost' = lost + 1
    /\ UNCHANGED <<cfg, sm, prop, retired, cli, ops, opOrder, installs, rejects, continued>>

\* §4.7.2 on HandoffAck: once every released tag is acknowledged the instance
\* retires; its log is archived and truncated, so it answers no more.
Retire(K) ==
    /\ Started(K) /\ K \notin retired /\ sm[K].closed /\ sm[K].pending = {}
    /\ RetireReady(K)
    /\ retired' = retired \cup {K}
    /\ prop' = [prop EXCEPT ![K] = {}]
    /\ UNCHANGED <<cfg, sm, msgs, lost, cli, ops, opOrder, installs, rejects, continued>>

\* §4.8.1 Invoke: a client with no outstanding operation starts one.
Invoke(c, kind, o, v) ==
    /\ cli[c] < MaxOps
    /\ IF cli[c] = 0 THEN TRUE ELSE ops[<<c, cli[c]>>].status = "done"
    /\ cli' = [cli EXCEPT ![c] = @ + 1]
    /\ ops' = [ops EXCEPT ![<<c, cli[c] + 1>>] =
                 [status |-> "pending", kind |-> kind, obj |-> o, val |-> v,
                  after |-> {id \in Ids : ops[id].status = "done"}, res |-> NIL]]
    /\ UNCHANGED <<cfg, sm, prop, msgs, lost, retired, opOrder, installs, rejects, continued>>

\* §4.8.1 on ClientReply: the reply carries the result an instance recorded
\* for this operation in its session table.
Complete(c, I) ==
    LET id == <<c, cli[c]>>
    IN /\ cli[c] > 0 /\ ops[id].status = "pending"
       /\ Started(I) /\ sm[I].sess[c].seq = cli[c]
       /\ ops' = [ops EXCEPT ![id].status = "done", ![id].res = sm[I].sess[c].res]
       /\ UNCHANGED <<cfg, sm, prop, msgs, lost, retired, cli, opOrder, installs, rejects, continued>>

\* Every step but the root's: specs/Alia.tla composes these with the
\* real root tier in place of RootReveal.
DataNext ==
    \/ \E I \in Inst : StartInstance(I) \/ ProposeClose(I) \/ Retire(I) \/ ContinueLog(I)
    \/ \E I \in Inst : \E e \in prop[I] : Choose(I, e)
    \/ \E K, J \in Inst : SendReply(K, J)
    \/ \E m \in msgs : ReceiveReply(m) \/ Lose(m)
    \/ \E J \in Inst, t \in Tags : ForceTakeover(J, t)
    \/ \E c \in Clients : \E I \in Inst : ProposeOp(c, I) \/ Complete(c, I)
    \/ \E c \in Clients, o \in Objects : Invoke(c, "Get", o, NIL) \/ \E v \in Values : Invoke(c, "Put", o, v)

Next ==
    \/ \E x \in 1 .. MaxEpoch, c \in UNION {CfgChoices[y] : y \in 1 .. MaxEpoch} : RootReveal(x, c)
    \/ DataNext

Spec == Init /\ [][Next]_vars

\* Fairness for the liveness properties (brief §6.2): every internal step of
\* the data plane is weakly fair; the root, clients invoking, losses and
\* retirement are not.  Replies are re-sent after a loss, and losses are
\* bounded, so weak fairness on sending suffices.
Fairness ==
    /\ \A I \in Inst : WF_vars(StartInstance(I)) /\ WF_vars(ProposeClose(I))
    /\ \A I \in Inst : WF_vars(\E e \in prop[I] : Choose(I, e))
    /\ \A K, J \in Inst : WF_vars(SendReply(K, J))
    /\ \A J \in Inst : WF_vars(\E m \in msgs : m.to = J /\ ReceiveReply(m))
    /\ \A c \in Clients, I \in Inst : WF_vars(ProposeOp(c, I))
    /\ \A c \in Clients : WF_vars(\E I \in Inst : Complete(c, I))
FairSpec == Spec /\ Fairness

-----------------------------------------------------------------------------
(* Properties (brief §6.1; catalogue ALIA-S7..S15, R2, L3..L5).           *)

\* ALIA-S7 ConfigWellFormed: every configuration the root reveals is valid, so
\* every tag has exactly one owner per epoch.
ConfigWellFormedInv == \A x \in Epochs : cfg[x] # NIL => ValidCfg(cfg[x])

\* ALIA-S8 SingleHolder: at most one instance serves a tag at any time, across
\* fuzzy transitions.
SingleHolderInv == \A t \in Tags : Cardinality(Holders(t)) <= 1

Puts(o, k) == Cardinality({j \in 1 .. k : opOrder[o][j].kind = "Put"})

\* ALIA-S9 OpsOnlyAtHolder: every operation took effect at an instance that
\* held the tag then; per object the instances' epochs never go back, the
\* Puts carry versions 1, 2, 3, ... and every Get the version of the latest
\* Put before it.
OpsOnlyAtHolderInv ==
    \A o \in Objects : \A k \in 1 .. Len(opOrder[o]) :
        /\ opOrder[o][k].holder
        /\ k > 1 => opOrder[o][k - 1].inst[2] <= opOrder[o][k].inst[2]
        /\ opOrder[o][k].ver = Puts(o, k)

\* ALIA-S10 HandoffFaithful: every chosen Install names the previous owner of
\* its tags as the source and carries exactly the snapshot that source's
\* chosen seal froze.
HandoffFaithfulInv ==
    \A J \in Inst : \A e \in installs[J] : \A t \in e.tags :
        /\ e.from \in Sources(J, t)
        /\ sm[e.from] # NIL /\ e.snap[t] = sm[e.from].frozen[t]

\* The instance that must hand t on: the latest one that sealed it, while
\* nobody holds it.
InTransit(t) == IF Holders(t) # {} THEN {}
                ELSE {K \in Inst : Started(K) /\ t \in sm[K].sealed /\
                          ~\E K2 \in Inst : K2[2] > K[2] /\ Started(K2) /\ t \in sm[K2].sealed}

\* ALIA-S11 NoLostAckedWrite: a Put a client saw acknowledged is in the state
\* of every holder of its tag, and in the snapshot in transit when none holds it.
NoLostAckedWriteInv ==
    \A id \in Ids : ops[id].status = "done" /\ ops[id].kind = "Put" =>
        LET o == ops[id].obj  t == TagOf[ops[id].obj]
        IN /\ \A I \in Holders(t) : sm[I].kv[o].ver >= ops[id].res.ver
           /\ \A K \in InTransit(t) : sm[K].frozen[t].objs[o].ver >= ops[id].res.ver

Positions(id, o) == {k \in 1 .. Len(opOrder[o]) : opOrder[o][k].id = id}
First(id, o) == CHOOSE k \in Positions(id, o) : \A j \in Positions(id, o) : k <= j
LastPutBefore(o, k) ==
    LET P == {j \in 1 .. k - 1 : opOrder[o][j].kind = "Put"}
    IN IF P = {} THEN InitKV
       ELSE LET j == CHOOSE j \in P : \A i \in P : i <= j IN [val |-> opOrder[o][j].val, ver |-> opOrder[o][j].ver]

\* ALIA-S12 Linearizable (per object; commit order is the witness):
\* (a) a completed Get returned the latest Put before it; (b) an operation
\* that completed before another was invoked is committed before it;
\* (c) every operation takes effect at most once; (d) every reply is the
\* result recorded when the operation took effect.
LinearizableInv ==
    /\ \A o \in Objects : \A j, k \in 1 .. Len(opOrder[o]) : j # k => opOrder[o][j].id # opOrder[o][k].id
    /\ \A id \in Ids : ops[id].status = "done" =>
          LET o == ops[id].obj IN
          /\ Positions(id, o) # {}
          /\ ops[id].res = [val |-> opOrder[o][First(id, o)].val, ver |-> opOrder[o][First(id, o)].ver]
          /\ ops[id].kind = "Get" => ops[id].res = LastPutBefore(o, First(id, o))
    /\ \A p, q \in Ids :
          /\ ops[q].status # "idle" /\ p \in ops[q].after /\ ops[p].obj = ops[q].obj
          /\ Positions(q, ops[q].obj) # {}
          => Positions(p, ops[p].obj) # {} /\ First(p, ops[p].obj) < First(q, ops[q].obj)

\* ALIA-S14 NoServeWithoutConfig (a guard: StartInstance checks it): an
\* instance runs only once its epoch's configuration is known and names it.
NoServeWithoutConfigInv == \A I \in Inst : Started(I) => cfg[I[2]] # NIL /\ I[1] \in SqOf(cfg[I[2]])

\* ALIA-S15 NoTruncateBeforeAck (a guard: Retire checks it; M16's real
\* damage is to liveness, L3): a retired instance had every tag of its scope
\* acknowledged by an Install.
NoTruncateBeforeAckInv ==
    \A K \in retired : \A t \in Scope(K) : Acked(K, t)

\* ALIA-R2 Refinement: for one object (RefObj), the history refines the atomic register of specs/AtomicRegister.tla.  A Put
\* is stamped with the version it first took effect with, a Get with the
\* version it returned.
RegHist(o) ==
    LET Mine == {id \in Ids : ops[id].status # "idle" /\ ops[id].obj = o}
    IN [id \in Mine |->
          [kind |-> IF ops[id].kind = "Put" THEN "PUT" ELSE "GET",
           val |-> IF ops[id].kind = "Put" THEN ops[id].val ELSE "no value",
           status |-> ops[id].status,
           after |-> ops[id].after \cap Mine,
           stamp |-> IF ops[id].kind = "Put"
                     THEN IF Positions(id, o) # {} THEN opOrder[o][First(id, o)].ver ELSE -1
                     ELSE IF ops[id].status = "done" THEN ops[id].res.ver ELSE -1,
           ret |-> IF ops[id].kind = "Get" /\ ops[id].status = "done" THEN ops[id].res.val ELSE "no value"]]

RefObj == CHOOSE o \in Objects : TRUE
Register == INSTANCE AtomicRegister WITH
    hist <- RegHist(RefObj), Ids <- Ids, Values <- Values, InitValue <- InitVal,
    Stamps <- 0 .. 2 * Cardinality(Ids), InitStamp <- 0, NoStamp <- -1,
    StampLT <- LAMBDA a, b : a < b
RegisterRefinementProp == Register!Spec

\* ALIA-L3 A fuzzy transition completes: once epoch x is known, every tag
\* becomes active at its epoch-x owner, unless a later epoch supersedes x.
TransitionCompletesProp ==
    \A x \in 1 .. MaxEpoch : \A t \in Tags :
        cfg[x] # NIL ~> \/ AtOwner(x, t)
                        \/ x < MaxEpoch /\ cfg[x + 1] # NIL

\* ALIA-L4 No handoff deadlock: once the last epoch is known, every tag
\* becomes active at its owner there (with MC-C's crossing: brief §4.7.3).
AllMoved == cfg[MaxEpoch] # NIL /\ \A t \in Tags : AtOwner(MaxEpoch, t)
CrossingCompletesProp == cfg[MaxEpoch] # NIL ~> AllMoved

\* ALIA-L5 Client termination: every invoked operation completes.
ClientTerminationProp == \A id \in Ids : ops[id].status = "pending" ~> ops[id].status = "done"

-----------------------------------------------------------------------------
(* Reachability witnesses (ALIA-W6..W10): each must be violated.          *)

\* W6: a tag becomes active through an Install (a handoff completes).
NoHandoffWitness == \A J \in Inst : J[2] >= 1 /\ Started(J) => sm[J].active = {}
\* W7: a client reads, after a handoff, a value written before it.
NoReadAcrossHandoffWitness ==
    ~\E o \in Objects : \E j, k \in 1 .. Len(opOrder[o]) :
        j < k /\ opOrder[o][j].kind = "Put" /\ opOrder[o][k].kind = "Get"
        /\ opOrder[o][j].inst # opOrder[o][k].inst /\ opOrder[o][k].ver >= opOrder[o][j].ver
        /\ ops[opOrder[o][k].id].status = "done"
\* W8: an instance retires after its tags were acknowledged.
NoRetireWitness == retired = {}
\* W9: an operation proposed while its tag was active is rejected at apply
\* time because the seal came first (the pipelining that M7 breaks).
NoApplyRejectWitness == rejects = {}
\* W10: after a reply is lost, every tag still reaches its owner in the last
\* epoch (the releaser re-sends).
NoResendWitness == ~(lost > 0 /\ AllMoved)
\* W12: every tag reaches its owner in the last epoch (with MC-C: the crossing completes).
NotAllMovedWitness == ~AllMoved
\* W13: a tag is kept across an epoch by log continuation (§4.7.4).
NoContinuationWitness == continued = {}
\* W11: a tag moves twice (a release chain, MC-B3).
NoChainWitness == \A J \in Inst : J[2] >= 2 /\ Started(J) => sm[J].active = {}
=============================================================================
