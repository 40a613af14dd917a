import XCTest
@testable import CombineLintKit

/// Idioms found by the round-12 probes (a social feed, an AppKit notes app, a SwiftUI quiz).
final class CoreRulesRound12Tests: XCTestCase {
    // MARK: strong_self_capture: a scene delegate lets go when its scene leaves the foreground

    /// In an app that opens more scenes (`requestSceneSessionActivation`), the system sends a scene
    /// to the background before it disconnects it, so a cancellable the scene delegate clears in
    /// `sceneDidEnterBackground` (or `sceneDidDisconnect`) ends the cycle before the delegate could
    /// be released; one cleared nowhere stays a cycle. An app with one scene keeps its delegate for the run.
    func testSceneDelegateReleasingInBackgroundIsQuiet() {
        let text = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            private var badge: AnyCancellable?
            private var status: AnyCancellable?
            private var bag = Set<AnyCancellable>()
            let model = Model()
            func sceneWillEnterForeground(_ scene: UIScene) {
                badge = model.$count.sink { self.window?.tag = $0 }
                status = model.$count.sink { self.window?.tag = $0 }
                model.$count.sink { self.window?.tag = $0 }.store(in: &bag)
            }
            func sceneDidEnterBackground(_ scene: UIScene) {
                badge = nil
            }
            func sceneDidDisconnect(_ scene: UIScene) {
                bag.removeAll()
            }
        }
        """
        let opener = "final class Windows { func open() { UIApplication.shared.requestSceneSessionActivation(nil, userActivity: nil, options: nil) } }\n"
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text + opener), ["9:38"])
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), [])
    }

    // MARK: discarded_cancellable: `_ = token` as the last statement of its scope

    /// `_ = token` right before the scope ends only silences the compiler's warning: the token goes
    /// with the scope (a `Future`'s closure that answers later), so the request is cancelled at once.
    /// Followed by more statements, the token is kept while they run. A constant bound to an array
    /// literal is a collection: its `publisher` delivers everything during `sink` either way.
    func testTokenSilencedAtScopeEndIsDropped() {
        let text = """
        final class Loader {
            let subject = PassthroughSubject<Int, Never>()
            func load() -> Future<Int, Error> {
                Future { promise in
                    let token = URLSession.shared.dataTaskPublisher(for: url).sink(receiveCompletion: { _ in }, receiveValue: { _ in promise(.success(1)) })
                    _ = token
                }
            }
            func keep() {
                let token = subject.sink { print($0) }
                _ = token
                print("after")
            }
            func titles() {
                let chapters = [Chapter(title: "Intro"), Chapter(title: "Main")]
                let titles = chapters.publisher.map { $0.title }.collect().sink { print($0) }
                _ = titles
                _ = chapters.publisher.sink { print($0) }
            }
        }
        """
        XCTAssertEqual(positions(DiscardedCancellableRule.self, text), ["5:71"])
    }

    // MARK: subject_fake_initial_value: the subscriber hands the event back to its owner

    /// The handler presents the conflict and, from the sheet's completion, hands it back
    /// (`sync.resolve(conflict, keepLocal:)`), where the engine sets the subject back to nil: that
    /// nil is the event's reset. A method that is not handed the value (`clear(keep:)`) sets a real state.
    func testNilSetByMethodHandedTheEventIsItsReset() {
        let text = """
        final class SyncEngine {
            let conflicts = CurrentValueSubject<Conflict?, Never>(nil)
            let selection = CurrentValueSubject<Item?, Never>(nil)
            func resolve(_ conflict: Conflict, keepLocal: Bool) { conflicts.send(nil) }
            func clear(keep: Bool) { selection.send(nil) }
        }
        final class WindowController {
            let sync = SyncEngine()
            var bag = Set<AnyCancellable>()
            init() {
                sync.conflicts.compactMap { $0 }.sink { [weak self] conflict in self?.present(conflict) }.store(in: &bag)
                sync.selection.compactMap { $0 }.sink { [weak self] item in self?.show(item) }.store(in: &bag)
            }
            func present(_ conflict: Conflict) {
                alert.beginSheetModal(for: window) { [weak self] response in
                    self?.sync.resolve(conflict, keepLocal: response == .first)
                }
            }
            func show(_ item: Item) {
                button.onTap = { [weak self] in self?.sync.clear(keep: true) }
            }
        }
        """
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text), ["2:9"])
    }
}
