import XCTest
@testable import CombineLintKit

final class ExposedSubjectRuleTests: XCTestCase {
    private func run(_ files: [(path: String, text: String)]) -> [Finding] {
        findings(of: ExposedSubjectRule.self, in: files)
    }

    /// A `send` into a same-named member of another type counts as feeding this one only while the
    /// receiver's type is unknown: `feed.events.send` with `feed: FeedModel` feeds `FeedModel`'s
    /// subject, not `SettingsModel`'s, and each model sending into its own is no outside sender.
    func testSendsThroughAReceiverOfKnownTypeFeedOnlyThatType() {
        let models = """
        final class FeedModel {
            var events = PassthroughSubject<Int, Never>()
            func refresh() { events.send(1) }
        }
        final class SettingsModel {
            var events = PassthroughSubject<Int, Never>()
            func save() { events.send(2) }
        }
        """
        let screen = """
        final class FeedScreen {
            let feed: FeedModel
            init(feed: FeedModel) { self.feed = feed }
            func pull() { feed.events.send(0) }
        }
        """
        XCTAssertEqual(run([("App/Models.swift", models)]).map { "\($0.line):\($0.column)" }, ["2:9", "6:9"])
        XCTAssertEqual(run([("App/Models.swift", models), ("App/FeedScreen.swift", screen)]).map { "\($0.file):\($0.line):\($0.column)" },
                       ["App/Models.swift:6:9"])
        // Through a receiver of unknown type (`$0`), a send may be into either: both stay quiet.
        let unknown = "func poke(_ models: [FeedModel]) { models.forEach { $0.events.send(3) } }\n"
        XCTAssertEqual(run([("App/Models.swift", models), ("App/Poke.swift", unknown)]).map { "\($0.line):\($0.column)" }, [])
    }

    /// An extension of the type in another file that sends into the subject needs it visible there:
    /// `private` would not compile, so it is fed from outside. An extension in the declaring file is
    /// the type itself.
    func testAnExtensionInAnotherFileFeedsFromOutside() {
        let service = """
        final class FirmwareService {
            let logLines = PassthroughSubject<String, Never>()
            let progress = PassthroughSubject<Double, Never>()
        }
        extension FirmwareService {
            func report(_ value: Double) { progress.send(value) }
        }
        """
        let logging = """
        extension FirmwareService {
            func log(_ line: String) { logLines.send(line) }
        }
        """
        XCTAssertEqual(run([("App/FirmwareService.swift", service), ("App/FirmwareService+Logging.swift", logging)])
            .map { "\($0.file):\($0.line):\($0.column)" }, ["App/FirmwareService.swift:3:9"])
    }

    /// `InventoryHub.shared.events.send(x)` feeds `InventoryHub`'s subject (the type of its shared
    /// instance), not every `events`: the analytics service that alone sends into its own is reported.
    func testASendThroughASharedInstanceFeedsThatTypeOnly() {
        let services = """
        final class InventoryHub {
            static let shared = InventoryHub()
            let events = PassthroughSubject<Int, Never>()
        }
        final class AnalyticsService {
            let events = PassthroughSubject<String, Never>()
            func track(_ name: String) { events.send(name) }
        }
        """
        let push = """
        final class PushHandler {
            func received(_ id: Int) { InventoryHub.shared.events.send(id) }
        }
        """
        XCTAssertEqual(run([("App/Services.swift", services), ("App/Push.swift", push)]).map { "\($0.file):\($0.line)" }, ["App/Services.swift:6"])
    }

    func testFindingIsOnTheNameAndMessageNamesTheSubject() throws {
        let text = "final class A {\n    private(set) var events = PassthroughSubject<Int, Never>()\n}\n"
        let f = try XCTUnwrap(run([("App/A.swift", text)]).first)
        XCTAssertEqual([f.line, f.column, f.endLine, f.endColumn], [2, 22, 2, 28])
        XCTAssertEqual(f.message, "Code outside the type can `send` into `events`, a `PassthroughSubject`, or complete it, injecting events or ending the stream.")
        XCTAssertEqual(f.help, "`private(set)` does not prevent `send`. Make it `private` and expose `events.eraseToAnyPublisher()` as an `AnyPublisher`.")
    }

