import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 80 and after (see the rule documents).
final class CoreRulesRound80Tests: XCTestCase {
    /// A generic base view model's `final func onAppear()` calls `didAppear()`, which each screen's
    /// model overrides: a SwiftUI view's `.onAppear { model.onAppear() }` runs the override on every
    /// appearance, so a store there into a bag nobody empties piles up. A subclass that keeps a single
    /// token replaces its subscription; the base's own empty `didAppear()` stores nothing.
    func testABaseClassTemplateMethodReachesTheSubclassOverride() {
        let text = """
        class BaseViewModel<State>: ObservableObject {
            var cancellables = Set<AnyCancellable>()
            func didAppear() {}
            final func onAppear() {
                didAppear()
            }
        }
        final class ReviewViewModel: BaseViewModel<Int> {
            @Published var streak = 0
            let settings = SettingsStore()
            override func didAppear() {
                settings.$goal.sink { [weak self] in self?.streak = $0 }.store(in: &cancellables)
            }
        }
        final class DeckViewModel: BaseViewModel<Int> {
            @Published var due = 0
            let settings = SettingsStore()
            private var goalToken: AnyCancellable?
            override func didAppear() {
                goalToken = settings.$goal.sink { [weak self] in self?.due = $0 }
            }
        }
        final class SettingsStore: ObservableObject {
            @Published var goal = 10
        }
        struct ReviewScreen: View {
            @StateObject var model = ReviewViewModel()
            @StateObject var decks = DeckViewModel()
            var body: some View {
                Text("\\(model.streak)").onAppear {
                    model.onAppear()
                    decks.onAppear()
                }
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:66"])
        XCTAssertEqual(found.map(\.message), [
            "`onAppear → onAppear() → didAppear() → store(in:)`: each run of `onAppear` adds one more live subscription to `cancellables`, and the earlier ones keep running.",
        ])
    }

    /// `fireAndForget()`, the project's own operator in a publisher extension, drops the token of
    /// the `sink` it makes on the implicit `self`: every caller's subscription ends as it starts. A
    /// method returning that token, or storing it, keeps it; so does a `sink` of another publisher
    /// assigned to a property.
    func testASinkOnTheImplicitSelfOfAPublisherExtensionThatDropsItsTokenIsReported() {
        let text = """
        extension Publisher where Failure == Never {
            func fireAndForget(_ receive: @escaping (Output) -> Void = { _ in }) {
                _ = sink(receiveValue: receive)
            }
            func track() {
                sink { print($0) }
            }
            func kept() -> AnyCancellable {
                sink { _ in }
            }
            func stored(in bag: inout Set<AnyCancellable>) {
                sink { _ in }.store(in: &bag)
            }
        }
        final class Reporter {
            func report(_ values: [Int]) {
                _ = values.map { $0 + 1 }
            }
        }
        """
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:13", "6:9"])
        XCTAssertEqual(Set(found.map(\.message)), ["The AnyCancellable returned by `sink` is thrown away, so the subscription is cancelled at once."])
    }

    /// A test stores its subscription in a local bag, never reads the bag again, then waits for the
    /// value: Swift may release the bag after its last use, before the wait, as it may a local token.
    /// A bag read after the wait (`bag.removeAll()`), or a test with no wait, is not reported.
    func testALocalBagOfATestReleasedBeforeItsWaitIsReported() {
        let text = """
        final class BoardTests: XCTestCase {
            let model = BoardModel()
            func testRefreshCompletes() {
                let done = expectation(description: "done")
                var bag = Set<AnyCancellable>()
                model.refresh().sink { done.fulfill() }.store(in: &bag)
                wait(for: [done], timeout: 2)
            }
            func testRefreshKeepsTheBag() {
                let done = expectation(description: "done")
                var bag = Set<AnyCancellable>()
                model.refresh().sink { done.fulfill() }.store(in: &bag)
                wait(for: [done], timeout: 2)
                bag.removeAll()
            }
            func testImmediateValue() {
                var seen = 0
                var bag = Set<AnyCancellable>()
                model.$count.sink { seen = $0 }.store(in: &bag)
                XCTAssertEqual(seen, 0)
            }
        }
        """
        let found = findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:25"])
        XCTAssertEqual(found.map(\.message), [
            "`bag` is never read after the store, and a wait after it does not keep it: Swift may release it and cancel the subscription at once.",
        ])
    }

    /// A base view model's `load(_:apply:)` keeps the subscription to the publisher it is given in
    /// `loadToken`: a request passed there finishes and lets the closure go, so a strong `self` in
    /// `apply` is no cycle; a `$property` passed there never finishes, and is one.
    func testAHelperSubscribingToThePublisherItIsGivenIsJudgedByThatPublisher() {
        let text = """
        class BaseViewModel: ObservableObject {
            private var loadToken: AnyCancellable?
            final func load<T>(_ publisher: AnyPublisher<T, Never>, apply: @escaping (T) -> Void) {
                loadToken = publisher.receive(on: DispatchQueue.main).sink(receiveValue: apply)
            }
        }
        final class APIClient {
            func accounts() -> AnyPublisher<[Int], Never> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).map { _ in [] }.replaceError(with: []).eraseToAnyPublisher()
            }
        }
        final class AccountsViewModel: BaseViewModel {
            @Published var accounts: [Int] = []
            @Published var filter = 0
            private let client = APIClient()
            func reload() {
                load(client.accounts()) { accounts in self.accounts = accounts }
                load($filter.eraseToAnyPublisher()) { value in self.accounts = [value] }
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["18:56"])
    }

    /// `Just(goal).flatMap { (self.api ?? APIClient()).fetchDays() … }`: a call on a value in
    /// parentheses is judged as a call on a receiver of unknown type, by every project function of
    /// its selector; a request finishes, so the stored chain lets `self` go. One whose functions return
    /// a subject's publisher never finishes, and the strong `self` of its sink is a cycle.
    func testACallOnAParenthesisedReceiverIsJudgedByTheProjectsFunctionsOfItsSelector() {
        let text = """
        protocol WorkoutAPI {
            func fetchDays(in range: Int) -> AnyPublisher<[Int], Never>
            func liveDays() -> AnyPublisher<[Int], Never>
        }
        final class WorkoutClient: WorkoutAPI {
            let days = PassthroughSubject<[Int], Never>()
            func fetchDays(in range: Int) -> AnyPublisher<[Int], Never> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).map { _ in [] }.replaceError(with: []).eraseToAnyPublisher()
            }
            func liveDays() -> AnyPublisher<[Int], Never> { days.eraseToAnyPublisher() }
        }
        final class GoalModel {
            var api: WorkoutAPI?
            var suggestion = ""
            private var token: AnyCancellable?
            private var liveToken: AnyCancellable?
            func suggest() {
                token = Just(3).flatMap { _ in (self.api ?? WorkoutClient()).fetchDays(in: 7) }
                    .sink { self.suggestion = "\\($0.count)" }
                liveToken = Just(3).flatMap { _ in (self.api ?? WorkoutClient()).liveDays() }
                    .sink { self.suggestion = "\\($0.count)" }
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["20:45", "21:21"])
    }

    /// The application's delegate keeps `lazy var environment = AppEnvironment.live()`: the static
    /// factory's only call keeps what it makes for the run, so the sync engine it makes lives for the
    /// run and its strong `self` frees nothing late. A factory that a screen also calls
    /// (`ReportFactory.make()` in `viewDidLoad`) makes objects that go with the screen.
    func testObjectsAStaticFactoryMakesForTheApplicationDelegatesStoredPropertyLiveForTheRun() {
        let text = """
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            lazy var environment = AppEnvironment.live()
        }
        struct AppEnvironment {
            let engine: SyncEngine
            static func live() -> AppEnvironment { AppEnvironment(engine: SyncEngine()) }
        }
        final class SyncEngine {
            @Published var status = 0
            var count = 0
            private var cancellables = Set<AnyCancellable>()
            init() {
                $status.sink { _ in self.count += 1 }.store(in: &cancellables)
            }
        }
        enum ReportFactory {
            static func make() -> ReportModel { ReportModel() }
        }
        final class ReportModel {
            @Published var rows = 0
            var seen = 0
            private var cancellables = Set<AnyCancellable>()
            init() {
                $rows.sink { _ in self.seen += 1 }.store(in: &cancellables)
            }
        }
        final class LaunchHelper {
            static let shared = LaunchHelper()
            let model = ReportFactory.make()
        }
        final class ReportViewController: UIViewController {
            var model: ReportModel?
            override func viewDidLoad() {
                super.viewDidLoad()
                model = ReportFactory.make()
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["24:27"])
    }

    /// `bind(to:on:)`, the project's own operator ending in `assign(to: keyPath, on: root)`, given
    /// `self` and kept in `self`'s bag, retains `self` as the `assign(to:on:)` written out would. A
    /// weak variant that subscribes with `sink { [weak root] … }`, and the operator given another
    /// object, are not reported.
    func testTheProjectsOwnOperatorEndingInAssignOnItsRootIsReportedWhenGivenSelf() {
        let text = """
        extension Publisher where Failure == Never {
            func bind<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on root: Root) -> AnyCancellable {
                receive(on: DispatchQueue.main).assign(to: keyPath, on: root)
            }
            func weakBind<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on root: Root) -> AnyCancellable {
                sink { [weak root] in root?[keyPath: keyPath] = $0 }
            }
        }
        final class ListModel: ObservableObject {
            @Published var badge = ""
        }
        final class ListViewController: UIViewController {
            var badgeText = ""
            let model = ListModel()
            let label = UILabel()
            private var bindings = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.$badge.bind(to: \\.badgeText, on: self).store(in: &bindings)
                model.$badge.weakBind(to: \\.badgeText, on: self).store(in: &bindings)
                model.$badge.map(Optional.some).bind(to: \\.text, on: label).store(in: &bindings)
            }
        }
        """
        let found = findings(of: AssignToSelfRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["19:22"])
        XCTAssertEqual(found.map(\.message), [
            "`bind(…)` ends in `assign(to:on:)`, which retains `self` while `self` keeps its cancellable in `bindings`: neither is freed until the publisher completes.",
        ])
    }
}
