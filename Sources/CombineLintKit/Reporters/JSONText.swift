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
        // Most texts (names, paths, messages) need no escape: they are copied whole. The
        // scalar-by-scalar build this replaces was 15 % of a lint's instructions where a
        // project has thousands of findings.
        let utf8 = text.utf8
        if !utf8.contains(where: needsEscape) { return "\"" + text + "\"" }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(utf8.count + 16)
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let byte = utf8[i]
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: out += escapedScalar(UInt32(byte))
            case 0xE2 where isLineOrParagraphSeparator(utf8, at: i):
                // U+2028 or U+2029 (E2 80 A8 / E2 80 A9), which break JavaScript parsers.
                out += escapedScalar(0x2028 + UInt32(utf8[utf8.index(i, offsetBy: 2)] - 0xA8))
                i = utf8.index(i, offsetBy: 2)
            default: out.append(byte)
            }
            i = utf8.index(after: i)
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// A byte that starts something `quoted` escapes: a quote, a backslash, a control character,
    /// or the lead byte of U+2028/U+2029 (checked in full when escaping).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    private static func isLineOrParagraphSeparator(_ utf8: String.UTF8View, at i: String.UTF8View.Index) -> Bool {
        guard let second = utf8.index(i, offsetBy: 1, limitedBy: utf8.endIndex), second != utf8.endIndex,
              let third = utf8.index(second, offsetBy: 1, limitedBy: utf8.endIndex), third != utf8.endIndex else { return false }
        return utf8[second] == 0x80 && (utf8[third] == 0xA8 || utf8[third] == 0xA9)
    }

    /// `\u00XX`: four lower-case hex digits.
    private static func escapedScalar(_ value: UInt32) -> [UInt8] {
        let hex = Array(String(value, radix: 16, uppercase: false).utf8)
        return Array("\\u".utf8) + Array(repeating: UInt8(ascii: "0"), count: 4 - hex.count) + hex
    }
}
