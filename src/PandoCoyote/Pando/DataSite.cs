using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Pando;

/// <summary>
/// A data site (acceptor), brief §2.1 and §4.2; twin of p-models DataSite. Durable: each version's ppn, apn, vid
/// and split, and the GC floor (kept across <see cref="Crash"/>/<see cref="Restart"/>). Volatile: the commit marks
/// (a hint; losing them is safe, brief §1.5). A crashed site ignores every message until it restarts. A site stores
/// every key: its slots are indexed by (key, version) and each key has its own GC floor (keys are independent).
/// </summary>
[OnEventDoAction(typeof(Msg), nameof(OnMsg))]
[OnEventDoAction(typeof(Crash), nameof(OnCrash))]
[OnEventDoAction(typeof(Restart), nameof(OnRestart))]
public sealed class DataSite : PandoActor
{
    private sealed record Slot(Ballot Ppn, Ballot Apn, int Vid, Split? Split, string? Value, int Cmt);

    private readonly Dictionary<(int Key, int Ver), Slot> _slots = [];
    private readonly Dictionary<int, int> _floors = [];
    private bool _down;

    private Slot Get(int key, int ver) => _slots.TryGetValue((key, ver), out var s) ? s : new Slot(Ballot.None, Ballot.None, 0, null, null, 0);

    /// <summary>Where the key's GC floor is kept: its own entry, or under MK1 the one entry every key shares.</summary>
    private int FloorOf(int key) => Mutant == Mutant.MK1SharedFloor ? 0 : key;

    /// <summary>The key's GC floor (1: nothing pruned).</summary>
    private int Floor(int key) => _floors.GetValueOrDefault(FloorOf(key), 1);

    // A pruned version must never be answered as if empty (brief §4.8). M12 forgets this.
    private bool Pruned(int key, int ver) => ver < Floor(key) && Mutant != Mutant.M12GcForgetsSlot;

    private void OnMsg(Event e)
    {
        if (_down) return;                       // a crashed site loses what it is sent
        switch (((Msg)e).Body)
        {
            case Prepare m: OnPrepare(m); break;
            case Propose m: OnPropose(m); break;
            case Commit m: OnCommit(m); break;
            case Fetch m: OnFetch(m); break;
        }
    }

    /// <summary>Crash: volatile state is lost (commit marks; under M13 also the promise).</summary>
    private void OnCrash()
    {
        _down = true;
        foreach (var (slot, s) in _slots.ToList())
            _slots[slot] = s with { Cmt = 0, Ppn = Mutant == Mutant.M13RestartLosesPromise ? s.Apn : s.Ppn };
    }

    /// <summary>Restart from the durable state; after a disk loss (a mutant) from nothing at all.</summary>
    private void OnRestart(Event e)
    {
        _down = false;
        foreach (var ((key, ver), sl) in _slots) ObserveLocal(new LocalPromise(SiteSlot(key, ver), sl.Ppn, "Restart"));
        if (((Restart)e).DiskLost) { _slots.Clear(); _floors.Clear(); Shared.Testing.Coverage.Hit("site: restarted without its disk"); ObserveHoldings(); }
    }

    /// <summary>The acceptor state of one version at this site, in node-local observations (PANDO-N1, N2).</summary>
    private string SiteSlot(int key, int ver) => $"site{Index}/{VersionName(key, ver)}";

    /// <summary>Tells the monitors what this site durably holds now (after a vote, a prune, a disk loss).</summary>
    private void ObserveHoldings() =>
        Observe(new ObsSiteHoldings(Index, _slots.Where(kv => kv.Value.Vid != 0).ToDictionary(kv => kv.Key, kv => (kv.Value.Vid, kv.Value.Split!)),
            _slots.Keys.Select(s => s.Key).Concat(_floors.Keys).Distinct().ToDictionary(k => k, Floor)));

    /// <summary>Prunes the key's versions below <paramref name="below"/> and raises its floor (MK1: the one shared floor).</summary>
    private void Prune(int key, int below)
    {
        foreach (var old in _slots.Keys.Where(s => s.Key == key && s.Ver < below).ToList()) { _slots.Remove(old); Coverage.Hit(key == 0 ? "site: GC pruned a version" : "site: GC pruned a version of a second key"); }
        if (below > Floor(key)) _floors[FloorOf(key)] = below;
    }

