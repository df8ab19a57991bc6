using Pando.ModelCheck.Mutation;

namespace Pando.ModelCheck.Tests;

/// The operator sweep's mutant generator (issues 46 and 47): which places it changes and which it must leave alone.
public class OperatorMutantsTests
{
    private const string PMachine = """
        machine Acceptor {
          var cfg: tCfg;
          // durable
          var promised: int;
          // volatile
          var acks: seq[int];

          fun OnPrepare(m: tPrepare) {
            if (m.bal > promised) {   // a comment with < and >
              promised = m.bal;
              acks = default(seq[int]);
              announce eLocal, (node = "a", promised = promised);
            }
            if (cfg.mutant == MX) { promised = 0; }
            if (cfg.mutant == MY) {
              promised = 1;
            }
          }

          fun OnAck(m: tAck) {
            var k: int;
            if (sizeof(acks) >= cfg.q2 && k < 3) { Commit(); }
          }

          fun PreferHigher(b: int, than: int): bool { return b > than; }

          start state Up {
            on eReply do (m: tReply) {
              if (sizeof(acks) >= cfg.q2) { goto Up; }
            }
          }
        }
        """;

    private static List<OperatorMutant> P(params string[] scopes) => [.. OperatorMutants.Generate("A.p", PMachine, MutantLanguage.P, scopes)];

    [Fact]
    public void P_comparisons_flip_their_boundary_and_turn_round_only_in_a_selection()
    {
        var ms = P();
        var onPrepare = ms.Where(m => m.Scope == "OnPrepare" && m.Operator == "boundary").ToList();
        Assert.Single(onPrepare);
        Assert.Equal((">", ">="), (onPrepare[0].Before, onPrepare[0].After));
        Assert.DoesNotContain(ms, m => m.Scope == "OnPrepare" && m.Operator == "direction");
        var prefer = ms.Where(m => m.Scope == "PreferHigher").Select(m => (m.Operator, m.After)).ToList();
        Assert.Equal([("boundary", ">="), ("direction", "<")], prefer);
    }

    [Fact]
    public void P_quorum_sizes_go_off_by_one_but_a_local_one_letter_variable_does_not()
    {
        var q = P("OnAck").Where(m => m.Operator.StartsWith("quorum", StringComparison.Ordinal)).ToList();
        Assert.Equal(["(cfg.q2 + 1)", "(cfg.q2 - 1)"], q.Select(m => m.After).Order(StringComparer.Ordinal));
    }

    [Fact]
    public void P_anonymous_handlers_are_scopes_named_after_their_state_and_event()
    {
        var q = P("Up.eReply").Select(m => m.After).ToList();
        Assert.Contains("(cfg.q2 - 1)", q);
        Assert.Contains(">", q);
    }

    [Fact]
    public void P_drop_assign_skips_durable_fields_only_and_never_touches_the_repositorys_own_mutants()
    {
        var drops = P().Where(m => m.Operator == "drop-assign").ToList();
        var d = Assert.Single(drops);
        Assert.Equal("promised = m.bal;", d.Before);
        Assert.Equal("promised = promised;", d.After);
        Assert.Equal(10, d.Line);
        var mutated = d.Apply(PMachine);
        Assert.Contains("promised = promised;", mutated);
        Assert.Contains("acks = default(seq[int]);", mutated);
    }

    [Fact]
    public void Comments_and_strings_are_never_changed()
    {
        int comment = PMachine.IndexOf("// a comment", StringComparison.Ordinal);
        int str = PMachine.IndexOf("\"a\"", StringComparison.Ordinal);
        Assert.DoesNotContain(P(), m => m.Start >= comment && m.Start < comment + 26);
        Assert.DoesNotContain(P(), m => m.Start >= str && m.Start < str + 3);
    }

    [Fact]
    public void A_scope_that_does_not_exist_is_an_input_error()
    {
        var e = Assert.Throws<InputError>(() => P("OnNothing"));
        Assert.Contains("no function named OnNothing in A.p", e.Message);
    }

    private const string Spec = """
        ---- MODULE S ----
        EXTENDS Naturals, FiniteSets
        CONSTANTS QW, X
        VARIABLES promised, votes

        Send(v) == votes' = votes \cup {v}

        Pick(R, top) == CHOOSE u \in R : \A w \in R : top[w] <= top[u]

        Vote(a, b) ==
            /\ b >= promised[a]     \* the promise
            /\ Cardinality(votes) < QW
            /\ b = Pick({b}, [x \in {b} |-> x])
            /\ votes' = votes \cup {<<a, b>>}
            /\ promised' = [promised EXCEPT ![a] = b]

        Restart(a) ==
            /\ a \in {1, 2}
            /\ Send(<<a, 0>>)
            /\ promised' = [promised EXCEPT ![a] = 0]

        Init == promised = [a \in {1, 2} |-> 0] /\ votes = {}
        Next == \E a \in {1, 2}, b \in 0..2 : Vote(a, b) \/ Restart(a)

        UnusedHelper == 1 < 2
        AgreementInv == \A v \in votes : v[2] <= 2
        ====
        """;

    [Fact]
    public void Tla_mutants_cover_the_protocol_and_leave_properties_and_unused_definitions_alone()
    {
        var ms = OperatorMutants.Generate("S.tla", Spec, MutantLanguage.Tla, []);
        Assert.DoesNotContain(ms, m => m.Scope is "AgreementInv" or "UnusedHelper");
        Assert.Contains(ms, m => m.Scope == "Vote" && m.Operator == "drop-guard" && m.Before == "b >= promised[a]");
        Assert.Contains(ms, m => m.Scope == "Vote" && m.Operator == "quorum+1" && m.Before == "QW");
        Assert.DoesNotContain(ms, m => m.Operator == "drop-guard" && m.Before.Contains('\'', StringComparison.Ordinal));
        // A conjunct that calls an updating definition (Send) is an update, not a guard.
        Assert.DoesNotContain(ms, m => m.Before.Contains("Send", StringComparison.Ordinal));
        Assert.Contains(ms, m => m.Scope == "Restart" && m.Operator == "drop-guard" && m.Before == "a \\in {1, 2}");
        // CHOOSE makes Pick a selection: its comparison turns round.
        Assert.Contains(ms, m => m.Scope == "Pick" && m.Operator == "direction" && m.After == ">=");
        // Tuples and implications are not comparisons.
        Assert.DoesNotContain(ms, m => m.Before is "<<" or ">>" or "|->" or "=>");
        var skip = Assert.Single(ms, m => m.Operator == "skip-update");
        Assert.Equal("promised' = promised", skip.After);
        Assert.Equal("Restart", skip.Scope);
        Assert.Contains("/\\ promised' = promised\n", skip.Apply(Spec));
    }

    [Fact]
    public void A_mutant_of_a_changed_file_is_an_input_error()
    {
        var m = OperatorMutants.Generate("S.tla", Spec, MutantLanguage.Tla, ["Vote"]).First();
        Assert.Throws<InputError>(() => m.Apply(Spec.Replace("Vote(a, b) ==", "Vote(a, b)   ==", StringComparison.Ordinal)));
    }
}
