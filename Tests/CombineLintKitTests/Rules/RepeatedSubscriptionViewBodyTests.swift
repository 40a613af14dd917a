import XCTest
@testable import CombineLintKit

/// A SwiftUI view's `body`, and the view-building helpers it calls, run again on every change of
/// the state they read: a model method called while the view is built, that stores a subscription
/// to a source that never finishes, adds one more each time (issue #13 probes, round 3).
final class RepeatedSubscriptionViewBodyTests: XCTestCase {
    private func findingsIn(_ text: String) -> [Finding] {
        findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
    }

    /// `RowView(row: model.rowModel(for: item))` in a `List` of `body`, and `Text(model.badge())` in a
    /// `@ViewBuilder` property that `body` uses: both methods store on every evaluation.
    func testModelMethodsCalledWhileBuildingTheViewAreReported() {
        let text = """
        final class Theme: ObservableObject { static let shared = Theme(); @Published var accent = "blue" }
        final class ListModel: ObservableObject {
            @Published var items: [Item] = []
            private var cancellables = Set<AnyCancellable>()
            func rowModel(for item: Item) -> RowModel {
                let row = RowModel()
                Theme.shared.$accent.sink { [weak row] in row?.accent = $0 }.store(in: &cancellables)
                return row
            }
            func badge() -> String {
                Theme.shared.$accent.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &cancellables)
                return "\\(items.count)"
            }
        }
        struct ListView: View {
            @StateObject private var model = ListModel()
            var body: some View {
                List(model.items) { item in
                    RowView(row: model.rowModel(for: item))
                }
                .toolbar { header }
            }
            @ViewBuilder private var header: some View {
                Text(model.badge())
            }
        }
        """
        let found = findingsIn(text)
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:70", "11:86"])
        XCTAssertEqual(found.first?.message,
                       "`ListView.body → ListModel.rowModel(for:) → store(in:)`: each run of `ListView.body` adds one more live subscription to `cancellables`, and the earlier ones keep running.")
    }

    /// A pure method called from `body`; the storing method called only from button actions (run on a
    /// tap, not while building: each tap stores again, reported as the button's, not the body's), from
    /// `.onTapGesture` for a request that finishes, and from `.onAppear` behind a run-once flag:
    /// nothing piles up while the view is built.
    func testActionsFinishingRequestsAndGuardedCallsAreQuiet() {
        let text = """
        final class Theme: ObservableObject { static let shared = Theme(); @Published var accent = "blue" }
        final class Model: ObservableObject {
            @Published var name = ""
            private var started = false
            private var cancellables = Set<AnyCancellable>()
            func observeTheme() {
                Theme.shared.$accent.sink { [weak self] in self?.name = $0 }.store(in: &cancellables)
            }
            func startOnce() {
                guard !started else { return }
                started = true
                Theme.shared.$accent.sink { [weak self] in self?.name = $0 }.store(in: &cancellables)
            }
            func reload() {
                URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com")!)
                    .map { String(decoding: $0.data, as: UTF8.self) }
                    .replaceError(with: "")
                    .sink { [weak self] in self?.name = $0 }
                    .store(in: &cancellables)
            }
            func displayName() -> String { name.uppercased() }
        }
        struct ProfileView: View {
            @ObservedObject var model: Model
            var body: some View {
                VStack {
                    Text(model.displayName())
                    Button("Theme") { model.observeTheme() }
                    Button(action: { model.observeTheme() }) { Text("Theme") }
                    Text(model.name)
                        .onTapGesture { model.reload() }
                }
                .onAppear { model.startOnce() }
            }
        }
        """
        let found = findingsIn(text)
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:70"])
        XCTAssertEqual(found.first?.message,
                       "`Button action → Model.observeTheme() → store(in:)`: each run of `Button action` adds one more live subscription to `cancellables`, and the earlier ones keep running.")
    }

    /// A view generic over its model (`struct FeedView<Model: FeedModeling>`): `.onAppear { model.startObserving() }`
    /// runs the conforming model's method on every appearance.
    func testGenericViewOverAProtocolModel() {
        let text = """
        protocol FeedModeling: ObservableObject {
            func startObserving()
        }
        final class FeedModel: FeedModeling {
            @Published var unread = 0
            private var cancellables = Set<AnyCancellable>()
            func startObserving() {
                NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
                    .sink { [weak self] _ in self?.unread += 1 }
                    .store(in: &cancellables)
            }
        }
        struct FeedView<Model: FeedModeling>: View {
            @ObservedObject var model: Model
            var body: some View {
                Text("Feed").onAppear { model.startObserving() }
            }
        }
        """
        XCTAssertEqual(findingsIn(text).map { "\($0.line):\($0.column)" }, ["10:14"])
    }

