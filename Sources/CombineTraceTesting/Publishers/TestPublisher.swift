#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import Foundation

/// A publisher the test drives by hand, standing in for a network call or a service: it records
/// each subscription with its requests and cancels, and the test answers each subscription when
/// and how it likes (in any order), fails it, or never answers.
///
/// ```swift
/// let api = TestPublisher<String, APIError>()
/// model.search("a"); model.search("b")      // two subscriptions
/// api.subscriptions[1].succeed("B")          // the newer one answers first
/// api.subscriptions[0].succeed("A")          // the stale answer comes late
/// ```
public final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let lock = NSLock()
    private var made: [TestSubscription<Output, Failure>] = []

    public init() {}

    /// Every subscription made so far, in order.
    public var subscriptions: [TestSubscription<Output, Failure>] {
        lock.lock()
        defer { lock.unlock() }
        return made
    }

    /// The most recent subscription.
    public var lastSubscription: TestSubscription<Output, Failure>? { subscriptions.last }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        let subscription = TestSubscription<Output, Failure>(index: made.count, downstream: AnySubscriber(subscriber))
        made.append(subscription)
        lock.unlock()
        subscriber.receive(subscription: subscription)
    }
}

/// One subscription to a `TestPublisher`: what the subscriber asked for and did, and the test's
/// controls to answer it. Values are delivered only within the subscriber's demand and never after
/// a cancel or completion, as a well-behaved publisher does.
public final class TestSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    /// 0 for the publisher's first subscription, 1 for the next, …
    public let index: Int

    private let lock = NSLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var demand = Subscribers.Demand.none
    private var log: [String] = []
    private var requestList: [Subscribers.Demand] = []
    private var cancels = 0
    private var completed = false

    init(index: Int, downstream: AnySubscriber<Output, Failure>) {
        self.index = index
        self.downstream = downstream
    }

    public var description: String { "TestSubscription #\(index)" }

    /// The demands requested (and returned from `receive(_:)`), in order.
    public var requests: [Subscribers.Demand] { locked { requestList } }
    /// How many times `cancel()` was called (the first one ends the subscription).
    public var cancelCount: Int { locked { cancels } }
    public var isCancelled: Bool { cancelCount > 0 }
    /// Whether the test finished or failed it.
    public var isCompleted: Bool { locked { completed } }
    /// Whether it can still deliver: neither cancelled nor completed.
    public var isActive: Bool { locked { downstream != nil } }
    /// What happened, in order: `"request unlimited"`, `"value"`, `"cancel"`, `"finished"`, …
    public var history: [String] { locked { log } }

    public func request(_ more: Subscribers.Demand) {
        lock.lock()
        requestList.append(more)
        log.append("request \(more)")
        if downstream != nil { demand += more }
        lock.unlock()
    }

    public func cancel() {
        lock.lock()
        cancels += 1
        log.append("cancel")
        // Released once unlocked: the subscriber's deinit may call back into this subscription.
        let released = downstream
        downstream = nil
        lock.unlock()
        withExtendedLifetime(released) {}
    }

    /// Delivers `value` when the subscription is active and has demand; returns whether it did.
    @discardableResult
    public func send(_ value: Output) -> Bool {
        lock.lock()
        guard let target = downstream, demand > 0 else {
            log.append("value not delivered")
            lock.unlock()
            return false
        }
        demand -= 1
        log.append("value")
        lock.unlock()
        let more = target.receive(value)
        if more > 0 {
            lock.lock()
            requestList.append(more)
            log.append("request \(more) (returned)")
            if downstream != nil { demand += more }
            lock.unlock()
        }
        return true
    }

    /// Finishes the subscription (when still active).
    public func finish() { complete(.finished) }

    /// Fails the subscription with `error` (when still active).
    public func fail(_ error: Failure) { complete(.failure(error)) }

    /// Answers a one-shot request: `value`, then finished. Returns whether the value was delivered.
    @discardableResult
    public func succeed(_ value: Output) -> Bool {
        let delivered = send(value)
        finish()
        return delivered
    }

    private func complete(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard let target = downstream else {
            log.append("completion not delivered")
            lock.unlock()
            return
        }
        downstream = nil
        completed = true
        if case .finished = completion { log.append("finished") } else { log.append("failure") }
        lock.unlock()
        target.receive(completion: completion)
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
