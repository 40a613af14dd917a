/// Which closures of a file run on the main thread: those inside a chain that hops there
/// (`DispatchQueue.main.async { … }`, `MainActor.run { … }`) or that start with `@MainActor`.
/// Made once per file: asking every chain for every closure would be quadratic.
struct MainHopSpans {
    /// The hopping chains' first tokens in order, and the largest last token among each prefix of them.
    private let firsts: [Int]
    private let reach: [Int]

    init(_ tree: SyntaxTree) {
        var firsts: [Int] = []
        var reach: [Int] = []
        // Chains come in the order of their first token.
        for chain in tree.chains where MainHopSpans.hops(chain) {
            firsts.append(chain.first)
            reach.append(max(reach.last ?? Int.min, chain.last))
        }
        self.firsts = firsts
        self.reach = reach
    }

    private static func hops(_ chain: Chain) -> Bool {
        let names = chain.names
        if names.contains("main") && (names.contains("async") || names.contains("asyncAfter") || names.contains("sync")) { return true }
        return names.first == "MainActor" && names.contains("run")
    }

    /// A closure passed to `DispatchQueue.main.async`, `MainActor.run`, `Task { @MainActor in … }`:
    /// some hopping chain starts before its brace and ends at or after it.
    func isMainHop(_ c: Int, tree: SyntaxTree) -> Bool {
        let open = tree.closures[c].open
        var low = 0, high = firsts.count
        while low < high {
            let mid = (low + high) / 2
            if firsts[mid] < open { low = mid + 1 } else { high = mid }
        }
        if low > 0, reach[low - 1] >= open { return true }
        return open + 1 < tree.tokens.count && tree.tokenIs(open + 1, "@MainActor")
    }
}
