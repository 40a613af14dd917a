import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 66 and after (see the rule documents).
final class CoreRulesRound66Tests: XCTestCase {
    /// A struct helper that subscribes the closures it is handed and returns the subscriptions in an
    /// `[AnyCancellable]` literal: the caller storing that array in its own dictionary keeps the
    /// closure, so strong `self` in it is a cycle; `[weak self]`, or a result kept in a local, is not.
    func testClosuresHandedToAHelperReturningItsSubscriptionsInAnArrayAreKeptByTheCaller() {
        let text = """
        struct RoomBinder {
            let status: AnyPublisher<Int, Never>
            func bind(room: String, onStatus: @escaping (Int) -> Void, onLog: @escaping (Int) -> Void) -> [AnyCancellable] {
                [
                    status.sink(receiveValue: onStatus),
                    status.sink(receiveValue: onLog),
                ]
            }
            func bindOne(onStatus: @escaping (Int) -> Void) -> Set<AnyCancellable> {
                return [status.sink(receiveValue: onStatus)]
            }
        }
        final class CartDashboard {
            private let binder: RoomBinder
            private var tokens: [String: [AnyCancellable]] = [:]
            private var bag = Set<AnyCancellable>()
            private var last = 0
            init(binder: RoomBinder) { self.binder = binder }
            func assign(rooms: [String]) {
                for room in rooms {
                    tokens[room] = binder.bind(room: room, onStatus: { status in self.last = status }, onLog: { [weak self] in self?.last = $0 })
                }
                bag.formUnion(binder.bindOne { self.last = $0 })
            }
            func assignWeakly(room: String) {
                tokens[room] = binder.bind(room: room, onStatus: { [weak self] in self?.last = $0 }, onLog: { [weak self] in self?.last = $0 })
            }
            func preview(room: String) {
                let local = binder.bind(room: room, onStatus: { print($0, self.last) }, onLog: { print($0) })
                print(local.count)
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["21:74", "23:40"])
    }
}

extension CoreRulesRound66Tests {
    /// `handleEvents(receiveOutput: { self.roomBag.removeAll() })` upstream of the `sink` whose
    /// closure calls the storing method empties the bag before every run: one run's subscriptions
    /// stay live, for repeated_subscription and nested_sink alike. So does a method between the
    /// `sink` and the storing one that empties the bag before its call. Without either, both report.
    func testABagEmptiedAheadOfEachValueHoldsOneRunsSubscriptions() {
        let text = """
        final class RoomDetailController: UIViewController {
            @Published var selected: Int?
            let clashes = PassthroughSubject<Int, Never>()
            private var cancellables = Set<AnyCancellable>()
            private var roomBag = Set<AnyCancellable>()
            private var paneBag = Set<AnyCancellable>()
            private var otherBag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                $selected
                    .handleEvents(receiveOutput: { [weak self] _ in self?.roomBag.removeAll() })
                    .compactMap { $0 }
                    .sink { [weak self] room in self?.bind(room) }
                    .store(in: &cancellables)
                $selected
                    .sink { [weak self] _ in self?.swapPane() }
                    .store(in: &cancellables)
                $selected
                    .handleEvents(receiveOutput: { [weak self] _ in self?.roomBag.removeAll() })
                    .sink { [weak self] _ in self?.bindOther() }
                    .store(in: &cancellables)
            }
            private func bind(_ room: Int) {
                clashes.sink { [weak self] in self?.title = "\\($0)" }.store(in: &roomBag)
            }
            private func swapPane() {
                paneBag.removeAll()
                bindPane()
            }
            private func bindPane() {
                clashes.sink { [weak self] in self?.title = "\\($0)" }.store(in: &paneBag)
            }
            private func bindOther() {
                clashes.sink { [weak self] in self?.title = "\\($0)" }.store(in: &otherBag)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["34:63"])
        XCTAssertEqual(positions(NestedSinkRule.self, text), ["34:17"])
    }
}

