/// Writes events as trace lines: one JSON object per line, fields in the order of DESIGN.md.
public enum TraceLineEncoder {
    /// Appends `event` and a newline to `out`.
    public static func append(_ event: TraceEvent, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"v":1,"seq":"#.utf8)
        JSONText.appendNumber(event.seq, to: &out)
        out.append(contentsOf: #","t":"#.utf8)
        JSONText.appendNumber(event.time, to: &out)
        out.append(contentsOf: #","ev":""#.utf8)
        out.append(contentsOf: event.kind.name.utf8)
        out.append(contentsOf: #"","thread":"#.utf8)
        JSONText.appendString(event.thread, to: &out)
        if let queue = event.queue { string("queue", queue, &out) }
        switch event.kind {
        case let .subscribe(sub, label, site, downstream):
            number("sub", sub, &out)
            string("label", label, &out)
            string("site", site, &out)
            if let downstream {
                string("downstream", downstream.kind.rawValue, &out)
                if !downstream.name.isEmpty { string("downstreamType", downstream.name, &out) }
            }
        case let .request(sub, demand, returned):
            number("sub", sub, &out)
            switch demand {
            case .unlimited: string("demand", "unlimited", &out)
            case let .max(n): number("demand", UInt64(max(0, n)), &out)
            }
            if returned { out.append(contentsOf: #","returned":true"#.utf8) }
        case let .value(sub, description):
            number("sub", sub, &out)
            if let description { string("desc", description, &out) }
        case let .finished(sub), let .cancel(sub):
            number("sub", sub, &out)
        case let .failure(sub, error):
            number("sub", sub, &out)
            string("error", error, &out)
        case let .mark(name):
            string("name", name, &out)
        case let .track(object, type, label, site):
            number("obj", object, &out)
            string("type", type, &out)
            string("label", label, &out)
            string("site", site, &out)
        case let .expectRelease(object), let .release(object):
            number("obj", object, &out)
        case let .dropped(count):
            number("count", count, &out)
        }
        out.append(contentsOf: "}\n".utf8)
    }

    /// `event` as one line, newline included.
    public static func line(_ event: TraceEvent) -> String {
        var out: [UInt8] = []
        append(event, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// All `events` as a JSON Lines document.
    public static func document(_ events: [TraceEvent]) -> String {
        var out: [UInt8] = []
        for event in events { append(event, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    private static func number(_ key: StaticString, _ value: UInt64, _ out: inout [UInt8]) {
        member(key, &out)
        JSONText.appendNumber(value, to: &out)
    }

    private static func string(_ key: StaticString, _ value: String, _ out: inout [UInt8]) {
        member(key, &out)
        JSONText.appendString(value, to: &out)
    }

    /// `,"key":` before a member's value.
    private static func member(_ key: StaticString, _ out: inout [UInt8]) {
        key.withUTF8Buffer { name in
            out.append(contentsOf: #",""#.utf8)
            out.append(contentsOf: name)
            out.append(contentsOf: #"":"#.utf8)
        }
    }
}
