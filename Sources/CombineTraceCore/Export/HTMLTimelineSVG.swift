/// Renders a `TimelineLayout` as HTML and inline SVG: a sticky header with the mark labels and
/// the time axis, one group per call site, one `<details>` row per subscription (its bar, value
/// ticks and end, opening to its event list), the mark lines over the rows, the axis again at
/// the bottom. Sizes are in plot units (`viewBox`); the page's CSS gives the plot the width the
/// window leaves, so nothing here depends on the screen.
enum HTMLTimelineSVG {
    /// Height of one lane of mark labels, and of the axis under them, in plot units.
    static let laneHeight = 14.0
    static let axisHeight = 24.0
    /// Height of a row's track in plot units (its SVG is stretched to the row, not scaled).
    static let trackHeight = 16.0

    static func render(_ layout: TimelineLayout, lists: SubscriptionEventLists, limits: TimelineLimits) -> String {
        var out: [String] = []
        out.append(#"<section class="timeline" id="timeline">"#)
        out.append("<p class=\"tl-note\">\(note(layout, limits: limits))</p>")
        out.append(#"<div class="tl-head"><div class="tl-corner">time from start</div>"# + header(layout) + #"<div></div></div>"#)
        out.append(#"<div class="tl-rows">"#)
        out.append(markLines(layout))
        if layout.groups.isEmpty { out.append(#"<p class="tl-empty">No subscription was recorded.</p>"#) }
        for group in layout.groups {
            out.append(groupHeader(group))
            for row in group.rows {
                out.append(rowHTML(row, group: group, list: lists.bySubscription[row.id] ?? SubscriptionEventList(),
                                   threads: lists.severalThreads, scale: layout.scale))
            }
        }
        out.append("</div>")
        out.append(#"<div class="tl-foot"><div class="tl-corner"></div>"# + footer(layout) + "<div></div></div>")
        out.append("</section>")
        return out.joined(separator: "\n")
    }

    /// What the timeline shows, and what the caps left out.
    static func note(_ layout: TimelineLayout, limits: TimelineLimits) -> String {
        var parts = ["Time from the first subscription or mark (trace time \(DurationText.format(layout.scale.start))) to the last event, "
            + "\(DurationText.format(layout.scale.span)). One row per subscription, grouped by call site; click a row for its events."]
        if layout.cappedRows > 0 {
            let rows = layout.cappedRows == 1 ? "1 row has" : "\(HTMLEscaping.count(layout.cappedRows)) rows have"
            parts.append("\(rows) values at more than \(limits.valueTicksPerRow) places: "
                + "each draws \(limits.valueTicksPerRow) evenly chosen ticks (marked ≈).")
        }
        let hidden = layout.groups.reduce(0) { $0 + $1.hiddenRows }
        if hidden > 0 {
            parts.append("\(HTMLEscaping.count(hidden)) subscriptions are not drawn (more than \(HTMLEscaping.count(limits.rowsPerSite)) at a site; "
                + "leaked, discarded and other problem rows first): the tables below count them all.")
        }
        if layout.unlabelledMarks > 0 {
            parts.append("\(HTMLEscaping.count(layout.unlabelledMarks)) mark labels found no room in \(limits.markLanes) lanes: "
                + "their lines are drawn, their names are in the Marks table.")
        }
        return parts.joined(separator: " ")
    }

    /// Mark labels in their lanes, their lines down to the axis, and the axis with its ticks.
    static func header(_ layout: TimelineLayout) -> String {
        let lanesHeight = Double(layout.laneCount) * laneHeight
        let axisY = lanesHeight + 4
        let height = axisY + axisHeight
        var svg = [#"<svg class="tl-axis" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(n(layout.scale.width)) \#(n(height))" role="img" aria-label="time axis and marks">"#]
        // Every line first, then every label over them on an opaque box: a line never crosses a
        // label of another lane.
        var labels: [String] = []
        for placed in layout.marks {
            let offset = HTMLEventListRendering.offset(placed.mark.time, scale: layout.scale)
            let title = "<title>\(HTMLEscaping.escape(placed.mark.name)) at \(offset) (seq \(placed.mark.seq))</title>"
            guard let lane = placed.lane else {
                svg.append(#"<g class="mark unlabelled" data-seq="\#(placed.mark.seq)">\#(title)<line x1="\#(n(placed.x))" x2="\#(n(placed.x))" y1="0" y2="\#(n(axisY))"/></g>"#)
                continue
            }
            let baseline = Double(layout.laneCount - 1 - lane) * laneHeight + 11
            let textX = placed.anchorsEnd ? placed.x - MarkLanes.padding : placed.x + MarkLanes.padding
            let anchor = placed.anchorsEnd ? #" text-anchor="end""# : ""
            svg.append(#"<g class="mark" data-seq="\#(placed.mark.seq)" data-lane="\#(lane)">\#(title)"#
                + #"<line x1="\#(n(placed.x))" x2="\#(n(placed.x))" y1="\#(n(baseline - 10))" y2="\#(n(axisY))"/></g>"#)
            // The label's box (short of its own line) hides the lines of other lanes behind it.
            let boxLeft = placed.anchorsEnd ? placed.left : placed.left + 1
            labels.append(#"<rect x="\#(n(boxLeft))" y="\#(n(baseline - 10))" width="\#(n(placed.right - placed.left - 1))" height="13"/>"#
                + #"<text x="\#(n(textX))" y="\#(n(baseline))"\#(anchor)>\#(title)\#(HTMLEscaping.escape(placed.text))</text>"#)
        }
        svg.append(#"<g class="mark-labels">"# + labels.joined() + "</g>")
        svg.append(axis(layout, lineY: axisY))
        svg.append("</svg>")
        return svg.joined()
    }

    /// The axis again under the rows.
    static func footer(_ layout: TimelineLayout) -> String {
        #"<svg class="tl-axis" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(n(layout.scale.width)) \#(n(axisHeight))" role="img" aria-label="time axis">"#
            + axis(layout, lineY: 1) + "</svg>"
    }

    /// The axis line at `lineY` with ticks and their labels under it.
    static func axis(_ layout: TimelineLayout, lineY: Double) -> String {
        var parts = [#"<g class="axis"><line class="axis-line" x1="0" x2="\#(n(layout.scale.width))" y1="\#(n(lineY))" y2="\#(n(lineY))"/>"#]
        for tick in layout.ticks {
            let anchor = tick.x < 20 ? "start" : tick.x > layout.scale.width - 30 ? "end" : "middle"
            parts.append(#"<line class="tick" x1="\#(n(tick.x))" x2="\#(n(tick.x))" y1="\#(n(lineY))" y2="\#(n(lineY + 5))"/>"#
                + #"<text class="tick-label" x="\#(n(tick.x))" y="\#(n(lineY + 17))" text-anchor="\#(anchor)">\#(tick.label)</text>"#)
        }
        parts.append("</g>")
        return parts.joined()
    }

    /// The marks' lines over all rows (HTML, positioned in percent of the plot's width).
    static func markLines(_ layout: TimelineLayout) -> String {
        #"<div class="tl-marklines" aria-hidden="true">"#
            + layout.marks.map { #"<i style="left:\#(n(layout.scale.percent($0.mark.time)))%"></i>"# }.joined() + "</div>"
    }

    static func groupHeader(_ group: TimelineGroup) -> String {
        var counts = [group.total == 1 ? "1 subscription" : "\(HTMLEscaping.count(group.total)) subscriptions"]
        if group.leaked > 0 { counts.append("\(HTMLEscaping.count(group.leaked)) leaked") }
        if group.discarded > 0 { counts.append("\(HTMLEscaping.count(group.discarded)) discarded") }
        if group.hiddenRows > 0 { counts.append("\(HTMLEscaping.count(group.rows.count)) drawn") }
        let site = HTMLEscaping.escape(group.site), label = HTMLEscaping.escape(group.label)
        return #"<div class="tl-group" data-site="\#(site)" data-label="\#(label)"><span class="site">\#(site)</span> "#
            + #"<span class="label">“\#(label)”</span> <span class="counts">\#(counts.joined(separator: " · "))</span></div>"#
    }

    static func rowHTML(_ row: TimelineRow, group: TimelineGroup, list: SubscriptionEventList, threads: Bool, scale: TimelineScale) -> String {
        let state = row.state.rawValue
        let values = row.valueCount == 1 ? "1 value" : "\(HTMLEscaping.count(row.valueCount)) values"
        // The site and label are in the group's header: the tooltip says what is the row's own.
        var tip = "#\(row.id): \(row.state.text), \(values), lived \(DurationText.format(row.lifetime))"
        if row.violatesProtocol { tip += ", breaks Combine's contract (see Protocol violations)" }
        if row.ticksCapped { tip += "; \(row.valueTicks.count) of \(HTMLEscaping.count(row.tickPositions)) tick places drawn" }
        tip += ". Click for its events."
        let violation = row.violatesProtocol ? #" <b class="badge violation">protocol</b>"# : ""
        let capped = row.ticksCapped ? " ≈" : ""
        let marker = row.state == .leaked
            ? #"<span class="tl-end leaked-marker" data-sub="\#(row.id)">leaked ▸</span>"#
            : #"<span class="tl-end \#(state)">\#(row.state.text)</span>"#
        return #"<details class="tl-row \#(state)" data-sub="\#(row.id)" data-site="\#(HTMLEscaping.escape(group.site))" data-state="\#(state)">"#
            + #"<summary title="\#(HTMLEscaping.escape(tip))"><span class="tl-id"><b>#\#(row.id)</b> <small>\#(values)\#(capped)</small>\#(violation)</span>"#
            + track(row, scale: scale) + marker + "</summary>"
            + #"<div class="tl-events">"# + HTMLEventListRendering.table(list, threads: threads, scale: scale) + "</div></details>"
    }

    /// The row's SVG: the lifetime bar, a tick per value place, the end (a cap for cancel or
    /// completion; an arrow off the end of the plot while leaked).
    static func track(_ row: TimelineRow, scale: TimelineScale) -> String {
        let width = max(row.end - row.start, 2)
        let left = min(row.start, scale.width - width)
        var svg = #"<svg class="tl-track" viewBox="0 0 \#(n(scale.width)) \#(n(trackHeight))" preserveAspectRatio="none">"#
        let (barY, barHeight) = row.state == .leaked ? (3.0, 10.0) : (4.0, 8.0)
        svg += #"<rect class="bar" x="\#(n(left))" y="\#(n(barY))" width="\#(n(width))" height="\#(n(barHeight))"/>"#
        if !row.valueTicks.isEmpty {
            svg += #"<path class="values" d=""# + row.valueTicks.map { "M\(n($0)) 1v14" }.joined() + #""/>"#
        }
        switch row.ending {
        case nil:
            svg += #"<path class="end leaked" d="M\#(n(scale.width - 9)) 0L\#(n(scale.width)) 8L\#(n(scale.width - 9)) 16z"/>"#
        case let ending?:
            svg += #"<path class="end \#(ending.rawValue)" d="M\#(n(row.end)) 1v14"/>"#
        }
        return svg + "</svg>"
    }

    private static func n(_ value: Double) -> String { HTMLEscaping.number(value) }
}
