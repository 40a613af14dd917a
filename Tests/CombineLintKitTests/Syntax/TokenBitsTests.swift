import XCTest
@testable import CombineLintKit

final class TokenBitsTests: XCTestCase {
    func testEachFlagReadsBackAcrossWordBoundaries() {
        // 130 flags: two full words and two bits of a third; set at the edges of each word.
        var flags = [Bool](repeating: false, count: 130)
        for i in [0, 1, 62, 63, 64, 65, 127, 128, 129] { flags[i] = true }
        let bits = TokenBits(flags)
        XCTAssertEqual(bits.count, 130)
        XCTAssertEqual((0..<130).map { bits[$0] }, flags)
    }

    func testEmptyAndEqual() {
        XCTAssertEqual(TokenBits([]).count, 0)
        XCTAssertEqual(TokenBits([true, false]), TokenBits([true, false]))
        XCTAssertNotEqual(TokenBits([true, false]), TokenBits([false, true]))
    }

    func testTreeKeepsTheLayersLineBreaksAndStatementStarts() {
        let tree = parse("let a = 1\nlet b = a +\n  2\n")
        let tokens = tree.tokens.indices
        // The file's start counts as a line break before `let` (0); the second `let` (4) follows a
        // line break and starts a statement; `2` (9) follows one but continues the expression.
        XCTAssertEqual(tokens.filter { tree.lineBreakBefore[$0] }, [0, 4, 9])
        XCTAssertEqual(tokens.filter { tree.statementStarts[$0] }, [0, 4])
    }
}
