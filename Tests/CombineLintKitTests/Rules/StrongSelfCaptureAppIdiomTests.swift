import XCTest
@testable import CombineLintKit

/// Idioms of real app code, found by probing the rule with them (issue #13).
final class StrongSelfCaptureAppIdiomTests: XCTestCase {
    private func positions(_ text: String) -> [String] {
        findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
    }

    /// self → view model (a strong stored property) → its bag → subscription → closure → self.
    /// A weak property, a local and a parameter own nothing of `self`.
    func testBagOfAnOwnedPropertyKeepsTheCycle() {
        let text = """
        final class CheckoutViewController: UIViewController {
            private let viewModel = CheckoutViewModel()
            weak var parentModel: CheckoutViewModel?
            func bind(_ other: CheckoutViewModel) {
                viewModel.$total.sink { self.title = $0 }.store(in: &viewModel.cancellables)
                viewModel.$total.sink { self.title = $0 }.store(in: &self.viewModel.cancellables)
                viewModel.$total.sink { self.title = $0 }.store(in: &parentModel.cancellables)
                other.$total.sink { self.title = $0 }.store(in: &other.cancellables)
                let local = CheckoutViewModel()
                local.$total.sink { self.title = $0 }.store(in: &local.cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["5:33", "6:33"])
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.first?.message, "This closure holds `self` strongly, and `self` keeps its subscription in `viewModel.cancellables`: a retain cycle.")
    }

    /// A parameter the initializer keeps in a strong stored property (`self.monitor = monitor`) is
    /// that property's object: its bag keeps the cycle. Kept weakly, or not kept, it owns nothing of `self`.
    func testBagOfAParameterKeptInAStrongPropertyKeepsTheCycle() {
        let text = """
        final class StatusBarController {
            let monitor: RepositoryMonitor
            weak var observer: RepositoryMonitor?
            private(set) var text = ""
            init(monitor: RepositoryMonitor, observer: RepositoryMonitor, other: RepositoryMonitor) {
                self.monitor = monitor
                self.observer = observer
                monitor.headChanges.sink { self.text = $0 }.store(in: &monitor.clientBag)
                observer.headChanges.sink { self.text = $0 }.store(in: &observer.clientBag)
                other.headChanges.sink { self.text = $0 }.store(in: &other.clientBag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["8:36"])
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.first?.message, "This closure holds `self` strongly, and `self` keeps its subscription in `monitor.clientBag`: a retain cycle.")
    }

    /// A computed property whose getter returns a pipeline that finishes (`first()`) hands each
    /// subscriber that pipeline: its cycle ends with the first value. One that returns an endless
    /// pipeline keeps it.
    func testComputedPropertyReturningAFinishingPipeline() {
        let text = """
        final class LiveMapModel {
            let savedRegion = CurrentValueSubject<Region?, Never>(nil)
            var initialRegion: AnyPublisher<Region, Never> {
                savedRegion.map { $0 ?? .world }.first().eraseToAnyPublisher()
            }
            var regions: AnyPublisher<Region, Never> {
                savedRegion.map { $0 ?? .world }.eraseToAnyPublisher()
            }
        }
        final class LiveMapViewController: UIViewController {
            private let viewModel = LiveMapModel()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.initialRegion.sink { region in self.show(region) }.store(in: &cancellables)
                viewModel.regions.sink { region in self.show(region) }.store(in: &cancellables)
            }
            func show(_ region: Region) {}
        }
        """
        XCTAssertEqual(positions(text), ["16:44"])
    }

    /// The application's delegate is made at launch and kept to the end: a cycle through it frees
    /// nothing. So is the scene delegate of an app with one scene; in an app that opens more
    /// (`requestSceneSessionActivation`), a scene closed by the user takes its delegate with it.
    func testApplicationDelegateLivesForTheRun() {
        let text = """
        @main
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            private var cancellables = Set<AnyCancellable>()
            private var count = 0
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                NotificationCenter.default.publisher(for: .changed).sink { _ in self.count += 1 }.store(in: &cancellables)
                return true
            }
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            private var cancellables = Set<AnyCancellable>()
            private var count = 0
            func sceneDidBecomeActive(_ scene: UIScene) {
                NotificationCenter.default.publisher(for: .changed).sink { _ in self.count += 1 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), [])
        let opener = "final class Windows { func open() { UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil) } }\n"
        XCTAssertEqual(positions(text + opener), ["14:73"])
    }

    /// The root coordinator a scene delegate makes when its scene connects, in an app with one
    /// scene, lives for the run as the delegate does; one made each time the scene enters the
    /// foreground does not, nor one of an app that opens more scenes.
    func testRootCoordinatorOfTheOnlySceneLivesForTheRun() {
        let text = """
        final class AppCoordinator {
            private var bag = Set<AnyCancellable>()
            private let session = Session()
            func start() { session.$user.sink { self.route($0) }.store(in: &bag) }
            func route(_ user: User?) {}
        }
        final class Banner {
            private var bag = Set<AnyCancellable>()
            private let session = Session()
            func show() { session.$user.sink { self.route($0) }.store(in: &bag) }
            func route(_ user: User?) {}
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            private var coordinator: AppCoordinator?
            private var banner: Banner?
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                coordinator = AppCoordinator()
                coordinator?.start()
            }
            func sceneWillEnterForeground(_ scene: UIScene) {
                banner = Banner()
                banner?.show()
            }
        }
        """
        XCTAssertEqual(positions(text), ["10:40"])
        let opener = "final class Windows { func open() { UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil) } }\n"
        XCTAssertEqual(positions(text + opener), ["4:41", "10:40"])
    }

    /// An app delegate that names two scene configurations connects scenes of two kinds, so more
    /// than one scene: its scene delegate no longer lives for the run. One configuration name, said
    /// twice, is still one kind (probe round 40).
    func testTwoSceneConfigurationsMakeAMultiSceneApp() {
        let scene = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            private var bag = Set<AnyCancellable>()
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                Settings.shared.$theme.sink { self.window?.overrideUserInterfaceStyle = $0 }.store(in: &bag)
            }
        }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, configurationForConnecting session: UISceneSession,
                             options: UIScene.ConnectionOptions) -> UISceneConfiguration {
                if options.userActivities.first?.activityType == "patient" {
                    return UISceneConfiguration(name: "Patient Window", sessionRole: session.role)
                }
                return UISceneConfiguration(name: "Default Configuration", sessionRole: session.role)
            }
        }
        """
        XCTAssertEqual(positions(scene), ["5:39"])
        let one = scene.replacingOccurrences(of: "\"Patient Window\"", with: "\"Default Configuration\"")
        XCTAssertEqual(positions(one), [])
    }

