import CombineTraceCore

/// Builds traces event by event, numbering `seq` as the recorder does.
struct TraceBuilder {
    private(set) var events: [TraceEvent] = []

    mutating func add(_ time: UInt64, _ kind: TraceEventKind, thread: String = "main") {
        events.append(TraceEvent(seq: UInt64(events.count + 1), time: time, thread: thread, kind: kind))
    }

    var text: String { TraceLineEncoder.document(events) }
}

enum TraceFixtures {
    static let leakySite = "Feed/FeedScreen.swift:30"
    static let correctSite = "Feed/FeedScreen.swift:40"

    /// A feed screen appearing three times: the leaky subscription is never cancelled, the correct
    /// one is cancelled when the screen disappears; plus a dropped cancellable, a legacy publisher
    /// that delivers after cancel, and a model that is never released.
    static var feed: TraceBuilder {
        var b = TraceBuilder()
        b.add(500, .track(object: 1, type: "FeedModel", label: "feed model", site: "Feed/FeedScreen.swift:20"))
        b.add(600, .track(object: 2, type: "Cell", label: "cell", site: "Feed/Cell.swift:9"))
        var sub: UInt64 = 0
        for round in 0..<3 {
            let base = UInt64(1_000 + round * 10_000)
            b.add(base, .mark(name: "feed.appear"))
            sub += 1
            b.add(base + 100, .subscribe(sub: sub, label: "feed.leaky", site: leakySite))
            b.add(base + 150, .request(sub: sub, demand: .unlimited))
            b.add(base + 300, .value(sub: sub, description: "\(round) posts"))
            sub += 1
            b.add(base + 200, .request(sub: sub, demand: .unlimited))
            b.add(base + 400, .subscribe(sub: sub, label: "feed.ok", site: correctSite))
            b.add(base + 500, .value(sub: sub, description: nil))
            b.add(base + 5_000, .mark(name: "feed.disappear"))
            b.add(base + 5_100, .cancel(sub: sub))
        }
        b.add(40_000, .subscribe(sub: 7, label: "search", site: "Search/SearchModel.swift:12"))
        b.add(40_100, .request(sub: 7, demand: .max(1)))
        b.add(40_500, .cancel(sub: 7))
        b.add(41_000, .subscribe(sub: 8, label: "legacy", site: "Legacy/Callback.swift:8"))
        b.add(41_100, .cancel(sub: 8), thread: "worker")
        b.add(43_000, .value(sub: 8, description: nil), thread: "worker")
        b.add(44_000, .finished(sub: 8), thread: "worker")
        b.add(44_500, .cancel(sub: 8))
        b.add(45_000, .expectRelease(object: 1))
        b.add(45_100, .expectRelease(object: 2))
        b.add(46_000, .release(object: 2))
        b.add(50_000, .mark(name: "end"))
        return b
    }
}
