import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 94 and after (see the rule documents).
final class CoreRulesRound94Tests: XCTestCase {
    /// `$selectedClass.map { $0 == nil }` disabling a button reads nil as "nothing selected": a state,
    /// though other consumers skip nil to start work for the selection. A notice (`loadError`) whose
    /// consumer only asks whether one is on show (`map { $0 != nil }`) is still an event replayed to
    /// every new subscriber of the skipping kind.
    func testAConsumerMappingNilToAValueMakesNilAStateUnlessTheValueIsANotice() {
        let model = """
        final class CheckInViewModel: ObservableObject {
            @Published var selectedClass: GymClass? = nil
            @Published var loadError: LoadError? = nil
            @Published var canConfirm = false
            @Published var step = 0
            private var cancellables = Set<AnyCancellable>()
            init() {
                $selectedClass
                    .map { $0 == nil }
                    .combineLatest($step)
                    .map { noClass, step in !noClass && step > 0 }
                    .assign(to: &$canConfirm)
                $loadError
                    .map { $0 != nil }
                    .sink { print("error shown: \\($0)") }
                    .store(in: &cancellables)
            }
        }
        final class CheckInCoordinator {
            private let viewModel: CheckInViewModel
            private var cancellables = Set<AnyCancellable>()
            init(viewModel: CheckInViewModel) { self.viewModel = viewModel }
            func start() {
                viewModel.$selectedClass
                    .compactMap { $0 }
                    .sink { [weak self] gymClass in self?.open(gymClass) }
                    .store(in: &cancellables)
                viewModel.$loadError
                    .compactMap { $0 }
                    .sink { [weak self] error in self?.alert(error) }
                    .store(in: &cancellables)
            }
            private func open(_ gymClass: GymClass) {}
            private func alert(_ error: LoadError) {}
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "CheckIn.swift", text: model)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:20"])
    }

    /// A helper returns a subscription the screen keeps (`spotsSubscription = observeSpots()`); its
    /// source is a function returning `Just(id).flatMap { … }` into a never-finishing subject: the
    /// pipeline never finishes, so the strong `self` is a cycle. A function whose flattened inner
    /// publisher finishes (a `Just`) keeps the chain finite.
    func testAFunctionFlatteningAFiniteRootIntoANeverFinishingSubjectNeverFinishes() {
        let text = """
        final class ClassSchedule {
            private let snapshots = CurrentValueSubject<[String: Int], Never>([:])
            func liveSpots(for id: String) -> AnyPublisher<Int, Never> {
                Just(id)
                    .flatMap { [snapshots] id in snapshots.compactMap { $0[id] } }
                    .removeDuplicates()
                    .eraseToAnyPublisher()
            }
            func spotsOnce(for id: String) -> AnyPublisher<Int, Never> {
                Just(id)
                    .flatMap { id in Just(id.count) }
                    .eraseToAnyPublisher()
            }
        }
        final class ClassDetailViewController: UIViewController {
            private let schedule = ClassSchedule()
            private var spotsSubscription: AnyCancellable?
            private var onceSubscription: AnyCancellable?
            override func viewDidLoad() {
                super.viewDidLoad()
                spotsSubscription = observeSpots()
                onceSubscription = schedule.spotsOnce(for: "yoga").sink { spots in self.pulse(spots) }
            }
            private func observeSpots() -> AnyCancellable {
                schedule.liveSpots(for: "yoga")
                    .filter { $0 <= 3 }
                    .sink { spots in self.pulse(spots) }
            }
            private func pulse(_ spots: Int) {}
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "ClassDetail.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["27:30"])
    }

    /// On each return to the foreground: a plain `first()` of the never-finishing updates ends at the
    /// next value, whatever it is; one waiting for a condition (`first(where:)`) stays pending, and
    /// the time-zone subscription never ends.
    func testAPlainLimitOnEachReturnToTheForegroundEndsAtTheNextValue() {
        let text = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            private let updates = PassthroughSubject<Int, Never>()
            private var cancellables = Set<AnyCancellable>()
            func sceneWillEnterForeground(_ scene: UIScene) {
                updates.first()
                    .sink { [weak self] _ in self?.markFresh() }
                    .store(in: &cancellables)
                updates.first(where: { $0 > 3 })
                    .sink { [weak self] _ in self?.markFresh() }
                    .store(in: &cancellables)
                NotificationCenter.default.publisher(for: .NSSystemTimeZoneDidChange)
                    .sink { [weak self] _ in self?.markFresh() }
                    .store(in: &cancellables)
            }
            private func markFresh() {}
        }
        """
        let found = findings(of: StoreInAppearanceRule.self, in: [(path: "SceneDelegate.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["11:14", "14:14"])
    }

    /// Each value starts a child coordinator: `startChild(FeedingCoordinator(…))` hands a new object to a
    /// private method that starts it, so each run stores into a new object's bag. The same object handed
    /// again (`resume(nap)` with a stored coordinator) piles subscriptions up in its one bag.
    func testAPrivateMethodGivenANewObjectAtEveryCallStartsANewObject() {
        let text = """
        protocol Coordinator: AnyObject {
            func start()
        }
        final class FeedingCoordinator: Coordinator {
            private let engine: FeedingEngine
            private var cancellables = Set<AnyCancellable>()
            init(engine: FeedingEngine) { self.engine = engine }
            func start() {
                engine.$elapsed
                    .sink { [weak self] seconds in self?.show(seconds) }
                    .store(in: &cancellables)
            }
            private func show(_ seconds: Int) {}
        }
        final class NapCoordinator: Coordinator {
            private let engine: FeedingEngine
            private var cancellables = Set<AnyCancellable>()
            init(engine: FeedingEngine) { self.engine = engine }
            func start() {
                engine.$elapsed
                    .sink { [weak self] seconds in self?.show(seconds) }
                    .store(in: &cancellables)
            }
            private func show(_ seconds: Int) {}
        }
        final class FeedingEngine: ObservableObject {
            @Published var elapsed = 0
        }
        final class AppCoordinator {
            private let engine = FeedingEngine()
            private let nap: NapCoordinator
            private var children: [Coordinator] = []
            private var cancellables = Set<AnyCancellable>()
            init() {
                nap = NapCoordinator(engine: engine)
                engine.$elapsed
                    .sink { [weak self] _ in
                        self?.startFeeding()
                        self?.resumeNap()
                    }
                    .store(in: &cancellables)
            }
            private func startFeeding() {
                startChild(FeedingCoordinator(engine: engine))
            }
            private func resumeNap() {
                resume(nap)
            }
            private func startChild(_ child: Coordinator) {
                children.append(child)
                child.start()
            }
            private func resume(_ child: NapCoordinator) {
                child.start()
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "Coordinators.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["22:14"])
    }
}
