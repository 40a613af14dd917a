/// Finds every postfix chain of a file and how its value is used.
struct ChainParser {
    let layer: TokenLayer
    let t: TokenText
    let scopes: [Scope]
    let scopeOfToken: [Int32]
    let closures: [Closure]
    let functions: [FunctionDecl]
    let variables: [VariableDecl]
    let statementStarts: [Bool]
    let variableByNameToken: TokenKeyedTable<Int>
    /// The `#elseif`/`#else` branches of the file's `#if` blocks (nil when it has none).
    let alternatives: ConditionalAlternatives?
    var n: Int { layer.tokens.count }


    /// The file's chains, the one array holding all their elements (each chain views its range),
    /// and the generic arguments of the elements written with them, by name token.
    func parse() -> (chains: [Chain], elements: [ChainElement], genericArguments: TokenKeyedTable<String>) {
        var chains: [Chain] = []
        var ranges: [Range<Int>] = []
        // About one chain per fifteen code tokens: the ranges are a temporary, so spare room
        // costs nothing kept; the chains, kept, get a little less (one growth at most, mostly).
        ranges.reserveCapacity(n / 12)
        chains.reserveCapacity(n / 16 + 1)
        var covered = Array(repeating: false, count: n)
        var angles = AngleEnds(tokenCount: n)
        // Real code has about one chain element per six code tokens, and one argument or
        // trailing closure per twenty.
        var store = ElementStore(capacity: n / 6)
        var parts: [Argument] = []
        parts.reserveCapacity(n / 20 + 1)
        var i = 0
        while i < n {
            if !covered[i], mayContinue(after: i), isRootCandidate(i),
               let chain = parseChain(at: i, alternativeEnd: nil, covered: &covered, store: &store, parts: &parts, angles: &angles) {
                chains.append(chain)
                ranges.append(store.endChain())
            }
            i += 1
        }
        // `#elseif`/`#else` branches skipped by the chains they split: each is a chain of its own.
        if !store.waitingBranches.isEmpty {
            parseBranches(chains: &chains, ranges: &ranges, covered: &covered, store: &store, parts: &parts, angles: &angles)
        }
        // Every call views the one array of all arguments and trailing closures.
        store.attachCallParts(parts.compacted())
        // Every chain views the one array of all elements.
        let generics = TokenKeyedTable(store.genericArguments.map { (key: $0.nameToken, value: $0.text) })
        let storage = store.finish()
        for c in chains.indices { chains[c].elements = ChainElements(storage: storage, range: ranges[c]) }
        return (chains.compacted(), storage, generics)
    }

    /// Cheap test before building a chain: a lone name (most identifiers) is followed by nothing
    /// that could extend it, so no chain is allocated for it.
    @inline(__always) private func mayContinue(after i: Int) -> Bool {
        guard i + 1 < n else { return false }
        if layer.tokens[i].kind == .leftBracket || layer.tokens[i].kind == .leftParen { return true }
        let next = layer.tokens[i + 1]
        switch next.kind {
        case .period, .leftParen, .leftBracket, .leftBrace, .questionMark, .exclamationMark: return true
        case .operator:
            // Only generic arguments (`Subject<Int, Never>()`) extend a name.
            return !next.flags.contains(.spaceBefore) && t.bytes[next.startOffset] == UInt8(ascii: "<")
        default: return false
        }
    }

    /// The closure opened by brace token `k`, if that brace is a closure.
    func closureIndex(at k: Int) -> Int? {
        guard k >= 0, k < n, layer.tokens[k].kind == .leftBrace else { return nil }
        let scope = scopes[Int(scopeOfToken[k])]
        if scope.open == k, case .closure(let c) = scope.kind { return c }
        return nil
    }

