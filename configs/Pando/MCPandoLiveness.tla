--------------------------- MODULE MCPandoLiveness ---------------------------
(***************************************************************************)
(* Liveness models of Pando (brief §6.3; paper Theorem 2 and §3.5).        *)
(*                                                                         *)
(* A front-end tries a slot itself at most once (paper §3.5): its attempt  *)
(* may time out at any moment (asynchrony, or pre-emption by a competing   *)
(* writer), after which it hands the write to the leader and takes no     *)
(* further step on its own ballot.  The leader owns the highest ballot.    *)
(*                                                                         *)
(* Fairness (brief §6.3): weak fairness PER MESSAGE, i.e. per <<acceptor,  *)
(* ballot>> for Promise and Vote, for every acceptor in LiveAcceptors;     *)
(* sites outside LiveAcceptors get no fairness (they may stop forever).    *)
(* The leader's own steps are weakly fair.  Front-ends that have not timed *)
(* out are weakly fair too.                                                *)
(*                                                                         *)
(* No SYMMETRY here: TLC must not combine symmetry with liveness checking. *)
(***************************************************************************)
EXTENDS MCPando

\* Acceptors that eventually keep taking their steps (at most f may be outside).
CONSTANT LiveAcceptors

VARIABLE timedOut   \* front-end ballots whose attempt timed out (handed to the leader)

liveVars == <<vars, timedOut>>


\* The front-end of ballot b gives up on its own attempt (paper §3.5; brief §4.6).
WriterTimeout(b) ==
    /\ b \in FEBallots \ timedOut
    /\ timedOut' = timedOut \cup {b}
    /\ UNCHANGED vars

LiveInit == Init /\ timedOut = {}

LiveNext == (Next /\ UNCHANGED timedOut) \/ \E b \in FEBallots : WriterTimeout(b)

\* The steps a writer of ballot b takes on its own ballot.
WriterSteps(b) == WriterPrepare(b) \/ ProposeFast(b) \/ ProposeRecover(b)

Fairness ==
    /\ \A a \in LiveAcceptors, b \in Ballots :
           /\ WF_liveVars(Promise(a, b) /\ UNCHANGED timedOut)
           /\ WF_liveVars(Vote(a, b) /\ UNCHANGED timedOut)
    /\ \A b \in LeaderBallots : WF_liveVars(WriterSteps(b) /\ UNCHANGED timedOut)
    /\ \A b \in FEBallots : WF_liveVars(b \notin timedOut /\ WriterSteps(b) /\ UNCHANGED timedOut)

LiveSpec == LiveInit /\ [][LiveNext]_liveVars /\ Fairness

\* The weakest fairness L1 needs: live sites keep handling the LEADER's ballot, and the leader
\* keeps taking its own steps; nothing is assumed about front-ends.  A property that holds under
\* this fairness holds under Fairness too, and TLC's liveness check is far cheaper with fewer
\* fairness conjuncts.  (X6 uses LiveSpec, so its violation does not come from missing fairness
\* for front-ends.  L5 and M15, which need fresh ballots, are specs/PandoDuel.tla's.)
LeaderFairness ==
    /\ \A a \in LiveAcceptors, b \in LeaderBallots :
           /\ WF_liveVars(Promise(a, b) /\ UNCHANGED timedOut)
           /\ WF_liveVars(Vote(a, b) /\ UNCHANGED timedOut)
    /\ \A b \in LeaderBallots : WF_liveVars(WriterSteps(b) /\ UNCHANGED timedOut)

LeaderLiveSpec == LiveInit /\ [][LiveNext]_liveVars /\ LeaderFairness

ASSUME LiveAcceptorsAssume == LiveAcceptors \subseteq Acceptors
=============================================================================
