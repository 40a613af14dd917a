import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 98 and after (see the rule documents).
final class CoreRulesRound98Tests: XCTestCase {
    /// A test that sends nil into the subject (`store.bookingConfirmed.send(nil)`) drives the
    /// producer by hand, as a test's consumers do: it says nothing about how the app treats nil, so
    /// the app's consumers, which all skip nil, still make it an event. The app's own nil write
    /// (`reset()`) does make nil a state.
    func testATestsNilWriteDoesNotMakeNilAState() {
        let store = """
        final class BookingsStore {
            let bookingConfirmed = CurrentValueSubject<Booking?, Never>(nil)
            let bookingCancelled = CurrentValueSubject<Booking?, Never>(nil)
            func confirm(_ booking: Booking) { bookingConfirmed.send(booking) }
            func cancel(_ booking: Booking) { bookingCancelled.send(booking) }
            func reset() { bookingCancelled.send(nil) }
        }
        """
        let coordinator = """
        final class AppCoordinator {
            let bookings: BookingsStore
            var cancellables = Set<AnyCancellable>()
            init(bookings: BookingsStore) { self.bookings = bookings }
            func start() {
                bookings.bookingConfirmed
                    .filter { $0 != nil }
                    .map { $0! }
                    .sink { [weak self] booking in self?.show(booking) }
                    .store(in: &cancellables)
                bookings.bookingCancelled
                    .compactMap { $0 }
                    .sink { [weak self] booking in self?.show(booking) }
                    .store(in: &cancellables)
            }
            func show(_ booking: Booking) {}
        }
        """
        let test = """
        final class BookingsStoreTests: XCTestCase {
            func testConfirmedBookingIsPublished() {
                let store = BookingsStore()
                let done = expectation(description: "confirmed")
                let token = store.bookingConfirmed.compactMap { $0 }.sink { _ in done.fulfill() }
                store.bookingConfirmed.send(nil)
                store.bookingCancelled.send(nil)
                wait(for: [done], timeout: 0.1)
                token.cancel()
            }
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [
            (path: "App/BookingsStore.swift", text: store), (path: "App/AppCoordinator.swift", text: coordinator),
            (path: "AppTests/BookingsStoreTests.swift", text: test),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App/BookingsStore.swift:2:9"])
    }

    /// `Just(id).flatMap(vehicles.currentRange(for:))`: the function handed by its compound name makes
    /// each inner publisher, so the chain finishes when what it returns does (`first()` of the live
    /// stream), and never does when it returns the live stream itself.
    func testAFlatMapHandedAFunctionByNameFinishesWhenThatFunctionsPublisherDoes() {
        let text = """
        final class VehicleService {
            let liveTelemetry = PassthroughSubject<Int, Never>()
            func batteryRange(for vehicleID: String) -> AnyPublisher<Int, Never> {
                liveTelemetry.filter { $0 > 0 }.eraseToAnyPublisher()
            }
            func currentRange(for vehicleID: String) -> AnyPublisher<Int, Never> {
                batteryRange(for: vehicleID).first().eraseToAnyPublisher()
            }
        }
        final class VehicleDetailViewModel {
            let vehicles: VehicleService
            var cancellables = Set<AnyCancellable>()
            var range = 0
            init(vehicles: VehicleService, id: String) {
                self.vehicles = vehicles
                Just(id).flatMap(vehicles.currentRange(for:)).sink { r in self.range = r }.store(in: &cancellables)
                Just(id).flatMap(vehicles.batteryRange(for:)).sink { r in self.range = r }.store(in: &cancellables)
            }
        }
        """
        let found = findings(of: StrongSelfCaptureRule.self, in: [(path: "Vehicles.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["17:67"])
    }

    /// A protocol's default method that stores into the conforming cell's bag
    /// (`extension AvatarDisplaying { func loadAvatar(…) }`) runs on every reuse when the cell's
    /// `configure(with:)` calls it: each reuse adds one more subscription, and a slow load lands in
    /// the cell after it shows another row. A cell whose `prepareForReuse` empties the bag, and one
    /// that declares its own `loadAvatar(from:)`, are not findings.
    func testAProtocolDefaultMethodCalledFromACellsConfigureRepeatsPerReuse() {
        let support = """
        protocol AvatarDisplaying: AnyObject {
            var avatarView: UIImageView { get }
            var avatarBag: Set<AnyCancellable> { get set }
        }
        extension AvatarDisplaying {
            func loadAvatar(from images: AnyPublisher<UIImage, Never>) {
                images
                    .sink { [weak self] image in self?.avatarView.image = image }
                    .store(in: &avatarBag)
            }
        }
        """
        let cells = """
        final class TrainerCell: UITableViewCell, AvatarDisplaying {
            let avatarView = UIImageView()
            var avatarBag = Set<AnyCancellable>()
            func configure(with model: TrainerModel) {
                loadAvatar(from: model.images)
            }
        }
        final class ClassCell: UITableViewCell, AvatarDisplaying {
            let avatarView = UIImageView()
            var avatarBag = Set<AnyCancellable>()
            override func prepareForReuse() {
                super.prepareForReuse()
                avatarBag.removeAll()
            }
            func configure(with model: ClassModel) {
                loadAvatar(from: model.images)
            }
        }
        final class RoomCell: UITableViewCell, AvatarDisplaying {
            let avatarView = UIImageView()
            var avatarBag = Set<AnyCancellable>()
            func configure(with model: RoomModel) {
                loadAvatar(from: model.images)
            }
            func loadAvatar(from images: AnyPublisher<UIImage, Never>) {
                avatarBag = []
                images.sink { [weak self] in self?.avatarView.image = $0 }.store(in: &avatarBag)
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "AvatarDisplaying.swift", text: support), (path: "Cells.swift", text: cells)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["AvatarDisplaying.swift:9:14"])
        XCTAssertEqual(found.first?.message.hasPrefix("`TrainerCell.configure(with:) → loadAvatar(from:) → store(in:)`"), true)
    }

