import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 98 and after (see the rule documents).
final class DefaultRulesRound98Tests: XCTestCase {
    /// `init(queue: DispatchQueue = .analysis)` names the project's own static queue
    /// (`extension DispatchQueue { static let analysis = DispatchQueue(label: …) }`): a subject sent in
    /// `queue.async` is sent off the main thread, and a view's sink of it is a finding. A static queue
    /// that is the main queue (`static let interface = DispatchQueue.main`) is not, and a `Logger` of the
    /// same name is no queue.
    func testAnImplicitMemberQueueIsTheProjectsStaticQueue() {
        let queues = """
        extension DispatchQueue {
            static let analysis = DispatchQueue(label: "com.example.analysis", attributes: .concurrent)
            static let interface = DispatchQueue.main
        }
        extension Logger {
            static let analysis = Logger(subsystem: "com.example", category: "analysis")
        }
        """
        let analyzer = """
        final class LoudnessAnalyzer {
            let progress = PassthroughSubject<Double, Never>()
            private let queue: DispatchQueue
            init(queue: DispatchQueue = .analysis) { self.queue = queue }
            func analyze() { queue.async { self.progress.send(0.5) } }
        }
        final class PeakScanner {
            let peaks = PassthroughSubject<Double, Never>()
            private let queue: DispatchQueue
            init(queue: DispatchQueue = .interface) { self.queue = queue }
            func scan() { queue.async { self.peaks.send(1) } }
        }
        """
        let screen = """
        final class FileTableViewController: NSViewController {
            let analyzer = LoudnessAnalyzer()
            let scanner = PeakScanner()
            let indicator = NSProgressIndicator()
            var cancellables = Set<AnyCancellable>()
            func bind() {
                analyzer.progress
                    .sink { [weak self] value in self?.indicator.doubleValue = value }
                    .store(in: &cancellables)
                scanner.peaks
                    .sink { [weak self] value in self?.indicator.doubleValue = value }
                    .store(in: &cancellables)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "Queues.swift", text: queues), (path: "Analyzer.swift", text: analyzer), (path: "FileTable.swift", text: screen),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["FileTable.swift:8:14"])
    }

    /// A subject of commands (`acknowledgeTapped`, `deleteRequests`) or of finished jobs
    /// (`captureCompleted`) asks for work per value that must run to its end: `switchToLatest` would
    /// cancel the earlier ones, and no value supersedes another. A tap that selects what to show
    /// (`zoneTapped`) or a query does: an older answer can overwrite the newer one.
    func testAFlatMapOverCommandsIsNoRaceOfAnswers() {
        let text = """
        final class AlarmFeedViewModel: ObservableObject {
            let acknowledgeTapped = PassthroughSubject<String, Never>()
            let deleteRequests = PassthroughSubject<String, Never>()
            let captureCompleted = PassthroughSubject<URL, Never>()
            let zoneTapped = PassthroughSubject<String, Never>()
            @Published var status: String?
            @Published var zone: ZoneDetail?
            init(commands: TurbineCommands, api: ZoneAPI) {
                acknowledgeTapped
                    .flatMap { id in commands.acknowledge(alarmID: id).map { _ in id } }
                    .map { _ in String?.none }
                    .assign(to: &$status)
                deleteRequests
                    .flatMap { id in commands.delete(id) }
                    .assign(to: &$status)
                captureCompleted
                    .flatMap { url in commands.archive(url) }
                    .assign(to: &$status)
                zoneTapped
                    .flatMap { id in api.zone(id) }
                    .assign(to: &$zone)
            }
        }
        """
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "AlarmFeed.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["20:14"])
    }

    /// Each debounced folder event flattened into `Publishers.Sequence` of the files a rescan found:
    /// the inner publisher delivers and finishes during `subscribe`, so nothing arrives late. An inner
    /// request (`index.lookup(event.folder)`) can.
    func testAFlatMapIntoASequenceThatFinishesDuringSubscribeHasNoRace() {
        let text = """
        final class FolderWatcher {
            @Published var folder: URL?
            @Published var found: URL?
            @Published var indexed: [URL] = []
            init(index: FolderIndex) {
                $folder
                    .debounce(for: .seconds(2), scheduler: DispatchQueue.main)
                    .compactMap { $0 }
                    .flatMap { folder -> AnyPublisher<URL, Never> in
                        let urls = FolderWatcher.scan(folder)
                        return Publishers.Sequence(sequence: urls).eraseToAnyPublisher()
                    }
                    .map { Optional($0) }
                    .assign(to: &$found)
                $folder
                    .debounce(for: .seconds(2), scheduler: DispatchQueue.main)
                    .compactMap { $0 }
                    .flatMap { folder in index.lookup(folder) }
                    .assign(to: &$indexed)
            }
            static func scan(_ folder: URL) -> [URL] { [] }
        }
        """
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "FolderWatcher.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["18:14"])
    }

    /// A window controller's half-second timer whose sink only flushes a captured log buffer
    /// (`[logBuffer] _ in logBuffer.flushToDisk()`) shows nothing, whether its subscription is kept in
    /// a property or in a bag (`.store(in: &cancellables)`); one that sets the window's subtitle does.
    func testAQuietTimerSinkStoredInABagDrivesNoScreen() {
        let text = """
        final class MainWindowController: NSWindowController {
            private let logBuffer = LogBuffer()
            private var cancellables = Set<AnyCancellable>()
            func bind() {
                Timer.publish(every: 0.5, on: .main, in: .default)
                    .autoconnect()
                    .sink { [logBuffer] _ in logBuffer.flushToDisk() }
                    .store(in: &cancellables)
                Timer.publish(every: 0.5, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] date in self?.window?.subtitle = "\\(date)" }
                    .store(in: &cancellables)
            }
        }
        final class LogBuffer {
            func flushToDisk() {}
        }
        """
        let found = findings(of: TimerDefaultRunLoopModeRule.self, in: [(path: "MainWindow.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["9:50"])
    }

    /// The project's own publisher whose subscription calls `subscriber.receive(value)` in a dispatch
    /// source's handler on a background queue (the subscription's `queue`, which every `init` call
    /// passes from the publisher's `queue`, whose default is a background queue) delivers off main: a
    /// sink setting a label is a finding. One whose timer source runs on `.main` is not.
    func testAProjectPublisherDeliveringFromABackgroundDispatchSource() {
        let publishers = """
        struct FolderEventsPublisher: Publisher {
            typealias Output = URL
            typealias Failure = Never
            let folder: URL
            let queue: DispatchQueue
            init(folder: URL, queue: DispatchQueue = DispatchQueue(label: "watcher")) {
                self.folder = folder
                self.queue = queue
            }
            func receive<S: Subscriber>(subscriber: S) where S.Input == URL, S.Failure == Never {
                subscriber.receive(subscription: FolderEventsSubscription(subscriber: subscriber, folder: folder, queue: queue))
            }
        }
        private final class FolderEventsSubscription<S: Subscriber>: Subscription where S.Input == URL, S.Failure == Never {
            private var subscriber: S?
            private let folder: URL
            private let queue: DispatchQueue
            private var source: DispatchSourceFileSystemObject?
            init(subscriber: S, folder: URL, queue: DispatchQueue) {
                self.subscriber = subscriber
                self.folder = folder
                self.queue = queue
            }
            func request(_ demand: Subscribers.Demand) {
                let source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: 3, eventMask: .write, queue: queue)
                source.setEventHandler { [weak self] in self?.handle() }
                self.source = source
                source.resume()
            }
            private func handle() {
                _ = subscriber?.receive(folder)
            }
            func cancel() { source?.cancel(); subscriber = nil }
        }
        struct ClockPublisher: Publisher {
            typealias Output = Date
            typealias Failure = Never
            func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
                subscriber.receive(subscription: ClockSubscription(subscriber: subscriber))
            }
        }
        final class ClockSubscription<S: Subscriber>: Subscription where S.Input == Date, S.Failure == Never {
            private var subscriber: S?
            private var timer: DispatchSourceTimer?
            init(subscriber: S) { self.subscriber = subscriber }
            func request(_ demand: Subscribers.Demand) {
                let timer = DispatchSource.makeTimerSource(queue: .main)
                timer.setEventHandler { [weak self] in _ = self?.subscriber?.receive(Date()) }
                self.timer = timer
                timer.resume()
            }
            func cancel() { timer?.cancel(); subscriber = nil }
        }
        """
        let screen = """
        final class StatusItemController: NSObject {
            let label = NSTextField()
            var cancellables = Set<AnyCancellable>()
            func watch(_ folder: URL) {
                FolderEventsPublisher(folder: folder)
                    .sink { [weak self] url in self?.label.stringValue = url.lastPathComponent }
                    .store(in: &cancellables)
                ClockPublisher()
                    .sink { [weak self] date in self?.label.stringValue = "\\(date)" }
                    .store(in: &cancellables)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Publishers.swift", text: publishers), (path: "StatusItem.swift", text: screen)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["StatusItem.swift:6:14"])
    }

    /// A publisher struct with its memberwise `init` gets its `queue` from its callers
    /// (`DirectoryEventPublisher(directory: url, queue: ProcessingQueues.watcher)`, or a watcher's
    /// `private let queue = ProcessingQueues.watcher`, a property set to that queue): when every caller
    /// passes a background queue, its subscription's `queue.async` delivery runs off main. A caller
    /// passing `.main` makes it unknown.
    func testAMemberwisePublisherGivenABackgroundQueueByEveryCaller() {
        let support = """
        enum ProcessingQueues {
            static let watcher = DispatchQueue(label: "watcher")
        }
        struct DirectoryEventPublisher: Publisher {
            typealias Output = URL
            typealias Failure = Never
            let directory: URL
            let queue: DispatchQueue
            func receive<S: Subscriber>(subscriber: S) where S.Input == URL, S.Failure == Never {
                subscriber.receive(subscription: DirectorySubscription(subscriber: subscriber, directory: directory, queue: queue))
            }
        }
        private final class DirectorySubscription<S: Subscriber>: Subscription where S.Input == URL, S.Failure == Never {
            private var subscriber: S?
            private let directory: URL
            private let queue: DispatchQueue
            init(subscriber: S, directory: URL, queue: DispatchQueue) {
                self.subscriber = subscriber
                self.directory = directory
                self.queue = queue
            }
            func request(_ demand: Subscribers.Demand) {
                queue.async { [self] in _ = subscriber?.receive(directory) }
            }
            func cancel() { subscriber = nil }
        }
        struct PollPublisher: Publisher {
            typealias Output = URL
            typealias Failure = Never
            let directory: URL
            let queue: DispatchQueue
            func receive<S: Subscriber>(subscriber: S) where S.Input == URL, S.Failure == Never {
                subscriber.receive(subscription: PollSubscription(subscriber: subscriber, directory: directory, queue: queue))
            }
        }
        private final class PollSubscription<S: Subscriber>: Subscription where S.Input == URL, S.Failure == Never {
            private var subscriber: S?
            private let directory: URL
            private let queue: DispatchQueue
            init(subscriber: S, directory: URL, queue: DispatchQueue) {
                self.subscriber = subscriber
                self.directory = directory
                self.queue = queue
            }
            func request(_ demand: Subscribers.Demand) {
                queue.async { [self] in _ = subscriber?.receive(directory) }
            }
            func cancel() { subscriber = nil }
        }
        final class FolderWatcher {
            private let queue = ProcessingQueues.watcher
            var token: AnyCancellable?
            func watch(_ url: URL) {
                token = DirectoryEventPublisher(directory: url, queue: queue).sink { _ in }
            }
        }
        """
        let screen = """
        final class MainWindowController: NSWindowController {
            var cancellables = Set<AnyCancellable>()
            func watch(_ url: URL) {
                DirectoryEventPublisher(directory: url, queue: ProcessingQueues.watcher)
                    .sink { [weak self] url in self?.window?.subtitle = url.lastPathComponent }
                    .store(in: &cancellables)
                PollPublisher(directory: url, queue: .main)
                    .sink { [weak self] url in self?.window?.subtitle = url.lastPathComponent }
                    .store(in: &cancellables)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Support.swift", text: support), (path: "MainWindow.swift", text: screen)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["MainWindow.swift:5:14"])
    }

    /// A pipeline from what the callers hand in delivers where that delivers: an initializer's
    /// parameter kept in a property (`self.flowReadings = flowReadings`, read in `viewDidLoad`) that
    /// every caller fills with a subject sent into on a background queue is off main; a method's
    /// parameter that one caller fills after `receive(on: DispatchQueue.main)` is not.
    func testAPipelineFromWhatCallersPassDeliversWhereThatDoes() {
        let driver = """
        final class FlowMeterDriver {
            let readings = PassthroughSubject<Double, Never>()
            private let ioQueue = DispatchQueue(label: "flow-io")
            func start() { ioQueue.async { self.readings.send(1.5) } }
        }
        """
        let screens = """
        final class IrrigationRunViewController: UIViewController {
            private let flowReadings: AnyPublisher<Double, Never>
            private let flowLabel = UILabel()
            private var cancellables = Set<AnyCancellable>()
            init(flowReadings: AnyPublisher<Double, Never>) {
                self.flowReadings = flowReadings
                super.init(nibName: nil, bundle: nil)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                flowReadings
                    .sink { [weak self] value in self?.flowLabel.text = "\\(value)" }
                    .store(in: &cancellables)
            }
            func bind(levels: AnyPublisher<Double, Never>) {
                levels
                    .sink { [weak self] value in self?.flowLabel.text = "\\(value)" }
                    .store(in: &cancellables)
            }
        }
        final class AppCoordinator {
            let driver = FlowMeterDriver()
            func showRun() -> IrrigationRunViewController {
                let controller = IrrigationRunViewController(flowReadings: driver.readings.eraseToAnyPublisher())
                controller.bind(levels: driver.readings.receive(on: DispatchQueue.main).eraseToAnyPublisher())
                return controller
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Driver.swift", text: driver), (path: "Screens.swift", text: screens)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Screens.swift:12:14"])
    }

    /// `pending.forEach { framesSubject.send($0) }` right after `framesSubject.send(completion: .finished)`
    /// runs there and then: every value is dropped. Sent before the completion, or in a `sink`
    /// closure (which runs when values come, if ever), it is not reported.
    func testASendInAForEachAfterTheCompletionIsDropped() {
        let text = """
        final class SensorSocketClient {
            private let framesSubject = PassthroughSubject<Int, Never>()
            private var cancellables = Set<AnyCancellable>()
            func shutdown(flushing pending: [Int]) {
                framesSubject.send(completion: .finished)
                pending.forEach { framesSubject.send($0) }
            }
            func drain(_ pending: [Int]) {
                pending.forEach { framesSubject.send($0) }
                framesSubject.send(completion: .finished)
            }
            func relay(_ values: AnyPublisher<Int, Never>) {
                framesSubject.send(completion: .finished)
                values.sink { [framesSubject] in framesSubject.send($0) }.store(in: &cancellables)
            }
        }
        """
        let found = findings(of: SendAfterCompletionRule.self, in: [(path: "SensorSocket.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:41"])
    }

    /// A type in a folder of preview support (`Preview Content/`, which the shipped app leaves out) is
    /// the canvas's stand-in whatever its name: its getter erasing a subject of its own does not hide
    /// that the app's store sends `capturesSubject` on its I/O queue, so the list's sink is a finding.
    func testATypeInAPreviewFolderIsAStandInWhateverItsName() {
        let store = """
        protocol CaptureRepository: AnyObject {
            var capturesPublisher: AnyPublisher<[String], Never> { get }
        }
        final class CaptureStore: CaptureRepository {
            private let queue = DispatchQueue(label: "io")
            private let capturesSubject = PassthroughSubject<[String], Never>()
            var capturesPublisher: AnyPublisher<[String], Never> { capturesSubject.eraseToAnyPublisher() }
            func load() { queue.async { self.capturesSubject.send(["a"]) } }
        }
        """
        let preview = """
        final class InMemoryCaptureRepository: CaptureRepository {
            private let subject = PassthroughSubject<[String], Never>()
            var capturesPublisher: AnyPublisher<[String], Never> { subject.eraseToAnyPublisher() }
            func add(_ name: String) { subject.send([name]) }
        }
        """
        let screen = """
        final class CaptureListViewController: NSViewController {
            let store: CaptureRepository
            let footerLabel = NSTextField()
            var cancellables = Set<AnyCancellable>()
            init(store: CaptureRepository) {
                self.store = store
                super.init(nibName: nil, bundle: nil)
            }
            func bind() {
                store.capturesPublisher
                    .sink { [weak self] names in self?.footerLabel.stringValue = "\\(names.count)" }
                    .store(in: &cancellables)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "App/CaptureStore.swift", text: store), (path: "App/Preview Content/InMemoryCaptureRepository.swift", text: preview),
            (path: "App/CaptureList.swift", text: screen),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App/CaptureList.swift:11:14"])
    }

    /// `socket.frames` with `let socket: SensorFrameSource` reads a protocol's requirement: the
    /// conformer's getter erasing `framesSubject`, sent on its decode queue, decides, though another
    /// type keeps a stored `frames` publisher of its own.
    func testAProtocolRequirementErasedByAConformersGetterDeliversWhereItsSubjectIsSent() {
        let socket = """
        protocol SensorFrameSource: AnyObject {
            var frames: AnyPublisher<Int, Never> { get }
        }
        final class SensorSocketClient: SensorFrameSource {
            private let decodeQueue = DispatchQueue(label: "decode")
            private let framesSubject = PassthroughSubject<Int, Never>()
            var frames: AnyPublisher<Int, Never> { framesSubject.eraseToAnyPublisher() }
            func receive() { decodeQueue.async { self.framesSubject.send(1) } }
        }
        final class ClimateAutomationEngine {
            private let frames: AnyPublisher<Int, Never>
            init(frames: AnyPublisher<Int, Never>) { self.frames = frames }
        }
        """
        let store = """
        final class GreenhouseStore: ObservableObject {
            @Published var alerts: [Int] = []
            private let socket: SensorFrameSource
            private var cancellables = Set<AnyCancellable>()
            init(socket: SensorFrameSource) {
                self.socket = socket
                socket.frames
                    .sink { [weak self] frame in self?.alerts.append(frame) }
                    .store(in: &cancellables)
            }
        }
        struct DashboardView: View {
            @ObservedObject var store: GreenhouseStore
            var body: some View { Text("\\(store.alerts.count)") }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Socket.swift", text: socket), (path: "Store.swift", text: store)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Store.swift:8:14"])
    }
}
