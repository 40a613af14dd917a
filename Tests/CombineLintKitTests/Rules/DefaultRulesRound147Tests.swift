import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for rounds 147 and after (see the rule documents).
final class DefaultRulesRound147Tests: XCTestCase {
    /// (Round 146.) `let export = Future { … }`, then `guard exists else { return Fail(…) }`, then
    /// `return export.eraseToAnyPublisher()`: on the guard's path the copy ran and nothing
    /// subscribes. A local returned on every path is judged by the callers, as a `Future` returned
    /// in place is: subscribed at once, once, it is no finding; kept by a caller, it is. A `return`
    /// inside a closure of the body ends that closure, not the function.
    func testALocalFutureTheFunctionReturnsIsJudgedByItsExitsAndCallers() {
        func text(between: String = "", caller: String) -> String {
            """
            final class ReadingStore {
                func export(_ source: URL) -> AnyPublisher<URL, Error> {
                    let export = Future<URL, Error> { promise in
                        promise(.success(source))
                    }
                    \(between)
                    return export.eraseToAnyPublisher()
                }
            }
            final class ShareViewModel {
                let store = ReadingStore()
                var kept: AnyPublisher<URL, Error>?
                var cancellables = Set<AnyCancellable>()
                func share(_ url: URL) {
                    \(caller)
                }
            }
            """
        }
        let subscribedOnce = "store.export(url).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &cancellables)"
        let keptByCaller = "kept = store.export(url)"
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(caller: subscribedOnce)), [])
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(caller: keptByCaller)), ["3:22"])
        let guardFail = "guard FileManager.default.fileExists(atPath: source.path) else { return Fail(error: URLError(.badURL)).eraseToAnyPublisher() }"
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(between: guardFail, caller: subscribedOnce)), ["3:22"])
        let throwing = "if source.isFileURL == false { throw URLError(.badURL) }"
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(between: throwing, caller: subscribedOnce)), ["3:22"])
        let closureReturn = "let names = [source].map { url -> String in return url.path }"
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(between: closureReturn, caller: subscribedOnce)), [])
    }

    /// (Round 147.) `PreviewAPIClient`, whose `request(_:as:)` returns `Fail`, is made only in
    /// `static let preview = AppEnvironment(api: PreviewAPIClient())`: the canvas's stand-in, so the
    /// app's `request(_:as:)`, a data task, is what `api.request(…)` runs, and two subscriptions to one
    /// local run it twice. Made for the app too (`static let live`), it may be what runs.
    func testAPreviewClientMadeOnlyInAStaticPreviewFactoryIsAStandIn() {
        func files(made: String) -> [(path: String, text: String)] {
            [(path: "APIClient.swift", text: """
                protocol APIClientProtocol {
                    func request(_ path: String, as type: Int.Type) -> AnyPublisher<Int, Error>
                }
                final class APIClient: APIClientProtocol {
                    func request(_ path: String, as type: Int.Type) -> AnyPublisher<Int, Error> {
                        URLSession.shared.dataTaskPublisher(for: URL(string: path)!)
                            .map { $0.data.count }
                            .mapError { $0 as Error }
                            .eraseToAnyPublisher()
                    }
                }
                """),
             (path: "AppEnvironment.swift", text: """
                final class AppEnvironment {
                    let api: APIClientProtocol
                    init(api: APIClientProtocol = APIClient()) { self.api = api }
                    \(made)
                }
                final class PreviewAPIClient: APIClientProtocol {
                    func request(_ path: String, as type: Int.Type) -> AnyPublisher<Int, Error> {
                        Fail(error: URLError(.badServerResponse)).eraseToAnyPublisher()
                    }
                }
                """),
             (path: "RideHistoryViewModel.swift", text: """
                final class RideHistoryViewModel: ObservableObject {
                    @Published var count = 0
                    @Published var loading = false
                    let api: APIClientProtocol
                    private var cancellables = Set<AnyCancellable>()
                    init(api: APIClientProtocol) { self.api = api }
                    func sync() {
                        let rides = api.request("rides", as: Int.self).receive(on: DispatchQueue.main)
                        rides.replaceError(with: 0).sink { [weak self] _ in self?.loading = false }.store(in: &cancellables)
                        rides.replaceError(with: 0).assign(to: &$count)
                    }
                }
                """)]
        }
        func found(_ made: String) -> [String] {
            findings(of: ColdPublisherSubscribedTwiceRule.self, in: files(made: made)).map { "\($0.file):\($0.line):\($0.column)" }
        }
        XCTAssertEqual(found("static let preview = AppEnvironment(api: PreviewAPIClient())"), ["RideHistoryViewModel.swift:10:9"])
        XCTAssertEqual(found("static var previewValue: AppEnvironment { AppEnvironment(api: PreviewAPIClient()) }"), ["RideHistoryViewModel.swift:10:9"])
        XCTAssertEqual(found("static let live = AppEnvironment(api: PreviewAPIClient())"), [])
    }

    /// (Round 147.) `environment.scanner.scan(url)`, the project's `func scan(_ url: URL)` returning
    /// `Deferred { Future { … } }`: Combine's `scan` takes an initial value and a function, so a call
    /// with one argument and no closure is the project's method, whose publisher walks the folder
    /// again for each of two subscriptions. `scan(0) { … }` and `scan(0, +)` stay the operator.
    func testAProjectMethodNamedLikeAnOperatorItsArgumentsCannotFit() {
        func text(call: String) -> String {
            """
            final class DirectoryScanner {
                func scan(_ url: URL) -> AnyPublisher<Int, Error> {
                    Deferred {
                        Future<Int, Error> { promise in promise(.success(1)) }
                    }
                    .eraseToAnyPublisher()
                }
            }
            final class AppCoordinator {
                let scanner = DirectoryScanner()
                let sizes = PassthroughSubject<Int, Error>()
                var cancellables = Set<AnyCancellable>()
                func go(_ url: URL) {
                    let scan = \(call)
                    scan.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &cancellables)
                    scan.map { $0 + 1 }.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(call: "scanner.scan(url)")), ["16:9"])
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(call: "sizes.scan(0) { $0 + $1 }")), [])
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(call: "sizes.scan(0, +)")), [])
    }

    /// (Round 147.) An FSEvents callback (`let callback: FSEventStreamCallback = { … }`, or the closure
    /// given to `FSEventStreamCreate`) runs on the queue `FSEventStreamSetDispatchQueue(stream, queue)`
    /// gives the stream: a background one puts the subject's `send` there, and a main-actor
    /// controller's sink of it in another file touches AppKit off the main thread. Not with `.main`.
    func testAnFSEventsCallbackRunsOnTheStreamsDispatchQueue() {
        func files(callback: String, queue: String) -> [(path: String, text: String)] {
            [(path: "VolumeWatcher.swift", text: """
                final class VolumeWatcher {
                    let changedPaths = PassthroughSubject<[String], Never>()
                    private let eventQueue = \(queue)
                    private var stream: FSEventStreamRef?
                    func watch(paths: [String]) {
                        var context = FSEventStreamContext(version: 0, info: Unmanaged.passUnretained(self).toOpaque(), retain: nil, release: nil, copyDescription: nil)
                        \(callback)
                        FSEventStreamSetDispatchQueue(stream!, eventQueue)
                        FSEventStreamStart(stream!)
                    }
                }
                """),
             (path: "MenuBarController.swift", text: """
                @MainActor
                final class MenuBarController: NSObject {
                    private let statusItem = NSStatusBar.system.statusItem(withLength: NSStatusItem.variableLength)
                    private let watcher = VolumeWatcher()
                    private var cancellables = Set<AnyCancellable>()
                    func bind() {
                        watcher.changedPaths
                            .sink { [weak self] paths in self?.statusItem.button?.toolTip = "\\(paths.count) changes" }
                            .store(in: &cancellables)
                    }
                }
                """)]
        }
        let local = """
            let callback: FSEventStreamCallback = { _, info, count, paths, _, _ in
                        let watcher = Unmanaged<VolumeWatcher>.fromOpaque(info!).takeUnretainedValue()
                        watcher.changedPaths.send((unsafeBitCast(paths, to: NSArray.self) as? [String]) ?? [])
                    }
                    stream = FSEventStreamCreate(nil, callback, &context, paths as CFArray, FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 1.0, 0)
            """
        let inline = """
            stream = FSEventStreamCreate(nil, { _, info, count, paths, _, _ in
                        let watcher = Unmanaged<VolumeWatcher>.fromOpaque(info!).takeUnretainedValue()
                        watcher.changedPaths.send((unsafeBitCast(paths, to: NSArray.self) as? [String]) ?? [])
                    }, &context, paths as CFArray, FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 1.0, 0)
            """
        func found(_ callback: String, _ queue: String) -> [String] {
            findings(of: MainActorBackgroundDeliveryRule.self, in: files(callback: callback, queue: queue)).map { "\($0.file):\($0.line):\($0.column)" }
        }
        XCTAssertEqual(found(local, "DispatchQueue(label: \"fsevents\")"), ["MenuBarController.swift:8:14"])
        XCTAssertEqual(found(inline, "DispatchQueue(label: \"fsevents\")"), ["MenuBarController.swift:8:14"])
        XCTAssertEqual(found(local, "DispatchQueue.main"), [])
    }

    /// (Round 148.) A one-second `.default` timer in an `ObservableObject` whose sink writes each
    /// row's elapsed text through the published array (`self.rows[index].elapsedText = …`): that
    /// changes `rows`, so the rows' captions freeze while the list scrolls. A sink that only reads
    /// the rows (and logs) changes nothing on screen.
    func testATimerWritingPartOfAPublishedValueDrivesTheScreen() {
        func text(_ body: String) -> String {
            """
            struct LookupRow { var startedAt: Date; var elapsedText = "0s" }
            final class TagLookupViewModel: ObservableObject {
                @Published private(set) var rows: [LookupRow] = []
                private var cancellables = Set<AnyCancellable>()
                init() {
                    Timer.publish(every: 1, on: .main, in: .default)
                        .autoconnect()
                        .sink { [weak self] now in
                            guard let self else { return }
                            for index in self.rows.indices { \(body) }
                        }
                        .store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text("self.rows[index].elapsedText = \"\\(Int(now.timeIntervalSince(self.rows[index].startedAt)))s\"")), ["6:48"])
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text("print(self.rows[index].elapsedText)")), [])
    }

    /// (Round 147.) `viewModel.$results.sink { … self.viewModel.resultSummary … }` with the model's
    /// `var resultSummary: String { "\\(results.count) matches" }`: the getter reads `results`, which
    /// still holds the old value while its publisher sends. A computed property that reads something
    /// else, or reads `results` only in a closure that runs later, is no such read.
    func testAComputedPropertyReadingThePublishedValue() {
        func text(getter: String) -> String {
            """
            final class SearchViewModel: ObservableObject {
                @Published private(set) var results: [String] = []
                @Published var query = ""
                var resultSummary: String { \(getter) }
            }
            final class SearchViewController: NSViewController {
                let viewModel = SearchViewModel()
                let summaryLabel = NSTextField()
                private var cancellables = Set<AnyCancellable>()
                func attach() {
                    viewModel.$results
                        .sink { [weak self] hits in
                            guard let self else { return }
                            self.summaryLabel.stringValue = self.viewModel.resultSummary
                        }
                        .store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(getter: "\"\\(results.count) matches\"")), ["14:49"])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(getter: "get { results.isEmpty ? \"None\" : \"Some\" }")), ["14:49"])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(getter: "\"for \\(query)\"")), [])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(getter: "DispatchQueue.main.async { print(self.results) }; return \"\"")), [])
    }

    /// (Round 149.) `let engine: BackupEngineProtocol & AnyObject` (or `any BackupEngineProtocol`): the
    /// composition names the protocol, so `viewModel.jobUpdates`, a getter erasing `engine.jobUpdates`,
    /// is read as the engine's subject, which its private `run` sends into on the work queue; the
    /// controller's sink then touches the table off the main thread. A type the project cannot
    /// resolve stays unknown.
    func testAPropertyTypedByAProtocolCompositionResolvesToTheProtocol() {
        func files(engineType: String) -> [(path: String, text: String)] {
            [(path: "BackupEngine.swift", text: """
                protocol BackupEngineProtocol {
                    var jobUpdates: PassthroughSubject<Int, Never> { get }
                    func start()
                }
                final class BackupEngine: BackupEngineProtocol {
                    let jobUpdates = PassthroughSubject<Int, Never>()
                    private let workQueue = DispatchQueue(label: "backup.work")
                    func start() { workQueue.async { [weak self] in self?.run() } }
                    private func run() { jobUpdates.send(1) }
                }
                """),
             (path: "JobsViewModel.swift", text: """
                final class JobsViewModel {
                    let engine: \(engineType)
                    init(engine: BackupEngine) { self.engine = engine }
                    var jobUpdates: AnyPublisher<Int, Never> { engine.jobUpdates.eraseToAnyPublisher() }
                }
                """),
             (path: "JobsViewController.swift", text: """
                final class JobsViewController: NSViewController {
                    let viewModel: JobsViewModel
                    let tableView = NSTableView()
                    private var bag = Set<AnyCancellable>()
                    init(viewModel: JobsViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        viewModel.jobUpdates
                            .sink { [weak self] _ in self?.tableView.reloadData() }
                            .store(in: &bag)
                    }
                }
                """)]
        }
        func found(_ type: String) -> [String] {
            findings(of: MainActorBackgroundDeliveryRule.self, in: files(engineType: type)).map { "\($0.file):\($0.line):\($0.column)" }
        }
        XCTAssertEqual(found("BackupEngineProtocol & AnyObject"), ["JobsViewController.swift:9:14"])
        XCTAssertEqual(found("any BackupEngineProtocol"), ["JobsViewController.swift:9:14"])
        XCTAssertEqual(found("UnknownEngine & AnyObject"), [])
    }

    /// (Round 149.) A store's `snapshots(volumeID:)` handing on its client's method of the same
    /// selector (`api.snapshots(volumeID: volumeID)`), which returns a data task: the forwarder calls
    /// the client's method, not itself, so a local holding the store's request, subscribed twice,
    /// runs it twice. A client answering with `Just` does no work per subscription.
    func testAForwarderOfTheSameSelectorHandsOnItsClientsRequest() {
        func text(client: String) -> String {
            """
            protocol BackupAPI { func snapshots(volumeID: String) -> AnyPublisher<[Int], Error> }
            final class APIClient: BackupAPI {
                func snapshots(volumeID: String) -> AnyPublisher<[Int], Error> {
                    \(client)
                }
            }
            protocol SnapshotStoring { func snapshots(volumeID: String) -> AnyPublisher<[Int], Error> }
            final class SnapshotStore: SnapshotStoring {
                private let api: BackupAPI
                init(api: BackupAPI) { self.api = api }
                func snapshots(volumeID: String) -> AnyPublisher<[Int], Error> { api.snapshots(volumeID: volumeID) }
            }
            final class SnapshotBrowserViewModel: ObservableObject {
                @Published var count = 0
                private let store: SnapshotStoring
                private var bag = Set<AnyCancellable>()
                init(store: SnapshotStoring) { self.store = store }
                func load() {
                    let request = store.snapshots(volumeID: "nas")
                    request.map(\\.count).replaceError(with: 0).assign(to: &$count)
                    request.replaceError(with: []).sink { print($0) }.store(in: &bag)
                }
            }
            """
        }
        let dataTask = "URLSession.shared.dataTaskPublisher(for: URL(string: volumeID)!).tryMap { try JSONDecoder().decode([Int].self, from: $0.data) }.eraseToAnyPublisher()"
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(client: dataTask)), ["21:9"])
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(client: "Just([1]).setFailureType(to: Error.self).eraseToAnyPublisher()")), [])
    }

    /// (Round 150.) `PreviewRenderer` in `Services/PreviewRenderer.swift` renders previews of print
    /// models for the app: its name and its file's name start with `Preview`, but it stands in for no
    /// other type (its protocol's only other conformer is a test double), so its `lazy var` Future is
    /// the app's and is reported. `PreviewAPIClient` in its own file, sharing `APIClientProtocol` with
    /// the app's `APIClient`, is the canvas's stand-in, and its Future is not.
    func testAPreviewNamedTypeInItsOwnFileIsAStandInOnlyBesideAnotherImplementation() {
        func files(name: String, otherConformer: String) -> [(path: String, text: String)] {
            [(path: "Services/\(name).swift", text: """
                protocol Rendering: AnyObject { var diskCacheSize: Future<Int, Never> { get } }
                final class \(name): Rendering {
                    lazy var diskCacheSize: Future<Int, Never> = Future { promise in promise(.success(42)) }
                }
                """),
             (path: "Services/Other.swift", text: "final class \(otherConformer): Rendering { var diskCacheSize: Future<Int, Never> { Future { $0(.success(0)) } } }")]
        }
        func found(_ name: String, _ other: String) -> [String] {
            findings(of: FutureWithoutDeferredRule.self, in: files(name: name, otherConformer: other)).map { "\($0.file):\($0.line):\($0.column)" }
        }
        XCTAssertEqual(found("PreviewRenderer", "MockRenderer"), ["Services/PreviewRenderer.swift:3:50"])
        XCTAssertEqual(found("PreviewAPIClient", "APIClient"), [])
    }
}
