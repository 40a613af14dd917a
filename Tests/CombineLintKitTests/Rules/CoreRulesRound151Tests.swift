import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for rounds 151 and after (see the rule documents).
final class CoreRulesRound151Tests: XCTestCase {
    /// (Round 151.) A failed upload's sink calls `scheduleRetry()`, which starts a repeating timer
    /// whose block calls `waitForConnectivity()`, which subscribes to `$isOnline` into the bag: the
    /// timer's ticks make those subscriptions, not the upload's values, so it is repeated work
    /// (`repeated_subscription`), not a subscription per value of the outer one (`nested_sink`). A
    /// one-shot timer runs its block once per call, so the value that started it made the subscription.
    func testASubscriptionMadeInARepeatingTimersBlockIsTheTimersWork() {
        func text(repeats: String) -> String {
            """
            final class CardSync {
                let monitor = ConnectivityMonitor()
                private var retryTimer: Timer?
                private var cancellables = Set<AnyCancellable>()
                func start() {
                    monitor.$status
                        .sink { [weak self] status in
                            if status == 0 { self?.scheduleRetry() }
                        }
                        .store(in: &cancellables)
                }
                private func scheduleRetry() {
                    guard retryTimer == nil else { return }
                    retryTimer = Timer.scheduledTimer(withTimeInterval: 30, repeats: \(repeats)) { [weak self] _ in
                        self?.waitForConnectivity()
                    }
                }
                private func waitForConnectivity() {
                    monitor.$isOnline
                        .filter { $0 }
                        .sink { [weak self] _ in self?.retryTimer = nil }
                        .store(in: &cancellables)
                }
            }
            final class ConnectivityMonitor {
                @Published var isOnline = false
                @Published var status = 0
            }
            """
        }
        XCTAssertEqual(positions(NestedSinkRule.self, text(repeats: "true")), [])
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text(repeats: "true")), ["22:14"])
        XCTAssertEqual(positions(NestedSinkRule.self, text(repeats: "false")), ["21:14"])
    }

    /// (Round 154.) In a view controller's `cellForRowAt`, a sink holding `self` strongly is stored in
    /// the dequeued cell's bag: the table in the controller's view keeps the cell (shown or waiting
    /// for reuse), so self → view → table → cell → bag → closure → self, and emptying the bag in
    /// `prepareForReuse` does not free the cells still shown. A separate data-source object does not
    /// own the table; `[weak self]` breaks the cycle.
    func testASubscriptionInADequeuedCellsBagKeepsTheController() {
        func text(owner: String = "final class LessonsViewController: UITableViewController",
                  cell: String = "let cell = tableView.dequeueReusableCell(withIdentifier: \"Lesson\", for: indexPath) as! LessonCell",
                  capture: String = "") -> String {
            """
            \(owner) {
                let model = LessonsModel()
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    \(cell)
                    cell.toggled
                        .sink { \(capture)isOn in self.model.setReminder(isOn) }
                        .store(in: &cell.cancellables)
                    return cell
                }
            }
            final class LessonCell: UITableViewCell {
                let toggled = PassthroughSubject<Bool, Never>()
                var cancellables = Set<AnyCancellable>()
                override func prepareForReuse() {
                    super.prepareForReuse()
                    cancellables.removeAll()
                }
            }
            final class LessonsModel {
                func setReminder(_ isOn: Bool) {}
            }
            """
        }
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text()), ["6:29"])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(cell: "guard let cell = tableView.dequeueReusableCell(withIdentifier: \"Lesson\") as? LessonCell else { return UITableViewCell() }")), ["6:29"])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(capture: "[weak self] ")), [])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(owner: "final class LessonsDataSource: NSObject, UITableViewDataSource")), [])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(cell: "let cell = LessonCell()")), [])
    }
}
