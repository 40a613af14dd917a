import Foundation

/// The state both subjects share: their live conduits and their completion.
///
/// Delivery happens outside the lock so that a subscriber may send, subscribe or cancel
/// re-entrantly, as Combine allows.
final class SubjectCore<Output, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    // In subscription order; rebuilt on subscribe and cancel so that a send only copies a reference.
    private var conduits: [SubjectConduit<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?

    /// Attaches `subscriber`; `replay` is the value a current-value subject owes it.
    func attach<S: Subscriber>(_ subscriber: S, replay: Output?) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: EmptySubscription())
            subscriber.receive(completion: completion)
            return
        }
        let conduit = SubjectConduit(AnySubscriber(subscriber), core: self, replay: replay)
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    /// Whether the subject has completed.
    var isCompleted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return completion != nil
    }

    func send(_ value: Output) {
        for conduit in snapshot(completing: nil) { conduit.deliver(value) }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        for conduit in snapshot(completing: completion) { conduit.finish(completion) }
    }

    func detach(_ conduit: SubjectConduit<Output, Failure>) {
        lock.lock()
        if let index = conduits.firstIndex(where: { $0 === conduit }) { conduits.remove(at: index) }
        lock.unlock()
    }

    /// The conduits to deliver to, in subscription order; completing removes them all.
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

/// One subscriber's link to a subject: it counts demand and stops delivery after cancel.
final class SubjectConduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var core: SubjectCore<Output, Failure>?
    private var demand = Subscribers.Demand.none
    /// A value owed to the subscriber as soon as it asks (current-value replay, latest wins).
    private var pending: Output?

    init(_ downstream: AnySubscriber<Output, Failure>, core: SubjectCore<Output, Failure>, replay: Output?) {
        self.downstream = downstream
        self.core = core
        pending = replay
    }

    func request(_ more: Subscribers.Demand) {
        lock.lock()
        demand += more
        guard let value = pending, demand > 0, let target = downstream else {
            lock.unlock()
            return
        }
        pending = nil
        demand -= 1
        lock.unlock()
        give(value, to: target)
    }

    func cancel() {
        lock.lock()
        let owner = core
        downstream = nil
        core = nil
        pending = nil
        lock.unlock()
        owner?.detach(self)
    }

    /// Delivers `value` if the subscriber has demand; a current-value conduit keeps it for later.
    func deliver(_ value: Output) {
        lock.lock()
        guard let target = downstream else {
            lock.unlock()
            return
        }
        guard demand > 0 else {
            if pending != nil { pending = value }
            lock.unlock()
            return
        }
        demand -= 1
        lock.unlock()
        give(value, to: target)
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let target = downstream
        downstream = nil
        core = nil
        pending = nil
        lock.unlock()
        target?.receive(completion: completion)
    }

    private func give(_ value: Output, to target: AnySubscriber<Output, Failure>) {
        let more = target.receive(value)
        guard more > 0 else { return }
        lock.lock()
        demand += more
        lock.unlock()
    }
}
