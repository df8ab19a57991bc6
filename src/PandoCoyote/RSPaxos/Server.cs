using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Codec;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.RSPaxos;

/// <summary>
/// An RS-Paxos server of one group (brief RSPaxos §2.4, §4.2–4.7): acceptor (one share per accepted entry), learner, and
/// the leader's proposer with batch-prepare takeover (slow path), one-round-trip writes (fast path), CONSISTENT reads as
/// READMARK log entries, FAST reads from the lease-holding leader's cache, and recovery reads that rebuild a value from X
/// shares. Handlers name the brief's pseudo-code step they implement; for the single-decree core the TLA+ action of
/// <c>specs/RSPaxos.tla</c> is named too (Phase1b, Phase2a, Phase2b, Learn).
/// <para>
/// Durable (brief §1.4): the promise, the log of accepted entries (ballot, vid, own share, metadata), the catch-up shares
/// (§4.7) and the vid counter.
/// Everything else is volatile: after a crash the server ignores every message until it restarts as a follower that
/// knows no decision (it re-learns from Commits or from its own takeover). Server i holds share index i. Server 0 leads
/// ballot 1 from the start with its lease; an election starts only when the environment sends <see cref="TakeOver"/>.
/// </para>
/// <para>Catch-up (§4.7): a restarted server, and a server that learns a write decided whose share it lacks, asks the
/// leader, which re-encodes the values it holds in full and sends the asker its share; the share is kept durably apart
/// from the log (brief [PROPOSED]: not reported in promises) and served to recovery reads. Not implemented: the leader's
/// recovery read for a catch-up of a value it holds only as a share, and view change (§4.8).</para>
/// <para>Log truncation (§4.9 [PROPOSED], with <see cref="RspSettings.Gc"/>): applying an instance puts the server's
/// share into its local store, which is not flushed (volatile); a checkpoint, at a point Coyote chooses after an apply,
/// makes the store's shares durable outside the log; then every applied log entry whose share is checkpointed is dropped
/// (M13: whose share is merely in the store). A promise reports a checkpointed share of a truncated instance flagged
/// decided, and a new leader takes such an instance as decided (it sends a Commit for it and does not re-propose it;
/// <c>specs/RSPaxosLog.tla</c> re-proposes the flagged vid instead: both keep the chosen vid).</para>
/// </summary>
[OnEventDoAction(typeof(RspMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
[OnEventDoAction(typeof(TakeOver), nameof(OnTakeOver))]
[OnEventDoAction(typeof(LeaseExpired), nameof(OnLeaseExpired))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class Server : RspActor<ServerInit>
{
    private enum Role { Follower, Candidate, Leader }

    private sealed class Inflight(RspVid vid, byte[]? value, RspMeta meta)
    {
        public RspVid Vid { get; set; } = vid;
        public byte[]? Value { get; } = value;
        public RspMeta Meta { get; } = meta;
        public List<int> Acks { get; } = [];   // distinct senders of Accepted (MDA: every Accepted)
    }

    private sealed record StoreEntry(int Slot, RspVid Vid, byte[]? Full);

    private sealed class Recovery(ClientRead read, int slot, RspVid vid, int len, string path)
    {
        public ClientRead Read { get; } = read;
        public int Slot { get; } = slot;
        public RspVid Vid { get; } = vid;
        public int Len { get; } = len;
        public string Path { get; } = path;
        public List<RspShare> Shares { get; } = [];
    }

    private int _id;
    private RspSettings _s = null!;
    private RspParams P => _s.P;
    private RspMutant Mutant => _s.Mutant;
    private ReedSolomon _codec = null!;

    // durable (§2.4)
    private int _promised = 1;
    private readonly SortedDictionary<int, PromiseEntry> _log = [];
    private readonly SortedDictionary<int, PromiseEntry> _learned = [];   // catch-up shares (§4.7), flagged decided
    private readonly SortedDictionary<int, PromiseEntry> _ckpt = [];      // checkpointed shares (§4.9), flagged decided
    private int _vidCounter;

    // volatile (§2.4)
    private Role _role;
    private int _bal, _nextInst = 1, _hi, _applyIndex, _leaderHint, _reqIds;
    private bool _ready, _lease, _timerOn, _down;
    private readonly Dictionary<int, Inflight> _inflight = [];
    private readonly Dictionary<int, (RspVid Vid, RspMeta Meta)> _decided = [];
    private readonly Dictionary<int, StoreEntry> _store = [];
    private readonly Dictionary<int, int> _dedup = [];
    private readonly Dictionary<int, ActorId> _clients = [];
    private readonly Dictionary<int, List<ClientRead>> _pendingReads = [];
    private readonly Dictionary<int, IReadOnlyList<PromiseEntry>> _promises = [];
    private readonly List<object> _queued = [];
    private readonly Dictionary<int, Recovery> _recoveries = [];
    private readonly HashSet<int> _askedAfter = [];              // catch-up requests sent since the last restart
    private readonly Dictionary<int, PromiseEntry> _unflushed = []; // shares in the local store, not yet checkpointed (§4.9)

    /// <inheritdoc/>
    protected override RspSettings Settings => Init.Settings;

    /// <inheritdoc/>
    protected override ActorId NetOf(ServerInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize()
    {
        _id = Init.Id;
        _s = Init.Settings;
        _codec = P.Codec();
        Reset();
        if (_id == 0)
        {
            _role = Role.Leader; _bal = 1; _ready = true; _lease = true;
            ObserveLocal(new LocalBallotStart(Node, "", B(1), "Init (server 0 leads ballot 1)"));
        }
    }

    // The node-local observations (catalogue RSP-N1..N5): a server is named s<id>, a ballot b is ⟨b, 0⟩, and the value of
    // an accepted entry is its vid (each acceptor holds a different share of the same vid).
    private string Node => $"s{_id}";
    private static Ballot B(int b) => new(b, 0);
    private void ReportPromise(string action) => ObserveLocal(new LocalPromise(Node, B(_promised), action));

    private void Reset()
    {
        _role = Role.Follower;
        _bal = 0; _nextInst = 1; _hi = 0; _applyIndex = 0;
        _ready = false; _lease = false; _timerOn = false;
        _inflight.Clear(); _decided.Clear(); _store.Clear(); _dedup.Clear(); _pendingReads.Clear();
        _promises.Clear(); _queued.Clear(); _recoveries.Clear(); _askedAfter.Clear(); _unflushed.Clear();
        _leaderHint = _s.Owner(Math.Max(1, _promised));
    }

    private void OnCrash() => _down = true;

    /// <summary>§4.7 restart: reload the promise and the log (M8: the promise falls back to the highest accepted ballot), forget the rest.</summary>
    private void OnRestart(Event e)
    {
        if (!_down) return;
        _down = false;
        if (((Restart)e).DiskLost) throw new InvalidOperationException("RS-Paxos servers never lose their disk here (brief §1.2: S7 is not exercised)");
        if (Mutant == RspMutant.M8PromiseNotDurable) _promised = _log.Values.Select(x => x.Bal).DefaultIfEmpty(1).Max();
        Reset();
        ReportPromise("Restart");
        Observe(new ObsRestart(_id));
        AskCatchUp(0);
    }

    /// <summary>§4.7 ask the leader (as far as this server knows it) for every decided instance after the given one.</summary>
    private void AskCatchUp(int after)
    {
        if (_s.CatchUp && _leaderHint != _id && _askedAfter.Add(after)) { Send(_leaderHint, new CatchUpRequest(_id, after)); Coverage.Hit("rsp: a server asked the leader for catch-up"); }
    }

    /// <summary>This server's share of (slot, vid): the accepted entry, the catch-up share, the checkpointed share, the share in the unflushed store, or none.</summary>
    private PromiseEntry? OwnShare(int slot, RspVid vid) =>
        _log.TryGetValue(slot, out var e) && e.Vid == vid ? e
        : _learned.TryGetValue(slot, out var l) && l.Vid == vid ? l
        : _ckpt.TryGetValue(slot, out var c) && c.Vid == vid ? c
        : _unflushed.TryGetValue(slot, out var u) && u.Vid == vid ? u : null;

    /// <summary>What a promise reports (TLA+ Phase1b): the accepted entries from fromInst on, and the checkpointed shares of truncated instances flagged decided (§4.9).</summary>
    private List<PromiseEntry> Reported(int fromInst) =>
        _log.Values.Where(x => x.Slot >= fromInst)
            .Concat(_ckpt.Values.Where(x => x.Slot >= fromInst && !_log.ContainsKey(x.Slot)).Select(x => x with { Decided = true }))
            .ToList();

    private bool HasShare(int slot, RspVid vid) => OwnShare(slot, vid) is not null;

    /// <summary>
    /// §4.7 Leader on CatchUpRequest: every decided instance after the asker's point, with the asker's share of a write
    /// re-encoded from the full value when this leader holds it (M9: numbered with the leader's own index).
    /// </summary>
    private void OnCatchUpRequest(CatchUpRequest m)
    {
        if (_role != Role.Leader) return;
        for (int s = m.After + 1; s <= _applyIndex; s++)
        {
            if (!_decided.TryGetValue(s, out var d)) continue;
            RspShare? share = null;
            if (d.Meta.Op == RspOp.Put && FullValue(s, d.Vid) is { } value)
            {
                int idx = Mutant == RspMutant.M9CatchUpOwnIndex ? _id : m.From;
                share = new RspShare(idx, _codec.Encode(value)[idx]);
                Coverage.Hit("rsp: the leader re-encoded a share for catch-up");
            }
            Send(m.From, new CatchUpShare(_id, s, d.Vid, d.Meta, share));
        }
    }

    /// <summary>The full value of (slot, vid) if this server has it: it proposed it, or its store holds it in full.</summary>
    private byte[]? FullValue(int slot, RspVid vid)
    {
        if (_inflight.TryGetValue(slot, out var f) && f.Vid == vid && f.Value is { } v) return v;
        return _store.Values.FirstOrDefault(e => e.Slot == slot && e.Vid == vid)?.Full;
    }

    /// <summary>§4.7 on CatchUpShare: keep the share durably (if it is news), then learn the decision as from a Commit.</summary>
    private void OnCatchUpShare(CatchUpShare m)
    {
        if (m.Share is { } sh && !HasShare(m.Slot, m.Vid))
        {
            _learned[m.Slot] = new PromiseEntry(m.Slot, 0, m.Vid, sh, m.Meta);
            Observe(new ObsLearnedShare(_id, m.Slot, m.Vid, sh));
            Coverage.Hit("rsp: a catch-up share was installed");
        }
        OnCommit(new Commit(m.Slot, m.Vid, m.Meta));
    }

    private void OnTakeOver() { if (!_down) StartElection(); }

    /// <summary>§4.6 the lease ran out: no more FAST reads; tell the environment so the next leader may be elected.</summary>
    private void OnLeaseExpired()
    {
        _lease = false;
        if (Init.Elector is { } el) SendEvent(el, new LeaseGone());
    }

    private void OnMsg(Event e)
    {
        if (_down) return;
        switch (((RspMsg)e).Body)
        {
            case ClientWrite m: OnClientWrite(m); break;
            case ClientRead m: OnClientRead(m); break;
            case Prepare m: OnPrepare(m); break;
            case Promise m: OnPromise(m); break;
            case Accept m: OnAccept(m); break;
            case Accepted m: OnAccepted(m); break;
            case Nack m: OnNack(m); break;
            case Commit m: OnCommit(m); break;
            case ShareRequest m: OnShareRequest(m); break;
            case ShareReply m: OnShareReply(m); break;
            case CatchUpRequest m: OnCatchUpRequest(m); break;
            case CatchUpShare m: OnCatchUpShare(m); break;
        }
    }

    private void Send(int to, object body) => SendMsg(Init.Servers[to], body);
    private void BroadcastOthers(Func<int, object> body) { for (int r = 0; r < P.N; r++) if (r != _id) Send(r, body(r)); }

    // ------------------------------------------------------------------ acceptor (§4.2, §4.4 "Acceptor side")

    /// <summary>
    /// §4.4 on Prepare (TLA+ Phase1b): promise a higher ballot and report every accepted entry from fromInst on. A
    /// retransmitted Prepare of the ballot already promised is answered again (§4.2 [PROPOSED]; a proposer still in phase 1
    /// has sent no Accept of that ballot).
    /// </summary>
    private void OnPrepare(Prepare m)
    {
        if (m.Bal >= _promised)
        {
            _promised = m.Bal;
            ReportPromise("Phase1b");
            StepDown(m.Bal);
            Send(m.From, new Promise(_id, m.Bal, Reported(m.FromInst)));
        }
        else Send(m.From, new Nack(m.Bal, _promised));
    }

    /// <summary>
    /// §4.4 on Accept (TLA+ Phase2b): accept unless promised higher (M6: always), raise the promise (M5: not), keep the
    /// entry with its share, and answer the leader.
    /// </summary>
    private void OnAccept(Accept m)
    {
        if (m.Bal >= _promised || Mutant == RspMutant.M6AcceptAny)
        {
            if (m.Bal > _promised && Mutant != RspMutant.M5NoRaiseOnAccept) { _promised = m.Bal; StepDown(m.Bal); }
            if (_log.TryGetValue(m.Slot, out var had) && had.Bal > m.Bal) Coverage.Hit("rsp: an accepted entry was replaced by a lower ballot (M5, M6)");
            _log[m.Slot] = new PromiseEntry(m.Slot, m.Bal, m.Vid, m.Share, m.Meta);
            ObserveLocal(new LocalVote(Node, $"{m.Slot}", B(m.Bal), m.Vid.ToString(), B(_promised), "Phase2b"));
            Observe(new ObsAccept(_id, m.Slot, m.Bal, m.Vid, m.Share, m.Meta));
            Send(m.From, new Accepted(_id, m.Slot, m.Bal, m.Vid));
            if (Mutant == RspMutant.MXApplyUndecided) { _decided.TryAdd(m.Slot, (m.Vid, m.Meta)); ApplyReady(); }
        }
        else Send(m.From, new Nack(m.Bal, _promised));
    }

    // ------------------------------------------------------------------ learner and apply (§4.4)

    /// <summary>
    /// §4.4 Follower learning (TLA+ Learn): a Commit gives the vid of a decided instance. A Commit of another vid for an
    /// instance this server already decided is reported (RSP-S4 catches it) and not applied: the decision is never rewritten.
    /// </summary>
    private void OnCommit(Commit m)
    {
        if (_decided.TryGetValue(m.Slot, out var had))
        {
            if (had.Vid != m.Vid) Observe(new ObsDecided(_id, m.Slot, m.Vid));
            return;
        }
        _decided[m.Slot] = (m.Vid, m.Meta);
        Observe(new ObsDecided(_id, m.Slot, m.Vid));
        if (m.Meta.Op == RspOp.Put && !HasShare(m.Slot, m.Vid)) AskCatchUp(m.Slot - 1);   // §4.7: a share this server lacks
        ApplyReady();
    }

    /// <summary>
    /// §4.4 ApplyReady: apply decided instances in log order. A Put stores the full value where this server has it (it
    /// proposed or rebuilt it) and otherwise marks the key PARTIAL; a retried write already applied for its client is
    /// skipped (dedup [PROPOSED]); a READMARK answers the reads waiting on it. The leader answers the writer here. A new
    /// leader is ready (§4.4) once it has applied through every instance its takeover found.
    /// </summary>
    private void ApplyReady()
    {
        while (_decided.TryGetValue(_applyIndex + 1, out var d))
        {
            int s = _applyIndex + 1;
            var m = d.Meta;
            _applyIndex = s;
            if (m.Op == RspOp.Put)
            {
                if (!_dedup.TryGetValue(m.Client, out var last) || m.Seq > last)
                {
                    _dedup[m.Client] = m.Seq;
                    var full = _inflight.TryGetValue(s, out var f) && f.Vid == d.Vid ? f.Value : null;
                    _store[m.Key] = new StoreEntry(s, d.Vid, full);
                }
                else Coverage.Hit("rsp: a retried write was applied once");
            }
            Observe(new ObsApply(_id, s, d.Vid, m, m.Key >= 0 && _store.TryGetValue(m.Key, out var st) ? st.Vid : null));
            if (_s.Gc && _log.TryGetValue(s, out var own) && own.Vid == d.Vid) _unflushed[s] = own;
            if (_role != Role.Leader) continue;
            if (m.Op == RspOp.Put && _clients.TryGetValue(m.Client, out var c)) SendMsg(c, new ClientReply(m.Seq, null, "write"));
            if (m.Op == RspOp.ReadMark && _pendingReads.Remove(s, out var reads))
                foreach (var r in reads) AnswerRead(r, "consistent");
        }
        if (_s.Gc && _unflushed.Count > 0) CollectGarbage();
        if (_role == Role.Leader && !_ready && _applyIndex >= _hi)
        {
            _ready = true;
            _lease = true;                                      // the election granted it (§4.6); the old leader's has run out
            Coverage.Hit("rsp: a new leader applied the instances it took over and serves FAST reads");
        }
    }

    /// <summary>
    /// §4.9 [PROPOSED] after an apply: maybe checkpoint (Coyote chooses when the store is flushed), then drop every applied
    /// log entry whose share is checkpointed (condition 3; M13: whose share is in the unflushed store).
    /// </summary>
    private void CollectGarbage()
    {
        if (RandomBoolean())
        {
            foreach (var (s, e) in _unflushed)
            {
                _ckpt[s] = e;
                Observe(new ObsCheckpoint(_id, s, e.Vid));
            }
            _unflushed.Clear();
            Coverage.Hit("rsp: a checkpoint flushed the store's shares");
        }
        foreach (var s in _log.Keys.Where(s => s <= _applyIndex).ToList())
        {
            var e = _log[s];
            bool safe = _ckpt.TryGetValue(s, out var c) && c.Vid == e.Vid
                || Mutant == RspMutant.M13TruncateUnflushed && _unflushed.TryGetValue(s, out var u) && u.Vid == e.Vid;
            if (!safe || !_decided.TryGetValue(s, out var d) || d.Vid != e.Vid) continue;
            _log.Remove(s);
            Observe(new ObsTruncate(_id, s));
            Coverage.Hit("rsp: a server truncated its log");
        }
    }

    // ------------------------------------------------------------------ reads (§4.5)

    /// <summary>§4.5 answer a read from the local store: FULL ⇒ the value, absent ⇒ NOT_FOUND, PARTIAL ⇒ a recovery read.</summary>
    private void AnswerRead(ClientRead r, string path)
    {
        _clients[r.Cid] = r.Client;
        if (!_store.TryGetValue(r.Key, out var e)) { SendMsg(r.Client, new ClientReply(r.Seq, null, path)); return; }
        if (e.Full is { } v) { SendMsg(r.Client, new ClientReply(r.Seq, v, path)); return; }
        StartRecovery(r, e.Slot, e.Vid, path + "+recovery");
    }

    /// <summary>§4.5 RecoveryRead: gather X shares of (slot, vid) (M12: any shares of the key) and decode.</summary>
    private void StartRecovery(ClientRead r, int slot, RspVid vid, string path)
    {
        int id = ++_reqIds;
        var rec = new Recovery(r, slot, vid, _decided.TryGetValue(slot, out var d) ? d.Meta.Len : 0, path);
        _recoveries[id] = rec;
        if (OwnShare(slot, vid) is { } own) rec.Shares.Add(own.Share);
        Coverage.Hit("rsp: a recovery read started");
        BroadcastOthers(_ => new ShareRequest(_id, id, slot, vid, r.Key));
        ArmTimer();
        TryFinishRecovery(id);
    }

    /// <summary>§4.5 on ShareRequest: the share of (slot, vid) if this server accepted it or holds it as a catch-up share (M12: its newest entry for the key).</summary>
    private void OnShareRequest(ShareRequest m)
    {
        PromiseEntry? e = Mutant == RspMutant.M12SharesByKey
            ? _log.Values.LastOrDefault(x => x.Meta.Op == RspOp.Put && x.Meta.Key == m.Key)
            : OwnShare(m.Slot, m.Vid);
        if (e is not null) Send(m.From, new ShareReply(_id, m.ReqId, e.Slot, e.Vid, e.Share, e.Meta));
    }

    private void OnShareReply(ShareReply m)
    {
        if (!_recoveries.TryGetValue(m.ReqId, out var rec)) return;
        bool match = m.Slot == rec.Slot && m.Vid == rec.Vid;
        if (!match && !(Mutant == RspMutant.M12SharesByKey && m.Meta.Op == RspOp.Put && m.Meta.Key == rec.Read.Key)) return;
        if (!match) Coverage.Hit("rsp: a recovery read took a share of another version (M12)");
        rec.Shares.Add(m.Share);
        TryFinishRecovery(m.ReqId);
    }

    /// <summary>With the decode threshold of distinct indices: decode, check the digest [PROPOSED], upgrade the cache, answer.</summary>
    private void TryFinishRecovery(int id)
    {
        var rec = _recoveries[id];
        if (rec.Shares.Select(x => x.Idx).Distinct().Count() < _s.DecodeThreshold) return;
        _recoveries.Remove(id);
        byte[] value;
        try { value = _s.Decode(rec.Shares, rec.Len); }
        catch (CodecException) { value = []; }                  // shares of different lengths (M12): nothing sensible decodes
        Observe(new ObsRecovered(_id, rec.Slot, rec.Vid, value));
        Coverage.Hit("rsp: a recovery read rebuilt a value from shares");
        if (_store.TryGetValue(rec.Read.Key, out var st) && st.Slot == rec.Slot && st.Vid == rec.Vid && RspValues.Digest(value) == DigestOf(rec.Slot))
            _store[rec.Read.Key] = st with { Full = value };
        SendMsg(rec.Read.Client, new ClientReply(rec.Read.Seq, value, rec.Path));
    }

    private ulong DigestOf(int slot) => _decided.TryGetValue(slot, out var d) ? d.Meta.Digest : 0;

    // ------------------------------------------------------------------ the leader's client handling (§4.4, §4.5)

    /// <summary>§4.4 on ClientWrite: a leader proposes it in the next instance (fast path) unless it is applied (answer again) or in flight; a candidate queues it; a follower redirects.</summary>
    private void OnClientWrite(ClientWrite w)
    {
        _clients[w.Cid] = w.Client;
        if (_role == Role.Candidate) { _queued.Add(w); return; }
        if (_role != Role.Leader) { SendMsg(w.Client, new Redirect(_id, w.Seq, _leaderHint)); return; }
        if (_dedup.TryGetValue(w.Cid, out var last) && last >= w.Seq) { SendMsg(w.Client, new ClientReply(w.Seq, null, "write")); return; }
        if (_inflight.Values.Any(f => f.Meta.Op == RspOp.Put && f.Meta.Client == w.Cid && f.Meta.Seq == w.Seq)) return;
        var meta = new RspMeta(RspOp.Put, w.Key, w.Cid, w.Seq, w.Value.Length, RspValues.Digest(w.Value));
        Phase2(_nextInst++, NewVid(w.Value, meta), w.Value, meta);
    }

    /// <summary>§4.5 on ClientRead: FAST at a ready lease holder; otherwise a READMARK instance answered when it is applied.</summary>
    private void OnClientRead(ClientRead r)
    {
        _clients[r.Cid] = r.Client;
        if (_role == Role.Candidate) { _queued.Add(r); return; }
        if (_role != Role.Leader) { SendMsg(r.Client, new Redirect(_id, r.Seq, _leaderHint)); return; }
        if (r.Fast && (_ready || Mutant == RspMutant.M11NotReady) && _lease)
        {
            Coverage.Hit("rsp: a FAST read was served by the leader");
            AnswerRead(r, "fast");
            return;
        }
        if (_pendingReads.Values.Any(l => l.Any(x => x.Cid == r.Cid && x.Seq == r.Seq))) return;
        int s = _nextInst++;
        _pendingReads[s] = [r];
        var meta = new RspMeta(RspOp.ReadMark, r.Key, r.Cid, r.Seq, 0, 0);
        Phase2(s, NewVid(null, meta), null, meta);
    }

    private RspVid NewVid(byte[]? value, RspMeta meta)
    {
        var vid = new RspVid(_id, ++_vidCounter);
        Observe(new ObsProposed(vid, value, meta));
        return vid;
    }

    /// <summary>
    /// §4.4 Phase2 (TLA+ Phase2a): code the value with θ(X, N) and send each member its own share (M9: the share numbered
    /// by position in a send list that skips the leader).
    /// </summary>
    private void Phase2(int s, RspVid vid, byte[]? value, RspMeta meta)
    {
        _inflight[s] = new Inflight(vid, value, meta);
        SendAccepts(s);
        ArmTimer();
    }

    private void SendAccepts(int s)
    {
        var f = _inflight[s];
        var shares = f.Value is { } v ? _codec.Encode(v) : Enumerable.Range(0, P.N).Select(_ => Array.Empty<byte>()).ToArray();
        Observe(new ObsAcceptSent(_id, s, _bal, f.Vid));
        ObserveLocal(new LocalPropose(Node, $"{s}", B(_bal), f.Vid.ToString(), "Phase2a"));
        int position = 0;
        for (int d = 0; d < P.N; d++)
        {
            int idx = Mutant == RspMutant.M9ShareByPosition && d != _id ? position++ : d;
            Send(d, new Accept(_id, s, _bal, f.Vid, new RspShare(idx, shares[idx]), f.Meta));
        }
    }

    /// <summary>§4.4 on Accepted: with QW acks of its ballot (M7: QW − 1; MQ: all N) the instance is decided; Commit goes to the followers.</summary>
    private void OnAccepted(Accepted m)
    {
        if (_role != Role.Leader || m.Bal != _bal || !_inflight.TryGetValue(m.Slot, out var f) || f.Vid != m.Vid) return;
        if (!f.Acks.Contains(m.From) || Mutant == RspMutant.MDADuplicateAcks) f.Acks.Add(m.From);
        int need = Mutant switch { RspMutant.M7DecideShort => P.QW - 1, RspMutant.MQWaitAll => P.N, _ => P.QW };
        if (f.Acks.Count < need || _decided.ContainsKey(m.Slot)) return;
        ObserveLocal(new LocalQuorum(Node, "Accepted", B(_bal), [.. f.Acks.Select(a => new Counted($"s{a}", B(m.Bal)))], P.QW, "Decide"));
        _decided[m.Slot] = (f.Vid, f.Meta);
        Observe(new ObsDecided(_id, m.Slot, f.Vid));
        BroadcastOthers(_ => new Commit(m.Slot, f.Vid, f.Meta));
        ApplyReady();
    }

    // ------------------------------------------------------------------ takeover (§4.3, §4.4 slow path)

    /// <summary>§4.4 Takeover: the next own ballot above every promise; one Prepare covers every instance from 1.</summary>
    private void StartElection()
    {
        int b = _promised + 1;
        while (_s.Owner(b) != _id && Mutant != RspMutant.MBOBallotNotOwned) b++;
        _promised = b;
        _bal = b;
        ObserveLocal(new LocalBallotStart(Node, "", B(b), "Takeover"));
        ReportPromise("Takeover");
        _role = Role.Candidate;
        _ready = false; _lease = false;
        _leaderHint = _id;
        _promises.Clear();
        _promises[_id] = Reported(1);
        Coverage.Hit("rsp: an election started");
        BroadcastOthers(_ => new Prepare(_id, b, 1));
        ArmTimer();
        TryLead();
    }

    private void OnPromise(Promise m)
    {
        if (_role != Role.Candidate || m.Bal != _bal) return;
        _promises[m.From] = m.Entries;
        TryLead();
    }

    /// <summary>
    /// §4.4 Takeover with QR promises (TLA+ Phase2a per instance): every instance up to the highest reported one that is
    /// not known decided gets <see cref="SelectValue"/>'s choice, rebuilt and coded again; new writes may start at once.
    /// </summary>
    private void TryLead()
    {
        if (_promises.Count < P.QR) return;
        var all = _promises.Values.SelectMany(x => x).ToList();
        _hi = Math.Max(all.Select(e => e.Slot).DefaultIfEmpty(0).Max(), _decided.Keys.DefaultIfEmpty(0).Max());
        ObserveLocal(new LocalQuorum(Node, "Promise", B(_bal), [.. _promises.Keys.Select(a => new Counted($"s{a}", B(_bal)))], P.QR, "Takeover"));
        _role = Role.Leader;
        if (Mutant == RspMutant.M11NotReady) _lease = true;
        Coverage.Hit("rsp: a new leader took over");
        Observe(new ObsNewLeader(_id, _bal));
        _inflight.Clear();
        _pendingReads.Clear();
        for (int s = 1; s <= _hi; s++)
        {
            if (_decided.ContainsKey(s)) continue;
            if (all.FirstOrDefault(e => e.Slot == s && e.Decided) is { } flagged)
            {
                // §4.9: truncated somewhere after it was decided; learn it (catch-up, not phase 1) and tell the others.
                _decided[s] = (flagged.Vid, flagged.Meta);
                Observe(new ObsDecided(_id, s, flagged.Vid));
                BroadcastOthers(_ => new Commit(s, flagged.Vid, flagged.Meta));
                Coverage.Hit("rsp: a takeover learned a truncated instance from a checkpointed share");
                continue;
            }
            var (vid, value, meta) = SelectValue(all.Where(e => e.Slot == s).ToList());
            var heard = _promises.SelectMany(kv => kv.Value.Where(e => e.Slot == s).Select(e => new Piece($"s{kv.Key}", B(e.Bal), e.Vid.ToString(), e.Share.Idx))).ToList();
            // Own: a NoOp under a fresh vid, which no promise can have reported.
            ObserveLocal(new LocalRebuildSelect(Node, $"{s}", B(_bal), heard, P.X, vid.ToString(), "Phase2a (takeover, SelectValue)",
                Own: heard.All(h => h.Vid != vid.ToString())));
            Phase2(s, vid, value, meta);
        }
        _nextInst = _hi + 1;
        var queued = _queued.ToList();
        _queued.Clear();
        foreach (var q in queued)
            if (q is ClientWrite w) OnClientWrite(w); else OnClientRead((ClientRead)q);
        ApplyReady();
        ArmTimer();
    }

    /// <summary>
    /// §4.3 SelectValue: group the reported pieces by vid across ballots (M3: by ballot and vid); the vids with X distinct
    /// share indices (M10: X − 1) are rebuildable; take the one whose highest reported ballot is highest (M4: lowest),
    /// rebuild it and keep its vid; if none is rebuildable the instance is free and gets a NoOp.
    /// </summary>
    private (RspVid Vid, byte[]? Value, RspMeta Meta) SelectValue(List<PromiseEntry> pieces)
    {
        var groups = pieces.GroupBy(e => Mutant == RspMutant.M3PerBallotShares ? (e.Vid, e.Bal) : (e.Vid, 0))
            .Select(g => (Vid: g.Key.Vid, Pieces: g.ToList(), Top: g.Max(e => e.Bal)))
            .Where(g => g.Pieces.Select(e => e.Share.Idx).Distinct().Count() >= _s.DecodeThreshold).ToList();
        RuleMatters(pieces, groups.Count);
        if (groups.Count == 0)
        {
            Coverage.Hit(pieces.Count == 0 ? "rsp: a takeover filled a hole with a NoOp" : "rsp: a takeover found pieces it could not rebuild and proposed a NoOp");
            var noop = RspMeta.NoOp();
            return (NewVid(null, noop), null, noop);
        }
        var best = Mutant == RspMutant.M4LowestBallot ? groups.MinBy(g => g.Top) : groups.MaxBy(g => g.Top);
        var meta = best.Pieces[0].Meta;
        if (meta.Op != RspOp.Put) return (best.Vid, null, meta);
        var value = _s.Decode(best.Pieces.Select(e => e.Share).ToList(), meta.Len);
        Observe(new ObsDecoded(_id, best.Vid, value));
        Coverage.Hit("rsp: a takeover rebuilt a value from shares");
        if (pieces.Where(e => e.Vid == best.Vid).Select(e => e.Bal).Distinct().Count() > 1) Coverage.Hit("rsp: a value was rebuilt from shares of two ballots");
        return (best.Vid, value, meta);
    }

    /// <summary>
    /// "Rule matters" witnesses (issue 46): the Phase-1 quorum reported pieces of two vids at two ballots for one instance,
    /// so "the rebuildable vid of the highest ballot" differs from "any reported vid"; with two rebuildable vids, it also
    /// differs from "the lowest ballot's" (possible only where the quorum holds two decode thresholds of shares, set D).
    /// </summary>
    private static void RuleMatters(List<PromiseEntry> pieces, int rebuildable)
    {
        if (pieces.Select(e => e.Vid).Distinct().Count() >= 2 && pieces.Select(e => e.Bal).Distinct().Count() >= 2)
            Coverage.Hit("rsp: rule matters: a Phase-1 quorum reported pieces of two vids at two ballots for one instance");
        if (rebuildable >= 2) Coverage.Hit("rsp: rule matters: a Phase-1 quorum reported two rebuildable vids for one instance");
    }

    /// <summary>§4.2 on Nack [PROPOSED], liveness only: a higher ballot exists, step down.</summary>
    private void OnNack(Nack m)
    {
        if (_role != Role.Follower && m.Bal == _bal && m.Promised > _bal)
        {
            _promised = Math.Max(_promised, m.Promised);
            ReportPromise("Nack");
            StepDown(m.Promised);
        }
    }

    /// <summary>A leader or candidate that learns of a higher ballot becomes a follower and sends its waiting clients to the new leader.</summary>
    private void StepDown(int b)
    {
        _leaderHint = _s.Owner(b);
        if (_role == Role.Follower || _bal >= b) return;
        _role = Role.Follower;
        _ready = false; _lease = false;
        Coverage.Hit("rsp: a leader stepped down");
        foreach (var f in _inflight.Values.Where(f => f.Meta.Op == RspOp.Put))
            if (_clients.TryGetValue(f.Meta.Client, out var c)) SendMsg(c, new Redirect(_id, f.Meta.Seq, _leaderHint));
        foreach (var r in _pendingReads.Values.SelectMany(x => x).Concat(_recoveries.Values.Select(x => x.Read)))
            SendMsg(r.Client, new Redirect(_id, r.Seq, _leaderHint));
        foreach (var q in _queued)
            if (q is ClientWrite w) SendMsg(w.Client, new Redirect(_id, w.Seq, _leaderHint));
            else if (q is ClientRead r) SendMsg(r.Client, new Redirect(_id, r.Seq, _leaderHint));
        _inflight.Clear(); _pendingReads.Clear(); _recoveries.Clear(); _queued.Clear();
    }

    // ------------------------------------------------------------------ retransmission (loss tolerance only)

    private void ArmTimer()
    {
        if (!_s.Resend || _timerOn) return;
        _timerOn = true;
        StartTimer();
    }

    /// <summary>
    /// A candidate resends Prepare; a leader resends Accept for undecided instances (MB: coded afresh under a new vid) and
    /// ShareRequest for unfinished recovery reads.
    /// </summary>
    private void OnTimeout(Event e)
    {
        if (_down || ((NetTimeout)e).Id != CurrentTimer) return;
        _timerOn = false;
        if (_role == Role.Candidate)
        {
            BroadcastOthers(_ => new Prepare(_id, _bal, 1));
            ArmTimer();
            return;
        }
        if (_role != Role.Leader) return;
        var open = _inflight.Keys.Where(s => !_decided.ContainsKey(s)).ToList();
        foreach (var s in open)
        {
            if (Mutant == RspMutant.MBNewVidOnResend && _inflight[s].Meta.Op == RspOp.Put)
            {
                _inflight[s].Vid = NewVid(_inflight[s].Value, _inflight[s].Meta);
                _inflight[s].Acks.Clear();
            }
            SendAccepts(s);
        }
        foreach (var (id, rec) in _recoveries)
            BroadcastOthers(_ => new ShareRequest(_id, id, rec.Slot, rec.Vid, rec.Read.Key));
        if (open.Count > 0 || _recoveries.Count > 0) ArmTimer();
    }
}
