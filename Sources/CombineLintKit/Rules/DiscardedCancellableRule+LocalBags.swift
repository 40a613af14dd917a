extension DiscardedCancellableRule {
    /// `var cancellables = Set<AnyCancellable>()` declared in the method, the subscription stored in it,
    /// and the bag never read again (not kept in a member, returned, passed on or captured): the bag
    /// and every subscription in it are released when the scope ends, usually before a request
    /// answers or a notification arrives. Not reported in test code, nor when the scope waits or
    /// suspends after the last store (`wait(for:)`, `await`): the scope is then meant to outlive the values.
    static func isForgottenLocalBag(_ v: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let variable = tree.variables[v]
        if case .file = tree.scopes[variable.scope].kind { return false }
        guard let initializer = variable.initializer, isEmptyBag(initializer, in: tree),
              !TestCaseCode.isTestOrDouble(variable.nameToken, of: tree, index: index) else { return false }
        let uses = SubscriptionFinder.usesAfterDeclaration(of: v, in: tree)
        guard let last = uses.last, uses.allSatisfy({ isStoreTarget($0, in: tree) }) else { return false }
        let end = min(tree.scopes[variable.scope].close, tree.tokens.count)
        for k in (last + 1)..<max(last + 1, end) {
            if tree.isWord(k, "await") { return false }
            if tree.tokens[k].kind == .identifier, k + 1 < end, tree.tokens[k + 1].kind == .leftParen || tree.tokens[k + 1].kind == .leftBrace,
               Catalogue.waitingCalls.contains(tree.name(k)) { return false }
        }
        return true
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
        return Catalogue.bagInsertionMethods.contains(tree.name(k + 2))
    }
}
