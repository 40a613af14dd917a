/// Every subscription in a tree, including those whose chain ends in `.store(in:)`.
///
/// Works around `SubscriptionFinder.subscriberElement(of:)` stopping at a final `store(in:)`
/// element (it returns at the first element from the end that is not a subscriber); once that is
/// fixed, `SubscriptionFinder.subscriptions(in:)` alone gives the same list.
public enum SubscriptionsWithStore {
    public static func all(in tree: SyntaxTree) -> [Subscription] {
        var result = SubscriptionFinder.subscriptions(in: tree)
        let found = Set(result.map(\.chain))
        for (c, chain) in tree.chains.enumerated() where !found.contains(c) && chain.elements.count > 2 {
            guard let (e, kind) = subscriber(of: chain) else { continue }
            result.append(Subscription(chain: c, element: e, subscriber: kind,
                                       storage: SubscriptionFinder.storage(of: chain, subscriberAt: e, in: tree)))
        }
        return result.sorted { $0.chain < $1.chain }
    }

    /// The subscriber element of a chain, also when `.store(in:)` follows it.
    public static func subscriber(of chain: Chain) -> (Int, Subscription.Subscriber)? {
        if let found = SubscriptionFinder.subscriberElement(of: chain) { return found }
        guard chain.elements.count > 2, let last = chain.elements.last, last.name == "store", last.argument("in") != nil else { return nil }
        var head = chain
        head.elements.removeLast()
        guard let (e, kind) = SubscriptionFinder.subscriberElement(of: head), e == head.elements.count - 1 else { return nil }
        return (e, kind)
    }
}
