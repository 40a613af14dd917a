/// Where a subscriber stands with its one upstream subscription, as Combine's own subscribers
/// track it: a cancel while still awaiting the subscription changes nothing, so the subscription
/// is accepted when it arrives (Combine's documented behaviour, pinned by OpenCombine's tests).
enum SubscriptionStatus {
    case awaitingSubscription
    case subscribed(Subscription)
    case terminal
}
