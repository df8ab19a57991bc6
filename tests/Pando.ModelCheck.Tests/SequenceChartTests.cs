using System.Xml.Linq;
using Pando.ModelCheck.Suite;

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
