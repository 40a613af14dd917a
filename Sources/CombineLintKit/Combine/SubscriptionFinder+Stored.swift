extension SubscriptionFinder {
    /// Every subscription in the tree, chains ending in `.store(in:)` included.
    ///
    /// Workaround: `subscriberElement(of:)` looks at the trailing `store` element first and gives up
    /// there, so `….sink { … }.store(in: &bag)` is not found by `subscriptions(in:)`. This looks again
    /// with the `store` element set aside. Remove once the finder handles it.
    ///
    /// With `bagOwners: false`, every `.store(in:)` gives `.bag(.other(""))` without resolving whose bag it
    /// is: rules that only need to know that the cancellable is stored skip that (costly) lookup.
    public static func allSubscriptions(in tree: SyntaxTree, bagOwners: Bool = true) -> [Subscription] {
        var result: [Subscription] = []
        for (c, chain) in tree.chains.enumerated() {
            if let (e, kind) = subscriberElement(of: chain) {
                result.append(Subscription(chain: c, element: e, subscriber: kind, storage: storage(of: chain, subscriberAt: e, in: tree)))
                continue
            }
            guard chain.elements.count >= 3, let store = chain.elements.last, store.name == "store", store.argument("in") != nil else { continue }
            var trimmed = chain
            trimmed.elements.removeLast()
            guard let (e, kind) = subscriberElement(of: trimmed), e == trimmed.elements.count - 1 else { continue }
            let stored = bagOwners ? storage(of: chain, subscriberAt: e, in: tree) : .bag(.other(""))
            result.append(Subscription(chain: c, element: e, subscriber: kind, storage: stored))
        }
        return result
    }
}