    /// `$boardingPass.first().sink { guard let pass else { presentPassUnavailable(); return } … }` reads
    /// the current value once and acts on nil ("not ready yet"): nil is a state, whatever a later
    /// `compactMap { $0 }` consumer waits for. A `first()` consumer that only returns on nil says
    /// nothing either way, so the other consumer's skip makes `gateNotice` an event.
    func testAFirstValueConsumerActingOnNilReadsItAsAState() {
        let engine = """
        final class BoardingEngine: ObservableObject {
            @Published private(set) var boardingPass: BoardingPass? = nil
            @Published private(set) var gateNotice: GateNotice? = nil
            func issue(_ pass: BoardingPass) { boardingPass = pass }
            func announce(_ notice: GateNotice) { gateNotice = notice }
        }
        """
        let screen = """
        final class BoardingViewController: UIViewController {
            let engine: BoardingEngine
            var cancellables = Set<AnyCancellable>()
            init(engine: BoardingEngine) {
                self.engine = engine
                super.init(nibName: nil, bundle: nil)
            }
            func showPass() {
                engine.$boardingPass
                    .first()
                    .sink { [weak self] pass in
                        guard let pass else {
                            self?.presentPassUnavailable()
                            return
                        }
                        self?.open(pass)
                    }
                    .store(in: &cancellables)
                engine.$gateNotice
                    .first()
                    .sink { [weak self] notice in
                        guard let notice else { return }
                        self?.banner(notice)
                    }
                    .store(in: &cancellables)
            }
            func notifyWhenReady() {
                engine.$boardingPass.compactMap { $0 }.sink { [weak self] in self?.open($0) }.store(in: &cancellables)
                engine.$gateNotice.compactMap { $0 }.sink { [weak self] in self?.banner($0) }.store(in: &cancellables)
            }
            func presentPassUnavailable() {}
            func open(_ pass: BoardingPass) {}
            func banner(_ notice: GateNotice) {}
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "BoardingEngine.swift", text: engine), (path: "Boarding.swift", text: screen)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["BoardingEngine.swift:3:33"])
    }

    /// A subject whose output is an error (`CurrentValueSubject<FerryError?, Never>`) is a notice by
    /// its value type, as an `@Published var failure: FerryError?` is: the store's own `send(nil)`
    /// after a good load only clears it, and a consumer that ignores nil (`if let error { … }`) gets
    /// the last failure replayed. A subject of another output cleared the same way holds a state.
    func testASubjectOfAnErrorOutputIsANoticeThatANilWriteOnlyClears() {
        let store = """
        final class SailingStore {
            let refreshFailed = CurrentValueSubject<FerryError?, Never>(nil)
            let refreshedSailing = CurrentValueSubject<Sailing?, Never>(nil)
            func reload() {
                api.sailings { result in
                    switch result {
                    case .success(let sailings):
                        self.refreshFailed.send(nil)
                        self.refreshedSailing.send(nil)
                        self.apply(sailings)
                    case .failure(let error):
                        self.refreshFailed.send(error)
                        self.refreshedSailing.send(self.current)
                    }
                }
            }
        }
        """
        let model = """
        final class SailingListViewModel {
            private var cancellables = Set<AnyCancellable>()
            init(store: SailingStore) {
                store.refreshFailed
                    .sink { [weak self] error in if let error { self?.fail(error) } }
                    .store(in: &cancellables)
                store.refreshedSailing
                    .sink { [weak self] sailing in if let sailing { self?.show(sailing) } }
                    .store(in: &cancellables)
            }
            func fail(_ error: FerryError) {}
            func show(_ sailing: Sailing) {}
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "SailingStore.swift", text: store), (path: "SailingList.swift", text: model)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["SailingStore.swift:2:9"])
    }

    /// A pull to refresh that starts the work (`viewModel.refresh()`) and then waits for its end
    /// (`viewModel.$isLoading.dropFirst().first { !$0 }`) leaves no pending subscription: the
    /// condition is the outcome of the work it just started. One that waits for the user
    /// (`viewModel.$selection.first { $0 != nil }`) with nothing started stays pending, one more per tap.
    func testALimitWaitingForTheWorkJustStartedEnds() {
        let text = """
        final class PrescriptionListViewController: UIViewController {
            let viewModel: PrescriptionListViewModel
            var cancellables = Set<AnyCancellable>()
            init(viewModel: PrescriptionListViewModel) {
                self.viewModel = viewModel
                super.init(nibName: nil, bundle: nil)
            }
            @objc private func retryTapped() {
                viewModel.refresh()
                viewModel.$isLoading
                    .dropFirst()
                    .first { !$0 }
                    .sink { [weak self] _ in self?.endRefreshing() }
                    .store(in: &cancellables)
            }
            @objc private func compareTapped() {
                viewModel.$selection
                    .first { $0 != nil }
                    .sink { [weak self] _ in self?.showCompare() }
                    .store(in: &cancellables)
            }
            func endRefreshing() {}
            func showCompare() {}
        }
        final class PrescriptionListViewModel: ObservableObject {
            @Published var isLoading = false
            @Published var selection: String?
            func refresh() { isLoading = true }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "Prescriptions.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["20:14"])
    }
}
