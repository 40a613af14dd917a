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
    /// `fireAndForget()`, the project's own operator in a publisher extension, drops the token of
    /// the `sink` it makes on the implicit `self`: every caller's subscription ends as it starts. A
    /// method returning that token, or storing it, keeps it; so does a `sink` of another publisher
    /// assigned to a property.
    func testASinkOnTheImplicitSelfOfAPublisherExtensionThatDropsItsTokenIsReported() {
        let text = """
        extension Publisher where Failure == Never {
            func fireAndForget(_ receive: @escaping (Output) -> Void = { _ in }) {
                _ = sink(receiveValue: receive)
            }
            func track() {
                sink { print($0) }
            }
            func kept() -> AnyCancellable {
                sink { _ in }
            }
            func stored(in bag: inout Set<AnyCancellable>) {
                sink { _ in }.store(in: &bag)
            }
        }
        final class Reporter {
            func report(_ values: [Int]) {
                _ = values.map { $0 + 1 }
            }
        }
        """
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:13", "6:9"])
        XCTAssertEqual(Set(found.map(\.message)), ["The AnyCancellable returned by `sink` is thrown away, so the subscription is cancelled at once."])
    }

    /// A test stores its subscription in a local bag, never reads the bag again, then waits for the
    /// value: Swift may release the bag after its last use, before the wait, as it may a local token.
    /// A bag read after the wait (`bag.removeAll()`), or a test with no wait, is not reported.
    func testALocalBagOfATestReleasedBeforeItsWaitIsReported() {
        let text = """
        final class BoardTests: XCTestCase {
            let model = BoardModel()
            func testRefreshCompletes() {
                let done = expectation(description: "done")
                var bag = Set<AnyCancellable>()
                model.refresh().sink { done.fulfill() }.store(in: &bag)
                wait(for: [done], timeout: 2)
            }
            func testRefreshKeepsTheBag() {
                let done = expectation(description: "done")
                var bag = Set<AnyCancellable>()
                model.refresh().sink { done.fulfill() }.store(in: &bag)
                wait(for: [done], timeout: 2)
                bag.removeAll()
            }
            func testImmediateValue() {
                var seen = 0
                var bag = Set<AnyCancellable>()
                model.$count.sink { seen = $0 }.store(in: &bag)
                XCTAssertEqual(seen, 0)
            }
        }
        """
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:25"])
        XCTAssertEqual(found.map(\.message), [
            "`bag` is never read after the store, and a wait after it does not keep it: Swift may release it and cancel the subscription at once.",
        ])
    }
}
