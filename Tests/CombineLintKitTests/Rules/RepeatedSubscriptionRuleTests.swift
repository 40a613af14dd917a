import XCTest
@testable import CombineLintKit

final class RepeatedSubscriptionRuleTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)], options: [String: [String]] = [:]) -> [String] {
        let sources = files.map { SourceFile(path: $0.path, text: $0.text) }
        let rule = ConfiguredRule(rule: RepeatedSubscriptionRule(), severity: .warning, options: RuleOptions(options))
        return Analyzer.analyze(sources, rules: [rule]).filter { $0.ruleID == "repeated_subscription" }
            .map { "\($0.file):\($0.line):\($0.column)" }
    }

    func testSameNamedTypesNestedInDifferentNamespacesAreDifferentTypes() {
        // `Feed.Screen.viewWillAppear` calls its own `refresh()`; `Settings.Screen.refresh()` stores,
        // but only its `viewDidLoad` calls it. Merged by simple name, the two would make one call graph.
        let feed = """
        enum Feed {}
        extension Feed {
            final class Screen: UIViewController {
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    refresh()
                }
                func refresh() {}
            }
        }
        """
        let settings = """
        enum Settings {
            final class Screen: UIViewController {
                private var cancellables = Set<AnyCancellable>()
                let changes = PassthroughSubject<Int, Never>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    refresh()
                }
            }
        }
        extension Settings.Screen {
            func refresh() { changes.sink { _ in }.store(in: &cancellables) }
        }
        """
        XCTAssertEqual(positions([("Feed.swift", feed), ("Settings.swift", settings)]), [])
        // The same files with `Feed`'s screen calling into the extension: now it is one type.
        let repeated = settings.replacingOccurrences(of: "override func viewDidLoad()", with: "override func viewWillAppear(_ animated: Bool)")
            .replacingOccurrences(of: "super.viewDidLoad()", with: "super.viewWillAppear(animated)")
        XCTAssertEqual(positions([("Feed.swift", feed), ("Settings.swift", repeated)]), ["Settings.swift:12:44"])
    }

    func testCopiesInSiblingFoldersKeepTheirOwnExtensions() {
        // Two apps declaring the same class: each file's extension belongs to the class of its own folder.
        let screen = """
        final class Screen: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            let changes = PassthroughSubject<Int, Never>()
        }
        """
        let calls = """
        extension Screen {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                refresh()
            }
        }
        """
        let stores = """
        extension Screen {
            func refresh() { changes.sink { _ in }.store(in: &cancellables) }
        }
        """
        XCTAssertEqual(positions([("A/Screen.swift", screen), ("A/Screen+Calls.swift", calls), ("A/Screen+Stores.swift", stores),
                                  ("B/Screen.swift", screen), ("B/Screen+Stores.swift", stores)]),
                       ["A/Screen+Stores.swift:2:44"])
    }

    func testSwiftUIOnAppearCallingAModelMethodThatStores() {
        let model = """
        final class FeedVM: ObservableObject {
            @Published var posts: [String] = []
            private var bag = Set<AnyCancellable>()
            func bind() { Repo.shared.$posts.sink { [weak self] in self?.posts = $0 }.store(in: &bag) }
            func load() { api.fetch().sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.posts = $0 }).store(in: &bag) }
            func bindOnce() { guard bag.isEmpty else { return }; Repo.shared.$posts.sink { [weak self] in self?.posts = $0 }.store(in: &bag) }
            func rebind() { bag.removeAll(); Repo.shared.$posts.sink { [weak self] in self?.posts = $0 }.store(in: &bag) }
        }
        """
        let view = """
        struct FeedView: View {
            @StateObject private var vm = FeedVM()
            var body: some View {
                List(vm.posts, id: \\.self) { Text($0) }
                    .onAppear { vm.bind(); vm.load(); vm.bindOnce(); vm.rebind() }
            }
        }
        struct OtherView: View {
            @ObservedObject var other: OtherModel
            var body: some View { Text("").onAppear { other.bind() } }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [("FeedVM.swift", model), ("FeedView.swift", view)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["FeedVM.swift:4:79"])
        XCTAssertTrue(found[0].message.hasPrefix("`onAppear → FeedVM.bind() → store(in:)`"))
    }

    func testOneShotPublishersStartedByAnActionAreQuiet() {
        let text = """
        final class UnlockViewController: UIViewController {
            private var bag = Set<AnyCancellable>()
            @objc func skipTapped(_ s: UIButton) { derive(); refresh() }
            private func derive() { Future<String, Never> { $0(.success("pw")) }.sink { print($0) }.store(in: &bag) }
            private func refresh() { api.session.dataTaskPublisher(for: url).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag) }
            private func watch() { NotificationCenter.default.publisher(for: .x).sink { _ in }.store(in: &bag) }
            @objc func watchTapped() { watch() }
        }
        """
        XCTAssertEqual(positions([("A.swift", text)]), ["A.swift:6:88"])
    }

    func testSamplesFireTwiceAtTheStoringCalls() throws {
        let folder = packageRoot.appendingPathComponent("samples/App/Chat")
        let files = try ["ChatViewController.swift", "ChatViewModel.swift"].map {
            (path: "Chat/" + $0, text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
        let found = findings(of: RepeatedSubscriptionRule.self, in: files)
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" },
                       ["Chat/ChatViewController.swift:55:14", "Chat/ChatViewController.swift:74:14"])
        XCTAssertTrue(found[0].message.hasPrefix("`viewWillAppear(_:) → startTypingIndicator() → store(in:)`: "), found[0].message)
    }

    func testMutualRecursionEndsAndNamesTheShortestPath() {
        let text = """
        final class A: UIViewController {
            var bag = Set<AnyCancellable>()
            override func viewDidAppear(_ animated: Bool) { first() }
            func first() { second() }
            func second() { first(); x.$y.sink { _ in }.store(in: &bag) }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [("A.swift", text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["5:49"])
        XCTAssertTrue(found[0].message.hasPrefix("`viewDidAppear(_:) → first() → second() → store(in:)`"), found[0].message)
    }

    func testConfiguredAppearanceMethod() {
        let text = """
        final class A: UIViewController {
            var bag = Set<AnyCancellable>()
            func screenDidAppear() { bind() }
            func bind() { x.$y.sink { _ in }.store(in: &bag) }
        }
        """
        XCTAssertEqual(positions([("A.swift", text)]), [])
        XCTAssertEqual(positions([("A.swift", text)], options: ["appearance_methods": ["screenDidAppear"]]), ["A.swift:4:38"])
    }

    func testSameMethodNameInAnotherTypeIsNotAPath() {
        let text = """
        final class A: UIViewController {
            override func viewWillAppear(_ animated: Bool) { bind() }
            func bind() {}
        }
        final class B {
            var bag = Set<AnyCancellable>()
            func bind() { x.$y.sink { _ in }.store(in: &bag) }
        }
        """
        XCTAssertEqual(positions([("A.swift", text)]), [])
    }

    func testPathThroughAnExtensionInAnotherFileIsReportedInTheStoringFile() {
        let a = """
        final class A: UIViewController {
            var bag = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) { self.bind() }
        }
        """
        let b = """
        extension A {
            func bind() {
                x.$y
                    .sink { _ in }
                    .store(in: &self.bag)
            }
        }
        """
        XCTAssertEqual(positions([("A.swift", a), ("A+Bind.swift", b)]), ["A+Bind.swift:5:14"])
    }

    func testWeakSelfCallInNotificationSinkAndResetInCalledHelper() {
        let text = """
        final class A: UIViewController {
            var bag = Set<AnyCancellable>()
            var observers = Set<AnyCancellable>()
            override func viewDidLoad() {
                NotificationCenter.default.publisher(for: .refresh).sink { [weak self] _ in self?.reload() }.store(in: &observers)
            }
            func reload() { x.$y.sink { _ in }.store(in: &bag) }
            func other() { reset(); x.$z.sink { _ in }.store(in: &observers) }
            override func viewWillAppear(_ animated: Bool) { other() }
            func reset() { observers.removeAll() }
        }
        """
        XCTAssertEqual(positions([("A.swift", text)]), ["A.swift:7:40"])
    }

    func testSubscriptionInsideAnotherSinkIsLeftToNestedSink() {
        let text = """
        final class A: UIViewController {
            var bag = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) { bind() }
            func bind() {
                x.$y.sink { _ in self.z.sink { _ in }.store(in: &self.bag) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([("A.swift", text)]), ["A.swift:5:70"])
    }

    func testKeyedAndReplacedBagsAreNotAccumulating() {
        let text = """
        final class A: UIViewController {
            var bag = Set<AnyCancellable>()
            var byID: [Int: AnyCancellable] = [:]
            @IBAction func tap() { bind() }
            func bind() {
                byID[1] = x.$y.sink { _ in }
                bag = [x.$z.sink { _ in }]
            }
        }
        """
        XCTAssertEqual(positions([("A.swift", text)]), [])
    }

    func testAnInstallGuardedByTheViewsSuperviewRunsOnce() {
        let text = """
        final class ExploreViewController: NSViewController {
            private var cancellables = Set<AnyCancellable>()
            override func viewDidAppear() {
                super.viewDidAppear()
                installRootViewIfNeeded()
                bindAgain()
            }
            private func installRootViewIfNeeded() {
                guard rootView.superview == nil else { return }
                view.addSubview(rootView)
                provider.$scrollOffset.sink { [weak self] in self?.fade($0) }.store(in: &cancellables)
            }
            private func bindAgain() {
                guard superview == nil else { return }
                provider.$scrollOffset.sink { [weak self] in self?.fade($0) }.store(in: &cancellables)
            }
            private func fade(_ offset: CGPoint) {}
        }
        """
        XCTAssertEqual(positions([(path: "E.swift", text: text)]), ["E.swift:15:71"])
    }

    func testSwiftUIOnChangeCallingAMethodThatStoresOnEveryChange() {
        let manager = """
        final class ClipPlaybackManager: ObservableObject {
            static let shared = ClipPlaybackManager()
            @Published var currentTime: Double?
            @Published var isPlaying = false
            private var cancellables = Set<AnyCancellable>()
            func play() {
                if player != nil { stop() }
                isPlaying = true
                $currentTime.sink { [weak self] in self?.update($0) }.store(in: &cancellables)
            }
            func start() {
                guard !isPlaying else { return }
                $currentTime.sink { [weak self] in self?.update($0) }.store(in: &cancellables)
            }
            func stop() {}
            func update(_ time: Double?) {}
        }
        """
        let view = """
        struct TrimBar: View {
            private let playbackManager = ClipPlaybackManager.shared
            @State var isPlaying = false
            var body: some View {
                Text("").onChange(of: isPlaying) { playing in
                    if playing { playbackManager.play() } else { playbackManager.start() }
                }
            }
        }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: manager), (path: "V.swift", text: view)]), ["M.swift:9:63"])
    }

    func testAForAwaitLoopBodyRunsForEveryElement() {
        let text = """
        final class FilterStore {
            @Published var lists: [String] = []
            private var cancellables = Set<AnyCancellable>()
            func start(_ updates: AsyncStream<[String]>) {
                Task {
                    for await entries in updates { self.load(entries) }
                }
            }
            private func load(_ entries: [String]) {
                $lists.sink { [weak self] in self?.save($0) }.store(in: &cancellables)
            }
            private func save(_ lists: [String]) {}
        }
        """
        XCTAssertEqual(positions([(path: "F.swift", text: text)]), ["F.swift:10:55"])
    }

    func testAMethodThatOtherTypesRepeatedCodeCallsIsAnEntry() throws {
        let storage = """
        final class FilterListStorage: ObservableObject {
            static let shared = FilterListStorage()
            @Published var filterLists: [String] = []
            private var subscriptions = Set<AnyCancellable>()
            func loadFilterLists(from entries: [String]) {
                filterLists = entries
                subscribeToChanges()
                loadOnce(entries)
            }
            private func subscribeToChanges() {
                $filterLists.sink { [weak self] in self?.save($0) }.store(in: &subscriptions)
            }
            private func loadOnce(_ entries: [String]) {
                Just(entries).sink { [weak self] in self?.save($0) }.store(in: &subscriptions)
            }
            private func save(_ lists: [String]) {}
        }
        """
        let downloader = """
        final class Downloader {
            func start(_ stream: AsyncStream<[String]>) {
                Task { @MainActor in
                    for await entries in stream {
                        FilterListStorage.shared.loadFilterLists(from: entries)
                    }
                }
            }
        }
        """
        let files = [(path: "S.swift", text: storage), (path: "D.swift", text: downloader)]
        XCTAssertEqual(positions(files), ["S.swift:11:61"])
        let found = findings(of: RepeatedSubscriptionRule.self, in: files)
        XCTAssertEqual(try XCTUnwrap(found.first).message,
                       "`for await loop → loadFilterLists(from:) → subscribeToChanges() → store(in:)`: each run of `for await loop` adds one more live subscription to `subscriptions`, and the earlier ones keep running.")
    }

    /// `devices.dropFirst()`: `dropFirst` (which collections have too) is still the subject's operator,
    /// so the pipeline never finishes and every pull stacks one; an array's `dropFirst()` is no subject.
    func testASubjectPropertyFollowedByDropFirstNeverFinishes() {
        let text = """
        final class DeviceService {
            let devices = CurrentValueSubject<[String], Never>([])
        }
        final class DevicesController: UITableViewController {
            private let service = DeviceService()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                refreshControl?.addTarget(self, action: #selector(pullToRefresh), for: .valueChanged)
            }
            @objc private func pullToRefresh() {
                service.devices.dropFirst().sink { [weak self] _ in self?.refreshControl?.endRefreshing() }.store(in: &cancellables)
                [1, 2, 3].dropFirst().publisher.sink { [weak self] _ in self?.tableView.reloadData() }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:12:101"])
    }

    /// `(cell as? ChannelCell)?.watchBag.removeAll()` in `didEndDisplaying` empties the cast cell's bag
    /// before reuse; a cell whose bag nothing empties still stacks one subscription per reuse.
    func testACastCellsBagEmptiedWhenItEndsDisplay() {
        let text = """
        final class ChannelCell: UICollectionViewListCell {
            var watchBag = Set<AnyCancellable>()
            func watch(_ selected: AnyPublisher<String?, Never>, channel: String) {
                selected.map { $0 == channel }.sink { [weak self] in self?.isSelected = $0 }.store(in: &watchBag)
            }
        }
        final class BadgeCell: UICollectionViewCell {
            var badgeBag = Set<AnyCancellable>()
            func watch(_ count: AnyPublisher<Int, Never>) {
                count.sink { [weak self] in self?.accessibilityValue = "\\($0)" }.store(in: &badgeBag)
            }
        }
        final class ChannelsController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
            let selected = CurrentValueSubject<String?, Never>("sms")
            let count = CurrentValueSubject<Int, Never>(0)
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                if indexPath.section == 0 {
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "channel", for: indexPath) as! ChannelCell
                    cell.watch(selected.eraseToAnyPublisher(), channel: "sms")
                    return cell
                }
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "badge", for: indexPath) as! BadgeCell
                cell.watch(count.eraseToAnyPublisher())
                return cell
            }
            func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                (cell as? ChannelCell)?.watchBag.removeAll()
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:10:74"])
    }

    /// A bag class emptied through the cast cell by its own call (`disposeAll()`, one of the
    /// catalogue's bag-emptying calls) ends the previous row's subscription as `removeAll()` does;
    /// a call that does not empty it (`flush()`) leaves the finding.
    func testACastCellsBagClassEmptiedByItsOwnCall() {
        let text = """
        final class CancelBag {
            var items = Set<AnyCancellable>()
            func disposeAll() { items.removeAll() }
            func flush() {}
        }
        extension AnyCancellable {
            func store(in bag: CancelBag) { bag.items.insert(self) }
        }
        final class ChannelCell: UICollectionViewListCell {
            let watchBag = CancelBag()
            func watch(_ selected: AnyPublisher<String?, Never>, channel: String) {
                selected.map { $0 == channel }.sink { [weak self] in self?.isSelected = $0 }.store(in: watchBag)
            }
        }
        final class ChannelsController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
            let selected = CurrentValueSubject<String?, Never>("sms")
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "channel", for: indexPath) as! ChannelCell
                cell.watch(selected.eraseToAnyPublisher(), channel: "sms")
                return cell
            }
            func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                (cell as? ChannelCell)?.watchBag.EMPTYING()
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text.replacingOccurrences(of: "EMPTYING", with: "disposeAll"))]), [])
        XCTAssertEqual(positions([(path: "A.swift", text: text.replacingOccurrences(of: "EMPTYING", with: "flush"))]), ["A.swift:12:86"])
    }

    /// A project function that declares a publisher result and returns a pipeline from a
    /// `@Published` property (or a subject) never finishes, so a page turn that stores its
    /// subscription again and again stacks them; one whose pipeline is cut by `first()` finishes.
    func testAProjectFunctionHandingOnAPublishedPropertyNeverFinishes() {
        let text = """
        final class TimerService {
            static let shared = TimerService()
            @Published private(set) var timers: [Int] = []
            func remaining(for id: Int) -> AnyPublisher<Int?, Never> {
                $timers.map { timers in timers.first { $0 == id } }.removeDuplicates().eraseToAnyPublisher()
            }
            func firstRemaining(for id: Int) -> AnyPublisher<Int?, Never> {
                $timers.map { timers in timers.first { $0 == id } }.first().eraseToAnyPublisher()
            }
        }
        final class CookPager: UIPageViewController, UIPageViewControllerDelegate {
            private var pageBag = Set<AnyCancellable>()
            func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                                    previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
                TimerService.shared.remaining(for: 1).sink { [weak self] in self?.title = "\\($0 ?? 0)" }.store(in: &pageBag)
                TimerService.shared.firstRemaining(for: 1).sink { [weak self] in self?.title = "\\($0 ?? 0)" }.store(in: &pageBag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:15:98"])
    }

    /// Another type's appearance callback that sets a property of a kept object runs the property's
    /// `didSet`, which stores one more subscription per appearance; a write made once (`viewDidLoad`)
    /// or to an object made right there (each run a new object) does not pile up, nor does
    /// the same `didSet` whose bag it empties first.
    func testAPropertyObserverRunByAnotherTypesAppearanceWrite() {
        let badge = """
        final class CartBadgeController {
            private let cart = CartStore()
            private var cancellables = Set<AnyCancellable>()
            weak var button: UIButton? {
                didSet {
                    CLEARING
                    cart.$count
                        .sink { [weak self] count in self?.button?.setTitle("\\(count)", for: .normal) }
                        .store(in: &cancellables)
                }
            }
        }
        final class CartStore {
            @Published var count = 0
        }
        """
        let menu = """
        final class MenuViewController: UIViewController {
            private lazy var badge = CartBadgeController()
            private let cartButton = UIButton()
            override func viewDidLoad() {
                super.viewDidLoad()
                let preview = CartBadgeController()
                preview.button = cartButton
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                badge.button = cartButton
            }
        }
        """
        let onLoad = menu.replacingOccurrences(of: "viewWillAppear", with: "viewDidLoadAgain")
        XCTAssertEqual(positions([(path: "Badge.swift", text: badge.replacingOccurrences(of: "CLEARING", with: "")),
                                  (path: "Menu.swift", text: menu)]), ["Badge.swift:9:18"])
        XCTAssertEqual(positions([(path: "Badge.swift", text: badge.replacingOccurrences(of: "CLEARING", with: "")),
                                  (path: "Menu.swift", text: onLoad)]), [])
        XCTAssertEqual(positions([(path: "Badge.swift", text: badge.replacingOccurrences(of: "CLEARING", with: "cancellables.removeAll()")),
                                  (path: "Menu.swift", text: menu)]), [])
    }

    /// The value closure of another type's subscription that never finishes runs once per value:
    /// setting a kept object's observed property there, or calling its storing method, adds one more
    /// subscription per value. A sink of a request (it finishes) or a completion closure runs once.
    func testAnotherTypesSinkThatSetsAnObservedPropertyOrCallsAStoringMethod() {
        let editor = """
        final class EditorViewController: NSViewController {
            private var bag = Set<AnyCancellable>()
            var document: Document? {
                didSet {
                    document?.$title
                        .sink { [weak self] in self?.title = $0 }
                        .store(in: &bag)
                }
            }
            func showTags(of document: Document) {
                document.$tags
                    .sink { [weak self] _ in self?.view.needsLayout = true }
                    .store(in: &bag)
            }
        }
        final class Document {
            @Published var title = ""
            @Published var tags: [String] = []
        }
        """
        let window = """
        final class MainWindowController: NSWindowController {
            private let sidebar = SidebarModel()
            private let editor = EditorViewController()
            private var bag = Set<AnyCancellable>()
            override func windowDidLoad() {
                super.windowDidLoad()
                sidebar.SOURCE
                    .sink { [weak self] in self?.editor.document = $0 }
                    .store(in: &bag)
                sidebar.SOURCE
                    .sink { [weak self] in self?.editor.showTags(of: $0) }
                    .store(in: &bag)
            }
        }
        final class SidebarModel {
            @Published var selection = Document()
            func load() -> AnyPublisher<Document, Never> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).map { _ in Document() }.replaceError(with: Document()).eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(positions([(path: "Editor.swift", text: editor),
                                  (path: "Window.swift", text: window.replacingOccurrences(of: "SOURCE", with: "$selection"))]),
                       ["Editor.swift:7:18", "Editor.swift:13:14"])
        XCTAssertEqual(positions([(path: "Editor.swift", text: editor),
                                  (path: "Window.swift", text: window.replacingOccurrences(of: "SOURCE", with: "load()"))]), [])
    }

    /// Each move of the focus (a tvOS remote, a keyboard) runs `didUpdateFocus(in:with:)`: a helper
    /// it reaches that stores a timer's subscription adds one per move.
    func testFocusUpdatesRunAgainAndAgain() {
        let text = """
        final class ChannelGridViewController: UIViewController {
            private var previewTokens: [AnyCancellable] = []
            override func didUpdateFocus(in context: UIFocusUpdateContext, with coordinator: UIFocusAnimationCoordinator) {
                super.didUpdateFocus(in: context, with: coordinator)
                startPreview()
            }
            private func startPreview() {
                Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                    .sink { [weak self] _ in self?.view.setNeedsLayout() }
                    .store(in: &previewTokens)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:10:14"])
    }

    /// A same-named stored property whose type is a framework type that is no publisher (`let events:
    /// UIControl.Event` of a control publisher) cannot be the publisher a chain reads: the socket's
    /// `events`, which hands on a subject, still never finishes. One typed by a project typealias may
    /// be, and one that holds a publisher that finishes makes the name undecided, where the chain
    /// does not show whose property it reads.
    func testASameNamedPropertyOfAFrameworkValueTypeIsNoPublisher() {
        let socket = """
        final class TripSocket {
            private let subject = PassthroughSubject<Int, Never>()
            var events: AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }
        }
        struct ControlPublisher {
            let control: UIControl
            let events: EVENTS
        }
        """
        let screen = """
        final class SeatMapModel {
            private var cancellables = Set<AnyCancellable>()
            func observe(socket: TripSocket) {
                socket.events.sink { [weak self] _ in self?.reload() }.store(in: &cancellables)
            }
            func reload() {}
        }
        final class SeatMapViewController: UIViewController, UICollectionViewDelegate {
            private let model = SeatMapModel()
            private let socket = TripSocket()
            func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                model.observe(socket: socket)
            }
        }
        """
        XCTAssertEqual(positions([(path: "Socket.swift", text: socket.replacingOccurrences(of: "EVENTS", with: "UIControl.Event")),
                                  (path: "Screen.swift", text: screen)]), ["Screen.swift:4:64"])
        let aliased = socket.replacingOccurrences(of: "EVENTS", with: "EventStream = Empty().eraseToAnyPublisher()")
            + "typealias EventStream = AnyPublisher<Int, Never>\n"
        // `socket.events` on a `TripSocket` is that type's property: the struct's, another type's, says nothing of it.
        XCTAssertEqual(positions([(path: "Socket.swift", text: aliased), (path: "Screen.swift", text: screen)]), ["Screen.swift:4:64"])
        // Through a value of a type the project does not declare, the name alone is left: undecided.
        let vendor = screen.replacingOccurrences(of: "socket: TripSocket", with: "socket: VendorSocket")
        XCTAssertEqual(positions([(path: "Socket.swift", text: aliased), (path: "Screen.swift", text: vendor)]), [])
    }

    /// A map's delegate runs again on each tap of a pin (`mapView(_:didSelect:)`) and each pan or
    /// zoom (`mapView(_:regionDidChangeAnimated:)`): a store of a source that never finishes made
    /// there, or in a helper it calls, adds one per run; a request made there answers and ends.
    func testMapSelectionAndRegionChangesRunAgainAndAgain() {
        let text = """
        final class MapViewController: UIViewController, MKMapViewDelegate {
            private let favorites = FavoritesStore()
            private var selectionBag = Set<AnyCancellable>()
            private var bag = Set<AnyCancellable>()
            func mapView(_ mapView: MKMapView, didSelect view: MKAnnotationView) {
                favorites.$ids.sink { [weak view] in view?.isHighlighted = !$0.isEmpty }.store(in: &selectionBag)
            }
            func mapView(_ mapView: MKMapView, regionDidChangeAnimated animated: Bool) {
                observeClusterSetting()
                URLSession.shared.dataTaskPublisher(for: url).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
            private func observeClusterSetting() {
                UserDefaults.standard.publisher(for: \\.clusters).sink { [weak self] _ in self?.view.setNeedsLayout() }.store(in: &bag)
            }
        }
        final class FavoritesStore {
            @Published var ids: [Int] = []
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:6:82", "A.swift:13:112"])
    }

    /// A button's action runs again while the window stays open: emptying the bag when the window
    /// closes does not stop one more subscription per click before then; emptying it on the path does.
    func testAUserActionIsNotResetByTheWindowsTeardown() {
        let text = """
        final class ImportWindowController: NSWindowController, NSWindowDelegate {
            private let monitor = NetworkMonitor()
            private var cancellables = Set<AnyCancellable>()
            @IBAction func startImport(_ sender: Any?) {
                RESET
                observeConnectivity()
            }
            private func observeConnectivity() {
                monitor.$isOnline.sink { [weak self] in self?.window?.title = $0 ? "Online" : "Offline" }.store(in: &cancellables)
            }
            func windowWillClose(_ notification: Notification) {
                cancellables.removeAll()
            }
        }
        final class NetworkMonitor {
            @Published var isOnline = true
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text.replacingOccurrences(of: "RESET", with: ""))]), ["A.swift:9:99"])
        XCTAssertEqual(positions([(path: "A.swift", text: text.replacingOccurrences(of: "RESET", with: "cancellables.removeAll()"))]), [])
    }

    /// The value closure of the type's own subscription to a source that never finishes runs once
    /// per value: a method it calls that stores a subscription to another endless source adds one
    /// per value (`nested_sink` reports the same sink under its own id). A request stored per value
    /// ends by itself, and a closure of a source that finishes runs once.
    func testTheTypesOwnSinkRunsItsCallsPerValue() {
        let text = """
        final class StatsModel {
            @Published var weekStart = 1
            @Published var habits: [Int] = []
            @Published var best = 0
            private var weekBag = Set<AnyCancellable>()
            init() {
                $weekStart.sink { [weak self] in self?.applyWeekStart($0) }.store(in: &weekBag)
                $weekStart.sink { [weak self] _ in self?.reload() }.store(in: &weekBag)
                Just(1).sink { [weak self] _ in self?.watchOnce() }.store(in: &weekBag)
            }
            private func applyWeekStart(_ day: Int) {
                $habits.sink { [weak self] in self?.best = $0.count }.store(in: &weekBag)
            }
            private func reload() {
                URLSession.shared.dataTaskPublisher(for: url).map { _ in 0 }.replaceError(with: 0)
                    .sink { [weak self] in self?.best = $0 }.store(in: &weekBag)
            }
            private func watchOnce() {
                $habits.sink { [weak self] in self?.best = $0.count }.store(in: &weekBag)
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["A.swift:12:63"])
        XCTAssertEqual(found.first?.message,
                       "`$weekStart sink → applyWeekStart(_:) → store(in:)`: each run of `$weekStart sink` adds one more live subscription to `weekBag`, and the earlier ones keep running.")
    }
}
