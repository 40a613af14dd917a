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

    init(allTokens: [Token], bytes: [UInt8]) {
        // Exact capacity: grown by doubling, these arrays would keep up to twice the memory.
        var codeCount = 0
        for token in allTokens where !token.kind.isTrivia { codeCount += 1 }
        tokens.reserveCapacity(codeCount)
        lineBreakBefore.reserveCapacity(codeCount)
        var sawBreak = true
        var skippingDirectiveLine = false
        var directiveParenDepth = 0
        for token in allTokens {
            switch token.kind {
            case .newline:
                sawBreak = true
                if directiveParenDepth == 0 { skippingDirectiveLine = false }
                continue
            case .lineComment, .docLineComment, .shebang:
                continue
            case .blockComment, .docBlockComment:
                // A block comment spanning lines separates lines like a newline does.
                if bytes[token.range].contains(0x0A) || bytes[token.range].contains(0x0D) { sawBreak = true }
                continue
            case .whitespace:
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
            tokens.append(token)
            lineBreakBefore.append(sawBreak)
            sawBreak = false
        }
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
        matching = Array(repeating: -1, count: n)
        enclosing = Array(repeating: -1, count: n)
        var stack: [Int32] = []
        stack.reserveCapacity(64)
        for i in 0..<n {
            let kind = tokens[i].kind
            enclosing[i] = stack.last ?? -1
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
                    matching[open] = Int32(i)
                    matching[i] = Int32(open)
                    stack.removeSubrange(found...)
                    enclosing[i] = stack.last ?? -1
                }
            default:
                break
            }
        }
    }
}