extension CoreRulesRound66Tests {
    /// `.store(in: &seatWatchers[id, default: []])` from `willDisplay` or `viewWillAppear`: the
    /// entry of a keyed bag grows on every run for the same key, as a bag member does. Emptied
    /// first (`seatWatchers[id] = []`), or kept in a single replaced entry, it does not.
    func testAStoreIntoAKeyedBagEntryFromARepeatedCallbackPilesUp() {
        let text = """
        final class ProgramsController: UITableViewController {
            private var seatWatchers: [String: Set<AnyCancellable>] = [:]
            private var single: [String: AnyCancellable] = [:]
            let seats = PassthroughSubject<String, Never>()
            var programs: [String] = []
            override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
                let program = programs[indexPath.row]
                seats
                    .sink { [weak cell] text in cell?.accessoryView = nil }
                    .store(in: &seatWatchers[program, default: []])
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                seats
                    .sink { [weak self] text in self?.title = text }
                    .store(in: &seatWatchers["header", default: []])
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                seatWatchers["footer"] = []
                seats
                    .sink { [weak self] text in self?.title = text }
                    .store(in: &seatWatchers["footer", default: []])
                single["title"] = seats.sink { [weak self] text in self?.title = text }
            }
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["10:14", "16:14"])
    }
}

extension CoreRulesRound66Tests {
    /// An action sheet's `UIAlertAction` handler, made anew on each row selection, calling a method
    /// of the row's model (`guard let model = models[indexPath.item]`, an element of a stored
    /// `[TickerModel?]`) that stores an endless timer: each pick adds one more. The element type of
    /// a dictionary property (`[String: TickerModel]`) is read too; a `Just` stays finite.
    func testAnAlertActionHandlerCallingARowModelsStoringMethodRepeats() {
        let text = """
        final class TickerModel {
            private var tickers = Set<AnyCancellable>()
            var count = 0
            func addTicker() {
                Timer.publish(every: 1, on: .main, in: .common)
                    .autoconnect()
                    .sink { [weak self] _ in self?.count += 1 }
                    .store(in: &tickers)
            }
            func addOnce() {
                Just(1).sink { [weak self] in self?.count = $0 }.store(in: &tickers)
            }
        }
        final class ChairsViewController: UICollectionViewController {
            var models: [TickerModel?] = []
            var byID: [String: TickerModel] = [:]
            override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                guard let model = models[indexPath.item] else { return }
                let sheet = UIAlertController(title: "Chair", message: nil, preferredStyle: .actionSheet)
                sheet.addAction(UIAlertAction(title: "+30 s ticks", style: .default) { _ in model.addTicker() })
                sheet.addAction(UIAlertAction(title: "Once", style: .default) { _ in model.addOnce() })
                present(sheet, animated: true)
            }
            func refresh(id: String) {
                let keyed = byID[id]
                keyed?.addTicker()
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["8:14"])
        XCTAssertEqual(found.first?.message, "`UIAlertAction handler → TickerModel.addTicker() → store(in:)`: each run of `UIAlertAction handler` adds one more live subscription to `tickers`, and the earlier ones keep running.")
    }

    /// The element type of a stored collection's type text: arrays, optionals, dictionaries, nested generics.
    func testTheElementTypeOfACollectionTypeText() {
        XCTAssertEqual(TypeResolver.collectionElementTypeName("[TickerModel?]"), "TickerModel")
        XCTAssertEqual(TypeResolver.collectionElementTypeName("[String: TickerModel]"), "TickerModel")
        XCTAssertEqual(TypeResolver.collectionElementTypeName("[Key<Int>: Feed.Model]?"), "Model")
        XCTAssertEqual(TypeResolver.collectionElementTypeName("Array<Row>"), "Row")
        XCTAssertNil(TypeResolver.collectionElementTypeName("[[Row]]"))
        XCTAssertNil(TypeResolver.collectionElementTypeName("Set<Row>"))
    }
}

