/*****************************************************************************************
 * LEGOStore in P: ABD and CAS for one key (brief LEGOStore §4.2-4.6), in one configuration or
 * across one reconfiguration to a second one (§4.7; PSrc/Reconfig.p). Shared types and messages. Symbols are abstracted as in specs/CAS.tla: server i's symbol of
 * a value is the pair (value, i), so a server's symbol is represented by the value; decoding
 * symbols that do not all carry one value gives GARBAGE. Real Reed-Solomon coding is the C#
 * level's business (src/PandoCoyote/LEGOStore).
 *****************************************************************************************/

// Tag <z, writer> ordered by z then writer (TLA+ TagLT). T0 = <0, 0> is v0's tag.
type tTag = (z: int, w: int);

fun T0(): tTag { return (z = 0, w = 0); }
fun TagLT(a: tTag, b: tTag): bool { return a.z < b.z || (a.z == b.z && a.w < b.w); }
fun TagLE(a: tTag, b: tTag): bool { return a == b || TagLT(a, b); }
fun TagMax(a: tTag, b: tTag): tTag { if (TagLT(a, b)) { return b; } return a; }

// Values: client c's j-th PUT writes 10c + j; v0 = 0; GARBAGE = -1; "no symbol" = -2.
fun V0(): int { return 0; }
fun GARBAGE(): int { return -1; }
fun NOSYM(): int { return -2; }

enum tProto { ABD, CAS }

// One configuration: m servers, k (1 for ABD), quorum sizes (ABD uses q1, q2), the optimized GET
// with the artifact's guard or the paper's (CAS), GC depth delta (CAS; 0 = off).
type tParams = (proto: tProto, m: int, k: int, q1: int, q2: int, q3: int, q4: int, optGet: bool,
                paperGuard: bool, delta: int);

// Mutants (brief §8; the overrides of configs/LEGOStore/MCABD.tla and MCCAS.tla). M1, M9 and M10
// are parameter mutants (an invalid quorum set) and need no flag.
enum tLegoMutant {
  LM_NONE,
  LM2_NO_WRITE_BACK,      // ABD: a GET returns after phase 1
  LM3_FAST_PATH_AT_Q1,    // ABD: the fast path waits for q1 replies, q1 of them at the highest tag
  LM4_TAG_WITHOUT_WRITER, // a new tag is <z + 1, 0>
  LM5_QUERY_ANY_LABEL,    // CAS: a query answers the highest tag of any label
  LM6_FIN_EARLY,          // CAS: a PUT finalizes after its first pre-write ack
  LM7_READ_NO_FIN,        // CAS: a GET's phase 2 does not label fin
  LM8_READ_AT_K,          // CAS: a GET's phase 2 completes as soon as it holds k symbols
  LM15_COUNT_MESSAGES,    // a phase counts reply messages, not distinct servers
  LM19_GC_OFF_BY_ONE,     // CAS: GC keeps one fin version fewer than delta
  LMR_READ_ANY_VALUE,     // ABD: a GET returns the value of any phase-1 reply
  LMS_SERVER_REGRESSES    // ABD: a server stores any write; CAS: a pre-write resets the entry to pre
}

enum tWorkload { WL_RACE, WL_READERS, WL_GC, WL_BUSY, WL_WRITERS }

// resend: clients resend on timeouts (needed with loss); the liveness tests run without loss and without
// timers, so that a schedule ends once nothing is in flight and a pending operation is a liveness violation.
type tConfig = (params: tParams, mutant: tLegoMutant, workload: tWorkload, drops: int, dups: int,
                crashes: int, restart: bool, timerOdds: int, resend: bool, reconf: tReconf, targeted: bool);

// Reconfiguration (brief §4.7; specs/LEGOReconfig.tla): the new configuration, the query-quorum rule
// (finding F2: the paper's m - Wq + 1 or the brief's m - min(q1, Wq) + 1) and the mutant, if any.
// The old configuration is `params`; its servers and the new one's are distinct machines (the TLA+
// models also cover a server that belongs to both configurations).
// askMds: before an operation a client asks the metadata service with probability 1/2 (TLA+ Invoke's
// choice); without it a client learns of the new configuration only from an OperationFail (brief §4.8
// lets a client ask whenever it wants, so never asking is one allowed behaviour).
// chain: a second reconfiguration follows, from `next` to `then` (brief §4.7.4; TLA+ LEGOReconfig with
// three configurations): the controller starts it once the first has published and m - f old servers
// acknowledged FINISH (the artifact's count), and keeps resending FINISH to the others.
type tReconf = (enabled: bool, next: tParams, paperQr: bool, mutant: tReconfMutant, askMds: bool,
                chain: bool, then: tParams);

