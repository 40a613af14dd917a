extension SubjectFakeInitialValueRule {
    /// Whether the nil write "tree:token" of `name` is the expiry of a value the same code just set:
    /// `banner = "Saved"` then `DispatchQueue.main.asyncAfter(deadline: .now() + 2) { self?.banner = nil }`.
    /// The event is shown for a while and then taken back; nil is not a state of its own, and a
    /// subscriber arriving before it expires still gets the event again.
    static func isDelayedExpiry(_ write: String, of name: String, kind: Kind, index: ProjectIndex) -> Bool {
        guard let (tree, token) = position(ofWrite: write, index: index), let c = tree.innermostClosure(of: token),
              isDelayedCallback(c, in: tree),
              let f = tree.enclosingFunction(of: token), let bodyOpen = tree.functions[f].bodyOpen else { return false }
        // The value set before the delay, in the same function: `banner = "Saved"`, `toast.send(toast)`.
        for i in bodyOpen..<tree.closures[c].open where tree.isWord(i, name) && i + 2 < tree.tokens.count {
            if tree.tokens[i + 1].kind == .equal, !isNil(i + 2, in: tree) { return true }
            if kind == .subject, tree.tokens[i + 1].kind == .period, tree.isWord(i + 2, "send"), i + 4 < tree.tokens.count,
               tree.tokens[i + 3].kind == .leftParen, !isNil(i + 4, in: tree) { return true }
        }
        return false
    }

    /// Closure `c` is work for later: of `asyncAfter(deadline:)` (trailing or `execute:`), of a
    /// `DispatchWorkItem { … }` scheduled so, or a timer's block.
    private static func isDelayedCallback(_ c: Int, in tree: SyntaxTree) -> Bool {
        guard let call = tree.call(receiving: c) else { return false }
        return Catalogue.delayedWorkCalls.contains(tree.chains[call.chain].elements[call.element].name)
    }
}
