---------------------------- MODULE PandoVersions ----------------------------
(***************************************************************************)
(* Pando with several versions of one key (paper §3.2, §3.3.3, §4; brief  *)
(* §4.7, §4.8).  Each version is its own single-decree instance with the  *)
(* rules of Pando.tla; this module adds what only exists across versions: *)
(*  - the no-gap rule: a writer starts version i only once version i-1 is *)
(*    chosen (paper App. A, "mutating values");                           *)
(*  - garbage collection: a site that learns version i is committed drops *)
(*    the data of every version below i and raises its `floor`; requests  *)
(*    for versions below the floor are answered STALE (brief §4.2, §4.8);  *)
(*  - reads by FETCH that return the newest version (brief §4.7): the fast *)
(*    path needs the NEWEST version seen to be committed; otherwise, with  *)
(*    a Phase-1b quorum, a newest version J that is not recoverable means  *)
(*    J was not chosen when the read began, and the read returns J-1.      *)
(*  - the read's write-back (brief §4.7 WRITEBACK, issue 18): a read whose *)
(*    newest version J is recoverable but not known committed prepares J  *)
(*    at its own reader ballot (a ballot kind of its own: writers never   *)
(*    use it), proposes only a recovered vid, and returns once a Phase-2  *)
(*    quorum accepted it.  A reader with no write-back ballot (ReadBallot *)
(*    = None) answers RETRY there instead, as before;                     *)
(*  - crash-restart of a site (brief §1.5): the promises, accepted         *)
(*    ballots, splits and the floor are durable, commit marks are lost.   *)
(* Writers use the fast and slow Phase-1 paths of Pando.tla with accepted- *)
(* ballot recovery; COMMIT is implicit as in Pando.tla (sent when a        *)
(* Phase-2 quorum exists, delivered at any later time or never).           *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS Acceptors, Values, Ballots, K, Quorum1a, Quorum1b, Quorum2,
          MaxVersion,   \* versions are 1..MaxVersion; version 0 means "never written"
          Readers,      \* read operations (ids)
          ReadBallot,   \* ReadBallot[r]: the ballot of read r's write-back, or None (no write-back: RETRY)
          MaxRestarts   \* site crash-restarts allowed in one behaviour

None == -1
Versions == 1..MaxVersion
Vids == [val : Values, tag : Ballots]
NoVid == [val |-> "none", tag |-> None]
Empty == [abal |-> None, avid |-> NoVid, cmt |-> NoVid]

ASSUME PandoVersionsC1Assume == \A A \in Quorum1a, B \in Quorum2 : A \cap B # {}
ASSUME PandoVersionsC2Assume == \A A \in Quorum1b, B \in Quorum2 : Cardinality(A \cap B) >= K
ASSUME PandoVersionsC3Assume == \A A \in Quorum1a : Cardinality(A) >= K
ASSUME PandoVersionsWellFormedAssume ==
    /\ K \in Nat \ {0} /\ MaxVersion \in Nat \ {0} /\ Ballots \subseteq Nat /\ MaxRestarts \in Nat
    /\ ReadBallot \in [Readers -> Ballots \cup {None}]
    \* Each read's write-back ballot is its own (two reads never share one).
    /\ \A r1, r2 \in Readers : r1 # r2 /\ ReadBallot[r1] # None => ReadBallot[r1] # ReadBallot[r2]

\* Ballot kinds (brief §4.1): a reader's write-back ballot is never a writer's.
ReaderBallots == {ReadBallot[r] : r \in Readers} \ {None}
WriterBallots == Ballots \ ReaderBallots

ThresholdQuorums(size) == {Q \in SUBSET Acceptors : Cardinality(Q) = size}

VARIABLES
    prom,    \* prom[a][i]: promised ballot of version i at site a
    slot,    \* slot[a][i]: [abal, avid, cmt] of version i at site a (Empty once pruned)
    floor,   \* floor[a]: versions below it are pruned at a (durable, brief §1.5)
    sent,    \* every message ever sent
    reads,   \* reads[r]: ghost history of read r
    restarts \* ghost: the set of <<site, its promises>> at each crash-restart (for witness PANDO-W8)

vars == <<prom, slot, floor, sent, reads, restarts>>

SlotRec == [abal : Ballots \cup {None}, avid : Vids \cup {NoVid}, cmt : Vids \cup {NoVid}]
ReadRec == [state : {"idle", "started", "writeback", "done"}, start : 0..MaxVersion,
            ver : 0..MaxVersion, vid : Vids \cup {NoVid}, retry : BOOLEAN,
            wb : 0..MaxVersion]   \* the version the read writes back (0: none)

PandoVersionsTypeOK ==
    /\ prom \in [Acceptors -> [Versions -> Ballots \cup {None}]]
    /\ slot \in [Acceptors -> [Versions -> SlotRec]]
    /\ floor \in [Acceptors -> 1..MaxVersion]
    /\ reads \in [Readers -> ReadRec]
    /\ restarts \subseteq Acceptors \X [Versions -> Ballots \cup {None}]

-----------------------------------------------------------------------------
(* History.                                                                 *)

Voted(a, i, b, x) == [type |-> "accepted", ver |-> i, bal |-> b, acc |-> a, vid |-> x] \in sent
Proposals == {m \in sent : m.type = "propose"}
ChosenIn(i, x, b) == \E Q \in Quorum2 : \A a \in Q : Voted(a, i, b, x)
ChosenPairs(i) == {p \in {<<m.bal, m.vid>> : m \in {n \in Proposals : n.ver = i}} : ChosenIn(i, p[2], p[1])}
ChosenAt(i) == {p[2] : p \in ChosenPairs(i)}
IsChosenAt(i) == ChosenAt(i) # {}
MaxChosenVersion == IF \E i \in Versions : IsChosenAt(i)
                    THEN CHOOSE i \in Versions : IsChosenAt(i) /\ \A j \in Versions : IsChosenAt(j) => j <= i
                    ELSE 0

-----------------------------------------------------------------------------
(* Protocol rules that mutants replace (configs/Pando/MCPandoVersions.tla). *)

\* No gaps (paper App. A): version i may be written only once version i-1 is chosen.
MayStartVersion(i) == i = 1 \/ IsChosenAt(i - 1)

\* A request for a version below the site's floor is answered STALE (brief §4.2).
IsStale(a, i) == i < floor[a]

\* Garbage collection happens when a site learns a version is committed (paper §4).
PruneOnVote == FALSE

\* After pruning below version i the floor is the higher of the old floor and i (brief §4.2).
FloorAfterPrune(a, i) == IF i > floor[a] THEN i ELSE floor[a]

\* The read fast path returns version J only if J is the NEWEST version seen (brief §4.7).
FastReadVersion(J, P) == J

\* The CPUT request writer ballot b works for: each ballot its own, unless a cfg maps a retry
\* ballot to the request it retries (finding F6).
WriteRequestOf(b) == b

-----------------------------------------------------------------------------
(* Sites.                                                                   *)

\* Garbage collection at site a up to version i (brief §4.2 prune): the records of every
\* version below i are deleted (promise included) and the floor is raised.
\* s and p are site a's slot and promise rows after the step that triggers the pruning.
PruneBelow(a, i, s, p) ==
    /\ slot' = [slot EXCEPT ![a] = [j \in Versions |-> IF j < i THEN Empty ELSE s[j]]]
    /\ prom' = [prom EXCEPT ![a] = [j \in Versions |-> IF j < i THEN None ELSE p[j]]]
    /\ floor' = [floor EXCEPT ![a] = FloorAfterPrune(a, i)]

WriterPrepare(b, i) ==
    /\ b \in WriterBallots
    /\ MayStartVersion(i)
    /\ ~\E m \in sent : m.type = "prepare" /\ m.ver = i /\ m.bal = b
    /\ sent' = sent \cup {[type |-> "prepare", ver |-> i, bal |-> b]}
    /\ UNCHANGED <<prom, slot, floor, reads, restarts>>

Promise(a, b, i) ==
    /\ [type |-> "prepare", ver |-> i, bal |-> b] \in sent
    /\ IF IsStale(a, i)
       THEN /\ sent' = sent \cup {[type |-> "stale", ver |-> i, bal |-> b, acc |-> a]}
            /\ UNCHANGED prom
       ELSE /\ b > prom[a][i]
            /\ prom' = [prom EXCEPT ![a][i] = b]
            /\ sent' = sent \cup {[type |-> "promise", ver |-> i, bal |-> b, acc |-> a,
                                   abal |-> slot[a][i].abal, avid |-> slot[a][i].avid, cmt |-> slot[a][i].cmt]}
    /\ UNCHANGED <<slot, floor, reads, restarts>>

