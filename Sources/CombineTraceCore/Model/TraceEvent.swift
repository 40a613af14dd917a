/// One line of a trace: what happened, when, on which thread and dispatch queue.
public struct TraceEvent: Sendable, Equatable {
    /// 1, 2, 3, … in recording order.
    public var seq: UInt64
    /// Monotonic nanoseconds since the recorder started.
    public var time: UInt64
    /// `"main"`, the thread's own name, or `"thread-N"`.
    public var thread: String
    /// The label of the dispatch queue the event happened on, when it tells more than the thread
    /// (on Linux every GCD worker thread is named `-qos.overcommit`); nil when not recorded.
    public var queue: String?
    /// The event and its fields.
    public var kind: TraceEventKind

    public init(seq: UInt64, time: UInt64, thread: String, queue: String? = nil, kind: TraceEventKind) {
        self.seq = seq
        self.time = time
        self.thread = thread
        self.queue = queue
        self.kind = kind
    }
}

/// The events of the trace format (DESIGN.md), with their fields.
///
/// The rare events with several strings are stored indirectly, so that a trace of millions of
/// values takes little more memory than its file.
public enum TraceEventKind: Sendable, Equatable {
    /// `downstream` is what the traced publisher's subscriber is; nil in traces that predate it.
    indirect case subscribe(sub: UInt64, label: String, site: String, downstream: TraceDownstream? = nil)
    /// `returned`: the demand was returned from `receive(_:)` rather than asked for with `request`.
    case request(sub: UInt64, demand: TraceDemand, returned: Bool = false)
    case value(sub: UInt64, description: String?)
    case finished(sub: UInt64)
    case failure(sub: UInt64, error: String)
    case cancel(sub: UInt64)
    case mark(name: String)
    indirect case track(object: UInt64, type: String, label: String, site: String)
    case expectRelease(object: UInt64)
    case release(object: UInt64)
    case dropped(count: UInt64)

    /// The `ev` field's value.
    public var name: String {
        switch self {
        case .subscribe: return "subscribe"
        case .request: return "request"
        case .value: return "value"
        case .finished: return "finished"
        case .failure: return "failure"
        case .cancel: return "cancel"
        case .mark: return "mark"
        case .track: return "track"
        case .expectRelease: return "expect_release"
        case .release: return "release"
        case .dropped: return "dropped"
        }
    }

    /// The subscription the event belongs to, if any.
    public var subscription: UInt64? {
        switch self {
        case let .subscribe(sub, _, _, _), let .request(sub, _, _), let .value(sub, _),
             let .finished(sub), let .failure(sub, _), let .cancel(sub):
            return sub
        default:
            return nil
        }
    }
}

/// A subscriber's demand as the trace records it.
public enum TraceDemand: Sendable, Equatable, CustomStringConvertible {
    case unlimited
    case max(Int)

    public var description: String {
        switch self {
        case .unlimited: return "unlimited"
        case let .max(n): return String(n)
        }
    }
}

/// What the traced publisher's subscriber is: it tells a cancel made through a terminal
/// subscriber's `AnyCancellable` from one an operator makes on its own (`switchToLatest`
/// replacing an inner publisher, `timeout`, `zip` after a failure, `first()`, `prefix`).
public struct TraceDownstream: Sendable, Equatable {
    /// The kinds the `downstream` field names.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// `sink(…)`: its cancellable is what the app keeps or drops.
        case sink
        /// `assign(to:on:)`.
        case assign
        /// A subscriber of the app's own.
        case subscriber
        /// An operator's inner subscriber (`map`, `flatMap`, `switchToLatest`, …).
        case `operator`
    }

    public var kind: Kind
    /// The subscriber's short name (`"SwitchToLatest"`, `"MySubscriber"`); empty when not recorded.
    public var name: String

    public init(_ kind: Kind, name: String = "") {
        self.kind = kind
        self.name = name
    }

    /// Whether the subscriber is one whose cancellable the app holds: `sink` or `assign`.
    public var isTerminal: Bool { kind == .sink || kind == .assign }
}
