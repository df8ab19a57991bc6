using Pando.Cli;

namespace Pando.ModelCheck.Tests;

/// <c>./pando mutate</c>: bad input is one clear error (exit 2, nothing run or written), and the method spans handed to
/// Stryker cover exactly the named methods. The sweep itself is full tier (docs/benchmarks/mutation.md).
public class MutateCliTests
{
    [Theory]
    [InlineData("mutate: unknown protocol \"Paxos\" (choose one of Pando, PQR, RSPaxos, LEGOStore, Alia)", "mutate", "--protocol", "Paxos")]
    [InlineData("mutate: --protocol is required", "mutate")]
    [InlineData("mutate: unknown level \"java\" (choose csharp, p or tla)", "mutate", "--protocol", "PQR", "--level", "java")]
    [InlineData("mutate: unknown operator \"swap\" (choose boundary, direction,", "mutate", "--protocol", "PQR", "--level", "p", "--operator", "swap")]
    [InlineData("mutate: --operator, --resume, --list and --limit belong to the operator sweep", "mutate", "--protocol", "PQR", "--list")]
    [InlineData("mutate: p-models/PQR/PSrc/Nope.p does not exist", "mutate", "--protocol", "PQR", "--level", "p", "--file", "Nope.p")]
    [InlineData("mutate: no function named OnNothing in p-models/PQR/PSrc/Replica.p", "mutate", "--protocol", "PQR", "--level", "p", "--file", "Replica.p", "--method", "OnNothing")]
    [InlineData("mutate: no definition named Nothing in specs/RSPaxos.tla", "mutate", "--protocol", "RSPaxos", "--level", "tla", "--method", "Nothing")]
    [InlineData("mutate: --tests must be pass or all, got \"some\"", "mutate", "--protocol", "PQR", "--tests", "some")]
    [InlineData("src/PandoCoyote/PQR/Nope.cs does not exist", "mutate", "--protocol", "PQR", "--file", "Nope.cs")]
    [InlineData("mutate: --test Nope: no such test in tests/coyote.json", "mutate", "--protocol", "PQR", "--test", "Nope")]
    [InlineData("mutate: --test Pando_V2_live is a Pando test, not PQR", "mutate", "--protocol", "PQR", "--test", "Pando_V2_live")]
    [InlineData("mutate: --test Pando_M1_Agreement expects a bug, and --tests pass takes passing tests only", "mutate", "--protocol", "Pando", "--test", "Pando_M1_Agreement")]
    [InlineData("mutate: --test Pando_M9_OneProposal is not in the fast tier", "mutate", "--protocol", "Pando", "--tests", "all", "--test", "Pando_M9_OneProposal")]
    [InlineData("mutate: no method named OnNothing in Replica.cs of PQR", "mutate", "--protocol", "PQR", "--file", "Replica.cs", "--method", "OnNothing")]
    public void Bad_input_is_one_clear_error_and_runs_nothing(string expected, params string[] args)
    {
        var before = Directory.Exists(Path.Combine(Repo.Root, ".pando", "out", "mutate", "Paxos"));
        var (code, _, stderr) = Repo.RunCli(args);
        Assert.Equal(2, code);
        Assert.Contains(expected, stderr);
        Assert.Single(stderr.Trim().Split('\n'));
        Assert.Equal(before, Directory.Exists(Path.Combine(Repo.Root, ".pando", "out", "mutate", "Paxos")));
    }

    [Fact]
    public void Method_spans_cover_the_declaration_and_body()
    {
        const string text = """
            class C
            {
                private void OnP1a(P1a m)
                {
                    if (m.Bal > 0) { Go(); }
                }

                private bool Prefer(int a, int b) => a > b;

                private void Other() { }

                private (int Vid, byte[]? Value) SelectValue(List<int> pieces) { return (pieces[0], null); }
            }
            """;
        var spans = MutateCommand.MethodSpans(text, "OnP1a").ToList();
        Assert.Single(spans);
        var body = text[spans[0].Start..spans[0].End];
        Assert.StartsWith("    private void OnP1a(P1a m)", body);
        Assert.EndsWith("}", body);
        Assert.Contains("Go();", body);
        Assert.DoesNotContain("Prefer", body);
        var expr = MutateCommand.MethodSpans(text, "Prefer").Single();
        Assert.EndsWith("=> a > b;", text[expr.Start..expr.End]);
        Assert.Empty(MutateCommand.MethodSpans(text, "Missing"));
        var tuple = MutateCommand.MethodSpans(text, "SelectValue").Single();          // a tuple return type
        Assert.EndsWith("return (pieces[0], null); }", text[tuple.Start..tuple.End]);
    }

    [Fact]
    public void The_PQR_core_handlers_are_found_in_the_replica()
    {
        var dir = Path.Combine(Repo.Root, "src", "PandoCoyote", "PQR");
        var patterns = MutateCommand.Patterns(dir, "PQR", ["Replica.cs"], ["OnP1a", "OnP2a", "TryLead", "Prefer"]);
        Assert.Equal(4, patterns.Count);
        Assert.All(patterns, p => Assert.Matches(@"^\*\*/PQR/Replica\.cs\{\d+\.\.\d+\}$", p));
    }
}
