using System.Xml.Linq;
using Pando.ModelCheck.Suite;
using Pando.ModelCheck.Tlc;

namespace Pando.ModelCheck.Tests;

/// The message sequence charts of the protocol pages (and of counterexamples): the text form is read strictly, and the
/// SVG has one lane per node and one arrow per message, so a figure cannot silently drop a step.
public class SequenceChartTests
{
    private const string Sample = """
        # a comment
        title Two sites
        lanes FE S1 S2
        step phase 1
        FE -> S1 S2: PREPARE(b)
        S1 --> FE: PROMISE(b)
        S2 -x FE: PROMISE(b)
        note FE: a quorum of one
        bad FE S2: Agreement violated <here>
        """;

    [Fact]
    public void The_svg_has_a_lane_per_node_and_an_arrow_per_message()
    {
        var svg = XDocument.Parse(SequenceChart.Parse(Sample, "t.msc").ToSvg());
        XNamespace ns = "http://www.w3.org/2000/svg";
        IEnumerable<XElement> Class(string c) => svg.Descendants().Where(e => (string?)e.Attribute("class") == c);
        Assert.Equal(3, Class("lane").Count());
        Assert.Equal(["FE", "S1", "S2"], Class("lane-name").Select(e => e.Value));
        Assert.Equal(2, Class("msg").Single().Elements(ns + "line").Count());  // one row, two destinations
        Assert.Single(Class("reply"));
        Assert.Single(Class("lost"));
        Assert.Single(Class("note"));
        Assert.Equal("Agreement violated <here>", Class("bad").Single().Element(ns + "text")!.Value);  // escaped, and read back
        Assert.Equal("phase 1", Class("step").Single().Value);
        Assert.Equal("Two sites", Class("title").Single().Value);
    }

    [Theory]
    [InlineData("lanes A B\nA -> C: x", "t.msc:2: unknown lane \"C\"")]
    [InlineData("A -> B: x\nlanes A B", "t.msc:1: \"lanes\" must come before the first row")]
    [InlineData("lanes A B\nA => B: x", "t.msc:2: cannot read \"A => B\"")]
    [InlineData("lanes A B\nA -> A: x", "t.msc:2: a message from A to itself")]
    [InlineData("lanes A A\nA -> A: x", "t.msc:1: a lane is named twice")]
    [InlineData("lanes A B\nhello", "t.msc:2: expected")]
    [InlineData("title only", "t.msc: no \"lanes\" line")]
    [InlineData("lanes A B", "t.msc: no rows")]
    public void Bad_input_names_the_file_line_and_problem(string text, string message)
    {
        var e = Assert.Throws<InputError>(() => SequenceChart.Parse(text, "t.msc"));
        Assert.StartsWith(message, e.Message);
    }
}

/// A TLC counterexample drawn as a chart: lanes from the nodes the state is indexed by, arrows from new messages, notes
/// from changed node state, and the hints a spec gives for fields whose role depends on the message type.
public class TraceChartTests
{
    private static TraceState S(int n, string action, params (string, string)[] vars) =>
        new(n, action, vars.Select(v => new KeyValuePair<string, string>(v.Item1, v.Item2)).ToList());

    private static readonly TlcTrace Trace = new([
        S(1, "Init", ("prom", "(a1 :> -1 @@ a2 :> -1)"), ("msgs", "{}"), ("round", "0")),
        S(2, "Prepare", ("prom", "(a1 :> -1 @@ a2 :> -1)"), ("msgs", "{[type |-> \"prepare\", bal |-> 1]}"), ("round", "0")),
        S(3, "Promise", ("prom", "(a1 :> 1 @@ a2 :> -1)"),
            ("msgs", "{[type |-> \"prepare\", bal |-> 1], [type |-> \"promise\", bal |-> 1, acc |-> a1]}"), ("round", "1")),
        S(4, "Ask", ("prom", "(a1 :> 1 @@ a2 :> -1)"),
            ("msgs", "{[type |-> \"prepare\", bal |-> 1], [type |-> \"promise\", bal |-> 1, acc |-> a1], [type |-> \"ask\", cand |-> a2, peer |-> a1]}"), ("round", "1")),
    ], null);

