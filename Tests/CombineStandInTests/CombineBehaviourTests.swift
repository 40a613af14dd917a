#if !canImport(Combine)
import CombineStandIn
import Foundation
import XCTest

/// The places where the stand-in once differed from Combine, each pinned to Combine's behaviour
/// as OpenCombine's test suite (written to pass against Apple's Combine) states it.
final class CombineBehaviourTests: XCTestCase {
    func testACurrentValueSentWithoutDemandArrivesAtTheNextRequestAsTheLatestValue() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = RecordingSubscriber<Int>(initial: .max(1))
        subject.subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1])
        subject.send(2)
        subject.send(3)
        XCTAssertEqual(subscriber.values, [1], "no demand: nothing delivered")
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(subscriber.values, [1, 3], "the latest value, once")
        subject.send(4)
        XCTAssertEqual(subscriber.values, [1, 3, 4])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 3, 4], "a value already delivered is not delivered again")
    }

    func testAPassthroughValueSentWithoutDemandIsDropped() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int>(initial: .none)
        subject.subscribe(subscriber)
        subject.send(1)
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [])
        subject.send(2)
        XCTAssertEqual(subscriber.values, [2])
    }

    func testDemandReturnedFromReceiveIsARequestThatHandleEventsSees() {
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = RecordingSubscriber<Int>(initial: .max(1), perValue: .max(1))
        subject.handleEvents(receiveRequest: { requests.append($0) }).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(subscriber.values, [1, 2])
        XCTAssertEqual(requests, [.max(1), .max(1), .max(1)])
    }

    func testNoHookRunsAfterCompletionNotEvenALaterCancel() {
        let subject = PassthroughSubject<Int, Never>()
        var hooks: [String] = []
        let subscriber = RecordingSubscriber<Int>(initial: .unlimited)
        subject.handleEvents(receiveOutput: { hooks.append("value \($0)") },
                             receiveCompletion: { _ in hooks.append("completion") },
                             receiveCancel: { hooks.append("cancel") },
                             receiveRequest: { hooks.append("request \($0)") })
            .subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .finished)
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(hooks, ["request unlimited", "value 1", "completion"])
    }

    func testOnlyTheFirstCancelRunsTheHook() {
        let subject = PassthroughSubject<Int, Never>()
        var cancels = 0
        let subscriber = RecordingSubscriber<Int>(initial: .unlimited)
        subject.handleEvents(receiveCancel: { cancels += 1 }).subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(cancels, 1)
    }

    func testASinkCancelledBeforeItsSubscriptionStillAcceptsIt() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var requests: [Subscribers.Demand] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { received.append($0) })
        sink.cancel()
        subject.handleEvents(receiveRequest: { requests.append($0) }).subscribe(sink)
        subject.send(1)
        XCTAssertEqual(requests, [.unlimited])
        XCTAssertEqual(received, [1])
        sink.cancel()
        subject.send(2)
        XCTAssertEqual(received, [1])
    }

    func testASinkRejectsASecondSubscriptionAndOneAfterCompletion() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let first = FakeSubscription(), second = FakeSubscription(), late = FakeSubscription()
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        sink.receive(completion: .finished)
        sink.receive(subscription: late)
        XCTAssertEqual(first.calls, ["request unlimited"])
        XCTAssertEqual(second.calls, ["cancel"])
        XCTAssertEqual(late.calls, ["cancel"])
    }

    func testCallsIntoOneSubscriberAreSerialisedWhenTwoThreadsSend() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OverlapDetector()
        subject.subscribe(subscriber)
        let group = DispatchGroup()
        for worker in 0..<2 {
            group.enter()
            Thread {
                for value in 0..<2_000 { subject.send(worker * 2_000 + value) }
                group.leave()
            }.start()
        }
        group.wait()
        XCTAssertEqual(subscriber.count, 4_000)
        XCTAssertFalse(subscriber.overlapped, "receive(_:) was entered by two threads at once")
    }

    /// Combine leaves the order unspecified: each subscriber gets every value, in send order.
    func testEverySubscriberGetsTheValueInWhateverOrder() {
        let subject = PassthroughSubject<Int, Never>()
        var got: [String] = []
        let tokens = ["a", "b", "c"].map { name in subject.sink { got.append("\(name)\($0)") } }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(got.sorted(), ["a1", "a2", "b1", "b2", "c1", "c2"])
        for name in ["a", "b", "c"] { XCTAssertEqual(got.filter { $0.hasPrefix(name) }, ["\(name)1", "\(name)2"]) }
        tokens.forEach { $0.cancel() }
    }

    func testAPublisherCanSubscribeASubject() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var finished = false
        let token = subject.sink(receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
        let feeding = Just(5).subscribe(subject)
        XCTAssertEqual(received, [5])
        XCTAssertTrue(finished)
        feeding.cancel()
        token.cancel()
    }

    func testASubjectAsksItsUpstreamForEverythingAndCancelsItWhenReleased() {
        let upstream = FakeSubscription()
        var subject: CurrentValueSubject<Int, Never>? = CurrentValueSubject(0)
        subject?.send(subscription: upstream)
        XCTAssertEqual(upstream.calls, ["request unlimited"])
        subject = nil
        XCTAssertEqual(upstream.calls, ["request unlimited", "cancel"])
    }

    func testCancellingTheFeedingTokenStopsTheUpstream() {
        let source = PassthroughSubject<Int, Never>()
        let target = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let token = target.sink { received.append($0) }
        let feeding = source.subscribe(target)
        source.send(1)
        feeding.cancel()
        source.send(2)
        XCTAssertEqual(received, [1])
        token.cancel()
    }

    func testAssignIgnoresCompletionBeforeItsSubscriptionAndReleasesTheObjectOnCompletion() {
        final class Model { var value = 0 }
        var model: Model? = Model()
        weak let weakModel = model
        let assign = Subscribers.Assign(object: model!, keyPath: \Model.value)
        model = nil
        assign.receive(completion: .finished)
        XCTAssertNotNil(weakModel, "not subscribed yet: completion changes nothing")
        assign.receive(subscription: FakeSubscription())
        _ = assign.receive(4)
        XCTAssertEqual(weakModel?.value, 4)
        assign.receive(completion: .finished)
        XCTAssertNil(weakModel)
    }
}

