#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTrace
import CombineTraceCore
import CombineTraceTesting

/// The screen of document 002: searches answered by an injected publisher, results written to
/// visible state, each request tagged with an increasing id. `faults` puts back, one at a time,
/// the defects each acceptance test must catch.
final class SearchScreenModel {
    enum Fault {
        /// `cancelSearch()` forgets to cancel.
        case cancelDoesNotCancel
        /// Each `cancelSearch()` runs the clean-up again.
        case cleanupRepeats
        /// The sink captures the model strongly: the model and its subscription keep each other.
        case strongCapture
        /// Results are written without checking the request id.
        case noRequestIDCheck
        /// Leaving the screen keeps the requests running.
        case leaveKeepsRequests
    }

    private(set) var results = ""
    /// Clean-ups run by `cancelSearch()`.
    private(set) var cleanups = 0
    private let api: (String) -> AnyPublisher<String, Never>
    private let log: RequestLog
    private let recorder: TraceRecorder
    private let faults: Set<Fault>
    private var latest = 0
    private var requests: [Int: AnyCancellable] = [:]

    init(api: @escaping (String) -> AnyPublisher<String, Never>, log: RequestLog, recorder: TraceRecorder, faults: Set<Fault> = []) {
        self.api = api
        self.log = log
        self.recorder = recorder
        self.faults = faults
    }

    /// Starts a search; earlier ones keep running (their late answers are what the id check is for).
    func search(_ query: String) {
        latest += 1
        let id = latest
        log.started(id)
        let answers = api(query).trace("search", recorder: recorder)
        if faults.contains(.strongCapture) {
            requests[id] = answers.sink { value in self.write(value, for: id) }
        } else {
            requests[id] = answers.sink { [weak self] value in self?.write(value, for: id) }
        }
    }

    /// Cancels the latest search; cleaning up twice must not happen.
    func cancelSearch() {
        guard faults.contains(.cleanupRepeats) || requests[latest] != nil else { return }
        cleanups += 1
        log.cancelled(latest)
        guard !faults.contains(.cancelDoesNotCancel) else { return }
        requests[latest]?.cancel()
        requests[latest] = nil
    }

    /// The screen goes away: every request stops, nothing is written afterwards.
    func leave() {
        log.left()
        guard !faults.contains(.leaveKeepsRequests) else { return }
        requests.values.forEach { $0.cancel() }
        requests = [:]
    }

    private func write(_ value: String, for id: Int) {
        guard faults.contains(.noRequestIDCheck) || id == latest else { return }
        results = value
        log.wrote(id)
    }
}
