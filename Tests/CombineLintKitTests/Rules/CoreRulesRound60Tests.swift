import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 60 and after (see the rule documents).
final class CoreRulesRound60Tests: XCTestCase {

    /// `Timer.publish(…).autoconnect().multicast(subject:)` bound to a local: its `connect()` is the
    /// multicast's, whose cancellable ends the connection when released, not a timer's that keeps
    /// firing; a property typed `Publishers.MakeConnectable<Timer.TimerPublisher>` likewise.
    func testTheConnectionOfAMulticastAroundATimerEndsWhenDropped() {
        let text = """
        final class Beeper {
            private let ticks = PassthroughSubject<Void, Never>()
            private let wrapped: Publishers.MakeConnectable<Timer.TimerPublisher>
            private var token: AnyCancellable?
            init() { wrapped = Timer.publish(every: 1, on: .main, in: .common).makeConnectable() }
            func start() {
                let multicasted = Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .map { _ in () }
                    .multicast(subject: ticks)
                token = multicasted.sink { print("beep") }
                _ = multicasted.connect()
                _ = wrapped.connect()
            }
            func startTimer() {
                let timer = Timer.publish(every: 1, on: .main, in: .common)
                _ = timer.connect()
            }
        }
        """
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:25", "13:21", "17:19"])
        XCTAssertEqual(found.map(\.message), [
            "The cancellable returned by `connect()` is thrown away, and releasing it cancels the connection at once: subscribers get nothing.",
            "The cancellable returned by `connect()` is thrown away, and releasing it cancels the connection at once: subscribers get nothing.",
            "The Cancellable returned by the timer's `connect()` is thrown away, so this timer can never be stopped and keeps firing.",
        ])
    }
}

