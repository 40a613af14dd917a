import XCTest
@testable import CombineLintKit

/// Idioms found by the round-20 probes (layered UIKit and SwiftUI apps with presenters,
/// coordinators and base view controllers; a macOS indexer; a chat app).
final class CoreRulesRound20Tests: XCTestCase {
    /// `Publishers.MergeMany(images.map { self.upload($0) })` takes one collection of publishers:
    /// the closure (or method) its `map` is given runs while the argument is made, and the
    /// subscription does not keep it. Merging publishers one by one, a `map` on a publisher does.
    func testAMappedCollectionHandedToMergeManyIsNotKept() {
        let text = """
        final class Uploader {
            private var cancellables = Set<AnyCancellable>()
            let api = API()
            func uploadThumbnail(_ image: UIImage) -> AnyPublisher<URL, Error> { api.upload(image) }
            func uploadAll(_ images: [UIImage]) {
                Publishers.MergeMany(images.map { self.uploadThumbnail($0) })
                    .collect()
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                    .store(in: &cancellables)
                Publishers.MergeMany(images.map(uploadThumbnail))
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                    .store(in: &cancellables)
                Publishers.MergeMany(api.events.map { self.describe($0) }, api.other)
                    .sink { _ in }
                    .store(in: &cancellables)
            }
            func describe(_ e: Event) -> String { "" }
        }
        """
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["13:47"])
    }

    /// `collect(.byTime…)`, `collect(n)`, `collect()` and `reduce` end when their source ends: on a
    /// subject that never does, each run of a repeated callback leaves one more subscription.
    /// `first()` ends the pipeline after one value.
    func testCollectOnANeverFinishingSourceDoesNotEndIt() {
        let text = """
        final class WorkoutStore: ObservableObject {
            let heartRate = PassthroughSubject<Int, Never>()
            private var liveBag = Set<AnyCancellable>()
            func resumeLiveUpdates() {
                heartRate.collect(.byTime(DispatchQueue.main, .seconds(5))).sink { [weak self] in self?.batch = $0 }.store(in: &liveBag)
                heartRate.first().sink { [weak self] in self?.last = $0 }.store(in: &liveBag)
                api.samples().collect().sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &liveBag)
            }
        }
        final class WorkoutScreen: UIViewController {
            let store = WorkoutStore()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                store.resumeLiveUpdates()
            }
        }
        """
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["5:110"])
    }

    /// A base view controller's `viewWillAppear` calls `bindViewModel()`, which a subclass overrides
    /// to call its view model: the view model's store runs on every appearance. An override the
    /// base class calls from `viewDidLoad` runs once.
    func testTemplateOverrideCallingAnotherObject() throws {
        let text = """
        class BaseViewController: UIViewController {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                bindViewModel()
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                setUpOnce()
            }
            func bindViewModel() {}
            func setUpOnce() {}
        }
        final class DetailViewModel {
            private var cancellables = Set<AnyCancellable>()
            let pantry = Pantry()
            func observePantry() {
                pantry.$items.sink { [weak self] in self?.items = $0 }.store(in: &cancellables)
            }
            func observeOnce() {
                pantry.$items.sink { [weak self] in self?.count = $0.count }.store(in: &cancellables)
            }
        }
        final class DetailViewController: BaseViewController {
            let viewModel = DetailViewModel()
            override func bindViewModel() { viewModel.observePantry() }
            override func setUpOnce() { viewModel.observeOnce() }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["17:64"])
        XCTAssertTrue(try XCTUnwrap(found.first).message.contains("BaseViewController.viewWillAppear(_:) → DetailViewController.bindViewModel()"),
                      found.first?.message ?? "")
    }

    /// A repeated callback reaches the store through two other objects: the scene delegate's
    /// foreground callback calls the coordinator, which calls the sync controller; a row's selection
    /// calls the presenter, which calls a tracker held as a protocol.
    func testPathsAcrossTwoObjects() throws {
        let text = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            let coordinator = AppCoordinator()
            func sceneWillEnterForeground(_ scene: UIScene) { coordinator.resumeSync() }
        }
        final class AppCoordinator {
            let syncController = SyncController()
            func resumeSync() { syncController.resume() }
        }
        final class SyncController {
            private var cancellables = Set<AnyCancellable>()
            func resume() {
                NotificationCenter.default.publisher(for: .imported).sink { [weak self] _ in self?.reload() }.store(in: &cancellables)
            }
        }
        protocol SelectionTracking { func follow(recipeID: String) }
        final class FavoriteTracker: SelectionTracking {
            private var cancellables = Set<AnyCancellable>()
            let repository = Repository()
            func follow(recipeID: String) {
                repository.$favoriteIDs.sink { [weak self] in self?.ids = $0 }.store(in: &cancellables)
            }
        }
        final class ListPresenter {
            private let tracker: SelectionTracking
            func didSelect(_ id: String) { tracker.follow(recipeID: id) }
        }
        final class ListViewController: UIViewController, UITableViewDelegate {
            let presenter: ListPresenter
            func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { presenter.didSelect("x") }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:103", "20:72"])
        XCTAssertTrue(try XCTUnwrap(found.first).message.contains("SceneDelegate.sceneWillEnterForeground(_:) → AppCoordinator.resumeSync()"), found.first?.message ?? "")
        XCTAssertTrue(try XCTUnwrap(found.last).message.contains("ListViewController.tableView(_:didSelectRowAt:) → ListPresenter.didSelect(_:)"), found.last?.message ?? "")
    }

    /// A request through a dependency typed by a protocol most often answers once: `assign(to:on: self)`
    /// then lets go of `self`, and a sink's closure runs once. The same calls on a dependency whose
    /// class returns a `$property` pipeline never finish, and are reported.
    func testRequestsThroughProtocolTypedDependencies() {
        let text = """
        protocol SessionAPI {
            func historyCount(id: String) -> AnyPublisher<Int, Error>
            func currentUser() -> AnyPublisher<User, Error>
        }
        final class Live {
            @Published var count = 0
            func counts() -> AnyPublisher<Int, Never> { $count.eraseToAnyPublisher() }
        }
        final class ChatViewController: UIViewController {
            @objc dynamic var historyCount = 0
            private var cancellables = Set<AnyCancellable>()
            let session: SessionAPI
            let live = Live()
            override func viewDidLoad() {
                super.viewDidLoad()
                session.historyCount(id: "x").replaceError(with: 0).assign(to: \\.historyCount, on: self).store(in: &cancellables)
                live.counts().assign(to: \\.historyCount, on: self).store(in: &cancellables)
                session.currentUser().replaceError(with: .guest).sink { [weak self] user in
                    guard let self else { return }
                    user.$status.sink { [weak self] in self?.title = $0 }.store(in: &self.cancellables)
                }.store(in: &cancellables)
                live.counts().sink { [weak self] _ in
                    guard let self else { return }
                    self.live.$count.sink { [weak self] in self?.title = "\\($0)" }.store(in: &self.cancellables)
                }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(findings(of: AssignToSelfRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line)" }, ["17"])
        XCTAssertEqual(findings(of: NestedSinkRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line)" }, ["24"])
    }

    /// `HealthSyncService.shared.startObserving()` from `applicationDidBecomeActive` calls the
    /// singleton the type keeps in its static `shared`: each activation stores once more. An object
    /// kept in another type's static property (`Config.current`, a `Settings`) is one object for the
    /// whole run too, typed through that property: its bag grows the same way.
    func testASingletonReachedThroughItsStaticProperty() {
        let text = """
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func applicationDidBecomeActive(_ application: UIApplication) {
                HealthSyncService.shared.startObserving()
                Config.current.startObserving()
            }
        }
        final class HealthSyncService {
            static let shared = HealthSyncService()
            private var cancellables = Set<AnyCancellable>()
            let store = HealthStore()
            func startObserving() {
                store.$samples.sink { [weak self] in self?.upload($0) }.store(in: &cancellables)
            }
            func upload(_ s: [Sample]) {}
        }
        final class Config {
            static let current: Settings = Settings()
        }
        final class Settings {
            private var cancellables = Set<AnyCancellable>()
            let store = HealthStore()
            func startObserving() {
                store.$samples.sink { [weak self] in self?.apply($0) }.store(in: &cancellables)
            }
            func apply(_ s: [Sample]) {}
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line)" }, ["12", "23"])
    }
}
