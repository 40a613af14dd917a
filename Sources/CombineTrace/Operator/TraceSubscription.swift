#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTraceCore
import Foundation

/// Sits between upstream and downstream, forwarding every call unchanged after recording it.
///
/// Values and completions after cancel or completion are recorded (that is what the report looks
/// for) and forwarded like any operator such as `map` would: the tracer changes no behaviour, and
/// a value costs one atomic load when the recorder is stopped, no lock. The demand the downstream
/// returns for a value is recorded as a request (`returned`), so that values never outnumber the
/// recorded demand. A cancel is recorded once: a second cancel, or one after completion, is not a
/// new event.
final class TraceSubscription<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum State { case live, completed, cancelled }

    // The recorder comes first: its offset is fixed whatever `Downstream` is, so the stopped path
    // (one atomic load) needs no generic metadata.
    private let recorder: TraceRecorder
    private let id: UInt64
    private let downstream: Downstream
    private let probe: SubscriptionProbe<Input>
    // Guarded by `lock`; `upstream` is released on cancel and completion so no cycle outlives
    // the subscription.
    private let lock = NSLock()
    private var upstream: Subscription?
    private var state = State.live

    init(downstream: Downstream, probe: SubscriptionProbe<Input>) {
        recorder = probe.recorder
        id = probe.id
        self.downstream = downstream
        self.probe = probe
    }

    var description: String { "Trace" }

    func receive(subscription: Subscription) {
        lock.lock()
        upstream = subscription
        lock.unlock()
        probe.subscribed { [downstream] in DownstreamClassifier.describe(downstream) }
        downstream.receive(subscription: self)
    }

    /// Stopped, a value costs the flag's load and the forward: the recording path is a separate
    /// function, so this one keeps no frame, saves no registers and ends in a tail call.
    @inline(__always) func receive(_ input: Input) -> Subscribers.Demand {
        guard recorder.isEnabled else { return downstream.receive(input) }
        return receiveRecorded(input)
    }

    /// Records the value, forwards it, and records the demand the downstream returns.
    @inline(never)
    private func receiveRecorded(_ input: Input) -> Subscribers.Demand {
        // Recorded from the non-generic fields: going through the generic probe would look up
        // its metadata for every value.
        if let describe = probe.describe {
            recorder.record(.value(sub: id, description: String(describe(input).prefix(SubscriptionProbe<Input>.descriptionLimit))))
        } else {
            recorder.record(.value(sub: id, description: nil))
        }
        let more = downstream.receive(input)
        if let count = more.max {
            if count > 0 { recorder.record(.request(sub: id, demand: .max(count), returned: true)) }
        } else {
            recorder.record(.request(sub: id, demand: .unlimited, returned: true))
        }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: probe.finished()
        case let .failure(error): probe.failed(error)
        }
        lock.lock()
        if state == .live { state = .completed }
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
        lock.lock()
        let first = state == .live
        if first { state = .cancelled }
        let target = upstream
        upstream = nil
        lock.unlock()
        if first { probe.cancelled() }
        target?.cancel()
    }
}
