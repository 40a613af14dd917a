/// The project's `objectWillChange` chains, read once per run: the types that send their own
/// (`objectWillChange.send()`, `self.objectWillChange.send()`), and, by the name right before
/// a chain's first `objectWillChange` (`child.objectWillChange…`), the types whose code has it.
struct ObjectWillChangeUses: Sendable {
    /// The simple names of the types that send their own `objectWillChange`.
    var sendingTypes = Set<String>()
    /// By the name right before `objectWillChange` (`child`), the names of the types whose code reads it.
    var forwardingTypes: [String: Set<String>] = [:]

    static func of(_ index: ProjectIndex, memo: ProjectMemo) -> ObjectWillChangeUses {
        memo.value(for: "objectWillChange-uses") { ObjectWillChangeUses(index: index) }
    }

    init(index: ProjectIndex) {
        for use in index.chainElements["objectWillChange"] {
            let tree = index.trees[use.tree]
            let chain = tree.chains[use.chain]
            let names = chain.names
            guard let owner = TypeResolver.enclosingTypeName(at: chain.first, in: tree) else { continue }
            if use.element + 1 < names.count, names[use.element + 1] == "send", use.element == 0 || (use.element == 1 && names[0] == "self") {
                sendingTypes.insert(owner.lastNameComponent)
            }
            // `child.objectWillChange.sink { _ in }` subscribes and passes nothing on.
            if names.firstIndex(of: "objectWillChange") == use.element, use.element > 0, !Self.endsInEmptySink(chain, in: tree) {
                forwardingTypes[names[use.element - 1], default: []].insert(owner)
            }
        }
    }

    /// Whether the chain's tokens name `objectWillChange` anywhere (in a closure too).
    static func mentions(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        (chain.first...chain.last).contains { tree.tokens[$0].kind == .identifier && tree.name($0) == "objectWillChange" }
    }

    /// Whether `chain` is the sequence of a `for await … in` loop whose body names `objectWillChange`
    /// (`for await _ in session.$phase.values { …; self?.objectWillChange.send() }`): each element
    /// of the inner object's stream is passed on as a change of the outer one.
    static func forwardsInAsyncLoop(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        let open = chain.last + 1
        guard chain.first >= 3, open < tree.tokens.count, tree.tokens[open].kind == .leftBrace, tree.isWord(chain.first - 1, "in"),
              case let close = Int(tree.matching[open]), close > open else { return false }
        var k = chain.first - 1
        while k > 0, !tree.statementStarts[k] { k -= 1 }
        guard tree.isWord(k, "for"), tree.isWord(k + 1, "await") || (tree.isWord(k + 1, "try") && tree.isWord(k + 2, "await")) else { return false }
        return (open..<close).contains { tree.tokens[$0].kind == .identifier && tree.name($0) == "objectWillChange" }
    }

    /// Whether the chain ends in a `sink` whose closures are all empty (`inner.objectWillChange.sink { _ in }`):
    /// it subscribes, and passes nothing on.
    static func endsInEmptySink(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        guard let sink = chain.elements.last(where: { $0.name == "sink" && $0.isCall }), !sink.closures.isEmpty else { return false }
        return sink.closures.allSatisfy { tree.closures[$0].bodyStart >= tree.closures[$0].close }
    }
}
