/// Nanoseconds as a short human reading: `850 ns`, `12.3 us`, `4.56 ms`, `1.20 s`.
enum DurationText {
    static func format(_ nanoseconds: UInt64) -> String {
        let value = Double(nanoseconds)
        switch nanoseconds {
        case ..<1_000: return "\(nanoseconds) ns"
        case ..<1_000_000: return fixed(value / 1_000) + " us"
        case ..<1_000_000_000: return fixed(value / 1_000_000) + " ms"
        default: return fixed(value / 1_000_000_000) + " s"
        }
    }

    /// Three significant digits without Foundation's locale-dependent formatting.
    private static func fixed(_ value: Double) -> String {
        let decimals = value >= 100 ? 0 : (value >= 10 ? 1 : 2)
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * scale).rounded())
        guard decimals > 0 else { return String(scaled) }
        let whole = scaled / Int64(scale)
        let fraction = String(scaled % Int64(scale))
        return "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
