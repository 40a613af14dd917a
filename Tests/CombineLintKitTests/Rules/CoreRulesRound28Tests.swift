import XCTest
@testable import CombineLintKit

/// Idioms found by the round-28 probes of the core rules.
final class CoreRulesRound28Tests: XCTestCase {

    /// A project method that shares a Combine operator's name but not its labels (`api.subscribe(to:)`,
    /// a one-shot request) is the pipeline's source, not the operator: the request finishes, so the
    /// strong `self` in its sink is released with it. `subscribe(on:)` stays the operator.
    func testAProjectMethodNamedLikeAnOperatorIsTheSource() {
        let api = """
        protocol PodcastAPI {
            func subscribe(to id: Podcast.ID) -> AnyPublisher<Void, APIError>
        }
        final class APIClient: PodcastAPI {
            private let session = URLSession.shared
            func subscribe(to id: Podcast.ID) -> AnyPublisher<Void, APIError> {
                session.dataTaskPublisher(for: URL(string: "https://example.com/\\(id)")!)
                    .map { _ in () }
                    .mapError(APIError.transport)
                    .eraseToAnyPublisher()
            }
        }
        """
        let model = """
        final class SearchViewModel {
            let api: PodcastAPI
            let updates = PassthroughSubject<String, Never>()
            var status = ""
            private var cancellables = Set<AnyCancellable>()
            init(api: PodcastAPI) { self.api = api }
            func follow(_ id: Podcast.ID) {
                api.subscribe(to: id)
                    .sink(receiveCompletion: { _ in self.status = "done" }, receiveValue: { _ in })
                    .store(in: &cancellables)
            }
            func watch() {
                updates.subscribe(on: DispatchQueue.global())
                    .sink { self.status = $0 }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [(path: "API.swift", text: api), (path: "Model.swift", text: model)]),
                       ["Model.swift:14:21"])
    }

    /// A tab's label (`.tabItem { … }`) is built with the view, on every redraw: a model method it
    /// calls that stores a subscription adds one per redraw.
    func testATabItemLabelIsBuiltWithTheView() {
        let text = """
        final class BadgeModel: ObservableObject {
            @Published var count = 0
            let counts = PassthroughSubject<Int, Never>()
            private var bag = Set<AnyCancellable>()
            func badgeText() -> String {
                counts.sink { [weak self] in self?.count = $0 }.store(in: &bag)
                return "\\(count)"
            }
        }
        struct RootView: View {
            @ObservedObject var model: BadgeModel
            var body: some View {
                TabView {
                    Text("Home")
                        .tabItem { Label(model.badgeText(), systemImage: "house") }
                }
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:6:57"])
    }

    /// `outlines.enumerated().publisher`: the sequence's publisher of an enumerated array delivers and
    /// finishes while `sink` subscribes, so a dropped cancellable cancels nothing still running.
    func testTheEnumeratedPublisherOfAnArrayFinishesDuringSubscribe() {
        let text = """
        final class OPMLImporter {
            func log(_ outlines: [Outline]) {
                outlines.enumerated().publisher
                    .map { "\\($0.offset): \\($0.element.title)" }
                    .sink { print($0) }
            }
            func watch(_ changes: PassthroughSubject<Outline, Never>) {
                changes.map(\\.title).sink { print($0) }
            }
        }
        """
        XCTAssertEqual(places(DiscardedCancellableRule.self, [(path: "A.swift", text: text)]), ["A.swift:8:30"])
    }

    /// A cache per key (`if let existing = rowModels[id] { return existing }`, then `rowModels[id] =
    /// model`) lets the rest of the method run once per key, however often a view's `body` asks:
    /// the subscription it stores is one per row. Without the early return, each call stores one more.
    func testAKeyedCacheLetsTheStoreRunOncePerKey() {
        let text = """
        final class DownloadsViewModel: ObservableObject {
            private var rowModels: [Episode.ID: DownloadRowModel] = [:]
            private var rowBag = Set<AnyCancellable>()
            let downloads = DownloadService()
            func rowModel(for episode: Episode) -> DownloadRowModel {
                if let existing = rowModels[episode.id] { return existing }
                let model = DownloadRowModel(episode: episode)
                rowModels[episode.id] = model
                downloads.state(for: episode)
                    .sink { [weak model] in model?.state = $0 }
                    .store(in: &rowBag)
                return model
            }
        }
        final class DownloadService {
            let states = CurrentValueSubject<[Episode.ID: Int], Never>([:])
            func state(for episode: Episode) -> AnyPublisher<Int, Never> { states.map { $0[episode.id] ?? 0 }.eraseToAnyPublisher() }
        }
        struct DownloadsView: View {
            @ObservedObject var model: DownloadsViewModel
            let episodes: [Episode]
            var body: some View {
                List(episodes) { episode in
                    DownloadRow(row: model.rowModel(for: episode))
                }
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), [])
        let uncached = text.replacingOccurrences(of: "if let existing = rowModels[episode.id] { return existing }", with: "")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: uncached)]), ["A.swift:11:14"])
        // `guard rowModels[episode.id] == nil else { … }` says the same.
        let guarded = text.replacingOccurrences(of: "if let existing = rowModels[episode.id] { return existing }",
                                                with: "guard rowModels[episode.id] == nil else { return rowModels[episode.id]! }")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: guarded)]), [])
        // The entry found may be updated before it is returned; a branch that only updates it and
        // goes on to subscribe again does not leave.
        let updated = text.replacingOccurrences(of: "if let existing = rowModels[episode.id] { return existing }",
                                                with: "if let existing = rowModels[episode.id] {\n            existing.update(episode)\n            return existing\n        }")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: updated)]), [])
        let staying = text.replacingOccurrences(of: "if let existing = rowModels[episode.id] { return existing }",
                                                with: "if let existing = rowModels[episode.id] { existing.update(episode) }")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: staying)]), ["A.swift:11:14"])
    }

    /// `guard tableView.tableHeaderView == nil else { return }` before the layout callback installs the
    /// header: the rest runs on the first layout pass only, so its store is made once.
    func testAnInstalledHeaderGuardsALayoutCallback() {
        let text = """
        final class CatalogueViewController: UIViewController {
            private let tableView = UITableView()
            private let session = SessionService()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLayoutSubviews() {
                super.viewDidLayoutSubviews()
                guard tableView.tableHeaderView == nil else { return }
                let greeting = UILabel()
                tableView.tableHeaderView = greeting
                session.$currentUser
                    .sink { [weak greeting] user in greeting?.text = user?.name }
                    .store(in: &cancellables)
            }
        }
        final class SessionService: ObservableObject {
            @Published var currentUser: User?
        }
        """
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: text)]), [])
        let unguarded = text.replacingOccurrences(of: "        tableView.tableHeaderView = greeting\n", with: "")
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: unguarded)]), ["A.swift:11:14"])
    }

    /// A cell's private `bind…` helper that only its `configure(with:)` calls, after emptying the bag:
    /// each reuse starts from an empty bag. A helper that a caller reaches without emptying it first is
    /// reported, one call away from the repeated `configure(with:)`, by `repeated_subscription` (round 50).
    func testACellHelperCalledAfterTheBagIsEmptied() {
        let text = """
        final class LessonCell: UICollectionViewCell {
            private var bag = Set<AnyCancellable>()
            private let button = UIButton()
            func configure(with lesson: LessonViewModel) {
                bag.removeAll()
                lesson.$title.sink { [weak self] in self?.accessibilityLabel = $0 }.store(in: &bag)
                bindDownloadButton(to: lesson)
            }
            private func bindDownloadButton(to lesson: LessonViewModel) {
                lesson.$downloadState
                    .sink { [weak self] state in self?.button.isEnabled = state != .downloading }
                    .store(in: &bag)
            }
        }
        final class LessonViewModel: ObservableObject {
            @Published var title = ""
            @Published var downloadState = DownloadState.idle
        }
        """
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: text)]), [])
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), [])
        let late = text.replacingOccurrences(of: "bag.removeAll()", with: "")
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: late)]), ["A.swift:6:77"])
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: late)]), ["A.swift:12:14"])
    }

    /// `.onAppear { model.startLiveUpdates() }` paired with `.onDisappear { model.stopLiveUpdates() }`,
    /// which empties the bag: each appearance starts from an empty bag. Without the pair, each
    /// appearance adds one more live subscription.
    func testAnOnDisappearThatEmptiesTheBagEndsEachAppearance() {
        let model = """
        final class ProfileViewModel: ObservableObject {
            @Published var points = 0
            private let progress: ProgressStore
            private var liveBag = Set<AnyCancellable>()
            init(progress: ProgressStore) { self.progress = progress }
            func startLiveUpdates() {
                progress.$points
                    .sink { [weak self] in self?.points = $0 }
                    .store(in: &liveBag)
            }
            func stopLiveUpdates() {
                liveBag.removeAll()
            }
        }
        final class ProgressStore: ObservableObject {
            @Published var points = 0
        }
        """
        let view = """
        struct ProfileView: View {
            @StateObject var model: ProfileViewModel
            var body: some View {
                Text("\\(model.points)")
                    .onAppear { model.startLiveUpdates() }
                    .onDisappear { model.stopLiveUpdates() }
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "Model.swift", text: model), (path: "View.swift", text: view)]), [])
        let unpaired = view.replacingOccurrences(of: ".onDisappear { model.stopLiveUpdates() }", with: ".onDisappear { print(\"gone\") }")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "Model.swift", text: model), (path: "View.swift", text: unpaired)]),
                       ["Model.swift:9:14"])
    }

    /// A property that mirrors a pipeline (`….map { episode.chapter(at: $0) }.assign(to: &$currentChapter)`)
    /// holds the pipeline's optional values, nil included: state, even where a label skips the nil.
    /// A pipeline that wraps non-optional values (`.map(Optional.some)`) never writes nil.
    func testAPropertyMirroringAnOptionalPipelineIsState() {
        let text = """
        final class NowPlayingViewModel: ObservableObject {
            @Published private(set) var currentChapter: Chapter?
            init(playback: PlaybackService, episode: AnyPublisher<Episode, Never>) {
                playback.progressPublisher
                    .combineLatest(episode)
                    .map { progress, episode in episode.chapter(at: progress.elapsed) }
                    .removeDuplicates()
                    .assign(to: &$currentChapter)
            }
        }
        final class NowPlayingViewController: UIViewController {
            let viewModel: NowPlayingViewModel
            private var cancellables = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                viewModel.$currentChapter
                    .compactMap { $0 }
                    .sink { [weak self] in self?.title = $0.title }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [(path: "A.swift", text: text)]), [])
        let wrapped = text.replacingOccurrences(of: ".map { progress, episode in", with: ".compactMap { progress, episode in")
            .replacingOccurrences(of: ".removeDuplicates()", with: ".map(Optional.some)")
            // A name of its own: `currentChapter` names a standing state whatever fills it.
            .replacingOccurrences(of: "currentChapter", with: "chapterReached")
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [(path: "A.swift", text: wrapped)]), ["A.swift:2:33"])
    }

    /// `Future { $0(.success(42)) }` is fulfilled while `sink` subscribes, as with a named promise; so
    /// is a project function that returns `Just(…)`: a dropped cancellable loses nothing. A promise
    /// called later (on a queue) does lose the value.
    func testFuturesFulfilledWithDollarZeroAndJustReturningFunctions() {
        let text = """
        final class ArchiveTests: XCTestCase {
            let sut = ArchiveService()
            func testValues() {
                var values: [Int] = []
                _ = Future<Int, Never> { $0(.success(42)) }.sink { values.append($0) }
                _ = sut.archivedRows().sink { values.append($0.count) }
                _ = Future<Int, Never> { promise in DispatchQueue.main.async { promise(.success(1)) } }.sink { values.append($0) }
                XCTAssertEqual(values, [42, 0])
            }
        }
        final class ArchiveService {
            func archivedRows() -> AnyPublisher<[Row], Never> {
                Just([]).map { $0.sorted() }.eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(places(DiscardedCancellableRule.self, [(path: "A.swift", text: text)]), ["A.swift:7:97"])
    }

    /// `guard headerContainer.superview == nil else { return }` in `viewDidLayoutSubviews`, before the
    /// container is installed as the table's header: the rest of the callback runs on the first pass only.
    func testAViewAttachmentGuardsALayoutCallback() {
        let text = """
        final class StatsViewController: UIViewController {
            private let tableView = UITableView()
            private let headerContainer = UIView()
            private let model = StatsModel()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLayoutSubviews() {
                super.viewDidLayoutSubviews()
                guard headerContainer.superview == nil else { return }
                tableView.tableHeaderView = headerContainer
                model.$points
                    .sink { [weak self] in self?.title = "\\($0)" }
                    .store(in: &cancellables)
            }
        }
        final class StatsModel: ObservableObject {
            @Published var points = 0
        }
        """
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: text)]), [])
        let unguarded = text.replacingOccurrences(of: "guard headerContainer.superview == nil else { return }", with: "")
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: unguarded)]), ["A.swift:12:14"])
    }

    /// `store.habitsPublisher.first()` where `habitsPublisher` only erases the store's
    /// `CurrentValueSubject`: the current value comes during `sink` and `first()` finishes. A computed
    /// property that does more (a `filter`) may wait, and is reported.
    func testFirstOfAComputedPropertyErasingAReplayingSource() {
        let text = """
        final class HabitStore {
            private let habitsSubject = CurrentValueSubject<[Habit], Never>([])
            @Published private(set) var streak = 0
            var habitsPublisher: AnyPublisher<[Habit], Never> { habitsSubject.eraseToAnyPublisher() }
            var streakPublisher: AnyPublisher<Int, Never> { $streak.eraseToAnyPublisher() }
            var longStreaks: AnyPublisher<Int, Never> { $streak.filter { $0 > 30 }.eraseToAnyPublisher() }
        }
        final class AppCoordinator {
            let store = HabitStore()
            func start() {
                _ = store.habitsPublisher.first().sink { print($0.count) }
                _ = store.streakPublisher.first().sink { print($0) }
                _ = store.longStreaks.first().sink { print($0) }
            }
        }
        """
        XCTAssertEqual(places(DiscardedCancellableRule.self, [(path: "A.swift", text: text)]), ["A.swift:13:39"])
    }

    /// A `CurrentValueSubject` declared with the module's name or as an optional gives its value
    /// during `sink` as well; a `PassthroughSubject` has none to give.
    func testFirstOfACurrentValueSubjectWrittenWithItsModuleOrOptional() {
        let text = """
        final class Session {
            let state: Combine.CurrentValueSubject<Int, Never> = .init(0)
            var token: CurrentValueSubject<String, Never>?
            let events = PassthroughSubject<Int, Never>()
        }
        final class Launcher {
            let session = Session()
            func start() {
                _ = session.state.first().sink { print($0) }
                _ = session.token?.first().sink { print($0) }
                _ = session.events.first().sink { print($0) }
            }
        }
        """
        XCTAssertEqual(places(DiscardedCancellableRule.self, [(path: "A.swift", text: text)]), ["A.swift:11:36"])
    }
}
