import XCTest
@testable import CombineLintKit

/// Idioms found by the round-18 probes (an AppKit media player with a tab view inspector, a UIKit
/// trail log, a SwiftUI pantry app): AppKit's and UIKit's tab and outline delegates that run on
/// every switch or click.
final class CoreRulesRound18Tests: XCTestCase {
    /// `tabView(_:didSelect:)` (`NSTabViewDelegate`, and `NSTabViewController`'s override) runs on
    /// every switch of tab: a never-finishing subscription stored there piles up one per switch.
    /// A finite request there, or the same code in `viewDidLoad`, does not.
    func testTabViewSelectionRepeats() {
        let text = """
        final class InspectorController: NSViewController, NSTabViewDelegate {
            private var tabSubscriptions = Set<AnyCancellable>()
            let player = Player()
            func tabView(_ tabView: NSTabView, didSelect tabViewItem: NSTabViewItem?) {
                guard tabViewItem?.identifier as? String == "Chapters" else { return }
                player.$progress
                    .sink { [weak self] p in self?.field.doubleValue = p }
                    .store(in: &tabSubscriptions)
                URLSession.shared.dataTaskPublisher(for: url).sink { _ in } receiveValue: { _ in }.store(in: &tabSubscriptions)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                player.$progress.sink { [weak self] p in self?.field.doubleValue = p }.store(in: &tabSubscriptions)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["8:14"])
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), [])
    }

    /// An outline row's expansion and a table row's deselection run on each click too; the UIKit
    /// tab bar's `tabBar(_:didSelect:)` on each tap.
    func testExpansionDeselectionAndTabBarRepeat() {
        let text = """
        final class SidebarController: NSViewController, NSOutlineViewDelegate {
            private var bag = Set<AnyCancellable>()
            let store = Store()
            func outlineViewItemDidExpand(_ notification: Notification) {
                store.$items.sink { [weak self] _ in self?.reload() }.store(in: &bag)
            }
        }
        final class TabsController: UIViewController, UITabBarDelegate {
            private var bag = Set<AnyCancellable>()
            let store = Store()
            func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
                store.$badge.sink { [weak self] b in self?.badge = b }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["5:63", "12:64"])
    }
}
