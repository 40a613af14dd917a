import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 119 (see the rule documents).
final class CoreRulesRound119Tests: XCTestCase {
    /// `guard let profile else { zone = nil; return }` ends its path with nil: nil is a state there
    /// (no profile, no zone), not a clearing before the next value, though a value is written after
    /// the guard. Without the `return` before the value write, the nil only clears, and the
    /// property whose consumer skips nil is reported.
    func testANilWrittenOnAnExitingPathIsAState() {
        func text(update: String) -> String {
            """
            final class HeartRateViewModel: ObservableObject {
                @Published private(set) var zone: HeartRateZone?
                private let profile: UserProfile?
                private var zoneCancellable: AnyCancellable?
                init(profile: UserProfile?) { self.profile = profile }
                func updateZone(for bpm: Int) {
                    \(update)
                }
                func watchZoneChanges(_ handler: @escaping (HeartRateZone) -> Void) {
                    zoneCancellable = $zone
                        .compactMap { $0 }
                        .sink(receiveValue: handler)
                }
            }
            """
        }
        let exits = "guard let profile else { zone = nil; return }\n        zone = HeartRateZone(bpm: bpm, profile: profile)"
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text(update: exits)), [])
        let clears = "zone = nil\n        zone = HeartRateZone(bpm: bpm, profile: profile!)"
        XCTAssertEqual(positions(SubjectFakeInitialValueRule.self, text(update: clears)), ["2:33"])
    }
}
