#if canImport(Testing)
import Testing
@testable import CombineLintKit

/// Positions are what every report, fix and baseline rests on: lines end at `\n`, `\r\n` or a
/// lone `\r`; columns count characters (as Xcode does), and offsets are UTF-8 bytes.
@Suite struct SourceFilePositionTests {
    @Test func lineEndsOfEveryKind() {
        let file = SourceFile(path: "A.swift", text: "a\nb\r\nc\rd")
        #expect(Array(file.lineStarts) == [0, 2, 5, 7])
        #expect(file.location(ofOffset: 7) == SourceLocation(line: 4, column: 1, offset: 7))
        #expect(file.lineText(2) == "b")
        #expect(file.lineCount == 4)
    }

    @Test func columnsCountCharactersNotBytes() {
        let file = SourceFile(path: "A.swift", text: "let é = \"👍🏽\"; x\n")
        let x = Array("let é = \"👍🏽\"; x".utf8).count - 1
        #expect(file.location(ofOffset: x).column == 14)
        #expect(file.offset(line: 1, column: 14) == x)
    }

    @Test(arguments: [0, 1, 5, 9])
    func asciiLinesMapBothWays(offset: Int) {
        let file = SourceFile(path: "A.swift", text: "var bag = Set<AnyCancellable>()\n")
        let location = file.location(ofOffset: offset)
        #expect(location.line == 1)
        #expect(location.column == offset + 1)
        #expect(file.offset(line: 1, column: location.column) == offset)
    }

    /// The line table is built eight bytes at a time; it must equal a byte-by-byte reading for
    /// line ends and non-ASCII bytes anywhere, word boundaries included.
    @Test func lineTableEqualsAByteByByteReading() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        // The second alphabet, without `\r`, takes the table's memchr path.
        let alphabets: [[UInt8]] = [[0x61, 0x20, 0x0A, 0x0D, 0xC3, 0xA9, 0xFF, 0x7B], [0x61, 0x20, 0x0A, 0x7B, 0xC3, 0xA9, 0x09, 0x0A]]
        for alphabet in alphabets {
            for length in 0..<120 {
                for _ in 0..<20 {
                    // Mostly plain bytes, with rarer line ends and non-ASCII bytes.
                    let bytes = (0..<length).map { _ in next() % 4 == 0 ? alphabet[Int(next() % 8)] : 0x61 }
                    let table = SourceFile.lineTable(bytes)
                    var starts = [0], ascii = [true]
                    var i = 0
                    while i < bytes.count {
                        if bytes[i] == 0x0A || bytes[i] == 0x0D {
                            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                            starts.append(i + 1)
                            ascii.append(true)
                        } else if bytes[i] >= 0x80 {
                            ascii[ascii.count - 1] = false
                        }
                        i += 1
                    }
                    #expect(table.starts.map { Int($0) } == starts, "\(bytes)")
                    #expect(table.ascii == ascii, "\(bytes)")
                }
            }
        }
    }

    @Test func invalidUTF8CountsOneColumnPerBadSequence() {
        let file = SourceFile(path: "A.swift", bytes: [0x61, 0xFF, 0x62, 0x0A])
        #expect(file.location(ofOffset: 2).column == 3)
    }
}
#endif
