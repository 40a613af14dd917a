import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 120 (see the rule documents).
final class CoreRulesRound120Tests: XCTestCase {
    /// A cell's `configure(with:liveCount:)`, run per row, hands its parameter on to a badge view's
    /// `observe(_:)`, which stores a subscription in the badge's own bag: the row's caller passes a
    /// never-finishing publisher (`viewModel.liveCount(for:)` erasing a subject), so every reuse adds
    /// one more. When the caller passes a request, nothing piles up.
    func testAParameterHandedOnFromAPerRowConfigureIsFollowedToItsCallers() {
        func text(source: String) -> String {
            """
            final class LiveCountBadgeView: UIView {
                private var subscriptions = Set<AnyCancellable>()
                private let label = UILabel()
                func observe(_ counts: AnyPublisher<Int, Never>) {
                    counts
                        .sink { [weak self] count in self?.label.text = "\\(count)" }
                        .store(in: &subscriptions)
                }
            }
            final class StockCountCell: UITableViewCell {
                private let badge = LiveCountBadgeView()
                func configure(with item: StockItem, liveCount: AnyPublisher<Int, Never>) {
                    textLabel?.text = item.name
                    badge.observe(liveCount)
                }
            }
            final class StockViewModel {
                private let stockCounts = PassthroughSubject<[String: Int], Never>()
                let api: StockAPI
                init(api: StockAPI) { self.api = api }
                func liveCount(for item: StockItem) -> AnyPublisher<Int, Never> {
                    \(source)
                }
            }
            final class StockLookupViewController: UITableViewController {
                let viewModel: StockViewModel
                var items: [StockItem] = []
                init(viewModel: StockViewModel) { self.viewModel = viewModel; super.init(style: .plain) }
                override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "stock", for: indexPath) as! StockCountCell
                    let item = items[indexPath.row]
                    cell.configure(with: item, liveCount: viewModel.liveCount(for: item))
                    return cell
                }
            }
            """
        }
        let endless = "stockCounts.compactMap { $0[item.sku] }.eraseToAnyPublisher()"
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "Stock.swift", text: text(source: endless))]), ["Stock.swift:7:14"])
        let request = "api.count(sku: item.sku).replaceError(with: 0).eraseToAnyPublisher()"
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "Stock.swift", text: text(source: request))]), [])
    }
}
