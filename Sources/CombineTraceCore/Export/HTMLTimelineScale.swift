/// Maps trace times to plot units. The plot is `width` units wide (the SVGs' `viewBox`) whatever
/// its size on screen, so everything laid out in units (ticks, label lanes) holds at any width.
struct TimelineScale: Sendable, Equatable {
    /// The time at x = 0, nanoseconds.
    var start: UInt64
    /// The time at x = `width`; always after `start`.
    var end: UInt64
    var width: Double

    init(start: UInt64, end: UInt64, width: Double = 1000) {
        self.start = start
        self.end = max(end, start + 1)
        self.width = width
    }

    /// Nanoseconds from `start` to `end`, at least 1.
    var span: UInt64 { end - start }

    /// The x of `time`, clamped to the plot.
    func x(_ time: UInt64) -> Double {
        guard time > start else { return 0 }
        guard time < end else { return width }
        return width * Double(time - start) / Double(span)
    }

    /// The x of `time` as a percentage of the plot's width (for HTML positioned over the plot).
    func percent(_ time: UInt64) -> Double { x(time) / width * 100 }
}

/// One labelled tick of the time axis.
struct AxisTick: Sendable, Equatable {
    /// Nanoseconds from the scale's start.
    var offset: UInt64
    var x: Double
    /// `0`, `200 us`, `1.50 ms`, … (DurationText of the offset).
    var label: String
}

/// The time axis: ticks at round intervals of 1, 2 or 5 times a power of ten nanoseconds.
enum TimelineAxis {
    /// The smallest round step of which `span` holds at most `maxIntervals` whole ones (so the
    /// axis has at most `maxIntervals + 1` ticks).
    static func step(span: UInt64, maxIntervals: Int) -> UInt64 {
        let limit = UInt64(max(1, maxIntervals))
        var power: UInt64 = 1
        while true {
            for multiple: UInt64 in [1, 2, 5] {
                let (step, overflow) = multiple.multipliedReportingOverflow(by: power)
                if overflow { return UInt64.max }
                if span / step <= limit { return step }
            }
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { return UInt64.max }
            power = next
        }
    }

    /// Ticks from the start of `scale` to its end, offsets labelled relative to the start.
    static func ticks(_ scale: TimelineScale, maxIntervals: Int = 10) -> [AxisTick] {
        let step = step(span: scale.span, maxIntervals: maxIntervals)
        var ticks: [AxisTick] = []
        var offset: UInt64 = 0
        while offset <= scale.span {
            ticks.append(AxisTick(offset: offset, x: scale.x(scale.start + offset),
                                  label: offset == 0 ? "0" : DurationText.format(offset)))
            let (next, overflow) = offset.addingReportingOverflow(step)
            if overflow { break }
            offset = next
        }
        return ticks
    }
}
