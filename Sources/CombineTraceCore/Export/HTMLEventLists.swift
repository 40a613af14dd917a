/// The events of each subscription for the list a row opens to: the first ones and the last ones
/// when there are more than the limit, so that a subscription of a million values lists a few
/// dozen lines.
struct SubscriptionEventList: Sendable, Equatable {
    var head: [TraceEvent] = []
    var tail: [TraceEvent] = []
    var total = 0

    var omitted: Int { total - head.count - tail.count }

    /// The lists of every subscription in `events`, each keeping at most `limit` events.
    static func collect(_ events: [TraceEvent], limit: Int) -> SubscriptionEventLists {
        let headLimit = max(1, limit * 2 / 3)
        let tailLimit = max(0, limit - headLimit)
        var lists = SubscriptionEventLists()
        let firstThread = events.first?.thread
        for event in events {
            if event.thread != firstThread || event.queue != nil { lists.severalThreads = true }
            guard let sub = event.kind.subscription else { continue }
            lists.bySubscription[sub, default: SubscriptionEventList()].add(event, headLimit: headLimit, tailLimit: tailLimit)
        }
        return lists
    }

    private mutating func add(_ event: TraceEvent, headLimit: Int, tailLimit: Int) {
        total += 1
        if head.count < headLimit { head.append(event); return }
        guard tailLimit > 0 else { return }
        if tail.count == tailLimit { tail.removeFirst() }
        tail.append(event)
    }
}

/// The event lists of a trace's subscriptions.
struct SubscriptionEventLists: Sendable, Equatable {
    var bySubscription: [UInt64: SubscriptionEventList] = [:]
    /// Whether the trace names more than one thread or any dispatch queue (else the lists leave
    /// the thread column out).
    var severalThreads = false
}

/// Renders a subscription's event list as a table (inside the row's `<details>`).
enum HTMLEventListRendering {
    static func table(_ list: SubscriptionEventList, threads: Bool, scale: TimelineScale) -> String {
        let columns = threads ? 5 : 4
        var lines = [#"<table class="events"><tr><th>seq</th><th>time</th>"# + (threads ? "<th>thread</th>" : "") + "<th>event</th><th>detail</th></tr>"]
        for event in list.head { lines.append(row(event, threads: threads, scale: scale)) }
        if list.omitted > 0 {
            lines.append(#"<tr class="omitted"><td colspan="\#(columns)">… \#(HTMLEscaping.count(list.omitted)) more events not listed …</td></tr>"#)
        }
        for event in list.tail { lines.append(row(event, threads: threads, scale: scale)) }
        lines.append("</table>")
        return lines.joined()
    }

    /// Time from the timeline's start, signed (a request may come before the first subscribe).
    static func offset(_ time: UInt64, scale: TimelineScale) -> String {
        time >= scale.start ? "+" + DurationText.format(time - scale.start) : "−" + DurationText.format(scale.start - time)
    }

    private static func row(_ event: TraceEvent, threads: Bool, scale: TimelineScale) -> String {
        // `</td>` and `</tr>` are optional in HTML: left out, they are a fifth of a long page.
        var cells = "<tr><td>\(event.seq)<td>\(offset(event.time, scale: scale))"
        if threads { cells += "<td>\(HTMLEscaping.escape(event.queue.map { "\(event.thread) (\($0))" } ?? event.thread))" }
        return cells + "<td>\(event.kind.name)<td>\(HTMLEscaping.escape(detail(event.kind)))"
    }

    private static func detail(_ kind: TraceEventKind) -> String {
        switch kind {
        case let .subscribe(_, _, _, downstream):
            // The label and site are in the group's header.
            return downstream.map { $0.name.isEmpty ? "into \($0.kind.rawValue)" : "into \($0.kind.rawValue) \($0.name)" } ?? ""
        case let .request(_, demand, returned): return returned ? "returned \(demand)" : "demand \(demand)"
        case let .value(_, description): return shortened(description ?? "")
        case let .failure(_, error): return shortened(error)
        default: return ""
        }
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 160 ? text : String(text.prefix(159)) + "…"
    }
}
