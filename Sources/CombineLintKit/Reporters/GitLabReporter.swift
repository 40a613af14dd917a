/// GitLab Code Quality JSON (a Code Climate subset), shown in merge requests: an array with one
/// issue per finding (`description`, `check_name`, `fingerprint`, `severity`, `location.path`,
/// `location.lines.begin`). `[]` when clean.
public struct GitLabReporter: Reporter {
    public static let name = "gitlab"
    public static let summary = "GitLab Code Quality JSON for merge requests, with stable fingerprints"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let findings = result.sortedFindings
        let fingerprints = FindingFingerprints.compute(for: findings, in: result)
        let issues = zip(findings, fingerprints).map { finding, fingerprint in
            JSONText.object([
                ("description", .string(ReportText.singleLine(ReportText.messageWithHelp(finding)))),
                ("check_name", .string(finding.ruleID)),
                ("fingerprint", .string(GitLabReporter.fingerprint(fingerprint))),
                ("severity", .string(GitLabReporter.severity(finding.severity))),
                ("location", .object([
                    ("path", .string(result.reportPath(finding.file).replacingBackslashes())),
                    ("lines", .object([("begin", .int(finding.line))])),
                ])),
            ])
        }
        return JSONText.array(issues).rendered() + "\n"
    }

    /// GitLab wants one opaque string per issue, the same across pipelines while the code
    /// stands: the SARIF recipe (rule, path, line text, occurrence) hashed once more, so it
    /// is 16 hex digits without SARIF's `:n` suffix.
    static func fingerprint(_ lineHash: String) -> String { StableHash.hex(lineHash) }

    /// GitLab's scale is info, minor, major, critical, blocker: a warning is minor; an error,
    /// which fails the run, is major.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .warning: return "minor"
        case .error: return "major"
        }
    }
}
