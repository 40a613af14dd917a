#if !canImport(Combine)
import CombineStandIn
import XCTest

/// Demand accounting: a subscriber gets no more values than it asked for.
final class DemandTests: XCTestCase {
    func testDemandArithmetic() {
        XCTAssertEqual(Subscribers.Demand.max(2) + .max(3), .max(5))
        XCTAssertEqual(Subscribers.Demand.max(2) + .unlimited, .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(2) - .max(5), .none)
        XCTAssertEqual(Subscribers.Demand.unlimited - .max(5), .unlimited)
        XCTAssertEqual(Subscribers.Demand.max(Int.max) + .max(1), .unlimited)
        XCTAssertTrue(Subscribers.Demand.max(1) < .unlimited)
        XCTAssertFalse(Subscribers.Demand.unlimited < .max(9))
        XCTAssertEqual(Subscribers.Demand.max(3).description, "max(3)")
        XCTAssertEqual(Subscribers.Demand.unlimited.description, "unlimited")
    }

    func testCustomSubscriberGetsOnlyWhatItRequested() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = CountingSubscriber(initial: .max(2), perValue: .none)
        subject.subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        XCTAssertEqual(subscriber.values, [1, 2])
        subscriber.subscription?.request(.max(1))
        subject.send(6)
        subject.send(7)
        XCTAssertEqual(subscriber.values, [1, 2, 6])
    }

    func testDemandReturnedFromReceiveIsAdded() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = CountingSubscriber(initial: .max(1), perValue: .max(1))
        subject.subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        XCTAssertEqual(subscriber.values, [1, 2, 3, 4])
    }

    func testCurrentValueIsHeldUntilDemandArrivesAndLatestWins() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = CountingSubscriber(initial: .none, perValue: .none)
        subject.subscribe(subscriber)
        subject.send(2)
        XCTAssertEqual(subscriber.values, [])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [2])
    }

    func testSinkRequestsUnlimited() {
        var requests: [Subscribers.Demand] = []
        let subject = PassthroughSubject<Int, Never>()
        let token = subject.handleEvents(receiveRequest: { requests.append($0) }).sink { _ in }
        XCTAssertEqual(requests, [.unlimited])
        token.cancel()
    }

    func testJustWaitsForDemand() {
        let subscriber = CountingSubscriber(initial: .none, perValue: .none)
        Just(9).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [9])
        XCTAssertTrue(subscriber.finished)
    }
}

private final class CountingSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    let initial: Subscribers.Demand
    let perValue: Subscribers.Demand
    var values: [Int] = []
    var finished = false
    var subscription: Subscription?

    init(initial: Subscribers.Demand, perValue: Subscribers.Demand) {
        self.initial = initial
        self.perValue = perValue
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        values.append(input)
        return perValue
    }

    func receive(completion: Subscribers.Completion<Never>) { finished = true }
}
#endif
