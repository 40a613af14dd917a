/// JUnit XML, which every CI server shows as test results: one `<testsuite>` per file with
/// findings and one failing `<testcase>` per finding. A clean run is one passing test case,
/// so the CI page shows that lint ran rather than nothing.
public struct JUnitReporter: Reporter {
    public static let name = "junit"
    public static let summary = "JUnit XML test results: a failing test case per finding"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let findings = result.sortedFindings
        let esc = XMLEscaping.escape
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        if findings.isEmpty {
            out += "<testsuites name=\"combinelint\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
            out += "  <testsuite name=\"combinelint\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
            out += "    <testcase classname=\"combinelint\" name=\"lint\"/>\n"
            out += "  </testsuite>\n"
            out += "</testsuites>\n"
            return out
        }
        out += "<testsuites name=\"combinelint\" tests=\"\(findings.count)\" failures=\"\(findings.count)\" errors=\"0\">\n"
        var groups: [(file: String, findings: [Finding])] = []
        for finding in findings {
            if groups.last?.file == finding.file {
                groups[groups.count - 1].findings.append(finding)
            } else {
                groups.append((finding.file, [finding]))
            }
        }
        for group in groups {
            let path = esc(result.reportPath(group.file))
            let count = group.findings.count
            out += "  <testsuite name=\"\(path)\" tests=\"\(count)\" failures=\"\(count)\" errors=\"0\">\n"
            for finding in group.findings {
                out += "    <testcase classname=\"\(path)\" name=\"\(esc(finding.ruleID)) at \(finding.line):\(finding.column)\">\n"
                out += "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(esc(finding.message))\">"
                out += esc(XcodeReporter.line(for: finding, path: result.reportPath(finding.file)))
                out += "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }
}
