import Foundation

extension Publishers {
    /// Calls closures on each lifecycle event; mirrors `Publishers.HandleEvents`.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        let hooks: EventHooks<Output, Failure>

        init(upstream: Upstream, hooks: EventHooks<Output, Failure>) {
            self.upstream = upstream
            self.hooks = hooks
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: HandleEventsSubscription(downstream: subscriber, hooks: hooks))
        }
    }
}

struct EventHooks<Output, Failure: Error> {
    var subscription: ((Subscription) -> Void)?
    var output: ((Output) -> Void)?
    var completion: ((Subscribers.Completion<Failure>) -> Void)?
    var cancel: (() -> Void)?
    var request: ((Subscribers.Demand) -> Void)?
}

/// Sits between upstream and downstream so that it sees cancel and request.
private final class HandleEventsSubscription<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let hooks: EventHooks<Input, Failure>
    private let lock = NSLock()
    private var upstream: Subscription?

    init(downstream: Downstream, hooks: EventHooks<Input, Failure>) {
        self.downstream = downstream
        self.hooks = hooks
    }

    func receive(subscription: Subscription) {
        lock.lock()
        upstream = subscription
        lock.unlock()
        hooks.subscription?(subscription)
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        hooks.output?(input)
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        hooks.completion?(completion)
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        hooks.request?(demand)
        lock.lock()
        let target = upstream
        lock.unlock()
        target?.request(demand)
    }

    /// Only the first cancel reaches the hook and upstream: cancel is idempotent.
    func cancel() {
        lock.lock()
        let target = upstream
        upstream = nil
        lock.unlock()
        guard let target else { return }
        hooks.cancel?()
        target.cancel()
    }
}

extension Publisher {
    /// Calls the given closures on subscription, each value, completion, cancel and request.
    public func handleEvents(
        receiveSubscription: ((Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(upstream: self, hooks: EventHooks(
            subscription: receiveSubscription, output: receiveOutput, completion: receiveCompletion,
            cancel: receiveCancel, request: receiveRequest))
    }
}
