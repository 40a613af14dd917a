import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for rounds 121–123 (see the rule documents).
final class CoreRulesRound123Tests: XCTestCase {
    private let sceneDelegate = """
        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            let environment = AppEnvironment()
            private var foregroundBag = Set<AnyCancellable>()
            func sceneWillEnterForeground(_ scene: UIScene) {
                environment.sensors.state
                    .filter { $0 == .ready }
                    .sink { [weak self] _ in self?.environment.sensors.startScan() }
                    .store(in: &foregroundBag)
            }
        }
        final class AppEnvironment {
            let sensors = BluetoothSensorService()
        }
        """

    private func service(ticker: String) -> String {
        """
        final class BluetoothSensorService {
            let state = CurrentValueSubject<SensorState, Never>(.idle)
            private var subscriptions = Set<AnyCancellable>()
            func startScan() {
                state.send(.scanning)
                \(ticker)
                    .sink { [weak self] _ in self?.readSignalStrength() }
                    .store(in: &subscriptions)
            }
            func readSignalStrength() {}
        }
        """
    }

    private func places(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.file):\($0.line):\($0.column) \($0.ruleID)" }
    }

    /// (Round 121.) `startScan()` runs for every ready value of the scene delegate's `sink` and
    /// stores one more endless timer subscription each time: `nested_sink`, at the inner `sink`,
    /// which supersedes `repeated_subscription`'s report of the same store.
    func testAnotherTypesSinkCallsAStoringMethodPerValue() throws {
        let rules = [ConfiguredRule(rule: RepeatedSubscriptionRule()), ConfiguredRule(rule: NestedSinkRule())]
        let files = [SourceFile(path: "SceneDelegate.swift", text: sceneDelegate),
                     SourceFile(path: "BluetoothSensorService.swift", text: service(ticker: "Timer.publish(every: 2, on: .main, in: .common).autoconnect()"))]
        let found = Analyzer.analyze(files, rules: rules)
        XCTAssertEqual(places(found), ["BluetoothSensorService.swift:7:14 nested_sink"])
        // With `nested_sink` off, the store is `repeated_subscription`'s (the delegate's foreground callback reaches it).
        let alone = Analyzer.analyze(files, rules: [ConfiguredRule(rule: RepeatedSubscriptionRule())])
        XCTAssertEqual(places(alone), ["BluetoothSensorService.swift:8:14 repeated_subscription"])
        XCTAssertEqual(try XCTUnwrap(found.first).message,
                       "`sink` in `startScan()`, which runs for every value of another subscription's `sink` in `SceneDelegate` (on `state`), adds one more subscription to `subscriptions` each time.")
        // A request per value ends by itself: nothing piles up.
        let finite = [files[0], SourceFile(path: "BluetoothSensorService.swift", text: service(ticker: "URLSession.shared.dataTaskPublisher(for: Self.statusURL)"))]
        XCTAssertEqual(places(Analyzer.analyze(finite, rules: [ConfiguredRule(rule: NestedSinkRule())])), [])
    }
}
