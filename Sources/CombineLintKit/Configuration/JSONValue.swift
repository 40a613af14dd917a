/// A position in a JSON text: 1-based line and column (characters).
public struct JSONPosition: Sendable, Hashable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A parsed JSON value that remembers where it started, so configuration errors can name
/// the line and column (Foundation's JSONSerialization does not).
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in the order written; keys are unique (the parser rejects duplicates).
    case object([JSONMember])

    /// The JSON type name used in error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// A JSON value with its start position.
public struct JSONNode: Sendable, Hashable {
    public var value: JSONValue
    public var position: JSONPosition
    public init(_ value: JSONValue, at position: JSONPosition) {
        self.value = value
        self.position = position
    }
}

/// One `"key": value` member of an object; `position` is where the key starts.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var position: JSONPosition
    public var value: JSONNode
    public init(key: String, position: JSONPosition, value: JSONNode) {
        self.key = key
        self.position = position
        self.value = value
    }
}
