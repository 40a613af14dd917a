import XCTest
@testable import CombineLintKit

final class MainActorBackgroundDeliveryRuleTests: XCTestCase {
    func testMessageNamesTheBackgroundStepAndTheMainActorMember() throws {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: """
        final class A: UIViewController {
            func bind() {
                values.receive(on: DispatchQueue.global()).sink { [weak self] in self?.label.text = $0 }.store(in: &bag)
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }, ["3:52-3:56"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "`sink` gets its values on `receive` on `DispatchQueue.global()` but uses main-actor `label`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
        XCTAssertEqual(finding.help, "Add `.receive(on: DispatchQueue.main)` right before `sink` (the last scheduler step must be the main queue), or do the main-actor work inside `DispatchQueue.main.async { … }`.")
        XCTAssertNil(finding.fix)
    }

    /// A queue property declared in another file (an extension) is known by its initial value.
    func testQueuePropertyFromAnotherFile() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: "@MainActor final class M {\n var n = 0\n func bind() { ticks.receive(on: Self.workQueue).sink { _ in n += 1 }.store(in: &bag) }\n}\n"),
            (path: "B.swift", text: "extension M { static let workQueue = DispatchQueue(label: \"work\", qos: .utility) }\n"),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["A.swift:3:50"])
        XCTAssertEqual(found.first?.message, "`sink` gets its values on `receive` on `Self.workQueue` but uses main-actor `n`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// The subclass of a view controller of the project is a main-actor type too.
    func testSubclassOfAProjectViewController() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: "final class Detail: BaseController {\n func bind() { URLSession.shared.dataTaskPublisher(for: u).sink(receiveCompletion: { _ in }, receiveValue: { [weak self] _ in self?.reload() }).store(in: &bag) }\n}\n"),
            (path: "B.swift", text: "class BaseController: UIViewController { func reload() {} }\n"),
        ])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:60"])
        XCTAssertEqual(found.first?.message, "`sink` gets its values on URLSession's queue (`dataTaskPublisher`) but uses main-actor `reload`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// A bare name is main-actor state only when the type declares it (it could be a global function).
    func testBareNameMustBeAMemberOfTheType() {
        let text = "final class A: UIViewController {\n func bind() { v.receive(on: DispatchQueue.global()).sink { log($0) }.store(in: &bag) }\n}\n"
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: text)]).count, 0)
        let member = text.replacingOccurrences(of: "func bind()", with: "func log(_ x: Int) {}\n func bind()")
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: member)]).map { "\($0.line):\($0.column)" }, ["3:54"])
    }

    /// Both rules see a `@Published` write after `subscribe(on:)` in a class that is not
    /// `@MainActor`: in a type views observe, with a source `subscribe(on:)` moves, only this rule
    /// (on by default) reports it; in one no view observes, only `published_background_mutation`.
    func testSubscribeOnPublishedWriteOfAnObservedTypeIsThisRules() {
        let files = [
            (path: "A.swift", text: "final class M: ObservableObject {\n @Published var x = 0\n func load() { Just(1).subscribe(on: DispatchQueue.global()).sink { [weak self] in self?.x = $0 }.store(in: &bag) }\n}\n"),
            (path: "V.swift", text: "struct V: View { @ObservedObject var m: M\n var body: some View { Text(\"\\(m.x)\") } }\n"),
        ]
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: files).map { "\($0.line):\($0.column)" }, ["3:62"])
        XCTAssertEqual(findings(of: PublishedBackgroundMutationRule.self, in: files).count, 0)
        let unobserved = [files[0]]
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: unobserved).count, 0)
        XCTAssertEqual(findings(of: PublishedBackgroundMutationRule.self, in: unobserved).map { "\($0.line):\($0.column)" }, ["3:90"])
        // Delivered by `receive(on:)` instead, the site belongs to this rule alone.
        let received = files.map { (path: $0.path, text: $0.text.replacingOccurrences(of: "subscribe(on:", with: "receive(on:")) }
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: received).map { "\($0.line):\($0.column)" }, ["3:60"])
        XCTAssertEqual(findings(of: PublishedBackgroundMutationRule.self, in: received).count, 0)
    }

    /// In a type that is not main-actor, only its `@MainActor` properties are main-actor state.
    func testMainActorPropertyOfAPlainType() {
        let text = """
        final class Model {
            @MainActor var title = ""
            var count = 0
            func bind() {
                names.receive(on: DispatchQueue.global()).sink { [weak self] in self?.count = $0.count }.store(in: &bag)
                names.receive(on: DispatchQueue.global()).sink { [weak self] in self?.title = $0 }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["6:51"])
    }

    /// `subscribe(on:)` moves a `Future` only when the promise is called in the `Future`'s own body.
    func testSubscribeOnMovesAFutureThatAnswersInItsBody() {
        let direct = """
        final class A: UIViewController {
            func load() {
                Future<Int, Never> { promise in promise(.success(read())) }
                    .subscribe(on: DispatchQueue.global())
                    .sink { [weak self] in self?.show($0) }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: direct)]).map { "\($0.line):\($0.column)" }, ["5:14"])
        let callback = direct.replacingOccurrences(of: "promise(.success(read()))", with: "read { promise(.success($0)) }")
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: callback)]).count, 0)
    }

    /// `assign(to:on:)` onto a view property writes UIKit on the delivery queue; onto a model it does not.
    func testAssignOntoAViewPropertyNamesTheProperty() {
        let text = """
        final class A: UIViewController {
            private let titleLabel = UILabel()
            private let model = TitleModel()
            func bind() {
                names.receive(on: DispatchQueue.global()).map(Optional.some).assign(to: \\.text, on: titleLabel).store(in: &bag)
                names.receive(on: DispatchQueue.global()).assign(to: \\.title, on: model).store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["5:70"])
        XCTAssertEqual(found.first?.message, "`assign` gets its values on `receive` on `DispatchQueue.global()` but uses main-actor `titleLabel.text`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// A notification posted only in `Task.detached` or a background-delivering sink arrives off main;
    /// one post on main somewhere (MainActor.run) is enough for the rule to stay quiet.
    func testNotificationPostedOnlyOffMain() {
        let view = (path: "V.swift", text: "final class V: UIView {\n func bind() { NotificationCenter.default.publisher(for: Notification.Name.didImport).sink { [weak self] _ in self?.refresh() }.store(in: &bag) }\n}\n")
        let offMain = (path: "I.swift", text: """
        final class Importer {
            func start() {
                Task.detached { NotificationCenter.default.post(name: .didImport, object: nil) }
                files.receive(on: DispatchQueue.global()).sink { _ in NotificationCenter.default.post(name: .didImport, object: nil) }.store(in: &bag)
            }
        }
        """)
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [view, offMain])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["V.swift:2:87"])
        XCTAssertEqual(found.first?.message, "`sink` gets its values on the thread that posts `didImport` (never the main one) but uses main-actor `refresh`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
        let alsoOnMain = (path: "M.swift", text: "func done() async { await MainActor.run { NotificationCenter.default.post(name: .didImport, object: nil) } }\n")
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [view, offMain, alsoOnMain]).count, 0)
    }

    /// Code in an extension of a UIKit type runs on the main actor like code in a subclass.
    func testExtensionOfAUIKitType() {
        let text = "extension UIViewController {\n func watch(_ v: AnyPublisher<String, Never>) { v.receive(on: DispatchQueue.global()).sink { [weak self] in self?.title = $0 }.store(in: &bag) }\n}\n"
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["2:87"])
    }

