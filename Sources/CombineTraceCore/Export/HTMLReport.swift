/// One self-contained page (inline CSS and SVG, no script, no font or file fetched): a timeline of
/// every subscription by call site, leaks marked, then the report's sections as tables.
///
/// The page is put together here; the timeline's layout is `TimelineLayout` (pure, in plot
/// units), its drawing `HTMLTimelineSVG`, the tables `HTMLReportTables`, the CSS `HTMLReportStyle`.
public enum HTMLReport {
    public static func render(_ events: [TraceEvent], report: TraceReport, title: String) -> String {
        render(events, report: report, title: title, limits: TimelineLimits())
    }

    static func render(_ events: [TraceEvent], report: TraceReport, title: String, limits: TimelineLimits) -> String {
        let histories = SubscriptionHistory.build(from: events)
        let layout = TimelineLayout.make(events: events, histories: histories, report: report, limits: limits)
        let lists = SubscriptionEventList.collect(events, limit: limits.listedEvents)

        var body: [String] = []
        body.append("<h1>\(escape(title))</h1>")
        body.append("<p>\(report.eventCount) events, \(report.subscriptionCount) subscriptions, \(report.markCount) marks, "
            + "\(report.dropped) dropped, \(escape(DurationText.format(report.endTime))) long.</p>")
        body.append(legend)
        body.append(HTMLTimelineSVG.render(layout, lists: lists, limits: limits))
        body.append(contentsOf: HTMLReportTables.sections(report, marks: layout.marks.map(\.mark), scale: layout.scale))
        return """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>
        \(HTMLReportStyle.css)
        </style></head><body>
        \(body.joined(separator: "\n"))
        </body></html>

        """
    }

    /// What the colours and shapes of the timeline mean.
    static let legend = #"<p class="legend"><span class="key leaked">leaked ▸</span> runs to the end of the trace "#
        + #"<span class="key discarded">discarded</span> <span class="key after-cancel">value after cancel</span> "#
        + #"<span class="key cancelled">cancelled</span> <span class="key finished">finished</span> <span class="key failed">failed</span> "#
        + #"<span class="key-tick"></span> value <span class="key-end"></span> end (cancel or completion) "#
        + #"<span class="key-mark"></span> mark</p>"#

    /// Escapes text for HTML element content and attribute values.
    static func escape(_ text: String) -> String { HTMLEscaping.escape(text) }
}
