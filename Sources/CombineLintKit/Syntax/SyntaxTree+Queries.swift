/// Questions rules ask of a tree.
extension SyntaxTree {
    /// The first variable named `name` declared in the body of type `t` (a property, in source
    /// order), if any: a table lookup for a type with many properties, a short read otherwise.
    public func memberVariable(named name: String, ofType t: Int) -> Int? {
        if let table = memberTables[t] { return table[name] }
        return types[t].variables.first { variables[$0].name == name }
    }

    /// Types with more properties than this get a name table (`memberTables`).
    static let memberTableThreshold = 32

    /// The text of code token i.
    public func text(_ i: Int) -> String { textReader.text(i) }
    /// The generic arguments written right after a chain element's name (`<Int, Never>` of
    /// `CurrentValueSubject<Int, Never>(0)`), compacted, or empty.
    public func genericArguments(of element: ChainElement) -> String { genericArgumentsByNameToken[element.nameToken] ?? "" }
    /// The name of token i (backticks removed).
    public func name(_ i: Int) -> String { textReader.name(i) }
    /// Whether code token i's text is exactly `s` (no allocation).
    public func tokenIs(_ i: Int, _ s: String) -> Bool { textReader.is(i, text: s) }
    /// Whether token i is the word `word` (identifier or keyword, backticks ignored).
    public func isWord(_ i: Int, _ word: String) -> Bool { textReader.isWord(i, word) }
    /// Whether the block whose `{` is token `open` ends by leaving: its last statement is `return`,
    /// `continue`, `break` or `throw` (`if let cached = rows[id] { cached.update(x); return cached }`).
    public func blockLeaves(_ open: Int) -> Bool {
        guard open >= 0, open < tokens.count, matching[open] > Int32(open) else { return false }
        let close = Int(matching[open])
        guard let last = ((open + 1)..<close).last(where: { statementStarts[$0] && Int(enclosing[$0]) == open }) else { return false }
        return isWord(last, "return") || isWord(last, "continue") || isWord(last, "break") || isWord(last, "throw")
    }

    /// Whether the code at tokens `first` and `second` may not both run: an `else`, a `case` or a
    /// `return` of their own code (not of a closure in between) stands between them.
    public func mayRunApart(_ first: Int, _ second: Int) -> Bool {
        guard first < second else { return true }
        // Only the code around the two: an `if case` or `return` inside a closure the first
        // subscription is given (`sink(receiveCompletion: { if case .failure = $0 { … } })`) keeps nothing apart.
        let level = innermostClosure(of: first)
        for k in first..<second where isWord(k, "else") || isWord(k, "case") || isWord(k, "default") || isWord(k, "return") {
            if innermostClosure(of: k) == level { return true }
        }
        return false
    }

    /// Whether operator token i assigns (`+=`, `??=` …): it ends in `=` and is not a comparison.
    public func isCompoundAssignment(_ i: Int) -> Bool {
        let text = name(i)
        return text.count >= 2 && text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }

    /// The last token of the expression first...last without its trailing subscript: `bags[id]`
    /// ends at `bags` (the collection that owns the entry); an expression with none ends at `last`.
    public func lastTokenBeforeSubscript(first: Int, last: Int) -> Int {
        guard tokens[last].kind == .rightBracket, case let open = Int(matching[last]), open > first else { return last }
        return open - 1
    }
    /// The source text of tokens first...last, with single spaces where the source had space.
    public func text(_ first: Int, _ last: Int) -> String { textReader.joined(first, last) }
    /// The exact source text of tokens first...last, as written.
    public func sourceText(_ first: Int, _ last: Int) -> String {
        guard first <= last, first >= 0, last < tokens.count else { return "" }
        return file.text(tokens[first].startOffset..<tokens[last].endOffset)
    }
    /// Whether the source of tokens `range` (trivia between them included) contains `needle`,
    /// compared as bytes with no String made.
    public func sourceContains(_ range: ClosedRange<Int>, _ needle: StaticString) -> Bool {
        guard range.lowerBound >= 0, range.upperBound < tokens.count else { return false }
        let start = tokens[range.lowerBound].startOffset, end = tokens[range.upperBound].endOffset
        return file.bytes.withUnsafeBufferPointer { ByteSearch.contains(needle, in: $0, range: start..<end) }
    }

