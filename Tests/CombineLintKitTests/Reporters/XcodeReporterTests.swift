import CombineLintKit
import XCTest

final class XcodeReporterTests: XCTestCase {
    func testReportOfThreeFindings() {
        let expected = #"""
        /elsewhere/Shared.swift:12:1: warning: Result of `assign` is unused. [discarded_cancellable]
        Sources/App/Feed.swift:3:9: warning: The AnyCancellable returned by `sink` is discarded, so the subscription ends at once. [discarded_cancellable]
        Sources/App/Feed.swift:7:5: error: 100% sure: a, "b" <c> | d next — ünï 日本 [assign_retain_cycle]
        """# + "\n"
        XCTAssertEqual(XcodeReporter().report(ReporterFixtures.result()), expected)
    }

    func testReportOfNoFindings() {
        let expected = ""
        XCTAssertEqual(XcodeReporter().report(ReporterFixtures.empty), expected)
    }

    func testLineBreaksInMessageBecomeOneSpace() {
        var finding = ReporterFixtures.outsideFinding
        finding.message = "a\r\nb\rc\nd"
        let result = LintResult(findings: [finding], fileCount: 1, lineCount: 1, rules: [], rootDirectory: "/")
        XCTAssertEqual(XcodeReporter().report(result),
                       "/elsewhere/Shared.swift:12:1: warning: a b c d [discarded_cancellable]\n")
    }
}
