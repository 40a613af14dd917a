import Foundation

extension Publishers {
    /// Delivers values and completion on a scheduler; mirrors `Publishers.ReceiveOn`. As in
    /// Combine, the subscription, requests and cancel are not scheduled: they pass straight through.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ReceiveOnSubscription(downstream: subscriber, scheduler: scheduler, options: options))
        }
    }
}

/// Hops each value and the completion onto the scheduler; the demand the downstream returns there
/// is requested from upstream. Nothing scheduled before a cancel reaches the downstream after it.
private final class ReceiveOnSubscription<Downstream: Subscriber, Context: Scheduler>: Subscriber, Subscription,
    CustomStringConvertible, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private let lock = NSLock()
    private var status = SubscriptionStatus.awaitingSubscription

    init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    var description: String { "ReceiveOn" }

    private var upstream: Subscription? {
        lock.lock()
        defer { lock.unlock() }
        if case let .subscribed(subscription) = status { return subscription }
        return nil
    }

    func receive(subscription: Subscription) {
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
        scheduler.schedule(options: options) { [self] in
            guard let upstream else { return }
            let more = downstream.receive(input)
            if more > 0 { upstream.request(more) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule(options: options) { [self] in
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.unlock()
            downstream.receive(completion: completion)
        }
    }

    func request(_ demand: Subscribers.Demand) { upstream?.request(demand) }

    func cancel() {
        lock.lock()
        guard case let .subscribed(subscription) = status else {
            lock.unlock()
            return
        }
        status = .terminal
        lock.unlock()
        subscription.cancel()
    }
}

extension Publisher {
    /// Delivers values and completion on `scheduler`.
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}
