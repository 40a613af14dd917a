import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 88 and after (see the rule documents).
final class DefaultRulesRound88Tests: XCTestCase {
    private func mainActorFindings(_ files: [(path: String, text: String)]) -> [Finding] {
        findings(of: MainActorBackgroundDeliveryRule.self, in: files)
    }

    /// `line:column` of each finding, in order.
    private func lineColumns(_ found: [Finding]) -> [String] {
        found.map { "\($0.line):\($0.column)" }
    }

    private static let statusItemController = """
    final class StatusItemController {
        let statusItem = NSStatusBar.system.statusItem(withLength: 10)
        private let sampler: Sampler
        private var cancellables = Set<AnyCancellable>()
        init(sampler: Sampler) { self.sampler = sampler }
        func install() {
            sampler.throughput
                .sink { [weak self] sample in self?.statusItem.button?.title = "\\(sample)" }
                .store(in: &cancellables)
        }
    }
    """

    /// A private helper sends into the subject; one call of it runs in a sink after `receive(on:)` a
    /// sampling queue, another in the sink of a custom publisher whose thread is not known. The values
    /// sent from the sampling queue still reach the status item off main: a race for those values.
    func testAPrivateSenderCalledOffMainByOneCallerDeliversOffMainForSomeValues() {
        let sampler = """
        enum Queues {
            static let sampling = DispatchQueue(label: "sampling", qos: .utility)
        }
        final class Sampler {
            private let sampleSubject = PassthroughSubject<Int, Never>()
            private var poll: AnyCancellable?
            var throughput: AnyPublisher<Int, Never> { sampleSubject.eraseToAnyPublisher() }
            func start() {
                poll = Timer.publish(every: 1, on: .main, in: .common)
                    .autoconnect()
                    .receive(on: Queues.sampling)
                    .map { _ in 1 }
                    .sink { [weak self] value in self?.ingest(value) }
            }
            func replay(_ values: [Int]) -> AnyCancellable {
                SnapshotPublisher(values: values).sink { [weak self] value in self?.ingest(value) }
            }
            private func ingest(_ value: Int) {
                sampleSubject.send(value)
            }
        }
        """
        let found = mainActorFindings([(path: "Sampler.swift", text: sampler), (path: "StatusItemController.swift", text: Self.statusItemController)])
        XCTAssertEqual(lineColumns(found), ["8:14"])
        XCTAssertEqual(found.first?.file, "StatusItemController.swift")
        XCTAssertTrue(found.first?.message.contains("a background one for some values") == true, found.first?.message ?? "")
    }

    /// A sampler whose private `ingest(_:)`, called from its background queue, has `body`; with the
    /// status item controller that shows its samples.
    private func samplerFindings(ingestBody body: String) -> [String] {
        let sampler = """
        final class Sampler {
            private let sampleSubject = PassthroughSubject<Int, Never>()
            private let queue = DispatchQueue(label: "sampling")
            var throughput: AnyPublisher<Int, Never> { sampleSubject.eraseToAnyPublisher() }
            func start() {
                queue.async { self.ingest(1) }
            }
            private func ingest(_ value: Int) {
        \(body)
            }
        }
        """
        return lineColumns(mainActorFindings([(path: "Sampler.swift", text: sampler),
                                              (path: "StatusItemController.swift", text: Self.statusItemController)]))
    }

    /// The same helper that sends on the main thread when called there and hops to main otherwise
    /// (`if Thread.isMainThread { send } else { DispatchQueue.main.async { send } }`) never sends off main;
    /// nor does one behind `guard Thread.isMainThread else { … }`. Without the test, the send is off main.
    func testASendUnderAThreadIsMainThreadTestRunsOnMain() {
        for test in ["Thread.isMainThread", "Thread.current.isMainThread"] {
            let body = """
                    if \(test) {
                        sampleSubject.send(value)
                    } else {
                        DispatchQueue.main.async { [sampleSubject] in sampleSubject.send(value) }
                    }
            """
            XCTAssertEqual(samplerFindings(ingestBody: body), [], test)
        }
        let guarded = """
                guard Thread.isMainThread else { return DispatchQueue.main.async { self.ingest(value) } }
                sampleSubject.send(value)
        """
        XCTAssertEqual(samplerFindings(ingestBody: guarded), [])
        XCTAssertEqual(samplerFindings(ingestBody: "        sampleSubject.send(value)"), ["8:14"])
    }

