/// A mark of the trace, as the timeline draws it.
struct TimelineMark: Sendable, Equatable {
    var name: String
    var seq: UInt64
    var time: UInt64
}

/// A mark placed on the timeline: its line at `x`, its label in a lane above the axis.
struct PlacedMark: Sendable, Equatable {
    var mark: TimelineMark
    var x: Double
    /// The text shown (the name, shortened when very long).
    var text: String
    /// 0 is the lane nearest the axis; nil when every lane was full there (the line is drawn,
    /// its name is in the line's tooltip and in the marks table).
    var lane: Int?
    /// Whether the label ends at the line (near the right edge) instead of starting there.
    var anchorsEnd: Bool
    /// The label's extent in plot units, the gap from its line included.
    var left: Double
    var right: Double
}

/// Lays out mark labels in stacked lanes so that no two labels overlap: each label, in order of
/// its left edge, goes into the lowest lane whose last label ends at least `gap` before it. The
/// labels use a monospaced font, so their widths are known here, in plot units, without a browser.
enum MarkLanes {
    /// Width of one character in plot units (0.6 em of a monospaced 11-unit font, with margin).
    static let charWidth = 6.8
    /// Units between a line and its label.
    static let padding = 3.0
    /// Names longer than this are shortened with `…`.
    static let maxCharacters = 40

    static func layout(_ marks: [TimelineMark], scale: TimelineScale, gap: Double = 8, maxLanes: Int = 6) -> [PlacedMark] {
        var placed = marks.map { mark -> PlacedMark in
            let x = scale.x(mark.time)
            let text = shortened(mark.name)
            let width = textWidth(text) + padding
            let anchorsEnd = x + width > scale.width && x - width >= 0
            return PlacedMark(mark: mark, x: x, text: text, lane: nil, anchorsEnd: anchorsEnd,
                              left: anchorsEnd ? x - width : x, right: anchorsEnd ? x : x + width)
        }
        let order = placed.indices.sorted { (placed[$0].left, placed[$0].mark.seq) < (placed[$1].left, placed[$1].mark.seq) }
        var laneEnds: [Double] = []
        for index in order {
            let left = placed[index].left
            if let lane = laneEnds.firstIndex(where: { $0 + gap <= left }) {
                placed[index].lane = lane
                laneEnds[lane] = placed[index].right
            } else if laneEnds.count < maxLanes {
                placed[index].lane = laneEnds.count
                laneEnds.append(placed[index].right)
            }
        }
        return placed
    }

    /// Lanes used by `placed`.
    static func laneCount(_ placed: [PlacedMark]) -> Int {
        placed.compactMap(\.lane).max().map { $0 + 1 } ?? 0
    }

    /// The drawn width of `text` in plot units; East Asian wide characters count twice.
    static func textWidth(_ text: String) -> Double {
        var columns = 0
        for scalar in text.unicodeScalars {
            columns += scalar.value >= 0x1100 && isWide(scalar.value) ? 2 : 1
        }
        return Double(columns) * charWidth
    }

    static func shortened(_ name: String) -> String {
        name.count <= maxCharacters ? name : String(name.prefix(maxCharacters - 1)) + "…"
    }

    private static func isWide(_ value: UInt32) -> Bool {
        (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
    }
}
