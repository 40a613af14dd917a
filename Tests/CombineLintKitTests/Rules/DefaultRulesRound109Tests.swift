import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 109 (see the rule documents).
final class DefaultRulesRound109Tests: XCTestCase {
    /// A session made with `delegateQueue:` a local the code makes first (`let queue = OperationQueue()`)
    /// has a background delegate queue, so it does not make the project's other sessions' completion
    /// handlers unknown: a notification posted in a `dataTask` handler of an injected `.shared` session
    /// comes off main. A session made with `delegateQueue: .main` elsewhere would.
    func testALocalOperationQueueIsNoMainDelegateQueue() {
        func text(queue: String) -> String {
            """
            extension Notification.Name { static let syncDidFinish = Notification.Name("sync") }
            final class Socket: NSObject, URLSessionDelegate {
                private var session: URLSession!
                override init() {
                    super.init()
                    let queue = \(queue)
                    session = URLSession(configuration: .default, delegate: self, delegateQueue: queue)
                }
            }
            final class SyncService {
                private let session: URLSession
                init(session: URLSession = .shared) { self.session = session }
                func run(_ request: URLRequest) {
                    session.dataTask(with: request) { _, _, _ in
                        NotificationCenter.default.post(name: .syncDidFinish, object: nil)
                    }.resume()
                }
            }
            final class SyncController: UIViewController {
                private let label = UILabel()
                private var bag = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    NotificationCenter.default.publisher(for: .syncDidFinish).sink { [weak self] _ in self?.label.text = "Synced" }.store(in: &bag)
                }
            }
            """
        }
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Sync.swift", text: text(queue: "OperationQueue()"))])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["24:67"])
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Sync.swift", text: text(queue: "OperationQueue.main"))]).count, 0)
    }

