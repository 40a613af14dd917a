import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 94 and after (see the rule documents).
final class DefaultRulesRound94Tests: XCTestCase {
    private func mainActorFindings(_ files: [(path: String, text: String)]) -> [Finding] {
        findings(of: MainActorBackgroundDeliveryRule.self, in: files)
    }

    /// `path:line:column` of each finding, in order.
    private func places(_ found: [Finding]) -> [String] {
        found.map { "\($0.file):\($0.line):\($0.column)" }
    }

    /// Asserts that the finding's message holds `text`.
    private func assertMessage(_ finding: Finding?, contains text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(finding?.message.contains(text) == true, finding?.message ?? "no finding", file: file, line: line)
    }

    /// A scanner that fulfils its `Future` on its own queue, and another type's `scan(folders:)` that
    /// answers on the subscriber's thread (`guard let self else { promise(…) }` aside).
    private static let scanners = """
    protocol FontScanning {
        func scan(folders: [URL]) -> AnyPublisher<[Int], Error>
    }
    final class FontScanner: FontScanning {
        private let scanQueue = DispatchQueue(label: "scanner", qos: .utility)
        func scan(folders: [URL]) -> AnyPublisher<[Int], Error> {
            Deferred { [weak self] in
                Future<[Int], Error> { promise in
                    guard let self = self else {
                        promise(.success([]))
                        return
                    }
                    self.scanQueue.async { promise(.success(self.work(folders))) }
                }
            }
            .eraseToAnyPublisher()
        }
        private func work(_ folders: [URL]) -> [Int] { [] }
    }
    final class PreviewScanner {
        func scan(folders: [URL]) -> AnyPublisher<[Int], Error> {
            Future { promise in promise(.success([1])) }.eraseToAnyPublisher()
        }
    }
    """

    private static let libraryView = """
    struct LibraryView: View {
        @ObservedObject var store: FontLibraryStore
        var body: some View { Text("\\(store.families.count)") }
    }
    """

    /// The receiver's type (a protocol the scanner conforms to) picks the `scan(folders:)` that runs,
    /// not a same-named method of another type; and a promise called only once the scanner is gone
    /// does not make the `Future` answer on the subscriber's thread.
    func testAMethodOfTheReceiversTypeDecidesWhereItsPublisherDelivers() {
        let store = """
        final class FontLibraryStore: ObservableObject {
            @Published var families: [Int] = []
            private let scanner: FontScanning
            private var scan: AnyCancellable?
            init(scanner: FontScanning) { self.scanner = scanner }
            func reload() {
                scan = scanner.scan(folders: [])
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] families in
                        self?.families = families
                    })
            }
        }
        """
        let found = mainActorFindings([(path: "Scanners.swift", text: Self.scanners), (path: "FontLibraryStore.swift", text: store),
                                       (path: "LibraryView.swift", text: Self.libraryView)])
        XCTAssertEqual(places(found), ["FontLibraryStore.swift:8:14"])
        assertMessage(found.first, contains: "through `scan(…)`")
    }

    /// The same store holding the other type: its `scan(folders:)` answers as it is subscribed, on main.
    func testASameNamedMethodOfAnotherTypeDoesNotMakeTheCallDeliverOffMain() {
        let store = """
        final class FontLibraryStore: ObservableObject {
            @Published var families: [Int] = []
            private let scanner = PreviewScanner()
            private var scan: AnyCancellable?
            func reload() {
                scan = scanner.scan(folders: [])
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] families in
                        self?.families = families
                    })
            }
        }
        """
        let found = mainActorFindings([(path: "Scanners.swift", text: Self.scanners), (path: "FontLibraryStore.swift", text: store),
                                       (path: "LibraryView.swift", text: Self.libraryView)])
        XCTAssertEqual(places(found), [])
    }

