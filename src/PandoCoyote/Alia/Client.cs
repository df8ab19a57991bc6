using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Alia;

/// <summary>
/// A client of Alia (brief §4.8.1): one operation at a time from its script, on the objects of the layout. Each request
/// goes to an instance (or replica) chosen at random and, on a timeout, again; with forwarding (real instance Paxos,
/// <c>routing: forward</c>) replicas pass it on (§4.8.2) and a Redirect sends it to a member of the owner it names.
/// Routing only decides where a request goes (TLA+ ProposeOp lets any instance whose tag is active propose it). A Put
/// writes 100 · id + sn.
/// The TLA+ actions are Invoke and Complete; the P twin is <c>p-models/Alia/PSrc/Client.p</c>.
/// </summary>
[OnEventDoAction(typeof(AliaMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
public sealed class Client : AliaActor<ClientInit>
{
    private int _sn;
    private bool _waiting;

    /// <inheritdoc/>
    protected override ActorId NetOf(ClientInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize() => NextOp();

    private AliaOp Cur => Init.Script[_sn - 1];
    private int Val => Cur.Put ? 100 * Init.Id + _sn : 0;

    /// <summary>TLA+ Invoke: the next operation of the script.</summary>
    private void NextOp()
    {
        if (_sn >= Init.Script.Count) { _waiting = false; Coverage.Hit("alia: a client finished its script"); return; }
        _sn++;
        _waiting = true;
        Observe(new ObsInvoke(Init.Id, _sn, Cur.Obj, Cur.Put, Val));
        Send();
    }

    /// <summary>§4.8.1: the current operation's request (a re-send and a redirected one keep its sequence number).</summary>
    private ClientRequest Request => new(Id, Init.Id, _sn, Cur.Obj, Cur.Put, Val);

    private void Send()
    {
        var to = Init.Targets[RandomInteger(Init.Targets.Count)];
        SendMsg(to, Request);
        StartTimer();
    }

    /// <summary>TLA+ Complete: the reply to the current operation (late replies to earlier ones are ignored).</summary>
    private void OnMsg(Event e)
    {
        switch (((AliaMsg)e).Body)
        {
            case ClientReply r when _waiting && r.Sn == _sn:
                Observe(new ObsReply(Init.Id, _sn, Cur.Obj, Cur.Put, r.Res));
                NextOp();
                break;
            case Redirect d when _waiting && d.Sn == _sn:
                // §4.8.1 on Redirect: the same request to a member of the named owner. The retry timer of the first send
                // keeps running, so a lost redirected request is re-sent as any other.
                Coverage.Hit("alia: a client followed a redirect");
                SendMsg(Init.Targets[d.Members[RandomInteger(d.Members.Count)]], Request);
                break;
        }
    }

    private void OnTimeout(Event e)
    {
        if (_waiting && ((NetTimeout)e).Id == CurrentTimer) Send();
    }
}

/// <summary>
/// The root as an oracle (TLA+ RootReveal; the root tier's own protocol is <c>specs/AliaRoot.tla</c>): it reveals epochs
/// 1..E in order, each to every instance three times through the network (so that a bounded number of losses cannot hide
/// it), and moves to the next epoch when a timer fires, at a point the network chooses. The configurations were checked
/// before the run (ValidCfg, brief §5.1); under M9 they were not, and the monitors see what is revealed.
/// </summary>
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
[OnEventDoAction(typeof(AliaMsg), nameof(OnMsg))]
public sealed class RootOracle : AliaActor<RootInit>
{
    private int _epoch;

    /// <summary>§4.5 RootCatchupReq: tell the asker the latest epoch revealed (it creates the instances up to it).</summary>
    private void OnMsg(Event e)
    {
        if (((AliaMsg)e).Body is RootCatchup c && _epoch > 0) SendMsg(c.Who, new NewEpoch(_epoch));
    }

    /// <inheritdoc/>
    protected override ActorId NetOf(RootInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize() => RevealNext();

    private void RevealNext()
    {
        var l = Init.Settings.Layout;
        if (_epoch >= l.LastEpoch) return;
        _epoch++;
        Observe(new ObsReveal(_epoch, l.CheckConfig(_epoch)));
        for (int r = 0; r < 3; r++)
            foreach (var i in Init.Targets) SendMsg(i, new NewEpoch(_epoch));
        if (_epoch < l.LastEpoch) StartTimer();
    }

    private void OnTimeout(Event e)
    {
        if (((NetTimeout)e).Id == CurrentTimer) RevealNext();
    }
}
