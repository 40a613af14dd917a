@testable import CombineLintKit
import XCTest

/// The source side of the trace report: each runtime problem with the findings at its
/// pipeline, or that no rule explains it, and the pipeline's lines.
final class TraceSourceReportTests: XCTestCase {
    static func input() -> TraceSourceReport.Input {
        let evidence = RuntimeJoinFixtures.evidence
        return TraceSourceReport.Input(trace: "feed.jsonl", report: evidence.report, join: RuntimeJoinFixtures.join(),
                                       sources: ["Sources"], fileCount: 1,
                                       files: [RuntimeJoinFixtures.path: RuntimeJoinFixtures.file],
                                       displayPath: { $0.replacingOccurrences(of: "/proj/", with: "") })
    }

    func testEachProblemWithItsFindingsOrTheMiss() {
        let strong = "This closure holds `self` strongly, and `self` keeps its subscription in `bag`: a retain cycle."
        let nested = "`sink` inside the `sink` closure of another subscription adds one more subscription to `bag` per value "
            + "and never cancels the earlier ones."
        XCTAssertEqual(TraceSourceReport.text(Self.input(), base: "BASE\n"), """
        BASE

        Static findings at the problems' pipelines (--source Sources: 1 file linted)

        Leaked  Feed/FeedController.swift:10  "items"  1 subscription  #1
          pipeline Sources/Feed/FeedController.swift:9-12
             9 |         model.$items
            10 |             .trace("items")
            11 |             .sink { items in self.show(items) }
            12 |             .store(in: &bag)
          explained by
            Sources/Feed/FeedController.swift:11:30: strong_self_capture: \(strong)

        Leaked  Feed/FeedController.swift:17  "query"  1 subscription  #3
          pipeline Sources/Feed/FeedController.swift:18-20
            18 |         changes
            19 |             .sink { [weak self] text in self?.find(text) }
            20 |             .store(in: &bag)
          pipeline Sources/Feed/FeedController.swift:17
            17 |         let changes = model.$query.trace("query").map { $0.lowercased() }
          no rule explains it: a miss of the rules, worth a report

        Leaked  Feed/FeedController.swift:26  "inner"  2 subscriptions  #4 #5
          pipeline Sources/Feed/FeedController.swift:26
            26 |             self.model.$count.trace("inner").sink { _ in }.store(in: &self.bag)
          explained by
            Sources/Feed/FeedController.swift:26:46: nested_sink: \(nested)

        Leaked  Other/Unlinted.swift:5  "elsewhere"  1 subscription  #6
          no pipeline: no linted file ends with Other/Unlinted.swift

        Discarded  Feed/FeedController.swift:13  "count"  1 subscription  #2
          pipeline Sources/Feed/FeedController.swift:13
            13 |         model.$count.trace("count").sink { _ in }
          explained by
            Sources/Feed/FeedController.swift:13:37: discarded_cancellable: The AnyCancellable returned by `sink` is thrown away, so the subscription is cancelled at once.

        Accumulating  Feed/FeedController.swift:26  "inner"  live at "tick": 1 -> 2  alive: #4 #5
          pipeline Sources/Feed/FeedController.swift:26
            26 |             self.model.$count.trace("inner").sink { _ in }.store(in: &self.bag)
          explained by
            Sources/Feed/FeedController.swift:26:46: nested_sink: \(nested)

        Unreleased  Feed/App.swift:3  Feed.FeedController "controller"  obj #1
          held by the pipeline Sources/Feed/FeedController.swift:9-12
             9 |         model.$items
            10 |             .trace("items")
            11 |             .sink { items in self.show(items) }
            12 |             .store(in: &bag)
          held by the pipeline Sources/Feed/FeedController.swift:18-20
            18 |         changes
            19 |             .sink { [weak self] text in self?.find(text) }
            20 |             .store(in: &bag)
          held by the pipeline Sources/Feed/FeedController.swift:17
            17 |         let changes = model.$query.trace("query").map { $0.lowercased() }
          held by the pipeline Sources/Feed/FeedController.swift:26
            26 |             self.model.$count.trace("inner").sink { _ in }.store(in: &self.bag)
          explained by
            Sources/Feed/FeedController.swift:11:30: strong_self_capture: \(strong)
            Sources/Feed/FeedController.swift:26:46: nested_sink: \(nested)

        Unreleased  Other/Unlinted.swift:9  Settings "settings"  obj #2
          no pipeline: no traced pipeline of type Settings leaked

        Explained by static findings: 5 of 8 problems; 1 with no rule to explain it; 2 at no pipeline of the sources

        """)
    }

    func testLongPipelinesAreCut() {
        let file = SourceFile(path: "a.swift", bytes: Array((1...12).map { "line \($0)" }.joined(separator: "\n").utf8))
        XCTAssertEqual(TraceSourceReport.excerpt(file, 1...12), [
            "     1 | line 1", "     2 | line 2", "     3 | line 3", "     4 | line 4", "     5 | line 5", "     6 | line 6",
            "     7 | line 7", "       | ...", "    12 | line 12",
        ])
    }

    func testJSONAddsExplainedByAndStaticFindings() throws {
        let base = """
        {
          "version": 1,
          "leaked": [{"site": "Feed/FeedController.swift:10", "label": "items", "count": 1, "subs": [1]},
                     {"site": "Feed/FeedController.swift:17", "label": "query", "count": 1, "subs": [3]},
                     {"site": "Feed/FeedController.swift:26", "label": "inner", "count": 2, "subs": [4, 5]},
                     {"site": "Other/Unlinted.swift:5", "label": "elsewhere", "count": 1, "subs": [6]}],
          "discarded": [],
          "sites": []
        }
        """
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(TraceSourceReport.json(Self.input(), base: base).utf8)) as? [String: Any])
        let leaked = try XCTUnwrap(json["leaked"] as? [[String: Any]])
        XCTAssertEqual(leaked.map { $0["explainedBy"] as? [Int] }, [[0], [], [1], []])
        XCTAssertEqual(leaked.map { $0["unmatched"] as? String }, [nil, nil, nil, "no linted file ends with Other/Unlinted.swift"])
        XCTAssertEqual((json["staticFindings"] as? [[String: Any]])?.map { $0["rule"] as? String }, ["strong_self_capture", "nested_sink"])
        // A section whose length differs from the report's (here `discarded`) is left as it was.
        XCTAssertEqual((json["discarded"] as? [Any])?.count, 0)
        XCTAssertEqual(Array(json.keys).sorted(), ["discarded", "leaked", "sites", "source", "staticFindings", "version"])
    }
}