    /// `Result { … }.publisher` emits as it is subscribed: `subscribe(on:)` a background queue with no
    /// hop back delivers there.
    func testAResultPublisherSubscribedOnABackgroundQueueDeliversThere() {
        let index = """
        final class SnapshotIndex {
            let queue = DispatchQueue(label: "snapshot-index")
            func snapshotList() -> AnyPublisher<[Int], Error> {
                Deferred {
                    Result<[Int], Error> { try self.read() }
                        .publisher
                }
                .eraseToAnyPublisher()
            }
            private func read() throws -> [Int] { [] }
        }
        final class FontLibraryStore: ObservableObject {
            @Published var families: [Int] = []
            private let index = SnapshotIndex()
            private var load: AnyCancellable?
            func reload() {
                load = index.snapshotList()
                    .subscribe(on: index.queue)
                    .replaceError(with: [])
                    .sink { [weak self] list in self?.families = list }
            }
            func reloadOnMain() {
                load = index.snapshotList()
                    .subscribe(on: index.queue)
                    .replaceError(with: [])
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] list in self?.families = list }
            }
        }
        """
        let found = mainActorFindings([(path: "Store.swift", text: index), (path: "LibraryView.swift", text: Self.libraryView)])
        XCTAssertEqual(places(found), ["Store.swift:20:14"])
        assertMessage(found.first, contains: "subscribe(on: index.queue)")
    }

    /// A request three functions deep (`fetchSummary` → `get` → `perform` → `dataTaskPublisher`).
    func testARequestThreeProjectFunctionsDeepDeliversOnURLSessionsQueue() {
        let api = """
        protocol SummaryAPI {
            func fetchSummary(_ id: Int) -> AnyPublisher<Int, Error>
        }
        final class LiveSummaryAPI: SummaryAPI {
            private let session = URLSession.shared
            func fetchSummary(_ id: Int) -> AnyPublisher<Int, Error> { get("summary/\\(id)") }
            private func get<T: Decodable>(_ path: String) -> AnyPublisher<T, Error> {
                perform(URLRequest(url: URL(string: path)!))
            }
            private func perform<T: Decodable>(_ request: URLRequest) -> AnyPublisher<T, Error> {
                session.dataTaskPublisher(for: request)
                    .map(\\.data)
                    .decode(type: T.self, decoder: JSONDecoder())
                    .eraseToAnyPublisher()
            }
        }
        final class FontLibraryStore: ObservableObject {
            @Published var families: [Int] = []
            private let api: SummaryAPI
            private var load: AnyCancellable?
            init(api: SummaryAPI) { self.api = api }
            func reload() {
                load = api.fetchSummary(1)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] summary in self?.families = [summary] })
            }
        }
        """
        let found = mainActorFindings([(path: "API.swift", text: api), (path: "LibraryView.swift", text: Self.libraryView)])
        XCTAssertEqual(places(found), ["API.swift:24:14"])
    }

    /// A notification posted in a `Process`'s `terminationHandler` arrives off main, and the sink sets
    /// the dock tile's badge through `NSApp`, a main-actor object whatever type holds the code; after a
    /// hop to main, or inside `DispatchQueue.main.async`, it is fine.
    func testTheApplicationObjectIsMainActorStateInAnyTypesCode() {
        let runner = """
        extension Notification.Name {
            static let conversionDidFinish = Notification.Name("conversionDidFinish")
        }
        final class ConverterRunner {
            func run(_ process: Process) {
                process.terminationHandler = { proc in
                    NotificationCenter.default.post(name: .conversionDidFinish, object: nil, userInfo: ["status": proc.terminationStatus])
                }
                try? process.run()
            }
        }
        final class DockBadge {
            private var cancellables = Set<AnyCancellable>()
            func bind() {
                NotificationCenter.default.publisher(for: .conversionDidFinish)
                    .sink { _ in NSApp.dockTile.badgeLabel = "!" }
                    .store(in: &cancellables)
                NotificationCenter.default.publisher(for: .conversionDidFinish)
                    .sink { _ in DispatchQueue.main.async { NSApp.dockTile.badgeLabel = "!" } }
                    .store(in: &cancellables)
                NotificationCenter.default.publisher(for: .conversionDidFinish)
                    .receive(on: DispatchQueue.main)
                    .sink { _ in UIApplication.shared.applicationIconBadgeNumber = 1 }
                    .store(in: &cancellables)
                NotificationCenter.default.publisher(for: .conversionDidFinish)
                    .sink { _ in UIApplication.shared.applicationIconBadgeNumber = 1 }
                    .store(in: &cancellables)
            }
        }
        """
        let found = mainActorFindings([(path: "Runner.swift", text: runner)])
        XCTAssertEqual(places(found), ["Runner.swift:16:14", "Runner.swift:26:14"])
        assertMessage(found.first, contains: "uses main-actor `NSApp.dockTile`")
        assertMessage(found.last, contains: "uses main-actor `UIApplication.shared.applicationIconBadgeNumber`")
    }

