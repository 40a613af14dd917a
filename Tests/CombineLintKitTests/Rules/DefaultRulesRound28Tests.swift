import XCTest
@testable import CombineLintKit

/// Idioms found by the round-28 probes of the default rules.
final class DefaultRulesRound28Tests: XCTestCase {
    private func positions(_ rule: any Rule.Type, _ files: [(path: String, text: String)]) -> [String] {
        findings(of: rule, in: files).map { "\($0.file):\($0.line):\($0.column)" }
    }

    /// A tab's label (`.tabItem { Label(…) }`) is drawn with the view: reading the inner object's
    /// state there, through the outer one, is a read that no change of the inner object redraws,
    /// even though another view observes the inner object directly. A read in a tap action is not.
    func testATabItemLabelIsViewContent() {
        let text = """
        final class PortfolioStore: ObservableObject {
            @Published private(set) var total = 0.0
        }
        final class AppState: ObservableObject {
            @Published var portfolio = PortfolioStore()
        }
        struct PortfolioView: View {
            @ObservedObject var store: PortfolioStore
            var body: some View { Text("\\(store.total)") }
        }
        struct RootView: View {
            @EnvironmentObject private var app: AppState
            var body: some View {
                TabView {
                    PortfolioView(store: app.portfolio)
                        .tabItem { Label("\\(app.portfolio.total)", systemImage: "briefcase") }
                }
            }
        }
        """
        XCTAssertEqual(positions(NestedObservableObjectRule.self, [(path: "A.swift", text: text)]), ["A.swift:5:20"])
        let tapped = text.replacingOccurrences(of: ".tabItem { Label(\"\\(app.portfolio.total)\", systemImage: \"briefcase\") }",
                                               with: ".onTapGesture { print(app.portfolio.total) }")
        XCTAssertEqual(positions(NestedObservableObjectRule.self, [(path: "A.swift", text: tapped)]), [])
    }
}
