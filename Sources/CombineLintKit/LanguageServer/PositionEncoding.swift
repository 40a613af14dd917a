/// How LSP positions count characters within a line: UTF-16 code units (the default) or UTF-8
/// bytes, negotiated in `initialize` (`general.positionEncodings`).
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// The server's choice among the client's offers: UTF-8 when offered (no conversion), else UTF-16.
    public static func negotiate(_ offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    /// A 0-based line and character of an LSP position.
    public struct Position: Sendable, Hashable {
        public var line: Int
        public var character: Int
        public init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }

        public var json: LSPJSON { ["line": .int(line), "character": .int(character)] }

        /// The position in a message (`{"line": …, "character": …}`), nil when it is not one.
        public init?(_ json: LSPJSON) {
            guard let line = json["line"].int, let character = json["character"].int, line >= 0, character >= 0 else { return nil }
            self.init(line: line, character: character)
        }
    }

    /// A position out of a document's lines.
    public struct OutOfRange: Error, Sendable, CustomStringConvertible {
        public var position: Position
        public var lineCount: Int
        public var description: String {
            "position \(position.line):\(position.character) is outside the document (\(lineCount) lines)"
        }
    }

    /// The position of a UTF-8 offset of `file` (clamped to the file).
    public func position(ofOffset offset: Int, in file: SourceFile) -> Position {
        let clamped = max(0, min(offset, file.bytes.count))
        let line = file.lineIndex(ofOffset: clamped)
        let start = file.lineStarts[line]
        switch self {
        case .utf8: return Position(line: line, character: clamped - start)
        case .utf16: return Position(line: line, character: PositionEncoding.utf16Count(file.bytes[start..<clamped]))
        }
    }

    /// The UTF-8 offset of a position of `file`. A character past the end of its line means the
    /// line's end (as LSP says); a line past the last is an error, except the line just after the
    /// last one at character 0 (the end of the file).
    public func offset(of position: Position, in file: SourceFile) throws -> Int {
        let lines = file.lineStarts.count
        if position.line >= lines {
            if position.line == lines && position.character == 0 { return file.bytes.count }
            throw OutOfRange(position: position, lineCount: lines)
        }
        let start = file.lineStarts[position.line]
        var end = position.line + 1 < lines ? file.lineStarts[position.line + 1] : file.bytes.count
        // The line's end is before its terminator.
        while end > start, file.bytes[end - 1] == 0x0A || file.bytes[end - 1] == 0x0D { end -= 1 }
        switch self {
        case .utf8:
            var offset = min(start + position.character, end)
            // Never inside a multi-byte character: back to its first byte.
            while offset > start && offset < end && file.bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        case .utf16:
            return PositionEncoding.offset(ofUTF16: position.character, in: file.bytes, from: start, to: end)
        }
    }

    /// UTF-16 code units of a run of UTF-8 bytes (an invalid byte counts as one U+FFFD, one unit).
    static func utf16Count(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let (length, units) = scalarSize(bytes, at: i)
            count += units
            i += length
        }
        return count
    }

    /// The offset `units` UTF-16 code units after `start` (not past `end`; a position inside a
    /// surrogate pair means the character's start).
    static func offset(ofUTF16 units: Int, in bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var remaining = units
        var i = start
        let slice = bytes[start..<end]
        while i < end && remaining > 0 {
            let (length, n) = scalarSize(slice, at: i)
            if n > remaining { break }
            remaining -= n
            i += length
        }
        return i
    }

    /// The byte length of the UTF-8 sequence at `i` and its UTF-16 units (1 byte, 1 unit when invalid).
    private static func scalarSize(_ bytes: ArraySlice<UInt8>, at i: Int) -> (bytes: Int, units: Int) {
        let b = bytes[i]
        let length: Int
        switch b {
        case 0..<0x80: return (1, 1)
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return (1, 1)
        }
        guard i + length <= bytes.endIndex else { return (1, 1) }
        for k in 1..<length where bytes[i + k] & 0xC0 != 0x80 { return (1, 1) }
        return (length, length == 4 ? 2 : 1)
    }
}
