import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for rounds 126 to 131 (see the rule documents).
final class DefaultRulesRound126Tests: XCTestCase {
    private let app = """
        @main struct FestivalApp: App {
            @StateObject private var appState = AppState()
            var body: some Scene {
                WindowGroup { FriendFinderView(viewModel: appState.friendFinder) }
            }
        }
        final class AppState: ObservableObject {
            let friendFinder = FriendFinderViewModel(service: FriendFinderService())
        }
        struct FriendFinderView: View {
            @ObservedObject var viewModel: FriendFinderViewModel
            var body: some View {
                Text("Friends").onAppear { viewModel.start() }
            }
        }
        """

    private func model(start: String = "", caller: String = "") -> String {
        """
        final class FriendFinderService {
            @Published private(set) var locations: [Int] = []
        }
        final class FriendFinderViewModel: ObservableObject {
            private let service: FriendFinderService
            private var started = false
            init(service: FriendFinderService) { self.service = service\(caller) }
            func start() {\(start)
                Task { [weak self, service] in
                    for await locations in service.$locations.values {
                        self?.show(locations)
                    }
                }
            }
            func show(_ locations: [Int]) {}
        }
        """
    }

    /// (Round 126.) The model lives for the run (the app's state object owns it), so one endless
    /// loop of it frees nothing later; but the view's `onAppear` runs `start()` again on each
    /// appearance, and each run starts one more loop that nothing cancels.
    func testARunLongObjectStartingAnUnkeptEndlessTaskOnEachAppearance() throws {
        let files = [SourceFile(path: "App.swift", text: app), SourceFile(path: "FriendFinderViewModel.swift", text: model())]
        XCTAssertEqual(places(files, EndlessValuesTaskRule()), ["FriendFinderViewModel.swift:9:9 endless_values_task"])
        let finding = try XCTUnwrap(Analyzer.analyze(files, rules: [ConfiguredRule(rule: EndlessValuesTaskRule())]).first)
        XCTAssertEqual(finding.message,
                       "Each `onAppear` runs `start()`, which starts one more task that nothing can cancel, and the loop over `service.$locations.values` never ends.")
        // A run-once flag lets only the first appearance start it.
        let once = [files[0], SourceFile(path: "FriendFinderViewModel.swift",
                                         text: model(start: "\n        guard !started else { return }\n        started = true"))]
        XCTAssertEqual(places(once, EndlessValuesTaskRule()), [])
        // Started once, from the initializer, by an object that lives for the run: nothing piles up.
        let fromInit = [SourceFile(path: "App.swift", text: app.replacingOccurrences(of: ".onAppear { viewModel.start() }", with: "")),
                        SourceFile(path: "FriendFinderViewModel.swift", text: model(caller: "; start()"))]
        XCTAssertEqual(places(fromInit, EndlessValuesTaskRule()), [])
        // Unless the team asks for the loops of run-long objects too (`include_run_long_objects`).
        let texts = [(path: "App.swift", text: app.replacingOccurrences(of: ".onAppear { viewModel.start() }", with: "")),
                     (path: "FriendFinderViewModel.swift", text: model(caller: "; start()"))]
        let all = CombineLintKitTests.findings(of: EndlessValuesTaskRule.self, in: texts,
                                               options: RuleOptions(["include_run_long_objects": ["true"]]))
        XCTAssertEqual(all.map { "\($0.file):\($0.line):\($0.column)" }, ["FriendFinderViewModel.swift:9:9"])
        XCTAssertEqual(all.first?.message,
                       "Nothing can cancel this task, and the loop over `service.$locations.values` never ends: it lives for ever with everything it captures.")
    }

