/// Code that a test of the current thread keeps on the main thread: the first block of
/// `if Thread.isMainThread { … }`, and what follows `guard Thread.isMainThread else { … }` in its
/// block. A helper that sends on main when called there and hops otherwise
/// (`if Thread.isMainThread { subject.send(x) } else { DispatchQueue.main.async { … } }`) never
/// sends off the main thread, whoever calls it.
enum MainThreadChecks {
    /// Whether the token is in such a branch of its own function or closure.
    static func isOnMainBranch(_ token: Int, in tree: SyntaxTree) -> Bool {
        guard token >= 0, token < tree.tokens.count else { return false }
        // The body the token runs in: a closure's or a function's brace ends the walk.
        let closureOpen = tree.innermostClosure(of: token).map { tree.closures[$0].open } ?? -1
        let functionOpen = tree.enclosingFunction(of: token).flatMap { tree.functions[$0].bodyOpen } ?? -1
        let bodyOpen = max(closureOpen, functionOpen)
        guard bodyOpen >= 0 else { return false }
        var open = Int(tree.enclosing[token])
        while open >= bodyOpen {
            if tree.tokens[open].kind == .leftBrace {
                if open > bodyOpen, isThenBlockOfMainThreadTest(open, in: tree) { return true }
                if isGuardedOnMain(token, inBlock: open, in: tree) { return true }
            }
            guard open > bodyOpen else { break }
            open = Int(tree.enclosing[open])
        }
        return false
    }

    /// Whether the block opened at `open` is the first block of `if Thread.isMainThread`.
    private static func isThenBlockOfMainThreadTest(_ open: Int, in tree: SyntaxTree) -> Bool {
        var start = open - 1
        while start > 0, !tree.statementStarts[start] { start -= 1 }
        guard tree.isWord(start, "if") else { return false }
        return testsMainThread(from: start + 1, to: open, in: tree)
    }

    /// Whether a `guard Thread.isMainThread else { … }` of the block opened at `open` stands before the token.
    private static func isGuardedOnMain(_ token: Int, inBlock open: Int, in tree: SyntaxTree) -> Bool {
        for k in (open + 1)..<token where tree.statementStarts[k] && Int(tree.enclosing[k]) == open && tree.isWord(k, "guard") {
            guard let elseToken = ((k + 1)..<token).first(where: { tree.isWord($0, "else") }) else { continue }
            if testsMainThread(from: k + 1, to: elseToken, in: tree) { return true }
        }
        return false
    }

    /// Whether tokens `first..<end` are exactly `Thread.isMainThread` or `Thread.current.isMainThread`.
    private static func testsMainThread(from first: Int, to end: Int, in tree: SyntaxTree) -> Bool {
        let names = (first..<end).map { tree.tokens[$0].kind == .period ? "." : tree.name($0) }
        return Catalogue.mainThreadTests.contains(names.joined())
    }
}
