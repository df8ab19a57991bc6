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
(*  - writes only (no reader ballots), no restarts;                        *)
(*  - `sent` ranges over sets of at most MaxSent (<= 3) messages from the  *)
(*    messages that PandoIndInv does not exclude on their own (promises    *)
(*    report a ballot below their own; votes and proposals of one kind);  *)
(*  - each site's local state ranges over all well-typed combinations.     *)
(* The conjuncts of ISpecInit are ordered so that TLC prunes early.        *)
(***************************************************************************)
EXTENDS MCPando

CONSTANT MaxSent

LocalStates == {s \in [prom : Ballots \cup {None}, abal : Ballots \cup {None},
                       avid : Vids \cup {NoVid}, cmt : Vids \cup {NoVid}] :
                   /\ s.abal <= s.prom
                   /\ (s.abal = None) <=> (s.avid = NoVid)
                   /\ s.avid # NoVid => s.avid.tag <= s.abal
                   /\ s.cmt \in {NoVid, s.avid}}

CandidateMessages ==
       {[type |-> "prepare", bal |-> b, replyTo |-> IF BallotKind[b] = "FEDel" THEN "delegate" ELSE "proposer"] : b \in Ballots}
  \cup {m \in [type : {"promise"}, bal : Ballots, acc : Acceptors, abal : Ballots \cup {None},
               avid : Vids \cup {NoVid}, cmt : Vids \cup {NoVid}] :
          /\ m.abal < m.bal
          /\ (m.abal = None) <=> (m.avid = NoVid)
          /\ m.avid # NoVid => m.avid.tag <= m.abal
          /\ m.cmt \in {NoVid, m.avid}}
  \cup [type : {"propose"}, bal : Ballots, vid : Vids, kind : {"W"}]
  \cup [type : {"accepted"}, bal : Ballots, acc : Acceptors, vid : Vids, kind : {"W"}]

\* Sets of at most n (<= 3) elements of S, built directly: filtering SUBSET S by cardinality
\* would make TLC walk all 2^|S| subsets.
BoundedSubsets(S, n) ==
    {{}} \cup (IF n >= 1 THEN {{x} : x \in S} ELSE {})
         \cup (IF n >= 2 THEN {{x, y} : x, y \in S} ELSE {})
         \cup (IF n >= 3 THEN {{x, y, z} : x, y, z \in S} ELSE {})

ISpecInit ==
    /\ sent \in BoundedSubsets(CandidateMessages, MaxSent)
    /\ OneProposalPerBallotInv
    /\ VotesProposedInv
    /\ \E local \in [Acceptors -> LocalStates] :
        /\ prom = [a \in Acceptors |-> local[a].prom]
        /\ abal = [a \in Acceptors |-> local[a].abal]
        /\ avid = [a \in Acceptors |-> local[a].avid]
        /\ cmt = [a \in Acceptors |-> local[a].cmt]
    /\ reads = [r \in ReaderBallots |-> [state |-> "idle", via |-> "none", phase |-> "none", start |-> {}, res |-> NoVid]]
    /\ restarts = {}
    /\ PandoIndInv

ISpec == ISpecInit /\ [][Next]_vars

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

\* Checked only on states one step away from ISpecInit (the cfg bounds the depth with this).
OneStep == TLCGet("level") <= 2
=============================================================================
