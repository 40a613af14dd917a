import XCTest
@testable import CombineLintKit

/// Short ASCII names are put together as small Strings directly: they must be the very strings
/// the library makes, and every other text must still take the library's way.
final class SmallASCIIStringTests: XCTestCase {
    func testTheDirectWayIsUsedOnThisPlatform() {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        XCTAssertTrue(SmallASCIIString.isAvailable)
        #endif
    }

    func testStringsMadeDirectlyEqualTheLibrarysForEveryLength() {
        var generator = SeededGenerator(seed: 99_001)
        let alphabet = Array("abcxyzABCXYZ_0189$.<>()[]?!: ".utf8)
        for length in 1...15 {
            for _ in 0..<200 {
                let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                let made = bytes.withUnsafeBufferPointer { SmallASCIIString.make($0, count: length) }
                let expected = String(decoding: bytes, as: UTF8.self)
                XCTAssertEqual(made, expected)
                XCTAssertEqual(made.hashValue, expected.hashValue)
                XCTAssertEqual(Array(made.utf8), bytes)
                XCTAssertEqual(made.count, length)
                XCTAssertEqual(made + "!", expected + "!")
                XCTAssertEqual(Set([made, expected]).count, 1)
            }
        }
    }

    /// Names at the end of the file (fewer than 16 readable bytes), backticked, non-ASCII and
    /// long names, and short joined type texts all read as their source text.
    func testNamesAndTextsReadAsTheirSource() {
        let source = "let café = `class`; var averyveryverylongname: Int? = [x]; f(aaaaaaa, b) ; z"
        let tree = parse(source)
        let text = TokenText(bytes: tree.file.bytes, tokens: tree.tokens)
        let names = tree.tokens.indices.filter { tree.tokens[$0].kind == .identifier }.map { text.name($0) }
        XCTAssertEqual(names, ["café", "class", "averyveryverylongname", "Int", "x", "f", "aaaaaaa", "b", "z"])
        XCTAssertEqual(tree.variables.map(\.typeText), ["", "Int?"])
        let open = tree.tokens.firstIndex { $0.kind == .leftParen }!
        XCTAssertEqual(text.joined(open, open + 4), "(aaaaaaa, b)")
        XCTAssertEqual(text.compact(open, open + 4), "(aaaaaaa,b)")
        XCTAssertEqual(text.joined(open - 1, open + 4), "f(aaaaaaa, b)")
        // Invalid UTF-8 is repaired as `String(decoding:)` repairs it.
        let invalid = parse(String(decoding: [0x61, 0xFF, 0x62], as: UTF8.self))
        XCTAssertEqual(TokenText(bytes: [0x78, 0x20, 0x61, 0xC3], tokens: [Token(kind: .identifier, start: 2, length: 2)]).name(0),
                       String(decoding: [0x61, 0xC3], as: UTF8.self))
        XCTAssertFalse(invalid.tokens.isEmpty)
    }
}
