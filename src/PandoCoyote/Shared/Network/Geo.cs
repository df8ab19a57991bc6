namespace PandoCoyote.Shared.Network;

/// <summary>
/// Round-trip times between nine public-cloud data centers, in milliseconds: the VM-to-VM measurements of the
/// LEGOStore paper's Table 2, as given in ../shared/docs/protocols/LEGOStore.md §9.3 (row = sender, column =
/// receiver; not exactly symmetric). One-way delay is taken as half the round trip in the sending direction.
/// </summary>
public static class Geo
{
    /// <summary>Data-center names, in table order.</summary>
    public static readonly IReadOnlyList<string> Sites =
        ["Tokyo", "Sydney", "Singapore", "Frankfurt", "London", "Virginia", "São Paulo", "Los Angeles", "Oregon"];

    private static readonly int[,] Rtt =
    {
        { 2, 115, 70, 226, 218, 148, 253, 100, 90 },
        { 115, 2, 94, 289, 277, 204, 291, 139, 162 },
        { 72, 94, 2, 202, 203, 214, 319, 165, 166 },
        { 229, 289, 201, 2, 15, 89, 202, 153, 139 },
        { 222, 280, 204, 15, 2, 79, 192, 141, 131 },
        { 146, 204, 214, 90, 79, 2, 116, 68, 58 },
        { 252, 292, 317, 202, 192, 117, 1, 155, 172 },
        { 101, 139, 180, 153, 142, 67, 155, 2, 26 },
        { 95, 164, 165, 142, 131, 58, 173, 26, 2 },
    };

    /// <summary>The index of a data center by name; an unknown name is an <see cref="ArgumentException"/> listing the names.</summary>
    public static int Index(string name) =>
        Sites.ToList().IndexOf(name) is var i and >= 0 ? i : throw new ArgumentException($"unknown data center \"{name}\" (known: {string.Join(", ", Sites)})");

    /// <summary>One-way delay from <paramref name="from"/> to <paramref name="to"/> in ms (half the round trip).</summary>
    public static double Delay(int from, int to) => Rtt[from, to] / 2.0;

    /// <summary>
    /// A request from <paramref name="a"/> to <paramref name="b"/> and its reply, in ms: the one-way delays of both
    /// directions (the table is not exactly symmetric), as the timed network delivers them.
    /// </summary>
    public static double RoundTrip(int a, int b) => Delay(a, b) + Delay(b, a);

    /// <summary>The q-th smallest of <paramref name="delays"/>: when a sender waiting for q replies continues.</summary>
    public static double QthFastest(IEnumerable<double> delays, int q) => delays.Order().ElementAt(q - 1);
}
