import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 80 and after (see the rule documents).
final class DefaultRulesRound80Tests: XCTestCase {
    private func mainActorFindings(_ text: String) -> [Finding] {
        findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: text)])
    }

    /// `line:column` of each finding, in order.
    private func lineColumns(_ found: [Finding]) -> [String] {
        found.map { "\($0.line):\($0.column)" }
    }

    /// `api.fetchCameras().retryWithBackoff(2)`: the project's own operator right after the source
    /// leaves delivery where the request put it; the source is still followed into `fetchCameras()`.
    func testTheSourceBeforeTheProjectsOwnOperatorIsFollowed() {
        let text = """
        extension Publisher {
            func retryWithBackoff(_ attempts: Int) -> AnyPublisher<Output, Failure> {
                self.retry(attempts).eraseToAnyPublisher()
            }
            func receiveOnMain() -> AnyPublisher<Output, Failure> {
                receive(on: DispatchQueue.main).eraseToAnyPublisher()
            }
        }
        final class CameraAPI {
            func fetchCameras() -> AnyPublisher<[String], Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).map { _ in [] }.mapError { $0 as Error }.eraseToAnyPublisher()
            }
        }
        final class CameraStore: ObservableObject {
            @Published var cameras: [String] = []
            private let api = CameraAPI()
            private var bag = Set<AnyCancellable>()
            func reload() {
                api.fetchCameras().retryWithBackoff(2)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.cameras = $0 }).store(in: &bag)
                api.fetchCameras().retryWithBackoff(2).receiveOnMain()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.cameras = $0 }).store(in: &bag)
            }
        }
        struct GridView: View {
            @ObservedObject var store: CameraStore
            var body: some View { Text("\\(store.cameras.count)") }
        }
        """
        let found = mainActorFindings(text)
        XCTAssertEqual(lineColumns(found), ["20:14"])
        XCTAssertEqual(found.map(\.message), [
            "`sink` gets its values on URLSession's queue (`dataTaskPublisher`) through `fetchCameras(…)` but uses main-actor `cameras`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// A URLSession delegate whose session is made with `delegateQueue:` a queue of its own, held in
    /// a property or a local made by `OperationQueue()`, gets its callbacks off main, and so does a
    /// pipeline from the subject those callbacks send into. A session on `OperationQueue.main` does not.
    func testDelegateCallbacksOnTheSessionsOwnOperationQueueSendOffMain() {
        let text = """
        final class UploadService: NSObject, URLSessionTaskDelegate {
            let progress = PassthroughSubject<Double, Never>()
            private lazy var delegateQueue: OperationQueue = {
                let queue = OperationQueue()
                queue.maxConcurrentOperationCount = 1
                return queue
            }()
            private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: delegateQueue)
            func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData sent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
                progress.send(Double(totalBytesSent) / Double(totalBytesExpectedToSend))
            }
        }
        final class SocketClient: NSObject, URLSessionWebSocketDelegate {
            let opened = PassthroughSubject<Void, Never>()
            private lazy var session: URLSession = {
                let queue = OperationQueue()
                queue.name = "socket"
                return URLSession(configuration: .default, delegate: self, delegateQueue: queue)
            }()
            func urlSession(_ session: URLSession, webSocketTask: URLSessionWebSocketTask, didOpenWithProtocol p: String?) {
                opened.send()
            }
        }
        final class MainSessionClient: NSObject, URLSessionTaskDelegate {
            let finished = PassthroughSubject<Void, Never>()
            private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: OperationQueue.main)
            func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
                finished.send()
            }
        }
        final class UploadViewController: UIViewController {
            let label = UILabel()
            let service = UploadService()
            let socket = SocketClient()
            let client = MainSessionClient()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                service.progress.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                socket.opened.sink { [weak self] in self?.label.text = "open" }.store(in: &bag)
                client.finished.sink { [weak self] in self?.label.text = "done" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings(text)), ["39:26", "40:23"])
    }

    /// Two types each declare a subject named `stateSubject`: the upload service sends into its own
    /// from the session's delegate queue, the capture service into its own on the main queue. A
    /// pipeline from the capture service's getter delivers where that service sends, not where the
    /// upload service does. A getter read through a known owner is followed even when another type
    /// has a plain property of the same name (`let bookmarks = BookmarkStore.shared`).
    func testSameNamedSubjectsOfOtherTypesAreNotTakenForTheOneAPipelineReads() {
        let text = """
        final class UploadService: NSObject, URLSessionTaskDelegate {
            private let stateSubject = PassthroughSubject<Int, Never>()
            private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
            var states: AnyPublisher<Int, Never> { stateSubject.eraseToAnyPublisher() }
            func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
                stateSubject.send(1)
            }
        }
        final class CaptureService {
            private let stateSubject = CurrentValueSubject<Int, Never>(0)
            var state: AnyPublisher<Int, Never> { stateSubject.eraseToAnyPublisher() }
            func update(_ value: Int) {
                DispatchQueue.main.async { [stateSubject] in stateSubject.send(value) }
            }
        }
        final class BookmarkStore {
            static let shared = BookmarkStore()
            private let saveQueue = DispatchQueue(label: "bookmarks")
            private let bookmarksSubject = PassthroughSubject<[Int], Never>()
            var bookmarks: AnyPublisher<[Int], Never> { bookmarksSubject.eraseToAnyPublisher() }
            func load() {
                saveQueue.async { self.bookmarksSubject.send([1]) }
            }
        }
        final class DocumentModel {
            let bookmarks = BookmarkStore.shared
        }
        final class RecordingViewController: UIViewController {
            let label = UILabel()
            let capture = CaptureService()
            let uploads = UploadService()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                capture.state.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                uploads.states.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                BookmarkStore.shared.bookmarks.sink { [weak self] in self?.label.text = "\\($0.count)" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings(text)), ["36:24", "37:40"])
    }

    /// `$query.userInput()`, the project's own operator whose body debounces and drops duplicates,
    /// shapes typing as those operators written in the chain do: a `flatMap` after it keeps every
    /// request running. An operator of the project that shapes nothing (`logged()`) does not count.
    func testTheProjectsOwnInputShapingOperatorCountsAsTheShaper() {
        let text = """
        extension Publisher where Failure == Never {
            func userInput() -> AnyPublisher<Output, Never> {
                debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).removeDuplicates().eraseToAnyPublisher()
            }
            func logged() -> AnyPublisher<Output, Never> {
                handleEvents(receiveOutput: { print($0) }).eraseToAnyPublisher()
            }
        }
        final class SearchModel: ObservableObject {
            @Published var query = ""
            @Published var results: [String] = []
            @Published var scope = 0
            private let api = SearchAPI()
            private var bag = Set<AnyCancellable>()
            init() {
                $query.userInput().filter { $0.count > 1 }
                    .flatMap { [api] in api.search($0) }
                    .sink { [weak self] in self?.results = $0 }.store(in: &bag)
                $scope.logged().map { _ in 1 }
                    .flatMap { [api] _ in api.search("") }
                    .sink { [weak self] in self?.results = $0 }.store(in: &bag)
            }
        }
        """
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["17:14"])
        XCTAssertEqual(found.map(\.message), [
            "`flatMap` after `userInput` keeps every request running, so an older, slower response can overwrite a newer one.",
        ])
    }

    /// `bindSuggestions(to input:)` gets its typing from a caller that passes a subject it erases:
    /// the input never finishes, so a `replaceError` after `switchToLatest` ends the suggestions at the
    /// first failed request. A caller passing a finite `Just` leaves the other method alone.
    func testAnEndlessPublisherPassedInByTheCallersIsANeverFinishingSource() {
        let text = """
        final class FilterModel: ObservableObject {
            @Published var suggestions: [String] = []
            @Published var preset: [String] = []
            private let remote = RemoteSources()
            func bindSuggestions(to input: AnyPublisher<String, Never>) {
                input.debounce(for: .milliseconds(400), scheduler: RunLoop.main)
                    .map { [remote] in remote.fetch($0) }
                    .switchToLatest()
                    .replaceError(with: [])
                    .assign(to: &$suggestions)
            }
            func loadPreset(from input: AnyPublisher<String, Never>) {
                input.map { [remote] in remote.fetch($0) }
                    .switchToLatest()
                    .replaceError(with: [])
                    .assign(to: &$preset)
            }
        }
        final class RemoteSources {
            func fetch(_ query: String) -> AnyPublisher<[String], Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: query)!).map { _ in [] }.mapError { $0 as Error }.eraseToAnyPublisher()
            }
        }
        final class FilterBarController: NSViewController {
            private let typing = PassthroughSubject<String, Never>()
            let model = FilterModel()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.bindSuggestions(to: typing.eraseToAnyPublisher())
                model.loadPreset(from: Just("all").eraseToAnyPublisher())
            }
        }
        """
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["9:14"])
    }

    /// A `Future` fulfilled in the completion handler of another object's session
    /// (`api.urlSession.dataTask(with:) { … }`) delivers on that session's delegate queue: the
    /// project makes no session on the main queue, so none is. Once the project does make one
    /// (`delegateQueue: .main`), an unknown session may be it, and nothing is reported.
    func testACompletionHandlerOfAnotherObjectsSessionRunsOffMainUnlessTheProjectMakesAMainQueueSession() {
        let service = """
        final class APIClient {
            private let session: URLSession
            init(session: URLSession = .shared) { self.session = session }
            var urlSession: URLSession { session }
        }
        final class RideService {
            let api = APIClient()
            func accept(_ id: Int) -> Future<Void, Error> {
                Future { [api] promise in
                    api.urlSession.dataTask(with: URL(string: "x")!) { _, _, _ in promise(.success(())) }.resume()
                }
            }
        }
        """
        let screen = """
        final class OfferViewController: UIViewController {
            let statusLabel = UILabel()
            let rides = RideService()
            let acceptTapped = PassthroughSubject<Void, Never>()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                acceptTapped.flatMap { [rides] in rides.accept(1).replaceError(with: ()) }
                    .sink { [weak self] in self?.statusLabel.text = "Accepted" }.store(in: &bag)
            }
        }
        """
        let mainSession = """
        final class MainSessionOwner: NSObject, URLSessionDelegate {
            lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: .main)
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: screen), (path: "B.swift", text: service)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["A.swift:9:14"])
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: screen), (path: "B.swift", text: service),
                                                                               (path: "C.swift", text: mainSession)]).count, 0)
    }

    /// A socket client sends each frame into `frames` on its decode queue; a sink of `frames`
    /// sends each quote into `quotes`, which therefore also delivers there: a store's sink of
    /// `socket.quotes` sets an observed `@Published` property off main. A subject sent into from a
    /// sink of a main-queue pipeline (`alerts`) is not followed into.
    func testASubjectSentIntoFromASinkOfAnotherOffMainSubjectDeliversOffMain() {
        let text = """
        final class QuoteSocket {
            let quotes = PassthroughSubject<Double, Never>()
            let alerts = PassthroughSubject<String, Never>()
            private let frames = PassthroughSubject<Data, Never>()
            private let decodeQueue = DispatchQueue(label: "decode")
            private var bag = Set<AnyCancellable>()
            func received(_ data: Data) {
                decodeQueue.async { self.frames.send(data) }
            }
            func bind() {
                frames.map { _ in 1.0 }.sink { [weak self] in self?.quotes.send($0) }.store(in: &bag)
                frames.map { _ in "a" }.receive(on: DispatchQueue.main).sink { [weak self] in self?.alerts.send($0) }.store(in: &bag)
            }
        }
        final class WatchlistStore: ObservableObject {
            @Published private(set) var last = 0.0
            @Published private(set) var banner = ""
            private let socket: QuoteSocket
            private var bag = Set<AnyCancellable>()
            init(socket: QuoteSocket) {
                self.socket = socket
                socket.quotes.sink { [weak self] in self?.last = $0 }.store(in: &bag)
                socket.alerts.sink { [weak self] in self?.banner = $0 }.store(in: &bag)
            }
        }
        struct HeaderView: View {
            @ObservedObject var store: WatchlistStore
            var body: some View { Text("\\(store.last) \\(store.banner)") }
        }
        """
        let found = mainActorFindings(text)
        XCTAssertEqual(lineColumns(found), ["22:23"])
        XCTAssertEqual(found.map(\.message), [
            "`sink` gets its values on the thread that sends into `quotes` (never the main one) but uses main-actor `last`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// A view model sets `rows` in a sink after `receive(on: processingQueue)` (itself reported):
    /// `$rows` then delivers those changes on that queue, and `assign(to: &$visibleRows)` from it sets an observed
    /// `@Published` property off main. A property changed only on the main queue (`filterText`), or
    /// only in the initializer's own statements, delivers nothing off main.
    func testAPublishedPropertyChangedOffMainDeliversItsChangesThere() {
        let text = """
        final class WatchlistModel: ObservableObject {
            @Published private(set) var rows: [Int] = []
            @Published var filterText = ""
            @Published private(set) var visibleRows: [Int] = []
            @Published private(set) var title = ""
            @Published private(set) var count = 0
            private let processingQueue = DispatchQueue(label: "processing")
            private let feed = PassthroughSubject<[Int], Never>()
            private var bag = Set<AnyCancellable>()
            init() {
                count = 1
                feed.receive(on: processingQueue).sink { [weak self] in self?.rows = $0 }.store(in: &bag)
                $rows.map { $0.filter { $0 > 0 } }.assign(to: &$visibleRows)
                $filterText.map { $0.uppercased() }.assign(to: &$title)
                $count.map { "\\($0)" }.assign(to: &$title)
            }
        }
        struct ListView: View {
            @ObservedObject var model: WatchlistModel
            var body: some View { Text("\\(model.visibleRows.count) \\(model.title)") }
        }
        """
        let found = mainActorFindings(text)
        XCTAssertEqual(lineColumns(found), ["12:43", "13:44"])
        XCTAssertEqual(found.map(\.message), [
            "`sink` gets its values on `receive` on `processingQueue` but uses main-actor `rows`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
            "`assign` gets its values on the thread that changes `rows` (a background one for some values) but uses main-actor `visibleRows`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// A coordinator hands its subject whole to an indicator's initializer and to a dependencies
    /// struct, whose holders send into it (`markerRequests.send(())`, `deps.markerRequests.send(())`):
    /// other types send into it by design. A socket that hands its subject to a struct only read by
    /// subscribers (`handles.updates.sink`) is still the only sender, and is reported.
    func testASubjectHandedWholeToATypeThatSendsIntoItIsNotReported() {
        let text = """
        final class Indicator {
            private let markerRequests: PassthroughSubject<Void, Never>
            init(engine: Int, markerRequests: PassthroughSubject<Void, Never>) { self.markerRequests = markerRequests }
            func tap() { markerRequests.send(()) }
        }
        struct RecorderDependencies {
            let engine: Int
            let markerRequests: PassthroughSubject<Void, Never>
        }
        struct StreamHandles {
            let updates: PassthroughSubject<Int, Never>
        }
        final class WindowCoordinator {
            let markerRequests = PassthroughSubject<Void, Never>()
            var indicator: Indicator?
            var deps: RecorderDependencies?
            func start() {
                indicator = Indicator(engine: 1, markerRequests: markerRequests)
                deps = RecorderDependencies(engine: 1, markerRequests: markerRequests)
                deps?.markerRequests.send(())
            }
        }
        final class QuoteSocket {
            let quotes = PassthroughSubject<Int, Never>()
            func handles() -> StreamHandles { StreamHandles(updates: quotes) }
            func received(_ value: Int) { quotes.send(value) }
        }
        """
        let found = findings(of: ExposedSubjectRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["24:9"])
    }

    /// A capture service sends its results from a `DispatchWorkItem` it hands to its capture queue
    /// (`captureQueue.asyncAfter(deadline:execute: work)`): the subject delivers there, and a store's
    /// sink sets an observed `@Published` property off main. A work item handed to the main queue
    /// sends on main.
    func testASendInADispatchWorkItemHandedToABackgroundQueueRunsOffMain() {
        let text = """
        final class CaptureService {
            let completed = PassthroughSubject<Int, Never>()
            let shown = PassthroughSubject<Int, Never>()
            private let captureQueue = DispatchQueue(label: "capture")
            func capture(_ delay: Double) {
                let work = DispatchWorkItem { [weak self] in self?.completed.send(1) }
                captureQueue.asyncAfter(deadline: .now() + delay, execute: work)
                let show = DispatchWorkItem { [weak self] in self?.shown.send(1) }
                DispatchQueue.main.async(execute: show)
            }
        }
        final class Library: ObservableObject {
            @Published private(set) var recent = 0
            @Published private(set) var visible = 0
            private var bag = Set<AnyCancellable>()
            init(capture: CaptureService) {
                capture.completed.sink { [weak self] in self?.recent = $0 }.store(in: &bag)
                capture.shown.sink { [weak self] in self?.visible = $0 }.store(in: &bag)
            }
        }
        struct RecentView: View {
            @ObservedObject var library: Library
            var body: some View { Text("\\(library.recent) \\(library.visible)") }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings(text)), ["17:27"])
    }

    /// A renderer returns `Deferred { Future { queue.async { … promise(…) } } }`: each inner
    /// publisher of a `flatMap` fulfils on the renderer's queue, after a `throttle` on main, so the
    /// sink sets an observed `@Published` property off main.
    func testADeferredFutureFulfilledOnABackgroundQueueDeliversThere() {
        let text = """
        final class Renderer {
            private let queue = DispatchQueue(label: "render")
            func render(_ scale: Double) -> AnyPublisher<Int, Never> {
                Deferred {
                    Future<Int, Never> { [queue] promise in
                        queue.async { promise(.success(Int(scale))) }
                    }
                }
                .eraseToAnyPublisher()
            }
        }
        final class EditorModel: ObservableObject {
            @Published var scale = 1.0
            @Published private(set) var preview = 0
            private let renderer = Renderer()
            private var bag = Set<AnyCancellable>()
            init() {
                $scale.throttle(for: .milliseconds(100), scheduler: DispatchQueue.main, latest: true)
                    .flatMap { [renderer] in renderer.render($0) }
                    .sink { [weak self] in self?.preview = $0 }
                    .store(in: &bag)
            }
        }
        struct EditorView: View {
            @ObservedObject var model: EditorModel
            var body: some View { Text("\\(model.preview)") }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings(text)), ["20:14"])
    }

    /// `frame.positions.forEach(self.positionSubject.send)` on the decode queue: `send` handed to a
    /// call that runs it right there sends on that queue, so a controller's sink of the erased
    /// `positions` touches a label off main. `send` handed to a `sink` runs where that pipeline
    /// delivers, which this send's place does not tell.
    func testASendHandedByReferenceToACallThatRunsItHereIsASend() {
        let text = """
        final class PositionSocket {
            private let positionSubject = PassthroughSubject<Int, Never>()
            private let echoSubject = PassthroughSubject<Int, Never>()
            private let decodeQueue = DispatchQueue(label: "decode")
            var positions: AnyPublisher<Int, Never> { positionSubject.eraseToAnyPublisher() }
            var echoes: AnyPublisher<Int, Never> { echoSubject.eraseToAnyPublisher() }
            private var bag = Set<AnyCancellable>()
            func handle(_ values: [Int]) {
                decodeQueue.async { values.forEach(self.positionSubject.send) }
            }
            func bind(_ input: AnyPublisher<Int, Never>) {
                input.receive(on: DispatchQueue.main).sink(receiveValue: echoSubject.send).store(in: &bag)
            }
        }
        final class MapViewController: UIViewController {
            let label = UILabel()
            let socket = PositionSocket()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                socket.positions.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                socket.echoes.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(lineColumns(mainActorFindings(text)), ["21:26"])
    }

    /// The initializer makes the inner object in a local, assigns it to the `@Published` property and
    /// forwards the local's `objectWillChange`: the property holds the object whose changes are
    /// forwarded. A second property given another local, whose changes nobody forwards, is reported.
    func testForwardingTheObjectWillChangeOfTheLocalAssignedToThePropertyCounts() {
        let text = """
        final class ConnectionStore: ObservableObject {
            @Published var sessions = 0
        }
        final class AppState: ObservableObject {
            @Published var connectionStore: ConnectionStore
            @Published var backupStore: ConnectionStore
            private var bag = Set<AnyCancellable>()
            init() {
                let store = ConnectionStore()
                let backup = ConnectionStore()
                connectionStore = store
                backupStore = backup
                store.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &bag)
            }
        }
        struct StatusView: View {
            @EnvironmentObject var state: AppState
            var body: some View { Text("\\(state.connectionStore.sessions) \\(state.backupStore.sessions)") }
        }
        """
        let found = findings(of: NestedObservableObjectRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["6:20"])
    }

    /// A broker hands its subject to a transport by assigning the transport's optional subject
    /// property (`transport.inboundFrames = inbound`), and the transport sends into it: the broker's
    /// subject is fed by another type by design, and the transport's property is a delivery target set
    /// from outside. A subject nobody else sends into stays reported.
    func testASubjectHandedOverByAssignmentToAnotherObjectsPropertyIsNotReported() {
        let text = """
        final class Transport {
            var inboundFrames: PassthroughSubject<Int, Never>?
            func received(_ frame: Int) { inboundFrames?.send(frame) }
        }
        final class Broker {
            let inbound = PassthroughSubject<Int, Never>()
            let alarms = PassthroughSubject<Int, Never>()
            private let transport = Transport()
            init() {
                transport.inboundFrames = inbound
            }
            func raise(_ alarm: Int) { alarms.send(alarm) }
        }
        """
        let found = findings(of: ExposedSubjectRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["7:9"])
    }
}
