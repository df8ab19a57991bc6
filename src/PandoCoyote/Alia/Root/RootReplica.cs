using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Alia.Root;

/// <summary>
/// One replica of Alia's root tier (brief §4.2–4.3): root acceptor and learner, root proposer when the environment's
/// election timeout picks it (the shared <see cref="Elector"/>), and delegate for the replicas that route their votes through it. Each handler names the
/// action of <c>specs/AliaRoot.tla</c> it mirrors.
/// <para>
/// Ballots are the shared ⟨round, replica⟩ <see cref="Ballot"/>. With alpha = 1 a leader opens slot e only once it knows
/// slots 1..e − 1 chosen. Votes are counted as the set of voter ids over the messages received for one act (R2) against
/// a strict majority of the fixed universe (R3). The promise, the accepted values and the learned values are durable
/// (§1.2); a crash loses the rest: roles, tallies, delegations, relay buffers and the record of what was answered.
/// </para>
/// <para>
/// Delegation (§4.3): after a root event a replica that is not delegated may delegate to a random other replica for
/// <c>K</c> = 1 root event (the paper's default; the choice of delegate and the lapse affect liveness only, R4). In
/// RELAY the delegated replica still performs and persists its own act and sends its vote to the delegate, which
/// forwards the votes it holds for one act in one message (a retransmission is answered directly). In PAPER_LITERAL
/// (M1) the delegated replica ignores the request and the delegate adds every replica it believes delegated to it to
/// its own vote, each side counting the budget on its own events.
/// </para>
/// <para>
/// CUSTODY (§4.3.4): after a root event a replica may hand its vote for a slot it has not acted on (not accepted, not
/// learned) to a random other replica, for good (C1, C4), persisting that first. The proxy starts at the replica's
/// promise, which covers every slot, so the custodian inherits exactly the state the replica had for that slot. The
/// replica's own promises then exclude the slot and it ignores RootAccept for it (C2), re-sending the custody as a
/// reminder; the custodian applies the acceptor guards to the proxy and answers for the replica (C3). Promises are
/// therefore counted per slot: a candidate leads once every slot of the run from its commit point on has a majority of
/// promises (the run's slots are few, so Phase 1 covers all of them at once). specs/AliaRoot.tla models the same design
/// (AliaRoot_A2_Custody); finding F8 (docs/findings.md) is why the proxy starts at the promise and not at Zero.
/// </para>
/// <para>
/// Liveness runs (<see cref="RootSettings.Heartbeats"/>, ALIA-L1): the environment's election timeouts never stop, a
/// leader sends heartbeats on its timer, an election timeout passes when the replica saw a leader or candidate at work
/// since the last one (§2.1 rootTimer), and requests are re-sent for ever. The TLA+ spec abstracts all of this into its
/// fairness assumption and the stable last ballot.
/// </para>
/// </summary>
[OnEventDoAction(typeof(RootMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(AliaMsg), nameof(OnDataMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class RootReplica : NetActor<RootReplicaInit>
{
    /// <summary>The delegation budget K in root events (§4.3.1: "often one").</summary>
    public const int Budget = 1;
    /// <summary>How many times a candidate or leader re-sends its request for one ballot before it gives up.</summary>
    public const int MaxRetries = 2;

    private enum Role { Follower, Candidate, Leader }

    private RootSettings S = null!;
    private int _me;

    // durable (§1.2)
    private Ballot _promised = Ballot.None;
    private readonly Dictionary<int, (Ballot Bal, string Cfg)> _accepted = [];
    private readonly Dictionary<int, string> _chosen = [];
    private bool _restarted;
    // durable, CUSTODY: the custodian of this replica's vote for each slot it handed away (C1), and the proxy state this
    // replica keeps as custodian for (voter, slot) (C3)
    private readonly Dictionary<int, int> _custody = [];
    private readonly Dictionary<(int Voter, int Slot), Proxy> _proxies = [];

    /// <summary>CUSTODY C3: the promise and accepted value a custodian keeps for one replica's vote in one slot.</summary>
    private sealed class Proxy(Ballot promised)
    {
        public Ballot Promised = promised;
        public Ballot AccBal = Ballot.None;
        public string? AccCfg;
    }

    // volatile: proposer
    private Role _role;
    private Ballot _ballot = Ballot.None;
    private bool _nuclear;
    private int _maxRound;
    private readonly Tally _promises = new();
    // CUSTODY: the promises counted per slot from _low on (a replica's own promise counts for the slots it did not hand away)
    private readonly Dictionary<int, Tally> _slotPromises = [];
    private int _low;
    private readonly List<SlotReport> _reports = [];
    private readonly Dictionary<int, string> _proposal = [];
    private readonly Dictionary<int, Tally> _accepts = [];
    private int _retries;
    private bool _ticking, _down;
    // volatile: §2.1 rootTimer (liveness runs): since the last election timeout this replica heard a leader's heartbeat or
    // RootAccept, granted a promise, or started an election itself; the next timeout then passes (it only matters with
    // S.Heartbeats)
    private bool _heardLeader;

    // volatile: delegation (§4.3)
    private int _delegTo = -1, _delegUntil;
    private readonly HashSet<(char, Ballot, int)> _seen = [];
    private readonly HashSet<ActKey> _answered = [];
    private readonly Dictionary<int, int> _delegators = [];
    private readonly Dictionary<ActKey, List<RelayVote>> _relay = [];

    /// <summary>The votes received for one act: the set of ids (R2), their sum (mutant M2), the senders (mutant M17), and whether a delegate's message with two or more votes was among them.</summary>
    private sealed class Tally
    {
        public readonly HashSet<int> Ids = [];
        public readonly HashSet<int> Senders = [];
        public int Sum;
        public bool ViaDelegate, ViaCustodian;

        public void Clear() { Ids.Clear(); Senders.Clear(); Sum = 0; ViaDelegate = false; ViaCustodian = false; }

        public void Add(RootVote v, int n)
        {
            Ids.UnionWith(v.Voters.Where(x => x >= 0 && x < n));
            Senders.Add(v.Via);
            Sum += v.Voters.Count;
            if (v.Forwarded && v.Voters.Count >= 2) ViaDelegate = true;
            if (v.ProxySlot != 0) ViaCustodian = true;
        }
    }

    /// <inheritdoc/>
    protected override ActorId NetOf(RootReplicaInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize()
    {
        S = Init.Settings;
        _me = Init.Me;
    }

    private void OnMsg(Event e)
    {
        if (_down) return;
        switch (((RootMsg)e).Body)
        {
            case RunForLeader: OnElectionTimeout(); break;
            case RootHeartbeat h: if (h.Bal >= _promised) _heardLeader = true; break;
            case RootPrepare m: OnPrepare(m); break;
            case RootAccept m: OnAccept(m); break;
            case RootVote m: OnVote(m); break;
            case RootCommit m: NoteEvent('C', Ballot.None, m.Epoch); Learn(m.Epoch, m.Cfg); MaybeDelegate(); break;
            case RootNack m: OnNack(m); break;
            case RelayVote m: OnRelay(m); break;
            case Delegate m: _delegators[m.From] = Events + m.Budget; break;
            case Custody m: OnCustody(m); break;
        }
    }

    /// <summary>
    /// With the data plane attached (<see cref="RootReplicaInit.Announce"/>), §4.5 RootCatchupReq: a data-plane node that
    /// heard of an epoch it does not know asks; the answer is this replica's commit point (TLA+ Alia Announce).
    /// </summary>
    private void OnDataMsg(Event e)
    {
        if (_down || Init.Announce is null) return;
        if (((AliaMsg)e).Body is RootCatchup c && CommitEpoch > 0) Route(c.Who, new AliaMsg(new NewEpoch(CommitEpoch)));
    }

    private void Send(int to, object body) => Route(Init.Replicas[to], new RootMsg(body));
    private void SendAll(object body) { for (int r = 0; r < S.N; r++) Send(r, body); }
    private void Observe(object o)
    {
        var e = new RootObservation(o);
        foreach (var m in RootMonitors.All) Monitor(m, e);
    }

    private int CommitEpoch
    {
        get { int e = 0; while (_chosen.ContainsKey(e + 1)) e++; return e; }
    }

    // ---------------------------------------------------------------- delegation (§4.3)

    /// <summary>§4.3.2 NoteRootEvent: each distinct root event (a prepare, an accept, a commit) spends one unit of a delegation's budget.</summary>
    private void NoteEvent(char kind, Ballot b, int epoch) => _seen.Add((kind, b, epoch));

    /// <summary>§4.3.2 evCount: the distinct root events seen since the last crash.</summary>
    private int Events => _seen.Count;

    private bool Delegated => _delegTo >= 0 && Events <= _delegUntil;

    /// <summary>The replicas this one believes delegated to it, counted on its own events (the delegate's side of a delegation).</summary>
    private IEnumerable<int> CurrentDelegators => _delegators.Where(kv => kv.Value >= Events).Select(kv => kv.Key);

    /// <summary>
    /// TLA+ Delegate (§4.3.2 ChooseDelegate): a replica that is not delegated and holds no delegations may delegate to a
    /// random other replica for <see cref="Budget"/> root events. In RELAY the choice only decides where a vote goes.
    /// </summary>
    private void MaybeDelegate()
    {
        if (S.Mode == DelegationMode.Custody) { MaybeGiveCustody(); return; }
        if (Delegated || CurrentDelegators.Any() || RandomInteger(2) == 0) return;
        int d = (_me + 1 + RandomInteger(S.N - 1)) % S.N;
        _delegTo = d;
        _delegUntil = Events + Budget;
        Send(d, new Delegate(_me, Budget));
    }

    /// <summary>
    /// TLA+ GiveCustody (§4.3.4 C1): a replica may hand its vote for a slot it has neither accepted nor learned to a random
    /// other replica, persisting the custody before it sends it. M15 (TLA+ RevokeCustody): a custody lapses instead.
    /// </summary>
    private void MaybeGiveCustody()
    {
        if (S.Mutant == RootMutant.M15CustodyRevoked && _custody.Count > 0 && RandomInteger(2) == 0)
        {
            var lapsed = _custody.Keys.Order().ElementAt(RandomInteger(_custody.Count));
            _custody.Remove(lapsed);
            Observe(new ObsCustody(_me, lapsed, -1));
            Coverage.Hit("alia-root: M15 a custody lapsed");
            return;
        }
        var free = Enumerable.Range(CommitEpoch + 1, Math.Max(0, S.MaxEpoch - CommitEpoch))
            .Where(e => !_custody.ContainsKey(e) && !_accepted.ContainsKey(e) && !_chosen.ContainsKey(e)).ToList();
        if (free.Count == 0 || RandomInteger(2) == 0) return;
        int slot = free[RandomInteger(free.Count)], d = (_me + 1 + RandomInteger(S.N - 1)) % S.N;
        _custody[slot] = d;
        Observe(new ObsCustody(_me, slot, d));
        Coverage.Hit("alia-root: a replica handed its vote for a slot into custody");
        if (_promised > Ballot.None) Coverage.Hit("alia-root: a replica handed a slot over after it had promised");
        Send(d, new Custody(_me, slot, ProxyStart));
    }

    /// <summary>CUSTODY C2: a request for a slot in custody is ignored; the custody is re-sent (a lost one costs the vote only until then).</summary>
    private void Remind(int slot)
    {
        Coverage.Hit("alia-root: a replica ignored a request for a slot in custody");
        Send(_custody[slot], new Custody(_me, slot, ProxyStart));
    }

    /// <summary>TLA+ ProxyStart (§4.3.4 C1/C3, finding F8): the proxy starts at this replica's promise, which covers every slot (MZ: at Zero).</summary>
    private Ballot ProxyStart => S.Mutant == RootMutant.MZProxyFromZero ? Ballot.None : _promised;

    /// <summary>
    /// CUSTODY C3 on Delegate (TLA+ GiveCustody's delivery): the proxy starts at the promise the replica sent; a reminder
    /// for a proxy already kept changes nothing. A later reminder may carry a higher promise, which is only stricter.
    /// </summary>
    private void OnCustody(Custody m)
    {
        if (m.From == _me || _proxies.ContainsKey((m.From, m.Slot))) return;
        _proxies[(m.From, m.Slot)] = new Proxy(m.Promise);
        Coverage.Hit("alia-root: a custodian took a replica's vote for a slot");
    }

    /// <summary>TLA+ ProxyPromise (§4.3.4 C3 on RootPrepare): the acceptor guard on each proxy kept for a slot from <c>low</c> on, then a promise for that voter and slot.</summary>
    private void ProxyPromises(RootPrepare m)
    {
        foreach (var ((v, e), p) in _proxies.Where(kv => kv.Key.Slot >= m.Low).OrderBy(kv => kv.Key).ToList())
        {
            if (m.Bal < p.Promised) continue;
            if (m.Bal > p.Promised) { Observe(new ObsPromise(v, p.Promised, m.Bal, e)); p.Promised = m.Bal; }
            SlotReport[] reports = p.AccCfg is { } cfg ? [new SlotReport(v, e, false, p.AccBal, cfg)] : [];
            Observe(new ObsAct(v, VoteKind.Promise, m.Bal, e, _me));
            Observe(new ObsAcceptor(v, p.Promised, p.AccBal, e));
            Coverage.Hit("alia-root: a custodian promised for a replica in its custody");
            Send(m.Cand, new RootVote(new ActKey(VoteKind.Promise, m.Bal, 0, m.Cand), new HashSet<int> { v }, reports, _me, ProxySlot: e));
        }
    }

    /// <summary>TLA+ ProxyAccept (§4.3.4 C3 on RootAccept): the acceptor guards of <see cref="OnAccept"/> on each proxy kept for the slot.</summary>
    private void ProxyAccepts(RootAccept m)
    {
        foreach (var ((v, e), p) in _proxies.Where(kv => kv.Key.Slot == m.Epoch).OrderBy(kv => kv.Key).ToList())
        {
            if (!(m.Bal >= p.Promised || S.Mutant == RootMutant.M13AcceptAnyBallot)) continue;
            if (S.Mutant != RootMutant.MRNoRaise && m.Bal > p.Promised) { Observe(new ObsPromise(v, p.Promised, m.Bal, e)); p.Promised = m.Bal; }
            p.AccBal = m.Bal;
            p.AccCfg = m.Cfg;
            Observe(new ObsAct(v, VoteKind.Accepted, m.Bal, e, _me));
            Observe(new ObsAcceptor(v, p.Promised, p.AccBal, e));
            Coverage.Hit("alia-root: a custodian accepted for a replica in its custody");
            Send(m.Leader, new RootVote(new ActKey(VoteKind.Accepted, m.Bal, e, m.Leader), new HashSet<int> { v }, [], _me, ProxySlot: e));
        }
    }

    /// <summary>PAPER_LITERAL: the replicas a delegate believes delegated to it, counted on its own events (TLA+ Phantoms).</summary>
    private IEnumerable<int> Phantoms => S.Mode == DelegationMode.PaperLiteral ? CurrentDelegators : [];

    /// <summary>PAPER_LITERAL: a delegated replica ignores root requests (TLA+ Ignores).</summary>
    private bool Ignores => S.Mode == DelegationMode.PaperLiteral && Delegated;

    /// <summary>
    /// §4.3.2 RouteVote (TLA+ RouteVote): the first answer to an act goes through the delegate while delegated (RELAY); a
    /// retransmission, anything after the budget is spent, or (<paramref name="directOnly"/>) a promise for a nuclear
    /// ballot (§4.10) goes straight to the requester. In PAPER_LITERAL the direct vote also carries the phantom ids.
    /// </summary>
    private void RouteVote(ActKey key, IReadOnlyList<SlotReport> reports, bool directOnly = false, IReadOnlySet<int>? excluded = null)
    {
        bool first = _answered.Add(key);
        if (_restarted) Coverage.Hit("alia-root: a replica voted after a restart");
        if (!directOnly && S.Mode == DelegationMode.Relay && Delegated && first)
        {
            Coverage.Hit("alia-root: a vote went through a delegate");
            Send(_delegTo, new RelayVote(_me, key, reports));
            return;
        }
        if (!first) Coverage.Hit("alia-root: a retransmission was answered directly");
        // A delegate may put its own vote into its buffer, so that one message carries all of them (§4.3.2 DelegateFlush).
        if (!directOnly && S.Mode == DelegationMode.Relay && CurrentDelegators.Any() && first && RandomBoolean())
        {
            OnRelay(new RelayVote(_me, key, reports));
            return;
        }
        var voters = new HashSet<int>(Phantoms) { _me };
        if (voters.Count > 1) Coverage.Hit("alia-root: a delegate voted for replicas it did not hear from");
        Send(key.Cand, new RootVote(key, voters, reports, _me, Excluded: excluded));
    }

    /// <summary>TLA+ Flush's input (§4.3.2 on RelayVote): buffer the vote; forward now or at the next timeout.</summary>
    private void OnRelay(RelayVote v)
    {
        if (!_relay.TryGetValue(v.Key, out var buf)) _relay[v.Key] = buf = [];
        buf.Add(v);
        if (RandomBoolean()) Flush(v.Key); else Arm();
    }

    /// <summary>TLA+ Flush (§4.3.2 DelegateFlush): one message with the ids and reports of every vote held for one act.</summary>
    private void Flush(ActKey key)
    {
        if (!_relay.Remove(key, out var buf) || buf.Count == 0) return;
        var voters = buf.Select(v => v.Voter).ToHashSet();
        Send(key.Cand, new RootVote(key, voters, [.. buf.SelectMany(v => v.Reports)], _me, Forwarded: true));
    }

    // ---------------------------------------------------------------- acceptor (§4.2)

    private void SetPromise(Ballot b)
    {
        if (b == _promised) return;
        Observe(new ObsPromise(_me, _promised, b));
        _promised = b;
    }

    private Ballot MaxAccepted => _accepted.Count == 0 ? Ballot.None : _accepted.Values.Max(a => a.Bal);

    /// <summary>TLA+ Promise (§4.2 on RootPrepare): promise a ballot at least the promise and report slots from <c>low</c> on.</summary>
    private void OnPrepare(RootPrepare m)
    {
        NoteEvent('P', m.Bal, 0);
        _maxRound = Math.Max(_maxRound, m.Bal.Round);
        if (Ignores) { Coverage.Hit("alia-root: a delegated replica ignored a root request"); return; }
        // CUSTODY C2: the slots from low on whose vote this replica handed away; its own promise does not cover them
        HashSet<int>? excluded = null;
        if (S.Mode == DelegationMode.Custody)
        {
            ProxyPromises(m);
            excluded = _custody.Keys.Where(x => x >= m.Low).ToHashSet();
            foreach (var slot in excluded.Order()) Remind(slot);
        }
        if (m.Bal < _promised) { Send(m.Cand, new RootNack(m.Bal, _promised)); return; }
        SetPromise(m.Bal);
        _heardLeader = true;     // §2.1: a promise granted resets the election timer (a candidate is at work)
        if (_role != Role.Follower && m.Bal > _ballot) _role = Role.Follower;
        var reports = new List<SlotReport>();
        foreach (var (e, cfg) in _chosen) if (e >= m.Low) reports.Add(new SlotReport(_me, e, true, Ballot.None, cfg));
        foreach (var (e, a) in _accepted) if (e >= m.Low && !_chosen.ContainsKey(e)) reports.Add(new SlotReport(_me, e, false, a.Bal, a.Cfg));
        Observe(new ObsAct(_me, VoteKind.Promise, m.Bal, 0, _me));
        // CUSTODY: the promise is also an act for each slot from low on that it covers
        if (excluded is not null)
            for (int e = m.Low; e <= S.MaxEpoch; e++)
                if (!excluded.Contains(e)) Observe(new ObsAct(_me, VoteKind.Promise, m.Bal, e, _me));
        Observe(new ObsAcceptor(_me, _promised, MaxAccepted));
        RouteVote(new ActKey(VoteKind.Promise, m.Bal, 0, m.Cand), reports, directOnly: m.Nuclear, excluded);
        MaybeDelegate();
    }

    /// <summary>TLA+ Accept (§4.2 on RootAccept): accept at a ballot at least the promise (M13: any ballot) unless the slot is learned.</summary>
    private void OnAccept(RootAccept m)
    {
        NoteEvent('A', m.Bal, m.Epoch);
        if (Ignores) { Coverage.Hit("alia-root: a delegated replica ignored a root request"); return; }
        if (_chosen.TryGetValue(m.Epoch, out var known)) { Send(m.Leader, new RootCommit(m.Epoch, known)); return; }
        if (S.Mode == DelegationMode.Custody)
        {
            ProxyAccepts(m);
            if (_custody.ContainsKey(m.Epoch)) { Remind(m.Epoch); MaybeDelegate(); return; }
        }
        if (!(m.Bal >= _promised || S.Mutant == RootMutant.M13AcceptAnyBallot)) { Send(m.Leader, new RootNack(m.Bal, _promised)); return; }
        _heardLeader = true;     // §2.1: a RootAccept at or above the promise comes from a live leader
        if (m.Bal < _promised) Coverage.Hit("alia-root: M13 accepted below the promise");
        if (S.Mutant != RootMutant.MRNoRaise && m.Bal > _promised) SetPromise(m.Bal);     // MR: the promise is not raised
        _accepted[m.Epoch] = (m.Bal, m.Cfg);
        Observe(new ObsAct(_me, VoteKind.Accepted, m.Bal, m.Epoch, _me));
        Observe(new ObsAcceptor(_me, _promised, MaxAccepted));
        RouteVote(new ActKey(VoteKind.Accepted, m.Bal, m.Epoch, m.Leader), []);
        MaybeDelegate();
    }

    /// <summary>
    /// TLA+ Learn (§4.2 Learn): record the chosen configuration (the monitors compare every learner's). With the data plane
    /// attached, TLA+ Alia Announce (§4.4): tell every data-plane node that epoch <paramref name="e"/> is known.
    /// </summary>
    private void Learn(int e, string cfg)
    {
        if (_chosen.TryGetValue(e, out var had) && had == cfg) return;
        Observe(new ObsLearned(_me, e, cfg));
        bool fresh = _chosen.TryAdd(e, cfg);
        if (fresh && Init.Announce is { } nodes)
        {
            Observe(new ObsAnnounced(_me, e, cfg));
            Coverage.Hit("alia-sys: a root replica announced an epoch it learned");
            foreach (var n in nodes) Route(n, new AliaMsg(new NewEpoch(e)));
        }
    }

    // ---------------------------------------------------------------- proposer and leader (§4.2)

    /// <summary>
    /// §2.1 rootTimer fired. With heartbeats (the liveness runs) a replica that saw a leader or a candidate at work since
    /// the last timeout (a heartbeat, a RootAccept, a promise it granted, its own election) lets it pass, so a live leader
    /// is not challenged and a candidate gets a full period; otherwise it runs for leader.
    /// </summary>
    private void OnElectionTimeout()
    {
        if (S.Heartbeats && _heardLeader) { _heardLeader = false; return; }
        StartElection();
    }

    /// <summary>
    /// TLA+ StartElection (§4.2 RootStartElection): a fresh ballot above every round seen; RootPrepare to all. In RELAY
    /// half the elections are nuclear (§4.10 NuclearElection: the trigger, a failed election, is a timer, so as in the
    /// TLA+ spec any election may be one); the seed's nuclear rule is not modelled for PAPER_LITERAL.
    /// </summary>
    private void StartElection()
    {
        if (_role == Role.Leader) return;
        _maxRound = Math.Max(_maxRound, _promised.Round) + 1;
        _ballot = new Ballot(_maxRound, _me);
        _nuclear = S.Mode == DelegationMode.Relay && RandomBoolean();
        _role = Role.Candidate;
        _heardLeader = true;     // a candidate lets the next timeout pass: its own election is at work
        _promises.Clear();
        _slotPromises.Clear();
        _low = CommitEpoch + 1;
        _reports.Clear();
        _proposal.Clear();
        _accepts.Clear();
        _retries = 0;
        SendAll(new RootPrepare(_ballot, _me, CommitEpoch + 1, _nuclear));
        Arm();
    }

    /// <summary>A vote for one of this replica's requests: count its ids (R2) and declare a quorum when they reach one (R3).</summary>
    private void OnVote(RootVote v)
    {
        if (v.Key.Bal != _ballot || v.Key.Cand != _me) return;
        if (v.Key.Kind == VoteKind.Promise && _role == Role.Candidate)
        {
            _reports.AddRange(v.Reports);
            if (S.Mode == DelegationMode.Custody) { CountSlotPromise(v); if (SlotQuorums()) BecomeLeader(); return; }
            _promises.Add(v, S.N);
            if (IsQuorum(_promises)) BecomeLeader();
        }
        else if (v.Key.Kind == VoteKind.Accepted && _role == Role.Leader && _proposal.ContainsKey(v.Key.Epoch) && !_chosen.ContainsKey(v.Key.Epoch))
        {
            var t = _accepts[v.Key.Epoch];
            t.Add(v, S.N);
            if (IsQuorum(t)) Decide(v.Key.Epoch);
        }
    }

    /// <summary>The slots a CUSTODY candidate needs promises for: every slot of the run from its commit point at the election on.</summary>
    private IEnumerable<int> PhaseOneSlots => Enumerable.Range(_low, Math.Max(0, S.MaxEpoch - _low + 1));

    /// <summary>CUSTODY: a custodian's promise counts for its one slot; a replica's own promise for every slot it did not exclude (C2).</summary>
    private void CountSlotPromise(RootVote v)
    {
        _promises.Add(v, S.N);        // every promise: the tally used when every slot of the run is chosen already
        foreach (var e in PhaseOneSlots)
        {
            if (v.ProxySlot != 0 ? v.ProxySlot != e : v.Excluded?.Contains(e) == true) continue;
            if (!_slotPromises.TryGetValue(e, out var t)) _slotPromises[e] = t = new Tally();
            t.Add(v, S.N);
        }
    }

    /// <summary>CUSTODY: a quorum of promises in every slot of <see cref="PhaseOneSlots"/> (of the replicas' own promises when none is left).</summary>
    private bool SlotQuorums() => PhaseOneSlots.Any()
        ? PhaseOneSlots.All(e => _slotPromises.TryGetValue(e, out var t) && IsQuorum(t))
        : IsQuorum(_promises);

    /// <summary>TLA+ IsQuorum (§4.3.2 R2, R3): a strict majority of the universe, counted as a set of ids (M2: a sum; M4: 2|ids| ≥ N; M17: senders against a majority of the subquorums; MU: every replica).</summary>
    private bool IsQuorum(Tally t) => S.Mutant switch
    {
        RootMutant.M2SumCount => 2 * t.Sum > S.N,
        RootMutant.M4OffByOne => 2 * t.Ids.Count >= S.N,
        RootMutant.M17SenderCount => 2 * t.Senders.Count > RootSettings.M17Subquorums,
        RootMutant.MUUnanimity => t.Ids.Count == S.N,
        _ => 2 * t.Ids.Count > S.N,
    };

    /// <summary>
    /// TLA+ BecomeLeader (§4.2 BecomeRootLeader): learn the slots reported chosen, re-propose in each slot the value
    /// reported accepted at the highest ballot (TLA+ ReproposeSlots; a nuclear leader too, §4.10; M12: a nuclear leader
    /// skips the slot after its commit point and proposes its own value there), stop at the first slot nobody
    /// reported; then open the next slot.
    /// </summary>
    private void BecomeLeader()
    {
        _role = Role.Leader;
        _retries = 0;
        if (S.Mode == DelegationMode.Custody && PhaseOneSlots.Any())
            foreach (var e in PhaseOneSlots)
            {
                Observe(new ObsTally(VoteKind.Promise, _ballot, e, new HashSet<int>(_slotPromises[e].Ids)));
                if (_slotPromises[e].ViaCustodian) Coverage.Hit("alia-root: a quorum counted a custodian's vote");
            }
        else Observe(new ObsTally(VoteKind.Promise, _ballot, 0, new HashSet<int>(_promises.Ids)));
        if (_promises.ViaDelegate) Coverage.Hit("alia-root: a quorum counted a delegate's message with two or more votes");
        for (int e = CommitEpoch + 1; e <= S.MaxEpoch; e++)
        {
            var chosen = _reports.FirstOrDefault(p => p.Epoch == e && p.Chosen);
            if (chosen is not null) { Coverage.Hit("alia-root: a leader learned a slot from a promise report"); Learn(e, chosen.Cfg); continue; }
            var acc = _reports.Where(p => p.Epoch == e && !p.Chosen).ToList();
            if (acc.Count == 0) break;
            if (_nuclear && S.Mutant == RootMutant.M12NuclearIgnoresPhase1 && e == CommitEpoch + 1)
            {
                Coverage.Hit("alia-root: M12 a nuclear leader skipped a reported configuration");
                break;
            }
            var top = acc.MaxBy(p => p.VBal)!;
            Coverage.Hit("alia-root: a new leader re-proposed a reported accepted configuration");
            if (_nuclear) Coverage.Hit("alia-root: a nuclear leader re-proposed a reported accepted configuration");
            Open(e, top.Cfg);
        }
        ProposeNext();
        Arm();
    }

    /// <summary>Sends RootAccept for slot <paramref name="e"/> in this ballot.</summary>
    private void Open(int e, string cfg)
    {
        _proposal[e] = cfg;
        _accepts[e] = new Tally();
        Observe(new ObsProposed(e, cfg, _ballot));
        SendAll(new RootAccept(_ballot, e, cfg, _me));
        Arm();
    }

    /// <summary>
    /// TLA+ Propose (§4.2 RootPropose, alpha = 1): with no slot open, open the first slot not learned with a new
    /// configuration (opaque here: it names its epoch, proposer and round). MA opens the slot after an open one too.
    /// </summary>
    private void ProposeNext()
    {
        if (_role != Role.Leader) return;
        bool open = _proposal.Keys.Any(e => !_chosen.ContainsKey(e));
        int next = S.Mutant == RootMutant.MAAlphaTwo && _proposal.Count > 0 ? Math.Max(CommitEpoch, _proposal.Keys.Max()) + 1 : CommitEpoch + 1;
        if (next > S.MaxEpoch || _proposal.ContainsKey(next) || (open && S.Mutant != RootMutant.MAAlphaTwo)) return;
        Open(next, $"cfg{next}-r{_me}-b{_ballot.Round}");
        if (S.Mutant == RootMutant.MAAlphaTwo) ProposeNext();
    }

    /// <summary>TLA+ Decide (§4.2 on RootAccepted from a quorum): chosen; RootCommit to everyone; open the next slot (MV: another value is committed).</summary>
    private void Decide(int e)
    {
        var cfg = S.Mutant == RootMutant.MVOtherValue ? _proposal[e] + "'" : _proposal[e];
        var t = _accepts[e];
        Observe(new ObsTally(VoteKind.Accepted, _ballot, e, new HashSet<int>(t.Ids)));
        if (t.ViaDelegate) Coverage.Hit("alia-root: a quorum counted a delegate's message with two or more votes");
        if (t.ViaCustodian) Coverage.Hit("alia-root: a quorum counted a custodian's vote");
        Observe(new ObsDecided(e, cfg, _ballot));
        Coverage.Hit("alia-root: a configuration was chosen");
        if (e >= 2) Coverage.Hit("alia-root: epoch 2 was chosen");
        Learn(e, cfg);
        SendAll(new RootCommit(e, cfg));
        _retries = 0;
        ProposeNext();
    }

    /// <summary>§4.2 on RootNack: a higher ballot exists; step down.</summary>
    private void OnNack(RootNack m)
    {
        if (m.Bal != _ballot || _role == Role.Follower) return;
        _maxRound = Math.Max(_maxRound, m.Promised.Round);
        _role = Role.Follower;
    }

    // ---------------------------------------------------------------- timers, crashes

    /// <summary>
    /// Whether to re-send the outstanding request once more: at most <see cref="MaxRetries"/> times, or for ever in the
    /// liveness runs (brief §6.2: a message re-sent for ever between live replicas is eventually delivered).
    /// </summary>
    private bool Retry() => _retries++ < MaxRetries || S.Heartbeats;

    /// <summary>The timer runs while there is work: votes to forward, or a request of this replica's ballot to re-send.</summary>
    private void Arm()
    {
        if (_ticking || _down) return;
        _ticking = true;
        StartTimer();
    }

    /// <summary>
    /// A timeout flushes every relay buffer and re-sends the outstanding request of this ballot (at most
    /// <see cref="MaxRetries"/> times). M3: the silent replicas are taken for dead and the majority is taken over the rest.
    /// </summary>
    private void OnTimeout(Event e)
    {
        if (_down || ((NetTimeout)e).Id != CurrentTimer) return;
        _ticking = false;
        foreach (var key in _relay.Keys.ToList()) Flush(key);
        if (_role == Role.Candidate)
        {
            if (S.Mutant == RootMutant.M3LiveMajority && _promises.Ids.Count > 0) { BecomeLeader(); return; }
            // CUSTODY: a re-sent prepare keeps the election's low, the slots the promises are counted for
            if (Retry()) { SendAll(new RootPrepare(_ballot, _me, S.Mode == DelegationMode.Custody ? _low : CommitEpoch + 1, _nuclear)); Arm(); }
        }
        else if (_role == Role.Leader)
        {
            if (S.Heartbeats) { SendAll(new RootHeartbeat(_ballot, _me)); Arm(); }
            var open = _proposal.Keys.Where(x => !_chosen.ContainsKey(x)).Order().ToList();
            if (open.Count == 0) return;
            if (S.Mutant == RootMutant.M3LiveMajority && _accepts[open[0]].Ids.Count > 0) { Decide(open[0]); return; }
            if (Retry()) { foreach (var x in open) SendAll(new RootAccept(_ballot, x, _proposal[x], _me)); Arm(); }
        }
    }

    /// <summary>TLA+ Crash: the volatile state is lost.</summary>
    private void OnCrash()
    {
        _down = true;
        _role = Role.Follower;
        _ballot = Ballot.None;
        _promises.Clear();
        _slotPromises.Clear();
        _reports.Clear();
        _proposal.Clear();
        _accepts.Clear();
        _delegTo = -1;
        _delegators.Clear();
        _relay.Clear();
        _answered.Clear();
        _seen.Clear();
        _ticking = false;
        _heardLeader = false;
    }

    /// <summary>TLA+ Recover: the durable state is back (MP: the promise falls back to the highest accepted ballot).</summary>
    private void OnRestart()
    {
        if (!_down) return;
        _down = false;
        _restarted = true;
        if (S.Mutant == RootMutant.MPPromiseLost) SetPromise(MaxAccepted);
        Observe(new ObsAcceptor(_me, _promised, MaxAccepted));
    }
}
