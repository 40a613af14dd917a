/// Fingerprints that keep a finding's identity across commits (SARIF `partialFingerprints`,
/// GitLab Code Quality `fingerprint`), in the spirit of the baseline's keys.
enum FindingFingerprints {
    /// `<hash>:<occurrence>` per finding, in the same order. The hash covers the rule id, the
    /// report path and the finding's line text with whitespace runs collapsed (so edits on
    /// other lines and re-indentation keep it); without line text it covers the message.
    /// The occurrence counts earlier findings with the same hash, so identical lines differ.
    static func compute(for findings: [Finding], in result: LintResult) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let content: String
            if let text = result.sourceLines[finding.file]?[finding.line] {
                content = "line:" + normalizeWhitespace(text)
            } else {
                content = "message:" + finding.message
            }
            let key = [finding.ruleID, result.reportPath(finding.file).replacingBackslashes(), content]
                .joined(separator: "\u{0}")
            let hash = StableHash.hex(key)
            let occurrence = seen[hash, default: 0] + 1
            seen[hash] = occurrence
            return "\(hash):\(occurrence)"
        }
    }

    /// Trims the text and collapses each run of spaces and tabs to one space.
    static func normalizeWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })
            .joined(separator: " ")
    }
}
