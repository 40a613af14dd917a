/// A JSON syntax error at a position.
public struct JSONSyntaxError: Error, Sendable, Hashable {
    public var message: String
    public var position: JSONPosition
}

/// A small strict JSON parser (RFC 8259) that records positions. Written by hand because
/// Foundation's parser reports no line and column.
public struct JSONParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Nesting limit, so that a hostile file cannot exhaust the stack.
    private let maxDepth = 512

    private init(text: String) {
        self.scalars = Array(text.unicodeScalars)
    }

    /// Parses one JSON document (whitespace around it allowed, nothing else).
    public static func parse(_ text: String) throws -> JSONNode {
        var parser = JSONParser(text: text)
        // A byte order mark is tolerated at the start.
        if parser.peek == "\u{FEFF}" { parser.index += 1 }
        parser.skipWhitespace()
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.peek != nil {
            throw parser.error("unexpected \(parser.describe(parser.peek)) after the top-level value")
        }
        return node
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    private var position: JSONPosition { JSONPosition(line: line, column: column) }

    private mutating func advance() {
        guard let c = peek else { return }
        index += 1
        if c == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    private func error(_ message: String, at position: JSONPosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position ?? self.position)
    }

    private func describe(_ c: Unicode.Scalar?) -> String {
        guard let c = c else { return "end of input" }
        if c.value < 0x20 { return "control character U+\(String(c.value, radix: 16, uppercase: true).leftPadded(to: 4))" }
        return "'\(Character(c))'"
    }

    private mutating func skipWhitespace() {
        while let c = peek, c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
    }

    private mutating func parseValue(depth: Int) throws -> JSONNode {
        let start = position
        guard let c = peek else { throw error("expected a value, found end of input") }
        switch c {
        case "{": return JSONNode(try parseObject(depth: depth + 1), at: start)
        case "[": return JSONNode(try parseArray(depth: depth + 1), at: start)
        case "\"": return JSONNode(.string(try parseString()), at: start)
        case "t": try expectWord("true"); return JSONNode(.bool(true), at: start)
        case "f": try expectWord("false"); return JSONNode(.bool(false), at: start)
        case "n": try expectWord("null"); return JSONNode(.null, at: start)
        case "-", "0"..."9": return JSONNode(.number(try parseNumber()), at: start)
        default: throw error("expected a value, found \(describe(c))")
        }
    }

    private mutating func expectWord(_ word: String) throws {
        let start = position
        for expected in word.unicodeScalars {
            guard peek == expected else { throw error("invalid literal, expected '\(word)'", at: start) }
            advance()
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
        advance() // {
        skipWhitespace()
        var members: [JSONMember] = []
        var seen: Set<String> = []
        if peek == "}" { advance(); return .object(members) }
        while true {
            skipWhitespace()
            guard peek == "\"" else { throw error("expected a string key, found \(describe(peek))") }
            let keyPosition = position
            let key = try parseString()
            if !seen.insert(key).inserted { throw error("duplicate key '\(key)'", at: keyPosition) }
            skipWhitespace()
            guard peek == ":" else { throw error("expected ':' after key '\(key)', found \(describe(peek))") }
            advance()
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, position: keyPosition, value: value))
            skipWhitespace()
            if peek == "," { advance(); continue }
            if peek == "}" { advance(); return .object(members) }
            throw error("expected ',' or '}' after an object member, found \(describe(peek))")
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
        advance() // [
        skipWhitespace()
        var elements: [JSONNode] = []
        if peek == "]" { advance(); return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            if peek == "," { advance(); continue }
            if peek == "]" { advance(); return .array(elements) }
            throw error("expected ',' or ']' after an array element, found \(describe(peek))")
        }
    }

    private mutating func parseString() throws -> String {
        let start = position
        advance() // opening quote
        var result = String.UnicodeScalarView()
        while true {
            guard let c = peek else { throw error("unterminated string", at: start) }
            if c == "\"" { advance(); return String(result) }
            if c.value < 0x20 { throw error("\(describe(c)) in a string must be escaped") }
            if c != "\\" {
                result.append(c)
                advance()
                continue
            }
            let escapePosition = position
            advance()
            guard let e = peek else { throw error("unterminated string", at: start) }
            advance()
            switch e {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "/": result.append("/")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                var code = try parseHex4(escapePosition)
                if (0xD800...0xDBFF).contains(code) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    guard peek == "\\" else { throw error("unpaired surrogate in \\u escape", at: escapePosition) }
                    advance()
                    guard peek == "u" else { throw error("unpaired surrogate in \\u escape", at: escapePosition) }
                    advance()
                    let low = try parseHex4(escapePosition)
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape", at: escapePosition) }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("unpaired surrogate in \\u escape", at: escapePosition)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape", at: escapePosition) }
                result.append(scalar)
            default:
                throw error("invalid escape '\\\(Character(e))'", at: escapePosition)
            }
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

    private func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": return c.value - 48
        case "a"..."f": return c.value - 87
        case "A"..."F": return c.value - 55
        default: return nil
        }
    }

    private mutating func parseNumber() throws -> Double {
        let start = position
        var text = ""
        func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0"..."9").contains($0) } ?? false }
        if peek == "-" { text.unicodeScalars.append("-"); advance() }
        guard isDigit(peek) else { throw error("invalid number: expected a digit after '-'", at: start) }
        if peek == "0" {
            text.unicodeScalars.append("0"); advance()
            if isDigit(peek) { throw error("invalid number: leading zero", at: start) }
        } else {
            while isDigit(peek) { text.unicodeScalars.append(peek!); advance() }
        }
        if peek == "." {
            text.unicodeScalars.append("."); advance()
            guard isDigit(peek) else { throw error("invalid number: expected a digit after '.'", at: start) }
            while isDigit(peek) { text.unicodeScalars.append(peek!); advance() }
        }
        if peek == "e" || peek == "E" {
            text.unicodeScalars.append("e"); advance()
            if peek == "+" || peek == "-" { text.unicodeScalars.append(peek!); advance() }
            guard isDigit(peek) else { throw error("invalid number: expected a digit in the exponent", at: start) }
            while isDigit(peek) { text.unicodeScalars.append(peek!); advance() }
        }
        guard let value = Double(text) else { throw error("invalid number", at: start) }
        return value
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
