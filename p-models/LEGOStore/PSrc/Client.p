/*****************************************************************************************
 * A client (brief LEGOStore §2.4, §4.1, §4.2, §4.4): runs its operations one at a time. Each
 * phase sends its request to every server and completes with replies from `need` distinct
 * servers of the current (operation, attempt, phase) (M15: `need` reply messages); on a
 * timeout it resends to the servers that have not replied. Keeps the CAS read cache.
 *
 * Reconfiguration (brief §4.1, §4.7.4, §4.8): before an operation the client may ask the
 * metadata service for the newest configuration (TLA+ Invoke's choice of cfgOf or mds.latest);
 * an OperationFail for its current attempt restarts the whole operation in the new
 * configuration (TLA+ Restart).
 *****************************************************************************************/

enum tStage { ST_IDLE, ST_PUT_Q, ST_ABD_W, ST_CAS_PRE, ST_CAS_FIN, ST_GET_Q, ST_GET_WB, ST_GET_RF }

machine Client {
  var id: int;
  var cfg: tConfig;
  var P: tParams;             // the parameters of the configuration the client believes current
  var cfgIdx: int;            // the configuration the client believes current (TLA+ cfgOf): 1, 2 or 3
  var net: machine;
  var servers: seq[machine];  // its servers
  var cfgServers: seq[seq[machine]];   // every configuration's servers (index 0: configuration 1)
  var cfgParams: seq[tParams];         // every configuration's parameters
  var mds: machine;
  var ops: seq[tOp];
  var next: int;
  var cur: tOp;
  var op: int;
  var att: int;
  var ph: int;
  var stage: tStage;
  var tag: tTag;
  var val: int;
  var replies: seq[tReply];
  var repliers: set[int];
  var cache: map[tTag, int];
  var timer: int;
  var restarts: int;          // OperationFail restarts of the current operation

  start state Init {
    entry (p: (id: int, cfg: tConfig, net: machine, cfgServers: seq[seq[machine]], ops: seq[tOp], mds: machine)) {
      id = p.id;
      cfg = p.cfg;
      P = cfg.params;
      cfgIdx = 1;
      net = p.net;
      cfgServers = p.cfgServers;
      servers = cfgServers[0];
      cfgParams += (0, cfg.params);
      if (cfg.reconf.enabled) { cfgParams += (1, cfg.reconf.next); }
      if (cfg.reconf.chain) { cfgParams += (2, cfg.reconf.then); }
      mds = p.mds;
      ops = p.ops;
      goto Running;
    }
  }

  state Running {
    entry { StartNext(); }
    on eQueryReply do OnReply;
    on eAck do OnReply;
    on eReadReply do OnReply;
    // TLA+ Restart: OperationFail for the current phase of the current attempt, in the configuration
    // the closed server names (its successor, r.val). A refusal of an earlier phase's request is stale
    // (that phase had its quorum); TLA+ lets the client restart or go on in that case, P takes the
    // second branch. Fewer restarts than configurations (TLA+ Restart's guard att < LastCfg): each
    // restart moves one step along the chain, and the last configuration refuses nothing. Mutant MC
    // (TLA+ RestartConfig overridden) restarts in the cached, retired configuration instead.
    on eFail do (r: tReply) {
      if (stage == ST_IDLE || r.op != op || r.att != att || r.ph != ph || restarts + 1 >= sizeof(cfgParams)) { return; }
      restarts = restarts + 1;
      if (cfg.reconf.mutant != RMC_STALE_RESTART) { SwitchTo(r.val); }
      att = att + 1;
      tag = T0();
      announce eWitOpRestart;
      if (restarts == 2) { announce eWitTwoRestarts; }
      StartAttempt();
    }
    on eTimeout do (t: int) {
      var s: int;
      if (stage == ST_IDLE || t != timer) { return; }
      // A CAS GET with a quorum of phase-2 replies but fewer than k symbols retries (brief §4.4).
      if (stage == ST_GET_RF && Count() >= P.q4 && SymbolCount() < P.k) { Retry(); return; }
      while (s < sizeof(servers)) {
        if (!(s in repliers)) { SendTo(s); }
        s = s + 1;
      }
      StartTimer();
    }
  }

  fun StartNext() {
    if (next >= sizeof(ops)) { stage = ST_IDLE; return; }
    cur = ops[next];
    next = next + 1;
    op = id * 100 + next;
    att = 1;
    restarts = 0;
    // TLA+ Invoke: the cached configuration, or the newest one the metadata service names.
    if (cfg.reconf.enabled && cfg.reconf.askMds && cfgIdx < sizeof(cfgParams) && choose(2) == 0) {
      send mds, eMdsAsk, this;
      receive {
        case eMdsLatest: (latest: int) { if (latest > cfgIdx) { SwitchTo(latest); } }
      }
    }
    announce eMonInvoke, (op = op, put = cur.put, val = cur.val);
    StartAttempt();
  }

  fun SwitchTo(n: int) {
    cfgIdx = n;
    P = cfgParams[n - 1];
    servers = cfgServers[n - 1];
    cache = default(map[tTag, int]);
  }

  fun StartAttempt() {
    announce eMonAttempt, (op = op, cfg = cfgIdx);
    if (cur.put) { Phase(ST_PUT_Q); } else { Phase(ST_GET_Q); }
  }

  // brief §4.1 Phase: send the phase's request to every server.
  fun Phase(st: tStage) {
    var s: int;
    stage = st;
    ph = ph + 1;
    replies = default(seq[tReply]);
    repliers = default(set[int]);
    while (s < sizeof(servers)) { SendTo(s); s = s + 1; }
    StartTimer();
  }

  fun SendTo(s: int) {
    var r: tReq;
    r = (client = this, op = op, att = att, ph = ph, tag = tag, val = val);
    if (stage == ST_PUT_Q || stage == ST_GET_Q) { NSend(net, servers[s], eQuery, r); }
    else if (stage == ST_ABD_W || stage == ST_GET_WB) { NSend(net, servers[s], eAbdWrite, r); }
    else if (stage == ST_CAS_PRE) { NSend(net, servers[s], eCasPre, r); }   // server s's symbol: (val, s)
    else if (stage == ST_CAS_FIN) { NSend(net, servers[s], eCasFin, r); }
    else if (stage == ST_GET_RF) { NSend(net, servers[s], eCasReadFin, r); }
  }

  fun StartTimer() {
    timer = timer + 1;
    if (cfg.resend) { NTimer(net, this, timer); }
  }

  fun Count(): int {
    if (cfg.mutant == LM15_COUNT_MESSAGES) { return sizeof(replies); }
    return sizeof(repliers);
  }

  fun SymbolCount(): int {
    var i: int;
    var n: set[int];
    while (i < sizeof(replies)) { if (replies[i].val != NOSYM()) { n += (replies[i].server); } i = i + 1; }
    return sizeof(n);
  }

  fun OnReply(r: tReply) {
    if (stage == ST_IDLE || r.op != op || r.att != att || r.ph != ph) { return; }
    // Rule matters: counting per server and per message differ here (M15 counts this reply twice).
    if (r.server in repliers) { announce eWitDupCounted; }
    if (r.server in repliers && cfg.mutant != LM15_COUNT_MESSAGES) { return; }
    replies += (sizeof(replies), r);
    repliers += (r.server);
    Progress();
  }

  fun Done(t: tTag, v: int) {
    announce eMonRespond, (op = op, cfg = cfgIdx, tag = t, val = v);
    if (cfgIdx == 2) { announce eWitNewOp; }
    if (cfgIdx == 3) { announce eWitChainOp; }
    StartNext();
  }

  fun Progress() {
    var need: int;
    if (stage == ST_PUT_Q && Count() >= P.q1) { ReportQuorum("PutQuery", P.q1); PutQueried(); }
    else if (stage == ST_ABD_W && Count() >= P.q2) { ReportQuorum("AbdWrite", P.q2); announce eWitPutDone; Done(tag, cur.val); }
    else if (stage == ST_CAS_PRE) {
      need = P.q2;
      if (cfg.mutant == LM6_FIN_EARLY) { need = 1; }
      if (Count() >= need) { ReportQuorum("CasPre", P.q2); Phase(ST_CAS_FIN); }
    }
    else if (stage == ST_CAS_FIN && Count() >= P.q3) { ReportQuorum("CasFin", P.q3); announce eWitPutDone; Done(tag, cur.val); }
    else if (stage == ST_GET_Q && Count() >= GetPhase1Need()) { ReportQuorum("GetQuery", SpecPhase1Need()); GetQueried(); }
    else if (stage == ST_GET_WB && Count() >= P.q2) { ReportQuorum("GetWriteBack", P.q2); announce eWitWriteBack; Done(tag, val); }
    else if (stage == ST_GET_RF) { GetReadProgress(); }
  }

  // Node-local rule N4 (QuorumDistinct) as a phase ends on a quorum: every reply counted (a
  // duplicate too, under M15), each with the attempt and phase it answers as its "ballot", and
  // the spec's quorum size for the phase (not the mutated one: M3's and M6's smaller counts show).
  fun ReportQuorum(phase: string, needed: int) {
    var i: int;
    var counted: seq[tLCounted];
    while (i < sizeof(replies)) {
      counted += (sizeof(counted), (from = format("s{0}", replies[i].server), bal = (hi = replies[i].att, lo = replies[i].ph)));
      i = i + 1;
    }
    announce eLocalQuorum, (node = format("c{0}", id), phase = phase, bal = (hi = att, lo = ph), replies = counted, needed = needed, action = phase);
  }

  // TLA+ PutQueried: NewTag (M4: without the writer).
  fun PutQueried() {
    var i: int;
    var z: int;
    while (i < sizeof(replies)) { if (replies[i].tag.z > z) { z = replies[i].tag.z; } i = i + 1; }
    // Rule matters: the PUT's query quorum reported two tags, so the highest differs from the lowest.
    i = 0;
    while (i < sizeof(replies)) { if (replies[i].tag.z != z) { announce eWitPutTwoTags; i = sizeof(replies); } i = i + 1; }
    tag = (z = z + 1, w = id);
    if (cfg.mutant == LM4_TAG_WITHOUT_WRITER) { tag = (z = z + 1, w = 0); }
    // N5 (BallotFresh): a PUT's new tag is a ballot no writer used before.
    announce eLocalBallotStart, (proposer = format("c{0}", id), group = "", bal = (hi = tag.z, lo = tag.w), action = "NewTag");
    val = cur.val;
    announce eMonTag, (op = op, cfg = cfgIdx, tag = tag, val = val);
    if (P.proto == ABD) { Phase(ST_ABD_W); } else { Phase(ST_CAS_PRE); }
  }

  // TLA+ GetPhase1Need (M3: q1).
  fun GetPhase1Need(): int {
    if (cfg.mutant == LM3_FAST_PATH_AT_Q1) { return P.q1; }
    return SpecPhase1Need();
  }

  // GetPhase1Need without the M3 hook: what the spec requires (N4's quorum size).
  fun SpecPhase1Need(): int {
    if (!P.optGet) { return P.q1; }
    if (P.proto == ABD) { if (P.q2 > P.q1) { return P.q2; } return P.q1; }
    if (P.q4 > P.q1) { return P.q4; }
    return P.q1;
  }

  // TLA+ GetQueried (ABD and CAS).
  fun GetQueried() {
    var i: int;
    var t: tTag;
    var atT: int;
    var v: int;
    var fast: int;
    while (i < sizeof(replies)) { t = TagMax(t, replies[i].tag); i = i + 1; }
    i = 0;
    while (i < sizeof(replies)) { if (replies[i].tag == t) { atT = atT + 1; v = replies[i].val; } i = i + 1; }
    // Rule matters: the GET's query quorum reported two tags, so "the highest tag" differs from the lowest (or any).
    if (atT < sizeof(replies)) { announce eWitTwoTags; }
    if (P.proto == ABD) {
      if (cfg.mutant == LMR_READ_ANY_VALUE) { v = replies[0].val; }
      if (cfg.mutant == LM2_NO_WRITE_BACK) { Done(t, v); return; }
      fast = P.q2;
      if (cfg.mutant == LM3_FAST_PATH_AT_Q1) { fast = P.q1; }
      if (P.optGet && atT >= fast) { announce eWitFastRead; Done(t, v); return; }
      tag = t;
      val = v;
      Phase(ST_GET_WB);
      return;
    }
    if (P.optGet && t in cache && (P.paperGuard || atT >= P.q4)) {
      announce eWitCacheHit;
      Done(t, cache[t]);
      return;
    }
    tag = t;
    Phase(ST_GET_RF);
  }

  // TLA+ GetDecoded (ReadDone; M8: k symbols) and GetRetry (every server replied, fewer than k symbols).
  fun GetReadProgress() {
    var syms: int;
    syms = SymbolCount();
    if (syms >= P.k && (cfg.mutant == LM8_READ_AT_K || Count() >= P.q4)) {
      ReportQuorum("GetReadFin", P.q4);
      val = Decode();
      cache[tag] = val;
      announce eWitDecoded;
      Done(tag, val);
    } else if (sizeof(repliers) == sizeof(servers)) {
      Retry();
    }
  }

  // TLA+ Decode: one value among the symbols, or GARBAGE.
  fun Decode(): int {
    var i: int;
    var vals: set[int];
    while (i < sizeof(replies)) { if (replies[i].val != NOSYM()) { vals += (replies[i].val); } i = i + 1; }
    if (sizeof(vals) == 1) { return vals[0]; }
    return GARBAGE();
  }

  // TLA+ GetRetry: a new attempt from phase 1; after 4 attempts the GET gives up (outcome unknown).
  fun Retry() {
    announce eWitRetry;
    announce eMonRetry, (op = op, tag = tag, repliers = repliers);
    if (att >= 4) { announce eMonGaveUp, op; StartNext(); return; }
    att = att + 1;
    StartAttempt();
  }
}
