using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Alia;

// Subquorum-tier messages (brief §3.3); every one carries its instance.

/// <summary>Phase 1a of instance <paramref name="Inst"/>.</summary>
public sealed record SubPrepare(int Inst, Ballot Bal, int From);
/// <summary>Phase 1b: what <paramref name="From"/> accepted and committed in the instance.</summary>
public sealed record SubPromise(int Inst, Ballot Bal, int From, IReadOnlyDictionary<int, (Ballot Bal, object Entry)> Accepted, IReadOnlyDictionary<int, object> Committed);
/// <summary>Phase 2a.</summary>
public sealed record SubAccept(int Inst, Ballot Bal, int Slot, object Entry);
/// <summary>Phase 2b, to the ballot's owner.</summary>
public sealed record SubAccepted(int Inst, Ballot Bal, int Slot, int From);
/// <summary>A slot's chosen entry, from the leader that counted the quorum.</summary>
public sealed record SubCommit(int Inst, int Slot, object Entry);
/// <summary>The recipient promised a higher ballot.</summary>
public sealed record SubNack(int Inst, Ballot Promised);
/// <summary>The environment's election timeout at the recipient (§4.5 SubElectionTimeout), for every instance it is a member of.</summary>
public sealed record TakeOver;

/// <summary>The creation event of a <see cref="Replica"/>.</summary>
public sealed class ReplicaInit(int id, AliaSettings settings, ActorId net, IReadOnlyList<ActorId> replicas, ActorId root) : Event
{
    /// <summary>The root (for catch-up).</summary>
    public ActorId Root { get; } = root;
    /// <summary>Replica index 0..N−1 (r1 = 0).</summary>
    public int Id { get; } = id;
    /// <summary>The run's settings.</summary>
    public AliaSettings Settings { get; } = settings;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>Every replica, by index.</summary>
    public IReadOnlyList<ActorId> Replicas { get; } = replicas;
}

