extension SyntaxTree {
    /// The `(` of the call whose whole argument is the single token `i` (`f(x)`, `f(a, label: x)`).
    public func openParen(ofWholeArgument i: Int) -> Int? {
        var k = i - 1
        // `label: x`
        if k >= 1, tokens[k].kind == .colon, tokens[k - 1].kind == .identifier { k -= 2 }
        guard k >= 0 else { return nil }
        if tokens[k].kind == .leftParen { return k }
        guard tokens[k].kind == .comma else { return nil }
        // Back over the earlier arguments to the unmatched `(`.
        var depth = 0
        while k > 0 {
            k -= 1
            switch tokens[k].kind {
            case .rightParen, .rightBracket, .rightBrace: depth += 1
            case .leftBracket, .leftBrace:
                if depth == 0 { return nil }
                depth -= 1
            case .leftParen:
                if depth == 0 { return k }
                depth -= 1
            default: break
            }
        }
        return nil
    }
}

extension SyntaxTree {
    /// A one-element chain for an argument that is a single name (`$summaries` of
    /// `combineLatest($summaries)`, `events` of `merge(with: events)`), of which the parser makes no
    /// chain: questions asked of a chain's source can be asked of it too. Nil for any other argument.
    public func bareNameChain(ofArgument value: ClosedRange<Int>) -> Chain? {
        let t = value.lowerBound
        guard value.count == 1, tokens[t].kind == .identifier || tokens[t].kind == .dollarIdentifier else { return nil }
        let root = ChainElement(kind: .root, name: name(t), nameToken: t, hasParentheses: false,
                                openParen: nil, closeParen: nil, subscripts: [], lastToken: t)
        return Chain(elements: ChainElements([root]), first: t, last: t, context: .other, scope: Int(scopeOfToken[t]), statementStart: t)
    }
}

extension SyntaxTree {
    /// The token of the member read right after the value at token `i`: `text` of `label.text`,
    /// `button` of `statusItem?.button`, `title` of `item!.title`; nil when no member follows.
    public func memberToken(after i: Int) -> Int? {
        var k = i + 1
        if k < tokens.count, tokens[k].kind == .questionMark || tokens[k].kind == .exclamationMark { k += 1 }
        guard k + 1 < tokens.count, tokens[k].kind == .period, tokens[k + 1].kind == .identifier else { return nil }
        return k + 1
    }
}

extension SyntaxTree {
    /// The tokens of the default value of parameter `p` of function `f` (`DispatchQueue(label: "io")`
    /// of `init(queue: DispatchQueue = DispatchQueue(label: "io"))`), if it has one.
    public func defaultValue(ofParameter p: Int, of f: Int) -> ClosedRange<Int>? {
        let function = functions[f]
        guard p < function.parameters.count, function.parameters[p].hasDefault else { return nil }
        let end = function.bodyOpen ?? tokens.count
        guard let open = (function.nameToken..<end).first(where: { tokens[$0].kind == .leftParen }),
              matching[open] > Int32(open) else { return nil }
        let close = Int(matching[open])
        // The parameter's own stretch: between the commas of the list (not those nested in a default value).
        var start = open + 1
        var index = 0
        var k = open + 1
        while k <= close {
            if k == close || (tokens[k].kind == .comma && Int(enclosing[k]) == open) {
                if index == p {
                    guard let equal = (start..<k).first(where: { tokens[$0].kind == .equal && Int(enclosing[$0]) == open }),
                          equal + 1 < k else { return nil }
                    return (equal + 1)...(k - 1)
                }
                index += 1
                start = k + 1
            }
            k += 1
        }
        return nil
    }
}