    /// Asked for most tokens of the file: inlined into `parse()`'s loop.
    @inline(__always) private func isRootCandidate(_ i: Int) -> Bool {
        let token = layer.tokens[i]
        // Capture lists hold bindings, not expressions to analyse as chains.
        let enclosingBracket = Int(layer.enclosing[i])
        if enclosingBracket >= 0, layer.tokens[enclosingBracket].kind == .leftBracket, enclosingBracket > 0,
           let c = closureIndex(at: enclosingBracket - 1), closures[c].captureList?.lowerBound == enclosingBracket {
            return false
        }
        switch token.kind {
        case .identifier, .dollarIdentifier:
            if i > 0 {
                let prev = layer.tokens[i - 1]
                if prev.kind == .period && !layer.lineBreakBefore[i] { return false }
                // A declared name (`func name(`, `case name(`, `var name`), not an expression.
                if prev.kind == .keyword && t.words.classify(prev, in: t.bytes).startsDeclaration { return false }
                if prev.kind == .identifier && t.is(i - 1, "actor") { return false }
            }
            // A label (`to:`) or a dictionary key / type annotation name.
            if i + 1 < n, layer.tokens[i + 1].kind == .colon { return false }
            return true
        case .keyword:
            return t.is(i, "self") || t.is(i, "super") || t.is(i, "Self")
        case .leftBracket:
            // `[…].publisher`: a collection literal starting an expression.
            let close = Int(layer.matching[i])
            guard close > i, close + 1 < n, layer.tokens[close + 1].kind == .period else { return false }
            if i > 0 {
                let pk = layer.tokens[i - 1].kind
                if !layer.lineBreakBefore[i], !layer.tokens[i].flags.contains(.spaceBefore),
                   pk == .identifier || pk == .rightParen || pk == .rightBracket || pk == .questionMark || pk == .exclamationMark || pk == .keyword && t.is(i - 1, "self") {
                    return false
                }
            }
            return true
        case .leftParen:
            return isParenthesisedRoot(i)
        default:
            return false
        }
    }

    /// `(childCoordinators.first as? ExhibitsCoordinator)?.showScanner()`: a parenthesised expression
    /// (not a call's arguments, a tuple or a closure's parameters) that a member access goes on from.
    private func isParenthesisedRoot(_ i: Int) -> Bool {
        let close = Int(layer.matching[i])
        guard close > i + 1, close + 2 < n else { return false }
        var after = close + 1
        if layer.tokens[after].kind == .questionMark || layer.tokens[after].kind == .exclamationMark { after += 1 }
        // The member on the same line, right after the parenthesis, or starting the next line (a line
        // that begins with `.member` goes on from the expression before it).
        let joined = !layer.tokens[close + 1].flags.contains(.spaceBefore) && !layer.lineBreakBefore[close + 1]
        guard layer.tokens[after].kind == .period, joined || (after == close + 1 && layer.lineBreakBefore[after]),
              after + 1 < n, layer.tokens[after + 1].kind == .identifier else { return false }
        if i > 0, !layer.tokens[i].flags.contains(.spaceBefore), !layer.lineBreakBefore[i] {
            // `f(x)`, `a[0](x)`, `x?(y)`, `Type<A>(x)`: the parenthesis opens a call's arguments.
            switch layer.tokens[i - 1].kind {
            case .identifier, .keyword, .rightParen, .rightBracket, .questionMark, .exclamationMark, .operator, .dollarIdentifier: return false
            default: break
            }
        }
        return true
    }

