using PandoCoyote.Shared.Network;

namespace PandoCoyote.Planning;

/// <summary>
/// Prices of the nine public-cloud data centers of the LEGOStore paper (its Tables 1 and 2, as given in
/// ../shared/docs/protocols/LEGOStore.md §9.2–9.3), in the order of <see cref="Geo.Sites"/>: storage in $/GB·month, a
/// 1-core VM in $/hour, and outbound network transfer in $/GB by (sender, receiver) pair, free inside a data center.
/// Delays and round trips come from <see cref="Geo"/> (the same table's RTT half). Pando's Azure prices and RTTs are not in
/// its paper's text (brief Pando §9, Q17), so every protocol is planned on these.
/// </summary>
public static class PriceTable
{
    /// <summary>Bytes in a billed GB: cloud egress and storage are billed per binary gigabyte (2^30 bytes).</summary>
    public const double BytesPerGB = 1 << 30;

    /// <summary>Hours in a billed month (storage prices are per month).</summary>
    public const double HoursPerMonth = 730;

    /// <summary>VMs needed per request-phase per second at one data center: one 1-core VM serves 600 (the artifact's θ).</summary>
    public const double VmPerRequestRate = 1.0 / 600;

    /// <summary>Storage, $/GB·month (Table 1).</summary>
    public static readonly IReadOnlyList<double> StorageGbMonth = [0.052, 0.054, 0.044, 0.048, 0.048, 0.044, 0.06, 0.048, 0.04];

    /// <summary>A 1-core, 1 GB VM, $/hour (Table 1).</summary>
    public static readonly IReadOnlyList<double> VmHour = [0.0261, 0.0283, 0.0253, 0.0262, 0.0262, 0.0226, 0.0310, 0.0248, 0.0215];

    // Table 2, network price ($/GB), row = sender, column = receiver; 0 on the diagonal (no inter-DC charge).
    private static readonly double[,] Net =
    {
        { 0, 0.15, 0.12, 0.12, 0.12, 0.12, 0.12, 0.12, 0.12 },
        { 0.15, 0, 0.15, 0.15, 0.15, 0.15, 0.15, 0.15, 0.15 },
        { 0.09, 0.15, 0, 0.09, 0.09, 0.09, 0.09, 0.09, 0.09 },
        { 0.08, 0.15, 0.08, 0, 0.08, 0.08, 0.08, 0.08, 0.08 },
        { 0.08, 0.15, 0.08, 0.08, 0, 0.08, 0.08, 0.08, 0.08 },
        { 0.08, 0.15, 0.08, 0.08, 0.08, 0, 0.08, 0.08, 0.08 },
        { 0.08, 0.15, 0.08, 0.08, 0.08, 0.08, 0, 0.08, 0.08 },
        { 0.08, 0.15, 0.08, 0.08, 0.08, 0.08, 0.08, 0, 0.08 },
        { 0.08, 0.15, 0.08, 0.08, 0.08, 0.08, 0.08, 0.08, 0 },
    };

    /// <summary>Number of data centers.</summary>
    public static int Count => Geo.Sites.Count;

    /// <summary>Outbound transfer price from <paramref name="from"/> to <paramref name="to"/>, $/GB.</summary>
    public static double Network(int from, int to) => Net[from, to];
}
