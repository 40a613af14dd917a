import XCTest
@testable import CombineLintKit

/// Idioms found by the round-5 probes (a document-based AppKit app, a Core Data app with a sync
/// engine, a UIKit app with compositional-layout cells): property observers that subscribe,
/// subscribers made by hand, AppKit's reusable table views and selection, an app delegate's
/// action, and a subscriber that resets its subject through a method.
final class CoreRulesRound5Tests: XCTestCase {
    // MARK: repeated_subscription: a write to a property whose observer subscribes

    /// `highlighted = …` in `viewWillAppear` runs `highlighted.didSet`, which stores into the bag each time.
    /// Written in `viewDidLoad` (once), or with the bag emptied first, it does not pile up.
    func testWriteFromRepeatedCallbackRunsTheObserver() {
        let text = """
        final class ListController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            private let store = Store()
            private var highlighted: Item? {
                didSet {
                    guard let highlighted else { return }
                    store.$favorites.map { $0.contains(highlighted.id) }.sink { [weak self] in self?.mark($0) }.store(in: &cancellables)
                }
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                highlighted = store.selected
            }
            func mark(_ on: Bool) {}
        }
        final class OnceController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            private let store = Store()
            private var highlighted: Item? {
                didSet { store.$favorites.sink { [weak self] _ in self?.mark() }.store(in: &cancellables) }
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                self.highlighted = store.selected
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                let highlighted = store.selected
                print(highlighted)
            }
            func mark() {}
        }
        final class ResetController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            private let store = Store()
            private var highlighted: Item? {
                didSet {
                    cancellables.removeAll()
                    store.$favorites.sink { [weak self] _ in self?.mark() }.store(in: &cancellables)
                }
            }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                highlighted = store.selected
            }
            func mark() {}
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["7:105"])
        let message = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).first?.message ?? ""
        XCTAssertTrue(message.hasPrefix("`viewWillAppear(_:) → highlighted.didSet → store(in:)`"), message)
    }

    /// A cell's observer is an entry itself (the data source sets the property on every reuse): the
    /// method it calls stores into the bag, unless `prepareForReuse` empties it. A store right in the
    /// observer is `store_in_appearance`'s.
    func testCellObserverCallingAStoringMethod() {
        let text = """
        final class BadgeCell: UICollectionViewCell {
            private var bag = Set<AnyCancellable>()
            var trailID: UUID? { didSet { observe() } }
            var other: UUID? { didSet { Store.shared.$favorites.sink { _ in }.store(in: &bag) } }
            private func observe() {
                Store.shared.$favorites.sink { [weak self] _ in self?.setNeedsLayout() }.store(in: &bag)
            }
        }
        final class ResetCell: UICollectionViewCell {
            private var bag = Set<AnyCancellable>()
            var trailID: UUID? { didSet { observe() } }
            override func prepareForReuse() {
                super.prepareForReuse()
                bag.removeAll()
            }
            private func observe() {
                Store.shared.$favorites.sink { [weak self] _ in self?.setNeedsLayout() }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["6:82"])
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["4:71"])
    }

