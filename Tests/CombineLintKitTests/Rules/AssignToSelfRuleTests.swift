import XCTest
@testable import CombineLintKit

/// Cases beyond the rule document: aliases and their scopes, closures, finite roots, fixes that
/// keep comments, `@Published` found through a superclass in another file.
final class AssignToSelfRuleTests: XCTestCase {
    private func found(_ text: String, extra: [(path: String, text: String)] = []) -> [Finding] {
        findings(of: AssignToSelfRule.self, in: [(path: "A.swift", text: text)] + extra)
    }

    private func positions(_ text: String, extra: [(path: String, text: String)] = []) -> [String] {
        found(text, extra: extra).filter { $0.file == "A.swift" }.map { "\($0.line):\($0.column)" }
    }

    private func fixed(_ text: String, extra: [(path: String, text: String)] = []) -> String {
        applying(found(text, extra: extra).compactMap(\.fix).flatMap(\.edits), to: text)
    }

    func testMessageRangeAndFixTitle() {
        let text = """
        final class VM: ObservableObject {
            @Published var name = ""
            func bind() {
                source.assign(to: \\.name, on: self).store(in: &bag)
            }
        }
        """
        let result = found(text)
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual([result[0].line, result[0].column, result[0].endLine, result[0].endColumn], [4, 16, 4, 44])
        XCTAssertEqual(result[0].severity, .warning)
        XCTAssertEqual(result[0].message, "`assign(to:on:)` retains `self` while `self` keeps its cancellable in `bag`: neither is freed until the publisher completes.")
        XCTAssertEqual(result[0].help, "Write `.assign(to: &$name)`, which keeps no cancellable.")
        XCTAssertEqual(result[0].fix?.title, "Replace with `assign(to: &$name)`")
        XCTAssertEqual(fixed(text), text.replacingOccurrences(of: "assign(to: \\.name, on: self).store(in: &bag)", with: "assign(to: &$name)"))
    }

    func testMessageWithoutPublishedTargetSuggestsWeakSink() {
        let text = "final class VC: UIViewController {\n    func bind() {\n        token = vm.$title.assign(to: \\.title, on: self)\n    }\n}\n"
        XCTAssertEqual(found(text).map(\.message), ["`assign(to:on:)` retains `self` while `self` keeps its cancellable in `token`: neither is freed until the publisher completes."])
        XCTAssertEqual(found(text).map(\.help), ["Use `sink` with `[weak self]` instead."])
        XCTAssertNil(found(text).first?.fix)
    }

    func testSelfAfterGuardLetSelfInAWeakClosureIsStrong() {
        let text = """
        final class VM: ObservableObject {
            @Published var name = ""
            func bind() {
                loader.load { [weak self] in
                    guard let self else { return }
                    source
                        .assign(to: \\.name, on: self)
                        .store(in: &self.bag)
                }
            }
        }
        """
        XCTAssertEqual(positions(text), ["7:18"])
        XCTAssertTrue(fixed(text).contains("                .assign(to: &self.$name)\n        }\n"), fixed(text))
    }

