/// Where code changes what a name holds, told at the name's token.
enum NameWrites {
    /// The name at token `i` is assigned (`x = …`, `x += …`, `x ??= …`; not `x == …` or `x !== …`).
    static func isAssigned(at i: Int, in tree: SyntaxTree) -> Bool {
        guard i + 1 < tree.tokens.count else { return false }
        let next = tree.tokens[i + 1].kind
        return next == .equal || (next == .operator && tree.isCompoundAssignment(i + 1))
    }

    /// The name at token `i` is assigned (`x = …`, `x += …`, `x ??= …`; not `x == …` or `x !== …`) or
    /// changed in place by a mutating method called on it, with arguments or only a trailing
    /// closure (`items.append(x)`, `items.removeAll { $0.done }`, `items.sort { … }`, `flag.toggle()`), or
    /// through a subscript (`items[id] = x`).
    static func isChanged(at i: Int, in tree: SyntaxTree) -> Bool {
        if isAssigned(at: i, in: tree) { return true }
        // An element set through a subscript (`latestFlow[id] = rate`, `counts[key] += 1`).
        if i + 1 < tree.tokens.count, tree.tokens[i + 1].kind == .leftBracket, case let close = Int(tree.matching[i + 1]),
           close > i + 1, isAssigned(at: close, in: tree) { return true }
        guard i + 3 < tree.tokens.count, tree.tokens[i + 1].kind == .period else { return false }
        let method = tree.text(i + 2)
        return (Catalogue.collectionMutatingMethods.contains(method) || Catalogue.valueMutatingMethods.contains(method))
            && (tree.tokens[i + 3].kind == .leftParen || tree.closure(openedAt: i + 3) != nil)
    }

    /// `isChanged`, or a part of the value reached through subscripts and members assigned
    /// (`rows[index].elapsedText = …`, `state.progress.fraction += 0.1`): for a value held by value
    /// (an array of structs, a struct), that changes the name's value too.
    static func isChangedInPart(at i: Int, in tree: SyntaxTree) -> Bool {
        if isChanged(at: i, in: tree) { return true }
        // The last token of the path written so far, and the token after it.
        var last = i
        var k = i + 1
        for _ in 0..<16 {
            guard k < tree.tokens.count else { return false }
            switch tree.tokens[k].kind {
            case .leftBracket:
                let close = Int(tree.matching[k])
                guard close > k else { return false }
                last = close
                k = close + 1
            case .questionMark, .exclamationMark:
                last = k
                k += 1
            case .period:
                guard k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .identifier else { return false }
                last = k + 1
                k += 2
            default:
                return last > i && isAssigned(at: last, in: tree)
            }
        }
        return false
    }
}
