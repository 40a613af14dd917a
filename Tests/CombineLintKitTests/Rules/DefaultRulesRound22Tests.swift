import XCTest
@testable import CombineLintKit

/// Idioms found by the round-22 probes of the default rules (a banking app, a smart-home app).
final class DefaultRulesRound22Tests: XCTestCase {
    /// A request held in a local constant before it is subscribed delivers where the request does;
    /// one that hops to main first, or a local that is a `var`, says nothing.
    func testMainActorDeliveryFromALocalRequest() {
        let text = """
        final class APIClient {
            let session = URLSession.shared
            func statementPDF(month: String) -> AnyPublisher<Data, URLError> {
                session.dataTaskPublisher(for: URL(string: month)!)
                    .map(\\.data)
                    .eraseToAnyPublisher()
            }
        }
        final class StatementViewController: UIViewController {
            private let api = APIClient()
            private let sizeLabel = UILabel()
            private var bag = Set<AnyCancellable>()
            func load() {
                let request = api.statementPDF(month: "2026-11")
                request
                    .map { Double($0.count) / 1024 }
                    .replaceError(with: 0)
                    .sink { [weak self] kb in self?.sizeLabel.text = "\\(kb) KB" }
                    .store(in: &bag)
                let onMain = api.statementPDF(month: "2026-10").receive(on: DispatchQueue.main)
                onMain
                    .replaceError(with: Data())
                    .sink { [weak self] data in self?.sizeLabel.text = "\\(data.count)" }
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["18:14"])
        XCTAssertEqual(found.first?.message, "`sink` gets its values on URLSession's queue (`dataTaskPublisher`) through `statementPDF(…)` but uses main-actor `sizeLabel`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// A computed property erasing a subject sent into off the main thread is the subject's
    /// publisher, even where another type has a stored property of the same name that is no publisher.
    func testErasedSubjectBesideAValuePropertyOfTheSameName() {
        let service = """
        final class AwayModeService {
            private let endsAtSubject = CurrentValueSubject<Date?, Never>(nil)
            var endsAt: AnyPublisher<Date?, Never> { endsAtSubject.eraseToAnyPublisher() }
            func refresh() {
                URLSession.shared.dataTask(with: URL(string: "https://example.com")!) { [weak self] _, _, _ in
                    self?.endsAtSubject.send(Date())
                }.resume()
            }
        }
        """
        let agent = """
        @MainActor
        final class StatusBarAgent {
            private let awayMode: AwayModeService
            private let statusItem = NSStatusItem()
            private var bag = Set<AnyCancellable>()
            init(awayMode: AwayModeService) {
                self.awayMode = awayMode
                awayMode.endsAt
                    .sink { [weak self] date in self?.show(date) }
                    .store(in: &bag)
            }
            func show(_ date: Date?) { statusItem.button?.title = date.map { "\\($0)" } ?? "" }
        }
        """
        let row = """
        struct BoostCountdownRow: View {
            let endsAt: Date
            var body: some View { Text(endsAt, style: .timer) }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [
            (path: "AwayModeService.swift", text: service), (path: "StatusBarAgent.swift", text: agent), (path: "Row.swift", text: row),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["StatusBarAgent.swift:9:14"])
    }

    /// A task kept in a property and started on each appearance, holding `self` weakly and cancelled
    /// only in `deinit`: each appearance after the first leaves the task before it to nothing. Not
    /// reported when the appearance cancels the previous task first, or the disappearance cancels it.
    func testEndlessTaskReplacedOnEachAppearance() throws {
        let text = """
        final class RoomDetailController: UIViewController {
            private let room: RoomModel
            private var readings: Task<Void, Never>?
            private var humidity: Task<Void, Never>?
            private var lights: Task<Void, Never>?
            var onTemperature: ((Double) -> Void)?
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                readings = Task { [weak self] in
                    guard let values = self?.room.$temperature.values else { return }
                    for await celsius in values { self?.onTemperature?(celsius) }
                }
                humidity?.cancel()
                humidity = Task { [weak self] in
                    guard let values = self?.room.$humidity.values else { return }
                    for await value in values { self?.onTemperature?(value) }
                }
                lights = Task { [weak self] in
                    guard let values = self?.room.$lights.values else { return }
                    for await value in values { self?.onTemperature?(value) }
                }
            }
            override func viewDidDisappear(_ animated: Bool) {
                super.viewDidDisappear(animated)
                lights?.cancel()
            }
            deinit {
                readings?.cancel()
                humidity?.cancel()
                lights?.cancel()
            }
        }
        """
        let found = findings(of: EndlessValuesTaskRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["9:20"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "Each `viewDidAppear` replaces the task in `readings` without cancelling the one before, and the loop over `values` never ends: `deinit` cancels only the last.")
        XCTAssertEqual(finding.help, "Cancel the task before starting the next (`readings?.cancel()`), or where the appearance ends (`viewDidDisappear`).")
    }
}
