import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 100 and after (see the rule documents).
final class DefaultRulesRound100Tests: XCTestCase {
    /// A pipeline from a parameter (`bind(_ frames:)`) delivers where what the callers pass does,
    /// not where a subject that happens to share the parameter's name (`Socket.frames`) is sent:
    /// a caller passing `socket.frames…receiveOnMain()` hands over values on main; one passing the
    /// subject as it is hands over the socket queue's.
    func testAParameterIsWhatItsCallersPassNotASubjectOfItsName() {
        let text = """
        extension Publisher {
            func receiveOnMain() -> AnyPublisher<Output, Failure> {
                receive(on: DispatchQueue.main).eraseToAnyPublisher()
            }
        }
        final class Socket {
            let frames = PassthroughSubject<Int, Never>()
            private let queue = DispatchQueue(label: "socket")
            func start() { queue.async { self.frames.send(1) } }
        }
        final class FrameCell: UITableViewCell {
            var token: AnyCancellable?
            func bind(_ frames: AnyPublisher<Int, Never>) {
                token = frames.map { $0 * 2 }.sink { [weak self] v in self?.accessoryType = v > 0 ? .none : .checkmark }
            }
        }
        final class RawCell: UITableViewCell {
            var token: AnyCancellable?
            func show(_ frames: AnyPublisher<Int, Never>) {
                token = frames.sink { [weak self] v in self?.accessoryType = v > 0 ? .none : .checkmark }
            }
        }
        final class ListController: UITableViewController {
            let socket = Socket()
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath) as! FrameCell
                cell.bind(socket.frames.filter { $0 > 0 }.receiveOnMain())
                RawCell().show(socket.frames.eraseToAnyPublisher())
                return cell
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Cells.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["20:24"])
        XCTAssertEqual(found.first?.message.contains("what the callers pass as `frames`"), true)
    }

    /// A framework that calls a completion handler on a queue of its own (`getNotificationSettings`,
    /// `loadValuesAsynchronously(forKeys:)`) fulfils a `Future`'s promise off the main thread there;
    /// a method of the same name on another receiver (`store.requestAuthorization { … }`) is not one.
    func testAFrameworkCompletionOnItsOwnQueueFulfilsOffMain() {
        let text = """
        final class Permissions {
            let store = ConsentStore()
            func notifications() -> AnyPublisher<Bool, Never> {
                Deferred {
                    Future<Bool, Never> { promise in
                        UNUserNotificationCenter.current().getNotificationSettings { settings in
                            promise(.success(settings.authorizationStatus == .authorized))
                        }
                    }
                }.eraseToAnyPublisher()
            }
            func duration(of asset: AVURLAsset) -> AnyPublisher<Double, Never> {
                Future<Double, Never> { promise in
                    asset.loadValuesAsynchronously(forKeys: ["duration"]) { promise(.success(asset.duration.seconds)) }
                }.eraseToAnyPublisher()
            }
            func consent() -> AnyPublisher<Bool, Never> {
                Future<Bool, Never> { promise in
                    self.store.requestAuthorization { granted in promise(.success(granted)) }
                }.eraseToAnyPublisher()
            }
        }
        final class ConsentStore {
            func requestAuthorization(_ done: @escaping (Bool) -> Void) { done(true) }
        }
        final class SettingsController: UIViewController {
            let permissions = Permissions()
            let label = UILabel()
            var tokens = Set<AnyCancellable>()
            func refresh(asset: AVURLAsset) {
                permissions.notifications().sink { [weak self] on in self?.label.text = on ? "On" : "Off" }.store(in: &tokens)
                permissions.duration(of: asset).sink { [weak self] d in self?.label.text = "\\(d)" }.store(in: &tokens)
                permissions.consent().sink { [weak self] on in self?.label.text = on ? "Yes" : "No" }.store(in: &tokens)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Settings.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["31:37", "32:41"])
    }

    /// KVO of an `OperationQueue`'s `operationCount` sends on the worker thread whose operation
    /// finished; of its `name`, or of a key path of another type, on the thread that sets it.
    func testKeyValueObservationOfAnOperationQueuesCountDeliversOffMain() {
        let text = """
        final class ExportController: NSViewController {
            let exportQueue = OperationQueue()
            let exportButton = NSButton()
            var tokens = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                exportQueue.publisher(for: \\.operationCount).map { $0 > 0 }
                    .sink { [weak self] busy in self?.exportButton.isEnabled = !busy }.store(in: &tokens)
                exportQueue.publisher(for: \\.name)
                    .sink { [weak self] name in self?.exportButton.title = name ?? "" }.store(in: &tokens)
                blame.prefetchQueue.publisher(for: \\.operationCount)
                    .sink { [weak self] count in self?.exportButton.isHidden = count == 0 }.store(in: &tokens)
            }
            let blame = BlameService()
        }
        final class BlameService {
            let prefetchQueue: OperationQueue = {
                let queue = OperationQueue()
                queue.maxConcurrentOperationCount = 2
                return queue
            }()
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Export.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["8:14", "12:14"])
    }

    /// The project's own publisher whose subscription hands values on through a copy of its
    /// subscriber taken under a lock (`lock.lock(); let target = subscriber; lock.unlock()`), on the
    /// queue its `request(_:)` dispatches to, delivers there.
    func testACustomSubscriptionDeliveringThroughALockedCopyOfItsSubscriber() {
        let text = """
        struct PeaksPublisher: Publisher {
            typealias Output = Int
            typealias Failure = Never
            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                subscriber.receive(subscription: PeaksSubscription(subscriber: subscriber))
            }
            private final class PeaksSubscription<S: Subscriber>: Subscription where S.Input == Int, S.Failure == Never {
                private var subscriber: S?
                private let lock = NSLock()
                init(subscriber: S) { self.subscriber = subscriber }
                func request(_ demand: Subscribers.Demand) {
                    DispatchQueue.global().async { [weak self] in self?.readAll() }
                }
                func cancel() { subscriber = nil }
                private func readAll() {
                    lock.lock(); let target = subscriber; lock.unlock()
                    _ = target?.receive(1)
                }
            }
        }
        final class WaveformController: NSViewController {
            let label = NSTextField()
            var token: AnyCancellable?
            func load() {
                token = PeaksPublisher().sink { [weak self] peaks in self?.label.stringValue = "\\(peaks)" }
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Waveform.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["25:34"])
    }

    /// Setting an element of a view-observed `@Published` dictionary through a subscript
    /// (`latestFlow[frame.pumpID] = frame.flowRate`) changes the property as an assignment does;
    /// reading one (`latestFlow[frame.pumpID] == nil`) does not.
    func testASubscriptWriteOfAPublishedPropertyIsAChange() {
        let text = """
        final class Socket {
            let frames = PassthroughSubject<(String, Double), Never>()
            private let queue = DispatchQueue(label: "socket")
            func start() { queue.async { self.frames.send(("p", 1)) } }
        }
        final class DashboardModel: ObservableObject {
            @Published var latestFlow: [String: Double] = [:]
            private let socket = Socket()
            private var tokens = Set<AnyCancellable>()
            init() {
                socket.frames.sink { [weak self] id, rate in self?.latestFlow[id] = rate }.store(in: &tokens)
                socket.frames.sink { [weak self] id, _ in if self?.latestFlow[id] == nil { print(id) } }.store(in: &tokens)
            }
        }
        struct DashboardView: View {
            @ObservedObject var model: DashboardModel
            var body: some View { Text("\\(model.latestFlow.count)") }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Dashboard.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["11:23"])
    }

    /// A subject handed to another object's subject property as that object is made
    /// (`JobContext(events: eventsSubject)`) is sent into where that object sends into its property
    /// (`context.events.send(x)` on the runner's queue), so a pipeline from the stored publisher
    /// that erases it (`events = eventsSubject.eraseToAnyPublisher()`) delivers off main.
    func testASubjectHandedToAnotherObjectIsSentWhereThatObjectSends() {
        let text = """
        struct JobContext {
            let events: PassthroughSubject<Double, Never>
        }
        final class Runner {
            private let eventsSubject = PassthroughSubject<Double, Never>()
            let events: AnyPublisher<Double, Never>
            private let queue = DispatchQueue(label: "io")
            init() { events = eventsSubject.eraseToAnyPublisher() }
            func run() {
                let context = JobContext(events: eventsSubject)
                queue.async { context.events.send(0.5) }
            }
        }
        final class Controller {
            let runner = Runner()
            let label = NSTextField()
            var token: AnyCancellable?
            func start() {
                token = runner.events.sink { [weak self] v in self?.label.stringValue = "\\(v)" }
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Runner.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["19:31"])
    }

    /// `dropFirst()` right after a projected property (`$sectionRuns.dropFirst()`) is the publisher's
    /// operator, not a collection's: the pipeline starts at `$sectionRuns`, which its view model
    /// changes where a request delivers. After a hop to main, or on a closure parameter
    /// (`$0.dropFirst()`, an array), nothing changes.
    func testDropFirstAfterAProjectedPropertyIsAPipelineOperator() {
        let text = """
        final class RunsAPI {
            func fetchRuns(section: Int) -> AnyPublisher<[String], Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "https://rig.local/runs")!)
                    .map { _ in [String]() }
                    .mapError { $0 as Error }
                    .eraseToAnyPublisher()
            }
        }
        final class RunsModel: ObservableObject {
            @Published private(set) var sectionRuns: [String] = []
            let sectionSelected = PassthroughSubject<Int, Never>()
            private var bag = Set<AnyCancellable>()
            init(api: RunsAPI) {
                sectionSelected
                    .flatMap { api.fetchRuns(section: $0).replaceError(with: []) }
                    .sink { [weak self] runs in self?.sectionRuns = runs }
                    .store(in: &bag)
            }
        }
        final class RunsViewController: UITableViewController {
            let model = RunsModel(api: RunsAPI())
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.$sectionRuns
                    .dropFirst()
                    .sink { [weak self] _ in self?.tableView.reloadData() }
                    .store(in: &bag)
                model.$sectionRuns
                    .dropFirst()
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] _ in self?.tableView.reloadData() }
                    .store(in: &bag)
                model.sectionSelected
                    .map { [$0, 1].dropFirst().count }
                    .sink { [weak self] _ in self?.tableView.reloadData() }
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Runs.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["27:14"])
    }

    /// A `Future` that fails at once on one path (`guard … else { return promise(.failure(…)) }`,
    /// on the subscribing thread) and answers from a transport callback on its queue on the other
    /// delivers off main for those values; one whose only other call hops to main does not.
    func testAFutureFailingAtOnceOnOnePathStillDeliversWhereItsCallbackRuns() {
        let text = """
        enum Queues { static let transport = DispatchQueue(label: "transport") }
        final class Gateway {
            let callbackQueue = Queues.transport
            func send(_ payload: [UInt8], completion: @escaping (Result<Int, Error>) -> Void) {
                callbackQueue.asyncAfter(deadline: .now() + .milliseconds(40)) { completion(.success(payload.count)) }
            }
        }
        final class Fan {
            private let gateway = Gateway()
            var isLocked = false
            func perform(_ payload: [UInt8]) -> AnyPublisher<Int, Error> {
                Deferred { [gateway, isLocked] in
                    Future<Int, Error> { promise in
                        guard !isLocked else { return promise(.failure(URLError(.cancelled))) }
                        gateway.send(payload) { result in promise(result) }
                    }
                }
                .eraseToAnyPublisher()
            }
            func measured() -> AnyPublisher<Int, Error> {
                Deferred { [gateway, isLocked] in
                    Future<Int, Error> { promise in
                        guard !isLocked else { return promise(.failure(URLError(.cancelled))) }
                        gateway.send([0]) { result in DispatchQueue.main.async { promise(result) } }
                    }
                }
                .eraseToAnyPublisher()
            }
        }
        final class FanModel: ObservableObject {
            @Published var isPending = false
            private let fan = Fan()
            private var bag = Set<AnyCancellable>()
            func apply() {
                fan.perform([1])
                    .sink(receiveCompletion: { [weak self] _ in self?.isPending = false }, receiveValue: { _ in })
                    .store(in: &bag)
                fan.measured()
                    .sink(receiveCompletion: { [weak self] _ in self?.isPending = false }, receiveValue: { _ in })
                    .store(in: &bag)
            }
        }
        struct FanView: View {
            @ObservedObject var model: FanModel
            var body: some View { Text(model.isPending ? "…" : "ready") }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Fan.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["36:14"])
    }

    /// A file whose only pipelines start from a parameter (`configure(_:weights:)`) or from a
    /// project function returning a subject sent into off main (`freeSpaces(for:)`) names nothing
    /// that is sent off main itself: its sinks are checked all the same.
    func testFilesFedByParametersOrSubjectReturningFunctionsAreChecked() {
        let socket = """
        final class SocketClient {
            let frames = PassthroughSubject<Int, Never>()
            private let decodeQueue = DispatchQueue(label: "decode")
            func receive(_ n: Int) { decodeQueue.async { self.frames.send(n) } }
            func freeSpaces(for id: String) -> AnyPublisher<Int, Never> {
                frames.filter { $0 > 0 }.eraseToAnyPublisher()
            }
        }
        final class ListViewController: UITableViewController {
            let socket = SocketClient()
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "w", for: indexPath) as! WeightCell
                cell.configure("row", weights: socket.frames.eraseToAnyPublisher())
                return cell
            }
        }
        """
        let cell = """
        final class WeightCell: UITableViewCell {
            let weightLabel = UILabel()
            var token: AnyCancellable?
            func configure(_ title: String, weights: AnyPublisher<Int, Never>) {
                token = weights.sink { [weak self] n in self?.weightLabel.text = "\\(n)" }
            }
        }
        """
        let banner = """
        final class BannerModel: ObservableObject {
            @Published private(set) var text = ""
            let client = SocketClient()
            func watch() -> AnyCancellable {
                client.freeSpaces(for: "A")
                    .sink { [weak self] n in self?.text = "\\(n) free" }
            }
        }
        struct BannerView: View {
            @ObservedObject var model: BannerModel
            var body: some View { Text(model.text) }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Socket.swift", text: socket), (path: "WeightCell.swift", text: cell),
                                                                              (path: "Banner.swift", text: banner)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Banner.swift:6:14", "WeightCell.swift:5:25"])
    }

    /// A helper that forwards an optional child's changes (`model?.objectWillChange.sink { … }`),
    /// handed the property in its `didSet`, forwards them; a sibling property no one forwards is
    /// still a nested object that the view reads through the store.
    func testAHelperForwardingAnOptionalChildForwardsIt() {
        let text = """
        final class HiveModel: ObservableObject {
            @Published var weight = 0.0
        }
        final class ApiaryStore: ObservableObject {
            @Published var activeHive: HiveModel? {
                didSet { forwardChanges(from: activeHive) }
            }
            @Published var spareHive: HiveModel?
            private var forwarding: AnyCancellable?
            private func forwardChanges(from model: HiveModel?) {
                forwarding = model?.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
            }
        }
        struct HiveView: View {
            @ObservedObject var store: ApiaryStore
            var body: some View {
                Text("\\(store.activeHive?.weight ?? 0) \\(store.spareHive?.weight ?? 0)")
            }
        }
        """
        let found = findings(of: NestedObservableObjectRule.self, in: [(path: "Apiary.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["8:20"])
    }

    /// Two functions of one selector, `metadata(for:)` of a name and of a list of names: the list's
    /// flattens calls of the name's, so it delivers where that does (URLSession's queue). An
    /// overload answering at once (`Just`) leaves the delivery unknown.
    func testAnOverloadFlatteningItsOwnSelectorDeliversWhereTheOthersDo() {
        let text = """
        final class MetadataClient {
            func metadata(for name: String) -> AnyPublisher<String, Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "https://fonts.local/\\(name)")!)
                    .map { String(decoding: $0.data, as: UTF8.self) }
                    .mapError { $0 as Error }
                    .eraseToAnyPublisher()
            }
            func metadata(for names: [String]) -> AnyPublisher<[String], Never> {
                names.publisher
                    .flatMap { [weak self] name -> AnyPublisher<String, Error> in
                        guard let self else { return Empty().eraseToAnyPublisher() }
                        return self.metadata(for: name)
                    }
                    .collect()
                    .replaceError(with: [])
                    .eraseToAnyPublisher()
            }
        }
        final class LicenseClient {
            func license(for name: String) -> AnyPublisher<String, Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "https://fonts.local/l/\\(name)")!)
                    .map { String(decoding: $0.data, as: UTF8.self) }
                    .mapError { $0 as Error }
                    .eraseToAnyPublisher()
            }
            func license(for names: [String]) -> AnyPublisher<String, Error> {
                Just(names.joined()).setFailureType(to: Error.self).eraseToAnyPublisher()
            }
        }
        final class InspectorModel: ObservableObject {
            @Published var designer = ""
            @Published var license = ""
            let metadataClient = MetadataClient()
            let licenseClient = LicenseClient()
            private var bag = Set<AnyCancellable>()
            func show(_ family: String) {
                metadataClient.metadata(for: family)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.designer = $0 })
                    .store(in: &bag)
                licenseClient.license(for: family)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.license = $0 })
                    .store(in: &bag)
            }
        }
        struct InspectorView: View {
            @ObservedObject var model: InspectorModel
            var body: some View { Text(model.designer + model.license) }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Inspector.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["38:14"])
    }

    /// `samples.publisher` of a parameter written as an array is a sequence: it emits as it is
    /// subscribed, so a project function returning it, moved by `subscribe(on:)` to a static queue of
    /// another type, delivers there. Without `subscribe(on:)` it emits on the subscriber's thread.
    func testASequenceOfAParameterMovedBySubscribeOnDeliversThere() {
        let queues = """
        enum ShelfQueues {
            static let analysis = DispatchQueue(label: "shelf.analysis", qos: .utility)
        }
        """
        let window = """
        final class Analyzer {
            func importSidecars(for samples: [Int]) -> AnyPublisher<Int, Error> {
                samples.publisher.tryCompactMap { $0 > 0 ? $0 : nil }.eraseToAnyPublisher()
            }
        }
        final class MainWindowController: NSWindowController {
            let analyzer = Analyzer()
            var imported: AnyCancellable?
            var counted: AnyCancellable?
            func importLegacy() {
                imported = analyzer.importSidecars(for: [1, 2])
                    .subscribe(on: ShelfQueues.analysis)
                    .collect()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] results in
                        self?.window?.subtitle = "Imported \\(results.count)"
                    })
                counted = analyzer.importSidecars(for: [3])
                    .collect()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] results in
                        self?.window?.subtitle = "Counted \\(results.count)"
                    })
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Queues.swift", text: queues), (path: "Window.swift", text: window)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Window.swift:14:14"])
    }

    /// The project's own publisher whose subscription hands values over and never completes
    /// (`FolderEventsPublisher` over a dispatch source) never finishes: a `tryMap` on it ends the
    /// events at the first throw. One whose subscription finishes (`ListingPublisher` completing
    /// after its last file) ends anyway.
    func testAProjectPublisherThatNeverCompletesNeverFinishes() {
        let publishers = """
        struct FolderEventsPublisher: Publisher {
            typealias Output = URL
            typealias Failure = Never
            let folder: URL
            func receive<S: Subscriber>(subscriber: S) where S.Input == URL, S.Failure == Never {
                subscriber.receive(subscription: FolderSubscription(subscriber: subscriber, folder: folder))
            }
        }
        final class FolderSubscription<S: Subscriber>: Subscription where S.Input == URL, S.Failure == Never {
            private var subscriber: S?
            private let source: DispatchSourceFileSystemObject
            init(subscriber: S, folder: URL) {
                self.subscriber = subscriber
                source = DispatchSource.makeFileSystemObjectSource(fileDescriptor: open(folder.path, O_EVTONLY), eventMask: .write)
                source.setEventHandler { [weak self] in _ = self?.subscriber?.receive(folder) }
                source.resume()
            }
            func request(_ demand: Subscribers.Demand) {}
            func cancel() { source.cancel(); subscriber = nil }
        }
        struct ListingPublisher: Publisher {
            typealias Output = URL
            typealias Failure = Never
            let folder: URL
            func receive<S: Subscriber>(subscriber: S) where S.Input == URL, S.Failure == Never {
                subscriber.receive(subscription: ListingSubscription(subscriber: subscriber, folder: folder))
            }
        }
        final class ListingSubscription<S: Subscriber>: Subscription where S.Input == URL, S.Failure == Never {
            private var subscriber: S?
            private let folder: URL
            init(subscriber: S, folder: URL) { self.subscriber = subscriber; self.folder = folder }
            func request(_ demand: Subscribers.Demand) {
                _ = subscriber?.receive(folder)
                subscriber?.receive(completion: .finished)
            }
            func cancel() { subscriber = nil }
        }
        """
        let watcher = """
        final class StatusModel {
            private var bag = Set<AnyCancellable>()
            func watch(_ folder: URL) {
                FolderEventsPublisher(folder: folder)
                    .tryMap { try FileManager.default.attributesOfItem(atPath: $0.path) }
                    .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
                    .store(in: &bag)
                ListingPublisher(folder: folder)
                    .tryMap { try FileManager.default.attributesOfItem(atPath: $0.path) }
                    .sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "Publishers.swift", text: publishers), (path: "Status.swift", text: watcher)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Status.swift:5:14"])
    }

    /// `Deferred { self.makeRenderFuture(sample) }`: the `Future` comes from a method of the project,
    /// whose promise is called on the render queue, so the pipeline delivers there (the cached
    /// answer before it, `Just(cached)`, comes on the subscriber's thread and races it). A factory
    /// whose `Future` answers at once delivers on the subscriber's thread.
    func testADeferredFutureMadeByAFactoryMethodDeliversWhereItsPromiseIsCalled() {
        let text = """
        final class WaveformRenderer {
            private let queue = DispatchQueue(label: "render")
            private var cache: [Int: String] = [:]
            func render(_ sample: Int) -> AnyPublisher<String, Error> {
                if let cached = cache[sample] {
                    return Just(cached).setFailureType(to: Error.self).eraseToAnyPublisher()
                }
                return Deferred { [unowned self] in
                    self.makeRenderFuture(sample)
                }
                .eraseToAnyPublisher()
            }
            func placeholder(_ sample: Int) -> AnyPublisher<String, Error> {
                Deferred { [unowned self] in self.makePlaceholderFuture(sample) }.eraseToAnyPublisher()
            }
            private func makeRenderFuture(_ sample: Int) -> Future<String, Error> {
                Future { [queue] promise in
                    queue.async { promise(.success("wave \\(sample)")) }
                }
            }
            private func makePlaceholderFuture(_ sample: Int) -> Future<String, Error> {
                Future { promise in promise(.success("…")) }
            }
        }
        final class SampleCellView: NSTableCellView {
            let waveformLabel = NSTextField()
            let renderer = WaveformRenderer()
            var token: AnyCancellable?
            var placeholderToken: AnyCancellable?
            func show(_ sample: Int) {
                token = renderer.render(sample)
                    .replaceError(with: "")
                    .sink { [weak self] in self?.waveformLabel.stringValue = $0 }
                placeholderToken = renderer.placeholder(sample)
                    .replaceError(with: "")
                    .sink { [weak self] in self?.waveformLabel.stringValue = $0 }
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Waveform.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["33:14"])
    }

    /// A subject sent into from the sink of a `Future` whose promise is called on a background queue
    /// (`results.send(value)`) is sent into there, so a pipeline from it delivers off main; one sent
    /// into from the sink of a `Future` that answers at once is sent on the subscribing thread.
    func testASubjectSentFromTheSinkOfAFutureFulfilledOffMainIsSentThere() {
        let text = """
        final class LoudnessAnalyzer {
            let results = PassthroughSubject<Double, Never>()
            let estimates = PassthroughSubject<Double, Never>()
            private let queue = DispatchQueue(label: "analysis")
            private var bag = Set<AnyCancellable>()
            func enqueue(_ url: URL) {
                Deferred { [queue] in
                    Future<Double, Never> { promise in
                        queue.async { promise(.success(1)) }
                    }
                }
                .sink { [weak self] value in self?.results.send(value) }
                .store(in: &bag)
                Future<Double, Never> { promise in promise(.success(0.5)) }
                    .sink { [weak self] value in self?.estimates.send(value) }
                    .store(in: &bag)
            }
        }
        final class InspectorViewController: NSViewController {
            let analyzer = LoudnessAnalyzer()
            let lufsField = NSTextField()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                analyzer.results
                    .sink { [weak self] value in self?.lufsField.stringValue = "\\(value)" }
                    .store(in: &bag)
                analyzer.estimates
                    .sink { [weak self] value in self?.lufsField.placeholderString = "\\(value)" }
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Inspector.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["26:14"])
    }

    /// `self?.focusedYard.latest[n] = n`: a `@Published` property of an object the type holds, whose
    /// type a view observes, changed right in a sink that runs off main. Not after a hop to main, nor
    /// for a held object no view observes.
    func testAPublishedPropertyOfAHeldObservedObjectChangedOffMain() {
        let text = """
        final class Socket {
            let frames = PassthroughSubject<Int, Never>()
            private let queue = DispatchQueue(label: "decode")
            func start() { queue.async { self.frames.send(1) } }
        }
        final class YardModel: ObservableObject {
            @Published var latest: [Int: Int] = [:]
            @Published var total = 0
        }
        final class ArchiveModel: ObservableObject {
            @Published var total = 0
        }
        struct YardView: View {
            @ObservedObject var yard: YardModel
            var body: some View { Text("\\(yard.total) \\(yard.latest.count)") }
        }
        final class Store {
            let socket = Socket()
            var focusedYard = YardModel()
            var archive = ArchiveModel()
            private var bag = Set<AnyCancellable>()
            init() {
                socket.frames.sink { [weak self] n in self?.focusedYard.latest[n] = n }.store(in: &bag)
                socket.frames.receive(on: DispatchQueue.main).sink { [weak self] n in self?.focusedYard.total = n }.store(in: &bag)
                socket.frames.sink { [weak self] n in self?.archive.total = n }.store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Store.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["23:23"])
        XCTAssertEqual(found.first?.message, "`sink` gets its values on the thread that sends into `frames` (never the main one) but uses main-actor `focusedYard.latest`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// The project's operator whose queue parameter defaults to a background queue
    /// (`offloaded(to queue: DispatchQueue = FleetQueues.decode)`), called without one, receives there;
    /// called with `.main`, on main.
    func testAProjectOperatorsDefaultQueueIsItsStepWhenLeftOut() {
        let queues = """
        enum FleetQueues {
            static let decode = DispatchQueue(label: "fleet.decode", qos: .utility, attributes: .concurrent)
        }
        extension Publisher {
            func offloaded(to queue: DispatchQueue = FleetQueues.decode) -> AnyPublisher<Output, Failure> {
                receive(on: queue).eraseToAnyPublisher()
            }
        }
        """
        let screen = """
        final class ManifestListModel: ObservableObject {
            @Published var manifests: [String] = []
        }
        final class ManifestListViewController: UIViewController {
            let model = ManifestListModel()
            let summaryLabel = UILabel()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.$manifests.offloaded().map(\\.count).sink { [weak self] n in self?.summaryLabel.text = "\\(n)" }.store(in: &bag)
                model.$manifests.offloaded(to: .main).map(\\.count).sink { [weak self] n in self?.summaryLabel.text = "\\(n)" }.store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Queues.swift", text: queues), (path: "Manifests.swift", text: screen)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Manifests.swift:10:51"])
        XCTAssertEqual(found.first?.message, "`sink` gets its values on `offloaded()`, which receives on `FleetQueues.decode` but uses main-actor `summaryLabel`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// A subject sent into in a block an `OperationQueue` runs (`uploadQueue.addOperation { … }`, the queue
    /// made by the initializer, `let queue = OperationQueue(); self.uploadQueue = queue`) is sent off main;
    /// one sent in a block of `OperationQueue.main` is not.
    func testASendInAnOperationQueueBlockRunsOffMain() {
        let text = """
        final class SyncService {
            let progressSubject = PassthroughSubject<Int, Never>()
            let doneSubject = PassthroughSubject<Int, Never>()
            private let uploadQueue: OperationQueue
            init() {
                let queue = OperationQueue()
                queue.maxConcurrentOperationCount = 2
                self.uploadQueue = queue
            }
            func upload(_ count: Int) {
                uploadQueue.addOperation { [weak self] in self?.progressSubject.send(count) }
                OperationQueue.main.addOperation { [weak self] in self?.doneSubject.send(count) }
            }
        }
        final class SyncViewController: NSViewController {
            let sync = SyncService()
            let progressField = NSTextField()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                sync.progressSubject.sink { [weak self] n in self?.progressField.stringValue = "\\(n)" }.store(in: &bag)
                sync.doneSubject.sink { [weak self] n in self?.progressField.stringValue = "done \\(n)" }.store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Sync.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["21:30"])
    }
}