    /// (Round 126.) `filters.filtered(…)`, through the protocol its one implementation satisfies,
    /// returns a pipeline that ends in the project's `receiveOnMain()`: the caller's
    /// `receive(on: DispatchQueue.main)` hops again.
    func testASourceFunctionEndingInTheProjectsMainHopOperator() {
        func text(ending: String) -> String {
            """
            extension Publisher {
                func receiveOnMain() -> Publishers.ReceiveOn<Self, DispatchQueue> {
                    receive(on: DispatchQueue.main)
                }
            }
            protocol FilterEngineProtocol: AnyObject {
                func filtered(_ entries: AnyPublisher<String, Never>) -> AnyPublisher<String, Never>
            }
            final class FilterEngine: FilterEngineProtocol {
                private let matchQueue = DispatchQueue(label: "match")
                func filtered(_ entries: AnyPublisher<String, Never>) -> AnyPublisher<String, Never> {
                    entries
                        .receive(on: matchQueue)
                        .filter { !$0.isEmpty }
                        \(ending)
                        .eraseToAnyPublisher()
                }
            }
            final class LogViewerViewModel: ObservableObject {
                @Published private(set) var lines: [String] = []
                private let filters: FilterEngineProtocol
                private var cancellables = Set<AnyCancellable>()
                init(filters: FilterEngineProtocol) { self.filters = filters }
                func start(_ entries: AnyPublisher<String, Never>) {
                    filters.filtered(entries)
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] line in self?.lines.append(line) }
                        .store(in: &cancellables)
                }
            }
            """
        }
        let rule = MultipleReceiveOnRule()
        XCTAssertEqual(places([SourceFile(path: "Log.swift", text: text(ending: ".receiveOnMain()"))], rule), ["Log.swift:26:14 multiple_receive_on"])
        // Delivered on the match queue: the hop to main is needed.
        XCTAssertEqual(places([SourceFile(path: "Log.swift", text: text(ending: ".map { $0 }"))], rule), [])
    }

    /// (Round 126.) `service.friendLocations`, read through the protocol the service conforms to,
    /// is the conformer's getter erasing `$locations`, which the service changes in a request's sink
    /// with no hop: the view model's sink writes its observed `@Published` property off main. A test
    /// double's getter stands in for tests only.
    func testAProtocolPropertyIsItsConformersGetter() {
        func text(double: String) -> String {
            """
            protocol APIClientProtocol { func request(_ url: URL) -> AnyPublisher<[Int], Error> }
            final class APIClient: APIClientProtocol {
                func request(_ url: URL) -> AnyPublisher<[Int], Error> {
                    URLSession.shared.dataTaskPublisher(for: url).map { _ in [1] }.mapError { $0 as Error }.eraseToAnyPublisher()
                }
            }
            protocol FriendFinderServiceProtocol: AnyObject { var friendLocations: AnyPublisher<[Int], Never> { get } }
            final class FriendFinderService: FriendFinderServiceProtocol {
                @Published private(set) var locations: [Int] = []
                private let api: APIClientProtocol
                private var refresh: AnyCancellable?
                init(api: APIClientProtocol) { self.api = api }
                var friendLocations: AnyPublisher<[Int], Never> { $locations.eraseToAnyPublisher() }
                func refreshLocations(_ url: URL) {
                    refresh = api.request(url)
                        .replaceError(with: [])
                        .sink { [weak self] fresh in self?.locations = fresh }
                }
            }
            \(double)
            final class FriendFinderViewModel: ObservableObject {
                @Published private(set) var locations: [Int] = []
                private let service: FriendFinderServiceProtocol
                private var cancellables = Set<AnyCancellable>()
                init(service: FriendFinderServiceProtocol) { self.service = service }
                func start() {
                    service.friendLocations
                        .sink { [weak self] locations in self?.locations = locations }
                        .store(in: &cancellables)
                }
            }
            struct FriendFinderView: View {
                @ObservedObject var viewModel: FriendFinderViewModel
                var body: some View { Text("\\(viewModel.locations.count)") }
            }
            """
        }
        let rule = MainActorBackgroundDeliveryRule()
        let mock = "final class MockFriendFinderService: FriendFinderServiceProtocol { var friendLocations: AnyPublisher<[Int], Never> { Just([]).eraseToAnyPublisher() } }"
        XCTAssertEqual(places([SourceFile(path: "Friends.swift", text: text(double: mock))], rule), ["Friends.swift:28:14 main_actor_background_delivery"])
        // A second app conformer that delivers on main leaves the property's thread unknown.
        let onMain = "final class CachedFriendFinderService: FriendFinderServiceProtocol { var friendLocations: AnyPublisher<[Int], Never> { Just([]).receive(on: DispatchQueue.main).eraseToAnyPublisher() } }"
        XCTAssertEqual(places([SourceFile(path: "Friends.swift", text: text(double: onMain))], rule), [])
    }

