using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.RSPaxos;

/// <summary>
/// An RS-Paxos client (brief RSPaxos §2.4 "Client", §3 ClientWrite/ClientRead/ClientReply): runs its script one operation
/// at a time against the leader it believes in (server 0 at the start, then redirects). With timers it resends the
/// current request on a timeout to the next server, whose redirect points it on. Client c's j-th operation has request
/// number j and, for a write, the value 10c + j. In virtual time it records each operation's latency.
/// </summary>
[OnEventDoAction(typeof(RspMsg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
public sealed class Client : RspActor<ClientInit>
{
    private RspSettings _s = null!;
    private int _id, _seq, _hint;
    private RspOpSpec? _cur;
    private double _now, _start;

    /// <inheritdoc/>
    protected override RspSettings Settings => Init.Settings;

    /// <inheritdoc/>
    protected override ActorId NetOf(ClientInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Initialize()
    {
        _s = Init.Settings;
        _id = Init.Id;
        NextOp();
        StartUpSent();
    }

    private int Op => 100 * _id + _seq;
    private int Val => _cur!.Write ? 10 * _id + _seq : RspValues.Init;

    private object Request() => _cur!.Write
        ? new ClientWrite(Id, _id, _seq, _cur.Key, RspValues.Bytes(Val))
        : new ClientRead(Id, _id, _seq, _cur.Key, _cur.Fast);

    /// <summary>The next operation of the script (the history's invocation).</summary>
    private void NextOp()
    {
        if (_seq >= Init.Script.Count) { _cur = null; return; }
        _cur = Init.Script[_seq++];
        _start = _now;
        Observe(new ObsInvoke(Op, _id, _cur.Write, _cur.Key, Val));
        SendMsg(Init.Servers[_hint], Request());
        ArmTimer();
    }

    private void ArmTimer() { if (_s.Resend) StartTimer(); }

    private void OnMsg(Event e)
    {
        var msg = (RspMsg)e;
        _now = Math.Max(_now, msg.At);
        switch (msg.Body)
        {
            case ClientReply m when _cur is not null && m.Seq == _seq:
                if (_cur.Write) Observe(new ObsWriteDone(Op));
                else Observe(new ObsReadDone(Op, RspValues.Parse(m.Value)));
                Coverage.Hit($"rsp: a client got a {m.Path} reply");
                if (_s.Timed) Latencies.Record(new LatencySample(_id, _cur.Write ? "write" : _cur.Fast ? "fast read" : "consistent read", m.Path, _now - _start));
                NextOp();
                break;
            case Redirect m when _cur is not null && m.Seq == _seq:
                Coverage.Hit("rsp: a client was redirected");
                _hint = m.Hint != m.From ? m.Hint : (m.From + 1) % _s.P.N;
                SendMsg(Init.Servers[_hint], Request());
                ArmTimer();
                break;
        }
    }

    /// <summary>A timeout: resend the current request to the next server.</summary>
    private void OnTimeout(Event e)
    {
        if (_cur is null || ((NetTimeout)e).Id != CurrentTimer) return;
        _hint = (_hint + 1) % _s.P.N;
        SendMsg(Init.Servers[_hint], Request());
        ArmTimer();
    }
}
