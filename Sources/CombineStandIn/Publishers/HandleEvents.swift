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
///
/// As in Combine: the demand the downstream returns from `receive(_:)` reaches the request hook;
/// completion and the first cancel release every hook, so none runs after them (not even a later
/// cancel).
private final class HandleEventsSubscription<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let lock = NSLock()
    // Guarded by `lock`; nil once the subscription has ended.
    private var hooks: EventHooks<Input, Failure>?
    private var status = SubscriptionStatus.awaitingSubscription

    init(downstream: Downstream, hooks: EventHooks<Input, Failure>) {
        self.downstream = downstream
        self.hooks = hooks
    }

    var description: String { "HandleEvents" }

    private var currentHooks: EventHooks<Input, Failure>? {
        lock.lock()
        defer { lock.unlock() }
        return hooks
    }

    func receive(subscription: Subscription) {
        currentHooks?.subscription?(subscription)
        lock.lock()
        guard case .awaitingSubscription = status else {
            lock.unlock()
            subscription.cancel()
            return
        }
        status = .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        currentHooks?.output?(input)
        let more = downstream.receive(input)
        if more > 0 { currentHooks?.request?(more) }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        currentHooks?.completion?(completion)
        lock.lock()
        let released = hooks
        hooks = nil
        status = .terminal
        lock.unlock()
        withExtendedLifetime(released) {}
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        currentHooks?.request?(demand)
        lock.lock()
        guard case let .subscribed(upstream) = status else {
            lock.unlock()
            return
        }
        lock.unlock()
        upstream.request(demand)
    }

    /// Only the first cancel reaches the hook and upstream: cancel is idempotent.
    func cancel() {
        currentHooks?.cancel?()
        lock.lock()
        guard case let .subscribed(upstream) = status else {
            lock.unlock()
            return
        }
        let released = hooks
        hooks = nil
        status = .terminal
        lock.unlock()
        withExtendedLifetime(released) {}
        upstream.cancel()
    }
}

extension Publisher {
    /// Calls the given closures on subscription, each value, completion, cancel and request
    /// (including the demand the subscriber returns for a value).
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
