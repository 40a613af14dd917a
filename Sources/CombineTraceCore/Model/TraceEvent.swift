/// One line of a trace: what happened, when, on which thread.
public struct TraceEvent: Sendable, Equatable {
    /// 1, 2, 3, … in recording order.
    public var seq: UInt64
    /// Monotonic nanoseconds since the recorder started.
    public var time: UInt64
    /// `"main"`, a dispatch queue label, or `"thread-N"`.
    public var thread: String
    /// The event and its fields.
    public var kind: TraceEventKind

    public init(seq: UInt64, time: UInt64, thread: String, kind: TraceEventKind) {
        self.seq = seq
        self.time = time
        self.thread = thread
        self.kind = kind
    }
}

/// The events of the trace format (DESIGN.md), with their fields.
public enum TraceEventKind: Sendable, Equatable {
    case subscribe(sub: UInt64, label: String, site: String)
    case request(sub: UInt64, demand: TraceDemand)
    case value(sub: UInt64, description: String?)
    case finished(sub: UInt64)
    case failure(sub: UInt64, error: String)
    case cancel(sub: UInt64)
    case mark(name: String)
    case track(object: UInt64, type: String, label: String, site: String)
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
        case let .subscribe(sub, _, _), let .request(sub, _), let .value(sub, _),
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
