/// Counts by rule and severity: a plain-text table, most frequent rule first, then a totals
/// line. For a first look at a large code base or a baseline decision.
public struct SummaryReporter: Reporter {
    public static let name = "summary"
    public static let summary = "Counts by rule and severity, most frequent first, with totals"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let traced = result.runtime != nil
        let totalsLine = "Total: \(ReportText.totals(result)), \(ReportText.count(result.lineCount, "line"))"
            + (traced ? "; \(result.confirmedCount) confirmed at run time" : "") + ".\n"
        guard !result.findings.isEmpty else { return totalsLine }

        var counts: [String: (errors: Int, warnings: Int, confirmed: Int)] = [:]
        for finding in result.findings {
            var entry = counts[finding.ruleID, default: (0, 0, 0)]
            if finding.severity == .error { entry.errors += 1 } else { entry.warnings += 1 }
            if finding.runtime?.isConfirmed == true { entry.confirmed += 1 }
            counts[finding.ruleID] = entry
        }
        // With `--trace`, rules with findings confirmed at run time come first.
        let rows = counts
            .map { (id: $0.key, errors: $0.value.errors, warnings: $0.value.warnings, confirmed: $0.value.confirmed,
                    total: $0.value.errors + $0.value.warnings) }
            .sorted {
                if traced && $0.confirmed != $1.confirmed { return $0.confirmed > $1.confirmed }
                return $0.total != $1.total ? $0.total > $1.total : $0.id < $1.id
            }

        let header = ["rule", "errors", "warnings", "total"] + (traced ? ["confirmed"] : [])
        let table = [header] + rows.map {
            [$0.id, String($0.errors), String($0.warnings), String($0.total)] + (traced ? [String($0.confirmed)] : [])
        }
        var widths = header.map(\.count)
        for row in table {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        var out = ""
        for row in table {
            // The rule column is left-aligned, the counts right-aligned.
            var cells = [row[0] + String(repeating: " ", count: widths[0] - row[0].count)]
            for i in 1..<row.count {
                cells.append(String(repeating: " ", count: widths[i] - row[i].count) + row[i])
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out + totalsLine
    }
}
