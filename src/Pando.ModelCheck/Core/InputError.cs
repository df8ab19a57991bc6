namespace Pando.ModelCheck.Core;

/// <summary>
/// Bad input to the harness (manifest, cfg, selection, toolchain). The message is meant to be printed
/// as-is: it names the file or field that is wrong and the rule it breaks. Nothing has been run or
/// written when it is thrown.
/// </summary>
public sealed class InputError(string message) : Exception(message);
