import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 60 and after (see the rule documents).
final class DefaultRulesRound60Tests: XCTestCase {
    private func positions(_ rule: any Rule.Type, _ text: String) -> [String] {
        findings(of: rule, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
    }

    /// `self.selectedSnapshot = snapshot` in `init`, which also forwards `snapshot.objectWillChange`:
    /// the property holds the forwarded object. A property set from a parameter whose changes the
    /// initializer does not forward is still reported.
    func testAPropertySetFromAForwardedParameterForwardsItsChanges() {
        let text = """
        final class Snapshot: ObservableObject {
            @Published var speed = 0.0
        }
        final class RaceDetailModel: ObservableObject {
            @Published var selectedSnapshot: Snapshot
            @Published var lastSnapshot: Snapshot
            private var cancellables = Set<AnyCancellable>()
            init(snapshot: Snapshot, last: Snapshot) {
                self.selectedSnapshot = snapshot
                lastSnapshot = last
                snapshot.objectWillChange
                    .sink { [weak self] _ in self?.objectWillChange.send() }
                    .store(in: &cancellables)
            }
        }
        struct RaceDetailView: View {
            @ObservedObject var model: RaceDetailModel
            var body: some View {
                Text("\\(model.selectedSnapshot.speed) \\(model.lastSnapshot.speed)")
            }
        }
        """
        XCTAssertEqual(positions(NestedObservableObjectRule.self, text), ["6:20"])
    }
}
