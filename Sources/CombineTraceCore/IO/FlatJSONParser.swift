/// A field value of a trace line. Nested objects and arrays are accepted and skipped, so that
/// future fields of any shape do not break old readers.
enum FlatJSONValue: Equatable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null
    case nested
    /// A string without escapes, as the bytes of the line (valid while the line is parsed): the
    /// trace reader compares or decodes only the ones it needs.
    case raw(UnsafeBufferPointer<UInt8>)

    static func == (lhs: FlatJSONValue, rhs: FlatJSONValue) -> Bool {
        switch (lhs.decoded, rhs.decoded) {
        case let (.string(a), .string(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null), (.nested, .nested): return true
        default: return false
        }
    }

    /// The value with a raw string decoded.
    var decoded: FlatJSONValue {
        if case let .raw(bytes) = self { return .string(String(decoding: bytes, as: UTF8.self)) }
        return self
    }

    /// The string's text, raw or decoded; nil for other values.
    var text: String? {
        switch self {
        case let .string(text): return text
        case let .raw(bytes): return String(decoding: bytes, as: UTF8.self)
        default: return nil
        }
    }
}

/// Why a line is not one JSON object.
struct FlatJSONError: Error, Equatable {
    var message: String
    /// 1-based byte column.
    var column: Int
}

/// Parses one JSON object whose fields the trace reader needs (strings, numbers, booleans),
/// straight from the bytes of the line: keys are handed over as bytes, so that known fields are
/// picked without building a dictionary, and nested values are skipped without recursion, so that
/// any nesting is bounded by `maxDepth` rather than by the stack.
struct FlatJSONParser {
    /// Deepest nesting accepted in a line (the line's own object is level 1).
    static let maxDepth = 100

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Scratch space for keys and strings with escapes.
    private var scratch: [UInt8] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Calls `field` with each member's key (as UTF-8 bytes, escapes resolved) and value; throws
    /// `FlatJSONError` for anything but one well-formed object.
    static func parseObject(_ bytes: UnsafeBufferPointer<UInt8>,
                            field: (UnsafeBufferPointer<UInt8>, FlatJSONValue) throws -> Void) throws {
        var parser = FlatJSONParser(bytes)
        parser.skipSpace()
        guard parser.peek == UInt8(ascii: "{") else { throw parser.error("expected '{'") }
        try parser.object(field)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the object") }
    }

    /// The fields of one object as a dictionary (for tests and tools; the reader uses the callback).
    static func parseObject(_ bytes: [UInt8]) throws -> [String: FlatJSONValue] {
        var fields: [String: FlatJSONValue] = [:]
        try bytes.withUnsafeBufferPointer { buffer in
            try parseObject(buffer) { key, value in fields[String(decoding: key, as: UTF8.self)] = value.decoded }
        }
        return fields
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ message: String) -> FlatJSONError {
        FlatJSONError(message: index >= bytes.count ? "\(message), found end of line" : message, column: index + 1)
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipSpace()
        guard peek == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    /// The line's own object: its members go to `field`.
    private mutating func object(_ field: (UnsafeBufferPointer<UInt8>, FlatJSONValue) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        skipSpace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw error("expected a field name") }
            let keyStart = index + 1
            let plainKey = try skipPlainString()
            let keyEnd = index - 1
            try expect(UInt8(ascii: ":"))
            let value = try value()
            if plainKey {
                try field(UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]), value)
            } else {
                var key = self
                key.index = keyStart - 1
                let decoded = try key.string()
                var keyBytes = Array(decoded.utf8)
                try keyBytes.withUnsafeMutableBufferPointer { try field(UnsafeBufferPointer($0), value) }
            }
            skipSpace()
            if peek == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// Moves past a string; returns whether it had no escapes (then its bytes are its text).
    private mutating func skipPlainString() throws -> Bool {
        let start = index
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return true
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 {
                index = start
                _ = try string()
                return false
            }
            index += 1
        }
        throw error("unterminated string")
    }

    private mutating func value() throws -> FlatJSONValue {
        skipSpace()
        switch peek {
        case UInt8(ascii: "\""):
            let start = index + 1
            if try skipPlainString() { return .raw(UnsafeBufferPointer(rebasing: bytes[start..<index - 1])) }
            index = start - 1
            return .string(try string())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipNested()
            return .nested
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return try number()
        default: throw error("expected a value")
        }
    }

    /// Skips a nested object or array, checking its syntax, with an explicit stack of the open
    /// containers instead of recursion.
    private mutating func skipNested() throws {
        var open: [UInt8] = []
        /// Opens the container at `index`; returns false when it closes at once.
        func enter(_ parser: inout FlatJSONParser) throws -> Bool {
            let opener = parser.bytes[parser.index]
            guard open.count + 1 < FlatJSONParser.maxDepth else {
                throw parser.error("nested deeper than \(FlatJSONParser.maxDepth) levels")
            }
            parser.index += 1
            parser.skipSpace()
            let closer = opener == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if parser.peek == closer {
                parser.index += 1
                return false
            }
            open.append(opener)
            return true
        }
        var needsMember = try enter(&self)
        while !open.isEmpty {
            if needsMember {
                // One member: `"key": value` in an object, `value` in an array.
                if open[open.count - 1] == UInt8(ascii: "{") {
                    skipSpace()
                    guard peek == UInt8(ascii: "\"") else { throw error("expected a field name") }
                    _ = try skipPlainString()
                    try expect(UInt8(ascii: ":"))
                }
                skipSpace()
                if peek == UInt8(ascii: "{") || peek == UInt8(ascii: "[") {
                    needsMember = try enter(&self)
                    if needsMember { continue }
                } else {
                    _ = try value()
                }
            }
            // After a member: a comma, or the closer of the innermost container.
            skipSpace()
            let inObject = open[open.count - 1] == UInt8(ascii: "{")
            if peek == UInt8(ascii: ",") {
                index += 1
                needsMember = true
                continue
            }
            try expect(inObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            open.removeLast()
            needsMember = false
        }
    }

    private mutating func literal(_ word: StaticString, _ result: FlatJSONValue) throws -> FlatJSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              word.withUTF8Buffer({ expected in (0..<count).allSatisfy { bytes[index + $0] == expected[$0] } }) else {
            throw error("expected '\(word)'")
        }
        index += count
        return result
    }

    private mutating func number() throws -> FlatJSONValue {
        let start = index
        var isInteger = true
        while index < bytes.count {
            let byte = bytes[index]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") {
                index += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        if isInteger, let value = integer(start..<index) { return .integer(value) }
        if let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) {
            return .number(value)
        }
        index = start
        throw error("malformed number")
    }

    /// `-?[0-9]+` that fits in an Int64, without making a String.
    private func integer(_ range: Range<Int>) -> Int64? {
        var position = range.lowerBound
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard position < range.upperBound else { return nil }
        var value: Int64 = 0
        while position < range.upperBound {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(Int64(digit))
                                            : times.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            position += 1
        }
        return value
    }

    private mutating func string() throws -> String {
        index += 1 // the opening quote
        let start = index
        // Fast path: no escape, no control character.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard let byte = peek else { throw error("unterminated string") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { throw error("unterminated string") }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), peek == UInt8(ascii: "\\"),
                       index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                    }
                    scratch.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
                default:
                    throw error("invalid escape")
                }
            case 0..<0x20:
                throw error("control character in string")
            default:
                scratch.append(byte)
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + 4]), as: UTF8.self), radix: 16) else {
            throw error("invalid \\u escape")
        }
        index += 4
        return value
    }
}