    /// An observer written in a string or a comment is no code; a static property's observer is no
    /// member of an object.
    func testObserverInStringsAndStaticProperties() {
        let text = """
        final class Screen: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            static var shared: Item? { didSet { Store.shared.$favorites.sink { _ in }.store(in: &cancellables) } }
            private var label = "var x: Int { didSet { p.sink { _ in }.store(in: &cancellables) } }"
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                Screen.shared = nil
                // highlighted = store.selected
                label = "x"
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), [])
    }

    // MARK: AppKit: reused table cell views, selection

    /// `makeView(withIdentifier:owner:)` hands back a used `NSTableCellView`: its configure method,
    /// called per row, piles up subscriptions unless its `prepareForReuse` empties the bag.
    func testAppKitTableCellViewIsReused() {
        let text = """
        final class NoteRowView: NSTableCellView {
            private var cancellables = Set<AnyCancellable>()
            func configure(note: Note, model: Model) {
                model.$pinned.sink { [weak self] _ in self?.needsDisplay = true }.store(in: &cancellables)
            }
        }
        final class TagRowView: NSTableCellView {
            private var cancellables = Set<AnyCancellable>()
            override func prepareForReuse() {
                super.prepareForReuse()
                cancellables.removeAll()
            }
            func configure(tag: String, model: Model) {
                model.$notes.sink { [weak self] _ in self?.needsDisplay = true }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["4:75"])
    }

    /// `tableViewSelectionDidChange(_:)` runs on every click of a row, as UIKit's `didSelectRowAt` does.
    func testAppKitSelectionChangeRepeats() {
        let text = """
        final class ListController: NSViewController, NSTableViewDelegate {
            private var cancellables = Set<AnyCancellable>()
            private let tableView = NSTableView()
            var model: Model?
            func tableViewSelectionDidChange(_ notification: Notification) {
                model?.$notes.sink { [weak self] _ in self?.view.needsLayout = true }.store(in: &cancellables)
                URLSession.shared.dataTaskPublisher(for: url).sink { _ in } receiveValue: { _ in }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text), ["6:79"])
    }

    // MARK: strong_self_capture: subscribers made by hand

    /// A `Subscribers.Sink` kept in a member, and an `AnySubscriber` given to a publisher that `self`
    /// keeps (a strong stored property's subject), hold `self` through their closures.
    func testHandMadeSubscribersKeptBySelf() {
        let text = """
        final class DetailController: UIViewController {
            private let viewModel = DetailViewModel()
            private var shareSubscriber: Subscribers.Sink<URL?, Never>?
            private let subject = PassthroughSubject<Int, Never>()
            override func viewDidLoad() {
                super.viewDidLoad()
                let sink = Subscribers.Sink<URL?, Never>(receiveCompletion: { _ in }, receiveValue: { url in
                    self.title = url?.absoluteString
                })
                shareSubscriber = sink
                let subscriber = AnySubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) },
                                                            receiveValue: { value in self.count = value; return .none })
                viewModel.events.subscribe(subscriber)
                subject.subscribe(AnySubscriber(receiveValue: { _ in self.count += 1; return .none }))
            }
            var count = 0
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["8:13", "12:78", "14:62"])
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.first?.message, "This closure holds `self` strongly, and `self` keeps its subscription in `shareSubscriber`: a retain cycle.")
        XCTAssertEqual(found.dropFirst().first?.message, "This closure holds `self` strongly, and `self` keeps its subscription in `viewModel.events`: a retain cycle.")
    }

    /// Not kept by `self`: `[weak self]`/`[unowned self]`, a subscriber given to another object's or a
    /// local's publisher, a struct, `AnySubscriber(subject)` (no closures), a `Sink` that is not Combine's,
    /// and text in strings and comments.
    func testHandMadeSubscribersThatDoNotCycle() {
        let text = """
        final class ProfileController: UIViewController {
            private let viewModel = ProfileViewModel()
            weak var parentModel: ProfileViewModel?
            private let relay = PassthroughSubject<Void, Never>()
            private lazy var logout = AnySubscriber<Void, Never>(receiveSubscription: { $0.request(.unlimited) },
                                                                 receiveValue: { [unowned self] in self.close(); return .none })
            private var weakSink: Subscribers.Sink<Int, Never>?
            func bind(_ other: ProfileViewModel) {
                weakSink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { [weak self] _ in self?.close() })
                parentModel?.events.subscribe(AnySubscriber(receiveValue: { _ in self.close(); return .none }))
                other.events.subscribe(AnySubscriber(receiveValue: { _ in self.close(); return .none }))
                let local = PassthroughSubject<Int, Never>()
                local.subscribe(AnySubscriber(receiveValue: { _ in self.close(); return .none }))
                viewModel.events.subscribe(AnySubscriber(relay))
                let note = "subject.subscribe(AnySubscriber(receiveValue: { _ in self.close(); return .none }))"
                // relay.subscribe(AnySubscriber(receiveValue: { _ in self.close(); return .none }))
                print(note)
            }
            func close() {}
        }
        struct Screen {
            let subject = PassthroughSubject<Int, Never>()
            func bind() { subject.subscribe(AnySubscriber(receiveValue: { _ in self.show(); return .none })) }
            func show() {}
        }
        enum Pipes {
            struct Sink { init(receiveValue: (Int) -> Void) {} }
        }
        final class Other {
            private var keep: Pipes.Sink?
            func bind() { keep = Pipes.Sink(receiveValue: { _ in self.bind() }) }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), [])
    }

    // MARK: strong_self_capture: an app delegate's action makes a new object each run

    /// An object made in an `@objc` action of the application's delegate is made again on each click and
    /// the last one let go: it does not live for the run, so its cycle leaks. One made at launch does.
    func testObjectMadeInAnAppDelegateActionDoesNotLiveForTheRun() {
        let text = """
        final class InspectorController: NSWindowController {
            private var cancellables = Set<AnyCancellable>()
            func bind(_ model: Model) {
                model.$notes.sink { _ in self.window?.title = "" }.store(in: &cancellables)
            }
        }
        final class StatusController {
            private var cancellables = Set<AnyCancellable>()
            func bind(_ model: Model) {
                model.$notes.sink { _ in self.refresh() }.store(in: &cancellables)
            }
            func refresh() {}
        }
        @main
        final class AppDelegate: NSObject, NSApplicationDelegate {
            private var inspector: InspectorController?
            private var status: StatusController?
            func applicationDidFinishLaunching(_ notification: Notification) {
                status = StatusController()
            }
            @objc func showInspector(_ sender: Any?) {
                inspector = InspectorController()
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["4:34"])
    }

    // MARK: subject_fake_initial_value: reset through the handler method

    /// `.compactMap { $0 }.sink { self?.reveal($0) }` where `reveal` sends `nil` back once done: the
    /// subscriber resets the event, not some other code setting a state. A reset elsewhere still is a state.
    func testResetInTheMethodTheSubscriberCalls() {
        let text = """
        final class Model {
            let pendingReveal = CurrentValueSubject<UUID?, Never>(nil)
            let selection = CurrentValueSubject<UUID?, Never>(nil)
            func clearSelection() { selection.send(nil) }
        }
        final class ListController: NSViewController {
            var model: Model?
            private var cancellables = Set<AnyCancellable>()
            func bind(_ model: Model) {
                model.pendingReveal.compactMap { $0 }.sink { [weak self] id in self?.reveal(id) }.store(in: &cancellables)
                model.selection.compactMap { $0 }.sink { [weak self] id in self?.select(id) }.store(in: &cancellables)
            }
            private func reveal(_ id: UUID) {
                print(id)
                model?.pendingReveal.send(nil)
            }
            private func select(_ id: UUID) { print(id) }
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["2:9"])
    }
}

extension CoreRulesRound5Tests {
    /// A subscriber made by hand and given to `subscribe(_:)` is a consumer like `sink`: one that skips
    /// nil and sets the subject back once done reports it; one that handles nil, or an `AnySubscriber(subject)`
    /// relay, does not.
    func testHandMadeSubscriberConsumers() {
        let text = """
        final class DetailViewModel {
            let shareRequest = CurrentValueSubject<URL?, Never>(nil)
            let banner = CurrentValueSubject<String?, Never>(nil)
            let relayed = CurrentValueSubject<String?, Never>(nil)
        }
        final class DetailController: UIViewController {
            private let viewModel = DetailViewModel()
            private var keep: [Any] = []
            private let relay = PassthroughSubject<String?, Never>()
            override func viewDidLoad() {
                super.viewDidLoad()
                let sink = Subscribers.Sink<URL?, Never>(receiveCompletion: { _ in }, receiveValue: { [weak self] url in
                    guard let url else { return }
                    self?.open(url)
                    self?.viewModel.shareRequest.send(nil)
                })
                viewModel.shareRequest.subscribe(sink)
                viewModel.banner.subscribe(Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { [weak self] text in
                    self?.title = text ?? "none"
                }))
                viewModel.relayed.subscribe(AnySubscriber(relay))
                keep = [sink]
            }
            func open(_ url: URL) {}
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["2:9"])
    }
}

