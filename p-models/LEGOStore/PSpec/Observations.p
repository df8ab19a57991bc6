/*****************************************************************************************
 * What the machines tell the monitors: the ghost history of brief LEGOStore §2.7.
 *****************************************************************************************/

// A configuration's parameters (idx 1: the old or only one; idx 2: the new one of a reconfiguration).
type tMonConfig = (idx: int, params: tParams);
event eMonConfig: tMonConfig;
// A server's durable state after a change: ABD its tag and value; CAS its highest fin tag and list.
// Server ids are global (brief §4.7: the new configuration's servers follow the old one's).
type tMonServer = (server: int, cfg: int, stored: tTag, val: int, list: map[tTag, tEntry]);
event eMonServer: tMonServer;
// A client invoked an operation (TLA+ Invoke).
type tMonInvoke = (op: int, put: bool, val: int);
event eMonInvoke: tMonInvoke;
// An attempt of an operation starts in configuration cfg (TLA+ Invoke and Restart: the client's cfgOf).
type tMonAttempt = (op: int, cfg: int);
event eMonAttempt: tMonAttempt;
// A PUT chose its tag (TLA+ PutQueried; the ghost `written`, ValueOf[tag] = val).
type tMonTag = (op: int, cfg: int, tag: tTag, val: int);
event eMonTag: tMonTag;
// An operation completed in configuration cfg: a PUT with its tag, a GET with the tag it read and the
// value it returned.
type tMonRespond = (op: int, cfg: int, tag: tTag, val: int);
event eMonRespond: tMonRespond;
// A CAS GET gave up its attempt for want of k symbols (TLA+ GetRetry).
type tMonRetry = (op: int, tag: tTag, repliers: set[int]);
event eMonRetry: tMonRetry;
// A CAS GET gave up after its bounded attempts: the client has its answer (RETRY), the outcome stays unknown.
event eMonGaveUp: int;

// Reconfiguration (brief §4.7): the controller started; it fixed the pair it hands over (TLA+
// BeginTransfer, the ghost `written` of configuration 2); the metadata service named the new
// configuration with the handed-over tag; a server closed, held n requests, crashed, restarted.
event eMonRcStart;
type tMonFix = (from: int, tag: tTag, val: int);
event eMonFix: tMonFix;
type tMonPublish = (cfg: int, tag: tTag);
event eMonPublish: tMonPublish;
event eMonClosed: int;
type tMonHeld = (server: int, n: int);
event eMonHeld: tMonHeld;
event eMonDown: int;
event eMonUp: int;

/*****************************************************************************************
 * Reachability witnesses: each announces a protocol path a passing test must exercise; the
 * harness fails a passing test whose `reaches` list (p-models/tests.json) names one that never
 * arrived (NOT REACHED).
 *****************************************************************************************/
event eWitPutDone;     // a PUT completed
event eWitWriteBack;   // an ABD GET returned after its write-back
event eWitFastRead;    // an ABD GET returned on the fast path
event eWitDecoded;     // a CAS GET decoded after phase 2
event eWitCacheHit;    // a CAS GET returned from its read cache
event eWitGc;          // a CAS server collected a symbol
event eWitRetry;       // a CAS GET retried for want of k symbols
event eWitPaused;      // an old server paused on RcQuery
event eWitHeld;        // a paused server held a client request
event eWitOpRestart;   // an OperationFail restarted an operation in the new configuration
event eWitRcDecoded;   // the controller decoded the handed-over value from RcGet replies
event eWitRcDone;      // every old server acknowledged RcFinish
event eWitNewOp;       // an operation completed in the new configuration
event eWitChainOp;     // an operation completed in configuration 3 of a chain
event eWitTwoRestarts; // an operation was refused twice and restarted in configuration 3
event eWitNextRc;      // the second reconfiguration of a chain started
event eWitTwoTags;     // rule matters: a GET's query quorum reported two tags (highest differs from lowest)
event eWitPutTwoTags;  // rule matters: a PUT's query quorum reported two tags
event eWitDupCounted;  // rule matters: a second reply of one server reached a phase's count
// After GC, the controller fell back to a higher fin tag (RcGet replies lacked k symbols). Announced but
// not a declared witness of Reached: random schedules have not reached it (TLC does, ReconfCA_GC1_P2).
event eWitRcFallback;

spec Reached observes eWitPutDone, eWitWriteBack, eWitFastRead, eWitDecoded, eWitCacheHit, eWitGc, eWitRetry, eWitDrop, eWitDup, eWitCrash, eWitRestart,
                      eWitPaused, eWitHeld, eWitOpRestart, eWitRcDecoded, eWitRcDone, eWitNewOp, eWitChainOp, eWitTwoRestarts, eWitNextRc,
                      eWitTwoTags, eWitPutTwoTags, eWitDupCounted {
  start state Watching {
    on eWitPutDone do { }
    on eWitWriteBack do { }
    on eWitFastRead do { }
    on eWitDecoded do { }
    on eWitCacheHit do { }
    on eWitGc do { }
    on eWitRetry do { }
    on eWitDrop do { }
    on eWitDup do { }
    on eWitCrash do { }
    on eWitRestart do { }
    on eWitPaused do { }
    on eWitHeld do { }
    on eWitOpRestart do { }
    on eWitRcDecoded do { }
    on eWitRcDone do { }
    on eWitNewOp do { }
    on eWitChainOp do { }
    on eWitTwoRestarts do { }
    on eWitNextRc do { }
    on eWitTwoTags do { }
    on eWitPutTwoTags do { }
    on eWitDupCounted do { }
  }
}

// The catalogue ID of a property: RECONF-<suffix> across a reconfiguration (two or three
// configurations announced), else ABD-<suffix> or CAS-<suffix> after the only configuration.
fun Cid(ps: map[int, tParams], suffix: string): string {
  if (sizeof(ps) >= 2) { return format("RECONF-{0}", suffix); }
  if (ps[1].proto == ABD) { return format("ABD-{0}", suffix); }
  return format("CAS-{0}", suffix);
}

// Wq: the quorum every completed operation's tag reaches (q2 for ABD, min(q3, q4) for CAS).
fun Wq(p: tParams): int {
  if (p.proto == ABD) { return p.q2; }
  if (p.q4 < p.q3) { return p.q4; }
  return p.q3;
}
