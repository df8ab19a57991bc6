/*****************************************************************************************
 * What the machines tell the monitors: the ghost history of brief LEGOStore §2.7.
 *****************************************************************************************/

event eMonConfig: tParams;
// A server's durable state after a change: ABD its tag and value; CAS its highest fin tag and list.
type tMonServer = (server: int, stored: tTag, val: int, list: map[tTag, tEntry]);
event eMonServer: tMonServer;
// A client invoked an operation (TLA+ Invoke).
type tMonInvoke = (op: int, put: bool, val: int);
event eMonInvoke: tMonInvoke;
// A PUT chose its tag (TLA+ PutQueried; the ghost `written`, ValueOf[tag] = val).
type tMonTag = (op: int, tag: tTag, val: int);
event eMonTag: tMonTag;
// An operation completed: a PUT with its tag, a GET with the tag it read and the value it returned.
type tMonRespond = (op: int, tag: tTag, val: int);
event eMonRespond: tMonRespond;
// A CAS GET gave up its attempt for want of k symbols (TLA+ GetRetry).
type tMonRetry = (op: int, tag: tTag, repliers: set[int]);
event eMonRetry: tMonRetry;
// A CAS GET gave up after its bounded attempts: the client has its answer (RETRY), the outcome stays unknown.
event eMonGaveUp: int;

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

spec Reached observes eWitPutDone, eWitWriteBack, eWitFastRead, eWitDecoded, eWitCacheHit, eWitGc, eWitRetry, eWitDrop, eWitDup, eWitCrash, eWitRestart {
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
  }
}

// The catalogue ID of a property in this configuration: ABD-<suffix> or CAS-<suffix>.
fun Cid(p: tParams, suffix: string): string {
  if (p.proto == ABD) { return format("ABD-{0}", suffix); }
  return format("CAS-{0}", suffix);
}
