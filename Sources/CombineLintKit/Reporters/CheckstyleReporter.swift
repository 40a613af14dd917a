/// Checkstyle XML, read by Jenkins Warnings NG, reviewdog, Danger and many CI dashboards:
/// one `<file>` per file with findings, one `<error>` per finding.
public struct CheckstyleReporter: Reporter {
    public static let name = "checkstyle"
    public static let summary = "Checkstyle XML for CI dashboards (Jenkins, reviewdog, Danger)"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var currentFile: String?
        for finding in result.sortedFindings {
            if finding.file != currentFile {
                if currentFile != nil { out += "  </file>\n" }
                currentFile = finding.file
                out += "  <file name=\"\(XMLEscaping.escape(result.reportPath(finding.file)))\">\n"
            }
            out += "    <error line=\"\(finding.line)\" column=\"\(finding.column)\""
                + " severity=\"\(finding.severity.rawValue)\""
                + " message=\"\(XMLEscaping.escape(ReportText.messageWithHelp(finding)))\""
                + " source=\"combinelint.\(XMLEscaping.escape(finding.ruleID))\"/>\n"
        }
        if currentFile != nil { out += "  </file>\n" }
        out += "</checkstyle>\n"
        return out
    }
}
