/// A JSON value with object keys in the order they were written, so reports are byte-for-byte
/// deterministic (Foundation's `JSONSerialization` does not keep key order).
indirect enum JSONText {
    case object([(String, JSONText)])
    case array([JSONText])
    case string(String)
    case int(Int)
    case bool(Bool)

    /// Pretty text: two-space indentation, `"key": value`, `[]`/`{}` when empty, no trailing
    /// newline (reporters add one).
    func rendered() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                out += JSONText.quoted(key)
                out += ": "
                value.write(into: &out, indent: indent + 1)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "[\n"
            for (i, value) in elements.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                value.write(into: &out, indent: indent + 1)
                out += i == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let text):
            out += JSONText.quoted(text)
        case .int(let n):
            out += String(n)
        case .bool(let b):
            out += b ? "true" : "false"
        }
    }

    /// A JSON string literal: `"` and `\` escaped, `\n` `\r` `\t` in short form, other control
    /// characters (and U+2028/U+2029, which break JavaScript parsers) as `\u00XX`; everything
    /// else, non-ASCII included, stays as UTF-8.
    static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }
}
