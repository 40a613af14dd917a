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

    // MARK: - Traces of real operators (events as OpenCombine's operators produce them)

    /// `switchToLatest` cancels the previous inner publisher when a new one arrives, before it
    /// answered; `timeout`, `prefix(untilOutputFrom:)` and `zip` after the other side failed
    /// cancel before any value too. None of these is a dropped cancellable.
    func testCancelsOperatorsMakeAreNotDiscarded() {
        var b = TraceBuilder()
        let operators = ["SwitchToLatest", "Timeout", "PrefixUntilOutput", "Zip", "First", "FlatMap"]
        for (index, name) in operators.enumerated() {
            let sub = UInt64(index + 1), base = UInt64(index * 1_000)
            b.add(base, .subscribe(sub: sub, label: "inner", site: "Search/Search.swift:9", downstream: TraceDownstream(.operator, name: name)))
            b.add(base + 10, .request(sub: sub, demand: .unlimited))
            b.add(base + 20, .cancel(sub: sub))
        }
        // The same quick cancel under a sink is the dropped token.
        b.add(10_000, .subscribe(sub: 9, label: "dropped", site: "Search/Search.swift:20", downstream: TraceDownstream(.sink)))
        b.add(10_010, .request(sub: 9, demand: .unlimited))
        b.add(10_020, .cancel(sub: 9))
        b.add(11_000, .subscribe(sub: 10, label: "assigned", site: "Search/Search.swift:30", downstream: TraceDownstream(.assign)))
        b.add(11_010, .cancel(sub: 10))
        b.add(12_000, .subscribe(sub: 11, label: "own", site: "Search/Search.swift:40", downstream: TraceDownstream(.subscriber, name: "Pager")))
        b.add(12_010, .cancel(sub: 11))
        let report = TraceAnalysis().analyze(b.events)
        XCTAssertEqual(report.discarded, [
            SubscriptionGroup(site: "Search/Search.swift:20", label: "dropped", subs: [9]),
            SubscriptionGroup(site: "Search/Search.swift:30", label: "assigned", subs: [10]),
        ])
        XCTAssertEqual(report.leaked, [])
        XCTAssertEqual(report.protocolViolations, [])
    }

    /// `first()` takes one value and cancels; `prefix(2)` two; `zip` cancels the side still
    /// running when the other fails; `catch` replaces a failed upstream; `Deferred` + `retry`
    /// subscribes again after a failure. Legal traces: no finding at all.
    func testLegalOperatorTracesHaveNoFinding() {
        var b = TraceBuilder()
        func sub(_ id: UInt64, _ label: String, _ name: String, at time: UInt64) {
            b.add(time, .subscribe(sub: id, label: label, site: "Ops.swift:\(id)", downstream: TraceDownstream(.operator, name: name)))
        }
        sub(1, "first", "First", at: 0)
        b.add(1, .request(sub: 1, demand: .unlimited))
        b.add(2, .value(sub: 1, description: nil))
        b.add(3, .cancel(sub: 1))
        sub(2, "prefix", "Output", at: 10)
        b.add(11, .request(sub: 2, demand: .max(2)))
        b.add(12, .value(sub: 2, description: nil))
        b.add(13, .value(sub: 2, description: nil))
        b.add(14, .cancel(sub: 2))
        sub(3, "zip.a", "Zip", at: 20)
        sub(4, "zip.b", "Zip", at: 21)
        b.add(22, .request(sub: 3, demand: .max(1)))
        b.add(23, .request(sub: 4, demand: .max(1)))
        b.add(24, .failure(sub: 3, error: "offline"))
        b.add(25, .cancel(sub: 4))
        for attempt in 0..<3 {
            let id = UInt64(5 + attempt), time = UInt64(30 + attempt * 10)
            sub(id, "retried", "Retry", at: time)
            b.add(time + 1, .request(sub: id, demand: .unlimited))
            b.add(time + 2, attempt < 2 ? .failure(sub: id, error: "offline") : .finished(sub: id))
        }
        // A paged subscriber asking one at a time, returning demand for each value.
        b.add(70, .subscribe(sub: 8, label: "paged", site: "Ops.swift:8", downstream: TraceDownstream(.subscriber, name: "Pager")))
        b.add(71, .request(sub: 8, demand: .max(1)))
        for step in 0..<3 {
            b.add(UInt64(72 + step * 2), .value(sub: 8, description: nil))
            b.add(UInt64(73 + step * 2), .request(sub: 8, demand: .max(1), returned: true))
        }
        b.add(80, .finished(sub: 8))
        let report = TraceAnalysis().analyze(b.events)
        XCTAssertEqual(report.discarded, [])
        XCTAssertEqual(report.leaked, [])
        XCTAssertEqual(report.afterCancel, [])
        XCTAssertEqual(report.protocolViolations, [])
    }

    func testProtocolViolationsAreGroupedBySiteAndKind() {
        var b = TraceBuilder()
        b.add(0, .subscribe(sub: 1, label: "greedy", site: "P.swift:1"))
        b.add(1, .request(sub: 1, demand: .max(1)))
        b.add(2, .value(sub: 1, description: nil))
        b.add(3, .value(sub: 1, description: nil))
        b.add(4, .value(sub: 1, description: nil))
        b.add(5, .request(sub: 1, demand: .max(1), returned: true))
        b.add(6, .value(sub: 1, description: nil))
        b.add(7, .finished(sub: 1))
        b.add(8, .value(sub: 1, description: nil))
        b.add(9, .failure(sub: 1, error: "late"))
        b.add(10, .subscribe(sub: 2, label: "greedy", site: "P.swift:1"))
        b.add(11, .value(sub: 2, description: nil))
        b.add(12, .cancel(sub: 2))
        b.add(13, .value(sub: 2, description: nil))
        let report = TraceAnalysis().analyze(b.events)
        XCTAssertEqual(report.protocolViolations, [
            ProtocolViolationGroup(site: "P.swift:1", label: "greedy", kind: .beyondDemand, subs: [1, 2], count: 4),
            ProtocolViolationGroup(site: "P.swift:1", label: "greedy", kind: .afterCompletion, subs: [1], count: 1),
            ProtocolViolationGroup(site: "P.swift:1", label: "greedy", kind: .secondCompletion, subs: [1], count: 1),
        ])
        XCTAssertEqual(report.afterCancel.map(\.values), [1], "a value after cancel is the after-cancel section's")
        XCTAssertTrue(report.has(.protocolViolations))
        let text = TextReport.render(report, source: "p.jsonl")
        XCTAssertTrue(text.contains("""
        Protocol violations: 4 subscriptions (values beyond demand, after completion, a second completion)
          P.swift:1  "greedy"  values beyond the recorded demand: 4  #1 #2
          P.swift:1  "greedy"  values after completion: 1  #1
          P.swift:1  "greedy"  a second completion: 1  #1
        """), text)
        XCTAssertTrue(JSONReport.render(report).contains(#""kind": "beyond-demand",\#n      "count": 4,"#))
    }
}