    /// The socket's receive callback runs on its queue and calls `drain(_:)`, which calls `route(_:)`,
    /// which sends: two `private` methods deep, the send runs off main. A third level is not followed.
    func testASendTwoPrivateMethodsBelowANetworkCallbackRunsOffMain() {
        let socket = """
        final class HiveSocket {
            let weightFrames = PassthroughSubject<Int, Never>()
            let noiseFrames = PassthroughSubject<Int, Never>()
            private let decodeQueue = DispatchQueue(label: "decode")
            private var connection: NWConnection?
            func connect() {
                let connection = NWConnection(host: "gateway", port: 9000, using: .tcp)
                self.connection = connection
                connection.start(queue: decodeQueue)
                receiveNext(on: connection)
            }
            private func receiveNext(on connection: NWConnection) {
                connection.receive(minimumIncompleteLength: 4, maximumLength: 1024) { [weak self] data, _, _, _ in
                    guard let self, let data else { return }
                    self.drain(data)
                    self.receiveNext(on: connection)
                }
            }
            private func drain(_ data: Data) { route(data) }
            private func route(_ data: Data) {
                weightFrames.send(data.count)
                classify(data)
            }
            private func classify(_ data: Data) { measure(data) }
            private func measure(_ data: Data) { noiseFrames.send(data.first.map(Int.init) ?? 0) }
        }
        final class HiveDetailViewController: UIViewController {
            private let socket: HiveSocket
            private let weightLabel = UILabel()
            private var cancellables = Set<AnyCancellable>()
            init(socket: HiveSocket) {
                self.socket = socket
                super.init(nibName: nil, bundle: nil)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                socket.weightFrames
                    .sink { [weak self] kg in self?.weightLabel.text = "\\(kg)" }
                    .store(in: &cancellables)
                socket.noiseFrames
                    .sink { [weak self] db in self?.weightLabel.text = "\\(db)" }
                    .store(in: &cancellables)
            }
        }
        """
        let found = mainActorFindings([(path: "Hive.swift", text: socket)])
        XCTAssertEqual(places(found), ["Hive.swift:38:14"])
        assertMessage(found.first, contains: "sends into `weightFrames` (never the main one)")
    }

