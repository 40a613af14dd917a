import CombineTraceCore
import XCTest

final class TraceAnalysisTests: XCTestCase {
    let report = TraceAnalysis().analyze(TraceFixtures.feed.events)

    func testLeakedAreGroupedByCallSite() {
        XCTAssertEqual(report.leaked, [SubscriptionGroup(site: TraceFixtures.leakySite, label: "feed.leaky", subs: [1, 3, 5])])
    }

    func testDiscardedIsACancelRightAfterSubscribingWithoutValues() {
        XCTAssertEqual(report.discarded, [SubscriptionGroup(site: "Search/SearchModel.swift:12", label: "search", subs: [7])])
    }

    func testAccumulationFollowsTheRepeatedMark() {
        XCTAssertEqual(report.accumulating, [
            Accumulation(site: TraceFixtures.leakySite, label: "feed.leaky", mark: "feed.appear", liveCounts: [0, 1, 2], subs: [1, 3]),
            Accumulation(site: TraceFixtures.leakySite, label: "feed.leaky", mark: "feed.disappear", liveCounts: [1, 2, 3], subs: [1, 3, 5]),
        ])
    }

    func testDeliveryAfterCancelIsReportedButCancelAfterCompletionIsNot() {
        XCTAssertEqual(report.afterCancel, [AfterCancelGroup(site: "Legacy/Callback.swift:8", label: "legacy", subs: [8], values: 1, completions: 1)])
        let normal = TraceAnalysis().analyze([
            TraceEvent(seq: 1, time: 1, thread: "main", kind: .subscribe(sub: 1, label: "a", site: "A.swift:1")),
            TraceEvent(seq: 2, time: 2, thread: "main", kind: .value(sub: 1, description: nil)),
            TraceEvent(seq: 3, time: 3, thread: "main", kind: .finished(sub: 1)),
            TraceEvent(seq: 4, time: 4, thread: "main", kind: .cancel(sub: 1)),
        ])
        XCTAssertEqual(normal.afterCancel, [])
        XCTAssertEqual(normal.leaked, [])
        XCTAssertEqual(normal.discarded, [])
    }

    func testUnreleasedObjectsAreThoseExpectedAndNeverReleased() {
        XCTAssertEqual(report.unreleased, [UnreleasedGroup(site: "Feed/FeedScreen.swift:20", label: "feed model", type: "FeedModel", objects: [1])])
    }

    func testSiteSummariesGiveLifetimes() {
        XCTAssertEqual(report.sites.map(\.site), ["Feed/FeedScreen.swift:30", "Feed/FeedScreen.swift:40", "Legacy/Callback.swift:8", "Search/SearchModel.swift:12"])
        let leaky = report.sites[0]
        XCTAssertEqual([leaky.count, leaky.alive, leaky.completed, leaky.cancelled, leaky.values], [3, 3, 0, 0, 3])
        // Alive until the trace's end at 50 000 ns: 48 900, 38 900, 28 900.
        XCTAssertEqual(leaky.medianLifetime, 38_900)
        XCTAssertEqual(leaky.longestLifetime, 48_900)
        let correct = report.sites[1]
        XCTAssertEqual([correct.count, correct.alive, correct.cancelled, correct.values], [3, 0, 3, 3])
        XCTAssertEqual(correct.medianLifetime, 4_700)
        XCTAssertEqual(report.subscriptionCount, 8)
        XCTAssertEqual(report.markCount, 7)
        XCTAssertEqual(report.endTime, 50_000)
    }

    func testRequestBeforeSubscribeIsKept() {
        let histories = SubscriptionHistory.build(from: TraceFixtures.feed.events)
        XCTAssertEqual(histories[1].requests, [.unlimited])
        XCTAssertEqual(histories[1].eventNames, ["request", "subscribe", "value", "cancel"])
    }

    func testSlowOrValuedCancelsAreNotDiscarded() {
        var b = TraceBuilder()
        b.add(0, .subscribe(sub: 1, label: "slow", site: "A.swift:1"))
        b.add(2_000_000, .cancel(sub: 1))
        b.add(3_000_000, .subscribe(sub: 2, label: "valued", site: "A.swift:2"))
        b.add(3_000_001, .value(sub: 2, description: nil))
        b.add(3_000_002, .cancel(sub: 2))
        b.add(4_000_000, .subscribe(sub: 3, label: "other thread", site: "A.swift:3"))
        b.add(4_000_001, .cancel(sub: 3), thread: "worker")
        b.add(5_000_000, .subscribe(sub: 4, label: "across a mark", site: "A.swift:4"))
        b.add(5_000_001, .mark(name: "leave"))
        b.add(5_000_002, .cancel(sub: 4))
        XCTAssertEqual(TraceAnalysis().analyze(b.events).discarded, [])
        XCTAssertEqual(TraceAnalysis(discardWindow: 3_000_000).analyze(b.events).discarded.map(\.subs), [[1]])
    }

    func testOneLateLongLivedSubscriptionIsNotAccumulation() {
        var b = TraceBuilder()
        b.add(0, .mark(name: "appear"))
        b.add(1, .subscribe(sub: 1, label: "settings", site: "A.swift:1"))
        b.add(2, .mark(name: "appear"))
        b.add(3, .mark(name: "appear"))
        XCTAssertEqual(TraceAnalysis().analyze(b.events).accumulating, [])
    }

    func testDroppedCountsAreSummed() {
        var b = TraceBuilder()
        b.add(0, .dropped(count: 3))
        b.add(1, .dropped(count: 4))
        XCTAssertEqual(TraceAnalysis().analyze(b.events).dropped, 7)
    }
}