    /// The chain rooted at `first`, its elements appended to `elements` (the caller ends the chain there).
    /// With `alternativeEnd`, `first` is the name after the `.` that begins an `#elseif`/`#else`
    /// branch, and the chain ends with the branch.
    private func parseChain(at first: Int, alternativeEnd: Int?, covered: inout [Bool], store elements: inout ElementStore,
                            parts: inout [Argument], angles: inout AngleEnds) -> Chain? {
        var j: Int
        let end = alternativeEnd ?? n
        // The last token of the chain before the `#elseif`/`#else` branches it skipped last.
        var beforeSkip = (to: -1, last: -1)
        if alternativeEnd != nil {
            elements.append(element(.member, name: t.name(first), token: first, last: first))
            j = first + 1
        } else if layer.tokens[first].kind == .leftBracket {
            let close = Int(layer.matching[first])
            elements.append(element(.literal, name: "[…]", token: first, last: close))
            j = close + 1
        } else if layer.tokens[first].kind == .leftParen {
            let close = Int(layer.matching[first])
            elements.append(element(.literal, name: "(…)", token: first, last: close))
            j = close + 1
        } else {
            elements.append(element(.root, name: t.name(first), token: first, last: first))
            j = first + 1
        }
        covered[first] = true
        loop: while j < end {
            let token = layer.tokens[j]
            switch token.kind {
            case .operator:
                // Generic arguments right after a name: `PassthroughSubject<Int, Never>()`.
                guard !token.flags.contains(.spaceBefore), t.bytes[token.startOffset] == UInt8(ascii: "<") else { break loop }
                let end = skipAngles(j, remembering: &angles)
                // `Future<Int, Never> { … }`: a trailing closure may follow after a space.
                guard end > j, end < n,
                      (!layer.tokens[end].flags.contains(.spaceBefore) && (layer.tokens[end].kind == .leftParen || layer.tokens[end].kind == .period))
                        || (layer.tokens[end].kind == .leftBrace && closureIndex(at: end) != nil) else { break loop }
                elements.recordGenericArguments(t.compact(j, end - 1))
                // Type names inside generic arguments are not expressions.
                for k in j..<end { covered[k] = true }
                j = end
            case .leftParen:
                guard !layer.lineBreakBefore[j] else { break loop }
                let close = Int(layer.matching[j])
                guard close > j else { break loop }
                if elements.base[elements.count - 1].isCall {
                    elements.append(element(.member, name: "()", token: j, last: j))
                }
                let argumentStart = parts.count
                parseArguments(j + 1, close, into: &parts)
                let e = elements.count - 1
                elements.base[e].hasParentheses = true
                elements.base[e].openParen = j
                elements.base[e].closeParen = close
                elements.base[e].recordArguments(start: argumentStart, count: parts.count - argumentStart)
                elements.base[e].lastToken = close
                j = close + 1
            case .leftBracket:
                guard !layer.lineBreakBefore[j], !token.flags.contains(.spaceBefore) else { break loop }
                let close = Int(layer.matching[j])
                guard close > j else { break loop }
                elements.base[elements.count - 1].subscripts.append(j...close)
                elements.base[elements.count - 1].lastToken = close
                j = close + 1
            case .leftBrace:
                guard !layer.lineBreakBefore[j] || layer.tokens[j - 1].kind == .rightParen, let c = closureIndex(at: j) else { break loop }
                // `foo.bar { }` after a subscript or `?` is not a call in practice; accept after a name or `)`.
                elements.base[elements.count - 1].recordTrailingClosure(at: parts.count)
                parts.append(trailingClosure(label: nil, closure: c))
                var end = closures[c].close
                // Labelled trailing closures: `} receiveValue: { … }`.
                while end + 3 < n, layer.tokens[end + 1].kind == .identifier, layer.tokens[end + 2].kind == .colon,
                      let next = closureIndex(at: end + 3) {
                    elements.base[elements.count - 1].recordTrailingClosure(at: parts.count)
                    parts.append(trailingClosure(label: t.name(end + 1), closure: next))
                    covered[end + 1] = true
                    end = closures[next].close
                }
                elements.base[elements.count - 1].lastToken = min(end, n - 1)
                j = end + 1
            case .period:
                guard j + 1 < n else { break loop }
                if let alternatives, layer.lineBreakBefore[j],
                   let blockEnd = skipAlternatives(alternatives, at: j, chainFirst: alternativeEnd == nil ? first : first - 2, store: &elements) {
                    // An `#if` block opened inside this chain, whose first branch the chain went
                    // through: it goes on after `#endif`.
                    beforeSkip = (blockEnd, j == beforeSkip.to ? beforeSkip.last : j - 1)
                    j = blockEnd
                    continue loop
                }
                let nk = layer.tokens[j + 1].kind
                guard nk == .identifier || nk == .keyword || nk == .dollarIdentifier || nk == .integerLiteral else { break loop }
                // `.init` after a line break on its own could start nothing else: still a member.
                elements.append(element(.member, name: t.name(j + 1), token: j + 1, last: j + 1))
                covered[j + 1] = true
                j += 2
            case .questionMark, .exclamationMark:
                guard !token.flags.contains(.spaceBefore) else { break loop }
                elements.base[elements.count - 1].lastToken = j
                j += 1
            default:
                break loop
            }
        }
        let last = min(max(first, j == beforeSkip.to ? beforeSkip.last : j - 1), n - 1)
        // A lone name that is neither called nor followed by anything is not worth a chain.
        let root = elements.chainStart
        if elements.chainCount == 1 && !elements.base[root].isCall && elements.base[root].subscripts.isEmpty {
            elements.dropChain()
            return nil
        }
        // The elements are set once the file's chains are all parsed (see `parse()`).
        var chain = Chain(elements: ChainElements([]), first: first, last: last, context: .other,
                          scope: Int(scopeOfToken[first]), statementStart: first)
        // A branch's chain continues another: its value is that chain's, not a statement's.
        if alternativeEnd == nil { (chain.context, chain.statementStart) = context(first: first, last: last, next: max(j, last + 1)) }
        return chain
    }

