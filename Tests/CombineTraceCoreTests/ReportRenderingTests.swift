import CombineTraceCore
import XCTest

final class ReportRenderingTests: XCTestCase {
    let events = TraceFixtures.feed.events
    var report: TraceReport { TraceAnalysis().analyze(events) }

    func testTextReport() {
        XCTAssertEqual(TextReport.render(report, source: "feed.jsonl"), """
        Trace feed.jsonl: 41 events, 8 subscriptions, 7 marks, 0 dropped, 50.0 us long

        Leaked: 3 subscriptions (subscribed, never completed or cancelled by the end of the trace)
          Feed/FeedScreen.swift:30  "feed.leaky"  3 subscriptions  #1 #3 #5

        Discarded: 1 subscription (a sink or assign cancelled right after subscribing, before any value: a dropped AnyCancellable?)
          Search/SearchModel.swift:12  "search"  1 subscription  #7

        Accumulating: 2 findings (live subscriptions grow at each repetition of a mark)
          Feed/FeedScreen.swift:30  "feed.leaky"  live at "feed.appear": 0 -> 1 -> 2  alive: #1 #3
          Feed/FeedScreen.swift:30  "feed.leaky"  live at "feed.disappear": 1 -> 2 -> 3  alive: #1 #3 #5

        After cancel: 1 subscription (values or completion delivered after cancel)
          Legacy/Callback.swift:8  "legacy"  1 value, 1 completion after cancel  #8

        Protocol violations: none

        Unreleased: 1 object (expected to be released, still alive at the last checkpoint)
          Feed/FeedScreen.swift:20  FeedModel "feed model"  obj #1

        Call sites
          site                         label       subs  alive  values   median  longest
          Feed/FeedScreen.swift:30     feed.leaky     3      3       3  38.9 us  48.9 us
          Feed/FeedScreen.swift:40     feed.ok        3      0       3  4.70 us  4.70 us
          Legacy/Callback.swift:8      legacy         1      0       1   100 ns   100 ns
          Search/SearchModel.swift:12  search         1      0       0   500 ns   500 ns

        """)
    }

    func testEmptyTraceSaysNone() {
        let text = TextReport.render(TraceAnalysis().analyze([]), source: "empty.jsonl")
        XCTAssertEqual(text, """
        Trace empty.jsonl: 0 events, 0 subscriptions, 0 marks, 0 dropped, 0 ns long

        Leaked: none

        Discarded: none

        Accumulating: none

        After cancel: none

        Protocol violations: none

        Unreleased: none

        Call sites
          site  label  subs  alive  values  median  longest

        """)
    }

    func testJSONReportHasTheContractKeysAndIDs() throws {
        let text = JSONReport.render(report)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 1)
        for key in ["leaked", "discarded", "accumulating", "afterCancel", "unreleased", "sites"] {
            XCTAssertNotNil(object[key] as? [[String: Any]], key)
        }
        let leaked = try XCTUnwrap((object["leaked"] as? [[String: Any]])?.first)
        XCTAssertEqual(leaked["site"] as? String, "Feed/FeedScreen.swift:30")
        XCTAssertEqual(leaked["label"] as? String, "feed.leaky")
        XCTAssertEqual(leaked["subs"] as? [Int], [1, 3, 5])
        let unreleased = try XCTUnwrap((object["unreleased"] as? [[String: Any]])?.first)
        XCTAssertEqual(unreleased["objs"] as? [Int], [1])
        XCTAssertEqual(unreleased["type"] as? String, "FeedModel")
        let late = try XCTUnwrap((object["afterCancel"] as? [[String: Any]])?.first)
        XCTAssertEqual(late["subs"] as? [Int], [8])
        XCTAssertTrue(text.hasPrefix("{\n  \"version\": 1,\n  \"leaked\": [\n"))
    }

    func testChromeExportEndsLeakedSlicesAtTheLastTimestamp() throws {
        let text = ChromeTraceExport.render(events)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let list = try XCTUnwrap(object["traceEvents"] as? [[String: Any]])
        let begins = list.filter { $0["ph"] as? String == "b" }
        let ends = list.filter { $0["ph"] as? String == "e" }
        XCTAssertEqual(begins.count, 8)
        XCTAssertEqual(ends.count, 8)
        let leakedEnds = ends.filter { ($0["args"] as? [String: Any])?["leaked"] as? Bool == true }
        XCTAssertEqual(leakedEnds.compactMap { $0["id"] as? String }, ["sub-1", "sub-3", "sub-5"])
        XCTAssertEqual(leakedEnds.compactMap { ($0["ts"] as? NSNumber)?.doubleValue }, [50, 50, 50])
        let marks = list.filter { $0["cat"] as? String == "mark" }
        XCTAssertEqual(marks.count, 7)
        XCTAssertEqual(list.filter { $0["name"] as? String == "value after cancel" }.count, 1)
        let threadNames = list.filter { $0["name"] as? String == "thread_name" }
            .compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        XCTAssertEqual(threadNames, ["main", "worker"])
    }

    func testHTMLIsSelfContainedAndHighlightsLeaks() {
        let html = HTMLReport.render(events, report: report, title: "Feed <demo>")
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<title>Feed &lt;demo&gt;</title>"))
        XCTAssertFalse(html.contains("<script"))
        XCTAssertFalse(html.contains("http://") && html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http://"))
        XCTAssertFalse(html.contains("https://"))
        XCTAssertEqual(html.components(separatedBy: "<span class=\"tl-end leaked-marker\"").count - 1, 3)
        XCTAssertEqual(html.components(separatedBy: "<details class=\"tl-row discarded\"").count - 1, 1)
        XCTAssertEqual(html.components(separatedBy: "<g class=\"mark\"").count - 1, 7)
        XCTAssertTrue(html.contains("<h2>Leaked (1) <small>subscribed, never completed or cancelled</small></h2>"))
        XCTAssertTrue(html.contains("<td>Feed/FeedScreen.swift:30</td><td>feed.leaky</td><td>3</td><td>#1 #3 #5</td>"))
    }
}