// Reconfiguration mutants (brief §8; the overrides of configs/LEGOStore/MCLEGOReconfig.tla).
enum tReconfMutant {
  RM_NONE,
  RM11_QR_TOO_SMALL,      // the controller's query quorum is m - Wq, one too small
  RM12_NO_PAUSE,          // old servers do not pause on RcQuery
  RM13_PUBLISH_EARLY,     // the controller publishes without waiting for RcWrite acks
  RM16_REPAUSE,           // a closed server re-pauses on a late or duplicated RcQuery
  RM17_RCWRITE_Q3,        // to a CAS configuration, RcWrite waits for q3 acks, not max(q2, q3)
  RM18_CLOSED_SERVES_ALL, // a closed server serves tagged requests whatever their tag
  RMQ_QR_ALL,             // ours, against RC5: the controller waits for every old server
  RMC_STALE_RESTART,      // ours, against RECONF-T4: a refused client restarts in the configuration it had cached
  RMP_START_BEFORE_PUBLISH // ours, chains: the next reconfiguration starts before the previous one published
}

enum tSrvStatus { SS_ACTIVE, SS_PAUSED, SS_CLOSED }

// One operation of a client's script.
type tOp = (put: bool, val: int);

// A request of phase ph of attempt att of operation op; tag and val are used by writes
// (AbdWrite: the value; CasPre: the symbol, i.e. its value), fins and read-fins (tag).
type tReq = (client: machine, op: int, att: int, ph: int, tag: tTag, val: int);
// A reply: the server, what it answers, its tag (query: ABD tag / CAS highest fin tag) and val
// (ABD query: the value; read-fin: the symbol's value or NOSYM).
type tReply = (server: int, op: int, att: int, ph: int, tag: tTag, val: int);

event eQuery: tReq;       // AbdQueryTag / AbdQueryVal / CasQuery
event eAbdWrite: tReq;    // AbdWrite (PUT phase 2, GET write-back)
event eCasPre: tReq;      // CasPre
event eCasFin: tReq;      // CasFin
event eCasReadFin: tReq;  // CasReadFin (GET phase 2)
event eQueryReply: tReply;
event eAck: tReply;
event eReadReply: tReply;
// OperationFail (brief §4.7.4): a closed server refuses the attempt; the client restarts the operation
// in the configuration the server names, its successor, carried in `val` (tag unused).
event eFail: tReply;

// The controller's messages (brief §4.7.2-4.7.3). Server ids are global: the old configuration's
// servers are 0..m-1, the new one's m..m+m'-1.
event eRcStart: int;                                   // the environment starts the reconfiguration (payload unused)
event eRcQuery: machine;                               // pause and report (payload: the controller)
event eRcReply: (server: int, tag: tTag, val: int);    // ABD: tag and value; CAS: highest fin tag
event eRcGet: (ctrl: machine, tag: tTag);              // CAS old: the symbol held for tag
event eRcGetReply: (server: int, tag: tTag, sym: int, fin: tTag);   // fin: the server's highest fin tag (GC fallback)
event eRcWrite: (ctrl: machine, tag: tTag, val: int);  // the handed-over pair (CAS: the server's symbol)
event eRcAck: int;
event eRcFinish: (ctrl: machine, tag: tTag);           // close, serving tags <= tag
event eRcFinAck: int;
// The metadata service (brief §4.8), kept by the controller: a client asks which configuration is newest.
event eMdsAsk: machine;
event eMdsLatest: int;

// A CAS list entry: the symbol held (its value, or NOSYM) and the label.
type tEntry = (sym: int, fin: bool);

fun FinMax(L: map[tTag, tEntry]): tTag {
  var t: tTag;
  var best: tTag;
  foreach (t in keys(L)) { if (L[t].fin) { best = TagMax(best, t); } }
  return best;
}
