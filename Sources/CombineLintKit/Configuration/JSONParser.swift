/// A JSON syntax error at a position.
public struct JSONSyntaxError: Error, Sendable, Hashable {
    public var message: String
    public var position: JSONPosition
}

/// A small JSON parser (RFC 8259) that records positions. Written by hand because Foundation's
/// parser reports no line and column. It reads UTF-8 bytes (columns count characters), so that
/// a configuration of many megabytes parses in one quick pass.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    /// `//` and `/* */` comments and a comma before `]` or `}` (as in VS Code's settings).
    private let isLenient: Bool
    /// Nesting limit, so that a hostile file cannot exhaust the stack.
    private let maxDepth = 512

    private init(text: String, isLenient: Bool) {
        self.bytes = Array(text.utf8)
        self.isLenient = isLenient
    }

    /// Parses one JSON document (whitespace around it allowed, nothing else). With
    /// `allowingCommentsAndTrailingCommas`, `//` and `/* */` comments count as whitespace and a
    /// comma may end an array or object (the configuration file's dialect; baselines are strict).
    public static func parse(_ text: String, allowingCommentsAndTrailingCommas: Bool = false) throws -> JSONNode {
        var parser = JSONParser(text: text, isLenient: allowingCommentsAndTrailingCommas)
        // A byte order mark is tolerated at the start.
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        try parser.skipWhitespace()
        let node = try parser.parseValue(depth: 0)
        try parser.skipWhitespace()
        if parser.peek != nil {
            throw parser.error("unexpected \(parser.describeNext()) after the top-level value")
        }
        return node
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    private var position: JSONPosition { JSONPosition(line: line, column: column) }

    private mutating func advance() {
        guard let c = peek else { return }
        index += 1
        if c == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if c & 0xC0 != 0x80 {
            // Continuation bytes belong to the character already counted.
            column += 1
        }
    }

    private func error(_ message: String, at position: JSONPosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position ?? self.position)
    }

    /// The character at the current index, for messages.
    private func describeNext() -> String {
        guard let c = peek else { return "end of input" }
        if c < 0x20 { return "control character U+\(String(c, radix: 16, uppercase: true).leftPadded(to: 4))" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
    }

    private func isNext(_ ascii: Unicode.Scalar) -> Bool { peek == UInt8(ascii: ascii) }

    private mutating func skipWhitespace() throws {
        while let c = peek {
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                advance()
            } else if isLenient, c == UInt8(ascii: "/"), index + 1 < bytes.count {
                try skipComment()
            } else {
                return
            }
        }
    }

    /// `// …` to the end of the line, or `/* … */`; a lone `/` is left for the value parser.
    private mutating func skipComment() throws {
        let start = position
        let second = bytes[index + 1]
        if second == UInt8(ascii: "/") {
            while let c = peek, c != 0x0A { advance() }
        } else if second == UInt8(ascii: "*") {
            advance(); advance()
            while true {
                guard let c = peek else { throw error("unterminated comment", at: start) }
                advance()
                if c == UInt8(ascii: "*"), isNext("/") { advance(); return }
            }
        } else {
            throw error("expected a value, found '/'")
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONNode {
        let start = position
        guard let c = peek else { throw error("expected a value, found end of input") }
        switch Unicode.Scalar(c) {
        case "{": return JSONNode(try parseObject(depth: depth + 1), at: start)
        case "[": return JSONNode(try parseArray(depth: depth + 1), at: start)
        case "\"": return JSONNode(.string(try parseString()), at: start)
        case "t": try expectWord("true"); return JSONNode(.bool(true), at: start)
        case "f": try expectWord("false"); return JSONNode(.bool(false), at: start)
        case "n": try expectWord("null"); return JSONNode(.null, at: start)
        case "-", "0"..."9": return JSONNode(.number(try parseNumber()), at: start)
        default: throw error("expected a value, found \(describeNext())")
        }
    }

    private mutating func expectWord(_ word: String) throws {
        let start = position
        for expected in word.utf8 {
            guard peek == expected else { throw error("invalid literal, expected '\(word)'", at: start) }
            advance()
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
        advance() // {
        try skipWhitespace()
        var members: [JSONMember] = []
        var seen: Set<String> = []
        if isNext("}") { advance(); return .object(members) }
        while true {
            try skipWhitespace()
            if isLenient, !members.isEmpty, isNext("}") { advance(); return .object(members) }
            guard isNext("\"") else { throw error("expected a string key, found \(describeNext())") }
            let keyPosition = position
            let key = try parseString()
            if !seen.insert(key).inserted { throw error("duplicate key '\(key)'", at: keyPosition) }
            try skipWhitespace()
            guard isNext(":") else { throw error("expected ':' after key '\(key)', found \(describeNext())") }
            advance()
            try skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, position: keyPosition, value: value))
            try skipWhitespace()
            if isNext(",") { advance(); continue }
            if isNext("}") { advance(); return .object(members) }
            throw error("expected ',' or '}' after an object member, found \(describeNext())")
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
        advance() // [
        try skipWhitespace()
        var elements: [JSONNode] = []
        if isNext("]") { advance(); return .array(elements) }
        while true {
            try skipWhitespace()
            if isLenient, !elements.isEmpty, isNext("]") { advance(); return .array(elements) }
            elements.append(try parseValue(depth: depth))
            try skipWhitespace()
            if isNext(",") { advance(); continue }
            if isNext("]") { advance(); return .array(elements) }
            throw error("expected ',' or ']' after an array element, found \(describeNext())")
        }
    }

    private mutating func parseString() throws -> String {
        let start = position
        advance() // opening quote
        // Runs without escapes are copied as byte ranges; escapes are decoded one by one.
        var result: [UInt8] = []
        var runStart = index
        while true {
            guard let c = peek else { throw error("unterminated string", at: start) }
            if c == UInt8(ascii: "\"") {
                result += bytes[runStart..<index]
                advance()
                return String(decoding: result, as: UTF8.self)
            }
            if c < 0x20 { throw error("\(describeNext()) in a string must be escaped") }
            if c != UInt8(ascii: "\\") {
                advance()
                continue
            }
            result += bytes[runStart..<index]
            let escapePosition = position
            advance()
            guard let e = peek else { throw error("unterminated string", at: start) }
            advance()
            switch Unicode.Scalar(e) {
            case "\"": result.append(UInt8(ascii: "\""))
            case "\\": result.append(UInt8(ascii: "\\"))
            case "/": result.append(UInt8(ascii: "/"))
            case "b": result.append(0x08)
            case "f": result.append(0x0C)
            case "n": result.append(0x0A)
            case "r": result.append(0x0D)
            case "t": result.append(0x09)
            case "u":
                var code = try parseHex4(escapePosition)
                if (0xD800...0xDBFF).contains(code) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard isNext("\\") else { throw error("unpaired surrogate in \\u escape", at: escapePosition) }
                    advance()
                    guard isNext("u") else { throw error("unpaired surrogate in \\u escape", at: escapePosition) }
                    advance()
                    let low = try parseHex4(escapePosition)
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape", at: escapePosition) }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("unpaired surrogate in \\u escape", at: escapePosition)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape", at: escapePosition) }
                result += Array(String(Character(scalar)).utf8)
            default:
                var end = index
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                let escaped = String(decoding: bytes[(index - 1)..<end], as: UTF8.self)
                throw error("invalid escape '\\\(escaped)'", at: escapePosition)
            }
            runStart = index
        }
    }

    private mutating func parseHex4(_ escapePosition: JSONPosition) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let c = peek, let digit = hexValue(c) else {
                throw error("invalid \\u escape: expected 4 hexadecimal digits", at: escapePosition)
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private func hexValue(_ c: UInt8) -> UInt32? {
        switch Unicode.Scalar(c) {
        case "0"..."9": return UInt32(c) - 48
        case "a"..."f": return UInt32(c) - 87
        case "A"..."F": return UInt32(c) - 55
        default: return nil
        }
    }

    private mutating func parseNumber() throws -> Double {
        let start = position
        let first = index
        func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if isNext("-") { advance() }
        guard isDigit(peek) else { throw error("invalid number: expected a digit after '-'", at: start) }
        if isNext("0") {
            advance()
            if isDigit(peek) { throw error("invalid number: leading zero", at: start) }
        } else {
            while isDigit(peek) { advance() }
        }
        if isNext(".") {
            advance()
            guard isDigit(peek) else { throw error("invalid number: expected a digit after '.'", at: start) }
            while isDigit(peek) { advance() }
        }
        if isNext("e") || isNext("E") {
            advance()
            if isNext("+") || isNext("-") { advance() }
            guard isDigit(peek) else { throw error("invalid number: expected a digit in the exponent", at: start) }
            while isDigit(peek) { advance() }
        }
        guard let value = Double(String(decoding: bytes[first..<index], as: UTF8.self)) else {
            throw error("invalid number", at: start)
        }
        return value
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
