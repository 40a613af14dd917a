import CombineLintKit
import Foundation
import XCTest

final class JUnitReporterTests: XCTestCase {
    /// 2023-11-14T22:13:20 UTC on build-7.
    static let run = RunInfo(startTime: 1_700_000_000, hostname: "build-7")

    static func result(_ base: LintResult) -> LintResult {
        var result = base
        result.run = run
        return result
    }

    func testReportOfThreeFindings() {
        let expected = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite package="combinelint" id="0" name="/elsewhere/Shared.swift" timestamp="2023-11-14T22:13:20" hostname="build-7" tests="1" failures="1" errors="0" skipped="0" time="0">
            <properties>
              <property name="combinelint.version" value="0.1.0"/>
            </properties>
            <testcase classname="/elsewhere/Shared.swift" name="discarded_cancellable at 12:1" time="0">
              <failure type="warning" message="Result of `assign` is unused.">/elsewhere/Shared.swift:12:1: warning: Result of `assign` is unused. [discarded_cancellable]</failure>
            </testcase>
            <system-out/>
            <system-err/>
          </testsuite>
          <testsuite package="combinelint" id="1" name="Sources/App/Feed.swift" timestamp="2023-11-14T22:13:20" hostname="build-7" tests="2" failures="2" errors="0" skipped="0" time="0">
            <properties>
              <property name="combinelint.version" value="0.1.0"/>
            </properties>
            <testcase classname="Sources/App/Feed.swift" name="discarded_cancellable at 3:9" time="0">
              <failure type="warning" message="The AnyCancellable returned by `sink` is discarded, so the subscription ends at once.">Sources/App/Feed.swift:3:9: warning: The AnyCancellable returned by `sink` is discarded, so the subscription ends at once. [discarded_cancellable]</failure>
            </testcase>
            <testcase classname="Sources/App/Feed.swift" name="assign_retain_cycle at 7:5" time="0">
              <failure type="error" message="100% sure: a, &quot;b&quot; &lt;c&gt; | d&#10;next — ünï 日本">Sources/App/Feed.swift:7:5: error: 100% sure: a, &quot;b&quot; &lt;c&gt; | d next — ünï 日本 [assign_retain_cycle]</failure>
            </testcase>
            <system-out/>
            <system-err/>
          </testsuite>
        </testsuites>
        """# + "\n"
        assertExactText(JUnitReporter().report(Self.result(ReporterFixtures.result())), expected, "junit-three")
    }

    func testReportOfNoFindings() {
        let expected = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite package="combinelint" id="0" name="combinelint" timestamp="2023-11-14T22:13:20" hostname="build-7" tests="1" failures="0" errors="0" skipped="0" time="0">
            <properties>
              <property name="combinelint.version" value="0.1.0"/>
            </properties>
            <testcase classname="combinelint" name="lint" time="0"/>
            <system-out/>
            <system-err/>
          </testsuite>
        </testsuites>
        """# + "\n"
        assertExactText(JUnitReporter().report(Self.result(ReporterFixtures.empty)), expected, "junit-empty")
    }

    func testFailureTextHoldsTheNotes() {
        let text = JUnitReporter().report(Self.result(ReporterFixtures.helpResult))
        XCTAssertTrue(text.contains(
            "[send_after_completion]&#10;Sources/App/Store.swift:6:22: note: Send the values before completing the subject."
            + "&#10;Sources/App/Store.swift:4:12: note: `events` is completed here</failure>"))
    }

    func testSeverityBecomesFailureType() {
        let text = JUnitReporter().report(ReporterFixtures.result())
        XCTAssertEqual(text.components(separatedBy: "<failure type=\"error\"").count - 1, 1)
        XCTAssertEqual(text.components(separatedBy: "<failure type=\"warning\"").count - 1, 2)
    }
}

/// The JUnit output against the strict Apache Ant schema (Tests/Fixtures/Schemas/JUnit.xsd),
/// checked by `xmllint --schema` (Debian's libxml2-utils, which `.ci/run` installs).
final class JUnitSchemaValidationTests: XCTestCase {
    static let schema = packageRoot.appendingPathComponent("Tests/Fixtures/Schemas/JUnit.xsd").path

    /// xmllint's path; on CI its absence fails the test (it must not pass by skipping).
    func xmllint() throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/xmllint") {
            return folder + "/xmllint"
        }
        if ProcessInfo.processInfo.environment["CI"] != nil {
            XCTFail("xmllint is missing: .ci/run installs libxml2-utils")
        }
        throw XCTSkip("xmllint is not installed (apt-get install libxml2-utils); CI fails here instead")
    }

    /// xmllint's exit status and messages for `text` against the schema.
    func check(_ text: String, _ name: String) throws -> (status: Int32, message: String) {
        let tool = try xmllint()
        let path = NSTemporaryDirectory() + "combinelint-junit-\(name)-\(UUID().uuidString).xml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--noout", "--schema", Self.schema, path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    func testReportsAreValid() throws {
        let run = RunInfo(startTime: 1_700_000_000, hostname: "build-7")
        for (name, base) in [("three", ReporterFixtures.result()), ("empty", ReporterFixtures.empty),
                             ("help", ReporterFixtures.helpResult)] {
            var result = base
            result.run = run
            let outcome = try check(JUnitReporter().report(result), name)
            XCTAssertEqual(outcome.status, 0, "\(name): \(outcome.message)")
        }
    }

    func testTheSchemaRejectsTheOldShape() throws {
        // The loose shape of before (attributes on <testsuites>, no timestamp): proof that the
        // validation really runs.
        let old = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="combinelint" tests="1" failures="0" errors="0">
          <testsuite name="combinelint" tests="1" failures="0" errors="0">
            <testcase classname="combinelint" name="lint"/>
          </testsuite>
        </testsuites>

        """
        let outcome = try check(old, "old")
        XCTAssertNotEqual(outcome.status, 0)
        XCTAssertTrue(outcome.message.contains("fails to validate"), outcome.message)
    }
}
