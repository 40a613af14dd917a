import XCTest
@testable import CombineLintKit

/// Idioms found by the round-20 and round-22 probes (a fitness tracker, a chat app, a banking app,
/// a smart-home app).
final class CoreRulesRound22Tests: XCTestCase {
    /// A screen's repeated callback reaching a store through a property of the object it holds
    /// (`coordinator.syncController.resume()`): the call runs the store's method on every appearance.
    func testRepeatedCallThroughAPropertyOfAHeldObject() {
        let text = """
        final class SyncController {
            private let changes = PassthroughSubject<Int, Never>()
            private var bag = Set<AnyCancellable>()
            private var count = 0
            func resume() {
                changes
                    .sink { [weak self] value in self?.count += value }
                    .store(in: &bag)
            }
        }
        final class Coordinator {
            let syncController = SyncController()
        }
        final class HomeViewController: UIViewController {
            private let coordinator: Coordinator
            init(coordinator: Coordinator) { self.coordinator = coordinator }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                coordinator.syncController.resume()
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["8:14"])
        XCTAssertTrue(found.first?.message.hasPrefix("`HomeViewController.viewWillAppear(_:) → SyncController.resume() → store(in:)`") == true)
    }

    /// A SwiftUI `App`'s `.onChange(of: scenePhase)` runs on every activation; the application
    /// delegate its adaptor keeps is typed by the adaptor's argument. Emptying the bag at the top of
    /// the method keeps one subscription.
    func testScenePhaseChangeReachingAStoreOfTheAdaptedDelegate() {
        let text = """
        final class AppDelegate: NSObject, UIApplicationDelegate {
            let sessionStore = WorkoutSessionStore()
        }
        final class WorkoutSessionStore: ObservableObject {
            let heartRate = PassthroughSubject<Int, Never>()
            private var liveBag = Set<AnyCancellable>()
            private var onceBag = Set<AnyCancellable>()
            private var samples: [Int] = []
            func resumeLiveUpdates() {
                heartRate
                    .sink { [weak self] value in self?.samples.append(value) }
                    .store(in: &liveBag)
            }
            func resumeOnce() {
                onceBag.removeAll()
                heartRate
                    .sink { [weak self] value in self?.samples.append(value) }
                    .store(in: &onceBag)
            }
        }
        @main
        struct FitTrackApp: App {
            @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate
            @Environment(\\.scenePhase) private var scenePhase
            var body: some Scene {
                WindowGroup { Text("Runs") }
                    .onChange(of: scenePhase) { phase in
                        if phase == .active {
                            appDelegate.sessionStore.resumeLiveUpdates()
                            appDelegate.sessionStore.resumeOnce()
                        }
                    }
            }
        }
        """
        let found = findings(of: RepeatedSubscriptionRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:14"])
        XCTAssertTrue(found.first?.message.hasPrefix("`onChange → WorkoutSessionStore.resumeLiveUpdates() → store(in:)`") == true)
    }
}
