@testable import CombineTraceCore
import Foundation
import XCTest

/// The HTML report's timeline: its structure on the demo's trace, and its layout functions.
final class HTMLTimelineTests: XCTestCase {
    private static let demoPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples/traces/feed-demo.jsonl").path

    private func demoPage() throws -> String {
        let document = try TraceReader.read(path: Self.demoPath)
        return HTMLReport.render(document.events, report: TraceAnalysis().analyze(document), title: "demo")
    }

    /// Every match of `pattern`'s first capture groups, in order.
    private func captures(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
        }
    }

    private func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    func testDemoHasOneRowPerSubscriptionGroupedByCallSite() throws {
        let html = try demoPage()
        let rows = captures(#"<details class="tl-row [a-z-]+" data-sub="(\d+)" data-site="([^"]*)" data-state="([a-z-]+)">"#, in: html)
        XCTAssertEqual(rows.map { $0[0] }, ["1", "2", "4", "6", "3", "5", "7"])
        XCTAssertEqual(rows.map { $0[1] }, ["TraceDemo/FeedScreen.swift:28"] + Array(repeating: "TraceDemo/FeedScreen.swift:35", count: 3)
            + Array(repeating: "TraceDemo/FeedScreen.swift:41", count: 3))
        XCTAssertEqual(rows.map { $0[2] }, ["discarded", "leaked", "leaked", "leaked", "cancelled", "cancelled", "cancelled"])
        let groups = captures(#"<div class="tl-group" data-site="([^"]*)" data-label="([^"]*)">"#, in: html)
        XCTAssertEqual(groups, [["TraceDemo/FeedScreen.swift:28", "feed.refresh"], ["TraceDemo/FeedScreen.swift:35", "feed.leaky"],
                                ["TraceDemo/FeedScreen.swift:41", "feed.visible"]])
        XCTAssertTrue(html.contains(#"<span class="counts">3 subscriptions · 3 leaked</span>"#))
        XCTAssertTrue(html.contains(#"<span class="counts">1 subscription · 1 discarded</span>"#))
        // Row #2 opens to its events, times from the timeline's start (one thread: no thread column).
        XCTAssertTrue(html.contains(#"<div class="tl-events"><table class="events"><tr><th>seq</th><th>time</th><th>event</th><th>detail</th></tr>"#
            + "<tr><td>6<td>+322 us<td>subscribe<td>into sink<tr><td>7<td>+333 us<td>request<td>demand unlimited"
            + "<tr><td>8<td>+359 us<td>value<td>0 posts<tr><td>12<td>+512 us<td>value<td>1 posts"
            + "<tr><td>23<td>+701 us<td>value<td>2 posts<tr><td>35<td>+909 us<td>value<td>3 posts</table></div></details>"))
        XCTAssertTrue(html.contains(##"<summary title="#2: leaked, 4 values, lived 683 us. Click for its events.">"##))
    }

    func testDemoMarksExactlyTheLeakedSubscriptions() throws {
        let html = try demoPage()
        XCTAssertEqual(captures(#"<span class="tl-end leaked-marker" data-sub="(\d+)">leaked ▸</span>"#, in: html).map { $0[0] }, ["2", "4", "6"])
        XCTAssertEqual(occurrences(#"class="tl-end leaked-marker""#, in: html), 3)
        // Leaked bars run to the end of the plot and end in an arrow; the others end in a cap.
        XCTAssertEqual(occurrences(#"<path class="end leaked" d="M991 0L1000 8L991 16z"/>"#, in: html), 3)
        XCTAssertEqual(occurrences(#"<path class="end cancel""#, in: html), 4)
        XCTAssertEqual(captures(#"<span class="tl-end discarded">discarded</span>"#, in: html).count, 1)
        XCTAssertTrue(html.contains(#"<p class="legend"><span class="key leaked">leaked ▸</span>"#))
    }

    func testDemoAxisHasRoundTicksAtTopAndBottom() throws {
        let html = try demoPage()
        // 28.28 ms to 29.28 ms: 1.005 ms, ten whole steps of 100 us.
        let labels = captures(#"<text class="tick-label" x="[0-9.]+" y="[0-9.]+" text-anchor="[a-z]+">([^<]*)</text>"#, in: html).map { $0[0] }
        let expected = ["0", "100 us", "200 us", "300 us", "400 us", "500 us", "600 us", "700 us", "800 us", "900 us", "1.00 ms"]
        XCTAssertEqual(labels, expected + expected)
        XCTAssertEqual(occurrences(#"<svg class="tl-axis""#, in: html), 2)
        XCTAssertEqual(occurrences(#"<line class="axis-line""#, in: html), 2)
        XCTAssertTrue(html.contains("Time from the first subscription or mark (trace time 28.3 ms) to the last event, 1.01 ms."))
    }

    func testDemoMarksAreLabelledInLanesThatDoNotOverlap() throws {
        let document = try TraceReader.read(path: Self.demoPath)
        let report = TraceAnalysis().analyze(document)
        let layout = TimelineLayout.make(events: document.events, histories: SubscriptionHistory.build(from: document.events), report: report)
        XCTAssertEqual(layout.marks.map(\.mark.name), ["feed.appear", "feed.disappear", "feed.appear", "feed.disappear",
                                                        "feed.appear", "feed.disappear", "feed.dismissed"])
        XCTAssertEqual(layout.unlabelledMarks, 0)
        // feed.disappear and the next feed.appear are 18 us apart: they cannot share a lane.
        XCTAssertEqual(layout.marks.map(\.lane), [0, 0, 1, 0, 1, 0, 1])
        assertNoOverlap(layout.marks)
        let html = HTMLReport.render(document.events, report: report, title: "demo")
        XCTAssertEqual(captures(#"<g class="mark" data-seq="(\d+)" data-lane="(\d)">"#, in: html).map { $0[0] + ":" + $0[1] },
                       ["5:0", "14:0", "16:1", "26:0", "28:1", "39:0", "42:1"])
        XCTAssertEqual(occurrences("<i style=\"left:", in: html), 7)
    }

    private func assertNoOverlap(_ marks: [PlacedMark], gap: Double = 8, file: StaticString = #filePath, line: UInt = #line) {
        for (i, a) in marks.enumerated() {
            for b in marks[(i + 1)...] where a.lane != nil && a.lane == b.lane {
                XCTAssertTrue(a.right + gap <= b.left || b.right + gap <= a.left,
                              "\(a.text) [\(a.left), \(a.right)] and \(b.text) [\(b.left), \(b.right)] share lane \(a.lane!)", file: file, line: line)
            }
        }
    }

    func testCloseMarksTakeStackedLanesAndTheRightEdgeAnchorsAtTheLine() {
        let scale = TimelineScale(start: 0, end: 1_000, width: 1000)
        let marks = [
            TimelineMark(name: "a", seq: 1, time: 100),
            TimelineMark(name: "bbbb", seq: 2, time: 101),
            TimelineMark(name: "cc", seq: 3, time: 103),
            TimelineMark(name: "far", seq: 4, time: 500),
            TimelineMark(name: "end of it", seq: 5, time: 995),
        ]
        let placed = MarkLanes.layout(marks, scale: scale)
        XCTAssertEqual(placed.map(\.lane), [0, 1, 2, 0, 0])
        XCTAssertEqual(placed.map(\.anchorsEnd), [false, false, false, false, true])
        XCTAssertEqual(placed[0].left, 100)
        XCTAssertEqual(placed[0].right, 100 + MarkLanes.padding + MarkLanes.charWidth)
        XCTAssertEqual(placed[4].right, 995)
        XCTAssertEqual(placed[4].left, 995 - MarkLanes.padding - 9 * MarkLanes.charWidth, accuracy: 1e-9)
        assertNoOverlap(placed)
        XCTAssertEqual(MarkLanes.laneCount(placed), 3)
    }

    func testMarksBeyondTheLastLaneKeepTheirLineWithoutALabel() {
        let scale = TimelineScale(start: 0, end: 10_000, width: 1000)
        let marks = (0..<10).map { TimelineMark(name: "burst \($0)", seq: UInt64($0 + 1), time: 5_000 + UInt64($0)) }
        let placed = MarkLanes.layout(marks, scale: scale, maxLanes: 4)
        XCTAssertEqual(placed.map(\.lane), [0, 1, 2, 3, nil, nil, nil, nil, nil, nil])
        assertNoOverlap(placed)
        // Deterministic: the same input gives the same lanes.
        XCTAssertEqual(MarkLanes.layout(marks, scale: scale, maxLanes: 4), placed)
        XCTAssertEqual(MarkLanes.shortened(String(repeating: "x", count: 50)), String(repeating: "x", count: 39) + "…")
    }

    func testAxisStepsAreRound() {
        XCTAssertEqual(TimelineAxis.step(span: 1_005_322, maxIntervals: 10), 100_000)
        XCTAssertEqual(TimelineAxis.step(span: 1_100_000, maxIntervals: 10), 200_000)
        XCTAssertEqual(TimelineAxis.step(span: 1_000_000, maxIntervals: 10), 100_000)
        XCTAssertEqual(TimelineAxis.step(span: 37_000_000_000, maxIntervals: 10), 5_000_000_000)
        XCTAssertEqual(TimelineAxis.step(span: 1, maxIntervals: 10), 1)
        let ticks = TimelineAxis.ticks(TimelineScale(start: 5_000, end: 2_505_000), maxIntervals: 10)
        XCTAssertEqual(ticks.map(\.label), ["0", "500 us", "1.00 ms", "1.50 ms", "2.00 ms", "2.50 ms"])
        XCTAssertEqual(ticks.map(\.x), [0, 200, 400, 600, 800, 1000])
    }

    func testValueTicksAreMergedAndCappedAndThePageSaysSo() {
        var b = TraceBuilder()
        b.add(0, .subscribe(sub: 1, label: "firehose", site: "A/B.swift:1"))
        for i in 0..<10_000 { b.add(UInt64(10 + i * 100), .value(sub: 1, description: "\(i)")) }
        b.add(1_000_000, .subscribe(sub: 2, label: "few", site: "A/B.swift:2"))
        b.add(1_000_001, .value(sub: 2, description: "x"))
        b.add(1_000_002, .value(sub: 2, description: "y"))  // the same half unit as the one before
        b.add(1_000_100, .cancel(sub: 2))
        let report = TraceAnalysis().analyze(b.events)
        let limits = TimelineLimits(valueTicksPerRow: 300)
        let layout = TimelineLayout.make(events: b.events, histories: SubscriptionHistory.build(from: b.events), report: report, limits: limits)
        let rows = layout.groups.flatMap(\.rows)
        XCTAssertEqual(rows.map(\.valueCount), [10_000, 2])
        XCTAssertEqual(rows[0].valueTicks.count, 300)
        XCTAssertEqual(rows[0].tickPositions, 2_001)
        XCTAssertTrue(rows[0].ticksCapped)
        XCTAssertEqual(rows[0].valueTicks, rows[0].valueTicks.sorted())
        XCTAssertEqual(rows[1].valueTicks.count, 1)
        XCTAssertFalse(rows[1].ticksCapped)

        let html = HTMLReport.render(b.events, report: report, title: "t", limits: limits)
        let paths = captures(#"<path class="values" d="([^"]*)"/>"#, in: html).map { $0[0] }
        XCTAssertEqual(paths.map { occurrences("M", in: $0) }, [300, 1])
        XCTAssertTrue(html.contains("1 row has values at more than 300 places: each draws 300 evenly chosen ticks (marked ≈)."))
        XCTAssertTrue(html.contains("<small>10,000 values ≈</small>"))
        XCTAssertTrue(html.contains("300 of 2,001 tick places drawn"))
        // The event list of the firehose: 20 first events, 10 last, the rest counted (one thread:
        // no thread column).
        XCTAssertTrue(html.contains(#"<tr class="omitted"><td colspan="4">… 9,971 more events not listed …</td></tr>"#))
    }

    func testRowsPerSiteAreCappedProblemRowsFirst() {
        var b = TraceBuilder()
        for sub in UInt64(1)...30 {
            b.add(sub * 100, .subscribe(sub: sub, label: "many", site: "A/Many.swift:3"))
            b.add(sub * 100, .request(sub: sub, demand: .unlimited))
            b.add(sub * 100 + 1, .value(sub: sub, description: nil))
            if sub % 10 != 0 { b.add(sub * 100 + 50, .finished(sub: sub)) }
        }
        let report = TraceAnalysis().analyze(b.events)
        let layout = TimelineLayout.make(events: b.events, histories: SubscriptionHistory.build(from: b.events), report: report,
                                         limits: TimelineLimits(rowsPerSite: 5))
        XCTAssertEqual(layout.groups.map(\.total), [30])
        XCTAssertEqual(layout.groups[0].rows.map(\.id), [1, 2, 10, 20, 30])
        XCTAssertEqual(layout.groups[0].rows.map(\.state), [.finished, .finished, .leaked, .leaked, .leaked])
        let html = HTMLReport.render(b.events, report: report, title: "t", limits: TimelineLimits(rowsPerSite: 5))
        XCTAssertTrue(html.contains(#"<span class="counts">30 subscriptions · 3 leaked · 5 drawn</span>"#))
        XCTAssertTrue(html.contains("25 subscriptions are not drawn (more than 5 at a site;"))
    }

    func testEveryTextFromTheTraceIsEscaped() {
        var b = TraceBuilder()
        b.add(0, .mark(name: "<script>alert('m')</script>"))
        b.add(10, .subscribe(sub: 1, label: "a<b & \"c\"", site: "X/<Y>&'.swift:1"))
        b.add(20, .value(sub: 1, description: "<img src=x onerror=alert(1)>"))
        b.add(30, .failure(sub: 1, error: "</table><b>"))
        b.add(40, .subscribe(sub: 2, label: "ok", site: "X/Z.swift:2"), thread: "<thread>")
        let html = HTMLReport.render(b.events, report: TraceAnalysis().analyze(b.events), title: "t")
        XCTAssertFalse(html.contains("<script"))
        XCTAssertFalse(html.contains("<img"))
        XCTAssertFalse(html.contains("<Y>"))
        XCTAssertFalse(html.contains("</table><b>"))
        XCTAssertFalse(html.contains("<thread>"))
        XCTAssertTrue(html.contains(#"data-site="X/&lt;Y&gt;&amp;&#39;.swift:1" data-label="a&lt;b &amp; &quot;c&quot;""#))
        XCTAssertTrue(html.contains(#"<details class="tl-row failed" data-sub="1" data-site="X/&lt;Y&gt;&amp;&#39;.swift:1" data-state="failed">"#))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(&#39;m&#39;)&lt;/script&gt;</text>"))
        XCTAssertTrue(html.contains("<td>value<td>&lt;img src=x onerror=alert(1)&gt;<tr>"))
        XCTAssertTrue(html.contains("<td>failure<td>&lt;/table&gt;&lt;b&gt;</table>"))
        XCTAssertTrue(html.contains("<td>&lt;thread&gt;<td>subscribe"))
        XCTAssertEqual(HTMLEscaping.escape(#"<a href="x">&'</a>"#), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
        // A quote with a combining accent is one Character but still a quote to the HTML parser.
        XCTAssertEqual(HTMLEscaping.escape("\"\u{301}<\u{20DD}"), "&quot;\u{301}&lt;\u{20DD}")
        XCTAssertEqual(HTMLEscaping.escape("plain “text” é"), "plain “text” é")
    }

    func testAnEmptyTraceSaysSoAndKeepsItsAxis() {
        let html = HTMLReport.render([], report: TraceAnalysis().analyze([]), title: "empty")
        XCTAssertTrue(html.contains(#"<p class="tl-empty">No subscription was recorded.</p>"#))
        XCTAssertEqual(occurrences("<details", in: html), 0)
        XCTAssertEqual(occurrences(#"<line class="axis-line""#, in: html), 2)
        XCTAssertTrue(html.contains("<h2>Leaked: none</h2>"))
    }

    func testNumbersAreLocaleFree() {
        XCTAssertEqual(HTMLEscaping.number(12), "12")
        XCTAssertEqual(HTMLEscaping.number(12.46), "12.5")
        XCTAssertEqual(HTMLEscaping.number(-0.25), "-0.3")
        XCTAssertEqual(HTMLEscaping.count(1_234_567), "1,234,567")
        XCTAssertEqual(HTMLEscaping.count(999), "999")
    }
}
