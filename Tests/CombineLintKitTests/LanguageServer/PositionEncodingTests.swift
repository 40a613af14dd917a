@testable import CombineLintKit
import XCTest

/// LSP positions and UTF-8 offsets, both ways, in both encodings.
final class PositionEncodingTests: XCTestCase {
    // Line 1: "a😀中b" — 😀 is 4 bytes and 2 UTF-16 units, 中 3 bytes and 1 unit.
    let file = SourceFile(path: "p.swift", text: "let x = 1\r\na😀中b\n\nend")

    func testUTF16PositionsOfOffsets() {
        let start = file.lineStarts[1]
        XCTAssertEqual(PositionEncoding.utf16.position(ofOffset: start, in: file), .init(line: 1, character: 0))
        XCTAssertEqual(PositionEncoding.utf16.position(ofOffset: start + 1, in: file), .init(line: 1, character: 1))
        XCTAssertEqual(PositionEncoding.utf16.position(ofOffset: start + 5, in: file), .init(line: 1, character: 3))
        XCTAssertEqual(PositionEncoding.utf16.position(ofOffset: start + 8, in: file), .init(line: 1, character: 4))
        XCTAssertEqual(PositionEncoding.utf8.position(ofOffset: start + 8, in: file), .init(line: 1, character: 8))
        XCTAssertEqual(PositionEncoding.utf16.position(ofOffset: file.bytes.count, in: file), .init(line: 3, character: 3))
    }

    func testOffsetsOfPositions() throws {
        let start = file.lineStarts[1]
        XCTAssertEqual(try PositionEncoding.utf16.offset(of: .init(line: 1, character: 3), in: file), start + 5)
        XCTAssertEqual(try PositionEncoding.utf16.offset(of: .init(line: 1, character: 4), in: file), start + 8)
        // Inside the surrogate pair: the emoji's start.
        XCTAssertEqual(try PositionEncoding.utf16.offset(of: .init(line: 1, character: 2), in: file), start + 1)
        // Past the line's end: the end of the line, before its terminator (`\r\n` on line 0).
        XCTAssertEqual(try PositionEncoding.utf16.offset(of: .init(line: 0, character: 99), in: file), 9)
        XCTAssertEqual(try PositionEncoding.utf16.offset(of: .init(line: 1, character: 99), in: file), start + 9)
        XCTAssertEqual(try PositionEncoding.utf8.offset(of: .init(line: 1, character: 5), in: file), start + 5)
        // Inside a multi-byte character in UTF-8: its first byte.
        XCTAssertEqual(try PositionEncoding.utf8.offset(of: .init(line: 1, character: 3), in: file), start + 1)
        // The line after the last, at character 0, is the end of the file; anything further is an error.
        XCTAssertEqual(try PositionEncoding.utf16.offset(of: .init(line: 4, character: 0), in: file), file.bytes.count)
        XCTAssertThrowsError(try PositionEncoding.utf16.offset(of: .init(line: 4, character: 1), in: file))
        XCTAssertThrowsError(try PositionEncoding.utf16.offset(of: .init(line: 9, character: 0), in: file)) { error in
            XCTAssertEqual("\(error)", "position 9:0 is outside the document (4 lines)")
        }
    }

    func testNegotiation() {
        XCTAssertEqual(PositionEncoding.negotiate([]), .utf16)
        XCTAssertEqual(PositionEncoding.negotiate(["utf-32", "utf-16"]), .utf16)
        XCTAssertEqual(PositionEncoding.negotiate(["utf-16", "utf-8"]), .utf8)
    }

    func testInvalidUTF8CountsOneUnitPerByte() {
        let bad = SourceFile(path: "b.swift", bytes: [0x61, 0xFF, 0xFE, 0x62])
        XCTAssertEqual(PositionEncoding.utf16.position(ofOffset: 3, in: bad), .init(line: 0, character: 3))
        XCTAssertEqual(try PositionEncoding.utf16.offset(of: .init(line: 0, character: 3), in: bad), 3)
    }
}
