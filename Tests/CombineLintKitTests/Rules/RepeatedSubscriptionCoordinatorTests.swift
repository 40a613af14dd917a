import XCTest
@testable import CombineLintKit

/// A representable's `updateUIView(_:context:)` calling a method of its coordinator through
/// `context.coordinator`: SwiftUI runs it on every update (issue #13 probes).
final class RepeatedSubscriptionCoordinatorTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: RepeatedSubscriptionRule.self, in: files).map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column)" }
    }

    /// `context.coordinator` is the object `makeCoordinator()` made; its `bind` stores on every update.
    func testCoordinatorMethodCalledFromUpdateUIView() {
        let text0 = """
        struct ScoreBadge: UIViewRepresentable {
            let game: Game
            final class Coordinator {
                var cancellables = Set<AnyCancellable>()
                func bind(_ game: Game, to label: UILabel) {
                    game.$score.sink { label.text = "\\($0)" }.store(in: &cancellables)
                }
            }
            func makeCoordinator() -> Coordinator { Coordinator() }
            func makeUIView(context: Context) -> UILabel { UILabel() }
            func updateUIView(_ label: UILabel, context: Context) {
                context.coordinator.bind(game, to: label)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:6:55"])
    }

    /// Called from `makeUIView(context:)`, which SwiftUI runs once per view, it subscribes once.
    func testCoordinatorMethodCalledFromMakeUIViewIsQuiet() {
        let text0 = """
        struct ScoreBadge: UIViewRepresentable {
            let game: Game
            final class Coordinator {
                var cancellables = Set<AnyCancellable>()
                func bind(_ game: Game, to label: UILabel) {
                    game.$score.sink { label.text = "\\($0)" }.store(in: &cancellables)
                }
            }
            func makeCoordinator() -> Coordinator { Coordinator() }
            func makeUIView(context: Context) -> UILabel {
                let label = UILabel()
                context.coordinator.bind(game, to: label)
                return label
            }
            func updateUIView(_ label: UILabel, context: Context) {}
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), [])
    }
}
