// The shared vocabulary (expectations, verdicts, judgements, tiers, input errors) is used by every checker.
global using Pando.ModelCheck.Core;
