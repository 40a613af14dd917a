import XCTest
@testable import CombineLintKit

final class PublishedAssignCycleRuleTests: XCTestCase {
    func testRepeatedCallbackThroughAMethodNamesThePath() throws {
        let text = """
        final class ProfileController: UIViewController {
            let model = ProfileModel()
            @Published var title = ""
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                bind()
            }
            private func bind() {
                model.$name.map { $0.uppercased() }.assign(to: &self.$title)
            }
        }

        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" },
                       ["published_assign_cycle 9:45-9:51"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "Each run of `viewWillAppear(_:) → bind()` adds one more `assign(to: &self.$title)` subscription, which the `@Published` storage keeps alive.")
        XCTAssertNil(finding.fix)
    }

    /// The strong `self` upstream of `assign(to: &$p)` is strong_self_capture's: the two rules never report the same pipeline site.
    func testStrongSelfUpstreamIsLeftToStrongSelfCapture() {
        let text = """
        final class Search: ObservableObject {
            @Published var query = ""
            @Published var results: [String] = []
            init() {
                $query.map { self.filter($0) }.assign(to: &$results)
            }
            override func viewWillAppear(_ animated: Bool) {
                $query.map { self.filter($0) }.assign(to: &$results)
            }
        }

        """
        let files = [(path: "A.swift", text: text)]
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: files).map { "\($0.line):\($0.column)" }, ["5:22", "8:22"])
        XCTAssertEqual(findings(of: PublishedAssignCycleRule.self, in: files).map { "\($0.line):\($0.column)" }, ["8:40"])
    }

    func testSinkClosureAndFiniteUpstreams() {
        let text = """
        final class Session: ObservableObject {
            @Published var greeting = ""
            init(store: Store) {
                store.$user.sink { [weak self] user in
                    guard let self else { return }
                    user.$name.assign(to: &self.$greeting)
                    Just("hi").assign(to: &self.$greeting)
                    user.$name.first().assign(to: &self.$greeting)
                }.store(in: &bag)
            }
        }

        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column) \($0.message)" },
                       ["6:24 Each run of `sink { … }` adds one more `assign(to: &self.$greeting)` subscription, which the `@Published` storage keeps alive."])
    }

    /// A request through a dependency whose implementations the project cannot show endless
    /// (`api.job(id:)` of a protocol-typed property) is most likely one that finishes: not reported
    /// from a repeated callback. A method returning a `$property` pipeline, a notification and a
    /// timer never finish: reported.
    func testUndecidedCallsAreNotTakenAsEndless() {
        let text = """
        protocol JobAPI { func job(id: String) -> AnyPublisher<Job, APIError> }
        final class Settings: ObservableObject {
            @Published var unit = ""
            func unitLabel() -> AnyPublisher<String, Never> { $unit.map { "in " + $0 }.eraseToAnyPublisher() }
        }
        final class JobController: UIViewController {
            @Published var status = ""
            @Published var unit = ""
            @Published var tick = Date()
            let api: JobAPI
            let settings: Settings
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                api.job(id: id).map { $0.status }.replaceError(with: "unknown").receive(on: DispatchQueue.main).assign(to: &$status)
                settings.unitLabel().assign(to: &$unit)
                Timer.publish(every: 1, on: .main, in: .common).autoconnect().assign(to: &$tick)
            }
        }
        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["15:30", "16:71"])
    }

    /// Into another object's storage: a cycle when `self` holds that object strongly.
    func testStrongSelfUpstreamOfAnOwnedObjectsStorage() throws {
        let text = """
        final class ProfileController: UIViewController {
            let model = ProfileModel()
            weak var parentModel: ProfileModel?
            override func viewDidLoad() {
                super.viewDidLoad()
                model.$date.map { self.format($0) }.assign(to: &model.$dateText)
                model.$date.map { self.format($0) }.assign(to: &parentModel.$dateText)
                model.$date.map { date in self.format(date) }.assign(to: &self.model.$dateText)
            }
            func bind(other: ProfileModel) {
                model.$date.map { self.format($0) }.assign(to: &other.$dateText)
            }
        }

        """
        let found = findings(of: PublishedAssignCycleRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:27", "8:35"])
        XCTAssertEqual(found.first?.message, "`model.$dateText` keeps this subscription, this closure keeps `self`, and `self` keeps `model`: neither is ever freed.")
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, [])
    }
}
