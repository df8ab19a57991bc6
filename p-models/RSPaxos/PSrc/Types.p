/*****************************************************************************************
 * Single-decree RS-Paxos (brief RSPaxos §2.3, §4.2-4.3), the P twin of specs/RSPaxos.tla and of the
 * instance logic of src/PandoCoyote/RSPaxos. Shares are abstract (brief §2.2) but carry their index:
 * the proposer sends acceptor a share index a of its value (M9: index 0 to every acceptor), the
 * acceptor keeps it and reports it, and SelectValue counts distinct indices. A value and its vid coincide, so a rebuilt value proposed
 * again keeps its vid. Proposer p's own value is vid p + 1; GARBAGE is what a decode with too few
 * shares yields (mutant M10). Ballot 0 is "none"; proposer p owns ballots p + 1, p + 1 + P, ...
 *****************************************************************************************/

// The mutants of brief §8 that a run can show (M1 and M2 are parameter sets, given by the test).
enum tRspMutant {
  RM_NONE,
  RM_M3,    // SelectValue counts shares per (ballot, vid), not per vid across ballots
  RM_M4,    // SelectValue takes the lowest-ballot rebuildable vid
  RM_M5,    // accepting does not raise the promise (a lower ballot then overwrites the accepted entry)
  RM_M6,    // accept whatever the promise
  RM_M7,    // the proposer learns after QW - 1 Accepted
  RM_M8,    // the promise is not durable: after a restart it falls back to the accepted ballot
  RM_M9,    // wrong share index: the proposer sends the same index (0) to every acceptor
  RM_M10,   // a vid counts as rebuildable with X - 1 shares, and decoding it yields garbage
  RM_M11R,  // (log) a new leader serves FAST reads before it is ready
  RM_M12,   // (log) a recovery read takes any shares of the key, not only those of (instance, vid)
  RM_M13,   // (log) an applied entry is truncated once its share is in the unflushed store
  RM_MB,    // ours: two vids in one ballot (log: the leader proposes every command in instance 1;
            // single decree: a timed-out proposer resends its Accepts under a freshly coded vid)
  RM_MX,    // ours (log): a leader applies its own proposal before it is decided
  RM_MQ,    // ours (liveness): learn only with an Accepted from every acceptor
  RM_MDA,   // node-local family: the proposer counts Accepted messages, not acceptors (N4)
  RM_MBO    // node-local family: a proposer's next ballot is the highest seen + 1, not its own (N5)
}

type tRspConfig = (n: int, x: int, qr: int, qw: int, proposers: int, rounds: int, mutant: tRspMutant,
                   drops: int, dups: int, crashes: int, restart: bool, timerOdds: int, horizon: int, timers: bool,
                   targeted: bool, crashPoints: bool);

// What an acceptor reports in a promise: its accepted ballot and vid (0, 0: nothing accepted).
type tPromise = (acc: int, bal: int, accBal: int, vid: int, idx: int);

event eRspSetup: seq[machine];
event ePrepare: (from: machine, bal: int);
event ePromise: tPromise;
event eAccept: (from: machine, bal: int, vid: int, idx: int);
event eAccepted: (acc: int, bal: int, vid: int);
event eNack: (bal: int, promised: int);

fun GARBAGE(): int { return -1; }
