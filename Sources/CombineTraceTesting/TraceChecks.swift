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

    /// Fails when a result was written after a newer request had started (document 002's
    /// request-id criterion: start A, start B, B answers, A answers late: the state stays B's).
    public static func noStaleWrites(_ entries: [RequestLog.Entry]) -> String? {
        var newestStarted: Int?
        for entry in entries {
            switch entry {
            case let .started(id):
                newestStarted = max(newestStarted ?? id, id)
            case let .wrote(id):
                if let newest = newestStarted, id < newest {
                    return "stale result: request \(id) was written after request \(newest) had started\n"
                        + "  events: " + entries.map(\.description).joined(separator: ", ")
                }
            }
        }
        return nil
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
