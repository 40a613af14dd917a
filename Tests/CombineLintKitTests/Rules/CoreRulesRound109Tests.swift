import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 109 (see the rule documents).
final class CoreRulesRound109Tests: XCTestCase {
    /// A cell's `bind…` method that only the cell's own code calls (a `didSet` of its model, a
    /// conforming cell's `configure(with:)` calling a protocol's default `bindDueBadge(_:to:)`) repeats
    /// because its caller does: `repeated_subscription` reports the path, `store_in_appearance` does
    /// not. Another type's own `bind()` (a view model's, called on `self` or on that model) is no call of
    /// the cell's method.
    func testABindMethodOnlyTheCellsOwnCodeCallsIsRepeatedSubscriptionsPath() {
        let text = """
        protocol BadgedCell: UITableViewCell {
            var reuseBag: Set<AnyCancellable> { get set }
        }
        extension BadgedCell {
            func bindDueBadge(_ due: AnyPublisher<Int, Never>, to label: UILabel) {
                due.sink { [weak label] in label?.text = "\\\\($0)" }.store(in: &reuseBag)
            }
        }
        final class CardCell: UITableViewCell, BadgedCell {
            var reuseBag = Set<AnyCancellable>()
            let badge = UILabel()
            func configure(with due: AnyPublisher<Int, Never>) { bindDueBadge(due, to: badge) }
        }
        final class DayCell: UITableViewCell {
            var cancellables = Set<AnyCancellable>()
            var live: AnyPublisher<Int, Never>? { didSet { bind() } }
            private func bind() {
                live?.sink { [weak self] in self?.textLabel?.text = "\\\\($0)" }.store(in: &cancellables)
            }
        }
        final class StreakModel: ObservableObject {
            @Published var days = 0
            var cancellables = Set<AnyCancellable>()
            init() { bind() }
            func bind() { $days.sink { print($0) }.store(in: &cancellables) }
        }
        final class ListController: UITableViewController {
            let model = StreakModel()
            let due = CurrentValueSubject<Int, Never>(0)
            override func viewDidLoad() {
                super.viewDidLoad()
                model.bind()
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                if indexPath.section == 0 {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "card", for: indexPath) as! CardCell
                    cell.configure(with: due.eraseToAnyPublisher())
                    return cell
                }
                let cell = tableView.dequeueReusableCell(withIdentifier: "day", for: indexPath) as! DayCell
                cell.live = due.eraseToAnyPublisher()
                return cell
            }
        }
        """
        let files = [(path: "Cells.swift", text: text)]
        XCTAssertEqual(places(StoreInAppearanceRule.self, files), [])
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, files), ["Cells.swift:6:61", "Cells.swift:18:72"])
    }
}

