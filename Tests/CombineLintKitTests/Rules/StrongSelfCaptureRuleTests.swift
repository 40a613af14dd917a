import XCTest
@testable import CombineLintKit

final class StrongSelfCaptureRuleTests: XCTestCase {
    private func positions(_ text: String, options: RuleOptions = RuleOptions(), extraFiles: [(path: String, text: String)] = []) -> [String] {
        let sources = ([(path: "Sources/App/A.swift", text: text)] + extraFiles).map { SourceFile(path: $0.path, text: $0.text) }
        return Analyzer.analyze(sources, rules: [ConfiguredRule(rule: StrongSelfCaptureRule(), options: options)])
            .map { "\($0.file.split(separator: "/").last!):\($0.line):\($0.column)" }
    }

    func testClassBoundProtocolExtensionsAreReferenceTypes() {
        let text = """
        class BaseModel { var bag = Set<AnyCancellable>() }
        protocol Loading: BaseModel { var rows: [Int] { get set } }
        protocol Refreshing: AnyObject { var bag: Set<AnyCancellable> { get set } }
        protocol Plain { var bag: Set<AnyCancellable> { get set } }
        extension Loading {
            func reload(_ api: AnyPublisher<[Int], Never>) { api.sink { rows in self.rows = rows }.store(in: &bag) }
        }
        extension Refreshing {
            func refresh() { $x.sink { _ in self.go() }.store(in: &bag) }
        }
        extension Plain where Self: UIViewController {
            func bind() { $x.sink { _ in self.go() }.store(in: &bag) }
        }
        extension Plain {
            func quiet() { $x.sink { _ in self.go() }.store(in: &bag) }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:6:73", "A.swift:9:37", "A.swift:12:34"])
    }

    func testStrongAliasInCaptureListIsReportedAtItsSelf() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                $x.sink { [weak self, strongSelf = self] _ in strongSelf.y() }.store(in: &bag)
                $x.sink { [weak weakSelf = self] _ in weakSelf?.y() }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:44"])
    }

    func testCaptureListFormsAndAttributes() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                $x.sink { @MainActor [weak self] value in self?.y(value) }.store(in: &bag)
                $x.sink { [unowned(unsafe) self] (value: Int) -> Void in self.y(value) }.store(in: &bag)
                $x.sink { [weak self, weak vm = self.viewModel] in self?.y($0); vm?.z() }.store(in: &bag)
                $x.sink { [weak self] value in guard let `self` = self else { return }; DispatchQueue.main.async { self.y(value) } }.store(in: &bag)
                $x.sink { @MainActor value in self.y(value) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:8:39"])
    }

    func testOneFindingPerClosureAtTheFirstStrongSelf() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                $x.sink { v in
                    self.a = v; self.b = v
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:5:13"])
    }

    func testConditionalCompilationInsideTheChain() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                $x
                #if DEBUG
                    .handleEvents(receiveOutput: { print("\\(self): \\($0)") })
                #endif
                    .sink { [weak self] in self?.y($0) }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:6:53"])
    }

    func testSuperAndKeyPathsAreNotCaptures() {
        let text = """
        final class A: Base {
            var bag = Set<AnyCancellable>()
            func f() {
                $x.map(\\.self).sink { _ in super.refresh() }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    func testIfLetSelfMakesSelfStrongOnlyInItsBody() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                $x.sink { [weak self] _ in
                    if let self {
                        self.$y.sink { self.z() }.store(in: &self.bag)
                    }
                    self?.$y.sink { _ in self?.z() }.store(in: &self!.bag)
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:6:32"])
    }

    func testLocalCancellableStoredLaterInAMember() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            var single: AnyCancellable?
            var byID: [UUID: AnyCancellable] = [:]
            func f(id: UUID) {
                let c1 = $x.sink { self.a($0) }
                bag.insert(c1)
                let c2 = $x.sink { self.b($0) }
                self.single = c2
                let c3 = $x.sink { self.c($0) }
                c3.store(in: &bag)
                let c4 = $x.sink { self.d($0) }
                byID[id] = c4
                let c5 = $x.sink { self.e($0) }
                c5.cancel()
                byID[id] = $x.sink { self.g($0) }
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:6:28", "A.swift:8:28", "A.swift:10:28", "A.swift:12:28", "A.swift:16:30"])
    }

    func testFiniteRootCombinedWithAnEndlessPublisherIsReported() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                Just(1).combineLatest($x).sink { self.a($0) }.store(in: &bag)
                Just(1).zip(Just(2)).sink { self.a($0) }.store(in: &bag)
                let once = Just(3).map { self.b($0) }
                once.sink { self.a($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:42"])
    }

    func testFinitePublishersOption() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                Once(1).sink { self.a($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:24"])
        XCTAssertEqual(positions(text, options: RuleOptions(["finite_publishers": ["Once"]])), [])
    }

    func testClosureHeldInALocalAndPassedAsSubscriber() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f(_ p: AnyPublisher<Int, Never>) {
                let handler = { (value: Int) in self.show(value) }
                p.sink(receiveValue: handler).store(in: &bag)
            }
            func show(_ value: Int) {}
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:41"])
    }

    func testSharedLocalPublisherIsReportedOnce() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                let names = $users.map { self.format($0) }
                names.sink { [weak self] in self?.a($0) }.store(in: &bag)
                names.combineLatest($x).sink { [weak self] in self?.b($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:34"])
    }

    func testMethodReferences() {
        let base = """
        class BaseController {
            func present(_ value: Int) {}
        }
        """
        let text = """
        final class A: BaseController {
            var bag = Set<AnyCancellable>()
            var onValue: (Int) -> Void = { _ in }
            func f(handle: @escaping (Int) -> Void) {
                $x.sink(receiveValue: handle).store(in: &bag)
                $x.sink(receiveValue: self.onValue).store(in: &bag)
                $x.sink(receiveValue: present).store(in: &bag)
                $x.scan(0, combine).map(self.transform).sink { [weak self] in self?.y($0) }.store(in: &bag)
                $x.map(Self.parse).sink(receiveValue: Logger.shared.log).store(in: &bag)
            }
            func combine(_ a: Int, _ b: Int) -> Int { a + b }
            func transform(_ a: Int) -> Int { a }
            static func parse(_ a: Int) -> Int { a }
        }
        """
        XCTAssertEqual(positions(text, extraFiles: [(path: "Sources/App/Base.swift", text: base)]),
                       ["A.swift:7:31", "A.swift:8:20", "A.swift:8:33"])
    }

    func testValueTypesProtocolExtensionsAndStaticContextsAreQuiet() {
        let text = """
        final class Outer {
            struct Inner {
                @State var bag = Set<AnyCancellable>()
                func f() { $x.sink { self.y($0) }.store(in: &bag) }
            }
            static var shared = Set<AnyCancellable>()
            static var observer: Void {
                $x.sink { _ in self.reset() }.store(in: &shared)
            }
        }
        enum Mode {
            func f() { $x.sink { self.y($0) }.store(in: &bag) }
        }
        extension Bindable {
            func bind() { $x.sink { self.y($0) }.store(in: &bag) }
        }
        protocol Bindable {}
        """
        XCTAssertEqual(positions(text), [])
    }

    func testActorsLazyPropertiesAndExtensionsOfClassesInOtherFiles() {
        let model = """
        final class Model {
            var bag = Set<AnyCancellable>()
        }
        """
        let text = """
        actor Store {
            var bag = Set<AnyCancellable>()
            func f() { subject.sink { self.y($0) }.store(in: &bag) }
        }
        final class Screen {
            lazy var subscription: AnyCancellable = $x.sink { self.y($0) }
        }
        extension Model {
            func g() { $x.sink { self.y($0) }.store(in: &bag) }
        }
        """
        XCTAssertEqual(positions(text, extraFiles: [(path: "Sources/App/Model.swift", text: model)]),
                       ["A.swift:3:31", "A.swift:6:55", "A.swift:9:26"])
    }

    func testCollectionOperationsBeforePublisherAreNotPartOfTheSubscription() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f(items: [Int]) {
                items.filter { self.isVisible($0) }.publisher.sink { [weak self] in self?.y($0) }.store(in: &bag)
                let visible = items.filter { self.isVisible($0) }
                visible.publisher.sink { [weak self] in self?.y($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    func testNestedClosuresAndInterpolation() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                $x.flatMap { q in api.search(q).map { "\\(self.prefix)\\($0)" } }
                    .sink { [weak self] in self?.y($0) }
                    .store(in: &bag)
                $x.sink { _ in items.forEach { [weak self] in self?.add($0) } }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:50", "A.swift:7:46"])
    }

    func testMessageNamesTheBag() {
        let text = """
        final class A {
            private var subscriptions = Set<AnyCancellable>()
            func f() {
                $x.sink { self.y($0) }.store(in: &self.subscriptions)
                $x.sink(receiveValue: self.y).store(in: &subscriptions)
            }
            func y(_ v: Int) {}
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map(\.message), [
            "This closure holds `self` strongly, and `self` keeps its subscription in `subscriptions`: a retain cycle.",
            "Passing the method `y` holds `self` strongly, and `self` keeps its subscription in `subscriptions`: a retain cycle.",
        ])
        XCTAssertEqual(found.map(\.help), [
            "Capture `[weak self]` (or `[unowned self]`) in this closure and unwrap it inside, breaking self → subscriptions → subscription → closure → self.",
            "Pass `{ [weak self] in self?.y($0) }` instead, breaking self → subscriptions → subscription → self.",
        ])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }, ["4:19-4:23", "5:31-5:37"])
        XCTAssertEqual(found.map(\.related), [[], []])
    }

    /// Only the nested closure says `[weak self]`: the finding stays at the strong capture of the
    /// outer closure (the `self` its capture list names) and the nested capture list is related.
    func testNestedWeakSelfIsRelatedAsTooLate() throws {
        let text = """
        final class PlayerView: UIView {
            private var disposeBag = Set<AnyCancellable>()
            func bind(to player: PlayerModel) {
                player.$progress
                    .sink { _ in
                        DispatchQueue.main.async { [weak self] in self?.setNeedsLayout() }
                    }
                    .store(in: &disposeBag)
            }
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual([finding.line, finding.column, finding.endLine, finding.endColumn], [6, 50, 6, 54])
        XCTAssertEqual(finding.message, "The closure around this `[weak self]` holds `self` strongly, and `self` keeps its subscription in `disposeBag`: a retain cycle.")
        XCTAssertEqual(finding.help, "Capture `[weak self]` on the outer closure, the one the subscription keeps, breaking self → disposeBag → subscription → closure → self.")
        XCTAssertEqual(finding.related, [RelatedLocation(file: "A.swift", line: 6, column: 44, endLine: 6, endColumn: 55,
                                                         message: "this `[weak self]` comes too late: the outer closure already holds `self`")])
    }

    /// The outer closure uses `self` itself: the finding is there, and a nested `[unowned self]` is still too late.
    func testNestedUnownedSelfIsRelatedWhenTheOuterClosureUsesSelf() throws {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                $x.sink { v in
                    self.log(v)
                    queue.async { [unowned self] in self.y(v) }
                }.store(in: &bag)
            }
        }
        """
        let finding = try XCTUnwrap(findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)]).first)
        XCTAssertEqual("\(finding.line):\(finding.column)", "5:13")
        XCTAssertEqual(finding.message, "This closure holds `self` strongly, and `self` keeps its subscription in `bag`: a retain cycle.")
        XCTAssertEqual(finding.related.map { "\($0.line):\($0.column)-\($0.endColumn) \($0.message)" },
                       ["6:27-41 this `[unowned self]` comes too late: the outer closure already holds `self`"])
    }

    /// A capture taken from a weak `self` (inside another `[weak self]` closure) is not too late: only
    /// the capture list evaluated where `self` is strong is related.
    func testOnlyCapturesTakenFromAStrongSelfAreRelated() throws {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                $x.sink { v in
                    self.log(v)
                    queue.async { [weak self] in
                        other.async { [weak self] in self?.y(v) }
                    }
                }.store(in: &bag)
            }
        }
        """
        let finding = try XCTUnwrap(findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)]).first)
        XCTAssertEqual(finding.related.map { "\($0.line):\($0.column)-\($0.endColumn)" }, ["6:27-38"])
    }

    func testLocalBagStoredInAMemberLater() {
        let text = """
        final class A {
            var cancellables = Set<AnyCancellable>()
            var other = Set<AnyCancellable>()
            func f() {
                var bag = Set<AnyCancellable>()
                $x.sink { self.y($0) }.store(in: &bag)
                self.cancellables = bag
            }
            func g() {
                var bag = Set<AnyCancellable>()
                $x.sink { self.y($0) }.store(in: &bag)
                other.formUnion(bag)
            }
            func h() {
                var bag = Set<AnyCancellable>()
                $x.sink { self.y($0) }.store(in: &bag)
                print(bag.count)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:6:19", "A.swift:11:19"])
    }

    func testReturnedAssignmentAndReturnedSubscriptionsThatTheTypeStores() {
        let text = """
        final class A {
            var token: AnyCancellable?
            var cancellables = Set<AnyCancellable>()
            func f() { return self.token = $x.sink { self.y($0) } }
            func make() -> AnyCancellable { $x.sink { self.y($0) } }
            func makeKept() -> AnyCancellable { $z.sink { self.y($0) } }
            func bind() {
                token = make()
                self.makeKept().store(in: &cancellables)
            }
            func handOut() -> AnyCancellable { $w.sink { self.y($0) } }
        }
        final class B {
            var token: AnyCancellable?
            func use(_ a: A) { token = a.handOut() }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:46", "A.swift:5:47", "A.swift:6:51"])
    }

    func testPublishedAssignmentKeepsItsUpstreamClosures() {
        let text = """
        final class A: ObservableObject {
            @Published var title = ""
            func f(_ names: AnyPublisher<String, Never>, _ other: Model) {
                names.map { self.decorate($0) }.assign(to: &$title)
                names.map { self.decorate($0) }.assign(to: &self.$title)
                names.map { [weak self] in self?.decorate($0) ?? "" }.assign(to: &$title)
                names.map { self.decorate($0) }.assign(to: &other.$title)
                Just("a").map { self.decorate($0) }.assign(to: &$title)
            }
        }
        struct S { func f() { names.map { self.g($0) }.assign(to: &$title) } }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:21", "A.swift:5:21"])
    }

    func testFiniteRootFlatMappedIntoAnEndlessPublisherIsReported() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            func f() {
                Just(1).flatMap { _ in self.subject }.sink { _ in }.store(in: &bag)
                Just(1).flatMap { _ in Just(self.value) }.sink { _ in self.y() }.store(in: &bag)
                Just(1).map { _ in self.subject }.switchToLatest().sink { _ in }.store(in: &bag)
                Fail<Int, Error>(error: e).catch { _ in self.subject }.sink { _ in }.store(in: &bag)
                Fail<Int, Error>(error: e).catch { _ in Empty() }.sink(receiveCompletion: { _ in self.y() }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:32", "A.swift:6:28", "A.swift:7:49"])
    }

    func testPipelinesThatFinishThroughTheProjectsFunctionsAreQuiet() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            let provider: Provider
            func f() {
                provider.save(1).receive(on: DispatchQueue.main).sink { _ in self.y() }.store(in: &bag)
                provider.check(url: u).sink(receiveCompletion: { _ in self.y() }, receiveValue: { _ in }).store(in: &bag)
                provider.updates().sink { _ in self.y() }.store(in: &bag)
                provider.either(true).sink { _ in self.y() }.store(in: &bag)
                Future<Int, Never> { $0(.success(1)) }.sink { _ in self.y() }.store(in: &bag)
                Deferred { Future<Int, Never> { $0(.success(1)) } }.sink { _ in self.y() }.store(in: &bag)
                Deferred { self.subject }.sink { _ in self.y() }.store(in: &bag)
                $value.first().sink { _ in self.y() }.store(in: &bag)
                $value.prefix(untilOutputFrom: stop).sink { _ in self.y() }.store(in: &bag)
            }
        }
        """
        let provider = """
        final class Provider {
            let subject = PassthroughSubject<Int, Never>()
            func save(_ value: Int) -> AnyPublisher<Void, Error> {
                guard value > 0 else { return Fail(error: E()).eraseToAnyPublisher() }
                return Future { promise in promise(.success(())) }.eraseToAnyPublisher()
            }
            func check(url: URL) -> AnyPublisher<Data, Error> { NetworkService().run(URLRequest(url: url)) }
            func updates() -> AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }
            func either(_ flag: Bool) -> AnyPublisher<Int, Never> {
                if flag { return Just(1).eraseToAnyPublisher() }
                return subject.eraseToAnyPublisher()
            }
        }
        final class Other { func save(_ value: Int) { } }
        struct NetworkService {
            func run(_ request: URLRequest) -> AnyPublisher<Data, Error> {
                URLSession.shared
                    .dataTaskPublisher(for: request)
                    .map(\\.data)
                    .mapError { $0 as Error }
                    .eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(positions(text, extraFiles: [(path: "Sources/App/Provider.swift", text: provider)]),
                       ["A.swift:7:40", "A.swift:8:43", "A.swift:11:20", "A.swift:11:47", "A.swift:13:58"])
    }

    /// A project function that hands on the publisher it is given (a view model's `track(_:)`, an
    /// extension's `onMain()`) finishes exactly when that publisher does: a request through it is
    /// quiet, a subject or `$property` through it is still a cycle (probe round 4).
    func testFunctionsThatHandOnTheirInputFinishWhenTheInputDoes() {
        let text = """
        final class DetailModel: BaseModel {
            @Published var item: Int?
            let api: API
            let updates = PassthroughSubject<Int, Never>()
            func load() {
                track(api.request(1)).sink { self.item = $0 }.store(in: &cancellables)
                api.request(2).onMain().sink(receiveCompletion: { _ in }, receiveValue: { self.item = $0 }).store(in: &cancellables)
                track(updates).sink { self.item = $0 }.store(in: &cancellables)
                updates.onMain().sink { self.item = $0 }.store(in: &cancellables)
                api.request(3).replaced(by: updates).sink { self.item = $0 }.store(in: &cancellables)
            }
        }
        """
        let base = """
        class BaseModel {
            var cancellables = Set<AnyCancellable>()
            @Published var isLoading = false
            func track<P: Publisher>(_ publisher: P) -> AnyPublisher<P.Output, Never> {
                publisher
                    .handleEvents(receiveSubscription: { [weak self] _ in self?.isLoading = true })
                    .catch { _ in Empty() }
                    .eraseToAnyPublisher()
            }
        }
        struct API {
            func request(_ id: Int) -> AnyPublisher<Int, Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).map { _ in id }.mapError { $0 as Error }.eraseToAnyPublisher()
            }
        }
        extension Publisher {
            func onMain() -> AnyPublisher<Output, Failure> { receive(on: DispatchQueue.main).eraseToAnyPublisher() }
            func replaced<P: Publisher>(by other: P) -> AnyPublisher<P.Output, P.Failure> { other.eraseToAnyPublisher() }
        }
        """
        XCTAssertEqual(positions(text, extraFiles: [(path: "Sources/App/Base.swift", text: base)]),
                       ["A.swift:8:31", "A.swift:9:33", "A.swift:10:53"])
    }

    /// A test double's `fetch(_:)` returning a subject the test drives runs in tests only: the
    /// app's own implementation, a request, decides that the app's pipeline finishes. With no app
    /// implementation at all, the double still counts (probe round 4).
    func testTestDoublesDoNotDecideWhetherTheAppsPipelineFinishes() {
        let text = """
        final class ItemModel {
            var value = 0
            var bag = Set<AnyCancellable>()
            let api: ItemAPI
            let feed: FeedSource
            func load() {
                api.fetch(1).sink(receiveCompletion: { _ in }, receiveValue: { self.value = $0 }).store(in: &bag)
                feed.items().sink(receiveCompletion: { _ in }, receiveValue: { self.value = $0 }).store(in: &bag)
            }
        }
        protocol ItemAPI { func fetch(_ id: Int) -> AnyPublisher<Int, Error> }
        protocol FeedSource { func items() -> AnyPublisher<Int, Error> }
        final class LiveItemAPI: ItemAPI {
            func fetch(_ id: Int) -> AnyPublisher<Int, Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).map { _ in id }.mapError { $0 as Error }.eraseToAnyPublisher()
            }
        }
        """
        let mock = """
        final class MockItemAPI: ItemAPI {
            let results = PassthroughSubject<Int, Error>()
            func fetch(_ id: Int) -> AnyPublisher<Int, Error> { results.eraseToAnyPublisher() }
        }
        final class FeedSourceMock: FeedSource {
            let results = PassthroughSubject<Int, Error>()
            func items() -> AnyPublisher<Int, Error> { results.eraseToAnyPublisher() }
        }
        """
        XCTAssertEqual(positions(text, extraFiles: [(path: "AppTests/Mocks.swift", text: mock)]), ["A.swift:8:72"])
    }

    /// A bag emptied (or a cancellable cancelled) in `viewWillDisappear`/`viewDidDisappear`, of the
    /// type or of its base class, lets go of the subscription whenever the screen leaves: no cycle
    /// outlives it. Emptied only in a method of its own (`stop()`), the cycle stays until someone
    /// calls it (probe round 4).
    func testKeeperReleasedOnDisappearanceIsQuiet() {
        let text = """
        final class ClockViewController: BaseViewController {
            var timer: AnyCancellable?
            var cancellables = Set<AnyCancellable>()
            var pending = Set<AnyCancellable>()
            var ticks = 0
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { _ in self.ticks += 1 }
                model.$title.sink { self.title = $0 }.store(in: &cancellables)
                model.$title.sink { self.title = $0 }.store(in: &pending)
                model.$title.sink { self.title = $0 }.store(in: &inherited)
            }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                timer?.cancel()
                cancellables.removeAll()
            }
            func stop() { pending.removeAll() }
        }
        class BaseViewController: UIViewController {
            var inherited = Set<AnyCancellable>()
            override func viewDidDisappear(_ animated: Bool) {
                super.viewDidDisappear(animated)
                inherited = []
            }
        }
        final class OtherViewController: UIViewController {
            var pending = Set<AnyCancellable>()
            override func viewWillDisappear(_ animated: Bool) { pending.removeAll() }
        }
        """
        // Another screen emptying a bag of the same name says nothing about this one's `pending`.
        XCTAssertEqual(positions(text), ["A.swift:10:29"])
    }

    /// Helpers in an extension of `Publisher` that subscribe with `sink` on their receiver, written
    /// without one (`sink(receiveValue: handler).store(in: &bag)`, `-> AnyCancellable { sink(…) }`):
    /// the closure a caller hands them is kept by the caller's bag, unless the receiver is a
    /// request that finishes (probe round 4).
    func testPublisherExtensionHelpersThatSinkOnTheirReceiver() {
        let text = """
        final class ScreenModel {
            @Published var name = ""
            var title = ""
            var cancellables = Set<AnyCancellable>()
            let errors = PassthroughSubject<String, Error>()
            func bind(_ api: API) {
                $name.bind(to: &cancellables) { self.title = $0 }
                errors.sinkResult { self.handle($0) }.store(in: &cancellables)
                api.request(1).sinkResult { self.handle($0) }.store(in: &cancellables)
                $name.bind(to: &cancellables) { [weak self] in self?.title = $0 }
            }
            func handle(_ result: Result<String, Error>) {}
        }
        """
        let helpers = """
        extension Publisher where Failure == Never {
            func bind(to bag: inout Set<AnyCancellable>, _ handler: @escaping (Output) -> Void) {
                sink(receiveValue: handler).store(in: &bag)
            }
        }
        extension Publisher {
            func sinkResult(_ handler: @escaping (Result<Output, Failure>) -> Void) -> AnyCancellable {
                sink(receiveCompletion: { c in if case let .failure(e) = c { handler(.failure(e)) } }, receiveValue: { handler(.success($0)) })
            }
        }
        struct API {
            func request(_ id: Int) -> AnyPublisher<String, Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: "x")!).map { _ in "" }.mapError { $0 as Error }.eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(positions(text, extraFiles: [(path: "Sources/App/Helpers.swift", text: helpers)]), ["A.swift:7:41", "A.swift:8:29"])
    }

    func testObjectsThatLiveForTheWholeRunAreQuiet() {
        let text = """
        final class FeedTests: XCTestCase {
            var bag = Set<AnyCancellable>()
            func testFeed() { model.$items.sink { _ in self.fulfill() }.store(in: &bag) }
        }
        class BaseTests: XCTestCase {}
        final class DerivedTests: BaseTests {
            var bag = Set<AnyCancellable>()
            func testFeed() { model.$items.sink { _ in self.fulfill() }.store(in: &bag) }
        }
        final class Storage {
            static let shared = Storage(persist: true)
            var bag = Set<AnyCancellable>()
            init(persist: Bool) { $items.sink { _ in self.save() }.store(in: &bag) }
        }
        final class Coordinator {
            var bag = Set<AnyCancellable>()
            func start() { $items.sink { _ in self.show() }.store(in: &bag) }
        }
        final class AppDelegate: NSObject, UIApplicationDelegate {
            var coordinator: Coordinator?
            func applicationDidFinishLaunching() { coordinator = Coordinator() }
        }
        final class Cache {
            static let shared = Cache()
            var bag = Set<AnyCancellable>()
            func start() { $items.sink { _ in self.show() }.store(in: &bag) }
        }
        final class Screen { let cache = Cache() }
        class Service {
            static let shared = Service()
            var bag = Set<AnyCancellable>()
            func start() { $items.sink { _ in self.show() }.store(in: &bag) }
        }
        final class MockService: Service {}
        """
        XCTAssertEqual(positions(text), ["A.swift:26:39", "A.swift:32:39"])
    }

    func testImplicitSelfAfterGuardLetSelfInANestedSubscription() {
        let text = """
        final class A {
            var bag = Set<AnyCancellable>()
            var title = ""
            func f() {
                $x.sink { [weak self] value in
                    guard let self else { return }
                    self.other.sink { text in
                        title = text
                    }.store(in: &bag)
                    self.other.sink { [weak self] text in
                        self?.title = text
                    }.store(in: &bag)
                    self.other.sink { title in
                        print(title)
                    }.store(in: &bag)
                    self.other.flatMap { [api] _ in
                        api.load()
                    }.sink { _ in }.store(in: &bag)
                }.store(in: &bag)
            }
            let api = API()
        }
        """
        // `[api]` copies the member when the closure is made: its body uses the copy, not `self`.
        XCTAssertEqual(positions(text), ["A.swift:8:17"])
    }

    func testProfileSamplesFireWhereTheyLeak() throws {
        let folder = packageRoot.appendingPathComponent("samples/App/Profile")
        let files = try ["ProfileViewController.swift", "ProfileViewModel.swift"].map { name in
            (path: "Profile/" + name, text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
        let found = findings(of: StrongSelfCaptureRule.self, in: files)
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, [
            "Profile/ProfileViewController.swift:37:33", "Profile/ProfileViewController.swift:46:50",
            "Profile/ProfileViewModel.swift:30:20", "Profile/ProfileViewModel.swift:55:17",
        ])
    }

    /// `self.decode(data)` in a view model calls the type's own method (named like Combine's
    /// `decode` operator), whose pipeline finishes: a request `flatMap`ped into it finishes too, and
    /// its cycle ends then. From a subject that never finishes the same closures still leak.
    func testOwnMethodNamedLikeAnOperatorIsTheSourceItReturns() {
        let text = """
        final class Importer {
            @Published private(set) var count = 0
            private var token: AnyCancellable?
            private var bag = Set<AnyCancellable>()
            func decode(_ data: Data) -> AnyPublisher<[Int], Error> {
                Just(data).decode(type: [Int].self, decoder: JSONDecoder()).eraseToAnyPublisher()
            }
            func load(_ url: URL) {
                token = URLSession.shared.dataTaskPublisher(for: url)
                    .map(\\.data)
                    .mapError { $0 as Error }
                    .flatMap { self.decode($0) }
                    .sink(receiveCompletion: { _ in }, receiveValue: { self.count = $0.count })
            }
            func watch(_ changes: PassthroughSubject<Data, Error>) {
                changes.flatMap { self.decode($0) }.sink(receiveCompletion: { _ in }, receiveValue: { self.count = $0.count }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:16:27", "A.swift:16:95"])
    }

    /// A test's `SettingsStore(defaults: suite)` lives in that test run only: the app makes its one
    /// `static let shared`, so the class lives for the app's run. An object the app delegate makes
    /// in a closure of a pipeline (`$state.map { _ in LoginModel() }`) is made again for each value.
    func testObjectsMadeByTestsOrPerValueDoNotDecideTheRun() {
        let text = """
        final class SettingsStore {
            static let shared = SettingsStore()
            @Published var enabled = false
            private var cancellables = Set<AnyCancellable>()
            init(defaults: UserDefaults = .standard) {
                defaults.publisher(for: \\.enabled).sink { self.enabled = $0 }.store(in: &cancellables)
            }
        }
        final class LoginModel {
            @Published var valid = false
            private var cancellables = Set<AnyCancellable>()
            init() {
                $valid.sink { _ in self.check() }.store(in: &cancellables)
            }
            func check() {}
        }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var cancellables = Set<AnyCancellable>()
            func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                Session.shared.$state.map { _ in LoginModel() }.sink { _ in }.store(in: &cancellables)
                return true
            }
        }
        """
        let test = """
        final class SettingsTests: XCTestCase {
            func testToggle() {
                let store = SettingsStore(defaults: UserDefaults())
                XCTAssertFalse(store.enabled)
            }
        }
        """
        XCTAssertEqual(positions(text, extraFiles: [(path: "Tests/AppTests/SettingsTests.swift", text: test)]), ["A.swift:13:28"])
    }

    /// An object the app delegate makes in a method that its `@IBAction` (a menu's New Window) also
    /// calls is made on each run of the action: one window controller per window, each freed when
    /// its window closes, so a cycle leaks it. One made only at launch lives for the run.
    func testObjectsMadeByAMethodThatAnActionCallsDoNotLiveForTheRun() {
        let text = """
        final class WindowController: NSWindowController {
            @Published var title = ""
            private var cancellables = Set<AnyCancellable>()
            func bind() { $title.sink(receiveValue: self.apply).store(in: &cancellables) }
            func apply(_ title: String) {}
        }
        final class StatusController {
            @Published var count = 0
            private var cancellables = Set<AnyCancellable>()
            func bind() { $count.sink { _ in self.render() }.store(in: &cancellables) }
            func render() {}
        }
        final class AppDelegate: NSObject, NSApplicationDelegate {
            var windows: [WindowController] = []
            var status: StatusController?
            func applicationDidFinishLaunching(_ notification: Notification) {
                openWindow()
                makeStatus()
            }
            @IBAction func newWindow(_ sender: Any?) { openWindow() }
            private func openWindow() { windows.append(WindowController()) }
            private func makeStatus() { status = StatusController() }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:4:45"])
    }

    /// A generic class made through a typealias (`AppStore(…)` with `typealias AppStore =
    /// Store<AppState, AppAction>`) by the app delegate at launch lives for the run; one that a
    /// screen also makes through the alias does not.
    func testAGenericClassMadeThroughATypealiasAtLaunchLivesForTheRun() {
        let text = """
        final class Store<State, Action> {
            @Published private(set) var state: State
            private let actions = PassthroughSubject<Action, Never>()
            private var cancellables = Set<AnyCancellable>()
            init(initial: State) {
                self.state = initial
                actions.sink { action in self.reduce(action) }.store(in: &cancellables)
            }
            func reduce(_ action: Action) {}
        }
        typealias AppStore = Store<AppState, AppAction>
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            let store = AppStore(initial: AppState())
        }
        """
        XCTAssertEqual(positions(text), [])
        let screen = """
        final class PreviewViewController: UIViewController {
            private let store = AppStore(initial: AppState())
        }
        """
        XCTAssertEqual(positions(text, extraFiles: [(path: "Preview.swift", text: screen)]), ["A.swift:7:34"])
    }

    /// A `Future` whose closure calls a method of `self` that subscribes (declared earlier in the
    /// file) is asked whether `self.load(url)` finishes up to the call itself: the own method's call
    /// is the whole source there (this once trapped on an empty range of operators).
    func testAFutureCallingAnOwnSubscribingMethodDeclaredEarlier() {
        let text = """
        final class Loader {
            private var bag = Set<AnyCancellable>()
            func load(_ url: URL, completion: @escaping (UIImage?) -> Void) {
                URLSession.shared.dataTaskPublisher(for: url)
                    .map { UIImage(data: $0.data) }
                    .replaceError(with: nil)
                    .sink { image in completion(image) }
                    .store(in: &bag)
            }
            func imagePublisher(for url: URL) -> AnyPublisher<UIImage?, Never> {
                Future<UIImage?, Never> { promise in
                    self.load(url) { promise(.success($0)) }
                }
                .eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    /// A publisher that a `flatMap` closure (or a `map` before `switchToLatest`) returns lives
    /// inside the subscription: after `guard let self`, its closures hold the strong `self` for as
    /// long as its source runs. One from a request finishes and lets go; `[weak self]` inside is fine.
    func testClosuresOfAFlattenedInnerPublisherAfterGuardLetSelf() {
        let text = """
        final class ListModel {
            @Published var selectedID: Int?
            @Published var selected: Item?
            private var cancellables = Set<AnyCancellable>()
            init(store: Store) {
                $selectedID.compactMap { $0 }
                    .flatMap { [weak self] id -> AnyPublisher<Item?, Never> in
                        guard let self else { return Empty().eraseToAnyPublisher() }
                        return self.store.$items.map { list in self.lookup(id, in: list) }.eraseToAnyPublisher()
                    }
                    .sink { [weak self] in self?.selected = $0 }
                    .store(in: &cancellables)
                $selectedID.compactMap { $0 }
                    .map { [weak self] id -> AnyPublisher<Item?, Never> in
                        guard let self else { return Empty().eraseToAnyPublisher() }
                        return self.api.item(id).map { item in self.decorate(item) }.replaceError(with: nil).eraseToAnyPublisher()
                    }
                    .switchToLatest()
                    .sink { [weak self] in self?.selected = $0 }
                    .store(in: &cancellables)
                $selectedID.compactMap { $0 }
                    .flatMap { [weak self] id -> AnyPublisher<Item?, Never> in
                        guard let self else { return Empty().eraseToAnyPublisher() }
                        return self.store.$items.map { [weak self] list in self?.lookup(id, in: list) }.eraseToAnyPublisher()
                    }
                    .sink { [weak self] in self?.selected = $0 }
                    .store(in: &cancellables)
            }
        }
        final class API { func item(_ id: Int) -> AnyPublisher<Item, Error> { URLSession.shared.dataTaskPublisher(for: url(id)).map(\\.data).decode(type: Item.self, decoder: JSONDecoder()).eraseToAnyPublisher() } }
        """
        XCTAssertEqual(positions(text), ["A.swift:9:56"])
    }
}
