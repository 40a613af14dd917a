import XCTest
@testable import CombineLintKit

/// Idioms found by the round-52 probes of the core rules (a museum guide, a planning app for macOS
/// and iPad, a carpooling app).
final class CoreRulesRound52Tests: XCTestCase {

    /// `(childCoordinators.first as? ExhibitsCoordinator)?.showScanner()` in a method that a
    /// deep-link sink runs for every route: the cast names the receiver's type, so the child's
    /// store into its array runs once per route, as through a typed property.
    func testACallOnAParenthesisedCastRunsTheCastTypesMethod() {
        let text = """
        final class ExhibitsCoordinator {
            let scans = PassthroughSubject<String, Never>()
            private var scanCancellables: [AnyCancellable] = []
            func showScanner() {
                scanCancellables.append(scans.sink { print($0) })
            }
        }
        final class AppCoordinator {
            @Published var pendingRoute: String?
            var childCoordinators: [AnyObject] = []
            private var bag = Set<AnyCancellable>()
            func start() {
                $pendingRoute.compactMap { $0 }.sink { [weak self] in self?.handle($0) }.store(in: &bag)
            }
            private func handle(_ route: String) {
                (childCoordinators.first as? ExhibitsCoordinator)?.showScanner()
            }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:5:26"])
        let once = text.replacingOccurrences(of: "$pendingRoute.compactMap { $0 }", with: "Just(\"scan\")")
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: once)]), [])
    }

    /// `map(chapterTitle(at:))` beside a property `chapterTitle`: the compound name names the method,
    /// which holds `self` in a pipeline that the `@Published` storage of `self` keeps. The property
    /// itself, passed as a value, is no capture.
    func testACompoundMethodNameBesideASameNamedPropertyIsAMethodReference() {
        let text = """
        final class Player { @Published var currentChapter = 0 }
        final class AudioGuideViewModel: ObservableObject {
            @Published var chapterTitle = ""
            @Published var label = ""
            let player = Player()
            init() {
                player.$currentChapter.map(chapterTitle(at:)).assign(to: &$chapterTitle)
            }
            func chapterTitle(at index: Int) -> String { "\\(index)" }
        }
        """
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [(path: "A.swift", text: text)]), ["A.swift:7:36"])
    }

    /// `tokens["weekly-\(Date().timeIntervalSince1970)"] = …` (round 53): a key made new on every run
    /// (`Date()`, `UUID()`) fills a new entry and replaces none, so each appearance adds a live
    /// subscription; a fixed key (`tokens["chart"]`) replaces the one before and cancels it.
    func testADictionaryKeyNewOnEveryRunAddsAnEntry() {
        let text = """
        final class Store { @Published var sessions: [Int] = [] }
        final class TrainingViewController: UIViewController {
            let store = Store()
            private var tokens: [String: AnyCancellable] = [:]
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                bindChart()
            }
            private func bindChart() {
                tokens["chart"] = store.$sessions.sink { [weak self] in self?.title = "\\($0.count)" }
                tokens["weekly-\\(Date().timeIntervalSince1970)"] = store.$sessions
                    .sink { [weak self] in self?.title = "\\($0.count)" }
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["11:58"])
        XCTAssertEqual(found.first?.message.hasPrefix("`viewDidAppear(_:) → bindChart() → tokens[…] =`"), true)
        let direct = text.replacingOccurrences(of: "        bindChart()\n", with: "        tokens[UUID().uuidString] = store.$sessions.sink { _ in }\n")
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: direct)]), ["A.swift:7:9"])
    }

    /// `tableView(_:viewFor:row:)` making `MarkerCellView()` anew for every row (round 53): no cell is
    /// reused, so the one subscription its `configure` stores dies with that cell. A table that makes
    /// its views by identifier and casts (`makeView(withIdentifier:owner:) as? MarkerCellView`) reuses them.
    func testACellMadeAnewForEachRowIsNotReused() {
        let text = """
        final class Transport { @Published var position = 0.0 }
        final class MarkerCellView: NSTableCellView {
            private var bag = Set<AnyCancellable>()
            func configure(transport: Transport) {
                transport.$position.sink { [weak self] in self?.toolTip = "\\($0)" }.store(in: &bag)
            }
        }
        final class MarkerListViewController: NSViewController, NSTableViewDelegate {
            let transport = Transport()
            func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
                let cell = MarkerCellView()
                cell.configure(transport: transport)
                return cell
            }
        }
        """
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: text)]), [])
        let reused = text.replacingOccurrences(of: "let cell = MarkerCellView()",
                                               with: "let cell = tableView.makeView(withIdentifier: .init(\"m\"), owner: self) as! MarkerCellView")
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: reused)]), ["A.swift:5:77"])
    }
}

