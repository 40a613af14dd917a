import XCTest
@testable import CombineLintKit

/// `SubscriptionFinder.localVariable(named:visibleAt:in:)` (and `TreeLookup`'s, which is the same):
/// the last declaration before the token whose scope holds it.
final class LocalVariableLookupTests: XCTestCase {
    /// The line of the declaration the `occurrence`-th use of `use` resolves to, or nil.
    private func declarationLine(_ source: String, name: String, use marker: String, occurrence: Int = 1) -> Int? {
        let tree = parse(source)
        let uses = tree.tokens.indices.filter { tree.name($0) == marker }
        let token = uses[occurrence - 1]
        let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree)
        XCTAssertEqual(v, TreeLookup(tree).localVariable(named: name, visibleAt: token))
        return v.map { tree.file.location(ofOffset: tree.tokens[tree.variables[$0].nameToken].startOffset).line }
    }

    func testTheInnermostEarlierDeclarationWins() {
        let source = """
        final class A {
            var value = 0
            func one() {
                let value = 1
                use(value)
            }
            func two() {
                use(value)
                let value = 2
                if flag {
                    let value = 3
                    use(value)
                }
                use(value)
            }
            func three() {
                use(value)
            }
        }
        """
        XCTAssertEqual(declarationLine(source, name: "value", use: "use", occurrence: 1), 4)
        // Before two's own declaration, one's is not visible: the property is meant.
        XCTAssertNil(declarationLine(source, name: "value", use: "use", occurrence: 2))
        XCTAssertEqual(declarationLine(source, name: "value", use: "use", occurrence: 3), 11)
        XCTAssertEqual(declarationLine(source, name: "value", use: "use", occurrence: 4), 9)
        XCTAssertNil(declarationLine(source, name: "value", use: "use", occurrence: 5))
    }
}