    /// Puts chains (and their element ranges) back in the order of their first tokens.
    @inline(never)
    private static func sortByFirstToken(_ chains: inout [Chain], _ ranges: inout [Range<Int>]) {
        let order = chains.indices.sorted { chains[$0].first < chains[$1].first }
        chains = order.map { chains[$0] }
        ranges = order.map { ranges[$0] }
    }

    /// Where a chain (begun after token `after`) that reaches the `.` at `j` goes on, when `j`
    /// starts an `#elseif`/`#else` branch of a block opened inside the chain after an earlier
    /// branch with code: after the block's `#endif`. The block's other branches wait in the store
    /// to be read as chains of their own.
    @inline(never)
    private func skipAlternatives(_ alternatives: ConditionalAlternatives, at j: Int, chainFirst after: Int,
                                  store: inout ElementStore) -> Int? {
        // A block whose other branches hold no code (an `#elseif` line whose condition swallowed
        // them) ends where it starts: nothing to skip, and the chain must move on.
        guard let found = alternatives.alternative(startingAt: j, blockOpenedAfter: after),
              alternatives.branches[found].blockEnd > j else { return nil }
        var b = found
        while b >= 0 {
            let other = alternatives.branches[b]
            if other.start + 1 < other.end && layer.tokens[other.start].kind == .period
                && (layer.tokens[other.start + 1].kind == .identifier || layer.tokens[other.start + 1].kind == .keyword) {
                store.waitingBranches.append(b)
            }
            b = other.next
        }
        return alternatives.branches[found].blockEnd
    }

    /// Reads the branches waiting in the store as chains (a branch's own `#if` blocks may add
    /// more), then puts the file's chains back in the order of their first tokens.
    @inline(never)
    private func parseBranches(chains: inout [Chain], ranges: inout [Range<Int>], covered: inout [Bool],
                               store: inout ElementStore, parts: inout [Argument], angles: inout AngleEnds) {
        guard let alternatives else { return }
        while let b = store.waitingBranches.popLast() {
            let branch = alternatives.branches[b]
            if !covered[branch.start + 1],
               let chain = parseChain(at: branch.start + 1, alternativeEnd: branch.end, covered: &covered, store: &store,
                                      parts: &parts, angles: &angles) {
                chains.append(chain)
                ranges.append(store.endChain())
            }
        }
        ChainParser.sortByFirstToken(&chains, &ranges)
    }

    private func element(_ kind: ChainElement.Kind, name: String, token: Int, last: Int) -> ChainElement {
        ChainElement(kind: kind, name: name, nameToken: token, hasParentheses: false,
                     openParen: nil, closeParen: nil, subscripts: [], lastToken: last)
    }

    /// A trailing closure as the call parts keep it: an argument whose value is the closure's braces.
    private func trailingClosure(label: String?, closure c: Int) -> Argument {
        Argument(label: label, value: closures[c].open...closures[c].close, closure: c, isInout: false)
    }

    /// What `skipAngles` returned from each `<` token it has scanned past, so that nested generic
    /// arguments (`A<A<A<…>>>`, rejected as a chain at each `A`) are scanned once, not once per level.
    /// The end of each angle scan found so far, by the token of its `<`. A per-token array, made at
    /// the first scan, rather than a dictionary: a file of deeply nested generics records one end
    /// per `<`, and a dictionary of millions of entries made the scan grow faster than the file.
    struct AngleEnds {
        private let tokenCount: Int
        /// Per token: the end plus one, or 0 when not known.
        private var ends: [Int32] = []
        init(tokenCount: Int) { self.tokenCount = tokenCount }
        subscript(start: Int) -> Int? {
            get { ends.isEmpty || ends[start] == 0 ? nil : Int(ends[start]) - 1 }
            set {
                if ends.isEmpty { ends = Array(repeating: 0, count: tokenCount + 1) }
                ends[start] = newValue.map { Int32($0 + 1) } ?? 0
            }
        }
    }