    func testInternalWithPrivateSetBecomesPrivate() throws {
        let text = "final class A {\n    internal private(set) var events = PassthroughSubject<Int, Never>()\n    func f() { events.send(1) }\n}\n"
        let found = run([("App/A.swift", text)])
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(applying(found[0].fix?.edits ?? [], to: text),
                       "final class A {\n    private var events = PassthroughSubject<Int, Never>()\n    func f() { events.send(1) }\n}\n")
    }

    func testFixNeverReachesIntoThePreviousDeclaration() throws {
        let text = "final class VM {\n    var options = Options()\n    let changes = PassthroughSubject<Int, Never>()\n}\n"
        let found = run([("App/VM.swift", text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:9"])
        XCTAssertEqual(applying(try XCTUnwrap(found[0].fix).edits, to: text),
                       "final class VM {\n    var options = Options()\n    private let changes = PassthroughSubject<Int, Never>()\n}\n")
    }

    func testUseFromASameFileExtensionKeepsTheFixButAnotherTypeDoesNot() {
        let own = "final class A {\n    let events = PassthroughSubject<Int, Never>()\n}\nextension A {\n    func f() { events.send(1) }\n}\n"
        XCTAssertNotNil(run([("App/A.swift", own)]).first?.fix)
        let other = own + "final class B {\n    func g(a: A) { a.events.sink { _ in } }\n}\n"
        let found = run([("App/A.swift", other)])
        XCTAssertEqual(found.map(\.line), [2])
        XCTAssertNil(found[0].fix)
    }

    /// Another file that extends or subclasses the type may use the subject, so `private` is no safe
    /// fix there. An extension in another file that sends into it is fed from outside: reported
    /// only with `include_sent_from_outside`.
    func testNoFixWhenAnotherFileExtendsOrSubclassesIt() {
        let a = "class A: Output {\n    let events = PassthroughSubject<Int, Never>()\n}\n"
        let sending = [("App/A.swift", a), ("App/A+Send.swift", "extension A {\n    func f() { events.send(1) }\n}\n")]
        XCTAssertEqual(run(sending).map(\.line), [])
        let all = findings(of: ExposedSubjectRule.self, in: sending, options: RuleOptions(["include_sent_from_outside": ["true"]]))
        XCTAssertEqual(all.map { "\($0.file):\($0.line)" }, ["App/A.swift:2"])
        XCTAssertNil(all.first?.fix)
        let found = run([("App/A.swift", a), ("App/B.swift", "final class B: A {\n    func f() { forward(events) }\n}\n")])
        XCTAssertEqual(found.map { "\($0.file):\($0.line)" }, ["App/A.swift:2"])
        XCTAssertNil(found.first?.fix)
    }

    /// A project protocol that requires the subject exposes it to every holder of the protocol: it
    /// is reported, with no `private` fix (the requirement must change too) and advice naming the
    /// protocol. A framework protocol's requirement (`ObservableObject`'s `objectWillChange`) is not.
    func testAProtocolRequirementIsReportedWithoutAFixAndTestDoublesAreExempt() throws {
        let a = "class A: Output {\n    let events = PassthroughSubject<Int, Never>()\n    func f() { events.send(1) }\n}\n"
        let output = "protocol Output {\n    var events: PassthroughSubject<Int, Never> { get }\n}\n"
        let found = run([("App/A.swift", a), ("App/Output.swift", output)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App/A.swift:2:9"])
        XCTAssertNil(found.first?.fix)
        XCTAssertEqual(try XCTUnwrap(found.first).help,
                       "Declare `events` in `Output` as an `AnyPublisher`, make this one `private` under another name and return its `eraseToAnyPublisher()`.")
        let observable = "final class M: ObservableObject {\n    let objectWillChange = PassthroughSubject<Void, Never>()\n    func f() { objectWillChange.send() }\n}\n"
        XCTAssertEqual(run([("App/M.swift", observable)]).count, 0)
        let doubles = "final class MockFailingFlow {\n    var status = CurrentValueSubject<Int, Never>(0)\n}\nfinal class SpyStore {\n    let events = PassthroughSubject<Int, Never>()\n}\nfinal class Mockingbird {\n    let songs = PassthroughSubject<Int, Never>()\n}\n"
        XCTAssertEqual(run([("App/Doubles.swift", doubles)]).map(\.line), [8])
    }

    func testTheSameBareNameInAnUnrelatedTypeKeepsTheFix() {
        let a = "final class A {\n    let state = CurrentValueSubject<Int, Never>(0)\n}\n"
        let b = "final class B {\n    var state = 1\n    func f() { state += 1 }\n}\n"
        XCTAssertNotNil(run([("App/A.swift", a), ("App/B.swift", b)]).first?.fix)
        let c = "final class C {\n    func f(a: A) { print(a.state.value) }\n}\n"
        XCTAssertNil(run([("App/A.swift", a), ("App/C.swift", c)]).first?.fix)
    }

    func testNoFixForPublicOrMultipleBindingsOrMemberwiseInitUse() {
        let text = """
        public final class A {
            public let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>(), c = 1
        }
        struct S {
            let d: PassthroughSubject<Int, Never>
        }
        let s = S(d: PassthroughSubject())
        """
        let found = run([("App/A.swift", text)])
        XCTAssertEqual(found.map(\.line), [2, 3])
        XCTAssertEqual(found.compactMap(\.fix).count, 0)
    }

    func testTestTargetsAndNestedTestDoublesAreExempt() {
        let text = "final class A {\n    let events = PassthroughSubject<Int, Never>()\n}\n"
        XCTAssertEqual(run([("FeatureTests/A.swift", text)]).count, 0)
        XCTAssertEqual(run([("Sources/FeatureUITests/Helpers/A.swift", text)]).count, 0)
        XCTAssertEqual(run([("Sources/Tests.swift", text)]).count, 1)
        let nested = "final class ServiceMock {\n    final class Box {\n        let events = PassthroughSubject<Int, Never>()\n    }\n}\n"
        XCTAssertEqual(run([("App/M.swift", nested)]).count, 0)
    }

    func testSubjectsThatCodeOutsideTheTypeSendsIntoAreInputsByDesign() {
        let store = """
        class Store {
            let events = PassthroughSubject<Int, Never>()
            let state = CurrentValueSubject<Int, Never>(0)
            let done = PassthroughSubject<Void, Never>()
            let quiet = PassthroughSubject<Int, Never>()
            let logged = PassthroughSubject<Int, Never>()
            func f() { quiet.send(1) }
        }
        extension Store {
            func g() { self.quiet.send(completion: .finished) }
        }
        """
        let users = """
        final class Screen {
            func tap(_ store: Store) { store.events.send(1) }
            func read(_ store: Store) { print(store.quiet.value, store.logged) }
        }
        final class LiveStore: Store {
            func reset() { state.send(0) }
        }
        let shared = Store()
        shared.done.send(completion: .finished)
        // shared.logged.send(1) is only a comment
        let text = "store.logged.send(1)"
        """
        let files = [("App/Store.swift", store), ("App/Users.swift", users)]
        XCTAssertEqual(run(files).map(\.line), [5, 6])
        let all = findings(of: ExposedSubjectRule.self, in: files, options: RuleOptions(["include_sent_from_outside": ["true"]]))
        XCTAssertEqual(all.map(\.line), [2, 3, 4, 5, 6])
    }

    func testValueTypesHandSubjectsOverAndAreNotReported() {
        let text = """
        struct Dependencies {
            let refresh: PassthroughSubject<Void, Never>
            let selection = CurrentValueSubject<Int?, Never>(nil)
        }
        enum Channels {
            case none
            static let shared = PassthroughSubject<Int, Never>()
        }
        struct ShareButton: View {
            let frame = CurrentValueSubject<CGRect, Never>(.zero)
            var body: some View { Text("") }
        }
        final class Model {
            struct State { let changes = PassthroughSubject<Int, Never>() }
            let events = PassthroughSubject<Int, Never>()
        }
        """
        XCTAssertEqual(run([("App/A.swift", text)]).map(\.line), [15])
    }

    func testTestDoublesByAnyWordOfTheNameAndByFolder() {
        let text = "final class FeedMockService {\n    let events = PassthroughSubject<Int, Never>()\n}\nfinal class StubbornModel {\n    let events = PassthroughSubject<Int, Never>()\n}\nfinal class Spyglass {\n    let events = PassthroughSubject<Int, Never>()\n}\n"
        XCTAssertEqual(run([("App/A.swift", text)]).map(\.line), [5, 8])
        let plain = "final class A {\n    let events = PassthroughSubject<Int, Never>()\n}\n"
        for folder in ["App/Mocks/A.swift", "Shared/Fakes/A.swift", "Support/Stubs/A.swift", "TestSupport/A.swift"] {
            XCTAssertEqual(run([(folder, plain)]).count, 0, folder)
        }
        XCTAssertEqual(run([("App/Mockups/A.swift", plain)]).count, 1)
    }

    func testConditionalCompilationBothBranches() {
        let text = """
        final class A {
        #if DEBUG
            let events = PassthroughSubject<Int, Never>()
        #else
            private let events = PassthroughSubject<Int, Never>()
        #endif
        }
        """
        XCTAssertEqual(run([("App/A.swift", text)]).map(\.line), [3])
    }

    /// Outside code that wires a publisher into the subject, writes its value or passes its `send` on
    /// feeds it as surely as a `send` call: such subjects are inputs by design.
    func testSubjectsFedFromOutsideWithoutASendCall() {
        let model = """
        final class Model {
            let refresh = PassthroughSubject<Void, Never>()
            let state = CurrentValueSubject<Int, Never>(0)
            let query = PassthroughSubject<String, Never>()
            let shared = PassthroughSubject<Int, Never>()
            let sink = PassthroughSubject<Int, Never>()
            let count = CurrentValueSubject<Int, Never>(0)
            let title = CurrentValueSubject<String, Never>("")
            let read = CurrentValueSubject<Int, Never>(0)
        }
        """
        let users = """
        final class Screen {
            func bind(_ m: Model, taps: AnyPublisher<Void, Never>, text: AnyPublisher<String, Never>, p: AnyPublisher<Int, Never>) {
                taps.subscribe(m.refresh)
                m.state.value = 3
                text.sink(receiveValue: m.query.send).store(in: &bag)
                p.multicast(subject: m.shared).connect().store(in: &bag)
                p.receive(subscriber: AnySubscriber(m.sink))
                m.count.value += 1
                text.assign(to: \\.value, on: m.title).store(in: &bag)
                if m.read.value == 0 { print(m.read.value) }
            }
        }
        """
        XCTAssertEqual(run([("App/Model.swift", model), ("App/Screen.swift", users)]).map(\.line), [9])
    }

    /// A subject handed in through an initializer belongs to whoever made it, who sends through
    /// its own reference; one the type makes itself is reported.
    func testSubjectsHandedInByAnInitializer() {
        let text = """
        final class Bus {
            let events: PassthroughSubject<Int, Never>
            let made: PassthroughSubject<Int, Never>
            let wrapped: PassthroughSubject<Int, Never>
            init(events: PassthroughSubject<Int, Never>, seed: PassthroughSubject<Int, Never>?) {
                self.events = events
                made = PassthroughSubject()
                wrapped = seed ?? PassthroughSubject()
            }
            func fire() { events.send(1); made.send(2); wrapped.send(3) }
        }
        """
        XCTAssertEqual(run([("App/Bus.swift", text)]).map(\.line), [3, 4])
    }

    /// Outside code that hands the subject to a project function or initializer taking a subject
    /// gives the callee the subject to send into; handing it to one that takes a publisher does not.
    func testSubjectsHandedToCalleesThatTakeASubject() {
        let model = """
        final class Model {
            let events = PassthroughSubject<Int, Never>()
            let state = CurrentValueSubject<Int, Never>(0)
            let shown = PassthroughSubject<Int, Never>()
            func f() { events.send(1); state.send(2); shown.send(3) }
        }
        """
        let users = """
        final class Relay {
            init(target: PassthroughSubject<Int, Never>) {}
        }
        func forward(into subject: some Subject<Int, Never>) {}
        func show(_ values: AnyPublisher<Int, Never>) {}
        final class Screen {
            func bind(_ m: Model) {
                _ = Relay(target: m.events)
                forward(into: m.state)
                show(m.shown.eraseToAnyPublisher())
            }
        }
        """
        XCTAssertEqual(run([("App/Model.swift", model), ("App/Screen.swift", users)]).map(\.line), [4])
    }

    func testATestDoubleWordEndsWhereNoLowercaseLetterFollows() {
        let cases: [(String, String, Bool)] = [
            ("Mock", "MockFlow", true), ("Mock", "FlowMockService", true), ("Mock", "FeedMock", true),
            ("Mock", "Mockingbird", false), ("Mock", "MockingMock", true), ("Mock", "Mock_1", true),
            ("Mock", "Mock\u{E9}ry", false), ("Stub", "Stub\u{C9}tat", true), ("Spy", "Spying", false),
            ("Spy", "Sp", false), ("Fake", "", false),
        ]
        for (word, name, expected) in cases {
            XCTAssertEqual(TestCaseCode.namesWord(word, in: name), expected, "\(word) in \(name)")
        }
    }

    /// `ObservableObject` requires `objectWillChange`: a custom one declared as a subject stays
    /// visible; the same name in a class that is not an ObservableObject is reported.
    func testObservableObjectsOwnObjectWillChangeIsARequirement() {
        let text = """
        final class Counter: ObservableObject {
            let objectWillChange = PassthroughSubject<Void, Never>()
            var count = 0 { willSet { objectWillChange.send() } }
        }
        final class Plain {
            let objectWillChange = PassthroughSubject<Void, Never>()
            func change() { objectWillChange.send() }
        }
        """
        XCTAssertEqual(run([(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["6:9"])
    }

    /// A type that only previews make (`#Preview { FeedView(feed: PreviewFeed()) }`) runs in Xcode's
    /// canvas, never in the app: not reported; the same type made by the app is.
    func testATypeOnlyPreviewsMakeIsNotReported() {
        let found = findings(of: ExposedSubjectRule.self, in: PreviewOnlyTypeFixture.files)
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App.swift:2:9"])
    }

    /// A receiver typed by a name the project declares no type of (`let store: AppStore` with
    /// `typealias AppStore = Store<AppState, AppAction>`) is not known to be unrelated: its send may
    /// feed `Store`'s subject, which then stays quiet.
    func testASendThroughATypealiasedReceiverMayFeedTheSubject() {
        let store = """
        final class Store<State, Action> {
            let actions = PassthroughSubject<Action, Never>()
            func send(_ action: Action) { actions.send(action) }
        }
        typealias AppStore = Store<AppState, AppAction>
        """
        let screen = """
        final class HiveListViewController: UIViewController {
            private let store: AppStore
            init(store: AppStore) { self.store = store }
            func refresh() { store.actions.send(.refresh) }
        }
        """
        XCTAssertEqual(run([("App/Store.swift", store)]).map { "\($0.line):\($0.column)" }, ["2:9"])
        XCTAssertEqual(run([("App/Store.swift", store), ("App/Screen.swift", screen)]).map { "\($0.line):\($0.column)" }, [])
    }
}
