/// The machine-readable contract for editor plugins and scripts (`version` 1): every finding
/// with its exact range and fix, and the run's totals. Pretty-printed with two-space indents
/// and a fixed key order; see the README's "JSON output" section for each field.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public static let summary = "JSON for editors and scripts: findings with ranges and fixes, summary"
    /// Bumped only on an incompatible change; new keys may be added within a version.
    public static let formatVersion = 1

    public init() {}

    public func report(_ result: LintResult) -> String {
        let findings = result.sortedFindings.map { JSONReporter.json(for: $0, in: result) }
        var top: [(String, JSONText)] = [
            ("version", .int(JSONReporter.formatVersion)),
            ("findings", .array(findings)),
            ("summary", .object([
                ("files", .int(result.fileCount)),
                ("lines", .int(result.lineCount)),
                ("findings", .int(result.findings.count)),
                ("errors", .int(result.errorCount)),
                ("warnings", .int(result.warningCount)),
            ])),
        ]
        // Only with `--trace`: the traces and the call sites that matched no pipeline.
        if let runtime = result.runtime { top.append(("runtime", RuntimeJSON.run(runtime, result: result))) }
        let document = JSONText.object(top)
        return document.rendered() + "\n"
    }

    static func json(for finding: Finding, in result: LintResult) -> JSONText {
        let path = result.reportPath(finding.file)
        var members: [(String, JSONText)] = [
            ("rule", .string(finding.ruleID)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
        ]
        // help and related appear only when set, so findings without them print as before.
        if let help = finding.help { members.append(("help", .string(help))) }
        members += [
            ("file", .string(path)),
            ("line", .int(finding.line)),
            ("column", .int(finding.column)),
            ("endLine", .int(finding.endLine)),
            ("endColumn", .int(finding.endColumn)),
            ("offset", .int(finding.offset)),
            ("length", .int(finding.length)),
        ]
        if !finding.related.isEmpty {
            members.append(("related", .array(finding.related.map { related in
                .object([
                    ("file", .string(result.reportPath(related.file))),
                    ("line", .int(related.line)),
                    ("column", .int(related.column)),
                    ("endLine", .int(related.endLine)),
                    ("endColumn", .int(related.endColumn)),
                    ("message", .string(related.message)),
                ])
            })))
        }
        if let fix = finding.fix {
            members.append(("fix", .object([
                ("title", .string(fix.title)),
                ("edits", .array(fix.edits.map { edit in
                    .object([
                        ("offset", .int(edit.offset)),
                        ("length", .int(edit.length)),
                        ("replacement", .string(edit.replacement)),
                        ("line", .int(edit.line)),
                        ("column", .int(edit.column)),
                        ("endLine", .int(edit.endLine)),
                        ("endColumn", .int(edit.endColumn)),
                    ])
                })),
            ])))
        }
        if let runtime = finding.runtime { members.append(("runtime", RuntimeJSON.finding(runtime))) }
        return .object(members)
    }
}
