import XCTest
@testable import CombineLintKit

/// Tricky cases of `nested_observable_object` beyond its document: type resolution and who observes.
final class NestedObservableObjectRuleTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: NestedObservableObjectRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" }
    }

    private let view = """
    struct AccountView: View {
        @ObservedObject var model: AccountModel
        var body: some View { Text("") }
    }
    """

    func testNestedAndQualifiedTypesResolveByLookupRules() {
        let model = """
        final class AccountModel: ObservableObject {
            final class Settings: ObservableObject { @Published var dark = false }
            @Published var settings = Settings()
            @Published var qualified: AccountModel.Settings? = nil
            @Published var other: Profile.Settings? = nil
            @Published var plain: Options = Options()
        }
        enum Profile {
            struct Settings {}
        }
        final class Options {}
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: view)]), ["M.swift:3:20", "M.swift:4:20"])
    }

    func testASameNamedClassNestedElsewhereIsNotTheType() {
        let model = """
        final class AccountModel: ObservableObject {
            @Published var settings = Settings()
            @Published var theme: Theme? = nil
        }
        struct Settings {}
        enum Admin {
            final class Settings: ObservableObject { @Published var x = 1 }
            final class Theme: ObservableObject { @Published var y = 1 }
        }
        enum Editor {
            final class Theme: ObservableObject { @Published var z = 1 }
        }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: view)]), [])
    }

    func testOnlyTypesThatViewsObserveAreReported() {
        let model = """
        final class WidgetData: ObservableObject {
            @Published var episode = EpisodeModel()
        }
        final class AccountModel: ObservableObject {
            @Published var episode = EpisodeModel()
        }
        final class EpisodeModel: ObservableObject { @Published var title = "" }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: view)]), ["M.swift:5:20"])
    }

    func testAnInnerObjectThatViewsObserveDirectlyIsNotReported() {
        let model = """
        final class AccountModel: ObservableObject {
            @Published var player = PlayerModel()
            @Published var queue = QueueModel()
        }
        final class PlayerModel: ObservableObject { @Published var isPlaying = false }
        final class QueueModel: ObservableObject { @Published var items: [Int] = [] }
        struct PlayerBar: View {
            @ObservedObject var player: PlayerModel
            var body: some View { Text("") }
        }
        struct Root: View {
            @StateObject var model: AccountModel
            var body: some View { PlayerBar(player: model.player) }
        }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: view)]), ["M.swift:3:20"])
    }

    /// `settings.player` handed to an observing view is the settings model's property: another
    /// model's property of the same name is not handed on by it (probe round 40). A view reaches the
    /// account's player through the account (`account.player.name`), so the exemption for objects no
    /// view reaches through the outer one does not apply either.
    func testAPropertyOfAnotherTypeWithTheSameNameIsNotHandedOn() {
        let model = """
        final class AccountModel: ObservableObject {
            @Published var player = PlayerModel()
        }
        final class SettingsModel: ObservableObject {
            @Published var player = PlayerModel()
        }
        final class PlayerModel: ObservableObject { @Published var isPlaying = false; let name = "player" }
        struct AccountBadge: View {
            @ObservedObject var account: AccountModel
            var body: some View { Text(account.player.name) }
        }
        struct PlayerBar: View {
            @ObservedObject var player: PlayerModel
            var body: some View { Text("") }
        }
        struct SettingsView: View {
            @ObservedObject var settings: SettingsModel
            var body: some View { PlayerBar(player: settings.player) }
        }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: view)]), ["M.swift:2:20"])
    }

    /// `if let thermostat = store.thermostat { ThermostatCard(thermostat: thermostat) }` hands the
    /// unwrapped inner object to a view that observes it, as `ThermostatCard(thermostat: store.thermostat)`
    /// would; a binding whose name is only read (`Text(lock.isLocked …)`) hands nothing on.
    func testAnInnerObjectUnwrappedAndHandedToAnObservingViewIsNotReported() {
        let model = """
        final class HomeStore: ObservableObject {
            @Published var thermostat: ThermostatDevice?
            @Published var door: LockDevice?
        }
        final class ThermostatDevice: ObservableObject { @Published var target = 21.0 }
        final class LockDevice: ObservableObject { @Published var isLocked = true }
        struct ThermostatCard: View {
            @ObservedObject var thermostat: ThermostatDevice
            var body: some View { Text("") }
        }
        struct LockBadge: View {
            @ObservedObject var lock: LockDevice
            var body: some View { Text("") }
        }
        struct Dashboard: View {
            @EnvironmentObject var store: HomeStore
            var body: some View {
                List {
                    if let thermostat = store.thermostat {
                        Section("Climate") { ThermostatCard(thermostat: thermostat) }
                    }
                    if let lock = store.door {
                        Text(lock.isLocked ? "Locked" : "Open")
                    }
                }
            }
        }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model)]), ["M.swift:3:20"])
    }

    /// An inner ObservableObject with no `@Published` state that never sends `objectWillChange`
    /// changes nothing views could miss; one that sends by hand, or inherits published state, does.
    func testInnerObjectsWithoutChangesAreNotReported() {
        let model = """
        final class AccountModel: ObservableObject {
            @Published var api = APIClient()
            @Published var clock = Clock()
            @Published var profile = ProfileModel()
        }
        final class APIClient: ObservableObject {
            let baseURL = "https://example.com"
            var token: String?
        }
        final class Clock: ObservableObject {
            var now = 0 { willSet { objectWillChange.send() } }
        }
        class BaseModel: ObservableObject { @Published var loading = false }
        final class ProfileModel: BaseModel {}
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: view)]), ["M.swift:3:20", "M.swift:4:20"])
    }

    /// `$inner.map(\.objectWillChange).switchToLatest()` forwards the changes of whichever inner object
    /// the property holds, and so does `$inner.flatMap { $0.objectWillChange }`.
    func testForwardingThroughTheProjectedPropertyCounts() {
        let model = """
        final class AccountModel: ObservableObject {
            @Published var a = ChildModel()
            @Published var b = ChildModel()
            @Published var c = ChildModel()
            init() {
                $a.map(\\.objectWillChange).switchToLatest().sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &bag)
                self.$b.flatMap { $0.objectWillChange }.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &bag)
                $c.sink { print($0) }.store(in: &bag)
            }
        }
        final class ChildModel: ObservableObject { @Published var n = 0 }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: view)]), ["M.swift:4:20"])
    }

    /// The inner object is passed to a view that observes it, but a view holding the outer object
    /// also reads the inner one's state through it: that view is never redrawn by the change.
    func testInnerStateReadThroughTheOuterObjectInAViewIsReported() {
        let models = """
        final class Onboarding: ObservableObject {
            let id = UUID()
            @Published var isComplete = false
        }
        final class PlanStore: ObservableObject {
            @Published var onboarding = Onboarding()
        }
        struct OnboardingView: View {
            @ObservedObject var model: Onboarding
            var body: some View { Text("") }
        }
        """
        let passedOnly = """
        struct PlanView: View {
            @StateObject private var store = PlanStore()
            var body: some View { OnboardingView(model: store.onboarding) }
        }
        """
        let readThrough = """
        struct PlanView: View {
            @StateObject private var store = PlanStore()
            var body: some View {
                OnboardingView(model: store.onboarding)
                    .opacity(store.onboarding.isComplete ? 0 : 1)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: models), (path: "B.swift", text: passedOnly)]), [])
        XCTAssertEqual(positions([(path: "A.swift", text: models), (path: "B.swift", text: readThrough)]), ["A.swift:6:20"])
        // A constant of the inner object (`let id`) never changes: reading it through the outer one is fine.
        let constant = readThrough.replacingOccurrences(of: "store.onboarding.isComplete ? 0 : 1", with: "store.onboarding.id == nil ? 0 : 1")
        XCTAssertEqual(positions([(path: "A.swift", text: models), (path: "B.swift", text: constant)]), [])
    }

    /// A stored property that is not `@Published` hides the inner changes just the same: reported
    /// where a view holding the outer object reads the inner one's `@Published` state through it,
    /// and only there (a service held in a `let` that views never read through is not).
    func testAStoredInnerObjectIsReportedWhereAViewReadsItsStateThroughTheOuter() throws {
        let model = """
        final class GardenSettings: ObservableObject {
            @Published var notificationsEnabled = false
        }
        final class Journal: ObservableObject { @Published var entries: [String] = [] }
        final class Uploader: ObservableObject { @Published var pending = 0 }
        final class Garden: ObservableObject {
            @Published var beds: [String] = []
            let settings: GardenSettings
            let journal = Journal()
            let uploader = Uploader()
            static let preview = Garden(settings: GardenSettings())
            var computed: Journal { journal }
            init(settings: GardenSettings) { self.settings = settings }
        }
        """
        let view = """
        struct RootView: View {
            @ObservedObject var garden: Garden
            var body: some View {
                if !garden.settings.notificationsEnabled { Text("Turn on notifications") }
                Text("Journal (\\(garden.journal.entries.count))")
                UploadsView(uploader: garden.uploader)
                // garden.uploader.pending
                Text("garden.uploader.pending")
            }
        }
        """
        let found = findings(of: NestedObservableObjectRule.self, in: [(path: "M.swift", text: model), (path: "V.swift", text: view)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["M.swift:8:9", "M.swift:9:9"])
        XCTAssertEqual(try XCTUnwrap(found.first).message,
                       "`settings` holds an ObservableObject inside an ObservableObject: views reading `GardenSettings`'s state through `Garden` are not redrawn.")
        // Forwarded, the inner changes reach the views.
        let forwarded = model.replacingOccurrences(of: "init(settings: GardenSettings) { self.settings = settings }",
                                                   with: "init(settings: GardenSettings) { self.settings = settings; settings.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &bag) }")
        XCTAssertEqual(positions([(path: "M.swift", text: forwarded), (path: "V.swift", text: view)]), ["M.swift:9:9"])
        // A view holding the outer object in a plain property observes neither object.
        let unobserved = view.replacingOccurrences(of: "@ObservedObject var garden", with: "var garden")
            + "\nstruct Other: View { @ObservedObject var garden: Garden\n var body: some View { Text(\"\") } }\n"
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: unobserved)]), [])
    }

    /// A read in an action (a button's action, `.onTapGesture`, `.onAppear`, a `Task`) runs when the
    /// action does: nothing drawn depends on it, so a stored inner object read only there is not
    /// reported; the same read in the body, or in a button's label, is.
    func testReadsInActionsAreNotDrawnState() {
        let model = """
        final class Session: ObservableObject {
            @Published var isSignedIn = false
            @Published var name = ""
            func signOut() {}
        }
        final class AppModel: ObservableObject {
            let session = Session()
            @Published var sessions: [Session] = []
        }
        """
        let view = """
        struct ProfileView: View {
            @EnvironmentObject var app: AppModel
            var body: some View {
                Button("Sign out") {
                    if app.session.isSignedIn { app.session.signOut() }
                }
                Button(action: { print(app.session.name) }) { Text("Log") }
                Text("Profile")
                    .onTapGesture { print(app.session.name) }
                    .onAppear { Task { print(app.sessions.first?.name ?? "") } }
            }
        }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: view)]), [])
        let labelled = view.replacingOccurrences(of: "{ Text(\"Log\") }", with: "{ Text(app.session.name) }")
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: labelled)]), ["M.swift:7:9"])
        let drawn = view.replacingOccurrences(of: "Text(\"Profile\")", with: "Text(app.sessions.first?.name ?? \"\")")
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: drawn)]), ["M.swift:8:20"])
    }

    /// An array of ObservableObjects is reported where a view observing the outer object reads the
    /// elements' `@Published` state through it (subscript, `first?.`, a key path or a closure of an
    /// array method); not where rows observe each element, nor for `let` state, value-type elements,
    /// a plain `let` holder, or text in strings and comments.
    func testArrayOfObservableObjectsReadThroughTheOuterObject() {
        let model = """
        final class Workouts: ObservableObject {
            @Published var sessions: [Session] = []
            @Published var laps: Array<Lap> = []
            @Published var rows: [Row] = []
            @Published var values: [Summary] = []
            @Published var quiet: [Session] = []
        }
        final class Session: ObservableObject, Identifiable { let id = UUID(); let kind = ""; @Published var energy = 0.0 }
        final class Lap: ObservableObject { @Published var end = 0.0 }
        final class Row: ObservableObject, Identifiable { let id = UUID(); @Published var title = "" }
        struct Summary { var energy = 0.0 }
        """
        let views = """
        struct Header: View {
            @EnvironmentObject var workouts: Workouts
            let plain: Workouts
            var body: some View {
                Text("\\(workouts.sessions.map(\\.energy).reduce(0, +))")
                Text("\\(workouts.laps.first?.end ?? 0)")
                ForEach(workouts.rows) { RowView(row: $0) }
                Text("\\(workouts.values.map(\\.energy).reduce(0, +))")
                Text("\\(workouts.quiet.map(\\.kind).count) \\(plain.quiet[0].energy)")
                // workouts.quiet.first?.energy
                Text("workouts.quiet.filter { $0.energy > 0 }")
            }
        }
        struct RowView: View { @ObservedObject var row: Row; var body: some View { Text(row.title) } }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: views)]), ["M.swift:2:20", "M.swift:3:20"])
        let found = findings(of: NestedObservableObjectRule.self, in: [(path: "M.swift", text: model), (path: "V.swift", text: views)])
        XCTAssertEqual(found.first?.message, "`sessions` holds ObservableObjects inside an ObservableObject: views reading `Session` state through `Workouts` are not redrawn.")
    }

    /// `ForEach(session.laps) { lap in Text(lap.end) }` in a view observing the outer object reads
    /// each element's state unobserved; rows handed the element, `let` state, `$0` of another
    /// closure and `other.lap.end` are not such reads.
    func testForEachRowReadingElementStateInTheOuterView() {
        let model = """
        final class Session: ObservableObject {
            @Published var laps: [Lap] = []
            @Published var marks: [Lap] = []
            @Published var splits: [Lap] = []
        }
        final class Lap: ObservableObject, Identifiable { let id = UUID(); let index = 0; @Published var end = 0.0 }
        """
        let views = """
        struct Card: View {
            @ObservedObject var session: Session
            var body: some View {
                ForEach(session.laps) { lap in Text("\\(lap.end)") }
                ForEach(session.marks) { LapRow(lap: $0) }
                ForEach(session.splits) { lap in Text("\\(lap.index) \\(other.lap.end)") }
            }
        }
        struct LapRow: View { @ObservedObject var lap: Lap; var body: some View { Text("\\(lap.end)") } }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "V.swift", text: views)]), ["M.swift:2:20"])
    }
}