extension CoreRulesRound66Tests {
    /// `eta(for:)` returning `etaUpdates.filter { … }`, with `etaUpdates` a computed property whose
    /// getter merges two subjects: the service method hands on a stream that never finishes, so a
    /// strong `self` kept in `monitors[id]` is a cycle. A getter returning a request does not.
    func testAMethodRelayingAComputedNeverFinishingPropertyNeverFinishes() {
        let text = """
        final class RouteService {
            private let etaSubject = PassthroughSubject<Int, Never>()
            private let delayedSubject = PassthroughSubject<Int, Never>()
            var etaUpdates: AnyPublisher<Int, Never> {
                etaSubject.merge(with: delayedSubject).receive(on: DispatchQueue.main).eraseToAnyPublisher()
            }
            var snapshot: AnyPublisher<Int, Never> { Just(1).eraseToAnyPublisher() }
            func eta(for id: String) -> AnyPublisher<Int, Never> {
                etaUpdates.filter { $0 > 0 }.eraseToAnyPublisher()
            }
            func latest(for id: String) -> AnyPublisher<Int, Never> {
                snapshot.map { $0 + 1 }.eraseToAnyPublisher()
            }
        }
        final class StopMonitor {
            private let service: RouteService
            private var monitors: [String: AnyCancellable] = [:]
            private var late = 0
            init(service: RouteService) { self.service = service }
            func watch(_ id: String) {
                monitors[id] = service.eta(for: id).sink { eta in self.late = eta }
            }
            func peek(_ id: String) {
                monitors[id] = service.latest(for: id).sink { eta in self.late = eta }
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["21:59"])
    }
}

extension CoreRulesRound66Tests {
    /// A window controller's `showWindow(_:)` runs again on a window that is still open: a bag
    /// emptied only in `windowWillClose` still piles up. An `NSView`'s `viewDidEndLiveResize()`
    /// runs after every resize, through a helper too. A store in `viewDidAppear` into a bag that
    /// `viewWillAppear` empties holds one appearance's subscription.
    func testShowWindowLiveResizeAndTheAppearanceBeforeViewDidAppear() {
        let text = """
        final class TreeWindowController: NSWindowController, NSWindowDelegate {
            @Published var selected: String?
            private var cancellables = Set<AnyCancellable>()
            override func showWindow(_ sender: Any?) {
                super.showWindow(sender)
                $selected.sink { [weak self] in self?.window?.subtitle = $0 ?? "" }.store(in: &cancellables)
            }
            func windowWillClose(_ notification: Notification) { cancellables.removeAll() }
        }
        final class ChartView: NSView {
            private var cancellables = Set<AnyCancellable>()
            override func viewDidEndLiveResize() {
                super.viewDidEndLiveResize()
                observeOcclusion()
            }
            private func observeOcclusion() {
                NotificationCenter.default.publisher(for: NSWindow.didChangeOcclusionStateNotification)
                    .sink { [weak self] _ in self?.needsDisplay = true }
                    .store(in: &cancellables)
            }
        }
        final class ScannerViewController: UIViewController {
            let decisions = PassthroughSubject<Int, Never>()
            private var scanTokens = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                scanTokens.removeAll()
            }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                decisions.sink { [weak self] in self?.title = "\\($0)" }.store(in: &scanTokens)
            }
        }
        """
        let found = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:77"])
        XCTAssertEqual(found.first?.help, "Subscribe once in `windowDidLoad` or `init`, or empty `cancellables` first.")
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["19:14"])
    }
}

extension CoreRulesRound66Tests {
    /// `uploader.progress`, a protocol's publisher that the app's uploader makes from a
    /// `CurrentValueSubject`, never finishes, though another class holds a `progress` made by a
    /// framework initializer (`UIProgressView(progressViewStyle: .bar)`): that one is no publisher
    /// and decides nothing. Each tap then adds a subscription.
    func testAFrameworkObjectPropertyOfTheSameNameDoesNotHideANeverFinishingPublisher() {
        let text = """
        protocol Uploading { var progress: AnyPublisher<Double, Never> { get } }
        final class Uploader: Uploading {
            private let subject = CurrentValueSubject<Double, Never>(0)
            var progress: AnyPublisher<Double, Never> { subject.removeDuplicates().eraseToAnyPublisher() }
        }
        final class ExerciseCell: UITableViewCell {
            private let progress = UIProgressView(progressViewStyle: .bar)
        }
        final class UploadViewModel {
            let uploader: Uploading
            @Published var fraction = 0.0
            private var progressCancellables: [AnyCancellable] = []
            init(uploader: Uploading) { self.uploader = uploader }
            func upload() {
                uploader.progress.sink { [weak self] in self?.fraction = $0 }.store(in: &progressCancellables)
            }
        }
        final class UploadViewController: UIViewController {
            let model = UploadViewModel(uploader: Uploader())
            @IBAction func uploadTapped() { model.upload() }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["15:71"])
    }
}

