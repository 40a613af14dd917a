import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 80 and after (see the rule documents).
final class CoreRulesRound80Tests: XCTestCase {
    /// A generic base view model's `final func onAppear()` calls `didAppear()`, which each screen's
    /// model overrides: a SwiftUI view's `.onAppear { model.onAppear() }` runs the override on every
    /// appearance, so a store there into a bag nobody empties piles up. A subclass that keeps a single
    /// token replaces its subscription; the base's own empty `didAppear()` stores nothing.
    func testABaseClassTemplateMethodReachesTheSubclassOverride() {
        let text = """
        class BaseViewModel<State>: ObservableObject {
            var cancellables = Set<AnyCancellable>()
            func didAppear() {}
            final func onAppear() {
                didAppear()
            }
        }
        final class ReviewViewModel: BaseViewModel<Int> {
            @Published var streak = 0
            let settings = SettingsStore()
            override func didAppear() {
                settings.$goal.sink { [weak self] in self?.streak = $0 }.store(in: &cancellables)
            }
        }
        final class DeckViewModel: BaseViewModel<Int> {
            @Published var due = 0
            let settings = SettingsStore()
            private var goalToken: AnyCancellable?
            override func didAppear() {
                goalToken = settings.$goal.sink { [weak self] in self?.due = $0 }
            }
        }
        final class SettingsStore: ObservableObject {
            @Published var goal = 10
        }
        struct ReviewScreen: View {
            @StateObject var model = ReviewViewModel()
            @StateObject var decks = DeckViewModel()
            var body: some View {
                Text("\\(model.streak)").onAppear {
                    model.onAppear()
                    decks.onAppear()
                }
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:66"])
        XCTAssertEqual(found.map(\.message), [
            "`onAppear → onAppear() → didAppear() → store(in:)`: each run of `onAppear` adds one more live subscription to `cancellables`, and the earlier ones keep running.",
        ])
    }
}
