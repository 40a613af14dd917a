import XCTest
@testable import CombineLintKit

final class LexerNumberTests: XCTestCase {
    func testIntegerLiterals() {
        assertLexes("0 42 1_000_000 0x1F 0xff_ff 0o17 0b1010_0101", [
            Lexeme(.integerLiteral, "0"), Lexeme(.integerLiteral, "42"), Lexeme(.integerLiteral, "1_000_000"),
            Lexeme(.integerLiteral, "0x1F"), Lexeme(.integerLiteral, "0xff_ff"), Lexeme(.integerLiteral, "0o17"),
            Lexeme(.integerLiteral, "0b1010_0101"),
        ])
    }

    func testFloatLiterals() {
        assertLexes("3.14 1e10 1E-3 2.5e+8 1_0.0_1 0x1p-2 0x1.8p3 0xA.Bp+1", [
            Lexeme(.floatLiteral, "3.14"), Lexeme(.floatLiteral, "1e10"), Lexeme(.floatLiteral, "1E-3"),
            Lexeme(.floatLiteral, "2.5e+8"), Lexeme(.floatLiteral, "1_0.0_1"), Lexeme(.floatLiteral, "0x1p-2"),
            Lexeme(.floatLiteral, "0x1.8p3"), Lexeme(.floatLiteral, "0xA.Bp+1"),
        ])
    }

    func testSignIsNotPartOfALiteral() {
        assertLexes("-1 + -2.5", [
            Lexeme(.operator, "-"), Lexeme(.integerLiteral, "1"), Lexeme(.operator, "+"),
            Lexeme(.operator, "-"), Lexeme(.floatLiteral, "2.5"),
        ])
    }

    func testMembersAndRangesAfterIntegers() {
        assertLexes("1.description 0xff.description 1..<5 1...n t.0.1", [
            Lexeme(.integerLiteral, "1"), Lexeme(.period, "."), Lexeme(.identifier, "description"),
            Lexeme(.integerLiteral, "0xff"), Lexeme(.period, "."), Lexeme(.identifier, "description"),
            Lexeme(.integerLiteral, "1"), Lexeme(.operator, "..<"), Lexeme(.integerLiteral, "5"),
            Lexeme(.integerLiteral, "1"), Lexeme(.operator, "..."), Lexeme(.identifier, "n"),
            Lexeme(.identifier, "t"), Lexeme(.period, "."), Lexeme(.integerLiteral, "0"), Lexeme(.period, "."),
            Lexeme(.integerLiteral, "1"),
        ])
    }

    func testMalformedNumbersStayOneToken() {
        let (bytes, tokens) = LexerTestSupport.tokens("12abc 0b102 0x 1e")
        let significant = tokens.filter { !$0.kind.isTrivia }
        XCTAssertEqual(significant.map { String(decoding: bytes[$0.range], as: UTF8.self) }, ["12abc", "0b102", "0x", "1e"])
        XCTAssertTrue(significant.allSatisfy { $0.flags.contains(.malformed) && $0.kind == .integerLiteral })
    }
}
