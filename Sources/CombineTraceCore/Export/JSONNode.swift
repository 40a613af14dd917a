/// A JSON value built in memory and printed with stable key order, for the report and exports.
indirect enum JSONNode {
    case object([(String, JSONNode)])
    case array([JSONNode])
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)

    static func unsigned(_ value: UInt64) -> JSONNode { .integer(Int64(clamping: value)) }
    static func int(_ value: Int) -> JSONNode { .integer(Int64(value)) }
    static func ids(_ values: [UInt64]) -> JSONNode { .array(values.map(unsigned)) }

    /// Two-space indented text; arrays of scalars stay on one line.
    func pretty() -> String {
        var out = ""
        write(to: &out, indent: 0, compact: false)
        return out
    }

    /// One line, no spaces.
    func compact() -> String {
        var out = ""
        write(to: &out, indent: 0, compact: true)
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: return false
        default: return true
        }
    }

    private func write(to out: inout String, indent: Int, compact: Bool) {
        switch self {
        case let .object(fields):
            if fields.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (index, (key, value)) in fields.enumerated() {
                if index > 0 { out += "," }
                if !compact { out += "\n" + String(repeating: "  ", count: indent + 1) }
                out += JSONText.quoted(key) + (compact ? ":" : ": ")
                value.write(to: &out, indent: indent + 1, compact: compact)
            }
            if !compact { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        case let .array(items):
            let inline = compact || items.allSatisfy(\.isScalar)
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += inline && !compact ? ", " : "," }
                if !inline { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(to: &out, indent: indent + 1, compact: compact)
            }
            if !inline { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case let .string(value): out += JSONText.quoted(value)
        case let .integer(value): out += String(value)
        case let .number(value):
            out += value.isFinite ? (value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)) : "0"
        case let .bool(value): out += value ? "true" : "false"
        }
    }
}
