#if canImport(Testing)
import Testing
@testable import CombineLintKit

/// Positions are what every report, fix and baseline rests on: lines end at `\n`, `\r\n` or a
/// lone `\r`; columns count characters (as Xcode does), and offsets are UTF-8 bytes.
@Suite struct SourceFilePositionTests {
    @Test func lineEndsOfEveryKind() {
        let file = SourceFile(path: "A.swift", text: "a\nb\r\nc\rd")
        #expect(file.lineStarts == [0, 2, 5, 7])
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

    @Test func invalidUTF8CountsOneColumnPerBadSequence() {
        let file = SourceFile(path: "A.swift", bytes: [0x61, 0xFF, 0x62, 0x0A])
        #expect(file.location(ofOffset: 2).column == 3)
    }
}
#endif