extension CoreRulesRound66Tests {
    /// `observers.append(Observer(model.$text) { … })` in `viewWillAppear`: the helper's initializer
    /// subscribes the closure and keeps the subscription, and the array keeps the helper, so each
    /// appearance adds one. A single helper property, replaced, does not pile up.
    func testAppendingASubscribingHelperObjectFromARepeatedCallbackPilesUp() {
        let text = """
        final class Observer<Value> {
            private var token: AnyCancellable?
            init(_ publisher: Published<Value>.Publisher, onChange: @escaping (Value) -> Void) {
                token = publisher.sink(receiveValue: onChange)
            }
        }
        final class DispatchModel { @Published var connectionText = "" }
        final class DispatchViewController: UIViewController {
            let model = DispatchModel()
            private var observers: [Observer<String>] = []
            private var single: Observer<String>?
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                observers.append(Observer(model.$connectionText) { [weak self] in self?.title = $0 })
                single = Observer(model.$connectionText) { [weak self] in self?.title = $0 }
            }
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["14:19"])
    }
}

extension CoreRulesRound66Tests {
    /// A helper object whose initializer subscribes the closure it is handed and keeps the
    /// subscription, appended to an array of `self`: self → observers → helper → subscription →
    /// closure → self. `[weak self]`, or a local array, is no cycle.
    func testAClosureHandedToASubscribingHelperKeptInAnArrayOfSelfIsACycle() {
        let text = """
        final class Observer<Output> {
            private var token: AnyCancellable?
            init(_ publisher: AnyPublisher<Output, Never>, onValue: @escaping (Output) -> Void) {
                token = publisher.sink(receiveValue: onValue)
            }
        }
        final class ChatViewModel {
            private let messages = PassthroughSubject<String, Never>()
            private var observers: [Observer<String>] = []
            private var seen: [String] = []
            func start() {
                observers.append(Observer(messages.eraseToAnyPublisher()) { message in self.seen.append(message) })
                observers.append(Observer(messages.eraseToAnyPublisher()) { [weak self] in self?.seen.append($0) })
                var local: [Observer<String>] = []
                local.append(Observer(messages.eraseToAnyPublisher()) { message in self.seen.append(message) })
            }
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:80"])
        XCTAssertEqual(found.first?.message, "This closure holds `self` strongly, and `self` keeps its subscription in `observers[…].token`: a retain cycle.")
    }
}

extension CoreRulesRound66Tests {
    /// A notification sink after `.first()` runs its closure for one notification: a subscription
    /// stored there is made once. Without `.first()`, each notification adds one, which nested_sink
    /// reports (repeated_subscription leaves a store inside another subscription's sink to it).
    func testANotificationSinkAfterFirstRunsOnce() {
        let text = """
        final class AppCoordinator {
            let connectivity = PassthroughSubject<Bool, Never>()
            private var bag = Set<AnyCancellable>()
            func start() {
                NotificationCenter.default.publisher(for: UIApplication.didFinishLaunchingNotification)
                    .first()
                    .sink { [weak self] _ in
                        guard let self else { return }
                        self.connectivity.sink { print($0) }.store(in: &self.bag)
                    }
                    .store(in: &bag)
                NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
                    .sink { [weak self] _ in
                        guard let self else { return }
                        self.connectivity.sink { print($0) }.store(in: &self.bag)
                    }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), [])
        XCTAssertEqual(positions(NestedSinkRule.self, text), ["15:35"])
    }
}

extension CoreRulesRound66Tests {
    /// `guard observedOrder != order.id else { return }` then `observedOrder = order.id`: the
    /// subscription after it is made once per order, however often `.task` runs the method.
    /// Without the guard, each run adds one.
    func testALastValueGuardRunsTheCodeAfterItOncePerValue() {
        let text = """
        struct Order { let id: UUID }
        final class VerificationModel: ObservableObject {
            let queue = PassthroughSubject<[UUID], Never>()
            let order: Order
            @Published var upcoming: UUID?
            private var observedOrder: UUID?
            private var cancellables = Set<AnyCancellable>()
            init(order: Order) { self.order = order }
            func loadInitialData() async {
                guard observedOrder != order.id else { return }
                observedOrder = order.id
                queue.map { $0.first }.sink { [weak self] in self?.upcoming = $0 }.store(in: &cancellables)
            }
            func loadAgain() async {
                queue.map { $0.first }.sink { [weak self] in self?.upcoming = $0 }.store(in: &cancellables)
            }
        }
        struct VerificationForm: View {
            @StateObject var model: VerificationModel
            var body: some View {
                Text("Verify")
                    .task { await model.loadInitialData() }
                    .task { await model.loadAgain() }
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["15:76"])
    }
}
