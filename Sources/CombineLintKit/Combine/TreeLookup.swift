/// Indexes over one tree for questions rules ask once per subscription: chains and closures by
/// position, chains by first token, locals by name. Built once per file, so that a file with
/// thousands of subscriptions is not scanned again for each one.
public struct TreeLookup: Sendable {
    public let tree: SyntaxTree
    /// Chain indices sorted by first token, and those first tokens.
    private let chainOrder: [Int]
    private let chainFirsts: [Int]
    /// Closure indices sorted by opening brace, and those braces.
    private let closureOrder: [Int]
    private let closureOpens: [Int]
    private let chainByFirst: [Int: Int]

    public init(_ tree: SyntaxTree) {
        self.tree = tree
        chainOrder = tree.chains.indices.sorted { tree.chains[$0].first < tree.chains[$1].first }
        chainFirsts = chainOrder.map { tree.chains[$0].first }
        closureOrder = tree.closures.indices.sorted { tree.closures[$0].open < tree.closures[$1].open }
        closureOpens = closureOrder.map { tree.closures[$0].open }
        var byFirst: [Int: Int] = [:]
        for (c, chain) in tree.chains.enumerated() where byFirst[chain.first] == nil { byFirst[chain.first] = c }
        chainByFirst = byFirst
    }

    /// The chain whose first token is `token`.
    public func chain(startingAt token: Int) -> Int? { chainByFirst[token] }

    /// Indices of the chains whose first token lies in `range`, in source order.
    public func chains(in range: ClosedRange<Int>) -> [Int] {
        Array(chainOrder[TreeLookup.slice(chainFirsts, range)])
    }

    /// Indices of the closures whose opening brace lies in `range`, in source order.
    public func closures(in range: ClosedRange<Int>) -> [Int] {
        Array(closureOrder[TreeLookup.slice(closureOpens, range)])
    }

    /// A local variable named `name` declared before `token` in one of its enclosing scopes
    /// (the same answer as `SubscriptionFinder.localVariable(named:visibleAt:in:)`).
    public func localVariable(named name: String, visibleAt token: Int) -> Int? {
        guard let candidates = tree.localsByName[name] else { return nil }
        let chain = Set(tree.scopeChain(of: token))
        var best: Int? = nil
        for v in candidates where tree.variables[v].nameToken < token && chain.contains(tree.variables[v].scope) { best = v }
        return best
    }

    /// The positions in a sorted array whose values lie in `range`.
    private static func slice(_ sorted: [Int], _ range: ClosedRange<Int>) -> Range<Int> {
        lowerBound(sorted, range.lowerBound)..<lowerBound(sorted, range.upperBound + 1)
    }

    private static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
