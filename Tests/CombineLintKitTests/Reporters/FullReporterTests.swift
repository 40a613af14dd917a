@testable import CombineLintKit
import XCTest

final class FullReporterTests: XCTestCase {
    func testFindingWithHelpAndRelatedLocation() {
        // The emoji is two terminal columns wide, so the carets start one blank later.
        let expected = """
        warning[send_after_completion]: `events` was already completed, so this value is dropped.
         --> Sources/App/Store.swift:6:22
          |
        6 |     log("😀"); events.send(1)
          |                       ^^^^^^^
          |
        note: `events` is completed here
         --> Sources/App/Store.swift:4:12
          |
        4 |     events.send(completion: .finished)
          |            ^^^^^^^^^^^^^^^^^^^^^^^^^^^
          |
          = help: Send the values before completing the subject.

        """
        assertExactText(FullReporter().report(ReporterFixtures.helpResult), expected, "full-help")
    }

    static let file = "/work/proj/Sources/App/Screen.swift"

    func testMultiLineRangesTabsFixesAndUnknownSource() {
        let multi = Finding(ruleID: "strong_self_capture", severity: .warning, message: "Captures self.", file: Self.file,
                            line: 2, column: 7, endLine: 4, endColumn: 3, offset: 0, length: 1,
                            fix: Fix(title: "Capture [weak self]", edits: []))
        let long = Finding(ruleID: "nested_sink", severity: .error, message: "A sink in a sink.", file: Self.file,
                           line: 10, column: 2, endLine: 14, endColumn: 3, offset: 0, length: 1)
        let unknown = Finding(ruleID: "io_error", severity: .error, message: "cannot read", file: "/work/proj/Gone.swift",
                              line: 1, column: 1, endLine: 1, endColumn: 1, offset: 0, length: 0)
        let lines: [String: [Int: String]] = [Self.file: [
            2: "\tfeed.sink { value in", 3: "\t\tself.render(value)", 4: "\t}",
            10: "\tinner.sink {", 14: "\t}",
        ]]
        let result = LintResult(findings: [long, multi, unknown], fileCount: 2, lineCount: 20, rules: [],
                                rootDirectory: ReporterFixtures.root, sourceLines: lines)
        let expected = "error[io_error]: cannot read\n"
            + " --> Gone.swift:1:1\n"
            + "\n"
            + "warning[strong_self_capture]: Captures self.\n"
            + " --> Sources/App/Screen.swift:2:7\n"
            + "  |\n"
            + "2 | \tfeed.sink { value in\n"
            + "  | \t     ^^^^^^^^^^^^^^^\n"
            + "3 | \t\tself.render(value)\n"
            + "  | \t\t^^^^^^^^^^^^^^^^^^\n"
            + "4 | \t}\n"
            + "  | \t^\n"
            + "  |\n"
            + "  = fix: Capture [weak self] (combinelint --fix applies it)\n"
            + "\n"
            + "error[nested_sink]: A sink in a sink.\n"
            + "  --> Sources/App/Screen.swift:10:2\n"
            + "   |\n"
            + "10 | \tinner.sink {\n"
            + "   | \t^^^^^^^^^^^^\n"
            + "...\n"
            + "14 | \t}\n"
            + "   | \t^\n"
        assertExactText(FullReporter().report(result), expected, "full-multi")
    }

    func testARangeEndingAtALineStartEndsAtTheLineBreakBefore() {
        let rows = SourceExcerpt.rows(line: 1, column: 3, endLine: 2, endColumn: 1, lines: [1: "a bcd", 2: "x"])
        XCTAssertEqual(rows, [SourceExcerpt.Row(number: 1, text: "a bcd", marker: "  ^^^")])
    }

    func testNoFindingsPrintNothing() {
        XCTAssertEqual(FullReporter().report(ReporterFixtures.empty), "")
    }
}

final class StatisticsReportTests: XCTestCase {
    func testCountsPerRuleMostFirstWithFixableCounts() {
        let expected = """

        Findings by rule:
          2  discarded_cancellable  (1 fixable)
          1  assign_retain_cycle

        """
        XCTAssertEqual(StatisticsReport.text(ReporterFixtures.result()), expected)
        XCTAssertEqual(StatisticsReport.text(ReporterFixtures.empty), "")
    }

    func testOnlyTextReportersAcceptStatistics() {
        XCTAssertEqual(ReporterRegistry.all.filter { $0.acceptsStatistics }.map { $0.name }, ["xcode", "full"])
    }
}
