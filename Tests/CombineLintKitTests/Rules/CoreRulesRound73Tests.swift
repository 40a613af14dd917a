import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 73 and after (see the rule documents).
final class CoreRulesRound73Tests: XCTestCase {
    /// A per-row method that makes something other than a row (a toolbar item, a map annotation,
    /// a section header) is named as what it makes, not as a row.
    func testPerRowMessageNamesWhatTheMethodMakes() {
        let text = """
        final class EditorToolbar: NSObject, NSToolbarDelegate {
            private var cancellables = Set<AnyCancellable>()
            let model = EditorModel()
            func toolbar(_ toolbar: NSToolbar, itemForItemIdentifier id: NSToolbarItem.Identifier, willBeInsertedIntoToolbar flag: Bool) -> NSToolbarItem? {
                let item = NSToolbarItem(itemIdentifier: id)
                model.$title.sink { [weak item] in item?.label = $0 }.store(in: &cancellables)
                return item
            }
        }
        final class FeedController: UITableViewController {
            private var cancellables = Set<AnyCancellable>()
            let model = FeedModel()
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                model.$title.sink { [weak cell] in cell?.textLabel?.text = $0 }.store(in: &cancellables)
                return cell
            }
        }
        """
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map(\.message), [
            "Every toolbar item shown runs `toolbar(_:itemForItemIdentifier:willBeInsertedIntoToolbar:)`, adding a live subscription to `cancellables`, so each update is handled once per call so far.",
            "Every row shown runs `tableView(_:cellForRowAt:)`, adding a live subscription to `cancellables`, so each update is handled once per call so far.",
        ])
    }
}
