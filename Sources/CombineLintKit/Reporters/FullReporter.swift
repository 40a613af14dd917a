/// Findings for reading on the command line, in rustc's and Ruff's `full` style: the
/// diagnostic, its place, the source line with a caret underline of the range, each related
/// location likewise, then the help and the fix. Prints nothing when clean.
///
/// ```
/// warning[discarded_cancellable]: The AnyCancellable returned by `sink` is discarded.
///  --> Sources/App/Feed.swift:3:9
///   |
/// 3 |         publisher.sink { _ in }
///   |         ^^^^^^^^^^^^^^^^^^^^^^^
///   |
///   = help: Keep it with `.store(in: &cancellables)`.
/// ```
public struct FullReporter: Reporter {
    public static let name = "full"
    public static let summary = "For people: each finding with its source line, a caret underline and its help"

    public init() {}

    public static var acceptsStatistics: Bool { true }

    public func report(_ result: LintResult) -> String {
        result.sortedFindings.map { FullReporter.block(for: $0, in: result) }.joined(separator: "\n")
    }

    /// One finding's block, ending with a line break.
    static func block(for finding: Finding, in result: LintResult) -> String {
        let excerpts = [excerpt(finding.file, finding.line, finding.column, finding.endLine, finding.endColumn, result)]
            + finding.related.map { excerpt($0.file, $0.line, $0.column, $0.endLine, $0.endColumn, result) }
        let width = excerpts.flatMap { $0.rows ?? [] }.compactMap(\.number).map { String($0).count }.max() ?? 1
        let gutter = String(repeating: " ", count: width)

        var out = "\(finding.severity.rawValue)[\(finding.ruleID)]: \(ReportText.singleLine(finding.message))\n"
        out += render(excerpts[0], gutter: gutter, width: width)
        for (related, excerpt) in zip(finding.related, excerpts.dropFirst()) {
            out += "\(gutter) |\n"
            out += "note: \(ReportText.singleLine(related.message))\n"
            out += render(excerpt, gutter: gutter, width: width)
        }
        let help = finding.help.map { "help: " + ReportText.singleLine($0) }
        let fix = finding.fix.map { "fix: " + ReportText.singleLine($0.title) + " (combinelint --fix applies it)" }
        let runtime = (finding.runtime.map(RuntimeText.notes) ?? []).map { "note: " + ReportText.singleLine($0) }
        let tail = runtime + [help, fix].compactMap { $0 }
        if !tail.isEmpty {
            out += "\(gutter) |\n"
            for line in tail { out += "\(gutter) = \(line)\n" }
        }
        return out
    }

    struct Excerpt {
        var location: String
        var rows: [SourceExcerpt.Row]?
    }

    static func excerpt(_ file: String, _ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int,
                        _ result: LintResult) -> Excerpt {
        Excerpt(location: "\(result.reportPath(file)):\(line):\(column)",
                rows: SourceExcerpt.rows(line: line, column: column, endLine: endLine, endColumn: endColumn,
                                         lines: result.sourceLines[file]))
    }

    /// ` --> place`, then, when the source is known, the quoted lines between empty gutter lines.
    static func render(_ excerpt: Excerpt, gutter: String, width: Int) -> String {
        var out = "\(gutter)--> \(excerpt.location)\n"
        guard let rows = excerpt.rows else { return out }
        out += "\(gutter) |\n"
        for row in rows {
            guard let number = row.number else { out += "\(row.text)\n"; continue }
            let label = String(number)
            out += String(repeating: " ", count: width - label.count) + label + " |" + (row.text.isEmpty ? "" : " " + row.text) + "\n"
            if !row.marker.isEmpty { out += "\(gutter) | \(row.marker)\n" }
        }
        return out
    }
}
