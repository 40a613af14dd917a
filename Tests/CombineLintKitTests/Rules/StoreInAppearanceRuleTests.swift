import XCTest
@testable import CombineLintKit

/// Tricky cases of `store_in_appearance` beyond its document.
final class StoreInAppearanceRuleTests: XCTestCase {
    /// The sample app's files both appearance rules are demonstrated in, read from disk.
    static let sampleFiles = [
        "samples/App/Feed/FeedCell.swift", "samples/App/Feed/FeedListViewController.swift",
        "samples/App/Notifications/ToastCenter.swift", "samples/App/Settings/SettingsView.swift",
    ]

    static func samples() throws -> [(path: String, text: String)] {
        try sampleFiles.map { path in
            (path: path, text: try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8))
        }
    }

    func positions(_ files: [(path: String, text: String)], options: [String: [String]] = [:]) -> [String] {
        let sources = files.map { SourceFile(path: $0.path, text: $0.text) }
        return Analyzer.analyze(sources, rules: [ConfiguredRule(rule: StoreInAppearanceRule(), options: RuleOptions(options))])
            .filter { $0.ruleID == "store_in_appearance" }
            .map { "\($0.file):\($0.line):\($0.column)" }
    }

    func positions(_ text: String, options: [String: [String]] = [:]) -> [String] {
        positions([(path: "A.swift", text: text)], options: options)
    }

    func testSamplesFireOnlyAtTheWrongForms() throws {
        XCTAssertEqual(positions(try Self.samples()), [
            "samples/App/Feed/FeedCell.swift:44:14", "samples/App/Feed/FeedCell.swift:49:14",
            "samples/App/Feed/FeedListViewController.swift:40:14", "samples/App/Feed/FeedListViewController.swift:57:14",
            "samples/App/Feed/FeedListViewController.swift:77:14", "samples/App/Feed/FeedListViewController.swift:82:14",
            "samples/App/Settings/SettingsView.swift:62:18", "samples/App/Settings/SettingsView.swift:67:18",
        ])
    }

    func testMessageNamesTheCallbackAndTheBag() {
        let text = """
        final class A: UIViewController {
            override func viewWillLayoutSubviews() {
                model.$x.sink { _ in }.store(in: &self.bag)
            }
        }
        """
        let found = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map(\.message), [
            "Every layout pass (`viewWillLayoutSubviews`) adds a live subscription to `bag`, so each update is handled once per pass so far.",
        ])
        XCTAssertEqual(found.map(\.help), ["Subscribe once in `viewDidLoad` or `init`, or empty `bag` first."])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }, ["3:32-3:52"])
    }

    /// The bag is named as the code names it (`disposeBag`), in the message and the help.
    func testMessageAndHelpNameTheRealBag() {
        let text = """
        final class A: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
                model.$x.sink { _ in }.store(in: &disposeBag)
            }
        }
        final class Cell: UITableViewCell {
            func configure(with model: Model) {
                model.$x.sink { _ in }.store(in: &disposeBag)
            }
        }
        """
        let found = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map(\.message), [
            "Every `viewWillAppear` adds a live subscription to `disposeBag`, so each update is handled once per visit so far.",
            "Every reuse of `Cell` runs `configure(with:)`, adding a live subscription to `disposeBag` while the old ones still update the old row.",
        ])
        XCTAssertEqual(found.map(\.help), [
            "Subscribe once in `viewDidLoad`, or empty `disposeBag` first or in `viewDidDisappear`.",
            "`prepareForReuse` does not empty `disposeBag`: empty it there or at the start of `configure(with:)`.",
        ])
    }

    func testOptionsAddAppearanceCallbacksAndCellMethods() {
        let text = """
        final class Flow: Coordinator {
            func screenDidAppear() {
                model.$x.sink { _ in }.store(in: &bag)
            }
        }
        final class Row: UITableViewCell {
            func update(_ item: Item) {
                item.$y.sink { _ in }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), [])
        XCTAssertEqual(positions(text, options: ["appearance_methods": ["screenDidAppear"], "repeated_methods": ["update"]]),
                       ["A.swift:3:32", "A.swift:8:31"])
    }

    func testPairedCallbackOnlyCoversAppearanceNotLayout() {
        let text = """
        final class A: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
                model.$x.sink { _ in }.store(in: &bag)
            }
            override func viewDidLayoutSubviews() {
                model.$y.sink { _ in }.store(in: &bag)
            }
            override func viewDidDisappear(_ animated: Bool) {
                bag = []
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:6:32"])
    }

    func testDisappearCallbackOfASuperclassInAnotherFileCounts() {
        let files = [
            (path: "Feed.swift", text: """
            final class FeedVC: BaseViewController {
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    model.$x.sink { _ in }.store(in: &visibleBag)
                    model.$y.sink { _ in }.store(in: &otherBag)
                }
            }
            """),
            (path: "Base.swift", text: """
            class BaseViewController: UIViewController {
                var visibleBag = Set<AnyCancellable>()
                override func viewWillDisappear(_ animated: Bool) {
                    super.viewWillDisappear(animated)
                    stopObserving()
                }
                func stopObserving() { visibleBag.removeAll() }
            }
            """),
        ]
        XCTAssertEqual(positions(files), ["Feed.swift:5:32"])
    }

    func testCellBagResetThroughAHelperCalledFromPrepareForReuse() {
        let text = """
        final class Row: UICollectionViewCell {
            var bag = Set<AnyCancellable>()
            override func prepareForReuse() {
                super.prepareForReuse()
                resetBindings()
            }
            private func resetBindings() { bag.forEach { $0.cancel() } }
            func configure(with item: Item) {
                item.$title.sink { [weak self] in self?.title = $0 }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    func testFirstAppearanceGuardsAndEmptyBagChecks() {
        let text = """
        final class A: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
                if isMovingToParent {
                    model.$x.sink { _ in }.store(in: &bag)
                }
                if bag.isEmpty {
                    model.$y.sink { _ in }.store(in: &bag)
                }
                model.$z.sink { _ in }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:9:32"])
    }

    func testLocalAndParameterBagsAreNotThisRulesBusiness() {
        let text = """
        final class Row: UITableViewCell {
            func bind(_ model: Model, into bag: inout Set<AnyCancellable>) {
                model.$x.sink { _ in }.store(in: &bag)
            }
            override func layoutSubviews() {
                var local = Set<AnyCancellable>()
                model.$y.sink { _ in }.store(in: &local)
            }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    func testCellMethodOfAStructOrAPlainViewIsNotReuse() {
        let text = """
        struct RowModel {
            func configure(with item: Item) { item.$x.sink { _ in }.store(in: &Self.bag) }
        }
        final class Banner: UIView {
            func configure(with item: Item) { item.$x.sink { _ in }.store(in: &bag) }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    func testCellProviderArgumentClosureAndAppendIntoArrayBag() {
        let text = """
        final class A: UIViewController {
            override func viewDidLoad() {
                let source = UICollectionViewDiffableDataSource<Int, Item>(collectionView: grid, cellProvider: { grid, indexPath, item in
                    item.$x.sink { _ in }.store(in: &self.bag)
                })
            }
            override func viewDidAppear(_ animated: Bool) {
                subscriptions.append(model.$y.sink { _ in })
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:35", "A.swift:8:23"])
    }

    /// A data source's `supplementaryViewProvider` runs for every header it dequeues: what it stores in
    /// the controller's bag piles up. A closure assigned to another property (`completion`) does not.
    func testSupplementaryViewProviderStoringIntoTheControllersBag() {
        let text = """
        final class PayoutsController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            func configureDataSource() {
                dataSource.supplementaryViewProvider = { [weak self] collectionView, kind, indexPath in
                    let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath) as! Header
                    guard let self = self else { return header }
                    self.viewModel.$total.sink { [weak header] in header?.label.text = $0 }.store(in: &self.cancellables)
                    return header
                }
                loader.completion = { [weak self] in
                    guard let self else { return }
                    self.viewModel.$total.sink { [weak self] in self?.title = $0 }.store(in: &self.cancellables)
                }
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:7:85"])
    }

    func testCellForRowIntoTheCellsBagWhenTheCellTypeIsUnknownButSomeCellEmptiesIt() {
        let files = [
            (path: "DS.swift", text: """
            final class DS: NSObject, UITableViewDataSource {
                func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = factory.make(indexPath)
                    items[indexPath.row].$x.sink { _ in }.store(in: &cell.bindings)
                    items[indexPath.row].$y.sink { _ in }.store(in: &cell.other)
                    return cell
                }
            }
            """),
            (path: "Cell.swift", text: """
            class AnyRowCell: UITableViewCell {
                var bindings = Set<AnyCancellable>()
                override func prepareForReuse() { super.prepareForReuse(); bindings = .init() }
            }
            """),
        ]
        XCTAssertEqual(positions(files), ["DS.swift:5:47"])
    }

    func testACellMethodWithKeywordLabelsIsACellMethod() {
        let text = """
        final class EpisodeCell: UITableViewCell {
            private var cancellables = Set<AnyCancellable>()
            func configure(_ episode: Episode, for list: List, at index: Int) {
                episode.$progress.sink { [weak self] in self?.progress = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["4:71"])
    }

    func testAPropertyObserverOfACellRunsOnEveryReuse() {
        let text = """
        final class EpisodeCell: UITableViewCell {
            private var cancellables = Set<AnyCancellable>()
            private var once = Set<AnyCancellable>()
            var viewModel: EpisodeViewModel? {
                didSet { viewModel?.$title.sink { [weak self] in self?.title = $0 }.store(in: &cancellables) }
            }
            var model: EpisodeViewModel? {
                didSet { model?.$title.sink { [weak self] in self?.title = $0 }.store(in: &once) }
            }
            override func prepareForReuse() { super.prepareForReuse(); once.removeAll() }
        }
        final class Plain {
            private var cancellables = Set<AnyCancellable>()
            var viewModel: EpisodeViewModel? {
                didSet { viewModel?.$title.sink { print($0) }.store(in: &cancellables) }
            }
        }
        """
        let found = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["5:77"])
        XCTAssertEqual(found.first?.message, "Every reuse of `EpisodeCell` runs `viewModel.didSet`, adding a live subscription to `cancellables` while the old ones still update the old row.")
    }

    /// `configure(with:)` assigns `model`, whose `didSet` empties the bag before the store that
    /// follows: every reuse starts from an empty bag. A `didSet` that does not empty that bag, or an
    /// assignment to another object's property of that name, does not count (probe round 40).
    func testAssigningAPropertyWhoseObserverEmptiesTheBag() {
        let text = """
        final class EventRow: UITableViewCell {
            private var subscriptions = Set<AnyCancellable>()
            private var others = Set<AnyCancellable>()
            var model: RowModel? {
                didSet { subscriptions = [] }
            }
            func configure(with row: RowModel) {
                model = row
                row.$isFavorite.sink { [weak self] in self?.title = $0 ? "on" : "off" }.store(in: &subscriptions)
                row.$isFavorite.sink { [weak self] in self?.title = $0 ? "on" : "off" }.store(in: &others)
            }
            func configure(other row: RowModel, holder: Holder) {
                holder.model = row
                row.$isFavorite.sink { [weak self] in self?.title = $0 ? "on" : "off" }.store(in: &subscriptions)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:10:81", "A.swift:14:81"])
    }
}
