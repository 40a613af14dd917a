import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 107 (see the rule documents).
final class DefaultRulesRound107Tests: XCTestCase {
    /// An `@Published` ObservableObject that code only assigns, while views observe the inner type
    /// directly, leaves no view stale: nothing reads it. Read once (`store.selected?.name`), it is
    /// reported again; and an inner type no view observes is reported either way.
    func testAnObservableObjectPropertyThatIsOnlyAssignedIsNotReportedWhenViewsObserveItsType() {
        func text(extraRead: String) -> String {
            """
            final class TurbineModel: ObservableObject {
                @Published var rpm = 0
                let name = "T1"
            }
            final class GearboxModel: ObservableObject {
                @Published var temperature = 0
            }
            final class FarmStore: ObservableObject {
                @Published var selectedTurbine: TurbineModel?
                @Published var gearbox: GearboxModel?
                func select(_ turbine: TurbineModel?) {
                    selectedTurbine = turbine
                    self.gearbox = nil
                }
            }
            struct FarmView: View {
                @ObservedObject var store: FarmStore
                var body: some View { Text(\(extraRead)) }
            }
            struct TurbineView: View {
                @ObservedObject var turbine: TurbineModel
                var body: some View { Text("\\(turbine.rpm)") }
            }
            """
        }
        let quiet = findings(of: NestedObservableObjectRule.self, in: [(path: "Farm.swift", text: text(extraRead: "\"farm\""))])
        XCTAssertEqual(quiet.map { "\($0.line):\($0.column)" }, ["10:20"])
        XCTAssertEqual(quiet.first?.message.contains("`gearbox`"), true)
        let read = findings(of: NestedObservableObjectRule.self, in: [(path: "Farm.swift", text: text(extraRead: "store.selectedTurbine?.name ?? \"\""))])
        XCTAssertEqual(read.map { "\($0.line):\($0.column)" }, ["9:20", "10:20"])
    }

    /// A mutating call on an `@Published` property that holds an object of a plain project class
    /// (`alarmHistory.append(…)`) publishes nothing: the reference stays the same. The same call on
    /// an array, or on an ObservableObject whose own state it changes, does.
    func testAMethodCallOnAPublishedPlainObjectIsNoMainActorUse() {
        let text = """
        final class AlarmHistory {
            private var entries: [String] = []
            func append(_ entry: String) { entries.append(entry) }
        }
        final class LogBuffer: ObservableObject {
            @Published var lines: [String] = []
            func append(_ line: String) { lines.append(line) }
        }
        final class TurbineModel: ObservableObject {
            @Published var alarmHistory = AlarmHistory()
            @Published var log = LogBuffer()
            @Published var alarms: [String] = []
            private let frames = PassthroughSubject<String, Never>()
            private let queue = DispatchQueue(label: "decode")
            private var cancellables = Set<AnyCancellable>()
            init() {
                frames.receive(on: queue).sink { [weak self] frame in self?.alarmHistory.append(frame) }.store(in: &cancellables)
                frames.receive(on: queue).sink { [weak self] frame in self?.log.append(frame) }.store(in: &cancellables)
                frames.receive(on: queue).sink { [weak self] frame in self?.alarms.append(frame) }.store(in: &cancellables)
            }
        }
        struct TurbineView: View {
            @ObservedObject var model: TurbineModel
            var body: some View { Text("\\(model.alarms.count)") }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Turbine.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["18:35", "19:35"])
    }

    /// A queue read through another object's computed property that hands out a stored queue
    /// (`var queue: DispatchQueue { indexQueue }`) is that queue: `subscribe(on: index.queue)` moves a
    /// synchronous publisher's delivery there. A getter that computes something else is not known.
    func testAComputedPropertyForwardingAQueueIsThatQueue() {
        let text = """
        final class SearchIndex {
            private let indexQueue = DispatchQueue(label: "index")
            var queue: DispatchQueue { indexQueue }
            var otherQueue: DispatchQueue { return self.indexQueue }
            var pickedQueue: DispatchQueue { Bool.random() ? .main : indexQueue }
            func results() -> AnyPublisher<[Int], Never> { Deferred { Just([1]) }.eraseToAnyPublisher() }
        }
        final class QuickPasteModel: ObservableObject {
            @Published var count = 0
            private let index = SearchIndex()
            private var cancellables = Set<AnyCancellable>()
            func refresh() {
                index.results().subscribe(on: index.queue).sink { [weak self] in self?.count = $0.count }.store(in: &cancellables)
                index.results().subscribe(on: index.otherQueue).sink { [weak self] in self?.count = $0.count }.store(in: &cancellables)
                index.results().subscribe(on: index.pickedQueue).sink { [weak self] in self?.count = $0.count }.store(in: &cancellables)
            }
        }
        struct QuickPasteView: View {
            @ObservedObject var model: QuickPasteModel
            var body: some View { Text("\\(model.count)") }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Search.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["13:52", "14:57"])
    }

