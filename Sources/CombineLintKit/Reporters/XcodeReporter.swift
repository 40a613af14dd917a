/// `path:line:col: warning: message [rule_id]`, one finding a line, each followed by its
/// `path:line:col: note: …` lines (help, related locations): the format Xcode, `swift build`
/// and most editors turn into clickable diagnostics. Prints nothing when clean.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public static let summary = "path:line:col: warning: message [rule_id], one per line (default)"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = ""
        for finding in result.sortedFindings {
            for line in XcodeReporter.lines(for: finding, in: result) { out += line + "\n" }
        }
        return out
    }

    public static var acceptsStatistics: Bool { true }

    /// The diagnostic line, then `note:` lines as Xcode shows them under it: the help at the
    /// finding's own place, then each related location at its place.
    static func lines(for finding: Finding, in result: LintResult) -> [String] {
        let path = result.reportPath(finding.file)
        var lines = [line(for: finding, path: path)]
        if let help = finding.help, !help.isEmpty {
            lines.append("\(path):\(finding.line):\(finding.column): note: \(ReportText.singleLine(help))")
        }
        for related in finding.related {
            lines.append("\(result.reportPath(related.file)):\(related.line):\(related.column): note: "
                         + ReportText.singleLine(related.message))
        }
        for note in finding.runtime.map(RuntimeText.notes) ?? [] {
            lines.append("\(path):\(finding.line):\(finding.column): note: \(ReportText.singleLine(note))")
        }
        return lines
    }

    /// One diagnostic line, without the line break. Line breaks inside the message become
    /// spaces: each diagnostic must stay on one line for Xcode to parse it.
    static func line(for finding: Finding, path: String) -> String {
        "\(path):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
            + "\(ReportText.singleLine(finding.message)) [\(finding.ruleID)]"
    }
}
