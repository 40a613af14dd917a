#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTrace
import CombineTraceCore
import CombineTraceTesting
import XCTest

/// Document 002's four acceptance criteria, its leave-the-screen scenario and its `receive(on:)`
/// boundary, each next to its fault-injected twin: the same test with the defect put back must fail.
final class Document002Tests: FailureExpectingTestCase {
    private var recorder: TraceRecorder!
    private var api: TestPublisher<String, Never>!
    private var log: RequestLog!

    override func setUp() {
        super.setUp()
        recorder = TraceRecorder.inMemory()
        api = TestPublisher()
        log = RequestLog()
    }

    private func model(_ faults: Set<SearchScreenModel.Fault> = []) -> SearchScreenModel {
        let api = self.api!
        return SearchScreenModel(api: { _ in api.eraseToAnyPublisher() }, log: log, recorder: recorder, faults: faults)
    }

    // MARK: 1. After cancel, nothing changes

    private func checkNothingChangesAfterCancel(_ model: SearchScreenModel) {
        assertNoDeliveryAfterCancel(label: "search", recorder: recorder) {
            model.search("swift")
            model.cancelSearch()
            api.subscriptions[0].succeed("late results")
        }
        XCTAssertEqual(model.results, "")
        XCTAssertTrue(api.subscriptions[0].isCancelled, "the cancel reached the source")
    }

    func testNothingChangesAfterCancel() { checkNothingChangesAfterCancel(model()) }

    func testNothingChangesAfterCancelFailsWhenCancelDoesNotCancel() {
        expectFailure(containing: "XCTAssertEqual failed") { checkNothingChangesAfterCancel(model([.cancelDoesNotCancel])) }
    }

    // MARK: 2. A repeated cancel does not repeat the clean-up

    private func checkRepeatedCancel(_ model: SearchScreenModel) {
        assertEachSubscriptionCancelledOnce(label: "search", recorder: recorder) {
            model.search("swift")
            model.cancelSearch()
            model.cancelSearch()
        }
        XCTAssertEqual(model.cleanups, 1)
        XCTAssertEqual(api.subscriptions[0].cancelCount, 1)
    }

    func testARepeatedCancelDoesNotRepeatTheCleanup() { checkRepeatedCancel(model()) }

    func testARepeatedCancelFailsWhenTheCleanupRepeats() {
        expectFailure(containing: "(\"2\") is not equal to (\"1\")") { checkRepeatedCancel(model([.cleanupRepeats])) }
    }

    // MARK: 3. The screen's model is released

    private func checkModelReleased(_ faults: Set<SearchScreenModel.Fault>) {
        weak var weakModel: SearchScreenModel?
        do {
            let screen = model(faults)
            weakModel = screen
            screen.search("swift")
        }
        assertReleased(weakModel, "the search screen's model")
        XCTAssertTrue(api.subscriptions[0].isCancelled, "releasing the model cancels its request")
    }

    func testTheModelIsReleased() { checkModelReleased([]) }

    func testTheModelIsReleasedFailsWithAStrongCapture() {
        expectFailure(containing: "the search screen's model (SearchScreenModel) is still alive") { checkModelReleased([.strongCapture]) }
        // The cycle is broken by ending the subscription.
        api.subscriptions[0].finish()
    }

    // MARK: 4. A stale answer never overwrites a newer one

    private func checkStaleAnswer(_ model: SearchScreenModel) {
        model.search("a")
        model.search("b")
        api.subscriptions[1].succeed("B")
        api.subscriptions[0].succeed("A")
        XCTAssertEqual(model.results, "B")
        assertNoStaleWrites(log)
    }

    func testAStaleAnswerNeverOverwritesANewerOne() { checkStaleAnswer(model()) }

    func testAStaleAnswerFailsWithoutTheRequestIDCheck() {
        let messages = expectFailure(containing: "stale result: request 1 was written after request 2 had started") {
            checkStaleAnswer(model([.noRequestIDCheck]))
        }
        XCTAssertEqual(messages.count, 2, "the state check and the log check both fail")
    }

    // MARK: Leaving the screen

    private func checkLeaving(_ model: SearchScreenModel) {
        model.search("swift")
        model.leave()
        api.subscriptions[0].succeed("late results")
        XCTAssertEqual(model.results, "")
        assertNothingWrittenAfterLeaving(log)
    }

    func testNothingIsWrittenAfterLeavingTheScreen() { checkLeaving(model()) }

    func testLeavingFailsWhenTheRequestsKeepRunning() {
        expectFailure(containing: "written after leaving the screen: request 1") { checkLeaving(model([.leaveKeepsRequests])) }
    }

    // MARK: Finishing is not cancelling

    func testAnAnswerFinishesTheSubscriptionAndAFailureFailsIt() {
        let failing = TestPublisher<String, SampleFailure>()
        assertFinished(label: "search", recorder: recorder) {
            let screen = model()
            screen.search("swift")
            api.subscriptions[0].succeed("results")
        }
        assertFailed(label: "lookup", recorder: recorder) {
            let token = failing.trace("lookup", recorder: recorder).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            failing.subscriptions[0].fail(.offline)
            token.cancel()
        }
    }

    func testAssertFinishedFailsForACancelAndAssertFailedForAFinish() {
        let messages = expectFailure(containing: "1 of 1 subscription did not finish:") {
            assertFinished(label: "search", recorder: recorder) {
                let screen = model()
                screen.search("swift")
                screen.cancelSearch()
            }
        }
        XCTAssertTrue(messages[0].contains("(subscribe, request, cancel), ended by cancel"), messages[0])
        expectFailure(containing: "did not fail:") {
            assertFailed(recorder: recorder) {
                let screen = model()
                screen.search("swift")
                api.subscriptions[1].succeed("results")
            }
        }
    }

    // MARK: The receive(on:) boundary, moved by a virtual-time scheduler

    func testResultsCrossReceiveOnOnlyWhenTheSchedulerRuns() {
        let scheduler = TestScheduler()
        var results: [String] = []
        var token: AnyCancellable? = api.receive(on: scheduler).trace("hop", recorder: recorder).sink { results.append($0) }
        api.subscriptions[0].send("first")
        XCTAssertEqual(results, [], "the synchronous part is done; the hop is pending")
        scheduler.advance()
        XCTAssertEqual(results, ["first"])
        // An answer already handed to the scheduler is not delivered after cancel.
        api.subscriptions[0].send("second")
        token?.cancel()
        token = nil
        scheduler.run()
        XCTAssertEqual(results, ["first"])
        XCTAssertNil(TraceChecks.noDeliveryAfterCancel(in: recorder.events()))
    }
}

enum SampleFailure: Error { case offline }

/// `expectFailure` itself: it catches failures, and fails when there is none to catch.
final class ExpectFailureTests: FailureExpectingTestCase {
    func testItCatchesAFailureAndReturnsItsMessage() {
        let messages = expectFailure { XCTAssertEqual(1, 2, "one is not two") }
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(messages[0].contains("one is not two"), messages[0])
    }

    func testItFailsWhenTheBlockPasses() {
        let outer = expectFailure { expectFailure { XCTAssertEqual(1, 1) } }
        XCTAssertEqual(outer.count, 1)
        XCTAssertTrue(outer.first?.contains("expected a failure, but the assertions passed") ?? false, "\(outer)")
    }

    func testItFailsWhenNoMessageHasTheText() {
        let outer = expectFailure { expectFailure(containing: "two") { XCTFail("three") } }
        XCTAssertTrue(outer.first?.contains("expected a failure containing \"two\", got:") ?? false, "\(outer)")
    }
}
