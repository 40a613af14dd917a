/// One self-contained page: a timeline of subscription lifetimes by call site (inline SVG, no
/// script, no network), leaks highlighted, then the report's sections as tables.
public enum HTMLReport {
    public static func render(_ events: [TraceEvent], report: TraceReport, title: String) -> String {
        let histories = SubscriptionHistory.build(from: events)
        let leaked = Set(report.leaked.flatMap(\.subs))
        let discarded = Set(report.discarded.flatMap(\.subs))
        let late = Set(report.afterCancel.flatMap(\.subs))
        var valueTimes: [UInt64: [UInt64]] = [:]
        var marks: [(String, UInt64)] = []
        for event in events {
            if case let .value(sub, _) = event.kind { valueTimes[sub, default: []].append(event.time) }
            if case let .mark(name) = event.kind { marks.append((name, event.time)) }
        }

        let endTime = max(report.endTime, 1)
        let labelWidth = 320.0, plotWidth = 880.0, rowHeight = 18.0, top = 34.0
        func x(_ t: UInt64) -> Double { labelWidth + plotWidth * Double(t) / Double(endTime) }

        let bySite = Dictionary(grouping: histories, by: SiteKey.init).sorted { $0.key < $1.key }
        var svg: [String] = []
        var row = 0.0
        for (key, group) in bySite {
            let y = top + row * rowHeight
            svg.append(#"<text x="4" y="\#(fmt(y + 13))" class="site">\#(escape(key.site)) “\#(escape(key.label))”</text>"#)
            for history in group {
                let start = x(history.subscribeTime)
                let end = max(x(history.endTime ?? endTime), start + 2)
                let kind = leaked.contains(history.id) ? "leaked"
                    : discarded.contains(history.id) ? "discarded"
                    : late.contains(history.id) ? "late"
                    : history.ending == .cancel ? "cancelled" : "completed"
                let tip = "#\(history.id) \(history.label) at \(history.site): \(kind), \(history.values) values, "
                    + "lived \(DurationText.format(history.lifetime(traceEnd: endTime)))"
                svg.append(#"<rect class="\#(kind)" x="\#(fmt(start))" y="\#(fmt(y + 3))" width="\#(fmt(end - start))" height="\#(fmt(rowHeight - 6))"><title>\#(escape(tip))</title></rect>"#)
                for t in valueTimes[history.id] ?? [] {
                    svg.append(#"<line class="value" x1="\#(fmt(x(t)))" x2="\#(fmt(x(t)))" y1="\#(fmt(y + 3))" y2="\#(fmt(y + rowHeight - 3))"/>"#)
                }
            }
            row += 1
        }
        let height = top + max(row, 1) * rowHeight + 10
        for (name, t) in marks {
            svg.append(#"<line class="mark" x1="\#(fmt(x(t)))" x2="\#(fmt(x(t)))" y1="20" y2="\#(fmt(height - 6))"/>"#)
            svg.append(#"<text class="markname" x="\#(fmt(x(t) + 2))" y="16">\#(escape(name))</text>"#)
        }

        var body: [String] = []
        body.append("<h1>\(escape(title))</h1>")
        body.append("<p>\(report.eventCount) events, \(report.subscriptionCount) subscriptions, \(report.markCount) marks, "
            + "\(report.dropped) dropped, \(escape(DurationText.format(report.endTime))) long.</p>")
        body.append(#"<p class="legend"><span class="leaked">leaked</span> <span class="discarded">discarded</span> <span class="late">value after cancel</span> <span class="cancelled">cancelled</span> <span class="completed">completed</span> | ticks: values, dashed lines: marks</p>"#)
        body.append(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(fmt(labelWidth + plotWidth + 10))" height="\#(fmt(height))">"#
            + svg.joined(separator: "\n") + "</svg>")
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
        if !report.problems.isEmpty {
            body.append(table("Skipped lines", "malformed or truncated", ["line", "problem"], report.problems.map { [String($0.line), $0.message] }))
        }
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
        <style>
        body{font:14px -apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:24px;color:#222}
        svg{border:1px solid #ddd;background:#fafafa}
        .site{font:12px Menlo,monospace;fill:#333}
        rect.leaked{fill:#d62728}rect.discarded{fill:#ff7f0e}rect.late{fill:#9467bd}
        rect.cancelled{fill:#9e9e9e}rect.completed{fill:#2ca02c}
        line.value{stroke:#000;stroke-width:1}line.mark{stroke:#1f77b4;stroke-dasharray:4 3}
        .markname{font:11px sans-serif;fill:#1f77b4}
        .legend span{padding:1px 6px;color:#fff;border-radius:3px}
        .legend .leaked{background:#d62728}.legend .discarded{background:#ff7f0e}.legend .late{background:#9467bd}
        .legend .cancelled{background:#9e9e9e}.legend .completed{background:#2ca02c}
        table{border-collapse:collapse;margin:4px 0 16px}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left}
        td{font-family:Menlo,monospace;font-size:12px}h2 small{font-weight:normal;color:#666}
        </style></head><body>
        \(body.joined(separator: "\n"))
        </body></html>

        """
    }

    private static func table(_ title: String, _ meaning: String, _ header: [String], _ rows: [[String]]) -> String {
        guard !rows.isEmpty else { return "<h2>\(escape(title)): none</h2>" }
        let head = "<tr>" + header.map { "<th>\(escape($0))</th>" }.joined() + "</tr>"
        let cells = rows.map { "<tr>" + $0.map { "<td>\(escape($0))</td>" }.joined() + "</tr>" }.joined(separator: "\n")
        return "<h2>\(escape(title)) (\(rows.count)) <small>\(escape(meaning))</small></h2>\n<table>\(head)\n\(cells)</table>"
    }

    private static func ids(_ subs: [UInt64]) -> String { subs.map { "#\($0)" }.joined(separator: " ") }

    private static func fmt(_ value: Double) -> String {
        let scaled = Int64((value * 10).rounded())
        return scaled % 10 == 0 ? String(scaled / 10) : "\(scaled / 10).\(abs(scaled % 10))"
    }

    /// Escapes text for HTML element content and attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
