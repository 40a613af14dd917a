/// What a token is. The lexer never fails: text it cannot classify becomes `.unknown`
/// (and tokens cut off by the end of input carry `TokenFlags.unterminated`).
public enum TokenKind: UInt8, Sendable, CaseIterable {
    // Trivia: kept so that the token stream is lossless.
    case whitespace          // spaces, tabs, form feeds, vertical tabs, NUL bytes
    case newline             // "\n", "\r\n" or a lone "\r"
    case lineComment         // "// …" up to (not including) the line end
    case docLineComment      // "/// …"
    case blockComment        // "/* … */", nested
    case docBlockComment     // "/** … */"
    case shebang             // "#!…" on the first line

    // Names.
    case identifier          // plain, Unicode, or backticked (`class`); also contextual keywords (weak, get, willSet)
    case keyword             // reserved words: class, func, let, var, if, self, Self, super, in, return, …
    case dollarIdentifier    // $0, $1, $name (projected values)
    case poundKeyword        // #selector, #available, #file, #warning(…) and other "#name" forms
    case poundDirective      // #if, #elseif, #else, #endif, #sourceLocation
    case attribute           // "@" followed by a name: @Published, @objc, @MainActor (the name is part of the token)

    // Literals.
    case integerLiteral      // 42, 0x1F, 0o17, 0b1010, 1_000
    case floatLiteral        // 3.14, 1e10, 0x1p-2
    case stringStart         // opening delimiter: ", """, #", #""" (any number of #)
    case stringSegment       // literal text inside a string, escapes included
    case interpolationStart  // "\(" or "\#(" (with the string's number of #): code follows until the matching ")"
    case interpolationEnd    // the ")" that closes an interpolation
    case stringEnd           // closing delimiter
    case regexLiteral        // #/…/#, /…/ where a regex may start

    // Punctuation and operators.
    case leftParen, rightParen, leftBrace, rightBrace, leftBracket, rightBracket
    case comma, colon, semicolon
    case period              // "." as member access (".foo", "a.b")
    case arrow               // "->"
    case equal               // "=" on its own (assignment, defaults)
    case ampersand           // "&" as a prefix (inout argument &x)
    case questionMark        // "?" as postfix (optional chaining) or in a ternary
    case exclamationMark     // "!" as postfix (force unwrap)
    case backslash           // "\" starting a key path
    case at                  // a lone "@" not followed by a name
    case hash                // a lone "#" not followed by a name or a string
    case backtick            // a lone "`" that does not close
    case `operator`          // any other operator: + - * / == != && || ?? ... ..< ! (prefix) etc.

    case unknown             // bytes that are not Swift (invalid UTF-8, stray control characters)

    /// Whitespace, newlines, comments and the shebang: tokens the structure ignores.
    @inlinable public var isTrivia: Bool {
        switch self {
        case .whitespace, .newline, .lineComment, .docLineComment, .blockComment, .docBlockComment, .shebang: return true
        default: return false
        }
    }

    @inlinable public var isComment: Bool {
        switch self {
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: return true
        default: return false
        }
    }
}

/// Extra facts about a token.
public struct TokenFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The input ended before the token's closing delimiter (string, comment, raw string, regex, backtick).
    public static let unterminated = TokenFlags(rawValue: 1 << 0)
    /// The token holds invalid UTF-8 or is otherwise malformed.
    public static let malformed = TokenFlags(rawValue: 1 << 1)
    /// An identifier written in backticks.
    public static let backticked = TokenFlags(rawValue: 1 << 2)
    /// For strings: the literal is multi-line (""").
    public static let multiline = TokenFlags(rawValue: 1 << 3)
    /// For strings and regexes: the literal is raw (has # delimiters).
    public static let raw = TokenFlags(rawValue: 1 << 4)
    /// Whitespace or a newline precedes the token (used to tell prefix, postfix and binary operators apart).
    public static let spaceBefore = TokenFlags(rawValue: 1 << 5)
    /// Whitespace, a newline or the end of input follows the token.
    public static let spaceAfter = TokenFlags(rawValue: 1 << 6)
}

/// One token: its kind and its byte range in the source. The texts of all tokens,
/// in order, give back the input byte for byte.
public struct Token: Sendable, Hashable {
    public var kind: TokenKind
    public var flags: TokenFlags
    /// UTF-8 offset of the first byte.
    public var start: UInt32
    /// Length in bytes (never 0, except for an empty input which has no tokens).
    public var length: UInt32

    public init(kind: TokenKind, flags: TokenFlags = [], start: Int, length: Int) {
        self.kind = kind
        self.flags = flags
        self.start = UInt32(truncatingIfNeeded: start)
        self.length = UInt32(truncatingIfNeeded: length)
    }

    @inlinable public var startOffset: Int { Int(start) }
    @inlinable public var endOffset: Int { Int(start) + Int(length) }
    @inlinable public var range: Range<Int> { Int(start)..<(Int(start) + Int(length)) }
}
