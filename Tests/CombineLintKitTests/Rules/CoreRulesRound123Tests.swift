import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for rounds 121–123 (see the rule documents).
final class CoreRulesRound123Tests: XCTestCase {
    private let sceneDelegate = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            let environment = AppEnvironment()
            private var foregroundBag = Set<AnyCancellable>()
            func sceneWillEnterForeground(_ scene: UIScene) {
                environment.sensors.state
                    .filter { $0 == .ready }
                    .sink { [weak self] _ in self?.environment.sensors.startScan() }
                    .store(in: &foregroundBag)
            }
        }
        final class AppEnvironment {
            let sensors = BluetoothSensorService()
        }
        """

    private func service(ticker: String) -> String {
        """
        final class BluetoothSensorService {
            let state = CurrentValueSubject<SensorState, Never>(.idle)
            private var subscriptions = Set<AnyCancellable>()
            func startScan() {
                state.send(.scanning)
                \(ticker)
                    .sink { [weak self] _ in self?.readSignalStrength() }
                    .store(in: &subscriptions)
            }
            func readSignalStrength() {}
        }
        """
    }

    private func places(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.file):\($0.line):\($0.column) \($0.ruleID)" }
    }

    /// (Round 121.) `startScan()` runs for every ready value of the scene delegate's `sink` and
    /// stores one more endless timer subscription each time: `nested_sink`, at the inner `sink`,
    /// which supersedes `repeated_subscription`'s report of the same store.
    func testAnotherTypesSinkCallsAStoringMethodPerValue() throws {
        let rules = [ConfiguredRule(rule: RepeatedSubscriptionRule()), ConfiguredRule(rule: NestedSinkRule())]
        let files = [SourceFile(path: "SceneDelegate.swift", text: sceneDelegate),
                     SourceFile(path: "BluetoothSensorService.swift", text: service(ticker: "Timer.publish(every: 2, on: .main, in: .common).autoconnect()"))]
        let found = Analyzer.analyze(files, rules: rules)
        XCTAssertEqual(places(found), ["BluetoothSensorService.swift:7:14 nested_sink"])
        // With `nested_sink` off, the store is `repeated_subscription`'s (the delegate's foreground callback reaches it).
        let alone = Analyzer.analyze(files, rules: [ConfiguredRule(rule: RepeatedSubscriptionRule())])
        XCTAssertEqual(places(alone), ["BluetoothSensorService.swift:8:14 repeated_subscription"])
        XCTAssertEqual(try XCTUnwrap(found.first).message,
                       "`sink` in `startScan()`, which runs for every value of another subscription's `sink` in `SceneDelegate` (on `state`), adds one more subscription to `subscriptions` each time.")
        // A request per value ends by itself: nothing piles up.
        let finite = [files[0], SourceFile(path: "BluetoothSensorService.swift", text: service(ticker: "URLSession.shared.dataTaskPublisher(for: Self.statusURL)"))]
        XCTAssertEqual(places(Analyzer.analyze(finite, rules: [ConfiguredRule(rule: NestedSinkRule())])), [])
    }

    /// (Round 124.) The drill's state sink calls `handle(_:)`, which calls `beginMetering()` on each
    /// `.listening`: it stores one more subscription to `speech.levelPublisher` each time. That
    /// property, read through the `SpeechRecognizing` protocol, is the service's subject passed
    /// through the project's own `smoothed()` operator; a view's stored `levelPublisher`, set from
    /// outside, is another type's and says nothing of it.
    func testAProtocolPropertyJudgedByItsConformersNotBySameNamedProperties() {
        func files(getter: String) -> [(path: String, text: String)] {
            let speech = """
                protocol SpeechRecognizing: AnyObject {
                    var statePublisher: AnyPublisher<RecognitionState, Never> { get }
                    var levelPublisher: AnyPublisher<Double, Never> { get }
                }
                final class SpeechRecognitionService: SpeechRecognizing {
                    private let stateSubject = CurrentValueSubject<RecognitionState, Never>(.idle)
                    private let levelSubject = PassthroughSubject<Double, Never>()
                    var statePublisher: AnyPublisher<RecognitionState, Never> { stateSubject.removeDuplicates().eraseToAnyPublisher() }
                    var levelPublisher: AnyPublisher<Double, Never> { \(getter) }
                }
                extension Publisher where Output == Double, Failure == Never {
                    func smoothed(factor: Double = 0.3) -> AnyPublisher<Double, Never> {
                        scan(0.0) { previous, next in previous + (next - previous) * factor }.eraseToAnyPublisher()
                    }
                }
                """
            let meter = """
                final class LevelMeterView: UIView {
                    var levelPublisher: AnyPublisher<Double, Never>?
                    private var cancellable: AnyCancellable?
                    override func didMoveToWindow() {
                        guard window != nil, let levelPublisher else { return }
                        cancellable = levelPublisher.sink { [weak self] in self?.alpha = CGFloat($0) }
                    }
                }
                """
            let model = """
                final class DrillViewModel: ObservableObject {
                    @Published var level = 0.0
                    private let speech: SpeechRecognizing
                    private var cancellables = Set<AnyCancellable>()
                    init(speech: SpeechRecognizing) {
                        self.speech = speech
                        speech.statePublisher
                            .receive(on: DispatchQueue.main)
                            .sink { [weak self] state in self?.handle(state) }
                            .store(in: &cancellables)
                    }
                    private func handle(_ state: RecognitionState) {
                        switch state {
                        case .listening: beginMetering()
                        default: level = 0
                        }
                    }
                    private func beginMetering() {
                        speech.levelPublisher
                            .receive(on: DispatchQueue.main)
                            .sink { [weak self] level in self?.level = level }
                            .store(in: &cancellables)
                    }
                }
                """
            return [("Speech.swift", speech), ("LevelMeterView.swift", meter), ("DrillViewModel.swift", model)]
        }
        XCTAssertEqual(CombineLintKitTests.places(NestedSinkRule.self, files(getter: "levelSubject.smoothed().eraseToAnyPublisher()")), ["DrillViewModel.swift:21:14"])
        // One reading, then done: nothing stays subscribed.
        XCTAssertEqual(CombineLintKitTests.places(NestedSinkRule.self, files(getter: "Just(0.5).eraseToAnyPublisher()")), [])
    }

    /// (Round 124.) A push token is held until it changes: a late subscriber rightly gets the latest
    /// one, and skipping the `nil` start only waits for the first. A notice is still an event.
    func testATokenIsStandingState() {
        func text(name: String) -> String {
            """
            final class AppDelegate: UIResponder, UIApplicationDelegate {
                let \(name) = CurrentValueSubject<Data?, Never>(nil)
                private var cancellables = Set<AnyCancellable>()
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                    \(name).compactMap { $0 }.removeDuplicates().sink { PushRegistry.register($0) }.store(in: &cancellables)
                    return true
                }
                func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
                    \(name).send(deviceToken)
                }
            }
            """
        }
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text(name: "pushTokens")), [])
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text(name: "apnsToken")), [])
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text(name: "pushAlert")), ["2:9"])
    }

    /// (Round 125.) The scene delegate subscribes to reachability on every return to the foreground
    /// and never empties its bag. The protocol's one app conformer erases a subject; the `Just` of
    /// `AlwaysReachable`, declared beside the test case in `SyncServiceTests.swift`, is test code.
    func testATestHelperInAFileOfTestCasesDecidesNothing() {
        let app = """
            protocol ReachabilityProviding {
                var isReachablePublisher: AnyPublisher<Bool, Never> { get }
            }
            final class ReachabilityMonitor: ReachabilityProviding {
                private let subject = CurrentValueSubject<Bool, Never>(true)
                var isReachablePublisher: AnyPublisher<Bool, Never> { subject.removeDuplicates().eraseToAnyPublisher() }
            }
            final class DependencyContainer {
                static let shared = DependencyContainer()
                lazy var reachability: ReachabilityProviding = ReachabilityMonitor()
            }
            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                private var cancellables = Set<AnyCancellable>()
                func sceneWillEnterForeground(_ scene: UIScene) {
                    DependencyContainer.shared.reachability.isReachablePublisher
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] reachable in self?.window?.alpha = reachable ? 1 : 0.5 }
                        .store(in: &cancellables)
                }
            }
            """
        let helper = """
            struct AlwaysReachable: ReachabilityProviding {
                var isReachablePublisher: AnyPublisher<Bool, Never> { Just(true).eraseToAnyPublisher() }
            }
            final class SyncServiceTests: XCTestCase {
                func testSyncRuns() { XCTAssertNotNil(SyncService(reachability: AlwaysReachable())) }
            }
            """
        XCTAssertEqual(CombineLintKitTests.places(StoreInAppearanceRule.self, [("App/App.swift", app), ("Tests/SyncServiceTests.swift", helper)]),
                       ["App/App.swift:19:14"])
        // The same type in the app's own code is an implementation the app may run: the name is undecided.
        let appHelper = helper.replacingOccurrences(of: "final class SyncServiceTests: XCTestCase {\n    func testSyncRuns() { XCTAssertNotNil(SyncService(reachability: AlwaysReachable())) }\n}\n", with: "")
        XCTAssertEqual(CombineLintKitTests.places(StoreInAppearanceRule.self, [("App/App.swift", app), ("App/Offline.swift", appHelper)]), [])
    }
}