    /// (Round 126.) `task.receive { … }` of a web socket task given as a parameter calls its handler
    /// on the session's delegate queue: the subject sent there delivers off main, also through a
    /// subject sent from that subject's sink.
    func testAWebSocketTaskParameterReceivesOffMain() {
        func text(parameter: String) -> String {
            """
            final class LiveUpdates {
                let messages = PassthroughSubject<Data, Never>()
                let changes = PassthroughSubject<Int, Never>()
                private var cancellables = Set<AnyCancellable>()
                init() {
                    messages.map(\\.count).sink { [weak self] n in self?.changes.send(n) }.store(in: &cancellables)
                }
                func receiveNext(on task: \(parameter)) {
                    task.receive { [weak self] result in
                        if case .success(.data(let data)) = result { self?.messages.send(data) }
                    }
                }
            }
            final class ScheduleViewController: UIViewController {
                let live = LiveUpdates()
                let label = UILabel()
                var cancellables = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    live.changes.sink { [weak self] n in self?.label.text = "\\(n)" }.store(in: &cancellables)
                }
            }
            """
        }
        let rule = MainActorBackgroundDeliveryRule()
        XCTAssertEqual(places([SourceFile(path: "Live.swift", text: text(parameter: "URLSessionWebSocketTask"))], rule),
                       ["Live.swift:20:22 main_actor_background_delivery"])
        // Another type's `receive` says nothing of its queue.
        XCTAssertEqual(places([SourceFile(path: "Live.swift", text: text(parameter: "MessageSource"))], rule), [])
    }

    /// (Round 126.) The subscription sends through a closure property that the publisher fills with
    /// its subscriber's `receive(_:)`; its empty `request(_:)` lets every location through. A closure
    /// that only logs sends nothing to a subscriber.
    func testASubscriptionSendingThroughAClosureTheSubscriberFills() {
        func text(send: String) -> String {
            """
            final class LocationProvider {
                private var subscriptions: [LocationSubscription] = []
                func add(_ subscription: LocationSubscription) { subscriptions.append(subscription) }
                func didUpdate(_ location: CLLocation) { subscriptions.forEach { $0.deliver(location) } }
                struct LocationPublisher: Publisher {
                    typealias Output = CLLocation
                    typealias Failure = Never
                    let provider: LocationProvider
                    func receive<S: Subscriber>(subscriber: S) where S.Input == CLLocation, S.Failure == Never {
                        let subscription = LocationSubscription(provider: provider, send: \(send))
                        subscriber.receive(subscription: subscription)
                        provider.add(subscription)
                    }
                }
            }
            final class LocationSubscription: Subscription {
                private weak var provider: LocationProvider?
                private var send: ((CLLocation) -> Void)?
                init(provider: LocationProvider, send: @escaping (CLLocation) -> Void) {
                    self.provider = provider
                    self.send = send
                }
                func request(_ demand: Subscribers.Demand) {}
                func deliver(_ location: CLLocation) { send?(location) }
                func cancel() { send = nil }
            }
            """
        }
        let rule = CustomSubscriptionIgnoresDemandRule()
        XCTAssertEqual(places([SourceFile(path: "Location.swift", text: text(send: "{ _ = subscriber.receive($0) }"))], rule),
                       ["Location.swift:23:10 custom_subscription_ignores_demand"])
        XCTAssertEqual(places([SourceFile(path: "Location.swift", text: text(send: "{ print($0) }"))], rule), [])
    }

