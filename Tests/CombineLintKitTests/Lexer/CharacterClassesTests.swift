import XCTest
@testable import CombineLintKit

/// The lexer's bit tricks against the plain definitions they stand for.
final class CharacterClassesTests: XCTestCase {
    func testTheIdentifierByteMaskAgreesWithThePlainTestForEveryByte() {
        for b in 0..<0x80 {
            let byte = UInt8(b)
            XCTAssertEqual(CharacterClasses.isIdentifierBodyASCIIFast(byte), CharacterClasses.isIdentifierBodyASCII(byte), "byte \(b)")
        }
    }

    /// Eight bytes at once: each byte's top bit marks exactly the bytes that are not ASCII
    /// identifier bytes, whatever the other seven bytes are (no carry crosses a byte).
    func testEightBytesAtOnceAgreeWithTheTestOfEachByte() {
        var generator = SeededGenerator(seed: 8_080_808)
        // Bytes near every range edge, and high bytes, are drawn often.
        let edges: [UInt8] = [0x00, 0x2F, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x5A, 0x5B, 0x5E, 0x5F, 0x60, 0x61, 0x7A, 0x7B,
                              0x7F, 0x80, 0x9F, 0xC3, 0xDF, 0xE0, 0xFF, 0x20, 0x0A]
        for round in 0..<20_000 {
            var bytes = [UInt8](repeating: 0, count: 8)
            for k in 0..<8 {
                bytes[k] = generator.next() % 2 == 0 ? edges[Int(generator.next() % UInt64(edges.count))] : UInt8(truncatingIfNeeded: generator.next())
            }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let stops = CharacterClasses.nonIdentifierBytes(word)
            for k in 0..<8 {
                let expected = !(bytes[k] < 0x80 && CharacterClasses.isIdentifierBodyASCII(bytes[k]))
                XCTAssertEqual(stops >> (8 * UInt64(k) + 7) & 1 == 1, expected, "round \(round), byte \(k) of \(bytes)")
            }
            XCTAssertEqual(stops & ~0x8080_8080_8080_8080, 0)
        }
    }

    /// Names longer than eight bytes, ending at every offset of a word, and running into
    /// non-ASCII letters, end where the byte-by-byte reading ends them.
    func testIdentifiersEndWhereTheyDoOnBothSidesOfAWord() {
        let names = ["a", "abcdefg", "abcdefgh", "abcdefghi", "receiveCompletion", "_0123456789_", "caféOlé", "x9é9x",
                     "translatesAutoresizingMaskIntoConstraints"]
        for name in names {
            for tail in ["", " ", "(", ".", "é", "\u{301}", "+", "\n"] {
                let source = name + tail + "        "
                let tokens = Lexer.tokenize(Array(source.utf8))
                let expected = tail == "é" || tail == "\u{301}" ? name + tail : name
                XCTAssertEqual(tokens.first.map { String(decoding: Array(source.utf8)[$0.range], as: UTF8.self) }, expected,
                               "\(name) + \(tail.debugDescription)")
            }
        }
    }
}
