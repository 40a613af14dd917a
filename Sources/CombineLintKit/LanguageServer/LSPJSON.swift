/// A JSON value of the language server's messages: parsed with the project's `JSONParser`
/// (which names the line and column of a syntax error) and written compactly.
public indirect enum LSPJSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([LSPJSON])
    case object([String: LSPJSON])

    /// An integer number.
    public static func int(_ value: Int) -> LSPJSON { .number(Double(value)) }

    /// Parses a message body.
    public static func parse(_ bytes: [UInt8]) throws -> LSPJSON {
        guard let text = String(validating: bytes) else { throw JSONSyntaxError(message: "the message is not valid UTF-8", position: JSONPosition(line: 1, column: 1)) }
        return LSPJSON(try JSONParser.parse(text))
    }

    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .array(let items): self = .array(items.map(LSPJSON.init))
        case .object(let members):
            var object: [String: LSPJSON] = [:]
            for member in members { object[member.key] = LSPJSON(member.value) }
            self = .object(object)
        }
    }

    /// A member of an object (`.null` for anything else or a missing key).
    public subscript(key: String) -> LSPJSON {
        if case .object(let members) = self { return members[key] ?? .null }
        return .null
    }

    public var string: String? { if case .string(let s) = self { return s }; return nil }
    public var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var array: [LSPJSON]? { if case .array(let a) = self { return a }; return nil }
    public var object: [String: LSPJSON]? { if case .object(let o) = self { return o }; return nil }
    public var isNull: Bool { self == .null }
    /// A whole number that fits an `Int`.
    public var int: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    /// Compact text, object keys sorted (so output is deterministic).
    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            if n.rounded() == n, abs(n) < 9.0e15 { out += String(Int(n)) } else { out += n.isFinite ? "\(n)" : "null" }
        case .string(let s): LSPJSON.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                LSPJSON.quote(key, into: &out)
                out += ":"
                members[key]!.write(into: &out)
            }
            out += "}"
        }
    }

    /// The same escaping as the JSON reporter's (`JSONText.quoted`).
    private static func quote(_ s: String, into out: inout String) {
        out += JSONText.quoted(s)
    }
}

extension LSPJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: LSPJSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, LSPJSON)...) {
        var object: [String: LSPJSON] = [:]
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
