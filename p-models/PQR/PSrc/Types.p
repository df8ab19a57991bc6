/*****************************************************************************************
 * PQR in P: Multi-Paxos replicas with flexible quorums and Paxos quorum reads with the rinse
 * phase (brief PQR §2-§4; the TLA+ model is specs/PQR.tla). Shared types, messages, the
 * configuration of one test and the mutant switch.
 *
 * Keys are 0..keys-1, InitVal is 0 and client c's j-th operation writes 10c + j, so every written
 * value is unique (brief §2) and a read's value names the write it observed. Ballot b > 0 is
 * owned by replica (b - 1) % n; ballot 1 (the brief's b0) is replica 0's, the stable leader of
 * every test (brief §7: all replicas start promised to b0).
 *****************************************************************************************/

// A log command: a Put (client, opId, key, val) or a NoOp (put = false).
type tCmd = (put: bool, client: int, opId: int, key: int, val: int);
fun NoOp(): tCmd { return (put = false, client = -1, opId = 0, key = -1, val = 0); }
fun InitVal(): int { return 0; }

// A log entry (brief §2.1): `has` = some command accepted or learned; `com` = known chosen.
type tEntry = (bal: int, cmd: tCmd, has: bool, com: bool);
fun EmptyEntry(): tEntry { return (bal = 0, cmd = NoOp(), has = false, com = false); }

fun Owner(b: int, n: int): int { return (b - 1) % n; }

// Mutants (brief §8; each is the one-rule override of configs/PQR/MCPQR.tla with the same
// letter). M3 and M14 are parameter mutants (rq, q1 too small) and need no flag.
enum tPqrMutant {
  PM_NONE,
  PM1_BARE_QUORUM_READ,    // replies carry the newest log value for the key; return the top reply's at once
  PM2_NAIVE_COMMITTED,     // return the value of the reply with the highest lastExec at once
  PM4_MIN_TARGET,          // rinse on the lowest reported maxAcc
  PM5_RINSE_COMMITTED,     // the rinse succeeds once slot T is committed at the replica, executed or not
  PM6_CAPTURED_VALUE,      // after the rinse, return the value the top phase-1 reply carried
  PM7_CONTIGUOUS,          // replicas report the highest contiguous accepted slot
  PM8_WEAK_GUARD,          // rinse-free if any reply has maxAcc = lastExec, returning that reply's value
  PM9_STALE_REPLIES,       // replies of the client's earlier reads on the key count too
  PM10_PERKEY_OFF_BY_ONE,  // PerKey: "key in progress" scans lastExec+1 .. maxAcc-1 only
  PM11_RINSE_ON_KEY,       // PerKey: the rinse waits for exeK >= T instead of lastExec >= T
  PM13_P1B_NO_COMMITTED,   // a P1b reports accepted, not committed, entries
  PM15_ACK_AT_COMMIT,      // ack a write when chosen, and a new leader puts pending writes into holes
  PM16_NO_DEDUP,           // execution applies a retried Put again
  PM17_ACCEPT_BELOW,       // an acceptor accepts a P2a below its promise
  PM18_AMNESIA,            // a restarted replica's high-water marks read 0
  PMC_COMMIT_SHORT,        // ours: commit with Q2 - 1 P2bs
  PMX_EXEC_UNCOMMITTED,    // ours: execute accepted entries that are not committed
  PMQ_WAIT_ALL,            // ours: commit only with a P2b from every replica (liveness)
  PMA_ALWAYS_RINSE,        // ours: never rinse-free
  PMPV_PROMISE_VOLATILE,   // node-local family: a restart rebuilds the promise from the highest ballot in the log (N2)
  PMDA_DUPLICATE_ACKS,     // node-local family: the leader counts P2b messages, not senders (N4)
  PMNS_NEXT_SLOT_OFF_BY_ONE, // node-local family: a new leader's next slot is the highest reported one (N3)
  PMSL_LOWEST_BALLOT,      // selection family: a new leader re-proposes the lowest reported ballot's command (N6)
  PMSA_ANY_REPORT,         // selection family: a new leader re-proposes the first uncommitted command reported (N6)
  PMBO_BALLOT_NOT_OWNED    // node-local family: a candidate's ballot is its promise + 1, without the owner check (N5)
}

