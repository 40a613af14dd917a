import XCTest
@testable import CombineLintKit

/// Idioms found by the round-23 probes (an old finance app, a podcast player, variations of the
/// issue's classes).
final class CoreRulesRound23Tests: XCTestCase {
    /// Two features each nest a `ViewModel`: a selection calling `viewModel.select(_:)` on a
    /// `Feed.ViewModel` runs the feed's method, not the settings' one.
    func testRepeatedCallOnANestedTypeOfACommonName() {
        let feed = """
        enum Feed {
            final class ViewModel: ObservableObject {
                @Published var selectedProgress = 0.0
                let store = ProgressStore()
                private var cancellables = Set<AnyCancellable>()
                func select(_ item: Item) {
                    store.$progressByID
                        .map { $0[item.id] ?? 0 }
                        .sink { [weak self] in self?.selectedProgress = $0 }
                        .store(in: &cancellables)
                }
            }
        }
        final class FeedViewController: UIViewController, UICollectionViewDelegate {
            private let viewModel: Feed.ViewModel
            init(viewModel: Feed.ViewModel) { self.viewModel = viewModel }
            func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                viewModel.select(items[indexPath.item])
            }
        }
        """
        let settings = """
        enum Settings {
            final class ViewModel: ObservableObject {
                let store = ProgressStore()
                private var cancellables = Set<AnyCancellable>()
                func select(_ item: Item) {}
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "Feed.swift", text: feed), (path: "Settings.swift", text: settings)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Feed.swift:10:18"])
    }

    /// A fetched-results controller's change callback runs on every change of its data, a search
    /// bar's scope change on every tap of a scope, a field's begin-editing on every focus: a store
    /// one call away from each piles up. One reached only from `viewDidLoad` does not.
    func testDataChangeScopeAndFocusCallbacksRunRepeatedly() {
        let text = """
        final class TransactionsViewController: UITableViewController, NSFetchedResultsControllerDelegate, UISearchBarDelegate, UITextFieldDelegate {
            private let model = TransactionsModel()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                observeRates()
            }
            func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
                observeSummary()
            }
            func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
                observeCounts()
            }
            func textFieldDidBeginEditing(_ textField: UITextField) {
                observeFee()
            }
            private func observeSummary() {
                model.$summary.sink { [weak self] in self?.title = $0 }.store(in: &bag)
            }
            private func observeCounts() {
                model.$counts.sink { [weak self] in self?.navigationItem.prompt = "\\($0)" }.store(in: &bag)
            }
            private func observeFee() {
                model.$fee.sink { [weak self] in self?.navigationItem.title = "\\($0)" }.store(in: &bag)
            }
            private func observeRates() {
                model.$rates.sink { [weak self] in self?.navigationItem.title = "\\($0)" }.store(in: &bag)
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line)" }, ["18", "21", "24"])
        XCTAssertTrue(found.first?.message.hasPrefix("`controllerDidChangeContent(_:) → observeSummary() → store(in:)`") == true, found.first?.message ?? "")
    }

    /// A store's live updates resumed from the scene's foreground callback and paused (its bag
    /// emptied) from the paired background callback hold one run's subscriptions.
    func testForegroundEntryPairedWithABackgroundResetOfTheStore() {
        let store = """
        final class FeedStore {
            private let changes = PassthroughSubject<Int, Never>()
            private var liveBag = Set<AnyCancellable>()
            private var count = 0
            func resumeLiveUpdates() {
                changes.sink { [weak self] in self?.count += $0 }.store(in: &liveBag)
            }
            func pauseLiveUpdates() { liveBag.removeAll() }
        }
        """
        let paired = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            let feedStore = FeedStore()
            func sceneWillEnterForeground(_ scene: UIScene) { feedStore.resumeLiveUpdates() }
            func sceneDidEnterBackground(_ scene: UIScene) { feedStore.pauseLiveUpdates() }
        }
        """
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "Store.swift", text: store), (path: "Scene.swift", text: paired)]).count, 0)
        let unpaired = paired.replacingOccurrences(of: "func sceneDidEnterBackground", with: "func sceneDidDisconnect")
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "Store.swift", text: store), (path: "Scene.swift", text: unpaired)])
            .map { "\($0.file):\($0.line)" }, ["Store.swift:6"])
    }

    /// A collection's own steps (`items.map(\.id)`) make a collection: its `publisher` gives all
    /// its values while `sink` runs, so the dropped token ends nothing; one hopping to a queue does.
    func testDroppedTokenOfAMappedCollectionsPublisher() {
        let text = """
        final class FeedViewController: UIViewController {
            func log(_ items: [Item]) {
                _ = items.map(\\.id).publisher.prefix(10).sink { print($0) }
                _ = items.filter(\\.isNew).map(\\.title).publisher.receive(on: DispatchQueue.main).sink { print($0) }
            }
        }
        """
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["4:90"])
    }

    /// A subscriber handing the value to a method under a reserved-word label (`presentShareSheet(for: url)`)
    /// whose completion sets the property back to nil: the reset is the handler's, so nil is no state.
    func testHandlerCalledWithAReservedWordLabelResetsTheEvent() {
        let model = """
        final class TransactionsViewModel: ObservableObject {
            @Published var exportedFileURL: URL?
            func export() { exportedFileURL = URL(fileURLWithPath: "/tmp/export.csv") }
        }
        """
        let screen = """
        final class TransactionsViewController: UIViewController {
            private let viewModel = TransactionsViewModel()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.$exportedFileURL
                    .compactMap { $0 }
                    .sink { [weak self] url in self?.presentShareSheet(for: url) }
                    .store(in: &bag)
            }
            private func presentShareSheet(for url: URL) {
                let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
                sheet.completionWithItemsHandler = { [weak self] _, _, _, _ in
                    self?.viewModel.exportedFileURL = nil
                }
                present(sheet, animated: true)
            }
        }
        """
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Model.swift", text: model), (path: "Screen.swift", text: screen)])
            .map { "\($0.file):\($0.line)" }, ["Model.swift:2"])
    }

    /// `.flatMap { $0.publisher }` (or `flatMap(\.publisher)`) turns each optional value into its
    /// Optional's publisher, which gives nothing for nil: a skip of nil, as `compactMap` is.
    func testOptionalPublisherFlatMapSkipsNil() {
        let text = """
        final class AppDelegate: NSObject, UIApplicationDelegate {
            let pendingRoute = CurrentValueSubject<Route?, Never>(nil)
            let pendingBadge = CurrentValueSubject<Int?, Never>(nil)
            private var bag = Set<AnyCancellable>()
            func open(_ route: Route) { pendingRoute.send(route) }
            func badge(_ count: Int) { pendingBadge.send(count) }
            func bind(router: Router) {
                pendingRoute.flatMap { $0.publisher }.sink { router.show($0) }.store(in: &bag)
                pendingBadge.flatMap(\\.publisher).sink { router.badge($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line)" }, ["2", "3"])
    }

    /// `publisher.subscribe(store.subject)` returns the subscription's `AnyCancellable`; dropped, the
    /// other object's subject is unsubscribed at once. Subscribing a `Subscriber` returns nothing.
    func testDroppedSubscriptionOfAnotherObjectsSubject() {
        let text = """
        final class FeedStore {
            let downloadCompleted = PassthroughSubject<Episode, Never>()
            let progressObserver: AnySubscriber<Double, Never>
        }
        final class Dependencies {
            let downloads = DownloadManager()
            let feedStore = FeedStore()
            func wire() {
                downloads.completed.subscribe(feedStore.downloadCompleted)
                downloads.progress.subscribe(feedStore.progressObserver)
            }
        }
        """
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["9:29"])
    }
}
