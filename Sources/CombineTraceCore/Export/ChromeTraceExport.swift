/// The trace in Chrome's Trace Event Format, which Perfetto and chrome://tracing open: one async
/// slice per subscription (ended at the trace's last timestamp with `leaked: true` when it never
/// ended), values and completions as instants on their thread, marks as global instants.
public enum ChromeTraceExport {
    public static func render(_ events: [TraceEvent]) -> String {
        let histories = SubscriptionHistory.build(from: events)
        let endTime = events.map(\.time).max() ?? 0
        var labels: [UInt64: String] = [:]
        for history in histories { labels[history.id] = history.label }

        var threads: [String: Int] = [:]
        var threadOrder: [String] = []
        func tid(_ name: String) -> JSONNode {
            if let id = threads[name] { return .int(id) }
            threads[name] = threads.count + 1
            threadOrder.append(name)
            return .int(threads.count)
        }

        var out: [JSONNode] = []
        var ended = Set<UInt64>()
        for event in events {
            let ts = JSONNode.number(Double(event.time) / 1_000)
            let thread = tid(event.thread)
            switch event.kind {
            case let .subscribe(sub, label, site, _):
                guard labels[sub] == label else { continue }
                out.append(.object([
                    ("name", .string(label)), ("cat", .string("subscription")), ("ph", .string("b")),
                    ("id", .string("sub-\(sub)")), ("ts", ts), ("pid", .int(1)), ("tid", thread),
                    ("args", .object([("sub", .unsigned(sub)), ("site", .string(site))])),
                ]))
            case let .value(sub, description):
                var args: [(String, JSONNode)] = [("sub", .unsigned(sub))]
                if let description { args.append(("desc", .string(description))) }
                out.append(instant(ended.contains(sub) ? "value after cancel" : "value", ts, thread, args))
            case let .request(sub, demand, _):
                out.append(instant("request", ts, thread, [("sub", .unsigned(sub)), ("demand", .string(demand.description))]))
            case let .finished(sub), let .cancel(sub), let .failure(sub, _):
                var args: [(String, JSONNode)] = [("sub", .unsigned(sub)), ("ending", .string(event.kind.name))]
                if case let .failure(_, error) = event.kind { args.append(("error", .string(error))) }
                guard let label = labels[sub], !ended.contains(sub) else {
                    out.append(instant("\(event.kind.name) after end", ts, thread, args))
                    continue
                }
                ended.insert(sub)
                args.append(("leaked", .bool(false)))
                out.append(.object([
                    ("name", .string(label)), ("cat", .string("subscription")), ("ph", .string("e")),
                    ("id", .string("sub-\(sub)")), ("ts", ts), ("pid", .int(1)), ("tid", thread), ("args", .object(args)),
                ]))
            case let .mark(name):
                out.append(.object([
                    ("name", .string(name)), ("cat", .string("mark")), ("ph", .string("i")), ("s", .string("g")),
                    ("ts", ts), ("pid", .int(1)), ("tid", thread),
                ]))
            case let .track(object, type, label, site):
                out.append(instant("track \(type)", ts, thread, [("obj", .unsigned(object)), ("label", .string(label)), ("site", .string(site))]))
            case let .expectRelease(object):
                out.append(instant("expect release", ts, thread, [("obj", .unsigned(object))]))
            case let .release(object):
                out.append(instant("release", ts, thread, [("obj", .unsigned(object))]))
            case let .dropped(count):
                out.append(instant("dropped", ts, thread, [("count", .unsigned(count))]))
            }
        }
        for history in histories where history.isAlive {
            out.append(.object([
                ("name", .string(history.label)), ("cat", .string("subscription")), ("ph", .string("e")),
                ("id", .string("sub-\(history.id)")), ("ts", .number(Double(endTime) / 1_000)), ("pid", .int(1)),
                ("tid", tid(history.thread)),
                ("args", .object([("sub", .unsigned(history.id)), ("leaked", .bool(true)), ("site", .string(history.site))])),
            ]))
        }
        var metadata: [JSONNode] = [.object([
            ("name", .string("process_name")), ("ph", .string("M")), ("pid", .int(1)),
            ("args", .object([("name", .string("CombineTrace"))])),
        ])]
        for (index, name) in threadOrder.enumerated() {
            metadata.append(.object([
                ("name", .string("thread_name")), ("ph", .string("M")), ("pid", .int(1)), ("tid", .int(index + 1)),
                ("args", .object([("name", .string(name))])),
            ]))
        }
        let document = JSONNode.object([("traceEvents", .array(metadata + out)), ("displayTimeUnit", .string("ns"))])
        // One event per line: small enough to diff, valid JSON for the viewers.
        guard case let .object(fields) = document, case let .array(items) = fields[0].1 else { return "" }
        return "{\"traceEvents\":[\n" + items.map { $0.compact() }.joined(separator: ",\n") + "\n],\"displayTimeUnit\":\"ns\"}\n"
    }

    private static func instant(_ name: String, _ ts: JSONNode, _ tid: JSONNode, _ args: [(String, JSONNode)]) -> JSONNode {
        .object([
            ("name", .string(name)), ("cat", .string("event")), ("ph", .string("i")), ("s", .string("t")),
            ("ts", ts), ("pid", .int(1)), ("tid", tid), ("args", .object(args)),
        ])
    }
}
