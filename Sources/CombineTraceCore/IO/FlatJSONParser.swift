/// A field value of a trace line. Nested objects and arrays are accepted and skipped, so that
/// future fields of any shape do not break old readers.
enum FlatJSONValue: Equatable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null
    case nested
}

/// Why a line is not one JSON object.
struct FlatJSONError: Error, Equatable {
    var message: String
    /// 1-based byte column.
    var column: Int
}

/// Parses one JSON object whose fields the trace reader needs (strings, numbers, booleans).
struct FlatJSONParser {
    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The object's fields; throws `FlatJSONError` for anything but one well-formed object.
    static func parseObject(_ bytes: [UInt8]) throws -> [String: FlatJSONValue] {
        var parser = FlatJSONParser(bytes)
        parser.skipSpace()
        guard parser.peek == UInt8(ascii: "{") else { throw parser.error("expected '{'") }
        let fields = try parser.object()
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the object") }
        return fields
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ message: String) -> FlatJSONError {
        FlatJSONError(message: index >= bytes.count ? "\(message), found end of line" : message, column: index + 1)
    }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { index += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard peek == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    private mutating func object() throws -> [String: FlatJSONValue] {
        try expect(UInt8(ascii: "{"))
        var fields: [String: FlatJSONValue] = [:]
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return fields
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw error("expected a field name") }
            let key = try string()
            try expect(UInt8(ascii: ":"))
            fields[key] = try value()
            skipSpace()
            if peek == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return fields
        }
    }

    private mutating func array() throws {
        try expect(UInt8(ascii: "["))
        skipSpace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            _ = try value()
            skipSpace()
            if peek == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    private mutating func value() throws -> FlatJSONValue {
        skipSpace()
        switch peek {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"):
            _ = try object()
            return .nested
        case UInt8(ascii: "["):
            try array()
            return .nested
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return try number()
        default: throw error("expected a value")
        }
    }

    private mutating func literal(_ word: String, _ result: FlatJSONValue) throws -> FlatJSONValue {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected '\(word)'")
        }
        index += expected.count
        return result
    }

    private mutating func number() throws -> FlatJSONValue {
        let start = index
        var isInteger = true
        while let byte = peek {
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") {
                index += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .integer(value) }
        if let value = Double(text) { return .number(value) }
        index = start
        throw error("malformed number")
    }

    private mutating func string() throws -> String {
        index += 1 // the opening quote
        var out: [UInt8] = []
        while true {
            guard let byte = peek else { throw error("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { throw error("unterminated string") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), peek == UInt8(ascii: "\\"),
                       index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
                default:
                    throw error("invalid escape")
                }
            case 0..<0x20:
                throw error("control character in string")
            default:
                out.append(byte)
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("invalid \\u escape")
        }
        index += 4
        return value
    }
}
