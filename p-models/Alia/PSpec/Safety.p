/*****************************************************************************************
 * Safety monitors of Alia's data plane, named after the catalogue (docs/invariants.md), each the
 * runtime form of a property of specs/AliaHandoff.tla. Each keeps its own ghost.
 *****************************************************************************************/

// The holders of each tag, from activations and seals (the chosen states' active sets).
fun HoldersAdd(h: map[int, set[int]], tag: int, inst: int): map[int, set[int]] {
  if (!(tag in h)) { h[tag] = default(set[int]); }
  h[tag] += (inst);
  return h;
}
fun HoldersRemove(h: map[int, set[int]], tag: int, inst: int): map[int, set[int]] {
  if (tag in h) { h[tag] -= (inst); }
  return h;
}

/* ALIA-S7 ConfigWellFormed (TLA+ ConfigWellFormedInv): every tag of a configuration the root
   reveals is owned by exactly one subquorum. The other conjunct, no replica in two subquorums, has
   no state here: the P data plane has instances, not replicas. */
spec ConfigWellFormed observes eAMonConfig {
  start state Watching {
    on eAMonConfig do (c: (epoch: int, tag: int, owners: set[int])) {
      assert sizeof(c.owners) == 1,
        format("ConfigWellFormed [ALIA-S7]: in epoch {0} tag {1} is owned by the subquorums {2}, not by exactly one", c.epoch, c.tag, c.owners);
    }
  }
}

/* ALIA-S8 SingleHolder (TLA+ SingleHolderInv): at most one instance serves a tag at any time. */
spec SingleHolder observes eAMonActive, eAMonSealed {
  var holders: map[int, set[int]];
  start state Watching {
    on eAMonActive do (a: (inst: int, tag: int, ver: int)) {
      holders = HoldersAdd(holders, a.tag, a.inst);
      assert sizeof(holders[a.tag]) <= 1,
        format("SingleHolder [ALIA-S8]: tag {0} is active at instances {1}", a.tag, holders[a.tag]);
    }
    on eAMonSealed do (s: (inst: int, tag: int)) { holders = HoldersRemove(holders, s.tag, s.inst); }
  }
}

/* ALIA-S9 OpsOnlyAtHolder (TLA+ OpsOnlyAtHolderInv): every operation takes effect at the holder
   of its tag; Puts carry versions 1, 2, 3, ... and every Get the version of the latest Put. */
spec OpsOnlyAtHolder observes eAMonActive, eAMonSealed, eAMonEffect {
  var holders: map[int, set[int]];
  var last: int;
  start state Watching {
    on eAMonActive do (a: (inst: int, tag: int, ver: int)) { holders = HoldersAdd(holders, a.tag, a.inst); }
    on eAMonSealed do (s: (inst: int, tag: int)) { holders = HoldersRemove(holders, s.tag, s.inst); }
    on eAMonEffect do (e: (inst: int, cid: int, sn: int, put: bool, ver: int, val: int)) {
      assert 0 in holders && e.inst in holders[0],
        format("OpsOnlyAtHolder [ALIA-S9]: op {0}.{1} took effect at instance {2}, which does not hold t1", e.cid, e.sn, e.inst);
      if (e.put) {
        assert e.ver == last + 1, format("OpsOnlyAtHolder [ALIA-S9]: Put {0}.{1} has version {2} after version {3}", e.cid, e.sn, e.ver, last);
        last = e.ver;
      } else {
        assert e.ver == last, format("OpsOnlyAtHolder [ALIA-S9]: Get {0}.{1} read version {2}, the latest Put is {3}", e.cid, e.sn, e.ver, last);
      }
    }
  }
}

/* ALIA-S10 HandoffFaithful (TLA+ HandoffFaithfulInv): every Install names the previous epoch's
   owner of its tag as its source and carries the snapshot that source froze when it sealed the
   tag (the object's version and value; the session tables are not compared). */
