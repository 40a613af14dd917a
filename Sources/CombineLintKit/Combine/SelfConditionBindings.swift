/// The condition bindings of `self` in one file (`guard let strongSelf = self`,
/// `if let strongSelf = self`): strong references under another name, even where `self` is
/// captured weakly. The syntax tree keeps no variables for condition bindings, so they are found
/// here once per file; a question about a position then walks only the brackets around it
/// (a method with thousands of closures is not read again for each one).
public struct SelfConditionBindings: Sendable {
    /// The bindings by the innermost bracket around them: (binding keyword `let`/`var`, name).
    private let byBracket: [Int32: [(keyword: Int, name: String)]]

    public init(_ tree: SyntaxTree) {
        var byBracket: [Int32: [(keyword: Int, name: String)]] = [:]
        let tokens = tree.tokens
        if tokens.count > 5 {
            for k in 1..<(tokens.count - 4) where tokens[k].kind == .keyword && (tree.isWord(k, "let") || tree.isWord(k, "var")) {
                guard tree.isWord(k - 1, "guard") || tree.isWord(k - 1, "if") || tokens[k - 1].kind == .comma,
                      tokens[k + 1].kind == .identifier, tokens[k + 2].kind == .equal, tree.isSelfReference(k + 3),
                      tree.isWord(k + 4, "else") || tokens[k + 4].kind == .comma || tokens[k + 4].kind == .leftBrace else { continue }
                let name = tree.name(k + 1)
                if name != "self" { byBracket[tree.enclosing[k], default: []].append((k, name)) }
            }
        }
        self.byBracket = byBracket
    }

    /// The names bound to `self` that are visible at `token`: made earlier in the same method
    /// body, in a bracket that still holds the token.
    public func names(visibleAt token: Int, in tree: SyntaxTree) -> Set<String> {
        guard !byBracket.isEmpty, let f = tree.enclosingFunction(of: token), let open = tree.functions[f].bodyOpen else { return [] }
        var names = Set<String>()
        var bracket = tree.enclosing[token]
        while bracket >= 0, Int(bracket) >= open {
            for binding in byBracket[bracket] ?? [] where binding.keyword > open && binding.keyword < token - 3 {
                names.insert(binding.name)
            }
            bracket = tree.enclosing[Int(bracket)]
        }
        return names
    }

    /// Whether token `token` lies in the `else` block of a `guard let self` (`guard let self = self`,
    /// `guard let strongSelf = self else { … }`): code that runs only once the weakly held object is
    /// gone, when nothing is left to observe what it does.
    public static func runsOnlyWhenSelfIsGone(_ token: Int, in tree: SyntaxTree) -> Bool {
        guard token >= 0, token < tree.tokens.count else { return false }
        let open = Int(tree.enclosing[token])
        guard open >= 1, tree.tokens[open].kind == .leftBrace, tree.isWord(open - 1, "else") else { return false }
        var start = open - 1
        while start > 0, !tree.statementStarts[start] { start -= 1 }
        guard tree.isWord(start, "guard") else { return false }
        // `let self`, `let self = self`, `let strongSelf = self` among the conditions.
        for k in (start + 1)..<(open - 1) where tree.isWord(k, "let") || tree.isWord(k, "var") {
            guard k + 1 < open, tree.tokens[k + 1].kind == .identifier || tree.isWord(k + 1, "self") else { continue }
            if tree.isWord(k + 1, "self"), !(k + 2 < open && tree.tokens[k + 2].kind == .equal) { return true }
            if k + 3 < open, tree.tokens[k + 2].kind == .equal, tree.isSelfReference(k + 3) { return true }
        }
        return false
    }
}