    /// A `flatMap` into a publisher that delivers while it is subscribed (`Publishers.Sequence`, an
    /// array's `.publisher`) after `receive(on: decodeQueue)` keeps delivering on that queue: a subject
    /// sent into in the sink's method is sent off main.
    func testAFlatMapIntoASequencePublisherKeepsTheQueue() {
        let text = """
        final class Socket {
            private let rawMessages = PassthroughSubject<String, Never>()
            private let doorSubject = PassthroughSubject<Int, Never>()
            private let decodeQueue = DispatchQueue(label: "decode")
            private var token: AnyCancellable?
            var doorFrames: AnyPublisher<Int, Never> { doorSubject.eraseToAnyPublisher() }
            func bind() {
                token = rawMessages
                    .receive(on: decodeQueue)
                    .flatMap { message in Publishers.Sequence(sequence: message.split(separator: ",")) }
                    .sink { [weak self] frame in self?.route(String(frame)) }
            }
            private func route(_ frame: String) { doorSubject.send(frame.count) }
        }
        final class DoorController: UIViewController {
            let socket = Socket()
            private let label = UILabel()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                socket.doorFrames.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Doors.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["21:27"])
    }

    /// Network.framework calls a `.contentProcessed { … }` completion given to `connection.send(content:completion:)`
    /// on the queue the connection was started on: a background one puts a subject sent there off main.
    func testAContentProcessedHandlerRunsOnTheConnectionsQueue() {
        func text(queue: String) -> String {
            """
            final class CommandService {
                let commandLog = PassthroughSubject<String, Never>()
                private let connection: NWConnection
                private let connectionQueue = \(queue)
                init(connection: NWConnection) {
                    self.connection = connection
                    connection.start(queue: connectionQueue)
                }
                func send(_ payload: Data) {
                    connection.send(content: payload, completion: .contentProcessed { [weak self] error in
                        self?.commandLog.send(error == nil ? "ok" : "failed")
                    })
                }
            }
            final class CommandController: UIViewController {
                let service: CommandService
                private let logView = UITextView()
                private var bag = Set<AnyCancellable>()
                init(service: CommandService) { self.service = service; super.init(nibName: nil, bundle: nil) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    service.commandLog.sink { [weak self] in self?.logView.text.append($0) }.store(in: &bag)
                }
            }
            """
        }
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Commands.swift", text: text(queue: "DispatchQueue(label: \"plc\")"))])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["22:28"])
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Commands.swift", text: text(queue: "DispatchQueue.main"))]).count, 0)
    }

    /// An initializer's parameter is what the constructions of its type pass
    /// (`ProgressModel(progress: scanner.progressSubject.eraseToAnyPublisher())`): a throwing step on it
    /// ends that never-finishing stream at the first throw.
    func testAnInitializerParameterIsWhatTheConstructionsPass() {
        let text = """
        struct Cancelled: Error {}
        final class Scanner { let progressSubject = CurrentValueSubject<Int, Never>(0) }
        final class ProgressModel: ObservableObject {
            @Published var detail = ""
            private var bag = Set<AnyCancellable>()
            init(progress: AnyPublisher<Int, Never>) {
                progress.tryMap { value -> Int in
                    guard value >= 0 else { throw Cancelled() }
                    return value
                }
                .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.detail = "\\($0)" })
                .store(in: &bag)
            }
        }
        final class Coordinator {
            let scanner = Scanner()
            func show() -> ProgressModel { ProgressModel(progress: scanner.progressSubject.eraseToAnyPublisher()) }
        }
        """
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "Progress.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:18"])
    }

    /// A preview's construction (`static let model = TallyModel(counts: feed.counts…)` in a
    /// `PreviewProvider`) stands in for the app's callers: what the app passes for the parameter decides
    /// where its pipeline delivers.
    func testAPreviewConstructionDoesNotDecideWhereAParameterDelivers() {
        let text = """
        final class Hasher {
            let results = PassthroughSubject<Int, Never>()
            private let queue = DispatchQueue(label: "hash")
            private var token: AnyCancellable?
            func start(_ input: AnyPublisher<Int, Never>) {
                token = input.receive(on: queue).sink { [weak self] in self?.results.send($0) }
            }
        }
        final class TallyModel: ObservableObject {
            @Published var count = 0
            private var bag = Set<AnyCancellable>()
            init(counts: AnyPublisher<Int, Never>) {
                counts.sink { [weak self] in self?.count = $0 }.store(in: &bag)
            }
        }
        struct TallyView: View {
            @ObservedObject var model: TallyModel
            var body: some View { Text("\\(model.count)") }
        }
        final class AppCoordinator {
            let hasher = Hasher()
            func show() -> TallyModel { TallyModel(counts: hasher.results.eraseToAnyPublisher()) }
        }
        struct TallyView_Previews: PreviewProvider {
            static let feed = PassthroughSubject<Int, Never>()
            static let model = TallyModel(counts: feed.eraseToAnyPublisher())
            static var previews: some View { TallyView(model: model) }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Tally.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["13:16"])
    }

    /// An operator of the project's own whose body only maps, filters or erases (`summaryText()`,
    /// `map { … }.removeDuplicates().eraseToAnyPublisher()`) stays on the thread it gets values on: a
    /// second `receive(on: DispatchQueue.main)` after it hops for nothing. One that receives on another
    /// queue leaves the thread.
    func testAProjectOperatorThatOnlyMapsKeepsTheThread() {
        let text = """
        extension Publisher where Output == Int, Failure == Never {
            func summaryText() -> AnyPublisher<String, Never> {
                map { "\\($0) lines" }.removeDuplicates().eraseToAnyPublisher()
            }
            func parsedOffMain() -> AnyPublisher<Int, Never> {
                receive(on: DispatchQueue.global()).map { $0 * 2 }.eraseToAnyPublisher()
            }
        }
        final class ViewerModel: ObservableObject {
            @Published var summary = ""
            @Published var parsed = 0
            let counts = PassthroughSubject<Int, Never>()
            init() {
                counts.receive(on: DispatchQueue.main).summaryText().map { $0 + "!" }.receive(on: DispatchQueue.main).assign(to: &$summary)
                counts.receive(on: DispatchQueue.main).parsedOffMain().receive(on: DispatchQueue.main).assign(to: &$parsed)
            }
        }
        """
        let found = findings(of: MultipleReceiveOnRule.self, in: [(path: "Viewer.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["14:79"])
    }

    /// A caller may pass a local that holds the pipeline (`let irradiance = socket.frames.map { … }
    /// .eraseToAnyPublisher()`, then `Model(irradiance: irradiance)`): the parameter delivers where that
    /// local's pipeline does.
    func testACallerPassingALocalPipelineDecidesWhereAParameterDelivers() {
        let text = """
        final class Socket {
            let frames = PassthroughSubject<Double, Never>()
            private let queue = DispatchQueue(label: "decode")
            func start() { queue.async { self.frames.send(1) } }
        }
        final class DashboardModel: ObservableObject {
            @Published var kilowatts = 0.0
            private var bag = Set<AnyCancellable>()
            init(irradiance: AnyPublisher<Double, Never>) {
                irradiance.map { $0 * 0.2 }.sink { [weak self] in self?.kilowatts = $0 }.store(in: &bag)
            }
        }
        struct DashboardView: View {
            @ObservedObject var model: DashboardModel
            var body: some View { Text("\\(model.kilowatts)") }
        }
        final class Coordinator {
            let socket = Socket()
            func makeModel() -> DashboardModel {
                let irradiance = socket.frames.map { max(0, $0) }.eraseToAnyPublisher()
                return DashboardModel(irradiance: irradiance)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Dashboard.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["10:37"])
    }

    /// Views that observe the inner object directly (`@ObservedObject var viewer: ViewerModel`) and
    /// never reach it through the outer object leave nothing stale, whoever hands it to them: not
    /// reported. A view reading it through the outer object (`state.viewer?.title`) is.
    func testAnInnerObjectNoViewReachesThroughTheOuterOneIsNotReported() {
        func text(extra: String) -> String {
            """
            final class ViewerModel: ObservableObject { @Published var title = "" }
            final class AppState: ObservableObject {
                @Published var viewer: ViewerModel?
                func open(_ model: ViewerModel) { viewer = model; print(viewer as Any) }
            }
            struct InspectorView: View {
                @ObservedObject var viewer: ViewerModel
                var body: some View { Text(viewer.title) }
            }
            struct RootView: View {
                @ObservedObject var state: AppState
                var body: some View { Text(\(extra)) }
            }
            """
        }
        XCTAssertEqual(findings(of: NestedObservableObjectRule.self, in: [(path: "State.swift", text: text(extra: "\"LogLens\""))]).count, 0)
        let read = findings(of: NestedObservableObjectRule.self, in: [(path: "State.swift", text: text(extra: "state.viewer?.title ?? \"\""))])
        XCTAssertEqual(read.map { "\($0.line):\($0.column)" }, ["3:20"])
    }

    /// A send into a parameter (`progress.send(x)` in `func exportReport(progress: PassthroughSubject<…>)`)
    /// feeds what the callers hand over, not every member named `progress`: a member only its own type
    /// sends into is still exposed. A send from another type (`analyzer.progress.send(0.5)`) still counts.
    func testASendIntoAParameterIsNoSendIntoAMemberOfItsName() {
        func text(handOver: String) -> String {
            """
            final class WaveformAnalyzer {
                let progress = CurrentValueSubject<Double, Never>(0)
                func analyze() { progress.send(1) }
            }
            final class DashboardModel {
                func exportReport(_ count: Int, progress: PassthroughSubject<Double, Never>) {
                    progress.send(Double(count))
                }
            }
            final class Sheet {
                let analyzer = WaveformAnalyzer()
                let model = DashboardModel()
                func export() { \(handOver) }
            }
            """
        }
        let found = findings(of: ExposedSubjectRule.self, in: [(path: "Waveform.swift", text: text(handOver: "model.exportReport(1, progress: PassthroughSubject())"))])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:9"])
        XCTAssertEqual(findings(of: ExposedSubjectRule.self, in: [(path: "Waveform.swift", text: text(handOver: "analyzer.progress.send(0.5)"))]).count, 0)
    }
}
