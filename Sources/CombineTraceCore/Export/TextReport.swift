/// The report for people reading a terminal.
public enum TextReport {
    public static func render(_ report: TraceReport, source: String) -> String {
        var lines: [String] = []
        lines.append("Trace \(source): \(report.eventCount) events, \(report.subscriptionCount) subscriptions, "
            + "\(report.markCount) marks, \(report.dropped) dropped, \(DurationText.format(report.endTime)) long")

        section(&lines, "Leaked", report.leaked.reduce(0) { $0 + $1.count }, "subscription",
                "subscribed, never completed or cancelled by the end of the trace",
                report.leaked.map { "\($0.site)  \"\($0.label)\"  \(count($0.count, "subscription"))  \(ids($0.subs))" })
        section(&lines, "Discarded", report.discarded.reduce(0) { $0 + $1.count }, "subscription",
                "a sink or assign cancelled right after subscribing, before any value: a dropped AnyCancellable?",
                report.discarded.map { "\($0.site)  \"\($0.label)\"  \(count($0.count, "subscription"))  \(ids($0.subs))" })
        section(&lines, "Accumulating", report.accumulating.count, "finding",
                "live subscriptions grow at each repetition of a mark",
                report.accumulating.map {
                    "\($0.site)  \"\($0.label)\"  live at \"\($0.mark)\": "
                        + $0.liveCounts.map(String.init).joined(separator: " -> ") + "  alive: \(ids($0.subs))"
                })
        section(&lines, "After cancel", report.afterCancel.reduce(0) { $0 + $1.subs.count }, "subscription",
                "values or completion delivered after cancel",
                report.afterCancel.map {
                    "\($0.site)  \"\($0.label)\"  \(count($0.values, "value")), \(count($0.completions, "completion")) after cancel  \(ids($0.subs))"
                })
        section(&lines, "Protocol violations", report.protocolViolations.reduce(0) { $0 + $1.subs.count }, "subscription",
                "values beyond demand, after completion, a second completion",
                report.protocolViolations.map {
                    "\($0.site)  \"\($0.label)\"  \($0.kind.meaning): \($0.count)  \(ids($0.subs))"
                })
        section(&lines, "Unreleased", report.unreleased.reduce(0) { $0 + $1.objects.count }, "object",
                "expected to be released, still alive at the last checkpoint",
                report.unreleased.map {
                    "\($0.site)  \($0.type) \"\($0.label)\"  " + $0.objects.map { "obj #\($0)" }.joined(separator: " ")
                })
        if !report.problems.isEmpty {
            lines.append("")
            lines.append("Skipped lines (\(report.problems.count))")
            lines += report.problems.map { "  \($0)" }
        }
        lines.append("")
        lines.append("Call sites")
        let header = ["site", "label", "subs", "alive", "values", "median", "longest"]
        let rows = report.sites.map {
            [$0.site, $0.label, String($0.count), String($0.alive), String($0.values),
             DurationText.format($0.medianLifetime), DurationText.format($0.longestLifetime)]
        }
        lines += table([header] + rows)
        return lines.joined(separator: "\n") + "\n"
    }

    private static func section(_ lines: inout [String], _ title: String, _ total: Int, _ unit: String,
                                _ meaning: String, _ entries: [String]) {
        lines.append("")
        guard total > 0 else {
            lines.append("\(title): none")
            return
        }
        lines.append("\(title): \(count(total, unit)) (\(meaning))")
        lines += entries.map { "  " + $0 }
    }

    private static func count(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }

    private static func ids(_ subs: [UInt64]) -> String { subs.map { "#\($0)" }.joined(separator: " ") }

    /// Left-aligned text columns, right-aligned numbers, two spaces apart.
    private static func table(_ rows: [[String]]) -> [String] {
        guard let first = rows.first else { return [] }
        let widths = first.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            "  " + row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ").replacingTrailingSpaces()
        }
    }
}

private extension String {
    func replacingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