extension CoreRulesRound5Tests {
    /// A row's `willDisplay` is paired with `didEndDisplaying`: a bag the same type empties there does
    /// not pile up; one emptied by another type, or not at all, does.
    func testWillDisplayPairedWithDidEndDisplaying() {
        let text = """
        final class ReviewsController: UITableViewController {
            private var visibleRows = Set<AnyCancellable>()
            var models: [RowModel] = []
            override func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
                models[indexPath.row].$likes.sink { [weak tableView] _ in tableView?.reloadData() }.store(in: &visibleRows)
            }
            override func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
                visibleRows.removeAll()
            }
        }
        final class GalleryController: UICollectionViewController {
            private var visibleRows = Set<AnyCancellable>()
            var models: [RowModel] = []
            override func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                models[indexPath.item].$likes.sink { [weak collectionView] _ in collectionView?.reloadData() }.store(in: &visibleRows)
            }
            override func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                print(indexPath)
            }
        }
        """
        XCTAssertEqual(positions(StoreInAppearanceRule.self, text), ["15:104"])
    }
}

extension CoreRulesRound5Tests {
    /// A hand-made `Subscribers.Sink` is a `Cancellable`: `sink.store(in: &cancellables)` or
    /// `cancellables.insert(AnyCancellable(sink))` keeps it in `self`'s bag; an `AnyCancellable(sink)`
    /// kept in a local only, or `[weak self]`, is no cycle.
    func testHandMadeSinkKeptInABag() {
        let text = """
        final class A: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                let sink = Subscribers.Sink<Notification, Never>(receiveCompletion: { _ in }, receiveValue: { _ in self.reload() })
                NotificationCenter.default.publisher(for: .changed).subscribe(sink)
                sink.store(in: &cancellables)
                let other = Subscribers.Sink<Notification, Never>(receiveCompletion: { _ in }, receiveValue: { _ in self.reload() })
                NotificationCenter.default.publisher(for: .changed).subscribe(other)
                cancellables.insert(AnyCancellable(other))
                let third = Subscribers.Sink<Notification, Never>(receiveCompletion: { _ in }, receiveValue: { _ in self.reload() })
                let token = AnyCancellable(third)
                print(token)
                let fourth = Subscribers.Sink<Notification, Never>(receiveCompletion: { _ in }, receiveValue: { [weak self] _ in self?.reload() })
                cancellables.insert(AnyCancellable(fourth))
            }
            func reload() {}
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["5:108", "8:109"])
    }
}

extension CoreRulesRound5Tests {
    /// An object made in a scene's content closure (`WindowGroup { ContentView(model: EditorModel()) }`)
    /// is made for each window and each update of the `App`: it does not live for the run. A
    /// `@StateObject` of the `App` does, and so does one of a view made there (SwiftUI keeps it).
    func testObjectMadeInASceneClosureDoesNotLiveForTheRun() {
        let text = """
        final class EditorModel: ObservableObject {
            @Published var text = ""
            @Published var count = 0
            private var cancellables = Set<AnyCancellable>()
            init() {
                $text.sink { self.count = $0.count }.store(in: &cancellables)
            }
        }
        final class AppModel: ObservableObject {
            @Published var text = ""
            @Published var count = 0
            private var cancellables = Set<AnyCancellable>()
            init() {
                $text.sink { self.count = $0.count }.store(in: &cancellables)
            }
        }
        final class RootModel: ObservableObject {
            @Published var text = ""
            @Published var count = 0
            private var cancellables = Set<AnyCancellable>()
            init() {
                $text.sink { self.count = $0.count }.store(in: &cancellables)
            }
        }
        struct RootView: View {
            @StateObject var state = RootModel()
            var body: some View { Text(state.text) }
        }
        @main
        struct NotesApp: App {
            @StateObject private var appModel = AppModel()
            var body: some Scene {
                WindowGroup {
                    ContentView(model: EditorModel())
                    RootView()
                }
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["6:22"])
    }
}
