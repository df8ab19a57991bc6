-------------------------------- MODULE Pando --------------------------------
(***************************************************************************)
(* Pando: single-decree Paxos on erasure-coded data, one slot (one version *)
(* of one key).  Source: Uluyol et al., "Near-Optimal Latency Versus Cost  *)
(* Tradeoffs in Geo-Distributed Storage", NSDI 2020 (§3, Appendix A), and  *)
(* our brief ../shared/docs/protocols/Pando.md (§3-§6).                    *)
(*                                                                         *)
(* Modelling choices (brief §4.10):                                        *)
(*  - An acceptor's erasure-coded split is represented by the id of the    *)
(*    value it belongs to (its vid).  "Decodable" means: at least K        *)
(*    replies carry the same vid.  A vid is the pair <<value, tag>> where  *)
(*    tag names the write request (RequestOf, below): a value recovered    *)
(*    and proposed again keeps its vid, all attempts of one request (its   *)
(*    delegated and direct ballots) share it, and two writes of equal      *)
(*    bytes differ.                                                        *)
(*  - Proposers are implicit: each ballot belongs to one proposer, and     *)
(*    BallotKind says which role (FE through its delegate, FE directly,    *)
(*    reader write-back, leader).  Ballots are naturals; the MC module     *)
(*    orders them so that leader ballots (round >= 1) exceed all others.   *)
(*  - The network is the set `sent` of every message ever sent: messages   *)
(*    may be delivered late, in any order, more than once, or never.       *)
(*  - Restart(a) models a crash and recovery of a site (brief §1.5): the   *)
(*    promise and the accepted proposal are durable and survive it; the    *)
(*    commit mark is a hint and is lost.  Mutants M13 (whole storage lost) *)
(*    and M13p (only the promise lost) show why durability is needed.      *)
(*  - Reads come in both first-round variants of the paper (§3.3.3 and     *)
(*    App. B): a Prepare at the reader's ballot, or a read-only FETCH.     *)
(*  - A request's value is picked when one of its ballots first proposes  *)
(*    it; later ballots of the request propose the same vid.  (Picking it  *)
(*    at Prepare time gives the same behaviours with more states.)         *)
(*  - COMMIT: the COMMIT of ballot b for vid x is sent as soon as b has a  *)
(*    Phase-2 quorum for x.  As messages may be delayed forever, a site    *)
(*    applying it when ChosenIn(x, b) holds is the same as a COMMIT sent   *)
(*    then and delivered at any later time, or never.                     *)
(*                                                                         *)
(* Protocol rules that mutants replace are named operators in the section  *)
(* "Protocol rules"; MCPando.tla overrides them from the cfg.  This module *)
(* itself contains no mutant.                                              *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    Acceptors,      \* the data sites of the key's plan (N = Cardinality(Acceptors))
    Values,         \* values clients may write
    Ballots,        \* a finite set of naturals; each ballot is one proposer
    BallotKind,     \* [Ballots -> {"FEDel", "FE", "Reader", "Leader"}]
    K,              \* splits needed to decode a value
    Quorum1a,       \* Phase-1a quorums (small; fast path)
    Quorum1b,       \* Phase-1b quorums (recovery)
    Quorum2,        \* Phase-2 quorums
    MaxRestarts,    \* bound on Restart actions in a model
    ReadVariants    \* which first rounds reads may use: a subset of {"prepare", "fetch"}

None == -1          \* "no ballot"

\* A vid identifies one write request: the value and the ballot that first proposed it.
\* @type: Set({val: VALUE, tag: Int});
Vids == [val : Values, tag : Ballots]
NoVid == [val |-> "none", tag |-> None]
\* The write request ballot b works for, named by a ballot of that request (brief §4.4-4.5: a
\* CPUT keeps its vid across its delegated attempt, its direct attempt and the leader's run).
\* By default every ballot is a request of its own; cfgs that give two ballots one request
\* override this (MCPando: RequestsFEDelThenFE).
RequestOf(b) == b
\* Ballot b's own vids are those of its request.
IsOwnVid(x, b) == x.tag = RequestOf(b)

Kinds == {"FEDel", "FE", "Reader", "Leader"}
WriteBallots == {b \in Ballots : BallotKind[b] \in {"FEDel", "FE", "Leader"}}
ReaderBallots == {b \in Ballots : BallotKind[b] = "Reader"}

\* Brief §4.1: front-ends use round 0, only the leader uses rounds >= 1.
Round(b) == IF BallotKind[b] = "Leader" THEN 1 ELSE 0

-----------------------------------------------------------------------------
(* Parameter constraints, brief §5 (paper App. A constraints 1-3).  Each is *)
(* a named ASSUME, so TLC names the broken one.  The bodies are operators   *)
(* so that a deliberate mutant model can switch one off.                    *)

\* C1: every Phase-1a quorum meets every Phase-2 quorum.
C1Holds == \A A \in Quorum1a, B \in Quorum2 : A \cap B # {}
\* C2: every Phase-1b quorum meets every Phase-2 quorum in at least K sites.
C2Holds == \A A \in Quorum1b, B \in Quorum2 : Cardinality(A \cap B) >= K
\* C3: every Phase-1a quorum can hold K splits (the read fast path can decode).
C3Holds == \A A \in Quorum1a : Cardinality(A) >= K

ASSUME PandoC1Assume == C1Holds
ASSUME PandoC2Assume == C2Holds
ASSUME PandoC3Assume == C3Holds

ASSUME PandoWellFormedAssume ==
    /\ K \in Nat \ {0}
    /\ Ballots \subseteq Nat
    /\ BallotKind \in [Ballots -> Kinds]
    /\ \A Q \in Quorum1a \cup Quorum1b \cup Quorum2 : Q \subseteq Acceptors /\ Q # {}
    /\ MaxRestarts \in Nat
    /\ ReadVariants \subseteq {"prepare", "fetch"}

\* S16 ballot discipline (brief §4.1, §6.2): every leader ballot exceeds every front-end ballot.
ASSUME PandoLeaderBallotsDominateAssume ==
    \A b, c \in Ballots : Round(b) < Round(c) => b < c

\* Threshold quorum families (every subset of a given size), brief §5.
ThresholdQuorums(size) == {Q \in SUBSET Acceptors : Cardinality(Q) = size}

-----------------------------------------------------------------------------
VARIABLES
    prom,       \* prom[a]: highest ballot a promised or accepted (ppn), or None
    abal,       \* abal[a]: ballot of a's accepted proposal (apn), or None
    avid,       \* avid[a]: vid of a's accepted value (stands for its split), or NoVid
    cmt,        \* cmt[a]: vid a has learned is chosen, or NoVid
    sent,       \* every message ever sent
    reads,      \* reads[r]: the read of reader ballot r (ghost history)
    restarts    \* ghost log of restarts: pairs <<site, its promise when it restarted>>

vars == <<prom, abal, avid, cmt, sent, reads, restarts>>

ReadRec == [state : {"idle", "started", "done"}, via : {"none", "prepare", "fetch"},
            phase : {"none", "prepare", "fetch"}, start : SUBSET Vids, res : Vids \cup {NoVid}]

Messages ==
         [type : {"prepare"}, bal : Ballots, replyTo : {"proposer", "delegate"}]
    \cup [type : {"promise"}, bal : Ballots, acc : Acceptors, abal : Ballots \cup {None},
          avid : Vids \cup {NoVid}, cmt : Vids \cup {NoVid}]
    \cup [type : {"propose"}, bal : Ballots, vid : Vids, kind : {"W", "R"}]
    \cup [type : {"accepted"}, bal : Ballots, acc : Acceptors, vid : Vids, kind : {"W", "R"}]
    \cup [type : {"fetch"}, rd : Ballots]
    \cup [type : {"fetched"}, rd : Ballots, acc : Acceptors, abal : Ballots \cup {None},
          avid : Vids \cup {NoVid}, cmt : Vids \cup {NoVid}]

\* @type: Bool;
PandoTypeOK ==
    /\ prom \in [Acceptors -> Ballots \cup {None}]
    /\ abal \in [Acceptors -> Ballots \cup {None}]
    /\ avid \in [Acceptors -> Vids \cup {NoVid}]
    /\ cmt \in [Acceptors -> Vids \cup {NoVid}]
    /\ sent \subseteq Messages
    /\ reads \in [ReaderBallots -> ReadRec]
    /\ restarts \subseteq Acceptors \X (Ballots \cup {None})
    /\ Cardinality(restarts) <= MaxRestarts

-----------------------------------------------------------------------------
(* Derived history predicates, brief §6.1.                                  *)

Voted(a, b, x) == [type |-> "accepted", bal |-> b, acc |-> a, vid |-> x, kind |-> "W"] \in sent
               \/ [type |-> "accepted", bal |-> b, acc |-> a, vid |-> x, kind |-> "R"] \in sent
VotedIn(a, c) == \E m \in sent : m.type = "accepted" /\ m.acc = a /\ m.bal = c
ChosenIn(x, b) == \E Q \in Quorum2 : \A a \in Q : Voted(a, b, x)
Proposals == {m \in sent : m.type = "propose"}
\* Only a proposed <<ballot, vid>> can gather votes, so these are all the chosen pairs.
ChosenPairs == {p \in {<<m.bal, m.vid>> : m \in Proposals} : ChosenIn(p[2], p[1])}
ChosenSet == {p[2] : p \in ChosenPairs}
IsChosen(x) == x \in ChosenSet
Proposed(b, x) == \E m \in Proposals : m.bal = b /\ m.vid = x
Choosable(c, y) == \E Q \in Quorum2 : \A a \in Q : (prom[a] <= c /\ ~VotedIn(a, c)) \/ Voted(a, c, y)

PromisesFor(b) == {m \in sent : m.type = "promise" /\ m.bal = b}
PromiseFrom(b, a) == {m \in PromisesFor(b) : m.acc = a}
Promised(Q, b) == \A a \in Q : PromiseFrom(b, a) # {}
\* The replies of quorum Q for ballot b (one per acceptor: an acceptor promises a ballot at most once).
Replies(Q, b) == {m \in PromisesFor(b) : m.acc \in Q}

\* The PREPARE of ballot b.  Its replies go to the delegate for an FE-through-delegate ballot
\* (paper §3.3.2) and to the proposer otherwise; a ballot's PREPARE is therefore one fixed
\* message, and actions test it by membership (a scan of `sent` per acceptor and ballot was
\* the most evaluated expression of the large models).
PrepareMsg(b) == [type |-> "prepare", bal |-> b,
                  replyTo |-> IF BallotKind[b] = "FEDel" THEN "delegate" ELSE "proposer"]

-----------------------------------------------------------------------------
(* Protocol rules.  Each is one rule of the protocol, named so that a     *)
(* mutant (MCPando.tla) can replace exactly that rule.                     *)

\* Ballot comparison, brief §4.1: ballots are totally ordered (round, then tag);
\* with ballots as naturals that is the order of Nat, and None (-1) is below every
\* ballot.  Prepare needs a strictly greater ballot, Propose a greater-or-equal one
\* (brief §4.2).
BalGT(b, c) == b > c
BalGEQ(b, c) == b >= c

\* Phase 1: a reply counts as "empty" when the site has accepted nothing (brief §4.3).
LooksEmpty(m) == m.abal = None

\* Phase 1 recovery is decided on a Phase-1b quorum (brief §4.3).
RecoveryQuorums == Quorum1b

\* The reply sets a recovery (a writer's or a read's write-back) may decide on: exactly the
\* replies of a Phase-1b quorum.  A proposer may also wait for more replies and recover over all
\* of them (brief §4.3, a negative control of §8): the cfgs *_RecoverSuperset replace this rule
\* by every superset of a Phase-1b quorum (MCPando SupersetReplySets).  With threshold quorums
\* (q1b >= K, which MCPando's ASSUME enforces) this adds no reachable state: if a vid x is
\* among the best recoverable of a reply set S, take K replies carrying x, one of them with x's
\* highest key, and fill them up to a 1b quorum Q inside S; no other vid has K replies in Q, or
\* a higher key there than in S, so x is among the best of Q too; and S shows nothing
\* recoverable only if every quorum inside it shows nothing.  TLC agrees: Pando_B2w_RecoverSuperset
\* reaches exactly Pando_B2w's distinct states.  The instances keep the exact quorums.
RecoveryReplySets == RecoveryQuorums

\* The recovery rule orders replies by their ACCEPTED ballot (paper App. A; brief §4.3, Q5).
RecoveryKey(m) == m.abal

\* A value recovered in Phase 1 is proposed again with its original vid (brief §4.1 item 6).
ReproposedVid(x, b) == x

\* On PROPOSE a site replaces its split by the proposal's (all five fields at once, brief §4.2).
\* (Mutant MV keeps an older split.)
StoredVid(a, x) == x

\* An acceptor does not learn anything about commitment when it votes (brief §4.2).
CmtAfterVote(a, x) == cmt[a]

\* COMMIT is applied only where the site accepted that ballot or a higher one (brief §4.2).
CommitGuard(a, m) == abal[a] # None /\ abal[a] >= m.bal

\* A writer reports OK only if the chosen vid is its own (paper step 17; brief §4.4 finish).
CputStatus(chosenVid, b) == IF IsOwnVid(chosenVid, b) THEN "OK" ELSE "CONFLICT"

\* The FE of ballot b has its answer when a Phase-2 quorum of ACCEPTED replies of ballot b
\* carries x: counts never mix ballots, even two ballots of one request (brief §4.4; mutant M10x
\* counts across the ballots of the request).
FEHeardQuorum(b, x) == ChosenIn(x, b)

\* What a site keeps across a crash and recovery (brief §1.5): ppn, apn and the split with its
\* vid are durable; the commit mark is only a hint and is lost.  (An implementation that keeps
\* the mark behaves like one that did not restart, which the model also contains.)
\* Mutant M13 loses everything, M13p only the promise.
StateAfterRestart(a) == [prom |-> prom[a], abal |-> abal[a], avid |-> avid[a], cmt |-> NoVid]

\* After a delegate time-out the FE retries with a FRESH ballot through Phase 1 (brief §4.4);
\* it never re-uses the delegated ballot.  (Mutant M9 turns this on.)
FEReusesDelegatedBallot == FALSE

\* A read that finds a recoverable but uncommitted value writes it back before returning
\* (brief §4.7).  (Mutant M6 turns returning it directly on.)
ReadSkipsWriteBack == FALSE

-----------------------------------------------------------------------------
(* Phase-1 evaluation shared by writers, delegates, the leader and readers  *)
(* (brief §4.3 phase1Eval).  P is a set of promise (or fetched) messages,   *)
(* one per acceptor.                                                        *)

SplitsOf(P, x) == Cardinality({m \in P : m.avid = x})
RecoverableIn(P) == {x \in {m.avid : m \in P} \ {NoVid} : SplitsOf(P, x) >= K}
\* Highest key among the replies that carry x.
TopKey(P, x) == CHOOSE k \in {RecoveryKey(m) : m \in {n \in P : n.avid = x}} :
                    \A n \in P : n.avid = x => RecoveryKey(n) <= k
\* The vids the recovery rule may adopt: recoverable ones whose key is highest.
BestRecoverable(P) == {x \in RecoverableIn(P) : \A y \in RecoverableIn(P) : TopKey(P, y) <= TopKey(P, x)}

NotProposed(b) == ~\E m \in Proposals : m.bal = b

\* The vids ballot b may propose as its own: the vid of its request once some ballot has proposed
\* it (one vid per request), otherwise a fresh one with any value.
OwnVids(b) ==
    LET own == {m.vid : m \in {n \in Proposals : IsOwnVid(n.vid, b)}}
    IN  IF own # {} THEN own ELSE [val : Values, tag : {RequestOf(b)}]

\* Protocol rule: a read write-back proposes only a vid recovered from its Phase-1b replies
\* (brief §4.7); a reader never invents a value.  (Mutant MR3 lets it write back a fresh vid.)
WriteBackCandidates(P, r) == BestRecoverable(P)

-----------------------------------------------------------------------------
(* Writers: front-ends (direct or through a delegate) and the leader.       *)

\* The writer of ballot b sends PREPARE.  For an FE-through-delegate ballot, Phase-1 replies
\* go to the delegate (paper §3.3.2), to which the FE also sends DELEGATE with its value.
WriterPrepare(b) ==
    /\ b \in WriteBallots
    /\ PrepareMsg(b) \notin sent
    /\ sent' = sent \cup {PrepareMsg(b)}
    /\ UNCHANGED <<prom, abal, avid, cmt, reads, restarts>>

\* Acceptor a promises ballot b (brief §4.2 on PREPARE) and reports its accepted state.
Promise(a, b) ==
    /\ PrepareMsg(b) \in sent
    /\ BalGT(b, prom[a])
    /\ prom' = [prom EXCEPT ![a] = b]
    /\ sent' = sent \cup {[type |-> "promise", bal |-> b, acc |-> a, abal |-> abal[a],
                           avid |-> avid[a], cmt |-> cmt[a]]}
    /\ UNCHANGED <<abal, avid, cmt, reads, restarts>>

\* Fast path (paper §3.3.1): a Phase-1a quorum reported nothing accepted; propose the own value.
\* For delegated ballots this runs at the delegate, which then sends Phase 2 (brief §4.4).
ProposeFast(b) ==
    /\ b \in WriteBallots
    /\ NotProposed(b)
    /\ \E Q \in Quorum1a : Promised(Q, b) /\ \A m \in Replies(Q, b) : LooksEmpty(m)
    /\ \E x \in OwnVids(b) :
          sent' = sent \cup {[type |-> "propose", bal |-> b, vid |-> x, kind |-> "W"]}
    /\ UNCHANGED <<prom, abal, avid, cmt, reads, restarts>>

\* Slow path (paper §3.3.1, App. A): with a Phase-1b quorum of replies, adopt the recoverable
\* vid of the highest accepted ballot, or propose the own value if none is recoverable.
ProposeRecover(b) ==
    /\ b \in WriteBallots
    /\ NotProposed(b)
    /\ \E Q \in RecoveryReplySets :
        /\ Promised(Q, b)
        /\ LET P == Replies(Q, b) IN
           \E x \in IF RecoverableIn(P) = {} THEN OwnVids(b)
                    ELSE {ReproposedVid(y, b) : y \in BestRecoverable(P)} :
              sent' = sent \cup {[type |-> "propose", bal |-> b, vid |-> x, kind |-> "W"]}
    /\ UNCHANGED <<prom, abal, avid, cmt, reads, restarts>>

\* Only with mutant M9: after a delegate time-out the FE sends Phase 2 of its own value on the
\* delegated ballot, skipping Phase 1 (the delegate may already have proposed on it).
FEProposeOnDelegatedBallot(b) ==
    /\ FEReusesDelegatedBallot
    /\ b \in WriteBallots /\ BallotKind[b] = "FEDel"
    /\ PrepareMsg(b) \in sent
    /\ \E x \in OwnVids(b) :
          sent' = sent \cup {[type |-> "propose", bal |-> b, vid |-> x, kind |-> "W"]}
    /\ UNCHANGED <<prom, abal, avid, cmt, reads, restarts>>

\* Acceptor a accepts a proposal of ballot b (brief §4.2 on PROPOSE) and stores its split.
Vote(a, b) ==
    /\ \E m \in Proposals :
        /\ m.bal = b
        /\ BalGEQ(b, prom[a])
        /\ prom' = [prom EXCEPT ![a] = b]
        /\ abal' = [abal EXCEPT ![a] = b]
        /\ LET x == StoredVid(a, m.vid) IN
            /\ avid' = [avid EXCEPT ![a] = x]
            /\ cmt' = [cmt EXCEPT ![a] = CmtAfterVote(a, x)]
            /\ sent' = sent \cup {[type |-> "accepted", bal |-> b, acc |-> a, vid |-> x, kind |-> m.kind]}
    /\ UNCHANGED <<reads, restarts>>

\* Whoever sees a Phase-2 quorum of ACCEPTED for one ballot and one vid sends COMMIT (the
\* paper's asynchronous third phase; brief §4.3); counts never mix ballots.  The COMMITs
\* sent so far are exactly these (see the header on why the message is implicit).
CommitsSent == {[bal |-> p[1], vid |-> p[2]] : p \in ChosenPairs}

\* Acceptor a receives a COMMIT and marks the committed vid under the guard of brief §4.2.
Commit(a) ==
    /\ \E m \in CommitsSent :
        /\ CommitGuard(a, m)
        /\ cmt' = [cmt EXCEPT ![a] = m.vid]
    /\ UNCHANGED <<prom, abal, avid, sent, reads, restarts>>

\* CPUT outcome (brief §4.4 finish): the FE of write ballot b answers its client once it has
\* counted a Phase-2 quorum of ACCEPTED for some vid x (FEHeardQuorum), with CputStatus(x, b).
\* That answer depends only on <<b, x>>, which never changes once the FE has its quorum, so the
\* outcome is a state function rather than a step (one step fewer per writer, same answers).
\* The vids an FE can hear for b are those proposed at a ballot of b's request.
\* A front-end may also learn its outcome from a commit mark (brief §4.4 finish(x, ⊥)): a
\* promise for its ballot b that reports cmt = x, which the delegate forwards as DELEGATE_FAILED
\* with cmtSeen = x, or which a direct attempt reads as KNOWN_CHOSEN.  It answers by comparing x
\* with its own vid, as after a Phase-2 quorum (issue 18; mutant M7 makes such answers untruthful).
CputOutcomes == {[bal |-> p[1], vid |-> p[2], status |-> CputStatus(p[2], p[1])] :
                    p \in {q \in UNION {{<<c, m.vid>> : m \in {n \in Proposals : RequestOf(n.bal) = RequestOf(c)}} :
                                         c \in WriteBallots} :
                               FEHeardQuorum(q[1], q[2])}}
                \cup {[bal |-> m.bal, vid |-> m.cmt, status |-> CputStatus(m.cmt, m.bal)] :
                       m \in {n \in sent : n.type = "promise" /\ n.bal \in WriteBallots /\ n.cmt # NoVid}}

\* A site crashes and recovers with the state StateAfterRestart keeps.  The ghost log records
\* the site and its promise at the time (for witness PANDO-W8); at most MaxRestarts distinct
\* entries, and a site may restart again at the same promise without a new entry.
Restart(a) ==
    /\ <<a, prom[a]>> \in restarts \/ Cardinality(restarts) < MaxRestarts
    /\ restarts' = restarts \cup {<<a, prom[a]>>}
    /\ LET s == StateAfterRestart(a) IN
        /\ prom' = [prom EXCEPT ![a] = s.prom]
        /\ abal' = [abal EXCEPT ![a] = s.abal]
        /\ avid' = [avid EXCEPT ![a] = s.avid]
        /\ cmt' = [cmt EXCEPT ![a] = s.cmt]
    /\ UNCHANGED <<sent, reads>>

-----------------------------------------------------------------------------
(* Reads (paper §3.3.3; brief §4.7).  A read of reader ballot r starts by   *)
(* snapshotting the chosen set (ghost, for freshness), then collects either *)
(* promises for r (Prepare variant) or read-only FETCHED replies.            *)

ReadReplies(r) ==
    IF reads[r].phase = "fetch"
    THEN {m \in sent : m.type = "fetched" /\ m.rd = r}
    ELSE PromisesFor(r)
RepliedAll(Q, r) == \A a \in Q : \E m \in ReadReplies(r) : m.acc = a
ReadRepliesOf(Q, r) == {m \in ReadReplies(r) : m.acc \in Q}

ReadFinish(r, x) ==
    /\ reads' = [reads EXCEPT ![r].state = "done", ![r].res = x]
    /\ UNCHANGED <<prom, abal, avid, cmt, sent, restarts>>

ReadStart(r, via) ==
    /\ reads[r].state = "idle"
    /\ reads' = [reads EXCEPT ![r] = [state |-> "started", via |-> via, phase |-> via,
                                      start |-> ChosenSet, res |-> NoVid]]
    /\ sent' = sent \cup {IF via = "prepare" THEN PrepareMsg(r) ELSE [type |-> "fetch", rd |-> r]}
    /\ UNCHANGED <<prom, abal, avid, cmt, restarts>>

\* A site answers a FETCH with its state and changes nothing (one reply per read).
FetchReply(a, r) ==
    /\ [type |-> "fetch", rd |-> r] \in sent
    /\ ~\E m \in sent : m.type = "fetched" /\ m.rd = r /\ m.acc = a
    /\ sent' = sent \cup {[type |-> "fetched", rd |-> r, acc |-> a, abal |-> abal[a],
                           avid |-> avid[a], cmt |-> cmt[a]]}
    /\ UNCHANGED <<prom, abal, avid, cmt, reads, restarts>>

\* Fast path: a Phase-1a quorum shows a committed vid and K of its splits.
ReadFastReturn(r) ==
    /\ reads[r].state = "started"
    /\ \E Q \in Quorum1a :
        /\ RepliedAll(Q, r)
        /\ \E x \in {m.cmt : m \in ReadRepliesOf(Q, r)} \ {NoVid} :
            /\ SplitsOf(ReadRepliesOf(Q, r), x) >= K
            /\ ReadFinish(r, x)

\* Nothing was chosen before the read began: a 1a quorum is all empty, or a 1b quorum
\* holds no recoverable vid (brief §4.7 PREVIOUS with J = 1).
ReadReturnNone(r) ==
    /\ reads[r].state = "started"
    /\ \/ \E Q \in Quorum1a : RepliedAll(Q, r) /\ \A m \in ReadRepliesOf(Q, r) : m.avid = NoVid
       \/ \E Q \in Quorum1b : RepliedAll(Q, r) /\ RecoverableIn(ReadRepliesOf(Q, r)) = {}
    /\ ReadFinish(r, NoVid)

\* Fetch variant: a recoverable but not-known-committed vid was seen; switch to the
\* write-back, which starts with a Prepare at the reader's ballot.
ReadFetchToWriteBack(r) ==
    /\ reads[r].state = "started" /\ reads[r].phase = "fetch"
    /\ \E Q \in Quorum1b : RepliedAll(Q, r) /\ RecoverableIn(ReadRepliesOf(Q, r)) # {}
    /\ reads' = [reads EXCEPT ![r].phase = "prepare"]
    /\ sent' = sent \cup {PrepareMsg(r)}
    /\ UNCHANGED <<prom, abal, avid, cmt, restarts>>

\* Write-back: propose ONLY a recovered vid, with kind R, at the reader's ballot.
ReadWriteBack(r) ==
    /\ reads[r].state = "started" /\ reads[r].phase = "prepare"
    /\ NotProposed(r)
    /\ \E Q \in RecoveryReplySets :
        /\ Promised(Q, r)
        /\ \E x \in WriteBackCandidates(Replies(Q, r), r) :
              sent' = sent \cup {[type |-> "propose", bal |-> r, vid |-> x, kind |-> "R"]}
    /\ UNCHANGED <<prom, abal, avid, cmt, reads, restarts>>

\* The write-back reached a Phase-2 quorum: return the value.
ReadReturnAfterWriteBack(r) ==
    /\ reads[r].state = "started"
    /\ \E p \in ChosenPairs : p[1] = r /\ ReadFinish(r, p[2])

\* Only with mutant M6: return a recovered value without writing it back.
ReadReturnRecovered(r) ==
    /\ ReadSkipsWriteBack
    /\ reads[r].state = "started"
    /\ \E Q \in Quorum1b :
        /\ RepliedAll(Q, r)
        /\ \E x \in RecoverableIn(ReadRepliesOf(Q, r)) : ReadFinish(r, x)

-----------------------------------------------------------------------------
Init ==
    /\ prom = [a \in Acceptors |-> None]
    /\ abal = [a \in Acceptors |-> None]
    /\ avid = [a \in Acceptors |-> NoVid]
    /\ cmt = [a \in Acceptors |-> NoVid]
    /\ sent = {}
    /\ reads = [r \in ReaderBallots |-> [state |-> "idle", via |-> "none", phase |-> "none",
                                         start |-> {}, res |-> NoVid]]
    /\ restarts = {}

WriterNext ==
    \/ \E b \in WriteBallots : WriterPrepare(b)
    \/ \E b \in WriteBallots : ProposeFast(b) \/ ProposeRecover(b) \/ FEProposeOnDelegatedBallot(b)

AcceptorNext ==
    \E a \in Acceptors :
        \/ \E b \in Ballots : Promise(a, b) \/ Vote(a, b)
        \/ Commit(a)
        \/ Restart(a)
        \/ \E r \in ReaderBallots : FetchReply(a, r)

ReaderNext ==
    \E r \in ReaderBallots :
        \/ \E via \in ReadVariants : ReadStart(r, via)
        \/ ReadFastReturn(r) \/ ReadReturnNone(r) \/ ReadFetchToWriteBack(r)
        \/ ReadWriteBack(r) \/ ReadReturnAfterWriteBack(r) \/ ReadReturnRecovered(r)

Next ==
    \/ WriterNext
    \/ AcceptorNext
    \/ ReaderNext

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties.  IDs and English statements: docs/invariants.md;     *)
(* the brief's numbering (§6.2) is kept: PANDO-S1 is brief S1, and so on.   *)

\* PANDO-S1 Agreement (paper App. A "Consistency"): at most one vid is chosen.
AgreementInv == \A x, y \in ChosenSet : x = y

\* PANDO-S1v Agreement on value bytes: chosen vids carry the same value.
ValueAgreementInv == \A x, y \in ChosenSet : x.val = y.val

\* PANDO-S2 Strong stability (paper Lemma 1, over ALL proposals incl. read write-backs):
\* once x is chosen at b, every proposal at a higher ballot carries x.
StrongStabilityInv ==
    \A p \in ChosenPairs : \A m \in Proposals : m.bal > p[1] => m.vid = p[2]

\* PANDO-S2t Commit marks are stable: a site's mark is never replaced by another vid.  (A
\* restart may erase it: the mark is a hint, brief §1.5.)
CmtStableProp ==
    [][\A a \in Acceptors : cmt[a] # NoVid /\ cmt'[a] # NoVid => cmt'[a] = cmt[a]]_vars

\* PANDO-S3 Validity: a write proposes its own request or a vid some site accepted at a
\* lower ballot; a read write-back proposes only a vid some site accepted at a lower ballot.
ValidityInv ==
    \A m \in Proposals :
        \/ m.kind = "W" /\ IsOwnVid(m.vid, m.bal)
        \/ \E a \in Acceptors, c \in Ballots : c < m.bal /\ Voted(a, c, m.vid)

\* PANDO-S4 One proposal per ballot (assumed by the paper's proof).
OneProposalPerBallotInv ==
    \A m1, m2 \in Proposals : m1.bal = m2.bal => m1.vid = m2.vid

\* PANDO-S5 Acceptor well-formedness (paper App. B acceptor invariant, completed).
AcceptorWFInv ==
    /\ \A a \in Acceptors :
        /\ abal[a] # None => prom[a] # None /\ abal[a] <= prom[a]
        /\ (abal[a] = None) <=> (avid[a] = NoVid)
        /\ abal[a] # None => Voted(a, abal[a], avid[a])
    \* and no site has voted above its accepted ballot (one pass over the messages, not one per site)
    /\ \A m \in sent : m.type = "accepted" => m.bal <= abal[m.acc]

\* PANDO-S6 Promises are honest: a promise reports the accepted state at the time it was sent.
PromisesHonestInv ==
    \A m \in sent : m.type = "promise" =>
        /\ prom[m.acc] # None /\ prom[m.acc] >= m.bal
        /\ m.abal = None \/ m.abal < m.bal
        /\ m.abal # None => Voted(m.acc, m.abal, m.avid)
        \* the site cast no vote between the ballot it reports and the one it promises
        /\ \A n \in sent : n.type = "accepted" /\ n.acc = m.acc /\ n.bal > m.abal => n.bal >= m.bal

\* PANDO-S7 Proposals are safe (the inductive core): no vid other than m's is choosable at a
\* ballot below m's.  A vid never proposed at c has no votes at c, so NoVid stands for all of
\* them (Choosable(c, NoVid) is the same condition).
ProposalsSafeInv ==
    \A m \in Proposals : \A c \in Ballots, y \in {p.vid : p \in Proposals} \cup {NoVid} :
        c < m.bal /\ y # m.vid => ~Choosable(c, y)

\* Every vote is for a proposal of its ballot (part of the inductive invariant).
VotesProposedInv ==
    \A m \in sent : m.type = "accepted" => Proposed(m.bal, m.vid)

\* PANDO-S8 Commit marks are sound: a mark names a chosen vid that the site holds.
CommitSoundInv ==
    \A a \in Acceptors : cmt[a] # NoVid => IsChosen(cmt[a]) /\ avid[a] = cmt[a]

\* PANDO-S9 No data loss: some whole Phase-2 quorum still holds the chosen vid.
NoDataLossInv ==
    \A x \in ChosenSet : \E Q \in Quorum2 : \A a \in Q : avid[a] = x

\* PANDO-S10 Recoverable from every Phase-1b quorum: it holds >= K splits of the chosen vid.
RecoverableInv ==
    \A x \in ChosenSet : \A Q \in Quorum1b : Cardinality({a \in Q : avid[a] = x}) >= K

\* PANDO-S11 Discoverable from every Phase-1a quorum: once something is chosen, every 1a
\* quorum contains a site that has accepted something.
DiscoverableInv ==
    ChosenSet # {} => \A Q \in Quorum1a : \E a \in Q : abal[a] # None

\* The three read properties are stated per read, so that a model-checking VIEW can keep
\* their truth values while it forgets a finished read's fields (configs/Pando/MCPando.tla).

\* PANDO-S12 Reads return chosen values.
ReadReturnsChosen(r) ==
    reads[r].state = "done" /\ reads[r].res # NoVid => IsChosen(reads[r].res)
ReadsChosenInv == \A r \in ReaderBallots : ReadReturnsChosen(r)

\* PANDO-S12b Ballot-indexed read property (paper App. B): a Prepare-based read at ballot r
\* returns a vid chosen at a ballot no higher than r.
ReadBallotIndexed(r) ==
    reads[r].state = "done" /\ reads[r].via = "prepare" /\ reads[r].res # NoVid =>
        \E p \in ChosenPairs : p[1] <= r /\ p[2] = reads[r].res
ReadBallotIndexedInv == \A r \in ReaderBallots : ReadBallotIndexed(r)

\* PANDO-S13 Reads are fresh: if a vid was chosen when the read began, the read returns it.
ReadIsFresh(r) ==
    reads[r].state = "done" /\ reads[r].start # {} => reads[r].res \in reads[r].start
ReadsFreshInv == \A r \in ReaderBallots : ReadIsFresh(r)

\* PANDO-S14 CPUT outcomes are truthful: OK only for the writer's own vid, CONFLICT only
\* naming another vid, and in both cases a chosen one.
CputTruthfulInv ==
    \A o \in CputOutcomes :
        /\ o.status = "OK" => IsOwnVid(o.vid, o.bal) /\ IsChosen(o.vid)
        /\ o.status = "CONFLICT" => ~IsOwnVid(o.vid, o.bal) /\ IsChosen(o.vid)

\* The read-state part of the inductive invariant (issue 18).  With it, S12 and S13 are conjuncts
\* of an inductive invariant rather than facts about reachable states only.

\* Replies report only chosen commit marks (a site's mark is chosen when it answers, S8, and a
\* chosen vid stays chosen): what a fast-path read returns is chosen.
RepliedMarksSoundInv ==
    \A m \in sent : m.type \in {"promise", "fetched"} /\ m.cmt # NoVid => IsChosen(m.cmt)

\* A read record is well formed: a read that has not begun has no variant, snapshot or result,
\* one that has runs its first round or the write-back, and only a finished one has a result.
ReadRecWF(rec) ==
    /\ (rec.state = "idle") <=> (rec.via = "none")
    /\ rec.state = "idle" => rec.phase = "none" /\ rec.start = {}
    /\ rec.state # "idle" => rec.phase \in {rec.via, "prepare"}
    /\ rec.state # "done" => rec.res = NoVid
ReadRecordWF(r) == ReadRecWF(reads[r])

\* Every reply to read r: FETCHED replies and promises of its ballot.
AllReadReplies(r) == {m \in sent : \/ m.type = "fetched" /\ m.rd = r
                                   \/ m.type = "promise" /\ m.bal = r}

\* A read that has not begun has nothing of its ballot in flight: no FETCH, PREPARE, reply,
\* proposal or vote.  (So every reply it will use is sent after its snapshot.)
IdleReadQuiet(r) ==
    reads[r].state = "idle" =>
        ~\E m \in sent : \/ m.type \in {"fetch", "fetched"} /\ m.rd = r
                         \/ m.type \in {"prepare", "promise", "propose", "accepted"} /\ m.bal = r

\* Each vid chosen when read r began is chosen by a Phase-2 quorum whose sites report it in every
\* reply r has: they answered after their votes, and a site that voted x at c holds x at every
\* ballot from c on (S7).  With C1 and C2 this refutes "nothing was chosen" (S13).
ReadStartWitnessed(r) ==
    reads[r].state # "idle" =>
        \A x \in reads[r].start : \E c \in Ballots, Q \in Quorum2 : \A a \in Q :
            /\ Voted(a, c, x)
            /\ \A m \in AllReadReplies(r) : m.acc = a => m.abal # None /\ m.abal >= c /\ m.avid = x

\* (Split in two so that configs/Pando/MCPandoInductive.tla can drop ReadStartWitnessed alone.)
ReadsIndInvBase ==
    /\ RepliedMarksSoundInv
    /\ \A r \in ReaderBallots : ReadRecordWF(r) /\ IdleReadQuiet(r)
    /\ ReadsChosenInv
    /\ ReadsFreshInv
ReadsIndInv == ReadsIndInvBase /\ \A r \in ReaderBallots : ReadStartWitnessed(r)

\* The inductive invariant (brief §6.2 "IndInv"): it holds initially, every step preserves it,
\* and it implies Agreement, S12 and S13.  configs/Pando/MCPandoInductive.tla checks the middle
\* part with TLC on small domains (all states satisfying it, one step).  (Not S12b: the
\* Prepare-variant first round is outside those domains.)
WritesIndInv ==
    /\ PandoTypeOK
    /\ OneProposalPerBallotInv
    /\ AcceptorWFInv
    /\ PromisesHonestInv
    /\ ProposalsSafeInv
    /\ VotesProposedInv
    /\ CommitSoundInv
PandoIndInv == WritesIndInv /\ ReadsIndInv

\* All single-slot safety invariants at once (for configs that check everything).
PandoSafetyInv ==
    /\ AgreementInv /\ ValueAgreementInv /\ StrongStabilityInv /\ ValidityInv
    /\ OneProposalPerBallotInv /\ AcceptorWFInv /\ PromisesHonestInv /\ ProposalsSafeInv
    /\ VotesProposedInv /\ CommitSoundInv /\ NoDataLossInv /\ RecoverableInv /\ DiscoverableInv
    /\ ReadsChosenInv /\ ReadBallotIndexedInv /\ ReadsFreshInv /\ CputTruthfulInv

-----------------------------------------------------------------------------
(* Liveness properties (brief §6.3).  The fairness they need is stated    *)
(* with the models that check them (configs/Pando/MCPandoLiveness.tla).   *)

FEBallots == {b \in WriteBallots : BallotKind[b] # "Leader"}
LeaderBallots == {b \in WriteBallots : BallotKind[b] = "Leader"}

\* The leader has started: it has sent the PREPARE of one of its ballots.
LeaderStarted == \E m \in sent : m.type = "prepare" /\ m.bal \in LeaderBallots

\* PANDO-L1 A stable leader decides (paper Theorem 2, §3.5): once the leader has started its
\* ballot, some value is chosen.
LeaderDecidesProp == LeaderStarted ~> (ChosenSet # {})

\* PANDO-L2, L4, L5 and L1 against retrying front-ends need a fresh ballot per attempt:
\* specs/PandoDuel.tla.

-----------------------------------------------------------------------------
(* Reachability witnesses.  Each is a state predicate that a correct model *)
(* must VIOLATE: the violation is TLC's proof that the model reaches the    *)
(* states the invariants above talk about.  A model whose safety checks    *)
(* pass but whose witnesses hold would prove little (docs/harness.md).      *)

\* PANDO-W1 A value is chosen.
NothingChosenWitness == ChosenSet = {}

\* PANDO-W18 A read that has begun had a vid chosen before it began (so S13 has something to say
\* about it).
NoChosenBeforeReadWitness == ~\E r \in ReaderBallots : reads[r].state # "idle" /\ reads[r].start # {}

\* PANDO-W2 A read returns a value through the slow path: its write-back at the reader's
\* ballot reached a Phase-2 quorum, and the read returned that vid.
ReadByWriteBack(r) ==
    /\ reads[r].state = "done" /\ reads[r].res # NoVid
    /\ \E p \in ChosenPairs : p[1] = r /\ p[2] = reads[r].res
NoWriteBackReadWitness == ~\E r \in ReaderBallots : ReadByWriteBack(r)

\* PANDO-W3 A later write ballot recovers a value that was only partially accepted: it
\* proposes a vid first proposed at another ballot, which never reached a Phase-2 quorum there.
NoPartialRecoveryWitness ==
    ~\E m \in Proposals :
        /\ m.kind = "W" /\ ~IsOwnVid(m.vid, m.bal)
        /\ ~ChosenIn(m.vid, m.vid.tag)

\* PANDO-W4 A delegated attempt stalls before Phase 2 while a direct front-end ballot gets a
\* value chosen (the shape of a delegate time-out and direct retry; PANDO-W10 is the retry of one
\* request with its vid).
NoDelegatedThenDirectWitness ==
    ~\E d, b \in WriteBallots :
        /\ BallotKind[d] = "FEDel" /\ BallotKind[b] = "FE"
        /\ PrepareMsg(d) \in sent
        /\ NotProposed(d)
        /\ \E p \in ChosenPairs : p[1] = b

\* PANDO-W5 The leader gets a value chosen at its own ballot.
NoLeaderDecisionWitness == ~\E p \in ChosenPairs : BallotKind[p[1]] = "Leader"

\* PANDO-W8 A site restarts and votes afterwards: it accepts a proposal at a ballot above the
\* promise it held when it restarted (every vote before the restart was at most that promise).
NoVoteAfterRestartWitness ==
    ~\E e \in restarts : \E m \in sent :
        m.type = "accepted" /\ m.acc = e[1] /\ (e[2] = None \/ m.bal > e[2])

\* PANDO-W10 One request, two attempts, one vid: two ballots of the same request (its delegated
\* and its direct attempt) both propose the request's own vid.
NoRetryWithOwnVidWitness ==
    ~\E m1, m2 \in Proposals :
        /\ m1.bal # m2.bal /\ RequestOf(m1.bal) = RequestOf(m2.bal)
        /\ m1.vid = m2.vid /\ IsOwnVid(m1.vid, m1.bal)

\* PANDO-W11 A writer learns its outcome from a commit mark: a promise for a write ballot reports a
\* commit mark (so CputOutcomes holds an answer that did not come from the writer's own quorum).
NoOutcomeFromCommitMarkWitness ==
    ~\E m \in sent : m.type = "promise" /\ m.bal \in WriteBallots /\ m.cmt # NoVid

\* PANDO-W9 The core recovery rule is exercised: a write ballot proposes after a Phase-1b
\* quorum of its promises showed two different recoverable vids (so it had to pick the one of the
\* highest accepted ballot).
NoTwoRecoverableWitness ==
    ~\E m \in Proposals :
        /\ m.kind = "W"
        /\ \E Q \in RecoveryQuorums :
              Promised(Q, m.bal) /\ Cardinality(RecoverableIn(Replies(Q, m.bal))) >= 2

-----------------------------------------------------------------------------
(* Refinement: Pando implements abstract consensus (specs/Consensus.tla)   *)
(* with the chosen set as the refinement mapping.                           *)
C == INSTANCE Consensus WITH Value <- Vids, chosen <- ChosenSet

\* PANDO-R1 Pando refines Consensus.
PandoRefinesConsensusProp == C!Spec

(* Refinement of the client-visible object (issue 18): the write-once      *)
(* register of specs/WriteOnceRegister.tla, whose steps also cover reads    *)
(* (each with the snapshot of the chosen set taken when it started, which   *)
(* is the ghost `start` here) and the CPUT answers (CputOutcomes, one       *)
(* writer per write ballot).  A read's first-round variant and phase are    *)
(* internal, so the mapping drops them.                                     *)
RegisterReads == [r \in ReaderBallots |-> [state |-> reads[r].state, start |-> reads[r].start,
                                            res |-> reads[r].res]]
RegisterOutcomes == {[w |-> o.bal, v |-> o.vid, status |-> o.status] : o \in CputOutcomes}
WR == INSTANCE WriteOnceRegister WITH Value <- Vids, NoValue <- NoVid, Readers <- ReaderBallots,
        Writers <- WriteBallots, IsOwn <- IsOwnVid, chosen <- ChosenSet, rd <- RegisterReads,
        out <- RegisterOutcomes

\* PANDO-R2 Pando refines the write-once register: agreement, stable reads that return a value
\* chosen when they began (or, if none was, one chosen by their end, or nothing), and truthful
\* CPUT answers, one per write ballot, as one abstract behaviour.
PandoRefinesRegisterProp == WR!Spec
=============================================================================
