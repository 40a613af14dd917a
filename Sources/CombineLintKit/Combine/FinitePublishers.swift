/// Publishers that complete as soon as they are subscribed to: a retain cycle through their
/// subscription ends by itself, because a completed subscription releases its closures.
public enum FinitePublishers {
    /// Whether the publisher of `chain` (its root, followed through locals such as
    /// `let p = Just(1).map { … }`) completes at once: `Just`, `Empty` (unless
    /// `completeImmediately: false`), `Fail`, `Result…publisher`, `Record`, a literal's
    /// `.publisher` (`[1, 2].publisher`, `(1...3).publisher`), `Publishers.Sequence`, or a root
    /// named in `extraRoots`. Combining it with another publisher (`combineLatest`, `merge`, `zip`)
    /// keeps it finite only when the other one is finite too.
    public static func completesAtOnce(_ chain: Chain, lookup: TreeLookup, extraRoots: Set<String> = [], depth: Int = 0) -> Bool {
        let tree = lookup.tree
        guard depth < 8, let root = chain.elements.first else { return false }
        let roots = Catalogue.finiteRoots.union(extraRoots)
        var finite = false
        switch root.kind {
        case .literal:
            // `[1, 2, 3].publisher`, `(1...3).publisher`, `"abc".publisher`.
            finite = chain.elements.count > 1 && chain.elements[1].name == "publisher" && !chain.elements[1].isCall
        case .root, .member:
            if roots.contains(root.name) {
                finite = !(root.name == "Empty" && neverCompletes(root, in: tree))
            } else if root.name == "Publishers", chain.elements.count > 1, chain.elements[1].name == "Sequence" {
                finite = true
            } else if let local = localPublisher(named: root, lookup) {
                finite = completesAtOnce(local, lookup: lookup, extraRoots: extraRoots, depth: depth + 1)
            }
        }
        guard finite else { return false }
        for element in chain.elements.dropFirst() where Catalogue.mergingOperators.contains(element.name) {
            for argument in element.arguments where argument.closure == nil {
                guard let other = lookup.chain(startingAt: argument.value.lowerBound),
                      completesAtOnce(tree.chains[other], lookup: lookup, extraRoots: extraRoots, depth: depth + 1) else { return false }
            }
        }
        return true
    }

    /// `Empty(completeImmediately: false)` never completes.
    private static func neverCompletes(_ element: ChainElement, in tree: SyntaxTree) -> Bool {
        guard let argument = element.argument("completeImmediately") else { return false }
        return argument.value.count == 1 && tree.isWord(argument.value.lowerBound, "false")
    }

    /// The initializer chain of the local variable a root element names, if any.
    static func localPublisher(named root: ChainElement, _ lookup: TreeLookup) -> Chain? {
        let tree = lookup.tree
        guard root.kind == .root, tree.tokens[root.nameToken].kind == .identifier,
              let v = lookup.localVariable(named: root.name, visibleAt: root.nameToken),
              let initializer = tree.variables[v].initializer,
              let c = lookup.chain(startingAt: initializer.lowerBound) else { return nil }
        return tree.chains[c]
    }
}
