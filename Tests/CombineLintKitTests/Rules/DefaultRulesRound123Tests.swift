import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for rounds 122 and 123 (see the rule documents).
final class DefaultRulesRound123Tests: XCTestCase {
    /// `weatherAlerts(for:)` returns a request when no vendor provider is set and a `Future` made
    /// once otherwise: on the request path, the second subscription sends the request again.
    func testAFunctionWithOneReturnDoingWorkPerSubscription() {
        func text(fallback: String) -> String {
            """
            protocol AlertsServiceProtocol {
                func weatherAlerts(for resort: Resort) -> AnyPublisher<[WeatherAlert], Error>
            }
            final class AlertsService: AlertsServiceProtocol {
                private let session: URLSession
                private let provider: AlertsProvider?
                init(session: URLSession, provider: AlertsProvider?) { self.session = session; self.provider = provider }
                func weatherAlerts(for resort: Resort) -> AnyPublisher<[WeatherAlert], Error> {
                    guard let provider else {
                        return \(fallback)
                    }
                    return Future<[WeatherAlert], Error> { promise in
                        provider.fetchAlerts(resort.id) { promise($0) }
                    }
                    .eraseToAnyPublisher()
                }
            }
            final class SnowReportViewModel: ObservableObject {
                @Published var alertCount = 0
                @Published var alerts: [WeatherAlert] = []
                private let service: AlertsServiceProtocol
                private let resort: Resort
                init(service: AlertsServiceProtocol, resort: Resort) { self.service = service; self.resort = resort }
                func loadAlerts() {
                    let request = service.weatherAlerts(for: resort)
                    request.map(\\.count).replaceError(with: 0).receive(on: DispatchQueue.main).assign(to: &$alertCount)
                    request.replaceError(with: []).receive(on: DispatchQueue.main).assign(to: &$alerts)
                }
            }
            """
        }
        let request = "session.dataTaskPublisher(for: resort.alertsURL).map(\\.data).decode(type: [WeatherAlert].self, decoder: JSONDecoder()).eraseToAnyPublisher()"
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(fallback: request)), ["27:9"])
        // Every path shares its one result: subscribing twice runs nothing again.
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(fallback: "Just([]).setFailureType(to: Error.self).eraseToAnyPublisher()")), [])
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(fallback: "Fail(error: AlertsError.noProvider).eraseToAnyPublisher()")), [])
        // Shared where it is made: one request for both subscribers.
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(fallback: request.replacingOccurrences(of: ".eraseToAnyPublisher()", with: ".share().eraseToAnyPublisher()"))), [])
    }

    /// (Round 122.) `TelemetryFeed` requires `frames` as a subject: the app's `SocketTelemetryFeed` is reported
    /// (the fix is in the protocol); `PreviewTelemetryFeed`, which the previews and an environment
    /// key's default make, repeats the requirement and is not.
    func testAPreviewStandInOfAProtocolRequiringTheSubject() {
        let text = """
        protocol TelemetryFeed: AnyObject {
            var frames: PassthroughSubject<TelemetryFrame, Never> { get }
            func connect(to substation: SubstationID)
        }
        final class SocketTelemetryFeed: TelemetryFeed {
            let frames = PassthroughSubject<TelemetryFrame, Never>()
            func connect(to substation: SubstationID) { socket.open(substation) { [weak self] in self?.frames.send($0) } }
        }
        final class PreviewTelemetryFeed: TelemetryFeed {
            let frames = PassthroughSubject<TelemetryFrame, Never>()
            func connect(to substation: SubstationID) { frames.send(TelemetryFrame.sample(substation)) }
        }
        final class PreviewFeedCache {
            let frames = PassthroughSubject<TelemetryFrame, Never>()
            func replay() { frames.send(TelemetryFrame.sample(.main)) }
        }
        struct AppEnvironment {
            var feed: TelemetryFeed
            static let preview = AppEnvironment(feed: PreviewTelemetryFeed())
        }
        private struct AppEnvironmentKey: EnvironmentKey {
            static let defaultValue: AppEnvironment = .preview
        }
        """
        // `PreviewFeedCache` requires nothing: an ordinary class whose name starts so is still reported.
        XCTAssertEqual(positions(ExposedSubjectRule.self, text), ["6:9", "14:9"])
    }

    /// (Round 122.) The app's bus posts on the main thread only; an exporter's own local subject of
    /// the same name, sent into on its queue and returned, is no send into the bus's `events`.
    func testASendIntoAFunctionsOwnLocalSubjectOfTheSameName() {
        func text(reset: String) -> String {
            """
            final class EventBus {
                var events = PassthroughSubject<AppEvent, Never>()
                func post(_ event: AppEvent) { events.send(event) }
                \(reset)
            }
            final class OPMLExporter {
                private let queue = DispatchQueue(label: "export")
                func export(_ feeds: [Feed]) -> AnyPublisher<ExportEvent, Error> {
                    let events = PassthroughSubject<ExportEvent, Error>()
                    queue.async {
                        events.send(.started(count: feeds.count))
                        events.send(completion: .finished)
                    }
                    return events.eraseToAnyPublisher()
                }
            }
            final class AppDelegate: NSObject, NSApplicationDelegate {
                let bus = EventBus()
                var preferencesWindow: NSWindow?
                var cancellables = Set<AnyCancellable>()
                func applicationDidFinishLaunching(_ notification: Notification) {
                    bus.events
                        .sink { [weak self] event in
                            if case .showPreferences = event { self?.preferencesWindow?.makeKeyAndOrderFront(nil) }
                        }
                        .store(in: &cancellables)
                }
                @objc func openPreferences(_ sender: Any?) { bus.post(.showPreferences) }
            }
            """
        }
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text(reset: "")), [])
        // A local subject that the bus then holds: sends into the local are sends into `events`.
        let reset = "func reset(on queue: DispatchQueue) { let events = PassthroughSubject<AppEvent, Never>(); self.events = events; queue.async { events.send(.reset) } }"
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text(reset: reset)), ["23:14"])
    }

    /// (Round 124.) Every path of the ZIP check's closure returns a `Just`, one of them through a
    /// ternary: each inner publisher finishes as it is subscribed, so none can arrive out of order.
    /// A ternary with a request on one side still can.
    func testATernaryOfImmediatePublishersInFlatMap() {
        func text(otherwise: String) -> String {
            """
            final class PharmacySearchViewModel: ObservableObject {
                @Published var zipCode = ""
                @Published private(set) var zipHint: String?
                private let api: PharmacyAPI
                init(api: PharmacyAPI) {
                    self.api = api
                    $zipCode
                        .removeDuplicates()
                        .flatMap { zip -> AnyPublisher<String?, Never> in
                            let digits = zip.filter(\\.isNumber)
                            guard !zip.isEmpty else { return Just(nil).eraseToAnyPublisher() }
                            return digits.count == 5 && digits.count == zip.count
                                ? Just(nil).eraseToAnyPublisher()
                                : \(otherwise)
                        }
                        .assign(to: &$zipHint)
                }
            }
            """
        }
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(otherwise: "Just(\"Enter a 5-digit ZIP code\").eraseToAnyPublisher()")), [])
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(otherwise: "api.hint(for: zip).replaceError(with: nil).eraseToAnyPublisher()")), ["9:14"])
        // A request on the early path: still reported.
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(otherwise: "Just(nil).eraseToAnyPublisher()").replacingOccurrences(
            of: "guard !zip.isEmpty else { return Just(nil).eraseToAnyPublisher() }",
            with: "guard !zip.isEmpty else { return self.api.hint(for: zip).replaceError(with: nil).eraseToAnyPublisher() }")), ["9:14"])
    }

    /// (Round 122.) The task's capture list binds `states` to the feed's erased subject: the loop
    /// over its values never ends, and nothing keeps or cancels the task.
    func testALoopOverAValueBoundInTheCaptureList() {
        func text(capture: String) -> String {
            """
            final class TelemetryFeed {
                private let stateSubject = CurrentValueSubject<SocketState, Never>(.idle)
                var state: AnyPublisher<SocketState, Never> { stateSubject.eraseToAnyPublisher() }
                let sample = Just(SocketState.idle)
            }
            final class OneLineDiagramViewController: UIViewController {
                private let feed: TelemetryFeed
                private let statusLabel = UILabel()
                init(feed: TelemetryFeed) { self.feed = feed; super.init(nibName: nil, bundle: nil) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    Task { [weak self, \(capture)] in
                        for await state in states.values {
                            await MainActor.run { self?.statusLabel.text = "\\(state)" }
                        }
                    }
                }
            }
            """
        }
        XCTAssertEqual(positions(EndlessValuesTaskRule.self, text(capture: "states = feed.state")), ["12:9"])
        // A publisher that sends one value and finishes: the loop ends.
        XCTAssertEqual(positions(EndlessValuesTaskRule.self, text(capture: "states = feed.sample")), [])
    }

    /// (Round 122.) `warmUp` keeps the day-ahead request in a local and makes two pipelines of it,
    /// each held in a local of its own, then combines them: the request runs once per pipeline. The
    /// receiverless `forecast(for:hours:)` is the service's own method, not the preview stand-in's,
    /// which returns a `Just`.
    func testTwoLocalsDerivedFromOneRequestAndCombined() {
        func files(cacheFill: String) -> [(path: String, text: String)] {
            let service = """
                protocol ForecastServicing {
                    func forecast(for id: Int, hours: Int) -> AnyPublisher<Data, Error>
                }
                final class ForecastService: ForecastServicing {
                    private let session: URLSession
                    init(session: URLSession) { self.session = session }
                    func forecast(for id: Int, hours: Int) -> AnyPublisher<Data, Error> {
                        session.dataTaskPublisher(for: Endpoint.forecast(id, hours)).map(\\.data).mapError { $0 as Error }.eraseToAnyPublisher()
                    }
                    func warmUp(id: Int, into store: ForecastCache) -> AnyCancellable {
                        let dayAhead = forecast(for: id, hours: 24)
                        let summary = dayAhead
                            .map { "\\($0.count) bytes" }
                            .replaceError(with: "unavailable")
                        \(cacheFill)
                        return summary.combineLatest(cacheFill)
                            .sink { line, data in store.put(data, note: line) }
                    }
                }
                """
            let preview = """
                final class PreviewForecastService: ForecastServicing {
                    func forecast(for id: Int, hours: Int) -> AnyPublisher<Data, Error> {
                        Just(Data()).setFailureType(to: Error.self).eraseToAnyPublisher()
                    }
                }
                """
            return [("ForecastService.swift", service), ("PreviewSupport.swift", preview)]
        }
        let derived = "let cacheFill = dayAhead.map { Optional($0) }.replaceError(with: nil).compactMap { $0 }"
        XCTAssertEqual(CombineLintKitTests.places(ColdPublisherSubscribedTwiceRule.self, files(cacheFill: derived)), ["ForecastService.swift:15:25"])
        // Shared before the two pipelines: one request.
        let shared = files(cacheFill: derived).map { ($0.path, $0.text.replacingOccurrences(of: "let dayAhead = forecast(for: id, hours: 24)", with: "let dayAhead = forecast(for: id, hours: 24).share()")) }
        XCTAssertEqual(CombineLintKitTests.places(ColdPublisherSubscribedTwiceRule.self, shared), [])
        // A local made from the request that nothing subscribes to runs nothing.
        let unused = "let cacheFill = Just(Data()); _ = dayAhead.map { Optional($0) }"
        XCTAssertEqual(CombineLintKitTests.places(ColdPublisherSubscribedTwiceRule.self, files(cacheFill: unused)), [])
    }

    /// (Round 125.) The scan session sends each plug-in it finds and then completes the stream in
    /// the same method: the loop over `session.discovered.values` ends with the scan. A socket that
    /// completes its state only in a `shutdown()` of its own, sending nothing before, runs until then.
    func testALoopOverASubjectItsOwnerCompletesAfterProducing() {
        func text(run: String) -> String {
            """
            final class PluginScanSession {
                private let found = PassthroughSubject<PluginDescriptor, Never>()
                private var cancellables = Set<AnyCancellable>()
                var discovered: AnyPublisher<PluginDescriptor, Never> { found.eraseToAnyPublisher() }
                \(run)
            }
            final class PluginScanViewController: NSViewController {
                private var scanSession: PluginScanSession?
                private var resultsTask: Task<Void, Never>?
                private var found: [PluginDescriptor] = []
                override func viewDidLoad() {
                    super.viewDidLoad()
                    if let session = scanSession {
                        resultsTask = Task { [weak self] in
                            for await plugin in session.discovered.values {
                                await MainActor.run { self?.found.append(plugin) }
                            }
                        }
                    }
                }
            }
            """
        }
        let scan = """
            func run(_ scanner: PluginScanner) {
                    scanner.scanAll()
                        .sink { [weak self] plugins in
                            plugins.forEach { self?.found.send($0) }
                            self?.found.send(completion: .finished)
                        }
                        .store(in: &cancellables)
                }
            """
        XCTAssertEqual(positions(EndlessValuesTaskRule.self, text(run: scan)), [])
        let shutdown = """
            func add(_ plugin: PluginDescriptor) { found.send(plugin) }
                func shutdown() { found.send(completion: .finished) }
            """
        XCTAssertEqual(positions(EndlessValuesTaskRule.self, text(run: shutdown)), ["15:27"])
    }

    /// (Round 125.) The capture output hands each frame to `captureOutput(_:didOutput:from:)` on the
    /// session queue it was given: the sharpness subject is sent into there, and the sink that sets
    /// the hint label runs there too.
    func testACaptureOutputsDelegateQueue() {
        func text(queue: String) -> String {
            """
            final class CameraCaptureViewController: UIViewController, AVCaptureVideoDataOutputSampleBufferDelegate {
                private let session = AVCaptureSession()
                private let videoOutput = AVCaptureVideoDataOutput()
                private let sessionQueue = DispatchQueue(label: "camera.session")
                private let sharpness = PassthroughSubject<Double, Never>()
                private let hintLabel = UILabel()
                private var cancellables = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    videoOutput.setSampleBufferDelegate(self, queue: \(queue))
                    sharpness
                        .map { $0 > 0.6 ? "Hold still" : "Move closer" }
                        .sink { [weak self] hint in self?.hintLabel.text = hint }
                        .store(in: &cancellables)
                }
                func captureOutput(_ output: AVCaptureOutput, didOutput sampleBuffer: CMSampleBuffer, from connection: AVCaptureConnection) {
                    sharpness.send(SharpnessMeter.score(sampleBuffer))
                }
            }
            """
        }
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text(queue: "sessionQueue")), ["13:14"])
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text(queue: "DispatchQueue.main")), [])
    }
}
