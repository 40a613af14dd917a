import XCTest
@testable import CombineLintKit

/// Idioms found by the round-25 and round-26 probes of the core rules.
final class CoreRulesRound26Tests: XCTestCase {
    /// A tab bar delegate that switches over the selected tab's root screen, `case let screen as
    /// DashboardViewController:`, and calls a method that stores a `$property` subscription: one more
    /// live subscription per tap of the tab. The case binds `screen` to that type only in its own
    /// body: a method of the same name called in the next case, on another type, is not that call.
    func testACaseCastBindsTheReceiverOfACallFromATabSelection() {
        let tabs = """
        final class MainTabBarController: UITabBarController, UITabBarControllerDelegate {
            func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
                guard let navigation = viewController as? UINavigationController else { return }
                switch navigation.viewControllers.first {
                case let screen as DashboardViewController:
                    screen.reloadGoals()
                case let list as WorkoutListViewController:
                    list.scrollToTop()
                default:
                    break
                }
            }
        }
        """
        let dashboard = """
        final class DashboardViewController: UIViewController {
            private let store = GoalsStore()
            private var cancellables = Set<AnyCancellable>()
            func reloadGoals() {
                store.$goals
                    .sink { [weak self] in self?.show($0) }
                    .store(in: &cancellables)
            }
        }
        final class WorkoutListViewController: UIViewController {
            private let store = GoalsStore()
            private var cancellables = Set<AnyCancellable>()
            func scrollToTop() {
                store.$goals
                    .first()
                    .sink { [weak self] in self?.show($0) }
                    .store(in: &cancellables)
            }
            func reloadGoals() {
                store.$goals
                    .sink { [weak self] in self?.show($0) }
                    .store(in: &cancellables)
            }
        }
        """
        let files = [(path: "MainTabBarController.swift", text: tabs), (path: "Screens.swift", text: dashboard)]
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["Screens.swift:7:14"])
    }

    /// `case let x as T` gives the type of `x` only below it and up to the next case.
    func testACasePatternCastIsFoundOnlyInItsOwnCase() {
        let text = """
        func route(_ value: Any) {
            switch value {
            case let screen as Dashboard.Screen:
                screen.reload()
            default:
                screen.reload()
            }
        }
        """
        let tree = SyntaxTree(file: SourceFile(path: "A.swift", text: text))
        let calls = (0..<tree.tokens.count).filter { tree.name($0) == "reload" }
        XCTAssertEqual(calls.count, 2)
        XCTAssertEqual(tree.casePatternCastType(of: "screen", before: calls[0]).map { tree.name($0) }, "Dashboard")
        XCTAssertNil(tree.casePatternCastType(of: "screen", before: calls[1]))
        XCTAssertNil(tree.casePatternCastType(of: "other", before: calls[0]))
    }

    /// A local bag made from a typealias (`typealias Bag = Set<AnyCancellable>`) or a project's own
    /// bag type dies with the function as a `Set<AnyCancellable>()` does: the uploads are cancelled
    /// before they answer. A bag handed to a member afterwards, or a local made from a call with
    /// arguments (not a new, empty container), is not reported; neither is test code.
    func testALocalBagOfAnAliasedOrProjectTypeDiesWithItsScope() {
        let text = """
        typealias Bag = Set<AnyCancellable>
        final class SyncStore {
            private var kept = Bag()
            func syncPending() {
                var bag = Bag()
                api.upload(pending)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.markSynced($0) })
                    .store(in: &bag)
            }
            func syncWithDisposeBag() {
                var bag = DisposeBag.init()
                api.upload(pending)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.markSynced($0) })
                    .store(in: &bag)
            }
            func syncKept() {
                var bag = Bag()
                api.upload(pending)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.markSynced($0) })
                    .store(in: &bag)
                kept = bag
            }
            func syncShared() {
                var bag = BagRegistry.bag(for: "sync")
                api.upload(pending)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.markSynced($0) })
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: [(path: "SyncStore.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["7:14", "13:14"])
    }

    /// A diffable data source under a project's own name, a typealias in another file or a
    /// subclass, runs its cell provider per row as the framework's type does; a typealias for
    /// something else (a SwiftUI stack) is no cell provider.
    func testACellProviderOfAnAliasedOrSubclassedDataSourceRunsPerRow() {
        let types = """
        typealias DataSource = UICollectionViewDiffableDataSource<Section, Row>
        final class ListSource: UITableViewDiffableDataSource<Int, Row> {}
        typealias Stack = VStack
        """
        let screen = """
        final class FeedViewController: UIViewController {
            private var cancellables = Set<AnyCancellable>()
            private var dataSource: DataSource!
            private var listSource: ListSource!
            func configureDataSource() {
                dataSource = DataSource(collectionView: collectionView) { [unowned self] collectionView, indexPath, row in
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath) as! ArticleCell
                    self.repository.$readIDs
                        .sink { [weak cell] ids in cell?.markRead(ids.contains(row.id)) }
                        .store(in: &self.cancellables)
                    return cell
                }
                listSource = ListSource(tableView: tableView) { [unowned self] tableView, indexPath, row in
                    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                    self.repository.$readIDs
                        .sink { [weak cell] ids in cell?.markRead(ids.contains(row.id)) }
                        .store(in: &self.cancellables)
                    return cell
                }
                let stack = Stack {
                    self.repository.$readIDs
                        .sink { [weak self] ids in self?.show(ids) }
                        .store(in: &self.cancellables)
                }
            }
        }
        """
        let files = [(path: "Types.swift", text: types), (path: "FeedViewController.swift", text: screen)]
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["FeedViewController.swift:10:18", "FeedViewController.swift:17:18"])
    }

    /// A generic data source calls its `onSelect` callback from `tableView(_:didSelectRowAt:)`: the
    /// closure a screen hands to it runs per tap, and a `$property` subscription it stores piles up.
    /// A request made there finishes, and is not reported.
    func testAClosureHandedToACallbackThatASelectionCallsRunsPerTap() {
        let source = """
        final class TableDataSource<Item, Cell: UITableViewCell>: NSObject, UITableViewDelegate {
            var onSelect: ((Item, IndexPath) -> Void)?
            func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
                tableView.deselectRow(at: indexPath, animated: true)
                onSelect?(items[indexPath.row], indexPath)
            }
        }
        """
        let screen = """
        final class OrdersViewController: UIViewController {
            private let dataSource = TableDataSource<OrderViewModel, OrderCell>()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                dataSource.onSelect = { [weak self] order, _ in
                    self?.follow(order)
                    self?.refresh(order)
                }
            }
            private func follow(_ order: OrderViewModel) {
                order.$status
                    .filter { $0 == .delivered }
                    .sink { [weak self] _ in self?.title = "Delivered" }
                    .store(in: &cancellables)
            }
            private func refresh(_ order: OrderViewModel) {
                URLSession.shared.dataTaskPublisher(for: order.url)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] _ in self?.title = "Fresh" })
                    .store(in: &cancellables)
            }
        }
        """
        let files = [(path: "TableDataSource.swift", text: source), (path: "OrdersViewController.swift", text: screen)]
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["OrdersViewController.swift:15:14"])
    }

    /// A base cell empties `reuseBag` in its `prepareForReuse`; a subclass's `configure(with:)` that
    /// stores into it through a helper ends the last row's subscription on every reuse. A subclass of
    /// a base that empties another bag is still reported.
    func testABaseCellsPrepareForReuseEmptiesTheBagForItsSubclasses() {
        let base = """
        class BaseCollectionCell: UICollectionViewCell {
            var reuseBag = Set<AnyCancellable>()
            var otherBag = Set<AnyCancellable>()
            override func prepareForReuse() {
                super.prepareForReuse()
                reuseBag.removeAll()
            }
        }
        """
        let cells = """
        final class SeatCell: BaseCollectionCell {
            func configure(with item: SeatViewModel) {
                observeSelection(of: item)
            }
            private func observeSelection(of item: SeatViewModel) {
                item.$isSelected
                    .sink { [weak self] in self?.isSelected = $0 }
                    .store(in: &reuseBag)
            }
        }
        final class RowCell: BaseCollectionCell {
            func configure(with item: SeatViewModel) {
                observeSelection(of: item)
            }
            private func observeSelection(of item: SeatViewModel) {
                item.$isSelected
                    .sink { [weak self] in self?.isSelected = $0 }
                    .store(in: &otherBag)
            }
        }
        """
        let files = [(path: "BaseCollectionCell.swift", text: base), (path: "Cells.swift", text: cells)]
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["Cells.swift:18:14"])
    }

    /// A function parameter of a property's name (`mirror(message:into:)`) is not the property: its
    /// `compactMap` says nothing of how the optional subject is consumed. The subject read through
    /// `self.message` is.
    func testAParameterOfThePropertysNameIsNotAConsumer() {
        let text = """
        final class ProfileViewModel {
            private let message = CurrentValueSubject<String?, Never>(nil)
            private var cancellables = Set<AnyCancellable>()
            func mirror(message: AnyPublisher<String?, Never>, into label: UILabel) {
                message
                    .compactMap { $0 }
                    .sink { [weak label] in label?.text = $0 }
                    .store(in: &cancellables)
            }
            func setStatus(_ text: String?) { message.send(text) }
        }
        final class BannerModel {
            private let notice = CurrentValueSubject<String?, Never>(nil)
            private var cancellables = Set<AnyCancellable>()
            func show(notice: String) {
                self.notice
                    .compactMap { $0 }
                    .sink { print($0) }
                    .store(in: &cancellables)
                self.notice.send(notice)
            }
        }
        """
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["13:17"])
    }

    /// `willDisplay` of the last row loads the next day's slots into `self`: a local made from the
    /// screen's own state (`let nextDay = day.addingTimeInterval(…)`) is not the row, and the request
    /// finishes. A local made from the index path (`let slot = slots[indexPath.item]`) is the row.
    func testAPagingRequestNamingALocalOfTheScreensStateIsNoPerRowStore() {
        let text = """
        final class BookingViewController: UIViewController, UICollectionViewDelegate {
            private var pagingBag = Set<AnyCancellable>()
            func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                guard indexPath.item == slots.count - 1 else { return }
                let nextDay = day.addingTimeInterval(86_400)
                URLSession.shared.dataTaskPublisher(for: url(for: nextDay))
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.append($0) })
                    .store(in: &pagingBag)
            }
        }
        final class SlotsViewController: UIViewController, UICollectionViewDelegate {
            private var pagingBag = Set<AnyCancellable>()
            func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                let slot = slots[indexPath.item]
                URLSession.shared.dataTaskPublisher(for: slot.url)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.append($0) })
                    .store(in: &pagingBag)
            }
        }
        """
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["17:14"])
    }

    /// A token refresher hands out the refresh in flight, `let refresh = inFlight ?? makeRefresh()`,
    /// and a client picks `requiresAuth ? tokens.validToken() : Just(nil)…`: whichever is picked
    /// finishes, so a request per appearance through them is no pile-up. A choice with an endless
    /// operand (`cached ?? $state`) is reported.
    func testAPublisherPickedByNilCoalescingOrATernaryFinishesWhenBothDo() {
        let text = """
        final class TokenRefresher {
            private var inFlight: AnyPublisher<String, Error>?
            @Published var state = ""
            func validToken(expired: Bool) -> AnyPublisher<String, Error> {
                if !expired { return Just("t").setFailureType(to: Error.self).eraseToAnyPublisher() }
                let refresh = inFlight ?? makeRefresh()
                inFlight = refresh
                return refresh
            }
            func stateOrToken(_ cached: AnyPublisher<String, Error>?) -> AnyPublisher<String, Error> {
                let picked = cached ?? $state.setFailureType(to: Error.self).eraseToAnyPublisher()
                return picked
            }
            private func makeRefresh() -> AnyPublisher<String, Error> {
                URLSession.shared.dataTaskPublisher(for: refreshURL)
                    .map { String(decoding: $0.data, as: UTF8.self) }
                    .mapError { $0 as Error }
                    .handleEvents(receiveCompletion: { [weak self] _ in self?.inFlight = nil })
                    .share()
                    .eraseToAnyPublisher()
            }
        }
        final class Client {
            let tokens = TokenRefresher()
            func send(requiresAuth: Bool) -> AnyPublisher<Data, Error> {
                let token = requiresAuth ? tokens.validToken(expired: true) : Just("").setFailureType(to: Error.self).eraseToAnyPublisher()
                return token
                    .flatMap { _ in URLSession.shared.dataTaskPublisher(for: apiURL).map(\\.data).mapError { $0 as Error } }
                    .eraseToAnyPublisher()
            }
        }
        final class ScreenViewController: UIViewController {
            private let client = Client()
            private var cancellables = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                client.send(requiresAuth: true)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.show($0) })
                    .store(in: &cancellables)
                client.tokens.stateOrToken(nil)
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.show($0) })
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["42:14"])
    }

    /// The operands of a choice between two values, and no choice in optional chaining.
    func testAlternativesOfAValue() {
        let tree = SyntaxTree(file: SourceFile(path: "A.swift", text: """
        let a = inFlight ?? make()
        let b = ready ? one() : two.x
        let c = model?.publisher
        """))
        func operands(_ name: String) -> [String]? {
            guard let v = tree.variables.firstIndex(where: { $0.name == name }), let value = tree.variables[v].initializer,
                  let found = FinitePublishers.alternatives(in: value, of: tree) else { return nil }
            return found.map { tree.text($0.lowerBound, $0.upperBound).filter { !$0.isWhitespace } }
        }
        XCTAssertEqual(operands("a"), ["inFlight", "make()"])
        XCTAssertEqual(operands("b"), ["one()", "two.x"])
        XCTAssertNil(operands("c"))
    }

    /// The scene's activation resumes a sync controller two objects away, which subscribes to its
    /// service's `appointments`, a subject erased in a computed property. That the controller keeps
    /// the service in a stored property of the same name (`let appointments: AppointmentScheduling`)
    /// does not hide the publisher: a property typed as a project's service is no publisher. A
    /// `pause()` from `sceneDidDisconnect` does not run between two activations.
    func testAServicePropertyNamedLikeItsPublisherDoesNotHideTheEndlessSource() {
        let text = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var rootCoordinator: RootCoordinator?
            func sceneDidBecomeActive(_ scene: UIScene) {
                rootCoordinator?.resumeSync()
            }
            func sceneDidDisconnect(_ scene: UIScene) {
                rootCoordinator?.syncController.pause()
            }
        }
        final class RootCoordinator {
            let syncController: SyncController
            init(sync: SyncController) { syncController = sync }
            func resumeSync() { syncController.resume() }
        }
        final class SyncController {
            private let appointments: AppointmentScheduling
            private var cancellables = Set<AnyCancellable>()
            init(appointments: AppointmentScheduling) { self.appointments = appointments }
            func resume() {
                appointments.appointments
                    .sink { [weak self] _ in self?.lastSync = Date() }
                    .store(in: &cancellables)
            }
            func pause() { cancellables.removeAll() }
        }
        protocol AppointmentScheduling {
            var appointments: AnyPublisher<[Appointment], Never> { get }
        }
        final class AppointmentService: AppointmentScheduling {
            private let store = CurrentValueSubject<[Appointment], Never>([])
            var appointments: AnyPublisher<[Appointment], Never> { store.eraseToAnyPublisher() }
        }
        """
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["22:14"])
    }

    /// `engine.events.subscribe(ClinicAnalytics.shared.callEvents)` as a statement drops the
    /// `AnyCancellable` that `subscribe(_:)` returns for a subject: analytics hears nothing. A
    /// subscriber that is no subject (`Tracker.shared.sink`, a custom `Subscriber`) returns nothing.
    func testASubjectReachedThroughASingletonIsUnsubscribedAtOnce() {
        let text = """
        final class ClinicAnalytics {
            static let shared = ClinicAnalytics()
            let callEvents = PassthroughSubject<CallEvent, Never>()
        }
        final class Tracker {
            static let shared = Tracker()
            let sink = EventSubscriber()
        }
        final class VideoCallViewModel {
            func bind(engine: CallEngine) {
                engine.events.subscribe(ClinicAnalytics.shared.callEvents)
                engine.events.subscribe(Tracker.shared.sink)
            }
        }
        """
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["11:23"])
    }

    /// A one-shot gate change kept in `CurrentValueSubject<GateChange?, Never>(nil)` and handed on as
    /// `latestChange`: a trip screen binds its `.values` in a `guard let` and loops `for await change
    /// in changes { guard let change else { continue } … }`, skipping the fake nil, and so replays
    /// the last change to each new screen. A loop that reads `nil` as "no change" is state.
    func testAValuesSequenceBoundToALocalThenLoopedSkipsNil() {
        let text = """
        final class GateSocket {
            private let lastChange = CurrentValueSubject<GateChange?, Never>(nil)
            private let lastBoarding = CurrentValueSubject<Boarding?, Never>(nil)
            var latestChange: AnyPublisher<GateChange?, Never> { lastChange.eraseToAnyPublisher() }
            func receive(_ change: GateChange) { lastChange.send(change) }
            func board(_ boarding: Boarding) { lastBoarding.send(boarding) }
            func watchBoarding() async {
                let boardings = lastBoarding.values
                for await boarding in boardings {
                    label.text = boarding?.title ?? "Not boarding"
                }
            }
        }
        final class TripDetailViewModel {
            weak var socket: GateSocket?
            func bind() {
                listenTask = Task { [weak self] in
                    guard let changes = self?.socket?.latestChange.values else { return }
                    for await change in changes {
                        guard let change else { continue }
                        await self?.notify(change)
                    }
                }
            }
        }
        """
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["2:17"])
    }

    /// A logout reason handed on by two properties, `forcedLogouts` of the refresher and
    /// `forcedLogoutReasons` of the auth service, and unwrapped by the coordinator of each new scene.
    func testAnEventHandedOnThroughTwoPropertiesIsFollowed() {
        let text = """
        final class TokenRefresher {
            private let forcedLogout = CurrentValueSubject<String?, Never>(nil)
            var forcedLogouts: AnyPublisher<String?, Never> { forcedLogout.eraseToAnyPublisher() }
            func expire() { forcedLogout.send("Your session expired.") }
        }
        final class AuthService {
            let refresher = TokenRefresher()
            var forcedLogoutReasons: AnyPublisher<String?, Never> { refresher.forcedLogouts }
        }
        final class RootCoordinator {
            let auth: AuthService
            func start() {
                auth.forcedLogoutReasons
                    .compactMap { $0 }
                    .sink { [weak self] in self?.showBanner($0) }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["2:17"])
    }

    /// `willDisplay` of the last items loads the next page through `guard let nextPage =
    /// viewModel.nextPage() else { return }`, an optional request that is `nil` while one runs:
    /// the bound request finishes, so no subscription is left per row. An optional `$property`
    /// bound the same way stays reported.
    func testARequestBoundByAGuardLetFinishes() {
        let text = """
        final class HomeViewModel {
            @Published var banner: String? = nil
            func nextPage() -> AnyPublisher<[Product], Never>? {
                guard !isLoadingMore else { return nil }
                isLoadingMore = true
                return URLSession.shared.dataTaskPublisher(for: url)
                    .map { _ in [] }
                    .replaceError(with: [])
                    .eraseToAnyPublisher()
            }
            func bannerUpdates() -> AnyPublisher<String?, Never>? {
                guard showsBanner else { return nil }
                return $banner.eraseToAnyPublisher()
            }
        }
        final class HomeViewController: UIViewController, UICollectionViewDelegate {
            let viewModel = HomeViewModel()
            func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
                guard indexPath.item > 3, let nextPage = viewModel.nextPage() else { return }
                nextPage
                    .sink { [weak self] products in self?.viewModel.append(products) }
                    .store(in: &cancellables)
                if let banners = viewModel.bannerUpdates() {
                    banners
                        .sink { [weak self] in self?.title = $0 }
                        .store(in: &cancellables)
                }
            }
        }
        """
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["26:18"])
    }

    /// A store's `messages(in:)` hands on a channel's `CurrentValueSubject` (made by a private
    /// helper); the database's `messages(in:)` of the same labels returns an array and is no
    /// publisher, so it does not hide that the store's never finishes: a menu action storing a
    /// subscription to it on every pick piles them up.
    func testASameNamedFunctionReturningAnArrayDoesNotHideAnEndlessSource() {
        let text = """
        final class Database {
            func messages(in channel: String) -> [Message] { [] }
        }
        final class MessageStore {
            private let database = Database()
            private var subjects: [String: CurrentValueSubject<[Message], Never>] = [:]
            func messages(in channel: String) -> AnyPublisher<[Message], Never> {
                subject(for: channel).eraseToAnyPublisher()
            }
            private func subject(for channel: String) -> CurrentValueSubject<[Message], Never> {
                if let subject = subjects[channel] { return subject }
                let subject = CurrentValueSubject<[Message], Never>(database.messages(in: channel))
                subjects[channel] = subject
                return subject
            }
        }
        final class ThreadViewController: UIViewController {
            let store = MessageStore()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                navigationItem.rightBarButtonItem = UIBarButtonItem(primaryAction: UIAction(title: "Pinned") { [weak self] _ in
                    guard let self else { return }
                    self.store.messages(in: "pinned")
                        .sink { [weak self] in self?.show($0) }
                        .store(in: &self.bag)
                })
            }
        }
        """
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["26:18"])
    }

    /// After `guard let self` in a `[weak self]` sink, a nested never-finishing sink that sets the
    /// screen's `title` (UIKit's, inherited, declared nowhere in the project) holds `self` strongly.
    /// In a view model, which inherits no `title`, the same bare name is a local's or a global's.
    func testAnInheritedUIKitMemberIsAnImplicitSelf() {
        let text = """
        final class ThreadViewController: UIViewController {
            private var bag = Set<AnyCancellable>()
            func bind(model: ThreadModel) {
                model.$thread
                    .sink { [weak self] thread in
                        guard let self else { return }
                        model.$name
                            .sink { text in title = text }
                            .store(in: &self.bag)
                    }
                    .store(in: &bag)
            }
        }
        final class ThreadModel {
            @Published var thread: Thread?
            @Published var name = ""
            private var bag = Set<AnyCancellable>()
            func bind(other: ThreadModel) {
                other.$thread
                    .sink { [weak self] _ in
                        guard let self else { return }
                        other.$name
                            .sink { text in title = text }
                            .store(in: &self.bag)
                    }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["8:37"])
    }

    /// `let variants = product.variants(of: color)` with `func variants(of:) -> [Variant]`: the local
    /// is an array, and `_ = variants.publisher.collect().sink { … }` delivers and finishes during
    /// `sink`. A local from a function returning a publisher is a subscription dropped at once.
    func testASequencePublisherOfALocalFromAProjectFunctionReturningAnArray() {
        let text = """
        struct Product {
            func variants(of color: String) -> [Variant] { [] }
            func updates() -> AnyPublisher<Variant, Never> { subject.eraseToAnyPublisher() }
        }
        final class ProductDetailViewModel {
            func pick(_ product: Product, color: String) {
                let variants = product.variants(of: color)
                _ = variants.publisher.map(\\.size).collect().sink { [weak self] in self?.sizes = $0 }
                let updates = product.updates()
                _ = updates.sink { [weak self] in self?.variant = $0 }
            }
        }
        """
        XCTAssertEqual(findings(of: DiscardedCancellableRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["10:21"])
    }

    /// `retain(_:)` of a generic base view controller in another file inserts the token into the
    /// base's `bag`: a sink passed to it from a subclass that holds `self` strongly is a cycle. A
    /// base helper that only logs the token keeps nothing.
    func testAKeeperHelperOfABaseClassInAnotherFile() {
        let base = """
        class BaseChatViewController<Model>: UIViewController {
            var bag = Set<AnyCancellable>()
            let viewModel: Model
            func retain(_ cancellable: AnyCancellable) {
                bag.insert(cancellable)
            }
            func log(_ cancellable: AnyCancellable) {
                print(cancellable)
            }
        }
        """
        let screen = """
        final class ThreadViewController: BaseChatViewController<ThreadViewModel> {
            override func viewDidLoad() {
                super.viewDidLoad()
                retain(viewModel.$failureBanner.sink { banner in
                    self.bannerLabel.text = banner
                })
                log(viewModel.$failureBanner.sink { banner in
                    self.bannerLabel.text = banner
                })
            }
        }
        """
        let files = [(path: "BaseChatViewController.swift", text: base), (path: "ThreadViewController.swift", text: screen)]
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["ThreadViewController.swift:5:13"])
    }

    /// `AppEnvironment.shared.services.realtime.presence.goOnline()` on every activation of the
    /// scene: the receiver's type is followed from the type named at the root through its static
    /// `shared` and three stored properties, and `goOnline()` stores an endless subscription.
    func testACallThroughASingletonAndStoredPropertiesFromARepeatedCallback() {
        let text = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            func sceneDidBecomeActive(_ scene: UIScene) {
                AppEnvironment.shared.services.realtime.presence.goOnline()
                AppEnvironment.shared.services.realtime.presence.refresh()
            }
        }
        final class AppEnvironment {
            static let shared = AppEnvironment()
            let services = Services()
        }
        final class Services { let realtime = Realtime() }
        final class Realtime { let presence = PresenceService() }
        final class PresenceService {
            @Published var status = ""
            private var onlineBag = Set<AnyCancellable>()
            private var refreshBag = Set<AnyCancellable>()
            func goOnline() {
                $status
                    .sink { [weak self] in self?.send($0) }
                    .store(in: &onlineBag)
            }
            func refresh() {
                refreshBag.removeAll()
                $status
                    .sink { [weak self] in self?.send($0) }
                    .store(in: &refreshBag)
            }
        }
        """
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["20:14"])
        // When `refresh()`, which the same callback runs, empties `goOnline()`'s bag too, each
        // activation ends the previous one's subscriptions (round 55).
        let balanced = text.replacingOccurrences(of: "refreshBag.removeAll()", with: "onlineBag.removeAll()")
            .replacingOccurrences(of: "&refreshBag", with: "&onlineBag")
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: balanced)]).map { "\($0.line):\($0.column)" }, [])
    }
}
