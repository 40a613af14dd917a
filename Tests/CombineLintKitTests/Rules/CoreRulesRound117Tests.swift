import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 117 (see the rule documents).
final class CoreRulesRound117Tests: XCTestCase {
    /// A service function merging a protocol-typed socket's stream with a local timer
    /// (`pushed.merge(with: polled)`) never finishes: the merge lives while any input does, and
    /// the bare local `polled` holds `Timer.publish(every:).autoconnect()`. A view model method
    /// that stores it, run from `viewWillAppear`, stacks subscriptions; with a request in place of
    /// the timer it does not.
    func testAMergeWithALocalHoldingATimerNeverFinishes() {
        func service(polled: String) -> String {
            """
            protocol QueueServiceType: AnyObject {
                func queueUpdates(clinicId: String) -> AnyPublisher<Int, Never>
            }
            final class QueueService: QueueServiceType {
                private let socket: SocketType
                private let api: API
                init(socket: SocketType, api: API) { self.socket = socket; self.api = api }
                func queueUpdates(clinicId: String) -> AnyPublisher<Int, Never> {
                    let pushed = socket.messages
                        .compactMap { $0 }
                    let polled = \(polled)
                    return pushed
                        .merge(with: polled)
                        .removeDuplicates()
                        .eraseToAnyPublisher()
                }
            }
            """
        }
        let screen = """
            final class QueueViewModel {
                private let queueService: QueueServiceType
                var cancellables = Set<AnyCancellable>()
                var count = 0
                init(queueService: QueueServiceType) { self.queueService = queueService }
                func startObserving() {
                    queueService.queueUpdates(clinicId: "a")
                        .sink { [weak self] n in self?.count = n }
                        .store(in: &cancellables)
                }
            }
            final class QueueViewController: UIViewController {
                let viewModel: QueueViewModel
                init(viewModel: QueueViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    viewModel.startObserving()
                }
            }
            """
        let timer = "Timer.publish(every: 20, on: .main, in: .common).autoconnect().map { _ in 1 }"
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "Service.swift", text: service(polled: timer)), (path: "Queue.swift", text: screen)]),
                       ["Queue.swift:9:14"])
        let request = "api.count(clinicId).replaceError(with: 0)"
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "Service.swift", text: service(polled: request)), (path: "Queue.swift", text: screen)]), [])
    }

    /// A socket whose `messages` getter erases its subject after a hop
    /// (`subject.receive(on: DispatchQueue.main).eraseToAnyPublisher()`) never finishes, so a
    /// service function handing it on does not either, even behind the service's protocol:
    /// `assign(to: &$refillStatus)` in a sink on a selection adds a subscription per selection.
    /// After `first()` in the getter it finishes.
    func testAGetterErasingASubjectAfterAHopNeverFinishes() {
        func socket(getter: String) -> String {
            """
            protocol ClinicSocketType: AnyObject {
                var messages: AnyPublisher<SocketMessage, Never> { get }
            }
            final class ClinicSocket: ClinicSocketType {
                private let subject = PassthroughSubject<SocketMessage, Never>()
                var messages: AnyPublisher<SocketMessage, Never> {
                    \(getter)
                }
                func handle(_ message: SocketMessage) { subject.send(message) }
            }
            protocol PrescriptionServiceType: AnyObject {
                func refillStates() -> AnyPublisher<RefillState, Never>
            }
            final class PrescriptionService: PrescriptionServiceType {
                private let socket: ClinicSocketType
                init(socket: ClinicSocketType) { self.socket = socket }
                func refillStates() -> AnyPublisher<RefillState, Never> {
                    socket.messages
                        .compactMap { $0.refillState }
                        .eraseToAnyPublisher()
                }
            }
            """
        }
        let model = """
            final class PetDetailViewModel: ObservableObject {
                @Published var selectedPrescriptionId: UUID?
                @Published private(set) var refillStatus: RefillState?
                private var cancellables = Set<AnyCancellable>()
                private let prescriptions: PrescriptionServiceType
                init(prescriptions: PrescriptionServiceType) {
                    self.prescriptions = prescriptions
                    $selectedPrescriptionId
                        .compactMap { $0 }
                        .sink { [weak self] id in
                            guard let self else { return }
                            self.prescriptions.refillStates()
                                .filter { $0.id == id }
                                .map { Optional($0) }
                                .assign(to: &self.$refillStatus)
                        }
                        .store(in: &cancellables)
                }
            }
            """
        let hop = "subject.receive(on: DispatchQueue.main).eraseToAnyPublisher()"
        XCTAssertEqual(places(PublishedAssignCycleRule.self, [(path: "Socket.swift", text: socket(getter: hop)), (path: "Pet.swift", text: model)]),
                       ["Pet.swift:15:22"])
        let once = "subject.receive(on: DispatchQueue.main).first().eraseToAnyPublisher()"
        XCTAssertEqual(places(PublishedAssignCycleRule.self, [(path: "Socket.swift", text: socket(getter: once)), (path: "Pet.swift", text: model)]), [])
    }

    /// A status (`refillStatus: RefillRequest.State?`, fed from a socket's stream) is standing state
    /// like a selection: the screen shows the latest one, and a late subscriber rightly gets it,
    /// though its consumer skips the nil start. A status request stays an event.
    func testAStatusIsStandingState() {
        func text(name: String) -> String {
            """
            final class PetDetailViewModel: ObservableObject {
                @Published private(set) var \(name): RefillRequest.State?
                init(prescriptions: PrescriptionService) {
                    prescriptions.refillStates()
                        .map { Optional($0) }
                        .assign(to: &$\(name))
                }
            }
            final class PetDetailViewController: UIViewController {
                let model: PetDetailViewModel
                private var cancellables = Set<AnyCancellable>()
                init(model: PetDetailViewModel) { self.model = model; super.init(nibName: nil, bundle: nil) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    model.$\(name)
                        .compactMap { $0 }
                        .sink { [weak self] in self?.navigationItem.prompt = $0.title }
                        .store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [(path: "Pet.swift", text: text(name: "refillStatus"))]), [])
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [(path: "Pet.swift", text: text(name: "refillState"))]), [])
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [(path: "Pet.swift", text: text(name: "statusRequest"))]), ["Pet.swift:2:33"])
    }
}
