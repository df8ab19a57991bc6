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

    /// <summary>
    /// Writes <paramref name="fresh"/> to <paramref name="path"/>, keeping the rows of the file already there that the
    /// fresh report does not have: a run of a few tests updates their rows and leaves the others. Rows are keyed by their
    /// first cell, tables by their header line; a row of the old file stays in place (or is replaced), a new row is
    /// appended to its table, and an old table with a header the fresh report lacks (other columns) is dropped with
    /// its rows, since they were measured differently.
    /// </summary>
    public static void WriteMerged(string path, string fresh)
    {
        if (!File.Exists(path)) { File.WriteAllText(path, fresh); return; }
        var oldTables = Tables(File.ReadAllLines(path));
        var lines = fresh.Replace("\r\n", "\n").Split('\n');
        var output = new List<string>();
        int i = 0;
        while (i < lines.Length)
        {
            if (!IsRow(lines[i]) || i + 1 >= lines.Length || !lines[i + 1].StartsWith("|---", StringComparison.Ordinal)) { output.Add(lines[i++]); continue; }
            string header = lines[i];
            output.Add(lines[i++]);
            output.Add(lines[i++]);
            var freshRows = new List<string>();
            while (i < lines.Length && IsRow(lines[i])) freshRows.Add(lines[i++]);
            var byKey = freshRows.ToDictionary(Key, r => r, StringComparer.Ordinal);
            var used = new HashSet<string>(StringComparer.Ordinal);
            if (oldTables.TryGetValue(header, out var oldRows))
                foreach (var r in oldRows)
                {
                    var k = Key(r);
                    if (byKey.TryGetValue(k, out var nr)) { output.Add(nr); used.Add(k); } else output.Add(r);
                }
            output.AddRange(freshRows.Where(r => !used.Contains(Key(r))));
        }
        File.WriteAllText(path, string.Join('\n', output));
    }

    private static bool IsRow(string line) => line.StartsWith('|');

    private static string Key(string row) => row.Split('|', StringSplitOptions.TrimEntries).ElementAtOrDefault(1) ?? row;

    // Header line -> data rows, for every table of a Markdown file.
    private static Dictionary<string, List<string>> Tables(string[] lines)
    {
        var tables = new Dictionary<string, List<string>>(StringComparer.Ordinal);
        for (int i = 0; i + 1 < lines.Length; i++)
        {
            if (!IsRow(lines[i]) || !lines[i + 1].StartsWith("|---", StringComparison.Ordinal)) continue;
            var rows = new List<string>();
            int j = i + 2;
            while (j < lines.Length && IsRow(lines[j])) rows.Add(lines[j++]);
            tables[lines[i]] = rows;
            i = j - 1;
        }
        return tables;
    }
}
