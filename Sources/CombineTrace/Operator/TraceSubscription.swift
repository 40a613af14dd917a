#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import Foundation

/// Sits between upstream and downstream, forwarding every call unchanged after recording it.
///
/// Values and completions after cancel are recorded (that is what the report looks for) and
/// forwarded like any operator such as `map` would: the tracer changes no behaviour, and a value
/// costs one atomic load when the recorder is stopped, no lock.
final class TraceSubscription<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let probe: SubscriptionProbe<Input>
    // Guarded by `lock`; released on cancel and completion so no cycle outlives the subscription.
    private let lock = NSLock()
    private var upstream: Subscription?

    init(downstream: Downstream, probe: SubscriptionProbe<Input>) {
        self.downstream = downstream
        self.probe = probe
    }

    func receive(subscription: Subscription) {
        lock.lock()
        upstream = subscription
        lock.unlock()
        probe.subscribed()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        probe.received(input)
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: probe.finished()
        case let .failure(error): probe.failed(error)
        }
        lock.lock()
        upstream = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        probe.requested(unlimited: demand.max == nil, count: demand.max ?? 0)
        lock.lock()
        let target = upstream
        lock.unlock()
        target?.request(demand)
    }

    func cancel() {
        probe.cancelled()
        lock.lock()
        let target = upstream
        upstream = nil
        lock.unlock()
        target?.cancel()
    }
}
