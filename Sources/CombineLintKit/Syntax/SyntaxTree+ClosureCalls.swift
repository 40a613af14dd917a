/// Which call a closure literal is handed to, and what it gives back.
extension SyntaxTree {
    /// The chains closure `c` returns (`return …`, or its single expression), not those of closures nested in it.
    public func chainsReturned(byClosure c: Int) -> [Chain] {
        let closure = closures[c]
        guard closure.bodyStart < closure.close else { return [] }
        return chains(in: closure.bodyStart...(closure.close - 1)).filter { inner in
            inner.isReturned && inner.last < closure.close && innermostClosure(of: inner.first) == c
        }
    }

    /// The chains function `f` returns, one per `return` of its own body (or its single
    /// expression), in order; nil when it has no body, returns nothing, or some `return` of it
    /// returns no chain (a bare name, a literal): callers need every returned value to judge it.
    public func chainsReturned(byFunction f: Int) -> [Chain]? {
        let function = functions[f]
        guard let open = function.bodyOpen, let close = function.bodyClose, open < close else { return nil }
        let returned = returnedChainIndices(ofFunction: f)
        var returns = 0
        for k in open...close where isWord(k, "return") && innermostClosure(of: k) == nil && enclosingFunction(of: k) == f {
            returns += 1
        }
        guard !returned.isEmpty, returned.count == max(returns, 1) else { return nil }
        return returned.map { chains[$0] }
    }

    /// The chains that function `f` itself returns (not those of closures in it), whatever its other
    /// returns are.
    public func returnedChainIndices(ofFunction f: Int) -> [Int] {
        let function = functions[f]
        guard let open = function.bodyOpen, let close = function.bodyClose, open < close else { return [] }
        return chainIndices(in: open...close).filter { k in
            let first = chains[k].first
            return chains[k].isReturned && innermostClosure(of: first) == nil && enclosingFunction(of: first) == f
        }
    }

    /// The getter of computed variable `v` (its single body or its `get` block), or nil.
    public func getter(ofVariable v: Int) -> Int? {
        // Functions are in source order, and a variable's accessors are the first functions after its name.
        let name = variables[v].nameToken
        var low = 0, high = functions.count
        while low < high {
            let mid = (low + high) / 2
            if functions[mid].nameToken <= name { low = mid + 1 } else { high = mid }
        }
        var f = low
        while f < functions.count, functions[f].variable == v {
            if functions[f].kind == .accessor && functions[f].name == "get" { return f }
            f += 1
        }
        return nil
    }

    /// The call (chain and element) that receives closure `c` as an argument or trailing closure, if any.
    public func call(receiving c: Int) -> CallReference? {
        let call = callReceivingClosure[c]
        return call.chain >= 0 ? CallReference(chain: Int(call.chain), element: Int(call.element)) : nil
    }

    /// Whether closure `c` declares its result type as `Void` or `()` in its signature (`{ () -> Void in … }`).
    public func closureDeclaresVoidResult(_ c: Int) -> Bool {
        let closure = closures[c]
        guard let inToken = closure.inToken else { return false }
        var k = inToken - 1
        while k > closure.open {
            if tokenIs(k, "->") {
                guard k + 1 < inToken else { return false }
                let result = text(k + 1, inToken - 1)
                return result == "Void" || result == "()"
            }
            k -= 1
        }
        return false
    }
}

extension SyntaxTree {
    /// The publishers closure `c` gives back, one path each: for each `return` of its own body (or
    /// its single expression), the chain it returns whole, or both branches of a ternary it returns
    /// (`return valid ? Just(nil).eraseToAnyPublisher() : Just(hint).eraseToAnyPublisher()`, whose
    /// condition is no value). Nil when some `return` gives anything else, or when there is none.
    public func valuesReturned(byClosure c: Int) -> [Chain]? {
        let closure = closures[c]
        guard closure.bodyStart < closure.close else { return nil }
        var starts: [Int] = []
        for k in closure.bodyStart..<closure.close where isWord(k, "return") && innermostClosure(of: k) == c {
            starts.append(k + 1)
        }
        // `{ x in valid(x) ? Just(x) : Just(nil) }`: the single expression is the value.
        if starts.isEmpty { starts.append(closure.bodyStart) }
        var values: [Chain] = []
        for start in starts {
            guard start < closure.close else { return nil }
            if let whole = chain(startingAt: start), endsStatement(after: chains[whole].last) {
                values.append(chains[whole])
                continue
            }
            guard let branches = ternaryBranches(startingAt: start, before: closure.close)
                    ?? nilCoalescingOperands(startingAt: start) else { return nil }
            values += branches
        }
        return values
    }

    /// Both branches of the ternary that the expression from `start` is (the one before `?`,
    /// the one after its `:`), when each is a chain ending there: no nested ternary, no other operator
    /// after a branch.
    private func ternaryBranches(startingAt start: Int, before end: Int) -> [Chain]? {
        let level = enclosing[start]
        var question: Int?
        var k = start
        while k < end {
            if k > start, statementStarts[k] || tokens[k].kind == .semicolon { break }
            if enclosing[k] == level, tokens[k].kind == .rightBrace { break }
            // A `?` with space before it is the ternary's; one touching its operand chains an optional.
            if enclosing[k] == level, k > start, isTernaryQuestion(k) {
                question = k
                break
            }
            k += 1
        }
        guard let question else { return nil }
        var colon = question + 1
        while colon < end, !(enclosing[colon] == level && tokens[colon].kind == .colon) {
            if enclosing[colon] == level, isTernaryQuestion(colon) { return nil }
            colon += 1
        }
        guard colon < end, let first = chain(startingAt: question + 1), chains[first].last == colon - 1,
              let second = chain(startingAt: colon + 1), endsStatement(after: chains[second].last) else { return nil }
        return [chains[first], chains[second]]
    }

    /// Both operands of `a ?? b` that the expression from `start` is (`self.api?.submit(report) ??
    /// Empty().eraseToAnyPublisher()`), when each is a chain: the first ending right before the `??`,
    /// the second ending the statement.
    private func nilCoalescingOperands(startingAt start: Int) -> [Chain]? {
        guard let first = chain(startingAt: start), case let operator_ = chains[first].last + 1, operator_ + 1 < tokens.count,
              tokenIs(operator_, "??"), let second = chain(startingAt: operator_ + 1), endsStatement(after: chains[second].last) else { return nil }
        return [chains[first], chains[second]]
    }

    /// The token after `last` starts a new statement or closes the block: a chain ending at `last`
    /// is the whole value.
    public func endsStatement(after last: Int) -> Bool {
        let next = last + 1
        guard next < tokens.count else { return true }
        return tokens[next].kind == .semicolon || tokens[next].kind == .rightBrace || statementStarts[next]
    }
}

extension SyntaxTree {
    /// The result type closure `c` declares in its signature (`{ () -> CurrentValueSubject<Int, Never> in … }`),
    /// as written; nil when the signature names none.
    public func declaredResultType(ofClosure c: Int) -> String? {
        let closure = closures[c]
        guard let inToken = closure.inToken else { return nil }
        let level = enclosing[inToken]
        guard let arrow = (closure.open + 1..<inToken).first(where: { tokens[$0].kind == .arrow && enclosing[$0] == level }),
              arrow + 1 < inToken else { return nil }
        return text(arrow + 1, inToken - 1)
    }
}
