import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 88 and after (see the rule documents).
final class CoreRulesRound88Tests: XCTestCase {
    /// A settings store made only as a default argument of the environment's initializer
    /// (`init(settings: SettingsStore = SettingsStore())`), the environment a stored property of the
    /// application's delegate: one store for the run, so its strong `self` frees nothing later. A store
    /// also made by a screen is made again and again, and its cycle is reported.
    func testAnObjectMadeAsADefaultArgumentOfALongLivedObjectsInitializer() {
        let store = """
        final class SettingsStore {
            @Published var quality = 0
            private let defaults = UserDefaults.standard
            private var cancellables = Set<AnyCancellable>()
            init() {
                $quality.dropFirst()
                    .sink { self.defaults.set($0, forKey: "quality") }
                    .store(in: &cancellables)
            }
        }
        final class AppEnvironment {
            let settings: SettingsStore
            init(settings: SettingsStore = SettingsStore()) {
                self.settings = settings
            }
        }
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            let environment = AppEnvironment()
        }
        """
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: store)]).map { "\($0.line):\($0.column)" }, [])
        let screen = """
        final class SettingsViewController: UIViewController {
            private let store = SettingsStore()
        }
        """
        XCTAssertEqual(findings(of: StrongSelfCaptureRule.self, in: [(path: "A.swift", text: store), (path: "B.swift", text: screen)])
            .map { "\($0.file):\($0.line):\($0.column)" }, ["A.swift:7:21"])
    }

    private static let practiceModel = """
    enum Phase { case idle, running, paused }
    final class PracticeTimerModel: ObservableObject {
        @Published var phase: Phase = .idle
        @Published var remaining = 60
        @Published var remainingText = ""
        private var cancellables = Set<AnyCancellable>()
        func start() {
            guard phase != .running else { return }
            phase = .running
            Timer.publish(every: 1, on: .main, in: .common)
                .autoconnect()
                .sink { [weak self] _ in self?.remaining -= 1 }
                .store(in: &cancellables)
        }
        func pause() { phase = .paused }
        func resume() {
            guard phase == .paused else { return }
            phase = .running
            $remaining.map { "\\($0) s" }.assign(to: &$remainingText)
        }
    }
    struct PracticeView: View {
        @ObservedObject var model: PracticeTimerModel
        var body: some View {
            VStack {
                Button("Start") { model.start() }
                Button("Pause") { model.pause() }
                Button("Resume") { model.resume() }
            }
        }
    }
    """

    /// `guard phase != .running else { return }; phase = .running` guards a state, not a run: `pause()`
    /// sets the phase again, so Start → Pause → Start stores a second endless timer, and each
    /// Pause → Resume adds one more `assign(to: &$remainingText)`. With no other method setting the
    /// phase, the guard lets each through once.
    func testAStateGuardThatAnotherMethodReopensIsNoRunOnceFlag() {
        let files = [(path: "A.swift", text: Self.practiceModel)]
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: files).map { "\($0.line):\($0.column)" }, ["13:14"])
        XCTAssertEqual(findings(of: PublishedAssignCycleRule.self, in: files).map(\.line), [19])
        let noPause = Self.practiceModel.replacingOccurrences(of: "func pause() { phase = .paused }", with: "func pause() {}")
            .replacingOccurrences(of: "        guard phase == .paused else { return }\n        phase = .running\n", with: "")
        let once = [(path: "A.swift", text: noPause)]
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: once), [])
    }

    /// A receipt cell's `session` observer renders a QR image (a `Just`-backed, finishing load) into
    /// the cell's bag, and the data source sets `session` on every reuse: the loads pile up in the bag
    /// and a slow one lands after the cell shows another row. A cell whose `prepareForReuse` empties
    /// the bag is fine, and so is the same finishing load from a screen's refresh action.
    func testAFinishingLoadStoredInACellsBagOnEveryReuse() {
        let text = """
        final class QRRenderer {
            static let shared = QRRenderer()
            func image(for text: String) -> AnyPublisher<UIImage?, Never> { Just(nil).eraseToAnyPublisher() }
        }
        final class ReceiptCell: UITableViewCell {
            let thumbnail = UIImageView()
            private var bag = Set<AnyCancellable>()
            var session: String = "" {
                didSet { bindThumbnail() }
            }
            private func bindThumbnail() {
                QRRenderer.shared.image(for: session)
                    .sink { [weak self] image in self?.thumbnail.image = image }
                    .store(in: &bag)
            }
        }
        final class ReceiptsViewController: UITableViewController {
            var sessions: [String] = []
            private var bag = Set<AnyCancellable>()
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "r", for: indexPath) as! ReceiptCell
                cell.session = sessions[indexPath.row]
                return cell
            }
            @objc func refresh() {
                QRRenderer.shared.image(for: "all")
                    .sink { [weak self] _ in self?.tableView.reloadData() }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["14:14"])
        let emptied = text.replacingOccurrences(of: "    private func bindThumbnail() {", with: """
            override func prepareForReuse() {
                super.prepareForReuse()
                bag.removeAll()
            }
            private func bindThumbnail() {
        """)
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: emptied)]), [])
    }
}
