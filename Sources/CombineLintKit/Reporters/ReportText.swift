/// Small wording helpers shared by the human-readable reporters.
enum ReportText {
    /// "1 finding", "2 findings".
    static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : (plural ?? singular + "s"))"
    }

    /// "3 findings (1 error, 2 warnings) in 2 files".
    static func totals(_ result: LintResult) -> String {
        "\(count(result.findings.count, "finding")) (\(count(result.errorCount, "error")), "
            + "\(count(result.warningCount, "warning"))) in \(count(result.fileCount, "file"))"
    }

    /// The message on one line: CR, LF and CRLF become a single space.
    static func singleLine(_ text: String) -> String {
        var out = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": out.append(" "); previousWasCR = true; continue
            case "\n": if !previousWasCR { out.append(" ") }
            default: out.unicodeScalars.append(scalar)
            }
            previousWasCR = false
        }
        return out
    }

    /// The message, then `help: …` on a line of its own when the finding has help: for formats
    /// with one text field per finding (annotations, checkstyle, JUnit, Markdown, GitLab).
    static func messageWithHelp(_ finding: Finding) -> String {
        guard let help = finding.help, !help.isEmpty else { return finding.message }
        return finding.message + "\nhelp: " + help
    }
}