    /// `skipAngles(k)`, recording the answer for every `<` token inside the scan as well: a scan
    /// from an inner `<` reads the same tokens, and ends where the depth falls back to the depth
    /// before that token (or fails at the same token).
    private func skipAngles(_ k: Int, remembering known: inout AngleEnds) -> Int {
        if let end = known[k] { return end }
        var depth = 0
        var j = k
        var inner: [(start: Int, base: Int)] = []
        var result = k
        scan: while j < n {
            let kind = layer.tokens[j].kind
            switch kind {
            case .operator, .questionMark, .exclamationMark:
                let before = depth
                if j != k, kind == .operator, t.bytes[layer.tokens[j].startOffset] == UInt8(ascii: "<") { inner.append((j, before)) }
                for b in t.utf8(j) {
                    if b == UInt8(ascii: "<") { depth += 1 } else if b == UInt8(ascii: ">") { depth -= 1 } else if kind == .operator && b != UInt8(ascii: "&") && b != UInt8(ascii: "?") && b != UInt8(ascii: "!") { break scan }
                }
                while let last = inner.last, depth <= last.base {
                    known[last.start] = j + 1
                    inner.removeLast()
                }
                if depth <= 0 {
                    result = j + 1
                    break scan
                }
            case .identifier, .keyword, .comma, .period, .colon, .arrow:
                break
            case .leftParen, .leftBracket:
                let m = Int(layer.matching[j])
                if m > j { j = m } else { break scan }
            default:
                break scan
            }
            j += 1
        }
        // Scans still open fail where this one stopped.
        for open in inner { known[open.start] = open.start }
        known[k] = result
        return result
    }

    /// Appends the arguments of the call whose parentheses enclose `from...to` to `parts`.
    func parseArguments(_ from: Int, _ to: Int, into parts: inout [Argument]) {
        guard from < to else { return }
        let level = Int32(from - 1)
        var start = from
        var k = from
        while k <= to {
            if k == to || (layer.tokens[k].kind == .comma && layer.enclosing[k] == level) {
                if k > start { parts.append(argument(start, k - 1)) }
                start = k + 1
            } else if layer.matching[k] > Int32(k) && layer.tokens[k].kind != .rightParen {
                k = Int(layer.matching[k])
                continue
            }
            k += 1
        }
    }

    private func argument(_ from: Int, _ to: Int) -> Argument {
        var label: String? = nil
        var valueStart = from
        if from + 1 <= to, layer.tokens[from + 1].kind == .colon,
           layer.tokens[from].kind == .identifier || layer.tokens[from].kind == .keyword {
            label = t.name(from)
            valueStart = from + 2
        }
        if valueStart > to { valueStart = to }
        var closure: Int? = nil
        if layer.tokens[valueStart].kind == .leftBrace, Int(layer.matching[valueStart]) == to {
            closure = closureIndex(at: valueStart)
        }
        let first = layer.tokens[valueStart]
        let isInout = first.kind == .ampersand || (first.kind == .operator && t.is(valueStart, "&"))
        return Argument(label: label, value: valueStart...to, closure: closure, isInout: isInout)
    }

    // MARK: Context

