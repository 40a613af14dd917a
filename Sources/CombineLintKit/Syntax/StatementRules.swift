/// Swift's rules for where a line break ends a statement.
enum StatementRules {
    /// `else`, `catch`, `where`, `as`, `is`, `in`, `throws`, `rethrows`, `async`: a line starting with one continues.
    /// Compared as bytes: this runs for every line that starts with a keyword.
    private static func isContinuingKeyword(_ i: Int, _ text: TokenText) -> Bool {
        switch text.tokens[i].length {
        case 2: return text.is(i, "as") || text.is(i, "is") || text.is(i, "in")
        case 4: return text.is(i, "else")
        case 5: return text.is(i, "catch") || text.is(i, "where") || text.is(i, "async")
        case 6: return text.is(i, "throws")
        case 8: return text.is(i, "rethrows")
        default: return false
        }
    }

    /// `return`, `try`, `await`, `throw`, `as`, `is`, `in`, `case`: a line ending with one continues.
    private static func isPendingKeyword(_ i: Int, _ text: TokenText) -> Bool {
        switch text.tokens[i].length {
        case 2: return text.is(i, "as") || text.is(i, "is") || text.is(i, "in")
        case 3: return text.is(i, "try")
        case 4: return text.is(i, "case")
        case 5: return text.is(i, "await") || text.is(i, "throw")
        case 6: return text.is(i, "return")
        default: return false
        }
    }

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
            return text.bytes[x.startOffset] == UInt8(ascii: ".") // `..<` style continuation
        case .keyword:
            if isContinuingKeyword(next, text) { return true }
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
            // `return` ending a `switch` case: the next case label is no operand of it.
            return isPendingKeyword(previous, text) && !(x.kind == .keyword && (text.is(next, "case") || text.is(next, "default")))
        default:
            return false
        }
    }

    /// An operator at the end of a line binds to the next line unless it is postfix (no space before it).
    private static func binaryAtLineEnd(_ token: Token) -> Bool {
        token.flags.contains(.spaceBefore)
    }
}
