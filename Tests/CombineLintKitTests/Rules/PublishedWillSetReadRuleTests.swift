import XCTest
@testable import CombineLintKit

final class PublishedWillSetReadRuleTests: XCTestCase {
    /// `$query` hands the new value to the closure; `objectWillChange` hands none, so its help
    /// points at the property's own publisher. Neither advises a scheduler hop.
    func testMessageAndHelpForAProjectionAndForObjectWillChange() {
        let text = """
        final class SearchModel: ObservableObject {
            @Published var query = ""
            var bag = Set<AnyCancellable>()
            init() {
                $query.sink { [weak self] _ in self?.search(self?.query ?? "") }.store(in: &bag)
                objectWillChange.sink { [weak self] _ in print(self?.query ?? "") }.store(in: &bag)
            }
        }
        """
        let found = findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endColumn)" }, ["5:53-64", "6:56-67"])
        XCTAssertEqual(found.map(\.message), [
            "`query` still holds its old value here: `@Published` publishes in `willSet`, before the property changes.",
            "`query` still holds its old value here: `objectWillChange` sends before any `@Published` property changes.",
        ])
        XCTAssertEqual(found.map(\.help), [
            "Use the value the closure receives (`$0` or a named parameter) instead of reading `query`.",
            "Subscribe to `$query` and use the value it sends instead of reading `query`.",
        ])
    }

    /// A method of the type called from the closure runs inside the assignment too: when it reads
    /// the property (outside closures that run later), it reads the old value.
    func testAMethodCalledFromTheClosureThatReadsTheProperty() throws {
        let text = """
        final class ListModel: ObservableObject {
            @Published var filter = ""
            @Published var items: [String] = []
            @Published var visible: [String] = []
            private var bag = Set<AnyCancellable>()
            init() {
                $filter.sink { [weak self] _ in self?.recompute() }.store(in: &bag)
                $filter.receive(on: DispatchQueue.main).sink { [weak self] _ in self?.recompute() }.store(in: &bag)
                $filter.sink { [weak self] new in self?.changed(to: new) }.store(in: &bag)
                $items.sink { [weak self] _ in self?.log() }.store(in: &bag)
            }
            func recompute() { visible = items.filter { $0.contains(filter) } }
            func changed(to new: String) { if new != filter { print(new) } }
            func log() { DispatchQueue.main.async { print(self.items) } }
        }
        """
        let found = findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:47"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "`recompute()` reads `filter`, which still holds its old value here: `@Published` publishes in `willSet`, before the property changes.")
        XCTAssertEqual(finding.help, "Pass the value the closure receives to `recompute` and use it there instead of reading `filter`.")
    }

    /// `sort { … }` (in place, as `sorted`) runs its closure during the call: a method that re-sorts by
    /// the property reads its old value. A sort deferred to the main queue reads the new one.
    /// The outgoing value pushed onto an undo history (`titleHistory.append(self.title)`) is read on
    /// purpose; appended to another list, it is the old value taken for the new one.
    func testTheOldValuePushedOntoAnUndoHistory() {
        let text = """
        final class Composer: ObservableObject {
            @Published var title = ""
            private var titleHistory: [String] = []
            private var recent: [String] = []
            private var bag = Set<AnyCancellable>()
            init() {
                $title.dropFirst().sink { [weak self] _ in
                    guard let self else { return }
                    self.titleHistory.append(self.title)
                }.store(in: &bag)
                $title.dropFirst().sink { [weak self] _ in
                    guard let self else { return }
                    self.recent.append(self.title)
                }.store(in: &bag)
            }
        }
        """
        let found = findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["13:32"])
    }

    func testASortInPlaceReadsTheOldValue() {
        let text = """
        final class JobsModel: ObservableObject {
            @Published var sortByDate = false
            @Published var rows: [Row] = []
            private var bag = Set<AnyCancellable>()
            init() {
                $sortByDate.dropFirst().sink { [weak self] _ in self?.resort() }.store(in: &bag)
                $sortByDate.dropFirst().sink { [weak self] _ in self?.resortLater() }.store(in: &bag)
            }
            private func resort() { rows.sort { sortByDate ? $0.date > $1.date : $0.title < $1.title } }
            private func resortLater() { DispatchQueue.main.async { self.rows.sort { self.sortByDate && $0.date > $1.date } } }
        }
        """
        let found = findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:63"])
    }

    /// A called method given the new value that keeps the property as the old one
    /// (`if let old = track, old != new`) reads it for that on purpose; one given no value, or that
    /// keeps it under another name, still reads the old value by mistake.
    func testACalledMethodKeepingTheOldValueOnPurposeIsNotReported() {
        let text = """
        final class PlayerModel: ObservableObject {
            @Published var track: String?
            @Published var volume = 0.5
            @Published private(set) var history: [String] = []
            init() {
                $track.sink { [weak self] new in self?.remember(new) }.store(in: &bag)
                $volume.sink { [weak self] _ in self?.persist() }.store(in: &bag)
                $track.sink { [weak self] new in self?.announce(new) }.store(in: &bag)
            }
            private func remember(_ new: String?) {
                if let old = track, old != new { history.append(old) }
            }
            private func persist() {
                let previous = volume
                UserDefaults.standard.set(previous, forKey: "volume")
            }
            private func announce(_ new: String?) {
                let current = track
                print(current ?? "")
            }
        }
        """
        let found = findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:47", "8:48"])
    }

    /// A statement that sets the read against the value the closure was given (in a condition, a
    /// log line, a `filter` against it) reads the old value on purpose. With `_`, or with the
    /// parameter in another statement, the read is still reported.
    func testAReadSetAgainstTheNewValueInOneStatementIsNotReported() {
        let text = """
        final class Wizard: ObservableObject {
            @Published var step = 0
            @Published var files: [URL] = []
            @Published var scrubbing = false
            var log: [String] = []
            var bag = Set<AnyCancellable>()
            init() {
                $step.sink { [weak self] newStep in self?.log.append("\\(self?.step ?? 0) → \\(newStep)") }.store(in: &bag)
                $files.sink { [weak self] new in
                    let removed = self?.files.filter { !new.contains($0) } ?? []
                    removed.forEach(delete)
                }.store(in: &bag)
                $scrubbing.sink { [weak self] now in if !now && self?.scrubbing == true { seek() } }.store(in: &bag)
                $step.sink { [weak self] _ in save(self?.step) }.store(in: &bag)
                $files.sink { [weak self] new in
                    print(new.count)
                    save(self?.files)
                }.store(in: &bag)
            }
        }
        """
        let found = findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["14:44", "17:18"])
    }

    /// A read that is the key an assignment stores under (`levels[self.zone] = self.master`) saves
    /// the outgoing value's state on purpose; every read of it in that closure means the old value.
    /// Read as a key only (`levels[self.zone]` on the right), it is still reported.
    func testAReadUsedAsTheKeyOfAnAssignmentIsNotReported() {
        let text = """
        final class VolumeController: ObservableObject {
            @Published var zone = "Living room"
            @Published var master = 0.5
            var levels: [String: Double] = [:]
            var bag = Set<AnyCancellable>()
            init() {
                $zone.sink { [weak self] newZone in
                    guard let self else { return }
                    self.levels[self.zone] = self.master
                    self.master = self.levels[newZone] ?? 0.5
                }.store(in: &bag)
                $zone.sink { [weak self] newZone in
                    guard let self else { return }
                    self.master = self.levels[self.zone] ?? 0.5
                }.store(in: &bag)
            }
        }
        """
        let found = findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["14:39"])
    }

    /// A publisher reached through a stored property of another object (`app.settings.$celsius`):
    /// the same property read through the same path is still the old value; another property
    /// (`unit`) or a path whose type is unknown (`other.thing.$celsius`) is not reported.
    func testAPublisherReachedThroughANestedModel() {
        let text = """
        final class AppModel: ObservableObject {
            @Published var settings = SettingsModel()
        }
        final class SettingsModel: ObservableObject {
            @Published var celsius: Double = 1000
            @Published var unit = Unit.celsius
        }
        struct SettingsView: View {
            @EnvironmentObject var app: AppModel
            @State private var preview = ""
            var body: some View {
                Form { Text(preview) }
                    .onReceive(app.settings.$celsius) { _ in preview = app.settings.unit.format(app.settings.celsius) }
                    .onReceive(app.settings.$unit) { unit in preview = unit.format(app.settings.celsius) }
                    .onReceive(other.thing.$celsius) { _ in preview = other.thing.celsius.description }
            }
        }
        """
        let found = findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["13:89"])
    }

    /// A collection method's closure inside the sink (`levels.map { … }`, `stride(…).map { … }`) runs
    /// while the sink does, so a read there is still the old value; a closure that runs later
    /// (`DispatchQueue.main.async`, a publisher's `filter` per later value) and a nested closure's own
    /// parameter of the same name are not reads.
    func testReadsInCollectionClosuresOfTheSink() {
        let text = """
        final class DimmerModel: ObservableObject {
            @Published var curve = 1.0
            @Published var preview: [Double] = []
            var levels: [Double] = []
            var bag = Set<AnyCancellable>()
            var token: AnyCancellable?
            let ticks = PassthroughSubject<Double, Never>()
            init() {
                $curve.sink { [weak self] _ in
                    guard let self else { return }
                    self.preview = stride(from: 0.0, through: 1.0, by: 0.1).map { pow($0, self.curve) }
                    self.preview = self.levels.map { level in level * curve }
                    DispatchQueue.main.async { self.preview = [self.curve] }
                    self.preview = self.levels.map { curve in curve * 2 }
                    self.token = self.ticks.filter { $0 > curve }.sink { [weak self] in self?.preview = [$0] }
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: PublishedWillSetReadRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["11:83", "12:63"])
    }
}
