/// Walking a postfix expression token by token, for expressions the chain parser does not split
/// (`Future<Int, Never> { … }.retry(2)`: a generic type followed by a trailing closure).
extension SyntaxTree {
    /// The token after generic arguments written right after token `i` (`Future<Int, Never>`), or `i + 1`.
    func skippingGenericArguments(after i: Int) -> Int { genericArguments(after: i).next }

    /// The token after generic arguments written right after token `i`, and whether their last `>` also
    /// closes an outer list (`Deferred<Future<Int, Never>>`: `Future` is then a type argument itself).
    func genericArguments(after i: Int) -> (next: Int, closesOuter: Bool) {
        let next = i + 1
        guard next < tokens.count, tokens[next].kind == .operator, !tokens[next].flags.contains(.spaceBefore),
              text(next).hasPrefix("<") else { return (next, false) }
        var depth = 0
        var j = next
        while j < tokens.count {
            switch tokens[j].kind {
            case .operator, .questionMark, .exclamationMark:
                for ch in text(j) {
                    if ch == "<" { depth += 1 } else if ch == ">" { depth -= 1 } else if ch != "?" && ch != "!" && ch != "&" { return (next, false) }
                }
                if depth <= 0 { return (j + 1, depth < 0) }
            case .identifier, .keyword, .comma, .period, .colon, .arrow:
                break
            case .leftParen, .leftBracket:
                let m = Int(matching[j])
                guard m > j else { return (next, false) }
                j = m
            default:
                return (next, false)
            }
            j += 1
        }
        return (next, false)
    }

    /// From the token after a name, the member names that follow it in its postfix expression
    /// (calls, trailing closures, subscripts, `?`, `!` skipped), and the expression's last token.
    func postfixMembers(after start: Int) -> (names: [String], last: Int) {
        var names: [String] = []
        var j = start
        var last = start - 1
        while j < tokens.count {
            let kind = tokens[j].kind
            if (kind == .leftParen || kind == .leftBracket) && !lineBreakBefore[j], matching[j] > Int32(j) {
                j = Int(matching[j]) + 1
            } else if kind == .leftBrace, let c = closure(openedAt: j) {
                j = closures[c].close + 1
            } else if kind == .period, j + 1 < tokens.count, tokens[j + 1].kind == .identifier || tokens[j + 1].kind == .keyword {
                names.append(name(j + 1))
                j = skippingGenericArguments(after: j + 1)
            } else if (kind == .questionMark || kind == .exclamationMark) && !tokens[j].flags.contains(.spaceBefore) {
                j += 1
            } else {
                break
            }
            last = j - 1
        }
        return (names, last)
    }

    /// The name a trailing closure is written after, when the chain parser did not attach it to a call:
    /// `Deferred<Future<Int, Never>> { … }`, `Name(arg) { … }`.
    func calleeName(beforeBrace open: Int) -> String? {
        var k = open - 1
        guard k >= 0, !lineBreakBefore[open] else { return nil }
        if tokens[k].kind == .rightParen, matching[k] >= 0 { k = Int(matching[k]) - 1 }
        guard k >= 0 else { return nil }
        if tokens[k].kind == .operator, text(k).hasSuffix(">") {
            // Walk back to the `<` that opens these generic arguments.
            var depth = 0
            while k >= 0 {
                if tokens[k].kind == .operator || tokens[k].kind == .questionMark || tokens[k].kind == .exclamationMark {
                    for ch in text(k).reversed() {
                        if ch == ">" { depth += 1 } else if ch == "<" { depth -= 1 }
                    }
                    if depth <= 0 { break }
                } else if tokens[k].kind == .rightParen || tokens[k].kind == .rightBracket, matching[k] >= 0 {
                    k = Int(matching[k])
                }
                k -= 1
            }
            k -= 1
        }
        guard k >= 0, tokens[k].kind == .identifier else { return nil }
        return name(k)
    }
}
