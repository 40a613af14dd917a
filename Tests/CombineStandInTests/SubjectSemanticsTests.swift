#if !canImport(Combine)
import CombineStandIn
import XCTest

/// Pins the Combine behaviour the stand-in mirrors: these are the facts the tracer relies on.
final class SubjectSemanticsTests: XCTestCase {
    func testPassthroughSubjectDeliversSynchronouslyOnlyAfterSubscribing() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        subject.send(0)
        let token = subject.sink { received.append($0) }
        subject.send(1)
        XCTAssertEqual(received, [1])
        subject.send(2)
        XCTAssertEqual(received, [1, 2])
        token.cancel()
    }

    func testCurrentValueSubjectReplaysItsValueToEachNewSubscriber() {
        let subject = CurrentValueSubject<String, Never>("a")
        var first: [String] = []
        var second: [String] = []
        let t1 = subject.sink { first.append($0) }
        subject.value = "b"
        let t2 = subject.sink { second.append($0) }
        subject.send("c")
        XCTAssertEqual(first, ["a", "b", "c"])
        XCTAssertEqual(second, ["b", "c"])
        XCTAssertEqual(subject.value, "c")
        t1.cancel()
        t2.cancel()
    }

    func testCompletionIsTerminalAndReachesLateSubscribers() {
        let subject = PassthroughSubject<Int, TestError>()
        var events: [String] = []
        let token = subject.sink(receiveCompletion: { events.append("\($0)") }, receiveValue: { events.append("v\($0)") })
        subject.send(1)
        subject.send(completion: .failure(.boom))
        // combinelint:disable:next send_after_completion - the test checks that the value is dropped
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(events, ["v1", "failure(CombineStandInTests.TestError.boom)"])

        var late: [String] = []
        let lateToken = subject.sink(receiveCompletion: { late.append("\($0)") }, receiveValue: { late.append("v\($0)") })
        XCTAssertEqual(late, ["failure(CombineStandInTests.TestError.boom)"])
        token.cancel()
        lateToken.cancel()
    }

    /// Combine stores a value set after completion but ignores one sent: `value = 5` changes the
    /// value, `send(6)` does not; neither reaches a subscriber.
    func testAfterCompletionSettingTheValueStoresItAndSendingDoesNot() {
        let subject = CurrentValueSubject<Int, Never>(1)
        subject.send(completion: .finished)
        subject.value = 5
        XCTAssertEqual(subject.value, 5)
        subject.send(6)
        XCTAssertEqual(subject.value, 5)
        var received: [Int] = []
        var finished = false
        let token = subject.sink(receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
        XCTAssertEqual(received, [])
        XCTAssertTrue(finished)
        token.cancel()
    }

    func testJustEmitsOneValueThenFinishes() {
        var events: [String] = []
        let token = Just(7).map { $0 * 2 }.sink(receiveCompletion: { _ in events.append("finished") }, receiveValue: { events.append("\($0)") })
        XCTAssertEqual(events, ["14", "finished"])
        token.cancel()
    }
}

enum TestError: Error { case boom }
#endif