    /// <summary>TLA+ Promise(a, b): promise a strictly higher ballot, reporting the accepted state and split.</summary>
    private void OnPrepare(Prepare m)
    {
        if (Pruned(m.Key, m.Ver)) { Coverage.Hit("site: STALE answered"); Send(m.ReplyTo, new Stale(Index, m.Key, m.Ver, m.Bal, Floor(m.Key))); return; }
        var s = Get(m.Key, m.Ver);
        if (s.Ppn == Ballot.None || Lt(s.Ppn, m.Bal))
        {
            _slots[(m.Key, m.Ver)] = s = s with { Ppn = m.Bal };             // persisted before the reply
            ObserveLocal(new LocalPromise(SiteSlot(m.Key, m.Ver), m.Bal, "Promise"));
            Send(m.ReplyTo, new Promise(Index, m.Key, m.Ver, m.Bal, s.Apn, s.Vid, s.Split, s.Cmt));
        }
        else Send(m.ReplyTo, new Nack(Index, m.Key, m.Ver, m.Bal, s.Ppn, 1));
    }

    /// <summary>TLA+ Vote(a, b): accept a ballot ≥ the promise; ppn, apn, vid and split change together.</summary>
    private void OnPropose(Propose m)
    {
        if (Pruned(m.Key, m.Ver)) { Send(m.ReplyTo, new Stale(Index, m.Key, m.Ver, m.Bal, Floor(m.Key))); return; }
        var s = Get(m.Key, m.Ver);
        if (s.Ppn != Ballot.None && Lt(m.Bal, s.Ppn)) { Send(m.ReplyTo, new Nack(Index, m.Key, m.Ver, m.Bal, s.Ppn, 2)); return; }
        var value = ValueHint.Of(m.Split);
        _slots[(m.Key, m.Ver)] = s with { Ppn = m.Bal, Apn = m.Bal, Vid = m.Vid, Split = m.Split, Value = value };
        ObserveLocal(new LocalVote(SiteSlot(m.Key, m.Ver), VersionName(m.Key, m.Ver), m.Bal, $"vid {m.Vid}", m.Bal, "Vote"));
        Observe(new ObsVoted(Index, m.Key, m.Ver, m.Bal, m.Vid, value));
        if (Mutant == Mutant.M12bPruneOnAccept) Prune(m.Key, m.Ver);        // M12b: GC on accept, before the version is chosen
        ObserveHoldings();
        if (Mutant == Mutant.M7CmtOnVote) MarkCommitted(m.Key, m.Ver, m.Vid);
        Send(m.ReplyTo, new Accepted(Index, m.Key, m.Ver, m.Bal, m.Vid));
    }

    /// <summary>TLA+ Commit(a): mark cmt only on a split accepted at a ballot ≥ the chosen one, then prune older versions.</summary>
    private void OnCommit(Commit m)
    {
        if (m.Ver < Floor(m.Key)) return;
        var s = Get(m.Key, m.Ver);
        if (s.Apn != Ballot.None && Ballots.Le(m.Bal, s.Apn, Mutant))
        {
            MarkCommitted(m.Key, m.Ver, m.Vid);
            Prune(m.Key, m.Ver);                                                    // GC below a version known committed (brief §4.8)
            ObserveHoldings();
        }
    }

    private void MarkCommitted(int key, int ver, int vid)
    {
        var s = Get(key, ver);
        _slots[(key, ver)] = s with { Cmt = vid };
        Observe(new ObsCommitMarked(Index, key, ver, vid, s.Vid));
    }

    /// <summary>FETCH (brief §4.7): read-only; reports this site's state and split for one version.</summary>
    private void OnFetch(Fetch m)
    {
        var s = Get(m.Key, m.Ver);
        Send(m.ReplyTo, new Fetched(Index, m.Key, m.Ver, m.Rid, Floor(m.Key), s.Apn, s.Vid, s.Split, s.Cmt));
    }
}

/// <summary>
/// The monitors compare values, but a site holds only a split. Each split carries, out of band for the monitors
/// only, the value it was cut from (<see cref="Values.Encode"/> records it); the protocol never reads it.
/// </summary>
internal static class ValueHint
{
    private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<Split, string> Hints = new();

    public static void Set(Split s, string value) => Hints.AddOrUpdate(s, value);

    public static string Of(Split s) => Hints.TryGetValue(s, out var v) ? v : "?";
}
