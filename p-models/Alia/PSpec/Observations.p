/*****************************************************************************************
 * What the machines tell the monitors (brief Alia §6.1), and the witnesses a passing test must
 * reach. Each names the TLA+ action of specs/AliaHandoff.tla it reports.
 *****************************************************************************************/

event eAMonActive: (inst: int, tag: int, ver: int);     // StartInstance / Choose(Install): a tag became active
event eAMonSealed: (inst: int, tag: int);                // Choose(EpochChange): an active tag was sealed
event eAMonFrozen: (inst: int, tag: int, ver: int, val: int);   // the snapshot frozen for a sealed tag (at the seal, or at an Install after it)
event eAMonInstalled: (inst: int, epoch: int, tag: int, from: int, ver: int, val: int);   // Choose(Install): a tag taken with the snapshot from `from`
event eAMonEffect: (inst: int, cid: int, sn: int, put: bool, ver: int, val: int);  // Choose(Op) took effect
event eAMonInvoke: (cid: int, sn: int);                 // Invoke
event eAMonConfig: (epoch: int, tag: int, owners: set[int]);   // RootReveal: the subquorums owning a tag in a revealed configuration
event eAMonReply: (cid: int, sn: int, put: bool, ver: int, val: int);   // Complete

event eWitAHandoff;       // a tag became active through an Install (ALIA-W6)
event eWitAReadAcross;    // a Get at an epoch-1 instance returned a Put taken before (ALIA-W7)
event eWitARetire;        // an instance retired after its acks (ALIA-W8)
event eWitAApplyReject;   // an op proposed while its tag was active was rejected at apply (ALIA-W9)
event eWitAClientDone;    // a client finished its script
event eWitAChain;         // a tag became active at an epoch-2 instance: it moved twice (ALIA-W11)

// The witnesses of both tiers (the root tier's are declared in RootSafety.p).
spec Reached observes eWitAHandoff, eWitAReadAcross, eWitARetire, eWitAApplyReject, eWitAClientDone, eWitAChain,
                      eWitRChosen, eWitRDelegatedQuorum, eWitRRepropose, eWitRSecondEpoch, eWitRVoteAfterRestart,
                      eWitRRelay, eWitRRetransmit, eWitRNuclearRepropose, eWitRCustodyQuorum, eWitRCustodyIgnored, eWitRRuleMatters,
                      eWitDrop, eWitDup, eWitCrash, eWitRestart, eWitTargetDrop, eWitTargetDup, eWitTargetCrash {
  start state Watching {
    ignore eWitAHandoff, eWitAReadAcross, eWitARetire, eWitAApplyReject, eWitAClientDone, eWitAChain,
           eWitRChosen, eWitRDelegatedQuorum, eWitRRepropose, eWitRSecondEpoch, eWitRVoteAfterRestart,
           eWitRRelay, eWitRRetransmit, eWitRNuclearRepropose, eWitRCustodyQuorum, eWitRCustodyIgnored, eWitRRuleMatters,
           eWitDrop, eWitDup, eWitCrash, eWitRestart, eWitTargetDrop, eWitTargetDup, eWitTargetCrash;
  }
}
