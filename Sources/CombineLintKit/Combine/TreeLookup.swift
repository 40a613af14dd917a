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

    /// The chains starting in `range` that no closure opened in `range` holds, in source order
    /// (what `chains(in:)` gives without the nested ones). A nested closure is jumped over, not
    /// read chain by chain, so closures nested deep in each other cost no rescan of their bodies.
    public func outerChains(in range: ClosedRange<Int>) -> [Int] {
        var result: [Int] = []
        let slice = TreeLookup.slice(chainFirsts, range)
        var p = slice.lowerBound
        while p < slice.upperBound {
            guard let close = closeOfOutermostClosure(around: chainFirsts[p], openedIn: range) else {
                result.append(chainOrder[p])
                p += 1
                continue
            }
            p = max(p + 1, TreeLookup.lowerBound(chainFirsts, close))
        }
        return result
    }

    /// The closures opening in `range` that no other closure opened in `range` holds, in source order.
    public func outerClosures(in range: ClosedRange<Int>) -> [Int] {
        var result: [Int] = []
        let slice = TreeLookup.slice(closureOpens, range)
        var k = slice.lowerBound
        while k < slice.upperBound {
            let c = closureOrder[k]
            if let close = closeOfOutermostClosure(around: closureOpens[k], openedIn: range, skipping: c) {
                k = max(k + 1, TreeLookup.lowerBound(closureOpens, close))
                continue
            }
            result.append(c)
            k = max(k + 1, TreeLookup.lowerBound(closureOpens, tree.closures[c].close))
        }
        return result
    }

    /// The closing brace of the outermost closure around `token` (other than `skipping`, the one
    /// it opens) whose opening brace lies in `range`, or nil when no such closure holds it.
    private func closeOfOutermostClosure(around token: Int, openedIn range: ClosedRange<Int>, skipping: Int? = nil) -> Int? {
        guard var c = tree.innermostClosure(of: token) else { return nil }
        if c == skipping {
            guard let parent = tree.parentClosure(of: c) else { return nil }
            c = parent
        }
        guard range.contains(tree.closures[c].open) else { return nil }
        while let parent = tree.parentClosure(of: c), range.contains(tree.closures[parent].open) { c = parent }
        return tree.closures[c].close
    }

    /// A local variable named `name` declared before `token` in one of its enclosing scopes
    /// (the same answer as `SubscriptionFinder.localVariable(named:visibleAt:in:)`).
    public func localVariable(named name: String, visibleAt token: Int) -> Int? {
        SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree)
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