    /// (Round 127.) `guard let fixes = self?.location.fixes else { return }` in the task binds the
    /// location service's erased subject (read through the protocol it conforms to), whose loop never
    /// ends; the preview's stand-in of that protocol, with its `Empty()`, gives previews their values,
    /// not the app's, so it leaves the property decided.
    func testAConditionBoundPropertyInTheTaskDecidesTheLoop() {
        func text(binding: String) -> String {
            """
            protocol LocationServicing: AnyObject { var fixes: AnyPublisher<Int, Never> { get } }
            final class LocationService: LocationServicing {
                private let fixSubject = PassthroughSubject<Int, Never>()
                var fixes: AnyPublisher<Int, Never> { fixSubject.eraseToAnyPublisher() }
            }
            final class RideViewModel: ObservableObject {
                private let location: LocationServicing
                init(location: LocationServicing) { self.location = location }
                func start() {
                    Task { [weak self] in
                        \(binding)
                        for await fix in fixes.values { self?.handle(fix) }
                    }
                }
                func handle(_ fix: Int) {}
            }
            """
        }
        let standIn = "final class PreviewLocationService: LocationServicing {\n    var fixes: AnyPublisher<Int, Never> { Empty().eraseToAnyPublisher() }\n}\n"
        let rule = EndlessValuesTaskRule()
        let bound = SourceFile(path: "Ride.swift", text: text(binding: "guard let fixes = self?.location.fixes else { return }"))
        XCTAssertEqual(places([bound, SourceFile(path: "PreviewSupport.swift", text: standIn)], rule), ["Ride.swift:10:9 endless_values_task"])
        // A type of that name in a file of the app's own is the app's: the property may finish;
        // unless only previews make it (round 128).
        XCTAssertEqual(places([bound, SourceFile(path: "LocationSources.swift", text: standIn)], rule), [])
        let preview = SourceFile(path: "RideView.swift", text: "struct RideView: View {\n    let model: RideViewModel\n    var body: some View { Text(\"Ride\") }\n}\nstruct RideScreen: View {\n    var body: some View { RideView(model: RideViewModel(location: LocationService())) }\n}\n#Preview {\n    RideView(model: RideViewModel(location: PreviewLocationService()))\n}\n")
        XCTAssertEqual(places([bound, SourceFile(path: "LocationSources.swift", text: standIn), preview], rule), ["Ride.swift:10:9 endless_values_task"])
        // A binding of something finite says the loop ends.
        XCTAssertEqual(places([SourceFile(path: "Ride.swift", text: text(binding: "guard let fixes = self?.location.fixes.first() else { return }"))], rule), [])
    }

    /// (Round 128.) Every publisher the `flatMap` closure returns is the screen's own
    /// `pointsPublisher(days:)`, which ends in `receive(on: DispatchQueue.main)`: `flatMap` hands its
    /// values on where they arrive, so the `receive(on:)` after it hops again. A closure that may return
    /// a pipeline delivering elsewhere decides nothing.
    func testAFlatMapWhoseInnerPublishersAllDeliverOnMain() {
        func text(inner: String) -> String {
            """
            final class GravityChartViewController: UIViewController {
                private let rangeSubject = CurrentValueSubject<Int, Never>(7)
                private let api: BrewAPI
                private var cancellables = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    rangeSubject
                        .removeDuplicates()
                        .flatMap { [unowned self] days in
                            \(inner)
                        }
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] points in self?.show(points) }
                        .store(in: &cancellables)
                }
                private func pointsPublisher(days: Int) -> AnyPublisher<[Double], Never> {
                    api.fetchGravity(days: days)
                        .replaceError(with: [])
                        .receive(on: DispatchQueue.main)
                        .eraseToAnyPublisher()
                }
                func show(_ points: [Double]) {}
            }
            """
        }
        let rule = MultipleReceiveOnRule()
        XCTAssertEqual(places([SourceFile(path: "Chart.swift", text: text(inner: "self.pointsPublisher(days: days)"))], rule),
                       ["Chart.swift:12:14 multiple_receive_on"])
        XCTAssertEqual(places([SourceFile(path: "Chart.swift", text: text(inner: "self.api.fetchGravity(days: days).replaceError(with: [])"))], rule), [])
    }

    /// (Round 128.) `store.update { $0.syncOverCellular = self.syncOverCellular }` hands the read to the
    /// project's `update(_:)`, whose closure parameter is not `@escaping`: it runs before `update`
    /// returns, inside the `$syncOverCellular` sink, so it reads the old value. An escaping parameter may
    /// run later, when the property has changed.
    func testAReadInANonEscapingClosureOfTheProjectsFunction() {
        func text(parameter: String) -> String {
            """
            final class SettingsStore {
                private(set) var settings = Settings()
                func update(_ change: \(parameter)) { change(&settings) }
            }
            final class SettingsViewModel: ObservableObject {
                @Published var syncOverCellular = false
                private let store = SettingsStore()
                private var cancellables = Set<AnyCancellable>()
                init() {
                    $syncOverCellular
                        .dropFirst()
                        .sink { [weak self] _ in
                            guard let self else { return }
                            self.store.update { $0.syncOverCellular = self.syncOverCellular }
                        }
                        .store(in: &cancellables)
                }
            }
            """
        }
        let rule = PublishedWillSetReadRule()
        XCTAssertEqual(places([SourceFile(path: "Settings.swift", text: text(parameter: "(inout Settings) -> Void"))], rule),
                       ["Settings.swift:14:59 published_willset_read"])
        XCTAssertEqual(places([SourceFile(path: "Settings.swift", text: text(parameter: "@escaping (inout Settings) -> Void"))], rule), [])
    }

