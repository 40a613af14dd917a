import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 66 and after (see the rule documents).
final class DefaultRulesRound66Tests: XCTestCase {
    /// `assign(to: &$lastRadio)` in a view model's `bindRadio()`, which a screen's `viewWillAppear`
    /// calls on it, and in `bindLeaderGap(from:)`, which another type's notification sink calls:
    /// each run adds one more subscription that the storage keeps. Called once, from `viewDidLoad`,
    /// it is not reported.
    func testAnAssignIntoPublishedRunFromAnotherTypesRepeatedCodeIsReported() {
        let text = """
        final class RadioFeed {
            private let subject = PassthroughSubject<String, Never>()
            var messages: AnyPublisher<String, Never> { subject.eraseToAnyPublisher() }
        }
        final class BoardModel: ObservableObject {
            @Published var lastRadio = ""
            @Published var leaderGap = ""
            @Published var title = ""
            private let radio = RadioFeed()
            func bindRadio() {
                radio.messages.receive(on: DispatchQueue.main).assign(to: &$lastRadio)
            }
            func bindLeaderGap() {
                radio.messages.map { "gap " + $0 }.assign(to: &$leaderGap)
            }
            func bindTitle() {
                radio.messages.map { "title " + $0 }.assign(to: &$title)
            }
        }
        final class BoardViewController: UIViewController {
            private let model = BoardModel()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.bindTitle()
                NotificationCenter.default.publisher(for: .stageChanged)
                    .sink { [weak self] _ in self?.model.bindLeaderGap() }
                    .store(in: &bag)
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                model.bindRadio()
            }
        }
        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["11:56", "14:44"])
        XCTAssertEqual(found.map(\.message), [
            "Each run of `BoardViewController.viewWillAppear(_:) → BoardModel.bindRadio()` adds one more `assign(to: &$lastRadio)` subscription, which the `@Published` storage keeps alive.",
            "Each run of `notification sink → bindLeaderGap()` adds one more `assign(to: &$leaderGap)` subscription, which the `@Published` storage keeps alive.",
        ])
    }
}

extension DefaultRulesRound66Tests {
    /// A menu bar controller (an `NSObject`, no main-actor type) setting its status item's button
    /// title from values delivered on the feed's queue: the `NSStatusItem` it holds is main-actor
    /// state, made by `statusItem(withLength:)`, and so is a held `NSMenuItem`. Reading a constant
    /// of the controller, or a hop to the main queue first, is not reported.
    func testAHeldStatusItemTouchedOffTheMainQueueIsMainActorState() {
        let text = """
        import AppKit
        final class MenuBarController: NSObject {
            private let statusItem = NSStatusBar.system.statusItem(withLength: NSStatusItem.variableLength)
            private let clockItem: NSMenuItem = NSMenuItem(title: "--", action: nil, keyEquivalent: "")
            private let feedQueue = DispatchQueue(label: "feed")
            private let prefix = "Leader"
            private let reads = PassthroughSubject<String, Never>()
            private var cancellables = Set<AnyCancellable>()
            func bind() {
                reads.receive(on: feedQueue)
                    .sink { [weak self] read in self?.statusItem.button?.title = read }
                    .store(in: &cancellables)
                reads.receive(on: feedQueue)
                    .sink { [weak self] read in self?.clockItem.title = read }
                    .store(in: &cancellables)
                reads.receive(on: feedQueue)
                    .sink { [weak self] read in print(self?.prefix ?? "", read) }
                    .store(in: &cancellables)
                reads.receive(on: feedQueue).receive(on: DispatchQueue.main)
                    .sink { [weak self] read in self?.statusItem.button?.title = read }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text), ["11:14", "14:14"])
    }
}

