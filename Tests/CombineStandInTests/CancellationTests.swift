#if !canImport(Combine)
import CombineStandIn
import XCTest

/// Cancel stops delivery, propagates upstream once, and happens when the token is released.
final class CancellationTests: XCTestCase {
    func testCancelStopsDeliveryAndPropagatesOnce() {
        let source = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellations = 0
        let token = source
            .handleEvents(receiveCancel: { cancellations += 1 })
            .sink { received.append($0) }
        source.send(1)
        token.cancel()
        token.cancel()
        source.send(2)
        XCTAssertEqual(received, [1])
        XCTAssertEqual(cancellations, 1)
    }

    func testCancellingTheSinkItselfTwiceCancelsUpstreamOnce() {
        let source = PassthroughSubject<Int, Never>()
        var cancellations = 0
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        source.handleEvents(receiveCancel: { cancellations += 1 }).subscribe(sink)
        sink.cancel()
        sink.cancel()
        XCTAssertEqual(cancellations, 1)
    }

    func testReleasingTheTokenCancels() {
        let source = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellations = 0
        var token: AnyCancellable? = source
            .handleEvents(receiveCancel: { cancellations += 1 })
            .sink { received.append($0) }
        source.send(1)
        XCTAssertNotNil(token)
        token = nil
        source.send(2)
        XCTAssertEqual(received, [1])
        XCTAssertEqual(cancellations, 1)
    }

    func testDiscardedTokenCancelsAtOnce() {
        let source = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellations = 0
        // combinelint:disable:next discarded_cancellable - the test checks that dropping it cancels at once
        _ = source.handleEvents(receiveCancel: { cancellations += 1 }).sink { received.append($0) }
        source.send(1)
        XCTAssertEqual(received, [])
        XCTAssertEqual(cancellations, 1)
    }

    func testStoredTokensLiveAsLongAsTheSet() {
        let source = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var bag = Set<AnyCancellable>()
        source.sink { received.append($0) }.store(in: &bag)
        source.send(1)
        bag.removeAll()
        source.send(2)
        XCTAssertEqual(received, [1])
    }

    func testCompletionIsNotCancellation() {
        let source = PassthroughSubject<Int, Never>()
        var cancellations = 0
        var completions = 0
        let token = source
            .handleEvents(receiveCompletion: { _ in completions += 1 }, receiveCancel: { cancellations += 1 })
            .sink { _ in }
        source.send(completion: .finished)
        XCTAssertEqual(completions, 1)
        XCTAssertEqual(cancellations, 0)
        token.cancel()
    }

    func testAssignHoldsItsObjectUntilCancelled() {
        final class Model { var value = 0 }
        let source = PassthroughSubject<Int, Never>()
        var model: Model? = Model()
        weak let weakModel = model
        let token = source.assign(to: \.value, on: model!)
        source.send(3)
        XCTAssertEqual(model?.value, 3)
        model = nil
        XCTAssertNotNil(weakModel, "assign(to:on:) keeps its object alive")
        token.cancel()
        XCTAssertNil(weakModel)
    }

    func testWeakCaptureLetsTheModelGo() {
        final class ScreenModel {
            var value = 0
            var token: AnyCancellable?
            init(source: PassthroughSubject<Int, Never>) {
                token = source.sink { [weak self] in self?.value = $0 }
            }
        }
        let source = PassthroughSubject<Int, Never>()
        weak var weakModel: ScreenModel?
        do {
            let model = ScreenModel(source: source)
            weakModel = model
            source.send(4)
            XCTAssertEqual(model.value, 4)
        }
        XCTAssertNil(weakModel)
    }
}
#endif