    /// A project `Publisher` that sends from a queue of its own delivers there also when the chain
    /// starts from a property (or condition-bound local) holding one, not only from its construction.
    func testACustomPublisherHeldInAPropertyDeliversOffMain() {
        let text = """
        struct ReplayPublisher: Publisher {
            typealias Output = Int
            typealias Failure = Never
            let queue = DispatchQueue(label: "replay")
            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: Subscriptions.empty)
                queue.async { _ = subscriber.receive(1) }
            }
        }
        final class ChartController: UIViewController {
            private let replay: ReplayPublisher?
            private let label = UILabel()
            private var cancellables = Set<AnyCancellable>()
            init(replay: ReplayPublisher?) {
                self.replay = replay
                super.init(nibName: nil, bundle: nil)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                if let replay = replay {
                    replay.map { $0 * 2 }.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &cancellables)
                }
                replay?.receive(on: DispatchQueue.main).sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &cancellables)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Chart.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["21:35"])
    }

    /// A throwing step on a publisher a method is given ends the stream at the first throw when
    /// the callers pass one that never finishes (a socket's subject); a caller passing a finite
    /// request does not make it one.
    func testAThrowingStepOnAnEndlessParameterIsReported() {
        let text = """
        final class Socket {
            let rawFrames = PassthroughSubject<Data, Never>()
        }
        struct BadFrame: Error {}
        final class CaptureRecorder {
            private var cancellable: AnyCancellable?
            func start(recording source: AnyPublisher<Data, Never>) {
                cancellable = source.tryMap { raw -> Data in
                    guard !raw.isEmpty else { throw BadFrame() }
                    return raw
                }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            }
            func check(download: AnyPublisher<Data, Never>) {
                cancellable = download.tryMap { raw -> Data in
                    guard !raw.isEmpty else { throw BadFrame() }
                    return raw
                }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            }
        }
        final class AppController {
            let socket = Socket()
            let recorder = CaptureRecorder()
            func launch() {
                recorder.start(recording: socket.rawFrames.eraseToAnyPublisher())
                recorder.check(download: Just(Data()).eraseToAnyPublisher())
            }
        }
        """
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "Capture.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["8:30"])
    }

    /// A project operator that flattens (`flatMapLatest`, `map(transform).switchToLatest()` in an
    /// `extension Publisher`) is a flattening step: an error handler after it on a never-finishing
    /// source comes too late. An inner publisher that handles its own errors is fine.
    func testAProjectFlatteningOperatorIsAFlatteningStep() {
        let text = """
        extension Publisher {
            func flatMapLatest<P: Publisher>(_ transform: @escaping (Output) -> P) -> AnyPublisher<P.Output, P.Failure> where P.Failure == Failure {
                map(transform).switchToLatest().eraseToAnyPublisher()
            }
            func ignoreFailure() -> AnyPublisher<Output, Never> {
                self.catch { _ in Empty<Output, Never>() }.eraseToAnyPublisher()
            }
        }
        final class API {
            func history(_ range: Int) -> AnyPublisher<[Int], URLError> { Just([range]).setFailureType(to: URLError.self).eraseToAnyPublisher() }
        }
        final class DetailModel: ObservableObject {
            @Published var range = 0
            @Published var history: [Int] = []
            @Published var other: [Int] = []
            let api = API()
            init() {
                $range.flatMapLatest { [api] in api.history($0) }.ignoreFailure().assign(to: &$history)
                $range.flatMapLatest { [api] in api.history($0).replaceError(with: []) }.ignoreFailure().assign(to: &$other)
            }
        }
        """
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "Detail.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["18:59"])
        XCTAssertEqual(found.first?.message, "`ignoreFailure` after `flatMapLatest` comes too late: the first failed inner publisher ends this never-finishing pipeline for good.")
    }
}
