-------------------------- MODULE MCPandoInductive --------------------------
(***************************************************************************)
(* Bounded inductiveness check of PandoIndInv (brief §6.2), the technique  *)
(* of tlaplus/Examples' MCISpec: TLC starts from EVERY state of a small    *)
(* domain that satisfies PandoIndInv (not only reachable ones), takes one  *)
(* step of Next, and checks PandoIndInv again.  A pass means: within this  *)
(* domain, IndInv /\ Next => IndInv'.                                      *)
(*                                                                         *)
(* Domain bounds (stated, not hidden):                                     *)
(*  - the constants of the cfg (acceptors, ballots, one or two values);    *)
(*  - no restarts; reads (a cfg with a reader ballot) with the FETCH      *)
(*    first round only (ReadVariants = {"fetch"});                         *)
(*  - `sent` ranges over sets of at most MaxSent messages from the         *)
(*    messages that PandoIndInv does not exclude on their own (promises    *)
(*    report a ballot below their own; a proposal's kind is its ballot's); *)
(*  - each site's local state ranges over all well-typed combinations.     *)
(* The conjuncts of ISpecInit are ordered so that TLC prunes early.        *)
(***************************************************************************)
EXTENDS MCPando

CONSTANT MaxSent

\* A well-formed accepted state, held by a site or reported in a promise or a FETCHED reply.
SiteStateWF(s) ==
    /\ (s.abal = None) <=> (s.avid = NoVid)
    /\ s.avid # NoVid => s.avid.tag <= s.abal
    /\ s.cmt \in {NoVid, s.avid}

LocalStates == {s \in [prom : Ballots \cup {None}, abal : Ballots \cup {None},
                       avid : Vids \cup {NoVid}, cmt : Vids \cup {NoVid}] :
                   s.abal <= s.prom /\ SiteStateWF(s)}

CandidateMessages ==
       {[type |-> "prepare", bal |-> b, replyTo |-> IF BallotKind[b] = "FEDel" THEN "delegate" ELSE "proposer"] : b \in Ballots}
  \cup {m \in [type : {"promise"}, bal : Ballots, acc : Acceptors, abal : Ballots \cup {None},
               avid : Vids \cup {NoVid}, cmt : Vids \cup {NoVid}] :
          m.abal < m.bal /\ SiteStateWF(m)}
  \cup [type : {"fetch"}, rd : ReaderBallots]
  \cup {m \in [type : {"fetched"}, rd : ReaderBallots, acc : Acceptors, abal : Ballots \cup {None},
               avid : Vids \cup {NoVid}, cmt : Vids \cup {NoVid}] :
          SiteStateWF(m)}

\* Sets of at most n elements of S, built one element at a time: filtering SUBSET S by
\* cardinality would make TLC walk all 2^|S| subsets.
RECURSIVE BoundedSubsets(_, _)
BoundedSubsets(S, n) ==
    IF n = 0 THEN {{}}
    ELSE LET T == BoundedSubsets(S, n - 1) IN T \cup {t \cup {x} : t \in T, x \in S}

\* The local states site a may have next to the messages in `sent`: the conjuncts of
\* AcceptorWFInv and CommitSoundInv that speak of a alone (its accepted ballot is a vote it sent,
\* no vote of it is higher, a commit mark names a chosen vid).  A filter only: ISpecInit still
\* conjoins the whole invariant, so the starting states are exactly those of
\* [Acceptors -> LocalStates] that satisfy it, but TLC no longer builds all |LocalStates|^N
\* combinations for each set of messages to reject them one by one.  Only conjuncts shared by
\* PandoIndInv and the weakened MutantIndInvNoHonesty belong here (a promise-honesty filter would
\* hide that mutant's counterexample).
LocalFor(a) ==
    {s \in LocalStates :
        /\ s.abal # None => Voted(a, s.abal, s.avid)
        /\ \A m \in sent : m.type = "accepted" /\ m.acc = a => m.bal <= s.abal
        /\ s.cmt # NoVid => IsChosen(s.cmt)}

\* Every assignment of a local state to each site of S, site a drawing from LocalFor(a) (a
\* dependent product, built one site at a time).
RECURSIVE Assignments(_)
Assignments(S) ==
    IF S = {} THEN {[x \in {} |-> None]}
    ELSE LET a == CHOOSE x \in S : TRUE
         IN  {f @@ (a :> s) : f \in Assignments(S \ {a}), s \in LocalFor(a)}

\* The message sets of the domain, generated proposals first: at most one proposal per ballot
\* (OneProposalPerBallotInv), votes only for a proposal in the set (VotesProposedInv), other
\* messages freely, MaxSent in all.  Again a generator only: ISpecInit conjoins both invariants,
\* so this is BoundedSubsets(CandidateMessages, MaxSent) restricted to the sets that satisfy them,
\* without TLC building the sets that do not (past 4 messages, more than TLC's 1,000,000-element
\* limit for one set).
KindOf(b) == IF b \in ReaderBallots THEN "R" ELSE "W"     \* a reader's ballot proposes only write-backs
ProposalSets ==
    UNION {{{[type |-> "propose", bal |-> b, vid |-> g[b], kind |-> KindOf(b)] : b \in D} : g \in [D -> Vids]} :
           D \in SUBSET Ballots}
VotesFor(P) == {[type |-> "accepted", bal |-> m.bal, acc |-> a, vid |-> m.vid, kind |-> m.kind] : m \in P, a \in Acceptors}
OtherMessages == {m \in CandidateMessages : m.type \in {"prepare", "promise", "fetch", "fetched"}}

\* Read records: every record ReadRecWF allows (again a generator; ISpecInit conjoins the
\* invariant).
ReadRecords ==
    {rec \in [state : {"idle", "started", "done"}, via : ReadVariants \cup {"none"},
              phase : ReadVariants \cup {"none", "prepare"}, start : SUBSET Vids, res : Vids \cup {NoVid}] :
        ReadRecWF(rec)}
MessageSets ==
    UNION {{P \cup X : X \in BoundedSubsets(VotesFor(P) \cup OtherMessages, MaxSent - Cardinality(P))} :
           P \in {P \in ProposalSets : Cardinality(P) <= MaxSent}}

ISpecInit ==
    /\ sent \in MessageSets
    /\ OneProposalPerBallotInv
    /\ VotesProposedInv
    /\ \E local \in Assignments(Acceptors) :
        /\ prom = [a \in Acceptors |-> local[a].prom]
        /\ abal = [a \in Acceptors |-> local[a].abal]
        /\ avid = [a \in Acceptors |-> local[a].avid]
        /\ cmt = [a \in Acceptors |-> local[a].cmt]
    /\ reads \in [ReaderBallots -> ReadRecords]
    /\ restarts = {}
    /\ PandoIndInv

ISpec == ISpecInit /\ [][Next]_vars

\* The starting states alone (no step).  The cfgs *_StartStates check PandoIndInv and AgreementInv
\* on them, and their witness model (PANDO-W1 NothingChosenWitness must be violated) shows that a
\* starting state holds a chosen vid: "IndInv => Agreement" then has something to say, which it
\* has not in a domain too small for a chosen vid (with 2 messages, the V1 domain's witness is
\* violated only one step later).
ISpecStart == ISpecInit /\ [][FALSE]_vars

\* Non-vacuity: PandoIndInv without S6 (honest promises) is NOT inductive: a starting state
\* may hold a promise that hides a vote, the fast path then proposes over a vid that is still
\* choosable, and S7 fails one step later.  Replaces PandoIndInv in the mutant cfg; must be
\* reported violated.
MutantIndInvNoHonesty ==
    /\ PandoTypeOK
    /\ OneProposalPerBallotInv
    /\ AcceptorWFInv
    /\ ProposalsSafeInv
    /\ VotesProposedInv
    /\ CommitSoundInv
    /\ ReadsIndInv

\* A writer's ballot and a reader's above it (the reads domains).
KindsWR == 0 :> "FE" @@ 1 :> "Reader"

\* Non-vacuity of the read conjuncts: PandoIndInv without ReadStartWitnessed is NOT inductive: a
\* starting state may hold a read whose snapshot names a vid that no reply reflects, the read then
\* returns nothing from a Phase-1a quorum of empty replies, and S13 fails one step later.
MutantIndInvNoReadWitness == WritesIndInv /\ ReadsIndInvBase

\* Checked only on states one step away from ISpecInit (the cfg bounds the depth with this).
OneStep == TLCGet("level") <= 2
=============================================================================
