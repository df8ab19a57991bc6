using System.Text;
using System.Text.RegularExpressions;

namespace Pando.ModelCheck.Tlc;

/// <summary>
/// Reachability witnesses folded into the run of the passing model whose cfg they share (docs/harness.md,
/// "Folded witnesses"). A witness model asks TLC to violate one predicate on the passing model's cfg; when the passing
/// model runs in the same session, TLC can answer the same question during that run: the harness writes a module that
/// EXTENDS the model's own module and adds one invariant, always TRUE, which prints a witness's name the first time a
/// state violates the witness predicate. Every state TLC checks in that run is a reachable state of the same spec,
/// constants and constraints, so a printed witness is reached exactly as its own run would show; a witness the run did
/// not print is run on its own afterwards, as before. Nothing else of the run changes (same cfg, same invariants and
/// properties, same mode and seed).
/// </summary>
/// <param name="Witnesses">The witness predicates (names defined in the model's module), in manifest order.</param>
/// <param name="Mode">The run's mode, which decides how the print-once flags are kept.</param>
public sealed partial record WitnessProbe(IReadOnlyList<string> Witnesses, CheckMode Mode)
{
    /// <summary>The probe module's name, written in the run's metadir.</summary>
    public const string ModuleName = "PandoWitnessProbe";
    /// <summary>The invariant the probe adds.</summary>
    public const string InvariantName = "PandoWitnessProbeInv";
    /// <summary>The cfg TLC reads in the metadir: the model's cfg plus the probe invariant.</summary>
    public const string CfgFileName = "probe.cfg";
    private const string Marker = "pando-witness-reached";

    [GeneratedRegex(@"^""pando-witness-reached (\w+)""$")]
    private static partial Regex ReachedRx();

    /// <summary>The witness a line of TLC's output reports reached, or null.</summary>
    public static string? ReachedIn(string line) => ReachedRx().Match(line.Trim()) is { Success: true } m ? m.Groups[1].Value : null;

    /// <summary>The probe module for <paramref name="m"/>.</summary>
    public string ModuleText(ModelEntry m)
    {
        var mc = Path.GetFileNameWithoutExtension(m.ModulePath);
        var sb = new StringBuilder();
        sb.AppendLine($"---- MODULE {ModuleName} ----");
        sb.AppendLine($"\\* Written by the harness (WitnessProbe.cs) for the run of {m.Name}: {mc} with one more invariant, always TRUE,");
        sb.AppendLine("\\* that prints each folded reachability witness the first time a checked state violates its predicate.");
        sb.AppendLine($"EXTENDS {mc}, TLC");
        // TLC register i says whether witness i was printed. In breadth-first mode an ASSUME sets every worker's registers.
        // A simulation worker does not see them: TLC 2.15 checks the initial states at level 0 and each behaviour's
        // states from level 1 on, so the flags are reset at levels 0 and 1 (a witness is printed at most once per behaviour).
        if (Mode == CheckMode.Exhaustive)
            sb.AppendLine($"ASSUME {string.Join(" /\\ ", Witnesses.Select((_, i) => $"TLCSet({i + 1}, FALSE)"))}");
        sb.AppendLine($"{InvariantName} ==");
        if (Mode == CheckMode.Simulate)
            sb.AppendLine($"  /\\ TLCGet(\"level\") <= 1 => ({string.Join(" /\\ ", Witnesses.Select((_, i) => $"TLCSet({i + 1}, FALSE)"))})");
        for (int i = 0; i < Witnesses.Count; i++)
            sb.AppendLine($"  /\\ (~TLCGet({i + 1}) /\\ ~({Witnesses[i]})) => (PrintT(\"{Marker} {Witnesses[i]}\") /\\ TLCSet({i + 1}, TRUE))");
        sb.AppendLine("====");
        return sb.ToString();
    }

    /// <summary>The cfg TLC reads: the model's own, plus the probe invariant.</summary>
    public static string CfgText(ModelEntry m) =>
        m.CfgText.TrimEnd() + $"\n\\* Added by the harness: folded reachability witnesses (WitnessProbe.cs).\nINVARIANT {InvariantName}\n";

    /// <summary>Writes the probe module and cfg into the run's metadir.</summary>
    public void WriteFiles(string metaDir, ModelEntry m)
    {
        File.WriteAllText(Path.Combine(metaDir, ModuleName + ".tla"), ModuleText(m));
        File.WriteAllText(Path.Combine(metaDir, CfgFileName), CfgText(m));
    }
}
