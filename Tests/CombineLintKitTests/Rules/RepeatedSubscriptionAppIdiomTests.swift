import XCTest
@testable import CombineLintKit

/// Idioms of real app code, found by probing the rule with them (issue #13): a cell method that the data source
/// calls on a cast cell, and the app's returns to the foreground.
final class RepeatedSubscriptionAppIdiomTests: XCTestCase {
    private func positions(_ text: String) -> [String] {
        findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
    }

    private let rows = """
    final class RowModel: ObservableObject { @Published var title = "" }

    """

    /// `let cell = … as! FeedCell` (or `guard let … as? FeedCell`): the cast names the cell type, so
    /// `cell.setUp(…)` in `cellForRowAt` runs `FeedCell.setUp` once per row shown.
    func testCellMethodCalledOnACastCellFromCellForRow() {
        let text = rows + """
        final class ListController: UIViewController, UITableViewDataSource {
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! FeedCell
                cell.setUp(rows[indexPath.row], at: indexPath)
                return cell
            }
        }
        final class FeedCell: UITableViewCell {
            private var cancellables = Set<AnyCancellable>()
            func setUp(_ model: RowModel, at indexPath: IndexPath) {
                model.$title.sink { [weak self] in self?.textLabel?.text = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["12:73"])
    }

    /// The same cell whose `prepareForReuse` empties the bag, and a `configure…` method (stored right in
    /// repeated code, which is `store_in_appearance`'s), are not reported here.
    func testCastCellMethodIsQuietWhenReuseEmptiesTheBagOrWhenItIsAConfigureMethod() {
        let text = rows + """
        final class ListController: UIViewController, UITableViewDataSource {
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! FeedCell
                cell.setUp(rows[indexPath.row])
                let other = tableView.dequeueReusableCell(withIdentifier: "d", for: indexPath) as! OtherCell
                other.configure(with: rows[indexPath.row])
                return cell
            }
        }
        final class FeedCell: UITableViewCell {
            private var cancellables = Set<AnyCancellable>()
            override func prepareForReuse() {
                super.prepareForReuse()
                cancellables.removeAll()
            }
            func setUp(_ model: RowModel) {
                model.$title.sink { [weak self] in self?.textLabel?.text = $0 }.store(in: &cancellables)
            }
        }
        final class OtherCell: UITableViewCell {
            private var cancellables = Set<AnyCancellable>()
            func configure(with model: RowModel) {
                model.$title.sink { [weak self] in self?.textLabel?.text = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    /// `sceneWillEnterForeground(_:)` runs each time the user comes back to the app: a subscription to a
    /// source that never finishes, made there or in what it calls, piles up; a request there finishes.
    func testForegroundCallbacksRepeat() {
        let text = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            private var cancellables = Set<AnyCancellable>()
            private let model = AppModel()
            func sceneWillEnterForeground(_ scene: UIScene) {
                startObserving()
                api.refresh().sink { _ in }.store(in: &cancellables)
            }
            func sceneDidBecomeActive(_ scene: UIScene) {
                model.$badge.sink { UIApplication.shared.applicationIconBadgeNumber = $0 }.store(in: &cancellables)
            }
            private func startObserving() {
                model.$items.sink { print($0) }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["12:41"])
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map(\.message), [
            "`sceneWillEnterForeground(_:) → startObserving() → store(in:)`: each run of `sceneWillEnterForeground(_:)` adds one more live subscription to `cancellables`, and the earlier ones keep running.",
        ])
        // The store right in `sceneDidBecomeActive(_:)` is `store_in_appearance`'s; the request is not reported.
        let direct = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(direct.map { "\($0.line):\($0.column)" }, ["9:84"])
        XCTAssertEqual(direct.map(\.message), [
            "Every `sceneDidBecomeActive(_:)` adds a live subscription to `cancellables`, so each value is handled once per return to the foreground so far.",
        ])
    }

    /// AppKit runs `applicationShouldHandleReopen(_:hasVisibleWindows:)` on every click of the Dock
    /// icon, and its activation callbacks on every switch back to the app: what they start piles up.
    /// A bag emptied when the app resigns active holds one activation's subscriptions.
    func testAppKitReopenAndActivationCallbacksRepeat() {
        let text = """
        final class AppDelegate: NSObject, NSApplicationDelegate {
            private var badgeCancellables = Set<AnyCancellable>()
            private var activeCancellables = Set<AnyCancellable>()
            let store = Store()
            func applicationShouldHandleReopen(_ sender: NSApplication, hasVisibleWindows flag: Bool) -> Bool {
                startBadgeUpdates()
                return true
            }
            func applicationWillBecomeActive(_ notification: Notification) { observeActive() }
            func applicationDidResignActive(_ notification: Notification) { activeCancellables.removeAll() }
            private func startBadgeUpdates() {
                store.$count.sink { NSApp.dockTile.badgeLabel = String($0) }.store(in: &badgeCancellables)
            }
            private func observeActive() {
                store.$count.sink { print($0) }.store(in: &activeCancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["12:70"])
    }

    /// `ids.forEach(tracker.track)` in a method a scroll callback of another type reaches: the
    /// tracker's method handed to `forEach` runs per element, each scroll again. Handed to `map`
    /// for a list of names, nothing of it is run by the scroll.
    func testAnotherObjectsMethodHandedToForEach() {
        let text = """
        final class Tracker {
            private var bags: [Int: Set<AnyCancellable>] = [:]
            let status = PassthroughSubject<Int, Never>()
            func track(_ id: Int) {
                status.sink { print($0) }.store(in: &bags[id, default: []])
            }
            func watch(_ id: Int) -> Int {
                status.sink { print($0) }.store(in: &bags[id, default: []])
                return id
            }
        }
        final class ListViewModel {
            let tracker = Tracker()
            func visibleRowsChanged(_ ids: [Int]) {
                ids.forEach(tracker.track)
                _ = ids.map(tracker.watch)
            }
        }
        final class ListViewController: UITableViewController {
            let viewModel = ListViewModel()
            override func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
                viewModel.visibleRowsChanged([1])
            }
        }
        """
        XCTAssertEqual(positions(text), ["5:35"])
    }

    /// A location manager calls its delegate on every change of the authorization and on every fix:
    /// a subscription to a source that never finishes, made from there, piles up; a request per
    /// fix finishes.
    func testSystemEventDelegateCallbacksRepeat() {
        let text = """
        final class LocationService: NSObject, CLLocationManagerDelegate {
            private var cancellables = Set<AnyCancellable>()
            func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
                guard manager.authorizationStatus == .authorizedWhenInUse else { return }
                observePowerState()
            }
            func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
                lookUp(locations.last)
            }
            private func observePowerState() {
                NotificationCenter.default.publisher(for: .NSProcessInfoPowerStateDidChange)
                    .sink { _ in manager.desiredAccuracy = 100 }
                    .store(in: &cancellables)
            }
            private func lookUp(_ location: CLLocation?) {
                URLSession.shared.dataTaskPublisher(for: url(location)).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["13:14"])
    }
}