// Client scripts (PTst/Harness.p).
enum tPqrWorkload { PW_S1, PW_BUSY, PW_GAPS, PW_KEYS, PW_ORPHAN }

// One test: n replicas, quorum sizes (brief §5), read mode, rinse-free reads, FillTo, the mutant
// and the faults: losses, duplicates and crash-restarts of followers (Common/Network.p budgets),
// a leader change (failover or duel), timers (resend: clients and leaders retry on timeouts; the
// liveness tests run without loss and without timers, so a schedule ends when nothing is in flight);
// horizon: the faults happen at deliveries drawn from 0..horizon-1 (Common/Network.p); dupCheck: the
// leader's optional duplicate-request check of brief §4.2 (off, a retried or duplicated write is
// proposed again, and only the session table keeps it from being applied twice: M16); elections: how
// many elections the harness's Elector starts, one after another at random points (conflict-forcing,
// PTst/Harness.p; 0 for every other configuration).
type tPqrConfig = (n: int, q1: int, q2: int, rq: int, perKey: bool, rinseFree: bool, fillTo: bool,
                   nkeys: int, workload: tPqrWorkload, mutant: tPqrMutant,
                   drops: int, dups: int, crashes: int, restart: bool, leaderFault: bool,
                   timerOdds: int, resend: bool, horizon: int, dupCheck: bool, elections: int, crashPoints: bool);

// ---- messages (brief §3) ----
type tClientWrite = (client: machine, cmd: tCmd);
type tWriteAck = (opId: int, slot: int);
type tRedirect = (from: int, opId: int, hint: int);
type tP1a = (from: int, bal: int);
type tP1bEntry = (slot: int, bal: int, cmd: tCmd, com: bool);
type tP1b = (from: int, bal: int, entries: seq[tP1bEntry]);
type tP2a = (from: int, bal: int, slot: int, cmd: tCmd);
type tP2b = (from: int, bal: int, slot: int);
type tNack = (bal: int, promised: int);
type tCommitMsg = (bal: int, slot: int, cmd: tCmd);
type tQRead = (client: machine, opId: int, key: int);
type tQReadReply = (from: int, opId: int, key: int, maxAcc: int, lastExec: int, accK: int, exeK: int,
                    busy: bool, val: int);
type tRinse = (client: machine, opId: int, key: int, target: int);
type tRinseReply = (from: int, opId: int, key: int, lastExec: int, exeK: int, comT: bool, val: int);

event eSetup: seq[machine];          // the harness tells each replica who its peers are
event eClientWrite: tClientWrite;
event eWriteAck: tWriteAck;
event eRedirect: tRedirect;
event eP1a: tP1a;
event eP1b: tP1b;
event eP2a: tP2a;
event eP2b: tP2b;
event eNack: tNack;
event eCommit: tCommitMsg;
event eFillTo: int;                  // brief §3.2 [PROPOSED]: propose NoOps up to this slot
event eQRead: tQRead;
event eQReadReply: tQReadReply;
event eRinse: tRinse;
event eRinseReply: tRinseReply;

// §4.4 RinseOK (shared by the replica, which parks a rinse until it holds, and the client): the
// replica executed through T (M5: slot T is committed there; M11: it executed a write to the key
// at T or later).
fun RinseOK(m: tRinseReply, target: int, mutant: tPqrMutant): bool {
  if (mutant == PM5_RINSE_COMMITTED) { return m.comT; }
  if (mutant == PM11_RINSE_ON_KEY) { return m.exeK >= target; }
  return m.lastExec >= target;
}
