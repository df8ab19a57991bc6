----------------------------- MODULE Alia -----------------------------
(***************************************************************************)
(* Alia, the whole system (Bengfort, Bilbro and Keleher, "Consensus Across *)
(* Continents", §II): a root tier of every replica chooses, epoch by       *)
(* epoch, a configuration (the instances, their members, and which         *)
(* instance owns which tags); the instances serve their objects and hand   *)
(* them over at each epoch change.  The system is three tiers, each        *)
(* specified in its own module and checked on its own:                     *)
(*                                                                         *)
(*   the root tier       specs/AliaRoot.tla      Multi-Paxos over epoch    *)
(*                                               slots, delegated voting   *)
(*                                               (§II-A), nuclear option   *)
(*                                               (§III-B)                  *)
(*   the data plane      specs/AliaHandoff.tla   instances, sealing,       *)
(*                                               handoff and clients       *)
(*                                               across epochs (§II-B,     *)
(*                                               §II-D)                    *)
(*   instance Paxos      specs/AliaInstance.tla  each instance's log;      *)
(*                                               ALIA-R3 checks that every *)
(*                                               slot refines Consensus,   *)
(*                                               which is what lets the    *)
(*                                               data plane abstract an    *)
(*                                               instance to a chosen log  *)
(*                                                                         *)
(* This module composes the first two: it replaces AliaHandoff's root     *)
(* oracle (epochs revealed from a constant set) by the root tier itself.   *)
(* The data plane learns the configuration of epoch x when a replica that  *)
(* learned it from a RootCommit announces it (§II-B: a new epoch starts    *)
(* from a learned configuration).  The data plane keeps one configuration  *)
(* per epoch and runs the first one announced, so the composition is only  *)
(* sound if every replica learns that same one: ALIA-S17 below, the        *)
(* end-to-end form of root agreement, which the paper's literal delegation *)
(* (mutant M1) breaks.  Every property of both tiers is re-exported under  *)
(* its own name, so one model checks them all.                            *)
(*                                                                         *)
(* The root tier keeps all it has in AliaRoot.tla (RELAY, CUSTODY or the   *)
(* literal delegation, crash-recovery, nuclear elections); its             *)
(* configurations are the data plane's, all of which pass ValidCfg.  Root  *)
(* crashes do not touch the data plane: an instance's state is its chosen  *)
(* log, which survives a minority of crashes by construction.              *)
(***************************************************************************)
EXTENDS Integers, FiniteSets, Sequences

CONSTANTS
    \* the data plane (AliaHandoff.tla)
    Subqs, Replicas, Tags, Objects, TagOf, MaxEpoch, Cfg0, CfgChoices,
    Clients, Values, InitVal, MaxOps, MaxLosses, NIL,
    \* the root tier (AliaRoot.tla); its configurations are CfgChoices
    MaxBallot, MaxCrashes, DelegationMode

VARIABLES
    \* root tier
    rPromised, rAccepted, rChosen, custody, proxyProm, proxyAcc, up, role, rBallot, proposal,
    deleg, dlgs, rmsgs, ballotOf, tally, chosenCfgs, crashes, crashed, revived,
    \* data plane
    cfg, sm, prop, msgs, lost, retired, cli, ops, opOrder, installs, rejects, continued

rootVars == <<rPromised, rAccepted, rChosen, custody, proxyProm, proxyAcc, up, role, rBallot, proposal,
              deleg, dlgs, rmsgs, ballotOf, tally, chosenCfgs, crashes, crashed, revived>>
dataVars == <<cfg, sm, prop, msgs, lost, retired, cli, ops, opOrder, installs, rejects, continued>>
vars == <<rootVars, dataVars>>

\* Every configuration the root may propose for some epoch.
AllCfgs == UNION {CfgChoices[x] : x \in 1 .. MaxEpoch}

Root == INSTANCE AliaRoot WITH Configs <- AllCfgs, msgs <- rmsgs
Data == INSTANCE AliaHandoff

-----------------------------------------------------------------------------
(* Overridable rule (the MC module replaces it for a mutant).               *)

\* §4.2 Learn, §4.4: the data plane takes Cfg(x) from a replica that learned
\* it (MX: from one that only accepted it, before it was chosen).
Announceable(x, c) == \E r \in Replicas : rChosen[r][x] = c

-----------------------------------------------------------------------------

Init == Root!Init /\ Data!Init

\* A root step (the data plane does not move).
RootStep == Root!Next /\ UNCHANGED dataVars

\* §4.4: a replica that learned Cfg(x) announces it to the data plane; the
\* data plane takes the first announcement per epoch (AliaHandoff's
\* RootReveal, with its ValidCfg check, for epoch x once x - 1 is known).
Announce(x, c) ==
    /\ Announceable(x, c)
    /\ Data!RootReveal(x, c)
    /\ UNCHANGED rootVars

\* A data-plane step (the root does not move).
DataStep == Data!DataNext /\ UNCHANGED rootVars

Next ==
    \/ RootStep
    \/ \E x \in 1 .. MaxEpoch, c \in AllCfgs : Announce(x, c)
    \/ DataStep

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Properties.  Each tier's own, re-exported under its name (catalogue IDs  *)
(* in docs/invariants.md), and the one that links them.                    *)

AliaTypeOK == Root!AliaRootTypeOK /\ Data!AliaHandoffTypeOK

\* ALIA-S17 DataPlaneFollowsRoot (ours; the end-to-end form of S1): once the
\* data plane runs a configuration for epoch x, it is the only one the root
\* chose for x and every replica that learned Cfg(x) learned it.
DataPlaneFollowsRootInv == \A x \in 1 .. MaxEpoch : cfg[x] # NIL =>
    /\ chosenCfgs[x] = {cfg[x]}
    /\ \A r \in Replicas : rChosen[r][x] \in {NIL, cfg[x]}

\* Root tier (ALIA-S1 .. S6a, R1).
RootAgreementInv == Root!RootAgreementInv
RootValidityInv == Root!RootValidityInv
RootContiguityInv == Root!RootContiguityInv
TallyHonestyInv == Root!TallyHonestyInv
TallyIsMajorityInv == Root!TallyIsMajorityInv
AcceptedBelowPromiseInv == Root!AcceptedBelowPromiseInv
AcceptorMonotonicProp == Root!AcceptorMonotonicProp
RootRefinementProp == Root!RootRefinementProp

\* Data plane (ALIA-S7 .. S15, the register refinement).
ConfigWellFormedInv == Data!ConfigWellFormedInv
SingleHolderInv == Data!SingleHolderInv
OpsOnlyAtHolderInv == Data!OpsOnlyAtHolderInv
HandoffFaithfulInv == Data!HandoffFaithfulInv
NoLostAckedWriteInv == Data!NoLostAckedWriteInv
LinearizableInv == Data!LinearizableInv
NoServeWithoutConfigInv == Data!NoServeWithoutConfigInv
NoTruncateBeforeAckInv == Data!NoTruncateBeforeAckInv
RegisterRefinementProp == Data!RegisterRefinementProp

-----------------------------------------------------------------------------
(* Reachability witnesses: a correct model must violate each.               *)

\* ALIA-W21 No client reads, after a handoff into an epoch whose
\* configuration the root chose, a value written before it.
NoEndToEndReadWitness == Data!NoReadAcrossHandoffWitness
\* ALIA-W22 No configuration reaches the data plane in a behaviour where a
\* replica crashed and voted again after its restart.
NoRecoveredEpochWitness == ~(cfg[1] # NIL /\ revived # {})
=============================================================================
