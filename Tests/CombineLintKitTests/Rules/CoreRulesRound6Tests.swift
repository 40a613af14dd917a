import XCTest
@testable import CombineLintKit

/// Idioms found by the round-6 probes (a UIKit + SwiftUI hybrid, protocol-oriented services with
/// coordinators and mocks, a settings module with many XCTest cases).
final class CoreRulesRound6Tests: XCTestCase {

    // MARK: subject_fake_initial_value: test code is no evidence

    /// A test that asserts `XCTAssertNil(store.pendingDeepLink.value)` checks the producer; it does not
    /// make the deep link state of the app. A test's (or a spy's) `compactMap { $0 }` waits for the next
    /// value; it does not make `banner` an event when the app itself never skips its nil.
    func testUsesInTestCodeAreNoEvidence() {
        let store = """
        final class SettingsStore {
            let pendingDeepLink = CurrentValueSubject<URL?, Never>(nil)
            let banner = CurrentValueSubject<String?, Never>(nil)
            func open(_ url: URL) { pendingDeepLink.send(url) }
            func show(_ text: String) { banner.send(text) }
        }
        final class Router {
            private var cancellable: AnyCancellable?
            func activate(_ store: SettingsStore) {
                cancellable = store.pendingDeepLink.compactMap { $0 }.sink { [weak self] url in self?.route(url) }
            }
            func route(_ url: URL) {}
        }
        final class BannerView {
            // store.banner.compactMap { $0 }.sink { _ in } in a comment is no consumer
            let hint = "store.banner.compactMap { $0 }"
        }
        """
        let tests = """
        final class SettingsStoreTests: XCTestCase {
            var store: SettingsStore!
            var cancellables = Set<AnyCancellable>()
            func testDeepLink() {
                store.open(URL(string: "app://x")!)
                XCTAssertNil(store.pendingDeepLink.value)
            }
            func testBanner() {
                let exp = expectation(description: "banner")
                store.banner.compactMap { $0 }.sink { _ in exp.fulfill() }.store(in: &cancellables)
                store.show("Synced")
                wait(for: [exp], timeout: 1)
            }
        }
        final class StoreSpy {
            private(set) var banners: [String] = []
            private var cancellables = Set<AnyCancellable>()
            init(store: SettingsStore) {
                store.banner.filter { $0 != nil }.sink { [weak self] in self?.banners.append($0!) }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [(path: "Store.swift", text: store), (path: "StoreTests.swift", text: tests)]),
                       ["Store.swift:2:9"])
    }

    // MARK: repeated_subscription: `self?.x = …` in a closure runs x's observer

    /// `self?.highlighted = …` in a `[weak self]` closure of `viewWillAppear` writes the property each
    /// time the callback runs, as `self.highlighted = …` does; its `didSet` stores into the bag again.
    /// Written from `viewDidLoad`, compared (`==`), written on another object or named in a string, it
    /// does not repeat.
    func testOptionalSelfWriteInAClosureRunsTheObserver() {
        let text = """
        final class ListController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            private let store = Store()
            private var highlighted: Item? {
                didSet { store.$favorites.sink { [weak self] _ in self?.mark() }.store(in: &cancellables) }
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                DispatchQueue.main.async { [weak self] in
                    self?.highlighted = self?.store.selected
                }
            }
            func mark() {}
        }
        final class OnceController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            private let store = Store()
            private let other = OnceController()
            private var highlighted: Item? {
                didSet { store.$favorites.sink { [weak self] _ in self?.mark() }.store(in: &cancellables) }
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                DispatchQueue.main.async { [weak self] in self?.highlighted = self?.store.selected }
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                DispatchQueue.main.async { [weak self, other] in
                    if self?.highlighted == nil { print("none") }
                    other.highlighted = nil
                    let text = "self?.highlighted = nil"
                    print(text)
                }
            }
            func mark() {}
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:5:74"])
    }

    // MARK: store_in_appearance: an override of isSelected/isHighlighted observes every tap

    /// UIKit writes a cell's `isSelected` on each selection and a control's `isHighlighted` on each
    /// touch: the observer of the override stores again and again while one row is displayed, so
    /// `prepareForReuse` emptying the bag does not help. A property of the cell's own (set by the data
    /// source on reuse), emptied there, does not pile up; nor does a view model's `isSelected`.
    func testSelectionOverrideObserverRepeatsWithinOneDisplay() {
        let text = """
        final class TagCell: UICollectionViewCell {
            private var cancellables = Set<AnyCancellable>()
            var model: TagModel?
            override var isSelected: Bool {
                didSet {
                    guard isSelected, let model else { return }
                    model.$count.sink { [weak self] in self?.update($0) }.store(in: &cancellables)
                }
            }
            var tagName: String? {
                didSet { model?.$count.sink { [weak self] _ in self?.setNeedsLayout() }.store(in: &cancellables) }
            }
            override func prepareForReuse() {
                super.prepareForReuse()
                cancellables.removeAll()
            }
            private func update(_ count: Int) {}
        }
        final class GlowButton: UIButton {
            private var bag = Set<AnyCancellable>()
            let theme = Theme()
            override var isHighlighted: Bool {
                willSet { theme.$glow.sink { [weak self] in self?.alpha = $0 }.store(in: &bag) }
            }
        }
        final class RowModel {
            private var bag = Set<AnyCancellable>()
            let theme = Theme()
            var isSelected = false {
                didSet { theme.$glow.sink { _ in }.store(in: &bag) }
            }
        }
        """
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: text)]), ["A.swift:7:67", "A.swift:23:72"])
        let message = findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).first?.message ?? ""
        XCTAssertTrue(message.hasPrefix("Every change of `isSelected` runs `isSelected.didSet`"), message)
    }

    // MARK: repeated_subscription: a protocol's publisher property whose live implementation never finishes

    /// `service.changes` with `let service: ItemService`: the app's only implementation hands on a
    /// subject merged with notifications, which never finishes, so each `.onAppear` leaves one more
    /// live subscription. A property whose implementation is a request (`dataTaskPublisher`) or `Just`
    /// finishes; a mock's subject in a test double is no evidence either way.
    func testProtocolPublisherPropertyWhoseLiveImplementationNeverFinishes() {
        let text = """
        protocol ItemService {
            var changes: AnyPublisher<[Int], Never> { get }
            var snapshot: AnyPublisher<[Int], Never> { get }
        }
        final class LiveItemService: ItemService {
            private let subject = CurrentValueSubject<[Int], Never>([])
            var changes: AnyPublisher<[Int], Never> {
                let dayChanged = NotificationCenter.default.publisher(for: .NSCalendarDayChanged).map { _ in [Int]() }
                return subject.merge(with: dayChanged).eraseToAnyPublisher()
            }
            var snapshot: AnyPublisher<[Int], Never> {
                Just(subject.value).eraseToAnyPublisher()
            }
        }
        final class MockItemService: ItemService {
            var changes: AnyPublisher<[Int], Never> { Just([1]).eraseToAnyPublisher() }
            let snapshotSubject = PassthroughSubject<[Int], Never>()
            var snapshot: AnyPublisher<[Int], Never> { snapshotSubject.eraseToAnyPublisher() }
        }
        final class ListModel: ObservableObject {
            @Published var items: [Int] = []
            private let service: ItemService
            private var cancellables = Set<AnyCancellable>()
            init(service: ItemService) { self.service = service }
            func observe() {
                service.changes.sink { [weak self] in self?.items = $0 }.store(in: &cancellables)
            }
            func refresh() {
                service.snapshot.sink { [weak self] in self?.items = $0 }.store(in: &cancellables)
                // service.changes.sink { _ in }.store(in: &cancellables)
            }
        }
        struct ListView: View {
            @StateObject var model: ListModel
            var body: some View {
                List(model.items, id: \\.self) { Text("\\($0)") }
                    .onAppear {
                        model.observe()
                        model.refresh()
                    }
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:26:66"])
    }

    // MARK: repeated_subscription: a base class's callback → an override → a property observer

    /// The base's `viewWillAppear` calls `refreshOnAppear()`; the subclass's override writes `pinned`,
    /// whose `didSet` stores into the bag: one more subscription per appearance. An override the base
    /// calls from `viewDidLoad` runs once; one whose bag `viewWillDisappear` empties does not pile up.
    func testOverrideCalledByBaseCallbackReachesAnObserver() {
        let text = """
        class BaseViewController: UIViewController {
            var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() { super.viewDidLoad(); bind() }
            override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); refreshOnAppear() }
            func bind() {}
            func refreshOnAppear() {}
        }
        final class PinViewController: BaseViewController {
            let store = Store()
            private var pinned: Int? {
                didSet { store.$items.sink { [weak self] _ in self?.view.setNeedsLayout() }.store(in: &cancellables) }
            }
            override func refreshOnAppear() { pinned = store.items.first }
        }
        final class BindViewController: BaseViewController {
            let store = Store()
            private var pinned: Int? {
                didSet { store.$items.sink { [weak self] _ in self?.view.setNeedsLayout() }.store(in: &cancellables) }
            }
            override func bind() { pinned = store.items.first }
        }
        final class ResetViewController: BaseViewController {
            let store = Store()
            private var visible = Set<AnyCancellable>()
            private var pinned: Int? {
                didSet { store.$items.sink { [weak self] _ in self?.view.setNeedsLayout() }.store(in: &visible) }
            }
            override func refreshOnAppear() { pinned = store.items.first }
            override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); visible.removeAll() }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["11:85"])
        XCTAssertTrue(found.first?.message.hasPrefix("`BaseViewController.viewWillAppear(_:) → PinViewController.refreshOnAppear() → PinViewController.pinned.didSet → store(in:)`") ?? false,
                      found.first?.message ?? "")
    }

    // MARK: discarded_cancellable: a publisher that finishes during `sink`

    /// `_ = Just(3).sink { … }` has delivered and finished before `sink` returns: nothing is left to
    /// cancel. After `receive(on:)`, `delay`, a `flatMap`, or with a subject, a request or
    /// `Empty(completeImmediately: false)`, the dropped token still ends the subscription too early.
    func testSynchronousPublisherMayDropItsToken() {
        let text = """
        final class SyncTests: XCTestCase {
            func testSynchronous() {
                var values: [Int] = []
                _ = Just(3).sink { values.append($0) }
                _ = [1, 2].publisher.map { $0 * 2 }.collect().sink { values += $0 }
                Fail<Int, URLError>(error: URLError(.badURL)).replaceError(with: 0).sink { values.append($0) }
                let text = "_ = subject.sink { _ in }"
                XCTAssertEqual(values.count, 4, text)
            }
            func testAsynchronous() {
                let subject = PassthroughSubject<Int, Never>()
                _ = Just(3).receive(on: DispatchQueue.main).sink { print($0) }
                _ = Just(3).flatMap { _ in URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).map(\\.data).replaceError(with: Data()) }.sink { print($0) }
                _ = Empty<Int, Never>(completeImmediately: false).sink { print($0) }
                _ = subject.sink { print($0) }
            }
        }
        """
        XCTAssertEqual(places(DiscardedCancellableRule.self, [(path: "A.swift", text: text)]),
                       ["A.swift:12:53", "A.swift:13:137", "A.swift:14:59", "A.swift:15:21"])
    }
}
