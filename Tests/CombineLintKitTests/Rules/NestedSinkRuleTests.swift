import XCTest
@testable import CombineLintKit

final class NestedSinkRuleTests: XCTestCase {
    private func positions(_ text: String) -> [String] {
        findings(of: NestedSinkRule.self, in: [("A.swift", text)]).map { "\($0.line):\($0.column)" }
    }

    func testASubscribingMethodCalledForEveryValue() {
        let text = """
        final class VM {
            private let ticks = PassthroughSubject<Int, Never>()
            private var bag = Set<AnyCancellable>()
            init() {
                ticks.sink { [weak self] n in self?.load(n) }.store(in: &bag)
                ticks.first().sink { [weak self] n in self?.once(n) }.store(in: &bag)
                ticks.sink { [weak self] n in self?.reset(n) }.store(in: &bag)
            }
            private func load(_ n: Int) {
                NotificationCenter.default.publisher(for: .changed)
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                    .store(in: &bag)
            }
            private func once(_ n: Int) { api.go().sink { _ in }.store(in: &bag) }
            private func reset(_ n: Int) { bag.removeAll(); api.go().sink { _ in }.store(in: &bag) }
            func unrelated() { api.go().sink { _ in }.store(in: &bag) }
        }
        """
        XCTAssertEqual(positions(text), ["11:14"])
    }

    /// A per-value closure that sets a property runs its `didSet`: a method the observer calls
    /// subscribes once more per value. A property without an observer, or one set outside such a
    /// closure, does not.
    func testAPropertyObserverRunForEveryValue() {
        let text = """
        final class MapModel {
            let tapped = PassthroughSubject<Station, Never>()
            @Published var selected: Station? {
                didSet { observeAvailability() }
            }
            @Published var plain: Station?
            private var subscriptions = Set<AnyCancellable>()
            init() {
                tapped.sink { [weak self] station in self?.selected = station }.store(in: &subscriptions)
                tapped.sink { [weak self] station in self?.plain = station }.store(in: &subscriptions)
            }
            private func observeAvailability() {
                guard let station = selected else { return }
                station.$availability.sink { [weak self] in self?.text = $0 }.store(in: &subscriptions)
            }
            func pick(_ station: Station) { plain = station }
        }
        """
        XCTAssertEqual(positions(text), ["14:31"])
    }

