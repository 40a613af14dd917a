import CombineTraceCore

/// The checks behind the assertions, as pure functions from events to a failure message
/// (`nil` when the check passes), so that they can be tested and reused outside XCTest.
public enum TraceChecks {
    /// Fails when a subscription matching `label`/`site` is neither completed nor cancelled.
    public static func noLiveSubscriptions(in events: [TraceEvent], label: String? = nil, site: String? = nil) -> String? {
        let alive = matching(events, label: label, site: site).filter(\.isAlive)
        guard !alive.isEmpty else { return nil }
        return "\(alive.count) subscription\(alive.count == 1 ? "" : "s") still alive:\n"
            + alive.map { "  " + describe($0) }.joined(separator: "\n")
    }

    /// Fails when a subscription matching `label`/`site` was not cancelled exactly once
    /// (completing is not cancelling).
    public static func eachCancelledOnce(in events: [TraceEvent], label: String? = nil, site: String? = nil) -> String? {
        let histories = matching(events, label: label, site: site)
        if histories.isEmpty { return "no subscription\(filterText(label: label, site: site)) was made" }
        let wrong = histories.filter { $0.cancelCount != 1 }
        guard !wrong.isEmpty else { return nil }
        return "\(wrong.count) of \(histories.count) subscriptions not cancelled exactly once:\n"
            + wrong.map { "  " + describe($0) + ", cancelled \($0.cancelCount) time\($0.cancelCount == 1 ? "" : "s")" }.joined(separator: "\n")
    }

    /// Fails when a result was written after a newer request had started, or after its own
    /// request was cancelled (document 002's request-id criterion: start A, start B, B answers, A
    /// answers late: the state stays B's).
    public static func noStaleWrites(_ entries: [RequestLog.Entry]) -> String? {
        var newestStarted: Int?
        var cancelled = Set<Int>()
        for entry in entries {
            switch entry {
            case let .started(id):
                newestStarted = max(newestStarted ?? id, id)
            case let .cancelled(id):
                cancelled.insert(id)
            case let .wrote(id):
                if let newest = newestStarted, id < newest {
                    return "stale result: request \(id) was written after request \(newest) had started\n"
                        + "  events: " + entries.map(\.description).joined(separator: ", ")
                }
                if cancelled.contains(id) {
                    return "stale result: request \(id) was written after it was cancelled\n"
                        + "  events: " + entries.map(\.description).joined(separator: ", ")
                }
            case .left:
                break
            }
        }
        return nil
    }

    /// Fails when a result was written after the screen was left (document 002's leave-the-screen
    /// scenario: start a request, leave, answer late: the visible state must not change).
    public static func nothingWrittenAfterLeaving(_ entries: [RequestLog.Entry]) -> String? {
        guard let leave = entries.firstIndex(of: .left) else {
            return "the log has no 'leave' entry: call RequestLog.left() when the screen goes away"
        }
        let late = entries[leave...].compactMap { entry -> Int? in
            if case let .wrote(id) = entry { return id }
            return nil
        }
        guard !late.isEmpty else { return nil }
        return "written after leaving the screen: request\(late.count == 1 ? "" : "s") \(late.map(String.init).joined(separator: ", "))\n"
            + "  events: " + entries.map(\.description).joined(separator: ", ")
    }

    /// Fails when a subscription matching `label`/`site` received a value or a completion after
    /// it was cancelled (document 002: after cancel, nothing changes).
    public static func noDeliveryAfterCancel(in events: [TraceEvent], label: String? = nil, site: String? = nil) -> String? {
        let histories = matching(events, label: label, site: site)
        if histories.isEmpty { return "no subscription\(filterText(label: label, site: site)) was made" }
        let late = histories.filter { $0.valuesAfterCancel + $0.completionsAfterCancel > 0 }
        guard !late.isEmpty else { return nil }
        return "\(late.count) subscription\(late.count == 1 ? "" : "s") delivered after cancel:\n"
            + late.map { "  " + describe($0) + ", \($0.valuesAfterCancel) value\($0.valuesAfterCancel == 1 ? "" : "s") and "
                + "\($0.completionsAfterCancel) completion\($0.completionsAfterCancel == 1 ? "" : "s") after cancel" }
                .joined(separator: "\n")
    }

    /// Fails unless every subscription matching `label`/`site` ended with `ending` (`.finished`
    /// or `.failure`) rather than a cancel, the other completion, or not at all: a completion is
    /// not a cancel.
    public static func eachEnded(_ ending: SubscriptionHistory.Ending, in events: [TraceEvent],
                                 label: String? = nil, site: String? = nil) -> String? {
        let histories = matching(events, label: label, site: site)
        if histories.isEmpty { return "no subscription\(filterText(label: label, site: site)) was made" }
        let wrong = histories.filter { $0.ending != ending }
        guard !wrong.isEmpty else { return nil }
        let verb = ending == .finished ? "finish" : "fail"
        return "\(wrong.count) of \(histories.count) subscription\(histories.count == 1 ? "" : "s") did not \(verb):\n"
            + wrong.map { "  " + describe($0) + ", " + ($0.ending.map { "ended by \($0.rawValue)" } ?? "still alive") }
                .joined(separator: "\n")
    }

    /// `#3 "feed" at Feed/FeedScreen.swift:30 (subscribe, request, value)`.
    static func describe(_ history: SubscriptionHistory) -> String {
        "#\(history.id) \"\(history.label)\" at \(history.site) (\(history.eventNames.joined(separator: ", ")))"
    }

    private static func matching(_ events: [TraceEvent], label: String?, site: String?) -> [SubscriptionHistory] {
        SubscriptionHistory.build(from: events).filter { history in
            (label.map { $0 == history.label } ?? true) && (site.map { history.site == $0 || history.site.hasSuffix("/" + $0) } ?? true)
        }
    }

    private static func filterText(label: String?, site: String?) -> String {
        [label.map { " labelled \"\($0)\"" }, site.map { " at \($0)" }].compactMap { $0 }.joined()
    }
}
