import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for rounds 132 and after (see the rule documents).
final class DefaultRulesRound132Tests: XCTestCase {
    private func places(_ files: [SourceFile], _ rule: any Rule) -> [String] {
        Analyzer.analyze(files, rules: [ConfiguredRule(rule: rule)]).map { "\($0.file):\($0.line):\($0.column) \($0.ruleID)" }
    }

    private func till(overlay: String) -> [SourceFile] {
        [SourceFile(path: "TillSession.swift", text: """
            final class TillSession: ObservableObject {
                @Published var basket = Basket()
            }
            final class Basket: ObservableObject {
                let id = UUID()
                @Published private(set) var lines: [String] = []
                var count: Int { lines.count }
                static var limit: Int { 40 }
            }
            """),
         SourceFile(path: "TillView.swift", text: """
            struct TillView: View {
                @ObservedObject var session: TillSession
                var body: some View {
                    BasketView(basket: session.basket)
                        .overlay { Text("\\(\(overlay))") }
                }
            }
            struct BasketView: View {
                @ObservedObject var basket: Basket
                var body: some View { Text("") }
            }
            """)]
    }

    /// (Round 132.) The inner object is handed to a view that observes it, but another view reads a
    /// property computed from its state through the outer object, which never announces a change
    /// inside it: that read goes stale.
    func testAComputedPropertyOfTheInnerObjectReadThroughTheOuterOne() {
        XCTAssertEqual(places(till(overlay: "session.basket.count"), NestedObservableObjectRule()),
                       ["TillSession.swift:2:20 nested_observable_object"])
        // A constant never changes, and neither does a type's own computed property.
        XCTAssertEqual(places(till(overlay: "session.basket.id"), NestedObservableObjectRule()), [])
        XCTAssertEqual(places(till(overlay: "Basket.limit"), NestedObservableObjectRule()), [])
    }
}
