/// Text and numbers as they go into the HTML page: every string from the trace (labels, sites,
/// value descriptions, mark names, thread names) passes through `escape` before it is written.
enum HTMLEscaping {
    /// Escapes text for HTML element content and for attribute values in double or single quotes.
    static func escape(_ text: String) -> String {
        // Most text has nothing to escape; the characters escaped are ASCII, so scalars suffice.
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A coordinate with at most one decimal, without Foundation's locale-dependent formatting
    /// (`12`, `12.5`, `-0.5`).
    static func number(_ value: Double) -> String {
        let scaled = Int64((value * 10).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = scaled.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    /// A count with thin grouping commas (`12,345`), locale-independent.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
