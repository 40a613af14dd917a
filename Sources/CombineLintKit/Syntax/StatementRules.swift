/// Swift's rules for where a line break ends a statement.
enum StatementRules {
    private static let continuingKeywords: Set<String> = ["else", "catch", "where", "as", "is", "in", "throws", "rethrows", "async"]
    private static let pendingKeywords: Set<String> = ["return", "try", "await", "throw", "as", "is", "in", "case"]

    /// Whether the code token `next`, which follows a line break, continues the statement that
    /// `previous` belongs to: a line starting with `.member`, a binary operator, `else`, …, or a
    /// line ending with an operator, `,`, `(`, `:` …
    static func continues(layer: TokenLayer, text: TokenText, previous: Int, next: Int) -> Bool {
        guard previous >= 0 else { return false }
        let p = layer.tokens[previous]
        let x = layer.tokens[next]
        switch x.kind {
        case .period, .equal, .arrow, .colon, .questionMark, .leftBrace, .interpolationEnd, .rightParen, .rightBracket:
            return true
        case .operator:
            // A binary operator has space on both sides; a prefix one (`-x`, `!flag`) starts a statement.
            if x.flags.contains(.spaceAfter) { return true }
            let s = text.text(next)
            return s.hasPrefix(".") // `..<` style continuation
        case .keyword:
            if continuingKeywords.contains(text.text(next)) { return true }
        case .identifier:
            if text.is(next, "async") || text.is(next, "throws") { return true }
        default:
            break
        }
        switch p.kind {
        case .operator:
            return binaryAtLineEnd(p)
        case .equal, .arrow, .comma, .period, .leftParen, .leftBracket, .interpolationStart, .attribute, .ampersand, .backslash:
            return true
        case .colon:
            return true
        case .keyword:
            return pendingKeywords.contains(text.text(previous))
        default:
            return false
        }
    }

    /// An operator at the end of a line binds to the next line unless it is postfix (no space before it).
    private static func binaryAtLineEnd(_ token: Token) -> Bool {
        token.flags.contains(.spaceBefore)
    }
}
