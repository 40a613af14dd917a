@testable import CombineLintKit
import XCTest

final class ReporterSupportTests: XCTestCase {
    func testRegistryListsEveryReporterOnceByName() {
        XCTAssertEqual(ReporterRegistry.all.map { $0.name },
                       ["xcode", "json", "sarif", "github", "checkstyle", "junit", "markdown", "summary"])
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
}
