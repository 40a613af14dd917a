import Combine
import Foundation

/// The payment sheet's button taps and card scans, as publishers.
struct PaymentTapPublisher: Publisher {
    typealias Output = Void
    typealias Failure = Never
    let sheet: PaymentSheet

    func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subscriber.receive(subscription: PaymentTapSubscription(subscriber: subscriber, sheet: sheet))
    }
}

// custom_subscription_ignores_demand: every tap is sent, whatever the subscriber asked for, so
// `flatMap(maxPublishers: .max(1))` downstream gets taps it has no room for.
final class PaymentTapSubscription<S: Subscriber>: Subscription where S.Input == Void {
    private var subscriber: S?
    init(subscriber: S, sheet: PaymentSheet) {
        self.subscriber = subscriber
        sheet.onPay = { [weak self] in _ = self?.subscriber?.receive(()) }
    }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() { subscriber = nil }
}

// custom_subscription_ignores_demand: all scanned digits are pushed at once in request(_:).
final class CardScanSubscription<S: Subscriber>: Subscription where S.Input == Character {
    private var subscriber: S?
    private let digits: String
    init(subscriber: S, digits: String) {
        self.subscriber = subscriber
        self.digits = digits
    }
    func request(_ demand: Subscribers.Demand) {
        for digit in digits { _ = subscriber?.receive(digit) }
        subscriber?.receive(completion: .finished)
    }
    func cancel() { subscriber = nil }
}

// Correct: the demand is kept and each tap is sent only while some is left.
final class CountedTapSubscription<S: Subscriber>: Subscription where S.Input == Void {
    private var subscriber: S?
    private var pending = Subscribers.Demand.none
    init(subscriber: S, sheet: PaymentSheet) {
        self.subscriber = subscriber
        sheet.onPay = { [weak self] in self?.tapped() }
    }
    func request(_ demand: Subscribers.Demand) { pending += demand }
    func cancel() { subscriber = nil }
    private func tapped() {
        guard pending > 0, let subscriber else { return }
        pending -= 1
        pending += subscriber.receive(())
    }
}

final class PaymentSheet {
    var onPay: (() -> Void)?
}
