import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 100 and after (see the rule documents).
final class CoreRulesRound100Tests: XCTestCase {
    /// A local cast at the end of its initializer (`let cell = tableView.dequeueReusableCell(…) as!
    /// StatCell`) has the cast's type, as the `guard let … as?` binding has: the row model the cell
    /// owns is configured on every reuse, and each run adds an `assign(to: &$fraction)`.
    func testAForceCastLocalHasTheCastsType() {
        let text = """
        final class RowModel: ObservableObject {
            @Published private(set) var fraction: Double = 0
            func configure(progress: AnyPublisher<Double, Never>) {
                progress.map { $0 * 2 }.assign(to: &$fraction)
            }
        }
        final class StatCell: UITableViewCell {
            let model = RowModel()
        }
        final class StatsViewController: UIViewController, UITableViewDataSource {
            let feed = PassthroughSubject<Double, Never>()
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! StatCell
                cell.model.configure(progress: feed.eraseToAnyPublisher())
                return cell
            }
        }
        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "Stats.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["4:33"])
        XCTAssertEqual(found.first?.message.hasPrefix("Each run of `StatsViewController.tableView(_:cellForRowAt:) → RowModel.configure(progress:)`"), true)
    }

    /// A request of the project's own (`api.open(id:)`, a `Deferred { Future … }`) flattened into a
    /// method of `self` handed by name (`flatMap(waitForDoorClosed)`) whose pipeline never finishes
    /// never finishes either: the method reference holds `self` for as long as `token` keeps it.
    func testARequestFlattenedIntoANeverFinishingMethodReferenceHoldsSelf() {
        let text = """
        final class Api {
            func open(id: String) -> AnyPublisher<Int, Error> {
                Deferred { Future<Int, Error> { promise in promise(.success(1)) } }.eraseToAnyPublisher()
            }
        }
        final class Doors {
            let events = PassthroughSubject<Int, Never>()
            func statusPublisher(for id: Int) -> AnyPublisher<Int, Never> {
                events.filter { $0 == id }.eraseToAnyPublisher()
            }
        }
        final class PickupModel {
            let api = Api()
            let doors = Doors()
            var token: AnyCancellable?
            var check: AnyCancellable?
            func start() {
                token = api.open(id: "a")
                    .flatMap(waitForDoorClosed)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] value in self?.show(value) })
                check = api.open(id: "b")
                    .flatMap(confirm)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] value in self?.show(value) })
            }
            private func waitForDoorClosed(after opened: Int) -> AnyPublisher<Int, Error> {
                doors.statusPublisher(for: opened)
                    .filter { $0 == 2 }
                    .setFailureType(to: Error.self)
                    .eraseToAnyPublisher()
            }
            private func confirm(_ opened: Int) -> AnyPublisher<Int, Error> {
                doors.statusPublisher(for: opened).first().setFailureType(to: Error.self).eraseToAnyPublisher()
            }
            func show(_ value: Int) {}
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "Pickup.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["19:22"])
    }

    /// A consumer that goes on only for one case of the wrapped enum (`guard let self, case .browse =
    /// destination else { return }`) skips nil as `compactMap` does: with the other consumer
    /// compacting, the nil of `route` is only a placeholder for the first route.
    func testAGuardOnACaseOfTheWrappedEnumSkipsNil() {
        let text = """
        enum Route: Equatable { case review(Int), browse(Int) }
        final class DeckCoordinator {
            let route = CurrentValueSubject<Route?, Never>(nil)
            let state = CurrentValueSubject<Route?, Never>(nil)
            private var bag = Set<AnyCancellable>()
            func start() {
                route.compactMap { $0 }.sink { [weak self] destination in self?.show(destination) }.store(in: &bag)
                route.sink { [weak self] destination in
                    guard let self, case .browse = destination else { return }
                    self.show(.browse(1))
                }.store(in: &bag)
                state.sink { [weak self] destination in
                    guard let self, case .none = destination else { return }
                    self.show(.browse(0))
                }.store(in: &bag)
                route.send(.review(1))
                state.send(.review(1))
            }
            func show(_ route: Route) {}
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Deck.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:9"])
    }

    /// A method handed by its compound name through `self` (`flatMap(self.remoteWalks(for:))`)
    /// holds `self`, though a property of the same simple name exists; a name a condition binding
    /// before the closure took (`guard let self, case .paid = result, let walker = self.walker`) is
    /// that copy in a nested closure, not `self.walker`.
    func testCompoundSelfMethodReferenceAndAGuardBoundCopy() {
        let text = """
        enum Outcome { case paid, failed }
        struct Walker { let id: Int }
        final class WalksModel {
            @Published var filter = 0
            @Published var remoteWalks: [Int] = []
            private var walker: Walker?
            let results = PassthroughSubject<Outcome, Never>()
            let confirmations = PassthroughSubject<Int, Never>()
            var cancellables = Set<AnyCancellable>()
            func start() {
                $filter.flatMap(self.remoteWalks(for:)).sink { [weak self] in self?.remoteWalks = $0 }.store(in: &cancellables)
                results.sink { [weak self] result in
                    guard let self, case .paid = result, let walker = self.walker else { return }
                    self.confirmations.filter { $0 == walker.id }.sink { [weak self] _ in self?.done() }.store(in: &self.cancellables)
                }.store(in: &cancellables)
            }
            private func remoteWalks(for filter: Int) -> AnyPublisher<[Int], Never> { Just([filter]).eraseToAnyPublisher() }
            func done() {}
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "Walks.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["11:25"])
    }

    /// A constant publisher property of another object, set in its initializers to a `Just` or a
    /// project request (`row.narratorReady`), finishes: the cell's strong `self` is let go once it
    /// answers. One set to a subject's publisher on some path does not.
    func testAnotherObjectsConstantSetInItsInitializersToRequestsFinishes() {
        let text = """
        final class NarratorService {
            let updates = PassthroughSubject<Bool, Never>()
            func narratorAvailable(_ id: Int) -> AnyPublisher<Bool, Never> {
                Deferred { Future<Bool, Never> { promise in promise(.success(true)) } }.eraseToAnyPublisher()
            }
        }
        final class RowModel {
            let narratorReady: AnyPublisher<Bool, Never>
            let liveReady: AnyPublisher<Bool, Never>
            init(narrator: Int?, service: NarratorService) {
                if let narrator {
                    self.narratorReady = service.narratorAvailable(narrator)
                    self.liveReady = service.updates.eraseToAnyPublisher()
                } else {
                    self.narratorReady = Just(true).eraseToAnyPublisher()
                    self.liveReady = Just(true).eraseToAnyPublisher()
                }
            }
        }
        final class ProgramCell: UITableViewCell {
            private var cellBag = Set<AnyCancellable>()
            func configure(with row: RowModel) {
                row.narratorReady.sink { ready in self.detailTextLabel?.text = ready ? "Narrated" : "Silent" }.store(in: &cellBag)
                row.liveReady.sink { ready in self.textLabel?.text = ready ? "Live" : "" }.store(in: &cellBag)
            }
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "Programs.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["24:39"])
    }

    /// A method that a per-value closure reaches only through a callback it hands to an object for
    /// later (`WalkerProfileView(model: model) { self?.startBooking(with: $0) }`, `vc.onClose = { … }`)
    /// runs on that object's tap, not per value: its subscriptions are no nested sink. One called
    /// right in the reached method (or in a `Task`) still is.
    func testACallbackKeptForLaterDoesNotRunPerValue() {
        let text = """
        final class WalkCoordinator {
            @Published var pendingRoute: Int?
            let picks = PassthroughSubject<Int, Never>()
            var cancellables = Set<AnyCancellable>()
            func start() {
                $pendingRoute.compactMap { $0 }.sink { [weak self] route in self?.go(to: route) }.store(in: &cancellables)
            }
            private func go(to route: Int) {
                let view = ProfileView(route: route) { [weak self] id in self?.startBooking(with: id) }
                present(view)
                Task { self.watchPicks() }
            }
            func startBooking(with id: Int) {
                picks.sink { print($0) }.store(in: &cancellables)
            }
            func watchPicks() {
                picks.sink { print($0) }.store(in: &cancellables)
            }
            func present(_ view: ProfileView) {}
        }
        struct ProfileView {
            let route: Int
            let onBook: (Int) -> Void
        }
        """
        let found = findings(of: NestedSinkRule.self, in: [(path: "Walk.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["17:15"])
    }

    /// `displayedOrder = order` after `guard let self` names the property without `self.`: its
    /// `didSet` runs for every value of the sink, and the method it calls adds one more endless
    /// subscription to a bag nothing empties. A local of the same name written there is no property.
    func testABareWriteOfAnObservedPropertyRunsItsObserverPerValue() {
        let text = """
        final class Queue {
            let statuses = CurrentValueSubject<[String: Int], Never>([:])
            func status(for id: String) -> AnyPublisher<Int?, Never> {
                statuses.map { $0[id] }.removeDuplicates().eraseToAnyPublisher()
            }
        }
        final class DetailModel: ObservableObject {
            @Published var order: String?
            @Published var draft: String?
        }
        final class DetailViewController: UIViewController {
            let model = DetailModel()
            let queue = Queue()
            let label = UILabel()
            private var bag = Set<AnyCancellable>()
            private var queueBag = Set<AnyCancellable>()
            private var displayedOrder: String? {
                didSet {
                    guard displayedOrder != oldValue else { return }
                    rebind()
                }
            }
            private var draftText: String? {
                didSet { rebindDraft() }
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                model.$order
                    .sink { [weak self] order in
                        guard let self else { return }
                        displayedOrder = order
                    }
                    .store(in: &bag)
                model.$draft
                    .sink { [weak self] draft in
                        var draftText = self?.label.text
                        draftText = draft
                        print(draftText ?? "")
                    }
                    .store(in: &bag)
            }
            private func rebind() {
                guard let id = displayedOrder else { return }
                queue.status(for: id)
                    .compactMap { $0 }
                    .sink { [weak self] n in self?.label.text = "\\(n)" }
                    .store(in: &queueBag)
            }
            private func rebindDraft() {
                queue.status(for: "draft")
                    .sink { [weak self] n in self?.label.text = "\\(n ?? 0)" }
                    .store(in: &queueBag)
            }
        }
        """
        let found = findings(of: NestedSinkRule.self, in: [(path: "Detail.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["46:14"])
    }

    /// `environment = .live()` in the application delegate's launch callback calls the static factory
    /// as an implicit member: what the factory makes (and its initializer's stores) lives for the run,
    /// so a strong `self` there frees nothing later (`.live(since:)`, an enum case of the name set
    /// again and again, is no call of it). A factory a screen also calls makes one per screen.
    func testAnImplicitMemberFactoryCallKeptByTheAppDelegateLivesForTheRun() {
        let text = """
        final class TicketsStore {
            let updates = PassthroughSubject<Int, Never>()
            private var cancellables = Set<AnyCancellable>()
            private(set) var count = 0
            init() {
                updates.sink { n in self.count = n }.store(in: &cancellables)
            }
        }
        final class DraftStore {
            let edits = PassthroughSubject<Int, Never>()
            private var cancellables = Set<AnyCancellable>()
            private(set) var count = 0
            init() {
                edits.sink { n in self.count = n }.store(in: &cancellables)
            }
        }
        final class AppEnvironment {
            let tickets: TicketsStore
            init() { tickets = TicketsStore() }
            static func live() -> AppEnvironment { AppEnvironment() }
        }
        final class Drafts {
            let store: DraftStore
            init() { store = DraftStore() }
            static func fresh() -> Drafts { Drafts() }
        }
        enum Connection { case idle, live(since: Int) }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            private(set) var environment: AppEnvironment!
            private(set) var drafts: Drafts!
            private var connection = Connection.idle
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                environment = .live()
                drafts = .fresh()
                return true
            }
            func applicationDidBecomeActive(_ application: UIApplication) {
                connection = .live(since: 1)
            }
        }
        final class ComposeViewController: UIViewController {
            private var drafts: Drafts?
            override func viewDidLoad() {
                super.viewDidLoad()
                drafts = .fresh()
            }
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "App.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["14:27"])
    }

    /// `Just(id).flatMap(api.fetchDetails)`: another object's method named without its labels makes
    /// each inner publisher; a request finishes, so the pipeline does and frees the closure holding
    /// `self`. A method returning a subject's endless updates keeps it.
    func testAJustFlattenedIntoAnotherObjectsMethodReferenceFinishesWithIt() {
        let text = """
        final class API {
            let updates = PassthroughSubject<String, Never>()
            func fetchDetails(id: String) -> AnyPublisher<String, Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "https://cars.local/\\(id)")!)
                    .map { String(decoding: $0.data, as: UTF8.self) }
                    .mapError { $0 as Error }
                    .eraseToAnyPublisher()
            }
            func liveUpdates(id: String) -> AnyPublisher<String, Error> {
                updates.filter { $0.hasPrefix(id) }.setFailureType(to: Error.self).eraseToAnyPublisher()
            }
        }
        final class CarDetailModel: ObservableObject {
            @Published var details: String?
            @Published var live: String?
            let api = API()
            var cancellables = Set<AnyCancellable>()
            init(id: String) {
                Just(id)
                    .flatMap(api.fetchDetails)
                    .map(Optional.some)
                    .replaceError(with: nil)
                    .sink { details in self.details = details }
                    .store(in: &cancellables)
                Just(id)
                    .flatMap(api.liveUpdates)
                    .map(Optional.some)
                    .replaceError(with: nil)
                    .sink { update in self.live = update }
                    .store(in: &cancellables)
            }
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "CarDetail.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["29:31"])
    }
}
