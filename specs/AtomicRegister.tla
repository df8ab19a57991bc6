--------------------------- MODULE AtomicRegister ---------------------------
(***************************************************************************)
(* The abstract read/write register of one key, as a set of histories.     *)
(* Every storage protocol of the repository that offers GET and PUT        *)
(* (LEGOStore's ABD and CAS) refines this spec through its ghost history   *)
(* (brief LEGOStore.md §2.7).                                              *)
(*                                                                         *)
(* A history records, for every operation, its kind, the value written or  *)
(* returned, which operations had completed when it was invoked            *)
(* (`after`), and a stamp: a point in a total order.  A PUT fixes its stamp *)
(* at most once, while pending (the protocol's choice of a tag); a GET      *)
(* returns the value of the PUT that owns the stamp it reads (or the       *)
(* initial value at the initial stamp).  A response is allowed only if the *)
(* stamps respect real time: a PUT is stamped above every operation that   *)
(* completed before it was invoked, and a GET at or above.                 *)
(*                                                                         *)
(* This is the tag-based condition for atomicity (Lynch, Distributed      *)
(* Algorithms, Lemma 13.16): order the PUTs by stamp and put each GET      *)
(* right after the PUT whose stamp it returns; that order is a             *)
(* linearization.  So every history this spec allows is linearizable, and  *)
(* a protocol that refines it is linearizable for one key.                 *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, TLC

CONSTANTS
    Ids,            \* operation identifiers
    Values,         \* values a PUT may write
    InitValue,      \* the register's value before any PUT (not in Values)
    Stamps,         \* the stamps
    InitStamp,      \* the stamp of the initial value (in Stamps)
    NoStamp,        \* "not stamped yet": of the same kind as stamps, not in Stamps
    StampLT(_, _)   \* a strict total order on Stamps with InitStamp least

NoValue == "no value"

VARIABLE hist

\* @type: ... one record per invoked operation.
OpRecord ==
    [kind : {"GET", "PUT"}, val : Values \cup {NoValue}, status : {"pending", "done"},
     after : SUBSET Ids, stamp : Stamps \cup {NoStamp}, ret : Values \cup {InitValue, NoValue}]

RegisterTypeOK ==
    /\ DOMAIN hist \subseteq Ids
    /\ \A o \in DOMAIN hist : hist[o] \in OpRecord

Done == {o \in DOMAIN hist : hist[o].status = "done"}
StampLE(a, b) == a = b \/ StampLT(a, b)

\* The value at stamp t: the initial value, or the value of the PUT stamped t.
ValueAt(t) ==
    IF t = InitStamp THEN InitValue
    ELSE LET P == {o \in DOMAIN hist : hist[o].kind = "PUT" /\ hist[o].stamp = t}
         IN  IF P = {} THEN NoValue ELSE hist[CHOOSE o \in P : TRUE].val

Init == hist = [o \in {} |-> {}]

\* A client invokes an operation; `after` is what has completed by then.
Invoke(o, kind, v) ==
    /\ o \notin DOMAIN hist
    /\ hist' = hist @@ (o :> [kind |-> kind, val |-> v, status |-> "pending", after |-> Done,
                              stamp |-> NoStamp, ret |-> NoValue])

\* A pending PUT fixes its stamp: one no other PUT holds, above the initial stamp.
Stamp(o, t) ==
    /\ o \in DOMAIN hist /\ hist[o].kind = "PUT" /\ hist[o].status = "pending"
    /\ hist[o].stamp = NoStamp
    /\ t # InitStamp
    /\ \A p \in DOMAIN hist : hist[p].kind = "PUT" => hist[p].stamp # t
    /\ hist' = [hist EXCEPT ![o].stamp = t]

\* A PUT returns: its stamp is above every operation that completed before it began.
RespondPut(o) ==
    /\ o \in DOMAIN hist /\ hist[o].kind = "PUT" /\ hist[o].status = "pending"
    /\ hist[o].stamp # NoStamp
    /\ \A a \in hist[o].after : StampLT(hist[a].stamp, hist[o].stamp)
    /\ hist' = [hist EXCEPT ![o].status = "done"]

\* A GET returns the value at stamp t, at or above every operation that completed before it began.
RespondGet(o, t) ==
    /\ o \in DOMAIN hist /\ hist[o].kind = "GET" /\ hist[o].status = "pending"
    /\ ValueAt(t) # NoValue
    /\ \A a \in hist[o].after : StampLE(hist[a].stamp, t)
    /\ hist' = [hist EXCEPT ![o].status = "done", ![o].stamp = t, ![o].ret = ValueAt(t)]

Next ==
    \/ \E o \in Ids, v \in Values : Invoke(o, "PUT", v)
    \/ \E o \in Ids : Invoke(o, "GET", NoValue)
    \/ \E o \in Ids, t \in Stamps : Stamp(o, t) \/ RespondGet(o, t)
    \/ \E o \in Ids : RespondPut(o)

Spec == Init /\ [][Next]_hist
=============================================================================
