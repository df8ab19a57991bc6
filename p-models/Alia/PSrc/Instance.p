/*****************************************************************************************
 * One instance (i, x) of Alia's data plane (brief §4.4-4.7): its state machine (§4.6, every
 * ownership check at apply time), its leader's fast paths, and both sides of the handoff.
 * Instance Paxos is abstracted to the chosen log (see Types.p): Propose sends the entry to this
 * instance through the network, and its delivery is the entry being chosen and applied.
 * A crash takes the whole subquorum's majority down for a while: the chosen state is durable,
 * messages are ignored while down, and timers are re-armed on restart.
 *****************************************************************************************/

machine Instance {
  var me: int;
  var sq: int;
  var epoch: int;
  var cfg: tAliaConfig;
  var net: machine;
  var insts: seq[machine];
  var started: bool;
  var knowsNext: bool;
  var active: set[int];
  var pending: set[int];
  var sealed: set[int];
  var closed: bool;
  var retired: bool;
  var ver: int;                 // object o1 (in t1): version and value
  var val: int;
  var sess: map[int, tSess];
  var frozen: map[int, tSnap];
  var acked: set[int];
  var timerId: int;
  var ticking: bool;

  start state Init {
    entry (a: (me: int, cfg: tAliaConfig, net: machine)) {
      me = a.me; cfg = a.cfg; net = a.net;
      sq = me % 2; epoch = me / 2;
      goto Up;
    }
  }

  state Up {
    on eAliaSetup do (s: seq[machine]) {
      insts = s;
      if (epoch == 0) { Start(); }
    }
    // TLA+ RootReveal, seen by this instance: StartInstance for its own epoch, ProposeClose for the next.
    on eNewEpoch do (e: int) {
      if (e == epoch && !started) { Start(); }
      if (e == epoch + 1) { knowsNext = true; ProposeClose(); Arm(); }
    }
    on eChoose do (e: tEntry) { if (started && !retired) { Apply(e); } }   // TLA+ Choose
    on eAliaRequest do (r: (client: machine, cid: int, sn: int, put: bool, val: int)) { OnRequest(r); }
    // TLA+ SendReply: any member that applied the seal answers (§4.7.2 TryReply).
    on eHandoffRequest do (h: (tags: set[int], acq: int)) {
      var ready: set[int];
      var snap: map[int, tSnap];
      var t: int;
      if (!started || retired) { return; }
      knowsNext = true;          // the request tells K that epoch x exists
      ProposeClose();
      foreach (t in h.tags) {
        if (t in sealed) { ready += (t); snap[t] = frozen[t]; }
        else if (cfg.mutant == AM_M6 && t in active) { ready += (t); snap[t] = SnapshotOf(t); }
        // M8: the releaser answers for a tag still pending in it, with the initial state.
        else if (cfg.mutant == AM_M8 && t in pending) { ready += (t); snap[t] = (ver = 0, val = 0, sess = default(map[int, tSess])); }
      }
      if (sizeof(ready) > 0) { NSend(net, insts[h.acq], eHandoffReply, (tags = ready, from = me, snap = snap)); }
      Arm();
    }
    // TLA+ ReceiveReply: propose an Install for the tags still pending.
    on eHandoffReply do (h: (tags: set[int], from: int, snap: map[int, tSnap])) {
      var T: set[int];
      var t: int;
      var s: map[int, tSnap];
      if (!started || retired) { return; }
      foreach (t in h.tags) { if (t in pending) { T += (t); s[t] = h.snap[t]; } }
      if (sizeof(T) > 0) { Propose(InstallEntry(T, h.from, s)); }
    }
    // TLA+ Retire's input (§4.7.2): the acquirer's acknowledgement.
    on eHandoffAck do (a: (tags: set[int])) {
      var t: int;
      foreach (t in a.tags) { acked += (t); }
      TryRetire();
    }
    on eTimeout do (id: int) {
      if (id != timerId) { return; }
      ticking = false;
      Tick();
    }
    on eCrash goto Down;
  }

  state Down {
    ignore eAliaSetup, eNewEpoch, eChoose, eAliaRequest, eHandoffRequest, eHandoffReply, eHandoffAck, eTimeout, eCrash;
    on eRestart goto Up with { ticking = false; Arm(); }
  }

  fun Scope(): set[int] {
    var s: set[int];
    if (Owns(cfg.mutant, epoch, sq, 0)) { s += (0); }
    if (Owns(cfg.mutant, epoch, sq, 1)) { s += (1); }
    return s;
  }

  fun SubsetOf(a: set[int], b: set[int]): bool {
    var t: int;
    foreach (t in a) { if (!(t in b)) { return false; } }
    return true;
  }

  // TLA+ StartInstance (§4.4): created from Cfg(x) alone; EpochStart applied (genesis: the scope
  // is active; later epochs: pending until installed; M5: active at once).
  fun Start() {
    var t: int;
    started = true;
    foreach (t in Scope()) {
      if (epoch == 0 || cfg.mutant == AM_M5) { active += (t); announce eAMonActive, (inst = me, tag = t, ver = 0); }
      else { pending += (t); }
    }
    Arm();
  }

  // §4.4 CloseInstance: the leader of an outdated instance proposes EpochChange (M10: never).
  fun ProposeClose() {
    if (knowsNext && !closed && !retired && cfg.mutant != AM_M10) {
      Propose((kind = ENT_CLOSE, client = default(machine), cid = 0, sn = 0, put = false, val = 0,
               tags = default(set[int]), from = 0, snap = default(map[int, tSnap])));
    }
  }

  fun Propose(e: tEntry) { NSend(net, this, eChoose, e); }

  fun InstallEntry(T: set[int], from: int, s: map[int, tSnap]): tEntry {
    return (kind = ENT_INSTALL, client = default(machine), cid = 0, sn = 0, put = false, val = 0,
            tags = T, from = from, snap = s);
  }

  // Timers run only while there is work: a close to get chosen, or tags to acquire.
  fun Arm() {
    if (ticking || retired) { return; }
    if ((knowsNext && !closed && cfg.mutant != AM_M10) || (started && sizeof(pending) > 0)) {
      ticking = true;
      timerId = timerId + 1;
      NTimer(net, this, timerId);
    }
  }

  // §4.7.1 RequestHandoff (the trigger of TLA+ SendReply), re-sent until installed; the close
  // re-proposed until chosen (TLA+ ProposeClose). Under M10 the acquirer instead takes a tag over
  // from the initial state when its timer fires (TLA+ ForceTakeover).
  fun Tick() {
    var t: int;
    var src: map[int, set[int]];
    var k: int;
    var s: map[int, tSnap];
    ProposeClose();
    if (started && sizeof(pending) > 0) {
      if (cfg.mutant == AM_M10 && choose(3) == 0) {
        foreach (t in pending) { s[t] = (ver = 0, val = 0, sess = default(map[int, tSess])); }
        Propose(InstallEntry(pending, InstOf(Owner(epoch - 1, 0), epoch - 1), s));
      } else {
        foreach (t in pending) {
          k = InstOf(Owner(epoch - 1, t), epoch - 1);
          if (!(k in src)) { src[k] = default(set[int]); }
          src[k] += (t);
        }
        foreach (k in keys(src)) { NSend(net, insts[k], eHandoffRequest, (tags = src[k], acq = me)); }
      }
    }
    Arm();
  }

  // TLA+ ProposeOp. §4.8.2 at the leader: a request whose result is in the session table is answered from it; one
  // on an active tag is proposed (the apply-time check decides); otherwise the client retries.
  fun OnRequest(r: (client: machine, cid: int, sn: int, put: bool, val: int)) {
    if (!started || retired) { return; }
    if (r.cid in sess && sess[r.cid].sn == r.sn) {
      NSend(net, r.client, eAliaReply, (sn = r.sn, ver = sess[r.cid].ver, val = sess[r.cid].val));
      return;
    }
    if (0 in active) {
      Propose((kind = ENT_OP, client = r.client, cid = r.cid, sn = r.sn, put = r.put, val = r.val,
               tags = default(set[int]), from = 0, snap = default(map[int, tSnap])));
    }
  }

  fun SnapshotOf(t: int): tSnap {
    var s: map[int, tSess];
    if (cfg.mutant != AM_M14) { s = sess; }
    if (t == 0) { return (ver = ver, val = val, sess = s); }
    return (ver = 0, val = 0, sess = s);
  }

  // §4.6: a tag of a closed instance is sealed with its snapshot frozen (the monitors see the snapshot).
  fun Freeze(t: int) {
    frozen[t] = SnapshotOf(t);
    sealed += (t);
    announce eAMonFrozen, (inst = me, tag = t, ver = frozen[t].ver, val = frozen[t].val);
  }

  // TLA+ Choose: §4.6 Apply, in the order entries are chosen.
  fun Apply(e: tEntry) {
    var t: int;
    var T: set[int];
    var c: int;
    var allowed: bool;
    if (e.kind == ENT_CLOSE) {
      // EpochChange: the tombstone seals every active tag with its snapshot.
      if (closed) { return; }
      closed = true;
      foreach (t in active) {
        Freeze(t);
        announce eAMonSealed, (inst = me, tag = t);
      }
      active = default(set[int]);
      TryRetire();
      return;
    }
    if (e.kind == ENT_INSTALL) {
      foreach (t in e.tags) { if (t in pending) { T += (t); } }
      foreach (t in T) {
        announce eAMonInstalled, (inst = me, epoch = epoch, tag = t, from = e.from, ver = e.snap[t].ver, val = e.snap[t].val);
        if (t == 0) { ver = e.snap[t].ver; val = e.snap[t].val; }
        foreach (c in keys(e.snap[t].sess)) {
          if (!(c in sess) || sess[c].sn < e.snap[t].sess[c].sn) { sess[c] = e.snap[t].sess[c]; }
        }
      }
      foreach (t in T) {
        pending -= (t);
        if (!closed) {
          active += (t);
          announce eAMonActive, (inst = me, tag = t, ver = ver);
          announce eWitAHandoff;
          if (epoch == 2) { announce eWitAChain; }
        } else {
          Freeze(t);
        }
      }
      if (sizeof(e.tags) > 0) { NSend(net, insts[e.from], eHandoffAck, (tags = e.tags,)); }
      TryRetire();
      return;
    }
    // An operation on o1 (in t1): allowed only on an active tag (M7: any tag of the scope).
    if (cfg.mutant == AM_M7) { allowed = Owns(cfg.mutant, epoch, sq, 0); } else { allowed = 0 in active; }
    if (!allowed) {
      if (0 in sealed) { announce eWitAApplyReject; }
      return;
    }
    if (e.cid in sess && sess[e.cid].sn >= e.sn) {
      if (sess[e.cid].sn == e.sn) {
        NSend(net, e.client, eAliaReply, (sn = e.sn, ver = sess[e.cid].ver, val = sess[e.cid].val));
      }
      return;
    }
    if (e.put) { ver = ver + 1; val = e.val; }
    sess[e.cid] = (sn = e.sn, ver = ver, val = val);
    announce eAMonEffect, (inst = me, cid = e.cid, sn = e.sn, put = e.put, ver = ver, val = val);
    if (!e.put && epoch == 1 && ver > 0) { announce eWitAReadAcross; }
    NSend(net, e.client, eAliaReply, (sn = e.sn, ver = ver, val = val));
  }

  // TLA+ Retire (§4.7.2): once closed, with nothing pending, and every tag of the scope acknowledged
  // (TLA+ RetireReady); M16: every tag of the scope sealed, acknowledged or not. Checked after every
  // ack, close and Install, as the C# Instance.TryRetire.
  fun TryRetire() {
    var ready: bool;
    if (retired || !closed || sizeof(pending) > 0) { return; }
    if (cfg.mutant == AM_M16) { ready = SubsetOf(Scope(), sealed); } else { ready = SubsetOf(Scope(), acked); }
    if (ready) {
      retired = true;
      announce eWitARetire;
    }
  }
}