    /// 1-based line of code token i.
    public func line(of i: Int) -> Int { file.lineIndex(ofOffset: tokens[i].startOffset) + 1 }

    /// The scopes around token i, innermost first.
    public func scopeChain(of token: Int) -> ScopeChain { ScopeChain(scopes: scopes, first: Int(scopeOfToken[token]), outsideNest: nil) }

    /// The scopes around token i that are not closures, innermost first (`ScopeChain`).
    public func scopeChainOutsideClosures(of token: Int) -> ScopeChain {
        ScopeChain(scopes: scopes, first: Int(scopeOfToken[token]), outsideNest: scopeOutsideClosureNest)
    }

    /// The closures, function and type bodies and the file around token i, innermost first:
    /// `scopeChain(of:)` without the `if`, loop and other blocks between them.
    public func declarationScopes(of token: Int) -> ScopeChain {
        ScopeChain(scopes: scopes, first: Int(scopeOfToken[token]), outsideNest: nil, declaring: owners.declaring)
    }

    /// The function and type bodies and the file around token i, innermost first:
    /// `scopeChainOutsideClosures(of:)` without the blocks between them.
    public func declarationScopesOutsideClosures(of token: Int) -> ScopeChain {
        ScopeChain(scopes: scopes, first: Int(scopeOfToken[token]), outsideNest: scopeOutsideClosureNest, declaring: owners.declaring)
    }

    /// The types whose bodies hold token i, through functions and closures (a local type's
    /// method stands in the outer type too), innermost first: at most `deepestTypeNesting`.
    public func typesAround(_ token: Int) -> [Int] {
        var result: [Int] = []
        var next = enclosingType(of: token)
        while let t = next, result.count < SyntaxTree.deepestTypeNesting {
            result.append(t)
            guard let open = types[t].bodyOpen, let around = scopes[Int(scopeOfToken[open])].parent else { break }
            next = owners.type[around] >= 0 ? Int(owners.type[around]) : nil
        }
        return result
    }

    /// The innermost function (function, initializer, accessor, …) whose body holds token i, looking through closures.
    public func enclosingFunction(of token: Int) -> Int? {
        let f = owners.function[Int(scopeOfToken[token])]
        return f >= 0 ? Int(f) : nil
    }

    /// The innermost non-local `func` whose body holds the token (a local function belongs to its
    /// method), or nil inside an initializer, accessor or other function-like body, or outside any.
    public func outerMethod(of token: Int) -> Int? {
        let f = owners.method[Int(scopeOfToken[token])]
        return f >= 0 ? Int(f) : nil
    }

    /// The innermost type whose body holds token i (through functions and closures).
    public func enclosingType(of token: Int) -> Int? {
        let t = owners.type[Int(scopeOfToken[token])]
        return t >= 0 ? Int(t) : nil
    }

    /// How many levels of type nesting the queries about a type's outer types read. Real code
    /// nests a few levels; damaged input (a declaration line repeated thousands of times) nests
    /// thousands, and reading every level for every member grew with the square or the cube of it.
    public static let deepestTypeNesting = 16

    /// Type `t` and the types it is nested in, innermost first: at most `deepestTypeNesting` of them.
    public func nestingChain(ofType t: Int) -> [Int] {
        var chain: [Int] = []
        var current: Int? = t
        while let c = current, chain.count < SyntaxTree.deepestTypeNesting {
            chain.append(c)
            current = types[c].parentType
        }
        return chain
    }

    /// The types whose bodies hold token i, innermost first (see `nestingChain(ofType:)`).
    public func enclosingTypes(of token: Int) -> [Int] {
        enclosingType(of: token).map(nestingChain(ofType:)) ?? []
    }

    /// The closures around token i, innermost first (up to the enclosing function or type).
    public func enclosingClosures(of token: Int) -> [Int] {
        var result: [Int] = []
        var c = innermostClosure(of: token)
        while let closure = c {
            result.append(closure)
            c = parentClosure(of: closure)
        }
        return result
    }

    /// The closure around closure c in the same function (a local function or type in between
    /// ends the walk), if any.
    public func parentClosure(of c: Int) -> Int? {
        let parent = Int(closureParent[c])
        return parent >= 0 ? parent : nil
    }

    /// The outermost closure around token i in its function (the last of `enclosingClosures(of:)`).
    public func outermostClosure(of token: Int) -> Int? {
        innermostClosure(of: token).map { Int(closureRoot[$0]) }
    }

