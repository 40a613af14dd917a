/// Closures that act only on the values they are given (`{ $0.removeFromSuperview() }`,
/// `{ banner in banner.isHidden = true }`): they read and write nothing that another run of the
/// same code, or any other code, also holds, so no run can overwrite what another did.
enum SelfContainedClosures {
    /// Whether every name closure `c` of `tree` uses on its own is one of its parameters (`$0` or
    /// named), or a local it declares. Members (`.removeFromSuperview`), argument labels
    /// (`animated:`) and literals do not count; `self`, a capture-list name, a `$property`, a type
    /// or any outer name makes it not self-contained. An empty body is not (it does nothing to judge).
    static func usesOnlyItsParameters(_ c: Int, in tree: SyntaxTree) -> Bool {
        let closure = tree.closures[c]
        guard closure.bodyStart < closure.close else { return false }
        var own = Set(closure.parameters)
        var usedAny = false
        for i in closure.bodyStart..<closure.close {
            let kind = tree.tokens[i].kind
            if tree.isWord(i, "self") || tree.isWord(i, "Self") || tree.isWord(i, "super") { return false }
            if kind == .dollarIdentifier {
                guard tree.name(i).dropFirst().allSatisfy(\.isNumber) else { return false }
                usedAny = true
                continue
            }
            guard kind == .identifier else { continue }
            if i > 0, tree.tokens[i - 1].kind == .period { continue }
            let name = tree.name(i)
            // `let label = …` inside the closure: its own local from here on.
            if i > 0, tree.isWord(i - 1, "let") || tree.isWord(i - 1, "var") { own.insert(name); continue }
            // An argument label: `name:` inside a call's parentheses.
            if i + 1 < closure.close, tree.tokens[i + 1].kind == .colon, tree.enclosing[i] >= 0,
               tree.tokens[Int(tree.enclosing[i])].kind == .leftParen { continue }
            guard own.contains(name) else { return false }
            usedAny = true
        }
        return usedAny
    }
}
