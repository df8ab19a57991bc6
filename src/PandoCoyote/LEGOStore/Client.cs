using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.LEGOStore;

/// <summary>
/// A LEGOStore client (brief §2.4, §4.1, §4.2, §4.4): runs its operations one at a time in one configuration. Each
/// phase sends its request to every server (the model abstraction of brief §4.1: any `need` distinct replies will
/// do) and completes with replies from `need` distinct servers of the current (operation, attempt, phase); on a
/// timeout it resends to the servers that have not replied (messages may be lost). A client crash is crash-stop:
/// its operation stays pending forever, which linearizability allows. Keeps the CAS read cache of the optimized GET.
/// </summary>
[OnEventDoAction(typeof(LegoMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class Client : LegoActor
{
    private enum Stage { Idle, AskMds, PutQuery, AbdWrite, CasPre, CasFin, GetQuery, GetWriteBack, GetReadFin }

    private Stage _stage = Stage.Idle;
    private int _next;                       // index of the next operation of the script
    private int _op, _attempt, _phase;       // current operation id, attempt, phase number
    private LegoOp _cur = null!;
    private Tag _tag;
    private int _value;
    private Func<int, object> _request = _ => throw new InvalidOperationException("no phase");
    private readonly List<(int Server, object Reply)> _replies = [];
    private readonly Dictionary<Tag, int> _cache = [];
    private bool _down;
    private int _cfg = 1;                    // the configuration the client operates in (brief §2.4 cfgOf)
    private int _restarts;                   // OperationFail restarts of the current operation
    private double _now, _opStart;           // virtual time (timed network mode only; 0 otherwise): measurement, never a decision

    /// <summary>The current configuration's parameters.</summary>
    private LegoParams Cp => Init.Configs.Count > 0 ? Init.Configs[_cfg - 1].Params : P;
    /// <summary>The current configuration's servers.</summary>
    private IReadOnlyList<ActorId> Cs => Init.Configs.Count > 0 ? Init.Configs[_cfg - 1].Servers : Servers;

    /// <inheritdoc/>
    protected override void Initialize()
    {
        StartNext();
        StartUpSent();
    }

    private void OnCrash()
    {
        _down = true;
        Coverage.Hit("lego: client crashed mid-run");
        Observe(new ObsClientCrashed(Index));
        if (_stage != Stage.Idle) SpecStep("ClientCrash", ("c", Index));        // TLA+ ClientCrash: an operation stays pending
    }

    private void OnRestart() { }                 // clients are crash-stop (brief §1.2): a crashed client stays down

    // ------------------------------------------------------------------ driver (brief §4.1)

    private void StartNext()
    {
        if (_next >= Init.Ops.Count) { _stage = Stage.Idle; return; }
        _cur = Init.Ops[_next++];
        _opStart = _now;
        _op = Index * 100 + _next;
        _attempt = 1;
        _restarts = 0;
        Observe(new ObsInvoked(_op, Index, _cur.IsPut, _cur.Value));
        SpecStep("Invoke", ("c", Index), ("n", _next), ("kind", _cur.IsPut ? "PUT" : "GET"), ("v", LegoValues.Show(_cur.IsPut ? _cur.Value : LegoValues.V0)));
        // TLA+ Invoke: with a reconfiguration, the client may first ask the metadata service for the current
        // configuration (brief §4.8), or go on with the one it has cached.
        if (Init.Mds is { } mds && RandomBoolean())
        {
            _stage = Stage.AskMds;
            Send(mds, new MdsAsk(Id, _op));
            StartTimer();
            return;
        }
        StartAttempt();
    }

    private void StartAttempt()
    {
        Observe(new ObsAttempt(_op, Index, _cfg));
        if (_cur.IsPut) Phase(Stage.PutQuery, _ => new Query(Pid(_phase)));
        else Phase(Stage.GetQuery, _ => new Query(Pid(_phase)));
    }

    private PhaseId Pid(int phase) => new(Id, _op, _attempt, phase);

    /// <summary>brief §4.1 Phase: send the phase's request to every server and wait for replies.</summary>
    private void Phase(Stage stage, Func<int, object> request)
    {
        _stage = stage;
        _phase++;
        _replies.Clear();
        _request = request;
        for (int s = 0; s < Cs.Count; s++) Send(Cs[s], request(s));
        StartTimer();
    }

    private void Done(Tag tag, int value, string how)
    {
        Coverage.Hit(how);
        if (Init.Timed) Latencies.Record(new LatencySample(Index, _cur.IsPut ? "put" : "get", how, _now - _opStart));
        if (_cfg == 3) Coverage.Hit("lego: operation done in configuration 3");
        Observe(new ObsResponded(_op, tag, value));
        StartNext();
    }

    /// <summary>Replies counted towards a quorum: one per server (M15: one per message).</summary>
    private int Count => Mutant == LegoMutant.M15CountMessages ? _replies.Count : _replies.Select(r => r.Server).Distinct().Count();

    private void OnMsg(Event e)
    {
        _now = ((LegoMsg)e).At;
        if (_down || _stage == Stage.Idle) return;
        switch (((LegoMsg)e).Body)
        {
            case MdsReply r when _stage == Stage.AskMds && r.Op == _op:
                _cfg = r.Cfg;
                StartAttempt();
                return;
            case OperationFail f when f.Id.Op == _op && f.Id.Attempt == _attempt && f.Id.Phase == _phase:
                // TLA+ Restart: the whole operation again, in the configuration the closed server names (brief §4.1 MOVED).
                Coverage.Hit("lego: OperationFail, restarted in the new configuration");
                _cfg = Mutant == LegoMutant.MCStaleRestart ? _cfg : f.Next;
                if (++_restarts == 2) Coverage.Hit("lego: client redirected twice along the chain");
                _attempt++;
                StartAttempt();
                return;
        }
        var (server, id) = ((LegoMsg)e).Body switch
        {
            QueryReply r => (r.Server, r.Id),
            Ack a => (a.Server, a.Id),
            ReadReply r => (r.Server, r.Id),
            _ => (-1, default),
        };
        if (server < 0 || id.Op != _op || id.Attempt != _attempt || id.Phase != _phase) return;     // not for this phase
        bool again = _replies.Any(r => r.Server == server);
        // Rule matters: counting per server and per message differ here (M15 counts this reply twice).
        if (again)
            Coverage.Hit(_stage == Stage.GetReadFin ? "lego: rule matters: a duplicate reply reached a GET's decode" : "lego: rule matters: a duplicate reply reached a quorum count");
        if (again && Mutant != LegoMutant.M15CountMessages) return;                               // keyed by server
        if (again) Coverage.Hit("lego: M15 counted a duplicate reply");
        _replies.Add((server, ((LegoMsg)e).Body));
        Progress();
    }

    private void OnTimeout(Event e)
    {
        _now = ((NetTimeout)e).At;
        if (_down || _stage == Stage.Idle || ((NetTimeout)e).Id != CurrentTimer) return;
        if (_stage == Stage.AskMds) { Send(Init.Mds!, new MdsAsk(Id, _op)); StartTimer(); return; }
        // A CAS GET whose phase 2 has a quorum of replies but fewer than k symbols gives up on waiting (the others
        // may be down) and retries (brief §4.4 decode shortfall).
        if (_stage == Stage.GetReadFin && Count >= Cp.Q4 && Symbols().Count < Cp.K) { Retry(); return; }
        Coverage.Hit("lego: phase resent on timeout");
        var replied = _replies.Select(r => r.Server).ToHashSet();
        for (int s = 0; s < Cs.Count; s++) if (!replied.Contains(s)) Send(Cs[s], _request(s));
        StartTimer();
    }

    private string Who => $"c{Index}";

    /// <summary>
    /// Node-local rule N4 before a phase ends on a quorum: the replies counted are all of this phase (the filter in
    /// <see cref="OnMsg"/>), and <paramref name="needed"/> is the spec's quorum size for the phase.
    /// </summary>
    private void ReportQuorum(string phase, int needed)
    {
        var now = new Shared.Ballots.Ballot(_attempt, _phase);
        ObserveLocal(new LocalQuorum(Who, phase, now, [.. _replies.Select(r => new Counted($"s{r.Server}", now, $"op {_op}"))], needed, phase, $"op {_op}"));
    }

    private void Progress()
    {
        switch (_stage)
        {
            case Stage.PutQuery when Count >= Cp.Q1: ReportQuorum("PutQuery", Cp.Q1); PutQueried(); break;
            case Stage.AbdWrite when Count >= Cp.Q2:
                ReportQuorum("AbdWrite", Cp.Q2);
                SpecStep("WriteDone", ("c", Index), ("from", AckSenders));           // TLA+ WriteDone
                Done(_tag, _cur.Value, "lego: PUT done"); break;
            case Stage.CasPre when Count >= (Mutant == LegoMutant.M6FinEarly ? 1 : Cp.Q2):
                ReportQuorum("CasPre", Cp.Q2);
                SpecStep("PutPreWritten", ("c", Index), ("from", AckSenders));       // TLA+ PutPreWritten
                Phase(Stage.CasFin, _ => new CasFin(Pid(_phase), _tag)); break;
            case Stage.CasFin when Count >= Cp.Q3:
                ReportQuorum("CasFin", Cp.Q3);
                SpecStep("PutFinalized", ("c", Index), ("from", AckSenders));        // TLA+ PutFinalized
                Done(_tag, _cur.Value, "lego: PUT done"); break;
            case Stage.GetQuery when Count >= GetPhase1Need: ReportQuorum("GetQuery", SpecPhase1Need); GetQueried(); break;
            case Stage.GetWriteBack when Count >= Cp.Q2:
                ReportQuorum("GetWriteBack", Cp.Q2);
                SpecStep("WriteDone", ("c", Index), ("from", AckSenders));           // TLA+ WriteDone
                Done(_tag, _value, "lego: GET returned after write-back"); break;
            case Stage.GetReadFin: GetReadProgress(); break;
        }
    }

    private IEnumerable<QueryReply> QueryReplies => _replies.Select(r => (QueryReply)r.Reply);

    // Trace validation: the replies a phase used, which the spec leaves open (any quorum of replies in flight).
    private TlaSet UsedQueryReplies => new(QueryReplies.Select(r => (object)new object[] { r.Server, r.Tag }));
    private TlaSet AckSenders => new(_replies.Select(r => (object)r.Server));

    // ------------------------------------------------------------------ PUT (brief §4.2, §4.4)

    /// <summary>TLA+ PutQueried: a new tag above the highest seen (NewTag; M4 without the writer), then write it.</summary>
    private void PutQueried()
    {
        int z = QueryReplies.Max(r => r.Tag.Z);
        if (QueryReplies.Any(r => r.Tag.Z != z)) Coverage.Hit("lego: rule matters: a PUT's query quorum reported two tags");
        _tag = new Tag(z + (Mutant == LegoMutant.DTSkipTag ? 2 : 1), Mutant == LegoMutant.M4TagWithoutWriter ? 0 : Index);
        Observe(new ObsTagChosen(_op, _tag, _cur.Value));
        SpecStep("PutQueried", ("c", Index), ("t", _tag), ("from", UsedQueryReplies));
        ObserveLocal(new LocalBallotStart(Who, "", _tag.AsBallot(), "NewTag"));
        ObserveLocal(new LocalPropose(Who, "key", _tag.AsBallot(), $"{_cur.Value}", "PutQueried"));
        if (Cp.Protocol == LegoProtocol.Abd) { Phase(Stage.AbdWrite, _ => new AbdWrite(Pid(_phase), _tag, _cur.Value)); return; }
        var symbols = LegoValues.Encode(Cp, _cur.Value);
        Phase(Stage.CasPre, s => new CasPre(Pid(_phase), _tag, symbols[s]));            // TLA+ PutPreWritten follows
    }

    // ------------------------------------------------------------------ GET (brief §4.2, §4.4)

    /// <summary>GetPhase1Need without the M3 hook: what the spec requires.</summary>
    private int SpecPhase1Need => !Cp.OptGet ? Cp.Q1 : Math.Max(Cp.Q1, Cp.Protocol == LegoProtocol.Abd ? Cp.Q2 : Cp.Q4);

    /// <summary>TLA+ GetPhase1Need: max(q1, q2) (ABD) or max(q1, q4) (CAS) with the optimized GET, else q1 (M3: q1).</summary>
    private int GetPhase1Need => Mutant == LegoMutant.M3FastPathAtQ1 ? Cp.Q1 : SpecPhase1Need;

    /// <summary>TLA+ GetQueried (ABD and CAS): the highest tag seen; the fast path, or phase 2.</summary>
    private void GetQueried()
    {
        var replies = QueryReplies.ToList();
        var t = replies.Max(r => r.Tag);
        // Rule matters: a partial write shows, so "the highest tag" differs from the lowest (or any) reported one.
        if (replies.Any(r => r.Tag != t)) Coverage.Hit("lego: rule matters: a GET's query quorum reported two tags");
        int atT = replies.Count(r => r.Tag == t);
        if (Cp.Protocol == LegoProtocol.Abd)
        {
            // ReadValues: the value of a reply carrying t (MR: of the first reply, whatever its tag).
            int v = Mutant == LegoMutant.MRReadAnyValue ? replies[0].Value : replies.First(r => r.Tag == t).Value;
            if (Mutant == LegoMutant.M2NoWriteBack
                || Cp.OptGet && Mutant != LegoMutant.DWAlwaysWriteBack && atT >= (Mutant == LegoMutant.M3FastPathAtQ1 ? Cp.Q1 : Cp.Q2))
            {
                SpecStep("GetQueried", ("c", Index), ("t", t), ("v", LegoValues.Show(v)), ("fast", true), ("from", UsedQueryReplies));
                Done(t, v, Mutant == LegoMutant.M2NoWriteBack ? "lego: GET returned after one phase (M2)" : "lego: GET fast path");
                return;
            }
            SpecStep("GetQueried", ("c", Index), ("t", t), ("v", LegoValues.Show(v)), ("fast", false), ("from", UsedQueryReplies));
            _tag = t; _value = v;
            ObserveLocal(new LocalPropose(Who, "key", t.AsBallot(), $"{v}", "GetWriteBack"));
            Phase(Stage.GetWriteBack, _ => new AbdWrite(Pid(_phase), t, v));
            return;
        }
        if (Cp.OptGet && Mutant != LegoMutant.DWAlwaysWriteBack && _cache.TryGetValue(t, out var cached) && (Cp.PaperGuard || atT >= Cp.Q4))
        {
            SpecStep("GetQueried", ("c", Index), ("t", t), ("v", LegoValues.Show(cached)), ("fast", true), ("from", UsedQueryReplies));
            Done(t, cached, "lego: GET fast path (cache hit)");
            return;
        }
        SpecStep("GetQueried", ("c", Index), ("t", t), ("v", LegoValues.Show(LegoValues.V0)), ("fast", false), ("from", UsedQueryReplies));
        _tag = t;
        Phase(Stage.GetReadFin, _ => new CasReadFin(Pid(_phase), t));
    }

    private List<(int Index, byte[] Symbol)> Symbols() =>
        _replies.Select(r => (ReadReply)r.Reply).Where(r => r.Symbol is not null).DistinctBy(r => r.Server).Select(r => (r.Server, r.Symbol!)).ToList();

    /// <summary>TLA+ GetDecoded (ReadDone: q4 replies holding k symbols; M8: k symbols) and GetRetry (every server replied, fewer than k symbols).</summary>
    private void GetReadProgress()
    {
        var symbols = Symbols();
        bool done = symbols.Count >= Cp.K && (Mutant == LegoMutant.M8ReadAtK || Count >= Cp.Q4);
        if (done)
        {
            ReportQuorum("GetReadFin", Cp.Q4);
            int v = LegoValues.Decode(Cp, symbols);
            SpecStep("GetDecoded", ("c", Index), ("v", LegoValues.Show(v)), ("from", AckSenders));   // TLA+ GetDecoded (replies used)
            _cache[_tag] = v;
            Done(_tag, v, "lego: GET decoded after phase 2");
        }
        else if (_replies.Select(r => r.Server).Distinct().Count() == Cs.Count) Retry();
    }

    /// <summary>TLA+ GetRetry: a new attempt from phase 1 (after <see cref="LegoInit.MaxAttempts"/>, the GET gives up: its outcome stays unknown).</summary>
    private void Retry()
    {
        Coverage.Hit("lego: GET retried (too few symbols)");
        Observe(new ObsRetry(_op, _tag, _replies.Select(r => r.Server).Distinct().ToList()));
        if (_attempt < Init.MaxAttempts) SpecStep("GetRetry", ("c", Index));     // TLA+ GetRetry
        if (_attempt >= Init.MaxAttempts)
        {
            Coverage.Hit("lego: GET gave up");
            Observe(new ObsGaveUp(_op));
            StartNext();
            return;
        }
        _attempt++;
        StartAttempt();
    }
}
