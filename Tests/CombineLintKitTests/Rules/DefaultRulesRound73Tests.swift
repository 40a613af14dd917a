import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 73 and after (see the rule documents).
final class DefaultRulesRound73Tests: XCTestCase {
    private func mainActorFindings(_ text: String) -> [Finding] {
        findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: text)])
    }

    /// `line:column` of each finding, in order.
    private func lineColumns(_ found: [Finding]) -> [String] {
        found.map { "\($0.line):\($0.column)" }
    }

    /// `assign(to: \.rows, on: self)` after `receive(on: mergeQueue)` in a view model that SwiftUI
    /// observes sets an `@Published` property on that queue, as `assign(to: &$rows)` would. A plain
    /// stored property, or the same chain hopping to main first, is not reported.
    func testAssignOnSelfToAnObservedPublishedPropertyOffMainIsReported() {
        let text = """
        final class LeaderboardModel: ObservableObject {
            @Published private(set) var rows: [Int] = []
            private(set) var cache: [Int] = []
            private let mergeQueue = DispatchQueue(label: "merge")
            private var bag = Set<AnyCancellable>()
            private let entries = PassthroughSubject<Int, Never>()
            func bind() {
                entries.receive(on: mergeQueue).map { [$0] }.assign(to: \\.rows, on: self).store(in: &bag)
                entries.receive(on: mergeQueue).map { [$0] }.assign(to: \\.cache, on: self).store(in: &bag)
                entries.receive(on: mergeQueue).map { [$0] }.receive(on: DispatchQueue.main).assign(to: \\.rows, on: self).store(in: &bag)
            }
        }
        struct LeaderboardView: View {
            @ObservedObject var model: LeaderboardModel
            var body: some View { Text("\\(model.rows.count)") }
        }
        """
        let found = mainActorFindings(text)
        XCTAssertEqual(lineColumns(found), ["8:54"])
        XCTAssertEqual(found.map(\.message), [
            "`assign` gets its values on `receive` on `mergeQueue` but uses main-actor `rows`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// A view model holding its sampler as a protocol (`sampler: LocationSampling`) reads
    /// `samplePublisher`, which the app's sampler erases from a subject it sends into on its processing
    /// queue. The protocol's requirement, a mock's getter erasing its own subject and another type's
    /// `let samples: [Double]` or `ArraySlice` of the name decide nothing. A sink calling the view
    /// model's own method that sets an `@Published` property changes what views observe there too;
    /// a method that sets it only inside `DispatchQueue.main.async` does not.
    func testAnErasedSubjectBehindAProtocolAndAMethodSettingPublishedStateAreFollowed() {
        let text = """
        protocol LocationSampling: AnyObject {
            var samplePublisher: AnyPublisher<Double, Never> { get }
        }
        final class LocationSampler: LocationSampling {
            let samples = PassthroughSubject<Double, Never>()
            private let processingQueue = DispatchQueue(label: "processing")
            var samplePublisher: AnyPublisher<Double, Never> { samples.eraseToAnyPublisher() }
            func ingest(_ value: Double) {
                processingQueue.async { [weak self] in self?.samples.send(value) }
            }
        }
        final class MockLocationSampler: LocationSampling {
            let subject = PassthroughSubject<Double, Never>()
            var samplePublisher: AnyPublisher<Double, Never> { subject.eraseToAnyPublisher() }
        }
        struct RecordedTrack {
            let samples: [Double]
            private var pending: ArraySlice<Double>
        }
        final class RideModel: ObservableObject {
            @Published private(set) var speedText = ""
            @Published private(set) var distanceText = ""
            private var last: Double?
            private let sampler: LocationSampling
            private var bag = Set<AnyCancellable>()
            init(sampler: LocationSampling) {
                self.sampler = sampler
                sampler.samplePublisher.sink { [weak self] in self?.apply($0) }.store(in: &bag)
                sampler.samplePublisher.sink { [weak self] in self?.remember($0) }.store(in: &bag)
                sampler.samplePublisher.sink { [weak self] in self?.publish($0) }.store(in: &bag)
            }
            private func apply(_ sample: Double) {
                last = sample
                speedText = "\\(sample)"
            }
            private func remember(_ sample: Double) {
                last = sample
            }
            private func publish(_ sample: Double) {
                DispatchQueue.main.async { self.distanceText = "\\(sample)" }
            }
        }
        struct RideView: View {
            @ObservedObject var model: RideModel
            var body: some View { Text(model.speedText + model.distanceText) }
        }
        """
        let found = mainActorFindings(text)
        XCTAssertEqual(lineColumns(found), ["28:33"])
        XCTAssertEqual(found.map(\.message), [
            "`sink` gets its values on the thread that sends into `samples` (never the main one) but calls `apply(…)`, which sets main-actor `speedText`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// Two conformers whose getters erase different subjects, each sent into off the main thread
    /// (the app's sampler on its queue, a replaying stand-in after a `delay` on a global queue):
    /// the property delivers off main whichever object it is.
    func testGettersErasingDifferentOffMainSubjectsStillDeliverOffMain() {
        let text = """
        protocol Sampling: AnyObject { var values: AnyPublisher<Int, Never> { get } }
        final class Sampler: Sampling {
            private let samples = PassthroughSubject<Int, Never>()
            private let queue = DispatchQueue(label: "q")
            var values: AnyPublisher<Int, Never> { samples.eraseToAnyPublisher() }
            func ingest(_ v: Int) { queue.async { self.samples.send(v) } }
        }
        final class ReplayingSampler: Sampling {
            private let subject = PassthroughSubject<Int, Never>()
            private var replay: AnyCancellable?
            var values: AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }
            func start() {
                replay = [1, 2].publisher.delay(for: .milliseconds(100), scheduler: DispatchQueue.global())
                    .sink { [subject] in subject.send($0) }
            }
        }
        final class GaugeController: UIViewController {
            let sampling: Sampling
            let label = UILabel()
            var bag = Set<AnyCancellable>()
            init(sampling: Sampling) { self.sampling = sampling; super.init(nibName: nil, bundle: nil) }
            override func viewDidLoad() {
                super.viewDidLoad()
                sampling.values.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text), ["24:25"])
    }

    /// `Publishers.CombineLatest(monitor.bpm, monitor.zone)` and `a.combineLatest(b)` deliver a
    /// combined value on the thread of whichever input sent last: off main when one input delivers
    /// there. Inputs whose thread the chain does not show, or a hop to main after, are not reported.
    func testCombiningAnInputThatDeliversOffMainDeliversOffMain() {
        let text = """
        final class HeartRateMonitor {
            private let bpmSubject = PassthroughSubject<Int, Never>()
            private let bluetoothQueue = DispatchQueue(label: "ble")
            let zone = CurrentValueSubject<Int, Never>(1)
            var bpm: AnyPublisher<Int, Never> { bpmSubject.eraseToAnyPublisher() }
            func handle(_ value: Int) { bluetoothQueue.async { self.bpmSubject.send(value) } }
        }
        final class EffortController: UIViewController {
            let monitor = HeartRateMonitor()
            let label = UILabel()
            let other = CurrentValueSubject<Int, Never>(0)
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                Publishers.CombineLatest(monitor.bpm, monitor.zone).sink { [weak self] in self?.label.text = "\\($0) \\($1)" }.store(in: &bag)
                monitor.zone.combineLatest(monitor.bpm).sink { [weak self] in self?.label.text = "\\($0) \\($1)" }.store(in: &bag)
                Publishers.CombineLatest(other, monitor.zone).sink { [weak self] in self?.label.text = "\\($0) \\($1)" }.store(in: &bag)
                Publishers.CombineLatest(monitor.bpm, monitor.zone).receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.label.text = "\\($0) \\($1)" }.store(in: &bag)
            }
        }
        """
        let found = mainActorFindings(text)
        XCTAssertEqual(lineColumns(found), ["15:61", "16:49"])
        XCTAssertEqual(found.first?.message,
                       "`sink` gets its values on the thread that sends into `bpmSubject` (never the main one), through an input of `Publishers.CombineLatest` but uses main-actor `label`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// `store.ridesPublisher.subscribe(on: loadingQueue)`: the property erases a `CurrentValueSubject`,
    /// which hands its current value to the new subscriber on the queue that subscribes. One erasing
    /// a `PassthroughSubject` has no value to hand over, and is not reported.
    func testSubscribeOnAnErasedCurrentValueSubjectDeliversItsValueOnTheQueue() {
        let text = """
        final class RideStore {
            private let ridesSubject = CurrentValueSubject<[Int], Never>([])
            private let events = PassthroughSubject<Int, Never>()
            var ridesPublisher: AnyPublisher<[Int], Never> { ridesSubject.eraseToAnyPublisher() }
            var eventPublisher: AnyPublisher<Int, Never> { events.eraseToAnyPublisher() }
        }
        final class HistoryController: UITableViewController {
            let store = RideStore()
            private let loadingQueue = DispatchQueue(label: "loading")
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                store.ridesPublisher.subscribe(on: loadingQueue).sink { [weak self] _ in self?.tableView.reloadData() }.store(in: &bag)
                store.eventPublisher.subscribe(on: loadingQueue).sink { [weak self] _ in self?.tableView.reloadData() }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text), ["13:58"])
    }

    /// The project's own operators that move delivery (`receiveOnMain()` in an `extension Publisher`)
    /// count as the scheduler step their body writes: after `receiveOnMain()`, right after a request or
    /// later in the chain, values arrive on main; after `onWorkQueue()` they arrive on a global queue.
    func testTheProjectsOwnSchedulerOperatorsMoveDelivery() {
        let text = """
        extension Publisher {
            func receiveOnMain() -> AnyPublisher<Output, Failure> {
                receive(on: DispatchQueue.main).eraseToAnyPublisher()
            }
            func onWorkQueue() -> AnyPublisher<Output, Failure> {
                receive(on: DispatchQueue.global()).eraseToAnyPublisher()
            }
        }
        final class StatusController: UIViewController {
            let label = UILabel()
            let queue = DispatchQueue(label: "work")
            let values = PassthroughSubject<Int, Never>()
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                values.receive(on: queue).map { $0 * 2 }.receiveOnMain().sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                URLSession.shared.dataTaskPublisher(for: url).receiveOnMain()
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.label.text = "\\($0)" }).store(in: &bag)
                values.map { $0 + 1 }.onWorkQueue().sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        let found = mainActorFindings(text)
        XCTAssertEqual(lineColumns(found), ["19:45"])
        XCTAssertEqual(found.first?.message,
                       "`sink` gets its values on `onWorkQueue()`, which receives on `DispatchQueue.global()` but uses main-actor `label`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// A `Future` whose promise is called only from a URLSession completion handler or a global queue
    /// delivers there, made right in the chain or returned by the project's function; one that calls its
    /// promise at once delivers on the subscribing (main) thread.
    func testAFutureFulfilledOffMainDeliversOffMain() {
        let text = """
        final class API {
            func send() -> Future<Int, Error> {
                Future { promise in
                    URLSession.shared.dataTask(with: URL(string: "x")!) { data, _, _ in
                        promise(.success(data?.count ?? 0))
                    }.resume()
                }
            }
            func cached() -> Future<Int, Error> {
                Future { promise in promise(.success(1)) }
            }
        }
        final class SaveController: UIViewController {
            let api = API()
            let label = UILabel()
            var bag = Set<AnyCancellable>()
            func save() {
                api.send().sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.label.text = "\\($0)" }).store(in: &bag)
                api.cached().sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.label.text = "\\($0)" }).store(in: &bag)
                Future<Int, Never> { promise in
                    DispatchQueue.global().async { promise(.success(1)) }
                }.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        let found = mainActorFindings(text)
        XCTAssertEqual(lineColumns(found), ["18:20", "22:11"])
        XCTAssertEqual(found.last?.message,
                       "`sink` gets its values on the thread that fulfils the `Future`'s promise (a callback that runs off the main thread) but uses main-actor `label`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// `var connectionPublisher { connectionSubject.removeDuplicates().eraseToAnyPublisher() }`: steps that
    /// deliver where they get values do not hide the subject that the socket sends into off main.
    func testAnErasingGetterWithSameThreadStepsStillDeliversWhereTheSubjectIsSentInto() {
        let text = """
        final class DeviceSocket {
            private let connectionSubject = CurrentValueSubject<Int, Never>(0)
            private let socketQueue = DispatchQueue(label: "socket")
            var connectionPublisher: AnyPublisher<Int, Never> { connectionSubject.removeDuplicates().eraseToAnyPublisher() }
            func reconnect() { socketQueue.async { self.connectionSubject.send(1) } }
        }
        final class StatusController: UIViewController {
            let socket = DeviceSocket()
            let label = UILabel()
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                socket.connectionPublisher.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text), ["13:36"])
    }

    /// A `Preview…` stand-in in a folder of preview support (`Preview/`, `Preview Content/`) feeds the
    /// canvas only, whether or not its file declares a preview: its public subjects and Futures are no
    /// part of the app. The same class elsewhere is reported.
    func testPreviewStandInsInAPreviewFolderAreNotTheApps() {
        let standIn = """
        final class PreviewDeviceSocket: DeviceEventStream {
            let events = PassthroughSubject<Int, Never>()
        }
        """
        XCTAssertEqual(places(ExposedSubjectRule.self, [(path: "App/Preview/PreviewSupport.swift", text: standIn),
                                                        (path: "App/Networking/Other.swift", text: standIn.replacingOccurrences(of: "PreviewDeviceSocket", with: "PreviewSocketTwo"))]),
                       ["App/Networking/Other.swift:2:9"])
    }

    /// A cell's `configure(with:)` sets its view model's `row` on every reuse; `row`'s `didSet` binds
    /// with `assign(to: &$text)`, right there or through a method it calls: each reuse adds one more
    /// subscription that `$text`'s storage keeps. Set once, in `init`, it is not reported.
    func testAnAssignInAPropertyObserverThatRepeatedCodeTriggersIsReported() {
        let text = """
        final class RowModel: ObservableObject {
            @Published var title = ""
        }
        final class RowViewModel: ObservableObject {
            @Published var text = ""
            @Published var subtitle = ""
            var row = RowModel() {
                didSet { row.$title.assign(to: &$text); bindSubtitle() }
            }
            func bindSubtitle() { row.$title.map { $0 + "!" }.assign(to: &$subtitle) }
        }
        final class SettingsViewModel: ObservableObject {
            @Published var text = ""
            var source = RowModel() {
                didSet { source.$title.assign(to: &$text) }
            }
            init(source: RowModel) { self.source = source }
        }
        final class RowCell: UITableViewCell {
            let viewModel = RowViewModel()
            func configure(with row: RowModel) { viewModel.row = row }
        }
        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(lineColumns(found), ["8:29", "10:55"])
        XCTAssertEqual(found.map(\.message), [
            "Each run of `RowCell.configure(with:) → RowViewModel.row.didSet` adds one more `assign(to: &$text)` subscription, which the `@Published` storage keeps alive.",
            "Each run of `RowCell.configure(with:) → RowViewModel.row.didSet → RowViewModel.bindSubtitle()` adds one more `assign(to: &$subtitle)` subscription, which the `@Published` storage keeps alive.",
        ])
    }

    /// Round 75: a `[weak imageView]` capture of a `UIImageView` parameter set after a request with no
    /// hop; `self.entries.insert(…)` on an observed `@Published` array after `receive(on: queue)`; a
    /// subject whose name a `@Published var goals = true` and a `Toggle(isOn: $prefs.goals)` share
    /// elsewhere; an inner publisher of `switchToLatest` that delivers off main beside a `Just` return.
    func testRound75BackgroundDeliveries() {
        let text = """
        final class ScoreCell: UITableViewCell {
            var crest: AnyCancellable?
            func load(_ url: URL, into imageView: UIImageView) {
                crest = URLSession.shared.dataTaskPublisher(for: url).map { UIImage(data: $0.data) }.replaceError(with: nil)
                    .sink { [weak imageView] image in imageView?.image = image }
                crest = URLSession.shared.dataTaskPublisher(for: url).map { UIImage(data: $0.data) }.replaceError(with: nil)
                    .receive(on: DispatchQueue.main).sink { [weak imageView] image in imageView?.image = image }
            }
        }
        final class CommentaryModel: ObservableObject {
            @Published private(set) var entries: [String] = []
            private let queue = DispatchQueue(label: "commentary")
            private var bag = Set<AnyCancellable>()
            func bind(_ frames: PassthroughSubject<String, Never>) {
                frames.receive(on: queue).sink(receiveCompletion: { _ in }, receiveValue: { [weak self] entry in
                    self?.entries.insert(entry, at: 0)
                }).store(in: &bag)
            }
        }
        struct CommentaryList: View {
            @ObservedObject var model: CommentaryModel
            var body: some View { Text("\\(model.entries.count)") }
        }
        final class ScoreFeed {
            let goals = PassthroughSubject<Int, Never>()
            private let feedQueue = DispatchQueue(label: "feed")
            private let matches = CurrentValueSubject<[Int: Int], Never>([:])
            func apply(_ goal: Int) { feedQueue.async { self.goals.send(goal); self.matches.send([goal: goal]) } }
            func match(id: Int) -> AnyPublisher<Int, Never> { matches.compactMap { $0[id] }.eraseToAnyPublisher() }
        }
        final class NotificationPrefs: ObservableObject {
            @Published var goals = true
        }
        struct PrefsView: View {
            @ObservedObject var prefs: NotificationPrefs
            var body: some View { Toggle("Goals", isOn: $prefs.goals) }
        }
        final class GoalBannerController: UIViewController {
            let feed = ScoreFeed()
            let label = UILabel()
            let pinned = CurrentValueSubject<Int?, Never>(nil)
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                feed.goals.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                pinned.map { [feed] id -> AnyPublisher<Int, Never> in
                    guard let id else { return Just(0).eraseToAnyPublisher() }
                    return feed.match(id: id)
                }.switchToLatest().sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text), ["5:14", "15:35", "45:20", "49:28"])
    }

    /// `receive(on: socket.decodeQueue)`: the queue property of the type of another object the
    /// view model holds, a serial background queue; the same object's main-queue property is not one.
    func testAnotherObjectsQueuePropertyIsResolvedByItsType() {
        let text = """
        final class PriceSocket {
            let decodeQueue = DispatchQueue(label: "decode")
            let uiQueue = DispatchQueue.main
            let ticks = PassthroughSubject<Double, Never>()
        }
        final class CoinDetailViewModel: ObservableObject {
            @Published var price = 0.0
            private let socket: PriceSocket
            private var bag = Set<AnyCancellable>()
            init(socket: PriceSocket) {
                self.socket = socket
                socket.ticks.receive(on: socket.decodeQueue).sink { [weak self] in self?.price = $0 }.store(in: &bag)
                socket.ticks.receive(on: socket.uiQueue).sink { [weak self] in self?.price = $0 }.store(in: &bag)
            }
        }
        struct CoinDetailView: View {
            @ObservedObject var model: CoinDetailViewModel
            var body: some View { Text("\\(model.price)") }
        }
        """
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text), ["12:54"])
    }

    /// A view controller's one-second heartbeat whose `sink` captures only an analytics object and an
    /// identifier shows nothing; the same timer writing a label through `self`, or through a captured
    /// `[label]`, is reported.
    func testAViewControllerTimerThatTouchesNothingOnScreenIsQuiet() {
        let text = """
        final class CallControlsViewController: UIViewController {
            let analytics = VisitAnalytics()
            let label = UILabel()
            var heartbeat: AnyCancellable?
            var clock: AnyCancellable?
            var badge: AnyCancellable?
            func start(visitID: String) {
                heartbeat = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [analytics, visitID] _ in analytics.heartbeat(visitID: visitID) }
                clock = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [weak self] in self?.label.text = "\\($0)" }
                badge = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [label] in label.text = "\\($0)" }
            }
        }
        final class VisitAnalytics { func heartbeat(visitID: String) {} }
        """
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text), ["10:56", "12:56"])
    }

    /// Round 77: a subject sent into from a pipe's `readabilityHandler` or a process's
    /// `terminationHandler` (both called on a background thread) delivers there; the project's own
    /// operator given the queue as an argument (`onWorkQueue(WorkQueues.parse)`) delivers on that queue.
    func testBackgroundHandlersAndAProjectOperatorTakingItsQueue() {
        let text = """
        enum WorkQueues { static let parse = DispatchQueue(label: "parse") }
        extension Publisher {
            func onWorkQueue(_ queue: DispatchQueue) -> AnyPublisher<Output, Failure> { receive(on: queue).eraseToAnyPublisher() }
        }
        final class LogStreamer {
            let chunks = PassthroughSubject<Data, Never>()
            let status = PassthroughSubject<String, Never>()
            func start(_ process: Process, _ pipe: Pipe) {
                pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in self?.chunks.send(handle.availableData) }
                process.terminationHandler = { [weak self] _ in self?.status.send("exited") }
            }
        }
        final class LogWindowController: NSWindowController {
            let streamer = LogStreamer()
            let statusLabel = NSTextField()
            let refresh = PassthroughSubject<Void, Never>()
            var bag = Set<AnyCancellable>()
            override func windowDidLoad() {
                super.windowDidLoad()
                streamer.chunks.map(\\.count).sink { [weak self] in self?.statusLabel.stringValue = "\\($0)" }.store(in: &bag)
                streamer.status.sink { [weak self] in self?.statusLabel.stringValue = $0 }.store(in: &bag)
                refresh.map { "x" }.onWorkQueue(WorkQueues.parse).sink { [weak self] in self?.statusLabel.stringValue = $0 }.store(in: &bag)
                refresh.map { "x" }.onWorkQueue(DispatchQueue.main).sink { [weak self] in self?.statusLabel.stringValue = $0 }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text), ["20:38", "21:25", "22:59"])
    }

    /// A view model hands its subject whole to a context struct (`TripOfferContext(decisions:
    /// self.decisions)`) that the offer cards send through: another type feeds it by design. A
    /// subject the type only subscribes to is still reported.
    func testASubjectHandedToAnotherTypesInitializerIsFedFromOutside() {
        let text = """
        struct TripOfferContext {
            let decisions: PassthroughSubject<Int, Never>
        }
        final class OfferCardViewModel {
            let context: TripOfferContext
            init(context: TripOfferContext) { self.context = context }
            func accept() { context.decisions.send(1) }
        }
        final class TripOfferViewModel {
            let decisions = PassthroughSubject<Int, Never>()
            let refreshes = PassthroughSubject<Void, Never>()
            private var bag = Set<AnyCancellable>()
            func makeCard() -> OfferCardViewModel {
                refreshes.sink { _ in }.store(in: &bag)
                refreshes.send(())
                return OfferCardViewModel(context: TripOfferContext(decisions: self.decisions))
            }
        }
        """
        XCTAssertEqual(positions(ExposedSubjectRule.self, text), ["11:9"])
    }
}

