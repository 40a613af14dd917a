/// The publishers a local array is filled with, for `Publishers.MergeMany(uploads)`.
extension FinitePublishers {
    /// For an argument that names a local array declared empty (`var checks: [AnyPublisher<…>] = []`)
    /// and filled only by `checks.append(x)` before the use: the publishers appended (`x` written
    /// as a chain, or a local's name followed to its initializer). `nil` when the array is filled
    /// or changed in any other way before the use (`+=`, `insert`, a reassignment, `&checks`), or
    /// when an appended value is no publisher chain: then what it holds is not known.
    static func publishersAppended(toLocalArray argument: Argument, in tree: SyntaxTree) -> [Chain]? {
        let use = argument.value.lowerBound
        guard argument.value.upperBound == use, tree.tokens[use].kind == .identifier,
              let v = SubscriptionFinder.localVariable(named: tree.name(use), visibleAt: use, in: tree),
              case let variable = tree.variables[v], variable.isLocal,
              let initializer = variable.initializer, initializer.count == 2,
              tree.tokens[initializer.lowerBound].kind == .leftBracket,
              tree.tokens[initializer.upperBound].kind == .rightBracket else { return nil }
        var appended: [Chain] = []
        for k in (initializer.upperBound + 1)..<use where tree.tokens[k].kind == .identifier && tree.name(k) == variable.name {
            if k > 0, tree.tokens[k - 1].kind == .period { continue }
            // `checks.append(x)`, nothing else.
            guard k + 3 < use, tree.tokens[k + 1].kind == .period, tree.isWord(k + 2, "append"),
                  tree.tokens[k + 3].kind == .leftParen else { return nil }
            let close = Int(tree.matching[k + 3])
            guard close > k + 4, let chain = publisher(from: (k + 4)...(close - 1), in: tree) else { return nil }
            appended.append(chain)
        }
        return appended
    }

    /// The chain written at `value`, or for a bare local's name that local's initializer chain.
    private static func publisher(from value: ClosedRange<Int>, in tree: SyntaxTree) -> Chain? {
        if let c = tree.chain(startingAt: value.lowerBound), tree.chains[c].last <= value.upperBound { return tree.chains[c] }
        let k = value.lowerBound
        guard value.upperBound == k, tree.tokens[k].kind == .identifier,
              let v = SubscriptionFinder.localVariable(named: tree.name(k), visibleAt: k, in: tree),
              let initializer = tree.variables[v].initializer,
              let c = tree.chain(startingAt: initializer.lowerBound) else { return nil }
        return tree.chains[c]
    }

    /// For an argument that names a local constant made by mapping a collection
    /// (`let loads = ids.map { load($0) }`, also after other collection steps: `files.compactMap { … }.map { … }`):
    /// the closure whose results the array holds. `nil` for a `var` (it may change before the use)
    /// or when the chain starts from a publisher that never finishes (a publisher's `map`, not a collection's).
    static func closureMapping(toLocalArray argument: Argument, in tree: SyntaxTree, index: ProjectIndex?) -> Int? {
        let use = argument.value.lowerBound
        guard argument.value.upperBound == use, tree.tokens[use].kind == .identifier,
              let v = SubscriptionFinder.localVariable(named: tree.name(use), visibleAt: use, in: tree),
              case let variable = tree.variables[v], variable.isLocal, variable.isLet,
              let initializer = variable.initializer else { return nil }
        return closureMapping(in: initializer, in: tree, index: index)
    }

    /// As `closureMapping(toLocalArray:in:index:)` for the mapping written in the argument itself:
    /// `Publishers.MergeMany(attachments.map { store.data(for: $0) })`.
    static func closureMapping(inline argument: Argument, in tree: SyntaxTree, index: ProjectIndex?) -> Int? {
        closureMapping(in: argument.value, in: tree, index: index)
    }

    /// The closure of the collection `map` (or `compactMap`) that tokens `range` are, whole.
    private static func closureMapping(in range: ClosedRange<Int>, in tree: SyntaxTree, index: ProjectIndex?) -> Int? {
        guard let c = tree.chain(startingAt: range.lowerBound), case let chain = tree.chains[c],
              chain.last == range.upperBound, chain.elements.count >= 2,
              let map = chain.elements.last, map.kind == .member, map.name == "map" || map.name == "compactMap",
              map.closures.count == 1, map.arguments.allSatisfy({ $0.closure != nil }) else { return nil }
        if let index, NeverFinishingSources.evidence(in: chain, before: chain.elements.count - 1, tree: tree, index: index, extraNames: []) != nil {
            return nil
        }
        return map.closures[0]
    }
}