    /// How the value of the chain `first...last` is used, and where its statement starts.
    /// `next` is the token after the chain: after `last`, or after the `#if` block whose other
    /// branches the chain skipped at its end.
    private func context(first: Int, last: Int, next: Int) -> (ChainContext, Int) {
        var before = first - 1
        // `try`, `try?`, `try!`, `await` belong to the expression.
        while before >= 0 {
            if t.is(before, "await") || t.is(before, "try") {
                before -= 1
            } else if (layer.tokens[before].kind == .questionMark || layer.tokens[before].kind == .exclamationMark), before > 0, t.is(before - 1, "try") {
                before -= 2
            } else {
                break
            }
        }
        let expressionStart = before + 1
        let enclosing = Int(layer.enclosing[first])
        if enclosing >= 0 {
            switch layer.tokens[enclosing].kind {
            case .leftParen:
                if isAtArgumentStart(before, enclosing) { return (.argument(open: enclosing), first) }
            case .leftBracket:
                if isAtArgumentStart(before, enclosing) { return (.collectionElement(open: enclosing), first) }
            case .interpolationStart:
                return (.interpolation, first)
            default:
                break
            }
        }
        if before >= 0 {
            let bk = layer.tokens[before].kind
            if bk == .keyword && t.is(before, "return") { return (.returned, before) }
            if bk == .equal || (bk == .operator && isCompoundAssignment(before)) {
                return assignmentContext(equal: before, compound: bk != .equal)
            }
        }
        guard expressionStart < n, statementStarts[expressionStart] else { return (.other, first) }
        guard endsStatement(last: last, next: next) else { return (.other, expressionStart) }
        if isOnlyStatementOfReturningBody(start: expressionStart, next: next) { return (.implicitReturn, expressionStart) }
        // Only a whole `{ … }` or what follows a case label's `:` (cheap tests before the scope's).
        if expressionStart > 0, next < n,
           layer.tokens[expressionStart - 1].kind == .leftBrace && layer.tokens[next].kind == .rightBrace
            || layer.tokens[expressionStart - 1].kind == .colon,
           let value = branchValueContext(start: expressionStart, next: next) {
            return value
        }
        return (.statement, expressionStart)
    }

    /// For a chain that is the whole of a branch of an `if` or `switch` used as a value (Swift
    /// 5.9): the context of that `if` or `switch`, when it is a variable's initial value, assigned,
    /// returned or an argument (`let c = if x { a.sink {…} } else { … }`,
    /// `bag.insert(switch k { case 0: a.sink {…} default: … })`). Read as a statement, the branch's
    /// value looked thrown away.
    @inline(never)
    private func branchValueContext(start: Int, next: Int) -> (ChainContext, Int)? {
        let open = Int(layer.enclosing[start])
        guard open >= 0, layer.tokens[open].kind == .leftBrace else { return nil }
        let scope = scopes[Int(scopeOfToken[open])]
        guard case .controlFlow(let word) = scope.kind, scope.open == open else { return nil }
        switch word {
        case .if, .else:
            guard start == open + 1, next == scope.close else { return nil }
        case .switch:
            // A case's only statement: after its label's `:`, up to the next case or the end.
            guard start > 0, layer.tokens[start - 1].kind == .colon, next < n,
                  next == scope.close || t.is(next, "case") || t.is(next, "default") || layer.tokens[next].kind == .attribute else { return nil }
        default:
            return nil
        }
        guard let head = expressionHead(ofBodyAt: open, word) else { return nil }
        let before = head - 1
        guard before >= 0 else { return nil }
        let kind = layer.tokens[before].kind
        if kind == .equal { return assignmentContext(equal: before, compound: false) }
        if kind == .keyword && t.is(before, "return") { return (.returned, before) }
        let enclosing = Int(layer.enclosing[head])
        if enclosing >= 0, layer.tokens[enclosing].kind == .leftParen, isAtArgumentStart(before, enclosing) {
            return (.argument(open: enclosing), head)
        }
        return nil
    }

