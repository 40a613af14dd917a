@testable import CombineLintKit
import XCTest

final class MarkdownReporterTests: XCTestCase {
    func testReportOfThreeFindings() {
        let expected = #"""
        ### CombineLint: 3 findings (1 error, 2 warnings) in 3 files

        | Severity | Location | Rule | Message |
        | --- | --- | --- | --- |
        | warning | /elsewhere/Shared.swift:12:1 | discarded_cancellable | Result of `assign` is unused. |
        | warning | Sources/App/Feed.swift:3:9 | discarded_cancellable | The AnyCancellable returned by `sink` is discarded, so the subscription ends at once. |
        | error | Sources/App/Feed.swift:7:5 | assign_retain_cycle | 100% sure: a, "b" &lt;c&gt; \| d<br>next — ünï 日本 |
        """# + "\n"
        XCTAssertEqual(MarkdownReporter().report(ReporterFixtures.result()), expected)
    }

    func testReportOfNoFindings() {
        let expected = #"""
        ### CombineLint: 0 findings (0 errors, 0 warnings) in 2 files

        No findings.
        """# + "\n"
        XCTAssertEqual(MarkdownReporter().report(ReporterFixtures.empty), expected)
    }

    func testCellEscapesCRLFOnce() {
        var finding = ReporterFixtures.outsideFinding
        finding.message = "a\r\nb&c"
        let result = LintResult(findings: [finding], fileCount: 1, lineCount: 1, rules: [], rootDirectory: "/")
        XCTAssertTrue(MarkdownReporter().report(result).hasSuffix("| a<br>b&amp;c |\n"))
    }
}

final class MarkdownCodeSpanTests: XCTestCase {
    func testCodeSpansAreNotEntityEscapedButPipesAre() {
        XCTAssertEqual(MarkdownReporter.cell("keep it with `.store(in: &cancellables)` & more"),
                       "keep it with `.store(in: &cancellables)` &amp; more")
        XCTAssertEqual(MarkdownReporter.cell("`a || b` and a | b"), "`a \\|\\| b` and a \\| b")
        XCTAssertEqual(MarkdownReporter.cell("`Set<Int>` <b>"), "`Set<Int>` &lt;b&gt;")
    }

    func testBacktickRunsCloseOnlyOnTheSameLength() {
        XCTAssertEqual(MarkdownReporter.cell("``a ` <b>`` <c>"), "``a ` <b>`` &lt;c&gt;")
        // An unclosed backtick is literal, and the text after it is escaped.
        XCTAssertEqual(MarkdownReporter.cell("a ` <b> & c"), "a ` &lt;b&gt; &amp; c")
        XCTAssertEqual(MarkdownReporter.cell("`x\ny`\nz"), "`x y`<br>z")
    }

    func testSampleMessageKeepsItsAmpersandInCode() {
        var finding = ReporterFixtures.outsideFinding
        finding.message = "keep it with `.store(in: &cancellables)` or in a property."
        let result = LintResult(findings: [finding], fileCount: 1, lineCount: 1, rules: [], rootDirectory: "/")
        XCTAssertTrue(MarkdownReporter().report(result).hasSuffix(
            "| keep it with `.store(in: &cancellables)` or in a property. |\n"))
    }
}
