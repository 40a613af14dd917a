import XCTest
@testable import CombineLintKit

/// Idioms found while reading the round-28 to round-30 probes of the core rules again: generic base
/// screens and template-method hooks.
final class CoreRulesRound30Tests: XCTestCase {

    private let baseModel = (path: "BaseViewModel.swift", text: """
    class BaseViewModel: ObservableObject {
        @Published var errorMessage: String?
        func report(_ error: Error) { errorMessage = error.localizedDescription }
        func errorShown() { errorMessage = nil }
    }
    """)

    /// `let viewModel: VM` of `class BaseViewController<VM: BaseViewModel>`: in the base class's code
    /// (and its extensions) the value is a `BaseViewModel`, so `viewModel.$errorMessage.compactMap { $0 }`
    /// there is a consumer of that property that skips its nil.
    func testGenericParameterIsItsConstraint() {
        let screen = (path: "BaseViewController.swift", text: """
        class BaseViewController<VM: BaseViewModel>: UIViewController {
            let viewModel: VM
            var cancellables = Set<AnyCancellable>()
            init(viewModel: VM) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
        }
        extension BaseViewController {
            func bindErrors() {
                viewModel.$errorMessage
                    .compactMap { $0 }
                    .sink { [weak self] message in self?.show(message) }
                    .store(in: &cancellables)
            }
        }
        """)
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [baseModel, screen]), ["BaseViewModel.swift:2:20"])
        // A parameter of another name, or a class without that constraint, says nothing of `BaseViewModel`.
        let unconstrained = (path: screen.path, text: screen.text.replacingOccurrences(of: "<VM: BaseViewModel>", with: "<VM: AnyObject>"))
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [baseModel, unconstrained]), [])
    }

    /// A base screen's `viewWillAppear` calls a hook (`refreshOnAppear()`) that a subclass overrides
    /// to call the base class's `bindTitle()`: each appearance stores one more subscription. A
    /// subclass that empties the bag in its override first does not pile them up.
    func testOverriddenHookCallingAnInheritedHelper() {
        let base = (path: "BaseViewController.swift", text: """
        class BaseViewController: UIViewController {
            var cancellables = Set<AnyCancellable>()
            let model = TitleModel()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                refreshOnAppear()
            }
            func refreshOnAppear() {}
            func bindTitle() {
                model.$title
                    .sink { print($0) }
                    .store(in: &cancellables)
            }
        }
        final class TitleModel: ObservableObject { @Published var title = "" }
        """)
        let stats = (path: "StatsViewController.swift", text: """
        final class StatsViewController: BaseViewController {
            override func refreshOnAppear() {
                bindTitle()
            }
        }
        """)
        let found = findings(of: RepeatedSubscriptionRule.self, in: [base, stats])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["BaseViewController.swift:12:14"])
        XCTAssertEqual(found.first?.message,
                       "`BaseViewController.viewWillAppear(_:) → StatsViewController.refreshOnAppear() → BaseViewController.bindTitle() → store(in:)`: each run of `BaseViewController.viewWillAppear(_:)` adds one more live subscription to `cancellables`, and the earlier ones keep running.")
        let emptied = (path: stats.path, text: stats.text.replacingOccurrences(of: "        bindTitle()", with: "        cancellables.removeAll()\n        bindTitle()"))
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [base, emptied]), [])
    }

    /// `let router = ServiceContainer.shared.deepLinks`: a local bound to a chain of stored
    /// properties has the last property's type (read as text, it would name `ServiceContainer`),
    /// so `router.$pendingLink.compactMap { $0 }` consumes `DeepLinkRouter.pendingLink`.
    func testLocalBoundToAPropertyChain() {
        let text = """
        final class DeepLinkRouter {
            @Published var pendingLink: DeepLink?
            func handle(_ link: DeepLink) { pendingLink = link }
            func didHandle() { pendingLink = nil }
        }
        final class ServiceContainer {
            static let shared = ServiceContainer()
            let deepLinks = DeepLinkRouter()
        }
        final class SceneDelegate {
            var cancellables = Set<AnyCancellable>()
            func connect() {
                let router = ServiceContainer.shared.deepLinks
                router.$pendingLink
                    .compactMap { $0 }
                    .sink { [weak self] link in self?.open(link); router.didHandle() }
                    .store(in: &cancellables)
            }
            func open(_ link: DeepLink) {}
        }
        """
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [(path: "A.swift", text: text)]), ["A.swift:2:20"])
    }

    /// `sceneDidEnterBackground { coordinator.pauseLiveUpdates() }`, which calls the service's
    /// `pauseLive()` emptying the bag, pairs with `sceneWillEnterForeground { coordinator.resumeLiveUpdates() }`
    /// reaching the store: one object in between still ends each run. Without that pause, each
    /// return to the foreground adds one more subscription.
    func testLifecyclePairThroughAnotherObject() {
        let service = (path: "AvailabilityService.swift", text: """
        final class AvailabilityService {
            private var liveBag = Set<AnyCancellable>()
            let stream = PassthroughSubject<Update, Never>()
            func startLive() {
                stream
                    .sink { [weak self] update in self?.apply(update) }
                    .store(in: &liveBag)
            }
            func pauseLive() { liveBag.removeAll() }
            func apply(_ update: Update) {}
        }
        """)
        let app = (path: "App.swift", text: """
        final class AppCoordinator {
            let availability = AvailabilityService()
            func resumeLiveUpdates() { availability.startLive() }
            func pauseLiveUpdates() { availability.pauseLive() }
        }
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            let coordinator = AppCoordinator()
            func sceneWillEnterForeground(_ scene: UIScene) { coordinator.resumeLiveUpdates() }
            func sceneDidEnterBackground(_ scene: UIScene) { coordinator.pauseLiveUpdates() }
        }
        """)
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [service, app]), [])
        let unpaired = (path: app.path, text: app.text.replacingOccurrences(of: "{ coordinator.pauseLiveUpdates() }", with: "{}"))
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [service, unpaired]), ["AvailabilityService.swift:7:14"])
    }

    /// `guard animationBag.isEmpty else { return }` before `.store(in: &animationBag.subscriptions)`:
    /// the holder's emptiness lets the store through once. A guard on something else does not.
    func testEmptyHolderGuardsItsBag() {
        let text = """
        final class Bag: ObservableObject {
            var subscriptions = Set<AnyCancellable>()
            var isEmpty: Bool { subscriptions.isEmpty }
        }
        struct StreakView: View {
            @StateObject private var animationBag = Bag()
            @State private var scale = 1.0
            var body: some View {
                Text("streak")
                    .onAppear {
                        guard animationBag.isEmpty, scale > 0 else { return }
                        Timer.publish(every: 1.6, on: .main, in: .common)
                            .autoconnect()
                            .sink { _ in scale = scale == 1 ? 1.15 : 1 }
                            .store(in: &animationBag.subscriptions)
                    }
            }
        }
        """
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: text)]), [])
        let unguarded = text.replacingOccurrences(of: "guard animationBag.isEmpty, scale > 0", with: "guard scale > 0")
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: unguarded)]), ["A.swift:15:22"])
    }

    /// MapKit reuses annotation views as tables reuse cells: `mapView(_:viewFor:)` dequeues a pin that
    /// showed another annotation, so a subscription its `configure` stores piles up unless the pin's
    /// `prepareForReuse` empties the bag.
    func testAnnotationViewsAreReused() {
        let pin = (path: "StationAnnotationView.swift", text: """
        final class StationAnnotationView: MKMarkerAnnotationView {
            private var subscriptions = Set<AnyCancellable>()
            func configure(with station: Station, availability: AnyPublisher<String, Never>) {
                availability
                    .sink { [weak self] text in self?.glyphText = text }
                    .store(in: &subscriptions)
            }
        }
        """)
        let map = (path: "MapViewController.swift", text: """
        final class MapViewController: UIViewController, MKMapViewDelegate {
            let viewModel = MapViewModel()
            func mapView(_ mapView: MKMapView, viewFor annotation: MKAnnotation) -> MKAnnotationView? {
                let view = mapView.dequeueReusableAnnotationView(withIdentifier: "station", for: annotation) as! StationAnnotationView
                view.configure(with: station(of: annotation), availability: viewModel.availability(of: annotation))
                return view
            }
        }
        """)
        XCTAssertEqual(places(StoreInAppearanceRule.self, [pin, map]), ["StationAnnotationView.swift:6:14"])
        let reset = (path: pin.path, text: pin.text.replacingOccurrences(of: "    func configure", with: """
            override func prepareForReuse() {
                super.prepareForReuse()
                subscriptions.removeAll()
            }
            func configure
        """))
        XCTAssertEqual(places(StoreInAppearanceRule.self, [reset, map]), [])
    }

    /// A service container's `let location = LocationService()` holds an object, not the publisher a
    /// chain reads: it does not hide that `LocationService.location` erases an endless `$lastLocation`,
    /// so a button action subscribing to it again and again piles up subscriptions.
    func testSameNamedPropertyHoldingAServiceObjectIsNoPublisher() {
        let text = """
        final class LocationService: ObservableObject {
            @Published private(set) var lastLocation: CLLocation?
            var location: AnyPublisher<CLLocation?, Never> { $lastLocation.eraseToAnyPublisher() }
        }
        final class ServiceContainer {
            static let shared = ServiceContainer()
            let location = LocationService()
        }
        final class MapViewController: UIViewController {
            var cancellables = Set<AnyCancellable>()
            @objc private func recenterOnUser() {
                ServiceContainer.shared.location.location
                    .compactMap { $0 }
                    .sink { [weak self] location in self?.center(location) }
                    .store(in: &cancellables)
            }
            func center(_ location: CLLocation) {}
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:15:14"])
        let finite = text.replacingOccurrences(of: "{ $lastLocation.eraseToAnyPublisher() }", with: "{ Just(lastLocation).eraseToAnyPublisher() }")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: finite)]), [])
    }

    /// A toast centre that asks `if current == nil` before showing the next toast and takes each
    /// toast back from a `DispatchWorkItem` scheduled with `asyncAfter`: the toast is an event shown for
    /// a while, and a presenter subscribing meanwhile gets it again. `Calendar.current` in another
    /// type is a static member of `Calendar`, no read of `ToastCenter.current`. Cleared by a method
    /// of its own (`dismiss()`), the nil check reads a state.
    func testToastTakenBackByAWorkItemWithItsOwnNilCheck() {
        let center = (path: "Toasts.swift", text: """
        final class ToastCenter: ObservableObject {
            @Published var current: Toast? = nil
            private var queue: [Toast] = []
            private var dismissWork: DispatchWorkItem?
            func show(_ toast: Toast) {
                if current == nil { present(toast) } else { queue.append(toast) }
            }
            private func present(_ toast: Toast) {
                current = toast
                let work = DispatchWorkItem { [weak self] in
                    guard let self else { return }
                    if self.queue.isEmpty { self.current = nil } else { self.present(self.queue.removeFirst()) }
                }
                dismissWork = work
                DispatchQueue.main.asyncAfter(deadline: .now() + 2.5, execute: work)
            }
        }
        final class ToastView: UIView {
            var bag = Set<AnyCancellable>()
            init(center: ToastCenter) {
                super.init(frame: .zero)
                center.$current.compactMap { $0 }.sink { [weak self] in self?.present($0) }.store(in: &bag)
            }
            func present(_ toast: Toast) {}
        }
        """)
        let heatmap = (path: "HeatmapView.swift", text: """
        struct HeatmapView: View {
            private let calendar = Calendar.current
            var body: some View { Text("\\(calendar.component(.day, from: Date()))") }
        }
        """)
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [center, heatmap]), ["Toasts.swift:2:20"])
        let dismissed = (path: center.path, text: center.text.replacingOccurrences(of: "    private func present", with: "    func dismiss() { current = nil }\n    private func present"))
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [dismissed, heatmap]), [])
    }
}