PromisesFor(i, b) == {m \in sent : m.type = "promise" /\ m.ver = i /\ m.bal = b}
Promised(Q, i, b) == \A a \in Q : \E m \in PromisesFor(i, b) : m.acc = a
Replies(Q, i, b) == {m \in PromisesFor(i, b) : m.acc \in Q}
StaleSeen(i, b) == \E m \in sent : m.type = "stale" /\ m.ver = i /\ m.bal = b
NotProposed(i, b) == ~\E m \in Proposals : m.ver = i /\ m.bal = b
SplitsOf(P, x) == Cardinality({m \in P : m.avid = x})
RecoverableIn(P) == {x \in {m.avid : m \in P} \ {NoVid} : SplitsOf(P, x) >= K}
TopBal(P, x) == CHOOSE c \in {m.abal : m \in {n \in P : n.avid = x}} : \A n \in P : n.avid = x => n.abal <= c
BestRecoverable(P) == {x \in RecoverableIn(P) : \A y \in RecoverableIn(P) : TopBal(P, y) <= TopBal(P, x)}

Propose(b, i) ==
    /\ b \in WriterBallots
    /\ NotProposed(i, b)
    /\ ~StaleSeen(i, b)
    /\ \/ \E Q \in Quorum1a :
            /\ Promised(Q, i, b) /\ \A m \in Replies(Q, i, b) : m.abal = None
            /\ \E v \in Values : sent' = sent \cup {[type |-> "propose", ver |-> i, bal |-> b, vid |-> [val |-> v, tag |-> b]]}
       \/ \E Q \in Quorum1b :
            /\ Promised(Q, i, b)
            /\ LET P == Replies(Q, i, b) IN
               \E x \in IF RecoverableIn(P) = {} THEN [val : Values, tag : {b}] ELSE BestRecoverable(P) :
                  sent' = sent \cup {[type |-> "propose", ver |-> i, bal |-> b, vid |-> x]}
    /\ UNCHANGED <<prom, slot, floor, reads, restarts>>

