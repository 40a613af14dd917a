// The three protocols of Combine, as Apple documents them, so that code written against Combine
// (the `.trace` operator above all) builds unchanged on platforms without it.

/// A type that can cancel an activity; mirrors `Combine.Cancellable`.
public protocol Cancellable {
    /// Cancels the activity. Calling it more than once has no further effect.
    func cancel()
}

/// The link between a publisher and one subscriber; mirrors `Combine.Subscription`.
public protocol Subscription: Cancellable, AnyObject {
    /// Asks for up to `demand` more values.
    func request(_ demand: Subscribers.Demand)
}

/// Receives a subscription, values and one completion; mirrors `Combine.Subscriber`.
public protocol Subscriber {
    associatedtype Input
    associatedtype Failure: Error

    /// Called once, before any value; the subscriber asks for values through `subscription`.
    func receive(subscription: Subscription)
    /// Called for each value; the result is added to the outstanding demand.
    func receive(_ input: Input) -> Subscribers.Demand
    /// Called at most once; nothing is delivered after it.
    func receive(completion: Subscribers.Completion<Failure>)
}

/// Emits values to subscribers; mirrors `Combine.Publisher`.
public protocol Publisher {
    associatedtype Output
    associatedtype Failure: Error

    /// Attaches `subscriber`; the publisher answers with `receive(subscription:)`.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` (Combine's public spelling of `receive(subscriber:)`).
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}

/// Namespace for subscriber types, as in Combine.
public enum Subscribers {}

/// Namespace for publisher types, as in Combine.
public enum Publishers {}
