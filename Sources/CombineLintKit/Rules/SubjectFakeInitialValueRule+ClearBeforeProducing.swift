extension SubjectFakeInitialValueRule {
    /// Whether the nil write "tree:token" of `name` clears the last value before the same function
    /// produces the next one: `errorMessage = nil` at the start of `reload()`, whose request then sets
    /// `errorMessage = error.localizedDescription`. It keeps the old event from being replayed while the
    /// new one is on its way; with every consumer skipping nil, no one ever receives that nil as a
    /// state (a clearing method that sets nothing after it, `clearSelection()`, still makes nil a state).
    static func isClearedBeforeProducing(_ write: String, of name: String, kind: Kind, index: ProjectIndex) -> Bool {
        guard let (tree, token) = position(ofWrite: write, index: index), token + 4 < tree.tokens.count,
              kind == .published ? isNil(token + 2, in: tree)
                : (tree.isWord(token + 2, "send") || tree.isWord(token + 2, "value")) && isNil(token + 4, in: tree),
              tree.innermostClosure(of: token) == nil,
              let f = tree.enclosingFunction(of: token), let bodyClose = tree.functions[f].bodyClose else { return false }
        // A block that exits after the clearing (`guard let profile else { zone = nil; return }`)
        // leaves nil as the state on that path: only a value written before the exit counts.
        let blockOpen = Int(tree.enclosing[token])
        let searchEnd = blockOpen >= 0 && blockOpen < bodyClose
            ? (token + 1..<Int(tree.matching[blockOpen])).first { k in
                (tree.isWord(k, "return") || tree.isWord(k, "throw")) && Int(tree.enclosing[k]) == blockOpen
            } ?? bodyClose
            : bodyClose
        // The value written after the clearing, in the same function (its closures included):
        // `name = value`, `self.name = value`, `name.send(value)`, `name.value = value`.
        var i = token + 1
        while i < searchEnd {
            defer { i += 1 }
            guard tree.isWord(i, name), i + 2 < searchEnd else { continue }
            if kind == .published, tree.tokens[i + 1].kind == .equal, !mayBeNil(i + 2, in: tree) { return true }
            if kind == .subject, tree.tokens[i + 1].kind == .period {
                if tree.isWord(i + 2, "send"), i + 4 < searchEnd, tree.tokens[i + 3].kind == .leftParen, !mayBeNil(i + 4, in: tree) { return true }
                if tree.isWord(i + 2, "value"), i + 4 < searchEnd, tree.tokens[i + 3].kind == .equal, !mayBeNil(i + 4, in: tree) { return true }
            }
        }
        return false
    }
}
