----------------------------- MODULE MCPandoDuel -----------------------------
(***************************************************************************)
(* Model-checking module for specs/PandoDuel.tla (liveness with fresh      *)
(* ballots).  MCPando gives the threshold-quorum ASSUME; the cfgs bind     *)
(* Pando's Vids, RequestOf, LeaderBallots and BallotKind to PandoDuel's    *)
(* definitions.  Ballots = 0..n-1 are ranks (PandoDuel's header), and n is *)
(* chosen per cfg so that DuelHeadroomInv holds.  No SYMMETRY: TLC must not *)
(* combine symmetry with liveness checking.  Expected verdicts are in      *)
(* configs/models.json.                                                    *)
(***************************************************************************)
EXTENDS PandoDuel, MCPando
=============================================================================
