/// Subscriptions whose chain ends in `.store(in:)`, with the subscriber before it.
///
/// Works around `SubscriptionFinder.subscriberElement(of:)` giving up at a final `store(in:)`
/// element (it returns at the first non-subscriber element from the end); remove once fixed there.
public enum StoredSubscriptions {
    /// Every subscription in the tree, `SubscriptionFinder`'s plus those ending in `.store(in:)`.
    public static func all(in tree: SyntaxTree) -> [Subscription] {
        var result = SubscriptionFinder.subscriptions(in: tree)
        let found = Set(result.map(\.chain))
        for (c, chain) in tree.chains.enumerated() where !found.contains(c) && chain.elements.count > 2 {
            guard let last = chain.elements.last, last.name == "store", last.argument("in") != nil else { continue }
            var head = chain
            head.elements.removeLast()
            guard let (e, kind) = SubscriptionFinder.subscriberElement(of: head), e == head.elements.count - 1 else { continue }
            result.append(Subscription(chain: c, element: e, subscriber: kind,
                                       storage: SubscriptionFinder.storage(of: chain, subscriberAt: e, in: tree)))
        }
        return result.sorted { $0.chain < $1.chain }
    }
}
