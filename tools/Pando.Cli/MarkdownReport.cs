using System.Text;

namespace Pando.Cli;

/// <summary>The opening every generated Markdown report shares: its title and the command that writes it.</summary>
public static class MarkdownReport
{
    /// <summary>A builder holding "# title" and the "written by ...; do not edit by hand" comment.</summary>
    public static StringBuilder Start(string title, string writtenBy)
    {
        var sb = new StringBuilder();
        sb.AppendLine("# " + title);
        sb.AppendLine();
        sb.AppendLine("<!-- Written by " + writtenBy + "; do not edit by hand. -->");
        sb.AppendLine();
        return sb;
    }
}
