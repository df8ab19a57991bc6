/*****************************************************************************************
 * Alia's root tier (brief §4.2-4.3), the P twin of specs/AliaRoot.tla and of the C# actors in
 * src/PandoCoyote/Alia/Root: Multi-Paxos over epoch slots run by every replica of a fixed
 * universe, with delegated voting in RELAY mode or in the seed's literal scheme (mutant M1).
 * Configurations are opaque integers (epoch * 1000 + proposer * 100 + round).
 *
 * Ballots are integers round * 10 + replica (fewer than 10 replicas), so that every ballot has
 * one owner, as the brief's <<round, pid>>; 0 is "no ballot".
 *****************************************************************************************/

enum tRootMode { RM_RELAY, RM_PAPER_LITERAL, RM_CUSTODY }
// The root-tier mutants of configs/Alia/MCAliaRoot.tla (M1 is RM_PAPER_LITERAL; MU, unanimity, breaks liveness only;
// M15, a custody that lapses, needs RM_CUSTODY; MSL, a new leader re-proposing the lowest reported ballot's configuration,
// is the C# instance-Paxos mutant of the same name applied to the root tier's Phase 1).
enum tRootMutant { RX_NONE, RX_M2, RX_M3, RX_M4, RX_M12, RX_M13, RX_M17, RX_MR, RX_MP, RX_MA, RX_MV, RX_MU, RX_M15, RX_MSL }

type tRootConfig = (mode: tRootMode, mutant: tRootMutant, n: int, maxEpoch: int, elections: int,
                    drops: int, dups: int, crashes: int, restart: bool, timerOdds: int, horizon: int, targeted: bool,
                    crashPoints: bool);

// The key of one acceptor act: kind (1 = promise, 2 = accepted), ballot, slot (0 for a promise),
// and the candidate it answers.
type tActKey = (kind: int, bal: int, epoch: int, cand: int);
// What a replica reports for one slot in its promise: a value it learned, or one it accepted at vbal.
type tReport = (voter: int, epoch: int, chosen: bool, vbal: int, cfg: int);

event eRootSetup: seq[machine];                                         // the harness gives every replica the list
event eRunForLeader: int;                                               // §4.2 rootTimer fired (the environment; the payload counts the timeouts)
event eRootPrepare: (bal: int, cand: int, low: int, nuclear: bool);     // §3.1 RootPrepare (nuclear: §4.10)
// RootPromise / RootAccepted, sent by via. CUSTODY (§4.3.4): slot > 0 marks a custodian's act on the proxy it keeps
// for its one voter's vote in that slot; a replica's own promise covers every slot from low on except excl (C2).
event eRootVote: (key: tActKey, voters: set[int], reports: seq[tReport], fwd: bool, via: int, slot: int, excl: set[int]);
event eRootAccept: (bal: int, epoch: int, cfg: int, leader: int);       // §3.1 RootAccept
event eRootCommit: (epoch: int, cfg: int);                              // §3.1 RootCommit
event eRootNack: (bal: int, promised: int);                             // §3.1 RootNack
event eRelayVote: (voter: int, key: tActKey, reports: seq[tReport]);    // §3.2 RelayVote (RELAY)
event eDelegate: (from: int, budget: int);                              // §3.2 Delegate
event eCustody: (from: int, slot: int, promise: int);                   // §3.2 Delegate in CUSTODY (C1): the vote for slot, for good, from promise on

// M17's count of subquorums: two, as in the brief's layout V3 (configurations are opaque here).
fun M17Subquorums(): int { return 2; }

// An act's code, for sets of acts (the candidate is implied by the ballot).
fun ActCode(kind: int, bal: int, epoch: int): int { return kind * 100000 + bal * 10 + epoch; }
