import XCTest
@testable import CombineLintKit

/// App idioms of the default (non-core) rules found by probing (issue #13): each test pins the
/// exact findings of one class of idiom.
final class TimerDefaultRunLoopModeAppIdiomTests: XCTestCase {
    /// A tick more than a second apart is only late after a drag, never frozen on screen; a name may hold a short one.
    func testIntervalsAboveASecondAreNotReportedButNamedOnesAre() {
        let text = """
        final class Model: ObservableObject {
            var step: TimeInterval = 0.5
            func start() {
                a = Timer.publish(every: 5, on: .main, in: .default).autoconnect()
                b = Timer.publish(every: 30.0, on: .main, in: .default).autoconnect()
                c = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                d = Timer.publish(every: 0.25, on: .main, in: .default).autoconnect()
                e = Timer.publish(every: step, on: .main, in: .default).autoconnect()
                f = Timer.TimerPublisher(interval: 60, runLoop: .main, mode: .default)
                g = Timer.TimerPublisher(interval: 1, runLoop: .main, mode: .default)
            }
        }
        """
        XCTAssertEqual(places(TimerDefaultRunLoopModeRule.self, [("A.swift", text)]),
                       ["A.swift:6:52", "A.swift:7:55", "A.swift:8:55", "A.swift:10:69"])
    }

    /// A cell is a view (its `.current` is the main run loop); an app delegate runs on main but shows nothing.
    func testCellsAreScreensAndAppDelegatesAreNot() {
        let text = """
        final class CountdownCell: UITableViewCell {
            func start() { t = Timer.publish(every: 1, on: .current, in: .default).autoconnect() }
        }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func start() { t = Timer.publish(every: 1, on: .current, in: .default).autoconnect() }
        }
        """
        XCTAssertEqual(places(TimerDefaultRunLoopModeRule.self, [("A.swift", text)]), ["A.swift:2:66"])
    }
}

final class RunLoopMainSchedulerAppIdiomTests: XCTestCase {
    /// A helper outside any test case, in a test target's folder, runs in tests only.
    func testHelpersInTestFoldersAreNotReported() {
        let text = """
        enum Delivery {
            static func onMain<P: Publisher>(_ p: P) -> AnyPublisher<P.Output, P.Failure> {
                p.receive(on: RunLoop.main).eraseToAnyPublisher()
            }
        }
        """
        XCTAssertEqual(places(RunLoopMainSchedulerRule.self, [("AppTests/Support/Delivery.swift", text), ("App/Delivery.swift", text)]),
                       ["App/Delivery.swift:3:23"])
    }
}

final class CombineLatestWithoutInitialValueAppIdiomTests: XCTestCase {
    /// A subject fed where a screen starts (`viewDidLoad`, `.onAppear`) starts the combination there;
    /// one that only a button feeds keeps it silent until the first tap, as does one fed in a closure
    /// made in `init` (it runs later), or a same-named subject of an unrelated type.
    func testSubjectsFedAtStartAreNotReported() {
        let model = """
        final class SearchModel {
            @Published var query = ""
            let load = PassthroughSubject<Void, Never>()
            let appeared = PassthroughSubject<(), Never>()
            let retry = PassthroughSubject<Void, Never>()
            let page = PassthroughSubject<Int, Never>()
            let ready = PassthroughSubject<Void, Never>()
            let later = PassthroughSubject<Int, Never>()
            let events = PassthroughSubject<Int, Never>()
            func bind() {
                load.combineLatest($query).sink { _ in }.store(in: &bag)
                Publishers.CombineLatest($query, appeared).sink { _ in }.store(in: &bag)
                $query.combineLatest(retry).sink { _ in }.store(in: &bag)
                $query.combineLatest(page).sink { _ in }.store(in: &bag)
                $query.combineLatest(later).sink { _ in }.store(in: &bag)
                $query.combineLatest(events).sink { _ in }.store(in: &bag)
            }
            @objc func retryTapped() { retry.send() }
            init() {
                // Sent before the subscription below: a subject keeps no value, this one is lost.
                ready.send()
                ready.combineLatest($query).sink { _ in }.store(in: &bag)
                DispatchQueue.main.asyncAfter(deadline: .now() + 5) { self.later.send(1) }
            }
        }
        """
        let screens = """
        final class SearchController: UIViewController {
            let model = SearchModel()
            let other = EventLog()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.load.send()
                model.page.send(1)
                other.events.send(1)
            }
        }
        final class EventLog { let events = PassthroughSubject<Int, Never>() }
        struct SearchView: View {
            let model: SearchModel
            var body: some View { Text("").onAppear { model.appeared.send(()) } }
        }
        """
        XCTAssertEqual(places(CombineLatestWithoutInitialValueRule.self, [("Model.swift", model), ("Screens.swift", screens)]),
                       ["Model.swift:13:16", "Model.swift:15:16", "Model.swift:16:16", "Model.swift:22:15"])
    }