    /// A gateway calls its completion on its command queue. A `Future` whose promise is handed to a
    /// method that passes it into that completion (`issue(…, promise: promise)`) delivers there, and
    /// so does a subject sent into from that completion. A gateway that answers on main, or keeps the
    /// completion for later, says nothing of the thread.
    func testAClosureHandedToAProjectMethodRunsWhereTheMethodCallsIt() {
        let gateway = """
        final class GatewayClient {
            private let commandQueue = DispatchQueue(label: "commands")
            private var pending: [(Result<String, Error>) -> Void] = []
            func send(_ verb: String, completion: @escaping (Result<String, Error>) -> Void) {
                commandQueue.async { completion(.success(verb)) }
            }
            func sendOnMain(_ verb: String, completion: @escaping (Result<String, Error>) -> Void) {
                commandQueue.async { DispatchQueue.main.async { completion(.success(verb)) } }
            }
            func enqueue(_ verb: String, completion: @escaping (Result<String, Error>) -> Void) {
                pending.append(completion)
            }
        }
        final class BreakerService {
            let events = PassthroughSubject<String, Never>()
            private let gateway = GatewayClient()
            func reset() -> AnyPublisher<String, Error> {
                Deferred {
                    Future<String, Error> { [weak self] promise in
                        self?.issue("RESET", promise: promise)
                    }
                }
                .eraseToAnyPublisher()
            }
            func resetOnMain() -> AnyPublisher<String, Error> {
                Future<String, Error> { [weak self] promise in
                    self?.gateway.sendOnMain("RESET", completion: promise)
                }
                .eraseToAnyPublisher()
            }
            func lock() {
                gateway.send("LOCK") { [weak self] result in
                    if case .success(let reply) = result { self?.events.send(reply) }
                }
            }
            func queueLock() {
                gateway.enqueue("LOCK") { [weak self] result in
                    if case .success(let reply) = result { self?.events.send(reply) }
                }
            }
            private func issue(_ verb: String, promise: @escaping (Result<String, Error>) -> Void) {
                gateway.send(verb) { result in promise(result) }
            }
        }
        final class BreakerPanelModel: ObservableObject {
            @Published var phase = ""
            private let service = BreakerService()
            private var cancellables = Set<AnyCancellable>()
            func reset() {
                service.reset()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] reply in self?.phase = reply })
                    .store(in: &cancellables)
                service.resetOnMain()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] reply in self?.phase = reply })
                    .store(in: &cancellables)
            }
        }
        struct BreakerPanel: View {
            @ObservedObject var model: BreakerPanelModel
            var body: some View { Text(model.phase) }
        }
        final class BreakerLabelController: UIViewController {
            private let service = BreakerService()
            private let phaseLabel = UILabel()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                service.events
                    .sink { [weak self] reply in self?.phaseLabel.text = reply }
                    .store(in: &cancellables)
            }
        }
        """
        let found = mainActorFindings([(path: "Breakers.swift", text: gateway)])
        XCTAssertEqual(places(found), ["Breakers.swift:51:14", "Breakers.swift:69:14"])
        assertMessage(found.first, contains: "fulfils the `Future`'s promise")
        assertMessage(found.last, contains: "a background one for some values")
    }

    /// A work item assigned to a local declared before it (`var work: DispatchWorkItem!`, so that its
    /// closure can check `work.isCancelled`) and handed to a background queue runs there; one handed to
    /// the main queue does not.
    func testAWorkItemAssignedToALocalDeclaredBeforeRunsOnTheQueueItIsHandedTo() {
        let renderer = """
        final class WaveformRenderer {
            let tiles = PassthroughSubject<[Int], Never>()
            let progress = PassthroughSubject<Int, Never>()
            private let renderQueue = DispatchQueue(label: "render", qos: .userInitiated)
            func render() {
                var work: DispatchWorkItem!
                work = DispatchWorkItem { [weak self] in
                    guard !work.isCancelled else { return }
                    self?.tiles.send([1])
                }
                renderQueue.async(execute: work)
            }
            func report() {
                var work: DispatchWorkItem!
                work = DispatchWorkItem { [weak self] in
                    guard !work.isCancelled else { return }
                    self?.progress.send(1)
                }
                DispatchQueue.main.async(execute: work)
            }
        }
        final class WaveformViewController: NSViewController {
            private let renderer = WaveformRenderer()
            private let statusLabel = NSTextField()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                renderer.tiles
                    .sink { [weak self] tiles in self?.statusLabel.stringValue = "\\(tiles.count)" }
                    .store(in: &cancellables)
                renderer.progress
                    .sink { [weak self] value in self?.statusLabel.stringValue = "\\(value)" }
                    .store(in: &cancellables)
            }
        }
        """
        let found = mainActorFindings([(path: "Waveform.swift", text: renderer)])
        XCTAssertEqual(places(found), ["Waveform.swift:29:14"])
    }

