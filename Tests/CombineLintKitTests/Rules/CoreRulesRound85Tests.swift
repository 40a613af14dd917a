import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 85 and after (see the rule documents).
final class CoreRulesRound85Tests: XCTestCase {
    /// A clock's `ticks` is given its value in `init` from a local timer (`ticks =
    /// timer.share().eraseToAnyPublisher()`): it never finishes, so a coordinator's `resume()` that a
    /// scene's foreground callback calls piles one more subscription on each return. A property
    /// given a request in `init` finishes, and its store is left alone.
    func testAPropertyGivenALocalTimerInInitNeverFinishes() {
        let text = """
        final class WaitClock {
            let ticks: AnyPublisher<Date, Never>
            let firstLoad: AnyPublisher<Data, URLError>
            private var connection: Cancellable?
            init(url: URL) {
                let timer = Timer.publish(every: 15, on: .main, in: .common)
                ticks = timer.share().eraseToAnyPublisher()
                let request = URLSession.shared.dataTaskPublisher(for: url).map(\\.data)
                firstLoad = request.eraseToAnyPublisher()
                connection = timer.connect()
            }
        }
        final class Coordinator {
            private var liveUpdates = Set<AnyCancellable>()
            private let clock = WaitClock(url: URL(string: "https://example.com")!)
            func resume() {
                clock.ticks
                    .sink { [weak self] date in self?.refresh(date) }
                    .store(in: &liveUpdates)
                clock.firstLoad
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] _ in self?.refresh(Date()) })
                    .store(in: &liveUpdates)
            }
            func refresh(_ date: Date) {}
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            private var coordinator: Coordinator?
            func sceneWillEnterForeground(_ scene: UIScene) {
                coordinator?.resume()
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["19:14"])
        XCTAssertEqual(found.map(\.message), [
            "`SceneDelegate.sceneWillEnterForeground(_:) → Coordinator.resume() → store(in:)`: each run of `SceneDelegate.sceneWillEnterForeground(_:)` adds one more live subscription to `liveUpdates`, and the earlier ones keep running.",
        ])
    }

    /// `viewModel.didAppear()` in a generic base controller whose `ViewModel` parameter is
    /// constrained to a generic base view model (`ViewModel: BaseListViewModel<Item>`) runs the
    /// override of whichever subclass the screen binds: a store there into the model's bag piles up
    /// on each appearance. An override that keeps a single token replaces its subscription.
    func testAGenericParameterConstrainedToAGenericBaseClassReachesTheOverride() {
        let text = """
        class BaseListViewModel<Item: Hashable>: ObservableObject {
            var cancellables = Set<AnyCancellable>()
            func didAppear() {}
        }
        class BaseListViewController<Item: Hashable, ViewModel: BaseListViewModel<Item>>: UIViewController {
            let viewModel: ViewModel
            init(viewModel: ViewModel) {
                self.viewModel = viewModel
                super.init(nibName: nil, bundle: nil)
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                viewModel.didAppear()
            }
        }
        final class SyncEngine: ObservableObject {
            @Published var progress = 0.0
        }
        final class RecipeListViewModel: BaseListViewModel<String> {
            @Published private(set) var syncProgress = 0.0
            private let engine = SyncEngine()
            override func didAppear() {
                engine.$progress.sink { [weak self] in self?.syncProgress = $0 }.store(in: &cancellables)
            }
        }
        final class PantryViewModel: BaseListViewModel<String> {
            @Published private(set) var syncProgress = 0.0
            private let engine = SyncEngine()
            private var progressToken: AnyCancellable?
            override func didAppear() {
                progressToken = engine.$progress.sink { [weak self] in self?.syncProgress = $0 }
            }
        }
        final class RecipeListViewController: BaseListViewController<String, RecipeListViewModel> {}
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["23:74"])
        XCTAssertEqual(found.map(\.message), [
            "`BaseListViewController.viewWillAppear(_:) → RecipeListViewModel.didAppear() → store(in:)`: each run of `BaseListViewController.viewWillAppear(_:)` adds one more live subscription to `cancellables`, and the earlier ones keep running.",
        ])
    }

    /// An optional `@Published` of a generic base view model, read by a generic base controller
    /// through `viewModel.$bannerMessage.compactMap { $0 }` with `ViewModel: BaseViewModel<State>`:
    /// nil is only "no banner yet", and a new subscriber is shown the last banner again. A property
    /// the model sets back to nil is a state, not reported.
    func testAnOptionalPublishedOfAGenericBaseReadThroughTheConstraintIsReported() {
        let text = """
        class BaseViewModel<State>: ObservableObject {
            @Published var bannerMessage: String? = nil
            @Published var status: String? = nil
            func showBanner(_ message: String) { bannerMessage = message }
            func clear() { status = nil }
        }
        class BaseViewController<State, ViewModel: BaseViewModel<State>>: UIViewController {
            let viewModel: ViewModel
            let label = UILabel()
            var cancellables = Set<AnyCancellable>()
            init(viewModel: ViewModel) {
                self.viewModel = viewModel
                super.init(nibName: nil, bundle: nil)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.$bannerMessage.compactMap { $0 }.sink { [weak self] in self?.label.text = $0 }.store(in: &cancellables)
                viewModel.$status.compactMap { $0 }.sink { [weak self] in self?.label.text = $0 }.store(in: &cancellables)
            }
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:20"])
    }

    /// `pantry.items.filter(\.isStaple).publisher`: the collection's own `filter` comes before its
    /// `publisher`, a sequence that gives its elements and finishes, so the subscription ends and
    /// releases the closure holding `self`. A `@Published` projection filtered the same way never
    /// finishes, and its strong `self` is a cycle.
    func testASequencePublisherAfterTheCollectionsOwnStepsFinishes() {
        let text = """
        struct PantryItem { let name: String; let isStaple: Bool }
        final class PantryStore: ObservableObject {
            @Published private(set) var items: [PantryItem] = []
        }
        final class PantryViewController: UIViewController {
            let pantry = PantryStore()
            let searchField = UITextField()
            var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                pantry.items.filter(\\.isStaple).publisher
                    .map(\\.name)
                    .collect()
                    .sink { names in self.searchField.placeholder = names.joined() }
                    .store(in: &cancellables)
                pantry.$items.filter { !$0.isEmpty }
                    .sink { items in self.searchField.placeholder = items.first?.name }
                    .store(in: &cancellables)
            }
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["17:30"])
    }

    /// `.task { guard !didStart else { return }; didStart = true; model.observeTotals() }`: the view's
    /// `@State` flag is set one way only, so the model's `assign(to: &$monthlyTotal)` is made once. A
    /// view that clears its flag on disappearance runs it again on each appearance.
    func testARunOnceStateFlagInATaskClosureGuardsTheCall() {
        let model = """
        final class ReceiptsModel: ObservableObject {
            @Published var receipts: [Int] = []
            @Published var monthlyTotal = 0
            func observeTotals() {
                $receipts.map { $0.reduce(0, +) }.assign(to: &$monthlyTotal)
            }
        }
        """
        let guarded = """
        struct ReceiptsView: View {
            @StateObject private var model = ReceiptsModel()
            @State private var didStart = false
            var body: some View {
                Text("\\(model.monthlyTotal)")
                    .task {
                        guard !didStart else { return }
                        didStart = true
                        model.observeTotals()
                    }
            }
        }
        """
        XCTAssertEqual(findings(of: PublishedAssignCycleRule.self, in: [(path: "Model.swift", text: model), (path: "View.swift", text: guarded)]).count, 0)
        let cleared = guarded.replacingOccurrences(of: ".task {", with: ".onDisappear { didStart = false }\n.task {")
        XCTAssertNotEqual(cleared, guarded)
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "Model.swift", text: model), (path: "View.swift", text: cleared)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Model.swift:5:43"])
    }

    /// A project's own reference bag emptied in `viewWillDisappear` (`pulseBag.drain()`) ends what
    /// `viewDidAppear` stored in it; one that nothing empties piles up per appearance.
    func testAProjectBagDrainedOnDisappearanceIsReset() {
        let text = """
        final class SubscriptionBag {
            private var tokens: [AnyCancellable] = []
            func add(_ token: AnyCancellable) { tokens.append(token) }
            func drain() { tokens.forEach { $0.cancel() }; tokens.removeAll() }
        }
        extension AnyCancellable {
            func store(in bag: SubscriptionBag) { bag.add(self) }
        }
        final class MetronomeViewController: UIViewController {
            private let pulseBag = SubscriptionBag()
            private let beatBag = SubscriptionBag()
            let engine = MetronomeEngine()
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                engine.beats.sink { [weak self] _ in self?.pulse() }.store(in: pulseBag)
                engine.beats.sink { [weak self] _ in self?.pulse() }.store(in: beatBag)
            }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                pulseBag.drain()
            }
            func pulse() {}
        }
        final class MetronomeEngine {
            let beats = PassthroughSubject<Int, Never>()
        }
        """
        let found = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["16:62"])
    }

    /// An inner subscription that ends only once a value passes a test (`$elapsed.filter { $0 >= 300
    /// }.first()`) stays pending until then: each start of the engine adds one more to the bag, and
    /// they all fire together. One that takes the current value at once (`$elapsed.first()`) ends as
    /// it is made.
    func testAnInnerSubscriptionWaitingForAConditionIsNested() {
        let text = """
        final class PracticeTimer: ObservableObject {
            @Published var elapsed = 0
        }
        final class Engine: ObservableObject {
            @Published var isRunning = false
        }
        final class PracticeCoordinator {
            let engine = Engine()
            let timer = PracticeTimer()
            private var cancellables = Set<AnyCancellable>()
            private var breakBag = Set<AnyCancellable>()
            func start() {
                engine.$isRunning.removeDuplicates().sink { [weak self] running in
                    guard let self, running else { return }
                    self.timer.$elapsed.filter { $0 >= 300 }.first()
                        .sink { [weak self] _ in self?.suggestBreak() }
                        .store(in: &self.breakBag)
                    self.timer.$elapsed.first()
                        .sink { [weak self] in self?.log($0) }
                        .store(in: &self.breakBag)
                }
                .store(in: &cancellables)
            }
            func suggestBreak() {}
            func log(_ value: Int) {}
        }
        """
        let found = findings(of: NestedSinkRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["16:18"])
    }

    /// A screen's `viewWillAppear` calls `viewModel.activate()`, which calls `bindInputs()` only behind
    /// `guard !didBind else { return }; didBind = true`: its `assign(to: &$roomTitle)` is made once. A
    /// method the screen calls on every appearance with no such guard (`refresh()`) piles up.
    func testARunOnceGuardInAnOwnCallerOnTheWayIsHonoured() {
        let text = """
        final class Repository: ObservableObject {
            @Published var room: String? = nil
        }
        final class PlantListViewModel: ObservableObject {
            @Published var roomTitle = ""
            @Published var count = 0
            let repository = Repository()
            private var didBind = false
            func activate() {
                guard !didBind else { return }
                didBind = true
                bindInputs()
            }
            func refresh() {
                repository.$room.map { $0?.count ?? 0 }.assign(to: &$count)
            }
            private func bindInputs() {
                repository.$room.map { $0 ?? "All" }.assign(to: &$roomTitle)
            }
        }
        final class PlantListViewController: UIViewController {
            let viewModel = PlantListViewModel()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                viewModel.activate()
                viewModel.refresh()
            }
        }
        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["15:49"])
    }
}
