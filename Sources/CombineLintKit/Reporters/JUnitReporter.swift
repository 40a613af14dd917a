/// JUnit XML, which every CI server shows as test results: one `<testsuite>` per file with
/// findings and one failing `<testcase>` per finding. A clean run is one passing test case,
/// so the CI page shows that lint ran rather than nothing.
///
/// The document is valid against the strict Apache Ant schema (`JUnit.xsd`), which readers
/// that validate insist on: a bare `<testsuites>`, and on each suite `package`, `id`, `name`,
/// `timestamp` (UTC, no zone), `hostname`, the counts and `time`, then `<properties>`, the
/// test cases, `<system-out>` and `<system-err>`. Lint does not time files or findings one by
/// one, so every `time` is 0.
public struct JUnitReporter: Reporter {
    public static let name = "junit"
    public static let summary = "JUnit XML test results (strict Ant schema): a failing test case per finding"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        let groups = JUnitReporter.groups(result.sortedFindings)
        if groups.isEmpty {
            out += suiteStart(name: CombineLintInfo.name, id: 0, tests: 1, failures: 0, result: result)
            out += "    <testcase classname=\"\(CombineLintInfo.name)\" name=\"lint\" time=\"0\"/>\n"
            out += suiteEnd
        }
        for (id, group) in groups.enumerated() {
            let path = XMLEscaping.escape(result.reportPath(group.file))
            let count = group.findings.count
            out += suiteStart(name: path, id: id, tests: count, failures: count, result: result)
            for finding in group.findings {
                out += testCase(finding, path: path, result: result)
            }
            out += suiteEnd
        }
        return out + "</testsuites>\n"
    }

    /// Findings grouped by file, in report order.
    static func groups(_ findings: [Finding]) -> [(file: String, findings: [Finding])] {
        var groups: [(file: String, findings: [Finding])] = []
        for finding in findings {
            if groups.last?.file == finding.file {
                groups[groups.count - 1].findings.append(finding)
            } else {
                groups.append((finding.file, [finding]))
            }
        }
        return groups
    }

    /// `name` is already escaped.
    private func suiteStart(name: String, id: Int, tests: Int, failures: Int, result: LintResult) -> String {
        "  <testsuite package=\"\(CombineLintInfo.name)\" id=\"\(id)\" name=\"\(name)\""
            + " timestamp=\"\(result.run.timestamp)\" hostname=\"\(XMLEscaping.escape(result.run.hostname))\""
            + " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            + "    <properties>\n"
            + "      <property name=\"combinelint.version\" value=\"\(XMLEscaping.escape(CombineLintInfo.version))\"/>\n"
            + "    </properties>\n"
    }

    private let suiteEnd = "    <system-out/>\n    <system-err/>\n  </testsuite>\n"

    /// One failing test case; the failure's text is the finding as the `xcode` format prints it,
    /// notes included.
    private func testCase(_ finding: Finding, path: String, result: LintResult) -> String {
        let esc = XMLEscaping.escape
        return "    <testcase classname=\"\(path)\" name=\"\(esc(finding.ruleID)) at \(finding.line):\(finding.column)\" time=\"0\">\n"
            + "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(esc(ReportText.messageWithHelp(finding)))\">"
            + esc(XcodeReporter.lines(for: finding, in: result).joined(separator: "\n"))
            + "</failure>\n"
            + "    </testcase>\n"
    }
}
