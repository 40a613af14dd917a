import XCTest
@testable import CombineLintKit

/// Idioms found by the round-55 probes (a veterinary clinic app, a subtitle editor for macOS and
/// iPad, a field-service app, a cycling app).
final class CoreRulesRound55Tests: XCTestCase {

    /// A hub that relays `vitals.alarms` through its own stored properties under the same name
    /// (`var alarms { shared.eraseToAnyPublisher() }`, `shared = upstream.makeConnectable()`,
    /// `upstream = vitals.alarms`) does not make every `alarms` undecided: the service's own
    /// `alarms`, a subject's values, decides, so a badge observer reached from a `$clinic` sink piles up.
    func testAPropertyRelayedUnderItsOwnNameDoesNotHideANeverFinishingOne() {
        let service = """
        protocol VitalsStreaming: AnyObject { var alarms: AnyPublisher<Int, Never> { get } }
        final class VitalsService: VitalsStreaming {
            private let alarmSubject = PassthroughSubject<Int, Never>()
            var alarms: AnyPublisher<Int, Never> { alarmSubject.eraseToAnyPublisher() }
        }
        final class WardAlarmHub {
            private let upstream: AnyPublisher<Int, Never>
            private let shared: Publishers.MakeConnectable<AnyPublisher<Int, Never>>
            init(vitals: VitalsStreaming) {
                upstream = vitals.alarms
                shared = upstream.makeConnectable()
            }
            var alarms: AnyPublisher<Int, Never> { shared.eraseToAnyPublisher() }
        }
        """
        let coordinators = """
        final class Container { lazy var vitals: VitalsStreaming = VitalsService() }
        final class TabsCoordinator {
            let container: Container
            private var badgeCancellables = Set<AnyCancellable>()
            var badge = 0
            init(container: Container) { self.container = container }
            func rebuildTabs(for clinic: String) { observeAlarmBadge() }
            private func observeAlarmBadge() {
                container.vitals.alarms.sink { [weak self] in self?.badge = $0 }.store(in: &badgeCancellables)
            }
        }
        final class AppCoordinator {
            @Published var clinic = "north"
            let container = Container()
            private lazy var tabsCoordinator = TabsCoordinator(container: container)
            private var cancellables = Set<AnyCancellable>()
            func start() {
                $clinic.sink { [tabsCoordinator] clinic in tabsCoordinator.rebuildTabs(for: clinic) }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: service), (path: "B.swift", text: coordinators)]),
                       ["B.swift:9:74"])
    }

    /// `let upload = Future { … }` then `upload.sink { … }` from a button: the local is a request,
    /// not the subject `upload` that an inputs struct elsewhere declares, so nothing piles up.
    /// A binding of the property itself (`guard let feed = feed`) still reads the property.
    func testALocalHidesASameNamedSubjectPropertyElsewhere() {
        let model = """
        final class RoutePlannerViewModel: ObservableObject {
            @Published var status = ""
            private var cancellables = Set<AnyCancellable>()
            func save() {
                let upload = Future<Bool, Never> { promise in promise(.success(true)) }
                upload.sink { [weak self] ok in self?.status = ok ? "Saved" : "Failed" }.store(in: &cancellables)
            }
        }
        struct PlannerView: View {
            @ObservedObject var model: RoutePlannerViewModel
            var body: some View { Button("Save") { model.save() } }
        }
        """
        let sync = """
        final class RideSyncService {
            struct Inputs { let upload = PassthroughSubject<Int, Never>() }
            let inputs = Inputs()
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: model), (path: "B.swift", text: sync)]), [])
        let bound = model.replacingOccurrences(of: "let upload = Future<Bool, Never> { promise in promise(.success(true)) }",
                                               with: "guard let upload = sync?.inputs.upload else { return }")
            .replacingOccurrences(of: "@Published var status = \"\"", with: "@Published var status = \"\"\n    var sync: RideSyncService?")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: bound), (path: "B.swift", text: sync)]), ["A.swift:7:82"])
    }

    /// `api.homeTiles` of another object, declared `lazy var homeTiles: Future<[Double], Never>`: a
    /// `Future`, which finishes, so `assign(to: &$elevation)` from `.task` leaves nothing subscribed.
    func testAnotherObjectsPropertyDeclaredAsAFutureFinishes() {
        let text = """
        final class RoutingAPI {
            lazy var homeTiles: Future<[Double], Never> = Future { promise in promise(.success([])) }
            let tileUpdates = PassthroughSubject<[Double], Never>()
        }
        final class PlannerModel: ObservableObject {
            @Published var elevation: [Double] = []
            let api = RoutingAPI()
            func loadHomeTiles() {
                api.homeTiles.receive(on: DispatchQueue.main).assign(to: &$elevation)
            }
        }
        struct PlannerView: View {
            @ObservedObject var model: PlannerModel
            var body: some View { Text("Plan").task { model.loadHomeTiles() } }
        }
        """
        XCTAssertEqual(places(PublishedAssignCycleRule.self, [(path: "A.swift", text: text)]), [])
        let endless = text.replacingOccurrences(of: "api.homeTiles.receive", with: "api.tileUpdates.receive")
        XCTAssertEqual(places(PublishedAssignCycleRule.self, [(path: "A.swift", text: endless)]), ["A.swift:9:57"])
    }

    /// A switch's action that either subscribes or empties the bag (`if motionSwitch.isOn {
    /// viewModel.enableMotionAlerts() } else { viewModel.disableMotionAlerts() }`): each
    /// subscription is ended before the next. A button that only subscribes piles them up.
    func testASwitchThatSubscribesOrEmptiesTheBagBalancesItsRuns() {
        let model = """
        final class KennelCameraViewModel {
            let motion = PassthroughSubject<Double, Never>()
            private var motionBag: [AnyCancellable] = []
            var alert = false
            func enableMotionAlerts() {
                motion.filter { $0 > 0.6 }.sink { [weak self] _ in self?.alert = true }.store(in: &motionBag)
            }
            func disableMotionAlerts() { motionBag.removeAll() }
        }
        """
        let screen = """
        final class KennelCameraViewController: UIViewController {
            let viewModel = KennelCameraViewModel()
            let motionSwitch = UISwitch()
            override func viewDidLoad() {
                super.viewDidLoad()
                motionSwitch.addTarget(self, action: #selector(motionToggled), for: .valueChanged)
            }
            @objc private func motionToggled() {
                if motionSwitch.isOn {
                    viewModel.enableMotionAlerts()
                } else {
                    viewModel.disableMotionAlerts()
                }
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: model), (path: "B.swift", text: screen)]), [])
        let onlyOn = screen.replacingOccurrences(of: """
                    } else {
                        viewModel.disableMotionAlerts()
                    }
            """, with: """
                    }
            """)
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: model), (path: "B.swift", text: onlyOn)]), ["A.swift:6:81"])
    }
}