    [Fact]
    public void Nodes_messages_and_state_changes_become_lanes_arrows_and_notes()
    {
        var chart = TraceChart.From(Trace, "t", "violates X");
        Assert.Equal([TraceChart.Others, "a1", "a2"], chart.Lanes);
        var msgs = chart.Rows.Where(r => r.Kind == SequenceChart.RowKind.Message).ToList();
        Assert.Equal(["others", "a1", "a2"], msgs[0].Lanes);         // no sender: from others to every node
        Assert.Equal("prepare(bal=1)", msgs[0].Text);
        Assert.Equal(["a1", "others"], msgs[1].Lanes);               // a node's reply with no receiver goes to others
        Assert.Equal("promise(bal=1)", msgs[1].Text);                // the sender field is the lane, not in the label
        Assert.Contains(chart.Rows, r => r.Kind == SequenceChart.RowKind.Note && r.Lanes.SequenceEqual(["a1"]) && r.Text == "prom: -1 → 1");
        Assert.Contains(chart.Rows, r => r.Kind == SequenceChart.RowKind.Note && r.Text == "round = 1");
        Assert.Equal(["4. Ask"], chart.Rows.Where(r => r.Kind == SequenceChart.RowKind.Step).Select(r => r.Text).TakeLast(1));
        Assert.Equal("violates X", chart.Rows[^1].Text);
        Assert.Equal(SequenceChart.RowKind.Bad, chart.Rows[^1].Kind);
    }

    [Fact]
    public void A_spec_hint_names_the_sender_and_receiver_fields_of_a_message_type()
    {
        var hints = TraceChart.Hints(["---- MODULE X ----\n\\* chart: ask from cand to peer\n===="]);
        Assert.Equal(("cand", "peer"), hints["ask"]);
        var ask = TraceChart.From(Trace, "t", "v", hints).Rows.Last(r => r.Kind == SequenceChart.RowKind.Message);
        Assert.Equal(["a2", "a1"], ask.Lanes);
        Assert.Equal("ask()", ask.Text);
        // Without the hint, neither field is known: from others to every node, both fields in the label.
        var plain = TraceChart.From(Trace, "t", "v").Rows.Last(r => r.Kind == SequenceChart.RowKind.Message);
        Assert.Equal(["others", "a1", "a2"], plain.Lanes);
        Assert.Equal("ask(cand=a2, peer=a1)", plain.Text);
    }
}

/// Every finding of docs/findings.md has its committed picture and step table, linked from its section, and each picture
/// is a chart that ends with the violated property (bench/finding-pictures.sh --check redraws them with TLC).
public class FindingPicturesTests
{
    [Fact]
    public void Every_finding_has_a_linked_picture_that_ends_in_its_violation()
    {
        var findings = ProtocolPages.Findings(Path.Combine(Repo.Root, "docs", "findings.md"));
        var text = File.ReadAllText(Path.Combine(Repo.Root, "docs", "findings.md"));
        Assert.Equal(7, findings.Count);
        foreach (var f in findings)
        {
            var svg = Path.Combine(Repo.Root, "docs", "findings-pictures", f.Id + ".svg");
            Assert.True(File.Exists(svg), $"{f.Id}: no picture {svg}");
            Assert.True(File.Exists(Path.ChangeExtension(svg, ".trace.txt")), $"{f.Id}: no step table");
            Assert.Contains($"findings-pictures/{f.Id}.svg", text);
            Assert.Contains($"--tag {f.Id}", text);
            var doc = XDocument.Parse(File.ReadAllText(svg));
            var classes = doc.Descendants().Select(e => (string?)e.Attribute("class")).ToList();
            Assert.True(classes.Count(c => c == "lane") >= 2, $"{f.Id}: fewer than two lanes");
            Assert.True(classes.Count(c => c is "msg" or "reply") >= 2, $"{f.Id}: fewer than two messages");
            var bad = doc.Descendants().Single(e => (string?)e.Attribute("class") == "bad");
            Assert.StartsWith("violates ", bad.Value);
        }
    }

    [Fact]
    public void Every_finding_tag_selects_models()
    {
        var manifest = Manifest.Load(Path.Combine(Repo.Root, "configs", "models.json"));
        foreach (var f in ProtocolPages.Findings(Path.Combine(Repo.Root, "docs", "findings.md")))
            Assert.Contains(manifest.Models, m => m.Tags.Contains(f.Id));
    }
}
