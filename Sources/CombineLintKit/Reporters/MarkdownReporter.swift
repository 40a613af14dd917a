/// A Markdown table for a pull-request comment: a heading with the counts, then one row per
/// finding (severity, location, rule, message), or "No findings.".
public struct MarkdownReporter: Reporter {
    public static let name = "markdown"
    public static let summary = "Markdown table for a pull-request comment"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = "### CombineLint: \(ReportText.totals(result))\n\n"
        let findings = result.sortedFindings
        if findings.isEmpty {
            return out + "No findings.\n"
        }
        out += "| Severity | Location | Rule | Message |\n"
        out += "| --- | --- | --- | --- |\n"
        for finding in findings {
            let location = "\(result.reportPath(finding.file)):\(finding.line):\(finding.column)"
            out += "| \(finding.severity.rawValue) | \(MarkdownReporter.cell(location)) | "
                + "\(MarkdownReporter.cell(finding.ruleID)) | \(MarkdownReporter.cell(finding.message)) |\n"
        }
        return out
    }

    /// Text safe inside a table cell: `|` escaped, `&` `<` `>` as entities (no HTML gets
    /// through to the comment), line breaks as `<br>` so the row stays one line.
    static func cell(_ text: String) -> String {
        var out = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "|": out += "\\|"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "<br>"
            case "\n": if !previousWasCR { out += "<br>" }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
