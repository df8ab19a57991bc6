namespace Pando.ModelCheck.Tests;

/// Light TLA+/cfg reading used for validation and for naming false ASSUMEs.
public class TlaTextTests
{
    [Fact]
    public void Assumption_name_is_found_from_TLCs_location()
    {
        var text = File.ReadAllText(Path.Combine(Repo.Root, "configs", "Consensus", "MCConsensus.tla"));
        var r = Repo.ParseFixture("assumption.out", 10);
        Assert.Equal("ConsensusValueSetNonEmptyAssume", TlaText.AssumptionNameAt(text, r.AssumptionAt!.Line, r.AssumptionAt.Column));
    }

    [Fact]
    public void Assumption_name_picks_the_enclosing_of_several_and_null_for_unnamed()
    {
        var text = "---- MODULE M ----\nASSUME A1 == 1 > 0\nASSUME A2 ==\n   /\\ 2 > 3\nASSUME 4 > 5\n====";
        Assert.Equal("A1", TlaText.AssumptionNameAt(text, 2, 14));
        Assert.Equal("A2", TlaText.AssumptionNameAt(text, 4, 7));
        Assert.Null(TlaText.AssumptionNameAt(text, 5, 8));
    }

    [Fact]
    public void Definitions_ignore_comments_and_include_declarations()
    {
        var text = "---- MODULE M ----\nCONSTANTS N, Acc\nVARIABLE x\n\\* Fake == 1\n(* Other == 2 *)\nReal == 3\nOp(a, b) == a\nF[i \\in 1..2] == i\nASSUME Named == TRUE\n====";
        var d = TlaText.Definitions(text).ToHashSet();
        Assert.Superset(new HashSet<string> { "N", "Acc", "x", "Real", "Op", "F", "Named" }, d);
        Assert.DoesNotContain("Fake", d);
        Assert.DoesNotContain("Other", d);
    }

    [Fact]
    public void Cfg_sections_are_read()
    {
        var cfg = CfgFile.Parse("t.cfg", "\\* comment INVARIANT Hidden\nCONSTANTS\n  N = 3\n  Ballot <- MCBallot\nSPECIFICATION Spec\nINVARIANTS TypeOK AgreeInv\nPROPERTY P1\nSYMMETRY Sym\nCHECK_DEADLOCK FALSE\n");
        Assert.Equal(["TypeOK", "AgreeInv"], cfg.Invariants);
        Assert.Equal(["P1"], cfg.Properties);
        Assert.Equal(["MCBallot", "Spec", "TypeOK", "AgreeInv", "P1", "Sym"], cfg.RequiredDefinitions);
    }

    [Fact]
    public void Malformed_cfg_is_rejected_with_its_name()
    {
        Assert.Contains("t.cfg: expected a cfg keyword", Assert.Throws<InputError>(() => CfgFile.Parse("t.cfg", "hello\nINVARIANT X")).Message);
        Assert.Contains("t.cfg: INVARIANT is followed by no name", Assert.Throws<InputError>(() => CfgFile.Parse("t.cfg", "INVARIANT\n")).Message);
        Assert.Contains("\"1+1\" after INVARIANT is not an operator name", Assert.Throws<InputError>(() => CfgFile.Parse("t.cfg", "INVARIANT 1+1")).Message);
    }
}

/// Element-level changes in counterexample step tables.
public class TlaValueDiffTests
{
    [Fact]
    public void Set_changes_list_added_and_removed_elements()
    {
        var d = TlaValueDiff.Describe("{[a |-> 1, b |-> {2, 3}], \"x,y\"}", "{[a |-> 1, b |-> {2, 3}], [a |-> 2, b |-> {}]}");
        Assert.Equal("+ [a |-> 2, b |-> {}]; - \"x,y\"", d);
    }

    [Fact]
    public void Function_changes_list_only_changed_entries()
    {
        var d = TlaValueDiff.Describe("(a1 :> -1 @@ a2 :> <<1, 2>> @@ a3 :> -1)", "(a1 :> 0 @@ a2 :> <<1, 2>> @@ a3 :> -1)");
        Assert.Equal("a1 :> 0", d);
    }

    [Fact]
    public void Other_values_show_the_new_value()
    {
        Assert.Equal("4", TlaValueDiff.Describe("3", "4"));
        Assert.Equal("<<1, 2>>", TlaValueDiff.Describe("<<1>>", "<<1, 2>>"));
    }
}