    /// The inner store is handed to a view that observes it; the outer view reads the store's state
    /// only in the callback it gives that view (`var onOpen: (URL) -> Void`), which runs when the user
    /// acts, not while it draws. Read in a `@ViewBuilder` content closure, the state is drawn through
    /// the outer object, and the property is reported.
    func testAReadInACallbackGivenToAProjectViewIsNoReadWhileDrawing() {
        let text = """
        final class MediaLibraryStore: ObservableObject {
            @Published var files: [URL] = []
        }
        final class RenderQueueViewModel: ObservableObject {
            @Published var library: MediaLibraryStore
            init(library: MediaLibraryStore) { self.library = library }
        }
        final class ExportViewModel: ObservableObject {
            @Published var library: MediaLibraryStore
            init(library: MediaLibraryStore) { self.library = library }
        }
        struct MediaBrowserView: View {
            @ObservedObject var library: MediaLibraryStore
            var onOpen: (URL) -> Void
            var body: some View { List(library.files, id: \\.self) { Text($0.path) } }
        }
        struct Card<Content: View>: View {
            @ObservedObject var library: MediaLibraryStore
            @ViewBuilder var content: () -> Content
            var body: some View { content() }
        }
        struct RenderQueueView: View {
            @ObservedObject var viewModel: RenderQueueViewModel
            var body: some View {
                MediaBrowserView(library: viewModel.library) { url in
                    print(viewModel.library.files.count, url)
                }
            }
        }
        struct ExportView: View {
            @ObservedObject var viewModel: ExportViewModel
            var body: some View {
                Card(library: viewModel.library) {
                    Text("\\(viewModel.library.files.count) files")
                }
            }
        }
        """
        let found = findings(of: NestedObservableObjectRule.self, in: [(path: "Render.swift", text: text)])
        XCTAssertEqual(places(found), ["Render.swift:9:20"])
    }

    /// A subject read through a protocol's requirement (`store.socket.weightFrames` with `let socket:
    /// FrameSource`) is one of those its conformers declare: another type's same-named subject sent
    /// into off main says nothing of it; a conformer sending off main does.
    func testASubjectReadThroughAProtocolIsOneItsConformersDeclare() {
        let sources = """
        protocol FrameSource: AnyObject {
            var weightFrames: PassthroughSubject<Int, Never> { get }
        }
        protocol RemoteFrameSource: AnyObject {
            var weightFrames: PassthroughSubject<Int, Never> { get }
        }
        final class LocalSocket: FrameSource {
            let weightFrames = PassthroughSubject<Int, Never>()
            func fire() { weightFrames.send(1) }
        }
        final class RemoteSocket: RemoteFrameSource {
            let weightFrames = PassthroughSubject<Int, Never>()
            private let queue = DispatchQueue(label: "remote")
            func fire() { queue.async { self.weightFrames.send(2) } }
        }
        final class Store {
            let socket: FrameSource
            let remote: RemoteFrameSource
            init(socket: FrameSource, remote: RemoteFrameSource) {
                self.socket = socket
                self.remote = remote
            }
        }
        final class WeightViewController: UIViewController {
            private let store: Store
            private let weightLabel = UILabel()
            private var cancellables = Set<AnyCancellable>()
            init(store: Store) {
                self.store = store
                super.init(nibName: nil, bundle: nil)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                store.socket.weightFrames
                    .sink { [weak self] kg in self?.weightLabel.text = "\\(kg)" }
                    .store(in: &cancellables)
                store.remote.weightFrames
                    .sink { [weak self] kg in self?.weightLabel.text = "\\(kg)" }
                    .store(in: &cancellables)
            }
        }
        """
        let found = mainActorFindings([(path: "Frames.swift", text: sources)])
        XCTAssertEqual(places(found), ["Frames.swift:38:14"])
    }

