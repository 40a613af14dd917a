import Foundation

/// The state both subjects share: their live conduits, their completion, and the upstream
/// subscriptions handed to them by `send(subscription:)`.
///
/// Delivery happens outside the subject's lock so that a subscriber may send, subscribe or cancel
/// re-entrantly, as Combine allows.
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    // Rebuilt on subscribe and cancel so that a send only copies a reference. Combine does not
    // specify the order in which several subscribers get a value; nothing may rely on this one.
    private var conduits: [SubjectConduit<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?
    private var upstreams: [Subscription] = []

    deinit {
        for upstream in upstreams { upstream.cancel() }
    }

    /// Attaches `subscriber`; `current` gives the value a current-value subject owes it, nil for
    /// a passthrough subject.
    func attach<S: Subscriber>(_ subscriber: S, current: (() -> Output?)?) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: EmptySubscription())
            subscriber.receive(completion: completion)
            return
        }
        let conduit = SubjectConduit(AnySubscriber(subscriber), core: self, current: current)
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    /// Keeps `subscription` (cancelled when the subject goes) and asks it for everything.
    func receive(upstream subscription: Subscription) {
        lock.lock()
        upstreams.append(subscription)
        lock.unlock()
        subscription.request(.unlimited)
    }

    /// Whether the subject has completed.
    var isCompleted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return completion != nil
    }

    func send(_ value: Output) {
        for conduit in snapshot(completing: nil) { conduit.offer(value) }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        for conduit in snapshot(completing: completion) { conduit.finish(completion) }
    }

    func detach(_ conduit: SubjectConduit<Output, Failure>) {
        lock.lock()
        if let index = conduits.firstIndex(where: { $0 === conduit }) { conduits.remove(at: index) }
        lock.unlock()
    }

    /// The conduits to deliver to; completing removes them all.
    private func snapshot(completing: Subscribers.Completion<Failure>?) -> [SubjectConduit<Output, Failure>] {
        lock.lock()
        defer { lock.unlock() }
        if completion != nil { return [] }
        let list = conduits
        if let completing {
            completion = completing
            conduits = []
        }
        return list
    }
}

/// One subscriber's link to a subject: it counts demand, stops delivery after cancel, and
/// serialises the calls into its subscriber, so that two threads sending at once never call it
/// concurrently (a recursive lock: a subscriber may send re-entrantly on its own thread).
final class SubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    private let lock = NSLock()
    private let downstreamLock = NSRecursiveLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var core: SubjectCore<Output, Failure>?
    private var demand = Subscribers.Demand.none
    /// The subject's current value (nil once the subject is gone), for a current-value subject.
    private let current: (() -> Output?)?
    /// Whether the subscriber has had the subject's latest value. A current-value subscriber that
    /// had no demand when a value was sent gets the subject's value at its next request.
    private var deliveredCurrent = false

    init(_ downstream: AnySubscriber<Output, Failure>, core: SubjectCore<Output, Failure>, current: (() -> Output?)?) {
        self.downstream = downstream
        self.core = core
        self.current = current
    }

    var description: String { current == nil ? "PassthroughSubject" : "CurrentValueSubject" }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        guard let target = downstream else {
            lock.unlock()
            return
        }
        demand += more
        guard let current, !deliveredCurrent, demand > 0 else {
            lock.unlock()
            return
        }
        deliveredCurrent = true
        lock.unlock()
        // Read outside the conduit's lock: the subject takes its own.
        guard let value = current() else { return }
        lock.lock()
        demand -= 1
        lock.unlock()
        give(value, to: target)
    }

    func cancel() {
        lock.lock()
        let owner = core
        // Released once unlocked: the subscriber's deinit may call back into this conduit.
        let released = downstream
        downstream = nil
        core = nil
        lock.unlock()
        withExtendedLifetime(released) {}
        owner?.detach(self)
    }

    /// Delivers `value` if the subscriber has demand; otherwise it is dropped (a current-value
    /// subscriber gets the latest value at its next request).
    func offer(_ value: Output) {
        lock.lock()
        guard demand > 0, let target = downstream else {
            deliveredCurrent = false
            lock.unlock()
            return
        }
        demand -= 1
        deliveredCurrent = true
        lock.unlock()
        give(value, to: target)
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let target = downstream
        downstream = nil
        core = nil
        lock.unlock()
        guard let target else { return }
        downstreamLock.lock()
        target.receive(completion: completion)
        downstreamLock.unlock()
    }

    private func give(_ value: Output, to target: AnySubscriber<Output, Failure>) {
        downstreamLock.lock()
        let more = target.receive(value)
        downstreamLock.unlock()
        guard more > 0 else { return }
        lock.lock()
        demand += more
        lock.unlock()
    }
}
