import XCTest
@testable import CombineLintKit

/// Statement starts in the less common places: closures inside attribute arguments, `case`
/// labels, closure signatures, and blocks followed by code on the same line.
final class StatementStartsTests: XCTestCase {
    func testStatementsInAClosureInsideAnAttributesArgumentsAreMarked() {
        let tree = parse("""
        struct Form {
            @FormField(inlineValidator: { value in
                guard value > 0 else {
                    return "needs to be > 0"
                }
                return nil
            })
            var duration: Int = 0
        }
        """)
        let starts = tree.tokens.indices.filter { tree.statementStarts[$0] }.map(tree.position)
        // The `return`s in the argument's closure start statements. (The structure pass reads
        // attribute arguments as text, so that closure's `value in` is no signature to it.)
        XCTAssertEqual(starts, ["1:1", "2:5", "2:35", "4:13", "6:9", "8:5"])
    }

    func testCaseLabelsClosureSignaturesAndBlocksOnOneLine() {
        let tree = parse("""
        switch x { case .a: f(); g(); default: h() }
        let c = { [weak self] (a: Int) -> Int in a + 1 }
        if y { z() } w()
        items.forEach { item in print(item) } ; done()
        """)
        let starts = tree.tokens.indices.filter { tree.statementStarts[$0] }.map(tree.position)
        XCTAssertEqual(starts, ["1:1", "1:12", "1:21", "1:26", "1:31", "1:40", "2:1", "2:42", "3:1", "3:8", "3:14",
                                "4:1", "4:25", "4:41"])
    }

    /// A `case` or `default` label on the line after a bare `return` starts the next case: it is no
    /// operand of the `return` (a value on the next line would be).
    func testCaseLabelAfterABareReturn() {
        let tree = parse("""
        switch result {
        case .failure:
            return
        case .success:
            return
        default:
            return
                value
        }
        """)
        let starts = tree.tokens.indices.filter { tree.statementStarts[$0] }.map(tree.position)
        XCTAssertEqual(starts, ["1:1", "2:1", "3:5", "4:1", "5:5", "6:1", "7:5"])
    }
}
