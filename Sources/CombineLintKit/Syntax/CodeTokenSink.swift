/// Receives a file's tokens in order and keeps what the syntax layer reads: the code tokens
/// (no trivia, no `#if` condition lines), whether a line break precedes each, their bracket
/// matching and innermost enclosing bracket, and the comments. Fed straight by the scanner, it
/// spares storing and walking the file's full token list; fed a token list, it gives the same.
struct CodeTokenSink: TokenSink {
    private let source: UnsafePointer<UInt8>
    /// The source's length in bytes when known (0 when not): a sink that outgrows its tables
    /// sizes the next ones from the density of the code read so far.
    private let sourceLength: Int
    private var capacity: Int
    private(set) var count = 0
    private var code: UnsafeMutablePointer<Token>
    private var breaks: UnsafeMutablePointer<Bool>
    private var matches: UnsafeMutablePointer<Int32>
    private var enclosers: UnsafeMutablePointer<Int32>
    /// Open brackets not yet closed (code token indices); never deeper than the code tokens.
    private var stack: UnsafeMutablePointer<Int32>
    private var depth = 0
    private(set) var comments: [Token] = []
    /// The `#if`, `#elseif`, `#else` and `#endif` lines, in order, each with the index of the code
    /// token after it (few files have any).
    private(set) var directives: [ConditionalDirective] = []

    private var sawBreak = true
    private var skippingDirectiveLine = false
    private var directiveParenDepth = 0
    /// Where the last token went, for flags the scanner adds after appending it.
    private enum Destination { case none, code, comment, dropped }
    private var lastDestination = Destination.none
    private(set) var lastKind: TokenKind?

    /// Whether the tables are this sink's own (allocated here, or after outgrowing lent ones).
    private(set) var ownsStorage: Bool

    /// Storage for the four tables, lent by the arrays being built (see `TokenLayer(bytes:)`).
    struct LentTables {
        var code: UnsafeMutablePointer<Token>
        var breaks: UnsafeMutablePointer<Bool>
        var matches: UnsafeMutablePointer<Int32>
        var enclosers: UnsafeMutablePointer<Int32>
    }

    /// `source` must stay valid while tokens are appended (block comments are read for line breaks).
    init(source: UnsafePointer<UInt8>, estimatedCodeTokens: Int) {
        self.source = source
        sourceLength = 0
        capacity = max(estimatedCodeTokens, 16)
        code = .allocate(capacity: capacity)
        breaks = .allocate(capacity: capacity)
        matches = .allocate(capacity: capacity)
        enclosers = .allocate(capacity: capacity)
        stack = .allocate(capacity: capacity)
        ownsStorage = true
    }

    /// A sink writing into lent storage of `capacity` slots per table; it moves to storage of its
    /// own if the file holds more code tokens than that.
    init(source: UnsafePointer<UInt8>, sourceLength: Int, lent tables: LentTables, capacity: Int) {
        self.source = source
        self.sourceLength = sourceLength
        self.capacity = capacity
        code = tables.code
        breaks = tables.breaks
        matches = tables.matches
        enclosers = tables.enclosers
        stack = .allocate(capacity: capacity)
        ownsStorage = false
    }

    /// The common case (a code token outside `#if` lines) is inlined into the scanner; trivia and
    /// directive lines take the out-of-line path.
    @inline(__always) mutating func append(_ token: Token) {
        lastKind = token.kind
        // Blanks and line ends, the most common tokens, are handled here.
        if token.kind == .whitespace {
            lastDestination = .dropped
            return
        }
        if token.kind == .newline {
            sawBreak = true
            if directiveParenDepth == 0 { skippingDirectiveLine = false }
            lastDestination = .dropped
            return
        }
        if token.kind.isTrivia || token.kind == .poundDirective || skippingDirectiveLine {
            appendOther(token)
            return
        }
        if count == capacity { grow(readUpTo: token.startOffset) }
        let i = count
        (code + i).initialize(to: token)
        (breaks + i).initialize(to: sawBreak)
        (matches + i).initialize(to: -1)
        (enclosers + i).initialize(to: depth > 0 ? stack[depth - 1] : -1)
        count += 1
        sawBreak = false
        lastDestination = .code
        switch token.kind {
        case .leftParen, .leftBracket, .leftBrace, .interpolationStart:
            stack[depth] = Int32(i)
            depth += 1
        case .rightParen, .rightBracket, .rightBrace, .interpolationEnd:
            closeBracket(at: i, kind: token.kind)
        default:
            break
        }
    }

