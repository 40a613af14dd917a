import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 111 (see the rule documents).
final class CoreRulesRound111Tests: XCTestCase {
    /// A local bag merged into a member one (`liveCancellables = local.union(liveCancellables)`) is kept
    /// by `self`: a strong `self` in a closure stored there is a cycle, and the local bag is not
    /// forgotten (`union` reads the bag's contents; it puts nothing into it). Without the merge, the
    /// local bag is forgotten when the method returns.
    func testALocalBagMergedIntoAMemberByUnionIsKept() {
        let text = """
        final class SlopeModel: ObservableObject {
            @Published var slope = 0
            let store = CurrentValueSubject<Int, Never>(0)
            var liveCancellables = Set<AnyCancellable>()
            func startLive() {
                var local = Set<AnyCancellable>()
                store.sink { updated in self.slope = updated }.store(in: &local)
                liveCancellables = local.union(liveCancellables)
            }
            func startOnce() {
                var scratch = Set<AnyCancellable>()
                store.sink { [weak self] in self?.slope = $0 }.store(in: &scratch)
            }
        }
        """
        let files = [(path: "Slope.swift", text: text)]
        XCTAssertEqual(places(StrongSelfCaptureRule.self, files), ["Slope.swift:7:33"])
        XCTAssertEqual(places(DiscardedCancellableRule.self, files), ["Slope.swift:12:15"])
    }
}