Vote(a, b, i) ==
    /\ \E m \in Proposals :
        /\ m.ver = i /\ m.bal = b
        /\ ~IsStale(a, i)
        /\ b >= prom[a][i]
        /\ LET s == [slot[a] EXCEPT ![i] = [abal |-> b, avid |-> m.vid, cmt |-> slot[a][i].cmt]]
               p == [prom[a] EXCEPT ![i] = b] IN
           IF PruneOnVote
           THEN PruneBelow(a, i, s, p)
           ELSE /\ slot' = [slot EXCEPT ![a] = s]
                /\ prom' = [prom EXCEPT ![a] = p]
                /\ UNCHANGED floor
        /\ sent' = sent \cup {[type |-> "accepted", ver |-> i, bal |-> b, acc |-> a, vid |-> m.vid]}
    /\ UNCHANGED <<reads, restarts>>

\* COMMIT of version i (implicit, see header), guarded as in Pando.tla; then prune below i.
Commit(a, i) ==
    /\ ~IsStale(a, i)
    /\ \E p \in ChosenPairs(i) :
        /\ slot[a][i].abal # None /\ slot[a][i].abal >= p[1]
        /\ slot[a][i].cmt = NoVid
        /\ PruneBelow(a, i, [slot[a] EXCEPT ![i].cmt = p[2]], prom[a])
    /\ UNCHANGED <<sent, reads, restarts>>

\* A site crashes and comes back (brief §1.5): its promises, accepted ballots, splits and floor
\* are durable; its commit marks are not (StateAfterRestart; a mutant loses more).  At most
\* MaxRestarts distinct restarts; a site may restart again with the same promises.
StateAfterRestart(a) == [prom |-> prom[a], slot |-> [i \in Versions |-> [slot[a][i] EXCEPT !.cmt = NoVid]]]

