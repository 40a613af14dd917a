/// `let name = value` and `var name = value` read from the tokens. A condition binding
/// (`if let name = …`, `guard var name = …`, `, let name = …`) makes no variable of the tree, so
/// rules that follow such a name back to its value find the binding here.
public struct NameBinding: Equatable, Sendable {
    /// The `let` or `var` keyword.
    public let keyword: Int
    /// The bound name.
    public let name: Int
    /// The value: from the token after `=` up to the binding's end (a `,`, `{` or `else`, or a
    /// new statement, at the name's bracket level), never reaching the token the search started
    /// from; nil when empty.
    public let value: ClosedRange<Int>?
}

extension SyntaxTree {
    /// The nearest binding of `name` whose keyword lies after token `lowerBound` and whose `=` lies
    /// before `token`, among those `accept` takes (a caller that wants the binding of one closure
    /// skips those of closures nested in it).
    public func nearestBinding(of name: String, before token: Int, after lowerBound: Int,
                               where accept: (NameBinding) -> Bool = { _ in true }) -> NameBinding? {
        var equal = token - 1
        while equal - 2 > lowerBound {
            defer { equal -= 1 }
            guard tokens[equal].kind == .equal, tokens[equal - 1].kind == .identifier,
                  isWord(equal - 2, "let") || isWord(equal - 2, "var"), self.name(equal - 1) == name else { continue }
            let binding = NameBinding(keyword: equal - 2, name: equal - 1, value: bindingValue(after: equal, nameToken: equal - 1, limit: token))
            if accept(binding) { return binding }
        }
        return nil
    }

    /// The nearest binding of `name` before `token` in its function's body.
    public func nearestBindingInFunction(of name: String, before token: Int) -> NameBinding? {
        guard let f = enclosingFunction(of: token), let open = functions[f].bodyOpen else { return nil }
        return nearestBinding(of: name, before: token, after: open)
    }

    /// The name a condition binds the value starting at token `first` to: `if let name = first…`,
    /// `guard var name = …`, `, let name = …`.
    public func conditionBoundName(ofValueAt first: Int) -> String? {
        guard first >= 4, tokens[first - 1].kind == .equal, tokens[first - 2].kind == .identifier,
              isWord(first - 3, "let") || isWord(first - 3, "var") else { return nil }
        let before = first - 4
        guard tokens[before].kind == .comma || isWord(before, "if") || isWord(before, "guard") else { return nil }
        return name(first - 2)
    }

    /// The tokens after `=` up to the binding's end at the name's bracket level (the next
    /// condition, the body or `else`, or the next statement after a plain `let`), before `limit`.
    private func bindingValue(after equal: Int, nameToken: Int, limit: Int) -> ClosedRange<Int>? {
        let level = enclosing[nameToken]
        var end = equal + 1
        while end < limit, !(enclosing[end] == level && (isWord(end, "else") || tokens[end].kind == .leftBrace
                                                         || tokens[end].kind == .comma || tokens[end].kind == .semicolon || statementStarts[end])) {
            end += 1
        }
        return end > equal + 1 ? (equal + 1)...(end - 1) : nil
    }
}

extension SyntaxTree {
    /// The first token of the type that a `switch` case's pattern casts `name` to, for a token in
    /// that case's body: `case let screen as DashboardViewController:` (also `case .some(let x as T)`
    /// and `case var x as T`). The search stops at the function's body and skips cases that end
    /// before `token`.
    public func casePatternCastType(of name: String, before token: Int) -> Int? {
        guard let f = enclosingFunction(of: token), let open = functions[f].bodyOpen else { return nil }
        var k = token - 1
        while k - 1 > open {
            defer { k -= 1 }
            guard tokens[k].kind == .identifier, self.name(k) == name, isWord(k - 1, "let") || isWord(k - 1, "var"),
                  k + 2 < token, isWord(k + 1, "as"), tokens[k + 2].kind == .identifier else { continue }
            // The `case` that starts the pattern, at the level of the switch's body.
            var c = k - 2
            while c > open, !isWord(c, "case") { c -= 1 }
            guard c > open else { return nil }
            let level = enclosing[c]
            // A later `case` or `default` of the same switch before `token` ends this case's body.
            let endsBefore = ((k + 2)..<token).contains { j in enclosing[j] == level && (isWord(j, "case") || isWord(j, "default")) }
            return endsBefore ? nil : k + 2
        }
        return nil
    }
}
