using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Network;

namespace PandoCoyote.Pando;

/// <summary>
/// The delegate (brief §2.3, §4.4); twin of p-models Delegate. A stateless proxy that collects phase-1 replies for
/// an FE's delegated ballot and runs phase 2 with the ACCEPTED replies routed to the FE (partial delegation).
/// One volatile record per (version, ballot).
/// </summary>
[OnEventDoAction(typeof(Msg), nameof(OnMsg))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class Delegate : PandoActor
{
    private sealed class Delegation
    {
        public DelegateRequest? Request;
        public readonly Phase1 P1 = new();
        public bool Done;
    }

    private readonly Dictionary<(int Ver, Ballot Bal), Delegation> _att = [];
    private bool _down;

    /// <summary>A delegate keeps nothing durable: a crash forgets every attempt, and it ignores messages until restarted.</summary>
    private void OnCrash() { _down = true; _att.Clear(); Shared.Testing.Coverage.Hit("delegate: crashed"); }

    private void OnRestart() => _down = false;

    private Delegation Get(int ver, Ballot bal) =>
        _att.TryGetValue((ver, bal), out var d) ? d : _att[(ver, bal)] = new Delegation();

    private void OnMsg(Event e)
    {
        if (_down) return;
        switch (((Msg)e).Body)
        {
            case DelegateRequest m:
                var d = Get(m.Ver, m.Bal);
                if (d.Request is not null) return;                    // a duplicated DELEGATE
                d.Request = m;
                Evaluate(m.Ver, m.Bal, d);
                break;
            case Promise m: Get(m.Ver, m.Bal).P1.Promises[m.From] = m; Evaluate(m.Ver, m.Bal, Get(m.Ver, m.Bal)); break;
            case Nack m: Get(m.Ver, m.Bal).P1.Nacks.Add(m.From); Evaluate(m.Ver, m.Bal, Get(m.Ver, m.Bal)); break;
            case Stale m: Get(m.Ver, m.Bal).P1.Stale = true; Evaluate(m.Ver, m.Bal, Get(m.Ver, m.Bal)); break;
        }
    }

    /// <summary>The delegate's half of TLA+ ProposeFast / ProposeRecover for a ballot of kind FEDel.</summary>
    private void Evaluate(int ver, Ballot bal, Delegation d)
    {
        if (d.Done || d.Request is not { } req) return;
        var o = Proposer.Evaluate(d.P1, true, P, Mutant);
        switch (o.Outcome)
        {
            case Outcome.UseOwn:
                d.Done = true;
                Propose(ver, bal, req.Vid, req.Value, req.Fe);
                break;
            case Outcome.Adopt:
                d.Done = true;
                Propose(ver, bal, Mutant == Mutant.M11FreshVidOnRecovery ? req.Vid : o.Vid, o.Value!, req.Fe);
                break;
            case Outcome.KnownChosen: d.Done = true; Send(req.Fe, new DelegateFailed(ver, bal, DelegateFailure.Known, o.Vid)); break;
            case Outcome.DecidedLater: d.Done = true; Send(req.Fe, new DelegateFailed(ver, bal, DelegateFailure.Stale, 0)); break;
            case Outcome.Blocked: d.Done = true; Send(req.Fe, new DelegateFailed(ver, bal, DelegateFailure.Nacked, 0)); break;
        }
    }

    private void Propose(int ver, Ballot bal, int vid, string value, ActorId fe)
    {
        var splits = Values.Encode(P, value);
        Observe(new ObsProposed(ver, bal, vid, value, Kind.Write));
        Broadcast(i => new Propose(ver, bal, vid, splits[i], fe, Kind.Write));
    }
}
