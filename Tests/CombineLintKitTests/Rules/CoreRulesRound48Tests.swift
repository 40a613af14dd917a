import XCTest
@testable import CombineLintKit

/// Idioms found by the round-48 probes of the core rules (a pet-care app, a floor-plan editor for
/// macOS and iPad, a parcel-tracking app).
final class CoreRulesRound48Tests: XCTestCase {

    /// `upstream.subscribe(samples).store(in: &subscriptions)`: the overload of `subscribe` taking a
    /// subject returns an `AnyCancellable`, kept here by `self`, so a strong `self` in the `map`
    /// before it is a cycle. `subscribe(Subscribers.Sink(…))` returns nothing and is no such token.
    func testAStoredSubscribeIntoASubjectIsASubscription() {
        let session = (path: "CollarSession.swift", text: """
        final class CollarSession {
            let petID: String
            private let rawPackets = PassthroughSubject<Data, Never>()
            let samples = PassthroughSubject<String, Never>()
            private var subscriptions = Set<AnyCancellable>()
            init(petID: String) { self.petID = petID }
            func start() {
                rawPackets
                    .map { packet in self.petID + "\\(packet.count)" }
                    .subscribe(samples)
                    .store(in: &subscriptions)
                rawPackets
                    .map { packet in "\\(packet.count)" }
                    .subscribe(samples)
                    .store(in: &subscriptions)
            }
        }
        """)
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [session]), ["CollarSession.swift:9:30"])
        XCTAssertEqual(places(DiscardedCancellableRule.self, [session]), [])
    }

    /// A diffable data source's cell provider calls `self.observeBattery(of:in:)`, which stores a
    /// notification sink in the controller's bag: one more per row shown. A request there would end.
    func testAMethodCalledFromACellProviderRunsPerRow() {
        let file = (path: "PetsListViewController.swift", text: """
        final class PetsListViewController: UIViewController {
            private let tableView = UITableView()
            private var rowBag = Set<AnyCancellable>()
            private lazy var dataSource = makeDataSource()

            private func makeDataSource() -> UITableViewDiffableDataSource<Int, String> {
                UITableViewDiffableDataSource(tableView: tableView) { [unowned self] tableView, indexPath, id in
                    let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                    self.observeBattery(of: id, in: cell)
                    return cell
                }
            }

            private func observeBattery(of id: String, in cell: UITableViewCell) {
                NotificationCenter.default.publisher(for: .init("low"))
                    .compactMap { $0.object as? String }
                    .filter { $0 == id }
                    .sink { [weak cell] _ in cell?.isHidden = true }
                    .store(in: &rowBag)
            }
        }
        """)
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [file]), ["PetsListViewController.swift:19:14"])
        let request = (path: file.path, text: file.text.replacingOccurrences(of: "NotificationCenter.default.publisher(for: .init(\"low\"))",
                                                                             with: "Just(Notification(name: .init(\"low\")))"))
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [request]), [])
    }

    /// `pets` is a never-finishing property of the service (a subject's); a view model that keeps
    /// the `pets` its maker hands it (`self.pets = pets` in `init`) decides nothing about the name,
    /// so the coordinator's store reached from `sceneDidBecomeActive` still piles up.
    func testAPropertySetFromAnInitParameterDoesNotDecideTheName() {
        let files = [(path: "PetService.swift", text: """
        protocol PetServiceType { var pets: AnyPublisher<[Int], Never> { get } }
        final class PetService: PetServiceType {
            private let petsSubject = CurrentValueSubject<[Int], Never>([])
            var pets: AnyPublisher<[Int], Never> { petsSubject.eraseToAnyPublisher() }
        }
        final class MedicationViewModel {
            private let pets: AnyPublisher<[Int], Never>
            init(pets: AnyPublisher<[Int], Never>) {
                self.pets = pets
            }
        }
        """), (path: "AppCoordinator.swift", text: """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            private var coordinator: AppCoordinator?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                coordinator = AppCoordinator(petService: PetService())
            }
            func sceneDidBecomeActive(_ scene: UIScene) {
                coordinator?.refreshBadges()
            }
        }
        final class AppCoordinator {
            private let petService: PetServiceType
            private var badgeBag = Set<AnyCancellable>()
            var badge = 0
            init(petService: PetServiceType) { self.petService = petService }
            func refreshBadges() {
                petService.pets
                    .map { $0.count }
                    .sink { [weak self] missing in self?.badge = missing }
                    .store(in: &badgeBag)
            }
        }
        """)]
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, files), ["AppCoordinator.swift:19:14"])
    }

    /// `backlog.publisher.append(entries)` with a subject `entries` plays the backlog, then follows
    /// the subject forever: the function hands on a never-finishing publisher (round 49). Appending
    /// values (`append("end")`) finishes.
    func testAppendingAnEndlessPublisherNeverFinishes() {
        let file = (path: "LogTableViewModel.swift", text: """
        final class LogSocketBridge {
            let entries = PassthroughSubject<String, Never>()
            func tail(backlog: [String]) -> AnyPublisher<String, Never> {
                backlog.publisher
                    .append(entries)
                    .eraseToAnyPublisher()
            }
        }

        final class LogTableViewModel {
            let bridge: LogSocketBridge
            var rows: [String] = []
            private var cancellables = Set<AnyCancellable>()
            init(bridge: LogSocketBridge) { self.bridge = bridge }
            func start() {
                bridge.tail(backlog: [])
                    .sink { entry in
                        self.rows.append(entry)
                    }
                    .store(in: &cancellables)
            }
        }
        """)
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [file]), ["LogTableViewModel.swift:18:17"])
        let values = (path: file.path, text: file.text.replacingOccurrences(of: ".append(entries)", with: ".append(\"end\")"))
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [values]), [])
    }

    /// A dictionary's `values` (or `keys`) is a collection: its `publisher` delivers every element
    /// during `sink`, so a dropped token loses nothing (round 49). A subject's token dropped does.
    func testTheValuesOfADictionaryPropertyFinishDuringSink() {
        let file = (path: "ReminderScheduler.swift", text: """
        final class ReminderScheduler {
            private var reminders: [UUID: String] = [:]
            let due = PassthroughSubject<String, Never>()
            func fireAllNow() {
                let publisher = reminders.values.publisher
                _ = publisher.sink { self.due.send($0) }
                _ = reminders.keys.publisher.sink { print($0) }
                _ = due.sink { print($0) }
            }
        }
        """)
        XCTAssertEqual(places(DiscardedCancellableRule.self, [file]), ["ReminderScheduler.swift:8:17"])
    }

    /// `windowScene(_:didUpdate:interfaceOrientation:traitCollection:)` runs on every resize, Split
    /// View change and rotation: a store there piles up like one in `viewDidLayoutSubviews` (round 49).
    func testAWindowScenesGeometryCallbackRunsAgainAndAgain() {
        let file = (path: "SceneDelegate.swift", text: """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            let tail = PassthroughSubject<String, Never>()
            private var cancellables = Set<AnyCancellable>()
            func windowScene(_ windowScene: UIWindowScene, didUpdate previousCoordinateSpace: UICoordinateSpace,
                             interfaceOrientation previousInterfaceOrientation: UIInterfaceOrientation,
                             traitCollection previousTraitCollection: UITraitCollection) {
                tail
                    .sink { [weak self] line in self?.window?.windowScene?.title = line }
                    .store(in: &cancellables)
            }
        }
        """)
        XCTAssertEqual(places(StoreInAppearanceRule.self, [file]), ["SceneDelegate.swift:10:14"])
    }

    /// `makeBindings()` fills a local bag and returns it; `viewDidLoad` keeps it (`bag = makeBindings()`):
    /// self → bag → subscription → closure → self. A returned bag the caller drops holds nothing.
    func testALocalBagReturnedToACallerThatKeepsIt() {
        let file = (path: "FurnitureImportController.swift", text: """
        final class FurnitureImportController: NSViewController {
            private let filter = CurrentValueSubject<String, Never>("")
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                bag = makeBindings()
            }
            private func makeBindings() -> Set<AnyCancellable> {
                var local = Set<AnyCancellable>()
                filter
                    .sink { text in self.applyFilter(text) }
                    .store(in: &local)
                return local
            }
            private func applyFilter(_ text: String) {}
        }
        """)
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [file]), ["FurnitureImportController.swift:11:29"])
        let dropped = (path: file.path, text: file.text.replacingOccurrences(of: "bag = makeBindings()", with: "_ = makeBindings()"))
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [dropped]), [])
    }
}