    /// (Round 129.) The project's own `sinkLoggingErrors(_:receiveValue:)`, a publisher extension that
    /// returns `sink { … }` (after its own steps too), subscribes the request a second time. A helper of the
    /// name that only passes values on is an operator, not a subscription.
    func testAProjectSubscribingOperatorIsASubscription() {
        func text(helperBody: String) -> String {
            """
            extension Publisher {
                func sinkLoggingErrors(_ label: String, receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
                    \(helperBody)
                }
            }
            final class SchemaService {
                private var cancellables = Set<AnyCancellable>()
                private var tableCount = 0
                func refresh(_ url: URL) {
                    let tablesRequest = URLSession.shared.dataTaskPublisher(for: url)
                    tablesRequest
                        .map(\\.data.count)
                        .replaceError(with: 0)
                        .sink { [weak self] count in self?.tableCount = count }
                        .store(in: &cancellables)
                    tablesRequest
                        .sinkLoggingErrors("tables") { _ in }
                        .store(in: &cancellables)
                }
            }
            """
        }
        let rule = ColdPublisherSubscribedTwiceRule()
        let subscribing = "sink { completion in if case .failure(let error) = completion { print(label, error) } } receiveValue: { receiveValue($0) }"
        XCTAssertEqual(places([SourceFile(path: "Schema.swift", text: text(helperBody: subscribing))], rule), ["Schema.swift:16:9 cold_publisher_subscribed_twice"])
        let passing = "handleEvents(receiveOutput: { _ in print(label) }).sink(receiveCompletion: { _ in }, receiveValue: receiveValue)"
        XCTAssertEqual(places([SourceFile(path: "Schema.swift", text: text(helperBody: passing))], rule), ["Schema.swift:16:9 cold_publisher_subscribed_twice"])
        let operatorOnly = "handleEvents(receiveOutput: receiveValue).eraseToAnyPublisher()"
        XCTAssertEqual(places([SourceFile(path: "Schema.swift", text: text(helperBody: operatorOnly))], rule), [])
    }

    /// (Round 129.) `Measurement(value: t, unit: .celsius)` names the label `unit`, not the sink's
    /// `unit` parameter: the statement still reads the property's old value, and is reported.
    func testAnArgumentLabelIsNoUseOfTheClosuresParameter() {
        let text = """
            final class SettingsViewModel: ObservableObject {
                @Published var temperatureUnit = TemperatureUnit.celsius
                @Published var sampleText = ""
                private var lastTemperature = 25.0
                private var cancellables = Set<AnyCancellable>()
                init() {
                    $temperatureUnit
                        .sink { [weak self] unit in
                            guard let self else { return }
                            let measurement = Measurement(value: self.lastTemperature, unit: UnitTemperature.celsius)
                                .converted(to: self.temperatureUnit.unit)
                            self.sampleText = "\\(measurement)"
                        }
                        .store(in: &cancellables)
                }
            }
            """
        XCTAssertEqual(places([SourceFile(path: "Settings.swift", text: text)], PublishedWillSetReadRule()), ["Settings.swift:11:36 published_willset_read"])
    }

    /// (Round 129.) A kept `Future` (`lazy var microphoneAccess = Future { … requestAccess … }`) answers
    /// its first subscriber on the thread that fulfils it, the framework's own; the `flatMap` into it
    /// delivers there, and the sink touches a switch. A `Future` fulfilled right in its closure answers
    /// on the subscribing thread.
    func testAKeptFutureFulfilledInAFrameworkCallback() {
        func text(future: String) -> String {
            """
            final class CameraHostViewController: UIViewController {
                private let audioSwitch = UISwitch()
                private let toggles = PassthroughSubject<Bool, Never>()
                private var cancellables = Set<AnyCancellable>()
                private lazy var microphoneAccess = Future<Bool, Never> { promise in
                    \(future)
                }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    toggles
                        .filter { $0 }
                        .flatMap { [unowned self] _ in self.microphoneAccess }
                        .sink { [weak self] granted in
                            if !granted { self?.audioSwitch.setOn(false, animated: true) }
                        }
                        .store(in: &cancellables)
                }
            }
            """
        }
        let rule = MainActorBackgroundDeliveryRule()
        XCTAssertEqual(places([SourceFile(path: "Camera.swift", text: text(future: "AVCaptureDevice.requestAccess(for: .audio) { granted in promise(.success(granted)) }"))], rule),
                       ["Camera.swift:13:14 main_actor_background_delivery"])
        XCTAssertEqual(places([SourceFile(path: "Camera.swift", text: text(future: "promise(.success(true))"))], rule), [])
    }

