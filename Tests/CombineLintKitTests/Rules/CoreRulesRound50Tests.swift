import XCTest
@testable import CombineLintKit

/// Idioms found by the round-50 probes of the core rules (a city-services app, a video editor for
/// macOS and iPad, a hiking app).
final class CoreRulesRound50Tests: XCTestCase {

    /// `var entry: LogEntry? { didSet { bindAnnotations() } }` in a cell that the data source sets on
    /// every reuse: the helper stores one call away from the observer, so `repeated_subscription`
    /// reports it with its path and `store_in_appearance` does not report it too. A `bind(to:)` of
    /// another type that other objects call (other labels) does not make the helper the data source's.
    func testABindHelperOfACellsPropertyObserverIsRepeatedSubscription() {
        let files = [(path: "PinnedCell.swift", text: """
        final class PinnedCell: UITableViewCell {
            private var subscriptions = Set<AnyCancellable>()
            var entry: Entry? {
                didSet { bindAnnotations() }
            }
            private func bindAnnotations() {
                guard let entry else { return }
                entry.$notes
                    .sink { [weak self] in self?.detailTextLabel?.text = $0 }
                    .store(in: &subscriptions)
            }
        }
        final class Entry: ObservableObject { @Published var notes = "" }
        final class EntryModel { func bindAnnotations(to entry: Entry) {} }
        final class Pins: NSObject, UITableViewDataSource {
            var pinned: [Entry] = []
            let model = EntryModel()
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "p", for: indexPath) as! PinnedCell
                cell.entry = pinned[indexPath.row]
                model.bindAnnotations(to: pinned[indexPath.row])
                return cell
            }
        }
        """)]
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, files), ["PinnedCell.swift:10:14"])
        XCTAssertEqual(places(StoreInAppearanceRule.self, files), [])
        // Emptied when the cell is reused: nothing piles up.
        let emptied = [(path: files[0].path, text: files[0].text.replacingOccurrences(
            of: "    private func bindAnnotations() {",
            with: "    override func prepareForReuse() { super.prepareForReuse(); subscriptions.removeAll() }\n    private func bindAnnotations() {"))]
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, emptied), [])
    }

    /// `Publishers.MergeMany(states)` where `let states = items.map { sync.checkState(for: $0) }`: the
    /// local holds the publishers the map makes, each a subject's, so the merge never finishes and a
    /// sink of another endless subscription that runs it stacks one more each value. Requests finish.
    func testAMergeOfPublishersALocalMapMadeNeverFinishes() {
        let text = """
        final class SyncService {
            private var subjects: [UUID: CurrentValueSubject<Bool, Never>] = [:]
            func checkState(for id: UUID) -> AnyPublisher<Bool, Never> {
                subject(for: id).eraseToAnyPublisher()
            }
            private func subject(for id: UUID) -> CurrentValueSubject<Bool, Never> { subjects[id] ?? CurrentValueSubject(false) }
            func fetch(_ id: UUID) -> AnyPublisher<Bool, Never> { Just(true).eraseToAnyPublisher() }
        }
        final class RemindersModel {
            let due = PassthroughSubject<UUID, Never>()
            private let sync = SyncService()
            private let items: [UUID] = []
            private var bag = Set<AnyCancellable>()
            private var progressBag = Set<AnyCancellable>()
            init() {
                due.sink { [weak self] _ in self?.trackProgress() }.store(in: &bag)
            }
            private func trackProgress() {
                let states = items.map { sync.checkState(for: $0) }
                Publishers.MergeMany(states)
                    .sink { print($0) }
                    .store(in: &progressBag)
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:22:14"])
        let requests = text.replacingOccurrences(of: "items.map { sync.checkState(for: $0) }", with: "items.map { sync.fetch($0) }")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: requests)]), [])
    }

    /// A SwiftUI representable's `let reports: AnyPublisher<…>` holds what its maker hands it through
    /// the memberwise initializer: it decides nothing about the name `reports`, which the service's
    /// subject-backed property decides, so a sink of `reportService.reports` runs once per value.
    func testAStructConstantSetByTheMemberwiseInitializerDecidesNothing() {
        let files = [(path: "ReportService.swift", text: """
        protocol ReportServicing { var reports: AnyPublisher<[Int], Never> { get } }
        final class ReportService: ReportServicing {
            private let subject = CurrentValueSubject<[Int], Never>([])
            var reports: AnyPublisher<[Int], Never> { subject.eraseToAnyPublisher() }
        }
        struct MiniMapView: UIViewRepresentable {
            let reports: AnyPublisher<[Int], Never>
            func makeUIView(context: Context) -> UIView { UIView() }
            func updateUIView(_ view: UIView, context: Context) {}
        }
        """), (path: "Dashboard.swift", text: """
        final class Dashboard: UIViewController {
            private let reportService: ReportServicing
            private let location = CurrentValueSubject<Int?, Never>(nil)
            private var cancellables = Set<AnyCancellable>()
            init(reportService: ReportServicing) {
                self.reportService = reportService
                super.init(nibName: nil, bundle: nil)
            }
            override func viewDidLoad() {
                super.viewDidLoad()
                reportService.reports
                    .map(\\.count)
                    .sink { [weak self] _ in self?.observeNearby() }
                    .store(in: &cancellables)
            }
            private func observeNearby() {
                location.compactMap { $0 }
                    .sink { [weak self] in self?.title = "\\($0)" }
                    .store(in: &cancellables)
            }
        }
        """)]
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, files), ["Dashboard.swift:19:14"])
        // A struct that gives the constant a finishing value itself makes the name undecided, but
        // `reportService.reports` is read through `ReportServicing`, whose conformer's property decides.
        let valued = [(path: files[0].path, text: files[0].text.replacingOccurrences(
            of: "let reports: AnyPublisher<[Int], Never>\n", with: "let reports: AnyPublisher<[Int], Never> = Just([]).eraseToAnyPublisher()\n")), files[1]]
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, valued), ["Dashboard.swift:19:14"])
        // Through a value of a type the project does not declare, the name alone is left: undecided.
        let unknown = [valued[0], (path: files[1].path, text: files[1].text.replacingOccurrences(of: ": ReportServicing", with: ": VendorReports"))]
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, unknown), [])
    }

    /// A window becomes main again each time the user comes back to it: `windowDidBecomeMain` →
    /// `observeRenderCompletions()` stores once more each time, and emptying the bag in
    /// `windowWillClose` does not stop that before the window closes; `windowDidResignMain` does.
    func testWindowDidBecomeMainIsEndedOnlyByResigningMain() {
        let text = """
        final class ProjectWindowController: NSWindowController, NSWindowDelegate {
            private let renders = PassthroughSubject<UUID, Never>()
            private var cancellables = Set<AnyCancellable>()
            func windowDidBecomeMain(_ notification: Notification) {
                observeRenderCompletions()
            }
            func windowWillClose(_ notification: Notification) {
                cancellables.removeAll()
            }
            private func observeRenderCompletions() {
                renders
                    .sink { [weak self] _ in self?.window?.isDocumentEdited = true }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:13:14"])
        let resigned = text.replacingOccurrences(of: "func windowWillClose(", with: "func windowDidResignMain(")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: resigned)]), [])
    }

    /// A view model's initializer subscribes to `$visibleTrailIDs`, and the sink's value closure calls
    /// another object's method for each id (`ids.forEach { self?.downloads.observe(trailID: $0) }`):
    /// the initializer runs once, the closure once per value, so the manager's bag gains a live
    /// subscription per id each time. A source that finishes (`Just`) runs the closure once.
    func testAnInitializersSinkCallingAnotherObjectsMethodRunsPerValue() {
        let text = """
        final class DownloadManager {
            private var progressSubjects: [String: CurrentValueSubject<Int, Never>] = [:]
            private var bag = Set<AnyCancellable>()
            var last = 0
            func progress(for id: String) -> AnyPublisher<Int, Never> {
                subject(for: id).eraseToAnyPublisher()
            }
            private func subject(for id: String) -> CurrentValueSubject<Int, Never> {
                if let subject = progressSubjects[id] { return subject }
                let subject = CurrentValueSubject<Int, Never>(0)
                progressSubjects[id] = subject
                return subject
            }
            func observe(trailID: String) {
                progress(for: trailID)
                    .sink { [weak self] in self?.last = $0 }
                    .store(in: &bag)
            }
        }
        final class TrailsViewModel {
            @Published var visibleTrailIDs: [String] = []
            let downloads: DownloadManager
            private var cancellables = Set<AnyCancellable>()
            init(downloads: DownloadManager) {
                self.downloads = downloads
                $visibleTrailIDs
                    .sink { [weak self] ids in
                        ids.forEach { self?.downloads.observe(trailID: $0) }
                    }
                    .store(in: &cancellables)
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["17:14"])
        XCTAssertEqual(found.first?.message.hasPrefix("`TrailsViewModel.init(downloads:) { $visibleTrailIDs.sink } → DownloadManager.observe(trailID:) → store(in:)`"), true)
        let once = text.replacingOccurrences(of: "$visibleTrailIDs\n", with: "Just([\"a\"])\n")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: once)]), [])
    }

    /// `Optional.publisher` (`model.importError.publisher`, with `var importError: Error?`) and a
    /// collection's publisher after a step only collections have (`….keys.sorted().publisher`) give
    /// their values during `sink` and finish: a dropped token loses nothing. A dropped token of a
    /// subject held in an optional property does.
    func testAnOptionalsOrASortedCollectionsPublisherFinishesDuringSink() {
        let text = """
        final class ImportModel {
            var importError: Error?
            var pending: PassthroughSubject<Int, Never>?
        }
        final class Diagnostics {
            let model = ImportModel()
            func dump() {
                _ = model.importError.publisher.sink { print($0) }
                _ = UserDefaults.standard.dictionaryRepresentation().keys.sorted().publisher.sink { print($0) }
                _ = model.pending?.sink { print($0) }
            }
        }
        """
        XCTAssertEqual(places(DiscardedCancellableRule.self, [(path: "A.swift", text: text)]), ["A.swift:10:28"])
    }

    /// A project method named like an operator but called without its input (`library.scan()`,
    /// `library.scan(folder:)`; Combine's `scan` takes an initial value and a closure) is the
    /// source of the pipeline: it returns a `Deferred { Future { … } }`, a request per appearance
    /// that finishes. The operator itself (`$count.scan(0, +)`) on a live source still piles up.
    func testAProjectMethodNamedLikeAnOperatorIsTheSource() {
        let text = """
        final class MediaLibrary {
            @Published var count = 0
            func scan(folder: URL) -> AnyPublisher<Int, Error> {
                Deferred { Future<Int, Error> { promise in promise(.success(1)) } }.eraseToAnyPublisher()
            }
        }
        final class MediaBrowserViewController: NSViewController {
            private let library = MediaLibrary()
            private var statusBag = Set<AnyCancellable>()
            override func viewDidAppear() {
                super.viewDidAppear()
                library.scan(folder: URL(fileURLWithPath: "/"))
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.title = "\\($0)" })
                    .store(in: &statusBag)
                library.$count.scan(0, +)
                    .sink { [weak self] in self?.title = "\\($0)" }
                    .store(in: &statusBag)
            }
        }
        """
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: text)]), ["A.swift:17:14"])
    }

    /// `focusField.send(titleHint != nil ? "title" : "details")`: the ternary's condition mentions
    /// nil, but it picks between two strings, so the subject is only ever sent values and its nil
    /// start is the fake one its subscriber skips. A ternary that can pick nil writes a state.
    func testATernarysConditionDoesNotMakeTheSentValueOptional() {
        let text = """
        final class ReportFormViewModel {
            let focusField = CurrentValueSubject<String?, Never>(nil)
            var titleHint: String?
            func validate() {
                focusField.send(titleHint != nil ? "title" : "details")
            }
        }
        final class ReportFormViewController: UIViewController {
            let model = ReportFormViewModel()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.focusField.sink { [weak self] field in
                    guard let field else { return }
                    self?.title = field
                }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [(path: "A.swift", text: text)]), ["A.swift:2:9"])
        let picksNil = text.replacingOccurrences(of: "? \"title\" : \"details\"", with: "? \"title\" : nil")
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [(path: "A.swift", text: picksNil)]), [])
    }

    /// `func observeBattery(_ battery: AnyPublisher<…>) { battery.sink { … self?.watchRange(…) } }`:
    /// the sink's source is the method's parameter, and the screen passes the vehicle service's
    /// never-finishing battery feed, so the closure runs once per report and `watchRange` stacks one
    /// more subscription each time. A caller passing a request (`Just`) runs it once.
    func testASinkOnAParameterThatCallersFeedNeverFinishingRunsPerValue() {
        let text = """
        final class VehicleService {
            private let levels = PassthroughSubject<Int, Never>()
            func battery(for id: String) -> AnyPublisher<Int, Never> { levels.eraseToAnyPublisher() }
        }
        final class TripViewModel {
            @Published var kilometres = 0.0
            var warning: String?
            private var cancellables = Set<AnyCancellable>()
            private var batteryBag = Set<AnyCancellable>()
            private func watchRange(threshold: Int) {
                $kilometres
                    .sink { [weak self] km in if Int(km) > threshold { self?.warning = "Range low" } }
                    .store(in: &cancellables)
            }
            func observeBattery(_ battery: AnyPublisher<Int, Never>) {
                battery
                    .sink { [weak self] level in self?.watchRange(threshold: level) }
                    .store(in: &batteryBag)
            }
        }
        final class TripViewController: UIViewController {
            let service = VehicleService()
            let viewModel = TripViewModel()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.observeBattery(SOURCE)
            }
        }
        """
        let live = text.replacingOccurrences(of: "SOURCE", with: "service.battery(for: \"car\")")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: live)]), ["A.swift:13:14"])
        let once = text.replacingOccurrences(of: "SOURCE", with: "Just(20).eraseToAnyPublisher()")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: once)]), [])
    }
}

