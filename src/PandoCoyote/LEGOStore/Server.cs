using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.LEGOStore;

/// <summary>One CAS list entry: the server's symbol of the tag's value (null: none or collected) and its label.</summary>
public sealed record CasEntry(byte[]? Symbol, bool Fin);

/// <summary>
/// A LEGOStore server of one key in one configuration (brief §2.3, §4.3, §4.5, §4.6). ABD keeps the highest tag and
/// its value; CAS keeps a list of versions (tag → symbol or none, pre/fin) and collects symbols below its δ-th highest
/// fin tag. All state is durable (brief §1.4): a crash makes the server silent until it restarts with its state, which
/// is only slowness to the clients. Every handler is idempotent, so duplicated requests are harmless. After every
/// change it reports its state to the monitors (<see cref="ObsServer"/>).
/// </summary>
[OnEventDoAction(typeof(LegoMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class Server : LegoActor
{
    private Tag _tag = Tag.T0;
    private int _value = LegoValues.V0;
    private readonly SortedDictionary<Tag, CasEntry> _list = [];
    private bool _down;
    // Reconfiguration (brief §4.7.3, old servers): ACTIVE, PAUSED (requests wait) or CLOSED (serve tags up to rTag).
    private enum Status { Active, Paused, Closed }
    private Status _status = Status.Active;
    private Tag _rTag;
    private readonly List<object> _waiting = [];

    /// <inheritdoc/>
    protected override void Initialize()
    {
        // The initial value v0 with tag T0: ABD stores it; CAS holds its symbol, labelled fin, at every server.
        if (P.Protocol == LegoProtocol.Cas) _list[Tag.T0] = new CasEntry(LegoValues.Encode(P, LegoValues.V0)[Index], true);
        Report();
    }

    private void OnCrash() => _down = true;

    private void OnRestart(Event e)
    {
        _down = false;
        if (((Restart)e).DiskLost) throw new InvalidOperationException("LEGOStore servers never lose their disk here (brief §1.2: such a server is replaced by reconfiguration)");
    }

    private void OnMsg(Event e)
    {
        if (!_down) Handle(((LegoMsg)e).Body);
    }

    private void Handle(object body)
    {
        switch (body)
        {
            case Query m: OnQuery(m); break;
            case AbdWrite m: OnAbdWrite(m); break;
            case CasPre m: OnCasPre(m); break;
            case CasFin m: OnCasFin(m); break;
            case CasReadFin m: OnCasReadFin(m); break;
            case RcQuery m: OnRcQuery(m); break;
            case RcGet m: OnRcGet(m); break;
            case RcWrite m: OnRcWrite(m); break;
            case RcFinish m: OnRcFinish(m); break;
        }
    }

    // ------------------------------------------------------------------ reconfiguration (brief §4.3 Gate, §4.7.3)

    /// <summary>
    /// The gate of TLA+ ServerQuery/ServerWrite/ServerCas: true when the request may proceed. A paused server keeps it
    /// waiting; a closed one serves a tagged request (ABD write, CAS pre, fin or readfin) whose tag is at most rTag
    /// (M18: any tag) and fails everything else.
    /// </summary>
    private bool Gate(object request, PhaseId id, Tag? tag)
    {
        switch (_status)
        {
            case Status.Active: return true;
            case Status.Paused: _waiting.Add(request); Coverage.Hit("lego: paused server held a request"); return false;
            default:
                if (tag is { } t && (t <= _rTag || Mutant == LegoMutant.M18ClosedServesAll)) return true;
                Coverage.Hit("lego: closed server answered OperationFail");
                Send(id.ReplyTo, new OperationFail(Index, id, Init.Cfg + 1));
                return false;
        }
    }

    /// <summary>TLA+ ServerRcQuery: pause (an active server; M12: never), report the stored pair (CAS: the highest fin tag).</summary>
    private void OnRcQuery(RcQuery m)
    {
        if (_status == Status.Active && Mutant != LegoMutant.M12NoPause) _status = Status.Paused;
        Send(m.Controller, P.Protocol == LegoProtocol.Abd ? new RcReply(Index, _tag, _value, Init.Cfg) : new RcReply(Index, FinMax(), 0, Init.Cfg));
    }

    /// <summary>TLA+ ServerRcGet (old CAS servers): the symbol held for the tag, whatever the server's status, and the highest fin tag.</summary>
    private void OnRcGet(RcGet m) =>
        Send(m.Controller, new RcGetReply(Index, m.Tag, SymbolOf(m.Tag), FinMax(), Init.Cfg));

    /// <summary>TLA+ ServerRcWrite (new servers): ABD stores the handed-over pair if newer; CAS stores its symbol labelled fin.</summary>
    private void OnRcWrite(RcWrite m)
    {
        if (P.Protocol == LegoProtocol.Cas)
        {
            _list[m.Tag] = new CasEntry(m.Symbol, true);
            Coverage.Hit("lego: RcWrite stored a fin symbol");
            MarkFinAndGc(m.Tag);
        }
        else if (m.Tag > _tag) { _tag = m.Tag; _value = m.Value; Report(); }
        Send(m.Controller, new RcAck(Index, 2, Init.Cfg));
    }

    /// <summary>TLA+ ServerRcFinish: close with rTag (also from active: FINISH may overtake the query); the waiting requests go through the gate again.</summary>
    private void OnRcFinish(RcFinish m)
    {
        if (_status != Status.Closed)
        {
            _status = Status.Closed;
            _rTag = m.RTag;
            var waiting = _waiting.ToList();
            _waiting.Clear();
            foreach (var w in waiting) Handle(w);
        }
        Send(m.Controller, new RcAck(Index, 3, Init.Cfg));
    }

    // ------------------------------------------------------------------ ABD (brief §4.3)

    /// <summary>TLA+ ABD ServerQuery / CAS ServerQuery: the stored tag (ABD, with its value) or the highest fin tag (CAS; M5: any label).</summary>
    private void OnQuery(Query m)
    {
        if (!Gate(m, m.Id, null)) return;
        if (P.Protocol == LegoProtocol.Abd)
        {
            SpecStep("ServerQuery", ("s", Index), ("c", m.Id.Op / 100), ("n", m.Id.Op % 100), ("t", _tag), ("v", LegoValues.Show(_value)));
            Reply(m.Id, new QueryReply(Index, m.Id, _tag, _value));
            return;
        }
        var tag = Mutant == LegoMutant.M5QueryAnyLabel ? _list.Keys.Max() : FinMax();
        SpecStep("ServerQuery", ("s", Index), ("c", m.Id.Op / 100), ("n", m.Id.Op % 100), ("att", m.Id.Attempt), ("t", tag));
        Reply(m.Id, new QueryReply(Index, m.Id, tag, 0));
    }

    /// <summary>TLA+ ABD ServerWrite: store (tag, value) if the tag is higher (Stores; MS: whatever the tag), then acknowledge.</summary>
    private void OnAbdWrite(AbdWrite m)
    {
        if (!Gate(m, m.Id, m.Tag)) return;
        bool store = m.Tag > _tag || (Mutant == LegoMutant.MSServerRegresses && m.Tag != _tag);
        // Reported at the commit point, before the monitors hear of the new state (a monitor may stop the run there).
        SpecStep("ServerWrite", ("s", Index), ("c", m.Id.Op / 100), ("n", m.Id.Op % 100), ("t", m.Tag), ("st", store ? m.Tag : _tag));
        if (store)
        {
            _tag = m.Tag; _value = m.Value;
            Report();
        }
        Reply(m.Id, new Ack(Index, m.Id, m.Tag));
    }

    // ------------------------------------------------------------------ CAS (brief §4.5, §4.6)

    private Tag FinMax() => _list.Where(kv => kv.Value.Fin).Max(kv => kv.Key);

    /// <summary>TLA+ SymOf: the symbol held for the tag, or null (never received, or collected).</summary>
    private byte[]? SymbolOf(Tag t) => _list.TryGetValue(t, out var e) ? e.Symbol : null;

    /// <summary>
    /// TLA+ Collected (GcCut): a tag's symbol is dropped, or not stored, when the tag is below the server's δ-th highest
    /// fin tag (GC off: never). M19 also drops the symbol of that δ-th tag, keeping δ − 1 fin versions.
    /// </summary>
    private bool Collected(Tag t)
    {
        if (P.Delta == 0) return false;
        var fin = _list.Where(kv => kv.Value.Fin).Select(kv => kv.Key).OrderDescending().ToList();
        if (fin.Count < P.Delta) return false;
        var cut = fin[P.Delta - 1];
        return Mutant == LegoMutant.M19GcOffByOne ? t <= cut : t < cut;
    }

    /// <summary>TLA+ ServerPre (PreEntry): store the symbol unless one is held or the tag is below the cut; acknowledge.</summary>
    private void OnCasPre(CasPre m)
    {
        if (!Gate(m, m.Id, m.Tag)) return;
        var sym = Collected(m.Tag) ? null : m.Symbol;
        if (!_list.TryGetValue(m.Tag, out var e)) _list[m.Tag] = new CasEntry(sym, false);
        else if (Mutant == LegoMutant.MSServerRegresses) _list[m.Tag] = new CasEntry(sym, false);    // MS: resets the label
        else if (e.Symbol is null && sym is not null) _list[m.Tag] = e with { Symbol = sym };           // fin arrived before pre
        if (sym is null) Coverage.Hit("lego: pre-write below the GC cut not stored");
        SpecStep("ServerPre", ("s", Index), ("c", m.Id.Op / 100), ("n", m.Id.Op % 100), ("att", m.Id.Attempt), ("t", m.Tag), ("list", ListView()));
        Report();
        Reply(m.Id, new Ack(Index, m.Id, m.Tag));
    }

    /// <summary>TLA+ ServerFin: label fin (MarkFinAndGc), acknowledge.</summary>
    private void OnCasFin(CasFin m)
    {
        if (!Gate(m, m.Id, m.Tag)) return;
        MarkFinAndGc(m.Tag, () => SpecStep("ServerFin", ("s", Index), ("c", m.Id.Op / 100), ("n", m.Id.Op % 100), ("att", m.Id.Attempt), ("t", m.Tag), ("list", ListView())));
        Reply(m.Id, new Ack(Index, m.Id, m.Tag));
    }

    /// <summary>TLA+ ServerReadFin: label fin (M7: not), collect, reply with the symbol held for the tag.</summary>
    private void OnCasReadFin(CasReadFin m)
    {
        if (!Gate(m, m.Id, m.Tag)) return;
        void Step() => SpecStep("ServerReadFin", ("s", Index), ("c", m.Id.Op / 100), ("n", m.Id.Op % 100), ("att", m.Id.Attempt), ("t", m.Tag),
            ("has", SymbolOf(m.Tag) is not null), ("list", ListView()));
        if (Mutant != LegoMutant.M7ReadNoFin) MarkFinAndGc(m.Tag, Step);
        else Step();
        Reply(m.Id, new ReadReply(Index, m.Id, m.Tag, SymbolOf(m.Tag)));
    }

    /// <summary>TLA+ MarkFinAndGc: label the tag fin (an entry without a symbol if unknown), then drop symbols below the cut.</summary>
    private void MarkFinAndGc(Tag t, Action? step = null)
    {
        _list[t] = _list.TryGetValue(t, out var e) ? e with { Fin = true } : new CasEntry(null, true);
        foreach (var (tag, entry) in _list.ToList())
            if (entry.Symbol is not null && Collected(tag)) { _list[tag] = entry with { Symbol = null }; Coverage.Hit("lego: GC collected a symbol"); }
        step?.Invoke();          // the spec step is reported at its commit point, before the monitors hear of it
        Report();
    }

    /// <summary>Trace validation: the list as the spec's CAS.tla sees it, (tag, holds a symbol, labelled fin) per entry.</summary>
    private TlaSet ListView() => new(_list.Select(kv => (object)new object[] { kv.Key, kv.Value.Symbol is not null, kv.Value.Fin }));

    private void Reply(PhaseId id, object body) => Send(id.ReplyTo, body);

    private void Report()
    {
        Observe(P.Protocol == LegoProtocol.Abd
            ? new ObsServer(Index, _tag, _value, null, Init.Cfg)
            : new ObsServer(Index, FinMax(), 0, new SortedDictionary<Tag, CasEntry>(_list), Init.Cfg));
        // Node-local rule N2: the server's highest tag (ABD: the stored one; CAS: the highest fin) plays the promise.
        var high = P.Protocol == LegoProtocol.Abd ? _tag : FinMax();
        ObserveLocal(new LocalPromise($"cfg{Init.Cfg}/s{Index}", high.AsBallot(), "Stores"));
    }
}

/// <summary>The common part of the LEGOStore actors: configuration, sending through the network, observations.</summary>
public abstract class LegoActor : NetActor<LegoInit>
{
    /// <summary>The actor's index.</summary>
    protected int Index { get; private set; }
    /// <summary>The configuration.</summary>
    protected LegoParams P { get; private set; } = null!;
    /// <summary>The mutant switched on.</summary>
    protected LegoMutant Mutant { get; private set; }
    /// <summary>The servers.</summary>
    protected IReadOnlyList<ActorId> Servers { get; private set; } = [];

    /// <inheritdoc/>
    protected override ActorId NetOf(LegoInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Configure(LegoInit init)
    {
        Index = init.Id; P = init.Params; Mutant = init.Mutant; Servers = init.Servers;
    }

    /// <inheritdoc/>
    protected override bool TimedNetwork => Init.Timed;

    /// <summary>Sends a protocol message through the network.</summary>
    protected void Send(ActorId to, object body) => Route(to, new LegoMsg(body));

    /// <summary>Tells every LEGOStore monitor (unregistered ones ignore it).</summary>
    protected void Observe(object body)
    {
        var e = new LegoObservation(body);
        foreach (var m in LegoMonitors.All) Monitor(m, e);
    }
}