Restart(a) ==
    /\ <<a, prom[a]>> \in restarts \/ Cardinality(restarts) < MaxRestarts
    /\ restarts' = restarts \cup {<<a, prom[a]>>}
    /\ LET s == StateAfterRestart(a) IN
        /\ prom' = [prom EXCEPT ![a] = s.prom]
        /\ slot' = [slot EXCEPT ![a] = s.slot]
    /\ UNCHANGED <<floor, sent, reads>>

-----------------------------------------------------------------------------
(* Reads by FETCH (brief §4.7).                                             *)

ReadStart(r) ==
    /\ reads[r].state = "idle"
    /\ reads' = [reads EXCEPT ![r].state = "started", ![r].start = MaxChosenVersion]
    /\ sent' = sent \cup {[type |-> "fetch", rd |-> r]}
    /\ UNCHANGED <<prom, slot, floor, restarts>>

FetchReply(a, r) ==
    /\ [type |-> "fetch", rd |-> r] \in sent
    /\ ~\E m \in sent : m.type = "fetched" /\ m.rd = r /\ m.acc = a
    /\ sent' = sent \cup {[type |-> "fetched", rd |-> r, acc |-> a, floor |-> floor[a], slots |-> slot[a]]}
    /\ UNCHANGED <<prom, slot, floor, reads, restarts>>

