import Foundation
import XCTest
@testable import CombineLintKit

/// The code-token layer: trivia and `#if` lines filtered out, line breaks noted, brackets
/// matched; and the two ways of building it (lexing straight into it, or feeding it a full
/// token list) agreeing on every input.
final class TokenLayerTests: XCTestCase {
    private func describe(_ layer: TokenLayer, _ source: String) -> [String] {
        let bytes = Array(source.utf8)
        return layer.tokens.indices.map { i in
            let text = String(decoding: bytes[layer.tokens[i].range], as: UTF8.self)
            return "\(layer.lineBreakBefore[i] ? "↵" : "")\(text) m\(layer.matching[i]) e\(layer.enclosing[i])"
        }
    }

    func testFiltersTriviaAndDirectiveLinesAndMatchesBrackets() {
        let source = "#if os(iOS) // c\nf(a[0]) /* x\n y */ { }\n#endif\n"
        let layer = TokenLayer(bytes: Array(source.utf8))
        XCTAssertEqual(describe(layer, source), [
            "↵f m-1 e-1", "( m6 e-1", "a m-1 e1", "[ m5 e1", "0 m-1 e3", "] m3 e1", ") m1 e-1",
            // The block comment spans a line end, so the brace starts a line.
            "↵{ m8 e-1", "} m7 e-1",
        ])
        XCTAssertEqual(layer.comments.map(\.kind), [.lineComment, .blockComment])
    }

    func testUnbalancedBracketsRecover() {
        // A `}` closes the `(` left open inside its braces; a stray `)` matches nothing.
        let source = "{ f( }\n)"
        let layer = TokenLayer(bytes: Array(source.utf8))
        XCTAssertEqual(describe(layer, source), ["↵{ m3 e-1", "f m-1 e0", "( m-1 e0", "} m0 e-1", "↵) m-1 e-1"])
    }

    func testFlagsAddedAfterATokenReachIt() {
        // `spaceAfter` is set on a token once the scanner sees the blank after it.
        let layer = TokenLayer(bytes: Array("a b".utf8))
        XCTAssertTrue(layer.tokens[0].flags.contains(.spaceAfter))
        XCTAssertTrue(layer.tokens[1].flags.contains(.spaceBefore))
        // An unterminated block comment is flagged in the comment list.
        let open = TokenLayer(bytes: Array("x /* never closed".utf8))
        XCTAssertTrue(open.comments[0].flags.contains(.unterminated))
    }

    /// Lexing straight into the layer and building it from `Lexer.tokenize` give the same tables.
    private func assertBothWaysAgree(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let streamed = TokenLayer(bytes: bytes)
        let listed = TokenLayer(allTokens: Lexer.tokenize(bytes), bytes: bytes)
        let same = streamed.tokens == listed.tokens && streamed.lineBreakBefore == listed.lineBreakBefore
            && streamed.matching == listed.matching && streamed.enclosing == listed.enclosing && streamed.comments == listed.comments
        if !same { XCTFail("\(label): the streamed layer differs from the token-list layer", file: file, line: line) }
        return same
    }

    /// The streamed layer is written into its arrays' own storage, sized from the file's length:
    /// a file denser than that estimate moves to storage of its own, and a sparse one (mostly
    /// comments) is copied to exact arrays rather than keeping the unused room.
    func testDenseAndSparseFilesLeaveTheLentStorageCorrectly() {
        // One- and two-byte tokens: far more code tokens than one per five bytes.
        let dense = Array(String(repeating: "(a,b)", count: 3_000).utf8)
        XCTAssertTrue(assertBothWaysAgree(dense, "dense"))
        let denseLayer = TokenLayer(bytes: dense)
        XCTAssertEqual(denseLayer.tokens.count, 15_000)
        XCTAssertEqual(denseLayer.matching[0], 4)
        XCTAssertEqual(denseLayer.matching[14_999], 14_995)

        let sparse = Array(String(repeating: "// a comment line that holds no code at all\nx = 1\n", count: 500).utf8)
        XCTAssertTrue(assertBothWaysAgree(sparse, "sparse"))
        let sparseLayer = TokenLayer(bytes: sparse)
        XCTAssertEqual(sparseLayer.tokens.count, 1_500)
        XCTAssertEqual(sparseLayer.comments.count, 500)
        XCTAssertLessThanOrEqual(sparseLayer.tokens.capacity, 1_500 + 1_500 / 8 + 64)
    }

    func testBothWaysAgreeOnEveryRepositoryFile() throws {
        var checked = 0
        for url in LexerTestSupport.repositorySwiftFiles() {
            _ = assertBothWaysAgree(try [UInt8](Data(contentsOf: url)), url.path)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
    }

    func testBothWaysAgreeOnMutatedInput() {
        var generator = SeededGenerator(seed: 7_031)
        let pieces = ["\"", "#", "/", "{", "}", "\\(", "*/", "/*", "\"\"\"", "#if x\n", "\n#endif", ")", "`", "\n", "\r", "("]
        for (fixtureIndex, fixture) in LexerFixtures.all.enumerated() {
            var bytes = Array(fixture.utf8)
            for step in 0..<300 {
                let position = Int(generator.next() % UInt64(bytes.count + 1))
                if generator.next() % 4 == 0 {
                    bytes.removeSubrange(position..<min(bytes.count, position + Int(generator.next() % 6) + 1))
                } else {
                    bytes.insert(contentsOf: Array(pieces[Int(generator.next() % UInt64(pieces.count))].utf8), at: position)
                }
                if !assertBothWaysAgree(bytes, "fixture \(fixtureIndex), edit \(step)") { return }
            }
        }
    }
}

final class TokenIndexTableTests: XCTestCase {
    /// Narrow (16-bit) and wide storage read back the same numbers, -1 included.
    func testReadsBackEveryNumberInBothWidths() {
        let small: [Int32] = [-1, 0, 5, 65_533, -1, 2]
        let narrow = TokenIndexTable(small)
        XCTAssertEqual((0..<narrow.count).map { narrow[$0] }, small)
        // A file of 65,535 tokens or more keeps 32-bit numbers.
        let large = (0..<70_000).map { Int32($0 % 3 == 0 ? -1 : $0) }
        let wide = TokenIndexTable(large)
        XCTAssertEqual(wide.count, large.count)
        XCTAssertEqual((0..<wide.count).map { wide[$0] }, large)
    }
}