    /// A `Binding`'s `get:` runs while the view is built; its `set:` runs on an edit, like an action.
    func testBindingGetterRunsWhileBuildingAndSetterDoesNot() {
        let model = """
        final class Theme: ObservableObject { static let shared = Theme(); @Published var accent = "blue" }
        final class ToggleModel: ObservableObject {
            @Published var isOn = false
            private var cancellables = Set<AnyCancellable>()
            func enable(_ on: Bool) {
                isOn = on
                Theme.shared.$accent.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &cancellables)
            }
        }
        struct ToggleRow: View {
            @ObservedObject var model: ToggleModel
            var body: some View {

        """
        let setter = model + """
                Toggle("On", isOn: Binding(get: { model.isOn }, set: { model.enable($0) }))
            }
        }
        """
        let getter = model + """
                Toggle("On", isOn: Binding(get: { model.enable(true); return model.isOn }, set: { model.isOn = $0 }))
            }
        }
        """
        XCTAssertEqual(findingsIn(setter).map { "\($0.line):\($0.column)" }, [])
        XCTAssertEqual(findingsIn(getter).map { "\($0.line):\($0.column)" }, ["7:86"])
    }

    /// A factory's `makeView() -> some View` is not a view: SwiftUI does not evaluate it again, so
    /// what it calls runs as often as its caller does.
    func testViewFactoryOutsideAViewIsQuiet() {
        let text = """
        final class Theme: ObservableObject { static let shared = Theme(); @Published var accent = "blue" }
        final class DetailModel: ObservableObject {
            @Published var accent = ""
            private var cancellables = Set<AnyCancellable>()
            func start() {
                Theme.shared.$accent.sink { [weak self] in self?.accent = $0 }.store(in: &cancellables)
            }
        }
        final class DetailFactory {
            private let model = DetailModel()
            func makeView() -> some View {
                model.start()
                return Text("Detail")
            }
        }
        """
        XCTAssertEqual(findingsIn(text).map { "\($0.line):\($0.column)" }, [])
    }

    /// A store written right in a view's `.onChange` or `.onReceive` closure into the view's
    /// `@State` bag: each change adds one more. Not reported: the same in `.onAppear`
    /// (`store_in_appearance`'s), a request that finishes, and a closure in a helper property
    /// that only builds content (`.overlay`).
    func testStoresRightInAViewsRepeatedModifierClosures() {
        let text = """
        struct InspectorPanel: View {
            @State private var subscriptions = Set<AnyCancellable>()
            @ObservedObject var settings: Settings
            var body: some View {
                Form { Text("x") }
                    .onChange(of: settings.format) { format in
                        NotificationCenter.default.publisher(for: .didSave)
                            .sink { _ in print(format) }
                            .store(in: &subscriptions)
                    }
                    .onReceive(settings.$format) { _ in
                        URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com")!)
                            .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                            .store(in: &subscriptions)
                    }
                    .onAppear {
                        settings.$format.sink { print($0) }.store(in: &subscriptions)
                    }
                    .overlay { badge }
            }
            private var badge: some View {
                Text("y").onTapGesture {
                    settings.$format.sink { print("// .onTapGesture \\($0)") }.store(in: &subscriptions)
                }
            }
        }
        """
        let found = findingsIn(text)
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["9:22", "23:71"])
        XCTAssertEqual(found.first?.message,
                       "`.onChange → store(in:)`: each run of `.onChange` adds one more live subscription to `subscriptions`, and the earlier ones keep running.")
        XCTAssertEqual(found.first?.help,
                       "Subscribe once (in the model's `init`, or with `.onReceive`), or empty `subscriptions` (or keep a single `AnyCancellable?`) before subscribing again; until then values are handled several times.")
    }

    /// `.onReceive(timer) { _ in viewModel.poll() }` on a model the view unwraps with
    /// `if let viewModel = holder.viewModel`: the call's receiver has the type of the property it
    /// unwraps. `poll()` flattens into a publisher that never finishes: each tick adds one more.
    func testRepeatedCallOnAModelBoundByACondition() {
        let text = """
        final class Holder: ObservableObject { @Published private(set) var viewModel: ActivityModel? }
        final class ActivityModel: ObservableObject {
            @Published var unread = 0
            let live = PassthroughSubject<Int, Never>()
            private var pollBag = Set<AnyCancellable>()
            func poll() {
                Just(1).flatMap { _ in self.live }.sink { [weak self] _ in self?.unread += 1 }.store(in: &pollBag)
            }
        }
        struct ActivityView: View {
            @StateObject private var holder = Holder()
            private let timer = Timer.publish(every: 60, on: .main, in: .common).autoconnect()
            var body: some View {
                NavigationStack {
                    if let viewModel = holder.viewModel {
                        Text("x").onReceive(timer) { _ in viewModel.poll() }
                    }
                }
            }
        }
        """
        let found = findingsIn(text)
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:88"])
        XCTAssertEqual(found.first?.message,
                       "`onReceive → ActivityModel.poll() → store(in:)`: each run of `onReceive` adds one more live subscription to `pollBag`, and the earlier ones keep running.")
    }
}