Fetched(r, Q) == {m \in sent : m.type = "fetched" /\ m.rd = r /\ m.acc \in Q}
AllFetched(r, Q) == \A a \in Q : \E m \in Fetched(r, Q) : m.acc = a
\* Newest version any reply has accepted, or 0.
NewestSeen(P) == LET vs == {i \in Versions : \E m \in P : m.slots[i].abal # None}
                 IN IF vs = {} THEN 0 ELSE CHOOSE i \in vs : \A j \in vs : j <= i
At(P, i) == {[acc |-> m.acc, abal |-> m.slots[i].abal, avid |-> m.slots[i].avid, cmt |-> m.slots[i].cmt] : m \in P}

ReadDone(r, ver, x, retry) ==
    /\ reads' = [reads EXCEPT ![r].state = "done", ![r].ver = ver, ![r].vid = x, ![r].retry = retry]
    /\ UNCHANGED <<prom, slot, floor, sent, restarts>>

\* Nothing accepted anywhere in a Phase-1a quorum: the key was never written.
ReadEmpty(r) ==
    /\ reads[r].state = "started"
    /\ \E Q \in Quorum1a : AllFetched(r, Q) /\ NewestSeen(Fetched(r, Q)) = 0 /\ ReadDone(r, 0, NoVid, FALSE)

\* Fast path: the newest version seen is committed and K of its splits are in hand.
ReadFast(r) ==
    /\ reads[r].state = "started"
    /\ \E Q \in Quorum1a :
        /\ AllFetched(r, Q)
        /\ LET P == Fetched(r, Q)
               J == FastReadVersion(NewestSeen(P), P) IN
           /\ J > 0
           /\ \E x \in {s.cmt : s \in At(P, J)} \ {NoVid} :
                /\ SplitsOf(At(P, J), x) >= K
                /\ ReadDone(r, J, x, FALSE)

\* WRITEBACK(J) (brief §4.7): Prepare version J at the read's own ballot.
StartWriteBack(r, J) ==
    /\ reads' = [reads EXCEPT ![r].state = "writeback", ![r].wb = J]
    /\ sent' = sent \cup {[type |-> "prepare", ver |-> J, bal |-> ReadBallot[r]]}
    /\ UNCHANGED <<prom, slot, floor, restarts>>

\* Slow path with a Phase-1b quorum.  If the newest version J is not recoverable it was not
\* chosen when the read began, so the read returns version J-1 (the committed or the highest
\* recoverable vid there).  If J is recoverable but not known committed, the read writes J back
\* (StartWriteBack), or answers RETRY when it has no write-back ballot.
ReadSlow(r) ==
    /\ reads[r].state = "started"
    /\ \E Q \in Quorum1b :
        /\ AllFetched(r, Q)
        /\ LET P == Fetched(r, Q)
               J == NewestSeen(P) IN
           /\ J > 0
           /\ IF RecoverableIn(At(P, J)) # {}
              THEN IF ReadBallot[r] = None THEN ReadDone(r, J, NoVid, TRUE) ELSE StartWriteBack(r, J)
              ELSE IF J = 1
                   THEN ReadDone(r, 0, NoVid, FALSE)
                   ELSE LET S == At(P, J - 1)
                            committed == {s.cmt : s \in S} \ {NoVid}
                            cands == IF committed # {} THEN committed ELSE BestRecoverable(S) IN
                        IF \E x \in cands : SplitsOf(S, x) >= K
                        THEN \E x \in cands : SplitsOf(S, x) >= K /\ ReadDone(r, J - 1, x, FALSE)
                        ELSE ReadDone(r, J - 1, NoVid, TRUE)

\* With a Phase-1b quorum of promises for its ballot: a promise showing J committed with K
\* splits of that vid in hand answers at once; otherwise the read proposes the recovered vid of
\* the highest accepted ballot and never a value of its own.  Nothing recoverable, or a STALE
\* answer (J was pruned, so a later version is committed): RETRY.
WriteBackPropose(r) ==
    /\ reads[r].state = "writeback"
    /\ LET i == reads[r].wb
           b == ReadBallot[r] IN
       /\ NotProposed(i, b)
       /\ IF StaleSeen(i, b)
          THEN ReadDone(r, i, NoVid, TRUE)
          ELSE \E Q \in Quorum1b :
                /\ Promised(Q, i, b)
                /\ LET P == Replies(Q, i, b)
                       known == {x \in {m.cmt : m \in P} \ {NoVid} : SplitsOf(P, x) >= K} IN
                   IF known # {}
                   THEN \E x \in known : ReadDone(r, i, x, FALSE)
                   ELSE IF RecoverableIn(P) = {}
                        THEN ReadDone(r, i, NoVid, TRUE)
                        ELSE \E x \in BestRecoverable(P) :
                               /\ sent' = sent \cup {[type |-> "propose", ver |-> i, bal |-> b, vid |-> x]}
                               /\ UNCHANGED <<prom, slot, floor, reads, restarts>>

\* The read's proposal reached a Phase-2 quorum (WriteBackHeard; a mutant answers earlier).
WriteBackHeard(r, x) == ChosenIn(reads[r].wb, x, ReadBallot[r])

WriteBackReturn(r) ==
    /\ reads[r].state = "writeback"
    /\ \E m \in Proposals :
        /\ m.ver = reads[r].wb /\ m.bal = ReadBallot[r]
        /\ WriteBackHeard(r, m.vid)
        /\ ReadDone(r, m.ver, m.vid, FALSE)

-----------------------------------------------------------------------------
Init ==
    /\ prom = [a \in Acceptors |-> [i \in Versions |-> None]]
    /\ slot = [a \in Acceptors |-> [i \in Versions |-> Empty]]
    /\ floor = [a \in Acceptors |-> 1]
    /\ sent = {}
    /\ reads = [r \in Readers |-> [state |-> "idle", start |-> 0, ver |-> 0, vid |-> NoVid, retry |-> FALSE, wb |-> 0]]
    /\ restarts = {}

Next ==
    \/ \E b \in Ballots, i \in Versions : WriterPrepare(b, i) \/ Propose(b, i)
    \/ \E a \in Acceptors, b \in Ballots, i \in Versions : Promise(a, b, i) \/ Vote(a, b, i)
    \/ \E a \in Acceptors, i \in Versions : Commit(a, i)
    \/ \E r \in Readers : ReadStart(r) \/ ReadEmpty(r) \/ ReadFast(r) \/ ReadSlow(r)
                          \/ WriteBackPropose(r) \/ WriteBackReturn(r)
                          \/ \E a \in Acceptors : FetchReply(a, r)
    \/ \E a \in Acceptors : Restart(a)

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Properties (IDs: docs/invariants.md).                                    *)