    /// The innermost closure around token i (the first of `enclosingClosures(of:)`), found
    /// without making the list; with `outside`, the innermost one enclosing closure `outside`.
    public func innermostClosure(of token: Int, outside: Int? = nil) -> Int? {
        let innermost = owners.closure[Int(scopeOfToken[token])]
        guard innermost >= 0 else { return nil }
        let c = Int(innermost)
        guard let outside else { return c }
        // Out from `outside` through the closures it is nested in.
        var k: Int? = c
        while let closure = k, closure != outside { k = parentClosure(of: closure) }
        return k.flatMap(parentClosure(of:))
    }

    /// The nearest closure around closure c in the same function that captures `self` weakly or
    /// unwraps it, if any.
    public func selfBindingAncestor(of c: Int) -> Int? {
        let ancestor = Int(selfBindingAncestor[c])
        return ancestor >= 0 ? ancestor : nil
    }

    /// Per closure, the nearest closure around it that binds `self` anew, or -1 (`selfBindingAncestor`):
    /// each closure's walk stops at the first closure already answered, so each is walked once.
    static func selfBindingAncestors(closures: [Closure], parents: [Int32]) -> [Int32] {
        let unknown: Int32 = -2
        var result = [Int32](repeating: unknown, count: closures.count)
        var path: [Int] = []
        for c in closures.indices where result[c] == unknown {
            path.removeAll(keepingCapacity: true)
            var k = c
            var answer: Int32 = -1
            while true {
                if result[k] != unknown { answer = result[k]; break }
                path.append(k)
                let parent = Int(parents[k])
                if parent < 0 { break }
                if closures[parent].bindsSelfAnew { answer = Int32(parent); break }
                k = parent
            }
            for n in path { result[n] = answer }
        }
        return result
    }

    /// Per closure, the outermost closure around it in the same function, itself if none (`closureRoot`).
    static func closureRoots(parents: [Int32]) -> [Int32] {
        var result = [Int32](repeating: -1, count: parents.count)
        var path: [Int] = []
        for c in parents.indices where result[c] < 0 {
            path.removeAll(keepingCapacity: true)
            var k = c
            while result[k] < 0, parents[k] >= 0 {
                path.append(k)
                k = Int(parents[k])
            }
            let root = result[k] >= 0 ? result[k] : Int32(k)
            result[k] = root
            for n in path { result[n] = root }
        }
        return result
    }

    /// The closure opened by brace token i, if any.
    public func closure(openedAt i: Int) -> Int? {
        guard i >= 0, i < tokens.count, tokens[i].kind == .leftBrace else { return nil }
        let scope = scopes[Int(scopeOfToken[i])]
        if scope.open == i, case .closure(let c) = scope.kind { return c }
        return nil
    }

    /// Whether code token i is a use of `self` as a value: the keyword `self` (or `` `self` ``)
    /// that is not a key path component (`\.self`), not a member name (`x.self`), and not `Self`.
    public func isSelfReference(_ i: Int) -> Bool { SyntaxTree.isSelfReference(i, tokens: tokens, text: textReader) }

    static func isSelfReference(_ i: Int, tokens: [Token], text: TokenText) -> Bool {
        guard text.isWord(i, "self") else { return false }
        if i > 0, tokens[i - 1].kind == .period { return false }
        if i > 0, tokens[i - 1].kind == .backslash { return false }
        return true
    }

    /// Code tokens that refer to `self` inside closure c (nested closures included).
    public func selfReferences(in c: Int) -> [Int] { selfTokenIndices(in: c).map { Int(selfTokens[$0]) } }

    /// The first code token that refers to `self` inside closure c, if any (`selfReferences(in:).first`
    /// without making the list).
    public func firstSelfReference(in c: Int) -> Int? { selfTokenIndices(in: c).first.map { Int(selfTokens[$0]) } }

    /// The positions in `selfTokens` of the `self` tokens in closure c's body, nested closures included.
    private func selfTokenIndices(in c: Int) -> Range<Int> {
        let closure = closures[c]
        guard closure.bodyStart <= closure.close else { return 0..<0 }
        let start = firstSelfToken(atOrAfter: closure.bodyStart)
        return start..<max(start, firstSelfToken(atOrAfter: min(closure.close, tokens.count)))
    }