spec HandoffFaithful observes eAMonFrozen, eAMonInstalled {
  var frozen: map[int, (ver: int, val: int)];
  start state Watching {
    on eAMonFrozen do (f: (inst: int, tag: int, ver: int, val: int)) { frozen[f.inst * 10 + f.tag] = (ver = f.ver, val = f.val); }
    on eAMonInstalled do (i: (inst: int, epoch: int, tag: int, from: int, ver: int, val: int)) {
      assert i.from == InstOf(Owner(i.epoch - 1, i.tag), i.epoch - 1),
        format("HandoffFaithful [ALIA-S10]: instance {0} installed tag {1} from instance {2}, not from its owner in epoch {3}", i.inst, i.tag, i.from, i.epoch - 1);
      assert (i.from * 10 + i.tag) in frozen,
        format("HandoffFaithful [ALIA-S10]: instance {0} installed tag {1} from instance {2}, which never sealed it", i.inst, i.tag, i.from);
      assert frozen[i.from * 10 + i.tag] == (ver = i.ver, val = i.val),
        format("HandoffFaithful [ALIA-S10]: instance {0} installed tag {1} at version {2}, but instance {3} froze version {4}", i.inst, i.tag, i.ver, i.from, frozen[i.from * 10 + i.tag].ver);
    }
  }
}

/* ALIA-S11 NoLostAckedWrite (TLA+ NoLostAckedWriteInv, the brief's runtime form): when a tag
   becomes active, its state holds every Put a client saw acknowledged. */
spec NoLostAckedWrite observes eAMonActive, eAMonReply {
  var maxAcked: int;
  start state Watching {
    on eAMonReply do (r: (cid: int, sn: int, put: bool, ver: int, val: int)) {
      if (r.put && r.ver > maxAcked) { maxAcked = r.ver; }
    }
    on eAMonActive do (a: (inst: int, tag: int, ver: int)) {
      if (a.tag == 0) {
        assert a.ver >= maxAcked,
          format("NoLostAckedWrite [ALIA-S11]: t1 became active at instance {0} with version {1}, but version {2} was acknowledged", a.inst, a.ver, maxAcked);
      }
    }
  }
}

/* ALIA-S12 Linearizable (TLA+ LinearizableInv; commit order is the witness): (a) a Get takes
   effect with the latest Put's result; (b) an operation completed before another was invoked
   took effect before it; (c) every operation takes effect at most once; (d) a reply is the
   result recorded when the operation took effect. Operation (c, s) is keyed 100 * c + s. */
spec Linearizable observes eAMonInvoke, eAMonEffect, eAMonReply {
  var effects: map[int, (ver: int, val: int)];
  var done: set[int];
  var before: map[int, set[int]];
  var lastVer: int;
  var lastVal: int;
  start state Watching {
    on eAMonInvoke do (i: (cid: int, sn: int)) { before[100 * i.cid + i.sn] = done; }
    on eAMonEffect do (e: (inst: int, cid: int, sn: int, put: bool, ver: int, val: int)) {
      var k: int;
      var p: int;
      k = 100 * e.cid + e.sn;
      assert !(k in effects), format("Linearizable [ALIA-S12]: op {0}.{1} took effect twice (at instance {2})", e.cid, e.sn, e.inst);
      if (k in before) {
        foreach (p in before[k]) {
          assert p in effects, format("Linearizable [ALIA-S12]: op {0}.{1} took effect before op {2}, which completed before it was invoked", e.cid, e.sn, p);
        }
      }
      if (e.put) { lastVer = e.ver; lastVal = e.val; }
      else {
        assert e.ver == lastVer && e.val == lastVal,
          format("Linearizable [ALIA-S12]: Get {0}.{1} read ({2}, {3}); the latest Put wrote ({4}, {5})", e.cid, e.sn, e.ver, e.val, lastVer, lastVal);
      }
      effects[k] = (ver = e.ver, val = e.val);
    }
    on eAMonReply do (r: (cid: int, sn: int, put: bool, ver: int, val: int)) {
      var k: int;
      k = 100 * r.cid + r.sn;
      assert k in effects, format("Linearizable [ALIA-S12]: op {0}.{1} was answered but never took effect", r.cid, r.sn);
      assert effects[k].ver == r.ver && effects[k].val == r.val,
        format("Linearizable [ALIA-S12]: op {0}.{1} was answered ({2}, {3}), it took effect as ({4}, {5})", r.cid, r.sn, r.ver, r.val, effects[k].ver, effects[k].val);
      done += (k);
    }
  }
}
