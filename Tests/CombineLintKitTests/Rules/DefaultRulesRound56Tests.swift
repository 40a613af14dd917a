import XCTest
@testable import CombineLintKit

/// Idioms found by the round-56 and later probes of the other default rules (a podcast studio,
/// a ski-resort app, for iOS and macOS).
final class DefaultRulesRound56Tests: XCTestCase {

    /// `if let featured = model.featured { FeaturedGuestCard(guest: featured) }` where the card keeps
    /// `let guest: Guest`: it draws the guest's state without observing it, so a change inside the
    /// guest redraws nothing, though another view (`GuestBadge`) observes guests. Handed to a view
    /// that observes it (`@ObservedObject var guest`), it is fine.
    func testAnInnerObjectHandedToAViewThatDoesNotObserveItIsReported() {
        let text = """
        final class Guest: ObservableObject {
            @Published var name = ""
        }
        final class GuestListViewModel: ObservableObject {
            @Published var featured: Guest?
        }
        struct GuestListView: View {
            @ObservedObject var model: GuestListViewModel
            var body: some View {
                if let featured = model.featured {
                    FeaturedGuestCard(guest: featured)
                }
            }
        }
        struct FeaturedGuestCard: View {
            let guest: Guest
            var body: some View { Text(guest.name) }
        }
        struct GuestBadge: View {
            @ObservedObject var guest: Guest
            var body: some View { Text(guest.name) }
        }
        """
        XCTAssertEqual(positions(NestedObservableObjectRule.self, text), ["5:20"])
        let observing = text.replacingOccurrences(of: "    let guest: Guest\n    var body: some View { Text(guest.name) }\n}\nstruct GuestBadge",
                                                  with: "    @ObservedObject var guest: Guest\n    var body: some View { Text(guest.name) }\n}\nstruct GuestBadge")
        XCTAssertNotEqual(observing, text)
        XCTAssertEqual(positions(NestedObservableObjectRule.self, observing), [])
    }
}
