import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 112 (see the rule documents).
final class DefaultRulesRound112Tests: XCTestCase {
    /// A service method (called through its protocol) whose every implementation returns a pipeline
    /// ending in `receive(on: DispatchQueue.main)` already delivers on main: a `receive(on:
    /// DispatchQueue.main)` right after the call hops there again. A test double returning the
    /// subject as it is stands in for tests only; an implementation that ends elsewhere, or a second
    /// app implementation that does not hop, leaves the caller's hop needed.
    func testAProjectFunctionThatEndsOnMainMakesTheCallersHopRedundant() {
        func text(otherEnd: String) -> String {
            """
            protocol HistoryProviding {
                func series(zone: String, days: Int) -> AnyPublisher<[Double], Never>
            }
            final class HistoryService: HistoryProviding {
                private let work = DispatchQueue(label: "history")
                func series(zone: String, days: Int) -> AnyPublisher<[Double], Never> {
                    api.history(zone)
                        .receive(on: work)
                        .map { Array($0.suffix(days)) }
                        .receive(on: DispatchQueue.main)
                        .eraseToAnyPublisher()
                }
            }
            final class CachedHistory: HistoryProviding {
                func series(zone: String, days: Int) -> AnyPublisher<[Double], Never> {
                    cache.values(zone)\(otherEnd)
                }
            }
            final class HistoryViewController: UIViewController {
                private let history: HistoryProviding
                private var token: AnyCancellable?
                func show(_ zone: String) {
                    token = history.series(zone: zone, days: 7)
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] in self?.render($0) }
                }
            }
            """
        }
        let onMain = text(otherEnd: ".receive(on: RunLoop.main).eraseToAnyPublisher()")
        let found = findings(of: MultipleReceiveOnRule.self, in: [(path: "History.swift", text: onMain)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["24:14"])
        XCTAssertEqual(found.first?.message,
                       "This `receive(on: DispatchQueue.main)` hops again to where `series(…)` on line 23 already delivers: a wasted hop per value.")
        XCTAssertTrue(findings(of: MultipleReceiveOnRule.self, in: [(path: "History.swift", text: text(otherEnd: ".eraseToAnyPublisher()"))]).isEmpty)
        XCTAssertTrue(findings(of: MultipleReceiveOnRule.self, in: [(path: "History.swift", text: text(otherEnd: ".receive(on: work).eraseToAnyPublisher()"))]).isEmpty)
        let double = """
            final class MockHistory: HistoryProviding {
                let subject = PassthroughSubject<[Double], Never>()
                func series(zone: String, days: Int) -> AnyPublisher<[Double], Never> { subject.eraseToAnyPublisher() }
            }
            """
        XCTAssertEqual(findings(of: MultipleReceiveOnRule.self, in: [(path: "History.swift", text: onMain),
                                                                     (path: "Tests/MockHistory.swift", text: double)]).count, 1)
    }

    /// A computed property whose getter hops to main (`var state: AnyPublisher<…> { subject.receive(on:
    /// DispatchQueue.main).eraseToAnyPublisher() }`), read through the protocol it implements: a
    /// `receive(on: DispatchQueue.main)` after it hops again. A stored property of the same name in
    /// another type leaves what the source delivers on unknown.
    func testAComputedPropertyThatEndsOnMainMakesTheReadersHopRedundant() {
        func text(other: String) -> String {
            """
            protocol DirectoryScanning { var state: AnyPublisher<ScanState, Never> { get } }
            final class DirectoryScanner: DirectoryScanning {
                private let stateSubject = CurrentValueSubject<ScanState, Never>(.idle)
                var state: AnyPublisher<ScanState, Never> {
                    stateSubject
                        .receive(on: DispatchQueue.main)
                        .eraseToAnyPublisher()
                }
            }
            final class ResultsViewController: NSViewController {
                private let scanner: DirectoryScanning
                private var cancellables = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    scanner.state
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] in self?.render($0) }
                        .store(in: &cancellables)
                }
            }
            \(other)
            """
        }
        let found = findings(of: MultipleReceiveOnRule.self, in: [(path: "Scan.swift", text: text(other: ""))])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["16:14"])
        XCTAssertTrue(findings(of: MultipleReceiveOnRule.self, in: [(path: "Scan.swift", text: text(other: "final class Upload { let state: AnyPublisher<ScanState, Never> }"))]).isEmpty)
    }

    /// A service's computed property that erases its subject (`volumesPublisher` returning
    /// `volumes.eraseToAnyPublisher()`), sent into from a sink on a utility queue, read through the
    /// protocol it implements and assigned to an observed `@Published` property: reported also when
    /// other types declare a property of the subject's name (a `Logger` of that name, a protocol-typed
    /// `let volumes: VolumeMonitoring`); the subject is the getter's own type's.
    func testAnErasedSubjectIsFollowedWhenOtherTypesShareItsName() {
        func text(queue: String) -> String {
            """
            protocol VolumeMonitoring: AnyObject { var volumesPublisher: AnyPublisher<[Volume], Never> { get } }
            final class VolumeMonitor: VolumeMonitoring {
                let volumes = CurrentValueSubject<[Volume], Never>([])
                var volumesPublisher: AnyPublisher<[Volume], Never> { volumes.eraseToAnyPublisher() }
                private let queue = \(queue)
                private let refreshes = PassthroughSubject<Void, Never>()
                private var cancellables = Set<AnyCancellable>()
                func start() {
                    refreshes
                        .receive(on: queue)
                        .map { _ in Volume.readAll() }
                        .sink { [weak self] in self?.volumes.send($0) }
                        .store(in: &cancellables)
                }
            }
            extension Logger { static let volumes = Logger(subsystem: "app", category: "volumes") }
            final class LowSpaceNotifier {
                private let volumes: VolumeMonitoring
                init(volumes: VolumeMonitoring) { self.volumes = volumes }
            }
            struct AppEnvironment { let volumeMonitor: VolumeMonitoring }
            final class DashboardViewModel: ObservableObject {
                @Published var volumes: [Volume] = []
                init(environment: AppEnvironment) {
                    environment.volumeMonitor.volumesPublisher
                        .map { $0.filter(\\.isInternal) }
                        .assign(to: &$volumes)
                }
            }
            struct DashboardView: View {
                @ObservedObject var model: DashboardViewModel
                var body: some View { Text("\\(model.volumes.count)") }
            }
            """
        }
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Volumes.swift", text: text(queue: "DispatchQueue(label: \"volumes\", qos: .utility)"))])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["27:14"])
        XCTAssertTrue(findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Volumes.swift", text: text(queue: "DispatchQueue.main"))]).isEmpty)
    }
}
