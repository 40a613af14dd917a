import Combine
import Foundation

/// Checkout form: the "Pay" button is enabled when the address and the card are valid.
final class CheckoutFormModel: ObservableObject {
    @Published var address = ""
    @Published var cardNumber = ""
    @Published private(set) var canPay = false
    @Published private(set) var summary = ""

    /// The card field's edits; the saved card is already valid.
    private let cardEdited = PassthroughSubject<String, Never>()
    /// The user's picks of a shipping option.
    private let shippingPicked = PassthroughSubject<ShippingOption, Never>()
    private let shipping = CurrentValueSubject<ShippingOption, Never>(.standard)
    private let savedCard: String

    init(savedCard: String) {
        self.savedCard = savedCard
        bindPayButton()
        bindPayButtonFixed()
        bindSummary()
        bindSummaryFixed()
    }

    func cardFieldChanged(_ text: String) { cardEdited.send(text) }
    func shippingOptionPicked(_ option: ShippingOption) { shippingPicked.send(option) }

    // combinelatest_without_initial_value: cardEdited has no current value, so the button stays
    // disabled until the user edits the card, even though the saved card is valid.
    private func bindPayButton() {
        Publishers.CombineLatest($address, cardEdited)
            .map { address, card in !address.isEmpty && card.count == 16 }
            .assign(to: &$canPay)
    }

    // Correct: the card input starts with the saved card.
    private func bindPayButtonFixed() {
        Publishers.CombineLatest($address, cardEdited.prepend(savedCard))
            .map { address, card in !address.isEmpty && card.count == 16 }
            .assign(to: &$canPay)
    }

    // combinelatest_without_initial_value: no summary until a shipping option is picked.
    private func bindSummary() {
        $address
            .combineLatest(shippingPicked)
            .map { address, option in "\(address), \(option)" }
            .assign(to: &$summary)
    }

    // Correct: the shipping choice is state, kept in a CurrentValueSubject.
    private func bindSummaryFixed() {
        $address
            .combineLatest(shipping)
            .map { address, option in "\(address), \(option)" }
            .assign(to: &$summary)
    }
}

enum ShippingOption {
    case standard, express
}