/// <summary>
/// A replica running real instance Paxos (brief §2.4, §4.4–4.7): for every instance (i, x) it is a member of, an
/// acceptor, a learner applying committed entries in slot order to its own copy of the §4.6 state machine
/// (<see cref="InstanceState"/>), and a proposer. Ballots are the shared <see cref="Ballot"/> ⟨round, replica index⟩.
/// The configured leader (the first member) starts in round 0 without
/// Phase 1 (§4.5 [PROPOSED]); any member may take over with a higher round when the environment says so, when it
/// suspects the leader (see <see cref="Suspect"/>), or after a
/// restart, recovering the accepted entries of a majority and filling holes with Noop. Quorum: a strict majority of the
/// members. Handoff: the acquirer's leader asks every member of the source instance; any member that applied the seal
/// answers every member of the acquirer; every member that applied the Install acknowledges to every member of the
/// source. Mutant M11 counts a SubAccepted for any instance this replica leads with the same ballot.
/// <para>
/// Durable per instance: the promise, the accepted and committed entries, the highest round seen and whether round 0
/// was used. Volatile: the role, tallies, proposals, the applied state (re-derived from the committed prefix after a
/// restart) and the acknowledgements (re-sent by the acquirer).
/// </para>
/// </summary>
[OnEventDoAction(typeof(AliaMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class Replica : AliaActor<ReplicaInit>
{
    private enum Role { Follower, Candidate, Leader }

    private sealed class Member(int inst)
    {
        public readonly int Inst = inst;
        // durable
        public Ballot Promised = Ballot.None;
        public readonly Dictionary<int, (Ballot Bal, object Entry)> Accepted = [];
        public readonly SortedDictionary<int, object> Committed = [];
        public int MaxRound;
        public bool UsedRound0;
        // volatile
        public InstanceState S = null!;
        public int Applied;
        public Role Role;
        public Ballot Bal = Ballot.None;
        public readonly HashSet<int> TallyP = [];
        public readonly Dictionary<int, (Ballot Bal, object Entry)> Reports = [];
        public readonly Dictionary<int, List<Reported>> Heard = [];  // per slot, every accepted entry the SubPromises reported (for N6)
        public readonly Dictionary<int, List<Counted>> TallyA = [];  // per slot, the SubAccepted counted: distinct senders (MDA: every one)
        public readonly Dictionary<int, object> Proposed = [];
        public int NextSlot = 1;
        public bool KnowsNext, Retired;
        public int Unserved;                                      // retries seen since the last word from a leader
        public bool Conflicting;                                  // this Phase 1 heard two entries at two ballots for a slot
    }

    private AliaLayout L = null!;
    private AliaMutant _mutant;
    private int _me, _created = -1;
    private readonly SortedDictionary<int, Member> _m = [];
    private bool _down, _ticking;

    /// <inheritdoc/>
    protected override ActorId NetOf(ReplicaInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize()
    {
        L = Init.Settings.Layout;
        _mutant = Init.Settings.Mutant;
        _me = Init.Id;
        Learn(0);
    }

    // The node-local observations (catalogue ALIA-N1..N5): each member's acceptor state is the node i<inst>/r<replica>; a slot
    // is named with its instance, and a ballot is started in its instance's group.
    private string NodeOf(Member m) => $"i{m.Inst}/r{_me}";
    private static string Group(int inst) => $"i{inst}";
    private void ReportPromise(Member m, string action) => ObserveLocal(new LocalPromise(NodeOf(m), m.Promised, action));

    private IReadOnlyList<int> Members(int inst) => L.Configs[L.EpochOf(inst)].Members[L.SqOf(inst)];
    private bool Quorum(int inst, int votes) => _mutant == AliaMutant.MQHalfQuorum ? 2 * votes >= Members(inst).Count : 2 * votes > Members(inst).Count;
    private void ToMembers(int inst, object msg) { foreach (var r in Members(inst)) SendMsg(Init.Replicas[r], msg); }

    /// <summary>
    /// §4.4 OnNewEpoch, in epoch order: create the instances of every epoch up to <paramref name="e"/> this replica is a
    /// member of (their configured leader starts in round 0), and tell the older ones a later epoch exists.
    /// </summary>
    private void Learn(int e)
    {
        for (int x = _created + 1; x <= Math.Min(e, L.LastEpoch); x++)
            for (int i = 0; i < L.Subquorums.Count; i++)
            {
                int inst = L.Inst(i, x);
                if (!Members(inst).Contains(_me)) continue;
                var m = new Member(inst);
                _m[inst] = m;
                Rebuild(m);
                if (x == 0)
                {
                    // Genesis: epoch 0 is chosen before the run with EpochStart in slot 1 under the hint's round 0.
                    m.Promised = new Ballot(0, Members(inst)[0]);
                    ReportPromise(m, "Init (genesis)");
                    m.Accepted[1] = (m.Promised, new EpochStartEntry());
                    Commit(m, 1, new EpochStartEntry());
                    if (Members(inst)[0] == _me)
                    {
                        m.UsedRound0 = true; m.Role = Role.Leader; m.Bal = m.Promised; m.NextSlot = 2;
                        ObserveLocal(new LocalBallotStart(NodeOf(m), Group(inst), m.Bal, "Init (genesis round 0)"));
                    }
                }
                else if (Members(inst)[0] == _me)
                {
                    m.UsedRound0 = true;                              // round 0: no other ballot can be lower (§4.5)
                    m.Role = Role.Leader; m.Bal = new Ballot(0, _me); m.NextSlot = 1;
                    ObserveLocal(new LocalBallotStart(NodeOf(m), Group(inst), m.Bal, "StartInstanceLeader (round 0)"));
                    Propose(m, new EpochStartEntry());
                    RequestHandoffs(m);
                }
            }
        _created = Math.Max(_created, Math.Min(e, L.LastEpoch));
        foreach (var m in _m.Values.Where(m => L.EpochOf(m.Inst) < e)) { m.KnowsNext = true; Drive(m); }
        Arm();
    }

    /// <summary>Resets the derived state: the state machine from the initial state, nothing applied.</summary>
    private void Rebuild(Member m)
    {
        var genesis = new Applied();
        m.S = new InstanceState(L, _mutant, m.Inst, genesis);
        m.Applied = 0;
        Report(m, 0, "genesis", genesis);
    }

    private void OnMsg(Event e)
    {
        if (_down) return;
        var body = ((AliaMsg)e).Body;
        switch (body)
        {
            case NewEpoch n: Learn(n.Epoch); return;
            case ClientRequest r: OnRequest(r, 0); return;
            case Forward f: OnRequest(f.Req, f.Hops); return;
            case TakeOver:
                // The environment's election timeout: this replica runs for leader of every live instance it is in
                // (rounds are per instance, so it often uses the same ballot in two instances: M11's setting).
                foreach (var tm in _m.Values.Where(m => !m.Retired).ToList()) StartPhase1(tm);
                return;
            case SubAccepted a when _mutant == AliaMutant.M11CrossInstance:
                // M11: the instance is not checked; any instance this replica leads with that ballot counts the vote.
                foreach (var m in _m.Values.Where(m => !m.Retired && m.Role == Role.Leader && m.Bal == a.Bal).ToList())
                {
                    if (m.Inst != a.Inst) Coverage.Hit("alia: a SubAccepted was counted for another instance (M11)");
                    OnAccepted(m, a);
                }
                return;
        }
        int inst = body switch
        {
            SubPrepare x => x.Inst, SubPromise x => x.Inst, SubAccept x => x.Inst, SubAccepted x => x.Inst,
            SubCommit x => x.Inst, SubNack x => x.Inst, HandoffRequest x => x.Source, HandoffReply x => x.To,
            HandoffAck x => x.From, _ => -1,
        };
        // A message for an instance this replica has not created (it has not learned the epoch, say because it was down
        // when the root told it) is dropped, and the replica asks the root to catch it up (§4.5 RootCatchupReq, S14).
        if (inst >= 0 && L.EpochOf(inst) > _created)
        {
            Coverage.Hit("alia: a replica asked the root to catch it up");
            SendMsg(Init.Root, new RootCatchup(Id));
        }
        if (Live(inst) is not { } mem) return;
        switch (body)
        {
            case SubPrepare x: OnPrepare(mem, x); break;
            case SubPromise x: OnPromise(mem, x); break;
            case SubAccept x: OnAccept(mem, x); break;
            case SubAccepted x: OnAccepted(mem, x); break;
            case SubCommit x: Commit(mem, x.Slot, x.Entry); break;
            case SubNack x: if (x.Promised > mem.Bal) { mem.MaxRound = Math.Max(mem.MaxRound, x.Promised.Round); StepDown(mem); } break;
            case HandoffRequest x: Suspect(mem); OnHandoffRequest(mem, x); break;
            case HandoffReply x: OnHandoffReply(mem, x); break;
            case HandoffAck x: mem.S.Acked.UnionWith(x.Tags); TryRetire(mem); break;
        }
    }

    private Member? Live(int inst) => _m.TryGetValue(inst, out var m) && !m.Retired ? m : null;

    private void StepDown(Member m)
    {
        if (m.Role == Role.Leader) Coverage.Hit("alia: an instance leader stepped down");
        m.Role = Role.Follower;
    }

    // ---- instance Paxos (§4.5) --------------------------------------------------------------------------------

    /// <summary>§4.5 StartInstanceLeader without round 0: a higher round, Phase 1 to every member.</summary>
    private void StartPhase1(Member m)
    {
        m.MaxRound = Math.Max(m.MaxRound, m.Promised.Round) + 1;
        m.Bal = new Ballot(m.MaxRound, _me);
        ObserveLocal(new LocalBallotStart(NodeOf(m), Group(m.Inst), m.Bal, "StartInstanceLeader"));
        m.Role = Role.Candidate;
        m.TallyP.Clear(); m.Reports.Clear(); m.Heard.Clear(); m.Conflicting = false;
        Coverage.Hit("alia: an instance election started");
        ToMembers(m.Inst, new SubPrepare(m.Inst, m.Bal, _me));
        Arm();
    }

    /// <summary>MBR only: a restarted leader runs Phase 1 again under the ballot it held before the crash.</summary>
    private void ResumePhase1(Member m)
    {
        m.Bal = m.Promised;
        ObserveLocal(new LocalBallotStart(NodeOf(m), Group(m.Inst), m.Bal, "Recover (MBR: the old ballot)"));
        m.Role = Role.Candidate;
        m.TallyP.Clear(); m.Reports.Clear(); m.Heard.Clear();
        ToMembers(m.Inst, new SubPrepare(m.Inst, m.Bal, _me));
        Arm();
    }

    private void OnPrepare(Member m, SubPrepare p)
    {
        m.MaxRound = Math.Max(m.MaxRound, p.Bal.Round);
        if (p.Bal >= m.Promised)                                     // >=: a re-sent Prepare is answered again
        {
            m.Promised = p.Bal;
            ReportPromise(m, "SubPromise");
            if (m.Bal < p.Bal) StepDown(m);
            SendMsg(Init.Replicas[p.From], new SubPromise(m.Inst, p.Bal, _me, new Dictionary<int, (Ballot, object)>(m.Accepted), new Dictionary<int, object>(m.Committed)));
        }
        else SendMsg(Init.Replicas[p.From], new SubNack(m.Inst, m.Promised));
    }

    /// <summary>§4.5 SubPromise at the candidate: with a majority, re-propose the highest-ballot value of each reported slot, fill holes with Noop.</summary>
    private void OnPromise(Member m, SubPromise p)
    {
        foreach (var (s, e) in p.Committed) Commit(m, s, e);
        if (m.Role != Role.Candidate || p.Bal != m.Bal) return;
        m.TallyP.Add(p.From);
        foreach (var (s, a) in p.Accepted)
        {
            bool has = m.Reports.TryGetValue(s, out var r);
            if (has && r.Bal != a.Bal && Entries.Key(r.Entry) != Entries.Key(a.Entry)) m.Conflicting = true;
            if (!has || _mutant switch { AliaMutant.MSLLowestBallot => a.Bal < r.Bal, AliaMutant.MSAAnyReport => false, _ => a.Bal > r.Bal }) m.Reports[s] = a;
            if (!m.Heard.TryGetValue(s, out var heard)) m.Heard[s] = heard = [];
            heard.Add(new Reported($"r{p.From}", a.Bal, Entries.Key(a.Entry)));
        }
        if (!Quorum(m.Inst, m.TallyP.Count)) return;
        ObserveLocal(new LocalQuorum(NodeOf(m), "SubPromise", m.Bal, [.. m.TallyP.Select(r => new Counted($"r{r}", m.Bal, Group(m.Inst)))],
            Members(m.Inst).Count / 2 + 1, "BecomeInstanceLeader", Group(m.Inst)));
        m.Role = Role.Leader;
        m.Proposed.Clear(); m.TallyA.Clear();
        Coverage.Hit("alia: an instance leader took over");
        // "Rule matters" (issue 46): the Phase-1 quorum reported different entries at different ballots for one slot,
        // so re-proposing the highest ballot's entry differs from the lowest's or any.
        if (m.Conflicting) Coverage.Hit("alia: rule matters: a Phase-1 quorum reported two entries at two ballots for one slot");
        int top = m.Reports.Keys.Concat(m.Committed.Keys).DefaultIfEmpty(0).Max();
        for (int s = 1; s <= top; s++)
        {
            if (m.Committed.ContainsKey(s)) continue;
            if (m.Reports.TryGetValue(s, out var r))
            {
                Coverage.Hit("alia: a new instance leader re-proposed an accepted entry");
                ObserveLocal(new LocalSelect(NodeOf(m), $"i{m.Inst}/{s}", m.Bal, m.Heard.GetValueOrDefault(s) ?? [], Entries.Key(r.Entry), "BecomeInstanceLeader"));
                ProposeAt(m, s, r.Entry);
            }
            else ProposeAt(m, s, new NoopEntry());
        }
        m.NextSlot = _mutant == AliaMutant.MNSNextSlotOffByOne ? Math.Max(1, top) : top + 1;
        if (!m.Committed.Values.Concat(m.Proposed.Values).Any(e => e is EpochStartEntry)) Propose(m, new EpochStartEntry());
        RequestHandoffs(m);
        Drive(m);
    }

    private void Propose(Member m, object entry) => ProposeAt(m, m.NextSlot++, entry);

    private void ProposeAt(Member m, int slot, object entry)
    {
        m.Proposed[slot] = entry;
        m.TallyA[slot] = [];
        ObserveLocal(new LocalPropose(NodeOf(m), $"i{m.Inst}/{slot}", m.Bal, Entries.Key(entry), "SubAccept"));
        ToMembers(m.Inst, new SubAccept(m.Inst, m.Bal, slot, entry));
    }

    private void OnAccept(Member m, SubAccept a)
    {
        m.MaxRound = Math.Max(m.MaxRound, a.Bal.Round);
        if (a.Bal >= m.Promised || _mutant == AliaMutant.MABAcceptBelow)
        {
            if (a.Bal > m.Promised) m.Promised = a.Bal;
            if (m.Bal < a.Bal) StepDown(m);
            m.Unserved = 0;
            m.Accepted[a.Slot] = (a.Bal, a.Entry);
            ObserveLocal(new LocalVote(NodeOf(m), $"i{m.Inst}/{a.Slot}", a.Bal, Entries.Key(a.Entry), m.Promised, "SubAccepted"));
            SendMsg(Init.Replicas[(int)a.Bal.Tag], new SubAccepted(m.Inst, a.Bal, a.Slot, _me));
        }
        else SendMsg(Init.Replicas[(int)a.Bal.Tag], new SubNack(m.Inst, m.Promised));
    }

    private void OnAccepted(Member m, SubAccepted a)
    {
        if (m.Role != Role.Leader || a.Bal != m.Bal || !m.TallyA.TryGetValue(a.Slot, out var tally)) return;
        if (tally.All(c => c.From != $"r{a.From}") || _mutant == AliaMutant.MDADuplicateAcks) tally.Add(new Counted($"r{a.From}", a.Bal, Group(a.Inst)));
        if (!Quorum(m.Inst, tally.Count) || m.Committed.ContainsKey(a.Slot)) return;
        ObserveLocal(new LocalQuorum(NodeOf(m), "SubAccepted", m.Bal, tally, Members(m.Inst).Count / 2 + 1, "CommitInstanceSlot", Group(m.Inst)));
        var entry = m.Proposed[a.Slot];
        Commit(m, a.Slot, entry);
        ToMembers(m.Inst, new SubCommit(m.Inst, a.Slot, entry));
    }

    /// <summary>Learns a chosen entry (ALIA-S13 is checked on every member's commits) and applies the contiguous prefix.</summary>
    private void Commit(Member m, int slot, object entry)
    {
        if (!m.Committed.TryAdd(slot, entry)) return;
        Observe(new ObsCommitted(m.Inst, slot, _me, Entries.Key(entry)));
        ApplyPrefix(m);
    }

    private void ApplyPrefix(Member m)
    {
        while (!m.Retired && m.Committed.TryGetValue(m.Applied + 1, out var entry))
        {
            m.Applied++;
            var a = m.S.Apply(entry);
            Report(m, m.Applied, Entries.Key(entry), a);
            foreach (var o in a.Out)
                switch (o)
                {
                    case ReplyOut r: SendMsg(r.Client, r.Reply); break;
                    case AckOut k: ToMembers(k.From, new HandoffAck(k.From, k.Tags)); break;
                }
            if (entry is CloseEntry) Coverage.Hit("alia: a member applied its instance's EpochChange");
            TryRetire(m);
        }
        Drive(m);
    }

    /// <summary>The observations of one applied slot, reported once per (instance, slot) to the monitors.</summary>
    private void Report(Member m, int slot, string key, Applied a) => Observe(new ObsApplied(m.Inst, slot, key, a.Obs));

    // ---- the instance's own work: close, handoff, timers (§4.4, §4.7) -------------------------------------------

    /// <summary>What the leader does whenever its state changes: CloseInstance, and ask for pending tags.</summary>
    private void Drive(Member m)
    {
        if (m.Role != Role.Leader || m.Retired) return;
        if (m.KnowsNext && !m.S.Closed && _mutant != AliaMutant.M10NoClose && !m.Proposed.Values.Any(e => e is CloseEntry))
            Propose(m, new CloseEntry());
        Arm();
    }

    // A leader has work while it has tags to acquire, or, until its close is applied, a close to get chosen or proposals
    // not yet chosen (after the close nothing it proposes can take effect, and its members may have retired).
    private bool HasWork(Member m) =>
        !m.Retired && (m.Role == Role.Candidate
            || m.Role == Role.Leader && (m.S.Pending.Count > 0
                || !m.S.Closed && (m.KnowsNext && _mutant != AliaMutant.M10NoClose || m.Proposed.Keys.Any(s => !m.Committed.ContainsKey(s)))));

    private void Arm()
    {
        if (_ticking || _down || !_m.Values.Any(HasWork)) return;
        _ticking = true;
        StartTimer();
    }

    /// <summary>
    /// Timeouts (§4.5, §4.7.1): a candidate re-sends its Phase 1 (a higher round comes only from a Nack or the
    /// environment, so two candidates do not outbid each other for ever); a leader re-sends the proposals not yet
    /// committed and the handoff requests for its pending tags (M10: or takes them over from the initial state).
    /// </summary>
    private void OnTimeout(Event e)
    {
        if (_down || ((NetTimeout)e).Id != CurrentTimer) return;
        _ticking = false;
        foreach (var m in _m.Values.Where(HasWork).ToList())
        {
            if (m.Role == Role.Candidate) { ToMembers(m.Inst, new SubPrepare(m.Inst, m.Bal, _me)); continue; }   // same ballot: a lost 1a or 1b
            foreach (var (s, entry) in m.Proposed.Where(p => !m.Committed.ContainsKey(p.Key)).ToList())
                ToMembers(m.Inst, new SubAccept(m.Inst, m.Bal, s, entry));
            if (m.S.Pending.Count > 0)
            {
                if (_mutant == AliaMutant.M10NoClose && RandomInteger(3) == 0) Propose(m, Instance.ForceTakeover(L, m.Inst, m.S.Pending));
                else RequestHandoffs(m);
            }
            Drive(m);
        }
        Arm();
    }

    /// <summary>§4.7.1 RequestHandoff: to every member of the previous owner of each pending tag.</summary>
    private void RequestHandoffs(Member m)
    {
        foreach (var (k, tags) in m.S.HandoffSources())
            ToMembers(k, new HandoffRequest(tags, m.Inst) { Source = k });
    }

    /// <summary>§4.7.2 TryReply at any member of the source that applied the seal: to every member of the acquirer.</summary>
    private void OnHandoffRequest(Member m, HandoffRequest r)
    {
        m.KnowsNext = true;
        Drive(m);
        var snaps = m.S.ReplySnaps(r.Tags);
        if (snaps.Count > 0) ToMembers(r.Acq, new HandoffReply([.. snaps.Keys.Order()], m.Inst, snaps) { To = r.Acq });
    }

    /// <summary>TLA+ ReceiveReply at the acquirer's leader: propose an Install of the tags still pending and not yet proposed.</summary>
    private void OnHandoffReply(Member m, HandoffReply r)
    {
        if (m.Role != Role.Leader) return;
        var proposed = m.Proposed.Where(p => !m.Committed.ContainsKey(p.Key)).Select(p => p.Value).OfType<InstallEntry>().SelectMany(i => i.Tags).ToHashSet();
        var tags = r.Tags.Where(t => m.S.Pending.Contains(t) && !proposed.Contains(t)).ToList();
        if (tags.Count > 0) Propose(m, new InstallEntry(tags, r.From, tags.ToDictionary(t => t, t => r.Snaps[t])));
    }

    private void TryRetire(Member m)
    {
        if (m.Retired || !m.S.RetireReady) return;
        m.Retired = true;
        Observe(m.S.Retirement());
    }

    /// <summary>How many times a request may be forwarded before the client is redirected (§4.8.2 H).</summary>
    public const int MaxHops = 2;

    /// <summary>
    /// TLA+ ProposeOp (§4.8.2): answer from the session table of any instance here that recorded it; propose at an
    /// instance this replica leads where the tag is active in its applied state. Without forwarding anything else is
    /// ignored and the client retries elsewhere. With forwarding (<see cref="AliaSettings.Forwarding"/>) a member of an
    /// instance serving the tag (active or pending) passes the request to the leader it promised, and a replica where no
    /// instance serves it passes it to a member of the tag's owner in the latest epoch it knows, at most
    /// <see cref="MaxHops"/> hops; then the client gets a Redirect naming the owner's members. Routing only decides where a
    /// request goes: the check at apply time is what counts, so stale routes are safe.
    /// </summary>
    private void OnRequest(ClientRequest r, int hops)
    {
        foreach (var m in _m.Values.Where(m => !m.Retired))
        {
            if (m.S.Recorded(r.Cid, r.Sn) is { } res)
            {
                Coverage.Hit("alia: a retried request was answered from the session table");
                SendMsg(r.Client, new ClientReply(r.Sn, res));
                return;
            }
        }
        int t = L.TagOf[r.Obj];
        bool serving = false;
        foreach (var m in _m.Values.Where(m => !m.Retired && m.S.Scope.Contains(t)))
        {
            bool serves = m.S.Active.Contains(t) || m.S.Pending.Contains(t);
            serving |= serves;
            if (m.Role == Role.Leader) { if (m.S.Active.Contains(t)) Propose(m, new OpEntry(r.Client, r.Cid, r.Sn, r.Obj, r.Put, r.Val)); }
            else
            {
                Suspect(m);
                int leader = (int)m.Promised.Tag;
                if (Init.Settings.Forwarding && serves && hops < MaxHops && m.Promised != Ballot.None && leader != _me)
                {
                    Coverage.Hit("alia: a member forwarded a request to its instance leader");
                    SendMsg(Init.Replicas[leader], new Forward(r, hops + 1));
                }
            }
        }
        if (Init.Settings.Forwarding && !serving) RouteToOwner(r, t, hops);
        Arm();
    }

    /// <summary>
    /// §4.8.2, no instance here serves tag <paramref name="t"/>: forward to a member of its owner in the latest epoch this
    /// replica knows, or after <see cref="MaxHops"/> hops redirect the client there.
    /// </summary>
    private void RouteToOwner(ClientRequest r, int t, int hops)
    {
        int e = Math.Max(_created, 0);
        var members = Members(L.Inst(L.Configs[e].Owners[t][0], e));
        if (hops >= MaxHops)
        {
            Coverage.Hit("alia: a client was redirected after too many hops");
            SendMsg(r.Client, new Redirect(r.Sn, e, members));
            return;
        }
        int to = members[RandomInteger(members.Count)];
        if (to == _me) return;
        Coverage.Hit("alia: a request was forwarded to the tag's owner");
        SendMsg(Init.Replicas[to], new Forward(r, hops + 1));
    }

    /// <summary>
    /// The failure detector (§4.5 SubElectionTimeout, without heartbeats): a member that is not leading and keeps being
    /// asked for its instance's work (client retries for a tag of its scope, handoff requests) without hearing from a
    /// leader starts Phase 1. Idle instances never elect, so a run whose work is done falls quiet.
    /// </summary>
    private void Suspect(Member m)
    {
        if (m.Role != Role.Follower || m.S.Closed && m.S.Pending.Count == 0 || ++m.Unserved < 3) return;
        m.Unserved = 0;
        Coverage.Hit("alia: a member suspected its instance leader");
        StartPhase1(m);
    }

    // ---- crash and recovery ---------------------------------------------------------------------------------------

    private void OnCrash() => _down = true;

    /// <summary>
    /// Recovery: durable state kept, volatile state lost; each state machine is rebuilt from the committed prefix. A
    /// member whose promise is its own ballot (it was the latest leader it knows of) runs Phase 1 again.
    /// </summary>
    private void OnRestart(Event e)
    {
        if (!_down) return;
        _down = false;
        _ticking = false;
        if (((Restart)e).DiskLost) throw new InvalidOperationException("Alia replicas never lose their disk here");
        Coverage.Hit("alia: a replica recovered");
        foreach (var m in _m.Values.Where(m => !m.Retired))          // retirement (truncation) is durable
        {
            m.Role = Role.Follower; m.Bal = Ballot.None;
            m.TallyP.Clear(); m.Reports.Clear(); m.Heard.Clear(); m.TallyA.Clear(); m.Proposed.Clear();
            if (_mutant == AliaMutant.MPVPromiseVolatile) m.Promised = m.Accepted.Values.Select(a => a.Bal).DefaultIfEmpty(Ballot.None).Max();
            ReportPromise(m, "Recover");
            Rebuild(m);
            ApplyPrefix(m);
            if (!m.Retired && m.Promised.Tag == _me)
            {
                if (_mutant == AliaMutant.MBRBallotReused && m.Promised.Round > 0) ResumePhase1(m);
                else StartPhase1(m);
            }
        }
        Arm();
    }
}