    /// A serial queue labelled `"com.northwind.maintenance.cache"` is a background queue: the `.main`
    /// test reads code, not the label's text. A queue that targets `.main` is still the main one.
    func testAQueueLabelContainingMainIsNoMainQueue() {
        let repository = """
        final class MaintenanceRepository {
            private let cacheQueue = DispatchQueue(label: "com.northwind.maintenance.cache")
            let reportsDidChange = PassthroughSubject<Int, Never>()
            func store(_ id: Int) {
                cacheQueue.async { self.reportsDidChange.send(id) }
            }
        }
        """
        let screen = """
        final class MaintenanceListViewController: UIViewController {
            private let repository: MaintenanceRepository
            private let tableView = UITableView()
            private var cancellables = Set<AnyCancellable>()
            init(repository: MaintenanceRepository) { self.repository = repository; super.init(nibName: nil, bundle: nil) }
            override func viewDidLoad() {
                super.viewDidLoad()
                repository.reportsDidChange
                    .sink { [weak self] _ in self?.tableView.reloadData() }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "Repository.swift", text: repository), (path: "List.swift", text: screen)])), ["9:14"])
        let targeted = repository.replacingOccurrences(of: #""com.northwind.maintenance.cache")"#, with: #""com.northwind.cache", target: .main)"#)
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "Repository.swift", text: targeted), (path: "List.swift", text: screen)])), [])
        XCTAssertTrue(DeliveryQueues.namesMain(#"DispatchQueue(label:"x",target:.main)"#))
        XCTAssertFalse(DeliveryQueues.namesMain(#"DispatchQueue(label:"com.app.maintenance")"#))
        XCTAssertFalse(DeliveryQueues.namesMain(#"DispatchQueue(label:"x",target:.mainframe)"#))
    }

    /// An `NSTextView` (like the other AppKit and UIKit controls) belongs to the main actor: assigning
    /// its `string` after `receive(on:)` a global queue races AppKit. After a hop back to main it is fine.
    func testAnAppKitTextViewAssignedOffMain() {
        let text = """
        final class InspectorViewController: NSViewController {
            private let logView = NSTextView()
            private let model: InspectorViewModel
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.$rawLog
                    .receive(on: DispatchQueue.global(qos: .utility))
                    .map { $0.joined(separator: "\\n") }
                    .assign(to: \\.string, on: logView)
                    .store(in: &cancellables)
                model.$rawLog
                    .receive(on: DispatchQueue.global(qos: .utility))
                    .map { $0.joined(separator: "\\n") }
                    .receive(on: DispatchQueue.main)
                    .assign(to: \\.string, on: logView)
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "A.swift", text: text)])), ["10:14"])
    }

    /// A store's sink, fed from a subject sent into on a cache queue, looks a turbine's model up in a
    /// dictionary and sets its `@Published` count: a tile view observes that model, so it redraws off
    /// main. A plain property of the model, or a model of a type no view observes, is no main-actor state.
    func testAWriteToAnObservedObjectReachedThroughALocal() {
        let models = """
        final class TurbineViewModel: ObservableObject {
            @Published var openReportCount = 0
            var lastChecked: Date?
        }
        final class ReportCounter: ObservableObject {
            @Published var count = 0
        }
        struct TurbineTile: View {
            @ObservedObject var model: TurbineViewModel
            var body: some View { Text("\\(model.openReportCount)") }
        }
        final class Repository {
            private let cacheQueue = DispatchQueue(label: "cache")
            let reportsDidChange = PassthroughSubject<Int, Never>()
            func store(_ id: Int) { cacheQueue.async { self.reportsDidChange.send(id) } }
        }
        """
        let store = """
        final class FarmStore {
            private var turbinesByID: [Int: TurbineViewModel] = [:]
            private var counters: [Int: ReportCounter] = [:]
            private let repository = Repository()
            private var cancellables = Set<AnyCancellable>()
            init() {
                repository.reportsDidChange
                    .sink { [weak self] id in
                        guard let self = self, let model = self.turbinesByID[id] else { return }
                        model.openReportCount = 3
                    }
                    .store(in: &cancellables)
                repository.reportsDidChange
                    .sink { [weak self] id in
                        guard let self = self, let model = self.turbinesByID[id] else { return }
                        model.lastChecked = Date()
                    }
                    .store(in: &cancellables)
                repository.reportsDidChange
                    .sink { [weak self] id in
                        guard let self = self, let counter = self.counters[id] else { return }
                        counter.count += 1
                    }
                    .store(in: &cancellables)
            }
        }
        """
        let found = mainActorFindings([(path: "Models.swift", text: models), (path: "FarmStore.swift", text: store)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["FarmStore.swift:8:14"])
        XCTAssertTrue(found.first?.message.contains("uses main-actor `model.openReportCount`") == true, found.first?.message ?? "")
    }

    /// `self?.gatewayQueue.async { self?.complete(ack) }` names the type's own queue property through
    /// optional chaining: the private `complete(_:)` it calls sends the acks from that background queue.
    /// A queue property holding the main queue keeps them on main.
    func testAQueuePropertyReachedThroughOptionalSelf() {
        let service = """
        final class CommandService {
            private let gatewayQueue = DispatchQueue(label: "gateway")
            let commandResults = PassthroughSubject<Int, Never>()
            init(transport: Transport) {
                transport.onAck = { [weak self] ack in
                    self?.gatewayQueue.async { self?.complete(ack) }
                }
            }
            private func complete(_ ack: Int) {
                commandResults.send(ack)
            }
        }
        """
        let screen = """
        final class ShiftViewController: UIViewController {
            private let commands: CommandService
            private let ackLabel = UILabel()
            private var cancellables = Set<AnyCancellable>()
            init(commands: CommandService) { self.commands = commands; super.init(nibName: nil, bundle: nil) }
            override func viewDidLoad() {
                super.viewDidLoad()
                commands.commandResults
                    .sink { [weak self] ack in self?.ackLabel.text = "\\(ack)" }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "Service.swift", text: service), (path: "Shift.swift", text: screen)])), ["9:14"])
        let onMain = service.replacingOccurrences(of: #"DispatchQueue(label: "gateway")"#, with: "DispatchQueue.main")
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "Service.swift", text: onMain), (path: "Shift.swift", text: screen)])), [])
    }

    /// A sidebar model no view observes directly, whose changes the observed workspace model forwards
    /// as its own (`Publishers.Merge(sidebar.objectWillChange, …).sink { self?.objectWillChange.send() }`):
    /// setting its `@Published` list after `receive(on:)` a private queue redraws the sidebar off main.
    /// Without the forwarding no view redraws from it.
    func testAChildWhoseChangesAnObservedModelForwardsRedrawsViews() {
        let text = """
        final class SidebarViewModel: ObservableObject {
            @Published private(set) var items: [String] = []
            private let listQueue = DispatchQueue(label: "sidebar")
            private var cancellables = Set<AnyCancellable>()
            init(changes: AnyPublisher<[String], Never>) {
                changes
                    .receive(on: listQueue)
                    .map { $0.sorted() }
                    .sink { [weak self] notes in self?.items = notes }
                    .store(in: &cancellables)
            }
        }
        final class WorkspaceModel: ObservableObject {
            @Published var sidebar: SidebarViewModel
            private var cancellables = Set<AnyCancellable>()
            init(sidebar: SidebarViewModel) {
                self.sidebar = sidebar
                Publishers.Merge(sidebar.objectWillChange, sidebar.objectWillChange)
                    .sink { [weak self] _ in self?.objectWillChange.send() }
                    .store(in: &cancellables)
            }
        }
        struct SidebarView: View {
            @ObservedObject var workspace: WorkspaceModel
            var body: some View { List(workspace.sidebar.items, id: \\.self) { Text($0) } }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "A.swift", text: text)])), ["9:14"])
        let unforwarded = text.replacingOccurrences(of: "self?.objectWillChange.send()", with: "print(\"changed\")")
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "A.swift", text: unforwarded)])), [])
    }

    private static let socketClient = """
    protocol SensorStreaming: AnyObject {
        var readings: AnyPublisher<Int, Never> { get }
    }
    final class SensorSocketClient: SensorStreaming {
        private let decodeQueue = DispatchQueue(label: "decode")
        private let readingsSubject = PassthroughSubject<Int, Never>()
        let rawFrames = PassthroughSubject<Int, Never>()
        private var cancellables = Set<AnyCancellable>()
        var readings: AnyPublisher<Int, Never> { readingsSubject.eraseToAnyPublisher() }
        init() {
            rawFrames.receive(on: decodeQueue)
                .sink { [weak self] frame in self?.readingsSubject.send(frame) }
                .store(in: &cancellables)
        }
    }
    struct BufferedReadingsPublisher {
        let readings: [Int]
    }
    """

    /// A monitor's sink on the socket's `readings` (a getter erasing a subject sent into on the decode
    /// queue; a custom publisher's `let readings: [Int]` is no publisher property) hands each reading to
    /// a private `evaluate(_:)`, which sends into `excursionCount` and posts `.excursionDetected`:
    /// both happen on the decode queue, so a store's `@Published` badge and a banner's view are set off main.
    func testSendsAndPostsOneSubjectBackThroughAnErasingGetter() {
        let monitor = """
        extension Notification.Name {
            static let excursionDetected = Notification.Name("excursionDetected")
        }
        final class ExcursionMonitor {
            private let sensors: SensorStreaming
            let excursionCount = CurrentValueSubject<Int, Never>(0)
            private var cancellables = Set<AnyCancellable>()
            init(sensors: SensorStreaming) {
                self.sensors = sensors
                sensors.readings
                    .sink { [weak self] reading in self?.evaluate(reading) }
                    .store(in: &cancellables)
            }
            private func evaluate(_ reading: Int) {
                guard reading > 8 else { return }
                excursionCount.send(excursionCount.value + 1)
                NotificationCenter.default.post(name: .excursionDetected, object: nil)
            }
        }
        """
        let screens = """
        final class FleetStore: ObservableObject {
            @Published private(set) var excursionBadge = 0
            private var cancellables = Set<AnyCancellable>()
            init(monitor: ExcursionMonitor) {
                monitor.excursionCount
                    .sink { [weak self] count in self?.excursionBadge = count }
                    .store(in: &cancellables)
            }
        }
        struct FleetView: View {
            @ObservedObject var fleet: FleetStore
            var body: some View { Text("\\(fleet.excursionBadge)") }
        }
        final class ExcursionBannerController {
            private let banner = UIView()
            private var cancellables = Set<AnyCancellable>()
            init() {
                NotificationCenter.default.publisher(for: .excursionDetected)
                    .sink { [weak self] _ in self?.banner.isHidden = false }
                    .store(in: &cancellables)
            }
        }
        """
        let files = [(path: "Socket.swift", text: Self.socketClient), (path: "Monitor.swift", text: monitor), (path: "Screens.swift", text: screens)]
        XCTAssertEqual(mainActorFindings(files).map { "\($0.file):\($0.line):\($0.column)" }, ["Screens.swift:6:14", "Screens.swift:19:14"])
        // The socket sending on main: neither is off main.
        let onMain = Self.socketClient.replacingOccurrences(of: "rawFrames.receive(on: decodeQueue)", with: "rawFrames.receive(on: DispatchQueue.main)")
        XCTAssertEqual(mainActorFindings([(path: "Socket.swift", text: onMain), (path: "Monitor.swift", text: monitor), (path: "Screens.swift", text: screens)]), [])
    }

    /// `let packets: AnyPublisher<…>` given `packetSubject.eraseToAnyPublisher()` in `init`, the subject
    /// sent into by a private method a sink after `receive(on: decodeQueue)` calls: a store reading
    /// `socket.packets` gets them on the decode queue, though a preview mock declares a subject named
    /// `packets` too. Sent from the main queue, nothing is reported.
    func testAStoredPropertyGivenASubjectsErasureInInit() {
        let socket = """
        final class TelemetrySocket {
            let rawFrames = PassthroughSubject<Int, Never>()
            let packets: AnyPublisher<Int, Never>
            private let packetSubject = PassthroughSubject<Int, Never>()
            private let decodeQueue = DispatchQueue(label: "decode")
            private var cancellables = Set<AnyCancellable>()
            init() {
                self.packets = packetSubject.eraseToAnyPublisher()
                rawFrames
                    .receive(on: decodeQueue)
                    .sink { [weak self] frame in self?.route(frame) }
                    .store(in: &cancellables)
            }
            private func route(_ packet: Int) {
                packetSubject.send(packet)
            }
        }
        final class MockTelemetryFeed {
            let packets = PassthroughSubject<Int, Never>()
            func push() { packets.send(1) }
        }
        """
        let store = """
        final class FleetStore: ObservableObject {
            @Published private(set) var lastPacket = 0
            private let socket: TelemetrySocket
            private var cancellables = Set<AnyCancellable>()
            init(socket: TelemetrySocket) {
                self.socket = socket
                socket.packets
                    .sink { [weak self] packet in self?.lastPacket = packet }
                    .store(in: &cancellables)
            }
        }
        struct FleetView: View {
            @ObservedObject var fleet: FleetStore
            var body: some View { Text("\\(fleet.lastPacket)") }
        }
        """
        XCTAssertEqual(mainActorFindings([(path: "Socket.swift", text: socket), (path: "Store.swift", text: store)])
            .map { "\($0.file):\($0.line):\($0.column)" }, ["Store.swift:8:14"])
        let onMain = socket.replacingOccurrences(of: ".receive(on: decodeQueue)", with: ".receive(on: DispatchQueue.main)")
        XCTAssertEqual(mainActorFindings([(path: "Socket.swift", text: onMain), (path: "Store.swift", text: store)]), [])
    }

    /// A file watcher whose dispatch source is made on its `queue` property, which the initializer
    /// sets from a parameter defaulting to a background queue (`queue: DispatchQueue = Queues.files`),
    /// sends its events off main; another source in the file, made on a queue the file cannot tell
    /// (`queue` of a publisher struct), says nothing of this one. A caller passing `.main` keeps it on main.
    func testADispatchSourceOnAnInjectedQueueWithABackgroundDefault() {
        let watcher = """
        enum Queues {
            static let files = DispatchQueue(label: "files", qos: .utility)
        }
        final class FileWatcher {
            let events = PassthroughSubject<Int, Never>()
            private let queue: DispatchQueue
            private var source: DispatchSourceFileSystemObject?
            init(path: String, queue: DispatchQueue = Queues.files) {
                self.queue = queue
            }
            func start(descriptor: Int32) {
                let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: .write, queue: queue)
                source.setEventHandler { [weak self] in self?.events.send(1) }
                self.source = source
                source.resume()
            }
        }
        struct DirectoryEvents {
            let queue: DispatchQueue
            func watch(descriptor: Int32) {
                let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: .write, queue: queue)
                source.setEventHandler { print("changed") }
                source.resume()
            }
        }
        """
        let screen = """
        final class NoteWindowController: NSWindowController {
            private let banner = NSView()
            private let watcher = FileWatcher(path: "/notes")
            private var cancellables = Set<AnyCancellable>()
            func bind() {
                watcher.events
                    .sink { [weak self] _ in self?.banner.isHidden = false }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "Watcher.swift", text: watcher), (path: "Window.swift", text: screen)])), ["7:14"])
        let onMain = screen.replacingOccurrences(of: #"FileWatcher(path: "/notes")"#, with: #"FileWatcher(path: "/notes", queue: .main)"#)
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "Watcher.swift", text: watcher), (path: "Window.swift", text: onMain)])), [])
    }

    /// `final class PreviewRunnerFeed` under `#if DEBUG` feeds the canvas and never ships: its open
    /// subjects are a stand-in's, like a mock's. The same class compiled into the app is reported.
    func testAPreviewStandInUnderIfDebugIsNoAppType() {
        let debugOnly = """
        final class TranscriptionRunner {
            private let linesSubject = PassthroughSubject<String, Never>()
            var lines: AnyPublisher<String, Never> { linesSubject.eraseToAnyPublisher() }
        }
        #if DEBUG
        final class PreviewRunnerFeed {
            let lines = PassthroughSubject<String, Never>()
            func play() { lines.send("hello") }
        }
        #endif
        """
        XCTAssertEqual(findings(of: ExposedSubjectRule.self, in: [(path: "A.swift", text: debugOnly)]).map(\.line), [])
        let shipped = debugOnly.replacingOccurrences(of: "#if DEBUG\n", with: "").replacingOccurrences(of: "#endif\n", with: "")
        XCTAssertEqual(findings(of: ExposedSubjectRule.self, in: [(path: "A.swift", text: shipped)]).map(\.line), [6])
    }

    /// An executor logs each response into `responseLog` from a `handleEvents(receiveOutput:)` step
    /// placed after `receive(on: parsing)`: the send runs on the parsing queue, so the status item's
    /// sink sets its title off main. The same step before the hop (on the main queue's side) does not.
    func testASendInHandleEventsAfterABackgroundHop() {
        let executor = """
        enum Queues {
            static let parsing = DispatchQueue(label: "parsing")
        }
        final class RequestExecutor {
            let responseLog = PassthroughSubject<Int, Never>()
            func execute(_ url: URL) -> AnyPublisher<Int, Never> {
                URLSession.shared.dataTaskPublisher(for: url)
                    .map { $0.data.count }
                    .replaceError(with: 0)
                    .receive(on: Queues.parsing)
                    .handleEvents(receiveOutput: { [weak self] size in self?.responseLog.send(size) })
                    .receive(on: DispatchQueue.main)
                    .eraseToAnyPublisher()
            }
        }
        """
        let statusItem = """
        final class StatusItemController {
            let statusItem = NSStatusBar.system.statusItem(withLength: 10)
            private let executor: RequestExecutor
            private var cancellables = Set<AnyCancellable>()
            init(executor: RequestExecutor) {
                self.executor = executor
                executor.responseLog
                    .sink { [weak self] size in self?.statusItem.button?.title = "\\(size)" }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(mainActorFindings([(path: "Executor.swift", text: executor), (path: "Status.swift", text: statusItem)])
            .map { "\($0.file):\($0.line):\($0.column)" }, ["Status.swift:8:14"])
        let onMain = executor.replacingOccurrences(of: ".receive(on: Queues.parsing)", with: ".receive(on: DispatchQueue.main)")
        XCTAssertEqual(mainActorFindings([(path: "Executor.swift", text: onMain), (path: "Status.swift", text: statusItem)]), [])
    }

    /// `api.reports(for:)` runs the client's request, which delivers on URLSession's queue; a cache's
    /// `func reports(for:) -> [Report]?` of the same selector returns no publisher, so a chain ending
    /// in `sink` cannot run it, and it no longer hides the request.
    func testAFunctionOfTheSameSelectorReturningNoPublisherIsNoSource() {
        let services = """
        protocol InspectionAPIType {
            func reports(for segment: Int) -> AnyPublisher<[Int], Error>
        }
        final class InspectionAPI: InspectionAPIType {
            func reports(for segment: Int) -> AnyPublisher<[Int], Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "https://x/\\(segment)")!)
                    .map { _ in [segment] }
                    .mapError { $0 as Error }
                    .eraseToAnyPublisher()
            }
        }
        final class ReportCache {
            private var cached: [Int: [Int]] = [:]
            func reports(for segment: Int) -> [Int]? { cached[segment] }
        }
        """
        let screen = """
        final class ReportsViewController: UITableViewController {
            private let api: InspectionAPIType
            private var reports: [Int] = []
            private var loading: AnyCancellable?
            init(api: InspectionAPIType) { self.api = api; super.init(style: .plain) }
            func load() {
                loading = api.reports(for: 1)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] reports in self?.tableView.reloadData() })
            }
        }
        """
        XCTAssertEqual(mainActorFindings([(path: "Services.swift", text: services), (path: "Reports.swift", text: screen)])
            .map { "\($0.file):\($0.line):\($0.column)" }, ["Reports.swift:8:14"])
    }
}