    private func firstSelfToken(atOrAfter token: Int) -> Int {
        var low = 0, high = selfTokens.count
        while low < high {
            let mid = (low + high) / 2
            if Int(selfTokens[mid]) < token { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Whether identifier `name` is used as a value in token range `range` (not as a member name or label).
    public func uses(_ name: String, in range: Range<Int>) -> [Int] {
        range.clamped(to: 0..<tokens.count).filter { i in
            let kind = tokens[i].kind
            guard kind == .identifier || kind == .keyword else { return false }
            guard self.name(i) == name else { return false }
            return isUse(i)
        }
    }

    /// The identifier uses of `name` in a token range (as `uses(_:in:)` finds, keywords aside),
    /// among `identifiers`: the file's identifier tokens that may spell it, in order (the index's
    /// postings of the name), so that only those are read.
    public func uses(_ name: String, amongIdentifiers identifiers: [Int], in range: Range<Int>) -> [Int] {
        var low = 0, high = identifiers.count
        while low < high {
            let mid = (low + high) / 2
            if identifiers[mid] < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var result: [Int] = []
        for i in identifiers[low...] {
            guard i < range.upperBound, i < tokens.count else { break }
            if tokens[i].kind == .identifier, self.name(i) == name, isUse(i) { result.append(i) }
        }
        return result
    }

    /// Whether the name at token i is used there: not a member after `.`, nor an argument label.
    private func isUse(_ i: Int) -> Bool {
        if i > 0, tokens[i - 1].kind == .period { return false }
        if i + 1 < tokens.count, tokens[i + 1].kind == .colon, enclosing[i] >= 0, tokens[Int(enclosing[i])].kind == .leftParen { return false }
        return true
    }

    /// Whether the file imports one of `modules` (`import SwiftUI`).
    public func imports(anyOf modules: Set<String>) -> Bool {
        for i in 0..<max(0, tokens.count - 1) where isWord(i, "import") && modules.contains(name(i + 1)) { return true }
        return false
    }

    /// The `(` of the argument-label list of a compound name that closes at `)` token `close`
    /// (`(for:)` of `currentRange(for:)`, `(_:at:)`): only labels, each with its colon (a label may
    /// be a keyword, `for`, `in`); nil for a call (`handle()`, `make(x)`).
    public func compoundNameLabelsOpen(closingAt close: Int) -> Int? {
        guard close < tokens.count, tokens[close].kind == .rightParen, case let open = Int(matching[close]), open >= 0, open + 1 < close,
              tokens[open].kind == .leftParen, tokens[close - 1].kind == .colon,
              ((open + 1)..<close).allSatisfy({ [.colon, .identifier, .keyword].contains(tokens[$0].kind) || tokenIs($0, "_") })
        else { return nil }
        return open
    }

    /// The call whose argument list opens at `(` token `open`.
    public func call(openedAt open: Int) -> CallReference? { callsByOpenParen[open] }

    /// The chain variable `v` is declared with, when its initial value is one
    /// (`let text = center.publisher(for: …).map { … }`).
    public func valueChain(ofVariable v: Int) -> Chain? {
        guard let initializer = variables[v].initializer else { return nil }
        return chains(in: initializer).first { $0.context == .declaration(v) }
    }

    /// The chains starting inside a token range, in source order.
    public func chains(in range: ClosedRange<Int>) -> [Chain] {
        chainIndices(in: range).map { chains[$0] }
    }

    /// The indices of the chains starting inside a token range. Chains are parsed in the order of
    /// their first token, so this is a binary search.
    public func chainIndices(in range: ClosedRange<Int>) -> Range<Int> {
        firstChain(atOrAfter: range.lowerBound)..<firstChain(atOrAfter: range.upperBound + 1)
    }

    /// The chain whose first token is `token`, if any.
    public func chain(startingAt token: Int) -> Int? {
        let c = firstChain(atOrAfter: token)
        return c < chains.count && chains[c].first == token ? c : nil
    }

    /// The chain that is the whole of `range` (an argument's or an initializer's value), if any.
    public func chain(spanning range: ClosedRange<Int>) -> Int? {
        chain(startingAt: range.lowerBound).flatMap { chains[$0].last == range.upperBound ? $0 : nil }
    }

    private func firstChain(atOrAfter token: Int) -> Int {
        var low = 0, high = chainFirsts.count
        while low < high {
            let mid = (low + high) / 2
            if Int(chainFirsts[mid]) < token { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
