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
}
