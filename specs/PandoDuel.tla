------------------------------ MODULE PandoDuel ------------------------------
(***************************************************************************)
(* Pando's liveness with fresh ballots (brief §6.3 L1, L2, L4, L5; issue   *)
(* 18).  Pando.tla gives every proposer a fixed ballot, so a writer that   *)
(* is pre-empted simply stops: a liveness violation found there may be an *)
(* artefact of running out of ballots.  Here proposers take a FRESH ballot *)
(* for each attempt, as the protocol does, and for as long as they need:   *)
(*                                                                         *)
(*  - front-ends (FrontEnds), one CPUT request each.  In the protocol      *)
(*    (paper §3.5, brief §4.4-4.6) a front-end makes at most two attempts  *)
(*    of its own (through its delegate, then directly), each on a new      *)
(*    round-0 ballot above every round-0 ballot in use, and then hands the *)
(*    write to the leader.  With FERetriesForever a pre-empted front-end  *)
(*    instead retries on a new round-0 ballot without end: the design      *)
(*    without a leader of brief L5, where two front-ends can duel;         *)
(*  - the leader (Leaders holds it, or is empty), which runs one forwarded  *)
(*    request on a ballot of a higher round (LeaderPrecedence: above every  *)
(*    front-end ballot, brief §4.1), retries when pre-empted, and answers   *)
(*    every front-end waiting on it (LeaderAnswersWaiting, brief §4.5).     *)
(*                                                                         *)
(* Fresh ballots, finitely.  Every step of Pando.tla depends on ballots     *)
(* only through their order and equality, so a state may be renamed by any *)
(* order-preserving map of its ballots.  When a proposer takes a new       *)
(* ballot (NewBallot) the state is first rid of ballots that can no longer *)
(* matter (GarbageBallots: abandoned by their proposer, promised past by   *)
(* every up site, neither chosen nor named by a site or a kept promise),   *)
(* then renumbered onto 0..n-1 in order, and the new ballot is inserted at *)
(* its place in the order: on top, or (a front-end under LeaderPrecedence) *)
(* just above the front-end ballots, which moves the leader's ballots up.  *)
(* The numbers in Ballots are thus ranks, not names: a run that needs      *)
(* ever more ballots is a finite lasso here.  DuelHeadroomInv checks that  *)
(* a free rank always exists, so no attempt is ever refused for want of    *)
(* one (which would be the artefact again).                                *)
(*                                                                         *)
(* Fairness is per proposer, not per ballot number: a proposer's steps and  *)
(* every up site's handling of that proposer's CURRENT ballot are weakly   *)
(* fair.  (The number of a ballot may change while it is pending, so a     *)
(* fairness condition per number would not be one per ballot.)  A ballot   *)
(* its proposer abandoned gets none: the proposer ignores its replies, and *)
(* a site can only still vote for its proposal until it promises the newer *)
(* ballot, which fairness makes it do.  Sites in Down have crashed for good *)
(* before the run and take no step (at most f of them, brief L2).           *)
(*                                                                         *)
(*  - readers (Readers), one GET each (brief §4.7, L3).  A read attempt     *)
(*    takes a fresh round-0 ballot, placed like a front-end's; it runs      *)
(*    Pando.tla's read steps on it: the first round (FETCH, ReadVariants),  *)
(*    then, for a recoverable vid not known to be committed, the write-back *)
(*    with a PREPARE of that ballot.  A pre-empted write-back restarts the  *)
(*    GET on a fresh ballot; after ReadAttempts attempts the reader answers *)
(*    RETRY (brief Q9).                                                     *)
(*                                                                         *)
(* The cfgs bind Pando's Vids, RequestOf, LeaderBallots, WriteBallots,      *)
(* ReaderBallots and BallotKind to the definitions below (DuelBindingsInv   *)
(* checks all but the last in every state): a vid's tag is its request,     *)
(* named by its front-end, the leader's ballot works for the request it     *)
(* runs, and a ballot is a reader's or a writer's by its owner.  Restarts   *)
(* are not part of these models (MaxRestarts = 0).                         *)
(***************************************************************************)
EXTENDS Pando

CONSTANTS
    FrontEnds,              \* front-ends, one request each; naturals, not ballots (a vid's tag)
    Leaders,                \* {} or {the leader}; a natural outside FrontEnds
    LeaderPrecedence,       \* the leader's ballots are above every front-end ballot (brief §4.1)
    FERetriesForever,       \* TRUE: a pre-empted front-end retries without end (brief L5)
    LeaderAnswersWaiting,   \* protocol rule: the leader answers every forwarded request (brief §4.5)
    FEAttempts,             \* attempts of its own a front-end makes before it hands over (protocol: 2)
    Readers,                \* readers, one GET each; naturals outside FrontEnds and Leaders
    ReadAttempts,           \* attempts a GET makes before it answers RETRY (brief Q9)
    PreemptedReadRestarts,  \* protocol: TRUE; FALSE is mutant ML3, a pre-empted write-back waits
    Down                    \* sites crashed for good before the run

VARIABLES
    owner,      \* owner[n]: the proposer of ballot n, or None if n is free
    breq,       \* breq[n]: the request ballot n works for, or None
    cur,        \* cur[p]: the ballot of p's current attempt, or None before its first
    attempts,   \* attempts[p]: ballots p has taken: 0, 1, 2, then 3 and 4 in turn for "more than two"
    handed,     \* front-ends that have handed their write to the leader
    retried,    \* readers that have answered RETRY after ReadAttempts pre-empted attempts
    recycled    \* ghost: some NewBallot dropped a ballot that had messages (witness PANDO-W12)

duelVars == <<owner, breq, cur, attempts, handed, retried, recycled>>
allVars == <<vars, duelVars>>

Writers == FrontEnds \cup Leaders
Proposers == Writers \cup Readers

ASSUME PandoDuelAssume ==
    /\ FrontEnds \subseteq Nat /\ Leaders \subseteq Nat /\ FrontEnds \cap Leaders = {}
    /\ Readers \subseteq Nat /\ Readers \cap Writers = {}
    /\ ReadAttempts \in {1, 2} /\ PreemptedReadRestarts \in BOOLEAN
    /\ Cardinality(Leaders) <= 1
    /\ LeaderPrecedence \in BOOLEAN /\ FERetriesForever \in BOOLEAN /\ LeaderAnswersWaiting \in BOOLEAN
    /\ FEAttempts \in {1, 2}
    /\ Down \subseteq Acceptors
    /\ Ballots = 0..(Cardinality(Ballots) - 1)

\* The definitions the cfgs bind Pando's Vids, RequestOf, LeaderBallots and BallotKind to.
DuelVids == [val : Values, tag : FrontEnds]
DuelRequestOf(b) == breq[b]
DuelLeaderBallots == {b \in Ballots : owner[b] \in Leaders}
DuelWriteBallots == {b \in Ballots : owner[b] \in Writers}
DuelReaderBallots == {b \in Ballots : owner[b] \in Readers}
DuelKinds == [b \in Ballots |-> "FE"]     \* the order of ballots, not their kind, gives precedence

DuelBindingsInv ==
    /\ \A b \in Ballots : RequestOf(b) = breq[b]
    /\ LeaderBallots = DuelLeaderBallots
    /\ WriteBallots = DuelWriteBallots
    /\ ReaderBallots = DuelReaderBallots
    /\ Vids = DuelVids

DuelTypeOK ==
    /\ owner \in [Ballots -> Proposers \cup {None}]
    /\ breq \in [Ballots -> FrontEnds \cup {None}]
    /\ cur \in [Proposers -> Ballots \cup {None}]
    /\ attempts \in [Proposers -> 0..4]
    /\ handed \subseteq FrontEnds
    /\ retried \subseteq Readers
    /\ recycled \in BOOLEAN

\* Precedence holds in the numbering: every front-end and reader ballot is below every leader ballot.
DuelOrderInv ==
    LeaderPrecedence =>
        \A b, c \in Ballots : owner[b] \in FrontEnds \cup Readers /\ owner[c] \in Leaders => b < c

-----------------------------------------------------------------------------
(* What a proposer knows.                                                    *)

CurBallots == {cur[p] : p \in Proposers} \ {None}

\* Front-end p's request has its answer (brief §4.4 finish): from a Phase-2 quorum or a commit
\* mark at a ballot of its request (CputOutcomes, the leader's run of it included), or, once p waits
\* on the leader, from the leader's decision on whatever request it ran.
AnsweredByLeader(p) ==
    LeaderAnswersWaiting /\ p \in handed /\ \E q \in ChosenPairs : q[1] \in DuelLeaderBallots
\* An answer at one of the ballots in B (the answers of CputOutcomes, written out for a set of
\* ballots): a Phase-2 quorum at one of them, or a promise for one of them that reports a commit mark.
AnsweredAt(B) ==
    \/ \E q \in ChosenPairs : q[1] \in B
    \/ \E m \in sent : m.type = "promise" /\ m.cmt # NoVid /\ m.bal \in B
AnsweredOwn(p) == AnsweredAt({b \in Ballots : breq[b] = p})
Answered(p) == AnsweredOwn(p) \/ AnsweredByLeader(p)

\* The leader's run has its answer.
LeaderDone == AnsweredAt(DuelLeaderBallots)

\* Some site has promised a ballot above p's current one: p has heard a NACK (brief §4.2).  A
\* proposer retries only once every up site has answered its current ballot (promised it or a
\* higher one): its retry timer is longer than a round trip to the live sites, the synchrony
\* under which a duel is the only way to fail.  (A proposer that retried on its first NACK would
\* leave stale PREPAREs pending at slow sites without bound, and its failure would prove less.)
Preempted(p) ==
    /\ \E a \in Acceptors : prom[a] > cur[p]
    /\ \A a \in Acceptors \ Down : prom[a] >= cur[p]

-----------------------------------------------------------------------------
(* Renumbering (see the header).                                             *)

\* The ballot a message belongs to (a read's FETCH and its replies carry it as rd).
MsgBal(m) == IF m.type \in {"fetch", "fetched"} THEN m.rd ELSE m.bal

\* A promise for a ballot no proposer works on: no action reads it.  (One that reports a commit
\* mark is kept, as CputOutcomes answers from it.)
AbandonedPromise(m) == m.type = "promise" /\ m.bal \notin CurBallots /\ m.cmt = NoVid

\* Ballot b can never gather another promise or vote, is not chosen, and no site names it.  (CB:
\* the chosen ballots.)  A reader's ballot whose PREPARE was never sent (a read answered or
\* restarted after its first round) can gather none either.
Dead(b, CB) ==
    /\ b \notin CurBallots
    /\ \/ \A a \in Acceptors \ Down : prom[a] > b
       \/ owner[b] \in Readers /\ PrepareMsg(b) \notin sent
    /\ \A a \in Acceptors : abal[a] # b
    /\ b \notin CB
    /\ ~\E m \in sent : m.type = "promise" /\ m.bal = b /\ m.cmt # NoVid

\* Dead ballots that no kept promise reports as its accepted ballot.  (A kept FETCHED reply may
\* still report a dropped ballot: the ballot keeps its rank, as UsedBallots counts it, and the read
\* steps use that field only to tell "nothing accepted" apart.)
GarbageBallots ==
    LET CB == {q[1] : q \in ChosenPairs}
        named == {m.abal : m \in {n \in sent : n.type = "promise" /\ ~AbandonedPromise(n)}}
    IN  {b \in Ballots \ named : Dead(b, CB)}

KeptMsgs(G) == {m \in sent : ~AbandonedPromise(m) /\ MsgBal(m) \notin G}

UsedBallots(KM) ==
    (CurBallots \cup {prom[a] : a \in Acceptors} \cup {abal[a] : a \in Acceptors}
       \cup {MsgBal(m) : m \in KM} \cup {m.abal : m \in {n \in KM : n.type \in {"promise", "fetched"}}}) \ {None}

\* The ballots a NewBallot would keep.
KeptBallots == UsedBallots(KeptMsgs(GarbageBallots))

RenameMsg(m, rn) ==
    CASE m.type = "promise" -> [m EXCEPT !.bal = rn[m.bal], !.abal = rn[m.abal]]
      [] m.type = "fetched" -> [m EXCEPT !.rd = rn[m.rd], !.abal = rn[m.abal]]
      [] m.type = "fetch"   -> [m EXCEPT !.rd = rn[m.rd]]
      [] OTHER              -> [m EXCEPT !.bal = rn[m.bal]]

\* The attempt counter: exact up to two; beyond, it alternates between 3 and 4, so that every new
\* ballot of p changes attempts[p] (DuelFairness recognises p's new attempts by that).
NextCount(n) == IF n < 3 THEN n + 1 ELSE 7 - n

\* A reader ballot's read before its first round.
IdleRead == [state |-> "idle", via |-> "none", phase |-> "none", start |-> {}, res |-> NoVid]

\* Proposer p starts an attempt for request r on a fresh ballot: drop garbage, renumber the kept
\* ballots onto 0..n-1 in order, and insert the new ballot at rank t (aboveAll: on top; otherwise
\* just above every front-end and reader ballot, so the leader's ballots move up by one).  The
\* reads of kept reader ballots move with their ballots; a new reader ballot starts idle.
NewBallot(p, r, aboveAll) ==
    LET G == GarbageBallots
        KM == KeptMsgs(G)
        U == UsedBallots(KM)
        t == IF aboveAll THEN Cardinality(U) ELSE Cardinality({b \in U : owner[b] \notin Leaders})
        rk == [b \in U |-> Cardinality({c \in U : c < b})]
        rn == [b \in U \cup {None} |-> IF b = None THEN None ELSE IF rk[b] >= t THEN rk[b] + 1 ELSE rk[b]]
        from == [n \in Ballots |-> {b \in U : rn[b] = n}]
    IN
    /\ attempts' = [attempts EXCEPT ![p] = NextCount(@)]
    /\ Cardinality(U) < Cardinality(Ballots)
    /\ prom' = [a \in Acceptors |-> rn[prom[a]]]
    /\ abal' = [a \in Acceptors |-> rn[abal[a]]]
    /\ sent' = {RenameMsg(m, rn) : m \in KM}
    /\ owner' = [n \in Ballots |-> IF n = t THEN p
                                   ELSE IF from[n] = {} THEN None ELSE owner[CHOOSE b \in from[n] : TRUE]]
    /\ breq' = [n \in Ballots |-> IF n = t THEN r
                                  ELSE IF from[n] = {} THEN None ELSE breq[CHOOSE b \in from[n] : TRUE]]
    /\ cur' = [q \in Proposers |-> IF q = p THEN t ELSE rn[cur[q]]]
    /\ reads' = [n \in {k \in Ballots : owner'[k] \in Readers} |->
                    IF n = t THEN IdleRead ELSE reads[CHOOSE b \in from[n] : TRUE]]
    /\ recycled' = (recycled \/ \E m \in sent : MsgBal(m) \in G)
    /\ UNCHANGED <<avid, cmt, restarts, handed, retried>>

\* Where a front-end's or reader's new ballot goes: above the leader's only when the leader has no precedence.
FEAboveAll == ~LeaderPrecedence \/ Leaders = {}

-----------------------------------------------------------------------------
(* Proposer steps.  Each mirrors Pando.tla's writer actions on the         *)
(* proposer's current ballot, or starts a new attempt.                      *)

\* The writer steps of Pando.tla (WriterPrepare, ProposeFast, ProposeRecover) on writer p's current
\* ballot.
ProposerStep(p) ==
    /\ cur[p] # None /\ p \notin handed
    /\ WriterPrepare(cur[p]) \/ ProposeFast(cur[p]) \/ ProposeRecover(cur[p])
    /\ UNCHANGED duelVars


\* Protocol (paper §3.5): an attempt may time out at any moment; after the delegated attempt the
\* front-end tries once directly, after the direct one it hands the write to the leader.  (A cfg with
\* FEAttempts = 1 cuts the direct attempt out, to keep a liveness check small.)
FETimeout(p) ==
    /\ ~FERetriesForever
    /\ cur[p] # None /\ p \notin handed /\ ~Answered(p)
    /\ IF attempts[p] < FEAttempts
       THEN NewBallot(p, p, FEAboveAll)
       ELSE /\ handed' = handed \cup {p}
            /\ UNCHANGED <<vars, owner, breq, cur, attempts, retried, recycled>>

\* Design without a leader (brief L5): a pre-empted front-end retries on a fresh ballot.
FERetry(p) ==
    /\ FERetriesForever
    /\ cur[p] # None /\ ~Answered(p) /\ Preempted(p)
    /\ NewBallot(p, p, FEAboveAll)

\* The leader runs a forwarded request (any front-end's, when front-ends never hand over).
LeaderStart(l) ==
    /\ cur[l] = None
    /\ \E r \in IF FERetriesForever THEN FrontEnds ELSE handed : NewBallot(l, r, TRUE)

\* A pre-empted leader retries on a fresh ballot of a higher round (brief §4.5).
LeaderRetry(l) ==
    /\ cur[l] # None /\ ~LeaderDone /\ Preempted(l)
    /\ NewBallot(l, breq[cur[l]], TRUE)

\* A reader's GET (brief §4.7) begins on a fresh round-0 ballot.
ReaderBegin(r) ==
    /\ cur[r] = None
    /\ NewBallot(r, None, FEAboveAll)

\* The read steps of Pando.tla on reader r's current ballot: the first round (ReadStart with a
\* variant of ReadVariants), the fast return, the return of nothing, the switch to the
\* write-back, the write-back's proposal, and the return after it.
ReaderStep(r) ==
    /\ cur[r] # None /\ r \notin retried
    /\ LET b == cur[r] IN
        \/ \E via \in ReadVariants : ReadStart(b, via)
        \/ ReadFastReturn(b) \/ ReadReturnNone(b) \/ ReadFetchToWriteBack(b)
        \/ ReadWriteBack(b) \/ ReadReturnAfterWriteBack(b)
    /\ UNCHANGED duelVars

\* Reader r's write-back is pre-empted (brief §4.7 "NACK-blocked → restart GET"): the GET restarts
\* on a fresh ballot, or, after ReadAttempts attempts, answers RETRY (brief Q9).
ReadWriteBackPending(r) ==
    /\ cur[r] # None /\ r \notin retried
    /\ reads[cur[r]].state = "started" /\ reads[cur[r]].phase = "prepare"
ReaderRestart(r) ==
    /\ PreemptedReadRestarts
    /\ ReadWriteBackPending(r) /\ Preempted(r)
    /\ IF attempts[r] < ReadAttempts
       THEN NewBallot(r, None, FEAboveAll)
       ELSE /\ retried' = retried \cup {r}
            /\ UNCHANGED <<vars, owner, breq, cur, attempts, handed, recycled>>

\* Site a handles the current ballot of proposer p (Pando.tla Promise, Vote and FetchReply).
PromiseCur(a, p) == cur[p] # None /\ Promise(a, cur[p]) /\ UNCHANGED duelVars
VoteCur(a, p) == cur[p] # None /\ Vote(a, cur[p]) /\ UNCHANGED duelVars
FetchCur(a, r) == cur[r] # None /\ FetchReply(a, cur[r]) /\ UNCHANGED duelVars

\* Every front-end has a CPUT from the start and has taken the ballot of its first attempt (through
\* its delegate); FEOrder numbers them (which one is lower does not matter: the front-ends play
\* the same part).  The leader has not started.
FEOrder == CHOOSE f \in [FrontEnds -> 0..(Cardinality(FrontEnds) - 1)] : \A p, q \in FrontEnds : p < q => f[p] < f[q]
\* (owner first: Init's reads range over ReaderBallots, which the cfgs bind to a set read from owner)
DuelInit ==
    /\ owner = [n \in Ballots |-> IF \E p \in FrontEnds : FEOrder[p] = n
                                  THEN CHOOSE p \in FrontEnds : FEOrder[p] = n ELSE None]
    /\ breq = owner
    /\ cur = [p \in Proposers |-> IF p \in FrontEnds THEN FEOrder[p] ELSE None]
    /\ attempts = [p \in Proposers |-> IF p \in FrontEnds THEN 1 ELSE 0]
    /\ handed = {}
    /\ retried = {}
    /\ recycled = FALSE
    /\ Init

DuelNext ==
    \/ \E p \in Writers : ProposerStep(p)
    \/ \E p \in FrontEnds : FETimeout(p) \/ FERetry(p)
    \/ \E l \in Leaders : LeaderStart(l) \/ LeaderRetry(l)
    \/ \E r \in Readers : ReaderBegin(r) \/ ReaderStep(r) \/ ReaderRestart(r)
    \/ \E a \in Acceptors \ Down :
          /\ \/ \E b \in Ballots : Promise(a, b) \/ Vote(a, b)
             \/ Commit(a)
             \/ \E r \in ReaderBallots : FetchReply(a, r)
          /\ UNCHANGED duelVars

\* The guard of p's new attempts (FETimeout/FERetry for a front-end, LeaderStart/LeaderRetry for the
\* leader, ReaderBegin/ReaderRestart for a reader) without NewBallot's free-number test.
NewAttemptGuard(p) ==
    CASE p \in FrontEnds ->
            cur[p] # None /\ p \notin handed /\ ~Answered(p) /\ (FERetriesForever => Preempted(p))
      [] p \in Leaders ->
            \/ cur[p] = None /\ (IF FERetriesForever THEN FrontEnds ELSE handed) # {}
            \/ cur[p] # None /\ ~LeaderDone /\ Preempted(p)
      [] OTHER ->
            \/ cur[p] = None
            \/ PreemptedReadRestarts /\ ReadWriteBackPending(p) /\ Preempted(p)

\* Proposer steps and each up site's handling of each proposer's current ballot are weakly fair.
\* One condition per <<site, proposer>> covers both message kinds: a vote for the current ballot
\* disables a promise of it, and a promise of it does not disable the vote.  A reader's FETCH gets
\* its own condition per site (a promise of the same ballot does not disable the reply).
StepFairness ==
    /\ \A p \in Writers : WF_allVars(ProposerStep(p))
    /\ \A r \in Readers : WF_allVars(ReaderStep(r))
    /\ \A p \in Proposers, a \in Acceptors \ Down : WF_allVars(PromiseCur(a, p) \/ VoteCur(a, p))
    /\ \A r \in Readers, a \in Acceptors \ Down : WF_allVars(FetchCur(a, r))

\* New attempts are weakly fair too: time-outs fire, pre-empted proposers retry, the leader runs.
\* This is weak fairness of FETimeout/FERetry (a front-end), LeaderStart/LeaderRetry (the leader)
\* and ReaderBegin/ReaderRestart (a reader) written out, WF_v(A) being <>[]ENABLED <<A>>_v =>
\* []<><<A>>_v: NewAttemptGuard(p) is their enabling condition without NewBallot's free-number test
\* (so the assumption is at least as strong, and the same wherever DuelHeadroom holds, which every
\* passing cfg checks), and NewAttempt(p) holds exactly on their steps (the only steps that change
\* attempts[p], hand p's write over or make reader p answer RETRY).  Written as WF, TLC evaluates
\* NewBallot's renumbering inside ENABLED for every state and fairness condition, which made the L2
\* model about a hundred times slower.
NewAttempt(p) ==
    \/ attempts'[p] # attempts[p]
    \/ p \in handed' /\ p \notin handed
    \/ p \in retried' /\ p \notin retried
DuelFairness ==
    /\ StepFairness
    /\ \A p \in Proposers : <>[]NewAttemptGuard(p) => []<><<NewAttempt(p)>>_allVars

DuelSpec == DuelInit /\ [][DuelNext]_allVars /\ DuelFairness

\* A search aid for the models expected to FAIL (L5, M15).  Two changes, neither of which can make
\* TLC report a behaviour that is not a fair behaviour of DuelSpec:
\*  - Next is restricted to steps without a vote.  Every behaviour is a behaviour of DuelNext, and
\*    StepFairness is evaluated on the unrestricted actions (TLC computes ENABLED VoteCur(a, p)
\*    from its definition), so a vote that stays possible must still be cast.  A duel needs no
\*    vote; this keeps the graph small.
\*  - The fairness of new attempts moves into the property (DuelEventuallyChosenProp,
\*    DuelLeaderDecidesProp): a counterexample must show, infinitely often, a state in which no
\*    proposer is waiting to take a new attempt, which makes weak fairness of FETimeout, FERetry,
\*    LeaderStart and LeaderRetry hold on it.  (With that fairness as a spec conjunct, TLC ran out
\*    of memory printing the counterexample.)
DuelNoVoteNext == DuelNext /\ ~\E m \in sent' : m.type = "accepted" /\ m \notin sent
DuelNoVoteSpec == DuelInit /\ [][DuelNoVoteNext]_allVars /\ StepFairness

-----------------------------------------------------------------------------
(* Properties (brief §6.3).  Pando.tla's L1 (LeaderDecidesProp) holds for   *)
(* fixed ballots; here L1r, L2, L4 and L5 with fresh ballots.              *)

\* A new attempt would find a free ballot number (see the header).
DuelHeadroom == Cardinality(KeptBallots) < Cardinality(Ballots)

\* No attempt is ever refused for want of a ballot number: checked by every cfg that claims a
\* liveness property holds.
DuelHeadroomInv == DuelHeadroom

\* PANDO-L5 (expected to fail without a leader) and PANDO-L1r (a stable leader decides against
\* retrying front-ends; mutant M15 fails it): something is chosen (once
\* the leader has started), unless the model runs out of ballot numbers or some proposer ends up
\* waiting for ever to take a new attempt.  A counterexample is therefore a lasso on which nothing
\* is ever chosen, a free number exists in every state, and infinitely often no proposer waits to
\* retry: with StepFairness, a fair behaviour of DuelSpec in which every attempt a proposer wants is
\* granted, a genuine duel rather than an artefact of the bound.
DuelProgress == ChosenSet # {} \/ ~DuelHeadroom
RetryStarved == <>[](\E p \in Proposers : NewAttemptGuard(p))
DuelEventuallyChosenProp == <>DuelProgress \/ RetryStarved
DuelLeaderDecidesProp == (LeaderStarted ~> DuelProgress) \/ RetryStarved

\* PANDO-L2 Every CPUT returns: every front-end that has a request eventually has its answer.
CputReturnsProp == \A p \in FrontEnds : (cur[p] # None) ~> Answered(p)

\* PANDO-L3 Every GET returns (brief L3, Q9): every reader that has begun its GET eventually has
\* its answer: a value or EMPTY from a read attempt, or RETRY after ReadAttempts attempts.  (The
\* writers stop by themselves here: a front-end's attempts are bounded, and nothing pre-empts the
\* leader, whose ballots are above every other.)
ReadEnded(r) == r \in retried \/ (cur[r] # None /\ reads[cur[r]].state = "done")
ReadsReturnProp == \A r \in Readers : (cur[r] # None) ~> ReadEnded(r)

\* PANDO-L4 Bounded attempts (paper Fig. 13; brief L4): a front-end makes at most two attempts of its
\* own (delegated, then direct), and the leader, with no competing leader and no crash, one.
BoundedAttemptsInv ==
    /\ \A p \in FrontEnds : attempts[p] <= 2
    /\ \A l \in Leaders : attempts[l] <= 1

\* PANDO-W12 Ballots are recycled: some new attempt dropped a ballot that had messages, so the run
\* went beyond what the fixed ballot numbers could name.
NoBallotRecycledWitness == ~recycled

\* PANDO-W13 A front-end makes its second attempt.
NoSecondAttemptWitness == \A p \in FrontEnds : attempts[p] < 2

\* PANDO-W15 The leader's run gets its answer (a Phase-2 quorum or a commit mark at a leader ballot).
\* (Pando.tla's W5 reads BallotKind, which is "FE" for every rank here.)
NoLeaderAnswerWitness == ~LeaderDone

\* PANDO-W14 A front-end waiting on the leader is answered by the leader's decision on another
\* request (its own ballots have no answer).
NoWaitingAnswerWitness ==
    ~\E p \in handed : AnsweredByLeader(p) /\ ~\E o \in CputOutcomes : RequestOf(o.bal) = p

\* PANDO-W16 A GET restarts: a reader's write-back was pre-empted and it took a second ballot.
NoReadRestartWitness == \A r \in Readers : attempts[r] < 2

\* PANDO-W17 A GET answers RETRY after its attempts (brief Q9).
NoReadRetryWitness == retried = {}
=============================================================================
