using PandoCoyote.Shared.Histories;

namespace PandoCoyote.Tests.Shared;

/// The monitors' key-value history check (PQR-LIN, RSP-S12): a read of the initial value after a completed write is
/// caught, a read that overlaps the write may return either value, and a pending write may take effect or not.
public class KvOpHistoryTests
{
    [Fact]
    public void A_read_of_the_initial_value_after_a_completed_write_is_not_linearizable()
    {
        var h = new KvOpHistory(0);
        h.Invoke(101, 1, true, 0, 11);
        Assert.Null(h.WriteDone(101));
        h.Invoke(201, 2, false, 0, 0);
        var bad = h.ReadDone(201, 0);
        Assert.NotNull(bad);
        Assert.Contains("k0", bad);
    }

    [Fact]
    public void Overlapping_and_pending_writes_may_or_may_not_be_seen()
    {
        var h = new KvOpHistory(0);
        h.Invoke(101, 1, true, 0, 11);          // pending for good
        h.Invoke(201, 2, false, 0, 0);
        Assert.Null(h.ReadDone(201, 0));
        h.Invoke(202, 2, false, 0, 0);
        Assert.Null(h.ReadDone(202, 11));
        h.Invoke(203, 2, false, 0, 0);
        Assert.NotNull(h.ReadDone(203, 0));      // once seen, the write cannot be undone
    }
}
