using Microsoft.Coyote.Actors;
using PandoCoyote.Shared.Network;
using PandoCoyote.Shared.Testing;

namespace PandoCoyote.PQR;

/// <summary>Messages handled (sent + received) per operation by the leader, by a follower (the mean over followers) and by a client.</summary>
/// <param name="Leader">The leader's messages per operation.</param>
/// <param name="Follower">A follower's messages per operation (mean over the n − 1 followers).</param>
/// <param name="Client">A client's messages per operation of its own.</param>
/// <param name="Rinses">Fraction of reads that needed a rinse.</param>
/// <param name="CommitsPerOp">Phase-3 Commit messages per operation, counted apart (the paper piggybacks them on the next phase 2).</param>
public sealed record MessageLoad(double Leader, double Follower, double Client, double Rinses, double CommitsPerOp);

/// <summary>
/// The message-count experiment of brief PQR §9.3 (the paper's Table 1): a stable leader known to the clients, no faults,
/// in-order delivery, no timers (nothing is retransmitted; a rinse goes to one replica that answered phase 1, as in the
/// paper), and a script with a given fraction r of reads; counts every message each node sends or receives,
/// leaving out messages a replica sends itself and the Commit messages (the paper piggybacks phase 3 on the next phase 2;
/// they are reported apart). Runs under Coyote's TestingEngine like every other scenario, so the counts come from the
/// same actors the tests check.
/// </summary>
public static class MessageCount
{
    /// <summary>The paper's Table 1 formulas (leader, follower, client) for n nodes and read fraction r.</summary>
    public static (double Leader, double Follower, double Client) Table1(PqrReadMode mode, int n, double r) => mode switch
    {
        PqrReadMode.LogRead => (2 * n, 2, 2),
        PqrReadMode.LeaderRead => (2 * n * (1 - r) + 2 * r, 2 * (1 - r), 2),
        _ => (2 * n * (1 - r), 2, 2 * (1 - r) + 2 * r * (n / 2 + 1)),
    };

    /// <summary>
    /// Runs <paramref name="clients"/> clients with <paramref name="opsPerClient"/> operations each (reads: exactly
    /// round(r × ops) of them, at positions drawn from a fixed seed, on keys spread over 10) against n replicas with
    /// majority quorums (RQ = ⌊n/2⌋ + 1, the paper's read quorum), and returns the measured load.
    /// </summary>
    public static MessageLoad Measure(PqrReadMode mode, int n, double r, int clients = 1, int opsPerClient = 200, int seed = 1)
    {
        int majority = n / 2 + 1;
        var p = PqrParams.Checked(n, majority, majority, majority);
        var settings = new PqrSettings(p, PerKey: false, RinseFree: true, UseFillTo: true, Keys: 10, PqrMutant.None, Resend: false, mode, Thrifty: true);
        var rng = new Random(seed);
        var scripts = new List<IReadOnlyList<PqrOp>>();
        for (int c = 0; c < clients; c++)
        {
            int reads = (int)Math.Round(r * opsPerClient);
            var kinds = Enumerable.Range(0, opsPerClient).Select(i => i >= reads).OrderBy(_ => rng.Next()).ToList();
            scripts.Add(kinds.Select(write => new PqrOp(write, rng.Next(10))).ToList());
        }
        var sent = new Dictionary<ActorId, long>();
        var received = new Dictionary<ActorId, long>();
        long commits = 0;
        var gate = new object();
        void Tally(ActorId? src, ActorId dst, Event payload)
        {
            lock (gate)
            {
                if (src is null || src == dst) return;
                if (payload is PqrMsg { Body: Commit }) { commits++; return; }
                sent[src] = sent.GetValueOrDefault(src) + 1;
                received[dst] = received.GetValueOrDefault(dst) + 1;
            }
        }
        var sys = new PqrSystem(settings, FaultPlan.None, PqrWorkload.S1) { Scripts = scripts, Tally = Tally, Only = ["Agreement"] };
        Coverage.Reset();
        var result = CoyoteRunner.Run(sys.Scenario("bench_pqr_messages", iterations: 1, seed: (uint)seed, maxSteps: 1_000_000), quiet: true);
        if (result.Kind != CoyoteVerdict.Pass) throw new InvalidOperationException($"the message-count run failed: {result.Message}");
        var snapshot = Coverage.Snapshot();
        lock (gate)
        {
            long Handled(ActorId a) => sent.GetValueOrDefault(a) + received.GetValueOrDefault(a);
            var nodes = sent.Keys.Concat(received.Keys).Distinct().ToList();
            var replicas = nodes.Where(a => a.Type.EndsWith(".Replica", StringComparison.Ordinal)).OrderBy(a => a.Value).ToList();
            var clientIds = nodes.Where(a => a.Type.EndsWith(".Client", StringComparison.Ordinal)).ToList();
            double ops = clients * opsPerClient;
            double leader = replicas.Count > 0 ? Handled(replicas[0]) / ops : 0;
            double follower = n > 1 ? Enumerable.Range(1, n - 1).Sum(i => i < replicas.Count ? Handled(replicas[i]) : 0) / (double)(n - 1) / ops : 0;
            double client = clientIds.Sum(Handled) / ops;
            double readCount = Math.Round(r * opsPerClient) * clients;
            double rinses = readCount > 0 ? snapshot.GetValueOrDefault("pqr: a read returned after a rinse") / readCount : 0;
            return new MessageLoad(leader, follower, client, rinses, commits / ops);
        }
    }
}
