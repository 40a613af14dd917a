import CombineLintKit
import XCTest

final class SummaryReporterTests: XCTestCase {
    func testReportOfThreeFindings() {
        let expected = #"""
        rule                   errors  warnings  total
        discarded_cancellable       0         2      2
        assign_retain_cycle         1         0      1
        Total: 3 findings (1 error, 2 warnings) in 3 files, 120 lines.
        """# + "\n"
        XCTAssertEqual(SummaryReporter().report(ReporterFixtures.result()), expected)
    }

    func testReportOfNoFindings() {
        let expected = #"""
        Total: 0 findings (0 errors, 0 warnings) in 2 files, 40 lines.
        """# + "\n"
        XCTAssertEqual(SummaryReporter().report(ReporterFixtures.empty), expected)
    }

    func testRulesWithEqualCountsSortById() {
        var a = ReporterFixtures.outsideFinding
        a.ruleID = "zeta"
        var b = ReporterFixtures.outsideFinding
        b.ruleID = "alpha"
        let result = LintResult(findings: [a, b], fileCount: 1, lineCount: 1, rules: [], rootDirectory: "/")
        XCTAssertEqual(SummaryReporter().report(result), """
        rule   errors  warnings  total
        alpha       0         1      1
        zeta        0         1      1
        Total: 2 findings (0 errors, 2 warnings) in 1 file, 1 line.

        """)
    }
}
