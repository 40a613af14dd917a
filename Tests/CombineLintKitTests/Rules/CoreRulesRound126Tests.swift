import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for rounds 126 to 131 (see the rule documents).
final class CoreRulesRound126Tests: XCTestCase {
    private func model(bindings: String = "") -> String {
        """
        final class AppliancesViewModel: ObservableObject {
            @Published var summaryText = ""
            private let service: ApplianceService
            private var cancellables = Set<AnyCancellable>()
            init(service: ApplianceService) { self.service = service }
            func bindSummary() -> AnyCancellable {
                service.appliances
                    .map { "\\($0.count) running" }
                    .assign(to: \\.summaryText, on: self)
            }
            \(bindings)
        }
        final class ApplianceService {
            let appliances = CurrentValueSubject<[String], Never>([])
        }
        """
    }

    private let controller = """
        final class AppliancesViewController: UIViewController {
            let viewModel: AppliancesViewModel
            private var cancellables = Set<AnyCancellable>()
            init(viewModel: AppliancesViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.bindSummary()
                    .store(in: &cancellables)
            }
        }
        """

    private func places(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.file):\($0.line):\($0.column) \($0.ruleID)" }
    }

    /// (Round 126.) A token `assign(to:on: self)` returns from a method holds the model; the
    /// controller that keeps it holds the model too, and the model holds neither: no cycle. The
    /// model's own `bindSummary().store(in: &cancellables)` keeps it in the model: a cycle, and
    /// the message names that bag.
    func testAReturnedAssignTokenIsACycleOnlyWhereItsOwnTypeKeepsIt() throws {
        let rules = [ConfiguredRule(rule: AssignToSelfRule())]
        let elsewhere = [SourceFile(path: "AppliancesViewModel.swift", text: model()),
                         SourceFile(path: "AppliancesViewController.swift", text: controller)]
        XCTAssertEqual(places(Analyzer.analyze(elsewhere, rules: rules)), [])
        let own = [SourceFile(path: "AppliancesViewModel.swift", text: model(bindings: "func start() { bindSummary().store(in: &cancellables) }")),
                   SourceFile(path: "AppliancesViewController.swift", text: controller)]
        let found = Analyzer.analyze(own, rules: rules)
        XCTAssertEqual(places(found), ["AppliancesViewModel.swift:9:14 assign_to_self"])
        XCTAssertEqual(try XCTUnwrap(found.first).message,
                       "`assign(to:on:)` retains `self` while `self` keeps its cancellable in `cancellables`: neither is freed until the publisher completes.")
    }

    /// (Round 127.) A cell's `configure(with:isRead:)`, run per row, hands its `isRead` parameter on
    /// through `map` and `eraseToAnyPublisher()` to its badge's `bind(text:tint:)`, which stores into
    /// the badge's own bag that nothing empties; the controller passes the view model's subject, which
    /// never finishes. The `text` store from `Just` ends at once.
    func testAParameterHandedOnThroughOperatorsToAChildViewsBind() {
        func files(isRead: String) -> [SourceFile] {
            [SourceFile(path: "BadgeView.swift", text: """
                final class BadgeView: UIView {
                    private var bindings = Set<AnyCancellable>()
                    private let label = UILabel()
                    func bind(text: AnyPublisher<String?, Never>, tint: AnyPublisher<UIColor, Never>) {
                        text
                            .sink { [weak self] value in self?.label.text = value }
                            .store(in: &bindings)
                        tint
                            .sink { [weak self] color in self?.backgroundColor = color }
                            .store(in: &bindings)
                    }
                }
                """),
             SourceFile(path: "AnnouncementCell.swift", text: """
                final class AnnouncementCell: UITableViewCell {
                    private let pinBadge = BadgeView()
                    private var cancellables = Set<AnyCancellable>()
                    override func prepareForReuse() {
                        super.prepareForReuse()
                        cancellables.removeAll()
                    }
                    func configure(with announcement: Announcement, isRead: AnyPublisher<Bool, Never>) {
                        pinBadge.bind(text: Just(announcement.isPinned ? "Pinned" : nil).eraseToAnyPublisher(),
                                      tint: isRead.map { $0 ? UIColor.systemGray : UIColor.systemOrange }.eraseToAnyPublisher())
                    }
                }
                """),
             SourceFile(path: "AnnouncementsViewController.swift", text: """
                final class AnnouncementsViewController: UITableViewController {
                    private let readStates = CurrentValueSubject<Bool, Never>(false)
                    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath) as! AnnouncementCell
                        cell.configure(with: announcements[indexPath.row], isRead: \(isRead))
                        return cell
                    }
                }
                """)]
        }
        let rules = [ConfiguredRule(rule: RepeatedSubscriptionRule())]
        XCTAssertEqual(places(Analyzer.analyze(files(isRead: "readStates.eraseToAnyPublisher()"), rules: rules)),
                       ["BadgeView.swift:10:14 repeated_subscription"])
        // A finished answer per row piles nothing up.
        XCTAssertEqual(places(Analyzer.analyze(files(isRead: "Just(true).eraseToAnyPublisher()"), rules: rules)), [])
    }

    /// (Round 128.) A booking request's answer stored as `confirmedBooking` is the end of a job, a
    /// one-shot "show the confirmation" event: a later screen subscribing gets yesterday's
    /// confirmation again. The same answer stored as `booking` is loaded data.
    func testAConfirmationFilledByARequestIsAnEvent() {
        func text(name: String) -> String {
            """
            final class BookingViewModel: ObservableObject {
                @Published private(set) var \(name): Booking?
                private let api: BookingAPI
                private var cancellables = Set<AnyCancellable>()
                init(api: BookingAPI) { self.api = api }
                func book(_ slot: Slot) {
                    URLSession.shared.dataTaskPublisher(for: slot.url)
                        .map { _ in Booking(slot: slot) }
                        .replaceError(with: nil)
                        .sink { [weak self] booking in self?.\(name) = booking }
                        .store(in: &cancellables)
                }
            }
            final class BookingViewController: UIViewController {
                let viewModel: BookingViewModel
                private var cancellables = Set<AnyCancellable>()
                init(viewModel: BookingViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    viewModel.$\(name)
                        .compactMap { $0 }
                        .sink { [weak self] booking in self?.showConfirmation(booking) }
                        .store(in: &cancellables)
                }
                func showConfirmation(_ booking: Booking) {}
            }
            """
        }
        let rules = [ConfiguredRule(rule: SubjectFakeInitialValueRule())]
        XCTAssertEqual(places(Analyzer.analyze([SourceFile(path: "Booking.swift", text: text(name: "confirmedBooking"))], rules: rules)),
                       ["Booking.swift:2:33 subject_fake_initial_value"])
        XCTAssertEqual(places(Analyzer.analyze([SourceFile(path: "Booking.swift", text: text(name: "booking"))], rules: rules)), [])
    }

    /// (Round 130.) A cell's `configure(with:thumbnail:)` stores, per row, a subscription of the
    /// publisher it is given; every caller passes the view model's `thumbnail(for:)`, a `Future` mapped
    /// and erased, which finishes, and the sink checks the row it was made for. A caller passing a
    /// subject makes it endless, and the store is reported.
    func testAPerRowSubscriptionOfAParameterEveryCallerFills() {
        func files(thumbnail: String) -> [SourceFile] {
            [SourceFile(path: "DocumentCell.swift", text: """
                final class DocumentCell: UICollectionViewCell {
                    private let thumbnailView = UIImageView()
                    private var representedID: UUID?
                    private var cancellables = Set<AnyCancellable>()
                    func configure(with document: TravelDocument, thumbnail: AnyPublisher<UIImage?, Never>) {
                        representedID = document.id
                        thumbnail
                            .sink { [weak self] image in
                                guard self?.representedID == document.id else { return }
                                self?.thumbnailView.image = image
                            }
                            .store(in: &cancellables)
                    }
                }
                """),
             SourceFile(path: "WalletViewController.swift", text: """
                final class WalletViewController: UICollectionViewController {
                    private let viewModel = WalletViewModel()
                    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "doc", for: indexPath) as! DocumentCell
                        let document = viewModel.documents[indexPath.item]
                        cell.configure(with: document, thumbnail: \(thumbnail))
                        return cell
                    }
                }
                final class WalletViewModel {
                    var documents: [TravelDocument] = []
                    let thumbnails = CurrentValueSubject<UIImage?, Never>(nil)
                    func thumbnail(for document: TravelDocument) -> AnyPublisher<UIImage?, Never> {
                        Future<URL, Error> { promise in promise(.success(document.fileURL)) }
                            .map { UIImage(contentsOfFile: $0.path) }
                            .replaceError(with: nil)
                            .eraseToAnyPublisher()
                    }
                }
                """)]
        }
        let rules = [ConfiguredRule(rule: StoreInAppearanceRule())]
        XCTAssertEqual(places(Analyzer.analyze(files(thumbnail: "viewModel.thumbnail(for: document)"), rules: rules)), [])
        XCTAssertEqual(places(Analyzer.analyze(files(thumbnail: "viewModel.thumbnails.eraseToAnyPublisher()"), rules: rules)),
                       ["DocumentCell.swift:12:14 store_in_appearance"])
    }

    /// (Round 131.) `refreshedAt: Date?` is a timestamp named for what happened at it, a standing
    /// "updated at" state like `lastSync`: a late subscriber rightly gets the latest. `refreshed: Date?`
    /// names no such time and stays an event.
    func testATimestampNamedForWhatHappenedIsStandingState() {
        func text(name: String) -> String {
            """
            final class EquipmentService {
                @Published private(set) var \(name): Date?
                func refresh() { \(name) = Date() }
            }
            final class EquipmentViewModel {
                private var cancellables = Set<AnyCancellable>()
                init(service: EquipmentService) {
                    service.$\(name)
                        .compactMap { $0 }
                        .sink { date in print(date.timeIntervalSinceNow) }
                        .store(in: &cancellables)
                }
            }
            """
        }
        let rules = [ConfiguredRule(rule: SubjectFakeInitialValueRule())]
        XCTAssertEqual(places(Analyzer.analyze([SourceFile(path: "Equipment.swift", text: text(name: "refreshedAt"))], rules: rules)), [])
        XCTAssertEqual(places(Analyzer.analyze([SourceFile(path: "Equipment.swift", text: text(name: "refreshed"))], rules: rules)),
                       ["Equipment.swift:2:33 subject_fake_initial_value"])
    }
}
