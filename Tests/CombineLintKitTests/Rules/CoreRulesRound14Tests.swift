import XCTest
@testable import CombineLintKit

/// Idioms found by the round-14 probes (a UIKit marina booking app with coordinators, a SwiftUI
/// plant care app with representables and sensor streams).
final class CoreRulesRound14Tests: XCTestCase {
    // MARK: repeated_subscription: a view model's collection state named like the repository's publisher

    /// `@Published var plants: [Plant]` of the view model is a list, never a publisher, so it does not
    /// hide that every implementation of the store's `plants` hands on a subject (never finishes). The
    /// `catalog` property of the same store is a `Just`: loading it on each appearance leaves nothing.
    func testCollectionStateNamedLikeThePublisherDoesNotHideIt() {
        let text = """
        import SwiftUI
        import Combine

        protocol PlantStore: AnyObject {
            var plants: AnyPublisher<[Plant], Never> { get }
            var catalog: AnyPublisher<[Plant], Never> { get }
        }

        final class LocalPlantStore: PlantStore {
            private let storage = CurrentValueSubject<[Plant], Never>([])
            var plants: AnyPublisher<[Plant], Never> { storage.eraseToAnyPublisher() }
            var catalog: AnyPublisher<[Plant], Never> { Just([]).eraseToAnyPublisher() }
        }

        final class GardenModel: ObservableObject {
            @Published private(set) var plants: [Plant] = []
            @Published private(set) var catalog: Array<Plant> = []
            private let store: PlantStore
            private var cancellables = Set<AnyCancellable>()

            init(store: PlantStore) { self.store = store }

            func startObserving() {
                store.plants
                    .sink { [weak self] in self?.plants = $0 }
                    .store(in: &cancellables)
            }

            func loadCatalog() {
                store.catalog
                    .sink { [weak self] in self?.catalog = $0 }
                    .store(in: &cancellables)
            }
        }

        struct GardenView: View {
            @StateObject var model: GardenModel

            var body: some View {
                List(model.plants) { Text($0.name) }
                    .onAppear {
                        model.startObserving()
                        model.loadCatalog()
                    }
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["26:14"])
    }

    // MARK: strong_self_capture: a representable's dismantleUIView empties the coordinator's bag

    /// SwiftUI calls `dismantleUIView(_:coordinator:)` before it drops the coordinator, so a bag emptied
    /// there ends the cycle; a token it leaves alone, and a same-named `Coordinator` of a representable
    /// without that teardown, stay cycles.
    func testCoordinatorBagEmptiedByDismantleIsQuiet() {
        let text = """
        import SwiftUI
        import Combine

        struct CameraPreview: UIViewRepresentable {
            let session: CameraSession

            func makeCoordinator() -> Coordinator { Coordinator(session: session) }
            func makeUIView(context: Context) -> UIView { UIView() }
            func updateUIView(_ uiView: UIView, context: Context) {}

            static func dismantleUIView(_ uiView: UIView, coordinator: Coordinator) {
                coordinator.cancellables.removeAll()
            }

            final class Coordinator {
                var cancellables = Set<AnyCancellable>()
                var frameToken: AnyCancellable?
                var count = 0

                init(session: CameraSession) {
                    session.frames.sink { _ in self.count += 1 }.store(in: &cancellables)
                    frameToken = session.frames.sink { _ in self.count += 1 }
                }
            }
        }

        struct MapPreview: UIViewRepresentable {
            let session: CameraSession

            func makeCoordinator() -> Coordinator { Coordinator(session: session) }
            func makeUIView(context: Context) -> UIView { UIView() }
            func updateUIView(_ uiView: UIView, context: Context) {}

            final class Coordinator {
                var cancellables = Set<AnyCancellable>()
                var count = 0

                init(session: CameraSession) {
                    session.frames.sink { _ in self.count += 1 }.store(in: &cancellables)
                }
            }
        }

        final class CameraSession {
            let frames = PassthroughSubject<Int, Never>()
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["22:53", "39:40"])
    }

    // MARK: repeated_subscription: the caller's disappearance callback ends what its appearance started