extension RepeatedSubscriptionAppIdiomTests {
    /// `guard let cell = … as? FeedCell else { … }` names the cell type as well.
    func testGuardLetCastCell() {
        let text = rows + """
        final class ListController: UIViewController, UITableViewDataSource {
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                guard let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as? FeedCell else { return UITableViewCell() }
                cell.fill(rows[indexPath.row])
                return cell
            }
        }
        final class FeedCell: UITableViewCell {
            private var cancellables = Set<AnyCancellable>()
            func fill(_ model: RowModel) {
                model.$title.sink { [weak self] in self?.textLabel?.text = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["12:73"])
    }

    /// Each edit of a search field runs its delegate method: a never-finishing source subscribed there
    /// (or in what it calls) piles up; a search request there finishes.
    func testTextInputCallbacksRepeat() {
        let text = """
        final class SearchController: UIViewController, UISearchBarDelegate, UISearchResultsUpdating {
            private var cancellables = Set<AnyCancellable>()
            func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
                model.$items.sink { [weak self] _ in self?.reload() }.store(in: &cancellables)
                api.search(searchText).sink { [weak self] _ in self?.reload() }.store(in: &cancellables)
            }
            func updateSearchResults(for searchController: UISearchController) {
                observe()
                request()
            }
            private func observe() { model.$items.sink { print($0) }.store(in: &cancellables) }
            private func request() { api.search("").sink { print($0) }.store(in: &cancellables) }
        }
        """
        XCTAssertEqual(positions(text), ["4:63", "11:62"])
    }

    /// `cellForItemAt → cell.show(_:) → store(in: &bag)` where the data source empties the cell's bag
    /// in `didEndDisplaying` (UIKit reuses a cell only after it ended display) is quiet (probe round 4).
    func testCellBagEmptiedWhenItEndsDisplayIsQuiet() {
        let text = """
        final class TileCell: UICollectionViewCell {
            var bag = Set<AnyCancellable>()
            func show(_ item: Item) {
                item.$progress.sink { [weak self] in self?.alpha = $0 }.store(in: &bag)
            }
        }
        final class BadgeCell: UICollectionViewCell {
            var bag = Set<AnyCancellable>()
            func show(_ item: Item) {
                item.$progress.sink { [weak self] in self?.alpha = $0 }.store(in: &bag)
            }
        }
        final class Tiles: UICollectionViewController {
            var items: [Item] = []
            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "t", for: indexPath) as! TileCell
                cell.show(items[indexPath.item])
                return cell
            }
            override func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                guard let cell = cell as? TileCell else { return }
                cell.bag.removeAll()
            }
        }
        final class Badges: UICollectionViewController {
            var items: [Item] = []
            override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "b", for: indexPath) as! BadgeCell
                cell.show(items[indexPath.item])
                return cell
            }
        }
        """
        XCTAssertEqual(positions(text), ["10:65"])
    }

    /// A store written right inside a closure that runs per event (a `UIAction` handler, an
    /// `addObserver(forName:)` block) piles up like one in a method it calls; a request made there,
    /// a bag emptied first in the closure, and the enclosing `viewDidLoad` itself stay quiet
    /// (issue #13 probes, round 7).
    func testStoreRightInsideAnEntryClosure() {
        let text = """
        final class Store { let names = CurrentValueSubject<[String], Never>([]) }
        final class ListController: UIViewController {
            private let store = Store()
            private var cancellables = Set<AnyCancellable>()
            private var loads = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                button.addAction(UIAction { [weak self] _ in
                    guard let self else { return }
                    self.store.names
                        .sink { [weak self] in self?.title = $0.joined() }
                        .store(in: &self.cancellables)
                    URLSession.shared.dataTaskPublisher(for: url)
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] _ in self?.title = "" })
                        .store(in: &self.loads)
                }, for: .touchUpInside)
                NotificationCenter.default.addObserver(forName: .refresh, object: nil, queue: .main) { [weak self] _ in
                    guard let self else { return }
                    self.cancellables.removeAll()
                    self.store.names.sink { print($0) }.store(in: &self.cancellables)
                }
                store.names.sink { [weak self] in self?.title = $0.first }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["12:18"])
    }

    /// A swipe action's handler (`UIContextualAction`) runs on every swipe: a helper it calls that
    /// stores an endless subscription piles up one more per swipe (probe round 41).
    func testSwipeActionHandlerRunsPerSwipe() {
        let text = """
        final class Prices { let live = CurrentValueSubject<Int, Never>(0) }
        final class StationsController: UITableViewController {
            private let prices = Prices()
            private var cancellables = Set<AnyCancellable>()
            override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
                let go = UIContextualAction(style: .normal, title: "Go") { [weak self] _, _, done in
                    self?.watchPrice()
                    done(true)
                }
                return UISwipeActionsConfiguration(actions: [go])
            }
            private func watchPrice() {
                prices.live.sink { [weak self] in self?.title = "\\($0)" }.store(in: &cancellables)
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["13:67"])
        XCTAssertEqual(found.first?.message.hasPrefix("`UIContextualAction handler → watchPrice() → store(in:)`"), true)
    }

    /// The same in an initializer, which is no method of the type's call graph: a repeating timer's
    /// block set up in `init` stores on every tick (issue #13 probes, round 7).
    func testStoreInsideARepeatingTimerBlockOfAnInitializer() {
        let text = """
        final class FeedModel {
            let toast = PassthroughSubject<Int, Never>()
            private var cancellables = Set<AnyCancellable>()
            private var pollTimer: Timer?
            init() {
                pollTimer = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { [weak self] _ in
                    guard let self else { return }
                    self.toast.sink { print($0) }.store(in: &self.cancellables)
                }
                toast.sink { print($0) }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["8:43"])
    }

    /// MVVM-C: `transform(input:)` stores a subscription to its input, and a controller calls it
    /// from `viewWillAppear`. The input is what the caller passes: a subject wrapped in the `Input`
    /// it builds (`.init(refresh: subject…)`, or a local `Input(…)`) never finishes, so each
    /// appearance adds one; a caller passing a request does not (issue #13 probes, round 7).
    func testInputSourceDecidedByWhatTheRepeatedCallerPasses() {
        let text = """
        final class BalanceViewModel {
            struct Input { let refresh: AnyPublisher<Void, Never>; let once: AnyPublisher<Void, Never> }
            private var cancellables = Set<AnyCancellable>()
            func transform(input: Input) {
                input.refresh
                    .sink { print("refresh") }
                    .store(in: &cancellables)
                input.once
                    .sink { print("once") }
                    .store(in: &cancellables)
            }
            func bind(_ events: AnyPublisher<Int, Never>) {
                events.sink { print($0) }.store(in: &cancellables)
            }
        }
        final class BalanceController: UIViewController {
            private let viewModel = BalanceViewModel()
            private let refreshSubject = PassthroughSubject<Void, Never>()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                viewModel.transform(input: .init(refresh: refreshSubject.eraseToAnyPublisher(),
                                                 once: Just(()).eraseToAnyPublisher()))
                let request = URLSession.shared.dataTaskPublisher(for: url).map { _ in 1 }.replaceError(with: 0).eraseToAnyPublisher()
                viewModel.bind(request)
            }
        }
        """
        XCTAssertEqual(positions(text), ["7:14"])
    }

    /// `groceries.uncheckedCount` reads a publisher property of the store (`$items.map { … }`), which never
    /// finishes: a view's `@State private var uncheckedCount = 0` of the same name holds a number, not a
    /// publisher, so it does not hide that source.
    func testSameNamedPlainValuePropertyDoesNotHideANeverFinishingPublisherProperty() {
        let text = """
        final class GroceryStore: ObservableObject {
            @Published private(set) var items: [String] = []
            var uncheckedCount: AnyPublisher<Int, Never> { $items.map(\\.count).eraseToAnyPublisher() }
        }
        final class FeedModel: ObservableObject {
            @Published var badge = 0
            var bindings = Set<AnyCancellable>()
            func bind(groceries: GroceryStore) {
                groceries.uncheckedCount
                    .sink { [weak self] in self?.badge = $0 }
                    .store(in: &bindings)
            }
        }
        struct FeedView: View {
            @StateObject private var model = FeedModel()
            @EnvironmentObject private var groceries: GroceryStore
            var body: some View { Text("").onAppear { model.bind(groceries: groceries) } }
        }
        struct RootView: View {
            @State private var uncheckedCount = 0
            @State private var lastTitle: String? = nil
            var body: some View { Text("\\(uncheckedCount)") }
        }
        """
        XCTAssertEqual(positions(text), ["11:14"])
    }

    /// `.task { model.enableAutosave() }` runs on every appearance; `enableAutosave` is a method of a
    /// protocol extension the model's type conforms to (`extension Persistable { … store(in: &cancellables) }`),
    /// so the call runs that store each time. A conforming type that declares its own `enableAutosave()`
    /// runs that one instead.
    func testProtocolExtensionMethodCalledOnAViewsModel() {
        let persistable = """
        protocol Persistable: ObservableObject {
            var cancellables: Set<AnyCancellable> { get set }
            func save()
        }
        extension Persistable {
            func enableAutosave() {
                objectWillChange
                    .debounce(for: .seconds(1), scheduler: DispatchQueue.main)
                    .sink { [weak self] _ in self?.save() }
                    .store(in: &cancellables)
            }
        }

        """
        let conforming = persistable + """
        final class PlanModel: ObservableObject, Persistable {
            var cancellables = Set<AnyCancellable>()
            func save() {}
        }
        struct PlanView: View {
            @StateObject private var model = PlanModel()
            var body: some View { Text("").task { model.enableAutosave() } }
        }
        """
        XCTAssertEqual(positions(conforming), ["10:14"])
        let ownMethod = persistable + """
        final class NotesModel: ObservableObject, Persistable {
            var cancellables = Set<AnyCancellable>()
            func save() {}
            func enableAutosave() {}
        }
        struct NotesView: View {
            @StateObject private var model = NotesModel()
            var body: some View { Text("").task { model.enableAutosave() } }
        }
        """
        XCTAssertEqual(positions(ownMethod), [])
    }

    /// `store.list(ids)` returns `Publishers.MergeMany(loads).collect()` with `let loads = ids.map { load($0) }`
    /// and `load` a `Deferred { Future … }`: every merged request finishes, so the merge and the collect do,
    /// and a reload from `viewWillAppear` leaves nothing subscribed. A merge of a local array mapped to
    /// subject pipelines never finishes and is still reported.
    func testMergeManyOfALocalArrayMappedToRequestsFinishes() {
        let text = """
        final class DocumentStore {
            let changes = PassthroughSubject<Int, Never>()
            func load(_ id: Int) -> AnyPublisher<String, Never> {
                Deferred { Future<String, Never> { promise in promise(.success(String(id))) } }.eraseToAnyPublisher()
            }
            func list(_ ids: [Int]) -> AnyPublisher<[String], Never> {
                let loads = ids.map { load($0) }
                return Publishers.MergeMany(loads).collect().eraseToAnyPublisher()
            }
            func watch(_ ids: [Int]) -> AnyPublisher<Int, Never> {
                let feeds = ids.map { id in changes.filter { $0 == id } }
                return Publishers.MergeMany(feeds).eraseToAnyPublisher()
            }
        }
        final class BrowserViewController: UIViewController {
            let store = DocumentStore()
            var cancellables = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                reload()
            }
            func reload() {
                store.list([1, 2]).sink { print($0) }.store(in: &cancellables)
                store.watch([1, 2]).sink { print($0) }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["24:48"])
    }

    /// A cell's `configure(with:)` calling its own `bindProgress(_:)`, which stores: the helper runs
    /// one call away from the repeated `configure(with:)`, so this rule reports it with that path, as it
    /// does a helper of another name (`watch`); `store_in_appearance` does not report it again (round 50;
    /// round 11 had given it to that rule). When the data source calls `bindProgress(_:)` itself on the
    /// dequeued cell, the method is repeated code of its own, and a store right in it is that rule's.
    func testAStoreInACellsOwnBindHelperIsReportedOnceThroughItsPath() {
        let text = rows + """
        final class ProgressCell: UITableViewCell {
            private var progressCancellables = Set<AnyCancellable>()
            private var titles = Set<AnyCancellable>()
            func configure(with model: RowModel) {
                bindProgress(model)
                watch(model)
            }
            private func bindProgress(_ model: RowModel) {
                model.$title.sink { [weak self] in self?.textLabel?.text = $0 }.store(in: &progressCancellables)
            }
            private func watch(_ model: RowModel) {
                model.$title.sink { [weak self] in self?.detailTextLabel?.text = $0 }.store(in: &titles)
            }
        }
        """
        XCTAssertEqual(positions(text), ["10:73", "13:79"])
        let appearance = { (text: String) in
            findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
        }
        XCTAssertEqual(appearance(text), [])
        let calledByTheDataSource = text + """
        final class ProgressList: NSObject, UITableViewDataSource {
            var models: [RowModel] = []
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "p", for: indexPath) as! ProgressCell
                cell.bindProgress(models[indexPath.row])
                return cell
            }
        }
        """
        XCTAssertEqual(appearance(calledByTheDataSource.replacingOccurrences(of: "private func bindProgress", with: "func bindProgress")), ["10:73"])
    }

    /// A screen's `viewDidAppear` calling its model's storing method below a run-once flag
    /// (`guard !hasBound else { return }` with `hasBound = true`) subscribes once; below a
    /// comparison that only skips unchanged runs (`if shown == showing { return }`) it subscribes
    /// again on each change.
    func testAnotherTypesCallBelowARunOnceFlagRunsOnce() {
        let text = """
        final class DeckModel {
            private var subscriptions = Set<AnyCancellable>()
            func observeRemoteChanges() {
                NotificationCenter.default.publisher(for: .changed).sink { [weak self] _ in self?.reload() }.store(in: &subscriptions)
            }
            func observeSelection() {
                NotificationCenter.default.publisher(for: .selected).sink { [weak self] _ in self?.reload() }.store(in: &subscriptions)
            }
        }
        final class DeckListController: UIViewController {
            let model = DeckModel()
            private var hasBound = false
            private var showing = false
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                if model.count > 0 == showing { return }
                showing = model.count > 0
                guard !hasBound else { return }
                hasBound = true
                model.observeRemoteChanges()
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                if model.count > 0 == showing { return }
                showing = model.count > 0
                model.observeSelection()
            }
        }
        """
        XCTAssertEqual(positions(text), ["7:103"])
    }

    /// A flag the action toggles (`isFollowing.toggle()`) is on again every other run: a store below
    /// `if isFollowing` piles up; one below a flag only ever set (`didStart = true`) runs once.
    func testAToggledFlagIsNoRunOnceGuard() {
        let text = """
        final class ToolbarController: NSObject {
            private var followCancellables = Set<AnyCancellable>()
            private var isFollowing = false
            private var didStart = false
            func makeMenu() -> NSMenu {
                let menu = NSMenu(title: "View")
                menu.addItem(withTitle: "Follow", action: #selector(toggleFollow(_:)), keyEquivalent: "f").target = self
                menu.addItem(withTitle: "Start", action: #selector(start(_:)), keyEquivalent: "s").target = self
                return menu
            }
            @objc func toggleFollow(_ sender: NSMenuItem) {
                isFollowing.toggle()
                if isFollowing { startFollowing() }
            }
            @objc func start(_ sender: NSMenuItem) {
                guard !didStart else { return }
                didStart = true
                startTicking()
            }
            private func startFollowing() {
                NotificationCenter.default.publisher(for: .tail).sink { [weak self] _ in self?.scroll() }.store(in: &followCancellables)
            }
            private func startTicking() {
                NotificationCenter.default.publisher(for: .tick).sink { [weak self] _ in self?.scroll() }.store(in: &followCancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["21:99"])
    }

    /// A notification sink that refreshes through a service whose every implementation returns the
    /// feeds of an array parameter fetched one by one and collected: that pipeline finishes, so each
    /// run leaves nothing subscribed. The same refresh fed by the store's own `$podcasts` never ends.
    func testRefreshThroughAServiceOverAnArrayParameterFinishes() {
        let service = """
        protocol FeedServicing {
            func refreshAll(_ podcasts: [Podcast]) -> AnyPublisher<[Podcast], Never>
            func follow(_ store: LibraryStore) -> AnyPublisher<[Podcast], Never>
        }
        struct FeedService: FeedServicing {
            func fetch(_ url: URL) -> AnyPublisher<Podcast, Error> {
                URLSession.shared.dataTaskPublisher(for: url).tryMap { try decode($0.data) }.eraseToAnyPublisher()
            }
            func refreshAll(_ podcasts: [Podcast]) -> AnyPublisher<[Podcast], Never> {
                podcasts.publisher
                    .flatMap(maxPublishers: .max(4)) { podcast in fetch(podcast.feedURL).replaceError(with: podcast) }
                    .collect()
                    .eraseToAnyPublisher()
            }
            func follow(_ store: LibraryStore) -> AnyPublisher<[Podcast], Never> {
                store.$podcasts.flatMap { podcasts in refreshAll(podcasts) }.eraseToAnyPublisher()
            }
        }
        final class LibraryStore: ObservableObject {
            @Published private(set) var podcasts: [Podcast] = []
            private let feedService: FeedServicing = FeedService()
            private var cancellables = Set<AnyCancellable>()
            init() {
                NotificationCenter.default.publisher(for: .significantTimeChange)
                    .sink { [weak self] _ in self?.refresh(); self?.follow() }
                    .store(in: &cancellables)
            }
            func refresh() {
                feedService.refreshAll(podcasts)
                    .sink { [weak self] in self?.podcasts = $0 }
                    .store(in: &cancellables)
            }
            func follow() {
                feedService.follow(self)
                    .sink { [weak self] in self?.podcasts = $0 }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(service), ["36:14"])
    }

    /// A SwiftUI `Button`'s action runs on every tap: a model method it calls that stores a
    /// subscription to a source that never finishes adds one per tap. A button whose action is a
    /// function passed by name has a label closure only, and a request finishes.
    func testButtonActionCallingAModelMethod() {
        let text = """
        struct RemindersView: View {
            @StateObject var model: RemindersModel
            var body: some View {
                Form {
                    Button("Check permission") { model.checkPermission() }
                    Button(action: refresh) { Text(model.status(for: 1)) }
                    Button("Load") { model.load() }
                }
            }
            func refresh() {}
        }
        final class RemindersModel: ObservableObject {
            @Published var permission = 0
            private var cancellables = Set<AnyCancellable>()
            func checkPermission() {
                NotificationCenter.default.publisher(for: UIApplication.willEnterForegroundNotification)
                    .map { _ in 1 }
                    .sink { [weak self] in self?.permission = $0 }
                    .store(in: &cancellables)
            }
            func status(for id: Int) -> String { "" }
            func load() {
                URLSession.shared.dataTaskPublisher(for: url)
                    .map { _ in 2 }
                    .replaceError(with: 0)
                    .sink { [weak self] in self?.permission = $0 }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["19:14"])
    }

    /// A view's `.onAppear` calls a model method whose pipeline goes on from a local: a timer held in
    /// a local never finishes, so each appearance adds one; a local request answers and ends.
    func testModelMethodWhosePipelineGoesOnFromALocal() {
        let text = """
        struct SettingsView: View {
            @StateObject var model: SettingsModel
            var body: some View {
                Form { Text(model.sizeText) }
                    .onAppear { model.startPolling(); model.loadOnce() }
            }
        }
        final class SettingsModel: ObservableObject {
            @Published var sizeText = ""
            private var cancellables = Set<AnyCancellable>()
            private var connection: Cancellable?
            func startPolling() {
                let timer = Timer.publish(every: 5, on: .main, in: .common)
                timer
                    .map { _ in "size" }
                    .sink { [weak self] in self?.sizeText = $0 }
                    .store(in: &cancellables)
                connection = timer.connect()
            }
            func loadOnce() {
                let request = URLSession.shared.dataTaskPublisher(for: url)
                request
                    .map { String(decoding: $0.data, as: UTF8.self) }
                    .replaceError(with: "")
                    .sink { [weak self] in self?.sizeText = $0 }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["17:14"])
    }

    /// A screen's selection callback calls a model method that reaches the storing method through the
    /// model's own calls: each selection adds one. Emptying the bag on the way, or a run-once guard
    /// on the way, ends that.
    func testAnotherTypesRepeatedCodeReachingTheStoreThroughOwnCalls() {
        let screen = """
        final class ChaptersViewController: UIViewController, UICollectionViewDelegate {
            private let book: BookModel
            private let fresh: FreshBookModel
            private let once: OnceBookModel
            func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                book.play(indexPath.item)
                fresh.play(indexPath.item)
                once.play(indexPath.item)
            }
        }
        final class Engine: ObservableObject { @Published var elapsed = 0.0 }
        """
        func model(_ name: String, _ before: String) -> String {
            """
            final class \(name) {
                let engine = Engine()
                private var progress = Set<AnyCancellable>()
                private var observing = false
                func play(_ chapter: Int) {
                    \(before)
                    observeProgress()
                }
                private func observeProgress() {
                    engine.$elapsed.sink { [weak self] in self?.save($0) }.store(in: &progress)
                }
                private func save(_ value: Double) {}
            }
            """
        }
        let files = [(path: "Screen.swift", text: screen), (path: "Book.swift", text: model("BookModel", "print(chapter)")),
                     (path: "Fresh.swift", text: model("FreshBookModel", "progress.removeAll()")),
                     (path: "Once.swift", text: model("OnceBookModel", "guard !observing else { return }; observing = true"))]
        let found = findings(of: RepeatedSubscriptionRule.self, in: files)
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Book.swift:10:64"])
        XCTAssertEqual(found.first?.message, "`ChaptersViewController.collectionView(_:didSelectItemAt:) → BookModel.play(_:) → BookModel.observeProgress() → store(in:)`: "
                       + "each run of `ChaptersViewController.collectionView(_:didSelectItemAt:)` adds one more live subscription to `progress`, and the earlier ones keep running.")
    }

    /// Every fling ends in `scrollViewDidEndDecelerating(_:)`, as every drag in `scrollViewDidEndDragging`:
    /// a method they call that stores a never-finishing subscription adds one per scroll.
    func testScrollGestureCallbacksRunAgainAndAgain() {
        let text = """
        final class CardsViewController: UIViewController, UIScrollViewDelegate {
            @Published var cards: [Int] = []
            private var cancellables = Set<AnyCancellable>()
            func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
                trackVisibleCard()
            }
            func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
                guard !decelerate else { return }
                trackVisibleCard()
            }
            private func trackVisibleCard() {
                $cards.sink { [weak self] in self?.highlight($0) }.store(in: &cancellables)
            }
            private func highlight(_ cards: [Int]) {}
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:60"])
        XCTAssertTrue(found.first?.message.hasPrefix("`scrollViewDidEndDecelerating(_:) → trackVisibleCard() → store(in:)`") == true, found.first?.message ?? "")
    }
}
