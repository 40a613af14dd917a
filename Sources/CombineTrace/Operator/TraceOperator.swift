#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTraceCore

extension Publisher {
    /// Records what each subscription to this publisher does: subscribe, request, values,
    /// completion and cancel (including the cancel an `AnyCancellable` performs when released),
    /// with the call site, into `recorder`.
    ///
    /// When the recorder is stopped, each event costs one atomic load.
    /// - Parameters:
    ///   - label: names the pipeline in reports, e.g. `"feed"`.
    ///   - recorder: where events go; `TraceRecorder.shared` by default.
    ///   - describe: an optional short description of each value (cut to 120 characters).
    public func trace(
        _ label: String,
        recorder: TraceRecorder = .shared,
        describe: ((Output) -> String)? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Publishers.Trace<Self> {
        Publishers.Trace(upstream: self, label: label, site: "\(file):\(line)", recorder: recorder, describe: describe)
    }
}

extension Publishers {
    /// The publisher `.trace(_:)` returns: it forwards everything unchanged and records it.
    public struct Trace<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let label: String
        /// `"Module/File.swift:42"`.
        public let site: String
        public let recorder: TraceRecorder
        let describe: ((Output) -> String)?

        public init(upstream: Upstream, label: String, site: String, recorder: TraceRecorder,
                    describe: ((Output) -> String)? = nil) {
            self.upstream = upstream
            self.label = label
            self.site = site
            self.recorder = recorder
            self.describe = describe
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let probe = SubscriptionProbe(id: recorder.nextSubscriptionID(), label: label, site: site,
                                          recorder: recorder, describe: describe)
            upstream.receive(subscriber: TraceSubscription(downstream: subscriber, probe: probe))
        }
    }
}