    /// `viewDidDisappear` calling `model.stopLive()`, which empties `liveBag`, pairs with the
    /// `viewWillAppear` that calls `model.startLive()`; `trackingBag` is emptied nowhere.
    func testBagEmptiedFromCallersDisappearanceIsQuiet() {
        let text = """
        import UIKit
        import Combine

        final class FeedModel {
            let updates = PassthroughSubject<Int, Never>()
            private var liveBag = Set<AnyCancellable>()
            private var trackingBag = Set<AnyCancellable>()
            var count = 0

            func startLive() {
                updates.sink { [weak self] in self?.count = $0 }.store(in: &liveBag)
            }

            func stopLive() {
                liveBag.removeAll()
            }

            func startTracking() {
                updates.sink { [weak self] in self?.count = $0 }.store(in: &trackingBag)
            }
        }

        final class FeedViewController: UIViewController {
            let model = FeedModel()

            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                model.startLive()
                model.startTracking()
            }

            override func viewDidDisappear(_ animated: Bool) {
                super.viewDidDisappear(animated)
                model.stopLive()
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["19:58"])
    }

    // MARK: subject_fake_initial_value: nil written only to clear the last value before the next

    /// `reload()` clears `errorMessage` (and sends nil to `notice`) before its request writes the next
    /// one: with every consumer compactMapping, nil is no state anyone receives. `clearSelection()`
    /// writes nil and nothing after it: a real state, as documented.
    func testClearedBeforeProducingIsNoState() {
        let text = """
        import UIKit
        import Combine

        final class ListModel {
            @Published var errorMessage: String? = nil
            @Published var selected: Item? = nil
            let notice = CurrentValueSubject<String?, Never>(nil)
            private let api: API
            private var cancellables = Set<AnyCancellable>()

            init(api: API) { self.api = api }

            func reload() {
                errorMessage = nil
                notice.send(nil)
                api.items()
                    .sink { completion in
                        if case .failure(let error) = completion {
                            self.errorMessage = error.localizedDescription
                            self.notice.send("Offline")
                        }
                    } receiveValue: { _ in }
                    .store(in: &cancellables)
            }

            func clearSelection() {
                selected = nil
            }
        }

        final class ListViewController: UIViewController {
            let model = ListModel(api: API())
            private var cancellables = Set<AnyCancellable>()

            override func viewDidLoad() {
                super.viewDidLoad()
                model.$errorMessage.compactMap { $0 }.sink { [weak self] in self?.showError($0) }.store(in: &cancellables)
                model.notice.compactMap { $0 }.sink { [weak self] in self?.showError($0) }.store(in: &cancellables)
                model.$selected.compactMap { $0 }.sink { [weak self] in self?.open($0) }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["5:20", "7:9"])
    }

    // MARK: repeated_subscription: a closure handed to a screen's callback property that a tap calls

    /// The coordinator's `form.onShowCart = { … showCart() }` runs on each tap of the bar button's
    /// `UIAction`, and `showCart()` stores a sink of a subject: one more each tap. `onCheckout`, called
    /// from an `@objc` action, reaches a request that finishes; `onFinish` is called from no repeated code.
    func testCallbackPropertyClosureCalledOnTapIsRepeated() {
        let text = """
        import UIKit
        import Combine

        final class CartModel {
            let items = CurrentValueSubject<[String], Never>([])
            func checkout() -> AnyPublisher<String, Never> { Just("ok").eraseToAnyPublisher() }
        }

        final class FormViewController: UIViewController {
            var onShowCart: (() -> Void)?
            var onCheckout: (() -> Void)?
            var onFinish: (() -> Void)?

            override func viewDidLoad() {
                super.viewDidLoad()
                navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Cart", primaryAction: UIAction { [weak self] _ in
                    self?.onShowCart?()
                })
            }

            @objc private func checkoutTapped() {
                onCheckout?()
            }

            func close() {
                onFinish?()
            }
        }

        final class BookingCoordinator {
            private let cart = CartModel()
            private var cancellables = Set<AnyCancellable>()
            private var title = ""

            func start() {
                let form = FormViewController()
                form.onShowCart = { [weak self] in self?.showCart() }
                form.onCheckout = { [weak self] in self?.checkout() }
                form.onFinish = { [weak self] in self?.finish() }
            }

            private func showCart() {
                cart.items
                    .sink { [weak self] in self?.title = "\\($0.count)" }
                    .store(in: &cancellables)
            }

            private func checkout() {
                cart.checkout()
                    .sink { [weak self] in self?.title = $0 }
                    .store(in: &cancellables)
            }

            private func finish() {
                cart.items
                    .sink { [weak self] in self?.title = "\\($0.count)" }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["45:14"])
    }

    /// A method that a repeated place calls on an object it has just made (`let booking = FlowCoordinator(…);
    /// booking.start()`) runs once per object, each with an empty bag; `shared.begin()` on a stored object
    /// runs again on the same one.
    func testMethodOfFreshlyMadeLocalIsNotRepeated() {
        let text = """
        import UIKit
        import Combine

        final class ListViewController: UIViewController {
            var onBook: (() -> Void)?
            var onRefresh: (() -> Void)?

            @objc private func bookTapped() {
                onBook?()
            }

            @objc private func refreshTapped() {
                onRefresh?()
            }
        }

        final class FlowCoordinator {
            let events = PassthroughSubject<Int, Never>()
            private var cancellables = Set<AnyCancellable>()
            var count = 0

            func start() {
                events.sink { [weak self] in self?.count = $0 }.store(in: &cancellables)
            }
        }

        final class SharedFlow {
            let events = PassthroughSubject<Int, Never>()
            private var cancellables = Set<AnyCancellable>()
            var count = 0

            func begin() {
                events.sink { [weak self] in self?.count = $0 }.store(in: &cancellables)
            }
        }

        // Each tap of Book makes a new flow (its bag starts empty); each refresh restarts the one shared flow.
        final class AppCoordinator {
            private let shared = SharedFlow()

            func start() {
                let list = ListViewController()
                list.onBook = { [weak self] in self?.startBooking() }
                list.onRefresh = { [weak self] in self?.restartShared() }
            }

            private func startBooking() {
                let booking = FlowCoordinator()
                booking.start()
            }

            private func restartShared() {
                shared.begin()
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["33:57"])
    }
}
