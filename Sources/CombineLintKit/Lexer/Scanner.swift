/// A nesting level the scanner is inside: a string literal's body, or code inside an
/// interpolation (which ends at the `)` matching its `\(`).
struct ScanMode {
    enum Kind: UInt8 { case string, interpolation }
    var kind: Kind
    /// For strings: number of `#` delimiters.
    var hashes: Int
    /// For strings: `"""`.
    var multiline: Bool
    /// For interpolations: unmatched `(` seen inside.
    var parenDepth: Int
}

/// Where the scanner's tokens go: every token, in order (`TokenBuffer`, the lossless stream), or
/// a consumer that keeps only what the syntax layer needs (`CodeTokenSink`), so that a file's
/// full token list need not be stored and walked again.
protocol TokenSink {
    mutating func append(_ token: Token)
    /// Adds `flags` to the last token appended, if any.
    mutating func insertFlagsInLast(_ flags: TokenFlags)
    /// The kind of the last token appended, if any.
    var lastKind: TokenKind? { get }
}

/// The lexer's state over one byte buffer. Its `scan…` methods live in extensions by topic.
struct Scanner<Sink: TokenSink> {
    let base: UnsafePointer<UInt8>
    let count: Int
    var pos = 0
    var tokens: Sink
    var modes: [ScanMode] = []
    /// Whether the innermost mode is a string body (cached: checked once per token).
    var inStringBody = false
    let keywordTable = Keywords.table
    let keywordLengthsByFirstByte = Keywords.lengthsByFirstByte

    /// Whether the last token emitted was trivia (or nothing was emitted yet).
    var afterTrivia = true
    /// Whether the last significant token ends an expression (a `/` after it is a division).
    var afterExpressionEnd = false
    /// Whether the last significant token was a `.` (a reserved word after it is a member name).
    var afterPeriod = false
    /// A bare-regex attempt starting before this offset is known to fail (keeps lexing linear).
    var noRegexBefore = 0

    init(base: UnsafePointer<UInt8>, count: Int, tokens: Sink) {
        self.base = base
        self.count = count
        self.tokens = tokens
    }

    /// The byte at `i`, or 0 past the end (callers that care about NUL check bounds).
    @inline(__always) func byte(_ i: Int) -> UInt8 { i < count ? base[i] : 0 }

    mutating func run() {
        scanFileStart()
        while pos < count {
            if inStringBody {
                scanStringBody(modes[modes.count - 1])
            } else {
                scanCodeToken()
            }
        }
        if let last = tokens.lastKind, !last.isTrivia { tokens.insertFlagsInLast(.spaceAfter) }
    }

    // MARK: Emitting

    @inline(__always) mutating func emitTrivia(_ kind: TokenKind, from start: Int, to end: Int, flags: TokenFlags = []) {
        if !afterTrivia { tokens.insertFlagsInLast(.spaceAfter) }
        afterTrivia = true
        tokens.append(Token(kind: kind, flags: flags, start: start, length: end - start))
        pos = end
    }

    /// Appends a significant token ending at `end` and moves past it. `endsExpression` feeds
    /// the regex-versus-division decision for a following `/`.
    @inline(__always) mutating func emit(_ kind: TokenKind, from start: Int, to end: Int, flags: TokenFlags = [],
                                         endsExpression: Bool = false) {
        var flags = flags
        if afterTrivia { flags.insert(.spaceBefore) }
        afterTrivia = false
        afterExpressionEnd = endsExpression
        afterPeriod = kind == .period
        tokens.append(Token(kind: kind, flags: flags, start: start, length: end - start))
        pos = end
    }

    /// Marks the last token as cut off by the end of input (or of its line).
    mutating func markLastUnterminated() {
        tokens.insertFlagsInLast(.unterminated)
    }

    // MARK: Modes

    @inline(__always) mutating func pushMode(_ mode: ScanMode) {
        modes.append(mode)
        inStringBody = mode.kind == .string
    }

    @inline(__always) mutating func popMode() {
        modes.removeLast()
        inStringBody = modes.last?.kind == .string
    }

    // MARK: File start

