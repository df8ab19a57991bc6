
namespace Pando.Cli;

/// <summary>Entry point of <c>./pando</c>.</summary>
public static class Program
{
    /// <summary>Top-level help.</summary>
    public const string Help = """
        pando — model checking and testing for the Pando reference repository

        usage: ./pando <command> [options]

        commands:
          check     run TLC on the models of configs/models.json (with --p the P tests of p-models/tests.json, with
                    --coyote the Coyote tests of tests/coyote.json) and compare each verdict with its expectation
          test      every level's fast tier: xunit, TLC models, P tests, Coyote tests (the README's test command; --smoke: a minute)
          quorum    validate a quorum parameter set (quorum pando n=4 k=2 f=1 q1a=2 q1b=3 q2=3)
          lincheck  check a history for linearizability (lincheck --model cas-register FILE)
          plan      the cheapest deployment of a protocol for a workload (plan all clients=Tokyo reads=HR rate=500)
          bench     benchmarks run on request (bench codec)
          catalogue regenerate the generated documents: the catalogue, the README's status table, the protocol pages
                    and their figures (--check: verify only)
          explain   draw a TLC counterexample (explain --model NAME) or a hand-written chart as a sequence-chart SVG
          validate  trace validation: a Coyote test's iterations checked by TLC to be behaviours of the spec
          mutate    mutation sweep of one protocol's C# roles with Stryker.NET against its Coyote tests (full tier only)
          shards    join the reports of a sharded run (shards merge), e.g. the full tier split over CI jobs

        Every command takes --help. Exit codes: 0 success, 1 a check or test failed, 2 bad input or usage.
        """;

    /// <summary>Runs the CLI; returns the process exit code.</summary>
    public static int Main(string[] argv)
    {
        if (argv.Length == 0 || argv[0] is "--help" or "-h" or "help")
        {
            Console.WriteLine(Help);
            return argv.Length == 0 ? 2 : 0;
        }
        var rest = argv.Skip(1).ToList();
        try
        {
            return argv[0] switch
            {
                "check" => CheckCommand.Run(rest),
                "catalogue" => CatalogueCommand.Run(rest),
                "bench" => BenchCommand.Run(rest),
                "quorum" => QuorumCommand.Run(rest),
                "lincheck" => LincheckCommand.Run(rest),
                "plan" => PlanCommand.Run(rest),
                "test" => TestCommand.Run(rest),
                "mutate" => MutateCommand.Run(rest),
                "shards" => ShardsCommand.Run(rest),
                "explain" => ExplainCommand.Run(rest),
                "validate" => ValidateCommand.Run(rest),
                _ => throw new UsageError($"unknown command \"{argv[0]}\" (commands: check, test, catalogue, explain, validate, bench, quorum, lincheck, plan, mutate, shards)"),
            };
        }
        catch (HelpRequested h)
        {
            Console.WriteLine(h.Message);
            return 0;
        }
        catch (UsageError e)
        {
            Console.Error.WriteLine($"pando: {e.Message} (see ./pando {(argv[0] is "check" or "test" or "catalogue" or "bench" or "quorum" or "lincheck" or "plan" or "mutate" or "shards" or "explain" or "validate" ? argv[0] + " " : "")}--help)");
            return 2;
        }
        catch (InputError e)
        {
            Console.Error.WriteLine($"pando: {e.Message}");
            return 2;
        }
    }

    /// <summary>The repository root: PANDO_ROOT, or the nearest parent of the working folder that holds pando.slnx.</summary>
    public static string RepoRoot()
    {
        if (Environment.GetEnvironmentVariable("PANDO_ROOT") is { Length: > 0 } r) return Path.GetFullPath(r);
        for (var d = new DirectoryInfo(Directory.GetCurrentDirectory()); d is not null; d = d.Parent)
            if (File.Exists(Path.Combine(d.FullName, "pando.slnx"))) return d.FullName;
        throw new InputError("cannot find the repository root (no pando.slnx above the working folder); run from inside the repository or set PANDO_ROOT");
    }
}
