/// One Swift source file as bytes, with a line table so that any UTF-8 offset maps to a
/// 1-based line and column without rescanning the text.
public struct SourceFile: Sendable {
    /// The path as the user gave it (or as discovered under a given folder).
    public let path: String
    /// The file's bytes, exactly as read: never normalised, so offsets match the disk.
    public let bytes: [UInt8]
    /// UTF-8 offset of the first byte of each line; `lineStarts[0] == 0`.
    /// A line ends after `\n`, after `\r\n`, or after a lone `\r`.
    public let lineStarts: [Int]
    /// Per line: it holds only ASCII bytes, so a column is a byte distance (no decoding per query,
    /// which keeps positions on a 10 MB single-line file cheap).
    let asciiLines: [Bool]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = SourceFile.computeLineStarts(bytes)
        self.asciiLines = SourceFile.computeASCIILines(bytes, lineStarts: lineStarts)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    static func computeASCIILines(_ bytes: [UInt8], lineStarts: [Int]) -> [Bool] {
        var result = Array(repeating: true, count: lineStarts.count)
        var line = 0
        for (i, b) in bytes.enumerated() where b >= 0x80 {
            while line + 1 < lineStarts.count, lineStarts[line + 1] <= i { line += 1 }
            result[line] = false
        }
        return result
    }

    static func computeLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x0A {
                starts.append(i + 1)
            } else if b == 0x0D {
                if i + 1 < n && bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }

    /// Number of lines (a file ending with a newline does not count an empty last line).
    public var lineCount: Int {
        if let last = lineStarts.last, last == bytes.count, lineStarts.count > 1 { return lineStarts.count - 1 }
        return lineStarts.count
    }

    /// 0-based line index holding `offset` (binary search over the line table).
    public func lineIndex(ofOffset offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// 1-based line and column of a UTF-8 offset. Columns count characters (grapheme
    /// clusters) from the start of the line, as Xcode shows them; invalid UTF-8 counts one
    /// column per byte.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let li = lineIndex(ofOffset: clamped)
        let start = lineStarts[li]
        let column = asciiLines[li] ? clamped - start : SourceFile.characterCount(bytes[start..<clamped])
        return SourceLocation(line: li + 1, column: column + 1, offset: clamped)
    }

    static func characterCount(_ slice: ArraySlice<UInt8>) -> Int {
        if slice.allSatisfy({ $0 < 0x80 }) { return slice.count }
        // String(decoding:) replaces each invalid sequence with U+FFFD, one column each.
        return String(decoding: slice, as: UTF8.self).count
    }

    /// UTF-8 offset of a 1-based line and column (the inverse of `location(ofOffset:)`).
    public func offset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return bytes.count }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        var offset = start
        var remaining = column - 1
        for ch in text where remaining > 0 {
            offset += ch.utf8.count
            remaining -= 1
        }
        return min(offset, end)
    }

    /// The text of a 1-based line without its line terminator.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The text of a byte range, decoded leniently.
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
    }
}

/// A position in a source file: 1-based line and column (characters), and the UTF-8 offset.
public struct SourceLocation: Sendable, Hashable, Codable {
    public var line: Int
    public var column: Int
    public var offset: Int
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}