    /// The screen starts its pipelines from a computed property of its own that filters the socket's
    /// readings (`tankFrames`): they deliver where the getter's pipeline does, on the decode queue.
    func testAPipelineFromAComputedPropertyOfTheTypeDeliversWhereItsGetterDoes() {
        let text = """
        protocol ProbeStreaming: AnyObject {
            var readings: AnyPublisher<Int, Never> { get }
        }
        final class ProbeSocketClient: ProbeStreaming {
            static let shared = ProbeSocketClient()
            private let readingsSubject = PassthroughSubject<Int, Never>()
            private let packets = PassthroughSubject<Int, Never>()
            private let decodeQueue = DispatchQueue(label: "decode")
            private var decodeSubscription: AnyCancellable?
            var readings: AnyPublisher<Int, Never> { readingsSubject.eraseToAnyPublisher() }
            private init() {
                decodeSubscription = packets
                    .receive(on: decodeQueue)
                    .sink { [weak self] frame in self?.readingsSubject.send(frame) }
            }
        }
        final class TankDetailViewController: UIViewController {
            private let socket: ProbeStreaming
            private let phLabel = UILabel()
            private var cancellables = Set<AnyCancellable>()
            init(socket: ProbeStreaming) { self.socket = socket; super.init(nibName: nil, bundle: nil) }
            private var tankFrames: AnyPublisher<Int, Never> {
                return socket.readings
                    .filter { $0 > 0 }
                    .eraseToAnyPublisher()
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                tankFrames
                    .filter { $0 > 1 }
                    .sink { [weak self] v in self?.phLabel.text = "\\(v)" }
                    .store(in: &cancellables)
                socket.readings
                    .sink { [weak self] v in self?.phLabel.text = "\\(v)" }
                    .store(in: &cancellables)
            }
        }
        """
        let found = mainActorFindings([(path: "Tank.swift", text: text)])
        XCTAssertEqual(places(found), ["Tank.swift:31:14", "Tank.swift:34:14"])
        assertMessage(found.first, contains: "sends into `readingsSubject` (never the main one)")
    }

    /// A current-value subject written through its `value` (`states.value[kind] = state`) on a process
    /// queue sends there: a sink of it delivers off main. Reads of `value` are no sends.
    func testAWriteOfACurrentValueSubjectsValueSendsWhereItRuns() {
        let text = """
        final class ServerController {
            let states = CurrentValueSubject<[String: Bool], Never>([:])
            let names = CurrentValueSubject<[String], Never>([])
            private let processQueue = DispatchQueue(label: "process")
            func start(_ kind: String) {
                processQueue.async { self.update(kind, true) }
            }
            func rename(_ all: [String]) {
                processQueue.async { print(self.names.value.count) }
                names.value = all
            }
            private func update(_ kind: String, _ running: Bool) {
                states.value[kind] = running
            }
        }
        @MainActor
        final class ServerStatusStore: ObservableObject {
            @Published var running: [String: Bool] = [:]
            @Published var names: [String] = []
            private let controller: ServerController
            private var cancellables = Set<AnyCancellable>()
            init(controller: ServerController) {
                self.controller = controller
                controller.states
                    .sink { [weak self] states in self?.running = states }
                    .store(in: &cancellables)
                controller.names
                    .sink { [weak self] names in self?.names = names }
                    .store(in: &cancellables)
            }
        }
        """
        let found = mainActorFindings([(path: "Servers.swift", text: text)])
        XCTAssertEqual(places(found), ["Servers.swift:25:14"])
    }

