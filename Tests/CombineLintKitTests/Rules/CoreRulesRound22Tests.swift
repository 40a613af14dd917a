import XCTest
@testable import CombineLintKit

/// Idioms found by the round-20 and round-22 probes (a fitness tracker, a chat app, a banking app,
/// a smart-home app).
final class CoreRulesRound22Tests: XCTestCase {
    /// A screen's repeated callback reaching a store through a property of the object it holds
    /// (`coordinator.syncController.resume()`): the call runs the store's method on every appearance.
    func testRepeatedCallThroughAPropertyOfAHeldObject() {
        let text = """
        final class SyncController {
            private let changes = PassthroughSubject<Int, Never>()
            private var bag = Set<AnyCancellable>()
            private var count = 0
            func resume() {
                changes
                    .sink { [weak self] value in self?.count += value }
                    .store(in: &bag)
            }
        }
        final class Coordinator {
            let syncController = SyncController()
        }
        final class HomeViewController: UIViewController {
            private let coordinator: Coordinator
            init(coordinator: Coordinator) { self.coordinator = coordinator }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                coordinator.syncController.resume()
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["8:14"])
        XCTAssertTrue(found.first?.message.hasPrefix("`HomeViewController.viewWillAppear(_:) → SyncController.resume() → store(in:)`") == true)
    }

    /// A SwiftUI `App`'s `.onChange(of: scenePhase)` runs on every activation; the application
    /// delegate its adaptor keeps is typed by the adaptor's argument. Emptying the bag at the top of
    /// the method keeps one subscription.
    func testScenePhaseChangeReachingAStoreOfTheAdaptedDelegate() {
        let text = """
        final class AppDelegate: NSObject, UIApplicationDelegate {
            let sessionStore = WorkoutSessionStore()
        }
        final class WorkoutSessionStore: ObservableObject {
            let heartRate = PassthroughSubject<Int, Never>()
            private var liveBag = Set<AnyCancellable>()
            private var onceBag = Set<AnyCancellable>()
            private var samples: [Int] = []
            func resumeLiveUpdates() {
                heartRate
                    .sink { [weak self] value in self?.samples.append(value) }
                    .store(in: &liveBag)
            }
            func resumeOnce() {
                onceBag.removeAll()
                heartRate
                    .sink { [weak self] value in self?.samples.append(value) }
                    .store(in: &onceBag)
            }
        }
        @main
        struct FitTrackApp: App {
            @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
            @Environment(\\.scenePhase) private var scenePhase
            var body: some Scene {
                WindowGroup { Text("Runs") }
                    .onChange(of: scenePhase) { phase in
                        if phase == .active {
                            appDelegate.sessionStore.resumeLiveUpdates()
                            appDelegate.sessionStore.resumeOnce()
                        }
                    }
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:14"])
        XCTAssertTrue(found.first?.message.hasPrefix("`onChange → WorkoutSessionStore.resumeLiveUpdates() → store(in:)`") == true)
    }

    /// A subject's consumers may reach it through a protocol property that erases it, given whole
    /// to `Publishers.Merge`, or through an initializer it is handed to erased, whose body merges the
    /// parameter: the skip after the merge skips its nil. A consumer that handles nil keeps it state.
    func testSubjectConsumedThroughMergeOfAnErasedPropertyOrAnInitializerParameter() {
        let service = """
        protocol ChatServicing: AnyObject {
            var errors: AnyPublisher<ChatError?, Never> { get }
        }
        final class SocketChatService: ChatServicing {
            let connectionError = CurrentValueSubject<ChatError?, Never>(nil)
            var errors: AnyPublisher<ChatError?, Never> { connectionError.eraseToAnyPublisher() }
            func fail(_ error: ChatError) { connectionError.send(error) }
        }
        """
        let model = """
        final class ChatListViewModel {
            @Published private(set) var bannerError: String?
            private var cancellables = Set<AnyCancellable>()
            init(service: ChatServicing, localErrors: AnyPublisher<ChatError?, Never>) {
                Publishers.Merge(service.errors, localErrors)
                    .compactMap { $0 }
                    .map { "\\($0)" }
                    .sink { [weak self] in self?.bannerError = $0 }
                    .store(in: &cancellables)
            }
        }
        """
        let coordinator = """
        final class AppCoordinator {
            private let service = SocketChatService()
            private let localErrors = CurrentValueSubject<ChatError?, Never>(nil)
            private lazy var listViewModel = ChatListViewModel(service: service, localErrors: localErrors.eraseToAnyPublisher())
            func failed(_ error: ChatError) { localErrors.send(error) }
        }
        """
        let files = [(path: "Service.swift", text: service), (path: "Model.swift", text: model), (path: "Coordinator.swift", text: coordinator)]
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["Coordinator.swift:3:17", "Service.swift:5:9"])
        let handled = model.replacingOccurrences(of: """
                    .compactMap { $0 }
                    .map { "\\($0)" }
                    .sink { [weak self] in self?.bannerError = $0 }
        """, with: """
                    .sink { [weak self] error in
                        guard let error else { self?.bannerError = nil; return }
                        self?.bannerError = "\\(error)"
                    }
        """)
        XCTAssertNotEqual(handled, model)
        let stateFiles = [(path: "Service.swift", text: service), (path: "Model.swift", text: handled), (path: "Coordinator.swift", text: coordinator)]
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: stateFiles).map { "\($0.file):\($0.line)" }, [])
    }

    /// A helper that stores into its `inout` bag stores into the member its type passes
    /// (`bindHeader(into: &headerBag)`): from `viewWillAppear`, one more per appearance; not when
    /// the appearance empties that bag first, nor when only `viewDidLoad` calls the helper.
    func testHelperStoringIntoAnInoutBagItsTypePasses() throws {
        let text = """
        final class CartViewController: UIViewController {
            private let model = CartModel()
            private var headerBag = Set<AnyCancellable>()
            private var footerBag = Set<AnyCancellable>()
            private var loadBag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                bindTotals(into: &loadBag)
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                bindHeader(into: &headerBag)
                footerBag.removeAll()
                bindFooter(into: &footerBag)
            }
            private func bindHeader(into bag: inout Set<AnyCancellable>) {
                model.$lines
                    .sink { [weak self] lines in self?.title = "\\(lines.count)" }
                    .store(in: &bag)
            }
            private func bindFooter(into bag: inout Set<AnyCancellable>) {
                model.$total
                    .sink { [weak self] total in self?.navigationItem.prompt = "\\(total)" }
                    .store(in: &bag)
            }
            private func bindTotals(into bag: inout Set<AnyCancellable>) {
                model.$total
                    .sink { [weak self] total in self?.navigationItem.title = "\\(total)" }
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["19:14"])
        let message = try XCTUnwrap(found.first?.message)
        XCTAssertTrue(message.hasPrefix("`viewWillAppear(_:) → bindHeader(into:) → store(in:)`"), message)
        XCTAssertTrue(message.contains("`headerBag`"), message)
    }
}