extension CoreRulesRound60Tests {
    /// `.store(in: log.bag)` into the bag object of a strong stored property (a custom
    /// `store(in: CancelBag)`, no `&`): self → log → bag → subscription → closure → self.
    func testAStoreIntoTheBagObjectOfAnOwnedMemberIsACycle() {
        let text = """
        final class CancelBag {
            var subscriptions = Set<AnyCancellable>()
        }
        extension AnyCancellable {
            func store(in bag: CancelBag) { bag.subscriptions.insert(self) }
        }
        final class ShiftLog {
            let bag = CancelBag()
            func append(_ text: String) {}
        }
        final class ShiftController {
            private let log = ShiftLog()
            private weak var weakLog: ShiftLog?
            let messages = PassthroughSubject<String, Never>()
            init() {
                messages
                    .sink { message in self.log.append(message) }
                    .store(in: log.bag)
                messages
                    .sink { message in self.log.append(message) }
                    .store(in: weakLog!.bag)
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["17:32"])
    }

    /// `keepAlive(makeBinding())`: a method's returned token handed to a helper of the same type
    /// that stores its one parameter in a member of `self`.
    func testAReturnedTokenHandedToAStoringHelperIsKeptBySelf() {
        let text = """
        final class DetailViewController: UIViewController {
            let seeing = CurrentValueSubject<String, Never>("")
            private var subscriptions = Set<AnyCancellable>()
            let label = UILabel()
            override func viewDidLoad() {
                super.viewDidLoad()
                keepAlive(makeBinding())
            }
            private func keepAlive(_ token: AnyCancellable) {
                token.store(in: &subscriptions)
            }
            private func makeBinding() -> AnyCancellable {
                seeing.sink { text in self.label.text = text }
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["13:31"])
    }
}

extension CoreRulesRound60Tests {
    /// `if let existing = streams[id] { return existing }` before building, caching and returning a
    /// never-finishing stream: the early return hands on the same stream, so the method's result
    /// never finishes and a screen that subscribes on each appearance piles subscriptions up; a
    /// cache read in a method that never writes it decides nothing.
    func testACachedStreamReturnedEarlyIsTheSameNeverFinishingStream() {
        let text = """
        final class EventClient {
            func eventStream(path: String) -> AnyPublisher<Data, Never> {
                let subject = PassthroughSubject<Data, Never>()
                LongPoll.shared.open(path) { subject.send($0) }
                return subject.eraseToAnyPublisher()
            }
        }
        final class PatientStreams {
            private let network = EventClient()
            private var cache: [UUID: AnyPublisher<String, Never>] = [:]
            private var other: [UUID: AnyPublisher<String, Never>] = [:]
            func checkIns(for id: UUID) -> AnyPublisher<String, Never> {
                if let existing = cache[id] { return existing }
                let stream = network.eventStream(path: "check-ins")
                    .compactMap { String(data: $0, encoding: .utf8) }
                    .share()
                    .eraseToAnyPublisher()
                cache[id] = stream
                return stream
            }
            func notes(for id: UUID) -> AnyPublisher<String, Never> {
                if let existing = other[id] { return existing }
                let stream = network.eventStream(path: "notes")
                    .compactMap { String(data: $0, encoding: .utf8) }
                    .eraseToAnyPublisher()
                return stream
            }
        }
        final class VisitsViewModel {
            let service = PatientStreams()
            var ids: [UUID] = []
            var last = ""
            private var liveUpdates = Set<AnyCancellable>()
            func startLiveUpdates() {
                for id in ids {
                    service.checkIns(for: id).sink { [weak self] in self?.last = $0 }.store(in: &liveUpdates)
                    service.notes(for: id).sink { [weak self] in self?.last = $0 }.store(in: &liveUpdates)
                }
            }
        }
        final class VisitsViewController: UIViewController {
            let viewModel = VisitsViewModel()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                viewModel.startLiveUpdates()
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text) + positions(StoreInAppearanceRule.self, text), ["36:79"])
    }
}

extension CoreRulesRound60Tests {
    /// `if !didBind { didBind = true; … }` makes its own block run once, not the binding after it,
    /// which each `viewWillAppear` adds again.
    func testARunOnceBlockGuardsItsOwnBindingOnly() {
        let text = """
        final class ResultsModel: ObservableObject {
            @Published var state = 0
            @Published var selectedRaceID: UUID?
            @Published var filterText = ""
            @Published var standings: [String] = []
        }
        final class ResultsViewController: UIViewController {
            let model = ResultsModel()
            private var didBind = false
            private var bag = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                if !didBind {
                    didBind = true
                    model.$standings.map { _ in "" }.assign(to: &model.$filterText)
                    model.$state.sink { [weak self] in self?.show($0) }.store(in: &bag)
                }
                model.$state.map { _ in UUID?.none }.assign(to: &model.$selectedRaceID)
                model.$standings.sink { [weak self] _ in self?.show(0) }.store(in: &bag)
            }
            func show(_ state: Int) {}
        }
        final class ResultsCoordinator {
            let model = ResultsModel()
            private var didBind = false
            private var bag = Set<AnyCancellable>()
            init() {
                NotificationCenter.default.publisher(for: .regattaChanged)
                    .sink { [weak self] _ in self?.refresh() }
                    .store(in: &bag)
            }
            private func refresh() {
                if !didBind {
                    didBind = true
                    model.$state.sink { [weak self] in self?.show($0) }.store(in: &bag)
                }
                model.$standings.sink { [weak self] _ in self?.show(0) }.store(in: &bag)
            }
            func show(_ state: Int) {}
        }
        """
        XCTAssertEqual(positions(PublishedAssignCycleRule.self, text), ["18:46"])
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["19:66"])
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["37:66"])
    }
}

extension CoreRulesRound60Tests {
    /// `static let quota = NSToolbarItem.Identifier("Quota")` is a constant of a framework type, not
    /// the publisher `TranscriptionService.shared.quota` reads: it leaves the question to the
    /// service's `var quota: AnyPublisher<…> { quotaSubject.eraseToAnyPublisher() }`, which never finishes.
    func testAStaticIdentifierConstantOfTheSameNameIsNoPublisher() {
        let text = """
        extension NSToolbarItem.Identifier {
            static let quota = NSToolbarItem.Identifier("Quota")
        }
        final class TranscriptionService {
            static let shared = TranscriptionService()
            private let quotaSubject = CurrentValueSubject<Int, Never>(120)
            var quota: AnyPublisher<Int, Never> { quotaSubject.eraseToAnyPublisher() }
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            private var foregroundBag = Set<AnyCancellable>()
            func sceneWillEnterForeground(_ scene: UIScene) {
                TranscriptionService.shared.quota
                    .sink { [weak self] in self?.window?.tag = $0 }
                    .store(in: &foregroundBag)
            }
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["15:14"])
    }
}

