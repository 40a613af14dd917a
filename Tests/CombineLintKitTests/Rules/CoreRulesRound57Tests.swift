import XCTest
@testable import CombineLintKit

/// Idioms found by the round-57 probes (a contractor marketplace, a map editor for macOS and iPad,
/// a children's library app).
final class CoreRulesRound57Tests: XCTestCase {
    private func positions(_ rule: any Rule.Type, _ text: String) -> [String] {
        findings(of: rule, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
    }

    /// `scrollViewDidEndZooming(_:with:atScale:)` runs after every pinch: a helper it calls that
    /// stores a never-finishing subscription adds one per pinch.
    func testTheEndOfEachZoomRunsAgainAndAgain() {
        let text = """
        final class SitePlanViewController: UIViewController, UIScrollViewDelegate {
            let projects = PassthroughSubject<[String], Never>()
            private var bag = Set<AnyCancellable>()
            var names: [String] = []
            func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
                watchSelection()
            }
            private func watchSelection() {
                projects.sink { [weak self] in self?.names = $0 }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["9:59"])
    }

    /// `NSToolbarDelegate`'s item factory runs for each insertion of the item, again on every
    /// customization and for the palette: a binding it stores into one bag piles up.
    func testAToolbarItemFactoryRunsForEveryInsertion() {
        let text = """
        final class MapToolbarController: NSObject, NSToolbarDelegate {
            let events = PassthroughSubject<String, Never>()
            private var itemBindings = Set<AnyCancellable>()
            func toolbar(_ toolbar: NSToolbar, itemForItemIdentifier itemIdentifier: NSToolbarItem.Identifier,
                         willBeInsertedIntoToolbar flag: Bool) -> NSToolbarItem? {
                let item = NSToolbarItem(itemIdentifier: itemIdentifier)
                let label = NSTextField(labelWithString: "")
                bindLoadingStatus(to: label)
                item.view = label
                return item
            }
            private func bindLoadingStatus(to label: NSTextField) {
                events.sink { label.stringValue = $0 }.store(in: &itemBindings)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["13:48"])
    }

    /// `let detail = DetailViewController()` made once in `start()`, then `$selected.sink { [weak
    /// detail] in detail?.watchRating(of: $0) }`: one object whose method runs per selection, so
    /// its bag grows. Made inside the closure, each value gets a new object, and nothing piles up.
    func testAnObjectMadeOutsideARepeatingClosureIsOneObject() {
        let text = """
        final class ListModel { @Published var selected = "" }
        final class DetailViewController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            let ratings = PassthroughSubject<Double, Never>()
            let label = UILabel()
            func watchRating(of id: String) {
                ratings.map { "\\($0)" }.sink { [weak self] in self?.label.text = $0 }.store(in: &cancellables)
            }
        }
        final class SplitCoordinator {
            private var cancellables = Set<AnyCancellable>()
            let listModel = ListModel()
            func start() {
                let detail = DetailViewController()
                listModel.$selected
                    .sink { [weak detail] id in detail?.watchRating(of: id) }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["7:79"])
        let madeInside = text.replacingOccurrences(of: "        let detail = DetailViewController()\n", with: "")
            .replacingOccurrences(of: ".sink { [weak detail] id in detail?.watchRating(of: id) }",
                                  with: ".sink { id in let detail = DetailViewController(); detail.watchRating(of: id) }")
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, madeInside), [])
    }
}
