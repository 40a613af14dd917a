@testable import CombineLintKit
import XCTest

/// How each reporter shows runtime evidence, and that none changes without `--trace`.
final class RuntimeReporterTests: XCTestCase {
    /// The small source's findings joined with its trace, as `lint --trace feed.jsonl` reports them.
    static func tracedResult() -> LintResult {
        let joined = RuntimeJoinFixtures.join()
        return LintResult(findings: joined.findings, fileCount: 1, lineCount: 32, rules: [], rootDirectory: "/proj",
                          sourceLines: LintResult.sourceLines(for: joined.findings, in: [RuntimeJoinFixtures.file]),
                          runtime: RuntimeRun(traces: ["feed.jsonl"], unmatched: joined.unmatched))
    }

    static func untracedResult() -> LintResult {
        var result = tracedResult()
        result.runtime = nil
        result.findings = result.findings.map { var finding = $0; finding.runtime = nil; return finding }
        return result
    }

    static let itemsNote = "confirmed at run time: 1 subscription never cancelled (#1); Feed.FeedController \"controller\" "
        + "not released (obj #1) (Feed/FeedController.swift:10 \"items\", 1 subscription, feed.jsonl)"
    static let countNote = "confirmed at run time: 1 subscription cancelled right after subscribing, before any value (#2) "
        + "(Feed/FeedController.swift:13 \"count\", 1 subscription, feed.jsonl)"
    static let innerNote = "confirmed at run time: 2 subscriptions never cancelled (#4 #5); live subscriptions grew 1 -> 2 "
        + "across \"tick\" (#4 #5); Feed.FeedController \"controller\" not released (obj #1) "
        + "(Feed/FeedController.swift:26 \"inner\", 2 subscriptions, feed.jsonl)"

