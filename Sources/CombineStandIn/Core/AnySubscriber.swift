/// A type-erased subscriber; mirrors `Combine.AnySubscriber`. Its description is the wrapped
/// subscriber's (`"Sink"`, `"Map"`, …), as in Combine.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    private let receiveSubscriptionBody: (Subscription) -> Void
    private let receiveValueBody: (Input) -> Subscribers.Demand
    private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
    public let description: String

    /// Wraps `subscriber`, keeping it alive as long as this value.
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        receiveSubscriptionBody = subscriber.receive(subscription:)
        receiveValueBody = subscriber.receive(_:)
        receiveCompletionBody = subscriber.receive(completion:)
        description = String(describing: subscriber)
    }

    /// A subscriber made of closures; a missing one does nothing (and asks for no more values).
    public init(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        receiveSubscriptionBody = receiveSubscription ?? { _ in }
        receiveValueBody = receiveValue ?? { _ in .none }
        receiveCompletionBody = receiveCompletion ?? { _ in }
        description = "Anonymous AnySubscriber"
    }

    public func receive(subscription: Subscription) { receiveSubscriptionBody(subscription) }
    public func receive(_ input: Input) -> Subscribers.Demand { receiveValueBody(input) }
    public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionBody(completion) }
}

/// The subscription handed to a subscriber of an already finished publisher: it does nothing.
final class EmptySubscription: Subscription, CustomStringConvertible {
    var description: String { "Empty" }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
