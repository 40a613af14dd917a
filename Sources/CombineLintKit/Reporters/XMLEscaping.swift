/// Escaping for XML 1.0 attribute values and text (checkstyle, JUnit).
enum XMLEscaping {
    /// Escapes markup characters; keeps line breaks and tabs as character references so that
    /// attribute-value normalisation does not turn them into spaces; replaces characters XML 1.0
    /// cannot carry at all (other C0 controls, lone surrogates cannot occur in Swift strings)
    /// with U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