    func testXcodeAddsANoteLine() {
        let lines = XcodeReporter().report(Self.tracedResult()).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains(": note: confirmed") || $0.contains(": note: traced") }, [
            "Sources/Feed/FeedController.swift:11:30: note: \(Self.itemsNote)",
            "Sources/Feed/FeedController.swift:13:37: note: \(Self.countNote)",
            "Sources/Feed/FeedController.swift:26:46: note: \(Self.innerNote)",
        ])
        // Each note follows its finding's own notes.
        XCTAssertEqual(lines[2], "Sources/Feed/FeedController.swift:11:30: note: \(Self.itemsNote)")
    }

    func testATracedPipelineThatBehavedSaysSo() {
        let site = SiteEvidence(trace: "t.jsonl", site: "A/B.swift:3", labels: ["x"], subscriptions: [1, 2])
        XCTAssertEqual(RuntimeText.note(site),
                       "traced at run time: none of its subscriptions leaked, was discarded or accumulated (A/B.swift:3 \"x\", 2 subscriptions, t.jsonl)")
    }

    func testFullShowsTheNoteBeforeTheHelp() {
        let block = FullReporter.block(for: Self.tracedResult().findings[1], in: Self.tracedResult())
        XCTAssertEqual(block, """
        error[discarded_cancellable]: The AnyCancellable returned by `sink` is thrown away, so the subscription is cancelled at once.
          --> Sources/Feed/FeedController.swift:13:37
           |
        13 |         model.$count.trace("count").sink { _ in }
           |                                     ^^^^^^^^^^^^^
           |
           = note: \(Self.countNote)
           = help: Keep it with `.store(in: &cancellables)` or in a property owned by whoever needs the values.

        """)
    }

    func testJSONHasARuntimeObjectOnTheFindingAndOnTheRun() throws {
        let text = JSONReporter().report(Self.tracedResult())
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { ($0["runtime"] as? [String: Any])?["confirmed"] as? Bool }, [true, true, true])
        let inner = JSONReporter.json(for: Self.tracedResult().findings[2], in: Self.tracedResult()).rendered()
        XCTAssertTrue(inner.hasSuffix("""
          "runtime": {
            "confirmed": true,
            "sites": [
              {
                "trace": "feed.jsonl",
                "site": "Feed/FeedController.swift:26",
                "labels": [
                  "inner"
                ],
                "subscriptions": {
                  "count": 2,
                  "subs": [
                    4,
                    5
                  ]
                },
                "leaked": {
                  "count": 2,
                  "subs": [
                    4,
                    5
                  ]
                },
                "discarded": {
                  "count": 0,
                  "subs": []
                },
                "accumulating": [
                  {
                    "mark": "tick",
                    "liveCounts": [
                      1,
                      2
                    ],
                    "subs": [
                      4,
                      5
                    ]
                  }
                ],
                "unreleased": [
                  {
                    "type": "Feed.FeedController",
                    "label": "controller",
                    "site": "Feed/App.swift:3",
                    "count": 1,
                    "objs": [
                      1
                    ]
                  }
                ]
              }
            ]
          }
        }
        """), inner)
        let run = try XCTUnwrap(json["runtime"] as? [String: Any])
        XCTAssertEqual(run["traces"] as? [String], ["feed.jsonl"])
        XCTAssertEqual(run["confirmedFindings"] as? Int, 3)
        XCTAssertEqual(run["tracedFindings"] as? Int, 3)
        XCTAssertEqual((run["unmatched"] as? [[String: Any]])?.map { $0["site"] as? String },
                       ["Other/Unlinted.swift:5", "Other/Unlinted.swift:9"])
        XCTAssertEqual((run["unmatched"] as? [[String: Any]])?.map { $0["objs"] as? [Int] }, [[], [2]])
    }

    func testSARIFPutsTheEvidenceInPropertiesAndRanksConfirmedHigher() throws {
        var result = Self.tracedResult()
        // The third finding's site behaved in this variant: traced, not confirmed.
        result.findings[2].runtime = FindingRuntime(sites: [SiteEvidence(trace: "feed.jsonl", site: "Feed/FeedController.swift:26",
                                                                         labels: ["inner"], subscriptions: [4])])
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(SARIFReporter().report(result).utf8)) as? [String: Any])
        let run = try XCTUnwrap((json["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["rank"] as? Int }, [90, 90, 20])
        XCTAssertEqual(results.map { (($0["properties"] as? [String: Any])?["runtime"] as? [String: Any])?["confirmed"] as? Bool },
                       [true, true, false])
        let properties = try XCTUnwrap(run["properties"] as? [String: Any])
        XCTAssertEqual(((properties["runtime"] as? [String: Any])?["unmatched"] as? [Any])?.count, 2)
        XCTAssertEqual(try XCTUnwrap(SARIFSchemaValidationTests.validator).errors(in: SARIFReporter().report(result)), [])
    }

    func testSummaryPutsRulesWithConfirmedFindingsFirst() {
        var result = Self.tracedResult()
        // Two unconfirmed findings of one rule would come first without the trace.
        let plain = Finding(ruleID: "a_rule", severity: .warning, message: "m", file: RuntimeJoinFixtures.path,
                            line: 2, column: 1, endLine: 2, endColumn: 2, offset: 15, length: 1)
        result.findings += [plain, plain]
        result.findings[1].runtime = nil
        XCTAssertEqual(SummaryReporter().report(result), """
        rule                   errors  warnings  total  confirmed
        nested_sink                 0         1      1          1
        strong_self_capture         0         1      1          1
        a_rule                      0         2      2          0
        discarded_cancellable       1         0      1          0
        Total: 5 findings (1 error, 4 warnings) in 1 file, 32 lines; 2 confirmed at run time.

        """)
        var untraced = result
        untraced.runtime = nil
        XCTAssertEqual(SummaryReporter().report(untraced).split(separator: "\n").first, "rule                   errors  warnings  total")
    }

    func testMarkdownPutsConfirmedFindingsFirst() {
        var result = Self.tracedResult()
        result.findings[0].runtime = nil
        let rows = MarkdownReporter().report(result).split(separator: "\n").map(String.init)
        XCTAssertEqual(rows[0], "### CombineLint: 3 findings (1 error, 2 warnings) in 1 file, 2 confirmed at run time")
        XCTAssertEqual(rows.dropFirst(3).map { $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces) },
                       ["error", "warning", "warning"])
        XCTAssertEqual(rows.dropFirst(3).map { $0.split(separator: "|")[1].trimmingCharacters(in: .whitespaces) },
                       ["Sources/Feed/FeedController.swift:13:37", "Sources/Feed/FeedController.swift:26:46",
                        "Sources/Feed/FeedController.swift:11:30"])
        XCTAssertTrue(rows[3].hasSuffix("<br>\(MarkdownReporter.cell(Self.countNote)) |"), rows[3])
    }

    /// Without `--trace`, every reporter prints what it printed before the join existed.
    func testNoReporterChangesWithoutATrace() {
        let untraced = Self.untracedResult()
        var withEmptyEvidence = untraced
        withEmptyEvidence.runtime = nil
        for reporter in ReporterRegistry.all {
            XCTAssertFalse(reporter.init().report(untraced).contains("run time"), reporter.name)
            XCTAssertFalse(reporter.init().report(untraced).contains("runtime"), reporter.name)
        }
        XCTAssertEqual(XcodeReporter().report(untraced).split(separator: "\n").count, 6)
    }
}
