/// Values that pick one of two publishers: `inFlight ?? makeRefresh()`, the request a token
/// refresher hands out while one runs, and `requiresAuth ? tokens.validToken() : Just(nil)…`.
/// Whichever is picked, the pipeline finishes when both do.
extension FinitePublishers {
    /// The two operands of a value written as `a ?? b` or `condition ? a : b` at its own bracket
    /// level (token ranges), or nil when the value is no such choice.
    static func alternatives(in value: ClosedRange<Int>, of tree: SyntaxTree) -> [ClosedRange<Int>]? {
        let level = tree.enclosing[value.lowerBound]
        var question: Int? = nil
        for k in value where tree.enclosing[k] == level {
            if tree.tokenIs(k, "??"), k > value.lowerBound, k < value.upperBound {
                return [value.lowerBound...(k - 1), (k + 1)...value.upperBound]
            }
            // A ternary's `?` stands apart (`ready ? a : b`); optional chaining's follows its operand.
            if question == nil, tree.tokens[k].kind == .questionMark, k > value.lowerBound,
               tree.tokens[k].startOffset > tree.tokens[k - 1].endOffset {
                question = k
            } else if let q = question, tree.tokens[k].kind == .colon, k > q + 1, k < value.upperBound {
                return [(q + 1)...(k - 1), (k + 1)...value.upperBound]
            }
        }
        return nil
    }

    /// The value inside a parenthesised root element (`(…)`), without a cast after it (`api.request(.trips)`
    /// of `(api.request(.trips) as AnyPublisher<[Trip], APIError>)`); nil when the parentheses are empty.
    static func parenthesisedValue(_ root: ChainElement, in tree: SyntaxTree) -> ClosedRange<Int>? {
        let open = root.nameToken
        let close = Int(tree.matching[open])
        guard close > open + 1 else { return nil }
        var end = close - 1
        for k in (open + 1)..<close where Int(tree.enclosing[k]) == open && tree.isWord(k, "as") {
            end = k - 1
            break
        }
        return end > open ? (open + 1)...end : nil
    }

    /// The choice a local's value makes (its initializer's operands), for a local named by a
    /// pipeline's root element.
    static func localAlternatives(named root: ChainElement, in tree: SyntaxTree) -> [ClosedRange<Int>]? {
        guard root.kind == .root, !root.isCall, root.subscripts.isEmpty, tree.tokens[root.nameToken].kind == .identifier else { return nil }
        return localAlternatives(named: root.name, visibleAt: root.nameToken, in: tree)
    }

    /// The choice the value of the local `name` visible at `token` makes, if its value is one.
    static func localAlternatives(named name: String, visibleAt token: Int, in tree: SyntaxTree) -> [ClosedRange<Int>]? {
        guard let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree),
              let initializer = tree.variables[v].initializer else { return nil }
        return alternatives(in: initializer, of: tree)
    }

    /// The chain an operand is, when it is one whole chain.
    static func operandChain(_ operand: ClosedRange<Int>, in tree: SyntaxTree) -> Int? {
        guard let c = tree.chain(spanning: operand) else { return nil }
        return c
    }

    /// Whether every publisher the operands may give finishes: a whole chain, or the bare name of an
    /// optional property that holds publishers for a while (`inFlight`).
    func alternativesFinish(_ operands: [ClosedRange<Int>], in tree: SyntaxTree, depth: Int) -> Bool {
        operands.allSatisfy { operand in
            if let c = FinitePublishers.operandChain(operand, in: tree) {
                return finishes(tree.chains[c], before: tree.chains[c].elements.count, in: tree, depth: depth + 1)
            }
            guard operand.count == 1, tree.tokens[operand.lowerBound].kind == .identifier,
                  let values = assignedOptionalPublishers(named: tree.name(operand.lowerBound), at: operand.lowerBound, bare: true, in: tree)
            else { return false }
            return allFinish(values, depth: depth + 1)
        }
    }
}
