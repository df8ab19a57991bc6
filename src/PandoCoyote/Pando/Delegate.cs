using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Network;

namespace PandoCoyote.Pando;

/// <summary>
/// The delegate (brief §2.3, §4.4); twin of p-models Delegate. A stateless proxy that collects phase-1 replies for
/// an FE's delegated ballot and runs phase 2 with the ACCEPTED replies routed to the FE (partial delegation).
/// One volatile record per (key, version, ballot).
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

    private readonly Dictionary<(int Key, int Ver, Ballot Bal), Delegation> _att = [];
    private bool _down;

    /// <summary>A delegate keeps nothing durable: a crash forgets every attempt, and it ignores messages until restarted.</summary>
    private void OnCrash() { _down = true; _att.Clear(); Shared.Testing.Coverage.Hit("delegate: crashed"); }

    private void OnRestart() => _down = false;

    private Delegation Get(int key, int ver, Ballot bal) =>
        _att.TryGetValue((key, ver, bal), out var d) ? d : _att[(key, ver, bal)] = new Delegation();

    private void OnMsg(Event e)
    {
        if (_down) return;
        switch (((Msg)e).Body)
        {
            case DelegateRequest m:
                var d = Get(m.Key, m.Ver, m.Bal);
                if (d.Request is not null) return;                    // a duplicated DELEGATE
                d.Request = m;
                Evaluate(d);
                break;
            case Promise m: Get(m.Key, m.Ver, m.Bal).P1.Promises[m.From] = m; Evaluate(Get(m.Key, m.Ver, m.Bal)); break;
            case Nack m: Get(m.Key, m.Ver, m.Bal).P1.Nacks.Add(m.From); Evaluate(Get(m.Key, m.Ver, m.Bal)); break;
            case Stale m: Get(m.Key, m.Ver, m.Bal).P1.Stale = true; Evaluate(Get(m.Key, m.Ver, m.Bal)); break;
        }
    }

    /// <summary>The delegate's half of TLA+ ProposeFast / ProposeRecover for a ballot of kind FEDel.</summary>
    private void Evaluate(Delegation d)
    {
        if (d.Done || d.Request is not { } req) return;
        var (key, ver, bal) = (req.Key, req.Ver, req.Bal);
        var o = Proposer.Evaluate(d.P1, true, P, Mutant);
        switch (o.Outcome)
        {
            case Outcome.UseOwn:
                d.Done = true;
                ObserveRecovery(o, key, ver, bal, req.Vid, "ProposeRecover (delegate)");
                Propose(key, ver, bal, req.Vid, req.Value, req.Fe);
                break;
            case Outcome.Adopt:
                d.Done = true;
                var adopted = Mutant == Mutant.M11FreshVidOnRecovery ? req.Vid : o.Vid;
                ObserveRecovery(o, key, ver, bal, adopted, "ProposeRecover (delegate)");
                Propose(key, ver, bal, adopted, o.Value!, req.Fe);
                break;
            case Outcome.KnownChosen: d.Done = true; Send(req.Fe, new DelegateFailed(key, ver, bal, DelegateFailure.Known, o.Vid)); break;
            case Outcome.DecidedLater: d.Done = true; Send(req.Fe, new DelegateFailed(key, ver, bal, DelegateFailure.Stale, 0)); break;
            case Outcome.Blocked: d.Done = true; Send(req.Fe, new DelegateFailed(key, ver, bal, DelegateFailure.Nacked, 0)); break;
        }
    }

    private void Propose(int key, int ver, Ballot bal, int vid, string value, ActorId fe)
    {
        var splits = Values.Encode(P, value);
        Observe(new ObsProposed(key, ver, bal, vid, value, Kind.Write));
        Broadcast(i => new Propose(key, ver, bal, vid, splits[i], fe, Kind.Write));
    }
}
