#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif

/// The cheapest upstream there is: it hands each value straight to its one subscriber, through
/// `AnySubscriber` as the stand-in's subjects do, without a subject's locks and bookkeeping. A
/// subject costs about a microsecond per value on the stand-in, so the tracer's few nanoseconds
/// are measured here, where the pipeline itself costs a few.
final class DirectUpstream: Publisher, Subscription {
    typealias Output = Int
    typealias Failure = Never

    private var downstream: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        downstream = AnySubscriber(subscriber)
        subscriber.receive(subscription: self)
    }

    /// Delivers `value` whatever the demand: the benchmark's sinks ask for everything.
    @inline(__always) func send(_ value: Int) { _ = downstream?.receive(value) }

    func request(_ demand: Subscribers.Demand) {}
    func cancel() { downstream = nil }
}
