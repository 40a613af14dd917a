import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for rounds 140 and after (see the rule documents).
final class DefaultRulesRound140Tests: XCTestCase {
    /// (Round 140.) `reloadTickets(station: station)` with `func reloadTickets(station: Station? = nil)
    /// { … station ?? selectedStation … }` and a property that is never nil: the sink passes the new
    /// value, which is not nil, so the fallback read of the old one never runs on that call. A call
    /// that leaves `station:` out reads the old value, and so does any call when the property itself
    /// may be nil (its nil arrives as a nil argument and falls back).
    func testAFallbackBehindAnOptionalParameterForAPropertyThatIsNeverNil() {
        func text(property: String = "Station", call: String) -> String {
            """
            final class StationViewModel: ObservableObject {
                @Published var selectedStation: \(property)
                @Published private(set) var tickets: [Ticket] = []
                private var cancellables = Set<AnyCancellable>()
                init(initial: Station) {
                    selectedStation = initial
                    $selectedStation
                        .sink { [weak self] station in \(call) }
                        .store(in: &cancellables)
                }
                private func reloadTickets(station: Station? = nil) {
                    tickets = store.tickets(for: station ?? selectedStation)
                }
            }
            """
        }
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.reloadTickets(station: station)")), [])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.reloadTickets()")), ["8:50"])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(property: "Station?", call: "self?.reloadTickets(station: station)")),
                       ["8:50"])
    }

    /// (Round 140.) `if let selected = board.selectedCard { detailPane(selected) }`, with the view's own
    /// `func detailPane(_ card: TicketCard) -> some View` reading `card.elapsedText`: the helper draws
    /// the inner object's state inside the board's view, which observes the board only, so the timer
    /// text goes stale, even though a row view elsewhere observes each card. Not when the helper
    /// hands the card to a view that observes it.
    func testAnInnerObjectHandedToTheViewsOwnDrawingHelper() {
        func files(helperBody: String) -> [SourceFile] {
            [SourceFile(path: "TicketBoard.swift", text: """
                final class TicketBoard: ObservableObject {
                    @Published var cards: [TicketCard] = []
                    @Published var selectedCard: TicketCard?
                }
                final class TicketCard: ObservableObject, Identifiable {
                    @Published private(set) var elapsedText = "00:00"
                }
                """),
             SourceFile(path: "TicketBoardView.swift", text: """
                struct TicketBoardView: View {
                    @StateObject var board = TicketBoard()
                    var body: some View {
                        HStack {
                            ForEach(board.cards) { card in TicketRow(card: card) }
                            if let selected = board.selectedCard {
                                detailPane(selected)
                            }
                        }
                    }
                    private func detailPane(_ card: TicketCard) -> some View {
                        \(helperBody)
                    }
                }
                struct TicketRow: View {
                    @ObservedObject var card: TicketCard
                    var body: some View { Text(card.elapsedText) }
                }
                """)]
        }
        XCTAssertEqual(places(files(helperBody: "Text(card.elapsedText)"), NestedObservableObjectRule()),
                       ["TicketBoard.swift:3:20 nested_observable_object"])
        XCTAssertEqual(places(files(helperBody: "TicketRow(card: card)"), NestedObservableObjectRule()), [])
    }
}
