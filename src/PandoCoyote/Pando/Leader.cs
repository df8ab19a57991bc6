using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Pando;

/// <summary>
/// The per-key leader (brief §2.4, §4.5); twin of p-models Leader. Each key has its own leader actor (its key is
/// <see cref="PandoInit.Key"/>); it ignores messages about other keys. Finishes writes the FEs could not finish: its
/// ballots have round ≥ 1 and so beat every FE, delegate and reader ballot (round 0). One run per version at a
/// time; every FE that handed the version over gets the result. Runs are bounded (6 rounds) so schedules end.
/// A crash loses every run, waiter and decision (volatile); the restart is a re-election: the new term's ballots
/// carry a higher tag (the term number is the only durable state), so no ballot of the old term is reused.
/// FEs resend their writes on a timeout and reach the new term.
/// </summary>
[OnEventDoAction(typeof(Msg), nameof(OnMsg))]
[OnEventDoAction(typeof(NetTimeout), nameof(OnTimeout))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class Leader : PandoActor
{
    private sealed class Run
    {
        public bool Active;
        public int Round;
        public Ballot Bal = Ballot.None;
        public Phase1 P1 = new();
        public Phase2 P2 = new();
        public bool Proposed;
        public int Timer;
    }

    private readonly Dictionary<int, Run> _runs = [];
    private readonly Dictionary<int, int> _decided = [];
    private readonly Dictionary<int, HashSet<ActorId>> _waiting = [];
    private readonly Dictionary<int, LeaderWrite> _request = [];
    private int _term = 1;
    private bool _down;

    private void OnCrash()
    {
        _down = true;
        _runs.Clear(); _decided.Clear(); _waiting.Clear(); _request.Clear();
    }

    /// <summary>Re-election: a new term, whose ballots ⟨round, term⟩ are above every ballot of the earlier terms with the same round.</summary>
    private void OnRestart()
    {
        _down = false;
        if (Mutant != Mutant.MBRTermNotBumped) _term++;
        Coverage.Hit("leader: re-elected (new term)");
    }

    private bool Current(int ver, Ballot bal) => _runs.TryGetValue(ver, out var r) && r.Active && r.Bal == bal;

    private void OnMsg(Event e)
    {
        if (_down) return;
        var body = ((Msg)e).Body;
        if (KeyOf(body) != Key) return;
        switch (body)
        {
            case LeaderWrite m:
                if (_decided.TryGetValue(m.Ver, out var d)) { Send(m.Fe, new LeaderResult(Key, m.Ver, d)); return; }
                if (!_waiting.TryGetValue(m.Ver, out var w)) _waiting[m.Ver] = w = [];
                w.Add(m.Fe);
                _request.TryAdd(m.Ver, m);
                if (!_runs.TryGetValue(m.Ver, out var r0) || !r0.Active) StartRound(m.Ver);
                break;
            case Promise m when Current(m.Ver, m.Bal):
                _runs[m.Ver].P1.Promises[m.From] = m;
                EvaluatePhase1(m.Ver);
                break;
            case Nack m when Current(m.Ver, m.Bal):
                var run = _runs[m.Ver];
                run.Round = Math.Max(run.Round, m.Ppn.Round);
                if (m.Phase == 1) { run.P1.Nacks.Add(m.From); EvaluatePhase1(m.Ver); }
                else { run.P2.Nacks.Add(m.From); if (P.N - run.P2.Nacks.Count < P.Q2) StartRound(m.Ver); }
                break;
            case Stale m when Current(m.Ver, m.Bal):
                _runs[m.Ver].P1.Stale = true;
                if (!_runs[m.Ver].Proposed) EvaluatePhase1(m.Ver); else Decide(m.Ver, 0, Ballot.None);
                break;
            case Accepted m when Current(m.Ver, m.Bal):                // toward TLA+ ChosenIn(x, b)
                _runs[m.Ver].P2.Accepted[m.From] = m.Vid;
                if (_runs[m.Ver].P2.QuorumVid(P.Q2) is var x and not 0) Decide(m.Ver, x, m.Bal);
                break;
        }
    }

    private int Key => Init.Key;

    private static int KeyOf(object body) => body switch
    {
        LeaderWrite m => m.Key, Promise m => m.Key, Nack m => m.Key, Stale m => m.Key, Accepted m => m.Key, _ => -1,
    };

    private void OnTimeout(Event e)
    {
        if (_down) return;
        var id = ((NetTimeout)e).Id;
        foreach (var (ver, r) in _runs)
            if (r.Active && r.Timer == id) { StartRound(ver); return; }
    }

    /// <summary>TLA+ WriterPrepare(b) for a ballot of kind Leader: a round above every round seen for this version.</summary>
    private void StartRound(int ver)
    {
        if (!_runs.TryGetValue(ver, out var r)) _runs[ver] = r = new Run();
        if (r.Round >= 6) { r.Active = false; return; }
        r.Active = true;
        r.Round++;
        Coverage.Hit(r.Round == 1 ? "leader: run started" : "leader: retry round");
        r.Bal = new Ballot(r.Round, _term);
        r.P1 = new(); r.P2 = new(); r.Proposed = false;
        if (Init.LeaderTimeouts) r.Timer = StartTimer();
        Observe(new ObsLeaderStarted(Key, ver));
        Broadcast(_ => new Prepare(Key, ver, r.Bal, Id, Kind.Write));
    }

    /// <summary>TLA+ ProposeFast / ProposeRecover for the leader's ballot.</summary>
    private void EvaluatePhase1(int ver)
    {
        var r = _runs[ver];
        if (r.Proposed) return;
        var o = Proposer.Evaluate(r.P1, true, P, Mutant);
        switch (o.Outcome)
        {
            case Outcome.UseOwn or Outcome.Adopt:
                var req = _request[ver];
                var (vid, value) = o.Outcome == Outcome.UseOwn ? (req.Vid, req.Value)
                    : (Mutant == Mutant.M11FreshVidOnRecovery ? req.Vid : o.Vid, o.Value!);
                r.Proposed = true;
                ObserveRecovery(o, Key, ver, r.Bal, vid, "ProposeRecover (leader)");
                var splits = Values.Encode(P, value);
                Observe(new ObsProposed(Key, ver, r.Bal, vid, value, Kind.Write));
                Broadcast(i => new Propose(Key, ver, r.Bal, vid, splits[i], Id, Kind.Write));
                break;
            case Outcome.KnownChosen: Decide(ver, o.Vid, Ballot.None); break;
            case Outcome.DecidedLater: Decide(ver, 0, Ballot.None); break;
            case Outcome.Blocked: StartRound(ver); break;
        }
    }

    /// <summary>The run learned the outcome (from a phase-2 quorum: then COMMIT is broadcast; or a commit mark; or STALE).</summary>
    private void Decide(int ver, int vid, Ballot bal)
    {
        _runs[ver].Active = false;
        if (bal != Ballot.None) Broadcast(_ => new Commit(Key, ver, bal, vid));
        _decided[ver] = vid;
        Coverage.Hit("leader: decided");
        Observe(new ObsLeaderDecided(Key, ver));
        foreach (var fe in _waiting.GetValueOrDefault(ver) ?? []) Send(fe, new LeaderResult(Key, ver, vid));
        _waiting.Remove(ver);
    }
}
