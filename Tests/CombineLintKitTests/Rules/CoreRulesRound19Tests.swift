import XCTest
@testable import CombineLintKit

/// Idioms found by the round-19 probes (a video-call app, a photo gallery, a banking app).
final class CoreRulesRound19Tests: XCTestCase {
    /// A consumer that only prints the value (`sink { print($0 ?? "") }`) shows nil as it shows any
    /// value: it does not make nil a state of the app, and the banner the live consumer skips nil
    /// for is still an event. A consumer that shows nil on screen does make it state.
    func testAConsumerThatOnlyPrintsIsNoEvidence() {
        let model = """
        final class CallModel: ObservableObject {
            @Published var bannerText: String? = nil
            func showBanner(_ text: String) { bannerText = text }
        }
        final class CallController: UIViewController {
            let model = CallModel()
            override func viewDidLoad() {
                super.viewDidLoad()
                model.$bannerText.sink { [weak self] text in
                    guard let text else { return }
                    self?.showToast(text)
                }.store(in: &bag)
                model.$bannerText.sink { print($0 ?? "none") }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: model)]).map { "\($0.line):\($0.column)" }, ["2:20"])
        let shown = model.replacingOccurrences(of: "sink { print($0 ?? \"none\") }", with: "sink { [weak self] in self?.title = $0 ?? \"\" }")
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: shown)]).count, 0)
    }
}
