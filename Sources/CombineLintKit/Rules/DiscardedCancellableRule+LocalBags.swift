extension DiscardedCancellableRule {
    /// `var cancellables = Set<AnyCancellable>()` declared in the method, the subscription stored in it,
    /// and the bag never read again (not kept in a member, returned, passed on or captured): the bag
    /// and every subscription in it are released when the scope ends, usually before a request
    /// answers or a notification arrives. Not reported when the scope waits or suspends after the
    /// last store (`wait(for:)`, `await`): the scope is then meant to outlive the values; but in a
    /// test case, where that wait is the test, the bag may still be released before it.
    static func forgottenLocalBag(_ v: Int, in tree: SyntaxTree, index: ProjectIndex) -> LocalBagFate? {
        let variable = tree.variables[v]
        if case .file = tree.scopes[variable.scope].kind { return nil }
        guard let initializer = variable.initializer, isEmptyBag(initializer, in: tree) else { return nil }
        let uses = SubscriptionFinder.usesAfterDeclaration(of: v, in: tree)
        guard let last = uses.last, uses.allSatisfy({ isStoreTarget($0, in: tree) }) else { return nil }
        let end = min(tree.scopes[variable.scope].close, tree.tokens.count)
        var waits = false
        for k in (last + 1)..<max(last + 1, end) {
            if tree.isWord(k, "await") { waits = true; break }
            if tree.tokens[k].kind == .identifier, k + 1 < end, tree.tokens[k + 1].kind == .leftParen || tree.tokens[k + 1].kind == .leftBrace,
               Catalogue.waitingCalls.contains(tree.name(k)) { waits = true; break }
        }
        // A test that stores into a local bag and then waits for the values: Swift may release the bag
        // after its last use, before the wait, as it may a local token (`unusedLocal(beforeWait:)`).
        // A test's bag with no wait after it sees only what arrives at once, which it may mean to.
        if TestCaseCode.isTestOrDouble(variable.nameToken, of: tree, index: index) {
            return waits && TestCaseCode.contains(variable.nameToken, of: tree, index: index) ? .releasedBeforeWait : nil
        }
        return waits ? nil : .forgotten
    }

    /// What becomes of a local bag that nothing keeps.
    enum LocalBagFate {
        /// Released when the scope ends.
        case forgotten
        /// In a test, possibly released before the wait that follows its last use.
        case releasedBeforeWait
    }

    /// `Set<AnyCancellable>()`, `[AnyCancellable]()`, `[]` or `.init()`, or a new object of a named
    /// type made without arguments (`Bag()` of `typealias Bag = Set<AnyCancellable>`, a project's
    /// own `DisposeBag()`): a new container that only this scope holds, whatever its type.
    private static func isEmptyBag(_ range: ClosedRange<Int>, in tree: SyntaxTree) -> Bool {
        let text = tree.text(range.lowerBound, range.upperBound).filter { !$0.isWhitespace }
        if ["Set<AnyCancellable>()", "[AnyCancellable]()", "[]", ".init()", "Set()"].contains(text) { return true }
        guard text.hasSuffix("()"), text.first?.isUppercase == true else { return false }
        let called = text.dropLast(2)
        let typeName = called.hasSuffix(".init") ? called.dropLast(5) : called
        return typeName.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "<" || $0 == ">" }
    }

    /// The bag's name at token `k` is where a subscription goes in: `&bag` in `store(in: &bag)`, or
    /// the receiver of `bag.insert(…)`, `bag.append(…)`, `bag += […]`.
    private static func isStoreTarget(_ k: Int, in tree: SyntaxTree) -> Bool {
        if k > 0, tree.tokens[k - 1].kind == .ampersand || tree.tokenIs(k - 1, "&") {
            let open = Int(tree.enclosing[k])
            guard open >= 0, tree.tokens[open].kind == .leftParen, let call = tree.call(openedAt: open) else { return false }
            return tree.chains[call.chain].elements[call.element].name == "store"
        }
        guard k + 1 < tree.tokens.count else { return false }
        if tree.tokenIs(k + 1, "+=") { return true }
        guard k + 3 < tree.tokens.count, tree.tokens[k + 1].kind == .period, tree.tokens[k + 3].kind == .leftParen else { return false }
        // `local.union(other)` and `local.appending(x)` make a new collection from the bag's contents,
        // which the code then keeps (`liveCancellables = local.union(liveCancellables)`): a read.
        let method = tree.name(k + 2)
        return Catalogue.bagInsertionMethods.contains(method) && !Catalogue.bagCopyingMethods.contains(method)
    }
}
