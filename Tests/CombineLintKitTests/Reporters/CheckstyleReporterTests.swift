import CombineLintKit
import XCTest

final class CheckstyleReporterTests: XCTestCase {
    func testReportOfThreeFindings() {
        let expected = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <checkstyle version="4.3">
          <file name="/elsewhere/Shared.swift">
            <error line="12" column="1" severity="warning" message="Result of `assign` is unused." source="combinelint.discarded_cancellable"/>
          </file>
          <file name="Sources/App/Feed.swift">
            <error line="3" column="9" severity="warning" message="The AnyCancellable returned by `sink` is discarded, so the subscription ends at once." source="combinelint.discarded_cancellable"/>
            <error line="7" column="5" severity="error" message="100% sure: a, &quot;b&quot; &lt;c&gt; | d&#10;next — ünï 日本" source="combinelint.assign_retain_cycle"/>
          </file>
        </checkstyle>
        """# + "\n"
        XCTAssertEqual(CheckstyleReporter().report(ReporterFixtures.result()), expected)
    }

    func testReportOfNoFindings() {
        let expected = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <checkstyle version="4.3">
        </checkstyle>
        """# + "\n"
        XCTAssertEqual(CheckstyleReporter().report(ReporterFixtures.empty), expected)
    }

    func testCharactersXMLCannotCarryAreReplaced() {
        var finding = ReporterFixtures.outsideFinding
        finding.message = "a\u{01}b'&"
        let result = LintResult(findings: [finding], fileCount: 1, lineCount: 1, rules: [], rootDirectory: "/")
        XCTAssertTrue(CheckstyleReporter().report(result).contains(#"message="a\#u{FFFD}b&apos;&amp;""#))
    }
}