    func testAliasesFollowScopeAndOwnership() {
        let text = """
        final class VM {
            var name = ""
            func bind(other: VM) {
                if flag {
                    let me = self
                    source.assign(to: \\.name, on: me).store(in: &bag)
                }
                let me = other
                source.assign(to: \\.name, on: me).store(in: &bag)
                unowned let u = self
                source.assign(to: \\.name, on: u).store(in: &bag)
                weak var w = self
                source.assign(to: \\.name, on: w!).store(in: &bag)
                loader.load { [unowned self] in source.assign(to: \\.name, on: self).store(in: &bag) }
                let other = self
                items.forEach { other in source.assign(to: \\.name, on: other).store(in: &bag) }
                let copy = self.child
                source.assign(to: \\.name, on: copy).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["6:20", "11:16", "14:48"])
    }

    func testFiniteRootsOnlyWhenNothingElseIsMergedIn() {
        let text = """
        final class VM {
            var name = ""
            func bind() {
                Just("a").map { $0 }.assign(to: \\.name, on: self).store(in: &bag)
                Just("a").flatMap { _ in names }.assign(to: \\.name, on: self).store(in: &bag)
                Empty(completeImmediately: false).assign(to: \\.name, on: self).store(in: &bag)
                Fail(error: e).replaceError(with: "").assign(to: \\.name, on: self).store(in: &bag)
                (1...3).publisher.map(String.init).assign(to: \\.name, on: self).store(in: &bag)
                names.publisher.assign(to: \\.name, on: self).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["5:42", "6:43", "9:25"])
    }

    func testValueTypesStaticMethodsAndDroppedSubscriptionsAreQuiet() {
        let text = """
        struct S {
            func bind() { source.assign(to: \\.name, on: self).store(in: &bag) }
        }
        final class C {
            static func bind() { source.assign(to: \\.name, on: self).store(in: &bag) }
            func drop() {
                source.assign(to: \\.name, on: self)
                let unused = source.assign(to: \\.name, on: self)
            }
            func kept() -> AnyCancellable {
                let kept = source.assign(to: \\.name, on: self)
                return kept
            }
        }
        """
        XCTAssertEqual(positions(text), ["11:27"])
    }

    func testFixKeepsACommentBetweenAssignAndStore() {
        let text = """
        final class VM: ObservableObject {
            @Published var name = ""
            init() {
                source
                    .assign(to: \\.name, on: self)
                    // stored for the view model's life
                    .store(in: &bag)
                print(name)
            }
        }
        """
        let expected = """
        final class VM: ObservableObject {
            @Published var name = ""
            init() {
                source
                    .assign(to: &$name)
                    // stored for the view model's life
                print(name)
            }
        }
        """
        XCTAssertEqual(fixed(text), expected)
    }

    func testPublishedInheritedFromASuperclassInAnotherFileGetsAFix() {
        let text = "final class Child: Base {\n    func bind() {\n        source.assign(to: \\.count, on: self).store(in: &bag)\n        source.assign(to: \\.plain, on: self).store(in: &bag)\n        source.assign(to: \\.nested.count, on: self).store(in: &bag)\n    }\n}\n"
        let base = [(path: "Base.swift", text: "class Base: ObservableObject {\n    @Published var count = 0\n    var plain = 0\n    var bag = Set<AnyCancellable>()\n}\n")]
        XCTAssertEqual(positions(text, extra: base), ["3:16", "4:16", "5:16"])
        XCTAssertEqual(found(text, extra: base).map { $0.fix != nil }, [true, false, false])
        XCTAssertTrue(fixed(text, extra: base).contains("        source.assign(to: &$count)\n        source.assign(to: \\.plain"))
    }

    func testOtherTargetsAreQuiet() {
        let text = """
        final class VC: UIViewController {
            func bind() {
                vm.$title.assign(to: \\.text, on: self.titleLabel).store(in: &bag)
                vm.$title.assign(to: \\.text, on: label).store(in: &bag)
                vm.$title.assign(to: &$title)
                vm.$title.assign(to: \\.title, on: self.navigationItem).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    func testFeedSample() throws {
        let folder = packageRoot.appendingPathComponent("samples/App/Feed")
        let files = try ["FeedViewController.swift", "FeedViewModel.swift"].map {
            (path: "Feed/" + $0, text: try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
        let result = findings(of: AssignToSelfRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" }
        XCTAssertEqual(result, ["Feed/FeedViewController.swift:48:14", "Feed/FeedViewModel.swift:30:14", "Feed/FeedViewModel.swift:73:14"])
    }

    func testPipelinesThatFinishAndObjectsThatLiveForTheRunAreQuiet() {
        let text = """
        final class ProfileModel {
            var name = ""
            var bag = Set<AnyCancellable>()
            func load(_ api: API) {
                Future<String, Never> { $0(.success("a")) }.assign(to: \\.name, on: self).store(in: &bag)
                URLSession.shared.dataTaskPublisher(for: url).map { _ in "b" }.replaceError(with: "").assign(to: \\.name, on: self).store(in: &bag)
                Just(1).flatMap { _ in self.names }.assign(to: \\.name, on: self).store(in: &bag)
                names.first().assign(to: \\.name, on: self).store(in: &bag)
            }
        }
        final class ProfileTests: XCTestCase {
            var name = ""
            var bag = Set<AnyCancellable>()
            func testName() { names.assign(to: \\.name, on: self).store(in: &bag) }
        }
        final class Store {
            static let shared = Store()
            var name = ""
            var bag = Set<AnyCancellable>()
            private init() { names.assign(to: \\.name, on: self).store(in: &bag) }
        }
        """
        XCTAssertEqual(findings(of: AssignToSelfRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line)" }, ["7"])
    }

    /// A type that only previews make (`#Preview { FeedView(feed: PreviewFeed()) }`) runs in Xcode's
    /// canvas, never in the app: not reported; the same type made by the app is.
    func testATypeOnlyPreviewsMakeIsNotReported() {
        let found = findings(of: AssignToSelfRule.self, in: PreviewOnlyTypeFixture.files)
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App.swift:6:29"])
    }

    /// `Publishers.MergeMany` of a local array filled only with finishing publishers (Futures
    /// appended in a loop) finishes after the last one. A subject appended, or an array filled in
    /// another way (`+=`), keeps the pipeline alive: still reported.
    func testMergeManyOfALocalArrayOfFuturesFinishes() {
        let text = """
        final class Diagnostics {
            var health: [String: Bool] = [:]
            func refresh() {
                healthCheck().assign(to: \\.health, on: self).store(in: &bag)
                liveHealth().assign(to: \\.health, on: self).store(in: &bag)
                addedHealth().assign(to: \\.health, on: self).store(in: &bag)
            }
            func healthCheck() -> AnyPublisher<[String: Bool], Never> {
                var checks: [AnyPublisher<(String, Bool), Never>] = []
                for name in names {
                    let check = Future<(String, Bool), Never> { promise in promise(.success((name, true))) }
                    checks.append(check.eraseToAnyPublisher())
                }
                return Publishers.MergeMany(checks).collect().map { Dictionary(uniqueKeysWithValues: $0) }.eraseToAnyPublisher()
            }
            func liveHealth() -> AnyPublisher<[String: Bool], Never> {
                var checks: [AnyPublisher<(String, Bool), Never>] = []
                checks.append(Future { $0(.success(("a", true))) }.eraseToAnyPublisher())
                checks.append(statusSubject.eraseToAnyPublisher())
                return Publishers.MergeMany(checks).collect().map { Dictionary(uniqueKeysWithValues: $0) }.eraseToAnyPublisher()
            }
            func addedHealth() -> AnyPublisher<[String: Bool], Never> {
                var checks: [AnyPublisher<(String, Bool), Never>] = []
                checks += others
                return Publishers.MergeMany(checks).collect().map { Dictionary(uniqueKeysWithValues: $0) }.eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(positions(text), ["5:22", "6:23"])
    }

    /// The view stops the clock when it disappears (`.onDisappear { model.stopClock() }`, which drops
    /// the token), and a controller empties its bag in `viewWillDisappear`: each cycle ends with the
    /// screen. A token nothing drops stays a cycle (probe round 36).
    func testReleasedWhenTheScreenGoes() {
        let text = """
        final class DashboardModel: ObservableObject {
            @Published var clockText = ""
            @Published var dateText = ""
            private var clock: AnyCancellable?
            private var other: AnyCancellable?
            func startClock() {
                clock = Timer.publish(every: 1, on: .main, in: .common).autoconnect().map { "\\($0)" }.assign(to: \\.clockText, on: self)
                other = Timer.publish(every: 1, on: .main, in: .common).autoconnect().map { "\\($0)" }.assign(to: \\.dateText, on: self)
            }
            func stopClock() { clock = nil }
        }
        struct DashboardView: View {
            @StateObject private var model = DashboardModel()
            var body: some View { Text(model.clockText).onAppear { model.startClock() }.onDisappear { model.stopClock() } }
        }
        final class TickerController: UIViewController {
            @objc dynamic var price = 0.0
            private var cancellables = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                Ticker.shared.$price.assign(to: \\.price, on: self).store(in: &cancellables)
            }
            override func viewWillDisappear(_ animated: Bool) {
                super.viewWillDisappear(animated)
                cancellables.removeAll()
            }
        }
        """
        XCTAssertEqual(positions(text), ["8:95"])
    }
}
