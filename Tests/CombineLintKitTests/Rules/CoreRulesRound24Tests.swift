import XCTest
@testable import CombineLintKit

/// Idioms found by the round-24 probes of the core rules (a ride-hailing app, a news reader).
final class CoreRulesRound24Tests: XCTestCase {
    /// A request reached from a pull to refresh or from a notification's sink answers and ends, as
    /// one reached from an appearance does: no live subscription is left per run. The request is
    /// made by a protocol-typed dependency's method whose only implementation is a URL request. A
    /// `$property` subscribed from the same pull is reported.
    func testRequestsFromAPullOrANotificationAreNotRepeatedSubscriptions() {
        let api = """
        protocol OrdersAPI {
            func send(_ path: String) -> AnyPublisher<[Order], Error>
        }
        final class LiveOrdersAPI: OrdersAPI {
            func send(_ path: String) -> AnyPublisher<[Order], Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: path)!)
                    .map(\\.data)
                    .decode(type: [Order].self, decoder: JSONDecoder())
                    .eraseToAnyPublisher()
            }
        }
        final class ChatSocket {
            let frames = PassthroughSubject<String, Never>()
            func send(_ text: String) { frames.send(text) }
        }
        """
        let screen = """
        final class OrdersViewController: UITableViewController {
            private let api: OrdersAPI
            private let store = OrdersStore()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                refreshControl?.addTarget(self, action: #selector(pullToRefresh), for: .valueChanged)
                NotificationCenter.default.publisher(for: .ordersDidChange)
                    .sink { [weak self] _ in self?.reload() }
                    .store(in: &cancellables)
            }
            @objc private func pullToRefresh() {
                reload()
                follow()
            }
            private func reload() {
                api.send("orders")
                    .receive(on: DispatchQueue.main)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.show($0) })
                    .store(in: &cancellables)
            }
            private func follow() {
                store.$orders
                    .sink { [weak self] in self?.show($0) }
                    .store(in: &cancellables)
            }
        }
        """
        let files = [(path: "OrdersAPI.swift", text: api), (path: "OrdersViewController.swift", text: screen)]
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["OrdersViewController.swift:25:14"])
    }

    /// `first()` ends a pipeline, but a stage after it that merges in a publisher that never
    /// finishes keeps it going: each appearance leaves one more live subscription. Merged with a
    /// `Just`, it still finishes.
    func testFirstThenMergeWithAnEndlessPublisherNeverFinishes() {
        let text = """
        final class HomeViewController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                cancellables.insert(
                    LocationService.shared.$current.compactMap { $0 }.first()
                        .merge(with: LocationService.shared.$current.dropFirst().compactMap { $0 })
                        .sink { [weak self] in self?.center(on: $0) }
                )
                LocationService.shared.$current.compactMap { $0 }.first()
                    .merge(with: Just(.origin))
                    .sink { [weak self] in self?.center(on: $0) }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["5:22"])
    }

    /// A dropped token of a pipeline that is over when `sink` returns: a `CurrentValueSubject`
    /// (also one a protocol requires) or a `@Published` property's publisher gives its current
    /// value during `subscribe`, and `first()` right after it finishes; an array property of a
    /// parameter's type (`route.stops.publisher`) gives all its elements then. A `PassthroughSubject`
    /// limited by `first()` waits for a value, so its dropped token cancels it.
    func testDroppedTokensOfPipelinesOverDuringSink() {
        let models = """
        protocol TripServicing {
            var currentState: CurrentValueSubject<TripState, Never> { get }
            var events: PassthroughSubject<TripState, Never> { get }
        }
        struct Route { var stops: [Stop] }
        final class TripModel: ObservableObject {
            @Published var title = ""
        }
        """
        let user = """
        final class TripPeek {
            let trips: TripServicing
            let model = TripModel()
            func snapshot(route: Route) -> [String] {
                var state = TripState.idle
                _ = trips.currentState.first().sink { state = $0 }
                var title = ""
                _ = model.$title.first().sink { title = $0 }
                var names: [String] = []
                _ = route.stops.publisher.map(\\.name).collect().sink { names = $0 }
                _ = trips.events.first().sink { state = $0 }
                return names + [title, "\\(state)"]
            }
        }
        """
        let files = [(path: "Models.swift", text: models), (path: "TripPeek.swift", text: user)]
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["TripPeek.swift:11:34"])
    }

    /// The array property may sit further down a chain of stored properties or behind a type's
    /// shared instance (`viewModel.trip.legs.publisher`, `LibraryStore.shared.books.map(\.id).publisher`):
    /// still a sequence, over when `sink` returns. A computed property of that name may be anything.
    func testDroppedTokensOfCollectionPropertiesDownAChain() {
        let models = """
        struct Trip { var legs: [Leg] }
        final class JourneyModel { var trip = Trip(legs: []) }
        final class LibraryStore {
            static let shared = LibraryStore()
            @Published private(set) var books: [Book] = []
            var feed: AnyPublisher<[Book], Never> { $books.eraseToAnyPublisher() }
        }
        """
        let user = """
        final class JourneyScreen {
            let viewModel = JourneyModel()
            func dump() {
                _ = viewModel.trip.legs.publisher.compactMap(\\.line).collect().sink { print($0) }
                _ = LibraryStore.shared.books.map(\\.id).publisher.sink { print($0) }
                _ = LibraryStore.shared.feed.sink { print($0) }
            }
        }
        """
        let files = [(path: "Models.swift", text: models), (path: "JourneyScreen.swift", text: user)]
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["JourneyScreen.swift:6:38"])
    }

    /// `NotificationCenter.default.publisher(for:)` is the framework's, never finishing, however a
    /// project function of the same name (an image loader's `publisher(for:)` returning a `Future`)
    /// ends: a call on a written framework type runs none of the project's functions.
    func testAFrameworkTypesMethodIsNoProjectFunctionOfItsName() {
        let loader = """
        final class ImageLoader {
            func publisher(for url: URL?) -> AnyPublisher<UIImage?, Never> {
                Future { promise in promise(.success(nil)) }.eraseToAnyPublisher()
            }
        }
        """
        let view = """
        struct BookmarksView: View {
            @State private var isLowPower = false
            @State private var bag = Set<AnyCancellable>()
            var body: some View {
                List {}
                    .onAppear {
                        NotificationCenter.default.publisher(for: .NSProcessInfoPowerStateDidChange)
                            .map { _ in ProcessInfo.processInfo.isLowPowerModeEnabled }
                            .sink { isLowPower = $0 }
                            .store(in: &bag)
                    }
            }
        }
        """
        let files = [(path: "ImageLoader.swift", text: loader), (path: "BookmarksView.swift", text: view)]
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["BookmarksView.swift:10:22"])
    }

    /// `viewModel` is a stored property inherited from a generic base class in another file
    /// (`BaseViewController<Tracking.ViewModel>`): the screen holds the view model, whose bag holds
    /// the closure, which holds the screen. With `[weak self]` there is no cycle.
    func testBagOfAnObjectHeldThroughAnInheritedProperty() {
        let base = """
        class BaseViewController<ViewModel>: UIViewController {
            let viewModel: ViewModel
            init(viewModel: ViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
        }
        enum Tracking {}
        extension Tracking {
            final class ViewModel: ObservableObject {
                @Published private(set) var driver: String?
                var cancellables = Set<AnyCancellable>()
            }
        }
        """
        let screen = """
        final class TrackingViewController: BaseViewController<Tracking.ViewModel> {
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.$driver
                    .sink { driver in self.animate(visible: driver != nil) }
                    .store(in: &viewModel.cancellables)
                viewModel.$driver
                    .sink { [weak self] driver in self?.animate(visible: driver != nil) }
                    .store(in: &viewModel.cancellables)
            }
            func animate(visible: Bool) {}
        }
        """
        let files = [(path: "Base.swift", text: base), (path: "TrackingViewController.swift", text: screen)]
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["TrackingViewController.swift:5:31"])
    }

    /// A method that returns early while its observer exists (`guard socketObserver == nil else {
    /// return }`, then `socketObserver = …`) stores once however often `onAppear` calls it; the
    /// same method without the guard stores once per appearance, and so does a method that a sink
    /// made behind the guard calls (per value of that sink).
    func testCreateOnceGuardBeforeTheStore() {
        let text = """
        final class InboxStore: ObservableObject {
            @Published var online = false
            private var socketObserver: AnyCancellable?
            private var bag = Set<AnyCancellable>()
            private let socket = ChatSocket()
            func load() {
                observeSocketOnce()
                observeState()
            }
            private func observeSocketOnce() {
                guard socketObserver == nil else { return }
                socketObserver = socket.frames.sink { [weak self] _ in self?.observeDraft() }
                socket.$state
                    .sink { [weak self] in self?.online = $0 == .connected }
                    .store(in: &bag)
            }
            private func observeState() {
                socket.$state
                    .sink { [weak self] in self?.online = $0 == .connected }
                    .store(in: &bag)
            }
            private func observeDraft() {
                socket.$draft
                    .sink { [weak self] _ in self?.online = true }
                    .store(in: &bag)
            }
        }
        struct InboxView: View {
            @StateObject var store = InboxStore()
            var body: some View {
                List {}.onAppear { store.load() }
            }
        }
        """
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["20:14", "25:14"])
    }

    /// A request made several project functions deep (a view model, a service, a protocol-typed API
    /// whose client signs, retries after renewing a token, and performs the URL request) answers
    /// and finishes: storing it on each appearance leaves nothing running.
    func testRequestSeveralFunctionsDeepFromAnAppearance() {
        let client = """
        protocol BankAPI { func accounts() -> AnyPublisher<[Account], APIError> }
        final class APIClient: BankAPI {
            private let session: URLSession = .shared
            func accounts() -> AnyPublisher<[Account], APIError> { get("accounts") }
            private func get<T: Decodable>(_ path: String) -> AnyPublisher<T, APIError> {
                authorized(URLRequest(url: URL(string: path)!))
            }
            private func authorized<T: Decodable>(_ request: URLRequest) -> AnyPublisher<T, APIError> {
                perform(request)
                    .catch { [weak self] error -> AnyPublisher<Data, APIError> in
                        guard let self else { return Fail(error: error).eraseToAnyPublisher() }
                        return self.renewToken().flatMap { _ in self.perform(request) }.eraseToAnyPublisher()
                    }
                    .decode(type: T.self, decoder: JSONDecoder())
                    .mapError { _ in APIError.decoding }
                    .eraseToAnyPublisher()
            }
            private func perform(_ request: URLRequest) -> AnyPublisher<Data, APIError> {
                session.dataTaskPublisher(for: request).map(\\.data).mapError { _ in APIError.transport }.retry(1).eraseToAnyPublisher()
            }
            private func renewToken() -> AnyPublisher<Void, APIError> {
                perform(URLRequest(url: URL(string: "token")!)).map { _ in () }.eraseToAnyPublisher()
            }
        }
        final class AccountsService {
            private let api: BankAPI
            init(api: BankAPI) { self.api = api }
            func refresh() -> AnyPublisher<[Account], APIError> {
                api.accounts().receive(on: DispatchQueue.main).eraseToAnyPublisher()
            }
        }
        final class AccountsViewModel {
            private let service: AccountsService
            init(service: AccountsService) { self.service = service }
            func refresh() -> AnyPublisher<Void, Never> {
                service.refresh().map { _ in () }.catch { _ in Just(()) }.eraseToAnyPublisher()
            }
        }
        """
        let screen = """
        final class AccountsViewController: UIViewController {
            private let viewModel: AccountsViewModel
            private var cancellables = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                viewModel.refresh()
                    .sink { _ in }
                    .store(in: &cancellables)
            }
        }
        """
        let files = [(path: "API.swift", text: client), (path: "AccountsViewController.swift", text: screen)]
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: files).map { "\($0.file):\($0.line)" }, [])
    }
}
