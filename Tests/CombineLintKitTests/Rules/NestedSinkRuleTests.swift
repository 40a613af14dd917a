import XCTest
@testable import CombineLintKit

final class NestedSinkRuleTests: XCTestCase {
    func testScratch() throws {
        let text = try String(contentsOfFile: "/tmp/rn/c.swift", encoding: .utf8)
        let tree = SyntaxTree(file: SourceFile(path: "c.swift", text: text))
        for s in SubscriptionFinder.subscriptions(in: tree) { print(s, tree.enclosingClosures(of: tree.chains[s.chain].first)) }
        print(findings(of: NestedSinkRule.self, in: [("c.swift", text)]))
    }
}
