using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Ballots;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.Pando;

/// <summary>One client operation of a front-end's script: a CPUT of (ver, vid, value), or a GET of ver.</summary>
public sealed record Op(bool Write, int Ver, int Vid = 0, string Value = "")
{
    /// <summary>The key the operation is on (keys are numbered from 0).</summary>
    public int Key { get; init; }
}

/// <summary>What every Pando actor is created with.</summary>
public sealed class PandoInit(int id, PandoParams p, Mutant mutant, ActorId net, IReadOnlyList<ActorId> sites) : Event
{
    /// <summary>The actor's index (sites: 0..N-1; FEs: 1..).</summary>
    public int Id { get; } = id;
    /// <summary>Deployment parameters.</summary>
    public PandoParams Params { get; } = p;
    /// <summary>The mutant switched on, if any.</summary>
    public Mutant Mutant { get; } = mutant;
    /// <summary>The network actor every message goes through.</summary>
    public ActorId Net { get; } = net;
    /// <summary>The key's data sites, by index.</summary>
    public IReadOnlyList<ActorId> Sites { get; } = sites;
    /// <summary>FEs only: the delegate (null = no delegation).</summary>
    public ActorId? Delegate { get; init; }
    /// <summary>FEs only: the leader of each key, by key.</summary>
    public IReadOnlyList<ActorId> Leaders { get; init; } = [];
    /// <summary>Leaders only: the key this leader serves.</summary>
    public int Key { get; init; }
    /// <summary>FEs only: the client's operations, run one at a time.</summary>
    public IReadOnlyList<Op> Ops { get; init; } = [];
    /// <summary>FEs only: record CONFLICT(⊥) as a definite CONFLICT in the history (the negative control of finding F6).</summary>
    public bool StaleAsConflict { get; init; }
    /// <summary>The network runs in virtual time (latency model): acknowledge every delivery.</summary>
    public bool Timed { get; init; }
    /// <summary>FEs only: a GET restarts on a timeout (false: it waits for replies forever; the PANDO-L3 negative control).</summary>
    public bool ReadTimeouts { get; init; } = true;
    /// <summary>Leader only: retry a run on a timeout (needed when messages can be lost).</summary>
    public bool LeaderTimeouts { get; init; } = true;
}

/// <summary>The common part of the Pando actors: parameters, sending through the network, observations, timers.</summary>
public abstract class PandoActor : NetActor<PandoInit>
{
    /// <summary>The actor's index.</summary>
    protected int Index { get; private set; }
    /// <summary>Deployment parameters.</summary>
    protected PandoParams P { get; private set; } = null!;
    /// <summary>Switched-on mutant.</summary>
    protected Mutant Mutant { get; private set; }
    /// <summary>The data sites.</summary>
    protected IReadOnlyList<ActorId> Sites { get; private set; } = [];

    /// <inheritdoc/>
    protected override ActorId NetOf(PandoInit init) => init.Net;

    /// <inheritdoc/>
    protected override void Configure(PandoInit init)
    {
        Index = init.Id; P = init.Params; Mutant = init.Mutant; Sites = init.Sites;
    }

    /// <inheritdoc/>
    protected override bool TimedNetwork => Init.Timed;

    /// <summary>Sends a protocol message through the network.</summary>
    protected void Send(ActorId to, object body) => Route(to, new Msg(body));

    /// <summary>Sends a message to every site, in site order; <paramref name="bodyFor"/> may give each site its own split.</summary>
    protected void Broadcast(Func<int, object> bodyFor)
    {
        for (int i = 0; i < Sites.Count; i++)
        {
            var body = bodyFor(i);
            // Node-local observations (PANDO-N3, N5): each PREPARE broadcast starts a fresh ballot for its version (TLA+
            // WriterPrepare, ReaderPrepare), and a PROPOSE broadcast is the ballot's proposal (TLA+ ProposeFast, ProposeRecover).
            if (i == 0 && body is Prepare pr) ObserveLocal(new LocalBallotStart(Who, VersionName(pr.Key, pr.Ver), pr.Bal, $"{pr.Kind}Prepare"));
            if (i == 0 && body is Propose pp) ObserveLocal(new LocalPropose(Who, VersionName(pp.Key, pp.Ver), pp.Bal, $"vid {pp.Vid}", "Propose"));
            Send(Sites[i], body);
        }
    }

    /// <summary>This actor in node-local observations (site0, frontend1, delegate0, leader0).</summary>
    protected string Who => $"{GetType().Name.ToLowerInvariant()}{Index}";

    /// <summary>A version's consensus instance in node-local observations.</summary>
    protected static string VersionName(int key, int ver) => $"k{key}v{ver}";

    /// <summary>Reports a recovery choice to PANDO-N6 (SelectsRebuildable) when it came out of the recovery rule.</summary>
    protected void ObserveRecovery(Evaluation o, int key, int ver, Ballot bal, int vid, string action)
    {
        if (Proposer.Choice(o, Who, VersionName(key, ver), bal, vid, P, action) is { } c) ObserveLocal(c);
    }

    /// <summary>Tells every monitor.</summary>
    protected void Observe(object body)
    {
        var e = new Observation(body);
        foreach (var m in PandoMonitors.Safety) Monitor(m, e);
        foreach (var m in PandoMonitors.Liveness) Monitor(m, e);
    }

    /// <summary>Ballot order: ⟨round, tag⟩ with the M14 hook.</summary>
    protected bool Lt(Ballot a, Ballot b) => Ballots.Lt(a, b, Mutant);
}
