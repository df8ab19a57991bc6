/*****************************************************************************************
 * A client of the RS-Paxos log (brief RSPaxos §4.4-4.5): one operation at a time from its script
 * (0 write, 1 FAST read, 2 CONSISTENT read). Operation j of client c is 100 * c + j; a write writes
 * that number (unique values). It sends to the server it believes leads, follows redirects, and on
 * a timeout resends to a server chosen at random (TLA+: the request stays in the message set).
 *****************************************************************************************/

machine LogClient {
  var id: int;
  var cfg: tLogConfig;
  var net: machine;
  var servers: seq[machine];
  var script: seq[int];
  var next: int;
  var op: int;
  var kind: int;
  var hint: int;
  var timerId: int;

  start state Init {
    entry (a: (id: int, cfg: tLogConfig, net: machine, servers: seq[machine], script: seq[int])) {
      id = a.id; cfg = a.cfg; net = a.net; servers = a.servers; script = a.script;
      goto NextOp;
    }
  }

  // TLA+ Invoke.
  state NextOp {
    entry {
      if (next >= sizeof(script)) { goto Finished; }
      kind = script[next];
      next = next + 1;
      op = 100 * id + next;
      announce eLMonInvoke, (op = op, write = kind == 0);
      SendOp();
      goto Waiting;
    }
  }

  state Waiting {
    on eLReply do (m: (op: int, val: int)) {
      if (m.op != op) { return; }
      if (kind == 0) { announce eLMonWriteDone, op; announce eWitLWriteDone; }
      else {
        announce eLMonReadDone, (op = op, val = m.val);
        if (m.val > 0) { announce eWitLReadOfWrite; }
      }
      goto NextOp;
    }
    on eLRedirect do (m: (op: int, hint: int)) {
      if (m.op != op) { return; }
      hint = m.hint;
      SendOp();
    }
    on eTimeout do (t: int) {
      if (t != timerId) { return; }
      hint = choose(cfg.n);
      SendOp();
    }
  }

  state Finished {
    ignore eLReply, eLRedirect, eTimeout;
  }

  fun SendOp() {
    if (kind == 0) { NSend(net, servers[hint], eLWrite, (client = this, op = op)); }
    else { NSend(net, servers[hint], eLRead, (client = this, op = op, fast = kind == 1)); }
    timerId = timerId + 1;
    NTimer(net, this, timerId);
  }
}