\* PANDO-S1 per version: at most one vid is chosen for each version.
VersionAgreementInv == \A i \in Versions : Cardinality(ChosenAt(i)) <= 1

\* PANDO-S15 No gaps: a vote for version i > 1 happens only once version i-1 is chosen
\* (checked on the vote history, which garbage collection does not erase).
NoGapsInv ==
    \A m \in sent : m.type = "accepted" /\ m.ver > 1 => IsChosenAt(m.ver - 1)

\* PANDO-S18 Garbage collection is safe: every version below a site's floor is chosen, and so
\* is the floor version itself (a site prunes only below a version it knows is committed).
GCSafeInv ==
    \A a \in Acceptors : floor[a] > 1 => \A j \in 1..floor[a] : IsChosenAt(j)

\* PANDO-S9 (multi-version) No data loss for the newest chosen version: a whole Phase-2 quorum
\* still holds it.
LatestNotLostInv ==
    MaxChosenVersion > 0 =>
        \E Q \in Quorum2 : \A a \in Q : slot[a][MaxChosenVersion].avid \in ChosenAt(MaxChosenVersion)

\* PANDO-S12 (multi-version) A read returns a vid chosen for the version it names.
VersionReadsChosenInv ==
    \A r \in Readers : reads[r].state = "done" /\ ~reads[r].retry /\ reads[r].ver > 0 =>
        reads[r].vid \in ChosenAt(reads[r].ver)

\* PANDO-S13 (multi-version) Reads are fresh: a read returns a version at least as new as the
\* newest version chosen when it began.
VersionReadsFreshInv ==
    \A r \in Readers : reads[r].state = "done" /\ ~reads[r].retry => reads[r].ver >= reads[r].start

\* A writer whose PREPARE of version i at ballot b met a STALE reply while it was still in Phase 1
\* answers CONFLICT(⊥) (brief §4.4, §4.6); Propose refuses to go on after a STALE reply.  (A STALE
\* reply that comes after the writer proposed is not an answer.)
ConflictBotAnswered(i, b) == StaleSeen(i, b) /\ NotProposed(i, b)

\* PANDO-S14s (the brief's reading of CONFLICT(⊥), expected to FAIL: finding F6).  Read as a
\* conflict, the answer would mean that the request's write did not take effect at version i: no
\* vid first proposed by a ballot of the same request is chosen there.
ConflictBotMeansLostInv ==
    \A i \in Versions, b \in WriterBallots :
        ConflictBotAnswered(i, b) =>
            ~\E x \in ChosenAt(i) : x.tag \in WriterBallots /\ WriteRequestOf(x.tag) = WriteRequestOf(b)

-----------------------------------------------------------------------------
(* Reachability witnesses: state predicates a correct model must VIOLATE   *)
(* (see specs/Pando.tla and docs/harness.md).                               *)

\* PANDO-W6 Every version is chosen (with MaxVersion = 2: two versions in a row).
NotAllVersionsChosenWitness == ~\A i \in Versions : IsChosenAt(i)

\* PANDO-W2 (multi-version) A read returns through its write-back: the version it wrote back,
\* chosen at the read's own ballot.
NoVersionWriteBackReadWitness ==
    ~\E r \in Readers : reads[r].state = "done" /\ ~reads[r].retry /\ reads[r].wb > 0
                        /\ reads[r].ver = reads[r].wb /\ reads[r].vid \in ChosenAt(reads[r].wb)
                        /\ ChosenIn(reads[r].wb, reads[r].vid, ReadBallot[r])

\* PANDO-W8 (multi-version) A site restarts and votes afterwards, above the promise it held for
\* that version when it restarted.
NoVoteAfterRestartWitness ==
    ~\E e \in restarts : \E m \in sent :
        m.type = "accepted" /\ m.acc = e[1] /\ (e[2][m.ver] = None \/ m.bal > e[2][m.ver])

\* PANDO-W7 Garbage collection raised a floor and a site answered STALE.
NoStaleAnswerWitness ==
    ~(/\ \E a \in Acceptors : floor[a] > 1
      /\ \E m \in sent : m.type = "stale")

=============================================================================
