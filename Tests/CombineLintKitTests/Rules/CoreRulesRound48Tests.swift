import XCTest
@testable import CombineLintKit

/// Idioms found by the round-48 probes of the core rules (a pet-care app, a floor-plan editor for
/// macOS and iPad, a parcel-tracking app).
final class CoreRulesRound48Tests: XCTestCase {
    private func positions(_ rule: any Rule.Type, _ files: [(path: String, text: String)]) -> [String] {
        findings(of: rule, in: files).map { "\($0.file):\($0.line):\($0.column)" }
    }

    /// `upstream.subscribe(samples).store(in: &subscriptions)`: the overload of `subscribe` taking a
    /// subject returns an `AnyCancellable`, kept here by `self`, so a strong `self` in the `map`
    /// before it is a cycle. `subscribe(Subscribers.Sink(…))` returns nothing and is no such token.
    func testAStoredSubscribeIntoASubjectIsASubscription() {
        let session = (path: "CollarSession.swift", text: """
        final class CollarSession {
            let petID: String
            private let rawPackets = PassthroughSubject<Data, Never>()
            let samples = PassthroughSubject<String, Never>()
            private var subscriptions = Set<AnyCancellable>()
            init(petID: String) { self.petID = petID }
            func start() {
                rawPackets
                    .map { packet in self.petID + "\\(packet.count)" }
                    .subscribe(samples)
                    .store(in: &subscriptions)
                rawPackets
                    .map { packet in "\\(packet.count)" }
                    .subscribe(samples)
                    .store(in: &subscriptions)
            }
        }
        """)
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, [session]), ["CollarSession.swift:9:30"])
        XCTAssertEqual(positions(DiscardedCancellableRule.self, [session]), [])
    }
}
