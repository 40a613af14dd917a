import XCTest
@testable import CombineLintKit

/// Idioms found by the round-21 probes (a shop app, a podcast player, a banking app, a travel app).
final class CoreRulesRound21Tests: XCTestCase {
    /// A scene leaves the foreground before it enters it again, and resigns active before it
    /// becomes active again: a bag emptied in the paired callback holds one run's subscriptions.
    /// Emptied only when entering the background, a store made on each activation still piles up
    /// (a pulled-down notification centre deactivates the scene without backgrounding it).
    func testSceneLifecyclePairs() {
        let text = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            private var foregroundBag = Set<AnyCancellable>()
            private var activeBag = Set<AnyCancellable>()
            func sceneWillEnterForeground(_ scene: UIScene) {
                NotificationCenter.default.publisher(for: AVAudioSession.routeChangeNotification)
                    .sink { [weak self] note in self?.handle(note) }
                    .store(in: &foregroundBag)
            }
            func sceneDidBecomeActive(_ scene: UIScene) {
                NotificationCenter.default.publisher(for: .tick)
                    .sink { [weak self] note in self?.handle(note) }
                    .store(in: &activeBag)
            }
            func sceneDidEnterBackground(_ scene: UIScene) {
                foregroundBag.removeAll()
                activeBag.removeAll()
            }
            func handle(_ note: Notification) {}
        }
        """
        // Stored right in the callbacks: `store_in_appearance`'s, not `repeated_subscription`'s.
        XCTAssertEqual(findings(of: StoreInAppearanceRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line)" }, ["12"])
        XCTAssertEqual(findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line)" }, [])
    }
}
