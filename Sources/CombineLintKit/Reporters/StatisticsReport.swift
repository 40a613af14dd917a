/// `--statistics`: how many findings each rule gave, most first, after a text report's
/// findings (Ruff's `--statistics`). Rules with fixable findings say how many.
enum StatisticsReport {
    /// The table, preceded by an empty line when findings were printed above it; empty when
    /// there are no findings.
    static func text(_ result: LintResult) -> String {
        guard !result.findings.isEmpty else { return "" }
        var counts: [String: (total: Int, fixable: Int)] = [:]
        for finding in result.findings {
            var entry = counts[finding.ruleID, default: (0, 0)]
            entry.total += 1
            if finding.fix != nil { entry.fixable += 1 }
            counts[finding.ruleID] = entry
        }
        let rows = counts.sorted { $0.value.total != $1.value.total ? $0.value.total > $1.value.total : $0.key < $1.key }
        let countWidth = String(rows.map(\.value.total).max() ?? 0).count
        let idWidth = rows.map(\.key.count).max() ?? 0
        var out = "\nFindings by rule:\n"
        for (id, entry) in rows {
            let count = String(entry.total)
            var line = "  " + String(repeating: " ", count: countWidth - count.count) + count + "  " + id
            if entry.fixable > 0 {
                line += String(repeating: " ", count: idWidth - id.count) + "  (\(entry.fixable) fixable)"
            }
            out += line + "\n"
        }
        return out
    }
}