extension DefaultRulesRound66Tests {
    /// `$items.subscribe(on: queue)` (or `model.$items`): a `@Published` projection sends its current
    /// value as it is subscribed, so that first value reaches the `sink` on the queue, where it sets a
    /// label. A hop to the main queue after it, or a plain subject (which sends nothing when
    /// subscribed), is not reported.
    func testSubscribeOnMovesAPublishedPropertysCurrentValueToTheQueue() {
        let text = """
        final class Model {
            @Published var items: [String] = []
            let events = PassthroughSubject<String, Never>()
        }
        final class ItemsViewController: UIViewController {
            let model = Model()
            let label = UILabel()
            @Published var count = 0
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.$items.subscribe(on: DispatchQueue.global())
                    .sink { [weak self] in self?.label.text = $0.joined() }
                    .store(in: &cancellables)
                $count.subscribe(on: DispatchQueue.global())
                    .sink { [weak self] in self?.label.text = "\\($0)" }
                    .store(in: &cancellables)
                model.$items.subscribe(on: DispatchQueue.global()).receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.label.text = $0.joined() }
                    .store(in: &cancellables)
                model.events.subscribe(on: DispatchQueue.global())
                    .sink { [weak self] in self?.label.text = $0 }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text), ["13:14", "16:14"])
    }
}

extension DefaultRulesRound66Tests {
    /// A computed property whose getter hands out `windSubject.receive(on: queue)` delivers on that
    /// queue, also with a test double declaring a subject of the same name (in `Tests/Mocks`);
    /// a getter returning the subject alone does not show where values arrive.
    func testAComputedPublisherPropertyReceivingOnABackgroundQueueDeliversThere() {
        let feed = """
        final class CommitteeFeed {
            let queue = DispatchQueue(label: "feed")
            private let windSubject = PassthroughSubject<Int, Never>()
            private let markSubject = PassthroughSubject<Int, Never>()
            var wind: AnyPublisher<Int, Never> { windSubject.receive(on: queue).eraseToAnyPublisher() }
            var marks: AnyPublisher<Int, Never> { markSubject.eraseToAnyPublisher() }
        }
        """
        let screen = """
        final class WindViewController: UIViewController {
            let feed = CommitteeFeed()
            let label = UILabel()
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                feed.wind.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                feed.marks.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        let mock = """
        final class FakeCommitteeFeed {
            let wind = PassthroughSubject<Int, Never>()
            func emit(_ value: Int) { wind.send(value) }
        }
        """
        XCTAssertEqual(places(MainActorBackgroundDeliveryRule.self, [(path: "App/CommitteeFeed.swift", text: feed),
                                                                       (path: "App/WindViewController.swift", text: screen),
                                                                       (path: "Tests/Mocks/Fakes.swift", text: mock)]),
                       ["App/WindViewController.swift:7:19"])
    }
}

extension DefaultRulesRound66Tests {
    /// `tracker.positions` read through a protocol: the protocol's requirement and a mock's
    /// property of the name decide nothing, the app's tracker hands out
    /// `pointSubject.receive(on: Queues.tracker)`; `Queues.tracker` is that enum's queue, not the
    /// view model's `tracker` property of another type.
    func testAProtocolPropertyDeliversWhereItsOnlyAppConformerHandsItOut() {
        let tracker = """
        enum Queues { static let tracker = DispatchQueue(label: "tracker") }
        protocol SatelliteTracking: AnyObject { var positions: AnyPublisher<Int, Never> { get } }
        final class SatelliteTracker: SatelliteTracking {
            private let pointSubject = PassthroughSubject<Int, Never>()
            var positions: AnyPublisher<Int, Never> { pointSubject.receive(on: Queues.tracker).eraseToAnyPublisher() }
        }
        """
        let model = """
        @MainActor
        final class TrackingViewModel: ObservableObject {
            @Published private(set) var last = 0
            private let tracker: SatelliteTracking
            private var bag = Set<AnyCancellable>()
            init(tracker: SatelliteTracking) { self.tracker = tracker }
            func bind() {
                tracker.positions.sink { [weak self] in self?.last = $0 }.store(in: &bag)
                tracker.positions.receive(on: DispatchQueue.main).sink { [weak self] in self?.last = $0 }.store(in: &bag)
            }
        }
        """
        let mock = """
        final class MockSatelliteTracker: SatelliteTracking {
            let pointSubject = PassthroughSubject<Int, Never>()
            var positions: AnyPublisher<Int, Never> { pointSubject.eraseToAnyPublisher() }
        }
        """
        XCTAssertEqual(places(MainActorBackgroundDeliveryRule.self, [(path: "App/Tracker.swift", text: tracker),
                                                                       (path: "App/TrackingViewModel.swift", text: model),
                                                                       (path: "Tests/Mocks.swift", text: mock)]),
                       ["App/TrackingViewModel.swift:8:27"])
    }
}

extension DefaultRulesRound66Tests {
    /// CombineExt's `assign(to:on:ownership:)` with `.weak` or `.unowned` holds `self` weakly: no
    /// cycle; `.strong`, or Combine's own `assign(to:on:)`, keeps it.
    func testAnAssignWithWeakOwnershipHoldsSelfWeakly() {
        let text = """
        final class DetailViewModel {
            let readings = PassthroughSubject<Int, Never>()
            var value = 0
            private var bag = Set<AnyCancellable>()
            func bind() {
                readings.assign(to: \\.value, on: self, ownership: .weak).store(in: &bag)
                readings.assign(to: \\.value, on: self, ownership: .unowned).store(in: &bag)
                readings.assign(to: \\.value, on: self, ownership: .strong).store(in: &bag)
                readings.assign(to: \\.value, on: self).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(AssignToSelfRule.self, text), ["8:18", "9:18"])
    }
}

extension DefaultRulesRound66Tests {
    /// `var climbRate { samples.map(\.climbRate).eraseToAnyPublisher() }` with `samples` delivering on
    /// the sensor queue: a property made from a background publisher with no scheduler step of its
    /// own delivers there too; one that hops to the main queue does not.
    func testAPublisherPropertyMadeFromABackgroundOneDeliversThere() {
        let text = """
        struct Sample { let climb: Double }
        final class Variometer {
            private let sensorQueue = DispatchQueue(label: "sensor")
            private let subject = PassthroughSubject<Sample, Never>()
            var samples: AnyPublisher<Sample, Never> { subject.receive(on: sensorQueue).eraseToAnyPublisher() }
            var climbRate: AnyPublisher<Double, Never> { samples.map(\\.climb).eraseToAnyPublisher() }
            var climbOnMain: AnyPublisher<Double, Never> { samples.map(\\.climb).receive(on: DispatchQueue.main).eraseToAnyPublisher() }
        }
        final class VarioViewController: UIViewController {
            let vario = Variometer()
            let label = UILabel()
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                vario.climbRate.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                vario.climbOnMain.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text), ["15:25"])
    }
}
