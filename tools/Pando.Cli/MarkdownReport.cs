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
    /// appended to its table. A fresh table whose header no old table has (other columns) replaces the old one, since
    /// its rows were measured differently; with <paramref name="keepWideTables"/> the old table with the same first
    /// column stays instead (a table with one column per test, where a run of a few tests has only their columns).
    /// </summary>
    public static void WriteMerged(string path, string fresh, bool keepWideTables = false)
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
            string separator = lines[i + 1];
            i += 2;
            var freshRows = new List<string>();
            while (i < lines.Length && IsRow(lines[i])) freshRows.Add(lines[i++]);
            if (keepWideTables && !oldTables.ContainsKey(header)
                && oldTables.FirstOrDefault(t => Key(t.Key) == Key(header)) is { Key: not null } wide)
            {
                output.Add(wide.Key);
                output.Add(wide.Value.Separator);
                output.AddRange(wide.Value.Rows);
                continue;
            }
            output.Add(header);
            output.Add(separator);
            var byKey = freshRows.ToDictionary(Key, r => r, StringComparer.Ordinal);
            var used = new HashSet<string>(StringComparer.Ordinal);
            if (oldTables.TryGetValue(header, out var old))
                foreach (var r in old.Rows)
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

    // Header line -> separator line and data rows, for every table of a Markdown file.
    private static Dictionary<string, (string Separator, List<string> Rows)> Tables(string[] lines)
    {
        var tables = new Dictionary<string, (string Separator, List<string> Rows)>(StringComparer.Ordinal);
        for (int i = 0; i + 1 < lines.Length; i++)
        {
            if (!IsRow(lines[i]) || !lines[i + 1].StartsWith("|---", StringComparison.Ordinal)) continue;
            var rows = new List<string>();
            int j = i + 2;
            while (j < lines.Length && IsRow(lines[j])) rows.Add(lines[j++]);
            tables[lines[i]] = (lines[i + 1], rows);
            i = j - 1;
        }
        return tables;
    }
}
