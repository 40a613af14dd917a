import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for rounds 147 and after (see the rule documents).
final class CoreRulesRound147Tests: XCTestCase {
    /// (Round 147.) `self.fixCancellable = hasOrder ? self.observeFixes() : nil`, where
    /// `observeFixes()` returns a sink whose `handleEvents` closure holds `self`: whichever branch
    /// runs, its value goes to the member, so the subscription is kept by `self`, as when assigned
    /// without the ternary. A ternary given as an argument is not a storage; `[weak self]` breaks the cycle.
    func testASubscriptionStoredThroughATernaryBranch() {
        func text(store: String, capture: String = "") -> String {
            """
            final class RouteViewModel {
                @Published var hasOrder = false
                @Published var lastFix = 0
                let fixes = PassthroughSubject<Int, Never>()
                private var fixCancellable: AnyCancellable?
                private var cancellables = Set<AnyCancellable>()
                init() {
                    $hasOrder
                        .sink { [weak self] hasOrder in
                            guard let self else { return }
                            \(store)
                        }
                        .store(in: &cancellables)
                }
                private func observeFixes() -> AnyCancellable {
                    fixes
                        .handleEvents(receiveOutput: { \(capture)fix in self.lastFix = fix })
                        .sink { _ in }
                }
                private func keep(_ token: AnyCancellable?) {}
            }
            """
        }
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(store: "self.fixCancellable = hasOrder ? self.observeFixes() : nil")), ["17:51"])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(store: "self.fixCancellable = hasOrder ? nil : self.observeFixes()")), ["17:51"])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(store: "self.keep(hasOrder ? self.observeFixes() : nil)")), [])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text(store: "self.fixCancellable = hasOrder ? self.observeFixes() : nil", capture: "[weak self] ")), [])
    }

    /// (Round 147.) `let token = active ? subject.sink { self.x = $0 } : nil`, then `keep = token`:
    /// the ternary's declaration holds the branch's subscription, which the member then keeps.
    func testASubscriptionDeclaredThroughATernaryAndKeptLater() {
        let text = """
            final class Counter {
                let subject = PassthroughSubject<Int, Never>()
                var x = 0
                var keep: AnyCancellable?
                func start(_ active: Bool) {
                    let token: AnyCancellable? = active ? subject.sink { self.x = $0 } : nil
                    keep = token
                }
            }
            """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["6:62"])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text.replacingOccurrences(of: "keep = token", with: "_ = token")), [])
    }

    /// (Round 147.) A cell's `configure` hands its row's publisher to its badge's `bind(to:)`, which
    /// stores a subscription in the badge's bag; the publisher comes from a service returning
    /// `subject.removeDuplicates().eraseToAnyPublisher()` with `let subject = queue.sync { () ->
    /// CurrentValueSubject<Int, Never> in … }`: `sync` gives back its closure's value, a subject
    /// that never finishes, so each configure adds one more live subscription. A closure declaring a
    /// finishing publisher (`Just<Int>`) is no such source.
    func testALocalMadeByQueueSyncHasItsClosuresDeclaredType() {
        func text(type: String, made: String) -> String {
            """
            final class AvailabilityService {
                private var subjects: [String: CurrentValueSubject<Int, Never>] = [:]
                private let queue = DispatchQueue(label: "availability")
                func availability(for id: String) -> AnyPublisher<Int, Never> {
                    let subject = queue.sync { () -> \(type) in
                        \(made)
                    }
                    return subject.removeDuplicates().eraseToAnyPublisher()
                }
            }
            final class BadgeView: UIView {
                private var cancellables = Set<AnyCancellable>()
                let label = UILabel()
                func bind(to availability: AnyPublisher<Int, Never>) {
                    availability.sink { [weak self] in self?.label.text = "\\($0)" }.store(in: &cancellables)
                }
            }
            final class BookCell: UITableViewCell {
                private let badgeView = BadgeView()
                func configure(availability: AnyPublisher<Int, Never>) { badgeView.bind(to: availability) }
            }
            final class CatalogueViewController: UIViewController, UITableViewDataSource {
                let service = AvailabilityService()
                func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
                func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "book", for: indexPath) as! BookCell
                    cell.configure(availability: service.availability(for: "\\(indexPath.row)"))
                    return cell
                }
            }
            """
        }
        let subject = "if let existing = subjects[id] { return existing }; let created = CurrentValueSubject<Int, Never>(0); subjects[id] = created; return created"
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text(type: "CurrentValueSubject<Int, Never>", made: subject)), ["15:73"])
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text(type: "Just<Int>", made: "Just(1)")), [])
    }

    /// (Round 148.) A cell's configure keeping a load that finishes (a data task) in a bag that
    /// `prepareForReuse` does not empty piles nothing up, but the previous row's answer, when late,
    /// fills the reused cell: the message and help say so. An endless source there keeps the
    /// pile-up message.
    func testAFinishingLoadKeptInACellSaysWhatGoesWrong() throws {
        func text(_ source: String) -> String {
            """
            final class PillCell: UITableViewCell {
                private var cancellables = Set<AnyCancellable>()
                let photo = UIImageView()
                func configure(with url: URL, store: Store) {
                    \(source)
                        .sink { [weak self] in self?.photo.image = $0 }
                        .store(in: &cancellables)
                }
            }
            final class Store { @Published var image: UIImage? }
            """
        }
        let load = try XCTUnwrap(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text(
            "URLSession.shared.dataTaskPublisher(for: url).map { UIImage(data: $0.data) }.replaceError(with: nil).receive(on: DispatchQueue.main)"))]).first)
        XCTAssertEqual("\(load.line):\(load.column)", "7:14")
        XCTAssertEqual(load.message, "Every reuse of `PillCell` runs `configure(with:store:)`, and `cancellables` keeps the previous row's load: if it answers late, it fills the reused cell with the old row's data.")
        XCTAssertEqual(load.help, "Cancel the previous load when the cell is reused (empty `cancellables` in `prepareForReuse`), or check in the subscriber that the cell still shows the row the load was made for.")
        let endless = try XCTUnwrap(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text("store.$image"))]).first)
        XCTAssertEqual(endless.message, "Every reuse of `PillCell` runs `configure(with:store:)`, adding a live subscription to `cancellables` while the old ones still update the old row.")
    }

    /// (Round 148.) `CheckInQRView(booking: booking) { viewModel.checkIn(booking) }` in a sheet of the
    /// wallet's `body`, where the project view keeps that closure as `var onCheckIn: () -> Void` and calls
    /// it from a button: the call runs on a tap, not on each evaluation of `body`. A content closure
    /// (`var content: () -> Content`) is built with the view, and its call runs with each evaluation.
    func testAProjectViewsStoredCallbackRunsOnATapNotWithBody() {
        func text(property: String, use: String) -> String {
            """
            final class WalletViewModel: ObservableObject {
                @Published var points = 0
                private var cancellables = Set<AnyCancellable>()
                let ticks = PassthroughSubject<Int, Never>()
                func checkIn() {
                    ticks.sink { [weak self] in self?.points = $0 }.store(in: &cancellables)
                }
            }
            struct CheckInPanel<Content: View>: View {
                \(property)
                var body: some View { \(use) }
            }
            struct WalletView: View {
                @StateObject var viewModel = WalletViewModel()
                var body: some View {
                    CheckInPanel { viewModel.checkIn() }
                }
            }
            """
        }
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text(property: "var onCheckIn: () -> Void", use: "Button(\"Check in\") { onCheckIn() }")), [])
        XCTAssertEqual(positions(RepeatedSubscriptionRule.self, text(property: "@ViewBuilder var content: () -> Content", use: "content()")), ["6:57"])
    }

    /// (Round 148.) `@Published private(set) var latest: OccupancySnapshot?`, whose consumers skip
    /// its `nil` start: a property named only `latest` (or `current`) holding a state by its type's
    /// last word (`…Snapshot`, `…State`, `…Status`) is the latest state, which a late subscriber
    /// rightly gets. `latest: CheckInResult?` keeps the event reading.
    func testALatestPropertyOfAStateTypeIsAStandingState() {
        func text(type: String) -> String {
            """
            final class OccupancyService: ObservableObject {
                @Published private(set) var latest: \(type)?
                func update(_ value: \(type)) { latest = value }
            }
            final class DeskMapViewModel {
                private var cancellables = Set<AnyCancellable>()
                init(service: OccupancyService) {
                    service.$latest.compactMap { $0 }.sink { print($0) }.store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text(type: "OccupancySnapshot")), [])
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text(type: "CheckInResult")), ["2:33"])
    }

    /// (Round 148.) A segmented control's `eventPublisher(for: .valueChanged)`, the project's
    /// extension returning its own `ControlEventPublisher` (whose subscription sends each event and
    /// never completes), feeds a sink calling the model's `applyFilter(_:)`, which makes one more
    /// `assign(to: &$visibleEntries)` per change. A publisher type whose code completes its
    /// subscriber finishes, and nothing piles up.
    func testTheProjectsOwnPublisherThatNeverCompletesIsEndless() {
        func text(completion: String) -> String {
            """
            extension UIControl {
                func eventPublisher(for events: UIControl.Event) -> AnyPublisher<Void, Never> {
                    ControlEventPublisher(control: self, events: events).eraseToAnyPublisher()
                }
            }
            struct ControlEventPublisher: Publisher {
                typealias Output = Void
                typealias Failure = Never
                let control: UIControl
                let events: UIControl.Event
                func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
                    subscriber.receive(subscription: ControlSubscription(subscriber: subscriber, control: control, events: events))
                }
                final class ControlSubscription<S: Subscriber>: Subscription where S.Input == Void, S.Failure == Never {
                    private var subscriber: S?
                    init(subscriber: S, control: UIControl, events: UIControl.Event) {
                        self.subscriber = subscriber
                        control.addTarget(self, action: #selector(handle), for: events)
                    }
                    func request(_ demand: Subscribers.Demand) {}
                    func cancel() { subscriber = nil }
                    @objc private func handle() { _ = subscriber?.receive(()); \(completion) }
                }
            }
            final class HistoryViewModel {
                @Published private(set) var entries: [Int] = []
                @Published private(set) var visibleEntries: [Int] = []
                func applyFilter(_ filter: Int) {
                    $entries.map { $0.filter { $0 > filter } }.assign(to: &$visibleEntries)
                }
            }
            final class HistoryViewController: UIViewController {
                let viewModel = HistoryViewModel()
                let filterControl = UISegmentedControl()
                private var cancellables = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    filterControl.eventPublisher(for: .valueChanged)
                        .sink { [weak self] _ in self?.viewModel.applyFilter(self?.filterControl.selectedSegmentIndex ?? 0) }
                        .store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(PublishedAssignCycleRule.self, text(completion: "")), ["29:52"])
        XCTAssertEqual(positions(PublishedAssignCycleRule.self, text(completion: "subscriber?.receive(completion: .finished)")), [])
    }
}
