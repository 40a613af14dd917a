import XCTest
@testable import CombineLintKit

/// Repeated code of AppKit menus and popovers, and cells whose bag is an RxSwift-style class
/// (`.disposed(by: bag)`), found by probing whole apps (issue #13, round 3).
final class StoreInAppearanceMenuAndBagTests: XCTestCase {
    private func positions(_ text: String) -> [String] {
        findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
    }

    /// `menuWillOpen(_:)` runs each time the status item's menu opens; `popoverWillShow(_:)` each time
    /// the popover shows, but `popoverDidClose(_:)` empties its bag.
    func testMenuOpeningStoresAndPopoverPairedWithItsClose() {
        let text = """
        final class Monitor: ObservableObject { @Published var history: [Int] = [] }
        final class StatusMenuController: NSObject, NSMenuDelegate {
            private let monitor = Monitor()
            private var menuCancellables = Set<AnyCancellable>()
            private var popoverCancellables = Set<AnyCancellable>()

            func menuWillOpen(_ menu: NSMenu) {
                let item = NSMenuItem(title: "", action: nil, keyEquivalent: "")
                menu.addItem(item)
                monitor.$history.map { "\\($0.count) samples" }.sink { item.title = $0 }.store(in: &menuCancellables)
            }

            func popoverWillShow(_ notification: Notification) {
                monitor.$history.sink { print($0.count) }.store(in: &popoverCancellables)
            }

            func popoverDidClose(_ notification: Notification) {
                popoverCancellables.removeAll()
            }
        }
        """
        XCTAssertEqual(positions(text), ["10:81"])
    }

    /// A window becomes key or main again each time the user comes back to it: only its own
    /// `windowDidResignKey`/`windowDidResignMain` ends what it started. A bag emptied in
    /// `windowWillClose` alone piles up until the window closes (issue #13 probes, round 7).
    func testWindowKeyAndMainPairOnlyWithTheirOwnResign() {
        let text = """
        final class Sync { @Published var status = "" }
        final class DocumentWindowController: NSWindowController, NSWindowDelegate {
            private let sync = Sync()
            private var cancellables = Set<AnyCancellable>()
            private var keyCancellables = Set<AnyCancellable>()
            private var mainCancellables = Set<AnyCancellable>()

            func windowDidBecomeMain(_ notification: Notification) {
                sync.$status.sink { [weak self] in self?.window?.subtitle = $0 }.store(in: &cancellables)
                sync.$status.sink { print($0) }.store(in: &mainCancellables)
            }

            func windowDidBecomeKey(_ notification: Notification) {
                sync.$status.sink { print($0) }.store(in: &cancellables)
                sync.$status.sink { print($0) }.store(in: &keyCancellables)
            }

            func windowDidResignKey(_ notification: Notification) { keyCancellables.removeAll() }
            func windowDidResignMain(_ notification: Notification) { mainCancellables.removeAll() }
            func windowWillClose(_ notification: Notification) { cancellables.removeAll() }
        }
        """
        XCTAssertEqual(positions(text), ["9:74", "14:41"])
    }

    /// AppKit's `NSView` overrides that run again and again: `layout()` on every layout pass,
    /// `viewDidMoveToWindow()` on every window change. A `layout()` that overrides nothing (a
    /// layout engine's own method) is no such callback (issue #13 probes, round 7).
    func testAppKitViewOverridesRepeat() {
        let text = """
        final class Model { @Published var values: [Int] = [] }
        final class ChartView: NSView {
            private let model = Model()
            private var bag = Set<AnyCancellable>()
            override func layout() {
                super.layout()
                model.$values.sink { [weak self] _ in self?.needsDisplay = true }.store(in: &bag)
            }
            override func viewDidMoveToWindow() {
                super.viewDidMoveToWindow()
                model.$values.sink { print($0) }.store(in: &bag)
            }
        }
        final class GridLayout {
            private let model = Model()
            private var bag = Set<AnyCancellable>()
            func layout() {
                model.$values.sink { print($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["7:75", "11:42"])
    }

    /// `configure(with:)` of a cell stores with `.disposed(by: bag)`: reported where nothing empties the
    /// bag, quiet where `prepareForReuse` replaces it (`disposeBag = DisposeBag()`).
    func testDisposedByInACellConfigure() {
        let text = """
        final class DisposeBag {
            private var cancellables: [AnyCancellable] = []
            func insert(_ cancellable: AnyCancellable) { cancellables.append(cancellable) }
        }
        extension AnyCancellable {
            func disposed(by bag: DisposeBag) { bag.insert(self) }
        }
        final class Feed { @Published var title = "" }
        final class TitleCell: UITableViewCell {
            private let bag = DisposeBag()
            func configure(with feed: Feed) {
                feed.$title.sink { [weak self] in self?.textLabel?.text = $0 }.disposed(by: bag)
            }
        }
        final class ReusedCell: UICollectionViewCell {
            private var disposeBag = DisposeBag()
            func configure(with feed: Feed) {
                feed.$title.sink { [weak self] _ in self?.setNeedsLayout() }.disposed(by: disposeBag)
            }
            override func prepareForReuse() {
                super.prepareForReuse()
                disposeBag = DisposeBag()
            }
        }
        """
        let found = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:72"])
        XCTAssertEqual(found.first?.message,
                       "Every reuse of `TitleCell` runs `configure(with:)`, adding a live subscription to `bag` while the old ones still update the old row.")
    }

    /// A `CancelBag` class (`.store(in: cancelBag)`, no `&`) emptied by its own `cancel()` in
    /// `prepareForReuse` ends the previous row's subscriptions; the same cell without it does not.
    func testBagClassEmptiedByItsCancel() {
        let text = """
        final class CancelBag {
            var subscriptions = Set<AnyCancellable>()
            func cancel() { subscriptions.removeAll() }
        }
        extension AnyCancellable {
            func store(in bag: CancelBag) { bag.subscriptions.insert(self) }
        }
        final class Feed { @Published var title = "" }
        final class TitleCell: UITableViewCell {
            private let cancelBag = CancelBag()
            func configure(with feed: Feed) {
                feed.$title.sink { [weak self] in self?.textLabel?.text = $0 }.store(in: cancelBag)
            }
            override func prepareForReuse() {
                super.prepareForReuse()
                cancelBag.cancel()
            }
        }
        final class SubtitleCell: UITableViewCell {
            private let cancelBag = CancelBag()
            func configure(with feed: Feed) {
                feed.$title.sink { [weak self] in self?.detailTextLabel?.text = $0 }.store(in: cancelBag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["22:78"])
    }
}
