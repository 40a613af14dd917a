/// The summary line printed on standard error after a report.
public enum Summary {
    /// `Found 3 findings (1 error, 2 warnings) in 12 files.`
    public static func line(_ result: LintResult, color: Bool = false) -> String {
        let errors = count(result.errorCount, "error")
        let warnings = count(result.warningCount, "warning")
        let text = "Found \(count(result.findings.count, "finding")) (\(errors), \(warnings)) in \(count(result.fileCount, "file"))."
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
