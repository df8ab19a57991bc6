using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.LEGOStore;

/// <summary>What the controller is created with.</summary>
public sealed class ControllerInit(LegoReconfig plan, LegoMutant mutant, ActorId net, ActorId mds,
    IReadOnlyList<(LegoParams Params, IReadOnlyList<ActorId> Servers)> configs) : Event
{
    /// <summary>The reconfiguration (or chain of two).</summary>
    public LegoReconfig Plan { get; } = plan;
    /// <summary>The mutant switched on.</summary>
    public LegoMutant Mutant { get; } = mutant;
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
    /// <summary>The metadata service.</summary>
    public ActorId Mds { get; } = mds;
    /// <summary>The configurations in order (index 0 = configuration 1) with their servers.</summary>
    public IReadOnlyList<(LegoParams Params, IReadOnlyList<ActorId> Servers)> Configs { get; } = configs;
}

/// <summary>
/// The reconfiguration controller (brief §4.7.2; assumed not to fail, §1.2): it starts at a random point of the run
/// (its first timeout) and retires configuration 1 in favour of 2, then, in a chain, 2 in favour of 3 (TLA+ LEGOReconfig
/// with its `from`). Each reconfiguration pauses and queries Qr old servers (RcStart, RcQueried). From an ABD
/// configuration it takes the highest pair; from a CAS one the highest fin tag, whose symbols it then fetches from q4
/// old servers and decodes with the Reed–Solomon code (RcGot). It writes the pair to the new configuration (an ABD
/// server stores the value, a CAS server its own symbol labelled fin) and waits for q2 acks (ABD) or max(q2, q3) (CAS;
/// M17: q3), publishes the new configuration with rTag in the metadata service (RcPublish; M13: before the new servers
/// acknowledge), then closes the old servers (RcFinish). The next reconfiguration of a chain starts once m − f old
/// servers have acknowledged FINISH (the artifact's count); FINISH keeps being resent to the others. Every step's
/// message is resent on timeouts.
/// </summary>
[OnEventDoAction(typeof(LegoMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
public sealed class Controller : NetActor<ControllerInit>
{
    private enum Phase { Waiting, Query, Get, Write, Finish, Done }

    private Phase _phase = Phase.Waiting;
    private int _from = 1;                                    // the configuration being retired (TLA+ rc.from)
    private readonly Dictionary<int, RcReply> _replies = [];
    private readonly Dictionary<int, RcGetReply> _symbols = [];
    private byte[][]? _newSymbols;
    private readonly HashSet<int> _acks = [];
    // FINISH of earlier reconfigurations of a chain not yet acknowledged: (configuration, server) -> message.
    private readonly Dictionary<(int Cfg, int Server), RcFinish> _unfinished = [];
    private Tag _t;
    private int _v;

    private LegoParams Old => Init.Configs[_from - 1].Params;
    private IReadOnlyList<ActorId> OldServers => Init.Configs[_from - 1].Servers;
    private LegoParams New => Init.Configs[_from].Params;
    private IReadOnlyList<ActorId> NewServers => Init.Configs[_from].Servers;

    /// <inheritdoc/>
    protected override ActorId NetOf(ControllerInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize() => StartTimer();      // the reconfiguration begins at the first timeout

    private void Send(ActorId to, object body) => Route(to, new LegoMsg(body));

    private void OnTimeout(Event e)
    {
        if (((NetTimeout)e).Id != CurrentTimer) return;
        switch (_phase)
        {
            case Phase.Waiting: _phase = Phase.Query; Coverage.Hit("lego: reconfiguration started"); SendAll(); break;
            case Phase.Done: return;
            default: Coverage.Hit("lego: controller resent on timeout"); SendAll(); break;
        }
        foreach (var ((cfg, s), m) in _unfinished) Send(Init.Configs[cfg - 1].Servers[s], m);
        StartTimer();
    }

    /// <summary>The current step's message to every server that has not answered it.</summary>
    private void SendAll()
    {
        switch (_phase)
        {
            case Phase.Query:
                for (int s = 0; s < OldServers.Count; s++) if (!_replies.ContainsKey(s)) Send(OldServers[s], new RcQuery(Id));
                break;
            case Phase.Get:
                for (int s = 0; s < OldServers.Count; s++) if (!_symbols.ContainsKey(s)) Send(OldServers[s], new RcGet(Id, _t));
                break;
            case Phase.Write:
                for (int s = 0; s < NewServers.Count; s++)
                    if (!_acks.Contains(s)) Send(NewServers[s], new RcWrite(Id, _t, _v, _newSymbols?[s]));
                break;
            case Phase.Finish:
                for (int s = 0; s < OldServers.Count; s++) if (!_acks.Contains(s)) Send(OldServers[s], new RcFinish(Id, _t));
                break;
        }
    }

    private void OnMsg(Event e)
    {
        switch (((LegoMsg)e).Body)
        {
            case RcAck a when a.Phase == 3 && _unfinished.Remove((a.Cfg, a.Server)):
                break;
            case RcReply r when _phase == Phase.Query && r.Cfg == _from:
                _replies[r.Server] = r;
                if (_replies.Count >= Init.Plan.Qr(Old, Init.Mutant)) Queried();
                break;
            case RcGetReply g when _phase == Phase.Get && g.Cfg == _from && g.Tag == _t:
                _symbols[g.Server] = g;
                Got();
                break;
            case RcAck a when _phase == Phase.Write && a.Phase == 2 && a.Cfg == _from + 1:
                _acks.Add(a.Server);
                if (_acks.Count >= LegoReconfig.RcWriteNeed(New, Init.Mutant)) Publish();
                break;
            case RcAck a when _phase == Phase.Finish && a.Phase == 3 && a.Cfg == _from:
                _acks.Add(a.Server);
                Finished();
                break;
        }
    }

    /// <summary>
    /// TLA+ RcQueried: from an ABD configuration the highest pair of Qr replies goes to the new configuration; from a
    /// CAS one the highest fin tag, whose symbols are fetched next.
    /// </summary>
    private void Queried()
    {
        var top = _replies.Values.MaxBy(r => r.Tag)!;
        _t = top.Tag; _v = top.Value;
        if (Old.Protocol == LegoProtocol.Cas) { _phase = Phase.Get; SendAll(); return; }
        BeginWrite();
    }

    /// <summary>
    /// TLA+ RcGot: q4 RcGet replies holding k symbols of the tag; decode them. With GC in the old configuration the
    /// servers that were not paused may have collected the tag's symbols (brief §4.7.2, proposed): once q4 replies hold
    /// fewer than k symbols and one reports a higher fin tag, the controller hands over that tag instead (what a GET
    /// could have returned) and fetches its symbols.
    /// </summary>
    private void Got()
    {
        var held = _symbols.Values.Where(g => g.Symbol is not null).Select(g => (g.Server, g.Symbol!)).ToList();
        if (_symbols.Count < Old.Q4) return;
        if (held.Count < Old.K)
        {
            var higher = _symbols.Values.Max(g => g.FinMax);
            if (Old.Delta > 0 && higher > _t)
            {
                Coverage.Hit("lego: controller fell back to a higher fin tag (GC)");
                _t = higher;
                _symbols.Clear();
                SendAll();
            }
            return;
        }
        _v = LegoValues.Decode(Old, held);
        Coverage.Hit("lego: controller decoded the handed-over value");
        BeginWrite();
    }

    /// <summary>Step 3: RcWrite to the new configuration (to CAS: each server's own symbol of the value).</summary>
    private void BeginWrite()
    {
        _newSymbols = New.Protocol == LegoProtocol.Cas ? LegoValues.Encode(New, _v) : null;
        _phase = Phase.Write;
        _acks.Clear();
        SendAll();
        if (Init.Mutant == LegoMutant.M13PublishEarly) Publish();
        else if (Init.Mutant == LegoMutant.MPStartBeforePublish && _from + 2 <= Init.Configs.Count) NextReconfiguration();
    }

    /// <summary>TLA+ RcPublish: the metadata service names the new configuration; then FINISH to the old servers.</summary>
    private void Publish()
    {
        Send(Init.Mds, new MdsPublish(_from + 1, _t));
        var published = new LegoObservation(new ObsPublished(_t, _from + 1));
        foreach (var m in LegoMonitors.All) Monitor(m, published);
        _phase = Phase.Finish;
        _acks.Clear();
        SendAll();
    }

    /// <summary>
    /// FINISH acknowledged: the last reconfiguration is done once every old server acknowledged; an earlier one of a
    /// chain hands over to the next once m − f did (TLA+ RcStart from phase finish), leaving the rest resent.
    /// </summary>
    private void Finished()
    {
        if (_from + 1 == Init.Configs.Count)
        {
            if (_acks.Count == OldServers.Count) { _phase = Phase.Done; Coverage.Hit("lego: reconfiguration finished"); }
            return;
        }
        if (_acks.Count < Old.M - Old.F) return;
        for (int s = 0; s < OldServers.Count; s++) if (!_acks.Contains(s)) _unfinished[(_from, s)] = new RcFinish(Id, _t);
        NextReconfiguration();
    }

    /// <summary>TLA+ RcStart for the next reconfiguration of a chain: retire the configuration just installed.</summary>
    private void NextReconfiguration()
    {
        Coverage.Hit("lego: next reconfiguration of the chain started");
        _from++;
        _replies.Clear(); _symbols.Clear(); _acks.Clear(); _newSymbols = null;
        _phase = Phase.Query;
        SendAll();
    }
}

/// <summary>
/// The metadata service (brief §4.8; assumed reliable): the key's current configuration. Clients may ask it when they
/// invoke an operation; the controller publishes the new configuration there.
/// </summary>
[OnEventDoAction(typeof(LegoMsg), nameof(OnMsg))]
public sealed class Mds : Actor
{
    private ActorId _net = null!;
    private int _current = 1;

    /// <inheritdoc/>
    protected override Task OnInitializeAsync(Event initialEvent)
    {
        _net = ((MdsInit)initialEvent).Net;
        return Task.CompletedTask;
    }

    private void OnMsg(Event e)
    {
        switch (((LegoMsg)e).Body)
        {
            case MdsPublish p: _current = p.Cfg; Coverage.Hit("lego: new configuration published"); break;
            case MdsAsk a: SendEvent(_net, new NetSend(a.Client, new LegoMsg(new MdsReply(a.Op, _current)), Id)); break;
        }
    }
}

/// <summary>What the metadata service is created with.</summary>
public sealed class MdsInit(ActorId net) : Event
{
    /// <summary>The network.</summary>
    public ActorId Net { get; } = net;
}
