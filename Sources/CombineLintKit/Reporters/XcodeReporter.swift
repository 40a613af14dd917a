/// `path:line:col: warning: message [rule_id]`, one finding a line: the format Xcode, `swift
/// build` and most editors turn into clickable diagnostics. Prints nothing when clean.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public static let summary = "path:line:col: warning: message [rule_id], one per line (default)"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = ""
        for finding in result.sortedFindings {
            out += XcodeReporter.line(for: finding, path: result.reportPath(finding.file))
            out += "\n"
        }
        return out
    }

    /// One diagnostic line, without the line break. Line breaks inside the message become
    /// spaces: each diagnostic must stay on one line for Xcode to parse it.
    static func line(for finding: Finding, path: String) -> String {
        "\(path):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
            + "\(ReportText.singleLine(finding.message)) [\(finding.ruleID)]"
    }
}
