#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTrace
import CombineTraceCore
import CombineTraceTesting
import XCTest

/// The checks' verdicts and messages, on real traced pipelines.
final class TraceChecksTests: XCTestCase {
    func testNoLiveSubscriptionsNamesTheSiteAndEvents() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        var bag = Set<AnyCancellable>()
        let line = #line + 1
        subject.trace("feed", recorder: recorder).sink { _ in }.store(in: &bag)
        let done = subject.trace("other", recorder: recorder).sink { _ in }
        done.cancel()
        subject.send(1)
        let site = "CombineTraceTestingTests/TraceChecksTests.swift:\(line)"
        XCTAssertEqual(TraceChecks.noLiveSubscriptions(in: recorder.events()), """
        1 subscription still alive:
          #1 "feed" at \(site) (subscribe, request, value)
        """)
        XCTAssertNil(TraceChecks.noLiveSubscriptions(in: recorder.events(), label: "other"))
        XCTAssertNotNil(TraceChecks.noLiveSubscriptions(in: recorder.events(), site: "TraceChecksTests.swift:\(line)"))
        bag.removeAll()
        XCTAssertNil(TraceChecks.noLiveSubscriptions(in: recorder.events()))
    }

    func testCancelledExactlyOnce() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        let token = subject.trace("search", recorder: recorder).sink { _ in }
        XCTAssertEqual(TraceChecks.eachCancelledOnce(in: recorder.events())?.components(separatedBy: "\n").first,
                       "1 of 1 subscriptions not cancelled exactly once:")
        token.cancel()
        token.cancel()
        XCTAssertNil(TraceChecks.eachCancelledOnce(in: recorder.events()), "AnyCancellable cancels its subscription once")
        XCTAssertEqual(TraceChecks.eachCancelledOnce(in: recorder.events(), label: "nothing"),
                       "no subscription labelled \"nothing\" was made")
    }

    func testACompletionIsNotACancel() {
        let recorder = TraceRecorder.inMemory()
        let token = Just(1).trace("just", recorder: recorder).sink { _ in }
        let message = TraceChecks.eachCancelledOnce(in: recorder.events())
        XCTAssertTrue(message?.hasSuffix("(subscribe, request, value, finished), cancelled 0 times") ?? false, message ?? "")
        token.cancel()
    }

    func testStaleWritesFollowTheRequestIDCriterion() {
        // Start A, start B, B answers, then A answers late and must not be written.
        XCTAssertNil(TraceChecks.noStaleWrites([.started(1), .started(2), .wrote(2)]))
        XCTAssertEqual(TraceChecks.noStaleWrites([.started(1), .started(2), .wrote(2), .wrote(1)]), """
        stale result: request 1 was written after request 2 had started
          events: start 1, start 2, write 2, write 1
        """)
        XCTAssertNotNil(TraceChecks.noStaleWrites([.started(1), .started(2), .wrote(1)]))
        XCTAssertNil(TraceChecks.noStaleWrites([.started(1), .wrote(1), .started(2), .wrote(2)]))
    }

    func testASearchModelWithAndWithoutTheRequestIDCheck() {
        for guarded in [true, false] {
            let log = RequestLog()
            let model = SearchModel(log: log, checksRequestID: guarded)
            let a = model.search(), b = model.search()
            model.answer(b, "B")
            model.answer(a, "A")
            XCTAssertEqual(model.results, guarded ? "B" : "A")
            XCTAssertEqual(TraceChecks.noStaleWrites(log.entries) == nil, guarded)
        }
    }
}

/// Fault injection: each assertion must fail when its defect is put in.
final class TraceAssertionFailureTests: XCTestCase {
    private var failures: [String] = []

    /// Only failures raised while capturing are swallowed; the test's own checks still fail.
    private var capturing = false

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        if capturing { failures.append(issue.compactDescription) } else { super.record(issue) }
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            failures.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    func testAssertionsFailOnDefectsAndPassOnFixes() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        var bag = Set<AnyCancellable>()
        capturing = true
        assertNoLiveSubscriptions(recorder: recorder) {
            subject.trace("leaky", recorder: recorder).sink { _ in }.store(in: &bag)
        }
        assertNoLiveSubscriptions(recorder: recorder) {
            let token = subject.trace("fine", recorder: recorder).sink { _ in }
            token.cancel()
        }
        assertEachSubscriptionCancelledOnce(label: "fine", recorder: recorder) {
            // combinelint:disable:next discarded_cancellable - a subscription cancelled exactly once, on purpose
            _ = subject.trace("fine", recorder: recorder).sink { _ in }
        }
        assertNoLiveSubscriptions(recorder: TraceRecorder()) {}
        let log = RequestLog()
        log.started(1); log.started(2); log.wrote(1)
        assertNoStaleWrites(log)
        capturing = false
        XCTAssertEqual(failures.count, 3, failures.joined(separator: "\n"))
        XCTAssertTrue(failures[0].contains("1 subscription still alive:\n  #1 \"leaky\" at CombineTraceTestingTests/TraceChecksTests.swift:"), failures[0])
        XCTAssertTrue(failures[1].contains("the trace recorder is not recording"), failures[1])
        XCTAssertTrue(failures[2].contains("stale result: request 1 was written after request 2 had started"), failures[2])
    }

    func testExpectedReleases() {
        final class Model {}
        let recorder = TraceRecorder.inMemory()
        var model: Model? = Model()
        recorder.expectRelease(model!, label: "screen model")
        capturing = true
        assertExpectedReleases(in: recorder)
        capturing = false
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.contains("Model \"screen model\" (obj #1) tracked at CombineTraceTestingTests/TraceChecksTests.swift:") ?? false, failures.first ?? "")
        model = nil
        capturing = true
        assertExpectedReleases(in: recorder)
        capturing = false
        XCTAssertEqual(failures.count, 1)
        XCTAssertNil(model)
    }
}

/// The scenario of document 002: a model writes results tagged with a request id.
private final class SearchModel {
    private let log: RequestLog
    private let checksRequestID: Bool
    private var latest = 0
    private(set) var results = ""

    init(log: RequestLog, checksRequestID: Bool) {
        self.log = log
        self.checksRequestID = checksRequestID
    }

    func search() -> Int {
        latest += 1
        log.started(latest)
        return latest
    }

    func answer(_ id: Int, _ value: String) {
        guard !checksRequestID || id == latest else { return }
        results = value
        log.wrote(id)
    }
}
