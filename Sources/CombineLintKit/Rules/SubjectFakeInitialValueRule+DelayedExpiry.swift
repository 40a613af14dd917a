extension SubjectFakeInitialValueRule {
    /// Whether the nil write "tree:token" of `name` is the expiry of a value the same code just set:
    /// `banner = "Saved"` then `DispatchQueue.main.asyncAfter(deadline: .now() + 2) { self?.banner = nil }`.
    /// The event is shown for a while and then taken back; nil is not a state of its own, and a
    /// subscriber arriving before it expires still gets the event again.
    static func isDelayedExpiry(_ write: String, of name: String, kind: Kind, index: ProjectIndex) -> Bool {
        guard let (tree, token) = position(ofWrite: write, index: index), let c = tree.innermostClosure(of: token),
              isDelayedCallback(closureOpen: tree.closures[c].open, in: tree),
              let f = tree.enclosingFunction(of: token), let bodyOpen = tree.functions[f].bodyOpen else { return false }
        // The value set before the delay, in the same function: `banner = "Saved"`, `toast.send(toast)`.
        for i in bodyOpen..<tree.closures[c].open where tree.isWord(i, name) && i + 2 < tree.tokens.count {
            if tree.tokens[i + 1].kind == .equal, !isNil(i + 2, in: tree) { return true }
            if kind == .subject, tree.tokens[i + 1].kind == .period, tree.isWord(i + 2, "send"), i + 4 < tree.tokens.count,
               tree.tokens[i + 3].kind == .leftParen, !isNil(i + 4, in: tree) { return true }
        }
        return false
    }

    /// The closure opening at `open` is the work of `asyncAfter(deadline:)`: its trailing closure or
    /// its `execute:` argument.
    private static func isDelayedCallback(closureOpen open: Int, in tree: SyntaxTree) -> Bool {
        guard open > 1 else { return false }
        let before = open - 1
        var paren = -1
        if tree.tokens[before].kind == .rightParen {
            paren = Int(tree.matching[before])
        } else if tree.tokens[before].kind == .colon, tree.isWord(before - 1, "execute") {
            paren = Int(tree.enclosing[before])
        }
        return paren > 0 && tree.tokens[paren].kind == .leftParen && tree.isWord(paren - 1, "asyncAfter")
    }
}
