import CombineLintKit
import XCTest

final class JUnitReporterTests: XCTestCase {
    func testReportOfThreeFindings() {
        let expected = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="combinelint" tests="3" failures="3" errors="0">
          <testsuite name="/elsewhere/Shared.swift" tests="1" failures="1" errors="0">
            <testcase classname="/elsewhere/Shared.swift" name="discarded_cancellable at 12:1">
              <failure type="warning" message="Result of `assign` is unused.">/elsewhere/Shared.swift:12:1: warning: Result of `assign` is unused. [discarded_cancellable]</failure>
            </testcase>
          </testsuite>
          <testsuite name="Sources/App/Feed.swift" tests="2" failures="2" errors="0">
            <testcase classname="Sources/App/Feed.swift" name="discarded_cancellable at 3:9">
              <failure type="warning" message="The AnyCancellable returned by `sink` is discarded, so the subscription ends at once.">Sources/App/Feed.swift:3:9: warning: The AnyCancellable returned by `sink` is discarded, so the subscription ends at once. [discarded_cancellable]</failure>
            </testcase>
            <testcase classname="Sources/App/Feed.swift" name="assign_retain_cycle at 7:5">
              <failure type="error" message="100% sure: a, &quot;b&quot; &lt;c&gt; | d&#10;next — ünï 日本">Sources/App/Feed.swift:7:5: error: 100% sure: a, &quot;b&quot; &lt;c&gt; | d next — ünï 日本 [assign_retain_cycle]</failure>
            </testcase>
          </testsuite>
        </testsuites>
        """# + "\n"
        XCTAssertEqual(JUnitReporter().report(ReporterFixtures.result()), expected)
    }

    func testReportOfNoFindings() {
        let expected = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="combinelint" tests="1" failures="0" errors="0">
          <testsuite name="combinelint" tests="1" failures="0" errors="0">
            <testcase classname="combinelint" name="lint"/>
          </testsuite>
        </testsuites>
        """# + "\n"
        XCTAssertEqual(JUnitReporter().report(ReporterFixtures.empty), expected)
    }

    func testSeverityBecomesFailureType() {
        let text = JUnitReporter().report(ReporterFixtures.result())
        XCTAssertEqual(text.components(separatedBy: "<failure type=\"error\"").count - 1, 1)
        XCTAssertEqual(text.components(separatedBy: "<failure type=\"warning\"").count - 1, 2)
    }
}
