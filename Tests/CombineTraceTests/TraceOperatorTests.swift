#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTrace
import CombineTraceCore
import Foundation
import XCTest

final class TraceOperatorTests: XCTestCase {
    private func kinds(_ recorder: TraceRecorder) -> [TraceEventKind] { recorder.events().map(\.kind) }

    func testRecordsTheWholeLifeOfASubscription() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let line = #line + 1
        let token = subject.trace("feed", recorder: recorder, describe: { "n=\($0)" }).sink { received.append($0) }
        subject.send(1)
        subject.send(2)
        token.cancel()
        token.cancel()
        subject.send(3)
        XCTAssertEqual(received, [1, 2])
        let site = "CombineTraceTests/TraceOperatorTests.swift:\(line)"
        XCTAssertEqual(kinds(recorder), [
            .subscribe(sub: 1, label: "feed", site: site, downstream: TraceDownstream(.sink)),
            .request(sub: 1, demand: .unlimited),
            .value(sub: 1, description: "n=1"),
            .value(sub: 1, description: "n=2"),
            .cancel(sub: 1),
        ])
    }

    func testCompletionAndFailureAreRecorded() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<String, SampleError>()
        let other = PassthroughSubject<String, SampleError>()
        let first = subject.trace("a", recorder: recorder).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        let second = other.trace("b", recorder: recorder).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        subject.send("x")
        subject.send(completion: .finished)
        other.send(completion: .failure(.offline))
        first.cancel()
        second.cancel()
        let ends = kinds(recorder).filter { if case .subscribe = $0 { return false }; if case .request = $0 { return false }; return true }
        XCTAssertEqual(ends, [.value(sub: 1, description: nil), .finished(sub: 1), .failure(sub: 2, error: "offline")])
        let report = TraceAnalysis().analyze(recorder.events())
        XCTAssertEqual(report.leaked, [])
        XCTAssertEqual(report.afterCancel, [], "sink does not cancel after completion; nothing late")
    }

    func testReleasingTheTokenRecordsCancel() {
        let recorder = TraceRecorder.inMemory()
        let subject = CurrentValueSubject<Int, Never>(0)
        var token: AnyCancellable? = subject.trace("value", recorder: recorder).sink { _ in }
        XCTAssertNotNil(token)
        token = nil
        XCTAssertEqual(kinds(recorder).last, .cancel(sub: 1))
        XCTAssertEqual(TraceAnalysis().analyze(recorder.events()).leaked, [])
    }

    func testDiscardedTokenIsReportedAsDiscarded() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        // combinelint:disable:next discarded_cancellable - the trace must show the dropped subscription
        _ = subject.trace("dropped", recorder: recorder).sink { _ in }
        let report = TraceAnalysis().analyze(recorder.events())
        XCTAssertEqual(report.discarded.map(\.subs), [[1]])
        XCTAssertEqual(report.discarded.first?.label, "dropped")
    }

    func testStoredButNeverCancelledIsLeaked() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        var bag = Set<AnyCancellable>()
        for _ in 0..<3 {
            recorder.mark("appear")
            subject.trace("leaky", recorder: recorder).sink { _ in }.store(in: &bag)
        }
        recorder.mark("appear")
        let report = TraceAnalysis().analyze(recorder.events())
        XCTAssertEqual(report.leaked.map(\.subs), [[1, 2, 3]])
        XCTAssertEqual(report.accumulating.map(\.liveCounts), [[0, 1, 2, 3]])
        bag.removeAll()
        XCTAssertEqual(TraceAnalysis().analyze(recorder.events()).leaked, [])
    }

    func testDemandOfCustomSubscribersIsRecordedAndRespected() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TwoAtATime()
        subject.trace("paged", recorder: recorder).subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        XCTAssertEqual(subscriber.values, [1, 2])
        subscriber.subscription?.request(.max(1))
        subject.send(6)
        XCTAssertEqual(subscriber.values, [1, 2, 6])
        let requests = kinds(recorder).compactMap { kind -> TraceDemand? in
            if case let .request(_, demand, _) = kind { return demand }
            return nil
        }
        XCTAssertEqual(requests, [.max(2), .max(1)])
    }

    func testStoppedRecorderRecordsNothingAndChangesNothing() {
        let recorder = TraceRecorder()
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let token = subject.map { $0 * 10 }.trace("off", recorder: recorder).sink { received.append($0) }
        subject.send(1)
        token.cancel()
        XCTAssertEqual(received, [10])
        XCTAssertEqual(recorder.events(), [])
    }

    /// The stopped value path reads the recorder's flag at every value, not once at subscribe.
    func testARecorderStartedAndStoppedMidStreamRecordsOnlyTheValuesBetween() {
        let recorder = TraceRecorder()
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let token = subject.trace("switch", recorder: recorder, describe: { "v\($0)" }).sink { received.append($0) }
        subject.send(1)
        recorder.startInMemory()
        subject.send(2)
        recorder.stop()
        subject.send(3)
        token.cancel()
        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(kinds(recorder), [.value(sub: 1, description: "v2")])
    }

    func testValuesAfterCancelFromAnUpstreamThatIgnoresCancelAreReported() {
        let recorder = TraceRecorder.inMemory()
        let legacy = StubbornPublisher()
        let token = legacy.trace("legacy", recorder: recorder).sink { _ in }
        token.cancel()
        legacy.fire(7)
        legacy.finish()
        let report = TraceAnalysis().analyze(recorder.events())
        XCTAssertEqual(report.afterCancel, [AfterCancelGroup(site: report.afterCancel.first?.site ?? "", label: "legacy", subs: [1], values: 1, completions: 1)])
    }

    func testConcurrentSendsFromTwoThreadsAreAllRecorded() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        let counter = LockedCounter()
        let token = subject.trace("shared", recorder: recorder).sink { _ in counter.increment() }
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in 0..<1_000 { subject.send(worker * 1_000 + index) }
        }
        token.cancel()
        XCTAssertEqual(counter.value, 2_000)
        let values = kinds(recorder).filter { if case .value = $0 { return true }; return false }
        XCTAssertEqual(values.count, 2_000)
        XCTAssertEqual(recorder.events().map(\.seq), Array(1...UInt64(2_003)))
    }

    func testDemandReturnedFromReceiveIsRecordedAsReturned() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OneMoreEachTime()
        subject.trace("paged", recorder: recorder).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(subscriber.values, [1, 2])
        XCTAssertEqual(kinds(recorder).dropFirst(), [
            .request(sub: 1, demand: .max(1)),
            .value(sub: 1, description: nil),
            .request(sub: 1, demand: .max(1), returned: true),
            .value(sub: 1, description: nil),
            .request(sub: 1, demand: .max(1), returned: true),
        ])
        XCTAssertEqual(TraceAnalysis().analyze(recorder.events()).protocolViolations, [])
        XCTAssertTrue(TraceLineEncoder.line(recorder.events()[3]).hasSuffix(#""sub":1,"demand":1,"returned":true}"# + "\n"))
    }

    func testACancelIsRecordedOncePerSubscription() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        subject.trace("twice", recorder: recorder).subscribe(sink)
        let subscription = TakeSubscription()
        subject.trace("after completion", recorder: recorder).subscribe(subscription)
        sink.cancel()
        sink.cancel()
        subject.send(completion: .finished)
        subscription.subscription?.cancel()
        subscription.subscription?.cancel()
        let cancels = kinds(recorder).filter { if case .cancel = $0 { return true }; return false }
        XCTAssertEqual(cancels, [.cancel(sub: 1)])
        XCTAssertEqual(kinds(recorder).last, .finished(sub: 2))
    }

    func testTheSubscribeEventSaysWhatTheDownstreamIs() {
        final class Model { var value = 0 }
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        let model = Model()
        let tokens = [
            subject.trace("sink", recorder: recorder).sink { _ in },
            subject.trace("assign", recorder: recorder).assign(to: \.value, on: model),
            subject.trace("map", recorder: recorder).map { $0 + 1 }.sink { _ in },
            subject.trace("erased", recorder: recorder).eraseToAnyPublisher().sink { _ in },
        ]
        let own = TakeSubscription()
        subject.trace("own", recorder: recorder).subscribe(own)
        let downstreams = recorder.events().compactMap { event -> String? in
            guard case let .subscribe(_, label, _, downstream?) = event.kind else { return nil }
            return "\(label): \(downstream.kind.rawValue) \(downstream.name)"
        }
        XCTAssertEqual(downstreams, ["sink: sink ", "assign: assign ", "map: operator Map", "erased: sink ", "own: subscriber TakeSubscription"])
        let line = TraceLineEncoder.line(recorder.events().first { $0.kind.name == "subscribe" && $0.kind.subscription == 3 }!)
        XCTAssertTrue(line.hasSuffix(#""downstream":"operator","downstreamType":"Map"}"# + "\n"), line)
        tokens.forEach { $0.cancel() }
    }

    func testEventsRecordTheDispatchQueueLabel() {
        let recorder = TraceRecorder.inMemory()
        let subject = PassthroughSubject<Int, Never>()
        let token = subject.trace("queued", recorder: recorder).sink { _ in }
        let queue = DispatchQueue(label: "com.example.feed")
        queue.sync { subject.send(1) }
        let group = DispatchGroup()
        queue.async(group: group) { subject.send(2) }
        group.wait()
        token.cancel()
        let values = recorder.events().filter { $0.kind.name == "value" }
        XCTAssertEqual(values.map(\.queue), ["com.example.feed", "com.example.feed"])
        XCTAssertEqual(values.first?.thread, "main", "sync runs the block on the calling thread")
        XCTAssertNil(recorder.events().first?.queue, "the main queue on the main thread is left out")
        XCTAssertTrue(TraceLineEncoder.line(values[0]).contains(#""thread":"main","queue":"com.example.feed","sub":1"#))
    }
}

/// Asks for one value, then one more with each value.
private final class OneMoreEachTime: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var values: [Int] = []

    func receive(subscription: Subscription) { subscription.request(.max(1)) }
    func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        return .max(1)
    }
    func receive(completion: Subscribers.Completion<Never>) {}
}

/// Keeps its subscription so that the test can cancel it.
private final class TakeSubscription: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var subscription: Subscription?

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Never>) {}
}

enum SampleError: Error { case offline }

private final class TwoAtATime: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var values: [Int] = []
    var subscription: Subscription?

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(2))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

/// A callback-style publisher whose cancel does not stop delivery: what after-cancel catches.
private final class StubbornPublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never
    private var subscribers: [AnySubscriber<Int, Never>] = []

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscribers.append(AnySubscriber(subscriber))
        subscriber.receive(subscription: Ignored())
    }

    func fire(_ value: Int) { for subscriber in subscribers { _ = subscriber.receive(value) } }
    func finish() { for subscriber in subscribers { subscriber.receive(completion: .finished) } }

    private final class Ignored: Subscription {
        func request(_ demand: Subscribers.Demand) {}
        func cancel() {}
    }
}

private final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
