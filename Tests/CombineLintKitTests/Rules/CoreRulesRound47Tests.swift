import XCTest
@testable import CombineLintKit

/// Idioms found by the round-47 probes of the core rules (a SQL client for macOS and iPad, a school
/// app, an insurance-claims app).
final class CoreRulesRound47Tests: XCTestCase {

    private let windowController = (path: "ConnectionWindowController.swift", text: """
    final class ConnectionWindowController: NSWindowController {
        private let connection = CurrentValueSubject<String, Never>("idle")
        private var cancellables = Set<AnyCancellable>()
        init(server: String) {
            super.init(window: nil)
            connection
                .sink { state in self.window?.subtitle = state }
                .store(in: &cancellables)
        }
    }
    """)

    /// The application's delegate keeps a window controller per server in a dictionary and empties
    /// the slot when the window closes: each controller is one of many, let go with its window, so a
    /// cycle through it leaks. One made once at launch into a property lives for the run.
    func testAWindowControllerPerServerKeptInTheDelegatesDictionaryDoesNotLiveForTheRun() {
        let delegate = (path: "AppDelegate.swift", text: """
        @main
        final class AppDelegate: NSObject, NSApplicationDelegate {
            private var windowControllers: [String: ConnectionWindowController] = [:]
            func open(_ server: String) {
                let wc = ConnectionWindowController(server: server)
                windowControllers[server] = wc
                wc.showWindow(nil)
            }
            func close(_ server: String) { windowControllers[server] = nil }
        }
        """)
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [windowController, delegate]), ["ConnectionWindowController.swift:7:30"])
        let appended = (path: delegate.path, text: delegate.text.replacingOccurrences(of: "windowControllers[server] = wc", with: "list.append(wc)")
            .replacingOccurrences(of: "private var windowControllers", with: "private var list: [ConnectionWindowController] = []\n    private var windowControllers"))
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [windowController, appended]), ["ConnectionWindowController.swift:7:30"])
        let once = (path: "AppDelegate.swift", text: """
        @main
        final class AppDelegate: NSObject, NSApplicationDelegate {
            private var main: ConnectionWindowController?
            func applicationDidFinishLaunching(_ notification: Notification) {
                let wc = ConnectionWindowController(server: "local")
                main = wc
                wc.showWindow(nil)
            }
        }
        """)
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [windowController, once]), [])
    }

    /// `Just(row.count).map { … }.sink { … }` in `cellForRowAt` is over before `sink` returns: its
    /// value cannot land later in a reused cell, and nothing stays subscribed. A row's live stream does.
    func testASynchronousPipelinePerRowLeavesNothingSubscribed() {
        let controller = (path: "ResultsViewController.swift", text: """
        final class ResultsViewController: UITableViewController {
            private var cancellables = Set<AnyCancellable>()
            var rows: [[Int]] = []
            let edits = PassthroughSubject<Int, Never>()
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                let row = rows[indexPath.row]
                Just(row.count)
                    .map { "\\($0) columns" }
                    .sink { [weak cell] in cell?.accessibilityHint = $0 }
                    .store(in: &cancellables)
                edits
                    .sink { [weak cell] in cell?.tag = $0 + row.count }
                    .store(in: &cancellables)
                return cell
            }
        }
        """)
        XCTAssertEqual(places(StoreInAppearanceRule.self, [controller]), ["ResultsViewController.swift:14:14"])
    }

    /// An optional `@Published` property a model copies optional values into holds nil as a state of
    /// its own, even when its one consumer skips nil: a lookup that may find nothing
    /// (`fields.first { … }`), a property declared optional (`reading.batteryLevel`), a mirror of
    /// an optional publisher (`assign(to: &self.$liveValue)`). Set only to values, it is an event.
    func testCopiedOptionalValuesMakeNilAState() {
        let model = (path: "SensorModel.swift", text: """
        struct SensorReading { let value: Double; let batteryLevel: Double? }
        final class SensorModel: ObservableObject {
            @Published var lastValue: Double?
            @Published var battery: Double?
            @Published private(set) var liveValue: Double?
            @Published var selectedID: String?
            @Published var selected: String?
            @Published var toast: String?
            var ids: [String] = []
            init() {
                $lastValue.assign(to: &self.$liveValue)
                $selectedID.sink { [weak self] id in
                    guard let self else { return }
                    self.selected = self.ids.first { $0 == id }
                }.store(in: &cancellables)
            }
            private var cancellables = Set<AnyCancellable>()
            func apply(_ reading: SensorReading) {
                lastValue = reading.value
                battery = reading.batteryLevel
                toast = "Updated"
            }
        }
        """)
        let screen = (path: "SensorViewController.swift", text: """
        final class SensorViewController: UIViewController {
            let model = SensorModel()
            private var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.$liveValue.compactMap { $0 }.sink { [weak self] in self?.title = "\\($0)" }.store(in: &cancellables)
                model.$battery.compactMap { $0 }.sink { [weak self] in self?.title = "\\($0)" }.store(in: &cancellables)
                model.$selected.compactMap { $0 }.sink { [weak self] in self?.title = $0 }.store(in: &cancellables)
                model.$toast.compactMap { $0 }.sink { [weak self] in self?.title = $0 }.store(in: &cancellables)
            }
        }
        """)
        XCTAssertEqual(places(SubjectFakeInitialValueRule.self, [model, screen]), ["SensorModel.swift:8:20"])
    }

    /// A service method handing on a subject the service keeps per id (`subject(for: id)`), and another
    /// type's method of the same name forwarding to it (`service.statusPublisher(for: id)`): the
    /// forwarder is not among the functions its own call may run, so the service's method decides,
    /// and it never finishes. A token returned by the helper and kept by `init` holds the cycle.
    func testAForwarderOfTheSameNameDoesNotHideTheServicesEndlessStream() {
        let service = (path: "ClaimsService.swift", text: """
        protocol ClaimsServicing {
            func statusPublisher(for id: UUID) -> AnyPublisher<Int, Never>
        }
        final class ClaimsService: ClaimsServicing {
            private var statusSubjects: [UUID: CurrentValueSubject<Int, Never>] = [:]
            func statusPublisher(for id: UUID) -> AnyPublisher<Int, Never> {
                subject(for: id)
                    .removeDuplicates()
                    .eraseToAnyPublisher()
            }
            private func subject(for id: UUID) -> CurrentValueSubject<Int, Never> {
                if let existing = statusSubjects[id] { return existing }
                let created = CurrentValueSubject<Int, Never>(0)
                statusSubjects[id] = created
                return created
            }
        }
        final class ClaimsListViewModel {
            private let service: ClaimsServicing
            init(service: ClaimsServicing) { self.service = service }
            func statusPublisher(for id: UUID) -> AnyPublisher<Int, Never> {
                service.statusPublisher(for: id)
            }
        }
        """)
        let model = (path: "ClaimDetailViewModel.swift", text: """
        final class ClaimDetailViewModel {
            private let service: ClaimsServicing
            private var statusToken: AnyCancellable?
            var status = 0
            init(service: ClaimsServicing) {
                self.service = service
                statusToken = observeStatus()
            }
            private func observeStatus() -> AnyCancellable {
                service.statusPublisher(for: UUID())
                    .receive(on: DispatchQueue.main)
                    .sink { status in
                        self.status = status
                    }
            }
        }
        """)
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [service, model]), ["ClaimDetailViewModel.swift:13:17"])
    }

    /// `holder.tokens.append(p.sink { self… })` with `private let holder`: self → holder → its
    /// tokens → subscription → closure → self. A holder `self` does not keep (a parameter) is no cycle.
    func testATokenAppendedToTheCollectionOfAnOwnedObjectIsACycle() {
        let controller = (path: "ReactionSummaryController.swift", text: """
        final class SubscriptionHolder {
            var tokens: [AnyCancellable] = []
        }
        final class ReactionSummaryController {
            @Published private(set) var unreadText = ""
            private let holder = SubscriptionHolder()
            private let counts = PassthroughSubject<Int, Never>()
            init() {
                holder.tokens.append(
                    counts
                        .sink { count in self.unreadText = "\\(count) unread" }
                )
            }
            func attach(to other: SubscriptionHolder) {
                other.tokens.append(counts.sink { count in self.unreadText = "\\(count)" })
            }
        }
        """)
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [controller]), ["ReactionSummaryController.swift:11:34"])
    }

    /// `photoOutput(_:didFinishCaptureFor:error:)` runs once per photo taken: a helper it calls that
    /// subscribes to a never-finishing subject adds one more subscription per photo.
    func testAPhotoCaptureCallbackRunsPerPhoto() {
        let processor = (path: "PhotoCaptureProcessor.swift", text: """
        final class PhotoCaptureProcessor: NSObject, AVCapturePhotoCaptureDelegate {
            let thumbnails = PassthroughSubject<Data, Never>()
            private var cancellables = Set<AnyCancellable>()
            private(set) var images: [Data] = []
            func photoOutput(_ output: AVCapturePhotoOutput, didFinishCaptureFor resolvedSettings: AVCaptureResolvedPhotoSettings, error: Error?) {
                startThumbnailPipeline()
            }
            private func startThumbnailPipeline() {
                thumbnails
                    .sink { [weak self] data in self?.images.append(data) }
                    .store(in: &cancellables)
            }
        }
        """)
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [processor]), ["PhotoCaptureProcessor.swift:11:14"])
    }
}
