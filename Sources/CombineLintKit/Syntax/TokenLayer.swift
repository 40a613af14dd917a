/// The code tokens of a file: trivia and `#if` lines removed, brackets matched.
/// Both branches of `#if` stay in, so that both are analysed.
struct TokenLayer {
    var tokens: [Token] = []
    /// Per token: a line break separates it from the previous code token (or it starts the file).
    var lineBreakBefore: [Bool] = []
    /// Per token: index of the matching bracket, or -1.
    var matching: [Int32] = []
    /// Per token: index of the innermost open bracket (`(`, `[`, `{`, `\(`) around it, or -1.
    var enclosing: [Int32] = []

    /// The comment tokens, in order (collected in the same pass).
    var comments: [Token] = []

    init(allTokens: [Token], bytes: [UInt8]) {
        // Exact capacity: grown by doubling, these arrays would keep up to twice the memory.
        var codeCount = 0, commentCount = 0
        for token in allTokens {
            if !token.kind.isTrivia { codeCount += 1 } else if token.kind.isComment { commentCount += 1 }
        }
        comments.reserveCapacity(commentCount)
        var breaks = [Bool]()
        // Written through raw pointers: this loop visits every token of the file.
        tokens = [Token](unsafeUninitializedCapacity: codeCount) { codeTokens, written in
            breaks = [Bool](unsafeUninitializedCapacity: codeCount) { breakFlags, breaksWritten in
                var count = 0
                var sawBreak = true
                var skippingDirectiveLine = false
                var directiveParenDepth = 0
                allTokens.withUnsafeBufferPointer { all in
                    bytes.withUnsafeBufferPointer { source in
                        for token in all {
                            switch token.kind {
                            case .newline:
                                sawBreak = true
                                if directiveParenDepth == 0 { skippingDirectiveLine = false }
                                continue
                            case .lineComment, .docLineComment:
                                comments.append(token)
                                continue
                            case .shebang, .whitespace:
                                continue
                            case .blockComment, .docBlockComment:
                                comments.append(token)
                                // A block comment spanning lines separates lines like a newline does.
                                if !sawBreak {
                                    for k in token.range where source[k] == 0x0A || source[k] == 0x0D { sawBreak = true; break }
                                }
                                continue
                            case .poundDirective:
                                // `#if cond`, `#elseif cond`: the condition is not code; skip to the line end.
                                skippingDirectiveLine = true
                                directiveParenDepth = 0
                                sawBreak = true
                                continue
                            default:
                                break
                            }
                            if skippingDirectiveLine {
                                if token.kind == .leftParen { directiveParenDepth += 1 }
                                if token.kind == .rightParen { directiveParenDepth = max(0, directiveParenDepth - 1) }
                                continue
                            }
                            (codeTokens.baseAddress! + count).initialize(to: token)
                            (breakFlags.baseAddress! + count).initialize(to: sawBreak)
                            count += 1
                            sawBreak = false
                        }
                    }
                }
                breaksWritten = count
            }
            written = breaks.count
        }
        lineBreakBefore = breaks
        matchBrackets()
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

    /// Matches brackets with an explicit stack (no recursion), recovering from imbalance:
    /// a `}` closes any `(`/`[` left open inside its braces, a stray closer matches nothing.
    private mutating func matchBrackets() {
        let n = tokens.count
        var stack: [Int32] = []
        stack.reserveCapacity(64)
        // Both tables are written once per token: filled in place, without per-write checks.
        let matching = [Int32](unsafeUninitializedCapacity: n) { matchingBuffer, matchingCount in
            matchingBuffer.initialize(repeating: -1)
            matchingCount = n
            enclosing = [Int32](unsafeUninitializedCapacity: n) { enclosingBuffer, enclosingCount in
                tokens.withUnsafeBufferPointer { tokens in
                    for i in 0..<n {
                        let kind = tokens[i].kind
                        enclosingBuffer[i] = stack.last ?? -1
                        switch kind {
                        case .leftParen, .leftBracket, .leftBrace, .interpolationStart:
                            stack.append(Int32(i))
                        case .rightParen, .rightBracket, .rightBrace, .interpolationEnd:
                            // Find the nearest open bracket this closer may close.
                            var depth = stack.count - 1
                            var found = -1
                            while depth >= 0 {
                                let openKind = tokens[Int(stack[depth])].kind
                                if TokenLayer.closer(for: openKind) == kind { found = depth; break }
                                // Only braces and interpolations are strong enough to close weaker brackets left open.
                                let strong = kind == .rightBrace || kind == .interpolationEnd
                                if !strong || openKind == .leftBrace || openKind == .interpolationStart { break }
                                depth -= 1
                            }
                            if found >= 0 {
                                let open = Int(stack[found])
                                matchingBuffer[open] = Int32(i)
                                matchingBuffer[i] = Int32(open)
                                stack.removeSubrange(found...)
                                enclosingBuffer[i] = stack.last ?? -1
                            }
                        default:
                            break
                        }
                    }
                }
                enclosingCount = n
            }
        }
        self.matching = matching
    }
}
