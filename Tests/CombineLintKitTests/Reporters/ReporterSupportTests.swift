@testable import CombineLintKit
import XCTest

final class ReporterSupportTests: XCTestCase {
    func testRegistryListsEveryReporterOnceByName() {
        XCTAssertEqual(ReporterRegistry.all.map { $0.name },
                       ["xcode", "full", "json", "sarif", "github", "checkstyle", "junit", "gitlab", "markdown", "summary"])
        for reporter in ReporterRegistry.all {
            XCTAssertEqual(ReporterRegistry.reporter(named: reporter.name)?.name, reporter.name)
            XCTAssertFalse(reporter.summary.isEmpty)
        }
        XCTAssertNil(ReporterRegistry.reporter(named: "yaml"))
        XCTAssertEqual(ReporterRegistry.defaultReporter.name, "xcode")
    }

    func testReportPathIsRelativeOnlyUnderTheRoot() {
        let result = LintResult(findings: [], fileCount: 0, lineCount: 0, rules: [], rootDirectory: "/work/proj/")
        XCTAssertEqual(result.reportPath("/work/proj/Sources/A.swift"), "Sources/A.swift")
        XCTAssertEqual(result.reportPath("/work/project2/A.swift"), "/work/project2/A.swift")
        XCTAssertEqual(result.reportPath("/work/proj"), "/work/proj")
        XCTAssertEqual(result.reportPath("./Sources/A.swift"), "Sources/A.swift")
        XCTAssertEqual(result.reportPath("Sources/A.swift"), "Sources/A.swift")
        let atRoot = LintResult(findings: [], fileCount: 0, lineCount: 0, rules: [], rootDirectory: "/")
        XCTAssertEqual(atRoot.reportPath("/a/B.swift"), "/a/B.swift")
    }

    func testStableHashMatchesPublishedFNV1aVectors() {
        XCTAssertEqual(StableHash.hex(""), "cbf29ce484222325")
        XCTAssertEqual(StableHash.hex("a"), "af63dc4c8601ec8c")
        XCTAssertEqual(StableHash.hex("foobar"), "85944171f73967e8")
    }

    func testSourceLinesHoldOnlyLinesWithFindings() {
        let file = SourceFile(path: "/work/proj/Sources/App/Feed.swift",
                              text: "import Combine\n\n        publisher.sink { _ in }\r\nlet x = 1\n")
        let lines = LintResult.sourceLines(for: [ReporterFixtures.fixFinding, ReporterFixtures.outsideFinding],
                                           in: [file])
        XCTAssertEqual(lines, ["/work/proj/Sources/App/Feed.swift": [3: "        publisher.sink { _ in }"]])
    }

    func testSourceLinesCoverRangesRelatedLocationsAndFixEdits() {
        let text = (1...9).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let file = SourceFile(path: "/p/A.swift", text: text)
        let short = Finding(ruleID: "r", severity: .warning, message: "m", file: "/p/A.swift", line: 1, column: 1,
                            endLine: 3, endColumn: 2, offset: 0, length: 1,
                            related: [RelatedLocation(file: "/p/A.swift", line: 9, column: 1, endLine: 9, endColumn: 2, message: "here")])
        let long = Finding(ruleID: "r", severity: .warning, message: "m", file: "/p/A.swift", line: 4, column: 1,
                           endLine: 7, endColumn: 2, offset: 0, length: 1)
        let lines = LintResult.sourceLines(for: [short, long], in: [file])
        XCTAssertEqual(lines["/p/A.swift"].map { $0.keys.sorted() }, [1, 2, 3, 4, 7, 9])
        XCTAssertEqual(lines["/p/A.swift"]?[7], "line 7")
    }

    func testUTCTimestampsFollowTheGregorianCalendar() {
        XCTAssertEqual(UTCTimestamp.text(secondsSince1970: 0), "1970-01-01T00:00:00")
        XCTAssertEqual(UTCTimestamp.text(secondsSince1970: 951_782_400), "2000-02-29T00:00:00")
        XCTAssertEqual(UTCTimestamp.text(secondsSince1970: 1_700_000_000.75), "2023-11-14T22:13:20")
        XCTAssertEqual(UTCTimestamp.text(secondsSince1970: -1), "1969-12-31T23:59:59")
        XCTAssertEqual(RunInfo(startTime: nil, hostname: "").hostname, "localhost")
    }

    func testUTF16ColumnsCountSurrogatePairsTwice() {
        // "é" is one unit, "😀" two, "👍🏽" (a cluster of two scalars) four.
        let line = "é😀👍🏽x"
        XCTAssertEqual(UTF16Columns.column(1, onLine: line), 1)
        XCTAssertEqual(UTF16Columns.column(2, onLine: line), 2)
        XCTAssertEqual(UTF16Columns.column(3, onLine: line), 4)
        XCTAssertEqual(UTF16Columns.column(4, onLine: line), 8)
        XCTAssertEqual(UTF16Columns.column(5, onLine: line), 9)
        XCTAssertEqual(UTF16Columns.column(7, onLine: line), 11)
        XCTAssertEqual(UTF16Columns.column(4, onLine: nil), 4)
    }
}