    /// What the scene delegate makes in a method that a subscription calls for each value
    /// (`lockRequested.sink { self?.presentLock() }`) is made again each time: it does not live for
    /// the run, unlike what it makes when the scene connects (probe round 40).
    func testObjectMadeInAMethodCalledPerValueDoesNotLiveForTheRun() {
        let text = """
        final class LockScreen {
            private var bag = Set<AnyCancellable>()
            private var text = ""
            func start() { Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { self.text = $0.description }.store(in: &bag) }
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            private var bag = Set<AnyCancellable>()
            func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
                Lock.shared.lockRequested.sink { [weak self] in self?.presentLock() }.store(in: &bag)
            }
            private func presentLock() {
                let lock = LockScreen()
                lock.start()
                window?.rootViewController?.present(lock, animated: true)
            }
        }
        """
        XCTAssertEqual(positions(text), ["4:89"])
        let once = text.replacingOccurrences(of: "Lock.shared.lockRequested.sink { [weak self] in self?.presentLock() }.store(in: &bag)", with: "presentLock()")
        XCTAssertEqual(positions(once), [])
    }

    /// The owner calls the object's teardown, which empties its bag, just before it drops the
    /// object (`menuBar?.remove()` then `menuBar = nil`): the cycle ends there. A teardown nobody
    /// calls before a drop, or one that leaves the bag, ends nothing (probe round 36).
    func testTeardownCalledBeforeTheOwnerDropsTheObject() {
        let text = """
        final class MenuBar {
            private var cancellables = Set<AnyCancellable>()
            private var title = ""
            init(settings: Settings) { settings.$title.sink { self.title = $0 }.store(in: &cancellables) }
            func remove() { cancellables.removeAll() }
        }
        final class AppDelegate: NSObject, NSApplicationDelegate {
            private var menuBar: MenuBar?
            private var cancellables = Set<AnyCancellable>()
            func applicationDidFinishLaunching(_ notification: Notification) {
                Settings.shared.$showsMenuBar.sink { [weak self] in self?.update(visible: $0) }.store(in: &cancellables)
            }
            private func update(visible: Bool) {
                if visible, menuBar == nil {
                    menuBar = MenuBar(settings: .shared)
                } else if !visible {
                    menuBar?.remove()
                    menuBar = nil
                }
            }
        }
        """
        XCTAssertEqual(positions(text), [])
        let dropped = text.replacingOccurrences(of: "        menuBar = nil\n", with: "")
        XCTAssertEqual(positions(dropped), ["4:55"])
    }

