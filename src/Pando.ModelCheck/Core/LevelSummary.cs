namespace Pando.ModelCheck.Core;

/// <summary>The structured result of one checking level in a run of <c>./pando test</c> or <c>./pando check</c>.</summary>
/// <param name="Level">The level's name as printed: <c>xunit</c>, <c>models</c> (TLC), <c>p tests</c>.</param>
/// <param name="Passed">Tests or models whose result matched their expectation.</param>
/// <param name="Failed">Tests or models that did not (including errors and timeouts).</param>
/// <param name="Seconds">Wall-clock seconds of the level.</param>
public sealed record LevelSummary(string Level, int Passed, int Failed, double Seconds)
{
    /// <summary>The closing line of a level: <c>LEVEL: N passed, M failed</c>.</summary>
    public string Line => $"{Level}: {Passed} passed, {Failed} failed";
}
