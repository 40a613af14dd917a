/// The summary line printed on standard error after a report.
public enum Summary {
    /// `Found 3 findings (1 error, 2 warnings); 12 files checked.`, and with a baseline
    /// `…; 12 files checked; 4 findings hidden by the baseline.`
    public static func line(_ result: LintResult, hiddenByBaseline: Int? = nil, color: Bool = false) -> String {
        let errors = count(result.errorCount, "error")
        let warnings = count(result.warningCount, "warning")
        var text = "Found \(count(result.findings.count, "finding")) (\(errors), \(warnings)); \(count(result.fileCount, "file")) checked"
        if let hidden = hiddenByBaseline { text += "; \(count(hidden, "finding")) hidden by the baseline" }
        text += "."
        guard color else { return text }
        let code = result.errorCount > 0 ? "31" : result.warningCount > 0 ? "33" : "32"
        return "\u{1B}[1;\(code)m\(text)\u{1B}[0m"
    }

    /// `1 file`, `2 files`, `1 fix`, `2 fixes`.
    public static func count(_ n: Int, _ noun: String) -> String {
        if n == 1 { return "1 \(noun)" }
        let plural = noun.hasSuffix("x") || noun.hasSuffix("s") ? noun + "es" : noun + "s"
        return "\(n) \(plural)"
    }
}
