import XCTest
@testable import CombineLintKit

final class TokenDumpTests: XCTestCase {
    func testRendersSignificantTokensWithLocations() {
        let file = SourceFile(path: "a.swift", text: "let s = \"é\\(x)\"\n  a?.b")
        let dump = TokenDump.render(Lexer.tokenize(file), in: file, includeTrivia: false)
        XCTAssertEqual(dump, """
            1:1 keyword "let"
            1:5 identifier "s"
            1:7 equal "="
            1:9 stringStart "\\""
            1:10 stringSegment "é"
            1:11 interpolationStart "\\\\("
            1:13 identifier "x"
            1:14 interpolationEnd ")"
            1:15 stringEnd "\\""
            2:3 identifier "a"
            2:4 questionMark "?"
            2:5 period "."
            2:6 identifier "b"

            """)
    }

    func testRendersTriviaAndEscapesControlAndInvalidBytes() {
        let file = SourceFile(path: "b.swift", bytes: [0x09, 0x0D, 0x0A, 0x01, 0xFF, 0x2F, 0x2F, 0x5C, 0xE2, 0x80, 0xA8])
        let dump = TokenDump.render(Lexer.tokenize(file), in: file, includeTrivia: true)
        XCTAssertEqual(dump, """
            1:1 whitespace "\\t"
            1:2 newline "\\r\\n"
            2:1 unknown "\\u{0001}"
            2:2 unknown "\\x{FF}"
            2:3 lineComment "//\\\\\\u{2028}"

            """)
    }

    func testOperatorKindIsNamedPlainly() {
        XCTAssertEqual(TokenDump.name(of: .operator), "operator")
    }
}
