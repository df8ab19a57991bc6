/*****************************************************************************************
 * The ghost definitions of brief PQR §6.1-6.2, as functions over what the monitors observe
 * (specs/PQR.tla defines the same: ChosenAt, PrefixChosen, Effective, LastW, ValAt, WSlot).
 * Each monitor keeps its own copy of the ghost (P monitors share no state). P passes values by
 * copy, so the ghost keeps what the monitors ask for precomputed (the first chosen command per
 * slot, the slot where each write takes effect, the chosen prefix) and no helper calls another
 * helper inside a loop.
 *****************************************************************************************/

type tVoteKey = (slot: int, bal: int, cmd: tCmd);
// votes: the acceptors that voted for (slot, bal, cmd); chosen: the commands with a phase-2 quorum
// of votes in one ballot, per slot (more than one only if Agreement is broken); first: the first
// command recorded as chosen in each slot; wslot: per write o = 100 * client + opId, the lowest
// chosen slot holding its Put (WSlot; the slot where it takes effect, Effective); top: the longest
// fully chosen prefix 1..top (PrefixChosen(e) iff e <= top).
type tGhost = (votes: map[tVoteKey, set[int]], chosen: map[int, set[tCmd]], first: map[int, tCmd],
               wslot: map[int, int], top: int);

fun OpOf(c: tCmd): int { return 100 * c.client + c.opId; }

fun GhostVote(g: tGhost, v: tMonVote, q2: int): tGhost {
  var k: tVoteKey;
  var a: set[int];
  var c: set[tCmd];
  k = (slot = v.slot, bal = v.bal, cmd = v.cmd);
  if (k in g.votes) { a = g.votes[k]; }
  a += (v.acc);
  g.votes[k] = a;
  if (sizeof(a) >= q2) {
    if (v.slot in g.chosen) { c = g.chosen[v.slot]; }
    c += (v.cmd);
    g.chosen[v.slot] = c;
    if (!(v.slot in g.first)) {
      g.first[v.slot] = v.cmd;
      if (v.cmd.put && (!(OpOf(v.cmd) in g.wslot) || v.slot < g.wslot[OpOf(v.cmd)])) { g.wslot[OpOf(v.cmd)] = v.slot; }
      while (g.top + 1 in g.first) { g.top = g.top + 1; }
    }
  }
  return g;
}

fun ChosenAt(g: tGhost, s: int, c: tCmd): bool { return s in g.chosen && c in g.chosen[s]; }

fun WSlot(g: tGhost, op: int): int { if (op in g.wslot) { return g.wslot[op]; } return 0; }

// LastW(k, e): the last effective write to k in 1..e (0: none).
fun LastW(g: tGhost, k: int, e: int): int {
  var s: int;
  var c: tCmd;
  s = e;
  while (s > 0) {
    if (s in g.first) {
      c = g.first[s];
      if (c.put && c.key == k && g.wslot[OpOf(c)] == s) { return s; }
    }
    s = s - 1;
  }
  return 0;
}

// ValAt(k, e): the value of k after the chosen prefix 1..e.
fun ValAt(g: tGhost, k: int, e: int): int {
  var s: int;
  s = LastW(g, k, e);
  if (s == 0) { return InitVal(); }
  return g.first[s].val;
}

// The history (§6.2): per operation o = 100 * client + opId, its invocation and return times on
// the monitor's clock, for reads the floor (the latest slot of a write to its key completed
// before it began) and rf (the slot of the write whose value it returned, 0 for InitVal, -1 if
// no fully chosen prefix has that value: PQR-L1).
type tOpRec = (write: bool, key: int, val: int, inv: int, ret: int, floor: int, rf: int);
type tHist = (ops: map[int, tOpRec], now: int);

fun HInvoke(h: tHist, g: tGhost, i: tMonInvoke): tHist {
  var o: int;
  var fl: int;
  h.now = h.now + 1;
  if (!i.write) {
    foreach (o in keys(h.ops)) {
      if (h.ops[o].write && h.ops[o].ret > 0 && h.ops[o].key == i.key && o in g.wslot && g.wslot[o] > fl) {
        fl = g.wslot[o];
      }
    }
  }
  h.ops[i.op] = (write = i.write, key = i.key, val = i.val, inv = h.now, ret = 0, floor = fl, rf = 0);
  return h;
}

fun HWriteDone(h: tHist, op: int): tHist {
  var r: tOpRec;
  h.now = h.now + 1;
  r = h.ops[op];
  r.ret = h.now;
  h.ops[op] = r;
  return h;
}

// rfOK and rf, evaluated in the returning state: some fully chosen prefix 1..e' gives the read's key
// the returned value. Values are unique, so that is InitVal (e' = 0, rf = 0) or the value of the write
// that takes effect in a slot w <= top (e' = w, rf = w).
fun HReadDone(h: tHist, g: tGhost, d: tMonReadDone): tHist {
  var r: tOpRec;
  var s: int;
  var c: tCmd;
  h.now = h.now + 1;
  r = h.ops[d.op];
  r.ret = h.now;
  r.val = d.val;
  r.rf = -1;
  if (d.val == InitVal()) { r.rf = 0; }
  s = 1;
  while (s <= g.top) {
    c = g.first[s];
    if (c.put && c.key == r.key && c.val == d.val && g.wslot[OpOf(c)] == s) { r.rf = s; }
    s = s + 1;
  }
  h.ops[d.op] = r;
  return h;
}

fun Prec(h: tHist, o1: int, o2: int): bool {
  return h.ops[o1].ret > 0 && h.ops[o1].ret < h.ops[o2].inv;
}
