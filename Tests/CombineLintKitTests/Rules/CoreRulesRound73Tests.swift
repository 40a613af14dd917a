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

    /// The single expression of an alert action's handler or a presentation's completion is evaluated
    /// and its value dropped (the closures return `Void`): the `AnyCancellable` of a `sink` written
    /// there, optional-chained or not, is released at once. A handler that stores it, or a `map`
    /// whose closure returns the tokens to the caller, keeps it.
    func testASinkThatIsTheWholeBodyOfAnAlertActionHandlerIsDropped() {
        let text = """
        final class PairingController: UIViewController {
            let model = PairingModel()
            var bag = Set<AnyCancellable>()
            func showMenu(_ models: [PairingModel]) {
                let alert = UIAlertController(title: "Sensor", message: nil, preferredStyle: .actionSheet)
                alert.addAction(UIAlertAction(title: "Ping", style: .default) { [weak self] _ in
                    self?.model.readings
                        .first { $0 > 1 }
                        .sink { [weak self] reading in self?.title = "\\(reading)" }
                })
                alert.addAction(UIAlertAction(title: "Watch", style: .default) { [weak self] _ in
                    guard let self else { return }
                    self.model.readings.sink { [weak self] in self?.title = "\\($0)" }.store(in: &self.bag)
                })
                present(alert, animated: true) { self.model.readings.sink { print($0) } }
                let tokens = models.map { $0.readings.sink { print($0) } }
                bag.formUnion(tokens)
            }
        }
        final class PairingModel {
            let readings = PassthroughSubject<Int, Never>()
        }
        """
        XCTAssertEqual(positions(DiscardedCancellableRule.self, text), ["9:18", "15:62"])
    }

    /// A consumer that maps the value away (`latestAlert.map { _ in () }` merged into a refresh
    /// trigger) neither skips `nil` nor treats it as a state: the other consumers decide, and here all
    /// of them skip it. A consumer that reads the value in its `map` still counts.
    func testAConsumerThatMapsTheValueAwayDecidesNothing() {
        let text = """
        final class AlertCenter {
            let latestAlert = CurrentValueSubject<String?, Never>(nil)
            let lastNotice = CurrentValueSubject<String?, Never>(nil)
            private var bag = Set<AnyCancellable>()
            init() {
                latestAlert.compactMap { $0 }.sink { print($0) }.store(in: &bag)
                lastNotice.compactMap { $0 }.sink { print($0) }.store(in: &bag)
            }
            func raise(_ text: String) { latestAlert.send(text); lastNotice.send(text) }
        }
        final class MonitorController {
            private let alerts = AlertCenter()
            private let refresh = PassthroughSubject<Void, Never>()
            private var bag = Set<AnyCancellable>()
            init() {
                Publishers.Merge(refresh, alerts.latestAlert.map { _ in () }).sink { [weak self] in self?.reload() }.store(in: &bag)
                alerts.lastNotice.map { $0 == nil }.sink { [weak self] hidden in self?.setHidden(hidden) }.store(in: &bag)
            }
            func reload() {}
            func setHidden(_ hidden: Bool) {}
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["2:9"])
    }

    /// A store made right in an `@objc` method that the type registers as a notification observer
    /// runs once per notification, not per tap: the help says so.
    func testAStoreInANotificationObserverMethodIsSaidToRunPerNotification() {
        let text = """
        final class AlertsController: UIViewController {
            let store = ShiftStore()
            private var wardBag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.addObserver(self, selector: #selector(wardChanged(_:)), name: .wardChanged, object: nil)
            }
            @objc private func wardChanged(_ note: Notification) {
                store.$isOpen.filter { $0 }.sink { [weak self] _ in self?.view.setNeedsLayout() }.store(in: &wardBag)
            }
            @objc private func torchTapped() {
                store.$isOpen.sink { [weak self] _ in self?.view.setNeedsLayout() }.store(in: &wardBag)
            }
        }
        final class ShiftStore: ObservableObject {
            @Published var isOpen = false
        }
        """
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map(\.help), [
            "Subscribe once (in `viewDidLoad` or `init`), or empty `wardBag` (or keep a single `AnyCancellable?`) before subscribing again; until then each value is handled once per notification so far.",
            "Subscribe once (in `viewDidLoad` or `init`), or empty `wardBag` (or keep a single `AnyCancellable?`) before subscribing again; until then each value is handled once per tap so far.",
        ])
    }

    /// An object made in a static factory that only a static stored property calls
    /// (`static let shared = AppEnvironment.live()`) is made once and kept for the run, with what its
    /// initializer makes: a cycle there frees nothing later. A factory also called elsewhere is not.
    func testObjectsMadeByAStaticFactoryOfASharedInstanceLiveForTheRun() {
        let text = """
        final class AppEnvironment {
            static let shared = AppEnvironment.live()
            let analytics: Analytics
            init() { analytics = Analytics() }
            static func live() -> AppEnvironment { AppEnvironment() }
        }
        final class Analytics {
            private let flushes = PassthroughSubject<Void, Never>()
            private var bag = Set<AnyCancellable>()
            init() {
                flushes.sink { _ in self.flush() }.store(in: &bag)
            }
            func flush() {}
        }
        final class Session {
            static let current = Session.make()
            let tracker: Tracker
            init() { tracker = Tracker() }
            static func make() -> Session { Session() }
            func restart() -> Session { Session.make() }
        }
        final class Tracker {
            private let events = PassthroughSubject<Void, Never>()
            private var bag = Set<AnyCancellable>()
            init() {
                events.sink { _ in self.log() }.store(in: &bag)
            }
            func log() {}
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["26:28"])
    }

    /// `var conflicts: Published<Conflict?>.Publisher { $lastConflict }` hands the projection on
    /// unchanged: its subscribers skipping nil are the property's.
    func testAGetterReturningTheProjectionAloneIsFollowed() {
        let text = """
        final class SyncService {
            @Published private(set) var lastConflict: Int? = nil
            var lastConflictPublisher: Published<Int?>.Publisher { $lastConflict }
            func fail(_ c: Int) { lastConflict = c }
        }
        final class SettingsController: UIViewController {
            let sync = SyncService()
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                sync.lastConflictPublisher.sink { [weak self] conflict in
                    if let conflict { self?.present(conflict) }
                }.store(in: &bag)
            }
            func present(_ c: Int) {}
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["2:33"])
    }

    /// A view model's `spotsPublisher(for:)` returns a pipeline from its schedule's
    /// `classesPublisher`, a property that only erases a `CurrentValueSubject` (read through a
    /// protocol-typed dependency): it never finishes, so the cell's strong `self` in the sink of
    /// that function's result, kept in its own bag, is a cycle. A function returning a request is not.
    func testAFunctionReturningAnotherObjectsErasedSubjectNeverFinishes() {
        let text = """
        protocol ClassSchedule {
            var classesPublisher: AnyPublisher<[Int], Never> { get }
        }
        final class ScheduleService: ClassSchedule {
            private let classesSubject = CurrentValueSubject<[Int], Never>([])
            var classesPublisher: AnyPublisher<[Int], Never> { classesSubject.eraseToAnyPublisher() }
        }
        final class BookingListViewModel {
            let schedule: ClassSchedule
            init(schedule: ClassSchedule) { self.schedule = schedule }
            func spotsPublisher(for id: Int) -> AnyPublisher<String, Never> {
                schedule.classesPublisher.compactMap { $0.first { $0 == id } }.map { "\\($0)" }.eraseToAnyPublisher()
            }
            func detail(for id: Int) -> AnyPublisher<String, Never> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).map { _ in "" }.replaceError(with: "").eraseToAnyPublisher()
            }
        }
        final class BookingCell: UITableViewCell {
            let spotsLabel = UILabel()
            var bag = Set<AnyCancellable>()
            func configure(viewModel: BookingListViewModel, id: Int) {
                viewModel.spotsPublisher(for: id).sink { text in self.spotsLabel.text = text }.store(in: &bag)
                viewModel.detail(for: id).sink { text in self.spotsLabel.text = text }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["22:58"])
    }

    /// `authFailure = nil` after a success only clears the last failure (a failure or warning is a
    /// notice, as an error is): with the only subscriber skipping nil, the property is reported.
    func testAFailureClearedToNilIsStillANotice() {
        let text = """
        final class LockViewModel: ObservableObject {
            @Published private(set) var authFailure: String? = nil
            @Published private(set) var selection: String? = nil
            func unlock(ok: Bool) { authFailure = ok ? nil : "Try again"; selection = ok ? nil : "x" }
        }
        final class LockViewController: UIViewController {
            let viewModel = LockViewModel()
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.$authFailure.sink { [weak self] message in guard let message else { return }; self?.show(message) }.store(in: &bag)
                viewModel.$selection.sink { [weak self] id in guard let id else { return }; self?.show(id) }.store(in: &bag)
            }
            func show(_ text: String) {}
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["2:33"])
    }

    /// A method that makes an endless subscription and returns its `AnyCancellable` for the caller to
    /// store: inserted into the bag right in `viewDidAppear` (store_in_appearance) or stored by a
    /// method `viewWillAppear` calls (repeated_subscription), it piles up as the `sink` would. A
    /// factory of a request finishes, and is not reported.
    func testASubscriptionFactoryStoredFromRepeatedCodeIsReported() {
        let text = """
        final class InsightsViewModel: ObservableObject {
            @Published var summary: String? = "x"
        }
        final class InsightsController: UIViewController {
            let viewModel = InsightsViewModel()
            var cancellables = Set<AnyCancellable>()
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                cancellables.insert(makeChangeSubscription())
                cancellables.insert(loadOnce())
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                bind()
            }
            func bind() { makeChangeSubscription().store(in: &cancellables) }
            func makeChangeSubscription() -> AnyCancellable {
                viewModel.$summary.sink { [weak self] in self?.title = $0 }
            }
            func loadOnce() -> AnyCancellable {
                URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            }
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["9:22"])
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["16:44"])
    }

    /// An `@objc func windowDidBecomeKey(_:)` is a selector target and a callback that
    /// store_in_appearance watches: a store right in it is reported once, by store_in_appearance.
    func testAStoreInASelectorThatIsAlsoAnAppearanceCallbackIsReportedOnce() {
        let text = """
        final class InspectorViewController: NSViewController {
            let viewModel = InspectorViewModel()
            var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.addObserver(self, selector: #selector(windowDidBecomeKey(_:)), name: NSWindow.didBecomeKeyNotification, object: nil)
            }
            @objc private func windowDidBecomeKey(_ note: Notification) {
                viewModel.$photo.sink { [weak self] in self?.view.alphaValue = $0 == nil ? 0.6 : 1 }.store(in: &cancellables)
            }
        }
        final class InspectorViewModel: ObservableObject {
            @Published var photo: String?
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["9:94"])
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), [])
    }

    /// A chat coordinator's own `openSessions` dictionary is not `UIApplication.openSessions`: the
    /// app still has one scene, so its scene delegate, and the coordinator it makes at connection,
    /// live for the run. Reading the application's `openSessions` makes scenes come and go.
    func testAProjectPropertyNamedLikeASceneAPIDoesNotMakeScenesComeAndGo() {
        let text = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            var coordinator: AppCoordinator?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                coordinator = AppCoordinator()
            }
        }
        final class AppCoordinator {
            let links = PassthroughSubject<String, Never>()
            var bag = Set<AnyCancellable>()
            init() { links.sink { self.open($0) }.store(in: &bag) }
            func open(_ link: String) {}
        }
        final class ChatCoordinator {
            private var openSessions: [String: Int] = [:]
            func close(_ id: String) { openSessions[id] = nil }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), [])
        let windows = text + "\nfunc countWindows() -> Int { UIApplication.shared.openSessions.count }\n"
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, windows), ["11:27"])
    }

    /// A project's keyed store, `.store(in: &notificationTokens, forKey: "finished")` (an
    /// `AnyCancellable` extension setting `tokens[key] = self`), keeps the subscription in a member of
    /// `self`: strong `self` in its sink is a cycle, as with `store(in: &bag)`.
    func testAKeyedStoreIntoAMemberDictionaryKeepsTheSubscription() {
        let text = """
        extension AnyCancellable {
            func store(in dictionary: inout [String: AnyCancellable], forKey key: String) { dictionary[key] = self }
        }
        final class RecordingsController: UITableViewController {
            private var notificationTokens: [String: AnyCancellable] = [:]
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.publisher(for: .init("finished"))
                    .sink { _ in self.tableView.reloadData() }
                    .store(in: &notificationTokens, forKey: "finished")
                NotificationCenter.default.publisher(for: .init("started"))
                    .sink { [weak self] _ in self?.tableView.reloadData() }
                    .store(in: &notificationTokens, forKey: "started")
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["9:26"])
        XCTAssertEqual(positions(DiscardedCancellableRule.self, text), [])
    }

    /// `.onReceive(viewModel.seekFeedbackPublisher) { text in if let text { flash(text) } }` through a
    /// property erasing the subject is a consumer that skips nil; a view reading the property itself
    /// through a member (`viewModel.selectedTake?.id == take.id`) uses it as state.
    func testOnReceiveOfAnErasedPropertyAndMemberReadsAreFollowed() {
        let text = """
        final class NowPlayingModel: ObservableObject {
            private let seekFeedback = CurrentValueSubject<String?, Never>(nil)
            var seekFeedbackPublisher: AnyPublisher<String?, Never> { seekFeedback.eraseToAnyPublisher() }
            @Published var selectedTake: Take?
            private var bag = Set<AnyCancellable>()
            init() { $selectedTake.compactMap { $0 }.sink { print($0) }.store(in: &bag) }
            func seek(_ text: String) { seekFeedback.send(text) }
        }
        struct Take { let id: Int }
        struct NowPlayingSheet: View {
            @ObservedObject var viewModel: NowPlayingModel
            var body: some View {
                Text("x").onReceive(viewModel.seekFeedbackPublisher) { text in if let text { print(text) } }
            }
        }
        final class TakesController: UITableViewController {
            let viewModel = NowPlayingModel()
            func isSelected(_ take: Take) -> Bool { viewModel.selectedTake?.id == take.id }
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["2:17"])
    }

    /// The project's own operator that only drops nil (`unwrapped()`, a `compactMap { $0 }` in a
    /// `Publisher` extension) skips the placeholder as `compactMap { $0 }` written in the chain would.
    func testAProjectOperatorThatOnlyDropsNilSkipsIt() {
        let text = """
        private extension Publisher where Output == String?, Failure == Never {
            func unwrapped() -> AnyPublisher<String, Never> { self.compactMap { $0 }.eraseToAnyPublisher() }
        }
        final class SettingsViewModel: ObservableObject {
            @Published var alert: String? = nil
            var alerts: AnyPublisher<String, Never> { $alert.removeDuplicates().unwrapped() }
            func fail() { alert = "Could not save" }
        }
        final class SettingsController: UIViewController {
            let viewModel = SettingsViewModel()
            var alertToken: AnyCancellable?
            override func viewDidLoad() {
                super.viewDidLoad()
                alertToken = viewModel.alerts.sink { [weak self] in self?.title = $0 }
            }
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["5:20"])
    }

    /// A method of the type returning its subscriptions in an `[AnyCancellable]` literal, which `init`
    /// stores with `cancellables.formUnion(makeStateSubscriptions())`: strong `self` in one of them is a
    /// cycle, `[weak self]` is not; a literal the caller only keeps in a local is not kept by `self`.
    func testSubscriptionsReturnedInALiteralAndStoredByTheCallerAreKept() {
        let text = """
        final class BookingService {
            let conflicts = CurrentValueSubject<String?, Never>(nil)
        }
        final class AppointmentsViewModel: ObservableObject {
            @Published private(set) var conflictMessage: String?
            private let service: BookingService
            private var cancellables = Set<AnyCancellable>()
            init(service: BookingService) {
                self.service = service
                cancellables.formUnion(makeStateSubscriptions())
                let preview = makePreviewSubscriptions()
                _ = preview
            }
            private func makeStateSubscriptions() -> [AnyCancellable] {
                [
                    service.conflicts.sink { self.conflictMessage = $0 },
                    service.conflicts.sink { [weak self] in self?.conflictMessage = $0 },
                ]
            }
            private func makePreviewSubscriptions() -> [AnyCancellable] {
                [service.conflicts.sink { self.conflictMessage = $0 }]
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["16:38"])
    }

    /// A helper that stores the subscription it makes into the `inout` bag it is given
    /// (`$readings.bind(into: &cancellables) { … }`) is the store: right in `viewWillAppear` it piles
    /// up (store_in_appearance), and so in a method `viewWillAppear` calls (repeated_subscription);
    /// with the bag emptied first, or in `viewDidLoad`, it does not.
    func testAHelperStoringIntoTheInoutBagItIsGivenIsTheStore() {
        let text = """
        extension Publisher where Failure == Never {
            func bind(into bag: inout Set<AnyCancellable>, _ receive: @escaping (Output) -> Void) {
                sink(receiveValue: receive).store(in: &bag)
            }
        }
        final class Sensors: ObservableObject { @Published var readings: [Int] = [] }
        final class ZonesViewController: UIViewController {
            let sensors = Sensors()
            var cancellables = Set<AnyCancellable>()
            var zoneBag = Set<AnyCancellable>()
            var onceBag = Set<AnyCancellable>()
            var freshBag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                sensors.$readings.bind(into: &onceBag) { [weak self] in self?.title = "\\($0.count)" }
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                sensors.$readings.bind(into: &cancellables) { [weak self] in self?.title = "\\($0.count)" }
                freshBag.removeAll()
                sensors.$readings.bind(into: &freshBag) { [weak self] in self?.title = "\\($0.count)" }
                bindZones()
            }
            func bindZones() {
                sensors.$readings.bind(into: &zoneBag) { [weak self] in self?.title = "\\($0.count)" }
            }
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["19:27"])
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["25:27"])
    }
}

