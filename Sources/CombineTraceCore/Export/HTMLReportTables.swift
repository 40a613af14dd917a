/// The report's sections as HTML tables, in the order of the text report, then the marks.
enum HTMLReportTables {
    static func sections(_ report: TraceReport, marks: [TimelineMark], scale: TimelineScale) -> [String] {
        var body: [String] = []
        body.append(table("Leaked", "subscribed, never completed or cancelled", ["site", "label", "count", "subscriptions"],
                          report.leaked.map { [$0.site, $0.label, String($0.count), ids($0.subs)] }))
        body.append(table("Discarded", "cancelled right after subscribing, before any value", ["site", "label", "count", "subscriptions"],
                          report.discarded.map { [$0.site, $0.label, String($0.count), ids($0.subs)] }))
        body.append(table("Accumulating", "live subscriptions grow at each repetition of a mark", ["site", "label", "mark", "live counts", "alive"],
                          report.accumulating.map { [$0.site, $0.label, $0.mark, $0.liveCounts.map(String.init).joined(separator: " → "), ids($0.subs)] }))
        body.append(table("After cancel", "values or completion delivered after cancel", ["site", "label", "values", "completions", "subscriptions"],
                          report.afterCancel.map { [$0.site, $0.label, String($0.values), String($0.completions), ids($0.subs)] }))
        body.append(table("Protocol violations", "values beyond demand, after completion, a second completion", ["site", "label", "violation", "count", "subscriptions"],
                          report.protocolViolations.map { [$0.site, $0.label, $0.kind.meaning, String($0.count), ids($0.subs)] }))
        body.append(table("Unreleased", "expected to be released, still alive", ["site", "label", "type", "objects"],
                          report.unreleased.map { [$0.site, $0.label, $0.type, $0.objects.map { "obj #\($0)" }.joined(separator: " ")] }))
        body.append(table("Call sites", "lifetimes", ["site", "label", "subs", "alive", "values", "median", "longest"],
                          report.sites.map { [$0.site, $0.label, String($0.count), String($0.alive), String($0.values),
                                              DurationText.format($0.medianLifetime), DurationText.format($0.longestLifetime)] }))
        if !marks.isEmpty {
            body.append(table("Marks", "in order, time from the timeline's start", ["seq", "time", "name"],
                              marks.map { [String($0.seq), HTMLEventListRendering.offset($0.time, scale: scale), $0.name] }))
        }
        if !report.problems.isEmpty {
            body.append(table("Skipped lines", "malformed or truncated", ["line", "problem"], report.problems.map { [String($0.line), $0.message] }))
        }
        return body
    }

    /// A titled table of escaped cells, or "none".
    static func table(_ title: String, _ meaning: String, _ header: [String], _ rows: [[String]]) -> String {
        guard !rows.isEmpty else { return "<h2>\(HTMLEscaping.escape(title)): none</h2>" }
        let head = "<tr>" + header.map { "<th>\(HTMLEscaping.escape($0))</th>" }.joined() + "</tr>"
        let cells = rows.map { "<tr>" + $0.map { "<td>\(HTMLEscaping.escape($0))</td>" }.joined() + "</tr>" }.joined(separator: "\n")
        return "<h2>\(HTMLEscaping.escape(title)) (\(rows.count)) <small>\(HTMLEscaping.escape(meaning))</small></h2>\n<table>\(head)\n\(cells)</table>"
    }

    private static func ids(_ subs: [UInt64]) -> String { subs.map { "#\($0)" }.joined(separator: " ") }
}