    /// `init() { bind(); tab.send(0) }`: the subject gets its value as soon as the setup returns.
    func testSubjectSentAfterTheSetupCallIsNotReported() {
        let text = """
        final class TabsModel {
            @Published var badge = 0
            let tab = PassthroughSubject<Int, Never>()
            let filter = PassthroughSubject<Int, Never>()
            init() {
                bind()
                tab.send(0)
            }
            func bind() {
                tab.combineLatest($badge).sink { _ in }.store(in: &bag)
                filter.combineLatest($badge).sink { _ in }.store(in: &bag)
            }
            func reset() {
                filter.send(0)
            }
        }
        """
        XCTAssertEqual(places(CombineLatestWithoutInitialValueRule.self, [("A.swift", text)]), ["A.swift:11:16"])
    }
}

final class ThrowingOperatorOnEndlessSourceAppIdiomTests: XCTestCase {
    /// `try !valid(x)` is a `try` of a negation; `try!` and `try?` cannot throw.
    func testTrySpacedFromANegationCanThrow() {
        let text = """
        final class Model {
            @Published var text = ""
            func bind() {
                $text.tryFilter { try !Self.isBlank($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                $text.tryFilter { try! Self.isBlank($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                $text.tryFilter { (try? Self.isBlank($0)) ?? false }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(ThrowingOperatorOnEndlessSourceRule.self, [("A.swift", text)]), ["A.swift:4:15"])
    }

    /// Test code drives its own subjects and checks that the stream ends: a test case, a type nested in one,
    /// or a helper in a test target's folder.
    func testTestCodeIsNotReported() {
        let text = """
        final class ParserTests: XCTestCase {
            func testFails() {
                let input = PassthroughSubject<String, Never>()
                input.tryMap { try Self.parse($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
            }
            final class Helper {
                @Published var text = ""
                func run() { $text.tryMap { try ParserTests.parse($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag) }
            }
        }
        """
        let helper = """
        final class Driver {
            @Published var text = ""
            func run() { $text.tryMap { try Driver.parse($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag) }
        }
        """
        XCTAssertEqual(places(ThrowingOperatorOnEndlessSourceRule.self, [("AppTests/ParserTests.swift", text), ("AppTests/Support/Driver.swift", helper), ("App/Driver.swift", helper)]),
                       ["App/Driver.swift:3:24"])
    }
}

final class NestedObservableObjectAppIdiomTests: XCTestCase {
    /// `FeatureA.Model` is an ObservableObject class, `FeatureB.Model` a struct: the qualified name picks
    /// the class (the simple name alone is ambiguous in the index), and `Model` inside `FeatureB` the struct.
    func testQualifiedAndNestedNamesResolveToTheirOwnDeclaration() {
        let text = """
        enum FeatureA {
            final class Model: ObservableObject { @Published var title = "" }
        }
        enum FeatureB {
            struct Model { var title = "" }
            final class Root: ObservableObject {
                @Published var local = Model()
                @Published var other = FeatureA.Model()
            }
        }
        struct RootView: View {
            @ObservedObject var root: FeatureB.Root
            var body: some View { Text(root.other.title + root.local.title) }
        }
        """
        XCTAssertEqual(places(NestedObservableObjectRule.self, [("A.swift", text)]), ["A.swift:8:24"])
    }

    /// Conformance through a protocol that refines `ObservableObject`; `RunLoop.current` passed as an argument
    /// elsewhere is not the property `current` handed to a view.
    func testRefinedProtocolAndStaticMembersOfTheSameName() {
        let text = """
        protocol ViewModelType: ObservableObject {}
        final class Session: ViewModelType { @Published var user = "" }
        final class AppModel: ObservableObject {
            @Published private(set) var current: Session?
        }
        struct AppView: View {
            @StateObject var model = AppModel()
            var body: some View { Text(model.current?.user ?? "") }
        }
        struct SessionView: View {
            @ObservedObject var session: Session
            var body: some View { Text(session.user) }
        }
        final class Ticker {
            let t = Timer.publish(every: 1, on: RunLoop.current, in: .common)
            let u = Timer.publish(every: 1, on: .current, in: .common)
        }
        """
        XCTAssertEqual(places(NestedObservableObjectRule.self, [("A.swift", text)]), ["A.swift:4:33"])
    }

    /// `@StateObject var model = Feature.ViewModel()`: views observe `ViewModel`, not `Feature`.
    func testAViewHoldingAQualifiedInitializerObservesTheNestedType() {
        let text = """
        final class Child: ObservableObject { @Published var name = "" }
        enum Feature {
            final class ViewModel: ObservableObject {
                @Published var child = Child()
            }
        }
        struct FeatureView: View {
            @StateObject var model = Feature.ViewModel()
            var body: some View { Text(model.child.name) }
        }
        """
        XCTAssertEqual(places(NestedObservableObjectRule.self, [("A.swift", text)]), ["A.swift:4:24"])
    }

    /// `player.$title.sink { self?.objectWillChange.send() }` forwards the inner object's changes;
    /// mirroring one value into the outer object's own property does not.
    func testForwardingThroughTheInnerObjectsOwnPublishers() {
        let text = """
        final class Player: ObservableObject { @Published var title = "" }
        final class Root: ObservableObject {
            @Published var player = Player()
            @Published var other = Player()
            @Published var mirrored = ""
            init() {
                self.player.$title
                    .sink { [weak self] _ in self?.objectWillChange.send() }
                    .store(in: &bag)
                other.$title.assign(to: &$mirrored)
            }
        }
        struct RootView: View {
            @ObservedObject var root: Root
            var body: some View { Text(root.player.title + root.other.title) }
        }
        """
        XCTAssertEqual(places(NestedObservableObjectRule.self, [("A.swift", text)]), ["A.swift:4:20"])
    }
}

final class ExposedSubjectAppIdiomTests: XCTestCase {
    /// `let taps = model.taps` … `taps.send(1)`: the local alias feeds the other type's subject.
    func testALocalAliasThatSendsFeedsTheSubject() {
        let model = """
        final class Model {
            let taps = PassthroughSubject<Int, Never>()
            let shown = PassthroughSubject<Int, Never>()
            func show() { shown.send(1) }
        }
        """
        let user = """
        final class Screen {
            let model = Model()
            func tap() {
                let taps = model.taps
                taps.send(1)
                let shown = model.shown
                shown.sink { print($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(ExposedSubjectRule.self, [("Model.swift", model), ("Screen.swift", user)]), ["Model.swift:3:9"])
    }
}

final class FutureWithoutDeferredAppIdiomTests: XCTestCase {
    /// A local array of Futures merged in the same body is subscribed once; a stored one is kept for later.
    func testLocalCollectionsMergedAtOnceAreNotKept() {
        let text = """
        final class Uploader {
            private var pending: [AnyPublisher<Int, Never>] = []
            func upload(_ id: Int) -> AnyPublisher<Int, Never> {
                Future { promise in promise(.success(id)) }.eraseToAnyPublisher()
            }
            func uploadAll(_ ids: [Int]) {
                var uploads: [AnyPublisher<Int, Never>] = []
                for id in ids { uploads.append(upload(id)) }
                var local: [Future<Int, Never>] = []
                local.append(Future { $0(.success(1)) })
                Publishers.MergeMany(uploads).sink { _ in }.store(in: &bag)
                Publishers.MergeMany(local).sink { _ in }.store(in: &bag)
            }
            func later(_ id: Int) {
                pending.append(Future { $0(.success(id)) }.eraseToAnyPublisher())
            }
        }
        """
        XCTAssertEqual(places(FutureWithoutDeferredRule.self, [("A.swift", text)]), ["A.swift:15:24"])
    }
}

/// Two features each declare a `ViewModel`: one `@MainActor` and held by a view, one plain and read by code only.
private let sharedNameFiles: [(path: String, text: String)] = [
    ("FeatureA/Screen.swift", """
    final class Child: ObservableObject { @Published var n = 0 }
    enum FeatureA {
        @MainActor
        final class ViewModel: ObservableObject {
            @Published var title = ""
            @Published var child = Child()
            let feed = CurrentValueSubject<String, Never>("")
            func bind() {
                feed.receive(on: DispatchQueue.global()).sink { [weak self] in self?.title = $0 }.store(in: &bag)
            }
        }
        struct Screen: View {
            @StateObject var model = ViewModel()
            var body: some View { Text(model.title + "\\(model.child.n)") }
        }
    }
    """),
    ("FeatureB/Loader.swift", """
    enum FeatureB {
        final class ViewModel: ObservableObject {
            @Published var title = ""
            @Published var child = Child()
            let feed = CurrentValueSubject<String, Never>("")
            func bind() {
                feed.receive(on: DispatchQueue.global()).sink { [weak self] in self?.title = $0 }.store(in: &bag)
            }
        }
    }
    """),
]

final class SharedTypeNameAppIdiomTests: XCTestCase {
    /// What a view observes, and `@MainActor`, belong to the declaration the view names, not to every type of the name.
    func testASameNamedTypeElsewhereIsNotObservedNorMainActor() {
        XCTAssertEqual(places(NestedObservableObjectRule.self, sharedNameFiles), ["FeatureA/Screen.swift:6:24"])
        XCTAssertEqual(places(MainActorBackgroundDeliveryRule.self, sharedNameFiles), ["FeatureA/Screen.swift:9:54"])
    }
}
