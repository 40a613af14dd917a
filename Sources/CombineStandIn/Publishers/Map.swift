extension Publishers {
    /// Transforms each value; mirrors `Publishers.Map`.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: MapSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

/// Passes the subscription through untouched: `map` neither adds nor consumes demand.
private struct MapSubscriber<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    typealias Failure = Downstream.Failure
    let downstream: Downstream
    let transform: (Input) -> Downstream.Input

    var description: String { "Map" }

    func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(transform(input)) }
    func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
}

extension Publisher {
    /// Transforms each value with `transform`.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
}
