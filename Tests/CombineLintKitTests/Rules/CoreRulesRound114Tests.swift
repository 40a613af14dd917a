import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 114 (see the rule documents).
final class CoreRulesRound114Tests: XCTestCase {
    /// A selection (`selectedPass`, set on a tap, never cleared) whose consumer skips its nil start
    /// waits for the first choice: a late subscriber rightly gets the current one, so it is no event
    /// kept as state. A request named after a selection (`selectionRequest`) is still an event.
    func testASelectionIsStandingState() {
        func text(name: String) -> String {
            """
            final class WalletViewModel: ObservableObject {
                @Published var \(name): BoardingPass?
                private var cancellables = Set<AnyCancellable>()
                init(status: FlightStatusService) {
                    $\(name)
                        .compactMap { $0 }
                        .sink { [weak self] in self?.watch($0) }
                        .store(in: &cancellables)
                }
                func watch(_ pass: BoardingPass) {}
            }
            final class WalletViewController: UIViewController {
                let model = WalletViewModel(status: FlightStatusService())
                func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                    model.\(name) = passes[indexPath.item]
                }
            }
            """
        }
        XCTAssertTrue(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Wallet.swift", text: text(name: "selectedPass"))]).isEmpty)
        // Round 116: a selection among alert subscriptions is a selection; a notice by its name is not.
        let alertType = text(name: "selectedPass").replacingOccurrences(of: "BoardingPass?", with: "DockAlertSubscription.ID?")
        XCTAssertTrue(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Wallet.swift", text: alertType)]).isEmpty)
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Wallet.swift", text: text(name: "selectedPassError"))]).count, 1)
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Wallet.swift", text: text(name: "selectionRequest"))]).map { "\($0.line):\($0.column)" }, ["2:20"])
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Wallet.swift", text: text(name: "passToShow"))]).map { "\($0.line):\($0.column)" }, ["2:20"])
    }

    /// Loaded data (`course`, filled with what `fetchCourse(id:)` answers in a `sink`, or `summary`
    /// assigned from a request's pipeline) is a state whose nil start the consumers skip while it
    /// loads: not reported. The answer of a submitted command (`submittedBid`) is a did-finish event
    /// whatever writes it; a property the type also sets to a constant, or that another type writes,
    /// is no load; nor is one filled from an endless source.
    func testLoadedDataIsStateNotAnEvent() {
        func text(name: String, write: String? = nil, source: String = "api.fetch(id: id)", extra: String = "") -> String {
            let write = write ?? "self?.\(name) = value"
            return """
            final class CourseService {
                func fetch(id: String) -> AnyPublisher<Course, Error> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com/" + id)!)
                        .map(\\.data).decode(type: Course.self, decoder: JSONDecoder()).eraseToAnyPublisher()
                }
                let updates = PassthroughSubject<Course, Never>()
            }
            final class MapViewModel {
                @Published private(set) var \(name): Course?
                private let api = CourseService()
                private var cancellables = Set<AnyCancellable>()
                func load(id: String) {
                    \(source)
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] value in
                            \(write)
                        })
                        .store(in: &cancellables)
                }
                \(extra)
            }
            final class MapViewController: UIViewController {
                let model = MapViewModel()
                var cancellables = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    model.$\(name).compactMap { $0 }.sink { [weak self] in self?.draw($0) }.store(in: &cancellables)
                    model.load(id: "42")
                }
            }
            """
        }
        func count(_ text: String) -> Int { findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Map.swift", text: text)]).count }
        XCTAssertEqual(count(text(name: "course")), 0)
        let assigned = text(name: "summary", write: "_ = value",
                            extra: "func reload() { api.fetch(id: \"1\").map(Optional.some).replaceError(with: nil).assign(to: \\.summary, on: self).store(in: &cancellables) }")
        XCTAssertEqual(count(assigned), 0)
        XCTAssertEqual(count(text(name: "submittedBid")), 1)
        XCTAssertEqual(count(text(name: "course", extra: "func reset() { course = Course.placeholder }")), 1)
        XCTAssertEqual(count(text(name: "course", source: "api.updates")), 1)
    }

    /// A pipeline from a function handed in from outside (`tokenProvider()` with `let tokenProvider:
    /// () -> AnyPublisher<String, APIError>`), flattened into a request, cannot be shown endless, as a
    /// protocol-typed dependency's method cannot: its strong `self` is not reported. Flattened into a
    /// subject, the pipeline never finishes, and it is.
    func testAnInjectedPublisherFunctionIsUndecided() {
        func text(inner: String) -> String {
            """
            final class UnlockViewModel {
                private let tokenProvider: () -> AnyPublisher<String, APIError>
                private let service = UnlockService()
                private let signal = PassthroughSubject<Int, APIError>()
                private var unlockCancellable: AnyCancellable?
                init(tokenProvider: @escaping () -> AnyPublisher<String, APIError>) { self.tokenProvider = tokenProvider }
                func unlock() {
                    unlockCancellable = tokenProvider()
                        .flatMap { token in \(inner) }
                        .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                }
            }
            """
        }
        XCTAssertTrue(findings(of: StrongSelfCaptureRule.self, in: [(path: "Unlock.swift", text: text(inner: "self.service.unlock(token: token)"))]).isEmpty)
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: [(path: "Unlock.swift", text: text(inner: "self.signal.eraseToAnyPublisher()"))])
                        .map { "\($0.line):\($0.column)" }, ["9:33"])
    }
}