    /// The `if` or `switch` keyword that begins the statement whose body (or, for `if`, one of
    /// whose `else` bodies) opens at `open`: back over the condition, and over `} else` to the
    /// first `if`. Bounded: a condition is a few tokens.
    private func expressionHead(ofBodyAt open: Int, _ word: ControlWord) -> Int? {
        var brace = open
        var isElse = word == .else
        var steps = 0
        while steps < 64 {
            if isElse {
                // `} else {`: back to the branch before.
                guard brace >= 2, t.is(brace - 1, "else"), layer.tokens[brace - 2].kind == .rightBrace else { return nil }
                let previous = Int(layer.matching[brace - 2])
                guard previous >= 0 else { return nil }
                brace = previous
                isElse = false
                continue
            }
            // Back over the condition (or the subject) to the keyword at the same level.
            var k = brace - 1
            let level = layer.enclosing[brace]
            while k >= 0, steps < 64 {
                steps += 1
                let kind = layer.tokens[k].kind
                if kind == .rightParen || kind == .rightBracket || kind == .rightBrace {
                    let m = Int(layer.matching[k])
                    guard m >= 0, m < k else { return nil }
                    k = m - 1
                    continue
                }
                guard layer.enclosing[k] == level else { return nil }
                if kind == .keyword && (t.is(k, "if") || t.is(k, "switch")) { break }
                if kind == .semicolon || kind == .leftBrace || statementStarts[k] { return nil }
                k -= 1
            }
            guard k >= 0, steps < 64 else { return nil }
            // `else if`: the whole `if` starts further back.
            if t.is(k, "if"), k >= 1, t.is(k - 1, "else") {
                brace = k
                isElse = true
                continue
            }
            return k
        }
        return nil
    }

    private func isAtArgumentStart(_ before: Int, _ enclosing: Int) -> Bool {
        guard before >= 0 else { return false }
        if before == enclosing { return true }
        let kind = layer.tokens[before].kind
        if kind == .comma && Int(layer.enclosing[before]) == enclosing { return true }
        if kind == .colon && Int(layer.enclosing[before]) == enclosing { return true }
        return false
    }

    /// `+=`, `-=`, `<<=`, `??=` …: an operator ending in `=` that is not a comparison.
    private func isCompoundAssignment(_ k: Int) -> Bool {
        let s = t.utf8(k)
        guard s.count >= 2, s.last == UInt8(ascii: "=") else { return false }
        return !(t.is(k, "==") || t.is(k, "!=") || t.is(k, "<=") || t.is(k, ">=") || t.is(k, "===") || t.is(k, "!=="))
    }

    private func assignmentContext(equal: Int, compound: Bool) -> (ChainContext, Int) {
        // Walk back to the statement start at the same level.
        var k = equal - 1
        let level = layer.enclosing[equal]
        while k >= 0 {
            if layer.enclosing[k] == level && statementStarts[k] { break }
            if layer.tokens[k].kind == .rightParen || layer.tokens[k].kind == .rightBracket || layer.tokens[k].kind == .rightBrace {
                let m = Int(layer.matching[k])
                if m >= 0 && m < k { k = m }
            }
            if Int32(k) == level { k += 1; break }
            k -= 1
        }
        let start = max(0, k)
        guard start < equal else { return (.other, start) }
        // `let x = …`, `private var x = …`, also with several bindings.
        if let (_, variable) = variableByNameToken.first(in: start..<equal) {
            return (.declaration(variable), start)
        }
        if t.is(start, "if") || t.is(start, "guard") || t.is(start, "while") || t.is(start, "case") { return (.other, start) }
        if equal - 1 == start && t.is(start, "_") { return (.discardAssignment, start) }
        return (.assignment(target: start...(equal - 1), compound: compound), start)
    }

    private func endsStatement(last: Int, next: Int) -> Bool {
        if next >= n { return true }
        let kind = layer.tokens[next].kind
        if kind == .semicolon { return true }
        if kind == .rightBrace { return Int(layer.matching[next]) == Int(layer.enclosing[last]) || layer.matching[next] < 0 }
        return statementStarts[next]
    }

    /// The chain is the whole body of a closure, a getter, or a function that returns a value.
    private func isOnlyStatementOfReturningBody(start: Int, next: Int) -> Bool {
        let enclosing = Int(layer.enclosing[start])
        guard enclosing >= 0, layer.tokens[enclosing].kind == .leftBrace else { return false }
        let scope = scopes[Int(scopeOfToken[enclosing])]
        guard next < n, next == scope.close || (layer.tokens[next].kind == .semicolon && next + 1 == scope.close) else { return false }
        switch scope.kind {
        case .closure(let c):
            return closures[c].bodyStart == start
        case .functionBody(let f):
            guard scope.open + 1 == start else { return false }
            let function = functions[f]
            if function.kind == .accessor { return function.name == "get" }
            return !function.returnType.isEmpty && function.returnType != "Void" && function.returnType != "()"
        default:
            return false
        }
    }
}
