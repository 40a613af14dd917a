/// Everything the trace says about one subscription.
public struct SubscriptionHistory: Sendable, Equatable {
    /// How a subscription ended first.
    public enum Ending: String, Sendable, Equatable {
        case finished, failure, cancel
    }

    public var id: UInt64
    public var label: String
    public var site: String
    /// What the traced publisher's subscriber was; nil in traces that predate the field.
    public var downstream: TraceDownstream?
    public var thread: String
    public var subscribeSeq: UInt64
    public var subscribeTime: UInt64
    /// Values delivered, before and after cancel.
    public var values = 0
    /// Values delivered before the first cancel or completion.
    public var valuesBeforeEnd = 0
    public var requests: [TraceDemand] = []
    public var ending: Ending?
    public var endSeq: UInt64?
    public var endTime: UInt64?
    public var endThread: String?
    /// How many times `cancel` reached the subscription.
    public var cancelCount = 0
    /// `finished` and `failure` events seen.
    public var completionCount = 0
    /// Values delivered after the first cancel.
    public var valuesAfterCancel = 0
    /// Completions delivered after the first cancel.
    public var completionsAfterCancel = 0
    /// Every event of the subscription, in order, as `ev` names (for failure messages).
    public var eventNames: [String] = []
    /// Values delivered before the end beyond what had been requested (or returned) by then.
    public var valuesBeyondDemand = 0
    /// Values delivered after the subscription had finished or failed (not after a cancel).
    public var valuesAfterCompletion = 0
    /// Demand granted so far; nil once unlimited.
    private var granted: Int? = 0

    /// Still alive at the end of the trace.
    public var isAlive: Bool { ending == nil }

    /// Completions after the first one (each is a protocol violation).
    public var extraCompletions: Int { max(0, completionCount - 1) }

    /// Whether the end is timestamped before the subscribe (a broken or merged trace).
    public var endsBeforeSubscribe: Bool { endTime.map { $0 < subscribeTime } ?? false }

    /// Nanoseconds from subscribe to the end (or to `traceEnd` while alive); never negative.
    public func lifetime(traceEnd: UInt64) -> UInt64 {
        let end = endTime ?? traceEnd
        return end >= subscribeTime ? end - subscribeTime : 0
    }

    /// Whether the subscription was alive right after event `seq`.
    public func isAlive(atSeq seq: UInt64) -> Bool {
        subscribeSeq <= seq && (endSeq.map { $0 > seq } ?? true)
    }

    /// Builds one history per subscribed id, in order of subscription. Events for an id that
    /// was never subscribed in this trace (recording started late) are left out.
    public static func build(from events: [TraceEvent]) -> [SubscriptionHistory] {
        // Histories in order of subscription, found by id; each event mutates its history in
        // place (a copy per event would copy its growing arrays: quadratic on long subscriptions).
        var histories: [SubscriptionHistory] = []
        var index: [UInt64: Int] = [:]
        // Requests may precede the subscribe event, as in Combine; they are kept for the id.
        var earlyRequests: [UInt64: [TraceDemand]] = [:]
        for event in events {
            guard let sub = event.kind.subscription else { continue }
            if case let .subscribe(_, label, site, downstream) = event.kind {
                guard index[sub] == nil else { continue }
                var history = SubscriptionHistory(id: sub, label: label, site: site, downstream: downstream, thread: event.thread,
                                                  subscribeSeq: event.seq, subscribeTime: event.time)
                history.requests = earlyRequests.removeValue(forKey: sub) ?? []
                for demand in history.requests { history.grant(demand) }
                history.eventNames = history.requests.map { _ in "request" } + ["subscribe"]
                index[sub] = histories.count
                histories.append(history)
                continue
            }
            guard let position = index[sub] else {
                if case let .request(_, demand, _) = event.kind { earlyRequests[sub, default: []].append(demand) }
                continue
            }
            histories[position].apply(event)
        }
        return histories
    }

    private mutating func apply(_ event: TraceEvent) {
        eventNames.append(event.kind.name)
        let cancelled = cancelCount > 0
        switch event.kind {
        case let .request(_, demand, _):
            requests.append(demand)
            grant(demand)
        case .value:
            values += 1
            if ending == nil {
                valuesBeforeEnd += 1
                if let granted, valuesBeforeEnd > granted { valuesBeyondDemand += 1 }
            }
            if cancelled { valuesAfterCancel += 1 }
            if ending == .finished || ending == .failure { valuesAfterCompletion += 1 }
        case .finished, .failure:
            completionCount += 1
            if cancelled { completionsAfterCancel += 1 }
            if case .finished = event.kind { end(.finished, event) } else { end(.failure, event) }
        case .cancel:
            cancelCount += 1
            end(.cancel, event)
        default:
            break
        }
    }

    private mutating func grant(_ demand: TraceDemand) {
        guard let current = granted else { return }
        switch demand {
        case .unlimited: granted = nil
        case let .max(n):
            let (sum, overflow) = current.addingReportingOverflow(n)
            granted = overflow ? nil : sum
        }
    }

    private mutating func end(_ how: Ending, _ event: TraceEvent) {
        guard ending == nil else { return }
        ending = how
        endSeq = event.seq
        endTime = event.time
        endThread = event.thread
    }
}