extension CoreRulesRound60Tests {
    /// A method handed to a notification `sink` (or a never-finishing publisher's) by reference,
    /// `sink(receiveValue: handleState)`, runs per value as a closure calling it would: what it
    /// reaches and stores piles up. Handed to a request's sink, it runs once per request.
    func testAMethodHandedToARepeatingSinkByReferenceRunsPerValue() {
        let text = """
        final class DocumentCoordinator {
            let saveErrors = PassthroughSubject<Error, Never>()
            let selection = CurrentValueSubject<Int, Never>(0)
            private var subscriptions = Set<AnyCancellable>()
            private var bag = Set<AnyCancellable>()
            var label = ""
            init(document: UIDocument, api: API) {
                NotificationCenter.default.publisher(for: UIDocument.stateChangedNotification, object: document)
                    .sink(receiveValue: handleState)
                    .store(in: &bag)
                selection.sink(receiveValue: self.select).store(in: &bag)
                api.load().replaceError(with: 0).sink(receiveValue: loaded).store(in: &bag)
            }
            private func handleState(_ note: Notification) { reload() }
            private func reload() { show() }
            private func show() {
                saveErrors.sink { [weak self] in self?.label = "\\($0)" }.store(in: &subscriptions)
            }
            private func select(_ row: Int) {
                saveErrors.sink { [weak self] _ in self?.label = "\\(row)" }.store(in: &subscriptions)
            }
            private func loaded(_ value: Int) {
                saveErrors.sink { [weak self] _ in self?.label = "\\(value)" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["17:66", "20:69"])
    }
}

extension CoreRulesRound60Tests {
    /// `let child = makeCoordinator(for: tab); child.start()` where every `return` of the factory
    /// builds a new coordinator: each run starts a new object, which stores into its own bag once.
    /// A factory handing out a kept object (`return cached`) is one object whose bag grows.
    func testAnObjectFromAFactoryOfNewObjectsIsANewObjectEachRun() {
        let text = """
        final class IncidentsCoordinator {
            let channel = PassthroughSubject<String, Never>()
            private var cancellables = Set<AnyCancellable>()
            var last = ""
            func start() {
                channel.sink { [weak self] in self?.last = $0 }.store(in: &cancellables)
            }
        }
        final class StatusCoordinator {
            let channel = PassthroughSubject<String, Never>()
            private var cancellables = Set<AnyCancellable>()
            var last = ""
            func start() {
                channel.sink { [weak self] in self?.last = $0 }.store(in: &cancellables)
            }
        }
        final class AppCoordinator {
            let role = CurrentValueSubject<Int, Never>(0)
            private var bag = Set<AnyCancellable>()
            private var children: [IncidentsCoordinator] = []
            private let kept = StatusCoordinator()
            init() {
                role.sink { [weak self] in self?.apply(role: $0) }.store(in: &bag)
            }
            func apply(role: Int) {
                children.removeAll()
                let child = makeCoordinator(for: role)
                children.append(child)
                child.start()
                let shared = keptCoordinator()
                shared.start()
            }
            private func makeCoordinator(for role: Int) -> IncidentsCoordinator {
                switch role {
                case 0: return IncidentsCoordinator()
                default: return IncidentsCoordinator()
                }
            }
            private func keptCoordinator() -> StatusCoordinator {
                return kept
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["14:57"])
    }
}

extension CoreRulesRound60Tests {
    /// `$remaining.filter { … }.first().sink { self.scheduleChime() }`: the closure runs once, so
    /// what it calls stores once; without `first()` it runs per value and piles up.
    func testASinkAfterFirstRunsItsClosureOnce() {
        let text = """
        final class SurveyClock: ObservableObject {
            @Published private(set) var remaining = 0.0
            let ticks = PassthroughSubject<Date, Never>()
            private var cancellables = Set<AnyCancellable>()
            var count = 0
            func start() {
                $remaining.filter { $0 > 0 && $0 <= 300 }.first().sink { [weak self] _ in self?.scheduleChime() }.store(in: &cancellables)
                $remaining.filter { $0 > 0 }.sink { [weak self] _ in self?.scheduleBeep() }.store(in: &cancellables)
            }
            private func scheduleChime() {
                ticks.sink { [weak self] _ in self?.count += 1 }.store(in: &cancellables)
            }
            private func scheduleBeep() {
                ticks.sink { [weak self] _ in self?.count += 2 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["14:58"])
    }
}

extension CoreRulesRound60Tests {
    /// `ARSessionObserver.sessionInterruptionEnded(_:)` runs after every interruption of the
    /// session: a helper it calls that stores a never-finishing subscription adds one each time.
    func testAnARSessionInterruptionRunsAgainAndAgain() {
        let text = """
        final class RoofMeasurementBridge: NSObject, ARSessionDelegate {
            let trackingState = PassthroughSubject<String, Never>()
            private var bag = Set<AnyCancellable>()
            var status = ""
            func sessionInterruptionEnded(_ session: ARSession) {
                observeRelocalization()
            }
            private func observeRelocalization() {
                trackingState.sink { [weak self] in self?.status = $0 }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["9:65"])
    }
}

extension CoreRulesRound60Tests {
    /// A swipe action's `UIContextualAction` handler runs on every swipe: a method of another object
    /// that it calls (`self?.viewModel.pin(order)`) and that stores a never-finishing subscription
    /// adds one each time, as for a `UIAction`.
    func testASwipeActionHandlerCallingAnotherObjectRunsPerSwipe() {
        let text = """
        final class QueueViewModel {
            let states = PassthroughSubject<String, Never>()
            private var bag = Set<AnyCancellable>()
            var last = ""
            func pin(_ order: Int) {
                states.sink { [weak self] in self?.last = $0 }.store(in: &bag)
            }
        }
        final class QueueViewController: UIViewController, UITableViewDelegate {
            let viewModel = QueueViewModel()
            func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
                let order = indexPath.row
                let pin = UIContextualAction(style: .normal, title: "Pin") { [weak self] _, _, done in
                    self?.viewModel.pin(order)
                    done(true)
                }
                return UISwipeActionsConfiguration(actions: [pin])
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["6:56"])
    }
}

extension CoreRulesRound60Tests {
    /// A helper object that subscribes the closure it is given and keeps the subscription: made by
    /// its initializer into a strong stored property (`observer = StreamObserver(feed) { self… }`,
    /// or `lazy var`), or asked through one (`keyboard.observe { self… }`), it closes the cycle
    /// self → helper → its bag → closure → self. A local helper, a `weak` one, or a `[weak self]`
    /// closure does not.
    func testAHelperObjectSubscribingTheClosureItIsGivenIsKeptBySelf() {
        let text = """
        final class StreamObserver<Value> {
            private var token: AnyCancellable?
            init(_ publisher: AnyPublisher<Value, Never>, onChange: @escaping (Value) -> Void) {
                token = publisher.sink(receiveValue: onChange)
            }
        }
        final class KeyboardObserver {
            private var cancellables = Set<AnyCancellable>()
            func observe(_ handler: @escaping (CGFloat) -> Void) {
                NotificationCenter.default.publisher(for: UIResponder.keyboardWillShowNotification)
                    .map { _ in CGFloat(300) }
                    .sink { handler($0) }
                    .store(in: &cancellables)
            }
        }
        final class FlightDetailViewController: UIViewController {
            let counts = CurrentValueSubject<Int, Never>(0)
            private var boardingObserver: StreamObserver<Int>?
            private weak var spareObserver: StreamObserver<Int>?
            private let keyboard = KeyboardObserver()
            lazy var lazyObserver = StreamObserver(counts.eraseToAnyPublisher()) { count in self.title = "\\(count)" }
            override func viewDidLoad() {
                super.viewDidLoad()
                boardingObserver = StreamObserver(counts.eraseToAnyPublisher()) { count in
                    self.title = "\\(count)"
                }
                spareObserver = StreamObserver(counts.eraseToAnyPublisher()) { count in self.title = "\\(count)" }
                let local = StreamObserver(counts.eraseToAnyPublisher()) { count in self.title = "\\(count)" }
                _ = local
                keyboard.observe { height in
                    self.additionalSafeAreaInsets.bottom = height
                }
                keyboard.observe { [weak self] height in self?.additionalSafeAreaInsets.bottom = height }
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["21:85", "25:13", "31:13"])
    }
}

extension CoreRulesRound60Tests {
    /// AppKit calls a window controller's `showWindow(_:)` again each time its open window is
    /// brought forward (Open Recent, a Finder double-click): a never-finishing subscription stored
    /// there piles up, as in `windowDidBecomeKey`.
    func testShowWindowRunsEachTimeTheWindowIsBroughtForward() {
        let text = """
        final class PrototypeWindowController: NSWindowController {
            let rounds = PassthroughSubject<Int, Never>()
            private var cancellables = Set<AnyCancellable>()
            override func showWindow(_ sender: Any?) {
                super.showWindow(sender)
                rounds.sink { [weak self] in self?.window?.title = "Round \\($0)" }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["6:76"])
    }
}

extension CoreRulesRound60Tests {
    /// `var bag = bags[id, default: []]`, a store into the copy, then `bags[id] = bag`: the entry
    /// keeps every earlier subscription and gains one per tap on the same row. A copy emptied
    /// before it is written back (`bag.removeAll()`) replaces them.
    func testABagCopiedOutOfADictionaryAndWrittenBackPilesUp() {
        let text = """
        final class HerdsViewController: UIViewController, UITableViewDelegate {
            let doses = CurrentValueSubject<Int, Never>(0)
            private var bags: [Int: Set<AnyCancellable>] = [:]
            private var rowBags: [Int: Set<AnyCancellable>] = [:]
            var count = 0
            func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                var bag = bags[indexPath.row, default: []]
                doses.sink { [weak self] in self?.count = $0 }.store(in: &bag)
                bags[indexPath.row] = bag
            }
            func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
                var bag = rowBags[indexPath.row] ?? []
                bag.removeAll()
                doses.sink { [weak self] in self?.count = $0 }.store(in: &bag)
                rowBags[indexPath.row] = bag
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["8:56"])
    }
}

extension CoreRulesRound60Tests {
    /// `let ticker = clock.ticker(); ticker.connect()` where the project's `ticker()` declares a
    /// `Publishers.MakeConnectable<…>` result: a connectable whose dropped connection ends at once;
    /// one declaring `Timer.TimerPublisher` is a timer's. A local from a function returning a
    /// socket is no connectable publisher.
    func testAConnectableReturnedByAProjectFunctionIsConnectable() {
        let text = """
        final class DeliveryClock {
            func ticker() -> Publishers.MakeConnectable<Publishers.Map<Timer.TimerPublisher, Date>> {
                Timer.publish(every: 1, on: .main, in: .common).map { $0 }.makeConnectable()
            }
            func raw() -> Timer.TimerPublisher { Timer.publish(every: 1, on: .main, in: .common) }
            func socket() -> WebSocket { WebSocket() }
        }
        final class ClockTests: XCTestCase {
            func testTicks() {
                let clock = DeliveryClock()
                let ticker = clock.ticker()
                ticker.connect()
                let timer = clock.raw()
                _ = timer.connect()
                let socket = clock.socket()
                socket.connect()
            }
        }
        """
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:16", "14:19"])
        XCTAssertEqual(found.map(\.message), [
            "The cancellable returned by `connect()` is thrown away, and releasing it cancels the connection at once: subscribers get nothing.",
            "The Cancellable returned by the timer's `connect()` is thrown away, so this timer can never be stopped and keeps firing.",
        ])
    }
}