    /// Comments, `#if` lines and the tokens of their conditions (blanks and line ends are handled inline).
    private mutating func appendOther(_ token: Token) {
        switch token.kind {
        case .lineComment, .docLineComment:
            comments.append(token)
            lastDestination = .comment
        case .blockComment, .docBlockComment:
            comments.append(token)
            lastDestination = .comment
            // A block comment spanning lines separates lines like a newline does.
            if !sawBreak {
                for k in token.range where source[k] == 0x0A || source[k] == 0x0D { sawBreak = true; break }
            }
        case .poundDirective:
            if let kind = ConditionalDirective.Kind(source + token.startOffset, length: Int(token.length)) {
                directives.append(ConditionalDirective(kind: kind, at: Int32(truncatingIfNeeded: count)))
            }
            // `#if cond`, `#elseif cond`: the condition is not code; skip to the line end.
            skippingDirectiveLine = true
            directiveParenDepth = 0
            sawBreak = true
            lastDestination = .dropped
        default:
            // Whitespace, a shebang, or a token of a directive's condition.
            if skippingDirectiveLine {
                if token.kind == .leftParen { directiveParenDepth += 1 }
                if token.kind == .rightParen { directiveParenDepth = max(0, directiveParenDepth - 1) }
            }
            lastDestination = .dropped
        }
    }

    /// Matches a closer with the nearest open bracket it may close, recovering from imbalance:
    /// a `}` or an interpolation's end closes any `(`/`[` left open inside it; a stray closer
    /// matches nothing.
    @inline(__always) private mutating func closeBracket(at i: Int, kind: TokenKind) {
        let strong = kind == .rightBrace || kind == .interpolationEnd
        var level = depth - 1
        while level >= 0 {
            let openKind = code[Int(stack[level])].kind
            if CodeTokenSink.closer(for: openKind) == kind { break }
            if !strong || openKind == .leftBrace || openKind == .interpolationStart { return }
            level -= 1
        }
        guard level >= 0 else { return }
        let open = Int(stack[level])
        matches[open] = Int32(i)
        matches[i] = Int32(open)
        depth = level
        enclosers[i] = depth > 0 ? stack[depth - 1] : -1
    }

    @inline(__always) mutating func insertFlagsInLast(_ flags: TokenFlags) {
        switch lastDestination {
        case .code: code[count - 1].flags.formUnion(flags)
        case .comment: comments[comments.count - 1].flags.formUnion(flags)
        case .none, .dropped: break
        }
    }

    /// Moves the tables to larger storage of the sink's own. Sized from the density of the code
    /// read so far (up to byte `offset`), so that a file far denser than the estimate (minified or
    /// generated code) is moved once, not doubled again and again with every old table alive;
    /// at least half as large again, so that growth stays amortised.
    private mutating func grow(readUpTo offset: Int) {
        var newCapacity = capacity + capacity / 2
        if sourceLength > offset, offset > 0 {
            let projected = count * (sourceLength / offset) + count * (sourceLength % offset) / offset
            newCapacity = max(newCapacity, projected + projected / 16 + 64)
        }
        // Lent storage stays with its lender (which then keeps none of it).
        let owned = ownsStorage
        func moved<T>(_ old: UnsafeMutablePointer<T>, _ used: Int, owned: Bool) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            new.moveInitialize(from: old, count: used)
            if owned { old.deallocate() }
            return new
        }
        code = moved(code, count, owned: owned)
        breaks = moved(breaks, count, owned: owned)
        matches = moved(matches, count, owned: owned)
        enclosers = moved(enclosers, count, owned: owned)
        stack = moved(stack, depth, owned: true)
        capacity = newCapacity
        ownsStorage = true
    }

    private static func closer(for open: TokenKind) -> TokenKind? {
        switch open {
        case .leftParen: return .rightParen
        case .leftBracket: return .rightBracket
        case .leftBrace: return .rightBrace
        case .interpolationStart: return .interpolationEnd
        default: return nil
        }
    }

    /// For a sink still in lent storage: the number of code tokens written there, and the
    /// comments; frees the sink's own stack (call once, at the end).
    mutating func finishLent() -> (count: Int, comments: [Token], directives: [ConditionalDirective]) {
        precondition(!ownsStorage, "finishLent() is for a sink in lent storage")
        stack.deallocate()
        let result = (count, comments, directives)
        capacity = 0
        count = 0
        return result
    }

    /// The tables as exactly sized arrays; frees the sink's storage (call once, at the end, when
    /// the sink owns its storage).
    mutating func finish() -> TokenLayer {
        precondition(ownsStorage, "finish() is for a sink in storage of its own")
        var layer = TokenLayer()
        // Each table is freed as soon as it is copied: a large file keeps one spare table at a time.
        stack.deallocate()
        layer.tokens = Array(UnsafeBufferPointer(start: code, count: count))
        code.deallocate()
        layer.lineBreakBefore = Array(UnsafeBufferPointer(start: breaks, count: count))
        breaks.deallocate()
        layer.matching = Array(UnsafeBufferPointer(start: matches, count: count))
        matches.deallocate()
        layer.enclosing = Array(UnsafeBufferPointer(start: enclosers, count: count))
        enclosers.deallocate()
        layer.comments = comments
        layer.directives = directives
        capacity = 0
        count = 0
        return layer
    }
}
