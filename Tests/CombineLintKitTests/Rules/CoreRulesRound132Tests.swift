import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for rounds 132 and after (see the rule documents).
final class CoreRulesRound132Tests: XCTestCase {
    private func scan(consumer: String) -> [SourceFile] {
        [SourceFile(path: "ScanModel.swift", text: """
            final class ScanModel {
                @Published private(set) var matchedPatient: Patient?
                private let store = PatientStore()
                private var lookup: AnyCancellable?
                func handle(code: String) {
                    lookup = store.patient(code)
                        .sink { [weak self] patient in self?.matchedPatient = patient }
                }
            }
            final class PatientStore {
                func patient(_ code: String) -> AnyPublisher<Patient?, Never> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: code)!)
                        .map { Patient(data: $0.data) }
                        .replaceError(with: nil)
                        .eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "ScanViewController.swift", text: """
            final class ScanViewController: UIViewController {
                var onPatientMatched: ((Patient) -> Void)?
                private let nameLabel = UILabel()
                private var cancellables = Set<AnyCancellable>()
                func bind(_ model: ScanModel) {
                    model.$matchedPatient
            \(consumer)
                        .store(in: &cancellables)
                }
            }
            """)]
    }

    /// (Round 132.) A value loaded from a lookup that finishes is state to a screen that shows it,
    /// but a consumer that skips nil to move the user to another screen acts on it once: a new
    /// subscriber would be moved again, so the property is an event.
    func testALoadedValueWhoseConsumerSkipsNilToNavigate() {
        let handler = """
                    .sink { [weak self] patient in
                        guard let patient else { return }
                        self?.onPatientMatched?(patient)
                    }
            """
        XCTAssertEqual(places(scan(consumer: handler), SubjectFakeInitialValueRule()), ["ScanModel.swift:2:33 subject_fake_initial_value"])
        let push = """
                    .compactMap { $0 }
                    .sink { [weak self] in self?.navigationController?.pushViewController(PatientViewController($0), animated: true) }
            """
        XCTAssertEqual(places(scan(consumer: push), SubjectFakeInitialValueRule()), ["ScanModel.swift:2:33 subject_fake_initial_value"])
        // Shown as it loads: the loaded value is state, and a late subscriber rightly gets it.
        let shown = """
                    .sink { [weak self] patient in
                        guard let patient else { return }
                        self?.nameLabel.text = patient.name
                    }
            """
        XCTAssertEqual(places(scan(consumer: shown), SubjectFakeInitialValueRule()), [])
        // A handler named for what happened, but only inside a string: no call.
        let logged = """
                    .sink { [weak self] patient in
                        guard let patient else { return }
                        self?.nameLabel.text = "onPatientMatched(\\\\(patient.name))"
                    }
            """
        XCTAssertEqual(places(scan(consumer: logged), SubjectFakeInitialValueRule()), [])
    }

    private func retrying(_ retried: String) -> [SourceFile] {
        [SourceFile(path: "Retry.swift", text: """
            extension Publisher {
                func retryWithBackoff(_ retries: Int) -> AnyPublisher<Output, Failure> {
                    self.catch { error -> AnyPublisher<Output, Failure> in
                        guard retries > 0 else { return Fail(error: error).eraseToAnyPublisher() }
                        return Just(()).setFailureType(to: Failure.self)
                            .delay(for: .seconds(1), scheduler: DispatchQueue.global())
                            .flatMap { _ in \(retried) }
                            .eraseToAnyPublisher()
                    }
                    .eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "ProofModel.swift", text: """
            final class ProofModel {
                var isSubmitting = false
                private var cancellables = Set<AnyCancellable>()
                func submit(_ url: URL) {
                    URLSession.shared.dataTaskPublisher(for: url)
                        .retryWithBackoff(2)
                        .sink(receiveCompletion: { _ in self.isSubmitting = false }, receiveValue: { _ in })
                        .store(in: &cancellables)
                }
            }
            """)]
    }

    /// (Round 133.) A project operator whose `catch` closure calls it again retries after a
    /// failure: the pipeline finishes when an attempt does, so a strong `self` held until then
    /// is no lasting cycle. A `catch` that hands over to a subject instead never finishes.
    func testAProjectRetryOperatorThatCallsItselfAfterAFailure() {
        XCTAssertEqual(places(retrying("self.retryWithBackoff(retries - 1)"), StrongSelfCaptureRule()), [])
        XCTAssertEqual(places(retrying("NotificationCenter.default.publisher(for: .retry).setFailureType(to: Failure.self).map { _ in 0 }"),
                              StrongSelfCaptureRule()),
                       ["ProofModel.swift:7:45 strong_self_capture"])
    }

    private func garage(property: String, anonymous: Bool = false) -> [SourceFile] {
        let handler = anonymous ? "[weak self] in self?.\(property) = $0" : "[weak self] session in self?.\(property) = session"
        return [SourceFile(path: "GarageDetailView.swift", text: """
            struct GarageDetailView: View {
                @ObservedObject var viewModel: GarageDetailViewModel
                @State private var showStartedBanner = false
                var body: some View {
                    Text("Garage")
                        .onReceive(viewModel.$\(property).compactMap { $0 }) { _ in showStartedBanner = true }
                }
            }
            final class GarageDetailViewModel: ObservableObject {
                @Published private(set) var \(property): ParkingSession?
                private let service = SessionService()
                private var startCancellable: AnyCancellable?
                func start() {
                    startCancellable = service.start()
                        .receive(on: DispatchQueue.main)
                        .sink(receiveCompletion: { _ in }, receiveValue: { \(handler) })
                }
            }
            final class SessionService {
                func start() -> AnyPublisher<ParkingSession, Error> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/start")!)
                        .map(\\.data)
                        .decode(type: ParkingSession.self, decoder: JSONDecoder())
                        .eraseToAnyPublisher()
                }
            }
            """)]
    }

    /// (Round 134.) A property named for what happened (`didStartSession`, as a delegate's `didX`
    /// methods are) is an event, even when a request that finishes fills it: the banner its consumer
    /// shows comes back for each new subscriber. The loaded value named as a thing stays state.
    func testAPropertyNamedForWhatHappenedIsAnEventWhateverFillsIt() {
        XCTAssertEqual(places(garage(property: "didStartSession"), SubjectFakeInitialValueRule()),
                       ["GarageDetailView.swift:10:33 subject_fake_initial_value"])
        XCTAssertEqual(places(garage(property: "activeSession"), SubjectFakeInitialValueRule()), [])
        XCTAssertEqual(places(garage(property: "activeSession", anonymous: true), SubjectFakeInitialValueRule()), [])
        // `did` inside a word is no such name.
        XCTAssertEqual(places(garage(property: "didoSession"), SubjectFakeInitialValueRule()), [])
    }

    private func plotModel(_ name: String, _ type: String) -> [SourceFile] {
        [SourceFile(path: "PlotMapViewModel.swift", text: """
            final class PlotMapViewModel {
                @Published private(set) var \(name): \(type)? = nil
                private var cancellables = Set<AnyCancellable>()
                init(sensor: SoilSensor) {
                    sensor.readings
                        .sink { [weak self] reading in self?.\(name) = reading }
                        .store(in: &cancellables)
                }
            }
            final class PlotDetailViewController: UIViewController {
                private let label = UILabel()
                private var cancellables = Set<AnyCancellable>()
                func bind(_ model: PlotMapViewModel) {
                    model.$\(name)
                        .compactMap { $0 }
                        .sink { [weak self] in self?.label.text = "\\($0)" }
                        .store(in: &cancellables)
                }
            }
            """)]
    }

    /// (Round 136.) The latest value of something that keeps changing, named for what it is
    /// (`latestReading`), is a standing state: a new screen rightly shows it. A name that is only
    /// `current` or `latest` says nothing of what it holds, so its value type decides (a `Toast` is an event).
    /// (Round 144.) So is the active one of several (`activeSensorID`), unless it is a notice.
    func testTheLatestValueOfSomethingIsAStandingState() {
        XCTAssertEqual(places(plotModel("latestReading", "SensorReading"), SubjectFakeInitialValueRule()), [])
        XCTAssertEqual(places(plotModel("activeSensorID", "UUID"), SubjectFakeInitialValueRule()), [])
        XCTAssertEqual(places(plotModel("activeAlert", "SensorAlert"), SubjectFakeInitialValueRule()),
                       ["PlotMapViewModel.swift:2:33 subject_fake_initial_value"])
        XCTAssertEqual(places(plotModel("current", "Toast"), SubjectFakeInitialValueRule()),
                       ["PlotMapViewModel.swift:2:33 subject_fake_initial_value"])
        XCTAssertEqual(places(plotModel("latestAlert", "SensorAlert"), SubjectFakeInitialValueRule()),
                       ["PlotMapViewModel.swift:2:33 subject_fake_initial_value"])
    }

    private func sceneDelegate(_ pipeline: String) -> [SourceFile] {
        [SourceFile(path: "SceneDelegate.swift", text: """
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                private var foregroundCancellables = Set<AnyCancellable>()
                func sceneWillEnterForeground(_ scene: UIScene) {
                    \(pipeline)
                        .sink { print($0) }
                        .store(in: &foregroundCancellables)
                }
            }
            final class ConnectivityMonitor {
                static let shared = ConnectivityMonitor()
                @Published var isOnline = true
            }
            final class WeatherService {
                let temperatures = PassthroughSubject<Double, Never>()
                func refresh() -> AnyPublisher<Double, Never> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com")!)
                        .map { _ in 0.0 }
                        .replaceError(with: 0)
                        .eraseToAnyPublisher()
                }
            }
            """)]
    }

    /// (Round 136.) `first()` ends a pipeline only when nothing after it brings in another publisher:
    /// `first().combineLatest($isOnline)` lives as long as `$isOnline`, one more subscription per
    /// return to the foreground; `first().flatMap { request }` finishes with the request.
    func testALimitBeforeACombinerThatNeverFinishes() {
        let service = "WeatherService()"
        XCTAssertEqual(places(sceneDelegate("\(service).temperatures.first().combineLatest(ConnectivityMonitor.shared.$isOnline)"),
                              StoreInAppearanceRule()),
                       ["SceneDelegate.swift:6:14 store_in_appearance"])
        XCTAssertEqual(places(sceneDelegate("\(service).temperatures.first()"), StoreInAppearanceRule()), [])
        XCTAssertEqual(places(sceneDelegate("\(service).temperatures.first().flatMap { _ in WeatherService().refresh() }"), StoreInAppearanceRule()), [])
    }

    private func container(previewUse: String) -> [SourceFile] {
        [SourceFile(path: "AppContainer.swift", text: """
            final class AppContainer {
                static let live = AppContainer()
                let beacons = BeaconService()
            }
            final class BeaconService {
                var isRanging = false
                private var cancellables = Set<AnyCancellable>()
                init() {
                    NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
                        .sink { _ in self.isRanging = true }
                        .store(in: &cancellables)
                }
            }
            """),
         SourceFile(path: "ExhibitDetailView.swift", text: """
            struct ExhibitDetailView: View {
                let model: ExhibitDetailModel
                var body: some View { Text("") }
            }
            extension ExhibitDetailModel {
                static var preview: ExhibitDetailModel {
                    let container = AppContainer()
                    return ExhibitDetailModel(beacons: container.beacons)
                }
            }
            \(previewUse)
            """)]
    }

    /// (Round 137.) An object made once at launch (`static let live`) and otherwise only by a static
    /// getter that previews alone read (`ExhibitDetailModel.preview`) lives for the whole run: its
    /// cycle frees nothing later. Read by the app's own code too, the getter makes more of them.
    func testAnObjectMadeOtherwiseOnlyByAPreviewGetterIsRunLong() {
        XCTAssertEqual(places(container(previewUse: "#Preview { ExhibitDetailView(model: .preview) }"), StrongSelfCaptureRule()), [])
        XCTAssertEqual(places(container(previewUse: "func open() -> ExhibitDetailView { ExhibitDetailView(model: .preview) }"), StrongSelfCaptureRule()),
                       ["AppContainer.swift:10:26 strong_self_capture"])
    }
}
