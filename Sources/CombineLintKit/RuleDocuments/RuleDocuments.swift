/// The rule documents (`rules/<id>.md`), compiled into the binary by
/// `scripts/generate-rule-docs.py`: `combinelint explain` and SARIF rule help need no checkout.
public enum RuleDocuments {
    /// The rule ids that have a document, sorted.
    public static var ids: [String] { texts.keys.sorted() }

    /// The whole document of a rule, nil for a rule without one (`io_error`).
    public static func document(for ruleID: String) -> String? { texts[ruleID] }

    /// The document's prose: everything before its examples (what the rule reports, why it
    /// matters, how to fix it, options), for places that show help beside a finding.
    public static func prose(for ruleID: String) -> String? {
        guard let text = texts[ruleID] else { return nil }
        return proseOf(text)
    }

    /// The text before the first `## Triggering examples` or `## Non-triggering examples`
    /// heading, trailing blank lines dropped, ending with one newline.
    static func proseOf(_ text: String) -> String {
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## Triggering examples") || line.hasPrefix("## Non-triggering examples") { break }
            kept.append(line)
        }
        while let last = kept.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { kept.removeLast() }
        return kept.joined(separator: "\n") + "\n"
    }
}