    /// A method of `extension UIViewController` returns a token whose closure holds `self`; a
    /// controller calling it on itself keeps the token in its bag, so the controller holds the
    /// closure that holds it. One that drops the token, or keeps it in a local, makes no cycle
    /// (probe round 40).
    func testTokenReturnedByAnExtensionMethodOfTheCallersBaseClass() {
        let text = """
        extension UIViewController {
            func bindKeyboardInsets(to scrollView: UIScrollView) -> AnyCancellable {
                NotificationCenter.default.publisher(for: UIResponder.keyboardWillShowNotification)
                    .sink { _ in scrollView.contentInset.bottom = self.view.safeAreaInsets.bottom }
            }
        }
        final class OrderEntryViewController: UIViewController {
            private var bag = Set<AnyCancellable>()
            let scrollView = UIScrollView()
            override func viewDidLoad() {
                super.viewDidLoad()
                bindKeyboardInsets(to: scrollView).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["4:59"])
        let local = text.replacingOccurrences(of: "bindKeyboardInsets(to: scrollView).store(in: &bag)", with: "let token = bindKeyboardInsets(to: scrollView); _ = token")
        XCTAssertEqual(positions(local), [])
    }

    /// A window controller cancelling every token of its dictionary when the window closes
    /// (`tokens.values.forEach { $0.cancel() }` in `windowWillClose`) lets go of them each time it
    /// goes (probe round 41).
    func testDictionaryOfTokensCancelledWhenTheWindowCloses() {
        let text = """
        final class EpisodeWindowController: NSWindowController, NSWindowDelegate {
            private var tokens: [String: AnyCancellable] = [:]
            private var other: [String: AnyCancellable] = [:]
            let model = EpisodeModel()
            func bind() {
                tokens["state"] = model.$state.sink { self.window?.title = $0 }
                other["state"] = model.$state.sink { self.window?.subtitle = $0 }
            }
            func windowWillClose(_ notification: Notification) {
                tokens.values.forEach { $0.cancel() }
            }
        }
        """
        XCTAssertEqual(positions(text), ["7:46"])
    }

    /// A static stored property's initial value is made once and kept for the run, with what it is
    /// made from: the store an app environment's `static let live = { … }()` builds and keeps lives
    /// for the run; one a factory closure kept in the environment makes on each call does not
    /// (probe rounds 40 and 41).
    func testObjectMadeInAStaticInitializerLivesForTheRun() {
        let text = """
        final class BookingStore {
            @Published var count = 0
            private var effects = Set<AnyCancellable>()
            init() { $count.sink { _ in self.save() }.store(in: &effects) }
            func save() {}
        }
        final class DraftStore {
            @Published var count = 0
            private var effects = Set<AnyCancellable>()
            init() { $count.sink { _ in self.save() }.store(in: &effects) }
            func save() {}
        }
        struct AppEnvironment {
            let store: BookingStore
            let makeDraft: () -> DraftStore
            static let live: AppEnvironment = {
                let store = BookingStore()
                return AppEnvironment(store: store, makeDraft: { DraftStore() })
            }()
        }
        """
        XCTAssertEqual(positions(text), ["10:33"])
    }

    /// A local bag handed over to an object `self` owns (`observers.bag = local`) keeps its
    /// subscriptions for as long as `self` keeps that object; one handed to a parameter's object
    /// does not tie them to `self` (probe round 41).
    func testLocalBagMovedIntoAnOwnedObject() {
        let text = """
        final class Observers { var bag = Set<AnyCancellable>() }
        final class MeterController: UIViewController {
            private let observers = Observers()
            let meter = Meter()
            func bind(into other: Observers) {
                var local = Set<AnyCancellable>()
                meter.$minutes.sink { self.title = "\\($0)" }.store(in: &local)
                observers.bag = local
                var handed = Set<AnyCancellable>()
                meter.$minutes.sink { self.title = "\\($0)" }.store(in: &handed)
                other.bag = handed
            }
        }
        """
        XCTAssertEqual(positions(text), ["7:31"])
    }

    /// A multiplatform app names its delegate protocol through a typealias, one per platform: the
    /// class is the application's delegate all the same, and so is what it alone makes at launch.
    /// An alias of something else (`PlatformResponder`) makes no delegate.
    func testApplicationDelegateConformingThroughAPlatformTypealias() {
        let text = """
        #if os(macOS)
        typealias PlatformAppDelegate = NSApplicationDelegate
        typealias PlatformResponder = NSResponder
        #else
        typealias PlatformAppDelegate = UIApplicationDelegate
        typealias PlatformResponder = UIResponder
        #endif
        final class AppDelegate: NSObject, PlatformAppDelegate {
            let environment = AppEnvironment()
            private var cancellables = Set<AnyCancellable>()
            private var count = 0
            func observe() {
                NotificationCenter.default.publisher(for: .changed).sink { _ in self.count += 1 }.store(in: &cancellables)
            }
        }
        final class AppEnvironment {
            private var cancellables = Set<AnyCancellable>()
            private var count = 0
            init() {
                NotificationCenter.default.publisher(for: .changed).sink { _ in self.count += 1 }.store(in: &cancellables)
            }
        }
        final class Inspector: PlatformResponder {
            private var cancellables = Set<AnyCancellable>()
            private var count = 0
            func observe() {
                NotificationCenter.default.publisher(for: .changed).sink { _ in self.count += 1 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["27:73"])
    }
}

extension StrongSelfCaptureAppIdiomTests {
    /// `let owner = self` then `{ owner.… }`: a strong alias; `weak var` aliases and `[weak owner]`
    /// captures are not.
    func testLocalAliasOfSelf() {
        let text = """
        final class Editor {
            private var cancellables = Set<AnyCancellable>()
            private var text = ""
            func bind(_ changes: PassthroughSubject<String, Never>) {
                let owner = self
                changes.sink { owner.text = $0 }.store(in: &cancellables)
                weak var weakOwner = self
                changes.sink { weakOwner?.text = $0 }.store(in: &cancellables)
                changes.sink { [weak owner] in owner?.text = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["6:24"])
    }
}

extension StrongSelfCaptureAppIdiomTests {
    /// `keep(publisher.sink { … })`: the type's own helper puts its argument into a member of `self`.
    /// A helper that only logs its argument keeps nothing.
    func testSubscriptionHandedToAStoringHelper() {
        let text = """
        final class Player {
            private var cancellables = Set<AnyCancellable>()
            private var position = 0.0
            private func keep(_ token: AnyCancellable) { cancellables.insert(token) }
            private func log(_ token: AnyCancellable) { print(token) }
            func bind(_ ticks: PassthroughSubject<Double, Never>) {
                keep(ticks.sink { self.position = $0 })
                self.keep(ticks.sink { self.position += $0 })
                log(ticks.sink { self.position = 0 })
            }
        }
        """
        XCTAssertEqual(positions(text), ["7:27", "8:32"])
    }

    /// `viewModel.retain(publisher.sink { … })`: a method of the view model that `self` keeps in a
    /// strong stored property puts the token into the view model's bag: self → view model → bag →
    /// closure → self. Through a weak property, or a parameter, nothing of `self` keeps it.
    func testSubscriptionHandedToAStoringHelperOfAnOwnedObject() {
        let text = """
        final class EditModel {
            private var subscriptions = Set<AnyCancellable>()
            @Published var canSave = false
            func retain(_ token: AnyCancellable) { subscriptions.insert(token) }
        }
        final class EditViewController: UIViewController {
            private let viewModel = EditModel()
            weak var parentModel: EditModel?
            func bind(_ other: EditModel) {
                viewModel.retain(viewModel.$canSave.sink { self.title = String($0) })
                self.viewModel.retain(viewModel.$canSave.sink { self.title = String($0) })
                parentModel?.retain(viewModel.$canSave.sink { self.title = String($0) })
                other.retain(viewModel.$canSave.sink { self.title = String($0) })
            }
        }
        """
        XCTAssertEqual(positions(text), ["10:52", "11:57"])
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.first?.message, "This closure holds `self` strongly, and `self` keeps its subscription in `viewModel.subscriptions`: a retain cycle.")
    }
}
extension StrongSelfCaptureAppIdiomTests {
    /// A pipeline from the project's own function that is not shown to hand on an endless source (a
    /// cached answer or a request through an injected token provider) is most often one-shot: its
    /// subscription lets go of `self` when it answers. One whose function hands on `$accounts` never does.
    func testPipelineFromAnUndecidedProjectFunctionIsNotReported() {
        let text = """
        final class APIClient {
            private let tokenProvider: () -> AnyPublisher<String, Error>
            init(tokenProvider: @escaping () -> AnyPublisher<String, Error>) { self.tokenProvider = tokenProvider }
            func request(_ path: String) -> AnyPublisher<Data, Error> {
                tokenProvider().flatMap { token in URLSession.shared.dataTaskPublisher(for: URL(string: path)!).map(\\.data).mapError { $0 as Error } }
                    .eraseToAnyPublisher()
            }
        }
        final class AccountsRepository {
            @Published private(set) var accounts: [String] = []
            private var cache: [String: [String]] = [:]
            let api: APIClient
            func transactions(for id: String) -> AnyPublisher<Data, Error> {
                if let cached = cache[id] { return Just(Data()).setFailureType(to: Error.self).eraseToAnyPublisher() }
                return api.request("/accounts/" + id)
            }
            func names() -> AnyPublisher<[String], Never> { $accounts.map { $0.sorted() }.eraseToAnyPublisher() }
            private var inFlight: [String: AnyPublisher<Data, Never>] = [:]
            func image(_ id: String) -> AnyPublisher<Data, Never> {
                if let running = inFlight[id] { return running }
                let publisher = Future<Data, Never> { promise in promise(.success(Data())) }.share().eraseToAnyPublisher()
                inFlight[id] = publisher
                return publisher
            }
            func count() -> AnyPublisher<Int, Never> {
                let counted = $accounts.map(\\.count).eraseToAnyPublisher()
                return counted
            }
        }
        final class AccountDetailViewModel {
            private var cancellables = Set<AnyCancellable>()
            private var isLoading = false
            private var names: [String] = []
            let repository: AccountsRepository
            func load(_ id: String) {
                repository.transactions(for: id).replaceError(with: Data()).sink { _ in self.isLoading = false }.store(in: &cancellables)
                repository.names().sink { self.names = $0 }.store(in: &cancellables)
                repository.image(id).sink { _ in self.isLoading = false }.store(in: &cancellables)
                repository.count().sink { _ in self.isLoading = false }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["37:35", "39:40"])
    }

    /// A view model's function that forwards another object's (`spots(for:)` returning
    /// `availability.spotsLeft(for:)`) hands on what that one returns: a subject it keeps never
    /// finishes, a `Future` answers once.
    func testFunctionForwardingAnotherObjectsNeverFinishingPublisher() {
        let text = """
        final class Availability {
            private var subjects: [String: CurrentValueSubject<Int, Never>] = [:]
            func spotsLeft(for id: String) -> AnyPublisher<Int, Never> {
                let subject = subjects[id] ?? CurrentValueSubject<Int, Never>(0)
                subjects[id] = subject
                return subject.eraseToAnyPublisher()
            }
            func price(for id: String) -> AnyPublisher<Int, Never> {
                Future<Int, Never> { $0(.success(1)) }.eraseToAnyPublisher()
            }
        }
        final class ScheduleModel {
            let availability = Availability()
            func spots(for id: String) -> AnyPublisher<Int, Never> { availability.spotsLeft(for: id) }
            func price(for id: String) -> AnyPublisher<Int, Never> { availability.price(for: id).eraseToAnyPublisher() }
        }
        final class ClassDetailViewController: UIViewController {
            private let model = ScheduleModel()
            private var subscriptions = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.spots(for: "yoga").sink(receiveValue: render).store(in: &subscriptions)
                model.price(for: "yoga").sink(receiveValue: render).store(in: &subscriptions)
            }
            func render(_ value: Int) {}
        }
        """
        XCTAssertEqual(positions(text), ["22:53"])
    }
}
