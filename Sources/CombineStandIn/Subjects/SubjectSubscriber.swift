import Foundation

/// The subscriber `publisher.subscribe(subject)` makes: it hands itself to the subject as the
/// upstream subscription and forwards values and completion into the subject.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let lock = NSLock()
    // Weak, as in Combine: the subject keeps this subscriber as its upstream subscription.
    private weak var subject: Downstream?
    private var status = SubscriptionStatus.awaitingSubscription

    init(_ subject: Downstream) { self.subject = subject }

    var description: String { "Subject" }

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = status, let target = subject else {
            lock.unlock()
            subscription.cancel()
            return
        }
        status = .subscribed(subscription)
        lock.unlock()
        target.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let target = subject
        lock.unlock()
        target?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let target = subject
        subject = nil
        status = .terminal
        lock.unlock()
        target?.send(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard case let .subscribed(upstream) = status else {
            lock.unlock()
            return
        }
        lock.unlock()
        upstream.request(demand)
    }

    func cancel() {
        lock.lock()
        guard case let .subscribed(upstream) = status else {
            lock.unlock()
            return
        }
        status = .terminal
        subject = nil
        lock.unlock()
        upstream.cancel()
    }
}
