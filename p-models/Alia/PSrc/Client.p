/*****************************************************************************************
 * A client of Alia (brief §4.8.1): one operation at a time from its script (true: a Put of the
 * unique value 100 * id + seq; false: a Get) on the one object o1. It sends each request to an
 * instance chosen at random and, on a timeout, again (forwarding and redirects only decide where
 * a request goes, §4.8.2; TLA+ ProposeOp lets any instance whose tag is active propose it).
 *****************************************************************************************/

machine AliaClient {
  var id: int;
  var net: machine;
  var insts: seq[machine];
  var script: seq[bool];
  var sn: int;
  var timerId: int;

  start state Init {
    entry (a: (id: int, net: machine, insts: seq[machine], script: seq[bool])) {
      id = a.id; net = a.net; insts = a.insts; script = a.script;
      goto NextOp;
    }
  }

  // TLA+ Invoke.
  state NextOp {
    entry {
      if (sn >= sizeof(script)) { announce eWitAClientDone; goto Finished; }
      sn = sn + 1;
      announce eAMonInvoke, (cid = id, sn = sn);
      Send();
      goto Waiting;
    }
  }

  state Waiting {
    // TLA+ Complete.
    on eAliaReply do (m: (sn: int, ver: int, val: int)) {
      if (m.sn != sn) { return; }
      announce eAMonReply, (cid = id, sn = sn, put = script[sn - 1], ver = m.ver, val = m.val);
      goto NextOp;
    }
    on eTimeout do (t: int) {
      if (t != timerId) { return; }
      Send();
    }
  }

  state Finished {
    ignore eAliaReply, eTimeout;
  }

  fun Send() {
    NSend(net, insts[choose(sizeof(insts))], eAliaRequest,
          (client = this, cid = id, sn = sn, put = script[sn - 1], val = 100 * id + sn));
    timerId = timerId + 1;
    NTimer(net, this, timerId);
  }
}
