/// Questions rules ask of a tree.
extension SyntaxTree {

    /// The text of code token i.
    public func text(_ i: Int) -> String { textReader.text(i) }
    /// The name of token i (backticks removed).
    public func name(_ i: Int) -> String { textReader.name(i) }
    /// Whether code token i's text is exactly `s` (no allocation).
    public func tokenIs(_ i: Int, _ s: String) -> Bool { textReader.is(i, text: s) }
    /// Whether token i is the word `word` (identifier or keyword, backticks ignored).
    public func isWord(_ i: Int, _ word: String) -> Bool { textReader.isWord(i, word) }
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
    public func scopeChain(of token: Int) -> [Int] {
        var result: [Int] = []
        var s: Int? = Int(scopeOfToken[token])
        while let scope = s {
            result.append(scope)
            s = scopes[scope].parent
        }
        return result
    }

    /// The innermost function (function, initializer, accessor, …) whose body holds token i, looking through closures.
    public func enclosingFunction(of token: Int) -> Int? {
        for scope in scopeChain(of: token) {
            if case .functionBody(let f) = scopes[scope].kind { return f }
            if case .typeBody = scopes[scope].kind { return nil }
        }
        return nil
    }

    /// The innermost non-local `func` whose body holds the token (a local function belongs to its
    /// method), or nil inside an initializer, accessor or other function-like body, or outside any.
    public func outerMethod(of token: Int) -> Int? {
        for scope in scopeChain(of: token) {
            switch scopes[scope].kind {
            case .functionBody(let f):
                if functions[f].isLocal { continue }
                return functions[f].kind == .function ? f : nil
            case .typeBody:
                return nil
            default:
                continue
            }
        }
        return nil
    }

    /// The innermost type whose body holds token i (through functions and closures).
    public func enclosingType(of token: Int) -> Int? {
        for scope in scopeChain(of: token) {
            if case .typeBody(let t) = scopes[scope].kind { return t }
        }
        return nil
    }

    /// The closures around token i, innermost first (up to the enclosing function or type).
    public func enclosingClosures(of token: Int) -> [Int] {
        var result: [Int] = []
        for scope in scopeChain(of: token) {
            switch scopes[scope].kind {
            case .closure(let c): result.append(c)
            case .functionBody, .typeBody, .file: return result
            default: break
            }
        }
        return result
    }

    /// The innermost closure around token i (the first of `enclosingClosures(of:)`), found
    /// without making the list; with `outside`, the innermost one enclosing closure `outside`.
    public func innermostClosure(of token: Int, outside: Int? = nil) -> Int? {
        var s: Int? = Int(scopeOfToken[token])
        var passed = outside == nil
        while let scope = s {
            switch scopes[scope].kind {
            case .closure(let c):
                if passed { return c }
                if c == outside { passed = true }
            case .functionBody, .typeBody, .file:
                return nil
            default:
                break
            }
            s = scopes[scope].parent
        }
        return nil
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
    public func isSelfReference(_ i: Int) -> Bool {
        guard isWord(i, "self") else { return false }
        if i > 0, tokens[i - 1].kind == .period { return false }
        if i > 0, tokens[i - 1].kind == .backslash { return false }
        return true
    }

    /// Code tokens that refer to `self` inside closure c (nested closures included).
    public func selfReferences(in c: Int) -> [Int] { selfReferenceCandidates(in: c).filter(isSelfReference) }

    /// The first code token that refers to `self` inside closure c, if any (`selfReferences(in:).first`
    /// without scanning the rest of the body).
    public func firstSelfReference(in c: Int) -> Int? { selfReferenceCandidates(in: c).first(where: isSelfReference) }

    /// The tokens of closure c's body, nested closures included.
    private func selfReferenceCandidates(in c: Int) -> Range<Int> {
        let closure = closures[c]
        guard closure.bodyStart <= closure.close else { return 0..<0 }
        return closure.bodyStart..<min(closure.close, tokens.count)
    }

    /// Whether identifier `name` is used as a value in token range `range` (not as a member name or label).
    public func uses(_ name: String, in range: Range<Int>) -> [Int] {
        range.clamped(to: 0..<tokens.count).filter { i in
            let kind = tokens[i].kind
            guard kind == .identifier || kind == .keyword else { return false }
            guard self.name(i) == name else { return false }
            if i > 0, tokens[i - 1].kind == .period { return false }
            if i + 1 < tokens.count, tokens[i + 1].kind == .colon, enclosing[i] >= 0, tokens[Int(enclosing[i])].kind == .leftParen { return false }
            return true
        }
    }

    /// Whether the file imports one of `modules` (`import SwiftUI`).
    public func imports(anyOf modules: Set<String>) -> Bool {
        for i in 0..<max(0, tokens.count - 1) where isWord(i, "import") && modules.contains(name(i + 1)) { return true }
        return false
    }

    /// The call whose argument list opens at `(` token `open`.
    public func call(openedAt open: Int) -> CallReference? { callsByOpenParen[open] }

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

    private func firstChain(atOrAfter token: Int) -> Int {
        var low = 0, high = chains.count
        while low < high {
            let mid = (low + high) / 2
            if chains[mid].first < token { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