    /// A menu bar agent's second timers: one calls a method of its own that sets the status item's
    /// title, one sets a menu item's title found through a call (`menu.item(withTag:)?.title`): both
    /// freeze while the menu is open. One that only rotates the button's tooltip, which shows on a
    /// hover and never while a menu tracks, changes nothing the user watches.
    func testATimerSettingTheScreenThroughAMethodOrACallIsReportedAndATooltipIsNot() {
        let text = """
        final class StatusMenuController {
            private let statusItem = NSStatusBar.system.statusItem(withLength: NSStatusItem.variableLength)
            private let menu = NSMenu()
            private var cancellables = Set<AnyCancellable>()
            func install() {
                Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.refreshUptimeTitle() }
                    .store(in: &cancellables)
                Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.menu.item(withTag: 1)?.title = "Fetched just now" }
                    .store(in: &cancellables)
                Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.rotateTooltip() }
                    .store(in: &cancellables)
            }
            private func refreshUptimeTitle() {
                statusItem.button?.title = "Up 3 min"
            }
            private func rotateTooltip() {
                statusItem.button?.toolTip = "nginx, php-fpm"
            }
        }
        """
        let found = findings(of: TimerDefaultRunLoopModeRule.self, in: [(path: "StatusMenu.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:48", "10:48"])
    }

    /// A store's computed property hands on its watcher's events (`var folderEvents { watcher.events }`),
    /// which a dispatch source's handler sends on the watcher's queue: a screen subscribing to
    /// `store.folderEvents` gets them there.
    func testAComputedPropertyOfAnotherObjectDeliversWhereItsGetterDoes() {
        let text = """
        final class SiteFolderWatcher {
            private let changes = PassthroughSubject<String, Never>()
            private let watchQueue = DispatchQueue(label: "watch")
            private var source: DispatchSourceFileSystemObject?
            var events: AnyPublisher<String, Never> { changes.eraseToAnyPublisher() }
            func watch(_ descriptor: Int32) {
                let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: .write, queue: watchQueue)
                source.setEventHandler { [weak self] in self?.changes.send("changed") }
                source.resume()
                self.source = source
            }
        }
        final class HostStore {
            let watcher = SiteFolderWatcher()
            var folderEvents: AnyPublisher<String, Never> { watcher.events }
        }
        final class HostListViewController: NSViewController {
            private let store = HostStore()
            private let tableView = NSTableView()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                store.folderEvents
                    .sink { [weak self] _ in self?.tableView.reloadData() }
                    .store(in: &cancellables)
            }
        }
        """
        let found = mainActorFindings([(path: "Hosts.swift", text: text)])
        XCTAssertEqual(places(found), ["Hosts.swift:24:14"])
    }

    /// `scanProgress.objectWillChange.sink { _ in }` subscribes and passes nothing on: the nested
    /// object's changes still never reach the views of the outer one. A sink that sends the outer
    /// object's `objectWillChange` forwards them.
    func testAnEmptySinkOfTheInnerObjectWillChangeForwardsNothing() {
        let text = """
        final class ScanProgress: ObservableObject {
            @Published var filesIndexed = 0
        }
        final class LibraryStore: ObservableObject {
            @Published var scanProgress = ScanProgress()
            private var cancellables = Set<AnyCancellable>()
            init() {
                scanProgress.objectWillChange.sink { _ in }.store(in: &cancellables)
            }
        }
        final class ExportStore: ObservableObject {
            @Published var exportProgress = ScanProgress()
            private var cancellables = Set<AnyCancellable>()
            init() {
                exportProgress.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &cancellables)
            }
        }
        struct LibraryView: View {
            @ObservedObject var store: LibraryStore
            @ObservedObject var export: ExportStore
            var body: some View { Text("\\(store.scanProgress.filesIndexed) \\(export.exportProgress.filesIndexed)") }
        }
        """
        let found = findings(of: NestedObservableObjectRule.self, in: [(path: "Library.swift", text: text)])
        XCTAssertEqual(places(found), ["Library.swift:5:20"])
    }
}
