import XCTest
@testable import CombineLintKit

/// subject_fake_initial_value reports an event kept as optional state only where a subscriber can
/// arrive after the event was set and receive it again: not through `dropFirst()`, and not when
/// every consumer subscribes once per object of the declaring type, as that object is made.
final class SubjectFakeInitialValueReplayTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: SubjectFakeInitialValueRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" }
    }

    private let model = """
    final class DetailViewModel: ObservableObject {
        @Published private(set) var addedToCart: CartItem?
        func add(_ item: CartItem) { addedToCart = item }
        func confirmationShown() { addedToCart = nil }
    }
    """

    /// The screen, subscribing in `subscribe` (a placeholder for the function under test).
    private func screen(subscribeIn header: String, extra: String = "") -> String {
        """
        final class DetailViewController: UIViewController {
            private let viewModel: DetailViewModel
            private var cancellables = Set<AnyCancellable>()
            init(viewModel: DetailViewModel) {
                self.viewModel = viewModel
                super.init(nibName: nil, bundle: nil)
            }
            \(header) {
                viewModel.$addedToCart
                    .compactMap { $0 }
                    .sink { [weak self] item in
                        self?.show(item)
                        self?.viewModel.confirmationShown()
                    }
                    .store(in: &cancellables)
            }
        \(extra)
        }
        """
    }

    private func coordinator(_ body: String) -> String {
        """
        final class ShopCoordinator {
            private var current: DetailViewModel?
            func showDetail(on navigation: UINavigationController) {
        \(body)
            }
        }
        """
    }

    func testAModelMadeWithItsScreenAndSubscribedInViewDidLoadReplaysNothing() {
        let made = coordinator("""
                let viewModel = DetailViewModel()
                navigation.pushViewController(DetailViewController(viewModel: viewModel), animated: true)
        """)
        XCTAssertEqual(positions([(path: "Model.swift", text: model),
                                  (path: "Screen.swift", text: screen(subscribeIn: "override func viewDidLoad()")),
                                  (path: "Coordinator.swift", text: made)]), [])
        // Handed straight to the screen's initializer.
        let direct = coordinator("""
                navigation.pushViewController(DetailViewController(viewModel: DetailViewModel()), animated: true)
        """)
        XCTAssertEqual(positions([(path: "Model.swift", text: model),
                                  (path: "Screen.swift", text: screen(subscribeIn: "override func viewDidLoad()")),
                                  (path: "Coordinator.swift", text: direct)]), [])
    }

    /// A model kept for a later screen (`current ?? DetailViewModel()`, or a local also stored in a
    /// property) meets the next screen's subscriber with the old event still in it.
    func testAModelKeptForLaterIsReplayedToTheNextScreen() {
        for body in ["""
                let viewModel = current ?? DetailViewModel()
                current = viewModel
                navigation.pushViewController(DetailViewController(viewModel: viewModel), animated: true)
        """, """
                let viewModel = DetailViewModel()
                current = viewModel
                navigation.pushViewController(DetailViewController(viewModel: viewModel), animated: true)
        """] {
            XCTAssertEqual(positions([(path: "Model.swift", text: model),
                                      (path: "Screen.swift", text: screen(subscribeIn: "override func viewDidLoad()")),
                                      (path: "Coordinator.swift", text: coordinator(body))]), ["Model.swift:2:33"], body)
        }
    }

    /// Made in one function and shown from another, or made nowhere in sight: not known to be fresh.
    func testAModelMadeApartFromItsScreenIsReported() {
        let apart = """
        final class ShopCoordinator {
            private let viewModel = DetailViewModel()
            func showDetail(on navigation: UINavigationController) {
                navigation.pushViewController(DetailViewController(viewModel: viewModel), animated: true)
            }
        }
        """
        XCTAssertEqual(positions([(path: "Model.swift", text: model),
                                  (path: "Screen.swift", text: screen(subscribeIn: "override func viewDidLoad()")),
                                  (path: "Coordinator.swift", text: apart)]), ["Model.swift:2:33"])
        XCTAssertEqual(positions([(path: "Model.swift", text: model),
                                  (path: "Screen.swift", text: screen(subscribeIn: "override func viewDidLoad()"))]), ["Model.swift:2:33"])
    }

    /// A callback that runs again (`viewWillAppear`), a method with no caller in sight, or a method
    /// that a repeated callback calls too: each run subscribes again and gets the old event.
    func testASubscriberThatMayArriveAgainIsReported() {
        let made = coordinator("""
                let viewModel = DetailViewModel()
                navigation.pushViewController(DetailViewController(viewModel: viewModel), animated: true)
        """)
        let bindFromLoadAndAppear = """
            override func viewDidLoad() {
                super.viewDidLoad()
                bind()
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                bind()
            }
        """
        let bindFromLoad = """
            override func viewDidLoad() {
                super.viewDidLoad()
                bind()
            }
        """
        for (header, extra, expected) in [
            ("override func viewWillAppear(_ animated: Bool)", "", ["Model.swift:2:33"]),
            ("func bind()", "", ["Model.swift:2:33"]),
            ("private func bind()", bindFromLoadAndAppear, ["Model.swift:2:33"]),
            ("private func bind()", bindFromLoad, []),
        ] {
            XCTAssertEqual(positions([(path: "Model.swift", text: model),
                                      (path: "Screen.swift", text: screen(subscribeIn: header, extra: extra)),
                                      (path: "Coordinator.swift", text: made)]), expected, header + extra)
        }
    }

    /// A subscription made in a closure of `viewDidLoad` (another subscriber's `sink`) runs each
    /// time that closure does.
    func testASubscriptionInsideAClosureOfViewDidLoadIsReported() {
        let text = """
        final class DetailViewModel: ObservableObject {
            @Published private(set) var notice: String?
            let reloads = PassthroughSubject<Void, Never>()
        }
        final class DetailViewController: UIViewController {
            private let viewModel = DetailViewModel()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.reloads.sink { [weak self] in
                    guard let self else { return }
                    self.viewModel.$notice.compactMap { $0 }.sink { [weak self] in self?.title = $0 }.store(in: &self.cancellables)
                }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text)]), ["A.swift:2:33"])
        // The same subscription straight in viewDidLoad of the screen that makes its model.
        let once = """
        final class DetailViewModel: ObservableObject {
            @Published private(set) var notice: String?
        }
        final class DetailViewController: UIViewController {
            private let viewModel = DetailViewModel()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.$notice.compactMap { $0 }.sink { [weak self] in self?.title = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: once)]), [])
    }

    /// A model that subscribes to its own property in `init` is that property's only subscriber, once;
    /// a shared one (`static let shared`) meets every screen that subscribes later.
    func testOwnInitSubscriptionAndSharedObjects() {
        let own = """
        final class RouterModel: ObservableObject {
            @Published var pendingLink: URL?
            private var bag = Set<AnyCancellable>()
            init() {
                $pendingLink.compactMap { $0 }.sink { [weak self] in self?.open($0) }.store(in: &bag)
            }
            func open(_ url: URL) {}
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: own)]), [])
        let shared = """
        final class ToastCenter {
            static let shared = ToastCenter()
            let toast = CurrentValueSubject<String?, Never>(nil)
        }
        final class FeedViewController: UIViewController {
            private let center = ToastCenter.shared
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                center.toast.compactMap { $0 }.sink { [weak self] in self?.title = $0 }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: shared)]), ["A.swift:3:9"])
    }

    /// `dropFirst()` drops the value held at subscription, whatever it is: that consumer gets only
    /// later values. Another consumer that skips nil still makes the property an event.
    func testDropFirstDropsTheStaleValueToo() {
        let service = """
        final class SyncEngine {
            static let shared = SyncEngine()
            let conflict = CurrentValueSubject<Conflict?, Never>(nil)
        }
        final class ConflictBanner: UIView {
            private var bag = Set<AnyCancellable>()
            func observe() {
                SyncEngine.shared.conflict.dropFirst().compactMap { $0 }.sink { [weak self] in self?.show($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: service)]), [])
        let another = service.replacingOccurrences(of: "conflict.dropFirst().compactMap", with: "conflict.compactMap")
        XCTAssertEqual(positions([(path: "A.swift", text: another)]), ["A.swift:3:9"])
    }
}
