import CombineTraceCore

/// What one traced subscription records, and how: each method is one atomic load when the
/// recorder is stopped.
struct SubscriptionProbe<Output> {
    let id: UInt64
    let label: String
    let site: String
    let recorder: TraceRecorder
    let describe: ((Output) -> String)?

    /// Longest value description kept: traces stay small and free of payloads.
    static var descriptionLimit: Int { 120 }

    /// Records the subscription and what its downstream is (worked out only when recording).
    @inline(__always) func subscribed(downstream: () -> TraceDownstream) {
        guard recorder.isEnabled else { return }
        recorder.record(.subscribe(sub: id, label: label, site: site, downstream: downstream()))
    }

    @inline(__always) func requested(unlimited: Bool, count: Int, returned: Bool = false) {
        guard recorder.isEnabled else { return }
        recorder.record(.request(sub: id, demand: unlimited ? .unlimited : .max(count), returned: returned))
    }

    @inline(__always) func received(_ value: Output) {
        guard recorder.isEnabled else { return }
        recorder.record(.value(sub: id, description: describe.map { String($0(value).prefix(Self.descriptionLimit)) }))
    }

    @inline(__always) func finished() {
        recorder.record(.finished(sub: id))
    }

    @inline(__always) func failed(_ error: Error) {
        guard recorder.isEnabled else { return }
        recorder.record(.failure(sub: id, error: String(describing: error)))
    }

    @inline(__always) func cancelled() {
        recorder.record(.cancel(sub: id))
    }
}
