import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 85 and after (see the rule documents).
final class DefaultRulesRound85Tests: XCTestCase {
    private func mainActorFindings(_ files: [(path: String, text: String)]) -> [Finding] {
        findings(of: MainActorBackgroundDeliveryRule.self, in: files)
    }

    /// `line:column` of each finding, in order.
    private func lineColumns(_ found: [Finding]) -> [String] {
        found.map { "\($0.line):\($0.column)" }
    }

    /// A loader whose `thumbnail(for:)` answers from memory with `Just` and otherwise reads the disk in a
    /// `Deferred { Future { ioQueue.async { promise(…) } } }` and then the network: the uncached path
    /// delivers off main, so a cell in another file assigning its image view from it races UIKit (the
    /// file names no scheduler or `Future` of its own). A chain that hops to main first is fine.
    func testAFunctionWithAnEarlyJustAndABackgroundPathDeliversOffMain() {
        let loader = """
        final class ThumbnailLoader {
            private let ioQueue = DispatchQueue(label: "thumbnail-io")
            private let cache = NSCache<NSURL, UIImage>()
            func thumbnail(for url: URL) -> AnyPublisher<UIImage?, Never> {
                if let cached = cache.object(forKey: url as NSURL) {
                    return Just(cached).map(Optional.some).eraseToAnyPublisher()
                }
                return Deferred { [ioQueue] in
                    Future<Data?, Never> { promise in
                        ioQueue.async { promise(.success(try? Data(contentsOf: url))) }
                    }
                }
                .map { $0.flatMap(UIImage.init(data:)) }
                .eraseToAnyPublisher()
            }
        }
        """
        let cell = """
        final class CameraCell: UICollectionViewCell {
            private let thumbnailView = UIImageView()
            private var thumbnailToken: AnyCancellable?
            private var mainToken: AnyCancellable?
            func configure(url: URL, loader: ThumbnailLoader) {
                thumbnailToken = loader.thumbnail(for: url)
                    .assign(to: \\.image, on: thumbnailView)
                mainToken = loader.thumbnail(for: url)
                    .receive(on: DispatchQueue.main)
                    .assign(to: \\.image, on: thumbnailView)
            }
        }
        """
        let found = mainActorFindings([(path: "Loader.swift", text: loader), (path: "Cell.swift", text: cell)])
        XCTAssertEqual(found.map(\.file), ["Cell.swift"])
        XCTAssertEqual(lineColumns(found), ["7:14"])
        XCTAssertEqual(found.map(\.message), [
            "`assign` gets its values on the thread that fulfils the `Future`'s promise (a callback that runs off the main thread) through `thumbnail(…)` but uses main-actor `thumbnailView.image`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// `$searchText.combineLatest($summaries)` with `summaries` set in a request's sink that never
    /// hops to main: each new list comes through `combineLatest` on URLSession's queue and is assigned
    /// to a property views observe. Combined with a property only the main thread changes, it is fine.
    func testABareProjectionChangedOffMainReachesThroughCombineLatest() {
        let text = """
        final class API {
            func cameras() -> AnyPublisher<[String], Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com")!)
                    .map { _ in [String]() }
                    .mapError { $0 as Error }
                    .eraseToAnyPublisher()
            }
        }
        final class DashboardViewModel: ObservableObject {
            @Published var searchText = ""
            @Published var sortAscending = true
            @Published var summaries: [String] = []
            @Published var filtered: [String] = []
            @Published var sortLabel = ""
            private let api = API()
            private var token: AnyCancellable?
            init() {
                $searchText
                    .combineLatest($summaries)
                    .map { text, list in list.filter { $0.contains(text) } }
                    .assign(to: &$filtered)
                $searchText
                    .combineLatest($sortAscending)
                    .map { text, ascending in ascending ? text : "" }
                    .assign(to: &$sortLabel)
            }
            func load() {
                token = api.cameras()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] list in self?.summaries = list })
            }
        }
        struct DashboardView: View {
            @ObservedObject var model: DashboardViewModel
            var body: some View { Text("\\(model.filtered.count) \\(model.sortLabel)") }
        }
        """
        let found = mainActorFindings([(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["21:14", "29:14"])
        XCTAssertEqual(found.first?.message,
                       "`assign` gets its values on the thread that changes `summaries` (a background one for some values), through an input of `combineLatest` but uses main-actor `filtered`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// `Publishers.MergeMany(ids.map { commands.arm($0) })`: every publisher the collection's `map`
    /// makes is a request with no hop, so the collected acknowledgements arrive on URLSession's queue.
    /// Received on main before the sink, they are fine.
    func testTheRequestsACollectionsMapMakesForMergeManyDeliverOffMain() {
        let text = """
        final class CommandService {
            func arm(_ id: UUID) -> AnyPublisher<Bool, Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/\\(id)")!)
                    .map { _ in true }
                    .mapError { $0 as Error }
                    .eraseToAnyPublisher()
            }
        }
        final class HomeViewModel: ObservableObject {
            @Published var isArmed = false
            private let commands = CommandService()
            private var token: AnyCancellable?
            private var mainToken: AnyCancellable?
            func armAll(_ ids: [UUID]) {
                token = Publishers.MergeMany(ids.map { commands.arm($0) })
                    .collect()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] acks in self?.isArmed = acks.allSatisfy { $0 } })
                mainToken = Publishers.MergeMany(ids.map { commands.arm($0) })
                    .collect()
                    .receive(on: DispatchQueue.main)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] acks in self?.isArmed = acks.allSatisfy { $0 } })
            }
        }
        struct HomeView: View {
            @ObservedObject var model: HomeViewModel
            var body: some View { Text(model.isArmed ? "Armed" : "Off") }
        }
        """
        let found = mainActorFindings([(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["17:14"])
    }

    /// A coordinator outside the main actor observes a notification its socket posts only from its
    /// own queue; its sink calls `showBanner(_:)`, which sets the text of a label the coordinator
    /// holds. A method that only logs uses nothing of the main actor.
    func testCallingAMethodThatUsesAHeldUIKitObjectFromABackgroundSinkIsReported() {
        let text = """
        extension Notification.Name {
            static let socketDidReconnect = Notification.Name("socketDidReconnect")
        }
        final class MotionSocket {
            private let socketQueue = DispatchQueue(label: "socket")
            func reconnect() {
                socketQueue.async {
                    NotificationCenter.default.post(name: .socketDidReconnect, object: self)
                }
            }
        }
        final class AppCoordinator {
            private let bannerLabel = UILabel()
            private var cancellables = Set<AnyCancellable>()
            init() {
                NotificationCenter.default.publisher(for: .socketDidReconnect)
                    .sink { [weak self] _ in self?.showBanner("Reconnected") }
                    .store(in: &cancellables)
                NotificationCenter.default.publisher(for: .socketDidReconnect)
                    .sink { [weak self] _ in self?.log("Reconnected") }
                    .store(in: &cancellables)
            }
            private func showBanner(_ text: String) {
                bannerLabel.text = text
            }
            private func log(_ text: String) {
                print(text)
            }
        }
        """
        let found = mainActorFindings([(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["17:14"])
        XCTAssertEqual(found.map(\.message), [
            "`sink` gets its values on the thread that posts `socketDidReconnect` (never the main one) but calls `showBanner(…)`, which uses main-actor `bannerLabel`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// A directory watcher sends into its subject from a dispatch source's event handler, which GCD
    /// runs on the queue the source was made on, a background one: a view model counting changes in
    /// an `@Published` property views observe races them. A watcher whose source runs on the main
    /// queue delivers there.
    func testADispatchSourceEventHandlerOnABackgroundQueueSendsOffMain() {
        let watcher = """
        final class DirectoryWatcher {
            let changes = PassthroughSubject<URL, Never>()
            private let queue = DispatchQueue(label: "watcher", qos: .background)
            private let source: DispatchSourceFileSystemObject
            init(url: URL, descriptor: Int32) {
                source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: .write, queue: queue)
                source.setEventHandler { [weak self] in self?.changes.send(url) }
                source.resume()
            }
        }
        """
        let mainWatcher = """
        final class SettingsWatcher {
            let edits = PassthroughSubject<URL, Never>()
            private let source: DispatchSourceFileSystemObject
            init(url: URL, descriptor: Int32) {
                source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: descriptor, eventMask: .write, queue: .main)
                source.setEventHandler { [weak self] in self?.edits.send(url) }
                source.resume()
            }
        }
        """
        let model = """
        final class HistoryViewModel: ObservableObject {
            @Published var externalChanges = 0
            @Published var settingsEdits = 0
            private var cancellables = Set<AnyCancellable>()
            init(watcher: DirectoryWatcher, settings: SettingsWatcher) {
                watcher.changes
                    .sink { [weak self] _ in self?.externalChanges += 1 }
                    .store(in: &cancellables)
                settings.edits
                    .sink { [weak self] _ in self?.settingsEdits += 1 }
                    .store(in: &cancellables)
            }
        }
        struct HistoryView: View {
            @ObservedObject var model: HistoryViewModel
            var body: some View { Text("\\(model.externalChanges) \\(model.settingsEdits)") }
        }
        """
        let found = mainActorFindings([(path: "Watcher.swift", text: watcher), (path: "SettingsWatcher.swift", text: mainWatcher),
                                       (path: "Model.swift", text: model)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Model.swift:7:14"])
    }

    /// A view model holds a meter that SwiftUI views observe; its sink on a subject sent into off
    /// main calls `throughput.record(rate)`, which appends to the meter's `@Published` samples there.
    /// A call of a method that only reads the meter changes nothing views observe.
    func testAHeldObservedObjectsMethodChangingItsPublishedPropertyIsReported() {
        let text = """
        final class ThroughputMeter: ObservableObject {
            @Published private(set) var samples: [Double] = []
            func record(_ value: Double) {
                samples.append(value)
            }
            func peak() -> Double { samples.max() ?? 0 }
        }
        final class Engine {
            let progress = PassthroughSubject<Double, Never>()
            private let queue = DispatchQueue(label: "pipe")
            func run() { queue.async { self.progress.send(1) } }
        }
        final class ProgressViewModel {
            let throughput = ThroughputMeter()
            private let engine = Engine()
            private var cancellables = Set<AnyCancellable>()
            init() {
                engine.progress
                    .sink { [weak self] rate in self?.throughput.record(rate) }
                    .store(in: &cancellables)
                engine.progress
                    .sink { [weak self] _ in print(self?.throughput.peak() ?? 0) }
                    .store(in: &cancellables)
            }
        }
        struct GraphView: View {
            @ObservedObject var meter: ThroughputMeter
            var body: some View { Text("\\(meter.samples.count)") }
        }
        """
        let found = mainActorFindings([(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["19:14"])
        XCTAssertEqual(found.map(\.message), [
            "`sink` gets its values on the thread that sends into `progress` (never the main one) but calls `throughput.record(…)`, which sets main-actor `samples`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// A replay subscription that only checks that some demand came (`guard demand > .none`) and then
    /// sends every frame ignores how many were asked for: a `.max(1)` gets two hundred. One that adds
    /// the demand to a counter it sends against, after the same check, keeps it.
    func testADemandOnlyComparedWithZeroIsIgnored() {
        let text = """
        private final class FrameReplaySubscription<S: Subscriber>: Subscription where S.Input == Data, S.Failure == Never {
            private var subscriber: S?
            private let frames: [Data]
            private var started = false
            init(subscriber: S, frames: [Data]) { self.subscriber = subscriber; self.frames = frames }
            func request(_ demand: Subscribers.Demand) {
                guard !started, demand > .none else { return }
                started = true
                for frame in frames { _ = subscriber?.receive(frame) }
                subscriber?.receive(completion: .finished)
            }
            func cancel() { subscriber = nil }
        }
        private final class PacedSubscription<S: Subscriber>: Subscription where S.Input == Data, S.Failure == Never {
            private var subscriber: S?
            private var frames: [Data]
            private var pending = Subscribers.Demand.none
            init(subscriber: S, frames: [Data]) { self.subscriber = subscriber; self.frames = frames }
            func request(_ demand: Subscribers.Demand) {
                guard demand > .none else { return }
                pending += demand
                while pending > 0, !frames.isEmpty {
                    pending -= 1
                    _ = subscriber?.receive(frames.removeFirst())
                }
            }
            func cancel() { subscriber = nil }
        }
        """
        let found = findings(of: CustomSubscriptionIgnoresDemandRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["6:10"])
        XCTAssertEqual(found.map(\.message), [
            "`request(_:)` of `FrameReplaySubscription` only checks that some demand came, then sends values beyond it: subscribers get values they never asked for.",
        ])
    }

    /// `let sentences = stream.sentences.receive(on: DispatchQueue.main).share()` then `sentences.sink`:
    /// the local hops to main, whatever the service's subject of that name does; the service's own
    /// `stream.sentences.sink` delivers on the socket queue.
    func testALocalNamedLikeAnOffMainSubjectIsJudgedByItsValue() {
        let text = """
        final class NMEAStream {
            let sentences = PassthroughSubject<String, Never>()
            private let socketQueue = DispatchQueue(label: "socket")
            func consume(_ line: String) { socketQueue.async { self.sentences.send(line) } }
        }
        final class TelemetryStore: ObservableObject {
            @Published var last = ""
            private let stream = NMEAStream()
            private var cancellables = Set<AnyCancellable>()
            init() {
                let sentences = stream.sentences.receive(on: DispatchQueue.main).share()
                sentences.sink { [weak self] in self?.last = $0 }.store(in: &cancellables)
                stream.sentences.sink { [weak self] in self?.last = $0 }.store(in: &cancellables)
            }
        }
        struct TelemetryView: View {
            @ObservedObject var store: TelemetryStore
            var body: some View { Text(store.last) }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "A.swift", text: text)])), ["13:26"])
    }

    /// `$query.debounce(for: …, scheduler: searchQueue).map { … }.assign(to: &$candidates)` sets
    /// `candidates` on the search queue, so `$candidates.map { … }.assign(to: &$highlighted)` runs
    /// there too; a property assigned from a pipeline that delivers on main does not.
    func testAPublishedPropertyAssignedByABackgroundPipelineDeliversOffMain() {
        let text = """
        final class QuickPasteModel: ObservableObject {
            @Published var query = ""
            @Published var candidates: [String] = []
            @Published var highlightedIndex = 0
            @Published var title = ""
            @Published var subtitle = ""
            private let searchQueue = DispatchQueue(label: "search")
            init() {
                $query.debounce(for: .milliseconds(150), scheduler: searchQueue).map { [$0] }.assign(to: &$candidates)
                $candidates.map { _ in 0 }.assign(to: &$highlightedIndex)
                $query.receive(on: DispatchQueue.main).map { $0.uppercased() }.assign(to: &$title)
                $title.map { $0.lowercased() }.assign(to: &$subtitle)
            }
        }
        struct QuickPasteView: View {
            @ObservedObject var model: QuickPasteModel
            var body: some View { Text("\\(model.highlightedIndex) \\(model.subtitle)") }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "A.swift", text: text)])), ["9:87", "10:36"])
    }

    /// `store.loadPinned()` returns `Deferred { Future { promise(read()) } }`, which emits as it is
    /// subscribed: `subscribe(on: store.ioQueue)` moves it there, and a controller setting its views
    /// in the sink races AppKit. Received on main before the sink, it is fine.
    func testSubscribeOnMovesAProjectFunctionsSynchronousPublisher() {
        let text = """
        final class HistoryStore {
            let ioQueue = DispatchQueue(label: "io")
            func loadPinned() -> AnyPublisher<[String], Error> {
                Deferred {
                    Future<[String], Error> { promise in
                        promise(.success(["a"]))
                    }
                }
                .eraseToAnyPublisher()
            }
        }
        final class HistoryWindowController: NSWindowController {
            let store = HistoryStore()
            let pinnedLabel = NSTextField()
            var tokens = Set<AnyCancellable>()
            func loadPinned() {
                store.loadPinned().subscribe(on: store.ioQueue).replaceError(with: [])
                    .sink { [weak self] in self?.pinnedLabel.stringValue = $0.joined() }
                    .store(in: &tokens)
                store.loadPinned().subscribe(on: store.ioQueue).replaceError(with: []).receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.pinnedLabel.stringValue = $0.joined() }
                    .store(in: &tokens)
            }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "A.swift", text: text)])), ["18:14"])
    }

    /// `assign(to: \.placeholder, on: searchController.searchBar)`: the target is a member of a UIKit
    /// object the screen holds, set where the pipeline delivers, here the global queue.
    func testAssignOnAMemberOfAHeldUIKitObjectIsMainActorUse() {
        let text = """
        final class StationSearchViewController: UIViewController {
            let searchController = UISearchController(searchResultsController: nil)
            var hint = "Station"
            var tokens = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                Just(hint).subscribe(on: DispatchQueue.global()).map { "Search \\($0)" }
                    .assign(to: \\.placeholder, on: searchController.searchBar)
                    .store(in: &tokens)
            }
        }
        """
        let found = mainActorFindings([(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["8:14"])
        XCTAssertEqual(found.first?.message,
                       "`assign` gets its values on the `subscribe(on: DispatchQueue.global())` queue but uses main-actor `searchController.searchBar.placeholder`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// An `NWConnection` started on a socket queue calls its `receive` completion there: a
    /// notification posted from it arrives off main, and a view controller's banner set in the sink
    /// races UIKit.
    func testANetworkConnectionsReceiveCompletionRunsOnItsQueue() {
        let text = """
        extension Notification.Name {
            static let streamLost = Notification.Name("streamLost")
        }
        final class StreamService {
            private var connection: NWConnection?
            private let socketQueue = DispatchQueue(label: "socket")
            func connect() {
                let connection = NWConnection(host: "boat", port: 10110, using: .tcp)
                self.connection = connection
                connection.start(queue: socketQueue)
                receiveNext()
            }
            private func receiveNext() {
                connection?.receive(minimumIncompleteLength: 1, maximumLength: 4096) { data, _, isComplete, error in
                    if isComplete || error != nil { NotificationCenter.default.post(name: .streamLost, object: nil) }
                }
            }
        }
        final class DashboardViewController: UIViewController {
            let bannerLabel = UILabel()
            var tokens = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                NotificationCenter.default.publisher(for: .streamLost)
                    .sink { [weak self] _ in self?.bannerLabel.text = "Connection lost" }
                    .store(in: &tokens)
            }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings([(path: "A.swift", text: text)])), ["25:14"])
    }

    /// A menu-bar controller's one-second timer in `.default` mode sets the title of a menu item that
    /// an object it holds keeps (`menuBuilder.throughputItem.title = …`): the item freezes while the
    /// menu is open, which is when the user reads it. A timer whose sink only reads the builder does not.
    func testATimerWritingAScreenElementOfAHeldProjectObjectIsReported() {
        let text = """
        final class StatusMenuBuilder {
            let throughputItem = NSMenuItem(title: "Throughput", action: nil, keyEquivalent: "")
            var itemCount = 0
        }
        final class StatusItemController {
            private lazy var menuBuilder = StatusMenuBuilder()
            private var latest = 0
            private var cancellables = Set<AnyCancellable>()
            func start() {
                Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in
                        guard let self else { return }
                        self.menuBuilder.throughputItem.title = "Throughput: \\(self.latest)"
                    }
                    .store(in: &cancellables)
                Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.latest = self?.menuBuilder.itemCount ?? 0 }
                    .store(in: &cancellables)
            }
        }
        """
        let found = findings(of: TimerDefaultRunLoopModeRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["10:48"])
    }
}
