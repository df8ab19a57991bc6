/*****************************************************************************************
 * Alia's data plane across one epoch change, the P twin of specs/AliaHandoff.tla on brief §7
 * MC-B (layout V2). Subquorums A = 0 and B = 1; tags t1 = 0 (holding the one object o1) and
 * t2 = 1 (no objects). Epoch 0: t1 -> A, t2 -> B. Epoch 1: both -> B. Instance (i, x) has index
 * i + 2 * x: A0 = 0, B0 = 1, A1 = 2, B1 = 3.
 *
 * As in the TLA+ model, instance Paxos is abstracted to its chosen log: one machine per instance
 * applies entries in the order they are chosen, and a proposal is a message the instance sends to
 * itself through the network, so proposals are reordered (pipelining), lost (a leader change) or
 * duplicated (a re-proposal) by the network; the TLA+ twin is `prop` and Choose.
 *****************************************************************************************/

enum tAliaMutant { AM_NONE, AM_M5, AM_M6, AM_M7, AM_M8, AM_M9, AM_M10, AM_M14, AM_M16 }

// epochs: the last epoch, 1 (MC-B) or 2 (MC-B3, the release chain: t1 moves back to A in epoch 2).
type tAliaConfig = (mutant: tAliaMutant, drops: int, dups: int, crashes: int, restart: bool,
                    timerOdds: int, horizon: int, epochs: int);

// A client's session entry (brief §4.6): its latest operation and the result (ver, val).
type tSess = (sn: int, ver: int, val: int);
// A tag's frozen snapshot (§4.6 SnapshotOf): its object's (ver, val) (0, 0 for t2) and the session table.
type tSnap = (ver: int, val: int, sess: map[int, tSess]);

// Log entries: ENT_OP (a client's Get or Put), ENT_INSTALL (tags from `from` with their
// snapshots), ENT_CLOSE (EpochChange: the tombstone). EpochStart is applied when the instance starts.
enum tEntKind { ENT_OP, ENT_INSTALL, ENT_CLOSE }
type tEntry = (kind: tEntKind, client: machine, cid: int, sn: int, put: bool, val: int,
               tags: set[int], from: int, snap: map[int, tSnap]);

event eAliaSetup: seq[machine];                            // the harness gives every instance the instance list
event eNewEpoch: int;                                      // the root oracle reveals an epoch (TLA+ RootReveal)
event eChoose: tEntry;                                     // a proposal reaching the chosen log (TLA+ Choose)
event eHandoffRequest: (tags: set[int], acq: int);          // §4.7.1 the acquirer asks its source
event eHandoffReply: (tags: set[int], from: int, snap: map[int, tSnap]);   // §4.7.2 TryReply (TLA+ SendReply)
event eHandoffAck: (tags: set[int]);                       // §4.7.1 after the Install is applied
event eAliaRequest: (client: machine, cid: int, sn: int, put: bool, val: int);  // §4.8.1 a client's request
event eAliaReply: (sn: int, ver: int, val: int);          // the result recorded for it

// The configuration of V2 (and of V2's release chain in epoch 2): the owner of tag t in epoch e.
fun Owner(e: int, t: int): int {
  if ((e == 0 || e == 2) && t == 0) { return 0; }
  return 1;
}
fun InstOf(sq: int, e: int): int { return sq + 2 * e; }
// Whether subquorum sq owns tag t in epoch e. M9 (brief §8, configuration X3 of §5.4): the root
// does not check ValidCfg and reveals an epoch 1 where t1 is owned by A as well as by B.
fun Owns(m: tAliaMutant, e: int, sq: int, t: int): bool {
  if (m == AM_M9 && e == 1 && t == 0) { return true; }
  return Owner(e, t) == sq;
}