/// Releasing what a closure captures may cancel the very subscription being released (a model
/// that owns the token of a sink capturing it): no lock may be held while that happens.
final class ReentrantReleaseTests: XCTestCase {
    private final class Owner {
        var token: AnyCancellable?
    }

    func testCompletionReleasingTheOwnerOfTheSinksTokenDoesNotDeadlock() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakOwner: Owner?
        do {
            let owner = Owner()
            weakOwner = owner
            owner.token = subject.sink { _ in _ = owner }
        }
        XCTAssertNotNil(weakOwner, "the sink's closure holds its owner")
        subject.send(completion: .finished)
        XCTAssertNil(weakOwner)
    }

    func testCancelReleasingTheOwnerOfTheTokenDoesNotDeadlock() {
        let subject = CurrentValueSubject<Int, Never>(0)
        weak var weakOwner: Owner?
        var cancel: (() -> Void)?
        do {
            let owner = Owner()
            weakOwner = owner
            let token = subject.sink { _ in _ = owner }
            owner.token = token
            cancel = { token.cancel() }
        }
        cancel?()
        cancel = nil
        XCTAssertNil(weakOwner)
    }
}

/// Records values; asks for `initial` at subscription and `perValue` with each value.
private final class RecordingSubscriber<Input>: Subscriber {
    typealias Failure = Never
    private let initial: Subscribers.Demand
    private let perValue: Subscribers.Demand
    var values: [Input] = []
    var subscription: Subscription?

    init(initial: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
        self.initial = initial
        self.perValue = perValue
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        if initial != .none { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        return perValue
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}

/// Notes each call made to it.
private final class FakeSubscription: Subscription {
    var calls: [String] = []
    func request(_ demand: Subscribers.Demand) { calls.append("request \(demand)") }
    func cancel() { calls.append("cancel") }
}

/// Notices when two threads are inside `receive(_:)` at once.
private final class OverlapDetector: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never
    private let lock = NSLock()
    private var inside = 0
    private(set) var overlapped = false
    private(set) var count = 0

    func receive(subscription: Subscription) { subscription.request(.unlimited) }

    func receive(_ input: Int) -> Subscribers.Demand {
        lock.lock()
        inside += 1
        if inside > 1 { overlapped = true }
        count += 1
        lock.unlock()
        // Widens the window in which an unserialised second thread would enter.
        usleep(20)
        lock.lock()
        inside -= 1
        lock.unlock()
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}
#endif
