import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 118 (see the rule documents).
final class DefaultRulesRound118Tests: XCTestCase {
    /// `every: max(interval, 30)` is at least 30 seconds: a poll, whose next tick a drag only makes
    /// late. `min(interval, 30)` and a bare name are not known to be long, and are reported.
    func testAnIntervalOfAtLeastALiteralAboveASecondIsAPoll() {
        func text(every: String) -> String {
            """
            final class RepositoryMonitor: ObservableObject {
                @Published private(set) var statuses: [RepoStatus] = []
                private var cancellables = Set<AnyCancellable>()
                init(preferences: Preferences) {
                    preferences.$pollInterval
                        .map { interval in
                            Timer.publish(every: \(every), on: .main, in: .default)
                                .autoconnect()
                                .map { _ in () }
                        }
                        .switchToLatest()
                        .sink { [weak self] in self?.refreshAll() }
                        .store(in: &cancellables)
                }
                func refreshAll() { statuses = [] }
            }
            """
        }
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "max(interval, 30)")), [])
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "max(30.0, interval)")), [])
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "min(interval, 30)")), ["7:72"])
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "max(interval, 0.5)")), ["7:73"])
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text(every: "interval")), ["7:63"])
    }
}
