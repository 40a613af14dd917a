import XCTest
@testable import CombineLintKit

/// Idioms found by the round-56 probes (an airport ground-operations app, a family-tree app for
/// macOS and iPad, a glucose-monitoring app, a podcast studio).
final class CoreRulesRound56Tests: XCTestCase {

    /// `connectionState.filter { … }.timeout(.seconds(10), …)`: the pipeline ends at the first ten
    /// seconds without a value, which a subject sending now and then leaves sooner or later, and
    /// lets go of `self`. A timer firing every second never leaves such a gap.
    func testATimeoutEndsAPipelineOnASubjectButNotOnAFasterTimer() {
        let text = """
        final class GateAlertPresenter {
            let connectionState = PassthroughSubject<Int, Never>()
            var shown = 0
            private var cancellables = Set<AnyCancellable>()
            func watch() {
                connectionState
                    .filter { $0 == 1 }
                    .timeout(.seconds(10), scheduler: DispatchQueue.main)
                    .sink { _ in self.shown += 1 }
                    .store(in: &cancellables)
                Timer.publish(every: 1, on: .main, in: .common).autoconnect()
                    .timeout(.seconds(10), scheduler: DispatchQueue.main)
                    .sink { _ in self.shown += 1 }
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, text), ["13:26"])
    }
}
