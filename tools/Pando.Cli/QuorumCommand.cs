using PandoCoyote.Shared.Quorums;
using PandoCoyote.Shared.Ballots;

namespace Pando.Cli;

/// <summary><c>./pando quorum &lt;protocol&gt; key=value...</c>: validate a quorum parameter set.</summary>
public static class QuorumCommand
{
    /// <summary>Help text.</summary>
    public static string Help => $"""
        usage: ./pando quorum <protocol> key=value ...

        Checks a parameter set against the protocol's quorum constraints, prints every constraint with its numbers,
        and ends with `valid` or `invalid`. Exit codes: 0 valid, 1 invalid, 2 usage error (unknown protocol or
        parameter, missing or non-integer value). Warnings (e.g. Pando C4') do not make a set invalid.

        protocols:
          {string.Join("\n  ", QuorumConstraints.Protocols.Select(QuorumConstraints.Usage))}

        example: ./pando quorum pando n=4 k=2 f=1 q1a=2 q1b=3 q2=3
        """;

    /// <summary>Runs the command.</summary>
    public static int Run(IReadOnlyList<string> argv)
    {
        if (argv.Count == 0) throw new UsageError("quorum: name a protocol (" + string.Join(", ", QuorumConstraints.Protocols) + ")");
        if (argv.Contains("--help") || argv.Contains("-h")) { Console.WriteLine(Help); return 0; }
        QuorumReport report;
        try { report = QuorumConstraints.Validate(argv[0], argv.Skip(1)); }
        catch (QuorumUsageException e) { throw new UsageError("quorum: " + e.Message); }
        Console.WriteLine($"{report.Protocol}  {string.Join(" ", report.Parameters.Select(p => $"{p.Key}={p.Value}"))}");
        foreach (var r in report.Results.Where(r => r.Id != "R" || !r.Holds)) Console.WriteLine("  " + r);
        Console.WriteLine(report.Valid ? "valid" : "invalid");
        return report.Valid ? 0 : 1;
    }
}