    /// A byte order mark is its own whitespace token; a `#!` line at the very start is a shebang.
    mutating func scanFileStart() {
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
            emitTrivia(.whitespace, from: 0, to: 3)
        }
        if byte(pos) == UInt8(ascii: "#"), pos + 1 < count, base[pos + 1] == UInt8(ascii: "!") {
            emitTrivia(.shebang, from: pos, to: lineEnd(from: pos))
        }
    }

    /// Offset of the first `\n` or `\r` at or after `i` (or `count`).
    @inline(__always) func lineEnd(from i: Int) -> Int {
        var j = i
        while j < count {
            let b = base[j]
            if b == 0x0A || b == 0x0D { return j }
            j += 1
        }
        return count
    }

    // MARK: Code

    // Inlined into `run()`'s loop, where the scanner's state stays in registers from token to
    // token: 14 % fewer instructions for lexing than a call per token.
    @inline(__always) mutating func scanCodeToken() {
        let start = pos
        let b = base[start]
        switch b {
        case 0x20, 0x09, 0x0B, 0x0C, 0x00:
            var j = start + 1
            while j < count && CharacterClasses.isHorizontalSpace(base[j]) { j += 1 }
            emitTrivia(.whitespace, from: start, to: j)
        case 0x0A:
            emitTrivia(.newline, from: start, to: start + 1)
        case 0x0D:
            emitTrivia(.newline, from: start, to: byte(start + 1) == 0x0A && start + 1 < count ? start + 2 : start + 1)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            scanIdentifier(from: start)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            scanNumber(from: start)
        case UInt8(ascii: "\""):
            scanStringStart(from: start, hashes: 0)
        case UInt8(ascii: "#"):
            scanPound(from: start)
        case UInt8(ascii: "@"):
            scanAttribute(from: start)
        case UInt8(ascii: "$"):
            scanDollar(from: start)
        case UInt8(ascii: "`"):
            scanBacktick(from: start)
        case UInt8(ascii: "("):
            if !modes.isEmpty { modes[modes.count - 1].parenDepth += 1 }
            emit(.leftParen, from: start, to: start + 1)
        case UInt8(ascii: ")"):
            if let top = modes.last, top.kind == .interpolation {
                if top.parenDepth == 0 {
                    popMode()
                    emit(.interpolationEnd, from: start, to: start + 1)
                    return
                }
                modes[modes.count - 1].parenDepth -= 1
            }
            emit(.rightParen, from: start, to: start + 1, endsExpression: true)
        case UInt8(ascii: "{"): emit(.leftBrace, from: start, to: start + 1)
        case UInt8(ascii: "}"): emit(.rightBrace, from: start, to: start + 1, endsExpression: true)
        case UInt8(ascii: "["): emit(.leftBracket, from: start, to: start + 1)
        case UInt8(ascii: "]"): emit(.rightBracket, from: start, to: start + 1, endsExpression: true)
        case UInt8(ascii: ","): emit(.comma, from: start, to: start + 1)
        case UInt8(ascii: ":"): emit(.colon, from: start, to: start + 1)
        case UInt8(ascii: ";"): emit(.semicolon, from: start, to: start + 1)
        case UInt8(ascii: "\\"): emit(.backslash, from: start, to: start + 1)
        case UInt8(ascii: "."): scanPeriod(from: start)
        case UInt8(ascii: "/"): scanSlash(from: start)
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"),
             UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"):
            scanOperator(from: start)
        case 0x80...0xFF:
            scanNonASCII(from: start)
        default:
            // Other control characters and stray ASCII (there is none left but DEL and C0 controls).
            emit(.unknown, from: start, to: start + 1)
        }
    }

    /// A non-ASCII scalar in code: a name, an operator, or unknown (invalid UTF-8 is malformed).
    mutating func scanNonASCII(from start: Int) {
        let decoded = base.decodeScalar(at: start, count: count)
        guard decoded.isValid else {
            emit(.unknown, from: start, to: start + decoded.length, flags: .malformed)
            return
        }
        if CharacterClasses.isOperatorHead(decoded.scalar) {
            scanOperator(from: start)
        } else if CharacterClasses.isIdentifierHead(decoded.scalar) {
            scanIdentifier(from: start)
        } else {
            emit(.unknown, from: start, to: start + decoded.length)
        }
    }
}