    /// (Round 130.) `collect(.byTime(trackQueue, …))` sends each batch on `trackQueue`: a
    /// `receive(on: trackQueue)` right after it hops to where the batches already are.
    func testATimedCollectDeliversOnItsScheduler() {
        func text(hop: String) -> String {
            """
            final class CourseMapViewModel: ObservableObject {
                @Published private(set) var tracks: [[Int]] = []
                private let trackQueue = DispatchQueue(label: "tracks")
                private var cancellables = Set<AnyCancellable>()
                func start(_ positions: AnyPublisher<Int, Never>) {
                    positions
                        .collect(.byTime(trackQueue, .milliseconds(500)))
                        .receive(on: \(hop))
                        .map { [$0] }
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] tracks in self?.tracks = tracks }
                        .store(in: &cancellables)
                }
            }
            """
        }
        let rule = MultipleReceiveOnRule()
        let found = Analyzer.analyze([SourceFile(path: "Map.swift", text: text(hop: "trackQueue"))], rules: [ConfiguredRule(rule: rule)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column) \($0.ruleID)" }, ["Map.swift:8:14 multiple_receive_on"])
        XCTAssertEqual(found.first?.message,
                       "This `receive(on: trackQueue)` hops again to where `collect(.byTime(trackQueue, .milliseconds(500)))` on line 7 already delivers: a wasted hop per value.")
        XCTAssertEqual(places([SourceFile(path: "Map.swift", text: text(hop: "DispatchQueue.global()"))], rule), [])
    }

    /// (Round 131.) The project's `onMainFromBackground()` subscribes on a background queue, then
    /// ends in `receive(on: DispatchQueue.main)`: a `receive(on: DispatchQueue.main)` right after it
    /// hops again.
    func testAProjectOperatorHoppingToMainAfterOtherSteps() {
        func text(last: String) -> String {
            """
            extension Publisher {
                func onMainFromBackground(_ queue: DispatchQueue = .global()) -> AnyPublisher<Output, Failure> {
                    subscribe(on: queue)
                        .receive(on: \(last))
                        .eraseToAnyPublisher()
                }
            }
            final class InspectorViewModel: ObservableObject {
                @Published private(set) var stats = ""
                private var cancellables = Set<AnyCancellable>()
                func start(_ source: AnyPublisher<String, Never>) {
                    source
                        .map { $0.uppercased() }
                        .onMainFromBackground()
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] in self?.stats = $0 }
                        .store(in: &cancellables)
                }
            }
            """
        }
        let rule = MultipleReceiveOnRule()
        XCTAssertEqual(places([SourceFile(path: "Inspector.swift", text: text(last: "DispatchQueue.main"))], rule), ["Inspector.swift:15:14 multiple_receive_on"])
        XCTAssertEqual(places([SourceFile(path: "Inspector.swift", text: text(last: "queue"))], rule), [])
    }

    /// (Round 131.) `if let subject = phaseSubjects.removeValue(forKey: id)` binds a `let`: a value
    /// sent after its completion in that body is dropped, whatever runs between. Another binding of the
    /// name holds another subject.
    func testAConditionBoundSubjectCompletedThenSentInto() {
        let text = """
            final class PullQueue {
                private var phaseSubjects: [UUID: PassthroughSubject<Int, Never>] = [:]
                func finish(_ id: UUID, phase: Int) {
                    if let subject = phaseSubjects.removeValue(forKey: id) {
                        subject.send(completion: .finished)
                        update(id)
                        subject.send(phase)
                    }
                }
                func hand(_ old: UUID, to new: UUID, phase: Int) {
                    if let subject = phaseSubjects[old] { subject.send(completion: .finished) }
                    if let subject = phaseSubjects[new] { subject.send(phase) }
                }
                func update(_ id: UUID) {}
            }
            """
        XCTAssertEqual(places([SourceFile(path: "Pull.swift", text: text)], SendAfterCompletionRule()), ["Pull.swift:7:21 send_after_completion"])
    }
}
