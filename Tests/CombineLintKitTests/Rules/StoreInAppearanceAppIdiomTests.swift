import XCTest
@testable import CombineLintKit

/// Idioms of real app code, found by probing the rule with them (issue #13): callbacks that repeat beyond
/// `viewWillAppear`, and requests that finish on their own.
final class StoreInAppearanceAppIdiomTests: XCTestCase {
    private func positions(_ text: String) -> [String] {
        findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
    }

    func testViewIsAppearingRunsOnEveryAppearance() {
        let text = """
        final class A: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            override func viewIsAppearing(_ animated: Bool) {
                super.viewIsAppearing(animated)
                model.$items.sink { [weak self] _ in self?.reload() }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["5:63"])
    }

    func testRepresentableUpdateRunsOnEverySwiftUIUpdate() {
        let text = """
        struct Badge: UIViewRepresentable {
            let model: BadgeModel
            final class Coordinator { var cancellables = Set<AnyCancellable>() }
            func makeUIView(context: Context) -> UILabel {
                let label = UILabel()
                model.$count.sink { label.text = "\\($0)" }.store(in: &context.coordinator.cancellables)
                return label
            }
            func updateUIView(_ label: UILabel, context: Context) {
                model.$count.sink { label.text = "\\($0)" }.store(in: &context.coordinator.cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["10:52"])
        let message = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map(\.message)
        XCTAssertEqual(message, ["Every SwiftUI update runs `updateUIView`, adding a live subscription to `context.coordinator.cancellables`, so each value is handled once per update so far."])
    }

    func testAppKitTableViewRowsAreShownOneByOne() {
        let text = """
        final class ListController: NSViewController, NSTableViewDelegate {
            private var cancellables = Set<AnyCancellable>()
            func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
                let view = NSTextField()
                rows[row].$title.sink { view.stringValue = $0 }.store(in: &cancellables)
                return view
            }
        }
        """
        XCTAssertEqual(positions(text), ["5:57"])
    }

    /// A request made on each appearance answers and finishes; a finished subscription releases its
    /// closures, so nothing piles up, and so does a limit waiting for the screen's state
    /// (`first(where:)`). In a per-row callback the old row's load still lands in the reused cell,
    /// so that one stays reported.
    func testRequestThatFinishesIsQuietOnAppearanceButNotPerRow() {
        let text = """
        final class Api {
            func load() -> AnyPublisher<[String], Never> {
                URLSession.shared.dataTaskPublisher(for: url).map { _ in [] }.replaceError(with: []).eraseToAnyPublisher()
            }
        }
        final class A: UIViewController, UITableViewDataSource {
            private var cancellables = Set<AnyCancellable>()
            private let api = Api()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                api.load().sink { [weak self] in self?.show($0) }.store(in: &cancellables)
                Just(1).delay(for: 1, scheduler: DispatchQueue.main).sink { [weak self] _ in self?.pulse() }.store(in: &cancellables)
                state.$phase.first(where: { $0 == .ready }).sink { [weak self] _ in self?.start() }.store(in: &cancellables)
            }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                api.load().sink { cell.textLabel?.text = $0.first }.store(in: &cancellables)
                return cell
            }
        }
        """
        XCTAssertEqual(positions(text), ["17:61"])
    }
}

extension StoreInAppearanceAppIdiomTests {
    /// A registration names its cell type: another cell type that empties a bag of the same name on
    /// reuse does not make this one safe.
    func testCellRegistrationKnowsItsCellType() {
        let text = """
        final class PlainCell: UICollectionViewCell {
            var cancellables = Set<AnyCancellable>()
        }
        final class ResettingCell: UICollectionViewCell {
            var cancellables = Set<AnyCancellable>()
            override func prepareForReuse() {
                super.prepareForReuse()
                cancellables.removeAll()
            }
        }
        final class Screen: UIViewController {
            let plain = UICollectionView.CellRegistration<PlainCell, RowModel> { cell, _, item in
                item.$title.sink { _ in cell.setNeedsLayout() }.store(in: &cell.cancellables)
            }
            let resetting = UICollectionView.CellRegistration<ResettingCell, RowModel> { cell, _, item in
                item.$title.sink { _ in cell.setNeedsLayout() }.store(in: &cell.cancellables)
            }
            let annotated = UICollectionView.CellRegistration { (cell: PlainCell, _: IndexPath, item: RowModel) in
                item.$title.sink { _ in cell.setNeedsLayout() }.store(in: &cell.cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["13:57", "19:57"])
    }

    /// UIKit reuses a cell only after it ended display: a bag the data source empties in
    /// `didEndDisplaying`, directly (`cell.bag.removeAll()`) or through a method of the cell
    /// (`(cell as? RowCell)?.unbind()`), does not pile up. A cell nobody empties still does (probe round 4).
    func testBagEmptiedWhenTheCellEndsDisplayIsQuiet() {
        let text = """
        final class RowCell: UITableViewCell {
            var cancellables = Set<AnyCancellable>()
            func bind(_ item: Item) {
                item.$progress.sink { [weak self] in self?.alpha = $0 }.store(in: &cancellables)
            }
            func unbind() { cancellables.removeAll() }
        }
        final class TileCell: UICollectionViewCell {
            var bag = Set<AnyCancellable>()
            func configure(_ item: Item) {
                item.$progress.sink { [weak self] in self?.alpha = $0 }.store(in: &bag)
            }
        }
        final class BadgeCell: UICollectionViewCell {
            var badges = Set<AnyCancellable>()
            func configure(_ item: Item) {
                item.$progress.sink { [weak self] in self?.alpha = $0 }.store(in: &badges)
            }
        }
        final class Rows: UITableViewController {
            override func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
                (cell as? RowCell)?.unbind()
            }
        }
        final class Tiles: UICollectionViewController {
            override func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                guard let cell = cell as? TileCell else { return }
                cell.bag.removeAll()
            }
        }
        """
        XCTAssertEqual(positions(text), ["17:65"])
    }

    /// `typing.onMain { … }.store(in: &cancellables)` where `onMain` is a publisher extension that
    /// subscribes the closure and returns the `AnyCancellable`: the bag keeps that subscription as
    /// if the `sink` were written in `viewIsAppearing`. Once in `viewDidLoad`, or a `Just` that
    /// finishes, leaves nothing piling up (probe round 11).
    func testHelperReturningTheCancellableStoredOnEveryAppearance() {
        let text = """
        extension Publisher where Failure == Never {
            func onMain(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
                receive(on: DispatchQueue.main).sink(receiveValue: receive)
            }
        }
        final class Chat { let typing = CurrentValueSubject<String?, Never>(nil) }
        final class ReceiptsController: UIViewController {
            let chat = Chat()
            var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                chat.typing.onMain { [weak self] in self?.title = $0 }.store(in: &cancellables)
            }
            override func viewIsAppearing(_ animated: Bool) {
                super.viewIsAppearing(animated)
                chat.typing.onMain { [weak self] in self?.navigationItem.prompt = $0 }.store(in: &cancellables)
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                Just("Receipts").onMain { [weak self] in self?.title = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["16:80"])
    }

    /// `willDisplay` loading the next page when the last row shows: the request finishes and names
    /// neither the cell nor a local of the method (only `self`, the table view, the index path), so
    /// nothing of it reaches a reused cell. A request that writes into the `cell` parameter, or into
    /// the cell `cellForRowAt` dequeued, stays reported (probe round 11).
    func testPerRowRequestThatNamesNoRowIsLeftToFinish() {
        let text = """
        final class API { func page(_ n: Int) -> Future<[String], Never> { Future { $0(.success([])) } } }
        final class ListController: UITableViewController {
            let api = API()
            var items: [String] = []
            var cancellables = Set<AnyCancellable>()
            override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
                guard indexPath.row == items.count - 1 else { return }
                api.page(indexPath.row / 20 + 1).sink { [weak self] in self?.items += $0; tableView.reloadData() }.store(in: &cancellables)
                api.page(0).sink { [weak cell] in cell?.textLabel?.text = $0.first }.store(in: &cancellables)
            }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                api.page(0).sink { [weak cell] in cell?.textLabel?.text = $0.first }.store(in: &cancellables)
                return cell
            }
        }
        """
        XCTAssertEqual(positions(text), ["9:78", "13:78"])
    }

    /// A cancellable bound to a local first and put in a member collection after
    /// (`appearTokens.append(token)`, `observer.store(in: &observers)`) piles up as a direct store
    /// does; a local array dies with the call, and a `first()` answers once.
    func testLocalCancellableStoredInAMemberCollectionLater() {
        let text = """
        final class EditorViewController: UIViewController {
            private let model = EditorModel()
            private var appearTokens: [AnyCancellable] = []
            private var observers = Set<AnyCancellable>()
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                let token = model.$canUndo.sink { [weak self] in self?.undoButton.isEnabled = $0 }
                appearTokens.append(token)
                let observer = model.$title.sink { [weak self] in self?.title = $0 }
                observer.store(in: &observers)
                var local: [AnyCancellable] = []
                let kept = model.$title.sink { print($0) }
                local.append(kept)
                let once = model.$title.first().sink { print($0) }
                appearTokens.append(once)
            }
        }
        final class EditorModel: ObservableObject {
            @Published var canUndo = false
            @Published var title = ""
        }
        """
        XCTAssertEqual(positions(text), ["8:22", "10:18"])
    }

    /// `guard token == nil else { return }` in `didMoveToWindow`, whose other branch clears `token`
    /// when the view leaves its window: the guarded code runs again on each return, and its store
    /// into `windowBag` piles up. A guard nothing clears (`header` in `layoutSubviews`) runs once.
    func testCreateOnceGuardClearedWhenTheViewLeavesItsWindow() {
        let text = """
        final class OfflineBannerView: UIView {
            private var token: AnyCancellable?
            private var windowBag = Set<AnyCancellable>()
            private var headerBag = Set<AnyCancellable>()
            private var header: AnyCancellable?
            override func didMoveToWindow() {
                super.didMoveToWindow()
                guard window != nil else {
                    token = nil
                    return
                }
                guard token == nil else { return }
                token = Monitor.shared.$isOnline.sink { [weak self] in self?.isHidden = $0 }
                Monitor.shared.$isOnline.sink { [weak self] _ in self?.invalidateIntrinsicContentSize() }.store(in: &windowBag)
            }
            override func layoutSubviews() {
                super.layoutSubviews()
                guard header == nil else { return }
                header = Monitor.shared.$isOnline.sink { [weak self] in self?.alpha = $0 ? 1 : 0.5 }
                Monitor.shared.$isOnline.sink { [weak self] _ in self?.setNeedsDisplay() }.store(in: &headerBag)
            }
        }
        final class Monitor {
            static let shared = Monitor()
            @Published var isOnline = true
        }
        """
        XCTAssertEqual(positions(text), ["14:99"])
    }
}