    func testSamplesFireTwice() throws {
        let url = packageRoot.appendingPathComponent("samples/App/Chat/ChatViewModel.swift")
        let found = findings(of: NestedSinkRule.self, in: [("ChatViewModel.swift", try String(contentsOf: url, encoding: .utf8))])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["30:22", "52:22"])
        XCTAssertEqual(found[1].message, "`sink` inside the `handleEvents` closure of another subscription adds one more subscription to `cancellables` per value and never cancels the earlier ones.")
    }

    func testMultipleTrailingClosuresReceiveValueIsTheLabelledOne() {
        let text = """
        a.sink { _ in
            b.sink { _ in }.store(in: &bag)
        } receiveValue: { _ in
            c.sink { _ in }.store(in: &bag)
        }.store(in: &bag)
        """
        XCTAssertEqual(positions(text), ["4:7"])
    }

    func testResetAfterTheInnerSubscriptionDoesNotCount() {
        let text = """
        a.sink { _ in
            b.sink { _ in }.store(in: &self.bag)
            self.bag.removeAll()
        }.store(in: &bag)
        """
        XCTAssertEqual(positions(text), ["2:7"])
    }

    func testPrefixOneAndCollectWithoutCountRunOnce() {
        let text = """
        a.prefix(1).sink { _ in b.sink { _ in }.store(in: &bag) }.store(in: &bag)
        a.collect().sink { _ in b.sink { _ in }.store(in: &bag) }.store(in: &bag)
        a.collect(3).sink { _ in b.sink { _ in }.store(in: &bag) }.store(in: &bag)
        a.prefix(2).sink { _ in b.sink { _ in }.store(in: &bag) }.store(in: &bag)
        """
        XCTAssertEqual(positions(text), ["3:28", "4:27"])
    }

    func testLoggerSinkMethodIsNotASubscription() {
        XCTAssertEqual(positions("a.sink { _ in logger.sink(\"x\") }.store(in: &bag)\n"), [])
    }

    func testInnerPublishersThatFinishAtOnceAreQuiet() {
        let text = """
        final class Manager {
            private var bag = Set<AnyCancellable>()
            func start() {
                source.sink { [weak self] glucose in
                    guard let self else { return }
                    Publishers.CombineLatest(Just(glucose), Just(self.syncDate)).sink { _, _ in }.store(in: &self.bag)
                    Just(glucose).map { $0 * 2 }.sink { _ in }.store(in: &self.bag)
                    Publishers.CombineLatest(Just(glucose), self.$date).sink { _, _ in }.store(in: &self.bag)
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["8:65"])
    }

    /// `Just(false).delay(…)`, `Just(x).receive(on:)`: a scheduler step delivers later, so the inner
    /// subscription outlives `sink` (a reset per ring, the earlier one cutting the later banner short).
    func testAJustThatWaitsOnASchedulerStaysAlive() {
        let text = """
        final class DoorbellCenter {
            private var bag = Set<AnyCancellable>()
            init() {
                rings.sink { [weak self] _ in
                    guard let self else { return }
                    Just(false).delay(for: .seconds(4), scheduler: DispatchQueue.main).sink { [weak self] in self?.ringing = $0 }.store(in: &self.bag)
                    Just(true).map { !$0 }.sink { [weak self] in self?.ringing = $0 }.store(in: &self.bag)
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["6:80"])
    }

    func testARunOnceGuardBeforeTheInnerSubscription() {
        let text = """
        final class SyncEngine {
            private var bag = Set<AnyCancellable>()
            private var isWaiting = false
            private var isEnabled = true
            init() { $enabled.sink { [weak self] _ in self?.start() }.store(in: &bag) }
            func start() {
                guard !isWaiting else { return }
                isWaiting = true
                $available.sink { [weak self] _ in self?.go() }.store(in: &bag)
            }
            func go() {}
        }
        final class Loader {
            private var bag = Set<AnyCancellable>()
            init() { $changes.sink { [weak self] _ in self?.load() }.store(in: &bag) }
            func load() {
                guard isReady else { return }
                $items.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["18:16"])
    }

    /// An outer pipeline that finishes by itself (a project function returning a request or a
    /// `Future`) runs its closure once; a create-once guard makes the inner subscription once.
    func testFiniteOuterPipelinesAndCreateOnceGuards() {
        let text = """
        final class VM {
            @Published var query = ""
            private var bag = Set<AnyCancellable>()
            private var observer: AnyCancellable?
            func bind() {
                api.profile().sink { [weak self] _ in
                    guard let self else { return }
                    self.api.go().sink { _ in }.store(in: &self.bag)
                }.store(in: &bag)
                $query.sink { [weak self] _ in
                    guard let self, self.observer == nil else { return }
                    self.api.go().sink { _ in }.store(in: &self.bag)
                    self.observer = AnyCancellable {}
                }.store(in: &bag)
                $query.sink { [weak self] _ in
                    guard let self, self.observer == nil else { return }
                    self.api.go().sink { _ in }.store(in: &self.bag)
                }.store(in: &bag)
            }
        }
        final class API {
            func profile() -> AnyPublisher<Int, Never> { Future { $0(.success(1)) }.eraseToAnyPublisher() }
            func go() -> AnyPublisher<Int, Never> { NotificationCenter.default.publisher(for: .x).map { _ in 1 }.eraseToAnyPublisher() }
        }
        """
        XCTAssertEqual(positions(text), ["17:27"])
    }

    /// A method called per value that returns early while its subscription exists
    /// (`guard observer == nil else { return }`, then `observer = …`) subscribes on its first call only.
    func testCalledMethodBehindACreateOnceGuardSubscribesOnce() {
        let text = """
        final class Loader {
            private var observer: AnyCancellable?
            private var bag = Set<AnyCancellable>()
            private let updates = PassthroughSubject<Int, Never>()
            func bind(_ p: AnyPublisher<Int, Never>) {
                p.sink { [weak self] _ in self?.attachOnce() }.store(in: &bag)
                p.sink { [weak self] _ in self?.attachEveryTime() }.store(in: &bag)
            }
            private func attachOnce() {
                guard observer == nil else { return }
                observer = updates.sink { print($0) }
                updates.map { $0 + 1 }.sink { print($0) }.store(in: &bag)
            }
            private func attachEveryTime() {
                guard observer == nil else { return }
                updates.sink { print($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["16:17"])
    }

    /// An outer source that answers once through a `let` given its value on each branch, or a
    /// stored property set once to a `Future`, runs its closure once. A branch that never finishes,
    /// a `var` local, or a property another function assigns keeps the finding; a same-named
    /// function returning an Optional is not the one a pipeline starts from.
    func testOneShotOuterSourcesHeldInBranchLetsAndStoredProperties() {
        let text = """
        final class Reader {
            private var pages = Set<AnyCancellable>()
            private let events = PassthroughSubject<Int, Never>()
            private lazy var font: AnyPublisher<Int, Never> = Future { $0(.success(12)) }.eraseToAnyPublisher()
            private var layout: AnyPublisher<Int, Never> = Just(1).eraseToAnyPublisher()
            func open(_ book: Book, cached: Bool) {
                let source: AnyPublisher<Int, Never>
                if cached {
                    source = Just(book.page).eraseToAnyPublisher()
                } else {
                    source = store.page(of: book).map { $0 + 1 }.eraseToAnyPublisher()
                }
                source.sink { [weak self] page in self?.showA(page) }.store(in: &pages)
                let mixed: AnyPublisher<Int, Never>
                if cached { mixed = Just(1).eraseToAnyPublisher() } else { mixed = events.eraseToAnyPublisher() }
                mixed.sink { [weak self] page in self?.showB(page) }.store(in: &pages)
                var changing: AnyPublisher<Int, Never>
                if cached { changing = Just(1).eraseToAnyPublisher() } else { changing = Just(2).eraseToAnyPublisher() }
                changing.sink { [weak self] page in self?.showC(page) }.store(in: &pages)
                font.sink { [weak self] size in self?.showD(size) }.store(in: &pages)
                layout.sink { [weak self] size in self?.showE(size) }.store(in: &pages)
            }
            func relayout() { layout = events.eraseToAnyPublisher() }
            private func showA(_ page: Int) { events.sink { _ in }.store(in: &pages) }
            private func showB(_ page: Int) { events.sink { _ in }.store(in: &pages) }
            private func showC(_ page: Int) { events.sink { _ in }.store(in: &pages) }
            private func showD(_ page: Int) { events.sink { _ in }.store(in: &pages) }
            private func showE(_ page: Int) { events.sink { _ in }.store(in: &pages) }
        }
        final class PageStore {
            func page(of book: Book) -> AnyPublisher<Int, Never> { Future { $0(.success(book.page)) }.eraseToAnyPublisher() }
        }
        final class PageCache {
            func page(of book: Book) -> Int? { nil }
        }
        """
        let found = findings(of: NestedSinkRule.self, in: [("A.swift", text)]).map { "\($0.ruleID):\($0.line):\($0.column)" }
        XCTAssertEqual(found, ["nested_sink:25:46", "nested_sink:26:46", "nested_sink:28:46"])
    }

    /// A finite inner publisher delivered later to a `sink` that acts only on the value it is given
    /// (`$0`, a named parameter, a local it declares, members and argument labels) overwrites nothing
    /// and ends by itself. `self`, a captured name, a `$property`, or an endless inner keep the finding.
    func testADelayedSinkActingOnlyOnItsOwnValue() {
        let text = """
        final class Toasts {
            private var bag = Set<AnyCancellable>()
            @Published var shown = 0
            init(errors: AnyPublisher<String, Never>, ticks: PassthroughSubject<Toast, Never>) {
                errors.sink { [weak self] message in
                    guard let self else { return }
                    let toast = Toast(message)
                    Just(toast).delay(for: 3, scheduler: DispatchQueue.main).sink { $0.removeFromSuperview() }.store(in: &self.bag)
                    Just(toast).delay(for: 3, scheduler: DispatchQueue.main).sink { view in
                        let fade = 0.3
                        view.dismiss(animated: true, duration: fade)
                    }.store(in: &self.bag)
                    Just(toast).delay(for: 3, scheduler: DispatchQueue.main).sink { self.hide($0) }.store(in: &self.bag)
                    Just(toast).delay(for: 3, scheduler: DispatchQueue.main).sink { [toast] _ in toast.hide() }.store(in: &self.bag)
                    Just(toast).delay(for: 3, scheduler: DispatchQueue.main).sink { _ in $shown.send(1) }.store(in: &self.bag)
                    ticks.sink { $0.removeFromSuperview() }.store(in: &self.bag)
                }.store(in: &bag)
            }
        }
        """
        let found = findings(of: NestedSinkRule.self, in: [("A.swift", text)]).map { "\($0.ruleID):\($0.line):\($0.column)" }
        XCTAssertEqual(found, ["nested_sink:13:70", "nested_sink:14:70", "nested_sink:15:70", "nested_sink:16:19"])
    }

    /// The inner token bound to a local first, then appended to a member array or stored in a bag,
    /// piles up as the chained form does; one assigned to a single property replaces the last.
    func testInnerTokenStoredThroughALocal() {
        let text = """
        final class VacationService {
            private var observers: [AnyCancellable] = []
            private var bag = Set<AnyCancellable>()
            private var latest: AnyCancellable?
            func start() {
                NotificationCenter.default.publisher(for: .active).sink { [weak self] _ in
                    guard let self else { return }
                    let token = self.session.sink { print($0) }
                    self.observers.append(token)
                    let other = self.session.sink { print($0) }
                    other.store(in: &self.bag)
                    let last = self.session.sink { print($0) }
                    self.latest = last
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["8:38", "10:38"])
    }

    /// A per-value closure that calls a method which reaches the storing one through further calls
    /// on `self` (`$step.sink { self.route(to: $0) }` → `route(to:)` → `startDetails()`) stores once
    /// per value as the direct call does; a method the chain never reaches stays quiet.
    func testStoringMethodReachedThroughFurtherCallsOnSelf() {
        let text = """
        final class ChildCoordinator {
            let finished = PassthroughSubject<Int, Never>()
        }
        final class BookingCoordinator {
            @Published var step = 0
            private let child = ChildCoordinator()
            private var cancellables = Set<AnyCancellable>()
            func start() {
                $step.sink { [weak self] in self?.route(to: $0) }.store(in: &cancellables)
            }
            private func route(to step: Int) {
                if step == 1 { startDetails() }
            }
            private func startDetails() {
                observeChild()
            }
            private func observeChild() {
                child.finished.sink { [weak self] in self?.step = $0 }.store(in: &cancellables)
            }
            func unused() {
                child.finished.sink { [weak self] in self?.step = $0 }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["18:24"])
    }

    /// A method called per value that makes a request (a project function, a `Future`, a URL
    /// request) is an event handler doing its work: each subscription ends by itself, and
    /// cancelling the earlier one would drop a save that must run. The same request written right
    /// inside the outer closure is still the nesting the rule names.
    func testARequestMadeByAMethodCalledForEveryValue() {
        let text = """
        final class SceneScheduler {
            let saves = PassthroughSubject<Scene, Never>()
            private var bag = Set<AnyCancellable>()
            init() {
                saves.sink { [weak self] in self?.save($0) }.store(in: &bag)
                saves.sink { [weak self] in self?.upload($0) }.store(in: &bag)
                saves.sink { [weak self] scene in
                    self?.api.save(scene).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &self!.bag)
                }.store(in: &bag)
            }
            private func save(_ scene: Scene) {
                api.save(scene).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
            private func upload(_ scene: Scene) {
                Future<Int, Never> { $0(.success(1)) }.sink { print($0) }.store(in: &bag)
                URLSession.shared.dataTaskPublisher(for: scene.url).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["8:35"])
    }

    /// `providers.publisher.handleEvents(receiveOutput:)`: a sequence's values all pass while it is
    /// subscribed to, so the subscriptions made per value are a fixed set, made once (as in a
    /// `sink` on it). A subject's values keep coming: each adds one more.
    func testHandleEventsOnASequencePublisherSubscribesOnce() {
        let text = """
        final class CommentaryFeed {
            private let providers: [CommentaryProvider]
            private let added = PassthroughSubject<CommentaryProvider, Never>()
            private var tokens = Set<AnyCancellable>()
            private var cancellables = Set<AnyCancellable>()
            func start() {
                providers.publisher
                    .handleEvents(receiveOutput: { [weak self] provider in
                        guard let self else { return }
                        provider.lines.sink { print($0) }.store(in: &self.tokens)
                    })
                    .sink { $0.start() }
                    .store(in: &cancellables)
                added
                    .handleEvents(receiveOutput: { [weak self] provider in
                        guard let self else { return }
                        provider.lines.sink { print($0) }.store(in: &self.tokens)
                    })
                    .sink { $0.start() }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(text), ["17:32"])
    }
}
