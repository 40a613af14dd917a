import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 114 (see the rule documents).
final class CoreRulesRound114Tests: XCTestCase {
    /// A selection (`selectedPass`, set on a tap, never cleared) whose consumer skips its nil start
    /// waits for the first choice: a late subscriber rightly gets the current one, so it is no event
    /// kept as state. A request named after a selection (`selectionRequest`) is still an event.
    func testASelectionIsStandingState() {
        func text(name: String) -> String {
            """
            final class WalletViewModel: ObservableObject {
                @Published var \(name): BoardingPass?
                private var cancellables = Set<AnyCancellable>()
                init(status: FlightStatusService) {
                    $\(name)
                        .compactMap { $0 }
                        .sink { [weak self] in self?.watch($0) }
                        .store(in: &cancellables)
                }
                func watch(_ pass: BoardingPass) {}
            }
            final class WalletViewController: UIViewController {
                let model = WalletViewModel(status: FlightStatusService())
                func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
                    model.\(name) = passes[indexPath.item]
                }
            }
            """
        }
        XCTAssertTrue(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Wallet.swift", text: text(name: "selectedPass"))]).isEmpty)
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Wallet.swift", text: text(name: "selectionRequest"))]).map { "\($0.line):\($0.column)" }, ["2:20"])
        XCTAssertEqual(findings(of: SubjectFakeInitialValueRule.self, in: [(path: "Wallet.swift", text: text(name: "passToShow"))]).map { "\($0.line):\($0.column)" }, ["2:20"])
    }
}
