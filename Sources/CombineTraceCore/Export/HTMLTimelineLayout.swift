/// Caps that keep the page readable and its size bounded on huge traces.
struct TimelineLimits: Sendable, Equatable {
    /// Value ticks drawn per row, after merging ticks that fall on the same half unit.
    var valueTicksPerRow = 200
    /// Rows drawn per call site; problem rows (leaked, discarded, after cancel, protocol
    /// violations) are drawn first, the rest are counted in the site's header.
    var rowsPerSite = 1_000
    /// Events listed per subscription in its event list (the first ones and the last ones).
    var listedEvents = 30
    /// Lanes of mark labels above the axis.
    var markLanes = 6
    /// Intervals of the time axis at most.
    var axisIntervals = 10
}

/// How a subscription's row is drawn: the first that applies of leaked, discarded, after
/// cancel, then how it ended.
enum RowState: String, Sendable, Equatable {
    case leaked, discarded
    case afterCancel = "after-cancel"
    case cancelled, finished, failed

    /// The word shown at the row's end.
    var text: String {
        switch self {
        case .leaked: return "leaked"
        case .discarded: return "discarded"
        case .afterCancel: return "value after cancel"
        case .cancelled: return "cancelled"
        case .finished: return "finished"
        case .failed: return "failed"
        }
    }
}

/// One subscription's row, in plot units.
struct TimelineRow: Sendable, Equatable {
    var id: UInt64
    var state: RowState
    /// How the subscription ended first; nil while alive (leaked rows run to the end of the plot).
    var ending: SubscriptionHistory.Ending?
    /// Whether it broke Combine's contract (a protocol violation of the report).
    var violatesProtocol: Bool
    var start: Double
    var end: Double
    var lifetime: UInt64
    var valueCount: Int
    /// The x of the value ticks drawn, ascending, at most `TimelineLimits.valueTicksPerRow`.
    var valueTicks: [Double]
    /// Distinct tick positions before the cap (more than `valueTicks.count` when capped).
    var tickPositions: Int

    var ticksCapped: Bool { tickPositions > valueTicks.count }

    /// Leaked, discarded, after cancel, failed, or breaking the protocol: drawn first when a
    /// site has more rows than the cap.
    var isProblem: Bool { (state != .cancelled && state != .finished) || violatesProtocol }
}

/// The rows of one call site and label, in order of subscription.
struct TimelineGroup: Sendable, Equatable {
    var site: String
    var label: String
    var rows: [TimelineRow]
    /// Subscriptions at the site, drawn or not.
    var total: Int
    var leaked: Int
    var discarded: Int

    var hiddenRows: Int { total - rows.count }
}

/// The whole timeline, laid out: a pure function of the events and their report.
struct TimelineLayout: Sendable, Equatable {
    var scale: TimelineScale
    var ticks: [AxisTick]
    var marks: [PlacedMark]
    var laneCount: Int
    var groups: [TimelineGroup]

    /// Marks whose label found no lane.
    var unlabelledMarks: Int { marks.filter { $0.lane == nil }.count }
    var rowCount: Int { groups.reduce(0) { $0 + $1.rows.count } }
    var cappedRows: Int { groups.reduce(0) { $0 + $1.rows.filter(\.ticksCapped).count } }

    /// The plot runs from the first subscribe or mark (the first thing drawn) to the trace's
    /// last timestamp.
    static func make(events: [TraceEvent], histories: [SubscriptionHistory], report: TraceReport,
                     limits: TimelineLimits = TimelineLimits(), width: Double = 1000) -> TimelineLayout {
        var valueTimes: [UInt64: [UInt64]] = [:]
        var marks: [TimelineMark] = []
        var first = UInt64.max
        var last: UInt64 = 0
        for event in events {
            last = max(last, event.time)
            switch event.kind {
            case let .value(sub, _): valueTimes[sub, default: []].append(event.time)
            case let .mark(name):
                marks.append(TimelineMark(name: name, seq: event.seq, time: event.time))
                first = min(first, event.time)
            case .subscribe: first = min(first, event.time)
            default: break
            }
        }
        if first == .max { first = events.first?.time ?? 0 }
        let scale = TimelineScale(start: first, end: max(last, report.endTime), width: width)
        let placed = MarkLanes.layout(marks, scale: scale, maxLanes: limits.markLanes)

        let leaked = Set(report.leaked.flatMap(\.subs))
        let discarded = Set(report.discarded.flatMap(\.subs))
        let late = Set(report.afterCancel.flatMap(\.subs))
        let violating = Set(report.protocolViolations.flatMap(\.subs))
        var groups: [TimelineGroup] = []
        for (key, histories) in Dictionary(grouping: histories, by: SiteKey.init).sorted(by: { $0.key < $1.key }) {
            let rows = histories.map { history -> TimelineRow in
                let state: RowState = leaked.contains(history.id) ? .leaked
                    : discarded.contains(history.id) ? .discarded
                    : late.contains(history.id) ? .afterCancel
                    : history.ending == .cancel ? .cancelled
                    : history.ending == .failure ? .failed : .finished
                let (ticks, positions) = valueTicks(valueTimes[history.id] ?? [], scale: scale, cap: limits.valueTicksPerRow)
                return TimelineRow(id: history.id, state: state, ending: history.ending,
                                   violatesProtocol: violating.contains(history.id),
                                   start: scale.x(history.subscribeTime),
                                   end: history.endTime.map { max(scale.x($0), scale.x(history.subscribeTime)) } ?? scale.width,
                                   lifetime: history.lifetime(traceEnd: scale.end), valueCount: history.values,
                                   valueTicks: ticks, tickPositions: positions)
            }
            groups.append(TimelineGroup(site: key.site, label: key.label, rows: drawn(rows, cap: limits.rowsPerSite),
                                        total: rows.count, leaked: rows.filter { $0.state == .leaked }.count,
                                        discarded: rows.filter { $0.state == .discarded }.count))
        }
        return TimelineLayout(scale: scale, ticks: TimelineAxis.ticks(scale, maxIntervals: limits.axisIntervals),
                              marks: placed, laneCount: MarkLanes.laneCount(placed), groups: groups)
    }

    /// Tick positions of `times`, merged to half units, then thinned evenly to `cap`; returns the
    /// ticks and how many distinct positions there were.
    static func valueTicks(_ times: [UInt64], scale: TimelineScale, cap: Int) -> ([Double], Int) {
        var halves: [Int] = []
        for time in times {
            let half = Int((scale.x(time) * 2).rounded())
            if halves.last != half { halves.append(half) }
        }
        // Times are in recording order, which a merged trace may not keep: sort, then merge.
        if zip(halves, halves.dropFirst()).contains(where: { $0 > $1 }) {
            halves = Array(Set(halves)).sorted()
        }
        let positions = halves.count
        if positions > cap, cap > 0 {
            halves = (0..<cap).map { halves[$0 * positions / cap] }
        }
        return (halves.map { Double($0) / 2 }, positions)
    }

    /// At most `cap` rows: the problem rows first, then the others, shown in subscription order.
    static func drawn(_ rows: [TimelineRow], cap: Int) -> [TimelineRow] {
        guard rows.count > cap else { return rows }
        let problem = rows.indices.filter { rows[$0].isProblem }
        let rest = rows.indices.filter { !rows[$0].isProblem }
        let kept = (problem + rest).prefix(cap).sorted()
        return kept.map { rows[$0] }
    }
}
