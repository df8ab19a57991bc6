/*****************************************************************************************
 * Pando's mapping onto the node-local rules PANDO-N1, N2, N3, N5 and N6
 * (p-models/Common/PSpec/LocalRules.p; the C# twins are announced in src/PandoCoyote/Pando/).
 *
 * - A ballot <round, tag> is the rule's <hi, lo>; NoBallot maps to NoBal.
 * - The acceptor state the rules watch is one site's slot of one version: node "site<s>/v<ver>".
 * - A consensus group (N3, N5) is a version, "v<ver>"; a value is a vid, "vid <x>".
 * - N6 is the erasure-coded form (SelectsRebuildable): site s holds split s, so a reply is the
 *   piece (site s, its accepted ballot, its vid, index s) and K is the decode threshold.
 * Pando has no N4: its Phase-1 decisions are not plain counts (empty 1a quorums, 1b quorums,
 * K splits of one vid).
 *****************************************************************************************/

fun LB(b: tBallot): tLBal { return (hi = b.round, lo = b.tag); }
fun SiteSlot(site: int, ver: int): string { return format("site{0}/v{1}", site, ver); }
fun VerName(ver: int): string { return format("v{0}", ver); }
fun VidName(vid: int): string { return format("vid {0}", vid); }

// The pieces a Phase-1 collection holds: every reply that reports an accepted split.
fun LocalPieces(st: tPhase1): seq[tLPiece] {
  var s: int;
  var out: seq[tLPiece];
  foreach (s in keys(st.proms)) {
    if (!IsNone(st.proms[s].apn)) {
      out += (sizeof(out), (from = format("site{0}", s), bal = LB(st.proms[s].apn), vid = VidName(st.proms[s].vid), idx = s));
    }
  }
  return out;
}

// Whether a Phase-1 outcome came out of the recovery rule (TLA+ ProposeRecover, ReadWriteBack): the
// replies do not make a 1a quorum of truly empty slots, so the proposer had to judge what they hold.
// A fast path (a 1a quorum of empty slots) is not a recovery and is not reported.
fun ByRecovery(st: tPhase1, o: tEval, p: tParams): bool {
  var s: int;
  var empties: int;
  if (!(o.outcome == O_ADOPT || o.outcome == O_USE_OWN || o.outcome == O_NOTHING)) { return false; }
  foreach (s in keys(st.proms)) { if (IsNone(st.proms[s].apn)) { empties = empties + 1; } }
  return empties < p.q1a;
}

// PANDO-N6: the vid a proposer is about to propose after a recovery, and whether it is its own
// request's (a reader has no value of its own).
fun AnnounceRecovery(who: string, ver: int, bal: tBallot, st: tPhase1, p: tParams, vid: int, own: bool, action: string) {
  announce eLocalRebuildSelect, (proposer = who, slot = VerName(ver), bal = LB(bal), pieces = LocalPieces(st),
                                 threshold = p.k, vid = VidName(vid), own = own, action = action);
}

// PANDO-N5: a PREPARE broadcast starts a ballot for a version (TLA+ WriterPrepare, ReaderPrepare).
fun AnnounceBallotStart(who: string, ver: int, bal: tBallot, action: string) {
  announce eLocalBallotStart, (proposer = who, group = VerName(ver), bal = LB(bal), action = action);
}

// PANDO-N3: a PROPOSE broadcast is the ballot's proposal (TLA+ ProposeFast, ProposeRecover, ReadWriteBack).
fun AnnouncePropose(who: string, ver: int, bal: tBallot, vid: int, action: string) {
  announce eLocalPropose, (proposer = who, slot = VerName(ver), bal = LB(bal), value = VidName(vid), action = action);
}
