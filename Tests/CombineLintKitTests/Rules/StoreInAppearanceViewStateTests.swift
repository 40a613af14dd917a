import XCTest
@testable import CombineLintKit

/// View state callbacks that run again and again (a window change, a cell's selection, a safe area
/// change), SwiftUI's `.task`, and iOS 14 list cells: found by probing real app idioms (issue #13).
final class StoreInAppearanceViewStateTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: StoreInAppearanceRule.self, in: files).map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column)" }
    }

    /// A view leaves its window when a screen is pushed over it and comes back on the pop:
    /// `didMoveToWindow` runs each time, so a subscription stored there piles up.
    func testDidMoveToWindowRunsOnEveryWindowChange() {
        let text0 = """
        final class BadgeView: UIView {
            private var cancellables = Set<AnyCancellable>()
            override func didMoveToWindow() {
                super.didMoveToWindow()
                guard window != nil else { return }
                Theme.shared.$tint.sink { [weak self] in self?.tintColor = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:6:73"])
    }

    /// Emptying the bag before subscribing again keeps one live subscription.
    func testDidMoveToWindowEmptyingTheBagFirstIsQuiet() {
        let text0 = """
        final class BadgeView: UIView {
            private var cancellables = Set<AnyCancellable>()
            override func didMoveToWindow() {
                super.didMoveToWindow()
                cancellables.removeAll()
                Theme.shared.$tint.sink { [weak self] in self?.tintColor = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), [])
    }

    /// `setSelected(_:animated:)` runs on every tap of the row, `updateConfiguration(using:)` on every
    /// state change of the cell, `viewSafeAreaInsetsDidChange` on every rotation or bar change.
    func testCellSelectionConfigurationAndSafeAreaChangesRepeat() {
        let text0 = """
        final class RowCell: UITableViewCell {
            private var cancellables = Set<AnyCancellable>()
            override func setSelected(_ selected: Bool, animated: Bool) {
                super.setSelected(selected, animated: animated)
                Theme.shared.$tint.sink { [weak self] in self?.tintColor = $0 }.store(in: &cancellables)
            }
        }
        final class GridCell: UICollectionViewListCell {
            private var cancellables = Set<AnyCancellable>()
            override func updateConfiguration(using state: UICellConfigurationState) {
                super.updateConfiguration(using: state)
                Theme.shared.$tint.sink { [weak self] in self?.tintColor = $0 }.store(in: &cancellables)
            }
        }
        final class PlayerViewController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            override func viewSafeAreaInsetsDidChange() {
                super.viewSafeAreaInsetsDidChange()
                Theme.shared.$tint.sink { [weak self] in self?.view.tintColor = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:5:73", "A.swift:12:73", "A.swift:19:78"])
    }

    /// SwiftUI's `.task { … }` runs on every appearance, as `.onAppear` does; cancelling the task at
    /// disappearance does not empty the bag.
    func testTaskModifierRunsOnEveryAppearance() {
        let text0 = """
        struct FeedView: View {
            @StateObject var model = FeedModel()
            var body: some View {
                List(model.items) { Text($0.title) }
                    .task {
                        model.$items.sink { _ in print("changed") }.store(in: &model.cancellables)
                    }
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:6:61"])
    }

    /// A `UICollectionViewListCell` is a reusable cell too: its registration handler runs per cell shown,
    /// and the cell's bag is emptied by no `prepareForReuse`, even though another cell of the project
    /// empties a bag of the same name.
    func testListCellRegistrationWithoutReuseResetIsReported() {
        let text0 = """
        final class TagCell: UICollectionViewListCell {
            var bag = Set<AnyCancellable>()
        }
        final class NoteCell: UICollectionViewListCell {
            var bag = Set<AnyCancellable>()
            override func prepareForReuse() {
                super.prepareForReuse()
                bag.removeAll()
            }
        }
        final class TagsViewController: UIViewController {
            private let model = TagsModel()
            func tagRegistration() -> UICollectionView.CellRegistration<TagCell, String> {
                UICollectionView.CellRegistration<TagCell, String> { [model] cell, _, _ in
                    model.$title.sink { _ in cell.setNeedsLayout() }.store(in: &cell.bag)
                }
            }
            func noteRegistration() -> UICollectionView.CellRegistration<NoteCell, String> {
                UICollectionView.CellRegistration<NoteCell, String> { [model] cell, _, _ in
                    model.$title.sink { _ in cell.setNeedsLayout() }.store(in: &cell.bag)
                }
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:15:62"])
    }

    func testStateChangeMessageText() {
        let text = """
        final class RowCell: UITableViewCell {
            private var cancellables = Set<AnyCancellable>()
            override func setHighlighted(_ highlighted: Bool, animated: Bool) {
                super.setHighlighted(highlighted, animated: animated)
                Theme.shared.$tint.sink { [weak self] in self?.tintColor = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map(\.message),
                       ["Every call of `setHighlighted` (on each change of that state) adds a live subscription to `cancellables`, so each update is handled once per call so far."])
    }

    /// Emptied when the view leaves its window: each window change ends the previous subscription.
    func testDidMoveToWindowEmptyingTheBagOnLeavingIsQuiet() {
        let text = """
        final class BadgeView: UIView {
            private var cancellables = Set<AnyCancellable>()
            override func didMoveToWindow() {
                super.didMoveToWindow()
                if window != nil {
                    Theme.shared.$tint.sink { [weak self] in self?.tintColor = $0 }.store(in: &cancellables)
                } else {
                    cancellables.removeAll()
                }
            }
        }
        """
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).count, 0)
    }

    /// `willMove(toWindow:)` runs on every window change, as `didMoveToWindow` does (a push over the
    /// screen and the pop back, a tab switch); a view controller's `willMove(toParent:)` shares the
    /// base name but runs once per containment, and a bag emptied when the view leaves its window
    /// (`newWindow == nil`) does not pile up.
    func testWillMoveToWindowRunsOnEveryWindowChange() {
        let text0 = """
        final class CartBadgeView: UIControl {
            private var cancellables = Set<AnyCancellable>()
            override func willMove(toWindow newWindow: UIWindow?) {
                super.willMove(toWindow: newWindow)
                guard newWindow != nil else { return }
                Cart.shared.$count.sink { [weak self] in self?.badge = $0 }.store(in: &cancellables)
            }
        }
        final class QuietBadgeView: UIControl {
            private var cancellables = Set<AnyCancellable>()
            override func willMove(toWindow newWindow: UIWindow?) {
                super.willMove(toWindow: newWindow)
                guard newWindow != nil else { cancellables.removeAll(); return }
                Cart.shared.$count.sink { [weak self] in self?.badge = $0 }.store(in: &cancellables)
            }
        }
        final class ChildViewController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            override func willMove(toParent parent: UIViewController?) {
                super.willMove(toParent: parent)
                Cart.shared.$count.sink { [weak self] in self?.badge = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:6:69"])
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text0)]).map(\.message),
                       ["Every call of `willMove(toWindow:)` (on each change of that state) adds a live subscription to `cancellables`, so each update is handled once per call so far."])
    }
}
