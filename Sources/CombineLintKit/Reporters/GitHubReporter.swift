/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request
/// (`::warning file=…,line=…::message`). Prints nothing when clean.
public struct GitHubReporter: Reporter {
    public static let name = "github"
    public static let summary = "GitHub Actions annotations (::warning file=…,line=…::message)"

    public init() {}

    public func report(_ result: LintResult) -> String {
        var out = ""
        for finding in result.sortedFindings {
            let command = finding.severity == .error ? "error" : "warning"
            let properties = [
                "file=" + GitHubReporter.escapeProperty(result.reportPath(finding.file)),
                "line=\(finding.line)",
                "col=\(finding.column)",
                "endLine=\(finding.endLine)",
                "endColumn=\(finding.endColumn)",
                "title=" + GitHubReporter.escapeProperty(finding.ruleID),
            ]
            out += "::\(command) \(properties.joined(separator: ","))::\(GitHubReporter.escapeData(ReportText.messageWithHelp(finding)))\n"
        }
        return out
    }

    /// Escapes for the message part, as the Actions runner decodes it.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Escapes for a property value: the data escapes plus the separators `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
