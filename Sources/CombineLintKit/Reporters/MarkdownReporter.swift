/// A Markdown table for a pull-request comment: a heading with the counts, then one row per
/// finding (severity, location, rule, message), or "No findings.".
public struct MarkdownReporter: Reporter {
    public static let name = "markdown"
    public static let summary = "Markdown table for a pull-request comment"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = "### CombineLint: \(ReportText.totals(result))"
            + (result.runtime == nil ? "" : ", \(result.confirmedCount) confirmed at run time") + "\n\n"
        let findings = result.runtime == nil ? result.sortedFindings : result.confirmedFirst
        if findings.isEmpty {
            return out + "No findings.\n"
        }
        out += "| Severity | Location | Rule | Message |\n"
        out += "| --- | --- | --- | --- |\n"
        for finding in findings {
            let location = "\(result.reportPath(finding.file)):\(finding.line):\(finding.column)"
            out += "| \(finding.severity.rawValue) | \(MarkdownReporter.cell(location)) | "
                + "\(MarkdownReporter.cell(finding.ruleID)) | \(MarkdownReporter.cell(MarkdownReporter.message(finding))) |\n"
        }
        return out
    }

    /// The message and help, then each runtime note on a line of its own.
    static func message(_ finding: Finding) -> String {
        ([ReportText.messageWithHelp(finding)] + (finding.runtime.map(RuntimeText.notes) ?? [])).joined(separator: "\n")
    }

    /// Text safe inside a table cell: `|` escaped everywhere (GitHub splits cells before it
    /// parses code spans, and `\|` works in both); outside code spans `&` `<` `>` become
    /// entities (no HTML gets through to the comment) and line breaks `<br>`, so the row stays
    /// one line. Inside a code span (a backtick run closed by a run of the same length) the text
    /// is shown as written, so it is not entity-escaped; its line breaks become spaces, as
    /// Markdown itself would make them.
    static func cell(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = ""
        var i = 0
        var previousWasCR = false
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "`" {
                let run = backtickRun(scalars, at: i)
                if let close = closingRun(scalars, after: i + run, length: run) {
                    out += String(repeating: "`", count: run)
                    for inner in scalars[(i + run)..<close] {
                        switch inner {
                        case "|": out += "\\|"
                        case "\r", "\n": out += " "
                        default: out.unicodeScalars.append(inner)
                        }
                    }
                    out += String(repeating: "`", count: run)
                    i = close + run
                } else {
                    // An unclosed run is literal text, and so is what follows it.
                    out += String(repeating: "`", count: run)
                    i += run
                }
                previousWasCR = false
                continue
            }
            switch scalar {
            case "|": out += "\\|"
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "<br>"
            case "\n": if !previousWasCR { out += "<br>" }
            default: out.unicodeScalars.append(scalar)
            }
            previousWasCR = scalar == "\r"
            i += 1
        }
        return out
    }

    /// The length of the backtick run starting at `start`.
    private static func backtickRun(_ scalars: [Unicode.Scalar], at start: Int) -> Int {
        var end = start
        while end < scalars.count && scalars[end] == "`" { end += 1 }
        return end - start
    }

    /// The start of the first run of exactly `length` backticks at or after `start`.
    private static func closingRun(_ scalars: [Unicode.Scalar], after start: Int, length: Int) -> Int? {
        var i = start
        while i < scalars.count {
            guard scalars[i] == "`" else { i += 1; continue }
            let run = backtickRun(scalars, at: i)
            if run == length { return i }
            i += run
        }
        return nil
    }
}
