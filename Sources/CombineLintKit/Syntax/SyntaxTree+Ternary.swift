extension SyntaxTree {
    /// For a chain that is a whole branch of a ternary (`token = active ? self.observe() : nil`), how
    /// the ternary's value is used, when it is the whole value of an assignment, a declaration or a
    /// `return`: whichever branch runs, its value goes there. Nil for any other chain.
    public func ternaryValueContext(ofBranch chain: Chain) -> ChainContext? {
        let first = chain.first, last = chain.last
        guard first > 0, last + 1 <= tokens.count else { return nil }
        let level = enclosing[first]
        let question: Int
        if isTernaryQuestion(first - 1), last + 1 < tokens.count, tokens[last + 1].kind == .colon, enclosing[last + 1] == level {
            question = first - 1
        } else if tokens[first - 1].kind == .colon, enclosing[first - 1] == level, endsStatement(after: last),
                  let q = ternaryQuestion(beforeColon: first - 1) {
            question = q
        } else {
            return nil
        }
        // Back over the condition, at the ternary's level, to what takes its value.
        var k = previousAtLevel(question)
        var steps = 0
        while let current = k, steps < 64 {
            steps += 1
            let kind = tokens[current].kind
            guard enclosing[current] == level else { return nil }
            if kind == .equal { return assignedContext(equal: current) }
            if isWord(current, "return") { return .returned }
            // A statement start, a `?`, `:` or `??` of another expression: not a whole value.
            if statementStarts[current] || kind == .colon || kind == .questionMark || kind == .semicolon || kind == .leftBrace { return nil }
            k = previousAtLevel(current)
        }
        return nil
    }

    /// The token before `k`, a bracketed group right before it (`(…)`, `[…]`, `{…}`) passed over
    /// whole; nil at the file's start or before an unmatched closer.
    private func previousAtLevel(_ k: Int) -> Int? {
        var p = k - 1
        while p >= 0, tokens[p].kind == .rightParen || tokens[p].kind == .rightBracket || tokens[p].kind == .rightBrace {
            let m = Int(matching[p])
            guard m >= 0, m < p else { return nil }
            p = m - 1
        }
        return p >= 0 ? p : nil
    }

    /// A `?` with space before it is a ternary's; one touching its operand chains an optional.
    func isTernaryQuestion(_ k: Int) -> Bool {
        k > 0 && tokens[k].kind == .questionMark && tokens[k].startOffset > tokens[k - 1].endOffset
    }

    /// The ternary `?` at the level of the `:` at `colon`, back within its statement.
    private func ternaryQuestion(beforeColon colon: Int) -> Int? {
        let level = enclosing[colon]
        var k = previousAtLevel(colon)
        while let current = k, current > 0 {
            let kind = tokens[current].kind
            guard enclosing[current] == level, kind != .colon, kind != .semicolon, kind != .leftBrace else { return nil }
            if isTernaryQuestion(current) { return current }
            if statementStarts[current] { return nil }
            k = previousAtLevel(current)
        }
        return nil
    }

    /// `target = …` or `let name = …` whose `=` is at `equal`, from the statement's start.
    private func assignedContext(equal: Int) -> ChainContext? {
        var start = equal - 1
        while start > 0, !statementStarts[start] { start -= 1 }
        guard start < equal else { return nil }
        if let v = variable(declaredIn: start..<equal) { return .declaration(v) }
        if isWord(start, "if") || isWord(start, "guard") || isWord(start, "while") || isWord(start, "case") { return nil }
        if equal - 1 == start && isWord(start, "_") { return .discardAssignment }
        return .assignment(target: start...(equal - 1), compound: false)
    }

    /// The variable whose name token lies in `range`. Variables are recorded in token order, so a
    /// binary search finds the first at or after the range's start.
    private func variable(declaredIn range: Range<Int>) -> Int? {
        var low = 0, high = variables.count
        while low < high {
            let mid = (low + high) / 2
            if variables[mid].nameToken < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        return low < variables.count && range.contains(variables[low].nameToken) ? low : nil
    }
}