    /// A `nonisolated` method or property of a main-actor type runs on the caller's thread.
    func testNonisolatedMembersAreNotMainActorState() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: """
        final class A: UIViewController {
            nonisolated let log = Log()
            func bind() {
                values.receive(on: DispatchQueue.global()).sink { [weak self] in self?.record($0) }.store(in: &bag)
                values.receive(on: DispatchQueue.global()).sink { [weak self] in self?.log.write($0) }.store(in: &bag)
                values.receive(on: DispatchQueue.global()).sink { [weak self] in self?.show($0) }.store(in: &bag)
            }
            nonisolated func record(_ v: Int) {}
            func show(_ v: Int) {}
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:52"])
    }

    /// A `PassthroughSubject` that the project sends into only off the main thread delivers there;
    /// one also sent from a plain method, or a `CurrentValueSubject` (its current value arrives on
    /// the subscribing thread, each later value on the sender's), delivers there for some values.
    func testASubjectSentIntoOnlyOffTheMainThread() throws {
        let model = """
        final class Loader {
            let loaded = PassthroughSubject<String, Never>()
            let progress = PassthroughSubject<Double, Never>()
            let state = CurrentValueSubject<Int, Never>(0)
            private let queue = DispatchQueue(label: "loader")
            func load() {
                queue.async { [weak self] in
                    self?.loaded.send("x")
                    self?.progress.send(1)
                    self?.state.send(1)
                }
            }
            func reset() { progress.send(0) }
        }
        """
        let screen = """
        final class LoaderViewController: UIViewController {
            let label = UILabel()
            let loader = Loader()
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                loader.loaded.sink { [weak self] in self?.label.text = $0 }.store(in: &bag)
                loader.loaded.receive(on: DispatchQueue.main).sink { [weak self] in self?.label.text = $0 }.store(in: &bag)
                loader.progress.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                loader.state.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: model), (path: "B.swift", text: screen)])
        // `progress` is also sent into on the main thread (`reset()`): the values sent from the
        // queue still reach the label off main.
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:7:23", "B.swift:9:25", "B.swift:10:22"])
        XCTAssertEqual(found.map(\.message), [
            "`sink` gets its values on the thread that sends into `loaded` (never the main one) but uses main-actor `label`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
            "`sink` gets its values on the thread that sends into `progress` (a background one for some values) but uses main-actor `label`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
            "`sink` gets its values on the thread that sends into `state` (a background one for some values) but uses main-actor `label`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// `queue.sync { }` runs its block on the calling thread: a subject sent into there is not known
    /// to deliver off the main thread.
    func testASendInsideQueueSyncRunsOnTheCallersThread() {
        let model = """
        final class Counter {
            let changed = PassthroughSubject<Int, Never>()
            private let lock = DispatchQueue(label: "counter.lock")
            private var count = 0
            func increment() {
                lock.sync {
                    count += 1
                    changed.send(count)
                }
            }
        }
        """
        let screen = """
        final class CounterViewController: UIViewController {
            let label = UILabel()
            let counter = Counter()
            var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                counter.changed.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(MainActorBackgroundDeliveryRule.self, [(path: "A.swift", text: model), (path: "B.swift", text: screen)]), [])
    }

    /// A stored `multicast`/`share()` delivers on the queue of its upstream: a subscriber of the
    /// property in another type gets its values there, though its own chain shows no scheduler.
    func testStoredSharedPublisherMadeOnABackgroundQueue() throws {
        let meter = """
        final class Meter {
            private let queue = DispatchQueue(label: "meter")
            private let levels = PassthroughSubject<Float, Never>()
            let shared: Publishers.Multicast<AnyPublisher<Float, Never>, PassthroughSubject<Float, Never>>
            let beats: Publishers.Share<AnyPublisher<Int, Never>>
            let smoothed: AnyPublisher<Float, Never>
            init() {
                shared = levels.receive(on: queue).eraseToAnyPublisher().multicast(subject: PassthroughSubject())
                beats = ticks.receive(on: DispatchQueue.global()).eraseToAnyPublisher().share()
                smoothed = levels.receive(on: queue).scan(0) { $0 + $1 }.receive(on: DispatchQueue.main).share().eraseToAnyPublisher()
            }
        }
        """
        let screen = """
        final class HUD: UIViewController {
            private let meter: Meter
            private let beats: BeatCounter
            init(meter: Meter, beats: BeatCounter) { self.meter = meter; self.beats = beats }
            func bind() {
                meter.shared.map { $0 * 2 }.sink { [weak self] in self?.bar.progress = $0 }.store(in: &bag)
                meter.beats.sink { [weak self] _ in self?.pulse() }.store(in: &bag)
                meter.smoothed.sink { [weak self] in self?.bar.alpha = $0 }.store(in: &bag)
                meter.shared.receive(on: DispatchQueue.main).sink { [weak self] in self?.bar.progress = $0 }.store(in: &bag)
            }
            func pulse() {}
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Meter.swift", text: meter), (path: "HUD.swift", text: screen)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["HUD.swift:6:37", "HUD.swift:7:21"])
        XCTAssertEqual(try XCTUnwrap(found.first).message, "`sink` gets its values on the queue of `shared` (`receive` on `queue`, where it is made) but uses main-actor `bar`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// A stored publisher the project also gives another value, or that it makes on an unknown
    /// or the main queue, says nothing about where its subscribers run.
    func testStoredPublisherGivenAnotherValueIsNotKnown() {
        let meter = """
        final class Meter {
            let shared: AnyPublisher<Float, Never>
            init(live: Bool) {
                if live { shared = levels.receive(on: DispatchQueue.global()).share().eraseToAnyPublisher() }
                else { shared = Just(0).eraseToAnyPublisher() }
            }
        }
        final class Mock { let shared: AnyPublisher<Float, Never>
            init(p: AnyPublisher<Float, Never>) { self.shared = p } }
        final class HUD: UIViewController {
            func bind() { meter.shared.sink { [weak self] in self?.bar.progress = $0 }.store(in: &bag) }
        }
        """
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: meter)]).count, 0)
        // A subject of the name delivers on its senders' thread, whatever queue a pipeline into it used.
        let subject = "final class S { let shared = PassthroughSubject<Float, Never>()\n init() { shared = x.receive(on: DispatchQueue.global()).subject() } }\nfinal class HUD: UIViewController {\n func bind() { s.shared.sink { [weak self] in self?.bar.progress = $0 }.store(in: &bag) }\n}\n"
        XCTAssertEqual(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: subject)]).count, 0)
    }

    /// A computed property that only erases a subject sent into only off the main thread delivers
    /// where the subject's senders run; one erasing a subject also sent on the main thread delivers
    /// the queue's values off main all the same.
    func testErasedSubjectSentOnlyOffMain() {
        let monitor = """
        final class HeartRateMonitor {
            private let queue = DispatchQueue(label: "heart")
            private let subject = PassthroughSubject<Int, Never>()
            private let taps = PassthroughSubject<Int, Never>()
            var beatsPerMinute: AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }
            var tapCount: AnyPublisher<Int, Never> { taps.eraseToAnyPublisher() }
            func simulate() { queue.async { [subject] in subject.send(120) } }
            func tap() { taps.send(1) }
            func tapLater() { queue.async { self.taps.send(2) } }
        }
        """
        let session = """
        @MainActor
        final class WorkoutSession: ObservableObject {
            @Published var heartRate = 0
            init(heart: HeartRateMonitor) {
                heart.beatsPerMinute.sink { [weak self] in self?.heartRate = $0 }.store(in: &bag)
                heart.beatsPerMinute.receive(on: DispatchQueue.main).sink { [weak self] in self?.heartRate = $0 }.store(in: &bag)
                heart.tapCount.sink { [weak self] in self?.heartRate = $0 }.store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "H.swift", text: monitor), (path: "W.swift", text: session)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["W.swift:5:30", "W.swift:7:24"])
        XCTAssertEqual(found.map(\.message), [
            "`sink` gets its values on the thread that sends into `subject` (never the main one) but uses main-actor `heartRate`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
            "`sink` gets its values on the thread that sends into `taps` (a background one for some values) but uses main-actor `heartRate`: a data race in Swift 5 mode, a trap in Swift 6 mode.",
        ])
    }

    /// Another getter of the same name (`KeyboardObserver.frames`, made of notifications) is not the
    /// one that erases the subject sent into off the main thread: a pipeline from it is not judged
    /// by that subject. Nor is `NotificationCenter.default.publisher(for:)` the project's
    /// `EventBus.publisher(for:)`, whose pipelines deliver on a background queue.
    func testSameNamedGetterAndFrameworkCallAreNotTheProjectsOffMainSources() {
        let transport = """
        final class SocketTransport {
            private let queue = DispatchQueue(label: "socket")
            private let subject = PassthroughSubject<Data, Never>()
            var frames: AnyPublisher<Data, Never> { subject.eraseToAnyPublisher() }
            func receive(_ data: Data) { queue.async { [subject] in subject.send(data) } }
        }
        final class EventBus {
            private let queue = DispatchQueue(label: "bus")
            private let events = PassthroughSubject<Int, Never>()
            func publisher(for name: String) -> AnyPublisher<Int, Never> {
                events.receive(on: queue).eraseToAnyPublisher()
            }
        }
        """
        let keyboard = """
        enum KeyboardObserver {
            static var frames: AnyPublisher<CGFloat, Never> {
                NotificationCenter.default.publisher(for: UIResponder.keyboardWillShowNotification).map { _ in 0 }.eraseToAnyPublisher()
            }
        }
        """
        let screen = """
        final class ChatViewController: UIViewController {
            private var bag = Set<AnyCancellable>()
            private let bus = EventBus()
            override func viewDidLoad() {
                super.viewDidLoad()
                KeyboardObserver.frames.sink { [weak self] in self?.view.frame.origin.y = $0 }.store(in: &bag)
                NotificationCenter.default.publisher(for: UIResponder.keyboardWillHideNotification)
                    .sink { [weak self] _ in self?.view.frame.origin.y = 0 }.store(in: &bag)
                bus.publisher(for: "x").sink { [weak self] _ in self?.view.setNeedsLayout() }.store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "T.swift", text: transport), (path: "K.swift", text: keyboard),
                                                                        (path: "C.swift", text: screen)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["C.swift:9:33"])
    }

    /// `collect(.byTime(queue, stride))` delivers each batch on `queue`; a later hop to main, a main
    /// scheduler in the strategy, or a count-only `collect` is not reported.
    func testTimedCollectDeliversOnItsScheduler() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: """
        @MainActor final class Dashboard: ObservableObject {
            @Published var samples: [Int] = []
            func bind() {
                beats.collect(.byTime(DispatchQueue.global(), .seconds(5))).sink { [weak self] in self?.samples += $0 }.store(in: &bag)
                beats.collect(.byTimeOrCount(DispatchQueue.global(qos: .utility), .seconds(5), 10)).sink { [weak self] in self?.samples += $0 }.store(in: &bag)
                beats.collect(.byTime(DispatchQueue.global(), .seconds(5))).receive(on: DispatchQueue.main).sink { [weak self] in self?.samples += $0 }.store(in: &bag)
                beats.collect(.byTime(DispatchQueue.main, .seconds(5))).sink { [weak self] in self?.samples += $0 }.store(in: &bag)
                beats.collect(10).sink { [weak self] in self?.samples += $0 }.store(in: &bag)
                let text = "beats.collect(.byTime(DispatchQueue.global(), 5)).sink { self.samples = $0 }"
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["4:69", "5:93"])
        XCTAssertEqual(found.first?.message, "`sink` gets its values on `collect` on `DispatchQueue.global()` but uses main-actor `samples`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// An isolated method of an `actor` (also in an extension, also in a `Task` it starts) runs on
    /// the actor's executor: a subject it alone sends into delivers off the main thread.
    func testSubjectSentOnlyByAnActorDeliversOffMain() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            actor Downloads {
                nonisolated let progress = PassthroughSubject<Double, Never>()
                nonisolated let done = PassthroughSubject<Int, Never>()
                func start() { Task { progress.send(0.5) } }
            }
            extension Downloads { func finish(_ id: Int) { done.send(id) } }
            """),
            (path: "B.swift", text: """
            @MainActor final class Feed: ObservableObject {
                @Published var fraction = 0.0
                @Published var finished: [Int] = []
                func bind(_ downloads: Downloads) {
                    downloads.progress.sink { [weak self] in self?.fraction = $0 }.store(in: &bag)
                    downloads.done.sink { [weak self] in self?.finished.append($0) }.store(in: &bag)
                    downloads.progress.receive(on: DispatchQueue.main).sink { [weak self] in self?.fraction = $0 }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:5:28", "B.swift:6:24"])
        XCTAssertEqual(found.first?.message, "`sink` gets its values on the thread that sends into `progress` (never the main one) but uses main-actor `fraction`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// Not off the main thread: a `nonisolated` or `static` method of an actor, a callback closure
    /// in an actor method (its caller decides), a sync `init`, a `Task` a main-actor class starts.
    /// A `Task` that a plain class's method starts runs on the global executor (round 152), off main.
    func testActorSendsThatMayRunOnMainAreNotKnown() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            actor Link {
                nonisolated let a = PassthroughSubject<Int, Never>()
                nonisolated let b = PassthroughSubject<Int, Never>()
                nonisolated let c = PassthroughSubject<Int, Never>()
                nonisolated let e = PassthroughSubject<Int, Never>()
                nonisolated func relay(_ v: Int) { a.send(v) }
                static func ping(_ link: Link) { link.b.send(1) }
                func observe(_ store: Store) { store.onChange { v in self.c.send(v) } }
                init() { e.send(0) }
            }
            final class Plain {
                let d = PassthroughSubject<Int, Never>()
                func go() { Task { d.send(1) } }
            }
            @MainActor final class Isolated {
                let f = PassthroughSubject<Int, Never>()
                func go() { Task { f.send(1) } }
            }
            """),
            (path: "B.swift", text: """
            @MainActor final class Feed: ObservableObject {
                @Published var n = 0
                func bind(_ link: Link, _ plain: Plain) {
                    link.a.sink { [weak self] in self?.n = $0 }.store(in: &bag)
                    link.b.sink { [weak self] in self?.n = $0 }.store(in: &bag)
                    link.c.sink { [weak self] in self?.n = $0 }.store(in: &bag)
                    link.e.sink { [weak self] in self?.n = $0 }.store(in: &bag)
                    plain.d.sink { [weak self] in self?.n = $0 }.store(in: &bag)
                }
                func bind(_ isolated: Isolated) {
                    isolated.f.sink { [weak self] in self?.n = $0 }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:8:17"])
    }

    /// URLSession calls the completion handler of `URLSession.shared.dataTask` on its own queue: a
    /// subject sent only there delivers off the main thread. A send the handler moves to the main
    /// queue, or one on a session made with a `delegateQueue:`, is not off it.
    func testSubjectSentFromAURLSessionCompletionHandlerDeliversOffMain() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            final class Client {
                let incoming = PassthroughSubject<String, Never>()
                let replies = PassthroughSubject<String, Never>()
                let pushes = PassthroughSubject<String, Never>()
                private let mainSession = URLSession(configuration: .default, delegate: nil, delegateQueue: .main)
                func poll(_ url: URL) {
                    URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
                        self?.incoming.send(String(decoding: data ?? Data(), as: UTF8.self))
                        DispatchQueue.main.async { self?.replies.send("ok") }
                    }.resume()
                    mainSession.dataTask(with: url) { [weak self] _, _, _ in self?.pushes.send("p") }.resume()
                }
            }
            """),
            (path: "B.swift", text: """
            @MainActor final class Status: ObservableObject {
                @Published var text = ""
                func bind(_ client: Client) {
                    client.incoming.sink { [weak self] in self?.text = $0 }.store(in: &bag)
                    client.replies.sink { [weak self] in self?.text = $0 }.store(in: &bag)
                    client.pushes.sink { [weak self] in self?.text = $0 }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:4:25"])
    }

    /// A notification center injected with `.default` as its default value (`init(center:)`, for
    /// tests) delivers on the posting thread like `NotificationCenter.default`; a center that is not
    /// declared as one (`feed.publisher(for:)`) is not known.
    func testInjectedNotificationCenterDeliversOnThePostingThread() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            extension Notification.Name { static let reassigned = Notification.Name("reassigned") }
            final class Refresher {
                private let workQueue = DispatchQueue(label: "work")
                func received() { workQueue.async { NotificationCenter.default.post(name: .reassigned, object: nil) } }
            }
            """),
            (path: "B.swift", text: """
            @MainActor final class Banner: ObservableObject {
                @Published var text = ""
                private let center: NotificationCenter
                init(center: NotificationCenter = .default, feed: Feed) {
                    self.center = center
                    center.publisher(for: .reassigned).sink { [weak self] _ in self?.text = "a" }.store(in: &bag)
                    self.center.publisher(for: .reassigned).sink { [weak self] _ in self?.text = "b" }.store(in: &bag)
                    center.publisher(for: .reassigned).receive(on: DispatchQueue.main).sink { [weak self] _ in self?.text = "c" }.store(in: &bag)
                    feed.publisher(for: .reassigned).sink { [weak self] _ in self?.text = "d" }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:6:44", "B.swift:7:49"])
    }

    /// A `private` helper that a background `sink` calls runs on that queue, so what it posts
    /// arrives there; one that is also called from code that may run on main, or handed on as a
    /// value, is not known.
    func testPostInAPrivateMethodCalledOnlyFromABackgroundSink() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            extension Notification.Name {
                static let statusChanged = Notification.Name("statusChanged")
                static let refreshed = Notification.Name("refreshed")
            }
            final class Refresher {
                private let workQueue = DispatchQueue(label: "work")
                func start(_ orders: AnyPublisher<[Int], Never>) {
                    orders.receive(on: workQueue).sink { [weak self] in self?.diff($0) }.store(in: &bag)
                    orders.receive(on: workQueue).sink { [weak self] in self?.announce($0) }.store(in: &bag)
                }
                func refreshNow() { announce([]) }
                private func diff(_ orders: [Int]) {
                    NotificationCenter.default.post(name: .statusChanged, object: nil)
                }
                private func announce(_ orders: [Int]) {
                    NotificationCenter.default.post(name: .refreshed, object: nil)
                }
            }
            """),
            (path: "B.swift", text: """
            final class ListViewController: UITableViewController {
                func bind() {
                    NotificationCenter.default.publisher(for: .statusChanged).sink { [weak self] _ in self?.tableView.reloadData() }.store(in: &bag)
                    NotificationCenter.default.publisher(for: .refreshed).sink { [weak self] _ in self?.tableView.reloadData() }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:3:67"])
    }

    /// URLSession calls the delegate of a session made with `delegateQueue: nil` on a serial
    /// background queue of its own: a subject sent only in those callbacks delivers there. A
    /// session made with `delegateQueue: .main` calls them on main.
    func testSubjectSentFromURLSessionDelegateCallbacksDeliversOffMain() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            final class Downloads: NSObject {
                let events = PassthroughSubject<Int, Never>()
                private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
            }
            extension Downloads: URLSessionDownloadDelegate {
                func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
                    events.send(1)
                }
            }
            final class Uploads: NSObject, URLSessionTaskDelegate {
                let finished = PassthroughSubject<Int, Never>()
                private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: .main)
                func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
                    finished.send(2)
                }
            }
            """),
            (path: "B.swift", text: """
            final class DownloadsViewController: UITableViewController {
                func bind(_ downloads: Downloads, _ uploads: Uploads) {
                    downloads.events.sink { [weak self] _ in self?.tableView.reloadData() }.store(in: &bag)
                    uploads.finished.sink { [weak self] _ in self?.tableView.reloadData() }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:3:26"])
    }

    /// A web socket task's `receive` handler runs on its session's delegate queue: a background one
    /// for a session made with `delegateQueue: nil` or `OperationQueue()`, the main one for a type
    /// that makes its session with `delegateQueue: .main`.
    func testSubjectSentFromAWebSocketReceiveHandlerDeliversOffMain() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            final class Feed: NSObject {
                let updates = PassthroughSubject<Int, Never>()
                private var task: URLSessionWebSocketTask?
                private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: OperationQueue())
                private func receiveNext() {
                    task?.receive { [weak self] result in
                        if case .success = result { self?.updates.send(1) }
                        self?.receiveNext()
                    }
                }
            }
            final class MainFeed: NSObject {
                let ticks = PassthroughSubject<Int, Never>()
                private var task: URLSessionWebSocketTask?
                private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: .main)
                private func receiveNext() {
                    task?.receive { [weak self] _ in self?.ticks.send(1) }
                }
            }
            """),
            (path: "B.swift", text: """
            final class FeedViewController: UIViewController {
                let label = UILabel()
                func bind(_ feed: Feed, _ main: MainFeed) {
                    feed.updates.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                    main.ticks.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:4:22"])
    }

    /// Core Data runs `perform` blocks on the context's queue: a private one for a context made by
    /// `newBackgroundContext()` (at its declaration or assigned in `init`), the main one for the view
    /// context; `performBackgroundTask` always runs on a private queue. `performAndWait` may run on
    /// the calling thread and is not taken as off main.
    func testSubjectSentFromACoreDataBackgroundContextDeliversOffMain() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            final class Persistence {
                let container: NSPersistentContainer
                let backgroundContext: NSManagedObjectContext
                let saved = PassthroughSubject<Date, Never>()
                let imported = PassthroughSubject<Int, Never>()
                let viewSaved = PassthroughSubject<Date, Never>()
                let waited = PassthroughSubject<Date, Never>()
                init() {
                    container = NSPersistentContainer(name: "Model")
                    backgroundContext = container.newBackgroundContext()
                }
                func add() {
                    backgroundContext.perform { [saved] in saved.send(Date()) }
                    container.performBackgroundTask { [imported] context in imported.send(1) }
                    container.viewContext.perform { [viewSaved] in viewSaved.send(Date()) }
                    backgroundContext.performAndWait { waited.send(Date()) }
                }
            }
            """),
            (path: "B.swift", text: """
            @MainActor final class Store: ObservableObject {
                @Published var lastSaved: Date?
                @Published var count = 0
                func bind(_ p: Persistence) {
                    p.saved.sink { [weak self] in self?.lastSaved = $0 }.store(in: &bag)
                    p.imported.sink { [weak self] in self?.count = $0 }.store(in: &bag)
                    p.viewSaved.sink { [weak self] in self?.lastSaved = $0 }.store(in: &bag)
                    p.waited.sink { [weak self] in self?.lastSaved = $0 }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:5:17", "B.swift:6:20"])
    }

    /// A context posts its save and change notifications on its own queue: a private one for a
    /// background context, the main one for the view context.
    func testCoreDataNotificationsOfABackgroundContextArriveOffMain() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            final class Persistence {
                let container = NSPersistentContainer(name: "Model")
                lazy var backgroundContext = container.newBackgroundContext()
            }
            @MainActor final class Store: ObservableObject {
                @Published var items: [Item] = []
                let persistence: Persistence
                func bind() {
                    NotificationCenter.default.publisher(for: .NSManagedObjectContextDidSave, object: persistence.backgroundContext)
                        .sink { [weak self] _ in self?.items = [] }.store(in: &bag)
                    NotificationCenter.default.publisher(for: .NSManagedObjectContextDidSave, object: persistence.container.viewContext)
                        .sink { [weak self] _ in self?.items = [] }.store(in: &bag)
                    NotificationCenter.default.publisher(for: .NSManagedObjectContextDidSave, object: persistence.backgroundContext)
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] _ in self?.items = [] }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["10:14"])
        XCTAssertEqual(found.first?.message.hasPrefix("`sink` gets its values on the private queue of `backgroundContext`, where it posts `NSManagedObjectContextDidSave`"), true)
    }

    /// Network.framework calls `pathUpdateHandler` on the queue given to `start(queue:)`: a subject
    /// sent there delivers on that queue; a monitor started on `.main` calls it on main.
    func testSubjectSentFromANetworkHandlerStartedOnABackgroundQueue() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: """
            final class Reachability: ObservableObject {
                @Published private(set) var isExpensive = false
                @Published private(set) var isOnline = true
                private let paths = PassthroughSubject<NWPath, Never>()
                private let mainPaths = PassthroughSubject<NWPath, Never>()
                private let monitor = NWPathMonitor()
                private let mainMonitor = NWPathMonitor()
                private let queue = DispatchQueue(label: "reachability")
                init() {
                    monitor.pathUpdateHandler = { [weak self] path in self?.paths.send(path) }
                    monitor.start(queue: queue)
                    self.mainMonitor.pathUpdateHandler = { [weak self] path in self?.mainPaths.send(path) }
                    mainMonitor.start(queue: .main)
                    paths.map(\\.isExpensive).assign(to: &$isExpensive)
                    mainPaths.map { $0.status == .satisfied }.assign(to: &$isOnline)
                }
            }
            struct Banner: View {
                @ObservedObject var reachability: Reachability
                var body: some View { Text(reachability.isExpensive || reachability.isOnline ? "a" : "b") }
            }
            """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["14:34"])
    }

    /// A test that sends into a subject on the main thread to drive the code stands in for the
    /// app's senders: where the app sends decides. A subject the app sends into on the main thread
    /// and on its queue delivers the queue's values off main.
    func testSendsFromTestsDoNotTellWhereTheAppSends() {
        let app = """
        final class Feed {
            let updates = PassthroughSubject<Int, Never>()
            let pings = PassthroughSubject<Int, Never>()
            private let queue = DispatchQueue(label: "feed")
            func start() { queue.async { self.updates.send(1); self.pings.send(1) } }
            func ping() { pings.send(2) }
        }
        @MainActor final class Screen: ObservableObject {
            @Published var count = 0
            func bind(_ feed: Feed) {
                feed.updates.sink { [weak self] in self?.count = $0 }.store(in: &bag)
                feed.pings.sink { [weak self] in self?.count = $0 }.store(in: &bag)
            }
        }
        """
        let test = """
        final class FeedTests: XCTestCase {
            func testUpdate() { let feed = Feed(); Screen().bind(feed); feed.updates.send(3) }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "App/A.swift", text: app), (path: "AppTests/FeedTests.swift", text: test)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App/A.swift:11:22", "App/A.swift:12:20"])
    }

    /// `api.register(email:)`, a project function that returns a `dataTaskPublisher` pipeline with no
    /// hop, delivers on URLSession's queue as the request itself would; a mock of the function in a
    /// test folder stands in for it in tests only. A function whose other path answers with a constant
    /// (`if let cached { return Just(cached)… }`) delivers off main on its request path. A function
    /// whose pipeline hops to main, or a call whose labels fit no such function (another type's
    /// `register(_:)`), is not known to deliver off it.
    func testProjectFunctionReturningARequestDeliversOnURLSessionsQueue() throws {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "App/API.swift", text: """
            final class API {
                func register(email: String) -> AnyPublisher<String, Error> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: email)!)
                        .map { String(decoding: $0.data, as: UTF8.self) }
                        .mapError { $0 as Error }
                        .eraseToAnyPublisher()
                }
                func profile() -> AnyPublisher<Data, URLError> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: "p")!).map(\\.data).receive(on: DispatchQueue.main).eraseToAnyPublisher()
                }
                func avatar(cached: Data?) -> AnyPublisher<Data, URLError> {
                    if let cached { return Just(cached).setFailureType(to: URLError.self).eraseToAnyPublisher() }
                    return URLSession.shared.dataTaskPublisher(for: URL(string: "a")!).map(\\.data).eraseToAnyPublisher()
                }
            }
            """),
            (path: "App/SignUp.swift", text: """
            @MainActor final class SignUp: ObservableObject {
                @Published var token = ""
                @Published var data = Data()
                func submit(_ api: API) {
                    api.register(email: "e").sink(receiveCompletion: { _ in }) { [weak self] in self?.token = $0 }.store(in: &bag)
                    api.profile().sink(receiveCompletion: { _ in }) { [weak self] in self?.data = $0 }.store(in: &bag)
                    api.avatar(cached: nil).sink(receiveCompletion: { _ in }) { [weak self] in self?.data = $0 }.store(in: &bag)
                    api.register("e").sink(receiveCompletion: { _ in }) { [weak self] in self?.token = $0 }.store(in: &bag)
                }
            }
            """),
            (path: "AppTests/MockAPI.swift", text: """
            final class MockAPI {
                let subject = PassthroughSubject<String, Error>()
                func register(email: String) -> AnyPublisher<String, Error> { subject.eraseToAnyPublisher() }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App/SignUp.swift:5:34", "App/SignUp.swift:7:33"])
        XCTAssertEqual(try XCTUnwrap(found.first).message, "`sink` gets its values on URLSession's queue (`dataTaskPublisher`) through `register(…)` but uses main-actor `token`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// A `flatMap` whose inner publisher is a project function returning a synchronous source
    /// (`Deferred { Future { … promise(…) } }`) emits on the thread that subscribes to it, the
    /// upstream's: a debounce on a global queue still delivers there. A Future that calls its
    /// promise from a callback delivers on the callback's thread, which is not known.
    func testFlatMapOfASynchronousProjectPublisherKeepsTheUpstreamQueue() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            final class Checker {
                func check(_ text: String) -> AnyPublisher<[Int], Never> {
                    Deferred { Future<[Int], Never> { promise in promise(.success([text.count])) } }.eraseToAnyPublisher()
                }
                func lookup(_ text: String) -> AnyPublisher<[Int], Never> {
                    Deferred { Future<[Int], Never> { promise in Remote.fetch(text) { promise(.success($0)) } } }.eraseToAnyPublisher()
                }
            }
            final class Editor: NSViewController {
                func bind(_ checker: Checker) {
                    changes.debounce(for: 0.5, scheduler: DispatchQueue.global()).flatMap { checker.check($0) }
                        .sink { [weak self] in self?.highlight($0) }.store(in: &bag)
                    changes.debounce(for: 0.5, scheduler: DispatchQueue.global()).flatMap { checker.lookup($0) }
                        .sink { [weak self] in self?.highlight($0) }.store(in: &bag)
                }
                func highlight(_ ranges: [Int]) {}
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:14"])
    }

    /// An endpoint that returns the call of a shared helper returning the request (`receipts()` ->
    /// `get("me/receipts")` -> `dataTaskPublisher`) delivers on URLSession's queue: three levels are
    /// followed (`wrapped()` -> `receipts()` -> `get(_:)`), in another file too. A helper that hops to
    /// main is not reported.
    func testAnEndpointReturningASharedRequestHelper() {
        let client = """
        final class Client {
            private let session = URLSession.shared
            func receipts() -> AnyPublisher<[Receipt], Error> { get("me/receipts") }
            func profile() -> AnyPublisher<Profile, Error> { onMain("me") }
            func wrapped() -> AnyPublisher<[Receipt], Error> { receipts() }
            private func get<T: Decodable>(_ path: String) -> AnyPublisher<T, Error> {
                session.dataTaskPublisher(for: URL(string: path)!)
                    .map(\\.data)
                    .decode(type: T.self, decoder: JSONDecoder())
                    .eraseToAnyPublisher()
            }
            private func onMain<T: Decodable>(_ path: String) -> AnyPublisher<T, Error> {
                get(path).receive(on: DispatchQueue.main).eraseToAnyPublisher()
            }
        }
        """
        let screen = """
        final class ReceiptsViewController: UITableViewController {
            private let api = Client()
            private var rows: [Receipt] = []
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                api.receipts().replaceError(with: []).sink { [weak self] in self?.rows = $0 }.store(in: &bag)
                api.profile().sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.title = $0.name }).store(in: &bag)
                api.wrapped().replaceError(with: []).sink { [weak self] in self?.rows = $0 }.store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [("Client.swift", client), ("Screen.swift", screen)])
            .map { "\($0.ruleID):\($0.file):\($0.line):\($0.column)" }
        XCTAssertEqual(found, ["main_actor_background_delivery:Screen.swift:7:47", "main_actor_background_delivery:Screen.swift:9:46"])
    }

    /// A capture list reads the property where the closure is made (`[cache] output in …`): the
    /// closure then uses the captured value, main-actor state only when its type is (`[label]`).
    func testAPropertyCapturedByTheCaptureListIsTheCapturedValue() {
        let text = """
        final class DetailViewController: UIViewController {
            private let cache = URLCache.shared
            private let label = UILabel()
            func prefetch(_ url: URL) {
                URLSession.shared.dataTaskPublisher(for: url)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [cache] output in cache.removeAllCachedResponses() })
                    .store(in: &bag)
                URLSession.shared.dataTaskPublisher(for: url)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [label] output in label.text = "\\(output.data.count)" })
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["9:14"])
    }

    /// CoreBluetooth calls a manager's delegate, and its peripherals' callbacks, on the queue the
    /// manager was made with: a subject sent there delivers on it; `queue: nil` is the main queue.
    func testSubjectSentFromCoreBluetoothCallbacksOnItsQueue() {
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "A.swift", text: """
            final class Scale: NSObject {
                let weights = PassthroughSubject<Double, Never>()
                private let bleQueue = DispatchQueue(label: "ble")
                private lazy var central = CBCentralManager(delegate: self, queue: bleQueue)
            }
            extension Scale: CBCentralManagerDelegate, CBPeripheralDelegate {
                func peripheral(_ peripheral: CBPeripheral, didUpdateValueFor characteristic: CBCharacteristic, error: Error?) {
                    weights.send(1)
                }
            }
            final class MainScale: NSObject, CBCentralManagerDelegate {
                let readings = PassthroughSubject<Double, Never>()
                private lazy var central = CBCentralManager(delegate: self, queue: nil)
                func centralManagerDidUpdateState(_ central: CBCentralManager) { readings.send(0) }
            }
            """),
            (path: "B.swift", text: """
            @MainActor final class HarvestModel: ObservableObject {
                @Published var weight = 0.0
                func bind(_ scale: Scale, _ main: MainScale) {
                    scale.weights.sink { [weak self] in self?.weight = $0 }.store(in: &bag)
                    main.readings.sink { [weak self] in self?.weight = $0 }.store(in: &bag)
                }
            }
            """),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["B.swift:4:23"])
    }
}
