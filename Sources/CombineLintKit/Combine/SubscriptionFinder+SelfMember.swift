/// Which member of `self` ends up keeping a subscription's cancellable.
extension SubscriptionFinder {
    /// The member of `self` that keeps the cancellable of `subscription`: stored with
    /// `.store(in: &bag)`, assigned (`self.cancellable = …`, `lazy var c = …`), inserted into a
    /// member collection, or first bound to a local (a cancellable or a local bag) that is then
    /// stored in one of those ways (`let c = …; c.store(in: &bag)`, `bag.insert(c)`,
    /// `self.c = c`, `self.cancellables = localBag`). `nil` when no member does.
    public static func selfMemberKeeping(_ subscription: Subscription, lookup: TreeLookup) -> String? {
        let tree = lookup.tree
        switch subscription.storage {
        case .bag(.selfMember(let name)), .assigned(.selfMember(let name)), .collection(.selfMember(let name)):
            return name
        case .local(let v), .bag(.local(let v)), .collection(.local(let v)):
            // A local cancellable or bag, stored in a member later (`self.cancellables = bag`).
            for use in usesAfterDeclaration(of: v, in: tree) {
                if let name = selfMemberStoring(localAt: use, lookup: lookup) { return name }
            }
            return nil
        default:
            return nil
        }
    }

    /// The member of `self` that the local named at token `use` is stored into there, if any.
    static func selfMemberStoring(localAt use: Int, lookup: TreeLookup) -> String? {
        let tree = lookup.tree
        if let bag = bagStoring(localAt: use, lookup: lookup) {
            if case .selfMember(let name) = bag { return name }
            return nil
        }
        // `liveCancellables = local.union(liveCancellables)`: the local bag merged into a member one.
        if let c = lookup.chain(startingAt: use), case let chain = tree.chains[c], chain.elements.count == 2,
           chain.elements[1].name == "union", chain.elements[1].isCall, case .assignment(let target, _) = chain.context,
           case .selfMember(let name) = owner(ofTarget: target.lowerBound, through: target.upperBound, in: tree) {
            return name
        }
        // `self.cancellable = c`, `cancellables[key] = c`
        if use >= 2, tree.tokens[use - 1].kind == .equal || tree.tokenIs(use - 1, "+="),
           use + 1 >= tree.tokens.count || tree.statementStarts[use + 1] || tree.tokens[use + 1].kind == .rightBrace || tree.tokens[use + 1].kind == .semicolon {
            var start = use - 2
            while start > 0, !tree.statementStarts[start] { start -= 1 }
            if case .selfMember(let name) = owner(ofTarget: start, through: use - 2, in: tree) { return name }
        }
        return nil
    }

    /// The bag or collection that the local cancellable named at token `use` is put into there
    /// (`c.store(in: &bag)`, `bag.insert(c)`, `bag.append(c)`), if any; an assignment
    /// (`self.token = c`) replaces what it held and is not one.
    public static func bagStoring(localAt use: Int, lookup: TreeLookup) -> Owner? {
        bagStore(localAt: use, lookup: lookup).map { owner(ofTarget: $0.first, through: $0.last, in: lookup.tree) }
    }

    /// Where a local cancellable goes into a bag later: `token.store(in: &bag)`, `bag.append(token)`.
    public struct LaterBagStore: Sendable {
        /// Who holds the bag.
        public var owner: Owner
        /// The storing call (`store`, `append`, `insert`): its name token and last token.
        public var call: ChainElement
        /// The bag expression as written (`self.tokens`, `&bag` without the `&`).
        public var bag: ClosedRange<Int>
    }

    /// The first bag the cancellable in local `v` is put into after its declaration, if any.
    public static func laterBagStore(ofLocal v: Int, lookup: TreeLookup) -> LaterBagStore? {
        for use in usesAfterDeclaration(of: v, in: lookup.tree) {
            guard let store = bagStore(localAt: use, lookup: lookup), store.first <= store.last else { continue }
            return LaterBagStore(owner: owner(ofTarget: store.first, through: store.last, in: lookup.tree), call: store.call,
                                 bag: store.first...store.last)
        }
        return nil
    }

    /// The storing call that the local cancellable named at token `use` goes into a bag by
    /// (`c.store(in: &bag)`, `bag.insert(c)`, `bag.append(c)`), with the bag's tokens (without `&`).
    private static func bagStore(localAt use: Int, lookup: TreeLookup) -> (call: ChainElement, first: Int, last: Int)? {
        let tree = lookup.tree
        // `c.store(in: &bag)`
        if let c = lookup.chain(startingAt: use), case let chain = tree.chains[c], chain.elements.count == 2,
           let argument = bagArgument(of: chain.elements[1]) {
            let first = argument.isInout ? argument.value.lowerBound + 1 : argument.value.lowerBound
            return (chain.elements[1], first, argument.value.upperBound)
        }
        // `bag.insert(c)`, `bag.append(c)`
        let open = Int(tree.enclosing[use])
        if open >= 0, tree.tokens[open].kind == .leftParen, Int(tree.matching[open]) == use + 1, tree.tokens[use - 1].kind == .leftParen,
           let call = tree.call(openedAt: open), call.element > 0 {
            let chain = tree.chains[call.chain]
            guard Catalogue.bagInsertionMethods.contains(chain.elements[call.element].name) else { return nil }
            return (chain.elements[call.element], chain.first, chain.elements[call.element - 1].lastToken)
        }
        return nil
    }
}
